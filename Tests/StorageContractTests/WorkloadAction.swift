import Foundation
import RosterKit
import RosterTestSupport

/// One step of the random workload, with everything random decided, so that it can be done on
/// every engine alike.
enum Action: CustomStringConvertible {
  /// A window appends an entry.
  case append(window: Int, text: String, category: String?)
  /// A window types `text` one character at a time into an entry's row, or into the empty
  /// last row when `entry` is `nil`: RosterKit joins the keystrokes into one undo step.
  case type(window: Int, entry: UUID?, text: String)
  /// Both windows type into their empty last rows at once, keystroke after keystroke: each
  /// joins its own step, whatever the other stored in between.
  case typeAlongside([String])
  case remove(window: Int, entry: UUID)
  case move(window: Int, entry: UUID, offset: Int)
  case setCategory(window: Int, entry: UUID, category: String?)
  case renameCategory(window: Int, name: String, new: String)
  /// A window renames the list.
  case rename(window: Int, title: String)
  /// A window makes the list keep itself sorted (a sort's moves), or stop.
  case keepSorted(window: Int, order: EntryOrder?)
  /// A window's own undo (Ctrl+Z) and redo.
  case undo(window: Int)
  case redo(window: Int)
  /// `roster undo` and `roster redo`: the store's, from another connection.
  case commandUndo
  case commandRedo
  /// A window reads what the other connections wrote.
  case sync(window: Int)

  /// The window that acts, or 0 for the command line.
  var window: Int {
    switch self {
    case .append(let window, _, _), .type(let window, _, _), .remove(let window, _),
      .move(let window, _, _), .setCategory(let window, _, _), .renameCategory(let window, _, _),
      .rename(let window, _), .keepSorted(let window, _), .undo(let window), .redo(let window),
      .sync(let window):
      window
    case .commandUndo, .commandRedo, .typeAlongside: 0
    }
  }

  var description: String {
    switch self {
    case .append(let window, let text, let category):
      "window \(window) appends \(text) [\(category ?? "")]"
    case .type(let window, let entry, let text):
      "window \(window) types \(text) into \(entry.map { "\($0)" } ?? "the empty row")"
    case .remove(let window, let entry): "window \(window) removes \(entry)"
    case .move(let window, let entry, let offset):
      "window \(window) moves \(entry) to \(offset)"
    case .setCategory(let window, let entry, let category):
      "window \(window) sets the category of \(entry) to \(category ?? "none")"
    case .renameCategory(let window, let name, let new):
      "window \(window) renames category \(name) to \(new)"
    case .rename(let window, let title): "window \(window) renames the list \(title)"
    case .keepSorted(let window, let order):
      "window \(window) keeps the list sorted: \(order.map { "\($0)" } ?? "no")"
    case .undo(let window): "window \(window) undoes"
    case .redo(let window): "window \(window) redoes"
    case .typeAlongside(let texts): "both windows type: \(texts.joined(separator: ", "))"
    case .commandUndo: "roster undo"
    case .commandRedo: "roster redo"
    case .sync(let window): "window \(window) syncs"
    }
  }

  /// A random action on `workload`'s state (the reference's, on which every engine must
  /// agree), entries picked from the acting window's list.
  static func random(for workload: Workload, using generator: inout SeededGenerator) -> Action {
    func below(_ bound: Int) -> Int { Int.random(in: 0..<bound, using: &generator) }
    let window = below(2)
    let list = workload.windows[window].list
    let entry = list.isEmpty ? nil : list[below(list.count)].id
    let names = ["Anna", "Berta", "Carla", "Dora", "Emil", "Finn"]
    let name = names[below(names.count)]
    let text = "\(name) \(below(100))"
    let categories = ["Staff", "Crew", "Guests"]
    let category = below(3) == 0 ? nil : categories[below(categories.count)]
    switch (below(100), entry) {
    case (0..<14, _), (_, nil): return .append(window: window, text: text, category: category)
    case (14..<24, _): return .type(window: window, entry: nil, text: name)
    case (24..<30, _): return .typeAlongside([name, names[below(names.count)]])
    case (30..<38, let entry?): return .type(window: window, entry: entry, text: name)
    case (38..<46, let entry?): return .remove(window: window, entry: entry)
    case (46..<54, let entry?):
      return .move(window: window, entry: entry, offset: below(list.count))
    case (54..<60, let entry?):
      return .setCategory(window: window, entry: entry, category: category)
    case (60..<63, _):
      let name = list.categories.isEmpty ? "Staff" : list.categories[0].name
      return .renameCategory(window: window, name: name, new: "\(name)\(below(10))")
    case (63..<65, _): return .rename(window: window, title: "\(workload.title) \(below(100))")
    case (65..<67, _):
      let order = list.keepSorted == nil ? EntryOrder(descending: below(2) == 0) : nil
      return .keepSorted(window: window, order: order)
    case (67..<77, _): return .undo(window: window)
    case (77..<82, _): return .redo(window: window)
    case (82..<89, _): return .commandUndo
    case (89..<93, _): return .commandRedo
    default: return .sync(window: 0)
    }
  }
}
