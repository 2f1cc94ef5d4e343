#!/usr/bin/env python3
"""Several `roster` writers on one list at once, followed by `roster watch` processes.

Writers (separate processes, one `roster` run per action) add, edit, move and delete entries of
ONE list for --seconds, picking entries by position, so they collide; each logs the actions
`roster` acknowledged (exit 0 and its report). Two watchers follow throughout: one with
--list, one on every list. Afterwards:

- every acknowledged add, edit and removal appears exactly once in every watcher's lines, and
  nothing unacknowledged does; every move line matches an acknowledged move;
- the stored list (`roster show --json`) has every added entry not removed, once, with the
  text of its last edit;
- each watcher's copy, rebuilt from its lines over the list as it was at the start, equals the
  stored list; the change-log positions (seq) it printed have no gaps;
- the list's order keys are distinct (and, on SQLite, the file passes integrity_check).

--db takes a SQLite path or a PostgreSQL URI; without it, a fresh SQLite file. Prints
`multiwriter: ok …` or `multiwriter: FAILED …` lines; exit status 0 when every check held.
"""

import argparse
import json
import random
import re
import sys
import tempfile
import threading
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "Reliability"))

import rosterproc  # noqa: E402
import watchers  # noqa: E402
from sharedchecks import order_keys_distinct  # noqa: E402

TITLE = "Shared"
REPORTS = {
    "edit": re.compile(r"^Changed ([0-9a-f]{8}) “.*” to “(.*)”\.$"),
    "mv": re.compile(r"^Moved ([0-9a-f]{8}) “(.*)” to position (\d+)\.$"),
    "rm": re.compile(r"^Removed ([0-9a-f]{8}) “(.*)”\.$"),
}
# Refusals a writer may meet because another writer got there first.
EXPECTED_REFUSALS = re.compile(r"No entry matches|There is no position")


class Writer(threading.Thread):
    """One writer: random actions on the list until the deadline, logging what was acked."""

    def __init__(self, number, roster, deadline, seed, size):
        super().__init__(daemon=True)
        self.number, self.roster, self.deadline = number, roster, deadline
        self.random = random.Random(seed)
        self.size = size  # shared [approximate count]
        self.acked, self.refused, self.failures = [], 0, []

    def run(self):
        counter = 0
        while time.monotonic() < self.deadline:
            counter += 1
            text = f"w{self.number} {counter}"
            count = max(self.size[0], 1)
            kind = self.random.choices(["add", "edit", "mv", "rm"], [4, 3, 2, 2])[0]
            position = f"#{self.random.randint(1, count)}"
            if kind == "add" or self.size[0] == 0:
                kind, args = "add", ["add", "--json", "--list", TITLE, text]
            elif kind == "edit":
                args = ["edit", position, text, "--list", TITLE]
            elif kind == "mv":
                args = ["mv", position, str(self.random.randint(1, count)), "--list", TITLE]
            else:
                args = ["rm", position, "--list", TITLE]
            result = self.roster.run(*args, timeout=120)
            if result.status == 1 and EXPECTED_REFUSALS.search(result.err):
                self.refused += 1
                continue
            if result.status != 0 or result.err:
                self.failures.append(f"{' '.join(args)}: {result}")
                continue
            self.acked.append(self.parse(kind, result.out.strip()))
            self.size[0] += {"add": 1, "rm": -1}.get(kind, 0)

    def parse(self, kind, out):
        if kind == "add":
            entry = json.loads(out)[0]
            return {"kind": "add", "id": entry["id"], "text": entry["text"]}
        match = REPORTS[kind].match(out)
        if not match:
            raise AssertionError(f"unexpected report of {kind}: {out!r}")
        if kind == "edit":
            return {"kind": "edit", "short": match[1], "text": match[2]}
        if kind == "mv":
            return {"kind": "mv", "short": match[1], "position": int(match[3])}
        return {"kind": "rm", "short": match[1], "text": match[2]}


def check(label, ok, detail=""):
    print(f"multiwriter: {'ok' if ok else 'FAILED'} {label}" + ("" if ok else f": {detail}"))
    return ok


def verify_watcher(name, events, acked, start, final):
    """The checks on one watcher's lines; True when all held."""
    good = True
    inserts = [e for e in events if e["kind"] == "insert"]
    removes = [e for e in events if e["kind"] == "remove"]
    updates = [e for e in events if e["kind"] == "update"]
    moves = [e for e in events if e["kind"] == "move"]
    adds = [a for a in acked if a["kind"] == "add"]
    inserted = [e["id"] for e in inserts]
    good &= check(f"{name}: each acknowledged add once, nothing else inserted",
                  sorted(inserted) == sorted(a["id"] for a in adds),
                  f"{len(inserted)} inserts for {len(adds)} adds")
    removed = sorted((e["id"][:8], e["text"]) for e in removes)
    good &= check(f"{name}: each acknowledged removal once, nothing else removed",
                  removed == sorted((a["short"], a["text"]) for a in acked
                                    if a["kind"] == "rm"),
                  f"{len(removed)} removals")
    updated = sorted((e["id"][:8], e["text"]) for e in updates)
    good &= check(f"{name}: each acknowledged edit once, nothing else updated",
                  updated == sorted((a["short"], a["text"]) for a in acked
                                    if a["kind"] == "edit"),
                  f"{len(updated)} updates")
    moved_acks = {}
    for a in acked:
        if a["kind"] == "mv":
            moved_acks[a["short"]] = moved_acks.get(a["short"], 0) + 1
    moved = {}
    for e in moves:
        moved[e["id"][:8]] = moved.get(e["id"][:8], 0) + 1
    good &= check(f"{name}: every move line matches an acknowledged move",
                  all(moved_acks.get(k, 0) >= v for k, v in moved.items()), f"{moved}")
    sequences = sorted({e["seq"] for e in events})
    actions = len(adds) + len(removes) + len(updates) + len(moves)
    good &= check(f"{name}: change-log positions without gaps, one per action",
                  not sequences or (sequences[-1] - sequences[0] + 1 == len(sequences)
                                    == actions),
                  f"{len(sequences)} positions from {sequences[:1]} to {sequences[-1:]},"
                  f" {actions} actions")
    seqs = [e["seq"] for e in events]
    good &= check(f"{name}: lines in change-log order", seqs == sorted(seqs))
    good &= check(f"{name}: its rebuilt copy equals the stored list",
                  watchers.replay(events, start) == final,
                  f"{len(watchers.replay(events, start))} vs {len(final)} entries")
    return good


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--writers", type=int, default=4)
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--db", help="a SQLite path or a PostgreSQL URI (default: a new file)")
    parser.add_argument("--roster")
    options = parser.parse_args()
    seed = options.seed if options.seed is not None else random.randrange(1 << 30)
    binary = rosterproc.find_roster(options.roster)
    with tempfile.TemporaryDirectory(prefix="roster-multiwriter-") as folder:
        database = options.db or str(Path(folder) / "roster.sqlite3")
        roster = rosterproc.Roster(binary, database, folder)
        roster.env["ROSTER_DB"] = database
        return run(roster, database, options.seconds, options.writers, seed)


