import CGtk
import CGtkShim

/// A single-line GtkEntry.
public final class Entry: Widget {
  /// A field showing `placeholder` while empty; `name` is what a screen reader says.
  public init(placeholder: String? = nil, name: String) {
    super.init(gtk_entry_new())
    if let placeholder { gtk_entry_set_placeholder_text(typed(GtkEntry.self), placeholder) }
    // The app's Ctrl+Z undoes list actions; the field's own undo would swallow it.
    gtk_editable_set_enable_undo(opaque, 0)
    setAccessibleLabel(name)
  }

  /// The field's text.
  public var text: String {
    get { String(cString: gtk_editable_get_text(opaque)) }
    set { gtk_editable_set_text(opaque, newValue) }
  }

  /// The caret's position, in characters.
  public var caret: Int32 {
    get { gtk_editable_get_position(opaque) }
    set { gtk_editable_set_position(opaque, newValue) }
  }

  /// Draws the field's frame, or not (a field inside a list row).
  public func setFramed(_ framed: Bool) {
    gtk_entry_set_has_frame(typed(GtkEntry.self), framed ? 1 : 0)
  }

  /// Calls `handler` on every text change, typed or set.
  public func onChanged(_ handler: @escaping @MainActor () -> Void) {
    Signal.connect(raw, "changed", handler)
  }

  /// Calls `handler` when the person presses Enter.
  public func onActivate(_ handler: @escaping @MainActor () -> Void) {
    Signal.connect(raw, "activate", handler)
  }
}

extension Entry {
  /// The grey hint shown while the field is empty.
  public var placeholder: String? {
    get { gtk_entry_get_placeholder_text(typed(GtkEntry.self)).map { String(cString: $0) } }
    set { gtk_entry_set_placeholder_text(typed(GtkEntry.self), newValue) }
  }

  /// Takes the keyboard focus without selecting the text, the caret at the end.
  public func focusAtEnd() {
    gtk_entry_grab_focus_without_selecting(typed(GtkEntry.self))
    caret = -1
  }
}

extension Entry {
  /// Calls `handler` with text of several lines inserted into the field (a paste), instead of
  /// inserting it.
  public func onMultilineInsert(_ handler: @escaping @MainActor (String) -> Void) {
    let box = Retained<@MainActor (String) -> Void>(handler)
    roster_entry_on_multiline_insert(
      widget,
      { data, text in
        nonisolated(unsafe) let box = Unmanaged<Retained<@MainActor (String) -> Void>>
          .fromOpaque(data!).takeUnretainedValue()
        let string = String(cString: text!)
        MainActor.assumeIsolated { box.value(string) }
      }, Unmanaged.passRetained(box).toOpaque(),
      { data in Unmanaged<AnyObject>.fromOpaque(data!).release() })
  }
}
