public import Foundation
public import RosterKit

/// Every error a ``RosterStorage`` backend reports, as data: what happened and to what.
///
/// The cases belong to no engine: a backend turns its engine's failures into ``database(_:)``
/// (carrying the engine's own message), ``busy`` (a lock held too long, worth retrying) or
/// ``constraint(_:)`` (a schema rule refused a write). The sentence a person reads, in their
/// language, is written once, in the front ends' `StoreErrorWording` (RosterLocalization);
/// ``description`` is the case and its values, for logs and tests.
public enum StoreError: Error, Sendable, CustomStringConvertible {
  /// A RosterKit refusal (invalid text, unknown entry…).
  case roster(RosterError)
  /// The list's rule refused this input.
  case refused(String, Refusal)
  /// The database could not be opened, read or written; the message is the engine's, with
  /// what the store was doing.
  case database(String)
  /// No list has this title or id.
  case listNotFound(String)
  /// A list with this title already exists.
  case listExists(String)
  /// Other writers kept the data locked for longer than the store waits (SQLite's busy
  /// timeout, a server's lock timeout): trying again later can succeed.
  case busy
  /// The disk (or the server's) has no room left: nothing of the write was stored.
  case diskFull
  /// A uniqueness or foreign-key rule of the schema refused a write; the detail is the
  /// engine's.
  case constraint(String)
  /// No entry of the list matches this id, id prefix or position.
  case entryNotFound(String)
  /// The list already has an entry with this id.
  case duplicateEntry(UUID)
  /// Several entries start with this id prefix.
  case ambiguousEntry(String, matches: Int)
  /// A 1-based position outside the list.
  case positionOutOfRange(Int, count: Int)
  /// The change log no longer covers the position asked for (pruned, or a bulk import):
  /// load the list again.
  case reloadRequired
  /// The database was written by a newer version of Roster.
  case newerSchema(Int)
  /// A list was given to a team in a store without teams (a SQLite file has one user).
  case teamsUnsupported
  /// No role of the database server has this name.
  case teamNotFound(String)
  /// The user is not a member of the team's role.
  case notTeamMember(String)
  /// An attendance rule refused the action (``AttendanceStorage``).
  case attendance(AttendanceError)

  /// The case and its values, as Swift writes them: `listExists("Guests")`, `busy`. Not for
  /// people: `StoreErrorWording.sentence(for:)` says it in their language.
  public var description: String {
    switch self {
    case .busy: return "busy"
    case .reloadRequired: return "reloadRequired"
    case .teamsUnsupported: return "teamsUnsupported"
    case .diskFull: return "diskFull"
    default:
      guard let payload = Mirror(reflecting: self).children.first else { return "StoreError" }
      let values = String(reflecting: payload.value)
      return (payload.label ?? "") + (values.hasPrefix("(") ? values : "(\(values))")
    }
  }

  /// Runs `body`, a RosterKit rule, reporting its refusal as ``roster(_:)``.
  ///
  /// ```swift
  /// let title = try StoreError.wrapping { () throws(RosterError) in
  ///   try RosterList.normalizedTitle(input)
  /// }
  /// ```
  public static func wrapping<Value>(_ body: () throws(RosterError) -> Value) throws(StoreError)
    -> Value
  {
    do throws(RosterError) {
      return try body()
    } catch {
      throw .roster(error)
    }
  }

  /// At most the first 64 characters of `text`, so that refusing a huge input (a 10 MB field
  /// in an import) still gives one short line.
  public static func excerpt(_ text: String) -> String {
    guard let end = text.index(text.startIndex, offsetBy: 64, limitedBy: text.endIndex),
      end < text.endIndex
    else { return text }
    return text[..<end] + "…"
  }

  /// `text` with line breaks, tabs and other control characters written as `\n`, `\t` or
  /// `\u{…}`, so that a message quoting it stays on one line; bidi controls too, so that it
  /// does not reorder the rest of the line.
  public static func visible(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case _
      where scalar.properties.generalCategory == .control
        || scalar.properties.generalCategory == .lineSeparator
        || scalar.properties.generalCategory == .paragraphSeparator
        || scalar.properties.isBidiControl:
        result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}

extension StoreError {
  /// Runs one of RosterKit's checks of `text` (a new entry, an edit) and turns its error into
  /// the store's: the rule's refusal as ``refused(_:_:)``, which quotes `text`, and any other
  /// as ``roster(_:)``.
  ///
  /// ```swift
  /// let entry = try StoreError.checking(text) { () throws(RosterError) in
  ///   try RosterList.newEntry(text, rule: rule, category: nil, now: now, makeID: makeID)
  /// }
  /// ```
  package static func checking<Value>(
    _ text: String, _ body: () throws(RosterError) -> Value
  ) throws(StoreError) -> Value {
    do throws(RosterError) {
      return try body()
    } catch {
      if case .refused(let refusal) = error { throw .refused(text, refusal) }
      throw .roster(error)
    }
  }
}
