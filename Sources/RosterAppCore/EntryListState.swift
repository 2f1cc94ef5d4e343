public import Foundation
public import RosterKit

/// What the entry list shows of its ``RosterList``, row by row: one ``Mode`` instead of flags.
///
/// - ``Mode/normal``: every entry, then the empty last row.
/// - ``Mode/preview(total:covered:)``: a long list's first rows while the rest loads: the
///   whole list's count of rows (the preview's, then blank ones never shown), no empty last
///   row, nothing editable.
/// - ``Mode/search(_:)``: the matching entries only, no empty last row.
/// - ``Mode/convertingDraft``: as normal, while the empty last row turns into an entry: the
///   insertion keeps that row's widget and a fresh empty row appears under it.
///
/// The view asks it how many rows there are and what each one is, and hands it the list's
/// changes to learn which rows to announce.
public struct EntryListState: Equatable, Sendable {
  /// What the list shows.
  public enum Mode: Equatable, Sendable {
    /// Every entry, then the empty last row.
    case normal
    /// A preview of the first rows of a list of `total` entries; `covered` rows from the top
    /// may have widgets (the preview's, and any blank rows bound past them).
    case preview(total: Int, covered: Int)
    /// The results of a search.
    case search(SearchMatches)
    /// As normal, while the empty last row becomes an entry.
    case convertingDraft
  }

  /// What one row of the view is.
  public enum Slot: Equatable, Sendable {
    /// The row of this entry.
    case entry(UUID)
    /// The empty last row.
    case draft
    /// A blank row of a preview, past its entries.
    case placeholder
  }

  /// What the view does about one change of the list, outside a search.
  public struct Update: Equatable, Sendable {
    /// The rows to announce as replaced, if any moved, appeared or disappeared.
    public var splice: Splice?
    /// Entries whose bound rows must be refreshed in place.
    public var refreshed: [UUID]
    /// The entry the empty last row became (its row keeps its widget); ``splice`` then adds
    /// the fresh empty row.
    public var draftBecame: UUID?
  }

  /// The current mode.
  public private(set) var mode: Mode

  /// A list shown whole, or, with `previewTotal`, a preview of a list of that many entries.
  public init(previewTotal: Int? = nil) {
    mode = previewTotal.map { .preview(total: $0, covered: 0) } ?? .normal
  }

  /// Whether a preview shows (nothing can be edited).
  public var isPreview: Bool {
    if case .preview = mode { return true }
    return false
  }

  /// The search results, while searching.
  public var matches: [UUID]? {
    if case .search(let matches) = mode { return matches.ids }
    return nil
  }

  /// How many rows the view has for `list`.
  /// - Complexity: O(1).
  public func count(in list: RosterList) -> Int {
    switch mode {
    case .normal, .convertingDraft: list.count + 1
    case .preview(let total, _): total
    case .search(let matches): matches.ids.count
    }
  }

  /// What the row at `position` is.
  /// - Complexity: O(log n).
  public func slot(at position: Int, in list: RosterList) -> Slot {
    if case .search(let matches) = mode { return .entry(matches.ids[position]) }
    if position < list.count { return .entry(list[position].id) }
    return isPreview ? .placeholder : .draft
  }

  /// Where `row` is in the view, if it is there.
  /// - Complexity: O(log n), or O(k) for k search results.
  public func position(of row: RowID, in list: RosterList) -> Int? {
    switch (row, mode) {
    case (.draft, .normal), (.draft, .convertingDraft): list.count
    case (.draft, _): nil
    case (.entry(let id), .search(let matches)): matches.ids.firstIndex(of: id)
    case (.entry(let id), _): list.offset(of: id)
    }
  }

  /// The entry at `position`, if the row there is an entry's.
  /// - Complexity: O(log n).
  public func entryID(at position: Int, in list: RosterList) -> UUID? {
    if case .search(let matches) = mode {
      return matches.ids.indices.contains(position) ? matches.ids[position] : nil
    }
    return list.entry(at: position)?.id
  }

  // MARK: Transitions

  /// Back to normal for another list (or the whole list after its preview).
  public mutating func reset() {
    mode = .normal
  }

  /// Notes that a blank row at `position` has a widget, while a preview shows.
  public mutating func noteBlankRowBound(at position: Int) {
    guard case .preview(let total, let covered) = mode else { return }
    mode = .preview(total: total, covered: max(covered, position + 1))
  }

