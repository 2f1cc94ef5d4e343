public import Foundation
public import RosterBackend
import RosterCollation
public import RosterKit
import RosterLocalization

/// The lists in the store, the one being shown, and keeping both in step with the database:
/// every local change is recorded, and changes other processes make are applied.
///
/// The window never shows what is not stored: an action the store refuses is taken back
/// (``RosterKit/RosterList/takeBack(_:then:)``) together with the message that says why, at once
/// when the store answers at once, or in ``settle()`` when it writes behind the window
/// (``RosterBackend/DeferredWriting``). An action waiting in a shared server's outbox is not
/// refused: it stays, and the header says it waits.
///
/// Deleting a list hides it at once and deletes it from the store only when
/// ``commitDeletion()`` runs (the toast went away), so Undo can bring it back whole.
///
/// A long list can open as a preview of its first rows (``init(storage:summaries:preview:)``)
/// while another thread loads it whole: until ``finishLoading(_:position:)`` the controller
/// touches neither the store nor the preview, and refuses every change.
@MainActor
public final class LibraryController {
  /// The store.
  public let storage: any RosterStorage
  /// The lists to show, in creation order, without one whose deletion is pending.
  public private(set) var summaries: [ListSummary] = []
  /// The list being shown.
  public private(set) var current: RosterList
  /// Called with a message a person can act on when the store refuses or fails.
  public var onError: (String) -> Void = { _ in }
  /// Called after an action the store refused was taken back in ``current`` (with
  /// ``onError``'s message): the window brings its header and sidebar in line.
  public var onTakenBack: () -> Void = {}
  /// Called when the list being shown had to be loaded again (the change log no longer
  /// reached back far enough): the window shows the new ``current``.
  public var onReload: (RosterList) -> Void = { _ in }

  /// Whether ``current`` is only a preview of the list's first rows, the whole list still
  /// loading: nothing may change it, and the store belongs to the loading thread.
  public var isLoading: Bool { loadingCount != nil }
  /// How many entries the list being shown has: the whole list's count while it loads.
  public var currentCount: Int { loadingCount ?? current.count }
  private var loadingCount: Int?

  private var recorder: Int?
  private var position: Int64 = 0
  private var pendingDeletion: ListSummary?

  /// Opens the store's first list, creating ``RosterKit/RosterList/defaultTitle`` when there is none.
  /// - Parameters:
  ///   - storage: The store.
  ///   - first: The store's first list and its change-log position, when already loaded (on
  ///     another thread, while the window toolkit started).
  /// - Throws: ``StoreError`` when the store cannot be read.
  public init(storage: any RosterStorage, first: (list: RosterList, position: Int64)? = nil)
    throws(StoreError)
  {
    self.storage = storage
    var lists = try storage.lists()
    if lists.isEmpty {
      lists = [try storage.createList(title: RosterList.defaultTitle, rule: .personalName)]
    }
    if let first, first.list.id == lists[0].id {
      (current, position) = first
    } else {
      (current, position) = try storage.snapshot(of: lists[0].id)
    }
    summaries = lists
    startRecording()
  }

  /// Shows `preview`, the first rows of the store's first list, while another thread loads the
  /// whole list; touches no store until ``finishLoading(_:position:)``.
  /// - Parameters:
  ///   - storage: The store, in use by the loading thread until it finishes.
  ///   - summaries: The store's lists, read when the preview was; the first is `preview`'s.
  ///   - preview: A list with the first list's id, title, rule, categories and first entries.
  public init(storage: any RosterStorage, summaries: [ListSummary], preview: RosterList) {
    precondition(summaries.first?.id == preview.id, "The preview is not of the first list.")
    self.storage = storage
    self.summaries = summaries
    current = preview
    loadingCount = summaries[0].count
  }

  /// Replaces the preview with the whole list, read at change-log `position`, and starts
  /// recording and following the store.
  public func finishLoading(_ list: RosterList, position: Int64) {
    precondition(isLoading && list.id == current.id, "Not the list being loaded.")
    loadingCount = nil
    current = list
    self.position = position
    startRecording()
    refreshSummaries()
  }

  /// Shows the list with this id.
  @discardableResult
  public func open(_ id: UUID) throws(StoreError) -> RosterList {
    guard id != current.id, !isLoading else { return current }
    let (list, at) = try storage.snapshot(of: id)
    stopRecording()
    current = list
    position = at
    startRecording()
    return list
  }

  /// Creates a list and shows it.
  /// - Throws: ``StoreError`` when the title is refused or already taken.
  @discardableResult
  public func createList(title: String, rule: Rule) throws(StoreError) -> RosterList {
    guard !isLoading else { throw .busy }
    // The store normalizes and checks the title: RosterKit's rule, applied once.
    let summary = try storage.createList(title: title, rule: rule)
    refreshSummaries()
    return try open(summary.id)
  }

  /// The rule for a kind picked in the UI; a pattern's source is compiled here.
  public static func rule(_ kind: Rule.Kind, pattern: String) throws(RosterError) -> Rule {
    switch kind {
    case .personalName: .personalName
    case .text: .text
    case .pattern: try .pattern(pattern)
    }
  }

  /// Loads the list being shown again, as the store has it now.
  public func reload() throws(StoreError) {
    guard !isLoading else { return }
    let (list, at) = try storage.snapshot(of: current.id)
    stopRecording()
    current = list
    position = at
    startRecording()
    onReload(list)
  }

