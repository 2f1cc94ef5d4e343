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

  /// Version 6: attendance (docs/formats.md). Ids are 16-byte blobs like `entries.id`; times
  /// are Foundation reference-date seconds. `attendance_states` holds one `AttendanceSlot`
  /// (JSON) per entry and session with the columns the counts need; the two triggers take an
  /// entry's states out of its sessions' counts when it leaves the list and back when it
  /// returns (an undone deletion), so the counts leave deleted entries out without a recount.
  static let version6 = """
    ALTER TABLE lists ADD COLUMN attendance_seq INTEGER NOT NULL DEFAULT 0;
    CREATE TABLE attendance_statuses (
      list INTEGER NOT NULL REFERENCES lists (id) ON DELETE CASCADE,
      name TEXT NOT NULL,
      counts_as TEXT NOT NULL,
      position INTEGER NOT NULL,
      PRIMARY KEY (list, name)
    ) WITHOUT ROWID;
    CREATE TABLE attendance_sessions (
      list INTEGER NOT NULL REFERENCES lists (id) ON DELETE CASCADE,
      id BLOB NOT NULL,
      name TEXT NOT NULL,
      position INTEGER NOT NULL,
      events INTEGER NOT NULL DEFAULT 0,
      marked INTEGER NOT NULL DEFAULT 0,
      checked_in INTEGER NOT NULL DEFAULT 0,
      inside INTEGER NOT NULL DEFAULT 0,
      PRIMARY KEY (list, id),
      UNIQUE (list, name)
    ) WITHOUT ROWID;
    CREATE TABLE attendance_status_counts (
      list INTEGER NOT NULL REFERENCES lists (id) ON DELETE CASCADE,
      session BLOB NOT NULL,
      status TEXT NOT NULL,
      count INTEGER NOT NULL,
      PRIMARY KEY (list, session, status)
    ) WITHOUT ROWID;
    CREATE TABLE attendance_states (
      list INTEGER NOT NULL REFERENCES lists (id) ON DELETE CASCADE,
      session BLOB NOT NULL,
      entry BLOB NOT NULL,
      status TEXT,
      marked INTEGER NOT NULL,
      checked_in INTEGER NOT NULL,
      inside INTEGER NOT NULL,
      slot BLOB NOT NULL,
      PRIMARY KEY (list, session, entry)
    ) WITHOUT ROWID;
    CREATE INDEX attendance_states_by_entry ON attendance_states (list, entry);
    CREATE TABLE attendance_events (
      list INTEGER NOT NULL REFERENCES lists (id) ON DELETE CASCADE,
      seq INTEGER NOT NULL,
      id BLOB NOT NULL,
      kind TEXT NOT NULL,
      session BLOB NOT NULL,
      entry BLOB NOT NULL,
      status TEXT,
      at REAL NOT NULL,
      by TEXT NOT NULL,
      device TEXT NOT NULL,
      reverts BLOB,
      received_at REAL NOT NULL,
      PRIMARY KEY (list, seq)
    ) WITHOUT ROWID;
    CREATE UNIQUE INDEX attendance_events_by_id ON attendance_events (list, id);
    CREATE INDEX attendance_events_by_session ON attendance_events (list, session, seq);
    CREATE TABLE attendance_undo (
      step INTEGER PRIMARY KEY AUTOINCREMENT,
      list INTEGER NOT NULL REFERENCES lists (id) ON DELETE CASCADE,
      by TEXT NOT NULL,
      position INTEGER NOT NULL,
      events BLOB NOT NULL
    );
    CREATE INDEX attendance_undo_by_actor ON attendance_undo (list, by, step);
    CREATE TRIGGER attendance_entry_left AFTER DELETE ON entries
    WHEN EXISTS (SELECT 1 FROM attendance_states WHERE list = OLD.list AND entry = OLD.id)
    BEGIN
      UPDATE attendance_sessions SET
        marked = marked - (SELECT s.marked FROM attendance_states s
          WHERE s.list = OLD.list AND s.session = attendance_sessions.id AND s.entry = OLD.id),
        checked_in = checked_in - (SELECT s.checked_in FROM attendance_states s
          WHERE s.list = OLD.list AND s.session = attendance_sessions.id AND s.entry = OLD.id),
        inside = inside - (SELECT s.inside FROM attendance_states s
          WHERE s.list = OLD.list AND s.session = attendance_sessions.id AND s.entry = OLD.id)
      WHERE list = OLD.list
        AND id IN (SELECT session FROM attendance_states WHERE list = OLD.list AND entry = OLD.id);
      UPDATE attendance_status_counts SET count = count - 1
      WHERE list = OLD.list AND (session, status) IN
        (SELECT session, status FROM attendance_states WHERE list = OLD.list AND entry = OLD.id);
    END;
    CREATE TRIGGER attendance_entry_returned AFTER INSERT ON entries
    WHEN EXISTS (SELECT 1 FROM attendance_states WHERE list = NEW.list AND entry = NEW.id)
    BEGIN
      UPDATE attendance_sessions SET
        marked = marked + (SELECT s.marked FROM attendance_states s
          WHERE s.list = NEW.list AND s.session = attendance_sessions.id AND s.entry = NEW.id),
        checked_in = checked_in + (SELECT s.checked_in FROM attendance_states s
          WHERE s.list = NEW.list AND s.session = attendance_sessions.id AND s.entry = NEW.id),
        inside = inside + (SELECT s.inside FROM attendance_states s
          WHERE s.list = NEW.list AND s.session = attendance_sessions.id AND s.entry = NEW.id)
      WHERE list = NEW.list
        AND id IN (SELECT session FROM attendance_states WHERE list = NEW.list AND entry = NEW.id);
      UPDATE attendance_status_counts SET count = count + 1
      WHERE list = NEW.list AND (session, status) IN
        (SELECT session, status FROM attendance_states WHERE list = NEW.list AND entry = NEW.id);
    END;
    """

  /// Version 7: whether an attendance event was made while its device could not reach the
  /// server (``RosterKit/AttendanceEvent/madeOffline``), 0 or 1; the events before were made
  /// online.
  static let version7 = """
    ALTER TABLE attendance_events ADD COLUMN offline INTEGER NOT NULL DEFAULT 0;
    """

  /// Every migration in order; the schema version is the number applied.
  static let migrations = [
    version1, version2, version3, version4, version5, version6, version7,
  ]

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
