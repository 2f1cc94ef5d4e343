import RosterAppCore
import Testing

@Suite struct SearchPacerTests {
  @Test func aCheapSearchRunsAtOnce() {
    var pacer = SearchPacer()
    pacer.record(.microseconds(300), entries: 100)
    #expect(pacer.timing(entries: 100) == .now)
    pacer.record(.milliseconds(7), entries: 100_000)
    #expect(pacer.timing(entries: 100_000) == .now)
  }

  @Test func anExpensiveSearchWaitsForTheKeystrokesFrameAndLongerTheMoreItCosts() {
    var pacer = SearchPacer()
    pacer.record(.milliseconds(20), entries: 1_000_000)
    // 20 ms × 20 ms / 100 ms: the keystroke's own frame covers most of it.
    #expect(pacer.timing(entries: 1_000_000) == .afterFrame(delay: .milliseconds(4)))
    pacer.record(.milliseconds(100), entries: 1_000_000)
    #expect(pacer.timing(entries: 1_000_000) == .afterFrame(delay: .milliseconds(100)))
    pacer.record(.seconds(2), entries: 1_000_000)
    #expect(pacer.timing(entries: 1_000_000) == .afterFrame(delay: .milliseconds(300)))
  }

  @Test func theWaitGrowsWithTheCost() {
    var pacer = SearchPacer()
    var last = Duration.zero
    for milliseconds in stride(from: 10, through: 400, by: 10) {
      pacer.record(.milliseconds(milliseconds), entries: 1_000_000)
      guard case .afterFrame(let delay) = pacer.timing(entries: 1_000_000) else {
        Issue.record("a \(milliseconds) ms search ran at once")
        return
      }
      #expect(delay >= last)
      #expect(delay <= .milliseconds(300))
      last = delay
    }
  }

  @Test func theLastSearchDecides() {
    var pacer = SearchPacer()
    pacer.record(.milliseconds(60), entries: 1_000_000)
    #expect(pacer.timing(entries: 1_000_000) != .now)
    // The machine got less busy, or the query narrowed: the next keystroke is searched at once.
    pacer.record(.milliseconds(5), entries: 1_000_000)
    #expect(pacer.timing(entries: 1_000_000) == .now)
    #expect(pacer.lastSearch?.duration == .milliseconds(5))
    #expect(pacer.lastSearch?.entries == 1_000_000)
  }

  @Test func theCostScalesWithTheListsSize() {
    var pacer = SearchPacer()
    pacer.record(.milliseconds(30), entries: 1_000_000)
    #expect(pacer.estimatedCost(entries: 100_000) == .milliseconds(3))
    #expect(pacer.timing(entries: 100_000) == .now)
    #expect(pacer.estimatedCost(entries: 2_000_000) == .milliseconds(60))
    // A short list's fixed cost is not multiplied by a long list's size.
    pacer.record(.milliseconds(1), entries: 10)
    #expect(pacer.estimatedCost(entries: 1_000_000) == .milliseconds(100))
  }

  @Test func beforeAnySearchItAssumesACostPerEntry() {
    let pacer = SearchPacer(assumedNanosecondsPerEntry: 40)
    #expect(pacer.lastSearch == nil)
    #expect(pacer.timing(entries: 1_000) == .now)
    #expect(pacer.estimatedCost(entries: 1_000_000) == .milliseconds(40))
    #expect(pacer.timing(entries: 1_000_000) == .afterFrame(delay: .milliseconds(16)))
  }
}
