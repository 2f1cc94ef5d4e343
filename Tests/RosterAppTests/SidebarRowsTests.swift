import Foundation
import RosterAppCore
import RosterBackend
import RosterKit
import RosterStore
import Testing

@Suite struct SidebarRowsTests {
  private let guests = ListSummary(id: UUID(), title: "Guests", rule: .personalName, count: 3)
  private let courses = ListSummary(id: UUID(), title: "Courses", rule: .text, count: 5)

  @Test func theFirstShowBuildsAndSelectsTheCurrentList() {
    var rows = SidebarRows()
    #expect(rows.show([guests, courses], current: courses.id) == .rebuild(selected: 1))
    #expect(rows.id(at: 0) == guests.id)
    #expect(rows.id(at: 2) == nil)
    #expect(rows.selected == courses.id)
  }

  @Test func onlyChangedCountsAreRelabelled() {
    var rows = SidebarRows()
    _ = rows.show([guests, courses], current: guests.id)
    var more = courses
    more.count = 6
    #expect(rows.show([guests, more], current: guests.id) == .counts([1]))
    #expect(rows.show([guests, more], current: guests.id) == .counts([]))
    #expect(rows.shown == [guests, more])
  }

  @Test func aNewTitleOrderListOrSelectionRebuilds() {
    var rows = SidebarRows()
    _ = rows.show([guests, courses], current: guests.id)
    #expect(rows.show([guests, courses], current: courses.id) == .rebuild(selected: 1))
    var renamed = guests
    renamed.title = "Wedding guests"
    #expect(rows.show([renamed, courses], current: courses.id) == .rebuild(selected: 1))
    #expect(rows.show([courses, renamed], current: courses.id) == .rebuild(selected: 0))
    #expect(rows.show([courses], current: guests.id) == .rebuild(selected: nil))
  }
}
