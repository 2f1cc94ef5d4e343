import CGtk

/// Key values and modifier masks, from gdk/gdkkeysyms.h and GdkModifierType.
public enum Keys {
  /// Escape.
  public static let escape = UInt32(GDK_KEY_Escape)
  /// Backspace.
  public static let backspace = UInt32(GDK_KEY_BackSpace)
  /// Delete.
  public static let delete = UInt32(GDK_KEY_Delete)
  /// The up arrow.
  public static let up = UInt32(GDK_KEY_Up)
  /// The down arrow.
  public static let down = UInt32(GDK_KEY_Down)
  /// Return (Enter).
  public static let returnKey = UInt32(GDK_KEY_Return)
  /// The Shift modifier's bit.
  public static let shift = GDK_SHIFT_MASK.rawValue
  /// The Control modifier's bit.
  public static let control = GDK_CONTROL_MASK.rawValue
  /// The Alt modifier's bit.
  public static let alt = GDK_ALT_MASK.rawValue

  /// The character a key types, if it types one.
  public static func character(_ key: UInt32) -> Character? {
    let code = gdk_keyval_to_unicode(key)
    guard code >= 0x20, code != 0x7F, let scalar = Unicode.Scalar(code) else { return nil }
    return Character(scalar)
  }

  /// The modifiers a shortcut is made of (not Caps Lock or Num Lock).
  public static let modifierMask = shift | control | alt | GDK_SUPER_MASK.rawValue
}
