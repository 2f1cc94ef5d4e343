import Foundation
import RosterTestSupport
import Testing

@testable import RosterKit

/// RosterKit's rules for a list the caller has not loaded (`RosterList+Producers.swift`): a
/// store that looks rows up and records the edits these return ends with the list a loaded
/// ``RosterList`` makes of the same actions.
@Suite struct ProducerTests {
  /// A list that is only an array, changed by the producers' edits as a store replays them:
  /// by anchor.
  struct Rows {
    var entries: [Entry] = []

    mutating func replay(_ edits: [ListEdit]) {
      for edit in edits {
        switch edit {
        case .insert(let entry, _, let after):
          let offset = after.flatMap { id in entries.firstIndex { $0.id == id } }.map { $0 + 1 }
          entries.insert(entry, at: offset ?? 0)
        case .remove(let entry, _, _):
          entries.removeAll { $0.id == entry.id }
        case .update(_, let new):
          if let offset = entries.firstIndex(where: { $0.id == new.id }) { entries[offset] = new }
        default:
          break
        }
      }
    }
  }

  static let orders = [
    EntryOrder(), EntryOrder(descending: true), EntryOrder(field: .lastWord),
  ]

  @Test(arguments: orders)
  func addsAndEditsFromRowsMatchTheLoadedList(order: EntryOrder) throws {
    var generator = SeededGenerator(seed: 21)
    let words = ["ann", "Bob", "carl", "ann", "Dora", "eve", "bob"]
    func text() -> String {
      "\(words.randomElement(using: &generator)!) \(words.randomElement(using: &generator)!)"
    }
    let list = try makeList((0..<20).map { _ in text() })
    list.setKeepSorted(order)
    var rows = Rows(entries: Array(list.entries))
    for step in 0..<200 {
      if step % 3 == 2, !rows.entries.isEmpty {
        let offset = Int.random(in: 0..<rows.entries.count, using: &generator)
        let old = rows.entries[offset]
        let newText = text()
        let edited = try list.updateText(of: old.id, to: newText)
        list.endTyping()
        guard
          let new = try RosterList.retexted(old, to: newText, rule: .text, now: { edited.updated })
        else { continue }
        var others = rows.entries
        others.remove(at: offset)
        let move = RosterList.resorting(
          new, predecessor: offset > 0 ? rows.entries[offset - 1].id : nil, keepSorted: order,
          collationProvider: nil, count: others.count
        ) { others[$0] }
        rows.replay([.update(old: old, new: new)] + move)
      } else {
        let entry = try list.append(text())
        let edit = RosterList.insertion(
          of: entry, count: rows.entries.count, last: rows.entries.last?.id, keepSorted: order,
          collationProvider: nil
        ) { rows.entries[$0] }
        rows.replay([edit])
      }
      #expect(rows.entries == Array(list.entries), "step \(step)")
    }
  }

  @Test func withoutAKeptOrderAnEntryGoesAtTheEnd() throws {
    let entry = Entry(id: UUID(), text: "z", created: Date())
    let last = UUID()
    let edit = RosterList.insertion(
      of: entry, count: 3, last: last, keepSorted: nil, collationProvider: nil
    ) { _ in
      Issue.record("no lookup without an order"); return entry
    }
    #expect(edit == .insert(entry, offset: 3, after: last))
  }

  @Test func aNewEntryIsCheckedAndStampedByTheGeneratorsGiven() throws {
    let id = UUID()
    let stamp = Date(timeIntervalSince1970: 1_000)
    let entry = try RosterList.newEntry(
      "  Zoë  ", rule: .text, category: "Staff", now: { stamp }, makeID: { id })
    #expect(entry == Entry(id: id, text: "Zoë", category: "Staff", created: stamp))
    #expect(throws: RosterError.self) {
      try RosterList.newEntry("", rule: .text, category: nil, now: { stamp }, makeID: { id })
    }
  }

  @Test func anAdoptedCategoryIsCreatedOrRecoloured() throws {
    let red = CategoryColor.palette[0]
    let blue = CategoryColor.palette[1]
    let rules = CategoryRules([EntryCategory(name: "Staff", color: red)])
    #expect(try rules.adopting(EntryCategory(name: "   ", color: red)).isEmpty)
    #expect(try rules.adopting(EntryCategory(name: " Staff ", color: red)).isEmpty)
    #expect(
      try rules.adopting(EntryCategory(name: "Staff", color: blue))
        == rules.settingColor(blue, of: "Staff"))
    #expect(
      try rules.adopting(EntryCategory(name: "Guests", color: blue))
        == rules.creating("Guests", color: blue))
  }
}
