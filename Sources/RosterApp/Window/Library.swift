import Foundation
import RosterKit
import RosterStore

/// The lists the window shows, from the store, and which one is current.
@MainActor
final class Library {
  let storage: any RosterStorage
  private(set) var current: RosterList

  init(storage: any RosterStorage) throws {
    self.storage = storage
    var summaries = try storage.lists()
    if summaries.isEmpty {
      summaries = [try storage.createList(title: "Guests", rule: .personalName)]
    }
    current = try storage.loadList(summaries[0].id)
  }
}
