/// The translation of `msgid` into the user's language, or `msgid` itself (the C locale, a
/// language without a catalog, a message not translated yet).
///
/// `make pot` extracts every literal passed to `localized` (xgettext, keyword `localized`), so
/// pass a literal, never a variable or an interpolated string: `localized("Show the version.")`.
/// A multi-line literal (`"""`) and literals joined with `+` are extracted as Swift reads them.
/// - Complexity: O(*n*) in the message's length (a hash lookup in the catalog).
public func localized(_ msgid: String) -> String {
  Localization.translation(of: msgid)
}

/// The translation of the format `msgid`, with `arguments` put in: `%@` takes the next
/// argument, `%1$@` the first (translations may reorder them), `%%` is a percent sign.
///
/// ```swift
/// localized("Added %@ to “%@”.", name, title)
/// ```
/// - Complexity: O(*n*) in the length of the message and its arguments.
public func localized(_ msgid: String, _ arguments: any CustomStringConvertible...) -> String {
  MessageFormat.fill(Localization.translation(of: msgid), with: arguments.map(\.description))
}

/// The translation of `singular` or `plural`, whichever form the user's language uses for
/// `count` (gettext's plural rules: German and English have two, Polish three), with
/// `arguments` put in as ``localized(_:_:)`` does; `count` itself is not put in unless it is
/// one of the arguments.
///
/// ```swift
/// localizedPlural("%@ entry", "%@ entries", count: n, n)
/// ```
/// `make pot` extracts both literals (keyword `localizedPlural:1,2`).
/// - Complexity: O(*n*) in the length of the message and its arguments.
public func localizedPlural(
  _ singular: String, _ plural: String, count: Int, _ arguments: any CustomStringConvertible...
) -> String {
  MessageFormat.fill(
    Localization.translation(of: singular, plural: plural, count: count),
    with: arguments.map(\.description))
}
