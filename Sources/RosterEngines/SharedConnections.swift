public import Foundation
public import RosterBackend
import RosterPostgres

/// The two connections an app window keeps to a PostgreSQL database: one to read on the
/// window's thread, one to send the outbox and listen on a thread of its own.
public enum SharedConnections {
  /// Opens both, with one writer identity, so that the reader's change log skips what the
  /// sender wrote. The reader never retries (a failure turns the window offline at once); the
  /// sender retries for a second before the outbox keeps the action for later.
  /// - Throws: ``RosterBackend/StoreError/database(_:)`` naming host and port, never a
  ///   password, when the server cannot be reached.
  public static func open(
    conninfo: String, writerID: UUID, environment: [String: String]
  ) throws(StoreError) -> (reader: any RosterStorage, sender: any RosterStorage) {
    let reader = try PostgresStore(conninfo: conninfo, environment: environment, writerID: writerID)
    reader.retryLimit = .zero
    let sender = try PostgresStore(conninfo: conninfo, environment: environment, writerID: writerID)
    sender.retryLimit = .seconds(1)
    return (reader, sender)
  }
}
