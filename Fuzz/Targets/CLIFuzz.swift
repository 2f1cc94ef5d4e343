// libFuzzer targets for the command line's readers, run in process through RosterCLI's
// `CommandLineTool` against a real SQLite file, so that what is checked is what `roster` does:
//   csv    `roster import FILE.csv`    all or nothing, nothing invalid stored, round trip, undo
//   json   `roster import FILE.json`   the same for the JSON document
//   lines  `roster check --json-lines` one answer per line, in order, agreeing with the rule
// One binary; Fuzz/run.sh links it under each name and the name picks the target.
// Built with `swiftc -sanitize=fuzzer,address` against RosterKit, RosterStore, RosterTransfer
// and RosterCLI, built the same way as static libraries.

import Foundation
import RosterBackend
import RosterCLI
import RosterKit
import RosterStore
import RosterTransfer

nonisolated(unsafe) var harness: CLIHarness?

/// libFuzzer's set-up hook: the program's name (`csv`, `json` or `lines`) picks the target.
@_cdecl("LLVMFuzzerInitialize")
public func fuzzInitialize(
  _ argc: UnsafeMutablePointer<CInt>,
  _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>
) -> CInt {
  let program = argv.pointee?.pointee.map { String(cString: $0) } ?? "csv"
  harness = CLIHarness(mode: URL(fileURLWithPath: program).lastPathComponent)
  return 0
}

/// One input for the target the program's name picked.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCLI(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  guard let harness else { fatalError("LLVMFuzzerInitialize did not run") }
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  switch harness.mode {
  case "json": harness.checkImport(bytes, format: "json")
  case "lines": harness.checkLines(bytes)
  default: harness.checkImport(bytes, format: "csv")
  }
  return 0
}

/// One database shared by every run of a fuzzing session, with two lists that always hold the
/// same three entries between runs (every successful import is undone).
final class CLIHarness {
  let mode: String
  let folder: String
  let database: String
  let store: SQLiteStore
  private var input = ""

  init(mode: String) {
    self.mode = mode
    let base =
      FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
    removeStaleFolders(in: base, mode: mode)
    folder = base + "/roster-fuzz-\(mode)-\(getpid())"
    try? FileManager.default.removeItem(atPath: folder)
    try! FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    database = folder + "/fuzz.sqlite3"
    store = try! SQLiteStore(path: database)
    for (title, rule) in [("People", Rule.personalName), ("Lines", Rule.text)] {
      let list = try! store.createList(title: title, rule: rule)
      _ = try! store.add(["Anna Lindqvist", "Zoë Smith"], category: "Guests", to: list.id)
      _ = try! store.add(["Łukasz"], to: list.id)
    }
    // roster's standard error goes to folder/stderr while it runs, and so would a crash report.
    print("fuzz: \(mode) works in \(folder); a crash inside roster reports in its stderr file")
    cleanupFolder = folder
    atexit { if let folder = cleanupFolder { try? FileManager.default.removeItem(atPath: folder) } }
  }

  // MARK: Running roster

  /// Runs `roster ARGUMENTS --db DATABASE` in this process, standard input from `stdin`.
  func roster(_ arguments: [String], stdin: String = "/dev/null") -> Outcome {
    let outPath = folder + "/stdout"
    let errPath = folder + "/stderr"
    let saved = [dup(0), dup(1), dup(2)]
    moveDescriptors([
      open(stdin, O_RDONLY), open(outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600),
      open(errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600),
    ])
    let status = CommandLineTool(
      arguments: arguments + ["--db", database], environment: ["NO_COLOR": "1", "HOME": folder]
    ).run()
    moveDescriptors(saved)
    return Outcome(status: status, out: readText(outPath), err: readText(errPath))
  }

  /// Stops the fuzzer with the property that failed and the input that broke it.
  func fail(_ message: String) -> Never {
    fatalError("\(mode): \(message)\ninput: \(input.debugDescription)")
  }

  func rows(_ title: String) -> [Row] {
    let list = try! store.list(titled: title)!
    return try! store.loadList(list.id).entries.map(Row.init)
  }

  func categories(_ title: String) -> [EntryCategory] {
    try! store.categories(in: try! store.list(titled: title)!.id)
  }

  // MARK: Import

