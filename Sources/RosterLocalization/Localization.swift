import CGettext
import Foundation

/// Where Roster's translations come from: gettext's `roster` domain, found once at start-up.
///
/// ```swift
/// Localization.setUp()              // first thing in main
/// print(localized("Added %@.", name))
/// ```
public enum Localization {
  /// The gettext domain: catalogs are `LL/LC_MESSAGES/roster.mo`.
  public static let domain = "roster"

  /// Reads the user's language from the environment (`LC_ALL`, `LC_MESSAGES`, `LANG`, then
  /// `LANGUAGE` as gettext does) and binds the `roster` domain to the catalog folder
  /// ``catalogDirectory(environment:executable:)`` finds. Only messages, character types and
  /// the digit groups of counts a person reads (``GroupedNumber``) follow the locale: other
  /// numbers, dates and collation stay as in the C locale, so that output other programs read
  /// does not change with the reader's language. Call it once, before any message is looked up;
  /// the C locale (or no catalog) leaves every message in English.
  public static func setUp() {
    _ = setlocale(LC_CTYPE, "")
    _ = setlocale(LC_MESSAGES, "")
    let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
    let environment = ProcessInfo.processInfo.environment
    GroupedNumber.adopt(environment: environment)
    if let folder = catalogDirectory(environment: environment, executable: executable) {
      _ = bindtextdomain(domain, folder)
    }
    _ = bind_textdomain_codeset(domain, "UTF-8")
  }

  /// The folder holding the catalogs, the first of: `$ROSTER_LOCALEDIR`; `PREFIX/share/locale`
  /// when the executable is `PREFIX/bin/…` and that folder has a Roster catalog (an
  /// installation); `locale/` beside the executable (a build folder, where `make locale`
  /// compiles `po/`). `nil` leaves gettext's default, the system's `share/locale`.
  /// - Complexity: O(*k*) file-system checks, for *k* languages installed.
  public static func catalogDirectory(environment: [String: String], executable: String?)
    -> String?
  {
    if let folder = environment["ROSTER_LOCALEDIR"], !folder.isEmpty { return folder }
    guard let executable else { return nil }
    let bin = URL(fileURLWithPath: executable).deletingLastPathComponent()
    let candidates = [
      bin.deletingLastPathComponent().appendingPathComponent("share/locale").path,
      bin.appendingPathComponent("locale").path,
    ]
    return candidates.first(where: hasCatalog)
  }

  /// Whether `folder` holds a `roster.mo` for some language.
  private static func hasCatalog(_ folder: String) -> Bool {
    let languages = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return languages.contains { language in
      FileManager.default.fileExists(atPath: "\(folder)/\(language)/LC_MESSAGES/\(domain).mo")
    }
  }

  /// The form for `count` of the translation of `singular`/`plural`, or the English form.
  static func translation(of singular: String, plural: String, count: Int) -> String {
    let english = count == 1 ? singular : plural
    let number = UInt(clamping: count.magnitude)
    return singular.withCString { one in
      plural.withCString { many in
        // Untranslated, gettext returns one of the two keys, which live only in here.
        guard let found = dngettext(domain, one, many, number),
          found != UnsafeMutablePointer(mutating: one),
          found != UnsafeMutablePointer(mutating: many)
        else { return english }
        return String(cString: found)
      }
    }
  }

  /// The translation of `msgid` in the `roster` domain, or `msgid` itself.
  static func translation(of msgid: String) -> String {
    guard !msgid.isEmpty else { return msgid }  // gettext("") is the catalog's header
    return msgid.withCString { key in
      // Without a translation gettext returns `key` itself, which lives only in this closure.
      guard let found = dgettext(domain, key), found != UnsafeMutablePointer(mutating: key)
      else { return msgid }
      return String(cString: found)
    }
  }
}
