import CGtk
import Foundation
import RosterAppCore
import RosterKit

/// The entries of one list in a GtkListView, edited in place, ending in the empty last row.
///
/// The view reads the ``RosterList`` directly through an ``ItemModel`` and follows its change
/// reports: every splice becomes one `items-changed`, and an entry whose text changed has its
/// bound row updated in place — a row being typed in is never rebound.
@MainActor
final class EntryListView {
  private(set) var list: RosterList
  /// While `list` is only a preview of a long list's first rows (the whole list loading): the
  /// whole list's count. The model has that many rows — the preview's, then blank ones never
  /// shown, as the list cannot be scrolled — and no empty last row; nothing can be edited.
  private(set) var previewTotal: Int?
  /// A row of the whole list past the preview.
  private let placeholderItem = Item(nil)
  /// While previewing: how many rows from the top may have widgets (the preview's, and any
  /// blank rows GtkListView bound past them).
  private var previewCovered = 0
  var editor: RowEditController
  private var deleter: DeleteController
  private var observer: Int?
  private var model: ItemModel!
  private(set) var view: ListView!
  /// The empty last row's item; it becomes the new entry's when the person types into it.
  private var draftItem = Item(nil)
  /// Set while the empty last row is being turned into an entry.
  var convertingDraft = false
  /// Rows currently bound to an entry.
  var rows: [UUID: RowView] = [:]
  /// Rows currently bound to the empty last row (normally one).
  var draftRows: [ObjectIdentifier: RowView] = [:]
  /// The row menu's Category submenu, and the menu all rows share.
  private let categoryMenu = Menu()
  private lazy var rowMenu = RowView.makeMenu(categories: categoryMenu)
  /// While searching: the matching entries, in list order.
  private(set) var matches: [UUID]?
  private var search = SearchFilter()

  /// Called with a toast's title when entries were deleted.
  var onDeleted: (String) -> Void = { _ in }
  /// Called after every change to the list.
  var onChange: (ListChange) -> Void = { _ in }
  /// Called when a row asks for a new category; the argument sets it on the row's entry.
  var onNewCategory: (@escaping (String) -> Void) -> Void = { _ in }

  /// Shows `list`; `previewTotal` is the whole list's count when `list` is only its preview.
  init(list: RosterList, previewTotal: Int? = nil) {
    self.list = list
    self.previewTotal = previewTotal
    editor = RowEditController(list: list)
    deleter = DeleteController(list: list)
    model = ItemModel(
      count: { [unowned self] in self.itemCount },
      item: { [unowned self] in self.item(at: $0) })
    view = ListView(model: model)
    view.addClass("rich-list")
    view.setAccessibleLabel("Entries")
    view.onRows(
      setup: { [unowned self] in self.setup($0) },
      bind: { [unowned self] in self.bind($0) },
      unbind: { [unowned self] in self.unbind($0) })
    view.onKeyPressed { [unowned self] key, modifiers in self.listKey(key, modifiers) }
    view.isSensitive = previewTotal == nil
    view.scroller.isSensitive = previewTotal == nil
    RowView.fillCategoryMenu(categoryMenu, with: list.categories)
    observe()
  }

  /// Shows another list.
  func show(_ newList: RosterList) {
    replace(with: newList, splice: Splice(offset: 0, removed: itemCount, inserted: 0))
  }

  /// Puts the whole list in place of its preview with one splice, and makes it editable.
  ///
  /// The splice covers the preview's rows (and any blank rows bound past them) from the first
  /// whose entry differs in the whole list; rows of unchanged entries keep their widgets and
  /// are refreshed in place. The rows past the preview are not announced again: GtkListView
  /// fetches every added item once, a million allocations for a million rows.
  func finishPreview(with whole: RosterList) {
    let preview = list
    var unchanged = 0
    while unchanged < min(preview.count, whole.count),
      preview[unchanged].id == whole[unchanged].id
    {
      unchanged += 1
    }
    let splice = PreviewSwap.splice(
      shown: itemCount, covered: max(preview.count, previewCovered), unchanged: unchanged,
      whole: whole.count + 1)
    replace(with: whole, splice: splice)
    for row in rows.values { refresh(row) }
  }

