// A pattern rule's regular expression, compiled once when the rule is made.
//
// Swift's `Regex` is the engine: it reports why a pattern does not compile ("expected ']'"),
// where Foundation's NSRegularExpression on Linux only says "The value is invalid". It matches
// by grapheme cluster, so `.` and `[a-z]` see characters as a person does.

/// The compiled form of a pattern; reference-typed so `Rule` stays cheap to copy, and left out
/// of `Rule`'s equality, which compares the source.
///
/// `@unchecked`: `Regex` is Sendable only when its output is, and `AnyRegexOutput` (the output
/// of a regex built from a string) is not marked so. The regex is immutable after `init` and
/// its matching state is per call, so sharing it across tasks is safe.
final class CompiledPattern: @unchecked Sendable {
  let regex: Regex<AnyRegexOutput>

  /// Compiles `source`, or throws the engine's message.
  init(_ source: String) throws(RosterError) {
    do {
      regex = try Regex(source)
    } catch {
      throw .invalidPattern(source, String(describing: error))
    }
  }

  /// Whether the regex matches the whole of `text`.
  func matchesWhole(_ text: String) -> Bool {
    ((try? regex.wholeMatch(in: text)) ?? nil) != nil
  }
}
