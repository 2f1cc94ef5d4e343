/// Roster's version, one for the whole package: `roster --version`, `roster-app --version`, the
/// man pages, the AppStream release and the Debian package all print this.
public enum RosterVersion {
  /// The version, `MAJOR.MINOR.PATCH`.
  public static let current = "0.1.0"
}