  /// Imports the input into one of the lists and checks: a refused import changes nothing; an
  /// accepted one appends exactly the rows of the file, each valid and normalized by the
  /// list's rule; the result exports and re-imports to the same entries; undo restores the list.
  func checkImport(_ bytes: [UInt8], format: String) {
    input = String(decoding: bytes, as: UTF8.self)
    // The input's length picks the list and the mode, so a saved crash replays the same way.
    let (title, rule) = bytes.count % 2 == 0 ? ("People", Rule.personalName) : ("Lines", .text)
    let option = [[], [], ["--skip-invalid"], ["--dry-run"]][bytes.count / 2 % 4]
    let path = folder + "/input." + format
    _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
    let before = rows(title)
    let categoriesBefore = categories(title)
    let outcome = roster(["import", path, "--list", title] + option)
    let after = rows(title)
    let categoriesAfter = categories(title)
    if outcome.status != 0 || option == ["--dry-run"] {
      if after != before || categoriesAfter != categoriesBefore {
        fail("a refused import or a dry run changed the list: \(before) → \(after)")
      }
      if outcome.status != 0, outcome.err.isEmpty { fail("a refused import said nothing") }
      if format == "csv", outcome.status != 0, option.isEmpty,
        let expected = expectedCSVTexts(bytes, rule: rule),
        expected.allSatisfy({ $0 != nil }), !input.contains(",")
      {
        fail("refused a file of valid one-column rows: \(outcome.err)")
      }
      return
    }
    guard after.count >= before.count, Array(after.prefix(before.count)) == before else {
      fail("an import changed existing entries: \(before) → \(after)")
    }
    let added = Array(after.dropFirst(before.count))
    if Set(after.map(\.id)).count != after.count { fail("duplicate ids after import: \(after)") }
    for row in added where rule.validate(row.text) != .valid(row.text) {
      fail("stored a text its rule does not accept as is: \(row)")
    }
    for category in categoriesAfter where Rule.text.validate(category.name) != .valid(category.name)
    {
      fail("stored a category name the text rule does not accept as is: \(category.name)")
    }
    if format == "csv", let expected = expectedCSVTexts(bytes, rule: rule) {
      let valid = expected.compactMap { $0 }
      if option.isEmpty, added.map(\.text) != valid || valid.count != expected.count {
        fail("imported \(added.map(\.text)) for the rows \(expected)")
      }
      if !option.isEmpty, !isSubsequence(added.map(\.text), of: valid) {
        fail("skip-invalid imported \(added.map(\.text)) for the rows \(expected)")
      }
    } else if format == "csv" {
      fail("imported a file that is not well-formed CSV: \(outcome.out)")
    }
    if format == "json" {
      checkJSONTexts(bytes, added: added, rule: rule, skipping: !option.isEmpty)
    }
    guard outcome.out.contains("Imported \(added.count) entr") else {
      fail("reported “\(outcome.out)” but added \(added.count)")
    }
    if !added.isEmpty {
      checkRoundTrip(title, rule: rule, format: "csv")
      checkRoundTrip(title, rule: rule, format: "json")
    }
    guard !added.isEmpty || categoriesAfter != categoriesBefore else { return }
    let undo = roster(["undo", "--list", title])
    if undo.status != 0 || rows(title) != before || categories(title) != categoriesBefore {
      fail("undo after import: \(undo.err) \(rows(title)) \(categories(title))")
    }
  }

  /// Exports the list and imports the file into a new empty list: same entries, ids, order,
  /// times (to the millisecond) and categories.
  func checkRoundTrip(_ title: String, rule: Rule, format: String) {
    let file = folder + "/export." + format
    let export = roster(["export", "--list", title, "-o", file])
    if export.status != 0 { fail("export failed: \(export.err)") }
    let copy = try! store.createList(title: "Copy", rule: rule)
    defer { try! store.deleteList(copy.id) }
    let reimport = roster(["import", file, "--list", "Copy"])
    if reimport.status != 0 { fail("\(format) export does not import again: \(reimport.err)") }
    if rows("Copy") != rows(title) {
      fail("\(format) round trip changed the entries: \(rows(title)) → \(rows("Copy"))")
    }
    let original = categories(title)
    let copied = categories("Copy")
    if format == "json", copied != original {
      fail("json round trip changed the categories: \(original) → \(copied)")
    }
    let used = Set(rows(title).compactMap(\.category))
    if format == "csv", Set(copied.map(\.name)) != used {
      fail("csv round trip changed the categories: \(used) → \(copied)")
    }
  }

