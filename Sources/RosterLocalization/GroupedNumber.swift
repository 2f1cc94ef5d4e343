import Foundation
import Synchronization

/// Counts as people read them, in the reader's locale: 1000000 as “1,000,000” in English and
/// the C locale, “1.000.000” in German. The one formatter for grouped digits: the app's labels,
/// the CLI's progress line and printed pages all use it.
public enum GroupedNumber {
  /// `number` with the reader's ``separator`` between each group of three digits.
  /// - Complexity: O(d) in the number of digits.
  public static func text(_ number: Int) -> String {
    text(number, separator: separator)
  }

  /// `number` with `separator` between each group of three digits: `-1,234,567`.
  /// - Complexity: O(d) in the number of digits.
  public static func text(_ number: Int, separator: String) -> String {
    var digits = Substring(String(number.magnitude))
    var groups: [Substring] = []
    while digits.count > 3 {
      groups.append(digits.suffix(3))
      digits.removeLast(3)
    }
    groups.append(digits)
    return (number < 0 ? "-" : "") + groups.reversed().joined(separator: separator)
  }

  /// What ``text(_:)`` puts between groups: the separator of the reader's numeric locale once
  /// ``Localization/setUp()`` has read it, and `,` before that (in tests, which never call it).
  public static var separator: String {
    current.withLock { $0 }
  }

  private static let current = Mutex(",")

  /// The group separator of the numeric locale `environment` names (`LC_ALL`, else
  /// `LC_NUMERIC`, else `LANG`), from CLDR's data, so that the locale need not be generated:
  /// `.` for `de_DE.UTF-8`; `,` for English, the C locale and a locale without one.
  public static func separator(environment: [String: String]) -> String {
    let name = ["LC_ALL", "LC_NUMERIC", "LANG"].lazy.compactMap { environment[$0] }
      .first { !$0.isEmpty }
    guard let name, name != "POSIX", name != "C", !name.hasPrefix("C.") else { return "," }
    let identifier = name.prefix { $0 != "." && $0 != "@" }
    let found = Locale(identifier: String(identifier)).groupingSeparator ?? ""
    return found.isEmpty ? "," : found
  }

  /// Reads the reader's separator from `environment` (``Localization/setUp()``).
  static func adopt(environment: [String: String]) {
    let found = separator(environment: environment)
    current.withLock { $0 = found }
  }
}
