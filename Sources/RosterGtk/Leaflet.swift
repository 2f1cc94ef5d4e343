import CAdw
import CGtk

/// An AdwLeaflet: children side by side while they fit, one at a time (with back and forward
/// navigation) once the window is narrower than their minimum widths together.
public final class Leaflet: Widget {
  /// An empty leaflet that slides between its children when folded.
  public init() {
    super.init(adw_leaflet_new())
    adw_leaflet_set_can_navigate_back(leaflet, 1)
    adw_leaflet_set_can_navigate_forward(leaflet, 1)
  }

  private var leaflet: OpaquePointer { opaque }

  /// Adds `child` at the end; `navigatable: false` skips it when navigating (a separator).
  public func append(_ child: Widget, navigatable: Bool = true) {
    let page = adw_leaflet_append(leaflet, child.widget)
    if !navigatable { adw_leaflet_page_set_navigatable(page, 0) }
  }

  /// Whether only one child shows (the window is too narrow for all of them).
  public var isFolded: Bool { adw_leaflet_get_folded(leaflet) != 0 }

  /// Shows `child` (when folded; unfolded, every child shows anyway).
  public func show(_ child: Widget) {
    adw_leaflet_set_visible_child(leaflet, child.widget)
  }

  /// Whether `child` is the one shown when folded.
  public func isShowing(_ child: Widget) -> Bool {
    adw_leaflet_get_visible_child(leaflet) == child.widget
  }

  /// Calls `handler` when the leaflet folds or unfolds.
  public func onFoldedChanged(_ handler: @escaping @MainActor () -> Void) {
    Signal.connect(raw, "notify::folded") { _ in handler() }
  }

  /// Calls `handler` when another child becomes the one shown.
  public func onVisibleChildChanged(_ handler: @escaping @MainActor () -> Void) {
    Signal.connect(raw, "notify::visible-child") { _ in handler() }
  }
}
