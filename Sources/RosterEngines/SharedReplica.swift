import Foundation
public import RosterBackend
import RosterPostgres
import RosterStore

/// This machine's replica of a PostgreSQL database, as the command line uses it: `roster sync`
/// and `roster --offline-ok` open it, connect to its server when they can, and run a
/// `ReplicaSync` between the two; ``offlineCopy()`` gives a command the replica's lists
/// with the waiting actions on top.
public final class SharedReplica {
  /// The replica (a SQLite file in the user's state folder).
  public var replica: any ReplicaStorage { file }
  private let file: SQLiteReplica
  private let conninfo: String
  private let environment: [String: String]

  /// Opens the replica of the server `location` names (creating it empty when missing), or
  /// returns `nil` for a SQLite file, which has no replica. An outbox file an older Roster
  /// kept moves into the replica first.
  /// - Parameters:
  ///   - location: The database.
  ///   - environment: The variables that locate the replica and libpq's settings.
  /// - Returns: The replica, or `nil` for a SQLite file.
  /// - Throws: ``RosterBackend/StoreError/database(_:)`` when the replica cannot be opened.
  public static func open(_ location: DatabaseLocation, environment: [String: String])
    throws(StoreError) -> SharedReplica?
  {
    guard case .postgres(let conninfo) = location.engine else { return nil }
    let file = try SQLiteReplica(of: location, environment: environment)
    return SharedReplica(file: file, conninfo: conninfo, environment: environment)
  }

  private init(file: SQLiteReplica, conninfo: String, environment: [String: String]) {
    self.file = file
    self.conninfo = conninfo
    self.environment = environment
  }

  /// Connects to the server.
  /// - Parameters:
  ///   - quickly: Give up at once on a refused port and within about 2 s on a silent host,
  ///     and retry a lost action for at most `retryLimit`; otherwise as every command does.
  ///   - retryLimit: How long a write is retried after a lost connection, when `quickly`.
  /// - Returns: The connection and its `HOST:PORT`, for messages.
  /// - Throws: ``RosterBackend/StoreError/database(_:)`` when the server cannot be reached.
  public func connect(quickly: Bool = false, retryLimit: Duration = .seconds(2))
    throws(StoreError) -> (server: any RosterStorage, place: String)
  {
    let store = try PostgresStore(conninfo: conninfo, environment: environment, quickly: quickly)
    if quickly { store.retryLimit = retryLimit }
    return (store, store.serverPlace)
  }

  /// A throwaway copy of the replica with its waiting actions applied, for one command.
  /// - Returns: The copy, removed when released.
  /// - Throws: ``RosterBackend/StoreError`` when it cannot be made.
  public func offlineCopy() throws(StoreError) -> OfflineCopy {
    try OfflineCopy(copying: file)
  }
}
