import CGtk
import Foundation

/// A GtkShortcutsWindow: the keyboard shortcuts, in titled groups, built from GtkBuilder XML.
@MainActor
public enum ShortcutsWindow {
  /// One line of the window: what a shortcut does, and its accelerator (`<Control>z`).
  public struct Shortcut: Hashable, Sendable {
    /// What the shortcut does.
    public var title: String
    /// The keys, in GTK's accelerator syntax.
    public var accelerator: String

    /// A line saying that `accelerator` does `title`.
    public init(_ title: String, _ accelerator: String) {
      self.title = title
      self.accelerator = accelerator
    }
  }

  /// A titled group of shortcuts.
  public struct Group: Hashable, Sendable {
    /// The group's heading.
    public var title: String
    /// Its lines, in order.
    public var shortcuts: [Shortcut]

    /// A group headed `title`.
    public init(title: String, shortcuts: [Shortcut]) {
      self.title = title
      self.shortcuts = shortcuts
    }
  }

  /// Shows a modal shortcuts window over `parent`.
  public static func present(_ groups: [Group], parent: Widget) {
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
