import CGtk

/// What a widget is to a screen reader, when its type alone does not say.
public enum AccessibleRole: Sendable {
  /// A group of related widgets (a list row's parts).
  case group
  /// Not there for a screen reader at all: a picture of text the accessible tree has already
  /// (a label drawn over a field that holds the same text).
  case presentation

  var gtk: GtkAccessibleRole {
    switch self {
    case .group: GTK_ACCESSIBLE_ROLE_GROUP
    case .presentation: GTK_ACCESSIBLE_ROLE_PRESENTATION
    }
  }
}
