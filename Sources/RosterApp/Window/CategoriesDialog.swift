import CGtk
import RosterKit

/// The list's categories, each with its badge and a colour button to change the colour.
@MainActor
enum CategoriesDialog {
  static func present(parent: Widget, list: RosterList) {
    let body = list.categories.isEmpty ? "This list has no categories yet." : ""
    let dialog = MessageDialog(parent: parent, heading: "Categories", body: body)
    let rows = Box(vertical: true, spacing: 8)
    for category in list.categories {
      let row = Box(spacing: 12)
      let badge = Label(category.name, classes: ["badge", Styles.className(for: category.color)])
      badge.align(horizontal: GTK_ALIGN_START, vertical: GTK_ALIGN_CENTER)
      badge.expand(horizontally: true)
      let picker = ColorButton(category.color, name: "Colour of \(category.name)")
      picker.onColorSet { color in
        try? list.setColor(color, ofCategory: category.name)
        Styles.install(list.categories.map(\.color))
        badge.removeClasses(prefixed: "category-")
        badge.addClass(Styles.className(for: color))
      }
      row.append(badge, picker)
      rows.append(row)
    }
    dialog.setExtraChild(rows)
    dialog.addResponse("close", "Close", suggested: true)
    dialog.setCloseResponse("close")
    dialog.present()
  }
}
