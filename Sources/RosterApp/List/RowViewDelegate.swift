import Foundation

/// What a row tells the list it belongs to.
@MainActor
protocol RowViewDelegate: AnyObject {
  func rowTyped(_ row: RowView)
  func rowActivated(_ row: RowView)
  func rowCancelled(_ row: RowView)
  func rowLeft(_ row: RowView)
  func rowBackspaceWhenEmpty(_ row: RowView)
  func rowDelete(_ row: RowView)
  func rowMove(_ row: RowView, by delta: Int)
  func rowSetCategory(_ row: RowView, _ name: String?)
  func rowNewCategory(_ row: RowView)
  func rowReceivedDrop(_ row: RowView, of id: UUID) -> Bool
  func rowToggledCheck(_ row: RowView)
  func rowSetStatus(_ row: RowView, _ status: String)
  func rowCheckOut(_ row: RowView)
  func rowClearAttendance(_ row: RowView)
}
