import RosterGtk
import RosterKit
import RosterLocalization

/// The About window (main menu → About Roster).
@MainActor
enum About {
  /// What it says; the strings a translation needs are here.
  static let details = AboutWindow.Details(
    name: "Roster", icon: App.id, version: RosterVersion.current,
    developer: localized("The Roster contributors"),
    comments: localized("Keep lists of names — guests, classes, teams — checked as you type."),
    developers: [localized("The Roster contributors")],
    copyright: localized("© 2026 The Roster contributors"), isApacheLicensed: true)

  /// Shows it over `parent`.
  static func present(parent: Widget) {
    AboutWindow.present(details, parent: parent)
  }
}
