import RosterBackend

/// The database schema and its forward migrations, tracked in `PRAGMA user_version`.
///
/// Migrations are append-only: `migrations[0]` is the first schema exactly as it shipped, so a
/// database of any age can be brought forward step by step (and tests can create an old one).
enum Schema {
  /// Version 1: lists, categories and entries ordered by integer keys with gaps.
  static let version1 = """
    CREATE TABLE lists (
      id INTEGER PRIMARY KEY,
      uuid TEXT NOT NULL UNIQUE,
      title TEXT NOT NULL UNIQUE,
      rule TEXT NOT NULL,
      pattern TEXT,
      created REAL NOT NULL
    );
    CREATE TABLE categories (
      list INTEGER NOT NULL REFERENCES lists (id) ON DELETE CASCADE,
      name TEXT NOT NULL,
      color TEXT NOT NULL,
      position INTEGER NOT NULL,
      PRIMARY KEY (list, name)
    ) WITHOUT ROWID;
    CREATE TABLE entries (
      list INTEGER NOT NULL REFERENCES lists (id) ON DELETE CASCADE,
      key INTEGER NOT NULL,
      id BLOB NOT NULL,
      text TEXT NOT NULL,
      category TEXT,
      created REAL NOT NULL,
      updated REAL NOT NULL,
      PRIMARY KEY (list, key)
    ) WITHOUT ROWID;
    CREATE UNIQUE INDEX entries_by_id ON entries (list, id);
    """

  /// The id index, as version 1 creates it; a large import drops it and builds it again.
  static let entriesByID = "CREATE UNIQUE INDEX entries_by_id ON entries (list, id)"

  /// Version 2: the change log other processes read, and the undo history kept with each list.
  static let version2 = """
    CREATE TABLE changes (
      position INTEGER PRIMARY KEY AUTOINCREMENT,
      list INTEGER NOT NULL REFERENCES lists (id) ON DELETE CASCADE,
      writer TEXT NOT NULL,
      edits BLOB
    );
    CREATE INDEX changes_by_list ON changes (list, position);
    CREATE TABLE history (
      step INTEGER PRIMARY KEY AUTOINCREMENT,
      list INTEGER NOT NULL REFERENCES lists (id) ON DELETE CASCADE,
      stack INTEGER NOT NULL,
      writer TEXT NOT NULL,
      edits BLOB NOT NULL
    );
    CREATE INDEX history_by_list ON history (list, stack, step);
    ALTER TABLE lists ADD COLUMN pruned INTEGER NOT NULL DEFAULT 0;
    """

  /// Version 3: each list's entry count, kept up to date by the store, so `roster lists` and
  /// single-entry commands never count a million rows.
  static let version3 = """
    ALTER TABLE lists ADD COLUMN size INTEGER NOT NULL DEFAULT 0;
    UPDATE lists SET size = (SELECT COUNT(*) FROM entries WHERE entries.list = lists.id);
    """

  /// Version 4: the order a list keeps itself in (``RosterKit/EntryOrder``, as
  /// ``RosterKit/EntryOrder/storageText``), `NULL` when it keeps none.
  static let version4 = """
    ALTER TABLE lists ADD COLUMN keep_sorted TEXT;
    """

  /// Version 5: `history` and `changes` rows are written in ``RosterBackend/EditCoding``'s
  /// binary encoding. Older rows stay JSON and are still read; the version only goes up so that
  /// an older Roster refuses the file ("newer schema") instead of failing on a row.
  static let version5 = """
    -- No table changes.
    """

  /// Every migration in order; the schema version is the number applied.
  static let migrations = [version1, version2, version3, version4, version5]

  /// The version this code writes.
  static var current: Int { migrations.count }

  /// Brings the database up to ``current`` in one transaction.
  /// - Throws: ``StoreError/newerSchema(_:)`` for a database from a newer Roster.
  static func migrate(_ database: Database) throws(StoreError) {
    let found = Int(try database.integer("PRAGMA user_version") ?? 0)
    guard found != current else { return }
    guard found < current else { throw .newerSchema(found) }
    try database.execute("BEGIN IMMEDIATE")
    do {
      // Another process may have migrated while this one waited for the lock.
      let version = Int(try database.integer("PRAGMA user_version") ?? 0)
      for migration in migrations.dropFirst(version) {
        try database.execute(migration)
      }
      try database.execute("PRAGMA user_version = \(current)")
      try database.execute("COMMIT")
    } catch {
      try? database.execute("ROLLBACK")
      throw error
    }
  }
}
