public import Foundation
public import RosterKit

/// Which entries a door or a desk wants to see, by their attendance in the session shown:
/// everyone, those not yet arrived, those checked in, or those inside now.
///
/// A filter holds the session's states as they were when it was made: a check-in made
/// meanwhile (here or at another door) updates the row, but does not take it out of the results
/// under the pointer; the next search or filter change shows it where it now belongs.
public struct PresenceFilter: Equatable, Sendable {
  /// What the filter keeps.
  public enum Kind: Int, CaseIterable, Sendable {
    /// Every entry.
    case everyone
    /// Entries not checked in: not marked, or marked with a status that counts as absent.
    case notYetArrived
    /// Entries checked in (those who left since included).
    case checkedIn
    /// Entries checked in and not checked out.
    case insideNow
  }

  /// What the filter keeps.
  public let kind: Kind
  private let session: UUID?
  private let ledger: AttendanceLedger
  /// Tells two snapshots of one session apart.
  private let version: Int

  /// A filter over `ledger`'s states in `session` (`nil`: a session not made yet, where no one
  /// is marked); `version` changes whenever the states do.
  /// - Complexity: O(1): the ledger is shared, not copied.
  public init(_ kind: Kind, session: UUID?, ledger: AttendanceLedger, version: Int) {
    self.kind = kind
    self.session = session
    self.ledger = ledger
    self.version = version
  }

  /// Whether the filter keeps every entry.
  public var isEverything: Bool { kind == .everyone }

  /// Whether the filter keeps the entry.
  /// - Complexity: O(1).
  public func keeps(_ entry: UUID) -> Bool {
    let state = session.flatMap { ledger.state(of: entry, in: $0) }
    return switch kind {
    case .everyone: true
    case .notYetArrived: state?.isCheckedIn != true
    case .checkedIn: state?.isCheckedIn == true
    case .insideNow: state?.isInside == true
    }
  }

  /// Two filters are equal when they keep the same entries: same kind and, unless it keeps
  /// everyone, the same snapshot.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.kind == rhs.kind
      && (lhs.kind == .everyone || (lhs.session == rhs.session && lhs.version == rhs.version))
  }
}
