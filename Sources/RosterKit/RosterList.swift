public import Foundation
public import Observation

/// A titled list of entries with a rule, categories, change reports and undo.
///
/// Identity comes first: every entry has a stable id, and operations by id never hit the wrong
/// row. Offset-based operations (`remove(atOffsets:)`, `move(fromOffsets:toOffset:)`) exist for
/// SwiftUI's `onDelete` and `onMove`.
///
/// ```swift
/// let guests = RosterList(title: "Guests")
/// let anna = try guests.append("  Anna  Lindqvist ")   // stored as "Anna Lindqvist"
/// try guests.append("Łukasz", category: "Family")
/// try guests.remove(id: anna.id)
/// guests.undo()                                        // Anna is back, same id, same place
/// ```
///
/// Single-entry operations cost O(log n); the list is observable, and every mutation is reported
/// to observers added with ``addObserver(_:)`` as a ``ListChange``.
@Observable
public final class RosterList {
  /// The list's identity.
  public let id: UUID
  /// The list's title, shown in the header bar.
  public private(set) var title: String
  /// The rule every entry's text must pass.
  public let rule: Rule
  /// The categories entries can carry, in the order they were created.
  public private(set) var categories: [EntryCategory]
  /// The order the list keeps itself in, or `nil` when entries stay where they are put. Set it
  /// with ``setKeepSorted(_:collation:)``; new and edited entries then go to their place, and
  /// moves by hand are refused (``moveRefusal``).
  public private(set) var keepSorted: EntryOrder?

  /// The kept order and the categories as an action reads them: straight from storage, as the
  /// list's own reads need no observation (and each observed read looks its key path up).
  var storedKeepSorted: EntryOrder? { _keepSorted }
  var storedCategories: [EntryCategory] { _categories }

  /// Bumped on every change, so that observation tracks reads of the entries.
  var revision = 0
  /// `\.revision`, made once: a key path literal costs a runtime call on every use, and every
  /// read and every change names this one.
  static let revisionKey = \RosterList.revision

  @ObservationIgnored let tree: EntryTree
  /// The ids of new entries, when they were injected; otherwise ``ids`` makes them.
  @ObservationIgnored let injectedIDs: (@Sendable () -> UUID)?
  /// The list's own id stream, seeded from ``UUIDGenerator/shared``: one list is never changed
  /// by two threads at once, so its ids need neither the shared generator's lock nor a closure.
  @ObservationIgnored @exclusivity(unchecked) var ids: UUIDGenerator.Stream
  @ObservationIgnored let now: @Sendable () -> Date
  // The list's own bookkeeping is never accessed overlapping, so it skips the run-time
  // exclusivity checks that a class's stored properties otherwise get on every modification.
  @ObservationIgnored @exclusivity(unchecked) var history = UndoHistory()
  /// The observers in the order they were added, with their tokens: an array, which an action
  /// with no observer skips with one check and a report walks without hashing.
  @ObservationIgnored @exclusivity(unchecked)
  private var observers: [(token: Int, handler: (ListChange) -> Void)] = []
  /// How deep the list is in reporting changes to its observers.
  @ObservationIgnored private var notifying = 0
  /// Work asked for while observers heard of a change (``takeBack(_:then:)``), run once all have.
  @ObservationIgnored private var afterNotifying: [() -> Void] = []
  @ObservationIgnored @exclusivity(unchecked) private var nextObserver = 0
  @ObservationIgnored @exclusivity(unchecked) var duplicateIndex: DuplicateIndex?
  /// Makes the collation of a locale (an ICU id, `""` for the root), for keeping the list
  /// sorted: front ends set it (RosterCollation's `Collator.provider`); without one, a kept
  /// order falls back to Unicode scalar order.
  @ObservationIgnored public var collationProvider: ((String) -> any Collating)? {
    didSet { collationCache = nil }
  }
  @ObservationIgnored var collationCache: (locale: String, collation: any Collating)?

  /// Creates a list.
  ///
  /// `entries` are taken as stored: they are not validated again (load them from a trusted
  /// store).
  /// - Parameters:
  ///   - id: The list's identity.
  ///   - title: The title.
  ///   - rule: The rule entries must pass; personal names by default.
  ///   - categories: The list's categories.
  ///   - entries: Entries in list order, with unique ids.
  ///   - keepSorted: The order the list keeps itself in, as stored; the entries are taken to be
  ///     in it.
  ///   - makeID: Makes ids for new entries; inject a deterministic one in tests. By default,
  ///     random version 4 UUIDs from the list's own fast generator, seeded from
  ///     ``UUIDGenerator/shared`` (itself seeded by the system).
  ///   - now: The clock for `created` and `updated`.
  /// - Complexity: O(n) in the number of entries.
  public convenience init(
    id: UUID = UUID(),
    title: String,
    rule: Rule = .personalName,
    categories: [EntryCategory] = [],
    entries: [Entry] = [],
    keepSorted: EntryOrder? = nil,
    makeID: (@Sendable () -> UUID)? = nil,
    now: @escaping @Sendable () -> Date = { Date() }
  ) {
    self.init(
      id: id, title: title, rule: rule, categories: categories, tree: EntryTree(entries),
      makeID: makeID, now: now)
    self.keepSorted = keepSorted
  }

