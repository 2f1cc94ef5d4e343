import CGtk

/// Where a widget sits within the space it is given.
public enum Align: Sendable {
  /// Takes all the space.
  case fill
  /// At the start (left in left-to-right text, top).
  case start
  /// At the end.
  case end
  /// In the middle.
  case center

  var gtk: GtkAlign {
    switch self {
    case .fill: GTK_ALIGN_FILL
    case .start: GTK_ALIGN_START
    case .end: GTK_ALIGN_END
    case .center: GTK_ALIGN_CENTER
    }
  }
}
