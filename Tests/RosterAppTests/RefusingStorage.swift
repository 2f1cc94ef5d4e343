import Foundation
import RosterBackend
import RosterKit
import RosterStore

/// A SQLite file that refuses every recorded action with ``refusal`` while it is set, as a
/// full disk or a title another process took would: for the window's take-back.
final class RefusingStorage: RosterStorage {
  let inner: SQLiteStore
  /// The error every ``record(_:in:)`` throws; `nil` stores as usual. Set on the test's
  /// thread, read on a writing thread.
  var refusal: StoreError? {
    get { lock.withLock { refusing } }
    set { lock.withLock { refusing = newValue } }
  }
  private var refusing: StoreError?
  private let lock = NSLock()

  init(_ inner: SQLiteStore) { self.inner = inner }

  var capabilities: StorageCapabilities { inner.capabilities }
  func lists() throws(StoreError) -> [ListSummary] { try inner.lists() }
  func createList(title: String, rule: Rule) throws(StoreError) -> ListSummary {
    try inner.createList(title: title, rule: rule)
  }
  func deleteList(_ id: UUID) throws(StoreError) { try inner.deleteList(id) }
  func loadList(_ id: UUID) throws(StoreError) -> RosterList { try inner.loadList(id) }
  func snapshot(of id: UUID) throws(StoreError) -> (list: RosterList, position: Int64) {
    try inner.snapshot(of: id)
  }
  func changes(in list: UUID, since: Int64) throws(StoreError) -> (
    edits: [ListEdit], position: Int64
  ) { try inner.changes(in: list, since: since) }
  func hasExternalChanges() throws(StoreError) -> Bool { try inner.hasExternalChanges() }

  @discardableResult
  func record(_ change: ListChange, in list: UUID) throws(StoreError) -> Int64 {
    if let refusal { throw refusal }
    return try inner.record(change, in: list)
  }
}
