/// A failure libpq or the server reported: the SQLSTATE and one line of message.
struct PGFailure: Error {
  /// The five-character SQLSTATE (`08…` for connection failures).
  let state: String
  /// The message, one line, with no password in it.
  let message: String

  /// Whether the connection itself failed: the outcome of an unfinished COMMIT is unknown.
  var isConnectionLoss: Bool { state.hasPrefix("08") || state == "57P01" || state == "57P02" }

  /// Whether the whole transaction should be tried again: serialization failures, deadlocks,
  /// lost connections, an administrator's shutdown, a statement timeout.
  var isRetryable: Bool {
    isConnectionLoss || state == "40001" || state == "40P01" || state == "57014"
      || state == "55P03"
  }
}