  /// Creates a list over a prepared tree (tests use small node capacities to exercise splits).
  init(
    id: UUID, title: String, rule: Rule, categories: [EntryCategory], tree: EntryTree,
    makeID: (@Sendable () -> UUID)?, now: @escaping @Sendable () -> Date
  ) {
    self.id = id
    self.title = title
    self.rule = rule
    self.categories = categories
    self.tree = tree
    self.injectedIDs = makeID
    self.ids = UUIDGenerator.shared.makeStream()
    self.now = now
  }

  // MARK: Reading

  /// The number of entries. O(1).
  public var count: Int {
    access(keyPath: Self.revisionKey)
    return tree.count
  }

  /// Whether the list has no entries. O(1).
  public var isEmpty: Bool { count == 0 }

  /// The entry at `offset`.
  /// - Precondition: `0 <= offset < count`.
  /// - Complexity: O(log n).
  public subscript(offset: Int) -> Entry {
    access(keyPath: Self.revisionKey)
    return tree[offset]
  }

  /// The entry at `offset`, or `nil` when the offset is outside the list (a stale view).
  /// - Complexity: O(log n).
  public func entry(at offset: Int) -> Entry? {
    access(keyPath: Self.revisionKey)
    guard offset >= 0, offset < tree.count else { return nil }
    return tree[offset]
  }

  /// The entry with this id, or `nil`.
  /// - Complexity: O(log n).
  public func entry(id: UUID) -> Entry? {
    access(keyPath: Self.revisionKey)
    return tree.entry(id: id)
  }

  /// The current offset of the entry with this id, or `nil`.
  /// - Complexity: O(log n).
  public func offset(of id: UUID) -> Int? {
    access(keyPath: Self.revisionKey)
    return tree.offset(of: id)
  }

  /// The entries, as a random-access collection that reads the list without copying it.
  public var entries: Entries {
    access(keyPath: Self.revisionKey)
    return Entries(tree: tree)
  }

  /// The category with this name, if the list has one.
  /// - Complexity: O(c) in the number of categories.
  public func category(named name: String) -> EntryCategory? {
    categories.first { $0.name == name }
  }

  // MARK: Observing

  /// Calls `handler` after every change, with the report of what changed. Returns a token for
  /// ``removeObserver(_:)``.
  @discardableResult
  public func addObserver(_ handler: @escaping (ListChange) -> Void) -> Int {
    nextObserver += 1
    observers.append((nextObserver, handler))
    return nextObserver
  }

  /// Stops calling the handler registered under `token`.
  public func removeObserver(_ token: Int) {
    observers.removeAll { $0.token == token }
  }

  // MARK: Applying edits

  /// Applies `edit` by identity and returns it as actually applied, or `nil` when it no longer
  /// applies (its entry is gone, or already there).
  ///
  /// Inserts resolve their place from the anchor when it exists, else from the offset (clamped),
  /// so no stale position ever traps.
  func perform(_ edit: ListEdit) -> ListEdit? {
    switch edit {
    case .insert(let entry, let offset, let after):
      guard !tree.contains(entry.id) else { return nil }
      let place: Int
      if let after, let anchor = tree.offset(of: after) {
        place = anchor + 1
      } else if after == nil {
        place = 0
      } else {
        place = min(max(offset, 0), tree.count)
      }
      return insert(entry, exactlyAt: place)
    case .remove(let entry, _, _):
      // Removed where the id index finds it, without a second walk down to its offset.
      guard let (leaf, slot) = tree.find(entry.id) else { return nil }
      let offset = tree.offset(ofSlot: slot, in: leaf)
      let (removed, predecessor) = remove(slot: slot, of: leaf, at: offset)
      return .remove(removed, offset: offset, after: predecessor)
    case .update(_, let new):
      guard let old = tree.replace(new) else { return nil }
      if old.text != new.text {
        duplicateIndex?.remove(old.text)
        duplicateIndex?.add(new.text)
      }
      return .update(old: old, new: new)
    case .categories(_, let new):
      let old = categories
      categories = new
      return .categories(old: old, new: new)
    case .title(_, let new):
      let old = title
      title = new
      return .title(old: old, new: new)
    case .keepSorted(_, let new):
      let old = keepSorted
      keepSorted = new
      return .keepSorted(old: old, new: new)
    }
  }

  /// Inserts `entry` at a known offset: the fast path of user actions, which know exactly where.
  /// - Precondition: `0 <= offset <= count`; the id is new.
  func insert(_ entry: consuming Entry, exactlyAt offset: Int) -> ListEdit {
    let predecessor = tree.insert(entry, at: offset)
    duplicateIndex?.add(entry.text)
    return .insert(entry, offset: offset, after: predecessor)
  }

