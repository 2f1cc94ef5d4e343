import Foundation
import RosterAppCore
import RosterBackend
import RosterGtk
import RosterKit
import RosterLocalization

/// The main window: the lists in a sidebar; the current list's title in the header bar, the add
/// field, the entries and the empty states; toasts for what was deleted.
@MainActor
final class MainWindow {
  let window: ApplicationWindow
  let library: LibraryController
  let header = HeaderBar()
  let sidebar = Sidebar()
  /// The sidebar beside the entries, folding away in a narrow window.
  let leaflet = Leaflet()
  /// The entries' part of the window (the leaflet's second child).
  let main = Box(vertical: true)
  /// Shown while the sidebar is folded away: brings it back.
  let listsButton = Button(icon: "sidebar-show-symbolic", name: localized("Lists"))
  let addBar: AddBar
  let entries: EntryListView
  let toasts: ToastOverlay
  let search = SearchBar()
  let categoryFilter = DropDown(
    [localized("All categories")], name: localized("Filter by category"))
  var actions: ActionGroup { window.actions }
  /// The Sort menu's orders and Keep Sorted, by the session's locale.
  let sorting = SortController(environment: ProcessInfo.processInfo.environment)
  /// The header's search button.
  private let searchToggle = ToggleButton(icon: "system-search-symbolic", name: localized("Search"))
  /// Called when the whole list has loaded, before it replaces its preview.
  var onWholeListArrived: () -> Void = {}
  /// Called once the whole list has replaced its preview and can be edited.
  var onLoaded: () -> Void = {}
  /// Called as a search (or its end) starts to be applied to the entries, for the benchmark.
  var onSearchApplying: () -> Void = {}
  /// Called after the window showed a change of attendance, for the benchmark.
  var onAttendanceChanged: () -> Void = {}
  /// When a keystroke in the search field is searched for, from what the last search cost.
  private var searchPacer = SearchPacer()
  /// Counts the searches asked for: a deferred one runs only if none was asked for since.
  private var searchRequests = 0
  /// What the header says of a shared server: `nil` while it can be reached (or for a local
  /// file), else how many actions wait to be sent.
  var offlineWaiting: Int?
  /// When the replica was last in step with the shared server, as the header words it while
  /// offline.
  var offlineAsOf: String?
  /// Whether the window waits for its actions to be stored before it closes.
  var isClosing = false
  /// Who is checked in, in the session shown; `nil` for a store without attendance, or while
  /// a long list loads.
  var attendance: AttendanceController?
  /// Whether Ctrl+Z undoes an edit or a check-in next.
  var timeline = ActionTimeline()
  /// The header's session picker: the list's sessions, today's, and “New Session…”.
  let sessionPicker = DropDown([], name: localized("Session"))
  /// The main menu's Session submenu: the list's sessions, for a window too narrow for the
  /// header's picker.
  let sessionMenu = Menu()
  /// The names the Session submenu shows.
  var sessionMenuNames: [String] = []
  /// The search bar's filter by attendance: All, Not yet arrived, Checked in, Inside now.
  let presenceFilter = DropDown(
    [
      localized("Everyone"), localized("Not yet arrived"), localized("Checked in"),
      localized("Inside now"),
    ], name: localized("Filter by attendance"))
  private let empty = StatusPage(
    icon: "view-list-symbolic", title: localized("Nothing to show here"),
    description: localized("Type an entry in the field above and press Enter to add it."))
  private let noResults = StatusPage(
    icon: "system-search-symbolic", title: localized("No results"),
    description: localized("No entry matches the search. Try other words or another category."))

  init(application: Application, library: LibraryController) {
    self.library = library
    let list = library.current
    window = ApplicationWindow(application: application, title: "Roster", width: 960, height: 680)
    addBar = AddBar(list: list)
    entries = EntryListView(
      list: list, previewTotal: library.isLoading ? library.currentCount : nil)
    if library.isLoading { addBar.showLoading(count: library.currentCount) }
    main.expand(horizontally: true, vertically: true)
    main.append(header, search, addBar.root, entries.view.scroller, empty, noResults)
    toasts = ToastOverlay(child: leaflet)
    window.setContent(toasts)
    Styles.install(list.categories.map(\.color))
    wireLayout()
    wire()
    wireSearch()
    wireMenus()
    wireTransfer()
    refresh()
    followStore()
    wireClosing()
  }

