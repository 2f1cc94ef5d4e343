import Foundation
import Testing

@testable import RosterKit

/// Each attendance rule on its own: first check-in wins, status changes, check-out, clear,
/// undo, `--all`, deleted entries, double check-ins, and replay.
@Suite struct AttendanceLedgerTests {
  let clock = TickingClock()
  let ids = SequentialIDs()
  let zoe = UUID()
  let lukasz = UUID()
  let evening = AttendanceSession(id: UUID(), name: "Evening 1")

  func origin(_ by: String = "anna", _ device: String = "door-1") -> AttendanceOrigin {
    AttendanceOrigin(
      by: by, device: device, now: { [clock] in clock.now() }, makeID: { [ids] in ids.make() })
  }

  func ledger() -> AttendanceLedger { AttendanceLedger(sessions: [evening]) }

  @Test func firstCheckInWinsAndTheRefusalSaysWhoWhenAndWhere() throws {
    var ledger = ledger()
    let first = try ledger.checkingIn(zoe, in: evening.id, origin: origin())
    #expect(ledger.apply(first) == .applied)
    let counts = ledger.counts(in: evening.id)
    #expect(counts.checkedIn == 1 && counts.inside == 1 && counts.byStatus == ["present": 1])
    #expect {
      try ledger.checkingIn(zoe, in: evening.id, origin: origin("ben", "door-2"))
    } throws: { error in
      guard case .alreadyCheckedIn(let held) = error as? AttendanceError else { return false }
      let text = (error as! AttendanceError).description
      return held == AttendanceCheckIn(first) && held.by == "anna" && held.device == "door-1"
        && held.entry == zoe && held.at == first.at && text.contains("by anna (door-1).")
    }
  }

  @Test func aStatusChangeOnPurposeIsLoggedAndCounted() throws {
    var ledger = ledger()
    let checkIn = try ledger.checkingIn(zoe, in: evening.id, origin: origin())
    ledger.apply(checkIn)
    let late = try ledger.changingStatus(of: zoe, in: evening.id, to: "late", origin: origin())
    #expect(late.map(\.kind) == [.status])
    ledger.apply(late[0])
    #expect(ledger.counts(in: evening.id).byStatus == ["late": 1])
    #expect(ledger.counts(in: evening.id).checkedIn == 1)
    #expect(try ledger.changingStatus(of: zoe, in: evening.id, to: "late", origin: origin()) == [])
    ledger.apply(
      try ledger.changingStatus(of: zoe, in: evening.id, to: "absent", origin: origin())[0])
    let state = try #require(ledger.state(of: zoe, in: evening.id))
    #expect(!state.isCheckedIn && state.checkIn == AttendanceCheckIn(checkIn))
    #expect(ledger.counts(in: evening.id).checkedIn == 0)
    #expect(ledger.counts(in: evening.id).marked == 1)
    #expect(throws: AttendanceError.statusNotFound("online")) {
      try ledger.changingStatus(of: zoe, in: evening.id, to: "online", origin: origin())
    }
  }

  @Test func markingAnUnmarkedEntryByStatusIsACheckIn() throws {
    let ledger = ledger()
    let events = try ledger.changingStatus(of: zoe, in: evening.id, to: "excused", origin: origin())
    #expect(events.map(\.kind) == [.checkin] && events[0].status == "excused")
  }

  @Test func checkOutNeedsACheckInAndComingBackKeepsTheFirst() throws {
    var ledger = ledger()
    #expect(throws: AttendanceError.notCheckedIn(entry: zoe, session: evening.id)) {
      try ledger.checkingOut(zoe, in: evening.id, origin: origin())
    }
    let checkIn = try ledger.checkingIn(zoe, in: evening.id, origin: origin())
    ledger.apply(checkIn)
    let out = try ledger.checkingOut(zoe, in: evening.id, origin: origin())
    ledger.apply(out)
    #expect(ledger.counts(in: evening.id).checkedIn == 1)
    #expect(ledger.counts(in: evening.id).inside == 0)
    #expect(throws: AttendanceError.alreadyCheckedOut(entry: zoe, session: evening.id, at: out.at))
    {
      try ledger.checkingOut(zoe, in: evening.id, origin: origin())
    }
    ledger.apply(try ledger.checkingIn(zoe, in: evening.id, origin: origin("ben", "door-2")))
    #expect(ledger.counts(in: evening.id).inside == 1)
    #expect(ledger.state(of: zoe, in: evening.id)?.checkIn == AttendanceCheckIn(checkIn))
  }

  @Test func clearingIsLoggedAndUndoingItPutsTheFirstCheckInBack() throws {
    var ledger = ledger()
    let checkIn = try ledger.checkingIn(zoe, in: evening.id, origin: origin())
    ledger.apply(checkIn)
    let before = ledger.state(of: zoe, in: evening.id)
    let clear = try ledger.clearing(zoe, in: evening.id, origin: origin("ben", "desk"))
    #expect(clear.map(\.kind) == [.clear])
    ledger.apply(clear[0])
    #expect(ledger.state(of: zoe, in: evening.id) == nil)
    #expect(ledger.counts(in: evening.id) == AttendanceCounts())
    #expect(try ledger.clearing(zoe, in: evening.id, origin: origin()) == [])
    let undo = ledger.undoing(clear, origin: origin("ben", "desk"))
    #expect(undo.map(\.kind) == [.checkin] && undo[0].reverts == clear[0].id)
    ledger.apply(undo[0])
    #expect(ledger.state(of: zoe, in: evening.id)?.checkIn == before?.checkIn)
    #expect(ledger.counts(in: evening.id).checkedIn == 1)
  }

  @Test func undoingACheckInAppendsAClear() throws {
    var ledger = ledger()
    let checkIn = try ledger.checkingIn(zoe, in: evening.id, origin: origin())
    ledger.apply(checkIn)
    let undo = ledger.undoing([checkIn], origin: origin())
    #expect(undo.count == 1 && undo[0].kind == .clear && undo[0].reverts == checkIn.id)
    ledger.apply(undo[0])
    #expect(ledger.state(of: zoe, in: evening.id) == nil)
    #expect(ledger.eventCount(in: evening.id) == 2)
  }

  @Test func undoLeavesAnEntrySomeoneElseChangedSince() throws {
    var ledger = ledger()
    let checkIn = try ledger.checkingIn(zoe, in: evening.id, origin: origin())
    ledger.apply(checkIn)
    ledger.apply(
      contentsOf: try ledger.changingStatus(
        of: zoe, in: evening.id, to: "late", origin: origin("ben")))
    #expect(ledger.undoing([checkIn], origin: origin()) == [])
  }

  @Test func undoGoesBackStepByStepOverOneEntry() throws {
    var ledger = ledger()
    var steps: [(events: [AttendanceEvent], before: AttendanceState?)] = []
    func act(_ events: [AttendanceEvent]) {
      steps.append((events, ledger.state(of: zoe, in: evening.id)))
      ledger.apply(contentsOf: events)
    }
    act([try ledger.checkingIn(zoe, in: evening.id, origin: origin())])
    act(try ledger.changingStatus(of: zoe, in: evening.id, to: "late", origin: origin()))
    act([try ledger.checkingOut(zoe, in: evening.id, origin: origin())])
    act(try ledger.changingStatus(of: zoe, in: evening.id, to: "excused", origin: origin()))
    var kinds: [AttendanceEvent.Kind] = []
    while let step = steps.popLast() {
      // A store's small ledger, over the slot alone, undoes it the same way.
      var stored = AttendanceLedger(sessions: [evening])
      let slot = try JSONDecoder().decode(
        AttendanceSlot.self,
        from: JSONEncoder().encode(ledger.slot(of: zoe, in: evening.id)))
      stored.restore(slot, of: zoe, in: evening.id)
      let undo = stored.undoing(step.events, origin: origin())
      #expect(undo.count == 1 && undo.first?.reverts == step.events.first?.id)
      kinds += undo.map(\.kind)
      ledger.apply(contentsOf: undo)
      stored.apply(contentsOf: undo)
      #expect(ledger.state(of: zoe, in: evening.id) == step.before)
      #expect(stored.state(of: zoe, in: evening.id) == step.before)
    }
    #expect(kinds == [.status, .checkin, .status, .clear])
    #expect(ledger.counts(in: evening.id) == AttendanceCounts())
    #expect(
      ledger.slot(of: zoe, in: evening.id)
        == AttendanceSlot(
          state: nil, lastEvent: nil, previous: nil))
  }

  @Test func undoingACheckOutBringsTheEntryBackInside() throws {
    var ledger = ledger()
    ledger.apply(try ledger.checkingIn(zoe, in: evening.id, origin: origin()))
    let inside = ledger.state(of: zoe, in: evening.id)
    let out = try ledger.checkingOut(zoe, in: evening.id, origin: origin())
    ledger.apply(out)
    let undo = ledger.undoing([out], origin: origin())
    #expect(undo.map(\.kind) == [.checkin])
    ledger.apply(undo[0])
    #expect(ledger.state(of: zoe, in: evening.id)?.leftAt == nil)
    #expect(ledger.state(of: zoe, in: evening.id)?.checkIn == inside?.checkIn)
    #expect(ledger.doubleCheckIns.isEmpty)
  }

  @Test func allMarksOnlyTheUnmarkedAsOneUndoableAction() throws {
    var ledger = ledger()
    let absentee = UUID()
    ledger.apply(
      try ledger.changingStatus(of: absentee, in: evening.id, to: "absent", origin: origin())[0])
    let everyone = [zoe, lukasz, absentee, zoe]
    let all = try ledger.checkingInAll(everyone, in: evening.id, origin: origin())
    #expect(all.map(\.entry) == [zoe, lukasz])
    for event in all { ledger.apply(event) }
    #expect(ledger.counts(in: evening.id).byStatus == ["present": 2, "absent": 1])
    for event in ledger.undoing(all, origin: origin()) { ledger.apply(event) }
    #expect(ledger.counts(in: evening.id).byStatus == ["absent": 1])
    #expect(throws: AttendanceError.statusNotFound("gone")) {
      try ledger.checkingInAll(everyone, in: evening.id, status: "gone", origin: origin())
    }
  }

  @Test func aDeletedEntryKeepsItsStateButLeavesTheCounts() throws {
    var ledger = ledger()
    ledger.apply(try ledger.checkingIn(zoe, in: evening.id, origin: origin()))
    ledger.apply(try ledger.checkingIn(lukasz, in: evening.id, origin: origin()))
    ledger.removeEntry(zoe)
    #expect(ledger.counts(in: evening.id).checkedIn == 1)
    #expect(ledger.state(of: zoe, in: evening.id)?.isCheckedIn == true)
    #expect(throws: AttendanceError.entryRemoved(zoe)) {
      try ledger.checkingOut(zoe, in: evening.id, origin: origin())
    }
    #expect(try ledger.checkingInAll([zoe], in: evening.id, origin: origin()).isEmpty)
    ledger.restoreEntry(zoe)
    #expect(ledger.counts(in: evening.id).checkedIn == 2)
  }

  @Test func aCheckInArrivingSecondIsKeptAndFlagged() throws {
    var door1 = ledger()
    var door2 = ledger()
    let offline = try door2.checkingIn(zoe, in: evening.id, origin: origin("ben", "door-2"))
    let online = try door1.checkingIn(zoe, in: evening.id, origin: origin())
    door1.apply(online)
    door2.apply(offline)
    var server = ledger()
    for (sequence, event) in [online, offline].enumerated() {
      server.apply(event.received(at: clock.now(), sequence: Int64(sequence + 1)))
    }
    #expect(server.doubleCheckIns == [offline.id: AttendanceCheckIn(online)])
    #expect(server.state(of: zoe, in: evening.id)?.checkIn == AttendanceCheckIn(online))
    #expect(server.counts(in: evening.id).checkedIn == 1)
    #expect(server.eventCount(in: evening.id) == 2)
    #expect(server.lastSequence == 2)
    #expect(door2.apply(online) == .doubleCheckIn(first: AttendanceCheckIn(offline)))
  }

  @Test func anEventAppliesOnceAndUnknownSessionsAreSkipped() throws {
    var ledger = ledger()
    let checkIn = try ledger.checkingIn(zoe, in: evening.id, origin: origin())
    #expect(ledger.apply(checkIn) == .applied)
    #expect(ledger.apply(checkIn) == .duplicate)
    let stray = AttendanceEvent(
      id: UUID(), kind: .checkin, session: UUID(), entry: zoe, status: "present",
      at: clock.now(), by: "x", device: "y")
    #expect(ledger.apply(stray) == .unknownSession)
    #expect(ledger.eventCount(in: evening.id) == 1)
  }

  @Test func aStatusAddedAfterItsEventsIsCountedAgain() throws {
    var ledger = ledger()
    let remote = AttendanceEvent(
      id: UUID(), kind: .checkin, session: evening.id, entry: zoe, status: "online",
      at: clock.now(), by: "x", device: "y")
    ledger.apply(remote)
    #expect(ledger.counts(in: evening.id).checkedIn == 0)
    try ledger.add(AttendanceStatus(name: "online", countsAs: .present))
    #expect(ledger.counts(in: evening.id).checkedIn == 1)
    #expect(ledger.state(of: zoe, in: evening.id)?.isInside == true)
  }

  @Test func replayingTheLogGivesTheSameState() throws {
    var ledger = ledger()
    var log: [AttendanceEvent] = []
    func record(_ events: [AttendanceEvent]) {
      for event in events { ledger.apply(event) }
      log += events
    }
    record([try ledger.checkingIn(zoe, in: evening.id, origin: origin())])
    record(try ledger.changingStatus(of: zoe, in: evening.id, to: "late", origin: origin()))
    record([try ledger.checkingIn(lukasz, in: evening.id, origin: origin())])
    record([try ledger.checkingOut(lukasz, in: evening.id, origin: origin())])
    record(ledger.undoing(Array(log.suffix(1)), origin: origin()))
    let replayed = AttendanceLedger(sessions: [evening], events: log)
    for entry in [zoe, lukasz] {
      #expect(replayed.state(of: entry, in: evening.id) == ledger.state(of: entry, in: evening.id))
    }
    #expect(replayed.counts(in: evening.id) == ledger.counts(in: evening.id))
  }
}
