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
}
