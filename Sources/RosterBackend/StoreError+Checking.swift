package import RosterKit

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
