/// One of a list's attendance statuses: a name, and whether an entry marked with it counts as
/// checked in.
///
/// ```swift
/// AttendanceStatus.defaults.map(\.name)   // ["present", "late", "excused", "absent"]
/// let remote = try AttendanceStatus(validating: " online ", countsAs: .present)
/// remote.name                              // "online"
/// ```
public struct AttendanceStatus: Hashable, Sendable, Codable {
  /// What a status means for the counts.
  public enum Presence: String, Hashable, Sendable, Codable, CaseIterable {
    /// An entry with this status is checked in (and inside until checked out).
    case present
    /// An entry with this status is marked but not checked in.
    case absent
  }

  /// The status's name, normalized by the text rule, unique in its list.
  public let name: String
  /// Whether the status counts as checked in.
  public let countsAs: Presence

  /// A status whose name the caller has already normalized (from a store, or a constant).
  /// - Complexity: O(1).
  public init(name: String, countsAs: Presence) {
    self.name = name
    self.countsAs = countsAs
  }

  /// A status named by a person: the name is checked and normalized like a list title.
  /// - Throws: ``AttendanceError/invalidStatusName(_:)`` for an empty name or one with control
  ///   or invisible characters.
  /// - Complexity: O(m) in the name's length.
  public init(validating name: String, countsAs: Presence) throws(AttendanceError) {
    switch Rule.text.validate(name) {
    case .valid(let normalized): self.init(name: normalized, countsAs: countsAs)
    case .invalid(let refusal): throw .invalidStatusName(refusal)
    }
  }

  /// Whether an entry with this status counts as checked in.
  public var isCheckedIn: Bool { countsAs == .present }

  /// `present`: checked in on time.
  public static let present = AttendanceStatus(name: "present", countsAs: .present)
  /// `late`: checked in, late.
  public static let late = AttendanceStatus(name: "late", countsAs: .present)
  /// `excused`: not here, with a reason.
  public static let excused = AttendanceStatus(name: "excused", countsAs: .absent)
  /// `absent`: not here.
  public static let absent = AttendanceStatus(name: "absent", countsAs: .absent)

  /// A new list's statuses, in order: `present`, `late`, `excused`, `absent`.
  public static let defaults: [AttendanceStatus] = [.present, .late, .excused, .absent]
}
