import RosterGtk
import RosterLocalization
import RosterTransfer

/// The columns of a spreadsheet in the import preview: a box to tick for each column that goes
/// into the text (joined in the order ticked: First name, then Last name, makes “Łukasz
/// Nowak”), the category's column (or none), and whether the first row names the columns.
///
/// Its widgets' handlers hold it; they go when the dialog is destroyed.
@MainActor
final class ImportColumnsView {
  /// The view, for the dialog.
  let root = Box(vertical: true, spacing: 6)
  private let textLine = Label()
  private var mapping: ColumnMapping
  private let changed: (ColumnMapping) -> String

  /// A view of `columns` (the first row's cells) starting from `mapping`; `changed` gets each
  /// new choice and returns the line that names the text columns.
  init(
    columns: [String], mapping: ColumnMapping,
    changed: @escaping (ColumnMapping) -> String
  ) {
    self.mapping = mapping
    self.changed = changed
    let heading = Label(localized("Which columns make each entry's text? Tick them in order."))
    heading.leading(wrap: true)
    let ticks = Box(vertical: columns.count > 4, spacing: columns.count > 4 ? 2 : 12)
    for (index, column) in columns.enumerated() {
      let tick = CheckButton(label: column.isEmpty ? localized("Column %@", index + 1) : column)
      tick.onToggled {
        var text = self.mapping.textColumns.filter { $0 != index }
        if tick.isActive { text.append(index) }
        self.mapping.textColumns = text
        self.apply()
      }
      ticks.append(tick)
    }
    textLine.leading(wrap: true)
    let categoryLabel = Label(localized("Category column:"))
    let category = DropDown([localized("None")] + columns, name: localized("Category column"))
    category.selected = mapping.categoryColumn.map { $0 + 1 } ?? 0
    category.onSelected {
      self.mapping.categoryColumn = category.selected == 0 ? nil : category.selected - 1
      self.apply()
    }
    let categoryRow = Box(vertical: false, spacing: 8)
    categoryRow.append(categoryLabel, category)
    let header = CheckButton(label: localized("The first row names the columns (not imported)"))
    header.isActive = mapping.firstRowIsHeader
    header.onToggled {
      self.mapping.firstRowIsHeader = header.isActive
      self.apply()
    }
    root.append(heading, ticks, textLine, categoryRow, header)
  }

  /// Shows the line that names the text columns.
  func update(textLine text: String) {
    textLine.text = text
  }

  private func apply() {
    update(textLine: changed(mapping))
  }
}
