import RosterBackend
import RosterLocalization
import RosterTransfer

/// Why a command stopped, and the exit status that says so.
enum CLIError: Error {
  /// The command line itself is wrong: exit status 2, with a pointer to `--help`.
  case usage(String, command: String)
  /// The input was refused or something failed: exit status 1.
  case failed(String)
  /// The store refused or failed: exit status 1.
  case store(StoreError)
  /// A file could not be read, written or imported: exit status 1.
  case transfer(TransferError)
  /// Reported already (one line per bad row, say): just exit 1.
  case reported

  /// The process exit status.
  var exitCode: Int32 {
    if case .usage = self { return 2 }
    return 1
  }

  /// The one line for standard error, or `nil` when already reported.
  var message: String? {
    detail.map { "roster: " + $0 }
  }

  /// The message without the `roster:` prefix.
  var detail: String? {
    switch self {
    case .usage(let message, let command):
      let help = command.isEmpty ? "roster --help" : "roster \(command) --help"
      return localized("%1$@ See “%2$@”.", message, help)
    case .failed(let message): return message
    case .store(let error): return StoreErrorWording.sentence(for: error)
    case .transfer(let error): return TransferErrorWording.sentence(for: error)
    case .reported: return nil
    }
  }
}
