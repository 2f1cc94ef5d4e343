import Foundation
import RosterAppCore
import RosterBackend
import RosterKit
import RosterLocalization
import RosterStore
import RosterSync
import RosterTestSupport
import Testing

/// The window never shows what is not stored: an action the store refuses is taken back in
/// the list, with a message that names the reason, whether the store answers at once or
/// writes behind the window.
@MainActor
@Suite struct RefusedActionTests {
  /// Every kind of error a store can refuse an action with.
  nonisolated static let digit = Rule.personalName.validate("R2D2").refusal!
  nonisolated static let refusals: [StoreError] = [
    .diskFull, .listExists("Guests"), .busy, .database("disk I/O error."),
    .constraint("UNIQUE constraint failed: entries.id"), .listNotFound("Names"),
    .entryNotFound("4427d28c"), .duplicateEntry(UUID()), .reloadRequired,
    .roster(.invalidTitle(digit)), .refused("R2D2", digit), .newerSchema(99),
    .teamsUnsupported, .teamNotFound("doors"), .notTeamMember("doors"),
    .positionOutOfRange(9, count: 2), .ambiguousEntry("4", matches: 2),
  ]

  /// A window's controller over a SQLite file with Anna and Berta, whose store refuses with
  /// `refusal`; `behind` puts a writing thread between them, as the app does.
  @MainActor private struct Scene {
    let file = TemporaryDatabase(prefix: "roster-refused")
    let refusing: RefusingStorage
    let library: LibraryController

    init(behind: Bool) throws {
      let writerID = UUID()
      let seed = try SQLiteStore(path: file.path)
      let names = try seed.createList(title: "Names", rule: .personalName)
      let list = try seed.loadList(names.id)
      var changes: [ListChange] = []
      list.addObserver { changes.append($0) }
      try list.append("Anna")
      try list.append("Berta")
      for change in changes { try seed.record(change, in: names.id) }
      refusing = RefusingStorage(try SQLiteStore(path: file.path, writerID: writerID))
      let storage: any RosterStorage =
        behind
        ? WriteBehindStorage(
          reader: try SQLiteStore(path: file.path, writerID: writerID), writer: refusing)
        : refusing
      library = try LibraryController(storage: storage)
    }

    /// What another process reads.
    func stored() throws -> [String] {
      let other = try SQLiteStore(path: file.path)
      return try other.loadList(library.current.id).entries.map(\.text)
    }

    /// Waits for the writing thread, then lets the window take back what it refused.
    func settle() {
      #expect(library.finishWrites(timeout: .seconds(30)))
      library.settle()
    }
  }

  @Test(arguments: [false, true], refusals)
  func aRefusedAddIsTakenBackWithTheReason(behind: Bool, refusal: StoreError) throws {
    let scene = try Scene(behind: behind)
    var messages: [String] = []
    var takenBack = 0
    scene.library.onError = { messages.append($0) }
    scene.library.onTakenBack = { takenBack += 1 }
    try scene.library.current.append("Cem")
    if behind { scene.settle() }
    scene.refusing.refusal = refusal
    let id = scene.library.current.id
    try scene.library.current.append("Zoë")
    if behind {
      // The window showed the add at once; the writing thread has not answered yet or has.
      scene.settle()
    }
    #expect(scene.library.current.entries.map(\.text) == ["Anna", "Berta", "Cem"])
    #expect(try scene.stored() == ["Anna", "Berta", "Cem"])
    #expect(takenBack == 1)
    let expected = RefusedActionWording.sentence(
      for: RefusedAction(list: id, change: ListChange(origin: .action, edits: []), error: refusal)
    )
    #expect(messages.count == 1)
    #expect(messages.first?.contains("Zoë") == true || messages.first == expected)
    // Undo in the window now takes back Cem: the refused add left no step behind.
    scene.refusing.refusal = nil
    scene.library.current.undo()
    if behind { scene.settle() }
    #expect(try scene.stored() == ["Anna", "Berta"])
  }

  @Test(arguments: [false, true])
  func aFullDiskSaysWhatWasNotSaved(behind: Bool) throws {
    let scene = try Scene(behind: behind)
    var messages: [String] = []
    scene.library.onError = { messages.append($0) }
    scene.refusing.refusal = .diskFull
    try scene.library.current.append("Zoë")
    if behind { scene.settle() }
    #expect(messages == ["The disk is full: “Zoë” was not saved."])
  }

  @Test func aTitleAnotherProcessTookIsTakenBackOnce() throws {
    let scene = try Scene(behind: true)
    var messages: [String] = []
    scene.library.onError = { messages.append($0) }
    // Another process takes the title a moment before the window renames its list to it.
    _ = try SQLiteStore(path: scene.file.path).createList(title: "Guests", rule: .text)
    try scene.library.renameCurrent(to: "Guests")
    #expect(scene.library.current.title == "Guests", "shown at once")
    scene.settle()
    #expect(scene.library.current.title == "Names")
    #expect(scene.library.summaries.map(\.title) == ["Names", "Guests"])
    #expect(messages == ["“Guests” is already the title of another list."])
  }

  @Test func aRefusalInTheMiddleKeepsTheActionsAroundIt() throws {
    let scene = try Scene(behind: false)
    var messages: [String] = []
    scene.library.onError = { messages.append($0) }
    try scene.library.current.append("Cem")
    scene.refusing.refusal = .diskFull
    try scene.library.current.append("Dora")
    scene.refusing.refusal = nil
    try scene.library.current.append("Emil")
    #expect(scene.library.current.entries.map(\.text) == ["Anna", "Berta", "Cem", "Emil"])
    #expect(try scene.stored() == ["Anna", "Berta", "Cem", "Emil"])
    #expect(messages.count == 1)
  }
}
