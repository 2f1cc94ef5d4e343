import Foundation

/// Shell completion scripts for `roster`, written from ``CommandTable``: commands, subcommands
/// and each command's options complete, and file names where a value is a file (`--db PATH`,
/// `-o FILE`, `import FILE`). `make man` writes them (through the `roster-docs` tool).
public enum ShellCompletion: String, CaseIterable, Sendable {
  /// bash, through `complete -F`.
  case bash
  /// zsh, as a `#compdef` function.
  case zsh
  /// fish, as `complete` lines.
  case fish

  /// Where the script goes under the installation prefix, as each shell looks for it.
  public var installPath: String {
    switch self {
    case .bash: "share/bash-completion/completions/roster"
    case .zsh: "share/zsh/site-functions/_roster"
    case .fish: "share/fish/vendor_completions.d/roster.fish"
    }
  }

  /// The script.
  /// - Complexity: O(c) in the number of commands.
  public var script: String {
    switch self {
    case .bash: Self.bashScript
    case .zsh: Self.zshScript
    case .fish: Self.fishScript
    }
  }

  private static let generated =
    "# Generated from RosterCLI's command table by roster-docs (make man): do not edit."

  /// The first words of every command, in table order: `lists`, `add`, …
  private static var topLevel: [String] {
    var seen: Set<String> = []
    return CommandTable.commands.compactMap { command in
      let first = String(command.name.split(separator: " ")[0])
      return seen.insert(first).inserted ? first : nil
    }
  }

  /// What may come first: a command, or an option of the program itself.
  private static var firstWords: String {
    (topLevel + CommandTable.programOptions.flatMap(\.words)).joined(separator: " ")
  }

  /// The subcommands of a group such as `lists`: `create`, `rename`, `delete`.
  private static func subcommands(of group: String) -> [String] {
    CommandTable.commands.compactMap { command in
      let words = command.name.split(separator: " ")
      return words.count == 2 && words[0] == group ? String(words[1]) : nil
    }
  }

  /// Every option word a command takes, its own and the common ones.
  private static func optionWords(_ command: Command) -> [String] {
    (command.options + CommandTable.commonOptions).flatMap(\.words)
  }

  /// Options whose value is a file name.
  private static let fileOptions = Set(
    (CommandTable.commands.flatMap(\.options) + CommandTable.commonOptions)
      .filter { ["FILE", "PATH"].contains($0.value ?? "") }.flatMap(\.words))

  /// Options that take a value, whose next word is not a command.
  private static let valueOptions = Set(
    (CommandTable.commands.flatMap(\.options) + CommandTable.commonOptions)
      .filter { $0.value != nil }.flatMap(\.words))

  /// Commands whose positional arguments are files.
  private static let fileCommands: Set<String> = ["import"]

  private static var bashScript: String {
    var cases = ""
    for command in CommandTable.commands {
      let words = (subcommands(of: command.name) + optionWords(command)).joined(separator: " ")
      cases += "    \"\(command.name)\") words=\"\(words)\" ;;\n"
    }
    return """
      \(generated)
      # bash completion for roster(1).
      _roster() {
        local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}
        local command="" word i words
        case "$prev" in
          \(fileOptions.sorted().joined(separator: "|"))) COMPREPLY=($(compgen -f -- "$cur")); return ;;
          \(valueOptions.subtracting(fileOptions).sorted().joined(separator: "|"))) return ;;
        esac
        for ((i = 1; i < COMP_CWORD; i++)); do
          word=${COMP_WORDS[i]}
          case "$word" in
            \(valueOptions.sorted().joined(separator: "|"))) ((i++)) ;;
            -*) ;;
            *)
              if [ -z "$command" ]; then command=$word
              elif [ "$command" = "${command% *}" ]; then
                case "$command $word" in
                  \(subcommandNames.joined(separator: "|"))) command="$command $word" ;;
                esac
              fi ;;
          esac
        done
        case "$command" in
          "") words="\(firstWords)" ;;
      \(cases)    *) words="" ;;
        esac
        if [[ "$cur" != -* ]] && [[ " \(fileCommands.sorted().joined(separator: " ")) " == *" $command "* ]]; then
          COMPREPLY=($(compgen -f -- "$cur"))
          return
        fi
        COMPREPLY=($(compgen -W "$words" -- "$cur"))
      }
      complete -F _roster roster

      """
  }

  /// `lists create`, `categories color`, …: every two-word command name.
  private static var subcommandNames: [String] {
    CommandTable.commands.map(\.name).filter { $0.contains(" ") }.map { "\"\($0)\"" }
  }

