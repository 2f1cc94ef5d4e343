import CGtk

extension Widget {
  /// Shows the text `provider` returns as the widget's tooltip, asked for only when the pointer
  /// rests on the widget (`nil`: no tooltip). Cheaper than ``tooltip`` for list rows, which
  /// would otherwise set a new text each time they are bound.
  public func tooltip(from provider: @escaping @MainActor () -> String?) {
    typealias Provider = @MainActor () -> String?
    gtk_widget_set_has_tooltip(widget, 1)
    let trampoline:
      @convention(c) (
        UnsafeMutableRawPointer?, Int32, Int32, Int32, OpaquePointer?, UnsafeMutableRawPointer?
      ) -> Int32 = { _, _, _, _, tooltip, data in
        nonisolated(unsafe) let box = Unmanaged<Retained<Provider>>.fromOpaque(data!)
          .takeUnretainedValue()
        nonisolated(unsafe) let tooltip = tooltip
        return MainActor.assumeIsolated {
          guard let text = box.value(), let tooltip else { return 0 }
          gtk_tooltip_set_text(tooltip, text)
          return 1
        }
      }
    Signal.connect(
      raw, "query-tooltip", Retained(provider), unsafeBitCast(trampoline, to: GCallback.self))
  }
}
