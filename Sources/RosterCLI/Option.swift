/// An option (`--list TITLE`) or a flag (`--json`) of a command, as the parser and the help
/// read it.
struct Option: Sendable {
  /// The long form, as the key commands read the option's value by: `.category`.
  let key: OptionKey
  /// The long form: `--category`.
  var name: String { key.name }
  /// The short form: `-o`.
  let short: String?
  /// The value's placeholder (`C`, `FILE`); `nil` for a flag, which takes no value.
  let value: String?
  /// Its line in the help page's option list, or `nil` when the usage and description cover it.
  let help: String?

  /// An option that takes a value.
  static func option(
    _ key: OptionKey, _ value: String, short: String? = nil, help: String? = nil
  ) -> Option {
    Option(key: key, short: short, value: value, help: help)
  }

  /// A flag, which takes no value.
  static func flag(_ key: OptionKey, short: String? = nil, help: String? = nil) -> Option {
    Option(key: key, short: short, value: nil, help: help)
  }

  /// The words that select it on a command line, the short form first: `-h`, `--help`.
  var words: [String] { (short.map { [$0] } ?? []) + [name] }

  /// How the option list shows it: `-h, --help`, `--category C`.
  var label: String {
    (short.map { $0 + ", " } ?? "") + name + (value.map { " " + $0 } ?? "")
  }
}

/// The long form of an option or flag, as a key: `.list` for `--list`. Commands declare their
/// options and read their values by these, so a misspelt option does not compile where a
/// misspelt string would read `nil`.
struct OptionKey: Hashable, Sendable {
  /// The long form: `--list`.
  let name: String

  private init(_ name: String) {
    self.name = name
  }

  static let all = OptionKey("--all")
  static let bom = OptionKey("--bom")
  static let by = OptionKey("--by")
  static let category = OptionKey("--category")
  static let categoryColumn = OptionKey("--category-column")
  static let clear = OptionKey("--clear")
  static let countsAs = OptionKey("--counts-as")
  static let csv = OptionKey("--csv")
  static let db = OptionKey("--db")
  static let dryRun = OptionKey("--dry-run")
  static let force = OptionKey("--force")
  static let format = OptionKey("--format")
  static let header = OptionKey("--header")
  static let help = OptionKey("--help")
  static let json = OptionKey("--json")
  static let jsonLines = OptionKey("--json-lines")
  static let list = OptionKey("--list")
  static let locale = OptionKey("--locale")
  static let log = OptionKey("--log")
  static let noHeader = OptionKey("--no-header")
  static let offlineOK = OptionKey("--offline-ok")
  static let output = OptionKey("--output")
  static let pattern = OptionKey("--pattern")
  static let register = OptionKey("--register")
  static let reverse = OptionKey("--reverse")
  static let rule = OptionKey("--rule")
  static let search = OptionKey("--search")
  static let session = OptionKey("--session")
  static let signIn = OptionKey("--sign-in")
  static let skipInvalid = OptionKey("--skip-invalid")
  static let status = OptionKey("--status")
  static let team = OptionKey("--team")
  static let textColumns = OptionKey("--text-columns")
  static let version = OptionKey("--version")
}
