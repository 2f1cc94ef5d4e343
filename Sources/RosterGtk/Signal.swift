import CGtk

/// Connects Swift closures to GLib signals.
///
/// Each closure is boxed, retained by the connection, and released by GLib's destroy notify
/// when the connection goes away with its instance — removing a row frees its handlers. The C
/// trampolines are nonisolated; GTK calls them on the main thread, so they assume the main actor.
enum Signal {
  /// A signal with no arguments besides its instance (`clicked`, `activate`, `changed`…).
  static func connect(
    _ instance: UnsafeMutableRawPointer, _ name: String, _ handler: @escaping @MainActor () -> Void
  ) {
    let trampoline: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = {
      _, data in
      nonisolated(unsafe) let box = Unmanaged<Retained<@MainActor () -> Void>>.fromOpaque(data!)
        .takeUnretainedValue()
      MainActor.assumeIsolated { box.value() }
    }
    connect(instance, name, Retained(handler), unsafeBitCast(trampoline, to: GCallback.self))
  }

  /// A signal with one pointer argument (`setup`/`bind` of a list item factory, `notify`…).
  static func connect(
    _ instance: UnsafeMutableRawPointer, _ name: String,
    _ handler: @escaping @MainActor (UnsafeMutableRawPointer?) -> Void
  ) {
    typealias Handler = @MainActor (UnsafeMutableRawPointer?) -> Void
    let trampoline:
      @convention(c) (
        UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?
      ) -> Void = { _, argument, data in
        nonisolated(unsafe) let box = Unmanaged<Retained<Handler>>.fromOpaque(data!)
          .takeUnretainedValue()
        nonisolated(unsafe) let argument = argument
        MainActor.assumeIsolated { box.value(argument) }
      }
    connect(instance, name, Retained(handler), unsafeBitCast(trampoline, to: GCallback.self))
  }

  /// A signal with one `int` argument (`response` of a GtkNativeDialog).
  static func connectInt(
    _ instance: UnsafeMutableRawPointer, _ name: String,
    _ handler: @escaping @MainActor (Int32) -> Void
  ) {
    typealias Handler = @MainActor (Int32) -> Void
    let trampoline:
      @convention(c) (UnsafeMutableRawPointer?, Int32, UnsafeMutableRawPointer?) -> Void =
        { _, value, data in
          nonisolated(unsafe) let box = Unmanaged<Retained<Handler>>.fromOpaque(data!)
            .takeUnretainedValue()
          MainActor.assumeIsolated { box.value(value) }
        }
    connect(instance, name, Retained(handler), unsafeBitCast(trampoline, to: GCallback.self))
  }

  /// A signal with a pointer and an `int` argument (`draw-page` of a GtkPrintOperation).
  static func connect(
    _ instance: UnsafeMutableRawPointer, _ name: String,
    pointerAndInt handler: @escaping @MainActor (UnsafeMutableRawPointer?, Int32) -> Void
  ) {
    typealias Handler = @MainActor (UnsafeMutableRawPointer?, Int32) -> Void
    let trampoline:
      @convention(c) (
        UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, Int32, UnsafeMutableRawPointer?
      ) -> Void = { _, argument, value, data in
        nonisolated(unsafe) let box = Unmanaged<Retained<Handler>>.fromOpaque(data!)
          .takeUnretainedValue()
        nonisolated(unsafe) let argument = argument
        MainActor.assumeIsolated { box.value(argument, value) }
      }
    connect(instance, name, Retained(handler), unsafeBitCast(trampoline, to: GCallback.self))
  }

  /// `key-pressed` of a GtkEventControllerKey: the key and modifiers; return whether handled.
  static func connectKeyPressed(
    _ instance: UnsafeMutableRawPointer,
    _ handler: @escaping @MainActor (_ key: UInt32, _ modifiers: UInt32) -> Bool
  ) {
    typealias Handler = @MainActor (UInt32, UInt32) -> Bool
    let trampoline:
      @convention(c) (
        UnsafeMutableRawPointer?, UInt32, UInt32, UInt32, UnsafeMutableRawPointer?
      ) -> Int32 = { _, key, _, modifiers, data in
        nonisolated(unsafe) let box = Unmanaged<Retained<Handler>>.fromOpaque(data!)
          .takeUnretainedValue()
        return MainActor.assumeIsolated { box.value(key, modifiers) } ? 1 : 0
      }
    connect(
      instance, "key-pressed", Retained(handler), unsafeBitCast(trampoline, to: GCallback.self))
  }

  /// A signal with no arguments whose handler answers `true` to stop the default handling
  /// (`close-request` of a GtkWindow).
  static func connectStopping(
    _ instance: UnsafeMutableRawPointer, _ name: String,
    _ handler: @escaping @MainActor () -> Bool
  ) {
    typealias Handler = @MainActor () -> Bool
    let trampoline: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Int32 = {
      _, data in
      nonisolated(unsafe) let box = Unmanaged<Retained<Handler>>.fromOpaque(data!)
        .takeUnretainedValue()
      return MainActor.assumeIsolated { box.value() } ? 1 : 0
    }
    connect(instance, name, Retained(handler), unsafeBitCast(trampoline, to: GCallback.self))
  }

  /// A signal with two `double` arguments (`swipe` of a GtkGestureSwipe, `pressed` x/y…).
  static func connect(
    _ instance: UnsafeMutableRawPointer, _ name: String,
    doubles handler: @escaping @MainActor (Double, Double) -> Void
  ) {
    typealias Handler = @MainActor (Double, Double) -> Void
    let trampoline:
      @convention(c) (UnsafeMutableRawPointer?, Double, Double, UnsafeMutableRawPointer?) -> Void =
        { _, first, second, data in
          nonisolated(unsafe) let box = Unmanaged<Retained<Handler>>.fromOpaque(data!)
            .takeUnretainedValue()
          MainActor.assumeIsolated { box.value(first, second) }
        }
    connect(instance, name, Retained(handler), unsafeBitCast(trampoline, to: GCallback.self))
  }

  static func connect<T>(
    _ instance: UnsafeMutableRawPointer, _ name: String, _ box: Retained<T>, _ callback: GCallback
  ) {
    let release: GClosureNotify = { data, _ in
      Unmanaged<AnyObject>.fromOpaque(data!).release()
    }
    g_signal_connect_data(
      instance, name, callback, Unmanaged.passRetained(box).toOpaque(), release,
      GConnectFlags(rawValue: 0))
  }
}
