/// The placeholders of translatable messages: `%@` (the next argument), `%N$@` (argument N,
/// from 1) and `%%` (a percent sign). Nothing else is special, so a message never depends on
/// the C library's `printf`.
enum MessageFormat {
  /// `format` with its placeholders replaced by `arguments`; a placeholder without an
  /// argument is kept as written, so a bad translation shows, rather than crashes.
  /// - Complexity: O(*n*) in the length of `format` and the arguments.
  static func fill(_ format: String, with arguments: [String]) -> String {
    var result = ""
    var next = 0
    var rest = Substring(format)
    while let percent = rest.firstIndex(of: "%") {
      result += rest[..<percent]
      let after = rest[rest.index(after: percent)...]
      if after.first == "%" {
        result += "%"
        rest = after.dropFirst()
      } else if after.first == "@" {
        result += next < arguments.count ? arguments[next] : "%@"
        next += 1
        rest = after.dropFirst()
      } else if let (number, tail) = positional(after), number >= 1, number <= arguments.count {
        result += arguments[number - 1]
        rest = tail
      } else {
        result += "%"
        rest = after
      }
    }
    return result + rest
  }

  /// `N$@` at the start of `text`: N, and what follows.
  private static func positional(_ text: Substring) -> (Int, Substring)? {
    let digits = text.prefix(while: \.isASCII).prefix(while: \.isNumber)
    let tail = text[digits.endIndex...]
    guard let number = Int(digits), tail.hasPrefix("$@") else { return nil }
    return (number, tail.dropFirst(2))
  }
}
