import Foundation
import RosterBackend
import RosterCollation
import RosterEngines
import RosterKit
import RosterLocalization

/// The `roster` program: parses the command line, runs one command from ``CommandTable``,
/// returns the exit status.
///
/// ```swift
/// let tool = CommandLineTool(arguments: ["add", "Anna"], environment: ["ROSTER_DB": path])
/// exit(tool.run())
/// ```
public final class CommandLineTool {
  static let version = "roster \(RosterVersion.current)"

  let arguments: [String]
  let environment: [String: String]
  let out: TextSink
  let err: TextSink
  private var openStore: (any CommandStorage)?
  /// The replica session of a command run with `--offline-ok` on a PostgreSQL database.
  var offline: OfflineSession?

  /// A run of `roster` with these arguments (without the program's name) and environment;
  /// output goes to standard output and standard error.
  public init(arguments: [String], environment: [String: String]) {
    self.arguments = arguments
    self.environment = environment
    let colored = isatty(STDOUT_FILENO) == 1 && environment["NO_COLOR"] == nil
    out = TextSink(handle: .standardOutput, colored: colored)
    err = TextSink(handle: .standardError)
  }

  /// Runs `roster` with the process's arguments and environment, and exits with its status.
  public static func main() -> Never {
    Localization.setUp()
    let tool = CommandLineTool(
      arguments: Array(CommandLine.arguments.dropFirst()),
      environment: ProcessInfo.processInfo.environment)
    exit(tool.run())
  }

  /// Runs the command and returns the exit status: 0 done, 1 refused or failed, 2 usage error.
  public func run() -> Int32 {
    defer {
      // Close the database: the last connection to close checkpoints the WAL into the file
      // and removes it, so the file alone holds every change (a copy of it is complete).
      openStore = nil
      offline = nil
      out.flush()
      err.flush()
    }
    do throws(CLIError) {
      try dispatch()
      try finishOffline()
      out.flush()
      // Output that did not reach its file (a full disk) must not end in success; a reader
      // that closed its pipe (`roster watch | head -3`) wanted no more.
      if let failure = out.failure, !Self.isBrokenPipe(failure) {
        throw .failed(localized("Cannot write standard output: %@.", Self.reason(failure)))
      }
      return 0
    } catch {
      out.flush()
      if let message = error.message { err.line(message) }
      return error.exitCode
    }
  }

  private func dispatch() throws(CLIError) {
    var rest = arguments[...]
    // `--db PATH` may come before the command.
    var leading: [String] = []
    while let first = rest.first, first.hasPrefix("-") {
      if first == OptionKey.version.name {
        out.line(Self.version)
        return
      }
      if first == OptionKey.help.name || first == "-h" {
        out.write(HelpText.overview)
        return
      }
      leading.append(rest.removeFirst())
      if first == OptionKey.db.name, !rest.isEmpty { leading.append(rest.removeFirst()) }
    }
    guard let word = rest.first else {
      err.write(HelpText.overview)
      throw .usage(localized("Give a command."), command: "")
    }
    guard let (command, words) = CommandTable.command(for: rest) else {
      throw .usage(localized("Unknown command “%@”.", word), command: "")
    }
    rest.removeFirst(words)
    // Help wins over any other mistake on the line, but after `--` even `-h` is an argument.
    if rest.prefix(while: { $0 != "--" }).contains(where: {
      $0 == OptionKey.help.name || $0 == "-h"
    }) {
      out.write(HelpText.page(command))
      return
    }
    try command.run(self, try Arguments(leading + rest, for: command))
  }

  // MARK: Shared helpers

  /// The store at `--db`, `$ROSTER_DB` or the default path, opened once: a SQLite file or a
  /// PostgreSQL database, as ``RosterBackend/DatabaseLocation`` decides.
  func store(_ arguments: Arguments) throws(CLIError) -> any CommandStorage {
    if let openStore { return openStore }
    if let offline = try offlineStore(arguments) {
      offline.collationProvider = Collator.provider
      openStore = offline
      return offline
    }
    do throws(StoreError) {
      let store = try StorageOpener.open(location(arguments), environment: environment)
      // Adds and edits in a list kept sorted place entries by its locale's collation.
      store.collationProvider = Collator.provider
      openStore = store
      return store
    } catch {
      throw needsServer(arguments, error)
    }
  }

  /// The database `--db`, `$ROSTER_DB` or the default names.
  func location(_ arguments: Arguments) -> DatabaseLocation {
    DatabaseLocation(option: arguments.value(.db), environment: environment)
  }

  /// The list named by `--list`, or the default list, created on first use.
  func list(_ arguments: Arguments) throws(CLIError) -> ListSummary {
    let store = try store(arguments)
    let title = arguments.value(.list) ?? RosterList.defaultTitle
    return try attempt { () throws(StoreError) in
      if let found = try store.list(titled: title) { return found }
      guard arguments.value(.list) == nil, offline == nil else { throw .listNotFound(title) }
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
  func reference(_ text: String, for arguments: Arguments) throws(CLIError) -> EntryReference {
    guard let reference = EntryReference(text) else {
      throw arguments.usage(
        localized(
          "“%@” is neither an id (at least 4 hexadecimal characters) nor a position like #3.", text)
      )
    }
    return reference
  }

  /// What went wrong with a file: on Linux Foundation's own message says only “The operation
  /// could not be completed”, the POSIX error beneath it says what (“File too large”).
  static func reason(_ error: any Error) -> String {
    let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
    guard let underlying, underlying.domain == NSPOSIXErrorDomain else {
      return error.localizedDescription
    }
    return String(cString: strerror(Int32(underlying.code)))
  }

  /// Whether a write failed because the reading end of the pipe was closed (EPIPE).
  static func isBrokenPipe(_ error: any Error) -> Bool {
    let error = error as NSError
    let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError
    return [error, underlying].contains {
      $0?.domain == NSPOSIXErrorDomain && $0?.code == Int(EPIPE)
    }
  }

  /// The first eight characters of an id, as `show` prints them.
  static func shortID(_ id: UUID) -> String {
    String(UUIDText.string(id).prefix(8))
  }

  /// The rule given by `--rule` and `--pattern`, or `nil` when neither is given.
  func rule(_ arguments: Arguments) throws(CLIError) -> Rule? {
    let pattern = arguments.value(.pattern)
    switch arguments.value(.rule) {
    case nil where pattern == nil: return nil
    case nil, "pattern":
      guard let pattern else {
        throw arguments.usage(localized("The pattern rule needs --pattern REGEX."))
      }
      do throws(RosterError) {
        return try Rule.pattern(pattern)
      } catch {
        throw .failed(RosterErrorWording.sentence(for: error))
      }
    case "personal-name" where pattern == nil: return .personalName
    case "text" where pattern == nil: return .text
    case let other?:
      if pattern != nil, other == "personal-name" || other == "text" {
        throw arguments.usage(localized("--pattern goes with --rule pattern only."))
      }
      throw arguments.usage(
        localized("Unknown rule “%@”: use personal-name, text or pattern.", other))
    }
  }
}
