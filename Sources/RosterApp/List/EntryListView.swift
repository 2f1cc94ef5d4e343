import Foundation
import RosterAppCore
import RosterGtk
import RosterKit
import RosterLocalization

/// The entries of one list in a GtkListView, edited in place, ending in the empty last row.
///
/// The view reads the ``RosterList`` directly through an ``ItemModel`` and follows its change
/// reports: every splice becomes one `items-changed`, and an entry whose text changed has its
/// bound row updated in place — a row being typed in is never rebound. What each row is (normal,
/// preview, search, the empty row becoming an entry) is ``EntryListState``'s to say.
@MainActor
final class EntryListView {
  private(set) var list: RosterList
  /// What the rows show.
  var state: EntryListState
  var editor: RowEditController
  private var deleter: DeleteController
  private var observer: Int?
  private var model: ItemModel!
  private(set) var view: ListView!
  /// The empty last row's item; it becomes the new entry's when the person types into it.
  private var draftItem = Item(nil)
  /// Rows currently bound to an entry.
  var rows: [UUID: RowView] = [:]
  /// Rows currently bound to the empty last row (normally one).
  var draftRows: [ObjectIdentifier: RowView] = [:]
  /// The row menu's Category submenu, and the menu all rows share.
  private let categoryMenu = Menu()
  /// The row menu's Status submenu.
  private let statusMenu = Menu()
  private lazy var rowMenu = RowView.makeMenu(categories: categoryMenu, statuses: statusMenu)
  /// Who is checked in, in the session the window shows; `nil` for a store without attendance.
  var attendance: AttendanceController? {
    didSet {
      RowView.fillStatusMenu(statusMenu, with: attendance?.statuses ?? [])
      refreshAttendance([])
    }
  }

  /// Called with a toast's title when entries were deleted.
  var onDeleted: (String) -> Void = { _ in }
  /// Called with a message when an edit was refused.
  var onError: (String) -> Void = { _ in }
  /// Called after every change to the list.
  var onChange: (ListChange) -> Void = { _ in }
  /// Called when a row asks for a new category; the argument sets it on the row's entry.
  var onNewCategory: (@escaping (String) -> Void) -> Void = { _ in }
  /// Called after a row's attendance action was made (the window notes it for undo).
  var onAttendanceAction: () -> Void = {}

  /// Shows `list`; `previewTotal` is the whole list's count when `list` is only its preview.
  init(list: RosterList, previewTotal: Int? = nil) {
    self.list = list
    state = EntryListState(previewTotal: previewTotal)
    editor = RowEditController(list: list)
    deleter = DeleteController(list: list)
    model = ItemModel(
      count: { [unowned self] in self.itemCount },
      item: { [unowned self] in self.item(at: $0) })
    view = ListView(model: model)
    view.addClass("rich-list")
    view.setAccessibleLabel(localized("Entries"))
    view.onRows(
      setup: { [unowned self] in self.setup($0) },
      bind: { [unowned self] in self.bind($0) },
      unbind: { [unowned self] in self.unbind($0) },
      teardown: { [unowned self] in self.retire($0) })
    view.onKeyPressed { [unowned self] key, modifiers in self.listKey(key, modifiers) }
    view.isSensitive = previewTotal == nil
    view.scroller.isSensitive = previewTotal == nil
    RowView.fillCategoryMenu(categoryMenu, with: list.categories)
    observe()
  }

  /// Shows another list.
  func show(_ newList: RosterList) {
    let old = itemCount
    state.reset()
    replace(with: newList, splice: Splice(offset: 0, removed: old, inserted: 0), old: old)
  }

  /// Puts the whole list in place of its preview with one splice, and makes it editable.
  ///
  /// The splice covers the preview's rows (and any blank rows bound past them) from the first
  /// whose entry differs in the whole list; rows of unchanged entries keep their widgets and
  /// are refreshed in place. The rows past the preview are not announced again: GtkListView
  /// fetches every added item once, a million allocations for a million rows.
  func finishPreview(with whole: RosterList) {
    let old = itemCount
    let splice = state.finishPreview(of: list, with: whole)
    replace(with: whole, splice: splice, old: old)
    for row in rows.values { refresh(row) }
  }

  /// Shows `newList`, announcing `splice` over the `old` rows (its `inserted` is worked out
  /// from the new count). `state` is already the new list's.
  private func replace(with newList: RosterList, splice: Splice, old: Int) {
    if let observer { list.removeObserver(observer) }
    list = newList
    view.isSensitive = true
    view.scroller.isSensitive = true
    editor = RowEditController(list: newList)
    deleter = DeleteController(list: newList)
    draftItem = Item(nil)
    RowView.fillCategoryMenu(categoryMenu, with: newList.categories)
    observe()
    model.itemsChanged(
      at: splice.offset, removed: splice.removed, added: splice.removed + itemCount - old)
  }

