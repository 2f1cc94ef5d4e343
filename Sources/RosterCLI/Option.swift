/// An option (`--list TITLE`) or a flag (`--json`) of a command, as the parser and the help
/// read it.
struct Option: Sendable {
  /// The long form: `--category`.
  let name: String
  /// The short form: `-o`.
  let short: String?
  /// The value's placeholder (`C`, `FILE`); `nil` for a flag, which takes no value.
  let value: String?
  /// Its line in the help page's option list, or `nil` when the usage and description cover it.
  let help: String?

  /// An option that takes a value.
  static func option(
    _ name: String, _ value: String, short: String? = nil, help: String? = nil
  ) -> Option {
    Option(name: name, short: short, value: value, help: help)
  }

  /// A flag, which takes no value.
  static func flag(_ name: String, short: String? = nil, help: String? = nil) -> Option {
    Option(name: name, short: short, value: nil, help: help)
  }

  /// The words that select it on a command line, the short form first: `-h`, `--help`.
  var words: [String] { (short.map { [$0] } ?? []) + [name] }

  /// How the option list shows it: `-h, --help`, `--category C`.
  var label: String {
    (short.map { $0 + ", " } ?? "") + name + (value.map { " " + $0 } ?? "")
  }
}
