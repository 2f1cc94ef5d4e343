import Foundation
import RosterTestSupport
import Testing

@testable import RosterKit

/// Random sequences of check-ins, status changes, check-outs, clears, undos, `--all`, events
/// from other doors (offline ones too), repeats, a status added late, and entries deleted and
/// restored, over several sessions; after every step the ledger must match a plain model that
/// replays the whole log from the start. Undo goes back step by step: an action whose entries
/// no other door changed since is always undone, however many of ours came between.
@Suite struct AttendanceModelTests {
  /// The reference: the rules written the obvious way, recomputing everything from the log.
  struct Reference {
    struct Mark: Equatable {
      var status: String
      var checkIn: AttendanceCheckIn?
      var marked: AttendanceCheckIn
      var leftAt: Date?
      var lastEvent: UUID
      var checkedIn: Bool
    }

    /// What the store and the ledger saw, in order.
    enum Step {
      case event(AttendanceEvent)
      case addStatus(String)
    }

    var steps: [Step] = []
    var sessions: [UUID] = []
    var removed: Set<UUID> = []
    /// The statuses that count as checked in, after every step.
    var present: Set<String> = ["present", "late"]

    /// Every (session, entry) mark, and the flagged check-ins, after replaying the whole log.
    func replay() -> (marks: [String: Mark], doubles: [UUID: AttendanceCheckIn]) {
      var present: Set<String> = ["present", "late"]
      var marks: [String: Mark] = [:]
      // Each key's changes, newest last: a revert of the newest takes it off.
      var undo: [String: [(event: UUID, before: Mark?)]] = [:]
      var seen: Set<UUID> = []
      var doubles: [UUID: AttendanceCheckIn] = [:]
      func now(_ mark: Mark) -> Mark {
        var mark = mark
        mark.checkedIn = present.contains(mark.status)
        if mark.checkedIn && mark.checkIn == nil { mark.checkIn = mark.marked }
        return mark
      }
      for step in steps {
        guard case .event(let event) = step else {
          if case .addStatus(let name) = step {
            present.insert(name)
            marks = marks.mapValues(now)
          }
          continue
        }
        guard sessions.contains(event.session), !seen.contains(event.id) else { continue }
        seen.insert(event.id)
        let key = "\(event.session) \(event.entry)"
        let old = marks[key]
        var new: Mark? = old
        if let reverted = event.reverts, let last = undo[key]?.last, last.event == reverted {
          marks[key] = last.before.map(now)
          undo[key]?.removeLast()
          continue
        } else {
          let status = event.status ?? "present"
          let counts = present.contains(status)
          let record = AttendanceCheckIn(event)
          switch event.kind {
          case .checkin:
            if let old, old.checkedIn, old.leftAt == nil {
              doubles[event.id] = old.checkIn
              continue
            }
            new = Mark(
              status: status, checkIn: old?.checkIn ?? (counts ? record : nil), marked: record,
              leftAt: nil, lastEvent: event.id, checkedIn: counts)
          case .status:
            if old?.status == status { continue }
            new = Mark(
              status: status, checkIn: old?.checkIn ?? (counts ? record : nil), marked: record,
              leftAt: old?.leftAt, lastEvent: event.id, checkedIn: counts)
          case .checkout:
            guard let old, old.checkedIn, old.leftAt == nil else { continue }
            new?.leftAt = event.at
            new?.lastEvent = event.id
          case .clear:
            if old == nil { continue }
            new = nil
          }
        }
        marks[key] = new
        undo[key, default: []].append((event.id, old))
        if undo[key]!.count > AttendanceLedger.revertDepth { undo[key]!.removeFirst() }
      }
      return (marks, doubles)
    }
  }

