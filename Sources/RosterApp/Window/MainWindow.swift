import CAdw
import CGtk
import Foundation
import RosterAppCore
import RosterKit
import RosterStore

/// The main window: the lists in a sidebar; the current list's title in the header bar, the add
/// field, the entries, and the empty states; toasts for what was deleted.
@MainActor
final class MainWindow {
  let window: Widget
  private let library: Library
  private let header = HeaderBar()
  private let addBar: AddBar
  private let entries: EntryListView
  private let empty = StatusPage(
    icon: "view-list-symbolic", title: "Nothing to show here",
    description: "Type an entry in the field above and press Enter to add it.")
  private let noResults = StatusPage(
    icon: "system-search-symbolic", title: "No results",
    description: "No entry matches the search. Try other words or another category.")
  private let toasts: ToastOverlay
  private let search = SearchBar()
  private let categoryFilter = DropDown(["All categories"], name: "Filter by category")
  let actions: ActionGroup

  init(application: UnsafeMutablePointer<GtkApplication>, library: Library) {
    self.library = library
    let list = library.current
    window = Widget(adw_application_window_new(application)!)
    gtk_window_set_default_size(window.typed(GtkWindow.self), 960, 680)
    addBar = AddBar(list: list)
    entries = EntryListView(list: list)
    let main = Box(vertical: true)
    main.expand(horizontally: true, vertically: true)
    main.append(header, search, addBar.root, entries.view.scroller, empty, noResults)
    toasts = ToastOverlay(child: main)
    adw_application_window_set_content(window.typed(AdwApplicationWindow.self), toasts.widget)
    actions = ActionGroup(map: window.raw)
    Styles.install(list.categories.map(\.color))
    wire()
    refresh()
  }

  private func wire() {
    entries.onDeleted = { [unowned self] title in
      self.toasts.show(title, button: "Undo") { [weak self] in self?.undo() }
    }
    entries.onChange = { [unowned self] _ in self.refresh() }
    addBar.onAdded = { [unowned self] entry in
      if let offset = self.entries.list.offset(of: entry.id) {
        self.entries.view.scroll(to: offset)
      }
    }
    actions.add("undo") { [unowned self] in self.undo() }
    actions.add("redo") { [unowned self] in self.redo() }
    actions.add("delete-selected") { [unowned self] in
      self.entries.delete(self.entries.selectedIDs)
    }
    actions.add("focus-add") { [unowned self] in self.addBar.field.focusAtEnd() }
    wireSearch()
  }

  private func wireSearch() {
    search.append(categoryFilter)
    search.captureKeys(from: window)
    let toggle = Widget(gtk_toggle_button_new())
    gtk_button_set_icon_name(toggle.typed(GtkButton.self), "system-search-symbolic")
    toggle.setAccessibleLabel("Search")
    toggle.tooltip = "Search (Ctrl+F)"
    g_object_bind_property(
      search.raw, "search-mode-enabled", toggle.raw, "active",
      GBindingFlags(rawValue: G_BINDING_BIDIRECTIONAL.rawValue | G_BINDING_SYNC_CREATE.rawValue))
    header.packStart(toggle)
    actions.add("search") { [unowned self] in
      self.search.isSearching = true
      self.search.entry.grabFocus()
    }
    search.onSearchChanged { [unowned self] in self.applySearch() }
    categoryFilter.onSelected { [unowned self] in self.applySearch() }
    search.onModeChanged { [unowned self] in
      if self.search.isSearching {
        self.search.isVisible = true
      } else {
        self.search.isVisible = false
        self.search.text = ""
        self.categoryFilter.selected = 0
        self.applySearch()
      }
    }
  }

  private func applySearch() {
    let category = categoryFilter.selected == 0 ? nil : categoryFilter.selectedText
    let query = search.isSearching ? search.text : ""
    entries.filter(query: query, category: category)
    refresh()
  }

  func present() {
    gtk_window_present(window.typed(GtkWindow.self))
    addBar.field.focusAtEnd()
  }

  private func undo() {
    entries.list.endTyping()
    entries.list.undo()
  }

  private func redo() {
    entries.list.redo()
  }

  /// Brings the header, the empty states and the undo actions in line with the list.
  private func refresh() {
    let list = entries.list
    let count = list.count
    header.setTitle(list.title, subtitle: count == 1 ? "1 entry" : "\(count) entries")
    let searching = entries.isFiltering
    let showsEmpty = !searching && list.isEmpty
    let showsNoResults = searching && (entries.matches?.isEmpty ?? false)
    empty.isVisible = showsEmpty
    noResults.isVisible = showsNoResults
    entries.view.scroller.isVisible = !showsEmpty && !showsNoResults
    actions.setEnabled("undo", list.canUndo)
    actions.setEnabled("redo", list.canRedo)
    categoryFilter.setItems(["All categories"] + list.categories.map(\.name))
  }
}
