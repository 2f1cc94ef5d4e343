import Foundation
import RosterAppCore
import RosterKit
import Testing

@Suite struct ListChangeTrimmingTests {
  @Test func aRemoveAndReinsertInPlaceChangesNothing() throws {
    let source = RosterList(title: "t", rule: .text)
    for name in ["Anna", "Bob", "Chiara"] { try source.append(name) }
    let bob = source[1]
    let replay = RosterList(title: "t", rule: .text, entries: source.entries.map { $0 })
    var seen: [ListChange] = []
    replay.addObserver { seen.append($0) }
    replay.apply([
      .remove(bob, offset: 1, after: nil), .insert(bob, offset: 1, after: source[0].id),
    ])
    let change = try #require(seen.last)
    let cover = try #require(change.splices.covering(countAfter: replay.count))
    let after = (cover.offset..<cover.offset + cover.inserted).map { replay[$0].id }
    #expect(change.trimmed(cover, after: after) == nil)
  }

  @Test func anAppendReplayedWithOwnEntriesIsJustTheAppend() throws {
    let list = RosterList(title: "t", rule: .text)
    for name in ["Anna", "Bob"] { try list.append(name) }
    let anna = list[0]
    let bob = list[1]
    let kofi = Entry(id: UUID(), text: "Kofi", created: Date())
    var seen: [ListChange] = []
    list.addObserver { seen.append($0) }
    list.apply([
      .remove(anna, offset: 0, after: nil), .remove(bob, offset: 1, after: nil),
      .insert(anna, offset: 0, after: nil), .insert(bob, offset: 1, after: anna.id),
      .insert(kofi, offset: 2, after: bob.id),
    ])
    let change = try #require(seen.last)
    let cover = try #require(change.splices.covering(countAfter: list.count))
    let after = (cover.offset..<cover.offset + cover.inserted).map { list[$0].id }
    #expect(change.trimmed(cover, after: after) == Splice(offset: 2, removed: 0, inserted: 1))
  }

  @Test func aRealMoveIsAChange() throws {
    let list = RosterList(title: "t", rule: .text)
    for name in ["Anna", "Bob", "Chiara"] { try list.append(name) }
    var seen: [ListChange] = []
    list.addObserver { seen.append($0) }
    try list.move(id: list[2].id, toOffset: 0)
    let change = try #require(seen.last)
    let cover = try #require(change.splices.covering(countAfter: list.count))
    let after = (cover.offset..<cover.offset + cover.inserted).map { list[$0].id }
    #expect(change.trimmed(cover, after: after) == Splice(offset: 0, removed: 3, inserted: 3))
  }
}
