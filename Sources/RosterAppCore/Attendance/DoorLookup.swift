public import Foundation
public import RosterKit

/// Which entry a door's search means when Enter is pressed: the one entry whose id a scanner
/// typed (the whole id, or its first 8 characters as `roster` prints them), else the one entry
/// the search shows.
public enum DoorLookup: Equatable, Sendable {
  /// Exactly this entry.
  case entry(UUID)
  /// Nothing matches.
  case none
  /// This many entries match: type more.
  case several(Int)

  /// The entry `query` names in `list`, given the search's `matches`.
  /// - Complexity: O(1) for a whole id; O(n) for a short id (8 to 31 hexadecimal digits);
  ///   else O(1) over the matches.
  public static func find(_ query: String, matches: [UUID], in list: RosterList) -> DoorLookup {
    let code = query.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    if let id = UUID(uuidString: code), list.entry(id: id) != nil { return .entry(id) }
    let digits = code.filter { $0 != "-" }
    if digits.count >= 8, digits.count < 32, digits.allSatisfy(\.isHexDigit) {
      let found = list.entries.lazy.filter { entry in
        entry.id.uuidString.lowercased().filter { $0 != "-" }.hasPrefix(digits)
      }.prefix(2).map(\.id)
      if found.count == 1, let id = found.first { return .entry(id) }
    }
    switch matches.count {
    case 0: return .none
    case 1: return .entry(matches[0])
    default: return .several(matches.count)
    }
  }
}
