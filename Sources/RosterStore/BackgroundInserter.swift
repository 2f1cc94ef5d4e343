import Dispatch
import Foundation
import RosterBackend

/// Runs a bulk import's row inserts on a second thread, so that SQLite stores one chunk of
/// rows while the import reads and validates the next.
///
/// The connection is never used by two threads at once: while a chunk is in flight only the
/// insert thread touches it, and ``drain()`` (which every other use of the connection during
/// the import calls first) waits for the chunks to be stored. An insert that fails is reported
/// by the next ``submit(_:)`` or ``drain()`` as ``RosterBackend/StoreError/database(_:)``,
/// which stops the whole import; it then rolls back.
final class BackgroundInserter: @unchecked Sendable {
  /// Stores one chunk on the insert thread.
  typealias Insert = (ImportChunk) throws(StoreError) -> Void

  private let queue = DispatchQueue(label: "roster.import.insert")
  private let inFlight = DispatchGroup()
  /// Chunks that may be queued or stored at once: one being stored, one waiting.
  private let slots = DispatchSemaphore(value: 2)
  private let lock = NSLock()
  /// The first failure of the insert thread; later chunks are not stored.
  private var failure: StoreError?
  private let insert: Insert

  /// An inserter storing each chunk with `insert`, which must only use the connection.
  init(insert: @escaping Insert) {
    self.insert = insert
  }

  /// Queues `chunk` to be stored, waiting while two chunks are queued already.
  /// - Throws: The failure of a chunk submitted before.
  func submit(_ chunk: ImportChunk) throws(StoreError) {
    try rethrowFailure()
    slots.wait()
    inFlight.enter()
    queue.async { [self] in
      defer {
        slots.signal()
        inFlight.leave()
      }
      guard currentFailure == nil else { return }
      do throws(StoreError) {
        try insert(chunk)
      } catch {
        // No row of a chunk can be refused alone (its ids are fresh or checked already): a
        // failure stops the whole import, as a database failure does.
        let whole: StoreError
        if case .database = error { whole = error } else { whole = .database(error.description) }
        lock.withLock { failure = whole }
      }
    }
  }

  /// Waits until every chunk submitted is stored: the connection is then this thread's again.
  /// - Throws: The first failure of a chunk.
  func drain() throws(StoreError) {
    inFlight.wait()
    try rethrowFailure()
  }

  private var currentFailure: StoreError? { lock.withLock { failure } }

  private func rethrowFailure() throws(StoreError) {
    if let failure = currentFailure { throw failure }
  }
}
