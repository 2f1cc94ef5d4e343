import CAdw
import CGtk
import CGtkShim

/// An AdwMessageDialog: a heading, a body, optional extra widgets and response buttons.
public final class MessageDialog: Widget {
  /// A dialog over `parent` with a heading and a body text.
  public init(parent: Widget, heading: String, body: String = "") {
    super.init(adw_message_dialog_new(parent.typed(GtkWindow.self), heading, body))
    // Give the keyboard back to the window once the dialog is gone (without a window manager
    // nobody else does).
    Signal.connect(raw, "response") { _ in
      MainLoop.after(milliseconds: 50) { gtk_window_present(parent.typed(GtkWindow.self)) }
    }
  }

  private var dialog: UnsafeMutablePointer<AdwMessageDialog> { typed(AdwMessageDialog.self) }

  /// Adds a response button; `suggested` makes it the blue default.
  public func addResponse(
    _ id: String, _ label: String, suggested: Bool = false, destructive: Bool = false
  ) {
    adw_message_dialog_add_response(dialog, id, label)
    if suggested {
      adw_message_dialog_set_response_appearance(dialog, id, ADW_RESPONSE_SUGGESTED)
      adw_message_dialog_set_default_response(dialog, id)
    }
    if destructive {
      adw_message_dialog_set_response_appearance(dialog, id, ADW_RESPONSE_DESTRUCTIVE)
    }
  }

  /// The response Escape gives.
  public func setCloseResponse(_ id: String) { adw_message_dialog_set_close_response(dialog, id) }

  /// Enables or disables the response button `id`.
  public func setEnabled(_ id: String, _ enabled: Bool) {
    adw_message_dialog_set_response_enabled(dialog, id, enabled ? 1 : 0)
  }

  /// Puts `child` (fields, rows) under the body.
  public func setExtraChild(_ child: Widget) {
    adw_message_dialog_set_extra_child(dialog, child.widget)
  }

  /// Called with the response's id when the dialog closes.
  public func onResponse(_ handler: @escaping @MainActor (String) -> Void) {
    Signal.connect(raw, "response") { response in
      handler(response.map { String(cString: $0.assumingMemoryBound(to: CChar.self)) } ?? "")
    }
  }

  /// Replaces the text under the heading.
  public func setBody(_ body: String) { adw_message_dialog_set_body(dialog, body) }

  /// Changes the text of the response button `id`.
  public func setLabel(_ id: String, _ label: String) {
    adw_message_dialog_set_response_label(dialog, id, label)
    roster_fix_button_names(widget)
  }

  /// Shows the dialog. Its buttons read their labels once (GTK 4.8 reads a mnemonic label
  /// twice: “Add 3 entries Add 3 entries”).
  public func present() {
    roster_fix_button_names(widget)
    gtk_window_present(typed(GtkWindow.self))
  }

  /// Closes the dialog as if `id` was chosen (a response emitted in code does not close it).
  public func respond(_ id: String) {
    adw_message_dialog_response(dialog, id)
    gtk_window_close(typed(GtkWindow.self))
  }

  /// Closes the dialog without a response: nothing is told, and the parent is not raised (a
  /// progress dialog over another dialog goes without covering it).
  public func destroy() {
    gtk_window_destroy(typed(GtkWindow.self))
  }
}
