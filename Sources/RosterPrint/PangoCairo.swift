import CPangoCairo

/// Pango and Cairo, loaded on first use (see `CPangoCairo`): `roster` commands other than a
/// PDF export never load them.
enum PangoCairo {
  /// Loads the libraries once; `nil` when they are there, else why not.
  /// - Complexity: O(1) after the first call.
  static func load() -> String? {
    guard !rp_load() else { return nil }
    return rp_load_error().map { String(cString: $0) } ?? "unknown reason"
  }
}
