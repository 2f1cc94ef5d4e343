public import Foundation

/// One entry read from a file, ready for an ``ImportDestination``: absent ids and times are
/// for the destination to make.
public struct ImportRow: Equatable, Sendable {
  /// The text, before the list's rule checks and normalizes it.
  public var text: String
  /// The category name, if any.
  public var category: String?
  /// The id to keep, if the file gave one.
  public var id: UUID?
  /// The creation time, if the file gave one.
  public var created: Date?
  /// The last change, if the file gave one.
  public var updated: Date?

  /// A row from its parts.
  public init(
    text: String, category: String? = nil, id: UUID? = nil, created: Date? = nil,
    updated: Date? = nil
  ) {
    self.text = text
    self.category = category
    self.id = id
    self.created = created
    self.updated = updated
  }

  /// A row from the text of its cells, checking the id and the times.
  /// - Throws: ``TransferError/invalidID(_:)`` or ``TransferError/invalidTime(_:)``.
  init(
    text: String, category: String?, id: String?, created: String?, updated: String?
  ) throws(TransferError) {
    var uuid: UUID?
    if let id {
      guard let parsed = UUID(uuidString: id) else { throw .invalidID(id) }
      uuid = parsed
    }
    func time(_ text: String?) throws(TransferError) -> Date? {
      guard let text else { return nil }
      guard let date = Timestamp.parse(text) else { throw .invalidTime(text) }
      return date
    }
    self.init(
      text: text, category: category, id: uuid, created: try time(created),
      updated: try time(updated))
  }
}
