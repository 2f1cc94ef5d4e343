/// One longest strictly increasing subsequence of a sequence of integers: the entries that may
/// stay where they are when a list is reordered (a sort, a watcher's reload), so that only the
/// others move.
public enum LongestIncreasingSubsequence {
  /// The values of one longest strictly increasing subsequence of `values`, in order; among
  /// equally long ones, the one patience sorting ends with.
  /// - Complexity: O(n log n) (patience sorting).
  public static func values(in values: [Int]) -> [Int] {
    var tails: [Int] = []  // positions in `values` ending the best run of each length
    var previous = [Int](repeating: -1, count: values.count)
    for (position, value) in values.enumerated() {
      var low = 0
      var high = tails.count
      while low < high {
        let middle = (low + high) / 2
        if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
      }
      if low > 0 { previous[position] = tails[low - 1] }
      if low == tails.count { tails.append(position) } else { tails[low] = position }
    }
    var result: [Int] = []
    var position = tails.last ?? -1
    while position >= 0 {
      result.append(values[position])
      position = previous[position]
    }
    return result.reversed()
  }
}
