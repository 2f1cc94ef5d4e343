import CGtk

/// Key values and modifier masks, from gdk/gdkkeysyms.h and GdkModifierType.
enum Keys {
  static let escape = UInt32(GDK_KEY_Escape)
  static let backspace = UInt32(GDK_KEY_BackSpace)
  static let delete = UInt32(GDK_KEY_Delete)
  static let up = UInt32(GDK_KEY_Up)
  static let down = UInt32(GDK_KEY_Down)
  static let returnKey = UInt32(GDK_KEY_Return)
  static let shift = GDK_SHIFT_MASK.rawValue
  static let control = GDK_CONTROL_MASK.rawValue
  static let alt = GDK_ALT_MASK.rawValue
  /// The character a key types, if it types one.
  static func character(_ key: UInt32) -> Character? {
    let code = gdk_keyval_to_unicode(key)
    guard code >= 0x20, code != 0x7F, let scalar = Unicode.Scalar(code) else { return nil }
    return Character(scalar)
  }

  /// The modifiers a shortcut is made of (not Caps Lock or Num Lock).
  static let modifierMask = shift | control | alt | GDK_SUPER_MASK.rawValue
}
