import CGtk
import Foundation
import RosterBackend

/// The lists, with their counts, in a GtkListBox (tens of rows): choosing one shows it.
@MainActor
final class Sidebar {
  let root = Box(vertical: true)
  let header = HeaderBar()
  private let listBox: Widget
  private var ids: [UUID] = []
  private var shown: [ListSummary] = []
  private var counts: [Label] = []
  private var selected: UUID?
  private var isUpdating = false

  /// Called with the id of the list the person chose.
  var onSelect: (UUID) -> Void = { _ in }

  init() {
    listBox = Widget(gtk_list_box_new())
    listBox.addClass("navigation-sidebar")
    listBox.setAccessibleLabel("Lists")
    let scroller = Widget(gtk_scrolled_window_new())
    gtk_scrolled_window_set_child(scroller.opaque, listBox.widget)
    gtk_scrolled_window_set_policy(scroller.opaque, GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
    scroller.expand(vertically: true)
    header.hideWindowButtons(start: false, end: true)
    header.setTitle("Lists", subtitle: "")
    root.append(header, scroller)
    gtk_widget_set_size_request(root.widget, 220, -1)
    Signal.connect(listBox.raw, "row-selected") { [unowned self] row in
      guard !self.isUpdating, let row else { return }
      let index = Int(gtk_list_box_row_get_index(row.assumingMemoryBound(to: GtkListBoxRow.self)))
      if index >= 0, index < self.ids.count { self.onSelect(self.ids[index]) }
    }
  }

  /// Shows `lists`, with `current` selected.
  func show(_ lists: [ListSummary], current: UUID) {
    isUpdating = true
    defer { isUpdating = false }
    if lists.map(\.id) == shown.map(\.id), lists.map(\.title) == shown.map(\.title),
      current == selected
    {
      // Only counts changed: update the labels rather than rebuilding the rows.
      for (label, list) in zip(counts, lists) where label.text != String(list.count) {
        label.text = String(list.count)
      }
      shown = lists
      return
    }
    shown = lists
    selected = current
    counts = []
    while let child = gtk_widget_get_first_child(listBox.widget) {
      gtk_list_box_remove(listBox.opaque, child)
    }
    ids = lists.map(\.id)
    for list in lists {
      let row = Box(spacing: 6)
      let title = Label(list.title)
      title.leading()
      title.expand(horizontally: true)
      let count = Label(String(list.count), classes: ["dim-label", "sidebar-count"])
      counts.append(count)
      row.append(title, count)
      row.margins(top: 6, bottom: 6, start: 6, end: 6)
      row.setAccessibleLabel(list.title)
      gtk_list_box_append(listBox.opaque, row.widget)
    }
    if let index = ids.firstIndex(of: current),
      let row = gtk_list_box_get_row_at_index(listBox.opaque, Int32(index))
    {
      gtk_list_box_select_row(listBox.opaque, row)
    }
  }
}
