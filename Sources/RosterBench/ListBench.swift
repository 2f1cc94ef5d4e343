import Foundation
import RosterKit
import RosterLaunch

/// RosterKit's single-entry operations against a plain `[Entry]`, at several sizes.
struct ListBench {
  /// One storage row, as SQLite hands it over: a 16-byte id, UTF-8 text, two timestamps.
  struct Row {
    var id: uuid_t
    var text: [UInt8]
    var created: Double
    var updated: Double
  }

  let sizes: [Int]
  /// Whether to add callgrind's instructions and lines per operation (``OperationCounts``).
  var callgrind = false

  /// Short names of a few scripts, 15 UTF-8 bytes or fewer so strings stay inline.
  static let names = [
    "Anna", "Łukasz", "Zoë", "王秀英", "محمد", "Ngozi", "Ольга", "佐藤", "Ama", "Kofi", "Nguyễn",
    "Søren", "Θάλεια", "Aroha", "Chloé",
  ]

  static func makeRows(_ n: Int) -> [Row] {
    (0..<n).map { i in
      Row(
        id: UUID().uuid, text: Array(names[i % names.count].utf8),
        created: 1_700_000_000 + Double(i), updated: 1_700_000_000 + Double(i))
    }
  }

  static func entry(from row: Row) -> Entry {
    Entry(
      id: UUID(uuid: row.id), text: String(decoding: row.text, as: UTF8.self),
      created: Date(timeIntervalSince1970: row.created),
      updated: Date(timeIntervalSince1970: row.updated))
  }

  func run() -> [String] {
    var lines = [
      "## RosterKit list operations (median per call; plain [Entry] baseline in the same run)",
      "",
      HugePages.summary,
      "",
      callgrind
        ? "| n | operation | RosterList | [Entry] | ratio | instructions | lines | from memory |"
        : "| n | operation | RosterList | [Entry] | ratio |",
      callgrind ? "|---|---|---|---|---|---|---|---|" : "|---|---|---|---|---|",
    ]
    var buildLines: [String] = []
    for n in sizes {
      let rows = Self.makeRows(n)
      let (list, build, baseBuild, bytes) = buildBoth(rows)
      buildLines.append(
        "| \(n) | \(String(format: "%.1f ms", baseBuild * 1e3)) | "
          + "\(String(format: "%.1f ms", build * 1e3)) | "
          + String(format: "%.2f×", build / baseBuild) + " | \(bytes / n) B |")
      var plain = Array(list.entries)
      let counts = callgrind ? OperationCounts(n: n) : nil
      lines += operations(list: list, plain: &plain, n: n, counts: counts)
    }
    lines += [
      "",
      "## Building a list from storage rows, and memory",
      "",
      "| n | plain [Entry] | RosterList | ratio | RosterList heap per entry |",
      "|---|---|---|---|---|",
    ]
    lines += buildLines
    if callgrind {
      lines += [
        "",
        "Instructions and lines per operation from callgrind's cache simulation "
          + "(`--profile-ops`): lines = L1 data misses (32 KB), from memory = last-level "
          + "misses (32 MB).",
      ]
    }
    return lines
  }

  /// Builds a plain array and a RosterList from the same rows; returns the list, both times
  /// (median of three) and the list's heap bytes.
  func buildBoth(_ rows: [Row]) -> (RosterList, Double, Double, Int) {
    var baseTimes: [Double] = []
    var listTimes: [Double] = []
    var list: RosterList?
    var bytes = 0
    for _ in 0..<3 {
      var plain: [Entry] = []
      baseTimes.append(Stopwatch.seconds { plain = rows.map(Self.entry) })
      precondition(plain.count == rows.count)
      plain = []
      list = nil
      let before = HeapMeter.bytesInUse()
      listTimes.append(
        Stopwatch.seconds {
          list = RosterList(title: "Bench", rule: .text, entries: rows.map(Self.entry))
        })
      bytes = HeapMeter.bytesInUse() - before
    }
    return (list!, listTimes.sorted()[1], baseTimes.sorted()[1], bytes)
  }

