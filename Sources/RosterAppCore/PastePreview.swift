import Foundation
public import RosterKit
import RosterLocalization

/// What pasting several lines into the add field would do, shown before anything changes: each
/// valid line becomes an entry, in order; each refused line is listed with its reason and left
/// out; duplicates (of the list or of an earlier line) are flagged but added, as the add field
/// adds them. Blank lines are left out silently.
///
/// ```swift
/// let preview = PastePreview(pasted: "Anna\nR2D2\nanna\n", list: guests)
/// preview.confirmLabel     // "Add 2 entries"
/// preview.refusedCount     // 1
/// preview.add()            // one undo step
/// ```
@MainActor
public struct PastePreview {
  /// One non-blank line of the paste and what happens to it.
  public struct Line: Equatable, Sendable {
    /// Its 1-based number among the pasted lines (blank ones counted).
    public var number: Int
    /// The line as pasted.
    public var text: String
    /// What becomes of it.
    public var verdict: Verdict
  }

  /// What becomes of a line.
  public enum Verdict: Equatable, Sendable {
    /// It is added, as the rule normalizes it.
    case add(String)
    /// It is added, but the list or an earlier line has it already.
    case duplicate(String)
    /// It is refused, for this reason.
    case refused(String)
  }

  /// The list the lines go to.
  public let list: RosterList
  /// The non-blank lines, in order.
  public let lines: [Line]

  /// Whether `text` is a paste for the preview rather than for the field: it has a line break.
  public static func isMultiline(_ text: String) -> Bool {
    text.contains { $0.isNewline }
  }

  /// Checks each line of `pasted` against `list`'s rule and contents.
  /// - Complexity: O(m) in the paste's length, plus the list's duplicate index once.
  public init(pasted: String, list: RosterList) {
    self.list = list
    var seen: Set<String> = []
    var lines: [Line] = []
    for (index, line) in pasted.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
      .enumerated()
    {
      let text = String(line)
      guard !text.allSatisfy(\.isWhitespace) else { continue }
      let verdict: Verdict
      switch list.rule.validate(text) {
      case .invalid(let refusal):
        verdict = .refused(RefusalWording.sentence(for: refusal))
      case .valid(let normalized):
        let key = Self.duplicateKey(normalized)
        let repeated = list.isDuplicate(normalized) || seen.contains(key)
        seen.insert(key)
        verdict = repeated ? .duplicate(normalized) : .add(normalized)
      }
      lines.append(Line(number: index + 1, text: text, verdict: verdict))
    }
    self.lines = lines
  }

  /// How many lines would be added.
  public var addCount: Int {
    lines.count { if case .refused = $0.verdict { false } else { true } }
  }

  /// How many lines are refused.
  public var refusedCount: Int { lines.count - addCount }

  /// How many added lines repeat an entry or an earlier line.
  public var duplicateCount: Int {
    lines.count { if case .duplicate = $0.verdict { true } else { false } }
  }

  /// The confirm button's text (and what a screen reader says): “Add 3 entries”.
  public var confirmLabel: String {
    localizedPlural(
      "Add %@ entry", "Add %@ entries", count: addCount, GroupedNumber.text(addCount))
  }

  /// One line under the heading: what will be added, refused and flagged.
  public var summary: String {
    // TRANSLATORS: the parts of the summary are joined with "; " and end with ".".
    var parts = [
      localizedPlural("%@ line will be added", "%@ lines will be added", count: addCount, addCount)
    ]
    if refusedCount > 0 {
      parts.append(
        localizedPlural("%@ is refused", "%@ are refused", count: refusedCount, refusedCount))
    }
    if duplicateCount > 0 {
      parts.append(
        localizedPlural(
          "%@ is a duplicate", "%@ are duplicates", count: duplicateCount, duplicateCount))
    }
    return parts.joined(separator: "; ") + "."
  }

  /// Adds every line that is not refused, in order, as one undoable action.
  /// - Returns: The entries added.
  /// - Complexity: O(k log n) for k lines.
  @discardableResult
  public func add() -> [Entry] {
    var batch = EntryBatch(list: list)
    for line in lines {
      switch line.verdict {
      case .add(let text), .duplicate(let text):
        // The rule accepted the line already; the batch checks it again and cannot refuse it.
        _ = try? batch.append(text)
      case .refused:
        continue
      }
    }
    batch.commit()
    return batch.entries
  }

  /// The form two lines share when a person would call them the same: as the list's duplicate
  /// check compares (case, width and accents folded).
  static func duplicateKey(_ text: String) -> String {
    text.folding(
      options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
  }
}
