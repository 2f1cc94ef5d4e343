import Foundation
import RosterAppCore
import RosterBackend
import RosterGtk
import RosterLocalization

/// The lists, with their counts, in a GtkListBox (tens of rows): choosing one shows it.
@MainActor
final class Sidebar {
  let root = Box(vertical: true)
  let header = HeaderBar()
  private let listBox = ListBox()
  private var rows = SidebarRows()
  private var counts: [Label] = []
  private var isUpdating = false

  /// Called with the id of the list the person chose.
  var onSelect: (UUID) -> Void = { _ in }
  /// Called by the Show Entries button, which shows while the window is folded.
  var onShowEntries: () -> Void = {}
  private let showEntries = Button(icon: "go-next-symbolic", name: localized("Show Entries"))

  init() {
    listBox.addClass("navigation-sidebar")
    listBox.setAccessibleLabel(localized("Lists"))
    let scroller = ScrolledWindow()
    scroller.setChild(listBox)
    scroller.expand(vertically: true)
    header.hideWindowButtons(start: false, end: true)
    header.setTitle(localized("Lists"), subtitle: "")
    header.packEnd(showEntries)
    showEntries.isVisible = false
    showEntries.onClicked { [unowned self] in self.onShowEntries() }
    root.append(header, scroller)
    listBox.onRowSelected { [unowned self] index in
      guard !self.isUpdating, let id = self.rows.id(at: index) else { return }
      self.onSelect(id)
    }
  }

  /// Folded, the sidebar fills the window: it gets the window buttons and Show Entries.
  func setFolded(_ folded: Bool) {
    showEntries.isVisible = folded
    header.hideWindowButtons(start: false, end: !folded)
  }

  /// Shows `lists`, with `current` selected.
  func show(_ lists: [ListSummary], current: UUID) {
    isUpdating = true
    defer { isUpdating = false }
    switch rows.show(lists, current: current) {
    case .counts(let changed):
      // Only counts changed: update the labels rather than rebuilding the rows.
      for index in changed { counts[index].text = GroupedNumber.text(lists[index].count) }
    case .rebuild(let selected):
      listBox.removeAll()
      counts = lists.map { list in
        let row = Box(spacing: 6)
        let title = Label(list.title)
        title.leading()
        title.expand(horizontally: true)
        let count = Label(GroupedNumber.text(list.count), classes: ["dim-label", "sidebar-count"])
        row.append(title, count)
        row.margins(top: 6, bottom: 6, start: 6, end: 6)
        row.setAccessibleLabel(list.title)
        listBox.append(row)
        return count
      }
      if let selected { listBox.select(selected) }
    }
  }
}
