import Foundation
import RosterBackend
import RosterKit
import RosterStore
import RosterTestSupport
import Testing

/// Real processes sharing one database: no lost update, no "database is locked", and no damage
/// when writers are killed mid-transaction.
@Suite struct ConcurrencyTests {
  let binary: RosterBinary
  let folder: URL
  let environment: [String: String]
  var database: String { environment["ROSTER_DB"]! }

  init() throws {
    binary = try RosterBinary.locate()
    let home = try TemporaryRosterHome(prefix: "roster-concurrency")
    folder = home.folder
    environment = home.environment
  }

  @Test func twoProcessesWritingAtOnceLoseNothing() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = try binary.run(["lists", "create", "Shared", "--rule", "text"], environment: environment)
    let perWriter = 15
    let failures = Failures()
    DispatchQueue.concurrentPerform(iterations: 2) { writer in
      for number in 0..<perWriter {
        let arguments = [
          "add", "w\(writer)-\(number)", "w\(writer)-\(number)b", "--list", "Shared",
        ]
        do {
          let result = try binary.run(arguments, environment: environment)
          if result.status != 0 || !result.stderr.isEmpty { failures.add(result.stderr) }
        } catch {
          failures.add("\(error)")
        }
        if number % 5 == 4 {
          _ = try? binary.run(["mv", "#1", "2", "--list", "Shared"], environment: environment)
        }
      }
    }
    #expect(failures.all.isEmpty, "\(failures.all)")
    let store = try SQLiteStore(path: database)
    let list = try #require(try store.list(titled: "Shared"))
    let texts = Set(try store.loadList(list.id).entries.map(\.text))
    #expect(texts.count == 2 * 2 * perWriter)
    #expect(try store.integrityCheck() == "ok")
  }

  @Test func addsWaitForALongImportInsteadOfFailing() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = try binary.run(["lists", "create", "Busy", "--rule", "text"], environment: environment)
    let csv = folder.appendingPathComponent("many.csv")
    let rows = (0..<60_000).map { "row \($0)" }.joined(separator: "\n")
    try Data(rows.utf8).write(to: csv)
    let importer = try binary.start(
      ["import", csv.path, "--list", "Busy"], environment: environment,
      stdout: .null, stderr: .null)
    let failures = Failures()
    DispatchQueue.concurrentPerform(iterations: 3) { writer in
      for number in 0..<3 {
        do {
          let result = try binary.run(
            ["add", "w\(writer) \(number)", "--list", "Busy"], environment: environment)
          if result.status != 0 { failures.add(result.stderr) }
        } catch {
          failures.add("\(error)")
        }
      }
    }
    #expect(importer.wait() == 0)
    #expect(failures.all.isEmpty, "\(failures.all)")
    let store = try SQLiteStore(path: database)
    #expect(try store.list(titled: "Busy")?.count == 60_000 + 9)
  }

  @Test func killedWritersLeaveASoundDatabaseWithEveryReportedAdd() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = try binary.run(["lists", "create", "Killed", "--rule", "text"], environment: environment)
    var reported: [String: String] = [:]  // text → short id
    var number = 0
    let deadline = Date().addingTimeInterval(3)
    while Date() < deadline {
      var running: [(process: ChildProcess, output: URL)] = []
      for _ in 0..<4 {
        number += 1
        let output = folder.appendingPathComponent("out-\(number)")
        let process = try binary.start(
          ["add", "entry \(number)", "--list", "Killed"], environment: environment,
          stdout: .file(output.path), stderr: .null)
        running.append((process, output))
      }
      // A random moment 0–40 ms into the adds to kill some at: the thing under test, not a
      // wait for anything.
      usleep(useconds_t.random(in: 0...40_000))
      for (process, _) in running where Bool.random() {
        process.signal(SIGKILL)
      }
      for (process, output) in running {
        process.wait()
        let text = String(decoding: try Data(contentsOf: output), as: UTF8.self)
        // "Added 1f0c9a2e “entry 7” to “Killed”."
        let words = text.split(separator: " ", maxSplits: 2)
        if words.count == 3, words[0] == "Added", let start = text.range(of: "“"),
          let end = text.range(of: "”", range: start.upperBound..<text.endIndex)
        {
          reported[String(text[start.upperBound..<end.lowerBound])] = String(words[1])
        }
      }
    }
    let store = try SQLiteStore(path: database)
    #expect(try store.integrityCheck() == "ok")
    let list = try #require(try store.list(titled: "Killed"))
    let stored = Dictionary(
      try store.loadList(list.id).entries.map { ($0.text, UUIDText.string($0.id)) }
    ) { first, _ in first }
    #expect(!reported.isEmpty)
    for (text, shortID) in reported {
      #expect(stored[text]?.hasPrefix(shortID) == true, "“\(text)” (\(shortID)) was reported added")
    }
  }
}
