import Foundation
import RosterBackend
import RosterKit
import Testing

/// Doors checking in the same entries at the same moment, each on its own connection and
/// thread: every entry is checked in exactly once, and every other door is told who won.
@Suite struct AttendanceConcurrencyTests {
  /// A connection handed to one thread.
  final class Door: @unchecked Sendable {
    let store: any AttendanceStorage
    var stored: [AttendanceEvent] = []
    var refused: [AttendanceRefusal] = []
    var failure: (any Error)?

    init(_ store: any AttendanceStorage) { self.store = store }
  }

  @Test(arguments: [Backend.postgres, Backend.sqlite])
  func everyEntryIsCheckedInOnceAndLosersLearnWhoWon(backend: Backend) throws {
    let doors = 8
    let count = 100
    let database = try backend.makeDatabase()
    let first = try #require(try database.open() as? any AttendanceStorage)
    let summary = try first.createList(title: "Gala", rule: .text)
    let list = try first.openRecording(summary.id)
    _ = try list.append(contentsOf: (1...count).map { "Guest \($0)" })
    let entries = list.entries.map(\.id)
    let session = try first.session(named: "Evening", in: summary.id, creating: true)
    let opened = try (0..<doors).map { _ in
      Door(try #require(try database.open() as? any AttendanceStorage))
    }

    let start = DispatchGroup()
    start.enter()
    let done = DispatchGroup()
    for (number, door) in opened.enumerated() {
      done.enter()
      let thread = Thread {
        defer { done.leave() }
        start.wait()
        do {
          let origin = try door.store.attendanceOrigin()
          // Each door its own order, the same entries: collisions all along.
          for index in entries.indices {
            let entry = entries[(index * (number + 1) + number) % entries.count]
            let event = AttendanceEvent(
              id: UUID(), kind: .checkin, session: session.id, entry: entry,
              status: "present", at: Date(), by: origin.by, device: "door-\(number)")
            let record = try door.store.record([event], in: summary.id, undoable: true)
            door.stored += record.stored
            door.refused += record.refused
          }
        } catch {
          door.failure = error
        }
      }
      thread.start()
    }
    start.leave()
    done.wait()

    for door in opened { #expect(door.failure == nil, "\(String(describing: door.failure))") }
    let stored = opened.flatMap(\.stored)
    let refused = opened.flatMap(\.refused)
    #expect(stored.count == count)
    #expect(Set(stored.map(\.entry)) == Set(entries))
    #expect(refused.count == doors * count - count)
    let winners = Dictionary(uniqueKeysWithValues: stored.map { ($0.entry, $0) })
    for refusal in refused {
      guard case .alreadyCheckedIn(let first) = refusal.error, let winner = winners[first.entry]
      else {
        Issue.record("A loser was not told who won: \(refusal.error)")
        continue
      }
      #expect(first == AttendanceCheckIn(winner))
    }
    let log = try first.attendanceLog(in: summary.id, session: nil, after: 0)
    #expect(log.map(\.sequence) == (1...Int64(count)).map { Optional($0) })
    let counts = try #require(try first.attendanceSessions(in: summary.id).first)
    #expect(counts.counts.checkedIn == count && counts.events == count)
  }
}
