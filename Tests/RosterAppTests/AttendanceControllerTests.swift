import Foundation
import RosterAppCore
import RosterBackend
import RosterKit
import RosterStore
import RosterSync
import RosterTestSupport
import Testing

/// Check-in in the window: the action shows at once, is stored behind the window, and a
/// check-in another door stored first is taken back with who won; undo appends a clear, and
/// check-ins made elsewhere arrive through `sync()`.
@MainActor
@Suite struct AttendanceControllerTests {
  /// Two doors (windows) on one SQLite file with Anna, Berta and Cem, each writing behind its
  /// window as the app does.
  @MainActor private struct Scene {
    let file = TemporaryDatabase(prefix: "roster-door")
    let listID: UUID
    let ids: [String: UUID]

    init() throws {
      let seed = try SQLiteStore(path: file.path)
      let names = try seed.createList(title: "Guests", rule: .personalName)
      let list = try seed.loadList(names.id)
      var changes: [ListChange] = []
      list.addObserver { changes.append($0) }
      for name in ["Anna", "Berta", "Cem"] { try list.append(name) }
      for change in changes { try seed.record(change, in: names.id) }
      listID = names.id
      ids = Dictionary(uniqueKeysWithValues: list.entries.map { ($0.text, $0.id) })
    }

    /// A door: its own write-behind store, list and controller.
    func door() throws -> (storage: WriteBehindStorage, controller: AttendanceController) {
      let writerID = UUID()
      let storage = WriteBehindStorage(
        reader: try SQLiteStore(path: file.path, writerID: writerID),
        writer: try SQLiteStore(path: file.path, writerID: writerID))
      let list = try storage.loadList(listID)
      let controller = try #require(try AttendanceController(desk: storage, list: list))
      return (storage, controller)
    }

    /// The stored status of `name` in today's session, from a connection of its own.
    func storedStatus(_ name: String) throws -> String? {
      let store = try SQLiteStore(path: file.path)
      let session = try store.session(named: nil, in: listID, creating: false)
      let ledger = try store.attendanceLedger(for: listID, session: session.id, entries: nil)
      return ledger.state(of: ids[name]!, in: session.id)?.status
    }
  }

  @Test func aCheckInShowsAtOnceAndIsStoredBehindTheWindow() throws {
    let scene = try Scene()
    let (storage, door) = try scene.door()
    var changed: Set<UUID> = []
    door.onChange = { changed.formUnion($0) }
    #expect(!door.isInUse, "a list without sessions shows no count")
    #expect(door.sessionName == AttendanceSession.defaultName(at: Date(), calendar: .current))
    let outcome = door.checkIn(scene.ids["Berta"]!)
    guard case .done(let counts) = outcome else {
      Issue.record("refused: \(outcome)")
      return
    }
    #expect(counts.checkedIn == 1 && counts.inside == 1)
    #expect(door.state(of: scene.ids["Berta"]!)?.isCheckedIn == true)
    #expect(changed.contains(scene.ids["Berta"]!))
    #expect(door.isInUse, "the first check-in makes today's session")
    #expect(storage.finishWrites(timeout: .seconds(10)))
    #expect(try scene.storedStatus("Berta") == "present")
  }

  @Test func theSecondDoorIsToldWhoCheckedTheGuestInFirst() throws {
    let scene = try Scene()
    let first = try scene.door()
    let second = try scene.door()
    let berta = scene.ids["Berta"]!
    // Both doors show today's session, made by a first check-in.
    _ = first.controller.checkIn(scene.ids["Anna"]!)
    #expect(first.storage.finishWrites(timeout: .seconds(10)))
    second.controller.sync()
    #expect(second.controller.session != nil, "the second door missed today's session")
    guard case .done = first.controller.checkIn(berta) else {
      Issue.record("the first door was refused")
      return
    }
    #expect(first.storage.finishWrites(timeout: .seconds(10)))
    // The second door has not heard of it yet: its check-in shows, and the store refuses it.
    var messages: [String] = []
    second.controller.onMessage = { messages.append($0) }
    guard case .done = second.controller.checkIn(berta) else {
      Issue.record("the second door refused before the store did")
      return
    }
    #expect(second.storage.finishWrites(timeout: .seconds(10)))
    #expect(second.controller.settle())
    #expect(messages.count == 1)
    #expect(messages.first?.contains("“Berta” was already checked in at") == true, "\(messages)")
    // Taken back to what is stored: Berta checked in, by the first door's check-in.
    let state = try #require(second.controller.state(of: berta))
    #expect(state.isCheckedIn)
    #expect(second.controller.counts.checkedIn == 2, "Anna and Berta, Berta counted once")
    #expect(!second.controller.canUndo, "the refused check-in stayed an undo step")
    // Once it has heard, the second door refuses at once, with the same reason.
    second.controller.sync()
    guard case .refused(let reason) = second.controller.checkIn(berta) else {
      Issue.record("a second check-in was not refused")
      return
    }
    #expect(reason.contains("was already checked in"))
  }

