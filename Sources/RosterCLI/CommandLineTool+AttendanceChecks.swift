import Foundation
import RosterBackend
import RosterKit
import RosterLocalization

/// The attendance commands' checks of sessions and statuses, before anything is stored: a
/// session or status named badly or not found is refused with a message naming it.
extension CommandLineTool {
  /// The session `--session` names (refused when it does not exist), or today's, made on first
  /// use.
  func existingSession(
    _ arguments: Arguments, list: ListSummary, store: any AttendanceStorage
  ) throws(CLIError) -> AttendanceSession {
    let name = arguments.value(.session)
    return try session(name, list: list, store: store, creating: name == nil)
  }

  /// The session named `name` (today's when `nil`), made when `creating`; a name refused is
  /// quoted in the message.
  func session(
    _ name: String?, list: ListSummary, store: any AttendanceStorage, creating: Bool
  ) throws(CLIError) -> AttendanceSession {
    do throws(StoreError) {
      return try store.session(named: name, in: list.id, creating: creating)
    } catch {
      throw sessionError(error, name: name)
    }
  }

  /// Refuses a `--status` that is not one of the list's statuses, naming it, before anything
  /// is stored (a session made on first use included).
  /// - Complexity: O(t + m) in the number of statuses and the name's length.
  func checkStatus(_ name: String?, list: ListSummary, store: any AttendanceStorage)
    throws(CLIError)
  {
    guard let name else { return }
    let statuses = try attempt { () throws(StoreError) in
      try store.attendanceStatuses(in: list.id)
    }
    do throws(AttendanceError) {
      _ = try AttendanceLedger(statuses: statuses).status(named: name)
    } catch {
      throw statusError(error, name: name)
    }
  }

  /// What a refused status name says: one that is not a name quoted with the reason, else the
  /// rule's words (“There is no status named …”).
  /// - Complexity: O(m) in the name's length.
  func statusError(_ error: AttendanceError, name: String) -> CLIError {
    guard case .invalidStatusName(let refusal) = error else { return .store(.attendance(error)) }
    return .failed(
      localized(
        "“%1$@” is not a status name: %2$@", StoreError.visible(StoreError.excerpt(name)),
        RefusalWording.sentence(for: refusal)))
  }

  /// Refuses a session name that is empty or has control characters, naming it.
  /// - Complexity: O(m) in the name's length.
  func checkSessionName(_ name: String) throws(CLIError) {
    do throws(AttendanceError) {
      _ = try AttendanceSession.normalizedName(name)
    } catch {
      throw sessionError(.attendance(error), name: name)
    }
  }

  /// What a failure to find or make the session `name` says: a refused name quoted, else the
  /// store's words (“There is no session named …”).
  /// - Complexity: O(m) in the name's length.
  func sessionError(_ error: StoreError, name: String?) -> CLIError {
    guard case .attendance(.invalidSessionName(let refusal)) = error else { return .store(error) }
    return .failed(
      localized(
        "“%1$@” is not a session name: %2$@", StoreError.visible(StoreError.excerpt(name ?? "")),
        RefusalWording.sentence(for: refusal)))
  }
}
