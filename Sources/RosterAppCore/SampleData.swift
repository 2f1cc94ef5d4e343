public import Foundation
public import RosterKit

/// Lists to show when there is no database yet, and to benchmark with.
public enum SampleData {
  /// A guest list of names in several scripts, with categories, and a list of courses.
  public static func lists() -> [RosterList] {
    let guests = list(
      "Guests", rule: .personalName,
      [
        ("Anna Lindqvist", "Family"), ("Łukasz Nowak", "Friends"), ("Zoë Martin", nil),
        ("王秀英", "Family"), ("محمد عبد الله", "Work"), ("O’Brien", nil),
      ])
    let courses = list(
      "Courses", rule: .text,
      [
        ("Mastering WidgetKit iOS 16", "SwiftUI"), ("Practical iOS 16", "UIKit"),
        ("New in SwiftUI: Charts", "SwiftUI"), ("Complete Machine Learning", "UIKit"),
      ])
    return [guests, courses]
  }

  /// A list with these entries and their categories, with no undo history.
  private static func list(_ title: String, rule: Rule, _ rows: [(String, String?)])
    -> RosterList
  {
    let now = Date()
    var categories: [EntryCategory] = []
    for case (_, let name?) in rows where !categories.contains(where: { $0.name == name }) {
      categories.append(EntryCategory(name: name))
    }
    let entries = rows.map { Entry(id: UUID(), text: $0.0, category: $0.1, created: now) }
    return RosterList(title: title, rule: rule, categories: categories, entries: entries)
  }

  /// A list of `count` generated names, built in O(n) without going through undo.
  /// - Parameters:
  ///   - count: How many entries.
  ///   - id: The list's identity.
  ///   - title: The list's title; "`count` names" by default.
  ///   - head: Entries already made for the start of the list (a preview of it), kept as they
  ///     are; the rest are generated after them.
  /// - Returns: The list.
  public static func large(
    count: Int, id: UUID = UUID(), title: String? = nil, head: [Entry] = []
  ) -> RosterList {
    let start = min(head.count, max(count, 0))
    var entries = Array(head.prefix(start))
    entries.reserveCapacity(max(count, 0))
    appendLargeEntries(in: start..<max(count, start), to: &entries)
    return RosterList(
      id: id, title: title ?? "\(count) names", rule: .personalName, entries: entries)
  }

  /// The generated entries at these offsets of a large list, with new ids.
  public static func largeEntries(in offsets: Range<Int>) -> [Entry] {
    var entries: [Entry] = []
    entries.reserveCapacity(offsets.count)
    appendLargeEntries(in: offsets, to: &entries)
    return entries
  }

  private static func appendLargeEntries(in offsets: Range<Int>, to entries: inout [Entry]) {
    let first = ["Anna", "Łukasz", "Zoë", "Mateo", "Aiko", "Olu", "Priya", "Sven", "Ñandú", "Lía"]
    let last = ["Lindqvist", "Nowak", "Martin", "Okafor", "Tanaka", "Silva", "Novak", "Kim"]
    // 80 distinct names, shared: a million entries cost a million ids, not a million strings.
    let names = last.flatMap { family in first.map { "\($0) \(family)" } }
    let now = Date()
    let ids = UUIDGenerator.shared
    for index in offsets {
      entries.append(Entry(id: ids.make(), text: names[index % names.count], created: now))
    }
  }
}
