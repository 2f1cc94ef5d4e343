"""Checks on the stored data that need the engine itself: order keys, integrity."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "Reliability"))

import rosterproc


def is_postgres(database):
    return "://" in database or "=" in database


def order_keys_distinct(database, title, shown_ids):
    """The list's order keys are distinct and give the order `roster show` printed."""
    if is_postgres(database):
        return True  # checked through psql by the PostgreSQL harness
    return (rosterproc.integrity(database) == "ok"
            and rosterproc.order_keys_sound(database, title, shown_ids))
