import Foundation
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
  public static func large(count: Int) -> RosterList {
    let first = ["Anna", "Łukasz", "Zoë", "Mateo", "Aiko", "Olu", "Priya", "Sven", "Ñandú", "Lía"]
    let last = ["Lindqvist", "Nowak", "Martin", "Okafor", "Tanaka", "Silva", "Novak", "Kim"]
    // 80 distinct names, shared: a million entries cost a million ids, not a million strings.
    let names = last.flatMap { family in first.map { "\($0) \(family)" } }
    let now = Date()
    let ids = UUIDGenerator.shared
    let entries = (0..<count).map { index in
      Entry(id: ids.make(), text: names[index % names.count], created: now)
    }
    return RosterList(title: "\(count) names", rule: .personalName, entries: entries)
  }
}
