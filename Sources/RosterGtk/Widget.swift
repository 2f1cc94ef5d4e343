import CGtk
import CGtkShim

/// A GTK widget, owned: `init` takes a reference (sinking a floating one), `deinit` drops it.
///
/// Subclasses add what their widget type can do; raw pointers stay inside these wrappers.
@MainActor
public class Widget {
  /// The widget, for wrappers only.
  nonisolated(unsafe) let widget: UnsafeMutablePointer<GtkWidget>

  /// Wraps and references `widget`.
  init(_ widget: UnsafeMutablePointer<GtkWidget>) {
    self.widget = widget
    g_object_ref_sink(widget)
  }

  /// Wraps a widget GTK returned as an untyped or opaque pointer.
  convenience init(raw: UnsafeMutableRawPointer) {
    self.init(raw.assumingMemoryBound(to: GtkWidget.self))
  }

  deinit {
    g_object_unref(widget)
  }

  /// The widget as GTK's final classes and interfaces take it.
  var opaque: OpaquePointer { OpaquePointer(widget) }
  /// The widget as an untyped GObject pointer.
  var raw: UnsafeMutableRawPointer { UnsafeMutableRawPointer(widget) }

  /// The widget as a derivable GTK type.
  func typed<T>(_: T.Type) -> UnsafeMutablePointer<T> {
    raw.assumingMemoryBound(to: T.self)
  }

  /// Whether the widget is shown.
  public var isVisible: Bool {
    get { gtk_widget_get_visible(widget) != 0 }
    set { gtk_widget_set_visible(widget, newValue ? 1 : 0) }
  }

  /// Whether the widget reacts to input (insensitive widgets are greyed out).
  public var isSensitive: Bool {
    get { gtk_widget_get_sensitive(widget) != 0 }
    set { gtk_widget_set_sensitive(widget, newValue ? 1 : 0) }
  }

  /// The tooltip's text, if any (an empty text is none).
  ///
  /// Setting the text it already has does nothing: GTK 4.8 asks the display server where the
  /// pointer is on every change, a round trip per list row bound.
  public var tooltip: String? {
    get { gtk_widget_get_tooltip_text(widget).map { String(cString: $0) } }
    set {
      let text = newValue?.isEmpty == true ? nil : newValue
      guard text != tooltip else { return }
      gtk_widget_set_tooltip_text(widget, text)
    }
  }

  /// Whether the widget is focusable.
  public var isFocusable: Bool {
    get { gtk_widget_get_focusable(widget) != 0 }
    set { gtk_widget_set_focusable(widget, newValue ? 1 : 0) }
  }

  /// Whether the pointer can reach the widget: a widget drawn over another, that clicks must
  /// go through, is not.
  public var canTarget: Bool {
    get { gtk_widget_get_can_target(widget) != 0 }
    set { gtk_widget_set_can_target(widget, newValue ? 1 : 0) }
  }

  /// Whether the widget has its window resources (and a frame clock): it is, or was, shown.
  public var isRealized: Bool { gtk_widget_get_realized(widget) != 0 }

  /// Whether the widget is inside another one.
  public var hasParent: Bool { gtk_widget_get_parent(widget) != nil }

  /// Whether the keyboard focus is this widget or inside it.
  public var hasFocusWithin: Bool { roster_widget_has_focus_within(widget) != 0 }

  /// Lets the widget take the extra space in these directions.
  public func expand(horizontally: Bool = false, vertically: Bool = false) {
    gtk_widget_set_hexpand(widget, horizontally ? 1 : 0)
    gtk_widget_set_vexpand(widget, vertically ? 1 : 0)
  }

  /// Sets the empty space around the widget, in pixels.
  public func margins(top: Int32 = 0, bottom: Int32 = 0, start: Int32 = 0, end: Int32 = 0) {
    gtk_widget_set_margin_top(widget, top)
    gtk_widget_set_margin_bottom(widget, bottom)
    gtk_widget_set_margin_start(widget, start)
    gtk_widget_set_margin_end(widget, end)
  }

