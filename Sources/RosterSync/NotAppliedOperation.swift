public import RosterBackend
import RosterLocalization

/// An action from the outbox that the shared store could not apply any more: what it was and
/// why, for the window to tell the person. It has left the outbox; the window converges on the
/// store's state.
public struct NotAppliedOperation: Equatable, Sendable {
  /// Why the action no longer applies.
  public enum Reason: Equatable, Sendable {
    /// Someone deleted the entry it changed, moved or removed.
    case entryDeleted
    /// Someone deleted its list.
    case listDeleted
    /// The store refused it, in these words (a title taken meanwhile, a rule).
    case refused(String)

    /// The reason alone, as one sentence (`roster sync --status` lists it beside the entry).
    public var sentence: String {
      switch self {
      case .entryDeleted: localized("Someone deleted that entry meanwhile.")
      case .listDeleted: localized("Its list was deleted, or you no longer have access to it.")
      case .refused(let why): why
      }
    }
  }

  /// The action.
  public let operation: PendingOperation
  /// Why it no longer applies.
  public let reason: Reason
  /// The entry it was about, as the person knew it: the skipped edit's text, else the action's
  /// first entry.
  public let entryText: String?

  /// A report of one action.
  public init(operation: PendingOperation, reason: Reason, entryText: String? = nil) {
    self.operation = operation
    self.reason = reason
    self.entryText = entryText ?? operation.entryText
  }

  /// One sentence for a person, naming the entry and why.
  public var message: String {
    let text = entryText ?? localized("A change")
    return switch reason {
    case .entryDeleted:
      localized("“%@” was not saved: someone deleted that entry meanwhile.", text)
    case .listDeleted:
      localized("“%@” was not saved: someone deleted its list meanwhile.", text)
    case .refused(let why): localized("“%1$@” was not saved: %2$@", text, why)
    }
  }
}
