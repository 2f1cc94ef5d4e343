import CGtk

/// GLib timeouts running Swift closures on the main thread (GLib's loop does not drain Swift's
/// main queue, so the app schedules everything through GLib).
public enum MainLoop {
  /// Calls `body` every `milliseconds` while it returns `true`.
  public static func every(milliseconds: UInt32, _ body: @escaping @MainActor () -> Bool) {
    typealias Handler = @MainActor () -> Bool
    let trampoline: @convention(c) (UnsafeMutableRawPointer?) -> Int32 = { data in
      nonisolated(unsafe) let box = Unmanaged<Retained<Handler>>.fromOpaque(data!)
        .takeUnretainedValue()
      return MainActor.assumeIsolated { box.value() } ? 1 : 0
    }
    let release: @convention(c) (UnsafeMutableRawPointer?) -> Void = { data in
      Unmanaged<AnyObject>.fromOpaque(data!).release()
    }
    g_timeout_add_full(
      G_PRIORITY_DEFAULT, milliseconds, trampoline,
      Unmanaged.passRetained(Retained<Handler>(body)).toOpaque(), release)
  }

  /// Calls `body` once, after `milliseconds`.
  public static func after(milliseconds: UInt32, _ body: @escaping @MainActor () -> Void) {
    every(milliseconds: milliseconds) {
      body()
      return false
    }
  }

  /// Calls `body` once on the main thread, as soon as the main loop is free; callable from
  /// any thread (a writing thread telling the window it is done).
  public static func soon(_ body: @escaping @Sendable @MainActor () -> Void) {
    typealias Handler = @Sendable @MainActor () -> Void
    let trampoline: @convention(c) (UnsafeMutableRawPointer?) -> Int32 = { data in
      nonisolated(unsafe) let box = Unmanaged<Retained<Handler>>.fromOpaque(data!)
        .takeUnretainedValue()
      MainActor.assumeIsolated { box.value() }
      return 0
    }
    let release: @convention(c) (UnsafeMutableRawPointer?) -> Void = { data in
      Unmanaged<AnyObject>.fromOpaque(data!).release()
    }
    g_idle_add_full(
      G_PRIORITY_DEFAULT, trampoline, Unmanaged.passRetained(Retained<Handler>(body)).toOpaque(),
      release)
  }

  /// Runs the main loop for `milliseconds` (events, layout, painting), then returns: long work
  /// on the main thread calls this now and then, so that a new window maps, a progress bar
  /// redraws and a click on Cancel is seen. The caller must keep anything else from starting
  /// meanwhile (a modal dialog).
  @MainActor
  public static func spin(milliseconds: UInt32) {
    final class Flag {
      var isSet = false
    }
    let elapsed = Flag()
    after(milliseconds: milliseconds) { elapsed.isSet = true }
    while !elapsed.isSet { g_main_context_iteration(nil, 1) }
  }
}
