public import Foundation

extension AttendanceEvent {
  /// The same event in another session: a check-in made offline, in a session its device made,
  /// sent to the session of that name on the server.
  /// - Complexity: O(1).
  public func moved(to session: UUID) -> AttendanceEvent {
    AttendanceEvent(
      id: id, kind: kind, session: session, entry: entry, status: status, at: at, by: by,
      device: device, reverts: reverts, receivedAt: receivedAt, sequence: sequence,
      madeOffline: madeOffline)
  }
}
