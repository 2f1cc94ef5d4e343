public import RosterKit

/// Where an ``ImportPlan`` puts the rows it reads: a transaction that validates each row by
/// the list's rule and stores everything at ``commit()``, or nothing at ``cancel()``.
/// The command line puts RosterStore's `ImportBatch` behind one; tests use an array.
public protocol ImportDestination {
  /// Why a row, a category or the whole import was refused.
  associatedtype Failure: Error

  /// Validates and adds one row, or throws why not.
  func add(_ row: ImportRow) throws(Failure)

  /// Adds a category with its colour (or sets the colour of the one with its name).
  func addCategory(_ category: EntryCategory) throws(Failure)

  /// Stores everything added.
  func commit() throws(Failure)

  /// Discards everything added.
  func cancel()

  /// Whether `error` refuses only the row being added (the import reports it and goes on),
  /// rather than the whole import (a database that cannot be written fails every row alike).
  static func refusesOnlyTheRow(_ error: Failure) -> Bool
}
