/// A category that entries can carry, shown as a coloured badge.
///
/// Entries refer to a category by its ``name``; renaming a category through
/// ``RosterList/renameCategory(_:to:)`` updates every entry that uses it.
public struct EntryCategory: Hashable, Sendable, Codable {
  /// The category's name, unique within a list.
  public var name: String
  /// The badge colour.
  public var color: CategoryColor

  /// Creates a category.
  /// - Parameters:
  ///   - name: The name, unique within its list.
  ///   - color: The badge colour; by default the palette colour chosen from the name.
  public init(name: String, color: CategoryColor? = nil) {
    self.name = name
    self.color = color ?? CategoryColor.palette(for: name)
  }
}
