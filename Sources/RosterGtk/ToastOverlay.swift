import CAdw
import CGtk
import CGtkShim

/// AdwToastOverlay: shows toasts over its child.
public final class ToastOverlay: Widget {
  private var current: OpaquePointer?

  /// An overlay showing toasts over `child`.
  public init(child: Widget) {
    super.init(adw_toast_overlay_new())
    adw_toast_overlay_set_child(opaque, child.widget)
  }

  /// Shows a toast replacing the previous one; `button` runs `action` (Undo), and `dismissed`
  /// runs when the toast goes away without it.
  public func show(
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
