import Foundation
import RosterKit
import RosterStore

/// Opens the store and loads its first list on a background thread while GTK starts, so a long
/// list costs less time to the first frame. The main thread takes the result in `activate`;
/// nothing touches it on two threads at once.
final class Preload: @unchecked Sendable {
  /// The store, and its first list with the change-log position it was read at (`nil` when the
  /// store has no list yet).
  typealias Loaded = (storage: any RosterStorage, first: (list: RosterList, position: Int64)?)

  private let done = NSCondition()
  private var result: Result<Loaded, any Error>?

  init(_ open: @escaping @Sendable () throws -> any RosterStorage) {
    Thread.detachNewThread { [self] in
      let loaded = Result { () throws -> Loaded in
        let storage = try open()
        guard let first = try storage.lists().first else { return (storage, nil) }
        let (list, position) = try storage.snapshot(of: first.id)
        return (storage, (list, position))
      }
      done.lock()
      result = loaded
      done.signal()
      done.unlock()
    }
  }

  /// Waits for the background load and returns it (or its error).
  func wait() throws -> Loaded {
    done.lock()
    defer { done.unlock() }
    while result == nil { done.wait() }
    return try result!.get()
  }
}