  private static var zshScript: String {
    var cases = ""
    for command in CommandTable.commands {
      let words = (subcommands(of: command.name) + optionWords(command)).joined(separator: " ")
      cases += "    '\(command.name)') candidates=(\(words)) ;;\n"
    }
    return """
      #compdef roster
      \(generated)
      _roster() {
        local command="" word prev=${words[CURRENT-1]}
        local -a candidates
        local i
        case "$prev" in
          \(fileOptions.sorted().joined(separator: "|"))) _files; return ;;
          \(valueOptions.subtracting(fileOptions).sorted().joined(separator: "|"))) return ;;
        esac
        for ((i = 2; i < CURRENT; i++)); do
          word=${words[i]}
          case "$word" in
            \(valueOptions.sorted().joined(separator: "|"))) ((i++)) ;;
            -*) ;;
            *)
              if [[ -z "$command" ]]; then command=$word
              elif [[ "$command" != *" "* ]]; then
                case "$command $word" in
                  \(subcommandNames.map { $0.replacingOccurrences(of: "\"", with: "'") }.joined(separator: "|"))) command="$command $word" ;;
                esac
              fi ;;
          esac
        done
        case "$command" in
          '') candidates=(\(firstWords)) ;;
      \(cases)  esac
        if [[ ${words[CURRENT]} != -* && " \(fileCommands.sorted().joined(separator: " ")) " == *" $command "* ]]; then
          _files
          return
        fi
        compadd -a candidates
      }
      _roster "$@"

      """
  }

  /// One line on what `command` does: its summary in `roster --help`, else the first sentence
  /// of its description (`show`, `import`: their listing is a synopsis alone).
  private static func summary(of command: Command) -> String {
    if let listed = command.listing?.summary, !listed.isEmpty {
      return listed.joined(separator: " ")
    }
    let paragraph =
      command.description.components(separatedBy: "\n\n").first?
      .split(separator: "\n").joined(separator: " ") ?? ""
    guard let end = paragraph.range(of: ". ") else { return paragraph }
    return String(paragraph[..<end.upperBound].dropLast())
  }

  /// The commands under a group (`lists create`, …), in table order.
  private static func subcommandCommands(of group: String) -> [Command] {
    CommandTable.commands.filter { $0.name.hasPrefix(group + " ") }
  }

  /// ` -d '…'`: a fish description, quoted.
  private static func fishDescription(_ text: String) -> String {
    " -d '\(text.replacingOccurrences(of: "'", with: "\\'"))'"
  }

  private static var fishScript: String {
    var lines = [generated, "# fish completion for roster(1).", "complete -c roster -f"]
    let groups = Set(
      CommandTable.commands.map(\.name).filter { $0.contains(" ") }.map {
        String($0.split(separator: " ")[0])
      })
    for group in topLevel where CommandTable.command(named: group) == nil {
      let text = subcommandCommands(of: group).map(Self.summary(of:)).joined(separator: " ")
      lines.append(
        "complete -c roster -n __fish_use_subcommand -a \(group)" + fishDescription(text))
    }
    for command in CommandTable.commands {
      let words = command.name.split(separator: " ").map(String.init)
      let described = fishDescription(summary(of: command))
      if words.count == 1 {
        lines.append("complete -c roster -n __fish_use_subcommand -a \(words[0])" + described)
      } else {
        let others = subcommands(of: words[0]).joined(separator: " ")
        lines.append(
          "complete -c roster -n '__fish_seen_subcommand_from \(words[0]); and not "
            + "__fish_seen_subcommand_from \(others)' -a \(words[1])" + described)
      }
      let condition =
        words.count == 1 && groups.contains(words[0])
        ? "__fish_seen_subcommand_from \(words[0]); and not __fish_seen_subcommand_from "
          + subcommands(of: words[0]).joined(separator: " ")
        : "__fish_seen_subcommand_from \(words.last!)"
      for option in command.options {
        var line = "complete -c roster -n '\(condition)' -l \(option.name.dropFirst(2))"
        if let short = option.short { line += " -s \(short.dropFirst())" }
        if option.value != nil { line += fileOptions.contains(option.name) ? " -r -F" : " -r" }
        if let help = option.help?.split(separator: "\n").joined(separator: " ") {
          line += fishDescription(help)
        }
        lines.append(line)
      }
      if fileCommands.contains(command.name) {
        lines.append("complete -c roster -n '\(condition)' -F")
      }
    }
    lines.append("complete -c roster -l db -r -F -d 'The database file.'")
    lines.append("complete -c roster -s h -l help -d 'Show help for the command.'")
    lines.append("complete -c roster -n __fish_use_subcommand -l version -d 'Show the version.'")
    return lines.joined(separator: "\n") + "\n"
  }
}
