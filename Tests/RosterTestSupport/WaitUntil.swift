import Foundation

/// A condition that did not hold in time: what was awaited, and for how long.
public struct TimedOut: Error, CustomStringConvertible {
  /// “timed out after 10 s waiting for …”.
  public let description: String
}

/// Polls `condition` every 20 ms until it holds; throws ``TimedOut`` naming `what` once
/// `seconds` have passed without it.
///
/// How a test waits for another thread or process: on the state it needs, never on a fixed
/// sleep, so that a condition that never comes fails the test with a message saying which.
///
/// ```swift
/// try waitUntil("the writer to hold the lock") { try server.sql(query).hasPrefix("1") }
/// ```
///
/// - Throws: ``TimedOut``, or what `condition` throws.
public func waitUntil(
  _ what: String, seconds: Double = 10, _ condition: () throws -> Bool
) throws {
  let deadline = Date().addingTimeInterval(seconds)
  while try !condition() {
    guard Date() < deadline else {
      throw TimedOut(description: "timed out after \(seconds) s waiting for \(what)")
    }
    usleep(20_000)
  }
}
