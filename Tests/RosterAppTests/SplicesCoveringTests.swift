import Foundation
import RosterAppCore
import RosterKit
import Testing

@Suite struct SplicesCoveringTests {
  /// Applies `splice` to a model of ids, taking inserted ids from `final`.
  private func apply(_ splice: Splice, to items: inout [Int], from final: [Int]) {
    items.replaceSubrange(
      splice.offset..<splice.offset + splice.removed,
      with: final[splice.offset..<splice.offset + splice.inserted])
  }

  @Test func oneSpliceCoversAMoveAndScatteredDeletes() throws {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<200 {
      let list = RosterList(title: "t", rule: .text)
      for index in 0..<Int.random(in: 2...30, using: &generator) { try list.append("e\(index)") }
      var seen: [ListChange] = []
      list.addObserver { seen.append($0) }
      let before = list.entries.map(\.id)
      if Bool.random(using: &generator) {
        let from = Int.random(in: 0..<list.count, using: &generator)
        let to = Int.random(in: 0..<list.count, using: &generator)
        try list.move(id: list[from].id, toOffset: to)
      } else {
        let ids = before.filter { _ in Bool.random(using: &generator) }
        if !ids.isEmpty { try list.remove(ids: ids) }
      }
      let after = list.entries.map(\.id)
      guard let change = seen.last, let cover = change.splices.covering(countAfter: after.count)
      else { continue }
      var model = before.map { id in after.firstIndex(of: id) ?? -1 }
      let final = Array(after.indices)
      apply(cover, to: &model, from: final)
      // Outside the cover nothing moved; inside, the model now reads the final list.
      #expect(model == final, "\(change.splices) → \(cover)")
    }
  }
}
