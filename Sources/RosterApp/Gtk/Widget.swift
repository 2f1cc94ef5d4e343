import CGtk
import CGtkShim

/// A GTK widget, owned: `init` takes a reference (sinking a floating one), `deinit` drops it.
///
/// Subclasses add what their widget type can do; raw pointers stay inside these wrappers.
@MainActor
class Widget {
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

  var isVisible: Bool {
    get { gtk_widget_get_visible(widget) != 0 }
    set { gtk_widget_set_visible(widget, newValue ? 1 : 0) }
  }

  var isSensitive: Bool {
    get { gtk_widget_get_sensitive(widget) != 0 }
    set { gtk_widget_set_sensitive(widget, newValue ? 1 : 0) }
  }

  var tooltip: String? {
    get { gtk_widget_get_tooltip_text(widget).map { String(cString: $0) } }
    set { gtk_widget_set_tooltip_text(widget, newValue) }
  }

  /// Whether the widget is focusable.
  var isFocusable: Bool {
    get { gtk_widget_get_focusable(widget) != 0 }
    set { gtk_widget_set_focusable(widget, newValue ? 1 : 0) }
  }

  /// Whether the keyboard focus is this widget or inside it.
  var hasFocusWithin: Bool { roster_widget_has_focus_within(widget) != 0 }

  func expand(horizontally: Bool = false, vertically: Bool = false) {
    gtk_widget_set_hexpand(widget, horizontally ? 1 : 0)
    gtk_widget_set_vexpand(widget, vertically ? 1 : 0)
  }

  func margins(top: Int32 = 0, bottom: Int32 = 0, start: Int32 = 0, end: Int32 = 0) {
    gtk_widget_set_margin_top(widget, top)
    gtk_widget_set_margin_bottom(widget, bottom)
    gtk_widget_set_margin_start(widget, start)
    gtk_widget_set_margin_end(widget, end)
  }

  func align(horizontal: GtkAlign? = nil, vertical: GtkAlign? = nil) {
    if let horizontal { gtk_widget_set_halign(widget, horizontal) }
    if let vertical { gtk_widget_set_valign(widget, vertical) }
  }

  func addClass(_ name: String) { gtk_widget_add_css_class(widget, name) }
  func removeClass(_ name: String) { gtk_widget_remove_css_class(widget, name) }
  func removeClasses(prefixed prefix: String) {
    roster_widget_remove_css_classes_with_prefix(widget, prefix)
  }

  func setClass(_ name: String, _ on: Bool) {
    if on { addClass(name) } else { removeClass(name) }
  }

  @discardableResult
  func grabFocus() -> Bool { gtk_widget_grab_focus(widget) != 0 }

  /// What a screen reader calls the widget.
  func setAccessibleLabel(_ label: String) { roster_accessible_set_label(widget, label) }

  /// What a screen reader says after the name; `nil` removes it.
  func setAccessibleDescription(_ text: String?) {
    roster_accessible_set_description(widget, text)
  }

  func setAccessibleInvalid(_ invalid: Bool) {
    roster_accessible_set_invalid(widget, invalid ? 1 : 0)
  }

  /// Adds an event controller (ownership passes to the widget).
  func add(controller: OpaquePointer) {
    gtk_widget_add_controller(widget, controller)
  }

  /// Calls `handler` for key presses, before (`capture`) or after the focused child sees them.
  func onKeyPressed(
    capture: Bool = false, _ handler: @escaping @MainActor (UInt32, UInt32) -> Bool
  ) {
    let controller = gtk_event_controller_key_new()!
    if capture { gtk_event_controller_set_propagation_phase(controller, GTK_PHASE_CAPTURE) }
    Signal.connectKeyPressed(UnsafeMutableRawPointer(controller), handler)
    add(controller: controller)
  }

  /// Calls `handler` when the keyboard focus leaves the widget and its children.
  func onFocusLeave(_ handler: @escaping @MainActor () -> Void) {
    let controller = gtk_event_controller_focus_new()!
    Signal.connect(UnsafeMutableRawPointer(controller), "leave", handler)
    add(controller: controller)
  }

  /// Calls `handler` when the keyboard focus enters the widget or its children.
  func onFocusEnter(_ handler: @escaping @MainActor () -> Void) {
    let controller = gtk_event_controller_focus_new()!
    Signal.connect(UnsafeMutableRawPointer(controller), "enter", handler)
    add(controller: controller)
  }

  /// Activates a GAction by its detailed name, with an optional parameter.
  func activateAction(_ name: String) {
    gtk_widget_activate_action_variant(widget, name, nil)
  }

  /// Adds an action group under `prefix` (`row.move-up`).
  func insertActions(_ group: ActionGroup, prefix: String) {
    gtk_widget_insert_action_group(widget, prefix, group.group)
  }
}
