/// A list seen as rows of text fields, ending in an always-present empty draft row.
///
/// This is the "list of text fields" design: row `count` reads as an empty draft, and writing
/// non-empty text to it appends a new entry with a fresh id, so the person keeps typing in the
/// same field. No offset, however stale, traps: reads outside the list give the draft; writes
/// outside `0...count` are refused.
///
/// ```swift
/// let rows = list.editableRows
/// rows.count                      // list.count + 1
/// try rows.setText("Ama", at: rows.count - 1)   // appends "Ama"
/// ```
public struct EditableRows {
  let list: RosterList

  /// The number of rows: the entries plus the draft row.
  public var count: Int { list.count + 1 }

  /// The offset of the draft row.
  public var draftOffset: Int { list.count }

  /// The text of row `offset`: the entry's text, or the empty draft.
  /// - Complexity: O(log n).
  public subscript(offset: Int) -> String {
    list.entry(at: offset)?.text ?? ""
  }

  /// Whether row `offset` is the draft row (or beyond the list, which reads as the draft).
  public func isDraft(_ offset: Int) -> Bool { list.entry(at: offset) == nil }

  /// Writes `text` to row `offset`.
  ///
  /// On an entry's row this changes the entry's text (typing coalesces into one undo step); on
  /// the draft row, non-empty text appends a new entry and empty text does nothing.
  /// - Returns: The entry written or created, or `nil` when the draft stayed empty.
  /// - Throws: ``RosterError/refused(_:)`` with the rule's reason, or
  ///   ``RosterError/offsetOutOfRange(_:count:)`` for an offset outside `0...count`.
  /// - Complexity: O(log n).
  @discardableResult
  public func setText(_ text: String, at offset: Int) throws(RosterError) -> Entry? {
    if let entry = list.entry(at: offset) {
      return try list.updateText(of: entry.id, to: text)
    }
    guard offset == list.count else { throw .offsetOutOfRange(offset, count: list.count + 1) }
    if text.allSatisfy(\.isWhitespace) { return nil }
    return try list.insert(text, category: nil, at: offset, coalescing: true)
  }
}

extension RosterList {
  /// The list as rows of text fields with an empty draft row at the end.
  public var editableRows: EditableRows { EditableRows(list: self) }
}