  @Test func undoAppendsAClearAndOthersSeeItLive() throws {
    let scene = try Scene()
    let door = try scene.door()
    let desk = try scene.door()
    let cem = scene.ids["Cem"]!
    _ = door.controller.checkIn(cem)
    #expect(door.storage.finishWrites(timeout: .seconds(10)))
    desk.controller.sync()
    #expect(desk.controller.state(of: cem)?.isInside == true, "the desk missed the check-in")
    #expect(desk.controller.isInUse)
    #expect(door.controller.undo())
    #expect(door.controller.state(of: cem) == nil)
    #expect(door.storage.finishWrites(timeout: .seconds(10)))
    #expect(try scene.storedStatus("Cem") == nil)
    desk.controller.sync()
    #expect(desk.controller.state(of: cem) == nil, "the desk missed the undo")
    let store = try SQLiteStore(path: scene.file.path)
    let kinds = try store.attendanceLog(in: scene.listID, session: nil, after: 0).map(\.kind)
    #expect(kinds == [.checkin, .clear], "undo deleted history: \(kinds)")
  }

  @Test func statusesCheckOutAndClearAreLoggedAndCounted() throws {
    let scene = try Scene()
    let (storage, door) = try scene.door()
    let anna = scene.ids["Anna"]!
    _ = door.checkIn(anna)
    _ = door.setStatus(anna, to: "late")
    #expect(door.state(of: anna)?.status == "late")
    #expect(door.counts.checkedIn == 1)
    _ = door.checkOut(anna)
    #expect(door.counts.inside == 0 && door.counts.checkedIn == 1)
    guard case .refused = door.checkOut(anna) else {
      Issue.record("a second check-out was not refused")
      return
    }
    _ = door.clear(anna)
    #expect(door.counts.marked == 0)
    #expect(storage.finishWrites(timeout: .seconds(10)))
    let store = try SQLiteStore(path: scene.file.path)
    let kinds = try store.attendanceLog(in: scene.listID, session: nil, after: 0).map(\.kind)
    #expect(kinds == [.checkin, .status, .checkout, .clear])
  }

  @Test func aNewSessionIsMadeAndShownAndNamesAreChecked() throws {
    let scene = try Scene()
    let (_, door) = try scene.door()
    try door.makeSession(named: "Evening 2")
    #expect(door.sessionName == "Evening 2")
    #expect(door.sessionNames.contains("Evening 2"))
    do {
      try door.makeSession(named: "Evening 2")
      Issue.record("a second “Evening 2” was made")
    } catch {
      guard case .attendance(.sessionExists("Evening 2")) = error else {
        Issue.record("refused with \(error)")
        return
      }
    }
    #expect(throws: StoreError.self) { try door.makeSession(named: "  ") }
    _ = door.checkIn(scene.ids["Anna"]!)
    let today = AttendanceSession.defaultName(at: Date(), calendar: .current)
    try door.show(sessionNamed: today)
    #expect(door.state(of: scene.ids["Anna"]!) == nil, "Evening 2's check-in shows today")
  }

  @Test func deletedEntriesLeaveTheCounts() throws {
    let scene = try Scene()
    let (_, door) = try scene.door()
    let anna = scene.ids["Anna"]!
    _ = door.checkIn(anna)
    let removal = ListChange(
      origin: .action,
      edits: [.remove(Entry(id: anna, text: "Anna", created: Date()), offset: 0, after: nil)])
    door.note(removal)
    #expect(door.counts.checkedIn == 0)
  }
}

/// Ctrl+Z undoes the person's last action, an edit or a check-in, whichever came last.
@Suite struct ActionTimelineTests {
  private let edit = ListChange(origin: .action, edits: [.title(old: "A", new: "B")])

  @Test func undoFollowsTheOrderOfTheActions() {
    var timeline = ActionTimeline()
    timeline.note(edit)
    timeline.noteAttendance()
    #expect(timeline.next(canUndoEdit: true, canUndoAttendance: true) == .attendance)
    timeline.forgetAttendance()
    #expect(timeline.next(canUndoEdit: true, canUndoAttendance: false) == .edit)
    timeline.noteAttendance()
    timeline.note(edit)
    #expect(timeline.next(canUndoEdit: true, canUndoAttendance: true) == .edit)
    timeline.note(ListChange(origin: .undo, edits: edit.edits))
    #expect(timeline.next(canUndoEdit: true, canUndoAttendance: true) == .attendance)
  }

  @Test func typingThatJoinsAStepAndOthersChangesAddNoStep() {
    var timeline = ActionTimeline()
    timeline.noteAttendance()
    timeline.note(ListChange(origin: .action, edits: edit.edits, joinsPreviousStep: true))
    timeline.note(ListChange(origin: .external, edits: edit.edits))
    #expect(timeline.kinds == [.attendance])
  }

