import Foundation
import RosterBackend
import RosterKit
import Testing

/// `AttendanceCoding`, the JSON of undo steps and slots: rows written before events carried
/// ``RosterKit/AttendanceEvent/madeOffline`` still read, as made online, and an online event is
/// written exactly as before.
@Suite struct AttendanceCodingTests {
  static let event = UUID(uuidString: "0F2A8C1E-0000-4000-8000-000000000001")!
  static let session = UUID(uuidString: "0F2A8C1E-0000-4000-8000-000000000002")!
  static let entry = UUID(uuidString: "0F2A8C1E-0000-4000-8000-000000000003")!

  /// An undo step of one check-in as the attendance tables held it before the flag.
  static let oldStep = """
    [{"id":"0F2A8C1E-0000-4000-8000-000000000001","kind":"checkin",\
    "session":"0F2A8C1E-0000-4000-8000-000000000002",\
    "entry":"0F2A8C1E-0000-4000-8000-000000000003","status":"present","at":771620520,\
    "by":"anna","device":"door-1","receivedAt":771620521.5,"sequence":1}]
    """

  @Test func anUndoStepWrittenBeforeTheFlagReadsAsMadeOnline() throws {
    let step = try AttendanceCoding.decode(
      [AttendanceEvent].self, from: Data(Self.oldStep.utf8))
    let expected = AttendanceEvent(
      id: Self.event, kind: .checkin, session: Self.session, entry: Self.entry,
      status: "present", at: Date(timeIntervalSinceReferenceDate: 771_620_520), by: "anna",
      device: "door-1", receivedAt: Date(timeIntervalSinceReferenceDate: 771_620_521.5),
      sequence: 1)
    #expect(step == [expected])
    #expect(step.first?.madeOffline == false)
    // Written again, an online event is the old row, key for key.
    let written = try JSONSerialization.jsonObject(with: AttendanceCoding.encode(step))
    let old = try JSONSerialization.jsonObject(with: Data(Self.oldStep.utf8))
    #expect((written as? NSArray) == (old as? NSArray))
  }

  @Test func aSlotWrittenBeforeTheFlagStillReads() throws {
    let slot = """
      {"state":{"status":"present","isCheckedIn":true,\
      "checkIn":{"session":"0F2A8C1E-0000-4000-8000-000000000002",\
      "entry":"0F2A8C1E-0000-4000-8000-000000000003",\
      "event":"0F2A8C1E-0000-4000-8000-000000000001","at":771620520,"by":"anna",\
      "device":"door-1"},\
      "marked":{"session":"0F2A8C1E-0000-4000-8000-000000000002",\
      "entry":"0F2A8C1E-0000-4000-8000-000000000003",\
      "event":"0F2A8C1E-0000-4000-8000-000000000001","at":771620520,"by":"anna",\
      "device":"door-1"},\
      "lastEvent":"0F2A8C1E-0000-4000-8000-000000000001"},\
      "lastEvent":"0F2A8C1E-0000-4000-8000-000000000001"}
      """
    let read = try AttendanceCoding.decode(AttendanceSlot.self, from: Data(slot.utf8))
    #expect(read.state?.isInside == true)
    #expect(read.state?.checkIn?.device == "door-1")
    #expect(read.lastEvent == Self.event && read.previous == nil)
  }

  @Test func anOfflineEventKeepsItsFlag() throws {
    let made = AttendanceEvent(
      id: Self.event, kind: .checkin, session: Self.session, entry: Self.entry,
      status: "present", at: Date(timeIntervalSinceReferenceDate: 771_620_520), by: "anna",
      device: "door-2", madeOffline: true)
    let stored = made.received(at: Date(timeIntervalSinceReferenceDate: 771_620_600), sequence: 4)
    #expect(stored.madeOffline && stored.sequence == 4)
    let step = try AttendanceCoding.decode(
      [AttendanceEvent].self, from: AttendanceCoding.encode([stored]))
    #expect(step == [stored])
    let stamped = AttendanceCoding.stamped(stored, by: "roster", device: "server")
    #expect(stamped.madeOffline && stamped.by == "roster" && stamped.sequence == nil)
  }
}
