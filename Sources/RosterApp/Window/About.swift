import RosterGtk
import RosterKit

/// The About window (main menu → About Roster).
@MainActor
enum About {
  /// What it says; the strings a translation needs are here.
  static let details = AboutWindow.Details(
    name: "Roster", icon: App.id, version: RosterVersion.current,
    developer: "The Roster contributors",
    comments: "Keep lists of names — guests, classes, teams — checked as you type.",
    developers: ["The Roster contributors"],
    copyright: "© 2026 The Roster contributors", isApacheLicensed: true)

  /// Shows it over `parent`.
  static func present(parent: Widget) {
    AboutWindow.present(details, parent: parent)
  }
}
