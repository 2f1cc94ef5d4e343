import CGtk
import Foundation

/// A GtkShortcutsWindow: the keyboard shortcuts, in titled groups, built from GtkBuilder XML.
@MainActor
public enum ShortcutsWindow {
  /// Shows a modal shortcuts window over `parent`: titled groups of lines, each saying what a
  /// shortcut does and its keys in GTK's accelerator syntax (`<Control>z`; several are
  /// separated by spaces).
  public static func present(
    _ groups: [(title: String, shortcuts: [(title: String, accelerator: String)])],
    parent: Widget
  ) {
    var xml = """
      <interface><object class="GtkShortcutsWindow" id="shortcuts"><property name="modal">1</property>
      <child><object class="GtkShortcutsSection"><property name="section-name">main</property>
      """
    for group in groups {
      xml +=
        "<child><object class=\"GtkShortcutsGroup\"><property name=\"title\">"
        + "\(escaped(group.title))</property>"
      for shortcut in group.shortcuts {
        xml += """
          <child><object class="GtkShortcutsShortcut"><property name="title">\(escaped(shortcut.title))</property>
          <property name="accelerator">\(escaped(shortcut.accelerator))</property></object></child>
          """
      }
      xml += "</object></child>"
    }
    xml += "</object></child></object></interface>"
    let builder = gtk_builder_new_from_string(xml, -1)!
    defer { g_object_unref(UnsafeMutableRawPointer(builder)) }
    guard let object = gtk_builder_get_object(builder, "shortcuts") else { return }
    let window = UnsafeMutableRawPointer(object).assumingMemoryBound(to: GtkWindow.self)
    gtk_window_set_transient_for(window, parent.typed(GtkWindow.self))
    gtk_window_present(window)
  }

  private static func escaped(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;")
  }
}
