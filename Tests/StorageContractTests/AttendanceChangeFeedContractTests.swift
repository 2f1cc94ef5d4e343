import Foundation
import RosterBackend
import RosterKit
import Testing

/// `hasExternalChanges()` and `waitForExternalChanges(timeout:)` over attendance: another
/// connection's check-in, status change and undo are external changes, as its edits are, and
/// this connection's own are not. The app follows check-ins live through them.
@Suite struct AttendanceChangeFeedContractTests {
  /// Two connections on one new database with a list of two guests and a session, both
  /// settled: neither has an external change pending.
  func doors(_ backend: Backend) throws -> (
    door1: any AttendanceStorage, door2: any AttendanceStorage, list: UUID, entries: [UUID],
    session: UUID
  ) {
    let database = try backend.makeDatabase()
    let door1 = try #require(try database.open() as? any AttendanceStorage)
    let door2 = try #require(try database.open() as? any AttendanceStorage)
    let list = try door1.openRecording(try door1.createList(title: "Guests", rule: .text).id)
    for name in ["Anna", "Zoë"] { _ = try list.append(name) }
    let session = try door1.session(named: "Evening", in: list.id, creating: true)
    _ = try door1.hasExternalChanges()
    _ = try door2.hasExternalChanges()
    return (door1, door2, list.id, list.entries.map(\.id), session.id)
  }

  @Test(arguments: Backend.all)
  func anotherConnectionsCheckInIsAnExternalChange(backend: Backend) throws {
    let (door1, door2, list, entries, session) = try doors(backend)
    let shared = door2.capabilities.sharedAccess
    #expect(try !door2.hasExternalChanges())

    #expect(try door1.checkIn([entries[0]], session: session, in: list).stored.count == 1)
    #expect(try !door1.hasExternalChanges(), "its own check-in")
    #expect(try door2.hasExternalChanges() == shared)
    #expect(try !door2.hasExternalChanges())

    _ = try door1.changeStatus(of: [entries[0]], to: "late", session: session, in: list)
    #expect(try door2.hasExternalChanges() == shared)
    _ = try door1.undoAttendance(in: list)
    #expect(try door2.hasExternalChanges() == shared)
    #expect(try !door1.hasExternalChanges(), "its own status change and undo")

    // The other way round, and together with an edit of its own.
    _ = try door2.checkIn([entries[1]], session: session, in: list)
    _ = try door2.openRecording(list).append("Björn")
    #expect(try !door2.hasExternalChanges())
    #expect(try door1.hasExternalChanges() == shared)
  }

  @Test(arguments: Backend.all)
  func aWaitEndsWithAnotherConnectionsCheckIn(backend: Backend) throws {
    let (door1, door2, list, entries, session) = try doors(backend)
    _ = try door2.waitForExternalChanges(timeout: .milliseconds(1))
    _ = try door2.hasExternalChanges()
    _ = try door1.checkIn([entries[1]], session: session, in: list)
    guard door2.capabilities.sharedAccess else {
      #expect(try !door2.waitForExternalChanges(timeout: .milliseconds(30)))
      return
    }
    let clock = ContinuousClock()
    let began = clock.now
    #expect(try door2.waitForExternalChanges(timeout: .seconds(10)))
    #expect(clock.now - began < .seconds(5))
  }
}