  @Test func theSideThatCanStillUndoIsChosen() {
    var timeline = ActionTimeline()
    timeline.noteAttendance()
    #expect(timeline.next(canUndoEdit: true, canUndoAttendance: false) == .edit)
    #expect(timeline.next(canUndoEdit: false, canUndoAttendance: false) == nil)
    timeline.reset()
    #expect(timeline.next(canUndoEdit: false, canUndoAttendance: true) == .attendance)
  }
}

/// Enter at a door: a scanned id, else the one entry the search shows.
@Suite struct DoorLookupTests {
  private let list: RosterList = {
    let list = RosterList(title: "Guests", rule: .personalName)
    for name in ["Anna", "Berta", "Cem"] { _ = try? list.append(name) }
    return list
  }()

  @Test func aScannedIdFindsItsEntryWhateverTheSearchShows() {
    let cem = list[2].id
    let short = String(cem.uuidString.lowercased().prefix(8))
    #expect(DoorLookup.find(short, matches: [], in: list) == .entry(cem))
    #expect(DoorLookup.find(cem.uuidString, matches: [], in: list) == .entry(cem))
    #expect(DoorLookup.find(" \(short.uppercased())\n", matches: [], in: list) == .entry(cem))
  }

  @Test func theSearchDecidesOtherwise() {
    #expect(DoorLookup.find("ber", matches: [list[1].id], in: list) == .entry(list[1].id))
    #expect(DoorLookup.find("a", matches: [list[0].id, list[1].id], in: list) == .several(2))
    #expect(DoorLookup.find("zz", matches: [], in: list) == .none)
    #expect(DoorLookup.find("0000000000", matches: [], in: list) == .none)
  }
}

/// The door's filters: who has not arrived, who is checked in, who is inside now.
@Suite struct PresenceFilterTests {
  @Test func eachKindKeepsItsEntries() throws {
    let session = AttendanceSession(id: UUID(), name: "Evening")
    var ledger = AttendanceLedger(sessions: [session])
    let origin = AttendanceOrigin(by: "anna", device: "door-1")
    let (anna, berta, cem) = (UUID(), UUID(), UUID())
    ledger.apply(try ledger.checkingIn(anna, in: session.id, origin: origin))
    ledger.apply(try ledger.checkingIn(cem, in: session.id, origin: origin))
    ledger.apply(try ledger.checkingOut(cem, in: session.id, origin: origin))
    func kept(_ kind: PresenceFilter.Kind) -> [UUID] {
      [anna, berta, cem].filter {
        PresenceFilter(kind, session: session.id, ledger: ledger, version: 0).keeps($0)
      }
    }
    #expect(kept(.everyone) == [anna, berta, cem])
    #expect(kept(.notYetArrived) == [berta])
    #expect(kept(.checkedIn) == [anna, cem])
    #expect(kept(.insideNow) == [anna])
    let none = PresenceFilter(.checkedIn, session: nil, ledger: ledger, version: 0)
    #expect(!none.keeps(anna), "a session not made yet has someone checked in")
    #expect(
      SearchFilter(presence: PresenceFilter(.everyone, session: nil, ledger: ledger, version: 0))
        .isEmpty)
  }
}

/// A store that reads but refuses every attendance action at once, as a full disk does.
private final class FullDisk: AttendanceDesk {
  let store: any AttendanceStorage
  init(_ store: any AttendanceStorage) { self.store = store }
  var attendanceStore: (any AttendanceStorage)? { store }
  func submitAttendance(_ events: [AttendanceEvent], in list: UUID) throws(StoreError)
    -> AttendanceRecord?
  {
    throw .diskFull
  }
  func takeRefusedAttendance() -> [RefusedAttendance] { [] }
}

/// An action the store refuses at once is taken back here, without asking the store.
@MainActor
@Suite struct AttendanceRefusalTests {
  @Test func aRefusedCheckInIsTakenBackWithTheReason() throws {
    let memory = MemoryStorage()
    let summary = try memory.createList(title: "Guests", rule: .personalName)
    let list = try memory.loadList(summary.id)
    var changes: [ListChange] = []
    list.addObserver { changes.append($0) }
    try list.append("Anna")
    for change in changes { try memory.record(change, in: summary.id) }
    let working = try #require(
      try AttendanceController(desk: ImmediateAttendanceDesk(memory), list: list))
    let anna = list[0].id
    guard case .done = working.checkIn(anna) else {
      Issue.record("the first check-in was refused")
      return
    }
    let door = try #require(try AttendanceController(desk: FullDisk(memory), list: list))
    door.sync()
    var messages: [String] = []
    door.onMessage = { messages.append($0) }
    guard case .refused(let reason) = door.clear(anna) else {
      Issue.record("a clear was taken by a full disk")
      return
    }
    #expect(reason.lowercased().contains("disk is full"), "\(reason)")
    #expect(messages == [reason])
    #expect(door.state(of: anna)?.isCheckedIn == true, "the refused clear still shows")
    #expect(door.counts.checkedIn == 1)
    #expect(!door.canUndo)
  }
}
