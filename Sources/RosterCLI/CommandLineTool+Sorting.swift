import Foundation
import RosterBackend
import RosterCollation
import RosterKit
import RosterLocalization
import RosterStore

/// `roster sort` and `roster lists keep-sorted`.
extension CommandLineTool {
  func sort(_ arguments: Arguments) throws(CLIError) {
    try arguments.expect(0...0, localized("no arguments (the list is --list TITLE)"))
    let (order, collator) = try entryOrder(arguments)
    let summary = try list(arguments)
    let store = try store(arguments)
    let moved = try attempt { () throws(StoreError) in
      let list = try store.loadList(summary.id)
      // A list kept sorted keeps the new order from now on, as in the app.
      let change =
        list.keepSorted != nil
        ? list.setKeepSorted(order, collation: collator) : list.sort(order, collation: collator)
      try store.record(change, in: summary.id)
      return change.insertedIDs.count
    }
    let sentence: String
    switch (moved, summary.keepSorted != nil) {
    case (0, false):
      sentence = localized(
        "Sorted “%1$@” %2$@: already in order.", summary.title, EntryOrderWording.name(of: order))
    case (0, true):
      sentence = localized(
        "Sorted “%1$@” %2$@: already in order, and keeps itself so.", summary.title,
        EntryOrderWording.name(of: order))
    case (_, false):
      sentence = localizedPlural(
        "Sorted “%1$@” %2$@: %3$@ entry moved.", "Sorted “%1$@” %2$@: %3$@ entries moved.",
        count: moved, summary.title, EntryOrderWording.name(of: order), moved)
    case (_, true):
      sentence = localizedPlural(
        "Sorted “%1$@” %2$@: %3$@ entry moved, and keeps itself so.",
        "Sorted “%1$@” %2$@: %3$@ entries moved, and keeps itself so.", count: moved, summary.title,
        EntryOrderWording.name(of: order), moved)
    }
    out.line(sentence)
  }

  func keepSorted(_ arguments: Arguments) throws(CLIError) {
    try arguments.expect(2...2, localized("TITLE and on or off"))
    let (title, setting) = (arguments.positionals[0], arguments.positionals[1])
    guard setting == "on" || setting == "off" else {
      throw arguments.usage(localized("“%@” is neither on nor off.", setting))
    }
    var order: EntryOrder?
    var collator: Collator?
    if setting == "on" {
      (order, collator) = try entryOrder(arguments)
    } else if [OptionKey.by, .locale].contains(where: { arguments.value($0) != nil })
      || arguments.has(.reverse)
    {
      throw arguments.usage(localized("--by, --locale and --reverse go with on, not off."))
    }
    let store = try store(arguments)
    let moved = try attempt { () throws(StoreError) in
      guard let summary = try store.list(titled: title) else { throw .listNotFound(title) }
      let list = try store.loadList(summary.id)
      let change = list.setKeepSorted(order, collation: collator)
      try store.record(change, in: summary.id)
      return change.insertedIDs.count
    }
    if let order {
      out.line(
        localizedPlural(
          "“%1$@” keeps itself sorted %2$@ (%3$@ entry moved).",
          "“%1$@” keeps itself sorted %2$@ (%3$@ entries moved).", count: moved, title,
          EntryOrderWording.name(of: order), moved))
    } else {
      out.line(localized("“%@” no longer keeps itself sorted.", title))
    }
  }

  /// The order `--by`, `--locale` and `--reverse` ask for, and its collator. Without
  /// `--locale`, the environment's locale, or the root collation when ICU does not know it.
  private func entryOrder(_ arguments: Arguments) throws(CLIError) -> (EntryOrder, Collator) {
    let by = arguments.value(.by) ?? "text"
    guard let field = EntryOrder.Field(rawValue: by) else {
      throw arguments.usage(localized("--by takes text or last-word, not “%@”.", by))
    }
    let collator: Collator
    do throws(CollationError) {
      if let name = arguments.value(.locale) {
        collator = try Collator(locale: name)
      } else {
        if let fromEnvironment = try? Collator(environment: environment) {
          collator = fromEnvironment
        } else {
          collator = try Collator(locale: "")
        }
      }
    } catch {
      switch error {
      case .unknownLocale(let name):
        throw .failed(
          localized(
            "“%@” is not a locale Roster can sort by: write one as LANG does (de_DE.UTF-8),"
              + " as a language tag (de-DE) or a language (de).", name))
      case .unavailable(let reason):
        throw .failed(localized("Sorting needs ICU, which cannot be loaded: %@.", reason))
      }
    }
    let order = EntryOrder(
      field: field, descending: arguments.has(.reverse), locale: collator.locale)
    return (order, collator)
  }
}
