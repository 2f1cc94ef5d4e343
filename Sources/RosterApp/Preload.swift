import Foundation
import RosterBackend
import RosterKit

/// Opens the store and loads its first list on a background thread while GTK starts, so a long
/// list costs less time to the first frame.
///
/// A list longer than ``previewThreshold`` is handed over in two steps: first a preview of its
/// first ``previewSize`` rows (``wait()``), then the whole list (``takeRest()``). The store
/// belongs to this thread until the whole list is handed over; the main thread takes it from
/// there. Nothing touches it on two threads at once.
final class Preload: @unchecked Sendable {
  /// How the first list starts: whole (`nil` when the store has no list yet), or as a preview
  /// of its first rows while the rest loads.
  enum Start {
    case whole((list: RosterList, position: Int64)?)
    case preview(summaries: [ListSummary], list: RosterList)
  }

  typealias Loaded = (storage: any RosterStorage, start: Start)
  typealias Rest = Result<(list: RosterList, position: Int64), StoreError>

  /// Lists with more entries than this open as a preview first.
  static let previewThreshold = 20_000
  /// How many rows a preview has: more than a tall window shows.
  static let previewSize = 200

  private let done = NSCondition()
  private var result: Result<Loaded, any Error>?
  private var rest: Rest?
  private var progressText: String?

  /// Whether opening may take long and say what it does (a shared server's replica).
  let reportsProgress: Bool

  /// Starts opening the store with `open`, which may report what it fetches (a replica's first
  /// sync) through the closure it is given when `reportsProgress`.
  init(
    reportsProgress: Bool,
    _ open: @escaping @Sendable (@escaping @Sendable (String) -> Void) throws -> any RosterStorage
  ) {
    self.reportsProgress = reportsProgress
    Thread.detachNewThread { [self] in
      var previewed: (storage: any RosterStorage, id: UUID)?
      let loaded = Result { () throws -> Loaded in
        let storage = try open { [self] text in publish { progressText = text } }
        let lists = try storage.lists()
        guard let first = lists.first else { return (storage, .whole(nil)) }
        guard first.count > Self.previewThreshold else {
          return (storage, .whole(try storage.snapshot(of: first.id)))
        }
        let preview = RosterList(
          id: first.id, title: first.title, rule: first.rule,
          categories: try storage.categories(in: first.id),
          entries: try storage.firstEntries(in: first.id, limit: Self.previewSize))
        previewed = (storage, first.id)
        return (storage, .preview(summaries: lists, list: preview))
      }
      publish { result = loaded }
      guard let previewed else { return }
      // The first frame comes first: the rest of the list yields the CPU to GTK (Linux
      // priorities are per thread).
      setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
      let whole = Rest { () throws(StoreError) in try previewed.storage.snapshot(of: previewed.id) }
      publish { rest = whole }
    }
  }

  private func publish(_ body: () -> Void) {
    done.lock()
    body()
    done.broadcast()
    done.unlock()
  }

  /// Whether the store and the first list (or the error) are there: ``wait()`` returns at once.
  var isReady: Bool {
    done.lock()
    defer { done.unlock() }
    return result != nil
  }

  /// What the opening is doing, when it said (“Fetching “Guests” (100,000 entries)…”).
  var progress: String? {
    done.lock()
    defer { done.unlock() }
    return progressText
  }

  /// Waits for the store and the first list (or its preview), and returns them (or the error).
  func wait() throws -> Loaded {
    done.lock()
    defer { done.unlock() }
    while result == nil { done.wait() }
    return try result!.get()
  }

  /// After a preview: the whole list once it has loaded, `nil` while it is still loading. From
  /// then on the store is the main thread's.
  func takeRest() -> Rest? {
    done.lock()
    defer { done.unlock() }
    return rest
  }
}
