import Foundation
import RosterBackend
import RosterKit
import RosterLocalization
import RosterTransfer

/// `roster lists …`
extension CommandLineTool {
  func listLists(_ arguments: Arguments) throws(CLIError) {
    try arguments.expect(0...0, localized("no arguments"))
    let store = try store(arguments)
    let lists = try attempt { () throws(StoreError) in try store.lists() }
    if arguments.has(.json) {
      let items = lists.map { list in
        JSONText.object([
          ("id", JSONText.string(UUIDText.string(list.id))),
          ("title", JSONText.string(list.title)), ("rule", JSONText.rule(list.rule)),
          ("count", String(list.count)),
        ])
      }
      out.line(JSONText.array(items))
      return
    }
    if lists.isEmpty {
      out.line(localized("No lists yet. Create one with: roster lists create TITLE"))
    }
    let width = lists.map(\.title.count).max() ?? 0
    for list in lists {
      let padding = String(repeating: " ", count: width - list.title.count)
      let noun = localizedPlural("entry", "entries", count: list.count)
      var rule = list.rule.kind.rawValue
      if let pattern = list.rule.pattern { rule += " \(pattern)" }
      if let order = list.keepSorted {
        rule += localized(", kept sorted %@", EntryOrderWording.name(of: order))
      }
      out.line("\(list.title)\(padding)  \(list.count) \(noun)  \(out.styled(rule, "2"))")
    }
  }

  func createList(_ arguments: Arguments) throws(CLIError) {
    try arguments.expect(1...1, localized("one TITLE"))
    let rule = try rule(arguments) ?? .personalName
    let store = try store(arguments)
    let list = try attempt { () throws(StoreError) in
      try store.createList(
        title: arguments.positionals[0], rule: rule, team: arguments.value(.team))
    }
    let team = arguments.value(.team).map { localized(", team %@", $0) } ?? ""
    out.line(
      localized("Created the list “%1$@” (%2$@%3$@).", list.title, rule.kind.rawValue, team))
  }

  func renameList(_ arguments: Arguments) throws(CLIError) {
    try arguments.expect(2...2, localized("OLD and NEW titles"))
    let store = try store(arguments)
    let (old, new) = (arguments.positionals[0], arguments.positionals[1])
    try attempt { () throws(StoreError) in
      guard let list = try store.list(titled: old) else { throw .listNotFound(old) }
      try store.renameList(list.id, to: new)
    }
    out.line(localized("Renamed the list “%1$@” to “%2$@”.", old, new))
  }

  func deleteList(_ arguments: Arguments) throws(CLIError) {
    try arguments.expect(1...1, localized("one TITLE"))
    let store = try store(arguments)
    let title = arguments.positionals[0]
    let count = try attempt { () throws(StoreError) in
      guard let list = try store.list(titled: title) else { throw .listNotFound(title) }
      try store.deleteList(list.id)
      return list.count
    }
    out.line(
      localizedPlural(
        "Deleted the list “%1$@” and its %2$@ entry.",
        "Deleted the list “%1$@” and its %2$@ entries.", count: count, title, count))
  }
}
