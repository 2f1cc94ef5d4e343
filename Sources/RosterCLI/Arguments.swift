/// A command's arguments, split into options, flags and positionals by a small spec.
///
/// Options take a value (`--list Names`, `--list=Names`, `-o out.csv`); flags take none
/// (`--json`). `--` ends the options; a lone `-` is a positional (standard input).
struct Arguments {
  /// Positional arguments, in order.
  private(set) var positionals: [String] = []
  private var values: [String: String] = [:]
  private var flags: Set<String> = []

  /// Options every command accepts.
  static let globalOptions: Set<String> = ["--db"]
  /// Flags every command accepts.
  static let globalFlags: Set<String> = ["--help"]

  /// Parses `arguments` for `command`, accepting the options and flags named (long form).
  /// - Parameters:
  ///   - arguments: The command's arguments, after the command's name.
  ///   - command: The command's name, for messages.
  ///   - options: Options that take a value.
  ///   - flags: Options that take none.
  ///   - aliases: Short forms, such as `["-o": "--output", "-h": "--help"]`.
  /// - Throws: ``CLIError/usage(_:command:)`` for an unknown option or a missing value.
  init(
    _ arguments: [String], command: String, options: Set<String> = [], flags: Set<String> = [],
    aliases: [String: String] = [:]
  ) throws(CLIError) {
    let options = options.union(Self.globalOptions)
    let flags = flags.union(Self.globalFlags)
    let aliases = aliases.merging(["-h": "--help"]) { first, _ in first }
    var index = 0
    var optionsEnded = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      guard !optionsEnded, argument.hasPrefix("-"), argument != "-" else {
        positionals.append(argument)
        continue
      }
      if argument == "--" {
        optionsEnded = true
        continue
      }
      var name = argument
      var inline: String?
      if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
        name = String(argument[..<equals])
        inline = String(argument[argument.index(after: equals)...])
      }
      name = aliases[name] ?? name
      if flags.contains(name) {
        guard inline == nil else {
          throw .usage("The flag \(name) takes no value.", command: command)
        }
        self.flags.insert(name)
      } else if options.contains(name) {
        if let inline {
          values[name] = inline
        } else {
          guard index < arguments.count else {
            throw .usage("The option \(name) needs a value.", command: command)
          }
          values[name] = arguments[index]
          index += 1
        }
      } else {
        let what = command.isEmpty ? "roster" : "roster \(command)"
        throw .usage("Unknown option “\(argument)” for \(what).", command: command)
      }
    }
  }

  /// The value of an option, or `nil` when absent.
  func value(_ option: String) -> String? { values[option] }

  /// Whether a flag is present.
  func has(_ flag: String) -> Bool { flags.contains(flag) }

  /// Checks the number of positionals.
  func expect(_ range: ClosedRange<Int>, _ what: String, command: String) throws(CLIError) {
    guard range.contains(positionals.count) else {
      throw .usage("Expected \(what).", command: command)
    }
  }
}
