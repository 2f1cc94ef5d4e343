import RosterAppCore
import RosterBackend
import RosterGtk
import RosterKit
import RosterLocalization

extension MainWindow {
  /// The main menu, the sidebar's New List button, and the actions behind them.
  func wireMenus() {
    let newList = Button(icon: "list-add-symbolic", name: localized("New List"))
    newList.tooltip = localized("New List (Ctrl+N)")
    newList.actionName = WindowAction.newList.detailed
    sidebar.header.packStart(newList)

    let menu = Menu()
    let lists = Menu()
    lists.append(localized("New List…"), action: .newList)
    lists.append(localized("Rename List…"), action: .renameList)
    lists.append(localized("Delete List"), action: .deleteList)
    menu.append(section: lists)
    let transfer = Menu()
    transfer.append(localized("Import…"), action: .importFile)
    transfer.append(localized("Export…"), action: .export)
    wirePrinting(into: transfer)
    menu.append(section: transfer)
    let edit = Menu()
    edit.append(localized("Undo"), action: .undo)
    edit.append(localized("Redo"), action: .redo)
    edit.append(localized("Categories…"), action: .categories)
    wireSorting(into: edit)
    menu.append(section: edit)
    let attendance = Menu()
    wireAttendance(into: attendance)
    menu.append(section: attendance)
    let help = Menu()
    help.append(localized("Keyboard Shortcuts"), action: .shortcuts)
    help.append(localized("About Roster"), action: .about)
    menu.append(section: help)
    let button = MenuButton(icon: "open-menu-symbolic", name: localized("Main Menu"))
    button.setMenu(menu)
    button.setPrimary()
    header.packEnd(button)

    actions.add(.newList) { [unowned self] in
      ListDialogs.newList(parent: self.window) { [weak self] title, rule in
        guard let self else { return nil }
        do {
          self.show(try self.library.createList(title: title, rule: rule))
          return nil
        } catch {
          return ErrorWording.sentence(for: error)
        }
      }
    }
    actions.add(.renameList) { [unowned self] in
      ListDialogs.askText(
        parent: self.window, heading: localized("Rename List"), name: localized("List title"),
        initial: self.library.current.title, action: localized("Rename")
      ) { [weak self] title in
        do {
          try self?.library.renameCurrent(to: title)
          self?.refresh()
          return nil
        } catch {
          return ErrorWording.sentence(for: error)
        }
      }
    }
    actions.add(.deleteList) { [unowned self] in self.deleteList() }
    actions.add(.categories) { [unowned self] in
      CategoriesDialog.present(parent: self.window, list: self.library.current) {
        [weak self] message in self?.toasts.show(message)
      }
    }
    actions.add(.shortcuts) { [unowned self] in Shortcuts.present(parent: self.window) }
    actions.add(.about) { [unowned self] in About.present(parent: self.window) }
  }

  private func deleteList() {
    do {
      let title = try library.deleteCurrent()
      show(library.current)
      toasts.show(
        title, button: localized("Undo"),
        action: { [weak self] in
          guard let self else { return }
          self.library.undoDeletion()
          self.show(self.library.current)
        },
        dismissed: { [weak self] in self?.library.commitDeletion() })
    } catch {
      toasts.show(StoreErrorWording.sentence(for: error))
    }
  }

  /// Asks for a new category's name, creates it, and hands the name to `assign`.
  func newCategory(then assign: @escaping (String) -> Void) {
    ListDialogs.askText(
      parent: window, heading: localized("New Category"), name: localized("Category name"),
      action: localized("Create")
    ) { [weak self] name in
      guard let self else { return nil }
      do {
        let category = try self.library.current.addCategory(name)
        assign(category.name)
        return nil
      } catch RosterError.categoryExists(let existing) {
        assign(existing)
        return nil
      } catch {
        return ErrorWording.sentence(for: error)
      }
    }
  }
}