  /// Leaves the preview of `preview` for `whole`, returning the one splice that swaps their
  /// rows (``PreviewSwap``): rows of leading entries both share keep their widgets.
  /// - Complexity: O(p log n) for a preview of p rows.
  public mutating func finishPreview(of preview: RosterList, with whole: RosterList) -> Splice {
    guard case .preview(let total, let covered) = mode else {
      preconditionFailure("finishPreview without a preview")
    }
    var unchanged = 0
    while unchanged < min(preview.count, whole.count),
      preview[unchanged].id == whole[unchanged].id
    {
      unchanged += 1
    }
    mode = .normal
    return PreviewSwap.splice(
      shown: total, covered: max(preview.count, covered), unchanged: unchanged,
      whole: whole.count + 1)
  }

  /// Shows `filter`'s results in `list`, or everything again for an empty filter.
  ///
  /// A preview cannot be searched (the window disables search while a list loads).
  /// - Returns: The rows replaced, from the first row that shows an entry neither before nor
  ///   after (`nil` when nothing changed): every row above it shows an entry both times, so
  ///   the view shows the new entries in those rows' widgets instead of remaking them.
  /// - Complexity: O(n · m) for a search of m characters in n entries, O(1) otherwise.
  @discardableResult
  public mutating func filter(_ filter: SearchFilter, in list: RosterList) -> Splice? {
    if isPreview {
      precondition(filter.isEmpty, "no search while a preview shows")
      return nil
    }
    let before = (mode: mode, rows: count(in: list), entries: entryRows(in: list))
    mode = filter.isEmpty ? .normal : .search(SearchMatches(filter: filter, in: list))
    if mode == before.mode { return nil }
    let kept = min(before.entries, entryRows(in: list))
    return Splice(offset: kept, removed: before.rows - kept, inserted: count(in: list) - kept)
  }

  /// How many rows from the top show an entry: all but the empty last row or a preview's
  /// blank rows.
  /// - Complexity: O(1).
  public func entryRows(in list: RosterList) -> Int {
    if case .search(let matches) = mode { return matches.ids.count }
    return list.count
  }

  /// The person started typing in the empty last row (nothing changes outside normal mode).
  public mutating func beginConvertingDraft() {
    if mode == .normal { mode = .convertingDraft }
  }

  /// The empty last row's edit is over.
  public mutating func endConvertingDraft() {
    if mode == .convertingDraft { mode = .normal }
  }

  /// While searching: takes a removed entry out of the results.
  /// - Returns: The row removed, as a splice, if it was there.
  public mutating func removeMatch(_ id: UUID) -> Splice? {
    guard case .search(var matches) = mode else { return nil }
    mode = .normal  // leaves `matches` the only owner of its ids: no copy
    defer { mode = .search(matches) }
    return matches.remove(id).map { Splice(offset: $0, removed: 1, inserted: 0) }
  }

  /// While searching: adds an inserted entry of `list` to the results if it matches.
  /// - Returns: The row added, as a splice, if it matched.
  public mutating func insertMatch(_ id: UUID, in list: RosterList) -> Splice? {
    guard case .search(var matches) = mode else { return nil }
    mode = .normal
    defer { mode = .search(matches) }
    return matches.insert(id, in: list).map { Splice(offset: $0, removed: 0, inserted: 1) }
  }

  /// Outside a search: the rows `change` (already applied to `list`) replaced.
  ///
  /// Rows whose entry did not move keep their widgets: a store replays entries as a remove
  /// and an insert in place, and one of them may be being edited.
  /// - Complexity: O(k · w) for k edits over a window of w rows.
  public func update(for change: ListChange, in list: RosterList) -> Update {
    precondition(matches == nil, "search results follow changes one entry at a time")
    if mode == .convertingDraft, change.splices.count == 1,
      change.splices[0] == Splice(offset: list.count - 1, removed: 0, inserted: 1),
      let id = change.insertedIDs.first
    {
      return Update(
        splice: Splice(offset: list.count, removed: 0, inserted: 1), refreshed: [],
        draftBecame: id)
    }
    guard let cover = change.splices.covering(countAfter: count(in: list)) else {
      return Update(splice: nil, refreshed: [], draftBecame: nil)
    }
    // A huge splice (a whole list replaced) is announced as it is.
    guard cover.inserted <= 10_000 else {
      return Update(splice: cover, refreshed: [], draftBecame: nil)
    }
    let after = (cover.offset..<cover.offset + cover.inserted).compactMap {
      list.entry(at: $0)?.id
    }
    return Update(splice: change.trimmed(cover, after: after), refreshed: after, draftBecame: nil)
  }
}