  /// Shows `newList`, announcing `splice` (its `inserted` is worked out from the new count).
  private func replace(with newList: RosterList, splice: Splice) {
    let old = itemCount
    if let observer { list.removeObserver(observer) }
    list = newList
    previewTotal = nil
    view.isSensitive = true
    view.scroller.isSensitive = true
    editor = RowEditController(list: newList)
    deleter = DeleteController(list: newList)
    matches = nil
    search = SearchFilter()
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

  private var itemCount: Int { matches?.count ?? previewTotal ?? list.count + 1 }

  private func item(at position: Int) -> Item {
    if let matches { return Item(matches[position]) }
    if position < list.count { return Item(list[position].id) }
    return previewTotal == nil ? draftItem : placeholderItem
  }

  /// The position of a row in the model, if it is there.
  func position(of row: RowID) -> Int? {
    switch (row, matches) {
    case (.draft, nil): return previewTotal == nil ? list.count : nil
    case (.draft, _?): return nil
    case (.entry(let id), nil): return list.offset(of: id)
    case (.entry(let id), let matches?): return matches.firstIndex(of: id)
    }
  }

  private func apply(_ change: ListChange) {
    if matches != nil {
      applyToMatches(change)
    } else if convertingDraft, change.splices.count == 1,
      change.splices[0] == Splice(offset: list.count - 1, removed: 0, inserted: 1),
      let id = change.insertedIDs.first
    {
      // The row the person types in keeps its widget and becomes the entry; a fresh empty
      // row appears below it.
      draftItem.id = id
      draftItem = Item(nil)
      model.itemsChanged(at: list.count, removed: 0, added: 1)
    } else if let cover = change.splices.covering(countAfter: itemCount) {
      // Rows whose entry did not move keep their widgets: the store replays entries as a
      // remove and an insert in place, and one of them may be being edited.
      var splice: Splice? = cover
      if cover.inserted <= 10_000 {
        let after = (cover.offset..<cover.offset + cover.inserted).compactMap {
          list.entry(at: $0)?.id
        }
        splice = change.trimmed(cover, after: after)
        for id in after { rows[id].map(refresh) }
      }
      if let splice {
        model.itemsChanged(at: splice.offset, removed: splice.removed, added: splice.inserted)
      }
    }
    if change.categoriesChanged {
      Styles.install(list.categories.map(\.color))
      RowView.fillCategoryMenu(categoryMenu, with: list.categories)
      for row in rows.values { refresh(row) }
      for row in draftRows.values { refresh(row) }
    } else {
      for id in change.updatedIDs { rows[id].map(refresh) }
    }
    onChange(change)
  }

  /// Keeps search results in step: removed entries leave, new matching entries join in order.
  private func applyToMatches(_ change: ListChange) {
    guard var current = matches else { return }
    for id in change.removedIDs {
      if let index = current.firstIndex(of: id) {
        current.remove(at: index)
        matches = current
        model.itemsChanged(at: index, removed: 1, added: 0)
      }
    }
    for id in change.insertedIDs {
      guard let entry = list.entry(id: id), search.matches(entry),
        let offset = list.offset(of: id)
      else { continue }
      var low = 0
      var high = current.count
      while low < high {
        let mid = (low + high) / 2
        if (list.offset(of: current[mid]) ?? 0) < offset { low = mid + 1 } else { high = mid }
      }
      current.insert(id, at: low)
      matches = current
      model.itemsChanged(at: low, removed: 0, added: 1)
    }
  }

  // MARK: Search

  /// Shows only entries containing `query` with `category`; an empty query and no category
  /// show the whole list again.
  func filter(query: String, category: String?) {
    let old = itemCount
    search = SearchFilter(query: query, category: category)
    matches = search.isEmpty ? nil : search.matches(in: list)
    model.itemsChanged(at: 0, removed: old, added: itemCount)
  }

  /// Whether a search is showing.
  var isFiltering: Bool { matches != nil }

  // MARK: Rows

  private func setup(_ item: ListItem) {
    let row = RowView(menu: rowMenu)
    row.delegate = self
    item.setChild(row.root)
    item.attach(row, key: "roster-row")
  }

  private func bind(_ item: ListItem) {
    guard let row = item.attached("roster-row", as: RowView.self),
      let modelItem = item.modelItem
    else { return }
    if previewTotal != nil, modelItem.id == nil {
      previewCovered = max(previewCovered, item.position + 1)
    }
    if let id = modelItem.id {
      rows[id] = row
      row.show(list.entry(id: id), in: list)
    } else {
      draftRows[ObjectIdentifier(row)] = row
      row.show(nil, in: list)
    }
  }

  private func unbind(_ item: ListItem) {
    guard let row = item.attached("roster-row", as: RowView.self) else { return }
    if let id = row.row.entryID, rows[id] === row { rows[id] = nil }
    draftRows[ObjectIdentifier(row)] = nil
  }

  private func refresh(_ row: RowView) {
    row.show(row.row.entryID.flatMap { list.entry(id: $0) }, in: list)
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
    view.selectedPositions.compactMap { position in
      if let matches { return position < matches.count ? matches[position] : nil }
      return list.entry(at: position)?.id
    }
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