  /// Removes the entry at a known offset: the fast path of user actions.
  /// - Precondition: `0 <= offset < count`.
  func remove(exactlyAt offset: Int) -> ListEdit {
    let (removed, predecessor) = tree.removeReportingPredecessor(at: offset)
    duplicateIndex?.remove(removed.text)
    return .remove(removed, offset: offset, after: predecessor)
  }

  /// Removes the entry at `slot` of `leaf`, found by id at `offset`: no walk down the tree.
  /// Returns the entry and the id of the one before it, for the caller's edit (made there, so
  /// that the entry is not copied out of an edit again).
  func remove(slot: Int, of leaf: EntryTree.Leaf, at offset: Int) -> (
    entry: Entry, predecessor: UUID?
  ) {
    let removed = tree.removeReportingPredecessor(slot: slot, of: leaf, offset: offset)
    duplicateIndex?.remove(removed.entry.text)
    return removed
  }

  /// Applies edits made elsewhere — by another process, read back from storage — without
  /// recording them for undo, and reports them to observers.
  ///
  /// Edits that no longer apply (an entry already removed) are skipped.
  /// - Complexity: O(k log n) for k edits.
  @discardableResult
  public func apply(_ edits: [ListEdit]) -> ListChange {
    let applied = edits.compactMap(perform)
    return publish(ListChange(origin: .external, edits: applied))
  }

  /// Applies edits that a rule produced (``CategoryRules``, ``retitling(_:to:)``) as one user
  /// action: one undo step, one report to observers.
  ///
  /// ```swift
  /// let blue = CategoryColor(hex: "#1c71d8")!
  /// let edits = try CategoryRules(list.categories).settingColor(blue, of: "Family")
  /// list.perform(action: edits)
  /// ```
  /// Edits that no longer apply are skipped; nothing is recorded when none applies.
  /// - Returns: The change as applied.
  /// - Complexity: O(k log n) for k edits.
  @discardableResult
  public func perform(action edits: [ListEdit]) -> ListChange {
    act { applied in perform(edits, into: &applied) }
  }

  /// Runs `body` as one user action: one undo step, one report, which it returns.
  @discardableResult
  func act(coalescing key: UUID? = nil, _ body: (inout [ListEdit]) -> Void) -> ListChange {
    var applied = beginAction()
    body(&applied)
    let (edits, joined) = record(applied, coalescing: key)
    return publish(ListChange(origin: .action, edits: edits, joinsPreviousStep: joined))
  }

  /// Runs `body` as one user action whose caller needs no report (the single-entry actions
  /// return their entry).
  func actUnreported(coalescing key: UUID? = nil, _ body: (inout [ListEdit]) -> Void) {
    var applied = beginAction()
    body(&applied)
    endAction(applied, coalescing: key)
  }

  /// The first half of a user action: an empty array for its edits, which the action appends
  /// as it applies them, then hands to ``endAction(_:coalescing:)``. The single-entry actions
  /// use the halves directly, without the closure of ``act(coalescing:_:)``.
  func beginAction() -> [ListEdit] { history.emptyEdits() }

  /// The second half of a user action: records `applied` as one undo step (or joins it to the
  /// typing step `key` names) and reports it. The report is made only when an observer is
  /// there to read it.
  func endAction(_ applied: [ListEdit], coalescing key: UUID? = nil) {
    let (applied, joined) = record(applied, coalescing: key)
    guard !applied.isEmpty else { return }
    changed()
    if !observers.isEmpty {
      notify(ListChange(origin: .action, edits: applied, joinsPreviousStep: joined))
    }
  }

  /// Records the edits an action applied as one undo step, or as part of the typing step
  /// before it; returns them, and whether they joined that step.
  private func record(_ applied: [ListEdit], coalescing key: UUID?) -> (
    edits: [ListEdit], joined: Bool
  ) {
    guard !applied.isEmpty else {
      history.reuse(applied)
      return ([], false)
    }
    return (applied, history.record(applied, coalescing: key))
  }

  /// Tells SwiftUI and the observers about a change.
  @discardableResult
  func publish(_ change: ListChange) -> ListChange {
    guard !change.edits.isEmpty else { return change }
    changed()
    notify(change)
    return change
  }

  /// Tells SwiftUI that the entries changed.
  func changed() {
    withMutation(keyPath: Self.revisionKey) { _revision &+= 1 }
  }

  /// Reports a change to the observers, in the order they were added.
  private func notify(_ change: ListChange) {
    notifying += 1
    for observer in observers { observer.handler(change) }
    notifying -= 1
    if notifying == 0, !afterNotifying.isEmpty { runAfterNotifying() }
  }

  /// Runs `work` now, or, while observers hear of a change, once they all have: so that every
  /// observer hears of a change before what an observer did in answer to it.
  func whenNotified(_ work: @escaping () -> Void) -> Bool {
    guard notifying > 0 else { return false }
    afterNotifying.append(work)
    return true
  }

  private func runAfterNotifying() {
    while !afterNotifying.isEmpty {
      let work = afterNotifying.removeFirst()
      work()
    }
  }

  /// A fresh id for a new entry.
  func makeID() -> UUID {
    if let injectedIDs { return injectedIDs() }
    return ids.make()
  }
}
