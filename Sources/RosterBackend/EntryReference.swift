public import Foundation
import RosterKit

/// How a person names an entry on the command line: by id, by the start of its id, or by its
/// 1-based position.
///
/// ```swift
/// EntryReference("#3")        // .position(3)
/// EntryReference("1f0c9a2e")  // .prefix("1f0c9a2e")
/// ```
public enum EntryReference: Hashable, Sendable, CustomStringConvertible {
  /// A whole id.
  case id(UUID)
  /// The first characters of an id (at least ``minimumPrefix``), lowercase hexadecimal.
  case prefix(String)
  /// A 1-based position in the list.
  case position(Int)

  /// The fewest characters accepted as an id prefix.
  public static let minimumPrefix = 4

  /// Parses `#N` as a position and anything else as an id or id prefix; `nil` when it is neither.
  public init?(_ text: String) {
    if text.hasPrefix("#") {
      guard let position = Int(text.dropFirst()), position >= 1 else { return nil }
      self = .position(position)
    } else if let id = UUID(uuidString: text) {
      self = .id(id)
    } else {
      let lower = text.lowercased()
      guard lower.count >= Self.minimumPrefix,
        lower.allSatisfy({ $0 == "-" || $0.isHexDigit })
      else { return nil }
      self = .prefix(lower)
    }
  }

  /// The reference as a person typed it.
  public var description: String {
    switch self {
    case .id(let id): UUIDText.string(id)
    case .prefix(let prefix): prefix
    case .position(let position): "#\(position)"
    }
  }

  /// The least and the greatest id that start with the hexadecimal `prefix`.
  package static func bounds(ofPrefix prefix: String) -> (low: UUID, high: UUID) {
    let digits = String(prefix.filter(\.isHexDigit).prefix(32))
    func id(padding: Character) -> UUID {
      var text = digits + String(repeating: padding, count: 32 - digits.count)
      for offset in [8, 13, 18, 23] {
        text.insert("-", at: text.index(text.startIndex, offsetBy: offset))
      }
      return UUIDText.parse(Array(text.utf8))!
    }
    return (id(padding: "0"), id(padding: "f"))
  }
}
