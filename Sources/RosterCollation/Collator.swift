import CICUShim
public import RosterKit

/// A locale's collation through ICU: the sort keys that order texts as people of that locale
/// expect (German puts Ä with A, Swedish after Z, Spanish ñ after n, Czech ch after h).
///
/// The strength is ICU's default, tertiary: base letters decide first, then accents, then
/// case, so "anna" < "Anna" < "Ánna" < "Anton". Texts equal at all three levels tie, and a sort
/// keeps ties in their current order.
///
/// ```swift
/// let german = try Collator(locale: "de_DE.UTF-8")
/// german.sortKey(for: "Äpfel") < german.sortKey(for: "Birnen")   // true
/// ```
///
/// A collator is not safe to share between threads: make one per thread.
public final class Collator: Collating {
  /// The ICU locale id in use, `""` for the root collation.
  public let locale: String
  private let collator: OpaquePointer
  private var buffer = [UInt8](repeating: 0, count: 256)

  /// Opens the collation of `name`, a locale as `LANG` writes it (`de_DE.UTF-8`), a BCP 47 tag
  /// (`de-DE`) or a language (`de`); `""`, `C` and `POSIX` give the root collation.
  /// - Throws: ``CollationError/unknownLocale(_:)`` for a name that is no locale ICU knows, or
  ///   ``CollationError/unavailable(_:)`` when ICU cannot be loaded.
  public init(locale name: String) throws(CollationError) {
    if let failure = roster_icu_load_error() { throw .unavailable(String(cString: failure)) }
    guard let id = Self.localeID(name) else { throw .unknownLocale(name) }
    guard let opened = roster_collator_open(id) else { throw .unknownLocale(name) }
    collator = opened
    locale = id
  }

  deinit {
    roster_collator_close(collator)
  }

  /// The collation of the first locale set in `environment`'s `LC_ALL`, `LC_COLLATE` or
  /// `LANG`, as the C library picks it; the root collation when none is set.
  /// - Throws: ``CollationError/unknownLocale(_:)``.
  public convenience init(environment: [String: String]) throws(CollationError) {
    let name = ["LC_ALL", "LC_COLLATE", "LANG"].lazy.compactMap { environment[$0] }
      .first { !$0.isEmpty }
    try self.init(locale: name ?? "")
  }

  /// Makes collators for ``RosterKit/RosterList/collationProvider``: an unknown locale (a list
  /// stored by a newer ICU) falls back to the root collation, and an ICU without collation data
  /// to Unicode scalar order.
  public static func provider(_ locale: String) -> any Collating {
    (try? Collator(locale: locale)) ?? (try? Collator(locale: "")) ?? ScalarCollation()
  }

  /// ICU's sort key for `text`, without its terminating zero.
  /// - Complexity: O(m) in the text's length.
  public func sortKey(for text: Substring) -> SortKey {
    let units = Array(text.utf16)
    while true {
      let length = Int(
        units.withUnsafeBufferPointer { text in
          buffer.withUnsafeMutableBufferPointer { key in
            roster_collator_sort_key(
              collator, text.baseAddress, Int32(text.count), key.baseAddress,
              Int32(key.count))
          }
        })
      if length <= buffer.count {
        return SortKey(Array(buffer[..<max(length - 1, 0)]))
      }
      buffer = [UInt8](repeating: 0, count: length)
    }
  }

  /// ICU's version, such as "72.1".
  public static var icuVersion: String {
    var text = [CChar](repeating: 0, count: 32)
    roster_icu_version(&text)
    return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// The ICU locale id for a locale name as `LANG`, BCP 47 or a person writes it: the codeset
  /// and modifier dropped (`de_DE.UTF-8@euro` → `de_DE`), hyphens as underscores; `""` for the
  /// C locale; `nil` when it is not a locale of a language ICU knows.
  static func localeID(_ name: String) -> String? {
    let base = String(name.prefix { $0 != "." && $0 != "@" }.map { $0 == "-" ? "_" : $0 })
    if base.isEmpty || base == "C" || base == "POSIX" { return "" }
    let parts = base.split(separator: "_", omittingEmptySubsequences: false)
    guard
      parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isLetter || $0.isNumber } }
      ),
      let language = parts.first, (2...3).contains(language.count), language.allSatisfy(\.isLetter)
    else { return nil }
    let id = parts.enumerated().map { $0 == 0 ? $1.lowercased() : String($1) }
      .joined(separator: "_")
    guard roster_locale_language_known(id) != 0 else { return nil }
    return id
  }
}
