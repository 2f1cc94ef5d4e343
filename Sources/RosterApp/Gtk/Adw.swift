import CAdw
import CGtk
import CGtkShim

/// AdwStatusPage: an icon, a title and a hint, for empty states.
final class StatusPage: Widget {
  init(icon: String, title: String, description: String) {
    super.init(adw_status_page_new())
    adw_status_page_set_icon_name(opaque, icon)
    adw_status_page_set_title(opaque, title)
    adw_status_page_set_description(opaque, description)
    expand(horizontally: true, vertically: true)
  }
}

/// AdwHeaderBar with an AdwWindowTitle.
final class HeaderBar: Widget {
  private let title: Widget

  init() {
    title = Widget(adw_window_title_new("", "")!)
    super.init(adw_header_bar_new())
    adw_header_bar_set_title_widget(opaque, title.widget)
  }

  func setTitle(_ text: String, subtitle: String) {
    adw_window_title_set_title(title.opaque, text)
    adw_window_title_set_subtitle(title.opaque, subtitle)
  }

  func packStart(_ child: Widget) { adw_header_bar_pack_start(opaque, child.widget) }
  func packEnd(_ child: Widget) { adw_header_bar_pack_end(opaque, child.widget) }

  /// Hides the window buttons (a sidebar's header bar).
  func hideWindowButtons(start: Bool, end: Bool) {
    adw_header_bar_set_show_start_title_buttons(opaque, start ? 0 : 1)
    adw_header_bar_set_show_end_title_buttons(opaque, end ? 0 : 1)
  }
}

/// AdwToastOverlay: shows toasts over its child.
final class ToastOverlay: Widget {
  private var current: OpaquePointer?

  init(child: Widget) {
    super.init(adw_toast_overlay_new())
    adw_toast_overlay_set_child(opaque, child.widget)
  }

  /// Shows a toast replacing the previous one; `button` runs `action` (Undo).
  @MainActor
  func show(
    _ title: String, button: String? = nil, action: @escaping @MainActor () -> Void = {},
    dismissed: (@MainActor () -> Void)? = nil
  ) {
    if let current { adw_toast_dismiss(current) }
    let toast = adw_toast_new(title)!
    adw_toast_set_timeout(toast, 8)
    if let button {
      adw_toast_set_button_label(toast, button)
      Signal.connect(UnsafeMutableRawPointer(toast), "button-clicked", action)
    }
    if let dismissed { Signal.connect(UnsafeMutableRawPointer(toast), "dismissed", dismissed) }
    g_object_ref(UnsafeMutableRawPointer(toast))
    if let current { g_object_unref(UnsafeMutableRawPointer(current)) }
    current = toast
    adw_toast_overlay_add_toast(opaque, toast)
    // GTK 4.8 reads a mnemonic button as "Undo Undo": fix the name once the toast is built.
    for delay: UInt32 in [0, 50, 300] {
      MainLoop.after(milliseconds: delay) { [weak self] in
        guard let self else { return }
        roster_fix_button_names(self.widget)
      }
    }
  }
}
