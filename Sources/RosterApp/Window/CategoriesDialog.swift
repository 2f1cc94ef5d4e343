import RosterGtk
import RosterKit
import RosterLocalization

/// The list's categories, each with its badge and a colour button to change the colour.
@MainActor
enum CategoriesDialog {
  /// Shows the dialog over `parent`; a colour that cannot be set is reported through `onError`.
  static func present(parent: Widget, list: RosterList, onError: @escaping (String) -> Void) {
    let body = list.categories.isEmpty ? localized("This list has no categories yet.") : ""
    let dialog = MessageDialog(parent: parent, heading: localized("Categories"), body: body)
    let rows = Box(vertical: true, spacing: 8)
    for category in list.categories {
      let row = Box(spacing: 12)
      let badge = Label(category.name, classes: ["badge", Styles.className(for: category.color)])
      badge.align(horizontal: .start, vertical: .center)
      badge.expand(horizontally: true)
      let picker = ColorButton(category.color.rgba, name: localized("Colour of %@", category.name))
      picker.onColorSet { rgba in
        let color = CategoryColor(red: rgba.red, green: rgba.green, blue: rgba.blue)
        do {
          try list.setColor(color, ofCategory: category.name)
        } catch {
          onError(ErrorWording.sentence(for: error))
          return
        }
        Styles.install(list.categories.map(\.color))
        badge.removeClasses(prefixed: "category-")
        badge.addClass(Styles.className(for: color))
      }
      row.append(badge, picker)
      rows.append(row)
    }
    dialog.setExtraChild(rows)
    dialog.addResponse("close", localized("Close"), suggested: true)
    dialog.setCloseResponse("close")
    dialog.present()
  }
}