  /// For each data row of a well-formed CSV file, its text normalized, or `nil` when the rule
  /// refuses it; `nil` for a file that is not well-formed.
  func expectedCSVTexts(_ bytes: [UInt8], rule: Rule) -> [String?]? {
    guard var records = ReferenceCSV.records(bytes) else { return nil }
    var column = 0
    if let first = records.first {
      let names = first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
      let known = ["text", "category", "id", "created", "updated"]
      if names.contains("text"), names.allSatisfy(known.contains) {
        column = names.firstIndex(of: "text")!
        records.removeFirst()
      }
    }
    return records.map { fields in
      let text = column < fields.count ? CSVCell.decode(fields[column]) : ""
      guard case .valid(let normalized) = rule.validate(text) else { return nil }
      return normalized
    }
  }

  /// The entries' texts of the JSON document, read apart from the import: an accepted import
  /// matches them. Read with JSONDecoder, as roster reads: JSON leaves duplicate keys
  /// ({"text":"A","text":"B"}) to the reader, and JSONSerialization takes the last where
  /// JSONDecoder takes the first.
  func checkJSONTexts(_ bytes: [UInt8], added: [Row], rule: Rule, skipping: Bool) {
    struct Document: Decodable {
      struct Item: Decodable { let text: String? }
      let entries: [Item]
    }
    guard let document = try? JSONDecoder().decode(Document.self, from: Data(bytes)) else {
      fail("imported a document whose entries do not decode")
    }
    let expected = document.entries.map { entry -> String? in
      guard let text = entry.text, case .valid(let normalized) = rule.validate(text) else {
        return nil
      }
      return normalized
    }
    let valid = expected.compactMap { $0 }
    if !skipping, added.map(\.text) != valid || valid.count != expected.count {
      fail("imported \(added.map(\.text)) for the entries \(expected)")
    }
    if skipping, !isSubsequence(added.map(\.text), of: valid) {
      fail("skip-invalid imported \(added.map(\.text)) for the entries \(expected)")
    }
  }

  // MARK: check --json-lines

  /// One answer per input line, in order: the string read back, and the rule's verdict; or an
  /// error naming the line.
  func checkLines(_ bytes: [UInt8]) {
    input = String(decoding: bytes, as: UTF8.self)
    let rule = bytes.count % 2 == 0 ? Rule.personalName : .text
    let path = folder + "/lines.txt"
    _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
    let outcome = roster(["check", "--json-lines", "--rule", rule.kind.rawValue], stdin: path)
    if outcome.status != 0 { fail("check --json-lines failed: \(outcome.err)") }
    var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map { line in
      line.last == 0x0D ? Array(line.dropLast()) : Array(line)
    }
    if bytes.isEmpty || bytes.last == 0x0A { lines.removeLast() }
    let answers = outcome.out.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    guard answers.count == lines.count, outcome.out.isEmpty || outcome.out.hasSuffix("\n") else {
      fail("\(lines.count) lines in, \(answers.count) answers out: \(outcome.out.debugDescription)")
    }
    for (number, (line, answer)) in zip(lines, answers).enumerated() {
      guard
        let object = try? JSONSerialization.jsonObject(with: Data(answer.utf8)) as? [String: Any]
      else { fail("answer \(number + 1) is not a JSON object: \(answer)") }
      let string =
        String(validating: line, as: UTF8.self).flatMap {
          try? JSONSerialization.jsonObject(with: Data($0.utf8), options: .fragmentsAllowed)
        } as? String
      guard let string else {
        if object["line"] as? Int != number + 1 || object["error"] == nil {
          fail("line \(number + 1) is not a JSON string, but the answer is \(answer)")
        }
        continue
      }
      if object["input"] as? String != string { fail("answer \(answer) for the input \(string)") }
      switch rule.validate(string) {
      case .valid(let normalized):
        if object["valid"] as? Bool != true || object["normalized"] as? String != normalized {
          fail("answer \(answer), expected valid “\(normalized)”")
        }
      case .invalid(let refusal):
        if object["valid"] as? Bool != false
          || object["reason"] as? String != refusal.reason.rawValue
        {
          fail("answer \(answer), expected refused: \(refusal.reason)")
        }
      }
    }
  }
}
