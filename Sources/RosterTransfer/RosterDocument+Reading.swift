public import Foundation

extension RosterDocument {
  /// Reads a whole document from `handle`: at most ``maximumBytes``, strict UTF-8, the schema
  /// of version ``version``.
  ///
  /// ```swift
  /// let document = try RosterDocument.read(from: handle, name: "guests.json")
  /// ```
  /// - Parameters:
  ///   - handle: The file to read, from its current offset to its end.
  ///   - name: The file's name in error messages.
  /// - Returns: The document, its version checked.
  /// - Throws: ``TransferError`` saying what is wrong and where.
  /// - Complexity: O(n) in the file's size.
  public static func read(from handle: FileHandle, name: String) throws(TransferError) -> Self {
    let data: Data
    do {
      data = try handle.read(upToCount: maximumBytes + 1) ?? Data()
    } catch {
      throw .unreadable(file: name, reason: error.localizedDescription)
    }
    guard data.count <= maximumBytes else { throw .tooLarge(file: name, limit: maximumBytes) }
    do throws(UTF8Text.Invalid) {
      _ = try UTF8Text.decode(data)
    } catch {
      let line = data.prefix(error.offset).count { $0 == 0x0A } + 1
      throw .malformed(
        file: name, line: line, reason: .invalidUTF8(byte: error.offset))
    }
    let document: RosterDocument
    do {
      document = try JSONDecoder().decode(RosterDocument.self, from: data)
    } catch {
      throw .notADocument(file: name, reason: describe(error))
    }
    guard document.roster == version else {
      throw .unsupportedVersion(file: name, version: document.roster)
    }
    return document
  }

  /// A decoding error in one line.
  private static func describe(_ error: any Error) -> String {
    guard let decoding = error as? DecodingError else { return error.localizedDescription }
    switch decoding {
    case .keyNotFound(let key, let context):
      return "“\(key.stringValue)” is missing at \(path(context.codingPath))."
    case .typeMismatch(_, let context), .valueNotFound(_, let context),
      .dataCorrupted(let context):
      return "\(context.debugDescription) (at \(path(context.codingPath)))."
    @unknown default:
      return error.localizedDescription
    }
  }

  private static func path(_ keys: [any CodingKey]) -> String {
    keys.isEmpty
      ? "the top"
      : keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        .trimmingCharacters(in: CharacterSet(charactersIn: "."))
  }
}