  @Test(arguments: [1, 2, 3, 4, 5, 6] as [UInt64])
  func ledgerMatchesReplayOfTheWholeLog(seed: UInt64) throws {
    var random = SeededGenerator(seed: seed)
    let clock = TickingClock()
    let ids = SequentialIDs()
    let origins = [("anna", "door-1"), ("ben", "door-2"), ("carla", "desk")].map { by, device in
      AttendanceOrigin(
        by: by, device: device, now: { clock.now() }, makeID: { ids.make() })
    }
    let sessions = (0..<3).map {
      AttendanceSession(id: SequentialIDs.id(0xA000 + $0), name: "S\($0)")
    }
    let entries = (0..<10).map { SequentialIDs.id(0xB000 + $0) }
    let statuses = ["present", "late", "excused", "absent", "online"]
    var ledger = AttendanceLedger(sessions: sessions)
    var reference = Reference(sessions: sessions.map(\.id))
    // Each action of ours, with the states of its entries before it, for undo.
    var actions: [(events: [AttendanceEvent], before: [AttendanceState?])] = []
    var offline: [AttendanceEvent] = []
    var refusals = 0
    var undone = 0
    var log: [AttendanceEvent] = []
    // Per session and entry, our changes that no other door's change has covered since,
    // newest last: undoing the newest must take it back.
    var ours: [String: [UUID]] = [:]

    func land(_ events: [AttendanceEvent], ours mine: Bool = false) {
      for event in events {
        let stored = event.received(
          at: clock.now(), sequence: Int64(log.count + 1))
        let key = "\(event.session) \(event.entry)"
        if ledger.apply(stored) == .applied {
          if let reverted = event.reverts, ours[key]?.last == reverted {
            ours[key]?.removeLast()
          } else if mine {
            ours[key, default: []].append(event.id)
          } else {
            ours[key] = nil
          }
        }
        reference.steps.append(.event(stored))
        log.append(stored)
      }
    }
    func act(_ events: [AttendanceEvent]) {
      let before = events.map { ledger.state(of: $0.entry, in: $0.session) }
      land(events, ours: true)
      if !events.isEmpty { actions.append((events, before)) }
    }

    for step in 0..<800 {
      let origin = origins.randomElement(using: &random)!
      let session = sessions.randomElement(using: &random)!.id
      let entry = entries.randomElement(using: &random)!
      let status = statuses.randomElement(using: &random)!
      let mark = ledger.state(of: entry, in: session)
      let removed = reference.removed.contains(entry)
      do {
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<22:
          act([try ledger.checkingIn(entry, in: session, status: status, origin: origin)])
          #expect(!removed && mark?.isInside != true, "step \(step): a check-in let through")
        case 22..<32:
          act(try ledger.changingStatus(of: entry, in: session, to: status, origin: origin))
        case 32..<42:
          act([try ledger.checkingOut(entry, in: session, origin: origin)])
          #expect(mark?.isInside == true, "step \(step): a check-out let through")
        case 42..<50:
          act(try ledger.clearing(entry, in: session, origin: origin))
        case 50..<62:
          if let last = actions.popLast() {
            let undo = ledger.undoing(last.events, origin: origin)
            for done in last.events where ours["\(done.session) \(done.entry)"]?.last == done.id {
              #expect(
                undo.contains { $0.reverts == done.id },
                "step \(step): our last change of \(done.entry) was not undone")
            }
            land(undo)
            undone += undo.count
            // Every entry the undo took back is exactly as before the action.
            for (done, before) in zip(last.events, last.before)
            where undo.contains(where: { $0.reverts == done.id }) {
              let now = ledger.state(of: done.entry, in: done.session)
              #expect(now?.status == before?.status && now?.checkIn == before?.checkIn)
              #expect(now?.leftAt == before?.leftAt, "step \(step): undo of \(done.kind)")
            }
          }
        case 62..<66:
          let some = entries.filter { _ in Bool.random(using: &random) }
          act(try ledger.checkingInAll(some, in: session, status: status, origin: origin))
        case 66..<74:
          // Another door, offline: its check-in lands later, maybe second.
          offline.append(
            AttendanceEvent(
              id: ids.make(), kind: .checkin, session: session, entry: entry, status: status,
              at: clock.now(), by: "dora", device: "door-9"))
        case 74..<80 where !offline.isEmpty:
          land([offline.remove(at: Int.random(in: 0..<offline.count, using: &random))])
        case 80..<83 where !log.isEmpty:
          let old = log.randomElement(using: &random)!
          #expect(ledger.apply(old) == .duplicate)
        case 83..<89:
          ledger.removeEntry(entry)
          reference.removed.insert(entry)
        case 89..<95:
          ledger.restoreEntry(entry)
          reference.removed.remove(entry)
        case 95..<97 where !ledger.statuses.contains { $0.name == "online" }:
          try ledger.add(AttendanceStatus(name: "online", countsAs: .present))
          reference.present.insert("online")
          reference.steps.append(.addStatus("online"))
        default:
          break
        }
      } catch {
        refusals += 1
        try checkRefusal(error, ledger: ledger, entry: entry, session: session, status: status)
      }
      try check(ledger, against: reference, entries: entries, step: step)
    }
    #expect(refusals > 30 && undone > 30)
    #expect(!ledger.doubleCheckIns.isEmpty)
  }

  /// A refusal must have its reason in the state.
  func checkRefusal(
    _ error: any Error, ledger: AttendanceLedger, entry: UUID, session: UUID, status: String
  ) throws {
    let mark = ledger.state(of: entry, in: session)
    switch try #require(error as? AttendanceError) {
    case .alreadyCheckedIn(let first): #expect(mark?.isInside == true && mark?.checkIn == first)
    case .notCheckedIn: #expect(mark?.isCheckedIn != true)
    case .alreadyCheckedOut(_, _, let at): #expect(mark?.leftAt == at)
    case .entryRemoved(let id): #expect(ledger.isRemoved(id) && id == entry)
    case .statusNotFound(let name): #expect(!ledger.statuses.contains { $0.name == name })
    case let other: Issue.record("unexpected refusal \(other)")
    }
  }

  /// Every state, every count and every flag against the reference's replay.
  func check(
    _ ledger: AttendanceLedger, against reference: Reference, entries: [UUID], step: Int
  ) throws {
    let (marks, doubles) = reference.replay()
    try #require(ledger.doubleCheckIns == doubles, "step \(step): double check-ins")
    for session in reference.sessions {
      var counts = AttendanceCounts()
      for entry in entries {
        let expected = marks["\(session) \(entry)"]
        let state = ledger.state(of: entry, in: session)
        let actual = state.map {
          Reference.Mark(
            status: $0.status, checkIn: $0.checkIn, marked: $0.marked, leftAt: $0.leftAt,
            lastEvent: $0.lastEvent, checkedIn: $0.isCheckedIn)
        }
        try #require(actual == expected, "step \(step): \(entry) in \(session)")
        #expect(expected.map { $0.checkedIn == reference.present.contains($0.status) } != false)
        guard let expected, !reference.removed.contains(entry) else { continue }
        counts.marked += 1
        counts.byStatus[expected.status, default: 0] += 1
        if reference.present.contains(expected.status) {
          counts.checkedIn += 1
          if expected.leftAt == nil { counts.inside += 1 }
        }
      }
      try #require(ledger.counts(in: session) == counts, "step \(step): counts of \(session)")
    }
  }
}
