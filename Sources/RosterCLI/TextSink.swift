import Foundation

/// Buffered text output to a file descriptor: standard output, standard error or a file.
final class TextSink {
  private let handle: FileHandle
  private let closes: Bool
  private var buffer: [UInt8] = []
  /// Whether escape sequences for colour may be written.
  let colored: Bool
  /// The first write that failed (a full disk, a closed pipe); nothing is written after it.
  private(set) var failure: (any Error)?

  init(handle: FileHandle, colored: Bool = false, closes: Bool = false) {
    self.handle = handle
    self.colored = colored
    self.closes = closes
    buffer.reserveCapacity(1 << 16)
  }

  deinit {
    flush()
    if closes { try? handle.close() }
  }

  /// Writes `text` (without adding a newline).
  func write(_ text: String) {
    buffer.append(contentsOf: text.utf8)
    if buffer.count >= 1 << 16 { flush() }
  }

  /// Writes `text` and a newline.
  func line(_ text: String = "") {
    write(text)
    buffer.append(0x0A)
  }

  /// Sends what is buffered.
  func flush() {
    guard !buffer.isEmpty else { return }
    if failure == nil {
      do {
        try handle.write(contentsOf: buffer)
      } catch {
        failure = error
      }
    }
    buffer.removeAll(keepingCapacity: true)
  }

  /// `text` in the ANSI SGR style `code` when colour is on.
  func styled(_ text: String, _ code: String) -> String {
    colored ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
  }
}