def run(roster, database, seconds, writer_count, seed, watch_roster=None, fault=None):
    """One run; `watch_roster` runs the watchers (default `roster`), and `fault`, when given,
    is called once in a thread a third of the way through the writes, and may return a list
    of failures. Under a fault, writers may fail (and must then have changed nothing)."""
    label = f"{fault.__name__}: " if fault else ""
    print(f"multiwriter: {label}{writer_count} writers for {seconds:g} s, seed {seed},"
          f" {'PostgreSQL' if '://' in database or '=' in database else 'SQLite'}")
    setup = roster.run("lists", "create", TITLE, "--rule", "text")
    seeded = roster.run("add", "--list", TITLE, "seed 1", "seed 2", "seed 3")
    if setup.status != 0 or seeded.status != 0:
        return 0 if check("set-up", False, f"{setup} {seeded}") else 1
    start = [(e["id"], e["text"]) for e in roster.show(TITLE)]
    followers = [watchers.Watcher(watch_roster or roster, TITLE),
                 watchers.Watcher(watch_roster or roster)]
    if not all(w.wait_following() for w in followers):
        check("watchers started", False, " / ".join(w.stderr() for w in followers))
        for w in followers:
            w.stop()
        return 1
    size = [len(start)]
    deadline = time.monotonic() + seconds
    writers = [Writer(n, roster, deadline, seed + n, size) for n in range(writer_count)]
    for writer in writers:
        writer.start()
    fault_failures = []
    if fault:
        time.sleep(seconds / 3)  # the fault strikes a third of the way into the writes
        fault_failures = fault() or []
    for writer in writers:
        writer.join()
    acked = [a for w in writers for a in w.acked]
    final = [(e["id"], e["text"]) for e in roster.show(TITLE)]
    # Wait for the watchers to catch up, then stop them.
    catch_up = time.monotonic() + 60
    while time.monotonic() < catch_up and not all(
            watchers.replay(w.events(TITLE), start) == final for w in followers):
        time.sleep(0.1)
    statuses = [w.stop() for w in followers]
    counts = {k: sum(a["kind"] == k for a in acked) for k in ["add", "edit", "mv", "rm"]}
    print(f"multiwriter: {len(acked)} actions acknowledged ({counts['add']} adds,"
          f" {counts['edit']} edits, {counts['mv']} moves, {counts['rm']} removals),"
          f" {sum(w.refused for w in writers)} refused as stale, {len(final)} entries left")
    failures = [f for w in writers for f in w.failures]
    if fault:
        print(f"multiwriter: {len(failures)} writes refused during the fault"
              + (f", the first: {failures[0][:200]}" if failures else ""))
        good = check("the fault itself", not fault_failures, "; ".join(fault_failures))
    else:
        good = check("no writer failed", not failures, "; ".join(failures[:3]))
    good &= check("watchers exit 0 on SIGINT", statuses == [0, 0], f"{statuses}")
    ids = [i for i, _ in final]
    good &= check("no entry twice in the stored list", len(ids) == len(set(ids)))
    removed = {a["short"] for a in acked if a["kind"] == "rm"}
    expected = {a["id"] for a in acked if a["kind"] == "add" and a["id"][:8] not in removed}
    expected |= {i for i, _ in start if i[:8] not in removed}
    good &= check("every acknowledged add not removed is stored, nothing else",
                  set(ids) == expected, f"{len(ids)} stored, {len(expected)} expected")
    for name, watcher in zip(["watch --list", "watch (all lists)"], followers, strict=True):
        good &= verify_watcher(name, watcher.events(TITLE), acked, start, final)
        last_text = {}
        for event in watcher.events(TITLE):
            if event["kind"] in ("insert", "update"):
                last_text[event["id"]] = event["text"]
        good &= check(f"{name}: stored texts are the last ones it reported",
                      all(last_text.get(i, t) == t for i, t in final))
    good &= check("order keys distinct, in list order",
                  order_keys_distinct(database, TITLE, ids))
    print(f"multiwriter: {'ok' if good else 'FAILED'} {label}(seed {seed})")
    return 0 if good else 1


if __name__ == "__main__":
    sys.exit(main())
