"""Checks on the stored data that need the engine itself: order keys, gap-free sequences."""

import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "Reliability"))

import rosterproc


def is_postgres(database):
    return "://" in database or "=" in database


def psql(database, sql):
    """Rows of `sql` run by psql on `database` (as its owner), each a list of fields."""
    out = subprocess.run(["psql", database, "-X", "-At", "-F", "\t", "-v", "ON_ERROR_STOP=1",
                          "-c", sql], capture_output=True, text=True, check=True, timeout=60)
    return [line.split("\t") for line in out.stdout.splitlines() if line]


def order_keys_distinct(database, title, shown_ids):
    """The list's order keys are distinct, give the order `roster show` printed and its kept
    count is right; on PostgreSQL also its change log has no gaps up to its sequence number."""
    if not is_postgres(database):
        return (rosterproc.integrity(database) == "ok"
                and rosterproc.order_keys_sound(database, title, shown_ids))
    quoted = title.replace("'", "''")
    rows = psql(database, "SELECT e.key, e.id FROM entries e JOIN lists l ON e.list = l.id"
                          f" WHERE l.title = '{quoted}' ORDER BY e.key")
    keys = [key for key, _ in rows]
    (size, seq, pruned), = psql(database, "SELECT size, seq, pruned FROM lists"
                                          f" WHERE title = '{quoted}'")
    logged = [int(s) for (s,) in psql(
        database, "SELECT c.seq FROM changes c JOIN lists l ON c.list = l.id"
                  f" WHERE l.title = '{quoted}' ORDER BY c.seq")]
    gap_free = logged == list(range(int(pruned) + 1, int(seq) + 1))
    return (len(keys) == len(set(keys)) == int(size) and gap_free
            and [ident for _, ident in rows] == list(shown_ids))