  private func observe() {
    observer = list.addObserver { [unowned self] change in self.apply(change) }
  }

  // MARK: The model

  /// While a search swaps the rows: the model's count between the two announcements.
  private var interimCount: Int?

  private var itemCount: Int { interimCount ?? state.count(in: list) }

  private func item(at position: Int) -> Item {
    switch state.slot(at: position, in: list) {
    case .entry(let id): Item(id)
    case .draft: draftItem
    // A fresh item for each blank row past a preview, as for each entry: with one item shared
    // by them all, GTK found it at several positions and warned "Duplicate item detected in
    // list. Picking one randomly." GTK asks only for the rows it shows and a few more.
    case .placeholder: Item(nil)
    }
  }

  /// The position of a row in the model, if it is there.
  func position(of row: RowID) -> Int? {
    state.position(of: row, in: list)
  }

  private func apply(_ change: ListChange) {
    if state.matches != nil {
      // Search results change one entry at a time, each announced as the model has it.
      for id in change.removedIDs {
        if let splice = state.removeMatch(id) { announce(splice) }
      }
      for id in change.insertedIDs {
        if let splice = state.insertMatch(id, in: list) { announce(splice) }
      }
    } else {
      let update = state.update(for: change, in: list)
      if let id = update.draftBecame {
        // The row the person types in keeps its widget and becomes the entry; a fresh empty
        // row appears below it.
        draftItem.id = id
        draftItem = Item(nil)
      }
      for id in update.refreshed { rows[id].map(refresh) }
      if let splice = update.splice { announce(splice) }
    }
    if change.categoriesChanged {
      Styles.install(list.categories.map(\.color))
      RowView.fillCategoryMenu(categoryMenu, with: list.categories)
      for row in rows.values { refresh(row) }
      for row in draftRows.values { refresh(row) }
    } else if change.keepSortedChanged {
      // Moves by hand turn off or on in every row.
      for row in rows.values { refresh(row) }
    } else {
      for id in change.updatedIDs { rows[id].map(refresh) }
    }
    onChange(change)
  }

  private func announce(_ splice: Splice) {
    model.itemsChanged(at: splice.offset, removed: splice.removed, added: splice.inserted)
  }

  // MARK: Search

  /// How long the last ``filter(query:category:presence:)`` took to find the matches, without
  /// showing them: what a search costs in proportion to the list's length.
  private(set) var lastSearchDuration: Duration = .zero

  /// Shows only entries containing `query` with `category` whose attendance `presence` keeps;
  /// an empty query and no category or presence show the whole list again.
  ///
  /// Rows that show an entry before and after keep their widgets and show their new entries
  /// in place; only the rows below them are announced. GTK 4.8 remakes every row widget an
  /// `items-changed` removes (about 200, each a dozen widgets): at a million entries that was
  /// most of a keystroke's 0.3 s.
  /// - Returns: Whether what the list shows changed.
  @discardableResult
  func filter(query: String, category: String?, presence: PresenceFilter? = nil) -> Bool {
    let old = itemCount
    let search = SearchFilter(query: query, category: category, presence: presence)
    let started = FrameClock.now
    let result = state.filter(search, in: list)
    lastSearchDuration = .nanoseconds(FrameClock.now - started)
    guard var splice = result else { return false }
    // A row being typed in keeps its entry: it and the rows under it are remade.
    if let editing = rows.values.first(where: \.hasFocusWithin), let item = editing.listItem {
      let position = item.position
      if position < splice.offset {
        splice = Splice(
          offset: position, removed: old - position, inserted: itemCount - position)
      }
    }
    view.unselectAll()
    showInPlace(above: splice.offset)
    // The rows below go out, then the new ones come in: GTK 4.8 handles one replacing change
    // item by item, a million lookups at a million entries.
    if splice.removed > 0, splice.inserted > 0 {
      interimCount = splice.offset
      announce(Splice(offset: splice.offset, removed: splice.removed, inserted: 0))
      interimCount = nil
      announce(Splice(offset: splice.offset, removed: 0, inserted: splice.inserted))
    } else if splice.removed > 0 || splice.inserted > 0 {
      announce(splice)
    }
    view.scrollToTop()
    return true
  }

  /// Binds the rows above `end` to the entries now at their positions, keeping their widgets:
  /// their items take the new entries' ids.
  /// - Complexity: O(w) for w bound rows.
  private func showInPlace(above end: Int) {
    var moved: [(RowView, UUID)] = []
    for (id, row) in rows {
      guard let item = row.listItem, let modelItem = item.modelItem else { continue }
      let position = item.position
      guard position < end, let now = state.entryID(at: position, in: list), now != id
      else { continue }
      modelItem.id = now
      moved.append((row, now))
    }
    for (row, _) in moved { row.row.entryID.map { rows[$0] = nil } }
    for (row, id) in moved {
      rows[id] = row
      row.show(list.entry(id: id), in: list)
      row.showAttendance(attendance?.state(of: id))
    }
  }

