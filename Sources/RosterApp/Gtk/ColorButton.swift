import CAdw
import CGtk
import RosterKit

/// A GtkColorButton showing a category colour.
final class ColorButton: Widget {
  init(_ color: CategoryColor, name: String) {
    var rgba = GdkRGBA(
      red: Float(color.red) / 255, green: Float(color.green) / 255, blue: Float(color.blue) / 255,
      alpha: 1)
    super.init(gtk_color_button_new_with_rgba(&rgba))
    gtk_color_button_set_title(opaque, name)
    setAccessibleLabel(name)
    tooltip = name
  }

  var color: CategoryColor {
    var rgba = GdkRGBA()
    gtk_color_chooser_get_rgba(opaque, &rgba)
    func byte(_ value: Float) -> UInt8 { UInt8(max(0, min(255, (value * 255).rounded()))) }
    return CategoryColor(red: byte(rgba.red), green: byte(rgba.green), blue: byte(rgba.blue))
  }

  func onColorSet(_ handler: @escaping @MainActor (CategoryColor) -> Void) {
    Signal.connect(raw, "color-set") { [weak self] in
      if let self { handler(self.color) }
    }
  }
}
