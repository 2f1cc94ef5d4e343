import Foundation
import RosterBackend
import RosterKit

/// A store error's case without its payload, so tests can compare what was thrown.
enum ErrorCase: Hashable {
  case listNotFound
  case listExists
  case invalidTitle
  case reloadRequired
  case other(String)

  init(_ error: StoreError) {
    switch error {
    case .listNotFound: self = .listNotFound
    case .listExists: self = .listExists
    case .roster(.invalidTitle): self = .invalidTitle
    case .reloadRequired: self = .reloadRequired
    default: self = .other(error.description)
    }
  }
}

/// The case of the error `body` throws, or `nil` when it throws none.
func thrown<Value>(_ body: () throws(StoreError) -> Value) -> ErrorCase? {
  do {
    _ = try body()
    return nil
  } catch {
    return ErrorCase(error)
  }
}

/// What a list holds, as a value to compare: title, categories, and entries in order.
struct Contents: Hashable, CustomStringConvertible {
  var title: String
  var categories: [EntryCategory]
  var entries: [Entry]
  var keepSorted: EntryOrder?

  init(_ list: RosterList) {
    title = list.title
    categories = list.categories
    entries = Array(list.entries)
    keepSorted = list.keepSorted
  }

  var description: String {
    "\(title) \(categories.map(\.name)) \(entries.map { "\($0.text)[\($0.category ?? "")]" })"
  }
}

extension RosterStorage {
  /// Loads `id` and records every change made to the loaded list from then on, as a front end
  /// does.
  func openRecording(_ id: UUID) throws -> RosterList {
    let list = try loadList(id)
    list.addObserver { [self] change in
      // A failure shows as the stored list differing from the edited one.
      _ = try? record(change, in: id)
    }
    return list
  }
}
