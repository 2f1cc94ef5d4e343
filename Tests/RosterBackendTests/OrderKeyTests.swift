import RosterBackend
import Testing

/// `OrderKey`: a key between two neighbours while there is room, and evenly spread keys when
/// they touch.
@Suite struct OrderKeyTests {
  @Test func aKeyBetweenNeighboursWhileThereIsRoom() {
    #expect(OrderKey.between(nil, nil) == 0)
    #expect(OrderKey.between(5, 6) == nil)
    #expect(OrderKey.between(5, 7) == 6)
    #expect(OrderKey.between(Int64.max - 1, nil) == nil)
    #expect(OrderKey.between(-5, nil) == -5 + OrderKey.gap)
    #expect(OrderKey.between(nil, 5) == 5 - OrderKey.gap)
    // The widest span overflows a subtraction: the halves are added instead.
    #expect(OrderKey.between(Int64.min, Int64.max) == -1)
    #expect(OrderKey.between(nil, Int64.min + 1) == nil)
  }

  @Test func keysAreSpreadWhenNeighboursTouch() throws {
    let spread = try #require(OrderKey.spread(3, between: 0, and: 1 << 20))
    #expect(spread.count == 3)
    #expect(spread.first.map { $0 >= OrderKey.minimumSpacing } == true)
    #expect(spread.last.map { (1 << 20) - $0 >= OrderKey.minimumSpacing } == true)
    for (low, high) in zip(spread, spread.dropFirst()) {
      #expect(high - low >= OrderKey.minimumSpacing, "\(spread)")
    }
    #expect(OrderKey.spread(3, between: 0, and: 10) == nil)
  }
}
