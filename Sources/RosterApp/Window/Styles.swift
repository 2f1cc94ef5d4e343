import RosterAppCore
import RosterGtk
import RosterKit

/// The app's CSS: the badge shape, and one class per category colour with legible text.
@MainActor
enum Styles {
  private static let base = """
    .badge { border-radius: 6px; padding: 1px 8px; font-size: smaller; font-weight: bold; }
    .reason { color: @error_color; }
    .sidebar-count { font-feature-settings: "tnum"; }
    entry.covered > text { color: transparent; }
    .row-cover { padding-left: 9px; padding-right: 9px; }
    """
  private static var sheet: StyleSheet?
  private static var known: Set<CategoryColor> = []

  /// The CSS class of badges in `color`.
  static func className(for color: CategoryColor) -> String {
    "category-" + color.hex.dropFirst()
  }

  /// Installs the style sheet for the display, with classes for `colors` and the palette.
  static func install(_ colors: [CategoryColor] = []) {
    let new = Set(colors).union(CategoryColor.palette)
    guard sheet == nil || !new.isSubset(of: known) else { return }
    known.formUnion(new)
    var css = base
    for color in known.sorted(by: { $0.hex < $1.hex }) {
      let text = BadgeContrast.textColor(on: color).hex
      css += "\n.\(className(for: color)) { background-color: \(color.hex); color: \(text); }"
    }
    let sheet = sheet ?? StyleSheet()
    sheet.load(css)
    self.sheet = sheet
  }
}
