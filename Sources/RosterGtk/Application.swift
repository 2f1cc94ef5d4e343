import CAdw
import CGtk
import CGtkShim

/// An AdwApplication: the process's GTK application, its main loop and its accelerators.
@MainActor
public final class Application {
  let application: UnsafeMutablePointer<AdwApplication>

  /// An application with this id (`org.example.App`); several may run at once.
  public init(id: String) {
    application = adw_application_new(id, G_APPLICATION_NON_UNIQUE)
  }

  var gtk: UnsafeMutablePointer<GtkApplication> {
    UnsafeMutableRawPointer(application).assumingMemoryBound(to: GtkApplication.self)
  }

  private var gApplication: UnsafeMutablePointer<GApplication> {
    UnsafeMutableRawPointer(application).assumingMemoryBound(to: GApplication.self)
  }

  /// Calls `handler` when the application starts (and when it is launched again).
  public func onActivate(_ handler: @escaping @MainActor () -> Void) {
    Signal.connect(UnsafeMutableRawPointer(application), "activate", handler)
  }

  /// Calls `handler` once, as the application quits.
  public func onShutdown(_ handler: @escaping @MainActor () -> Void) {
    Signal.connect(UnsafeMutableRawPointer(application), "shutdown", handler)
  }

  /// Calls `handler` on the main thread when the process is asked to end (SIGTERM, as a session
  /// that logs out sends, or SIGINT, Ctrl+C in a terminal) instead of dying at once, so that
  /// the app can finish what it must first.
  public func onTerminationRequest(_ handler: @escaping @MainActor () -> Void) {
    typealias Handler = @MainActor () -> Void
    let trampoline: @convention(c) (UnsafeMutableRawPointer?) -> Int32 = { data in
      nonisolated(unsafe) let box = Unmanaged<Retained<Handler>>.fromOpaque(data!)
        .takeUnretainedValue()
      MainActor.assumeIsolated { box.value() }
      return 1  // keep the source: a second request calls the handler again
    }
    let release: @convention(c) (UnsafeMutableRawPointer?) -> Void = { data in
      Unmanaged<AnyObject>.fromOpaque(data!).release()
    }
    for signal in [SIGTERM, SIGINT] {
      g_unix_signal_add_full(
        G_PRIORITY_DEFAULT, signal, trampoline,
        Unmanaged.passRetained(Retained<Handler>(handler)).toOpaque(), release)
    }
  }

  /// Binds keyboard accelerators (`<Control>z`) to a detailed action name (`win.undo`),
  /// replacing any it had; at most two are kept.
  public func setAccelerators(_ accelerators: [String], for action: String) {
    precondition(accelerators.count <= 2, "at most two accelerators per action")
    roster_set_accels(
      gtk, action, accelerators.first, accelerators.count > 1 ? accelerators[1] : nil)
  }

  /// Runs the main loop until the last window closes or ``quit()``; returns the exit status.
  public func run() -> Int32 {
    g_application_run(gApplication, 0, nil)
  }

  /// Ends the main loop.
  public func quit() {
    g_application_quit(gApplication)
  }
}
