import CGtk

/// Keeps two GObject properties equal (GBinding), such as a search bar's mode and its toggle
/// button's state.
@MainActor
public enum PropertyBinding {
  /// Binds `source`'s property to `target`'s, copying the source's value now; with
  /// `bidirectional`, a change on either side reaches the other.
  ///
  /// The binding lasts as long as both widgets.
  public static func bind(
    _ source: Widget, _ sourceProperty: String, to target: Widget, _ targetProperty: String,
    bidirectional: Bool = true
  ) {
    var flags = G_BINDING_SYNC_CREATE.rawValue
    if bidirectional { flags |= G_BINDING_BIDIRECTIONAL.rawValue }
    g_object_bind_property(
      source.raw, sourceProperty, target.raw, targetProperty, GBindingFlags(rawValue: flags))
  }
}
