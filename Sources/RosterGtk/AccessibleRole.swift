import CGtk

/// What a widget is to a screen reader, when its type alone does not say.
public enum AccessibleRole: Sendable {
  /// A group of related widgets (a list row's parts).
  case group

  var gtk: GtkAccessibleRole {
    switch self {
    case .group: GTK_ACCESSIBLE_ROLE_GROUP
    }
  }
}
