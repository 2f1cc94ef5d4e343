import Foundation
import RosterBackend
import RosterKit

/// The attendance side of one list `roster watch` follows: the sequence number of the last
/// event reported, and the sessions' names. Each catch-up reports the events stored since, in
/// the order the store received them.
final class AttendanceFollower {
  /// The list's identity.
  let id: UUID
  /// The sequence number of the last attendance event reported (or seen at the start).
  private(set) var sequence: Int64
  private var sessions: [UUID: String] = [:]

  /// Follows the list's attendance from now: events stored before are not reported.
  /// - Complexity: O(e) in the events of the list's log, read once.
  init(list: UUID, in storage: any AttendanceStorage) throws(StoreError) {
    id = list
    sequence = try storage.attendanceLog(in: list, session: nil, after: 0).last?.sequence ?? 0
  }

  /// Follows a list that appeared after the watch started: every event in it is new.
  /// - Complexity: O(1).
  init(newcomer list: UUID) {
    id = list
    sequence = 0
  }

  /// The events stored since the last catch-up, described with the list's title and the
  /// entries' texts (`text(id)`, `nil` for an entry no longer in the list); moves
  /// ``sequence`` past them.
  /// - Complexity: O(log e + k) for k new events, plus O(s) for the sessions when one is new.
  func catchUp(
    _ storage: any AttendanceStorage, title: String, text: (UUID) -> String?
  ) throws(StoreError) -> [AttendanceWatchEvent] {
    let events = try storage.attendanceLog(in: id, session: nil, after: sequence)
    if events.contains(where: { sessions[$0.session] == nil }) {
      for summary in try storage.attendanceSessions(in: id) {
        sessions[summary.session.id] = summary.session.name
      }
    }
    sequence = events.last?.sequence ?? sequence
    return events.map { event in
      AttendanceWatchEvent(
        list: title, session: sessions[event.session] ?? UUIDText.string(event.session),
        text: text(event.entry), event: event)
    }
  }
}