  func operations(list: RosterList, plain: inout [Entry], n: Int, counts: OperationCounts?)
    -> [String]
  {
    var random = SystemRandomNumberGenerator()
    let batch = n >= 1_000_000 ? 20 : 100
    let baseBatch = n >= 1_000_000 ? 2 : 10
    let ids = (0..<4_096).map { _ in list[Int.random(in: 0..<n, using: &random)].id }
    let offsets = (0..<4_096).map { _ in Int.random(in: 0..<n, using: &random) }
    // The edits take the median of 61 batches, not 15: on a shared machine it moves less with a
    // busy neighbour, and at a million entries the 1,220 calls still each reach an entry and an
    // offset no earlier edit touched (fewer than the 4,096 of each).
    let editSamples = 61
    var lines: [String] = []
    var sink = 0

    func row(_ name: String, _ ours: Double, _ base: Double, probe: String? = nil) {
      var line =
        "| \(n) | \(name) | \(Stopwatch.format(ns: ours)) | \(Stopwatch.format(ns: base)) | "
        + String(format: "%.2g×", ours / base) + " |"
      if callgrind {
        if let probe, let measured = counts?.byOperation[probe] {
          line += String(
            format: " %.0f | %.0f | %.0f |", measured.instructions, measured.lines,
            measured.memoryLines)
        } else {
          line += " — | — | — |"
        }
      }
      lines.append(line)
    }

    // Lookups.
    let byOffset = Stopwatch.median(batch: batch * 10) {
      sink &+= list[offsets[$0 & 4095]].text.utf8.count
    }
    let baseByOffset = Stopwatch.median(batch: batch * 10) {
      sink &+= plain[offsets[$0 & 4095]].text.utf8.count
    }
    row("entry at offset", byOffset, baseByOffset)
    let byID = Stopwatch.median(batch: batch * 10) {
      sink &+= list.entry(id: ids[$0 & 4095])!.text.utf8.count
    }
    let baseByID = Stopwatch.median(batch: baseBatch) { i in
      sink &+= plain.first { $0.id == ids[i & 4095] }!.text.utf8.count
    }
    row("entry(id:)", byID, baseByID)
    let offsetOf = Stopwatch.median(batch: batch * 10) { sink &+= list.offset(of: ids[$0 & 4095])! }
    let baseOffsetOf = Stopwatch.median(batch: baseBatch) { i in
      sink &+= plain.firstIndex { $0.id == ids[i & 4095] }!
    }
    row("offset(of:)", offsetOf, baseOffsetOf, probe: "offsetOf")

    // Update by id.
    let update = Stopwatch.median(samples: editSamples, batch: batch) { i in
      _ = try? list.updateText(of: ids[i & 4095], to: i & 1 == 0 ? "Ama" : "Kofi")
      list.endTyping()
    }
    let baseUpdate = Stopwatch.median(batch: baseBatch) { i in
      let index = plain.firstIndex { $0.id == ids[i & 4095] }!
      plain[index].text = i & 1 == 0 ? "Ama" : "Kofi"
    }
    row("update text by id", update, baseUpdate, probe: "update")

    // Insert at a random offset, then remove it by id (keeps n steady).
    var inserted: [UUID] = []
    let insert = Stopwatch.median(samples: editSamples, batch: batch) { i in
      inserted.append(try! list.insert("Nia", at: offsets[i & 4095]).id)
    }
    let remove = Stopwatch.median(samples: editSamples, batch: batch) { _ in
      _ = try! list.remove(id: inserted.removeLast())
    }
    var baseInserted: [UUID] = []
    let baseInsert = Stopwatch.median(batch: baseBatch) { i in
      let entry = Entry(id: UUID(), text: "Nia", created: Date())
      plain.insert(entry, at: offsets[i & 4095])
      baseInserted.append(entry.id)
    }
    let baseRemove = Stopwatch.median(batch: baseBatch) { _ in
      let id = baseInserted.removeLast()
      plain.remove(at: plain.firstIndex { $0.id == id }!)
    }
    row("insert at random offset", insert, baseInsert, probe: "insert")
    row("remove by id", remove, baseRemove, probe: "remove")

    // Move an entry to a random offset.
    let move = Stopwatch.median(samples: editSamples, batch: batch) { i in
      try! list.move(id: ids[i & 4095], toOffset: offsets[(i * 7) & 4095])
    }
    let baseMove = Stopwatch.median(batch: baseBatch) { i in
      let from = plain.firstIndex { $0.id == ids[i & 4095] }!
      let entry = plain.remove(at: from)
      plain.insert(entry, at: offsets[(i * 7) & 4095])
    }
    row("move by id", move, baseMove, probe: "move")

    // Undo the last action (a move) and redo it.
    let undo = Stopwatch.median(samples: editSamples, batch: batch) { i in
      if i & 1 == 0 { list.undo() } else { list.redo() }
    }
    lines.append(
      "| \(n) | undo/redo of a move | \(Stopwatch.format(ns: undo)) | — | — |"
        + (callgrind
          ? counts?.byOperation["undo"].map {
            String(format: " %.0f | %.0f | %.0f |", $0.instructions, $0.lines, $0.memoryLines)
          } ?? " — | — | — |" : ""))

    // A whole search: every entry read, folded and compared once.
    let search = Stopwatch.median(samples: 3, batch: 1) { _ in
      sink &+= list.search("zoe").reduce(0) { count, _ in count + 1 }
    }
    let baseSearch = Stopwatch.median(samples: 3, batch: 1) { _ in
      sink &+= plain.count {
        $0.text.range(of: "zoe", options: [.caseInsensitive, .diacriticInsensitive]) != nil
      }
    }
    row("search (whole list)", search, baseSearch)

    // Searches with no match and with many (a fifth of the names hold a "z"): iterating copies
    // each matching entry, `ids` (what the app's SearchFilter asks for) only its id.
    for (query, label) in [("xq", "no match"), ("z", "~20% match")] {
      let baseIDs = Stopwatch.median(samples: 3, batch: 1) { _ in
        sink &+=
          plain.lazy.filter {
            $0.text.range(of: query, options: [.caseInsensitive, .diacriticInsensitive]) != nil
          }.map(\.id).count
      }
      let iterated = Stopwatch.median(samples: 3, batch: 1) { _ in
        sink &+= list.search(query).map(\.entry.id).count
      }
      row("search \"\(query)\" (\(label)), iterated", iterated, baseIDs)
      let ids = Stopwatch.median(samples: 3, batch: 1) { _ in
        sink &+= list.search(query).ids.count
      }
      row("search \"\(query)\" (\(label)), ids", ids, baseIDs)
      let offsets = Stopwatch.median(samples: 3, batch: 1) { _ in
        sink &+= list.search(query).offsets.count
      }
      row("search \"\(query)\" (\(label)), offsets", offsets, baseIDs)
    }
    if sink == 42 { print("") }
    return lines
  }
}
