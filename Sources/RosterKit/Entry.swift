public import Foundation

/// One item of a list: a person's name, a course, a task.
///
/// An entry's identity is its ``id``, never its text or its position: two entries may carry the
/// same text, and a delete by id always hits the entry that was meant.
public struct Entry: Identifiable, Hashable, Sendable, Codable {
  /// The stable identity of the entry, kept across edits, moves, undo and storage.
  public let id: UUID
  /// The normalized text, as the list's ``Rule`` returned it.
  public var text: String
  /// The name of the entry's category, if it has one.
  public var category: String?
  /// When the entry was created.
  public let created: Date
  /// When the entry's text or category last changed.
  public var updated: Date

  /// Creates an entry.
  ///
  /// The text is stored as given: validate it with a ``Rule`` first. ``RosterList`` does.
  /// - Parameters:
  ///   - id: The entry's identity.
  ///   - text: The normalized text.
  ///   - category: The category's name, or `nil`.
  ///   - created: The creation time.
  ///   - updated: The last change; defaults to `created`.
  public init(
    id: UUID, text: String, category: String? = nil, created: Date, updated: Date? = nil
  ) {
    self.id = id
    self.text = text
    self.category = category
    self.created = created
    self.updated = updated ?? created
  }
}