  private func wire() {
    library.onError = { [unowned self] message in self.toasts.show(message) }
    library.onReload = { [unowned self] list in self.show(list) }
    library.onTakenBack = { [unowned self] in self.refresh() }
    // The writing thread says when an action was refused or all are stored: the window takes
    // a refused one back at its next turn of the main loop.
    if let deferred = library.storage as? any DeferredWriting {
      deferred.onSettled = {
        MainLoop.soon { [weak self] in
          self?.library.settle()
          self?.attendance?.settle()
        }
      }
    }
    entries.onError = { [unowned self] message in self.toasts.show(message) }
    entries.onDeleted = { [unowned self] title in
      self.toasts.show(title, button: localized("Undo")) { [weak self] in self?.undo() }
    }
    entries.onChange = { [unowned self] change in
      self.timeline.note(change)
      self.attendance?.note(change)
      self.refresh()
    }
    entries.onAttendanceAction = { [unowned self] in
      self.timeline.noteAttendance()
      self.refresh()
    }
    entries.onNewCategory = { [unowned self] assign in self.newCategory(then: assign) }
    addBar.onAdded = { [unowned self] entry in
      if let position = self.entries.position(of: .entry(entry.id)) {
        self.entries.view.scroll(to: position)
      }
    }
    addBar.onPasteLines = { [unowned self] preview in
      PasteDialog.present(preview, parent: self.window) { [weak self] added in
        guard let self, let last = added.last else { return }
        if let position = self.entries.position(of: .entry(last.id)) {
          self.entries.view.scroll(to: position)
        }
        let toast = localizedPlural(
          "Added %@ entry", "Added %@ entries", count: added.count, added.count)
        self.toasts.show(toast, button: localized("Undo")) { [weak self] in
          self?.undo()
        }
      }
    }
    sidebar.onSelect = { [unowned self] id in
      self.open(id)
      self.showEntriesIfFolded()
    }
    actions.add(.undo) { [unowned self] in self.undo() }
    actions.add(.redo) { [unowned self] in self.entries.list.redo() }
    actions.add(.focusAdd) { [unowned self] in self.addBar.field.focusAtEnd() }
  }

  func present() {
    window.present()
    addBar.field.focusAtEnd()
  }

  /// Undoes the person's last action, an edit or a check-in, whichever came last.
  private func undo() {
    let list = entries.list
    list.endTyping()
    switch timeline.next(canUndoEdit: list.canUndo, canUndoAttendance: attendance?.canUndo == true)
    {
    case .attendance?:
      timeline.forgetAttendance()
      attendance?.undo()
      refresh()
    case .edit?: list.undo()
    case nil: break
    }
  }

  /// Undoes the last action (a toast's Undo button).
  func undoLast() { undo() }

  /// Shows the list with this id.
  func open(_ id: UUID) {
    do {
      show(try library.open(id))
    } catch {
      toasts.show(StoreErrorWording.sentence(for: error))
    }
  }

  /// Puts `list` in the window (after opening, creating or deleting a list).
  func show(_ list: RosterList) {
    if search.isSearching { search.isSearching = false }
    entries.show(list)
    addBar.show(list)
    Styles.install(list.categories.map(\.color))
    library.refreshSummaries()
    startAttendance()
    refresh()
  }

  /// Replaces the preview with the whole list once it has loaded, in one splice, and makes it
  /// editable; the list stays scrolled to the top.
  func finishLoading(_ rest: Preload.Rest) {
    switch rest {
    case .success(let whole):
      onWholeListArrived()
      library.finishLoading(whole.list, position: whole.position)
      entries.finishPreview(with: whole.list)
      entries.view.scrollToTop()
      addBar.show(whole.list)
      Styles.install(whole.list.categories.map(\.color))
      startAttendance()
      refresh()
      if !header.hasFocusWithin { addBar.field.focusAtEnd() }
      onLoaded()
    case .failure(let error):
      toasts.show(
        localized(
          "The list could not be loaded: %@", StoreErrorWording.sentence(for: error)))
    }
  }

