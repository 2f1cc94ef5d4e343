import Foundation

/// Where an app keeps the actions it could not send yet to a shared server (its outbox): next
/// to the default database, one file per server, database and user.
extension DatabaseLocation {
  /// `roster/outbox-KEY.sqlite3` in the folder of the default database (`$XDG_DATA_HOME`, else
  /// `~/.local/share`), where KEY is a hash of the connection string without its password: the
  /// same server, database and user find the same outbox, and changing a password loses
  /// nothing.
  public func outboxPath(environment: [String: String]) -> String {
    let folder = (Self.standardPath(environment: environment) as NSString)
      .deletingLastPathComponent
    let key = String(Self.fnv1a(Self.withoutPassword(path)), radix: 16)
    return folder + "/outbox-" + key + ".sqlite3"
  }

  /// A connection string with its password left out: a URI's `user:password@` becomes
  /// `user@` and a `password=` parameter or keyword goes. O(n).
  public static func withoutPassword(_ conninfo: String) -> String {
    if conninfo.hasPrefix("postgresql://") || conninfo.hasPrefix("postgres://") {
      var text = conninfo
      let start = text.range(of: "://")!.upperBound
      let authorityEnd = text[start...].firstIndex(where: { "/?".contains($0) }) ?? text.endIndex
      if let at = text[start..<authorityEnd].lastIndex(of: "@"),
        let colon = text[start..<at].firstIndex(of: ":")
      {
        text.removeSubrange(colon..<at)
      }
      guard let query = text.firstIndex(of: "?") else { return text }
      let kept = text[text.index(after: query)...].split(separator: "&")
        .filter { !$0.hasPrefix("password=") }
      return String(text[..<query]) + (kept.isEmpty ? "" : "?" + kept.joined(separator: "&"))
    }
    var kept: [Substring] = []
    var words = conninfo.split(separator: " ")[...]
    while let word = words.popFirst() {
      guard word.hasPrefix("password=") else {
        kept.append(word)
        continue
      }
      // A quoted value may hold spaces: skip to its closing quote.
      let value = word.dropFirst("password=".count)
      if value.hasPrefix("'"), value.count < 2 || !value.hasSuffix("'") {
        while let next = words.popFirst(), !next.hasSuffix("'") {}
      }
    }
    return kept.joined(separator: " ")
  }

  /// 64-bit FNV-1a of the UTF-8 bytes: stable across runs and machines. O(n).
  static func fnv1a(_ text: String) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x100_0000_01b3
    }
    return hash
  }
}
