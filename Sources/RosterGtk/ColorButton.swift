import CAdw
import CGtk

/// A GtkColorButton: a swatch that opens a colour chooser.
public final class ColorButton: Widget {
  /// A button showing `color`; `name` is its tooltip, the chooser's title and what a screen
  /// reader says.
  public init(_ color: RGBA, name: String) {
    var rgba = GdkRGBA(
      red: Float(color.red) / 255, green: Float(color.green) / 255, blue: Float(color.blue) / 255,
      alpha: Float(color.alpha) / 255)
    super.init(gtk_color_button_new_with_rgba(&rgba))
    gtk_color_button_set_title(opaque, name)
    setAccessibleLabel(name)
    tooltip = name
  }

  /// The colour chosen.
  public var color: RGBA {
    var rgba = GdkRGBA()
    gtk_color_chooser_get_rgba(opaque, &rgba)
    func byte(_ value: Float) -> UInt8 { UInt8(max(0, min(255, (value * 255).rounded()))) }
    return RGBA(
      red: byte(rgba.red), green: byte(rgba.green), blue: byte(rgba.blue),
      alpha: byte(rgba.alpha))
  }

  /// Calls `handler` with the colour when the person picks one.
  public func onColorSet(_ handler: @escaping @MainActor (RGBA) -> Void) {
    Signal.connect(raw, "color-set") { [weak self] in
      if let self { handler(self.color) }
    }
  }
}
