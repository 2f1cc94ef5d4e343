import CGtk
import CGtkShim

/// A GtkLabel.
public final class Label: Widget {
  /// A label showing `text`, with these CSS classes.
  public init(_ text: String = "", classes: [String] = [], role: AccessibleRole? = nil) {
    if let role {
      super.init(roster_widget_new_with_role(gtk_label_get_type(), role.gtk))
      gtk_label_set_text(opaque, text)
    } else {
      super.init(gtk_label_new(text))
    }
    for name in classes { addClass(name) }
  }

  /// Ends text that does not fit with “…”; with `maxCharacters`, asks for no more width than
  /// that many characters take.
  public func ellipsize(maxCharacters: Int32 = -1) {
    gtk_label_set_ellipsize(opaque, PANGO_ELLIPSIZE_END)
    gtk_label_set_max_width_chars(opaque, maxCharacters)
  }

  /// The label's text.
  public var text: String {
    get { String(cString: gtk_label_get_text(opaque)) }
    set { gtk_label_set_text(opaque, newValue) }
  }

  /// Aligns the text to the start, and lets long text wrap.
  public func leading(wrap: Bool = false) {
    gtk_label_set_xalign(opaque, 0)
    gtk_label_set_wrap(opaque, wrap ? 1 : 0)
    if !wrap { gtk_label_set_ellipsize(opaque, PANGO_ELLIPSIZE_END) }
  }

  /// Wraps long text over at most `maxLines` lines, breaking a word too long for a line
  /// anywhere; text left over ends the last line with “…”.
  ///
  /// It asks for the width of `widthChars` characters: in a scrolled window, GTK 4.8 measures
  /// a wrapping label's height at the width it asks for, not at the width it gets.
  public func wrap(maxLines: Int32, widthChars: Int32) {
    gtk_label_set_wrap(opaque, 1)
    gtk_label_set_wrap_mode(opaque, PANGO_WRAP_WORD_CHAR)
    gtk_label_set_lines(opaque, maxLines)
    gtk_label_set_ellipsize(opaque, PANGO_ELLIPSIZE_END)
    gtk_label_set_max_width_chars(opaque, widthChars)
  }

  /// Shows `text` in a tooltip while the label's own text is cut short with “…”.
  public func tooltipWhenEllipsized(_ text: String) {
    let label = opaque  // the handler lives no longer than the label
    tooltip { pango_layout_is_ellipsized(gtk_label_get_layout(label)) != 0 ? text : nil }
  }

  /// Aligns the text to its own start, as a field does: the left for Latin, the right for
  /// Arabic or Hebrew (whatever the window's direction).
  public func alignToTextDirection() {
    // Below U+0590 every strong character is left-to-right: text there with a Latin letter
    // starts left-to-right, and its layout (shaped, the costly part) waits for the frame.
    let utf8 = gtk_label_get_text(opaque).map { String(cString: $0).utf8 }
    if let utf8, utf8.allSatisfy({ $0 < 0xD6 }), utf8.contains(where: Self.isLatinLetter) {
      gtk_label_set_xalign(opaque, 0)
      return
    }
    // The layout resolves the direction of the text's first strong character.
    let rightToLeft =
      pango_layout_get_direction(gtk_label_get_layout(opaque), 0) == PANGO_DIRECTION_RTL
    gtk_label_set_xalign(opaque, rightToLeft ? 1 : 0)
  }

  private static func isLatinLetter(_ byte: UInt8) -> Bool {
    (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
  }

  /// Whether the text is cut short with “…” at the label's current width.
  public var isEllipsized: Bool {
    pango_layout_is_ellipsized(gtk_label_get_layout(opaque)) != 0
  }
}
