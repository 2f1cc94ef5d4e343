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

  /// Version 4: attendance, as SQLite's schema 6 keeps it (docs/formats.md), with row-level
  /// security on every new table: rows follow their list's team; an event's `by` must be the
  /// role that writes it, and each role sees only its own undo steps. Two statement triggers
  /// take entries that leave the list out of their sessions' counts (and back when they
  /// return), over the transition tables, so a bulk import costs one join, not a call per row.
  static let version4 = """
    ALTER TABLE lists ADD COLUMN attendance_seq bigint NOT NULL DEFAULT 0;
    CREATE TABLE attendance_statuses (
      list bigint NOT NULL REFERENCES lists (id) ON DELETE CASCADE,
      name text NOT NULL,
      counts_as text NOT NULL,
      position integer NOT NULL,
      PRIMARY KEY (list, name)
    );
    CREATE TABLE attendance_sessions (
      list bigint NOT NULL REFERENCES lists (id) ON DELETE CASCADE,
      id uuid NOT NULL,
      name text NOT NULL,
      position integer NOT NULL,
      events bigint NOT NULL DEFAULT 0,
      marked bigint NOT NULL DEFAULT 0,
      checked_in bigint NOT NULL DEFAULT 0,
      inside bigint NOT NULL DEFAULT 0,
      PRIMARY KEY (list, id),
      UNIQUE (list, name)
    );
    CREATE TABLE attendance_status_counts (
      list bigint NOT NULL REFERENCES lists (id) ON DELETE CASCADE,
      session uuid NOT NULL,
      status text NOT NULL,
      count bigint NOT NULL,
      PRIMARY KEY (list, session, status)
    );
    CREATE TABLE attendance_states (
      list bigint NOT NULL REFERENCES lists (id) ON DELETE CASCADE,
      session uuid NOT NULL,
      entry uuid NOT NULL,
      status text,
      marked integer NOT NULL,
      checked_in integer NOT NULL,
      inside integer NOT NULL,
      slot text NOT NULL,
      PRIMARY KEY (list, session, entry)
    );
    CREATE INDEX attendance_states_by_entry ON attendance_states (list, entry);
    CREATE TABLE attendance_events (
      list bigint NOT NULL REFERENCES lists (id) ON DELETE CASCADE,
      seq bigint NOT NULL,
      id uuid NOT NULL,
      kind text NOT NULL,
      session uuid NOT NULL,
      entry uuid NOT NULL,
      status text,
      at double precision NOT NULL,
      by name NOT NULL DEFAULT current_user,
      device text NOT NULL,
      reverts uuid,
      received_at double precision NOT NULL,
      PRIMARY KEY (list, seq),
      UNIQUE (list, id)
    );
    CREATE INDEX attendance_events_by_session ON attendance_events (list, session, seq);
    CREATE TABLE attendance_undo (
      step bigserial PRIMARY KEY,
      list bigint NOT NULL REFERENCES lists (id) ON DELETE CASCADE,
      role name NOT NULL DEFAULT current_user,
      position bigint NOT NULL,
      events text NOT NULL
    );
    CREATE INDEX attendance_undo_by_role ON attendance_undo (list, role, step);

    CREATE FUNCTION attendance_entries_moved() RETURNS trigger LANGUAGE plpgsql AS $body$
    DECLARE
      direction integer := TG_ARGV[0]::integer;
    BEGIN
      UPDATE attendance_sessions a SET
        marked = a.marked + direction * d.marked,
        checked_in = a.checked_in + direction * d.checked_in,
        inside = a.inside + direction * d.inside
      FROM (SELECT s.list, s.session, sum(s.marked) AS marked,
          sum(s.checked_in) AS checked_in, sum(s.inside) AS inside
        FROM moved JOIN attendance_states s ON s.list = moved.list AND s.entry = moved.id
        GROUP BY s.list, s.session) d
      WHERE a.list = d.list AND a.id = d.session;
      UPDATE attendance_status_counts c SET count = c.count + direction * d.n
      FROM (SELECT s.list, s.session, s.status, count(*) AS n
        FROM moved JOIN attendance_states s ON s.list = moved.list AND s.entry = moved.id
        WHERE s.status IS NOT NULL GROUP BY s.list, s.session, s.status) d
      WHERE c.list = d.list AND c.session = d.session AND c.status = d.status;
      RETURN NULL;
    END
    $body$;
    CREATE TRIGGER attendance_entries_left AFTER DELETE ON entries
      REFERENCING OLD TABLE AS moved FOR EACH STATEMENT
      EXECUTE FUNCTION attendance_entries_moved('-1');
    CREATE TRIGGER attendance_entries_returned AFTER INSERT ON entries
      REFERENCING NEW TABLE AS moved FOR EACH STATEMENT
      EXECUTE FUNCTION attendance_entries_moved('1');

    ALTER TABLE attendance_statuses ENABLE ROW LEVEL SECURITY;
    ALTER TABLE attendance_statuses FORCE ROW LEVEL SECURITY;
    CREATE POLICY of_visible_lists ON attendance_statuses
      USING (EXISTS (SELECT 1 FROM lists WHERE lists.id = attendance_statuses.list))
      WITH CHECK (EXISTS (SELECT 1 FROM lists WHERE lists.id = attendance_statuses.list));
    ALTER TABLE attendance_sessions ENABLE ROW LEVEL SECURITY;
    ALTER TABLE attendance_sessions FORCE ROW LEVEL SECURITY;
    CREATE POLICY of_visible_lists ON attendance_sessions
      USING (EXISTS (SELECT 1 FROM lists WHERE lists.id = attendance_sessions.list))
      WITH CHECK (EXISTS (SELECT 1 FROM lists WHERE lists.id = attendance_sessions.list));
    ALTER TABLE attendance_status_counts ENABLE ROW LEVEL SECURITY;
    ALTER TABLE attendance_status_counts FORCE ROW LEVEL SECURITY;
    CREATE POLICY of_visible_lists ON attendance_status_counts
      USING (EXISTS (SELECT 1 FROM lists WHERE lists.id = attendance_status_counts.list))
      WITH CHECK (EXISTS (SELECT 1 FROM lists WHERE lists.id = attendance_status_counts.list));
    ALTER TABLE attendance_states ENABLE ROW LEVEL SECURITY;
    ALTER TABLE attendance_states FORCE ROW LEVEL SECURITY;
    CREATE POLICY of_visible_lists ON attendance_states
      USING (EXISTS (SELECT 1 FROM lists WHERE lists.id = attendance_states.list))
      WITH CHECK (EXISTS (SELECT 1 FROM lists WHERE lists.id = attendance_states.list));
    ALTER TABLE attendance_events ENABLE ROW LEVEL SECURITY;
    ALTER TABLE attendance_events FORCE ROW LEVEL SECURITY;
    CREATE POLICY of_visible_lists ON attendance_events
      USING (EXISTS (SELECT 1 FROM lists WHERE lists.id = attendance_events.list))
      WITH CHECK (EXISTS (SELECT 1 FROM lists WHERE lists.id = attendance_events.list)
        AND by = current_user);
    ALTER TABLE attendance_undo ENABLE ROW LEVEL SECURITY;
    ALTER TABLE attendance_undo FORCE ROW LEVEL SECURITY;
    CREATE POLICY own_steps_of_visible_lists ON attendance_undo
      USING (EXISTS (SELECT 1 FROM lists WHERE lists.id = attendance_undo.list)
        AND role = current_user)
      WITH CHECK (EXISTS (SELECT 1 FROM lists WHERE lists.id = attendance_undo.list)
        AND role = current_user);

    GRANT SELECT, INSERT, UPDATE, DELETE ON attendance_statuses, attendance_sessions,
      attendance_status_counts, attendance_states, attendance_events, attendance_undo TO PUBLIC;
    GRANT USAGE ON SEQUENCE attendance_undo_step_seq TO PUBLIC;
    """

  /// Version 5: whether an attendance event was made while its device could not reach the
  /// server (``RosterKit/AttendanceEvent/madeOffline``), as SQLite's schema 7 keeps it; the
  /// events before were made online.
  static let version5 = """
    ALTER TABLE attendance_events ADD COLUMN offline boolean NOT NULL DEFAULT false;
    """

  /// Every migration in order; the schema version is the number applied.
  static let migrations = [version1, version2, version3, version4, version5]

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
