import Foundation
import RosterBackend
import RosterKit
import RosterStore
import RosterTestSupport

/// Seeded random actions through `SQLiteStore`'s real API, one at a time: what the command line
/// does (add, edit, remove, move, categories, undo and redo, imports, lists) and what the app
/// does (edit a loaded `RosterList`, then ``SQLiteStore/record(_:in:)`` its change).
///
/// An action either returns, and is then acknowledged with whatever it wrote, or throws a
/// refusal (a blank text, a taken title, a position past the end), which is acknowledged too:
/// it must have changed nothing.
struct StoreWorkload {
  private var random: SeededGenerator
  private var counter = 0

  private static let givenNames = [
    "Anna", "Łukasz", "Zoë", "Mei", "Olu", "Björn", "Chiara", "Dmitri", "Aisha", "Kofi",
  ]
  private static let familyNames = [
    "Lindqvist", "Nowak", "Okafor", "Tanaka", "García", "O'Brien", "Müller", "Haddad",
  ]
  private static let categories = ["Family", "Staff", "Guests", "Band"]

  init(seed: UInt64) { random = SeededGenerator(seed: seed ^ 0x5EED) }

  /// Performs one random action on `store` and says what it was.
  /// - Throws: What the store threw: a refusal, or a failure the caller reports.
  mutating func step(on store: SQLiteStore) throws -> String {
    let lists = try store.lists()
    guard let list = lists.randomElement(using: &random), lists.count < 2 || chance(1, in: 30)
    else {
      return try createList(on: store)
    }
    let id = list.id
    let count = list.count
    switch Int.random(in: 0..<100, using: &random) {
    case 0..<22:
      let texts = (0..<Int.random(in: 1...3, using: &random)).map { _ in name() }
      let added = try store.add(texts, category: category(), to: id)
      return "add \(added.count)"
    case 22..<32 where count > 0:
      _ = try store.updateText(of: .position(position(in: count)), to: name(), in: id)
      return "edit"
    case 32..<40 where count > 0:
      let references = (0..<Int.random(in: 1...3, using: &random)).map { _ in
        EntryReference.position(position(in: count))
      }
      return "remove \(try store.remove(references, from: id).count)"
    case 40..<48 where count > 0:
      try store.move(.position(position(in: count)), toPosition: position(in: count), in: id)
      return "move"
    case 48..<56:
      return "undo \(try store.undo(in: id)?.count ?? 0)"
    case 56..<61:
      return "redo \(try store.redo(in: id)?.count ?? 0)"
    case 61..<65:
      guard let name = try store.categories(in: id).randomElement(using: &random)?.name else {
        return "no category"
      }
      if chance(1, in: 2) {
        let color = CategoryColor(
          red: .random(in: 0...255, using: &random), green: .random(in: 0...255, using: &random),
          blue: .random(in: 0...255, using: &random))
        try store.setColor(color, ofCategory: name, in: id)
        return "colour"
      }
      try store.renameCategory(name, to: "Team \(next())", in: id)
      return "rename category"
    case 65..<71:
      return try importRows(into: id, on: store)
    case 71..<85:
      return try editLoaded(id, on: store)
    case 85..<88:
      try store.renameList(id, to: "List \(next())")
      return "rename list"
    case 88..<90 where lists.count > 1:
      try store.deleteList(id)
      return "delete list"
    case 90..<93:
      _ = try store.add(["  "], to: id)
      return "blank add"
    case 93..<95:
      return try createList(on: store, title: lists.randomElement(using: &random)?.title)
    default:
      let added = try store.add([name()], to: id)
      return "add \(added.count)"
    }
  }

  // MARK: Actions

  private mutating func createList(on store: SQLiteStore, title: String? = nil) throws -> String {
    let rule: Rule = chance(1, in: 2) ? .personalName : .text
    _ = try store.createList(title: title ?? "List \(next())", rule: rule)
    return "create list"
  }

  /// A bulk import of a few to a hundred rows, now and then with a refused row (skipped) or
  /// cancelled as a whole.
  private mutating func importRows(into id: UUID, on store: SQLiteStore) throws -> String {
    let batch = try store.beginImport(into: id)
    for _ in 0..<Int.random(in: 5...120, using: &random) {
      do {
        try batch.add(text: chance(1, in: 40) ? "" : name(), category: category())
      } catch StoreError.refused {
        continue
      }
    }
    if chance(1, in: 8) {
      batch.cancel()
      return "cancelled import"
    }
    try batch.commit()
    return "import \(batch.count)"
  }

  /// The app's way: a loaded list edited in memory, its change recorded as one transaction.
  private mutating func editLoaded(_ id: UUID, on store: SQLiteStore) throws -> String {
    let list = try store.loadList(id)
    var changes: [ListChange] = []
    list.addObserver { changes.append($0) }
    let count = list.count
    switch Int.random(in: 0..<6, using: &random) {
    case 0 where count > 0:
      try list.move(id: list[offset(in: count)].id, toOffset: offset(in: count))
    case 1 where count > 0:
      _ = try list.updateText(of: list[offset(in: count)].id, to: name())
    case 2 where count > 1:
      let offsets = IndexSet(
        (0..<Int.random(in: 1...3, using: &random)).map { _ in offset(in: count) })
      _ = list.remove(atOffsets: offsets)
    case 3 where count > 0:
      _ = try list.setCategory(of: list[offset(in: count)].id, to: category())
    case 4:
      _ = try list.insert(
        name(), category: category(), at: Int.random(in: 0...count, using: &random))
    default:
      _ = try list.append(name(), category: category())
    }
    for change in changes { try store.record(change, in: id) }
    return "app edit (\(changes.count) changes)"
  }

  // MARK: Choices

  private mutating func chance(_ one: Int, in all: Int) -> Bool {
    Int.random(in: 0..<all, using: &random) < one
  }

  private mutating func next() -> Int {
    counter += 1
    return counter
  }

  private mutating func name() -> String {
    let given = Self.givenNames.randomElement(using: &random) ?? "Anna"
    let family = Self.familyNames.randomElement(using: &random) ?? "Nowak"
    return "\(given) \(family)"
  }

  private mutating func category() -> String? {
    chance(1, in: 3) ? Self.categories.randomElement(using: &random) : nil
  }

  /// A 1-based position in a list of `count` entries, now and then one past the end (refused).
  private mutating func position(in count: Int) -> Int {
    chance(1, in: 25) ? count + 1 : Int.random(in: 1...max(count, 1), using: &random)
  }

  private mutating func offset(in count: Int) -> Int {
    Int.random(in: 0..<count, using: &random)
  }
}
