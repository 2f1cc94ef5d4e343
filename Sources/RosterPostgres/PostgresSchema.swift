import RosterBackend

/// The PostgreSQL schema and its forward migrations, tracked in the `roster_schema` table.
///
/// Append-only, like the SQLite schema: `migrations[0]` is version 1 as it shipped. `roster db
/// init`, run by the database's owner, applies what is missing; every other connection only
/// checks the version.
///
/// Access is the server's: every table that holds list data has row-level security enabled
/// and forced (so its owner is held to it too), with `USING` and `WITH CHECK`. A list belongs to
/// a role, its `team`; whoever is a member of that role (`pg_has_role … 'MEMBER'`, which a role
/// is of itself) sees and edits the list, and rows of the other tables follow their list.
enum PostgresSchema {
  /// Version 1: lists with their team, sequence number and entry count; categories; entries by
  /// integer order keys with gaps; the per-list change log; undo history per role; operation
  /// ids for retried commits.
  static let version1 = """
    CREATE TABLE lists (
      id bigserial PRIMARY KEY,
      uuid uuid NOT NULL UNIQUE,
      title text NOT NULL UNIQUE,
      rule text NOT NULL,
      pattern text,
      created double precision NOT NULL,
      team oid NOT NULL,
      seq bigint NOT NULL DEFAULT 0,
      pruned bigint NOT NULL DEFAULT 0,
      size bigint NOT NULL DEFAULT 0
    );
    CREATE TABLE categories (
      list bigint NOT NULL REFERENCES lists (id) ON DELETE CASCADE,
      name text NOT NULL,
      color text NOT NULL,
      position integer NOT NULL,
      PRIMARY KEY (list, name)
    );
    CREATE TABLE entries (
      list bigint NOT NULL REFERENCES lists (id) ON DELETE CASCADE,
      key bigint NOT NULL,
      id uuid NOT NULL,
      text text NOT NULL,
      category text,
      created double precision NOT NULL,
      updated double precision NOT NULL,
      PRIMARY KEY (list, key),
      UNIQUE (list, id)
    );
    CREATE TABLE changes (
      list bigint NOT NULL REFERENCES lists (id) ON DELETE CASCADE,
      seq bigint NOT NULL,
      writer uuid NOT NULL,
      edits text,
      PRIMARY KEY (list, seq)
    );
    CREATE TABLE history (
      step bigserial PRIMARY KEY,
      list bigint NOT NULL REFERENCES lists (id) ON DELETE CASCADE,
      role name NOT NULL DEFAULT current_user,
      stack smallint NOT NULL,
      writer uuid NOT NULL,
      edits text NOT NULL
    );
    CREATE INDEX history_by_role ON history (list, role, stack, step);
    CREATE TABLE operations (
      id uuid PRIMARY KEY,
      role name NOT NULL DEFAULT current_user,
      done timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX operations_by_time ON operations (done);

    ALTER TABLE lists ENABLE ROW LEVEL SECURITY;
    ALTER TABLE lists FORCE ROW LEVEL SECURITY;
    CREATE POLICY team_members ON lists
      USING (pg_has_role(current_user, team, 'MEMBER'))
      WITH CHECK (pg_has_role(current_user, team, 'MEMBER'));
    ALTER TABLE categories ENABLE ROW LEVEL SECURITY;
    ALTER TABLE categories FORCE ROW LEVEL SECURITY;
    CREATE POLICY of_visible_lists ON categories
      USING (EXISTS (SELECT 1 FROM lists WHERE lists.id = categories.list))
      WITH CHECK (EXISTS (SELECT 1 FROM lists WHERE lists.id = categories.list));
    ALTER TABLE entries ENABLE ROW LEVEL SECURITY;
    ALTER TABLE entries FORCE ROW LEVEL SECURITY;
    CREATE POLICY of_visible_lists ON entries
      USING (EXISTS (SELECT 1 FROM lists WHERE lists.id = entries.list))
      WITH CHECK (EXISTS (SELECT 1 FROM lists WHERE lists.id = entries.list));
    ALTER TABLE changes ENABLE ROW LEVEL SECURITY;
    ALTER TABLE changes FORCE ROW LEVEL SECURITY;
    CREATE POLICY of_visible_lists ON changes
      USING (EXISTS (SELECT 1 FROM lists WHERE lists.id = changes.list))
      WITH CHECK (EXISTS (SELECT 1 FROM lists WHERE lists.id = changes.list));
    ALTER TABLE history ENABLE ROW LEVEL SECURITY;
    ALTER TABLE history FORCE ROW LEVEL SECURITY;
    CREATE POLICY of_visible_lists ON history
      USING (EXISTS (SELECT 1 FROM lists WHERE lists.id = history.list))
      WITH CHECK (EXISTS (SELECT 1 FROM lists WHERE lists.id = history.list)
        AND role = current_user);
    ALTER TABLE operations ENABLE ROW LEVEL SECURITY;
    ALTER TABLE operations FORCE ROW LEVEL SECURITY;
    CREATE POLICY own_operations ON operations
      USING (role = current_user) WITH CHECK (role = current_user);

    GRANT SELECT, INSERT, UPDATE, DELETE
      ON lists, categories, entries, changes, history, operations TO PUBLIC;
    GRANT USAGE ON SEQUENCE lists_id_seq, history_step_seq TO PUBLIC;
    GRANT SELECT ON roster_schema TO PUBLIC;
    """