  /// Renames the list being shown (one undoable action, recorded like any other).
  public func renameCurrent(to title: String) throws(RosterError) {
    guard !isLoading else { return }
    try current.rename(to: title)
    refreshSummaries()
  }

  /// Hides the list being shown and opens another (creating ``RosterKit/RosterList/defaultTitle`` when it was the
  /// last). The store deletes it on ``commitDeletion()``; ``undoDeletion()`` brings it back.
  /// - Returns: The toast's title.
  public func deleteCurrent() throws(StoreError) -> String {
    guard !isLoading else { throw .busy }
    commitDeletion()
    let doomed = ListSummary(
      id: current.id, title: current.title, rule: current.rule, count: current.count)
    pendingDeletion = doomed
    refreshSummaries()
    if let next = summaries.first {
      try open(next.id)
    } else {
      let summary = try storage.createList(title: RosterList.defaultTitle, rule: .personalName)
      refreshSummaries()
      try open(summary.id)
    }
    return localized("Deleted list “%@”", doomed.title)
  }

  /// Brings back the list whose deletion is pending, and shows it.
  public func undoDeletion() {
    guard let doomed = pendingDeletion else { return }
    pendingDeletion = nil
    refreshSummaries()
    do { _ = try open(doomed.id) } catch { onError(StoreErrorWording.sentence(for: error)) }
  }

  /// Deletes the pending list from the store for good.
  public func commitDeletion() {
    guard let doomed = pendingDeletion else { return }
    pendingDeletion = nil
    do { try storage.deleteList(doomed.id) } catch {
      onError(StoreErrorWording.sentence(for: error))
    }
    refreshSummaries()
  }

  /// Brings the current list's summary in line with the list in memory, without asking the
  /// store (cheap enough for every keystroke).
  public func noteCurrentChanged() {
    guard !isLoading else { return }
    guard let index = summaries.firstIndex(where: { $0.id == current.id }) else { return }
    summaries[index].title = current.title
    summaries[index].count = current.count
  }

  /// Reads the lists and their counts again.
  public func refreshSummaries() {
    guard !isLoading else { return }
    do {
      summaries = try storage.lists().filter { $0.id != pendingDeletion?.id }
      if let index = summaries.firstIndex(where: { $0.id == current.id }) {
        summaries[index].title = current.title
        summaries[index].count = current.count
      }
    } catch {
      onError(StoreErrorWording.sentence(for: error))
    }
  }

  /// Applies what other processes changed since the last call: cheap when nothing did.
  /// - Returns: Whether anything changed.
  @discardableResult
  public func sync() -> Bool {
    guard !isLoading else { return false }
    do {
      guard try storage.hasExternalChanges() else { return false }
      refreshSummaries()
      guard summaries.contains(where: { $0.id == current.id }) || pendingDeletion != nil else {
        // Another process deleted the list being shown.
        if let next = summaries.first { onReload(try open(next.id)) }
        return true
      }
      do {
        let (edits, next) = try storage.changes(in: current.id, since: position)
        position = next
        if !edits.isEmpty { current.apply(edits) }
      } catch .reloadRequired {
        try reload()
      }
      return true
    } catch {
      onError(StoreErrorWording.sentence(for: error))
      return false
    }
  }

  /// Takes back the actions the store refused since the last call, in the list being shown,
  /// and says why in one message (the first refusal's; the others are of the same run). Call
  /// it on the window's thread when ``RosterBackend/DeferredWriting/onSettled`` fires.
  /// - Returns: Whether anything was taken back.
  @discardableResult
  public func settle() -> Bool {
    guard let deferred = storage as? any DeferredWriting else { return false }
    let refused = deferred.takeRefused()
    guard let first = refused.first else { return false }
    for action in refused.reversed() where action.list == current.id {
      current.takeBack(action.change)
    }
    refreshSummaries()
    onTakenBack()
    onError(RefusedActionWording.sentence(for: first))
    return true
  }

  /// Waits until every action the window made is stored (or refused), for at most `timeout`.
  /// - Returns: Whether nothing waits any more; always `true` for a store that writes at once.
  public func finishWrites(timeout: Duration) -> Bool {
    guard let deferred = storage as? any DeferredWriting else { return true }
    return deferred.finishWrites(timeout: timeout)
  }

  /// How many of the window's actions are not stored yet.
  public var pendingWrites: Int { (storage as? any DeferredWriting)?.pendingWrites ?? 0 }

  private func startRecording() {
    let list = current
    // A list kept sorted places new and edited entries by its locale's collation.
    list.collationProvider = Collator.provider
    recorder = list.addObserver { [weak self] change in
      guard let self, change.origin != .external else { return }
      do throws(StoreError) {
        try self.storage.record(change, in: list.id)
      } catch {
        // Refused at once (a store that writes on this thread, an outbox that cannot be
        // written): the window takes the action back in the same frame as the message.
        let message = RefusedActionWording.sentence(
          for: RefusedAction(list: list.id, change: change, error: error))
        list.takeBack(change) { [weak self] in
          guard let self else { return }
          refreshSummaries()
          onTakenBack()
          onError(message)
        }
      }
    }
  }

  private func stopRecording() {
    if let recorder { current.removeObserver(recorder) }
    recorder = nil
  }
}
