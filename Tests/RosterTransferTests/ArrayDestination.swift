import RosterKit
import RosterTransfer

/// An ``ImportDestination`` in memory, a stand-in for a store's import batch: it refuses the
/// texts its rule refuses, and every row once ``fatal`` is set.
final class ArrayDestination: ImportDestination {
  /// Why the array refused a row, or the whole import.
  enum Failure: Error, CustomStringConvertible {
    case refused(String)
    case fatal

    var description: String {
      switch self {
      case .refused(let text): "“\(text)” refused"
      case .fatal: "the destination failed"
      }
    }
  }

  let rule: Rule
  var fatal = false
  private(set) var rows: [ImportRow] = []
  private(set) var categories: [EntryCategory] = []
  private(set) var committed: [ImportRow]?
  private(set) var cancelled = false

  init(rule: Rule = .personalName) {
    self.rule = rule
  }

  func add(_ row: ImportRow) throws(Failure) {
    if fatal { throw .fatal }
    guard case .valid(let text) = rule.validate(row.text) else { throw .refused(row.text) }
    var row = row
    row.text = text
    rows.append(row)
  }

  func addCategory(_ category: EntryCategory) throws(Failure) {
    guard case .valid = Rule.text.validate(category.name) else { throw .refused(category.name) }
    categories.append(category)
  }

  func commit() throws(Failure) {
    committed = rows
  }

  func cancel() {
    cancelled = true
  }

  static func refusesOnlyTheRow(_ error: Failure) -> Bool {
    if case .refused = error { return true }
    return false
  }
}
