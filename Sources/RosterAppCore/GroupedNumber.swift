/// Counts as people read them: 1000000 as “1,000,000”.
public enum GroupedNumber {
  /// `number` with a comma between each group of three digits.
  /// - Complexity: O(d) in the number of digits.
  public static func text(_ number: Int) -> String {
    var digits = String(number.magnitude)
    var groups: [Substring] = []
    while digits.count > 3 {
      groups.insert(Substring(digits.suffix(3)), at: 0)
      digits.removeLast(3)
    }
    groups.insert(Substring(digits), at: 0)
    return (number < 0 ? "-" : "") + groups.joined(separator: ",")
  }
}
