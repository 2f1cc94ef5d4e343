public import Foundation
public import RosterBackend
public import RosterKit

/// One generated list of `count` names (`ROSTER_SAMPLE_COUNT`, for benchmarks), made only when
/// it is loaded: its summary and first rows cost nothing, as a database's do.
///
/// Not thread-safe; like a database connection, one thread at a time uses it.
public final class SampleStorage: RosterStorage {
  private let id = UUID()
  private let count: Int
  private let title: String
  /// The first entries, made for ``firstEntries(in:limit:)``; the whole list starts with them.
  private var head: [Entry] = []
  /// The whole list, once loaded.
  private var memory: MemoryStorage?

  /// A store whose one list will hold `count` generated names.
  public init(count: Int) {
    self.count = max(count, 0)
    title = "\(self.count) names"
  }

  private var loaded: MemoryStorage {
    if let memory { return memory }
    let list = SampleData.large(count: count, id: id, title: title, head: head)
    let made = MemoryStorage([list])
    memory = made
    return made
  }

  /// The list with its count, without making it.
  public func lists() throws(StoreError) -> [ListSummary] {
    if let memory { return try memory.lists() }
    return [ListSummary(id: id, title: title, rule: .personalName, count: count)]
  }

  /// The first entries, made without making the rest.
  public func firstEntries(in list: UUID, limit: Int) throws(StoreError) -> [Entry] {
    if let memory { return try memory.firstEntries(in: list, limit: limit) }
    guard list == id else { throw .listNotFound(list.uuidString) }
    let wanted = min(max(limit, 0), count)
    if head.count < wanted {
      head += SampleData.largeEntries(in: head.count..<wanted)
    }
    return Array(head.prefix(wanted))
  }

  /// No categories until the list is made.
  public func categories(in list: UUID) throws(StoreError) -> [EntryCategory] {
    if let memory { return try memory.categories(in: list) }
    guard list == id else { throw .listNotFound(list.uuidString) }
    return []
  }

  /// Creates an empty list (after making the generated one).
  public func createList(title: String, rule: Rule) throws(StoreError) -> ListSummary {
    try loaded.createList(title: title, rule: rule)
  }

  /// Forgets a list.
  public func deleteList(_ id: UUID) throws(StoreError) { try loaded.deleteList(id) }

  /// The list itself, made on first use.
  public func loadList(_ id: UUID) throws(StoreError) -> RosterList {
    try loaded.loadList(id)
  }

  /// Stores the change in the generated store (it hands out copies, as a database does), so
  /// that a list opened again shows it.
  public func record(_ change: ListChange, in list: UUID) throws(StoreError) -> Int64 {
    try memory?.record(change, in: list) ?? 0
  }

  /// No other writers.
  public func changes(in list: UUID, since: Int64) throws(StoreError) -> (
    edits: [ListEdit], position: Int64
  ) { ([], since) }

  /// No other writers.
  public func hasExternalChanges() throws(StoreError) -> Bool { false }
}
