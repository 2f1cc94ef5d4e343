/// Order keys: integers with gaps, so an insert or move picks a key between its neighbours and
/// writes one row, in a list of 10 entries or of 1,000,000.
///
/// Appends step by ``gap``; an insert between two entries takes the midpoint. Only after about
/// 24 inserts at the very same spot do neighbours run out of room; the store then spreads a
/// small window of keys around the spot (see `EntryRowStore.place(after:offset:moving:in:)`).
package enum OrderKey {
  /// The distance between consecutive keys when there is room.
  package static let gap: Int64 = 1 << 24

  /// The least spacing a rebalance must leave between neighbours.
  package static let minimumSpacing: Int64 = 1 << 12

  /// A key strictly between `low` and `high` (`nil`: unbounded), or `nil` when they are adjacent.
  package static func between(_ low: Int64?, _ high: Int64?) -> Int64? {
    switch (low, high) {
    case (nil, nil):
      return 0
    case (let low?, nil):
      let room = Int64.max.subtractingReportingOverflow(low)
      if room.overflow || room.partialValue > gap { return low + gap }
      return room.partialValue >= 2 ? low + room.partialValue / 2 : nil
    case (nil, let high?):
      let room = high.subtractingReportingOverflow(Int64.min)
      if room.overflow || room.partialValue > gap { return high - gap }
      return room.partialValue >= 2 ? high - room.partialValue / 2 : nil
    case (let low?, let high?):
      let span = high.subtractingReportingOverflow(low)
      if span.overflow { return low / 2 + high / 2 }
      return span.partialValue >= 2 ? low + span.partialValue / 2 : nil
    }
  }

  /// `count` evenly spaced keys strictly between `low` and `high`, or `nil` when they would be
  /// closer than ``minimumSpacing``. An open bound spaces keys by ``gap`` from the other bound.
  package static func spread(_ count: Int, between low: Int64?, and high: Int64?) -> [Int64]? {
    let slots = Int64(count) + 1
    switch (low, high) {
    case (nil, nil):
      return (0..<count).map { Int64($0) * gap }
    case (let low?, nil):
      guard low <= Int64.max - slots * gap else { return nil }
      return (1...count).map { low + Int64($0) * gap }
    case (nil, let high?):
      guard high >= Int64.min + slots * gap else { return nil }
      return (1...count).map { high - (slots - Int64($0)) * gap }
    case (let low?, let high?):
      let span = high.subtractingReportingOverflow(low)
      guard !span.overflow else { return nil }
      let step = min(span.partialValue / slots, gap)
      guard step >= minimumSpacing else { return nil }
      return (1...count).map { low + Int64($0) * step }
    }
  }
}
