import Foundation
import RosterBackend
import RosterKit
import RosterLocalization
import RosterTransfer

/// `roster check`
extension CommandLineTool {
  func check(_ arguments: Arguments) throws(CLIError) {
    var rule = try rule(arguments)
    if arguments.value(.list) != nil {
      guard rule == nil else {
        throw arguments.usage(localized("Give either --list or --rule, not both."))
      }
      rule = try list(arguments).rule
    }
    let chosen = rule ?? .personalName
    if arguments.has(.jsonLines) {
      try arguments.expect(
        0...0, localized("no NAME with --json-lines (names come on standard input)"))
      try checkLines(with: chosen)
      return
    }
    guard !arguments.positionals.isEmpty else {
      throw arguments.usage(localized("Give at least one NAME to check, or --json-lines."))
    }
    var refused = 0
    for name in arguments.positionals {
      switch chosen.validate(name) {
      case .valid(let normalized):
        let note = normalized == name ? "" : localized(" (stored as “%@”)", normalized)
        out.line(
          localized(
            "%1$@: “%2$@”%3$@", out.styled(localized("valid"), "32"), StoreError.visible(name), note
          ))
      case .invalid(let refusal):
        refused += 1
        let shown = StoreError.visible(name)
        out.line(
          localized(
            "%1$@: “%2$@”: %3$@", out.styled(localized("refused"), "31"), shown,
            RefusalWording.sentence(for: refusal)))
      }
    }
    if refused > 0 { throw .reported }
  }

  /// One JSON string per input line in, one JSON object per line out, in order.
  private func checkLines(with rule: Rule) throws(CLIError) {
    let reader = LineReader(handle: .standardInput) { [out] in out.flush() }
    var number = 0
    while true {
      let line: LineReader.Line?
      do {
        line = try reader.next()
      } catch {
        throw .failed(localized("Cannot read standard input: %@", error.localizedDescription))
      }
      guard let line else { break }
      number += 1
      out.line(verdict(for: line, number: number, rule: rule))
    }
  }

  private func verdict(for line: LineReader.Line, number: Int, rule: Rule) -> String {
    func failure(_ message: String) -> String {
      JSONText.object([
        ("line", String(number)), ("input", "null"), ("valid", "false"), ("normalized", "null"),
        ("reason", "null"), ("error", JSONText.string(message)),
      ])
    }
    guard case .text(let bytes) = line else {
      return failure("The line is longer than \(LineReader.maximumLength) bytes.")
    }
    guard let text = String(validating: bytes, as: UTF8.self) else {
      return failure("The line is not valid UTF-8.")
    }
    let data = Data(text.utf8)
    guard
      let value = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]),
      let input = value as? String
    else { return failure("The line is not a JSON string.") }
    switch rule.validate(input) {
    case .valid(let normalized):
      return JSONText.object([
        ("input", JSONText.string(input)), ("valid", "true"),
        ("normalized", JSONText.string(normalized)), ("reason", "null"), ("message", "null"),
      ])
    case .invalid(let refusal):
      return JSONText.object([
        ("input", JSONText.string(input)), ("valid", "false"), ("normalized", "null"),
        ("reason", JSONText.string(refusal.reason.rawValue)),
        ("message", JSONText.string(refusal.message)),
      ])
    }
  }
}
