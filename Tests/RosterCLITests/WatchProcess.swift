import Foundation
import RosterTestSupport

/// `roster watch` running as a process, its standard output and error read as they come.
final class WatchProcess: @unchecked Sendable {
  let process: ChildProcess
  private let output: FileHandle
  private let errors: FileHandle
  private let lock = NSLock()
  private var outData = Data()
  private var errData = Data()

  /// Starts `roster watch` with `arguments` after `watch`.
  init(_ binary: RosterBinary, _ arguments: [String], environment: [String: String]) throws {
    let outPipe = try ChildProcess.pipe()
    let errPipe = try ChildProcess.pipe()
    defer {
      close(outPipe.write)
      close(errPipe.write)
    }
    output = FileHandle(fileDescriptor: outPipe.read, closeOnDealloc: true)
    errors = FileHandle(fileDescriptor: errPipe.read, closeOnDealloc: true)
    process = try binary.start(
      ["watch"] + arguments, environment: environment, stdout: .descriptor(outPipe.write),
      stderr: .descriptor(errPipe.write))
    output.readabilityHandler = { [weak self] handle in
      self?.take(handle, error: false)
    }
    errors.readabilityHandler = { [weak self] handle in
      self?.take(handle, error: true)
    }
  }

  private func take(_ handle: FileHandle, error: Bool) {
    let data = handle.availableData
    if data.isEmpty { handle.readabilityHandler = nil }
    lock.withLock {
      if error { errData.append(data) } else { outData.append(data) }
    }
  }

  /// Everything written to standard output so far.
  var stdout: String { lock.withLock { String(decoding: outData, as: UTF8.self) } }
  /// Everything written to standard error so far.
  var stderr: String { lock.withLock { String(decoding: errData, as: UTF8.self) } }

  /// The complete lines of standard output so far.
  var lines: [String] {
    let text = stdout
    guard let end = text.lastIndex(of: "\n") else { return [] }
    return text[..<end].split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }

  /// The lines of standard output parsed as JSON objects (an unparsable line fails the test
  /// through the caller's comparison: it becomes `["unparsable": line]`).
  var events: [[String: Any]] {
    lines.map { line in
      let object = try? JSONSerialization.jsonObject(with: Data(line.utf8))
      return object as? [String: Any] ?? ["unparsable": line]
    }
  }

  /// Waits until standard error says the watch is following, or `seconds` pass.
  @discardableResult
  func waitUntilFollowing(seconds: Double = 20) -> Bool {
    wait(seconds) { self.stderr.contains("Watching") }
  }

  /// Waits until standard output has at least `count` lines, or `seconds` pass.
  @discardableResult
  func waitForLines(_ count: Int, seconds: Double = 20) -> Bool {
    wait(seconds) { self.lines.count >= count }
  }

  /// Waits for `condition`, polling, for at most `seconds`.
  func wait(_ seconds: Double, until condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      if condition() { return true }
      usleep(20_000)
    }
    return condition()
  }

  /// Sends `signal` and waits for the process to end (killing it after 20 s); its status.
  func stop(_ signal: Int32 = SIGINT) -> Int32 {
    process.signal(signal)
    let ended = wait(20) { !process.isRunning }
    if !ended { process.signal(SIGKILL) }
    let status = process.wait()
    // Let the readers take the last bytes.
    _ = wait(2) { output.readabilityHandler == nil }
    return ended ? status : -1
  }

  /// Closes the reading end of standard output, as `roster watch | head -1` does when head ends.
  func closeOutput() throws {
    output.readabilityHandler = nil
    try output.close()
  }
}