  /// Version 2: the order a list keeps itself in (``RosterKit/EntryOrder``, as
  /// `EntryOrder.storageText`, the same text the SQLite schema keeps), `NULL` when it keeps none.
  static let version2 = """
    ALTER TABLE lists ADD COLUMN keep_sorted text;
    """

  /// Version 3: the `changes` and `history` edits as ``RosterBackend/EditCoding``'s compact
  /// bytes, as SQLite's schema 5 keeps them, instead of JSON text. Rows written before keep
  /// their JSON as its UTF-8 bytes; a reader tells the two apart by the first byte (`[`).
  static let version3 = """
    ALTER TABLE changes ALTER COLUMN edits TYPE bytea USING convert_to(edits, 'UTF8');
    ALTER TABLE history ALTER COLUMN edits TYPE bytea USING convert_to(edits, 'UTF8');
    """

  /// Every migration in order; the schema version is the number applied.
  static let migrations = [version1, version2, version3]

  /// The version this code writes.
  static var current: Int { migrations.count }

  /// The version the database has: 0 without a Roster schema.
  static func version(_ connection: Connection) throws(PGFailure) -> Int {
    let exists = try connection.execute("SELECT to_regclass('roster_schema') IS NOT NULL")
    guard exists.text(0, 0) == "t" else { return 0 }
    return Int(try connection.execute("SELECT max(version) FROM roster_schema").integer(0, 0))
  }

  /// Creates or migrates the schema up to ``current`` in one transaction, under an advisory
  /// lock so that two owners running `db init` at once do not collide.
  /// - Returns: The version found before.
  /// - Throws: ``StoreError/newerSchema(_:)`` for a database from a newer Roster.
  static func migrate(_ connection: Connection) throws(StoreError) -> Int {
    let found: Int
    do throws(PGFailure) {
      try connection.execute("BEGIN")
      try connection.execute("SELECT pg_advisory_xact_lock(7302547)")
      found = try version(connection)
      if found == 0 {
        try connection.execute("CREATE TABLE roster_schema (version integer NOT NULL)")
        try connection.execute("INSERT INTO roster_schema VALUES (0)")
      }
      if found < current {
        for migration in migrations.dropFirst(found) { try connection.execute(migration) }
        try connection.execute("UPDATE roster_schema SET version = \(current)")
      }
      try connection.execute(found > current ? "ROLLBACK" : "COMMIT")
    } catch {
      _ = try? connection.execute("ROLLBACK")
      throw .database("Cannot create the Roster schema at \(connection.place): \(error.message)")
    }
    guard found <= current else { throw .newerSchema(found) }
    return found
  }
}
