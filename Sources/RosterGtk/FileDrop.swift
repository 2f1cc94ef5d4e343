import CGtk
import CGtkShim

/// Files dropped on a widget from a file manager (a GtkDropTarget for GDK's file list).
@MainActor
public enum FileDrop {
  /// Calls `handler` with the local path of the first file dropped on `widget`; it returns
  /// whether it took the file.
  public static func accept(on widget: Widget, _ handler: @escaping @MainActor (String) -> Bool) {
    typealias Handler = @MainActor (String) -> Bool
    roster_add_file_drop_target(
      widget.widget,
      { data, path in
        nonisolated(unsafe) let box = Unmanaged<Retained<Handler>>.fromOpaque(data!)
          .takeUnretainedValue()
        let string = String(cString: path!)
        return MainActor.assumeIsolated { box.value(string) } ? 1 : 0
      }, Unmanaged.passRetained(Retained<Handler>(handler)).toOpaque(),
      { data in Unmanaged<AnyObject>.fromOpaque(data!).release() })
  }
}
