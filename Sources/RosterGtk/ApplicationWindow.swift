import CAdw
import CGtk

/// An AdwApplicationWindow: a top-level window of an ``Application``, with its own actions
/// (`win.…`).
public final class ApplicationWindow: Widget {
  /// The window's actions, named `win.<name>` in menus and accelerators.
  public let actions: ActionGroup

  /// A hidden window of `application` with this title and default size.
  public init(application: Application, title: String, width: Int32, height: Int32) {
    let window = adw_application_window_new(application.gtk)!
    actions = ActionGroup(map: UnsafeMutableRawPointer(window))
    super.init(window)
    gtk_window_set_default_size(typed(GtkWindow.self), width, height)
    gtk_window_set_title(typed(GtkWindow.self), title)
  }

  /// Sets what the window shows.
  public func setContent(_ content: Widget) {
    adw_application_window_set_content(typed(AdwApplicationWindow.self), content.widget)
  }

  /// Calls `handler` when the window is asked to close; it answers `true` to keep the window
  /// open for now (it calls ``close()`` later).
  public func onCloseRequest(_ handler: @escaping @MainActor () -> Bool) {
    Signal.connectStopping(UnsafeMutableRawPointer(widget), "close-request", handler)
  }

  /// Asks the window to close, as its close button does.
  public func close() {
    gtk_window_close(typed(GtkWindow.self))
  }

  /// Shows the window and raises it.
  public func present() {
    gtk_window_present(typed(GtkWindow.self))
  }
}