  /// Brings the header, the sidebar, the empty states and the actions in line with the list.
  func refresh() {
    let list = entries.list
    // While a long list loads, its first rows show but nothing can change it.
    let state = WindowState(
      count: library.currentCount, matchCount: entries.matches?.count,
      isLoading: library.isLoading, canUndo: list.canUndo || attendance?.canUndo == true,
      canRedo: list.canRedo, offlineWaiting: offlineWaiting,
      offlineAsOf: offlineAsOf, attendance: attendanceSubtitle)
    header.setTitle(list.title, subtitle: state.subtitle)
    library.noteCurrentChanged()
    sidebar.show(library.summaries, current: list.id)
    empty.isVisible = state.page == .empty
    noResults.isVisible = state.page == .noResults
    entries.view.scroller.isVisible = state.page == .list
    for (name, enabled) in state.enabledActions { actions.setEnabled(name, enabled) }
    refreshSorting(editable: state.isEditable)
    sidebar.root.isSensitive = state.isEditable
    searchToggle.isSensitive = state.isEditable
    categoryFilter.setItems([localized("All categories")] + list.categories.map(\.name))
    refreshSessionPicker()
  }

  private func wireSearch() {
    search.entry.setAccessibleLabel(localized("Search"))  // RosterGtk names it in English
    search.append(categoryFilter)
    search.append(presenceFilter)
    // Typing where no field takes the text (a selected row, the sidebar) starts a search. The
    // bar is hidden, not just folded, while not searching, so GtkSearchBar's own key capture
    // cannot do it.
    window.onKeyPressed { [unowned self] key, modifiers in
      guard modifiers & (Keys.control | Keys.alt) == 0, let character = Keys.character(key),
        !character.isWhitespace, !self.search.isSearching, !self.library.isLoading
      else { return false }
      self.search.isSearching = true
      self.search.entry.grabFocus()
      self.search.text = String(character)
      self.search.moveCaretToEnd()
      return true
    }
    let toggle = searchToggle
    toggle.tooltip = localized("Search (Ctrl+F)")
    PropertyBinding.bind(search, "search-mode-enabled", to: toggle, "active")
    header.packStart(toggle)
    actions.add(.search) { [unowned self] in
      self.search.isSearching = true
      self.search.entry.grabFocus()
    }
    // Not GtkSearchEntry's `search-changed`, which comes a fixed 150 ms after each keystroke.
    search.onTextChanged { [unowned self] in self.searchTyped() }
    categoryFilter.onSelected { [unowned self] in self.applySearch() }
    presenceFilter.onSelected { [unowned self] in self.applySearch() }
    search.onActivate { [unowned self] in self.checkInFromSearch() }
    search.onModeChanged { [unowned self] in
      if self.search.isSearching {
        self.search.isVisible = true
      } else {
        self.search.isVisible = false
        self.search.text = ""
        self.categoryFilter.selected = 0
        self.presenceFilter.selected = 0
        self.applySearch()
      }
    }
  }

  /// The search text changed: searches at once when that costs less than a frame, else once
  /// the frame showing the keystroke is painted and the pacer's wait since the keystroke has
  /// passed with no other keystroke.
  private func searchTyped() {
    searchRequests += 1
    let request = searchRequests
    guard case .afterFrame(let delay) = searchPacer.timing(entries: entries.list.count) else {
      return applySearch()
    }
    let typed = FrameClock.now
    // The field's frame; the window's while the field is not realized yet (just shown).
    let painted: Widget = search.entry.isRealized ? search.entry : window
    FrameClock.afterNextFrame(of: painted) { [weak self] in
      guard let self, self.searchRequests == request else { return }
      let remaining = delay - .nanoseconds(FrameClock.now - typed)
      guard remaining > .milliseconds(1) else { return self.applySearch() }
      let milliseconds = UInt32((remaining / .milliseconds(1)).rounded(.up))
      MainLoop.after(milliseconds: milliseconds) { [weak self] in
        guard let self, self.searchRequests == request else { return }
        self.applySearch()
      }
    }
  }

  /// Shows the results of the search in the field and the category filter now (a pending
  /// search is dropped), and tells the pacer what a search cost.
  func applySearch() {
    searchRequests += 1
    onSearchApplying()
    let category = categoryFilter.selected == 0 ? nil : categoryFilter.selectedText
    let query = search.isSearching ? search.text : ""
    let kind = PresenceFilter.Kind(rawValue: presenceFilter.selected) ?? .everyone
    let presence = search.isSearching ? attendance?.filter(kind) : nil
    let changed = entries.filter(query: query, category: category, presence: presence)
    refresh()
    // Only the search itself, which grows with the list: GTK's work to show the results is
    // bounded by the ~200 rows it binds (a few ms), and showing the whole list again remakes
    // rows, which says nothing of what the next keystroke's search costs.
    if changed, !SearchFilter(query: query, category: category).isEmpty {
      searchPacer.record(entries.lastSearchDuration, entries: entries.list.count)
    }
  }
}
