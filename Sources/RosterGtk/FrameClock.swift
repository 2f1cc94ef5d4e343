import CGtk
import CGtkShim

/// Frame timing, for the launch benchmark: when a window's frames are painted.
public enum FrameClock {
  /// CLOCK_MONOTONIC, in nanoseconds: comparable with another process's reading.
  public static var now: Int64 { Int64(roster_monotonic_ns()) }

  /// Calls `body` after the first frame `widget` paints once shown.
  public static func afterFirstFrame(of widget: Widget, _ body: @escaping @MainActor () -> Void) {
    roster_on_first_frame(widget.widget, trampoline, retain(body))
  }

  /// Calls `body` after the next frame `widget` paints.
  public static func afterNextFrame(of widget: Widget, _ body: @escaping @MainActor () -> Void) {
    roster_on_next_frame(widget.widget, trampoline, retain(body))
  }

  private static func retain(_ body: @escaping @MainActor () -> Void) -> UnsafeMutableRawPointer {
    Unmanaged.passRetained(Retained<@MainActor () -> Void>(body)).toOpaque()
  }

  private static let trampoline: RosterFrameFunc = { data in
    nonisolated(unsafe) let box = Unmanaged<Retained<@MainActor () -> Void>>.fromOpaque(data!)
      .takeRetainedValue()
    MainActor.assumeIsolated { box.value() }
  }
}
