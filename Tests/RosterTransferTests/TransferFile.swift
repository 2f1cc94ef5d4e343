import Foundation

/// Bytes in a temporary file, opened for reading; the file is removed with the value.
final class TransferFile {
  let url: URL
  let handle: FileHandle

  convenience init(_ contents: String) throws {
    try self.init(Data(contents.utf8))
  }

  init(_ contents: Data) throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("roster-transfer-\(UUID().uuidString)")
    try contents.write(to: url)
    handle = try FileHandle(forReadingFrom: url)
  }

  deinit {
    try? handle.close()
    try? FileManager.default.removeItem(at: url)
  }
}
