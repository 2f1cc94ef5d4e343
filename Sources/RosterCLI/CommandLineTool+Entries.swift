import Foundation
import RosterBackend
import RosterKit
import RosterLocalization
import RosterTransfer

/// `roster add`, `show`, `edit`, `rm`, `mv`, `undo`, `redo`.
extension CommandLineTool {
  func add(_ arguments: Arguments) throws(CLIError) {
    guard !arguments.positionals.isEmpty else {
      throw arguments.usage(localized("Give at least one NAME to add."))
    }
    let list = try list(arguments)
    let store = try store(arguments)
    let added = try attempt { () throws(StoreError) in
      try store.add(arguments.positionals, category: arguments.value(.category), to: list.id)
    }
    if arguments.has(.json) {
      out.line(JSONText.array(added.map(JSONText.entry)))
      return
    }
    for entry in added {
      out.line(
        localized(
          "Added %1$@ “%2$@” to “%3$@”.", out.styled(Self.shortID(entry.id), "2"), entry.text,
          list.title))
    }
  }

  func show(_ arguments: Arguments) throws(CLIError) {
    try arguments.expect(0...0, localized("no arguments (use --search Q to filter)"))
    let summary = try list(arguments)
    let store = try store(arguments)
    let json = arguments.has(.json)
    let width = String(summary.count).count
    let colors = try attempt { () throws(StoreError) in try store.categories(in: summary.id) }
    var first = true
    if json { out.write("[") }
    let print = { [out] (position: Int, entry: Entry) in
      if json {
        let item = JSONText.entry(entry).dropFirst()
        out.write((first ? "" : ",\n") + "{\"position\":\(position)," + item)
        first = false
        return
      }
      let number = String(position)
      var line = String(repeating: " ", count: width - number.count) + number + "  "
      line += out.styled(Self.shortID(entry.id), "2") + "  " + entry.text
      if let category = entry.category {
        let color = colors.first { $0.name == category }?.color
        let code = color.map { "38;2;\($0.red);\($0.green);\($0.blue)" } ?? "2"
        line += "  " + out.styled("[\(category)]", code)
      }
      out.line(line)
    }
    if arguments.value(.search) == nil, arguments.value(.category) == nil {
      var position = 0
      try attempt { () throws(StoreError) in
        try store.forEachEntry(in: summary.id) { entry in
          position += 1
          print(position, entry)
        }
      }
    } else {
      let list = try attempt { () throws(StoreError) in try store.loadList(summary.id) }
      let matches = list.search(
        arguments.value(.search) ?? "", category: arguments.value(.category))
      for (offset, entry) in matches { print(offset + 1, entry) }
    }
    if json {
      out.line("]")
    } else if summary.count == 0 {
      out.line(localized("“%@” is empty. Add entries with: roster add NAME…", summary.title))
    }
  }

  func edit(_ arguments: Arguments) throws(CLIError) {
    try arguments.expect(2...2, localized("ENTRY and TEXT"))
    let reference = try reference(arguments.positionals[0], for: arguments)
    let list = try list(arguments)
    let store = try store(arguments)
    let (old, new) = try attempt { () throws(StoreError) in
      try store.updateText(of: reference, to: arguments.positionals[1], in: list.id)
    }
    out.line(
      localized(
        "Changed %1$@ “%2$@” to “%3$@”.", out.styled(Self.shortID(new.id), "2"), old.text, new.text)
    )
  }

  func remove(_ arguments: Arguments) throws(CLIError) {
    guard !arguments.positionals.isEmpty else {
      throw arguments.usage(localized("Give at least one ENTRY to remove."))
    }
    var references: [EntryReference] = []
    for text in arguments.positionals { references.append(try reference(text, for: arguments)) }
    let list = try list(arguments)
    let store = try store(arguments)
    let removed = try attempt { () throws(StoreError) in
      try store.remove(references, from: list.id)
    }
    for entry in removed {
      out.line(
        localized("Removed %1$@ “%2$@”.", out.styled(Self.shortID(entry.id), "2"), entry.text))
    }
  }

  func move(_ arguments: Arguments) throws(CLIError) {
    try arguments.expect(2...2, localized("ENTRY and POSITION"))
    let reference = try reference(arguments.positionals[0], for: arguments)
    let target = arguments.positionals[1]
    guard let position = Int(target.hasPrefix("#") ? String(target.dropFirst()) : target),
      position >= 1
    else {
      throw arguments.usage(
        localized("“%@” is not a position: write 1 for the first entry.", target))
    }
    let list = try list(arguments)
    let store = try store(arguments)
    let entry = try attempt { () throws(StoreError) in
      try store.move(reference, toPosition: position, in: list.id)
    }
    out.line(
      localized(
        "Moved %1$@ “%2$@” to position %3$@.", out.styled(Self.shortID(entry.id), "2"), entry.text,
        position))
  }

  /// `roster undo` and, with `redo`, `roster redo`.
  func history(_ arguments: Arguments, redo: Bool) throws(CLIError) {
    try arguments.expect(0...0, localized("no arguments"))
    let list = try list(arguments)
    if !redo, try undoAttendance(arguments, list: list) { return }
    let store = try store(arguments)
    let edits = try attempt { () throws(StoreError) in
      redo ? try store.redo(in: list.id) : try store.undo(in: list.id)
    }
    guard let edits else {
      throw .failed(
        redo
          ? localized("Nothing to redo in “%@”.", list.title)
          : localized("Nothing to undo in “%@”.", list.title))
    }
    let done =
      redo
      ? localized("Redid the last action on “%1$@”: %2$@.", list.title, Self.describe(edits))
      : localized("Undid the last action on “%1$@”: %2$@.", list.title, Self.describe(edits))
    out.line(done)
  }

  /// A short account of what edits did, as `undo` and `redo` print it.
  static func describe(_ edits: [ListEdit]) -> String {
    // Only the first three phrases are shown: the rest are counted, not worded (a sort's undo
    // has hundreds of thousands).
    var phrases: [String] = []
    var count = 0
    func add(_ phrase: @autoclosure () -> String) {
      if count < 3 { phrases.append(phrase()) }
      count += 1
    }
    let inserted = Set(edits.compactMap { if case .insert(let e, _, _) = $0 { e.id } else { nil } })
    var moved: Set<UUID> = []
    for edit in edits {
      switch edit {
      case .insert(let entry, _, _):
        if !moved.contains(entry.id) { add(localized("added “%@”", entry.text)) }
      case .remove(let entry, _, _):
        if inserted.contains(entry.id) {
          moved.insert(entry.id)
          add(localized("moved “%@”", entry.text))
        } else {
          add(localized("removed “%@”", entry.text))
        }
      case .update(let old, let new):
        if old.text != new.text {
          add(localized("changed “%1$@” to “%2$@”", old.text, new.text))
        } else {
          add(localized("set the category of “%@”", new.text))
        }
      case .categories: add(localized("changed the categories"))
      case .title(let old, let new): add(localized("renamed “%1$@” to “%2$@”", old, new))
      case .keepSorted(_, let new):
        add(
          new.map { localized("kept the list sorted %@", EntryOrderWording.name(of: $0)) }
            ?? localized("stopped keeping it sorted"))
      }
    }
    guard count > 3 else { return phrases.joined(separator: ", ") }
    return localized("%1$@ and %2$@ more", phrases.joined(separator: ", "), count - 3)
  }
}
