import RosterLocalization

/// A command's arguments, split into options, flags and positionals by the command's
/// ``Command/options`` and ``CommandTable/commonOptions``.
///
/// Options take a value (`--list Names`, `--list=Names`, `-o out.csv`); flags take none
/// (`--json`). `--` ends the options: everything after it is a positional, `-h` too. A lone
/// `-` is a positional (standard input).
struct Arguments {
  /// Positional arguments, in order.
  private(set) var positionals: [String] = []
  private var values: [String: String] = [:]
  private var flags: Set<String> = []
  /// The command's name, for messages.
  let command: String

  /// Parses `arguments` for `command`.
  /// - Parameters:
  ///   - arguments: The command's arguments, after the command's name.
  ///   - command: The command, whose options are accepted besides the common ones.
  /// - Throws: ``CLIError/usage(_:command:)`` for an unknown option or a missing value.
  init(_ arguments: [String], for command: Command) throws(CLIError) {
    self.command = command.name
    let accepted = command.options + CommandTable.commonOptions
    let byName = Dictionary(accepted.map { ($0.name, $0) }) { first, _ in first }
    let shortForms = accepted.compactMap { option in option.short.map { ($0, option.name) } }
    let aliases = Dictionary(shortForms) { first, _ in first }
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
      let option = byName[name]
      if let option, option.value == nil {
        guard inline == nil else {
          throw .usage(localized("The flag %@ takes no value.", name), command: self.command)
        }
        self.flags.insert(name)
      } else if option != nil {
        if let inline {
          values[name] = inline
        } else {
          guard index < arguments.count else {
            throw .usage(localized("The option %@ needs a value.", name), command: self.command)
          }
          values[name] = arguments[index]
          index += 1
        }
      } else {
        throw .usage(
          localized("Unknown option “%1$@” for roster %2$@.", argument, self.command),
          command: self.command)
      }
    }
  }

  /// The value of an option, or `nil` when absent.
  func value(_ option: OptionKey) -> String? { values[option.name] }

  /// Whether a flag is present.
  func has(_ flag: OptionKey) -> Bool { flags.contains(flag.name) }

  /// A usage error of this command: its message points to the command's help.
  func usage(_ message: String) -> CLIError {
    .usage(message, command: command)
  }

  /// Checks the number of positionals.
  func expect(_ range: ClosedRange<Int>, _ what: String) throws(CLIError) {
    guard range.contains(positionals.count) else {
      throw usage(localized("Expected %@.", what))
    }
  }
}
