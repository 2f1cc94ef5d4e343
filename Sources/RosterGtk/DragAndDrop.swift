import CGtk
import CGtkShim
import Foundation

/// Dragging a row by its handle onto another row: the payload is the dragged entry's id.
@MainActor
public enum DragAndDrop {
  /// Lets `widget` start a drag carrying `payload()` (no drag when it returns `nil`).
  ///
  /// `owner` must live as long as `widget` (a row view and its widget do).
  public static func source(_ widget: Widget, owner: AnyObject, payload: @escaping () -> String?) {
    let hooks = Hooks(owner: owner, payload: payload, drop: { _ in false })
    retained.append(hooks)
    roster_add_drag_source(
      widget.widget,
      { data in
        let hooks = Unmanaged<Hooks>.fromOpaque(data!).takeUnretainedValue()
        let payload = MainActor.assumeIsolated { hooks.payload() }
        return payload.map { strdup($0) } ?? nil
      }, Unmanaged.passUnretained(hooks).toOpaque())
  }

  /// Lets `widget` accept a dropped payload; `drop` returns whether it was used.
  public static func target(_ widget: Widget, owner: AnyObject, drop: @escaping (String) -> Bool) {
    let hooks = Hooks(owner: owner, payload: { nil }, drop: drop)
    retained.append(hooks)
    roster_add_drop_target(
      widget.widget,
      { data, payload in
        let hooks = Unmanaged<Hooks>.fromOpaque(data!).takeUnretainedValue()
        guard let payload else { return 0 }
        let text = String(cString: payload)
        return MainActor.assumeIsolated { hooks.drop(text) } ? 1 : 0
      }, Unmanaged.passUnretained(hooks).toOpaque())
  }

  /// Hooks live for the app's lifetime: rows are recycled, never freed while it runs.
  private static var retained: [Hooks] = []

  private final class Hooks {
    weak var owner: AnyObject?
    let payload: () -> String?
    let drop: (String) -> Bool
    init(owner: AnyObject, payload: @escaping () -> String?, drop: @escaping (String) -> Bool) {
      self.owner = owner
      self.payload = payload
      self.drop = drop
    }
  }
}
