import RosterBackend
import RosterKit
import RosterTransfer

/// Any error a front end shows a person, in the user's language: the lower layers' errors
/// through their `…Wording`, anything else as it describes itself.
public enum ErrorWording {
  /// The one line that tells a person what went wrong.
  /// - Complexity: O(1), plus the length of the texts it quotes.
  public static func sentence(for error: any Error) -> String {
    switch error {
    case let error as StoreError: StoreErrorWording.sentence(for: error)
    case let error as RosterError: RosterErrorWording.sentence(for: error)
    case let error as TransferError: TransferErrorWording.sentence(for: error)
    default: "\(error)"
    }
  }
}
