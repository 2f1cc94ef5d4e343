import Foundation
import RosterAppCore
import RosterKit
import RosterTestSupport
import Testing

/// Search results kept up to date one change at a time, as the entry list does, checked after
/// every change of many random edit sequences against searching the list again.
@Suite struct SearchMatchesRandomTests {
  private static let filters = [
    SearchFilter(query: "an"), SearchFilter(category: "Family"),
    SearchFilter(query: "an", category: "Family"), SearchFilter(query: "zoe"),
  ]
  private static let names = ["Anna", "Bob", "Ana", "Zoë", "Ánh", "Carl", "Dan", "ZOE"]

  /// One random edit; `updates` allows text and category changes in place.
  private func edit(
    _ list: RosterList, updates: Bool, counter: inout Int,
    using random: inout SeededGenerator
  ) throws {
    counter += 1
    let name = "\(Self.names.randomElement(using: &random)!) \(counter)"
    let category = Bool.random(using: &random) ? "Family" : nil
    let pick = list.isEmpty ? nil : list[Int.random(in: 0..<list.count, using: &random)]
    switch Int.random(in: 0..<(updates ? 9 : 7), using: &random) {
    case 0, 1:
      _ = try list.insert(
        name, category: category, at: Int.random(in: 0...list.count, using: &random))
    case 2:
      if let pick { _ = try list.remove(id: pick.id) }
    case 3:
      let offsets = IndexSet(
        (0..<list.count).filter { _ in Int.random(in: 0..<4, using: &random) == 0 })
      _ = list.remove(atOffsets: offsets)
    case 4:
      if let pick {
        try list.move(id: pick.id, toOffset: Int.random(in: 0..<list.count, using: &random))
      }
    case 5:
      list.undo()
    case 6:
      list.redo()
    case 7:
      if let pick { _ = try list.updateText(of: pick.id, to: name) }
    default:
      if let pick { _ = try list.setCategory(of: pick.id, to: category) }
    }
  }

  /// Follows `list` with `state` as the view does, checking each step's splice against the
  /// rows the state has after it.
  private func follow(_ list: RosterList, _ state: Box) {
    list.addObserver { change in
      var replayed = state.value.matches ?? []
      for id in change.removedIDs {
        guard let splice = state.value.removeMatch(id) else { continue }
        #expect(splice.removed == 1 && splice.inserted == 0)
        #expect(replayed[splice.offset] == id)
        replayed.remove(at: splice.offset)
      }
      for id in change.insertedIDs {
        guard let splice = state.value.insertMatch(id, in: list) else { continue }
        #expect(splice.removed == 0 && splice.inserted == 1)
        replayed.insert(id, at: splice.offset)
      }
      #expect(replayed == state.value.matches)
    }
  }

  private final class Box {
    var value: EntryListState
    init(_ value: EntryListState) { self.value = value }
  }

  private func start(
    seed: UInt64, using random: inout SeededGenerator
  ) throws -> (RosterList, SearchFilter, Box, Int) {
    // The category is there from the start: undo never takes it away.
    let list = RosterList(
      id: UUID(), title: "Guests", rule: .text, categories: [EntryCategory(name: "Family")],
      entries: [])
    var counter = 0
    for _ in 0..<Int.random(in: 0..<20, using: &random) {
      try edit(list, updates: false, counter: &counter, using: &random)
    }
    let filter = Self.filters[Int(seed % UInt64(Self.filters.count))]
    var state = EntryListState()
    state.filter(filter, in: list)
    return (list, filter, Box(state), counter)
  }

  @Test(arguments: 0..<200)
  func insertsRemovesMovesUndoAndRedoMatchARefilter(seed: Int) throws {
    var random = SeededGenerator(seed: UInt64(seed))
    let (list, filter, state, start) = try start(seed: UInt64(seed), using: &random)
    var counter = start
    follow(list, state)
    for step in 0..<60 {
      try edit(list, updates: false, counter: &counter, using: &random)
      #expect(state.value.matches == filter.matches(in: list), "seed \(seed), step \(step)")
    }
  }

  /// An entry edited in place keeps its row whether it still matches or not, and one edited
  /// into matching does not join: the results are those that matched when they last arrived.
  @Test(arguments: 0..<200)
  func editsInPlaceKeepTheirRows(seed: Int) throws {
    var random = SeededGenerator(seed: UInt64(seed) &+ 1_000)
    let (list, filter, state, start) = try start(seed: UInt64(seed), using: &random)
    var counter = start
    var member = Dictionary(uniqueKeysWithValues: list.entries.map { ($0.id, filter.matches($0)) })
    list.addObserver { change in
      for id in change.insertedIDs { member[id] = list.entry(id: id).map(filter.matches) }
    }
    follow(list, state)
    for step in 0..<60 {
      try edit(list, updates: true, counter: &counter, using: &random)
      let expected = list.entries.map(\.id).filter { member[$0] == true }
      #expect(state.value.matches == expected, "seed \(seed), step \(step)")
    }
  }
}
