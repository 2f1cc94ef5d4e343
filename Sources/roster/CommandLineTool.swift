import Foundation
import RosterBackend
import RosterKit
import RosterStore

/// The `roster` program: parses the command line, runs one command, returns the exit status.
final class CommandLineTool {
  static let version = "roster 0.1.0"
  /// The list commands use when `--list` is not given; created on first use.
  static let defaultList = "Names"

  let arguments: [String]
  let environment: [String: String]
  let out: TextSink
  let err: TextSink
  private var openStore: SQLiteStore?

  init(arguments: [String], environment: [String: String]) {
    self.arguments = arguments
    self.environment = environment
    let colored = isatty(STDOUT_FILENO) == 1 && environment["NO_COLOR"] == nil
    out = TextSink(handle: .standardOutput, colored: colored)
    err = TextSink(handle: .standardError)
  }

  /// Runs the command and returns the exit status: 0 done, 1 refused or failed, 2 usage error.
  func run() -> Int32 {
    defer {
      // Close the database: the last connection to close checkpoints the WAL into the file
      // and removes it, so the file alone holds every change (a copy of it is complete).
      openStore = nil
      out.flush()
      err.flush()
    }
    do throws(CLIError) {
      try dispatch()
      out.flush()
      // Output that did not reach its file (a full disk) must not end in success.
      if let failure = out.failure {
        throw .failed("Cannot write standard output: \(Self.reason(failure)).")
      }
      return 0
    } catch {
      out.flush()
      if let message = error.message { err.line(message) }
      return error.exitCode
    }
  }

  private func dispatch() throws(CLIError) {
    var rest = arguments
    // `--db PATH` may come before the command.
    var leading: [String] = []
    while let first = rest.first, first.hasPrefix("-") {
      if first == "--version" {
        out.line(Self.version)
        return
      }
      if first == "--help" || first == "-h" {
        out.write(Help.text(for: ""))
        return
      }
      leading.append(rest.removeFirst())
      if first == "--db", !rest.isEmpty { leading.append(rest.removeFirst()) }
    }
    guard let command = rest.first else {
      err.write(Help.text(for: ""))
      throw .usage("Give a command.", command: "")
    }
    rest.removeFirst()
    var name = command
    if ["lists", "categories"].contains(command), let sub = rest.first,
      Help.subcommands[command]?.contains(sub) == true
    {
      name = "\(command) \(sub)"
      rest.removeFirst()
    }
    if name == "help" {
      out.write(Help.text(for: rest.joined(separator: " ")))
      return
    }
    guard let handler = handlers[name] else {
      throw .usage("Unknown command “\(command)”.", command: "")
    }
    if rest.contains("--help") || rest.contains("-h") {
      out.write(Help.text(for: name))
      return
    }
    try handler(leading + rest)
  }

  private var handlers: [String: ([String]) throws(CLIError) -> Void] {
    [
      "lists": listLists, "lists create": createList, "lists rename": renameList,
      "lists delete": deleteList, "add": add, "show": show, "edit": edit, "rm": remove,
      "mv": move, "undo": undo, "redo": redo, "categories": listCategories,
      "categories color": colorCategory, "categories rename": renameCategory, "check": check,
      "import": importFile, "export": export,
    ]
  }

  // MARK: Shared helpers

  /// The store at `--db`, `$ROSTER_DB` or the default path, opened once.
  func store(_ arguments: Arguments) throws(CLIError) -> SQLiteStore {
    if let openStore { return openStore }
    var environment = self.environment
    if let path = arguments.value("--db") { environment["ROSTER_DB"] = path }
    do throws(StoreError) {
      let store = try SQLiteStore(path: SQLiteStore.defaultPath(environment: environment))
      openStore = store
      return store
    } catch {
      throw .store(error)
    }
  }

  /// The list named by `--list`, or the default list, created on first use.
  func list(_ arguments: Arguments) throws(CLIError) -> ListSummary {
    let store = try store(arguments)
    let title = arguments.value("--list") ?? Self.defaultList
    return try attempt { () throws(StoreError) in
      if let found = try store.list(titled: title) { return found }
      guard arguments.value("--list") == nil else { throw .listNotFound(title) }
      do throws(StoreError) {
        return try store.createList(title: title, rule: .personalName)
      } catch .listExists {
        // Another process created it first.
        guard let found = try store.list(titled: title) else { throw .listNotFound(title) }
        return found
      }
    }
  }

  /// Runs a store call, turning its error into a command error.
  func attempt<T>(_ body: () throws(StoreError) -> T) throws(CLIError) -> T {
    do throws(StoreError) {
      return try body()
    } catch {
      throw .store(error)
    }
  }

  /// A parsed entry reference, or a usage error naming the syntax.
  func reference(_ text: String, command: String) throws(CLIError) -> EntryReference {
    guard let reference = EntryReference(text) else {
      throw .usage(
        "“\(text)” is neither an id (at least 4 hexadecimal characters) nor a position like #3.",
        command: command)
    }
    return reference
  }

  /// The first eight characters of an id, as `show` prints them.
  static func shortID(_ id: UUID) -> String {
    String(UUIDText.string(id).prefix(8))
  }

  /// The rule given by `--rule` and `--pattern`, or `nil` when neither is given.
  func rule(_ arguments: Arguments, command: String) throws(CLIError) -> Rule? {
    let pattern = arguments.value("--pattern")
    switch arguments.value("--rule") {
    case nil where pattern == nil: return nil
    case nil, "pattern":
      guard let pattern else {
        throw .usage("The pattern rule needs --pattern REGEX.", command: command)
      }
      do throws(RosterError) {
        return try Rule.pattern(pattern)
      } catch {
        throw .failed(error.description)
      }
    case "personal-name" where pattern == nil: return .personalName
    case "text" where pattern == nil: return .text
    case let other?:
      if pattern != nil, other == "personal-name" || other == "text" {
        throw .usage("--pattern goes with --rule pattern only.", command: command)
      }
      throw .usage(
        "Unknown rule “\(other)”: use personal-name, text or pattern.", command: command)
    }
  }
}
