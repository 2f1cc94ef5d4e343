import CAdw
import CGtk
import Foundation

/// An AdwAboutWindow: the app's name, version, license and credits.
@MainActor
public enum AboutWindow {
  /// What the window says.
  public struct Details: Sendable {
    /// The app's name.
    public var name: String
    /// The icon's name in the theme.
    public var icon: String
    /// The icon shown when the theme has no `icon` (the app runs uninstalled).
    public var fallbackIcon = "view-list-symbolic"
    /// The version, `MAJOR.MINOR.PATCH`.
    public var version: String
    /// Who makes it.
    public var developer: String
    /// One line about the app.
    public var comments: String
    /// The people credited under Credits.
    public var developers: [String]
    /// The copyright line.
    public var copyright: String
    /// Whether it is Apache-2.0 (`false`: the license is not shown).
    public var isApacheLicensed: Bool

    /// The details from their parts.
    public init(
      name: String, icon: String, version: String, developer: String, comments: String,
      developers: [String], copyright: String, isApacheLicensed: Bool
    ) {
      self.name = name
      self.icon = icon
      self.version = version
      self.developer = developer
      self.comments = comments
      self.developers = developers
      self.copyright = copyright
      self.isApacheLicensed = isApacheLicensed
    }
  }

  /// Shows the window over `parent`.
  public static func present(_ details: Details, parent: Widget) {
    let window = adw_about_window_new()!
    let about = OpaquePointer(window)
    adw_about_window_set_application_name(about, details.name)
    let theme = gtk_icon_theme_get_for_display(gdk_display_get_default())
    let icon =
      gtk_icon_theme_has_icon(theme, details.icon) != 0 ? details.icon : details.fallbackIcon
    adw_about_window_set_application_icon(about, icon)
    adw_about_window_set_version(about, details.version)
    adw_about_window_set_developer_name(about, details.developer)
    adw_about_window_set_comments(about, details.comments)
    adw_about_window_set_copyright(about, details.copyright)
    if details.isApacheLicensed {
      adw_about_window_set_license_type(about, GTK_LICENSE_APACHE_2_0)
    }
    // A NULL-terminated array of C strings, alive for the call.
    let copies = details.developers.map { strdup($0) }
    var names = copies.map { $0.map { UnsafePointer($0) } } + [nil]
    names.withUnsafeMutableBufferPointer { adw_about_window_set_developers(about, $0.baseAddress) }
    for copy in copies { free(copy) }
    let asWindow = UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self)
    gtk_window_set_transient_for(asWindow, parent.typed(GtkWindow.self))
    gtk_window_set_modal(asWindow, 1)
    gtk_window_present(asWindow)
  }
}
