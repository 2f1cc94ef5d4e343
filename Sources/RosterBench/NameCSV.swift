import Foundation

/// Large CSV files of valid personal names for the import benchmarks: `text,category`, a third
/// of the rows in category `Staff`, written a megabyte at a time.
enum NameCSV {
  /// Writes `rows` names to `url`.
  /// - Complexity: O(rows).
  static func write(rows: Int, to url: URL) throws {
    let first = ListBench.names
    let last = ["Lindqvist", "Smith", "Nowak", "García", "Okafor", "Ivanova", "Tanaka", "Müller"]
    _ = FileManager.default.createFile(atPath: url.path, contents: nil)
    let handle = try FileHandle(forWritingTo: url)
    var chunk = "text,category\n"
    for row in 0..<rows {
      chunk += "\(first[row % first.count]) \(last[row / first.count % last.count]),"
      chunk += row % 3 == 0 ? "Staff\n" : "\n"
      if chunk.utf8.count > 1 << 20 {
        try handle.write(contentsOf: Data(chunk.utf8))
        chunk = ""
      }
    }
    try handle.write(contentsOf: Data(chunk.utf8))
    try handle.close()
  }
}
