import Foundation
import RosterCLI

// roster-docs FOLDER: writes the man pages and shell completions generated from the command
// table into FOLDER (`make man` uses .build/docs): man/roster.1, man/roster-app.1 and each
// shell's script at its install path below FOLDER.
let arguments = CommandLine.arguments.dropFirst()
guard let folder = arguments.first, arguments.count == 1 else {
  FileHandle.standardError.write(Data("usage: roster-docs FOLDER\n".utf8))
  exit(2)
}
// SOURCE_DATE_EPOCH keeps builds reproducible; otherwise today's date.
let epoch = ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"].flatMap(TimeInterval.init)
let formatter = ISO8601DateFormatter()
formatter.formatOptions = [.withFullDate]
let date = formatter.string(from: epoch.map(Date.init(timeIntervalSince1970:)) ?? Date())
let root = URL(fileURLWithPath: folder)
var files: [(String, String)] = [
  ("man/roster.1", ManualPage.roster(date: date)),
  ("man/roster-app.1", ManualPage.rosterApp(date: date)),
]
files += ShellCompletion.allCases.map { ($0.installPath, $0.script) }
do {
  for (path, text) in files {
    let file = root.appendingPathComponent(path)
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try text.write(to: file, atomically: true, encoding: .utf8)
    print(file.path)
  }
} catch {
  FileHandle.standardError.write(Data("roster-docs: \(error.localizedDescription)\n".utf8))
  exit(1)
}
