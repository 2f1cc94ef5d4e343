import Foundation
import RosterPostgres
import RosterTestSupport

/// A fresh database on the test server with Roster's schema (created by its owner, the
/// superuser), and two teams: `teamA` with members `anna` and `carl`, `teamB` with member `bob`.
/// Role names carry a random suffix, as roles are shared by the whole cluster.
final class TeamDatabase {
  let server: TemporaryPostgres
  let name: String
  let ownerURI: String
  let suffix = String(UUID().uuidString.lowercased().prefix(8))

  init() throws {
    server = try TemporaryPostgres.shared()
    ownerURI = try server.makeDatabase()
    name = String(ownerURI.split(separator: "/").last!)
    _ = try PostgresStore.initializeSchema(conninfo: ownerURI)
    try server.sql(
      """
      CREATE ROLE \(role("team_a")) NOLOGIN;
      CREATE ROLE \(role("team_b")) NOLOGIN;
      CREATE ROLE \(role("anna")) LOGIN PASSWORD 'anna-pw' IN ROLE \(role("team_a"));
      CREATE ROLE \(role("carl")) LOGIN PASSWORD 'carl-pw' IN ROLE \(role("team_a"));
      CREATE ROLE \(role("bob")) LOGIN PASSWORD 'bob-pw' IN ROLE \(role("team_b"));
      """)
  }

  /// The role's full name: `anna` becomes `anna_1f0c9a2e`.
  func role(_ base: String) -> String { "\(base)_\(suffix)" }

  /// The URI for a member, `anna`, `carl` or `bob`, logging in with their own role.
  func uri(_ member: String) -> String {
    server.uri(database: name, role: role(member), password: "\(member)-pw")
  }

  /// Runs SQL as a member's own role.
  @discardableResult
  func sql(_ statements: String, as member: String) throws -> String {
    try server.sql(statements, uri: uri(member))
  }

  /// Runs SQL as the owner (a superuser: bypasses row-level security).
  @discardableResult
  func sqlAsOwner(_ statements: String) throws -> String {
    try server.sql(statements, uri: ownerURI)
  }
}