  /// Places the widget within the space it is given, in either direction.
  public func align(horizontal: Align? = nil, vertical: Align? = nil) {
    if let horizontal { gtk_widget_set_halign(widget, horizontal.gtk) }
    if let vertical { gtk_widget_set_valign(widget, vertical.gtk) }
  }

  /// Asks for at least this size in pixels; `-1` leaves a direction to the widget.
  public func sizeRequest(width: Int32 = -1, height: Int32 = -1) {
    gtk_widget_set_size_request(widget, width, height)
  }

  /// Adds a CSS class (`dim-label`, `flat`…).
  public func addClass(_ name: String) { gtk_widget_add_css_class(widget, name) }
  /// Removes a CSS class.
  public func removeClass(_ name: String) { gtk_widget_remove_css_class(widget, name) }
  /// Removes every CSS class starting with `prefix`.
  public func removeClasses(prefixed prefix: String) {
    roster_widget_remove_css_classes_with_prefix(widget, prefix)
  }

  /// Adds the CSS class when `on`, removes it otherwise.
  public func setClass(_ name: String, _ on: Bool) {
    if on { addClass(name) } else { removeClass(name) }
  }

  /// Moves the keyboard focus to the widget; returns whether it took it.
  @discardableResult
  public func grabFocus() -> Bool { gtk_widget_grab_focus(widget) != 0 }

  /// What a screen reader calls the widget.
  public func setAccessibleLabel(_ label: String) { roster_accessible_set_label(widget, label) }

  /// What a screen reader says after the name; `nil` removes it.
  public func setAccessibleDescription(_ text: String?) {
    roster_accessible_set_description(widget, text)
  }

  /// Tells a screen reader the widget's value is refused.
  public func setAccessibleInvalid(_ invalid: Bool) {
    roster_accessible_set_invalid(widget, invalid ? 1 : 0)
  }

  /// Adds an event controller (ownership passes to the widget).
  func add(controller: OpaquePointer) {
    gtk_widget_add_controller(widget, controller)
  }

  /// Calls `handler` for key presses, before (`capture`) or after the focused child sees them.
  public func onKeyPressed(
    capture: Bool = false, _ handler: @escaping @MainActor (UInt32, UInt32) -> Bool
  ) {
    let controller = gtk_event_controller_key_new()!
    if capture { gtk_event_controller_set_propagation_phase(controller, GTK_PHASE_CAPTURE) }
    Signal.connectKeyPressed(UnsafeMutableRawPointer(controller), handler)
    add(controller: controller)
  }

  /// Calls `handler` when the keyboard focus leaves the widget and its children.
  public func onFocusLeave(_ handler: @escaping @MainActor () -> Void) {
    let controller = gtk_event_controller_focus_new()!
    Signal.connect(UnsafeMutableRawPointer(controller), "leave", handler)
    add(controller: controller)
  }

  /// Calls `handler` when the keyboard focus enters the widget or its children.
  public func onFocusEnter(_ handler: @escaping @MainActor () -> Void) {
    let controller = gtk_event_controller_focus_new()!
    Signal.connect(UnsafeMutableRawPointer(controller), "enter", handler)
    add(controller: controller)
  }

  /// Calls `handler` with the horizontal and vertical speed (pixels per second) of each swipe
  /// over the widget; `touchOnly` ignores mouse drags.
  public func onSwipe(
    touchOnly: Bool = true, _ handler: @escaping @MainActor (Double, Double) -> Void
  ) {
    let swipe = gtk_gesture_swipe_new()!
    gtk_gesture_single_set_touch_only(swipe, touchOnly ? 1 : 0)
    Signal.connect(UnsafeMutableRawPointer(swipe), "swipe", doubles: handler)
    add(controller: swipe)
  }

  /// Activates a GAction by its detailed name.
  public func activateAction(_ name: String) {
    gtk_widget_activate_action_variant(widget, name, nil)
  }

  /// Adds an action group under `prefix` (`row.move-up`).
  public func insertActions(_ group: ActionGroup, prefix: String) {
    gtk_widget_insert_action_group(widget, prefix, group.group)
  }
}
