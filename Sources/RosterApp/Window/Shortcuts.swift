import CGtk
import Foundation

/// The keyboard shortcuts window (Ctrl+?), built from GtkBuilder XML.
@MainActor
enum Shortcuts {
  private static let groups: [(String, [(String, String)])] = [
    (
      "Lists",
      [
        ("New list", "<Control>n"), ("Search", "<Control>f"), ("Add field", "<Control>l"),
        ("Categories", "<Control>k"), ("Main menu", "F10"),
        ("Keyboard shortcuts", "<Control>question"),
      ]
    ),
    (
      "Entries",
      [
        ("Undo", "<Control>z"), ("Redo", "<Control><Shift>z"),
        ("Delete the selected entries", "Delete"), ("Move the entry up", "<Alt>Up"),
        ("Move the entry down", "<Alt>Down"), ("Commit the edit and go to the next row", "Return"),
        ("Cancel the edit, then select the row", "Escape"),
        ("Remove an empty row and go up", "BackSpace"),
        ("Select more rows", "<Control>space"),
      ]
    ),
  ]

  static func present(parent: Widget) {
    var xml = """
      <interface><object class="GtkShortcutsWindow" id="shortcuts"><property name="modal">1</property>
      <child><object class="GtkShortcutsSection"><property name="section-name">main</property>
      """
    for (title, shortcuts) in groups {
      xml +=
        "<child><object class=\"GtkShortcutsGroup\"><property name=\"title\">\(title)</property>"
      for (name, accelerator) in shortcuts {
        let accel = accelerator.replacingOccurrences(of: "<", with: "&lt;")
          .replacingOccurrences(of: ">", with: "&gt;")
        xml += """
          <child><object class="GtkShortcutsShortcut"><property name="title">\(name)</property>
          <property name="accelerator">\(accel)</property></object></child>
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
}
