import RosterAppCore
import RosterGtk
import RosterKit
import RosterLocalization

extension MainWindow {
  /// The main menu's Sort section: the four orders (A–Z also on Ctrl+Shift+S) and Keep Sorted.
  /// Each sort is one action: Undo puts every entry back.
  func wireSorting(into menu: Menu) {
    let orders = Menu()
    for command in SortController.commands {
      orders.append(command.label, action: command.action)
      actions.add(command.action) { [unowned self] in
        self.toasts.show(self.sorting.perform(command, on: self.entries.list))
        self.refresh()
      }
    }
    orders.append(localized("Keep Sorted"), action: .keepSorted)
    actions.addToggle(.keepSorted, on: false) { [unowned self] in
      self.toasts.show(self.sorting.toggleKeepSorted(self.entries.list))
      self.refresh()
    }
    menu.append(submenu: orders, label: localized("Sort"))
  }

  /// The Keep Sorted check mark; nothing sorts while a list loads (`editable` is false).
  func refreshSorting(editable: Bool) {
    actions.setState(.keepSorted, entries.list.keepSorted != nil)
    for command in SortController.commands { actions.setEnabled(command.action, editable) }
    actions.setEnabled(.keepSorted, editable)
  }
}
