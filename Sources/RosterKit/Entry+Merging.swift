/// How an update made against one version of an entry lands on another: field by field.
extension Entry {
  /// This entry with the fields an update changed (`old` → `new`) taken from `new`, and the
  /// others kept: when two writers changed different fields at the same time, both changes
  /// stay; when they changed the same field, the update applied last wins. O(1).
  ///
  /// A store replays every update through it, so replicas that apply the server's log in its
  /// order all reach the server's entry.
  public func merging(_ old: Entry, _ new: Entry) -> Entry {
    var merged = self
    if old.text != new.text || old.category == new.category { merged.text = new.text }
    if old.category != new.category || old.text == new.text { merged.category = new.category }
    merged.updated = new.updated
    return merged
  }
}