  /// While searching: the matching entries, in list order.
  var matches: [UUID]? { state.matches }

  // MARK: Rows

  private func setup(_ item: ListItem) {
    let row = spareRow() ?? RowView(menu: rowMenu)
    row.delegate = self
    row.listItem = item
    item.setChild(row.root)
    item.attach(row, key: "roster-row")
  }

  private func bind(_ item: ListItem) {
    guard let row = item.attached("roster-row", as: RowView.self),
      let modelItem = item.modelItem
    else { return }
    if let id = modelItem.id {
      rows[id] = row
      row.show(list.entry(id: id), in: list)
      row.showAttendance(attendance?.state(of: id))
    } else {
      state.noteBlankRowBound(at: item.position)
      draftRows[ObjectIdentifier(row)] = row
      row.show(nil, in: list)
    }
  }

  private func unbind(_ item: ListItem) {
    guard let row = item.attached("roster-row", as: RowView.self) else { return }
    if let id = row.row.entryID, rows[id] === row { rows[id] = nil }
    draftRows[ObjectIdentifier(row)] = nil
  }

  /// Rows GTK dropped, kept to be the rows it makes next: a row's dozen widgets take about
  /// 0.4 ms to take apart and more to make, and GTK 4.8 drops every row below the results
  /// when a search narrows under its ~200 bound rows, then makes as many when the search is
  /// cleared. A spare row only moves to its new list item.
  private var spareRows: [RowView] = []
  /// The most spare rows kept: more than GTK 4.8 binds at once (about 200).
  private static let sparesKept = 400
  /// Rows dropped beyond ``sparesKept``, taken apart once the next frame is painted rather
  /// than before it.
  private var retiredRows: [RowView] = []

  private func retire(_ item: ListItem) {
    guard let row = item.attached("roster-row", as: RowView.self), view.isRealized else { return }
    row.listItem = nil
    if spareRows.count < Self.sparesKept {
      spareRows.append(row)
      return
    }
    if retiredRows.isEmpty {
      FrameClock.afterNextFrame(of: view) { [weak self] in self?.retiredRows = [] }
    }
    retiredRows.append(row)
  }

  /// A spare row that has left its old list item, if any.
  /// - Complexity: O(1) amortized (GTK takes a torn-down row's widget out before the next).
  private func spareRow() -> RowView? {
    guard let index = spareRows.lastIndex(where: { !$0.root.hasParent }) else { return nil }
    return spareRows.remove(at: index)
  }

  private func refresh(_ row: RowView) {
    row.show(row.row.entryID.flatMap { list.entry(id: $0) }, in: list)
    if let id = row.row.entryID { row.showAttendance(attendance?.state(of: id)) }
  }

  /// Shows the attendance of `entries` in their rows, or of every bound row when empty; the
  /// Status menu follows the list's statuses. A row moves nowhere: a filter of who arrived
  /// keeps the rows it showed until the next search.
  /// - Complexity: O(k) for k entries, or O(w) for w bound rows.
  func refreshAttendance(_ entries: Set<UUID>) {
    if entries.isEmpty {
      RowView.fillStatusMenu(statusMenu, with: attendance?.statuses ?? [])
      for (id, row) in rows { row.showAttendance(attendance?.state(of: id)) }
    } else {
      for id in entries { rows[id]?.showAttendance(attendance?.state(of: id)) }
    }
  }

  /// Puts the keyboard focus in `row`'s text, caret at the end, scrolling it into view.
  func focus(_ row: RowID, attempts: Int = 8) {
    guard let position = position(of: row) else { return }
    view.scroll(to: position)
    let target: RowView? =
      switch row {
      case .draft: draftRows.values.first
      case .entry(let id): rows[id]
      }
    if let target {
      target.field.focusAtEnd()
    } else if attempts > 0 {
      MainLoop.after(milliseconds: 15) { [weak self] in self?.focus(row, attempts: attempts - 1) }
    }
  }

  // MARK: Deleting

  /// Deletes entries and reports the toast to show.
  func delete(_ ids: [UUID]) {
    if let title = deleter.delete(ids) { onDeleted(title) }
  }

  /// The entries of the selected rows.
  var selectedIDs: [UUID] {
    view.selectedPositions.compactMap { state.entryID(at: $0, in: list) }
  }

  private func listKey(_ key: UInt32, _ modifiers: UInt32) -> Bool {
    guard key == Keys.delete, modifiers & Keys.modifierMask == 0 else { return false }
    let ids = selectedIDs
    guard !ids.isEmpty else { return false }
    let first = view.selectedPositions.first ?? 0
    delete(ids)
    if itemCount > 0 {
      let position = min(first, itemCount - 1)
      view.select(position)
    }
    return true
  }
}
