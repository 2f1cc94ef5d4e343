/// What `roster watch` prints for one change: a list's edit (``WatchEvent``) or an attendance
/// event (``AttendanceWatchEvent``), as one JSON object or one line for a person.
protocol WatchReport {
  /// One JSON object, on one line.
  var json: String { get }
  /// One line for a person; `style` dims the short id.
  func line(_ style: (String) -> String) -> String
}

extension WatchEvent: WatchReport {}
