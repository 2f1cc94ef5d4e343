import Foundation
import RosterBackend
import RosterKit
import RosterTestSupport
import Testing

@testable import RosterStore

@Suite struct OrderingTests {
  let temporary = TemporaryDatabase()

  /// The list's order keys, in order.
  func keys(_ store: SQLiteStore) throws -> [Int64] {
    let statement = try store.database.statement("SELECT key FROM entries ORDER BY key")
    var keys: [Int64] = []
    while try statement.step() { keys.append(statement.integer(0)) }
    return keys
  }

  @Test(arguments: [1, 2])
  func manyInsertsAndMovesAtOneSpotStayOrdered(spot: Int) throws {
    let store = try SQLiteStore(path: temporary.path)
    let summary = try store.createList(title: "L", rule: .text)
    let list = try store.loadList(summary.id)
    list.addObserver { change in _ = try? store.record(change, in: summary.id) }
    try list.append("first")
    try list.append("last")
    for number in 0..<300 {
      try list.insert("n\(number)", at: spot)
    }
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<300 {
      let from = Int.random(in: 0..<list.count, using: &generator)
      try list.move(id: list[from].id, toOffset: spot)
    }
    let reloaded = try store.loadList(summary.id)
    #expect(reloaded.entries.map(\.id) == list.entries.map(\.id))
    let stored = try keys(store)
    #expect(stored == stored.sorted() && Set(stored).count == stored.count)
  }

  @Test func firstEntriesAreTheListsFirstInOrder() throws {
    let store = try SQLiteStore(path: temporary.path)
    let summary = try store.createList(title: "L", rule: .text)
    let other = try store.createList(title: "Other", rule: .text)
    try store.add(["elsewhere"], to: other.id)
    let list = try store.loadList(summary.id)
    list.addObserver { change in _ = try? store.record(change, in: summary.id) }
    for number in 0..<50 {
      try list.insert("n\(number)", at: number % 3 == 0 ? 0 : list.count / 2)
    }
    try list.append("tagged", category: "Family")
    try list.move(id: list[list.count - 1].id, toOffset: 1)
    try list.remove(id: list[0].id)

    let first = try store.firstEntries(in: summary.id, limit: 10)
    #expect(first == Array(list.entries.prefix(10)))
    #expect(first[0].category == "Family")
    #expect(try store.firstEntries(in: summary.id, limit: 1_000) == Array(list.entries))
    #expect(try store.firstEntries(in: summary.id, limit: 0).isEmpty)
    #expect(try store.categories(in: summary.id).map(\.name) == ["Family"])
    #expect(throws: StoreError.self) { try store.firstEntries(in: UUID(), limit: 5) }
  }

  @Test func randomEditsMatchAPlainArray() throws {
    let store = try SQLiteStore(path: temporary.path)
    let summary = try store.createList(title: "L", rule: .text)
    let list = try store.loadList(summary.id)
    list.addObserver { change in _ = try? store.record(change, in: summary.id) }
    var model: [UUID] = []
    var generator = SystemRandomNumberGenerator()
    for step in 0..<600 {
      switch Int.random(in: 0..<10, using: &generator) {
      case 0..<5:
        // Inserts lean to the ends, where keys grow past zero in both directions.
        let offset = [0, model.count, Int.random(in: 0...model.count)].randomElement()!
        model.insert(try list.insert("e\(step)", at: offset).id, at: offset)
      case 5..<7 where !model.isEmpty:
        let offset = Int.random(in: 0..<model.count)
        try list.remove(id: model.remove(at: offset))
      case 7..<10 where !model.isEmpty:
        let from = Int.random(in: 0..<model.count)
        let to = [0, model.count - 1, Int.random(in: 0..<model.count)].randomElement()!
        let id = model.remove(at: from)
        model.insert(id, at: to)
        try list.move(id: id, toOffset: to)
      default:
        _ = try store.undo(in: summary.id).map { list.apply($0) }
        model = list.entries.map(\.id)
      }
    }
    #expect(try store.loadList(summary.id).entries.map(\.id) == model)
    let stored = try keys(store)
    #expect(stored == stored.sorted() && Set(stored).count == stored.count)
  }

  @Test func oneInsertWritesOneRowInALongList() throws {
    let store = try SQLiteStore(path: temporary.path)
    let list = try store.createList(title: "L", rule: .text).id
    let batch = try store.beginImport(into: list)
    for number in 0..<20_000 { try batch.add(text: "e\(number)") }
    try batch.commit()
    let before = try keys(store)
    try store.move(.position(20_000), toPosition: 2, in: list)
    let after = try keys(store)
    #expect(Set(before).subtracting(after).count == 1)
  }
}
