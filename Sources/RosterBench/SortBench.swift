import Foundation
import RosterCollation
import RosterKit

/// `--only sort`: sorting a list of people's names by the German collation (ICU sort keys),
/// and undoing the sort, against sorting a plain `[Entry]` by the same keys.
struct SortBench {
  let sizes: [Int]
  let runs: Int

  static let given = [
    "Anna", "Łukasz", "Zoë", "Jürgen", "Ölüm", "María José", "Ngozi", "Ольга", "Søren", "Émile",
    "Chloé", "Ärla", "Nguyễn Văn", "Θάλεια", "Ana",
  ]
  static let family = [
    "Müller", "Nowak", "Öberg", "Zander", "Åkesson", "García", "Smith", "Иванова", "Okafor",
    "Dubois", "Schäfer", "Ng", "Παπαδόπουλος", "Adams", "Ærø",
  ]

  /// `n` entries "given family N" in a random order: nearly every entry must move.
  static func entries(_ n: Int) -> [Entry] {
    var generator = SystemRandomNumberGenerator()
    let stamp = Date(timeIntervalSince1970: 1_700_000_000)
    return (0..<n).map { _ in
      let number = UInt32.random(in: 0...UInt32.max, using: &generator)
      let text =
        "\(given.randomElement(using: &generator)!) \(family.randomElement(using: &generator)!)"
        + " \(number)"
      return Entry(id: UUID(), text: text, created: stamp)
    }
  }

  func run() throws -> [String] {
    var lines = [
      "## Sorting (median of \(runs) runs; German collation through ICU \(Collator.icuVersion))",
      "",
      "| n | sort keys | RosterList.sort | undo | [Entry] sorted by the same keys | ratio | moves |",
      "|---|---|---|---|---|---|---|",
    ]
    let collator = try Collator(locale: "de_DE")
    let order = EntryOrder(locale: "de_DE")
    for n in sizes {
      let entries = Self.entries(n)
      var keyTimes: [Double] = []
      var sortTimes: [Double] = []
      var undoTimes: [Double] = []
      var baseTimes: [Double] = []
      var moves = 0
      for _ in 0..<runs {
        keyTimes.append(
          Stopwatch.seconds { _ = entries.map { collator.sortKey(for: $0.text, in: order) } })
        var plain: [Entry] = []
        baseTimes.append(
          Stopwatch.seconds {
            let keys = entries.map { collator.sortKey(for: $0.text, in: order) }
            var indices = Array(entries.indices)
            indices.sort { keys[$0] != keys[$1] ? keys[$0] < keys[$1] : $0 < $1 }
            plain = indices.map { entries[$0] }
          })
        let list = RosterList(title: "Bench", rule: .text, entries: entries)
        var change: ListChange?
        sortTimes.append(Stopwatch.seconds { change = list.sort(order, collation: collator) })
        precondition(list.entries.map(\.id) == plain.map(\.id), "sort differs from baseline")
        moves = change?.insertedIDs.count ?? 0
        undoTimes.append(Stopwatch.seconds { list.undo() })
        precondition(list.entries.map(\.id) == entries.map(\.id), "undo did not restore")
      }
      let sort = Self.median(sortTimes)
      let base = Self.median(baseTimes)
      lines.append(
        "| \(n) | \(Self.format(Self.median(keyTimes))) | \(Self.format(sort)) | "
          + "\(Self.format(Self.median(undoTimes))) | \(Self.format(base)) | "
          + String(format: "%.2f×", sort / base) + " | \(moves) |")
    }
    return lines
  }

  static func median(_ times: [Double]) -> Double { times.sorted()[times.count / 2] }

  static func format(_ seconds: Double) -> String {
    seconds < 1 ? String(format: "%.0f ms", seconds * 1e3) : String(format: "%.2f s", seconds)
  }
}
