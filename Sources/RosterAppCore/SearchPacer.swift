/// When the window runs a search after a keystroke in the search field, from what searches
/// have cost lately: at once when one costs less than a frame, else after the keystroke's frame
/// and a wait that grows with the cost.
///
/// GtkSearchEntry waits a fixed 150 ms after each keystroke; a search of a short list takes well
/// under a millisecond, and one of a million entries a few frames. The wait is
/// cost × cost / ``typingInterval``: a search of a few frames barely waits (the keystroke's own
/// frame covers it), one as long as the gap between a fast typist's keystrokes waits that gap,
/// so while the person types faster than the list can be searched, it does not search at all
/// and each keystroke shows at once. The wait never exceeds ``maximumDelay``.
///
/// The cost is the last search's duration, scaled to the list's size now: ``record(_:entries:)``
/// after each search. Before any, it assumes ``assumedNanosecondsPerEntry``.
public struct SearchPacer: Equatable, Sendable {
  /// When to search.
  public enum Timing: Equatable, Sendable {
    /// In the keystroke's handler, before its frame: the frame shows the keystroke and the
    /// results together.
    case now
    /// After the frame that shows the keystroke, and no earlier than `delay` after the
    /// keystroke; a keystroke meanwhile starts the wait again.
    case afterFrame(delay: Duration)
  }

  /// A search cheaper than this runs at once.
  public let frameBudget: Duration
  /// The gap between a fast typist's keystrokes: a search that long waits that long.
  public let typingInterval: Duration
  /// The longest wait.
  public let maximumDelay: Duration
  /// The cost per entry assumed before any search was measured.
  public let assumedNanosecondsPerEntry: Int64

  /// A search's cost: how long it took on a list of how many entries.
  public struct Measurement: Equatable, Sendable {
    /// How long it took.
    public var duration: Duration
    /// The list's size then.
    public var entries: Int
  }

  /// The last search measured.
  public private(set) var lastSearch: Measurement?

  /// Lists shorter than this are costed as if this long: a short list's search is mostly a
  /// fixed cost (the rows to rebind), which must not be multiplied by a long list's size.
  private static let smallestScaled = 10_000

  /// A pacer that has measured nothing yet.
  /// - Parameters:
  ///   - frameBudget: A search cheaper than this runs at once (half a 60 Hz frame by default,
  ///     leaving the other half to lay out and paint).
  ///   - typingInterval: The gap between a fast typist's keystrokes.
  ///   - maximumDelay: The longest wait.
  ///   - assumedNanosecondsPerEntry: The cost per entry until a search is measured.
  public init(
    frameBudget: Duration = .milliseconds(8), typingInterval: Duration = .milliseconds(100),
    maximumDelay: Duration = .milliseconds(300), assumedNanosecondsPerEntry: Int64 = 40
  ) {
    self.frameBudget = frameBudget
    self.typingInterval = typingInterval
    self.maximumDelay = maximumDelay
    self.assumedNanosecondsPerEntry = assumedNanosecondsPerEntry
  }

  /// What a search of a list of `entries` entries is expected to cost.
  /// - Complexity: O(1).
  public func estimatedCost(entries: Int) -> Duration {
    guard let lastSearch else {
      return .nanoseconds(Int64(entries) * assumedNanosecondsPerEntry)
    }
    let now = max(entries, Self.smallestScaled)
    let then = max(lastSearch.entries, Self.smallestScaled)
    return .nanoseconds(Self.nanoseconds(lastSearch.duration) * Int64(now) / Int64(then))
  }

  /// When to run a search of a list of `entries` entries.
  /// - Complexity: O(1).
  public func timing(entries: Int) -> Timing {
    let cost = estimatedCost(entries: entries)
    guard cost >= frameBudget else { return .now }
    let nanoseconds = Double(Self.nanoseconds(cost))
    let delay = nanoseconds * nanoseconds / Double(Self.nanoseconds(typingInterval))
    let longest = Self.nanoseconds(maximumDelay)
    return .afterFrame(delay: .nanoseconds(delay < Double(longest) ? Int64(delay) : longest))
  }

  private static func nanoseconds(_ duration: Duration) -> Int64 {
    let (seconds, attoseconds) = duration.components
    return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
  }

  /// Notes that a search of a list of `entries` entries took `duration`.
  public mutating func record(_ duration: Duration, entries: Int) {
    lastSearch = Measurement(duration: duration, entries: entries)
  }
}
