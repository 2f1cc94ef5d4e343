#!/usr/bin/env python3
"""Offline replicas on a real PostgreSQL server while the network and the server fail.

Issue 23's partition harness. Starts a throwaway cluster (scripts/pg-cluster.sh) with an
owner, a team role `doors` and its members `anna`, `bob` and `carl`, and per scenario a fresh
database holding one list of the team, “Shared”. Three replicas follow it: anna's (one
XDG_STATE_HOME, two processes writing at once), bob's and carl's (each on a HOME of its own).
Each replica reaches the server through a TCP proxy of its own (tcpproxy.py), so that one can be
cut off: SIGSTOP (a black hole) or SIGKILL (connections reset, refused), then started again on
the same port.

Four writers (anna1, anna2, bob, carl) run seeded random workloads through `roster
--offline-ok`: add (some with a category), edit, move, remove and undo (check-in with
--checkin), and each moves the one entry “Hot” now and then, so concurrent moves of one entry
happen. The scenarios, each on a fresh database:

calm          the workload alone
partition     bob's proxy stopped (a black hole) for a third of the run and carl's killed for a
              sixth, as all sides write; meanwhile bob edits “Doomed” and anna removes it, and
              both move “Hot”
kill          `roster sync` on anna's replica SIGKILLed mid-sync again and again, and the
              writers' own commands SIGKILLed now and then
restart       the server restarted (pg_ctl restart -m fast), then crashed (stop -m immediate)
              and started a second later, as everyone writes
start-offline the server stopped before the writers start, started halfway; carl's replica
              starts for the first time while the server is down
revoke        bob cut off, writes (changes wait), and is removed from the team (REVOKE doors
              FROM bob) before the network comes back
prune         bob cut off with changes waiting while the others write, and the list's change
              log pruned past bob's cursor (as PostgreSQL's bounded log does after 1,000
              changes; forced here with the same two statements) before the network comes back
frozen        (only with --only frozen: it hunts for the moment, up to 600 tries) bob's network
              black-holed while his command holds the list's row lock in its transaction;
              anna, whose network is fine, must still add within the bound, and her sync
              succeed once the server ends bob's idle transaction (10 s)

Then every proxy runs again and the server is up, and each replica runs `roster sync` until
every one has 0 changes waiting and its cursor at the server's `lists.seq` (bounded). Checks:
each replica's entries (id, text, category, in order) equal the server's, and so do its
sessions with their event counts and check-in counts (`--checkin`); the server's order
keys are distinct and `lists.size` is right; no text is stored twice (every text the writers
make is new, so a change applied twice would show); every text a writer added and nobody could
have touched since is there; every change id seen waiting in an outbox was applied (the
server's `operations`) or is listed rejected by `sync --status`, and so was every check-in
event seen waiting (made offline with `checkin --offline-ok`); with the server unreachable
every command still succeeded, saying `Saved offline: …`, within a bound; a revoked replica
holds no row of the list and none of its offline changes reached the server; a replica whose
cursor was pruned past gets its waiting changes replayed.

Prints the seed, `partition: ok NAME (seed S, F faults, converged in X s)` or `partition: FAILED
NAME: reason` per scenario, and `N passed, N failed`; exit status 0 when all passed. A server
that cannot be started is a failure, never a skip.
"""

import argparse
import contextlib
import glob
import json
import os
import random
import re
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "Reliability"))

import rosterproc  # noqa: E402
from pgfaults import Cluster, Proxy  # noqa: E402
from sharedchecks import psql  # noqa: E402

LIST = "Shared"
PASSWORD = "partition-pw"
USERS = ("anna", "bob", "carl")
# The longest an --offline-ok command may take: 2 s of trying to sync, the local work, and a
# loaded machine's slack.
OFFLINE_BOUND = 10.0
# --direct: the scaffolding alone (server, proxies, writers, faults) with commands sent straight
# to the server, for a roster without issue 23's replica.
DIRECT = {"on": False}
# Database.changeLogLimit: the changes a list's log keeps.
LOG_LIMIT = 1000
SCENARIOS = ["calm", "partition", "kill", "restart", "start-offline", "revoke", "prune"]
# Run only when named with --only: a known failure's deterministic reproduction.
EXTRA = ["frozen"]


def say(line):
    print(f"partition: {line}", flush=True)


def uuid_hex(value):
    """A UUID as 32 lowercase hex digits, from text (with or without dashes) or 16 bytes."""
    if isinstance(value, bytes):
        return value.hex()
    return str(value).replace("-", "").lower()


class Server:
    """The cluster, its roles, and the reads of the server's truth as its superuser."""

    def __init__(self, cluster, binary):
        self.cluster, self.binary = cluster, binary
        psql(cluster.uri, f"""
            CREATE ROLE owner LOGIN PASSWORD '{PASSWORD}';
            CREATE ROLE doors NOLOGIN;
            CREATE ROLE anna LOGIN PASSWORD '{PASSWORD}' IN ROLE doors;
            CREATE ROLE bob LOGIN PASSWORD '{PASSWORD}' IN ROLE doors;
            CREATE ROLE carl LOGIN PASSWORD '{PASSWORD}' IN ROLE doors;
        """)
        self.database = None

    def create(self, name):
        """A fresh database `name` owned by `owner`, its schema made by `roster db init`."""
        psql(self.cluster.uri, f"CREATE DATABASE {name} OWNER owner")
        self.database = name
        done = subprocess.run([self.binary, "--db", self.uri("owner"), "db", "init"],
                              check=False, capture_output=True, text=True, timeout=60)
        if done.returncode != 0:
            raise RuntimeError(f"db init: {done.stderr.strip()}")
        # Membership in the team, whatever an earlier scenario revoked.
        psql(self.cluster.uri, "GRANT doors TO anna, bob, carl")

    def uri(self, user, port=None):
        return (f"postgresql://{user}:{PASSWORD}@127.0.0.1:{port or self.cluster.port}"
                f"/{self.database}")

    def admin(self, sql):
        """Rows of `sql` as the cluster's superuser (row-level security does not hold it)."""
        return psql(self.cluster.database_uri(self.database), sql)

    def list_row(self, title=LIST):
        rows = self.admin("SELECT id, uuid, seq, pruned, size FROM lists"
                          f" WHERE title = '{title}'")
        if not rows:
            return None
        ident, ident_uuid, seq, pruned, size = rows[0]
        return {"id": ident, "uuid": uuid_hex(ident_uuid), "seq": int(seq),
                "pruned": int(pruned), "size": int(size)}

    def entries(self, list_id):
        """(id, text, category) in order, and the order keys."""
        rows = self.admin("SELECT replace(id::text, '-', ''), key, text, coalesce(category, '')"
                          f" FROM entries WHERE list = {list_id} ORDER BY key")
        return [(i, t, c) for i, _, t, c in rows], [int(k) for _, k, _, _ in rows]

    def operations(self):
        return {uuid_hex(i) for (i,) in self.admin("SELECT id FROM operations")}

    def checkin_events(self):
        return {uuid_hex(i) for (i,) in self.admin("SELECT id FROM attendance_events")}

    def attendance(self, list_id):
        """Per session, in order: name, events, marked, checked in, inside."""
        rows = self.admin("SELECT name, events, marked, checked_in, inside FROM"
                          f" attendance_sessions WHERE list = {list_id} ORDER BY position")
        return [(name, *(int(v) for v in values)) for name, *values in rows]

    def up(self):
        try:
            psql(self.cluster.uri, "SELECT 1")
            return True
        except subprocess.SubprocessError:
            return False

    def start(self):
        self.cluster.pg_ctl("-l", str(self.cluster.data / "server.log"), "start")

    def stop(self, mode="fast"):
        self.cluster.pg_ctl("-m", mode, "stop")


class Replica:
    """One user's replica on one machine (a HOME and XDG_STATE_HOME of its own), reaching the
    server through its own proxy."""

    def __init__(self, name, user, home, proxy, server, binary):
        self.name, self.user, self.proxy = name, user, proxy
        self.home = Path(home)
        (self.home / "state").mkdir(parents=True, exist_ok=True)
        self.uri = server.uri(user, proxy.port)
        self.server = server
        self.roster = rosterproc.Roster(binary, self.uri, self.home)
        self.roster.env.update(XDG_STATE_HOME=str(self.home / "state"),
                               XDG_DATA_HOME=str(self.home / "data"),
                               PGAPPNAME=f"roster-{name}")
        self.seen_operations = set()
        self.seen_checkins = set()  # ids of check-in events seen waiting
        self.lock = threading.Lock()

    def start(self, *args, offline=True):
        offline = offline and not DIRECT["on"]
        options = ["--db", self.uri] + (["--offline-ok"] if offline else [])
        return self.roster.start(*options, *args)

    def run(self, *args, offline=True, timeout=60):
        offline = offline and not DIRECT["on"]
        options = ["--db", self.uri] + (["--offline-ok"] if offline else [])
        return self.roster.run(*options, *args, timeout=timeout)

    def path(self):
        found = [p for p in glob.glob(str(self.home / "state/roster/replicas/*.sqlite3"))
                 if ".offline-" not in p]
        return found[0] if len(found) == 1 else None

    def scratch_copies(self):
        """The throwaway copies `--offline-ok` makes beside the replica that are still there
        (a command SIGKILLed before it removed its own)."""
        return glob.glob(str(self.home / "state/roster/replicas/*.offline-*.sqlite3"))

    def read(self, sql, parameters=()):
        """Rows of `sql` on the replica file, read-only; [] while there is no replica."""
        path = self.path()
        if path is None:
            return []
        connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=30)
        try:
            return connection.execute(sql, parameters).fetchall()
        except sqlite3.OperationalError as error:
            if "no such table" in str(error):
                return []
            raise
        finally:
            connection.close()

    def entries(self, list_uuid):
        if DIRECT["on"]:
            row = self.server.list_row()
            return self.server.entries(row["id"])[0] if row else []
        rows = self.read("SELECT e.id, e.text, coalesce(e.category, '') FROM entries e"
                         " JOIN lists l ON e.list = l.id"
                         " WHERE replace(lower(l.uuid), '-', '') = ? ORDER BY e.key",
                         (list_uuid,))
        return [(uuid_hex(i), t, c) for i, t, c in rows]

    def attendance(self, list_uuid):
        """As the server's `attendance`, from the replica."""
        return [tuple(row) for row in self.read(
            "SELECT s.name, s.events, s.marked, s.checked_in, s.inside"
            " FROM attendance_sessions s JOIN lists l ON s.list = l.id"
            " WHERE replace(lower(l.uuid), '-', '') = ? ORDER BY s.position", (list_uuid,))]

    def holds_list(self, list_uuid):
        return bool(self.read("SELECT 1 FROM lists WHERE replace(lower(uuid), '-', '') = ?",
                              (list_uuid,)))

    def cursor(self, list_uuid):
        rows = self.read("SELECT position FROM replica_cursors"
                         " WHERE replace(lower(list), '-', '') = ?", (list_uuid,))
        return rows[0][0] if rows else None

    def note_outbox(self):
        """Remembers the change ids waiting in the outbox now."""
        ids = {uuid_hex(i) for (i,) in self.read("SELECT id FROM outbox")}
        checkins = {uuid_hex(event["id"]) for (events,) in
                    self.read("SELECT events FROM attendance_outbox")
                    for event in json.loads(events)}
        with self.lock:
            self.seen_operations |= ids
            self.seen_checkins |= checkins

    def status(self):
        """`sync --status --json`, parsed; None when it failed."""
        result = self.run("sync", "--status", "--json", offline=False, timeout=30)
        if result.status != 0:
            return None
        try:
            return json.loads(result.out)
        except ValueError:
            return None


class Writer(threading.Thread):
    """One process's seeded random workload on its replica, until `deadline`."""

    def __init__(self, name, replica, seed, deadline, options):
        super().__init__(name=name, daemon=True)
        self.replica, self.deadline, self.options = replica, deadline, options
        self.random = random.Random(f"{seed}/{name}")
        self.tag = f"{name} s{seed % 1000}"
        self.count = 0
        self.results = []  # (operation, status, seconds, first stderr line, started)
        self.added = []  # (text, started, finished, status)
        self.killable = None
        self.kill_lock = threading.Lock()
        self.killed = 0
        self.scripted = []  # (operation, arguments) to run first, from the scenario
        self.paused = threading.Event()
        self.stopped = threading.Event()
        self.error = None
        self.scripted_results = []  # (command, status, seconds, last stderr line)

    def text(self, kind):
        self.count += 1
        return f"{kind} {self.tag} {self.count}"

    def run(self):
        try:
            self.loop()
        except (sqlite3.Error, subprocess.SubprocessError, OSError) as error:
            self.error = f"{type(error).__name__}: {error}"

    def loop(self):
        while time.monotonic() < self.deadline and not self.stopped.is_set():
            if self.paused.is_set():
                time.sleep(0.05)
                continue
            if self.scripted:
                operation, arguments = self.scripted.pop(0)
                self.perform(operation, arguments)
                self.scripted_results.append((" ".join(arguments), *self.results[-1][1:4]))
                continue
            else:
                operation, arguments = self.choose()
            if operation is None:
                time.sleep(0.05)
                continue
            self.perform(operation, arguments)
            self.replica.note_outbox()
            time.sleep(self.random.uniform(0, 0.05))

    def choose(self):
        entries = self.replica.entries(self.options["list_uuid"]) \
            if self.options.get("list_uuid") else []
        others = [e for e in entries if not e[1].startswith(("keep ", "Hot", "Doomed"))]
        hot = [e for e in entries if e[1] == "Hot"]
        weights = {"add": 30, "category": 8, "keep": 8, "edit": 14, "move": 14, "remove": 10,
                   "undo": 4 if self.options.get("undo") else 0, "hot": 8,
                   "checkin": 4 if self.options.get("checkin") else 0}
        operation = self.random.choices(list(weights), list(weights.values()))[0]
        size = max(len(entries), 1)
        position = str(self.random.randint(1, size))
        if operation == "add":
            return "add", ["add", self.text("add")]
        if operation == "category":
            category = self.random.choice(["Staff", "Guest", "Press"])
            return "add", ["add", self.text("cat"), "--category", category]
        if operation == "keep":
            return "keep", ["add", self.text("keep")]
        if operation == "undo":
            return "undo", ["undo"]
        if operation == "hot":
            return ("move", ["mv", hot[0][0], position]) if hot else (None, None)
        if not others:
            return "add", ["add", self.text("add")]
        target = self.random.choice(others)[0]
        if operation == "edit":
            return "edit", ["edit", target, self.text("edit")]
        if operation == "move":
            return "move", ["mv", target, position]
        if operation == "remove":
            return "remove", ["rm", target]
        return "checkin", ["checkin", target]

    def perform(self, operation, arguments):
        began = time.monotonic()
        with self.kill_lock:
            process = self.replica.start(*arguments, "--list", LIST)
            self.killable = process
        _out, err = rosterproc.communicate(process, 60)
        with self.kill_lock:
            self.killable = None
        seconds = time.monotonic() - began
        first = err.strip().splitlines()[-1] if err.strip() else ""
        self.results.append((operation, process.returncode, seconds, first, began))
        if operation in ("add", "keep"):
            self.added.append((arguments[1], began, time.monotonic(), process.returncode))

    def kill(self):
        """SIGKILLs the command running now, if any. True when one was killed."""
        with self.kill_lock:
            if self.killable is not None and self.killable.poll() is None:
                self.killable.kill()
                self.killed += 1
                return True
        return False


class Run:
    """One scenario: its database, replicas, writers, fault, healing and checks."""

    def __init__(self, name, number, seed, context):
        self.name, self.seed, self.context = name, seed, context
        self.server = context["server"]
        self.binary = context["binary"]
        self.problems = []
        self.notes = []
        self.faults = 0
        self.revoked = set()  # replica names cut from the team
        self.server.create(f"partition{number}")
        folder = Path(context["folder"]) / f"{name}"
        proxies = context["proxies"]
        self.replicas = {user: Replica(user, user, folder / user, proxies[user], self.server,
                                       self.binary) for user in USERS}
        # The list, made directly on the server by anna, with the entries the scenarios aim at.
        direct = self.replicas["anna"]
        result = direct.run("lists", "create", LIST, "--rule", "text", "--team", "doors",
                            offline=False)
        if result.status != 0:
            raise RuntimeError(f"lists create: {result}")
        result = direct.run("add", "--list", LIST, "Hot", "Doomed", "first", "second", "third",
                            offline=False)
        if result.status != 0:
            raise RuntimeError(f"add: {result}")
        self.list = self.server.list_row()
        self.writers = []
        self.began = time.monotonic()
        self.timeline = []

    def prime(self, users=USERS):
        """A first sync of each replica named, so that it holds the list."""
        if DIRECT["on"]:
            return
        for user in users:
            result = self.replicas[user].run("sync", offline=False)
            if result.status != 0:
                raise RuntimeError(f"first sync of {user}: {result}")
            if not re.fullmatch(r"In sync with [^:]+:\d+: \d+ lists?, 0 changes? waiting\.",
                                result.out.strip()):
                self.problems.append(f"first sync of {user} printed {result.out.strip()!r}")

    def start_writers(self, seconds, names=("anna1", "anna2", "bob", "carl"), undo=True):
        self.began = time.monotonic()
        deadline = time.monotonic() + seconds
        options = {"list_uuid": self.list["uuid"], "checkin": self.context["checkin"],
                   "undo": undo}
        for name in names:
            replica = self.replicas[name.rstrip("0123456789")]
            self.writers.append(Writer(name, replica, self.seed, deadline, options))
        for writer in self.writers:
            writer.start()
        return deadline

    def writer(self, name):
        return next(w for w in self.writers if w.name == name)

    def join_writers(self):
        for writer in self.writers:
            writer.join(timeout=120)
            if writer.is_alive():
                self.problems.append(f"writer {writer.name} did not finish")
            if writer.error:
                self.problems.append(f"writer {writer.name} stopped: {writer.error[:200]}")

    def heal(self):
        """Every proxy running and the server up."""
        for proxy in self.context["proxies"].values():
            proxy.signal(signal.SIGCONT)
            if proxy.process.poll() is not None:
                proxy.start()
        if not self.server.up():
            self.server.start()

    def converge(self, limit):
        """`roster sync` on each replica until all are in sync. Seconds taken, or None."""
        began = time.monotonic()
        last = ""
        if DIRECT["on"]:
            return 0.0
        while time.monotonic() - began < limit:
            done = True
            for replica in self.replicas.values():
                replica.note_outbox()
                result = replica.run("sync", offline=False, timeout=60)
                if result.status != 0:
                    done = False
                    last = f"{replica.name}: sync: {result}"
            row = self.server.list_row()
            for replica in self.replicas.values():
                status = replica.status()
                if status is None or status.get("waiting") != 0:
                    done = False
                    last = f"{replica.name}: status {status}"
                elif replica.name not in self.revoked and replica.cursor(
                        self.list["uuid"]) != row["seq"]:
                    done = False
                    last = (f"{replica.name}: cursor {replica.cursor(self.list['uuid'])},"
                            f" server at {row['seq']}")
            if done:
                return time.monotonic() - began
            time.sleep(0.2)
        self.problems.append(f"not in sync after {limit:.0f} s: {last}")
        return None

    def check(self):
        row = self.server.list_row()
        if row is None:
            self.problems.append("the list is gone from the server")
            return
        truth, keys = self.server.entries(row["id"])
        attendance = self.server.attendance(row["id"])
        if attendance:
            self.notes.append(f"{sum(s[1] for s in attendance)} check-in events in"
                              f" {len(attendance)} sessions, compared on every replica")
        if len(keys) != len(set(keys)):
            self.problems.append("the server's order keys are not distinct")
        if row["size"] != len(truth):
            self.problems.append(f"lists.size is {row['size']}, {len(truth)} entries stored")
        for replica in self.replicas.values():
            if DIRECT["on"]:
                break
            path = replica.path()
            if path and rosterproc.integrity(path) != "ok":
                self.problems.append(f"{replica.name}'s replica fails its integrity check")
            left = replica.scratch_copies()
            if left:
                self.notes.append(f"{replica.name}: {len(left)} copies of the replica left in"
                                  " its folder by killed commands (*.offline-*.sqlite3)")
            if replica.name in self.revoked:
                if replica.holds_list(row["uuid"]) or replica.entries(row["uuid"]):
                    self.problems.append(f"{replica.name} was revoked but holds the list")
                holding = [p for p in left if holds_rows(p, row["uuid"])]
                if holding:
                    self.problems.append(f"{replica.name} was revoked but {len(holding)} copies"
                                         " of its replica beside it hold the list's rows")
                continue
            mine = replica.entries(row["uuid"])
            if mine != truth:
                self.problems.append(f"{replica.name} differs from the server: "
                                     + describe_difference(mine, truth))
            # Check-ins (made straight on the server): the same sessions, events and counts.
            sessions, true_sessions = replica.attendance(row["uuid"]), attendance
            if sessions != true_sessions:
                self.problems.append(f"{replica.name}'s attendance differs from the server's:"
                                     f" {sessions} against {true_sessions}")
        texts = [t for _, t, _ in truth]
        twice = sorted({t for t in texts if texts.count(t) > 1})
        if twice:
            self.problems.append(f"stored twice: {twice[:5]}")
        # Every id that waited in an outbox: applied, or listed rejected.
        applied = self.server.operations()
        stored = self.server.checkin_events()
        for replica in self.replicas.values():
            if DIRECT["on"]:
                break
            status = replica.status() or {}
            rejected = status.get("rejected") or []
            lost = (replica.seen_operations - applied) | (replica.seen_checkins - stored)
            if lost and not rejected:
                self.problems.append(f"{replica.name}: {len(lost)} of"
                                     f" {len(replica.seen_operations | replica.seen_checkins)}"
                                     " changes seen waiting"
                                     " were neither applied nor rejected")
            elif len(lost) > len(rejected):
                self.problems.append(f"{replica.name}: {len(lost)} changes not applied, only"
                                     f" {len(rejected)} listed rejected")
            if rejected and replica.name not in self.revoked:
                self.notes.append(f"{replica.name} lists {len(rejected)} rejected: "
                                  + "; ".join(f"{r.get('entry')!r}: {r.get('reason')}"
                                              for r in rejected[:3]))
        # Texts added and never aimed at by anyone (“keep …”): present, unless an undo or a
        # revoked replica may have taken them back.
        undos = sum(1 for w in self.writers for r in w.results
                    if r[0] == "undo" and r[1] == 0)
        missing = [t for w in self.writers if w.replica.name not in self.revoked
                   for t, _, _, status in w.added if t.startswith("keep ") and status == 0
                   and t not in texts]
        if len(missing) > undos:
            self.problems.append(f"{len(missing)} added entries lost (with {undos} undos):"
                                 f" {missing[:5]}")
        self.check_commands()

    def check_commands(self):
        """Every --offline-ok command ended in time, and adds all succeeded."""
        slow = []
        for writer in self.writers:
            for operation, status, seconds, first, _began in writer.results:
                if status == -signal.SIGKILL:
                    continue
                if seconds > OFFLINE_BOUND:
                    slow.append(f"{writer.name} {operation} {seconds:.1f} s from"
                                f" t={self.at(_began)}")
                if status != 0 and (operation in ("add", "keep") or status != 1):
                    self.problems.append(f"{writer.name}: {operation} exit {status}: {first}")
        if slow:
            self.problems.append(f"{len(slow)} commands over {OFFLINE_BOUND:.0f} s: {slow[:3]}"
                                 f" (faults: {', '.join(self.timeline)})")

    def at(self, moment):
        return f"{moment - self.began:.1f}"

    def event(self, what):
        self.timeline.append(f"{what} at t={self.at(time.monotonic())}")

    def saved_offline(self, writer, after, before=None):
        """The writer's commands started after `after` and ended before `before` that worked
        offline: `Saved offline` after a change, or `Offline: …` after one that changed nothing
        (a move to the place the entry already held); a problem if none did."""
        if DIRECT["on"]:
            return 0
        results = [r for r in writer.results
                   if r[4] >= after and (before is None or r[4] + r[2] < before) and r[1] == 0]
        offline = [r for r in results if r[3].startswith(("Saved offline:", "Offline:"))]
        if results and not offline:
            self.problems.append(f"{writer.name}: none of {len(results)} commands while cut"
                                 f" off said “Saved offline”: {results[0][3]!r}")
        return len(offline)


def holds_rows(path, list_uuid):
    """Whether the SQLite file at `path` holds entries of the list."""
    connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=30)
    try:
        return bool(connection.execute(
            "SELECT 1 FROM entries e JOIN lists l ON e.list = l.id"
            " WHERE replace(lower(l.uuid), '-', '') = ? LIMIT 1", (list_uuid,)).fetchall())
    except sqlite3.Error:
        return False
    finally:
        connection.close()


def describe_difference(mine, truth):
    ids, true_ids = [i for i, _, _ in mine], [i for i, _, _ in truth]
    if set(ids) != set(true_ids):
        extra, lacking = set(ids) - set(true_ids), set(true_ids) - set(ids)
        return (f"{len(mine)} entries against {len(truth)}, {len(extra)} extra"
                f" {[t for i, t, _ in mine if i in extra][:3]}, {len(lacking)} missing"
                f" {[t for i, t, _ in truth if i in lacking][:3]}")
    if ids != true_ids:
        first = next(n for n, (a, b) in enumerate(zip(ids, true_ids, strict=True)) if a != b)
        return f"another order from position {first + 1}"
    changed = [(a, b) for a, b in zip(mine, truth, strict=True) if a != b]
    return f"{len(changed)} entries differ in text or category, first {changed[0]}"


def stop_for(proxy, seconds, stopper):
    proxy.signal(signal.SIGSTOP)
    stopper.wait(seconds)
    proxy.signal(signal.SIGCONT)


def kill_for(proxy, seconds, stopper):
    proxy.kill()
    stopper.wait(seconds)
    proxy.start()


def scenario(run, seconds):
    """The scenario's workload and fault. Returns nothing; problems go to `run.problems`."""
    name = run.name
    proxies = run.context["proxies"]
    if name == "start-offline":
        run.prime(("anna", "bob"))
        run.server.stop()
        run.faults += 1
        # carl's replica starts for the first time with the server down: an answer in time,
        # a success or one line of error.
        began = time.monotonic()
        first = run.replicas["carl"].run("show", "--json", "--list", LIST, timeout=60)
        took = time.monotonic() - began
        if took > OFFLINE_BOUND or first.status not in (0, 1) or \
                (first.status == 1 and first.err.count("\n") != 1):
            run.problems.append(f"carl's first start, server down: {first}, {took:.1f} s")
        run.notes.append(f"carl's first start with the server down: exit {first.status}"
                         f" in {took:.1f} s: {first.err.strip()[:120]!r}")
        began = time.monotonic()
        run.start_writers(seconds, ("anna1", "anna2", "bob"))
        time.sleep(seconds / 2)
        run.server.start()
        up = time.monotonic()
        run.join_writers()
        for writer in run.writers:
            run.saved_offline(writer, began, up - 0.5)
        return
    run.prime()
    if name == "calm":
        run.start_writers(seconds)
        run.join_writers()
        return
    if name == "partition":
        run.start_writers(seconds, undo=False)
        time.sleep(seconds / 6)
        stopper = threading.Event()
        cut = time.monotonic()
        # Longer than an --offline-ok command's 2 s attempt, so that bob's edit is made offline.
        black = max(seconds / 3, 5)
        black_hole = threading.Thread(target=stop_for, args=(proxies["bob"], black, stopper))
        black_hole.start()
        run.event(f"bob's proxy stopped for {black:.1f} s")
        refused = threading.Thread(target=kill_for,
                                   args=(proxies["carl"], max(seconds / 6, 2), stopper))
        refused.start()
        run.event(f"carl's proxy killed for {max(seconds / 6, 2):.1f} s")
        run.faults += 2
        time.sleep(0.3)
        # Both sides at “Doomed” and “Hot” while bob is cut off: bob edits “Doomed” and moves
        # “Hot” first, anna removes “Doomed” and moves “Hot” last, carl (refused) to second.
        entries = {t: i for i, t, _ in run.replicas["anna"].entries(run.list["uuid"])}
        run.doomed = entries.get("Doomed")
        results = {}

        def side(who, commands):
            for key, arguments in commands:
                results[key] = run.replicas[who].run(*arguments, "--list", LIST, timeout=60)

        sides = [threading.Thread(target=side, args=(who, commands)) for who, commands in (
            ("bob", [("bob edit", ["edit", run.doomed, "Doomed edited by bob"]),
                     ("bob mv", ["mv", entries["Hot"], "1"])]),
            ("anna", [("anna rm", ["rm", run.doomed]), ("anna mv", ["mv", entries["Hot"], "3"])]),
            ("carl", [("carl mv", ["mv", entries["Hot"], "2"])]))]
        for thread in sides:
            thread.start()
        for thread in sides:
            thread.join()
        for key, result in results.items():
            if result.status != 0:
                run.problems.append(f"{key}: {result}")
        edit = results.get("bob edit")
        if edit and not edit.err.startswith("Saved offline:"):
            run.problems.append(f"bob's edit of “Doomed” was not saved offline: {edit}")
        black_hole.join()
        refused.join()
        healed = time.monotonic()
        run.join_writers()
        run.saved_offline(run.writer("bob"), cut + 0.3, healed - 0.2)
        return
    if name == "kill":
        deadline = run.start_writers(seconds)
        chance = random.Random(f"{run.seed}/kill")
        while time.monotonic() < deadline - 0.5:
            process = run.replicas["anna"].start("sync", offline=False)
            time.sleep(chance.uniform(0.02, 0.4))
            if process.poll() is None:
                process.kill()
                run.faults += 1
            process.wait()
            if chance.random() < 0.3:
                victim = chance.choice(run.writers)
                if victim.kill():
                    run.faults += 1
        run.join_writers()
        return
    if name == "restart":
        run.start_writers(seconds)
        time.sleep(seconds / 3)
        run.server.cluster.pg_ctl("-m", "fast", "-l", str(run.server.cluster.data /
                                                          "server.log"), "restart")
        run.faults += 1
        time.sleep(seconds / 3)
        run.server.stop("immediate")
        time.sleep(1)
        run.server.start()
        run.faults += 1
        run.join_writers()
        return
    if name == "frozen":
        frozen(run)
        return
    if name in ("revoke", "prune"):
        run.start_writers(seconds)
        time.sleep(seconds / 4)
        proxies["bob"].signal(signal.SIGSTOP)
        cut = time.monotonic()
        run.event("bob's proxy stopped")
        run.faults += 1
        time.sleep(seconds / 2)
        bob = run.writer("bob")
        # Changes of bob's waiting for certain, whatever his writer is doing.
        offline_texts = []
        for number in range(2):
            text = f"keep bob offline s{run.seed % 1000} {number}"
            done = run.replicas["bob"].run("add", "--list", LIST, text, timeout=60)
            if done.status != 0 or not done.err.startswith("Saved offline:"):
                run.problems.append(f"bob's add while cut off: {done}")
            offline_texts.append(text)
        offline_texts += [t for t, began, _, status in bob.added if began > cut + 0.2
                          and status == 0]
        waiting = run.replicas["bob"].status() or {}
        if not waiting.get("waiting") and not DIRECT["on"]:
            run.problems.append(f"bob has no change waiting while cut off: {waiting}")
        if name == "revoke":
            bob.paused.set()
            run.server.admin("REVOKE doors FROM bob")
            run.event("bob revoked")
            run.revoked.add("bob")
            run.faults += 1
            run.offline_texts = offline_texts
        else:
            cursor = run.replicas["bob"].cursor(run.list["uuid"])
            if run.context["genuine_prune"]:
                # The log's own bound: more than 1,000 changes past bob's cursor, each its own
                # action, straight to the server.
                carl = run.replicas["carl"]
                for number in range(LOG_LIMIT + 5):
                    done = carl.run("add", "--list", LIST, f"bulk {number}", offline=False)
                    if done.status != 0:
                        run.problems.append(f"bulk add {number}: {done}")
                        break
                row = run.server.list_row()
                cut_at = row["pruned"]
            else:
                # What the log's bound does after 1,000 changes, at the current position: past
                # bob's cursor, after a change or two straight to the server when the others'
                # commands since the cut changed no entry (check-ins and undos do not).
                row = run.server.list_row()
                for number in range(5):
                    if cursor is None or row["seq"] - 1 > cursor:
                        break
                    run.replicas["carl"].run("add", "--list", LIST,
                                             f"keep prune s{run.seed % 1000} {number}",
                                             offline=False)
                    row = run.server.list_row()
                cut_at = row["seq"] - 1
                run.server.admin(f"BEGIN; DELETE FROM changes WHERE list = {row['id']} AND"
                                 f" seq <= {cut_at}; UPDATE lists SET pruned ="
                                 f" greatest(pruned, {cut_at}) WHERE id = {row['id']}; COMMIT")
            run.faults += 1
            if cursor is None or cursor >= cut_at:
                run.problems.append(f"the prune did not pass bob's cursor ({cursor} against"
                                    f" {cut_at})")
            bob.stopped.set()
            run.offline_texts = offline_texts
        if name == "prune":
            run.event("log pruned")
            proxies["bob"].signal(signal.SIGCONT)
            run.event("bob's proxy continued")
        run.join_writers()
        run.saved_offline(bob, cut + 0.3, cut + seconds / 2)
        return
    raise ValueError(name)


# Bob's session is ended after 10 s idle in its transaction; anna's sync waits for the lock
# that long, then does its work.
FROZEN_SYNC_BOUND = 20


def frozen(run):
    """bob's network black-holed while his command is inside its sending transaction, past
    `UPDATE lists SET seq = seq + 1` (the list's row locked): anna, whose network is fine, must
    still add within the bound (offline if it must), and her sync must succeed once the server
    has ended bob's session, idle in its transaction (`idle_in_transaction_session_timeout`,
    10 s, which Roster sets on its sessions)."""
    bob, anna, proxy = run.replicas["bob"], run.replicas["anna"], run.context["proxies"]["bob"]
    chance = random.Random(f"{run.seed}/frozen")
    locked = ("SELECT count(*) FROM pg_stat_activity WHERE usename = 'bob' AND state LIKE"
              " 'idle in transaction%' AND query LIKE 'UPDATE lists SET seq%'")
    caught = None
    for attempt in range(600):
        process = bob.start("add", "--list", LIST, f"keep bob frozen {attempt}")
        time.sleep(chance.uniform(0.01, 0.2))
        proxy.signal(signal.SIGSTOP)
        if run.server.admin(locked)[0][0] != "0":
            caught = process
            break
        proxy.signal(signal.SIGCONT)
        process.wait()
    if caught is None:
        run.problems.append("bob's command was never caught holding the list's lock")
        return
    run.faults += 1
    run.event(f"bob's proxy stopped inside his transaction, attempt {attempt + 1}")
    for command in (["add", "--list", LIST, "keep anna while bob is frozen"], ["sync"]):
        began = time.monotonic()
        done = anna.run(*command, offline=command[0] != "sync")
        took = time.monotonic() - began
        bound = OFFLINE_BOUND if command[0] != "sync" else FROZEN_SYNC_BOUND
        if took > bound or done.status != 0:
            run.problems.append(f"anna's {command[0]} while bob holds the list's lock: exit"
                                f" {done.status} in {took:.1f} s, {done.err.strip()!r}")
    proxy.signal(signal.SIGCONT)
    caught.wait()


def after_checks(run):
    """The scenario's own checks once converged."""
    row = run.server.list_row()
    truth, _ = run.server.entries(row["id"])
    texts = {t for _, t, _ in truth}
    if run.name == "partition" and getattr(run, "doomed", None):
        if any(i == uuid_hex(run.doomed) for i, _, _ in truth):
            run.problems.append("“Doomed” survived a remove concurrent with bob's edit, as"
                                f" {[t for i, t, _ in truth if i == uuid_hex(run.doomed)]}")
        told = [r for r in (run.replicas["bob"].status() or {}).get("rejected") or []
                if "Doomed" in str(r.get("entry"))]
        if not told:
            run.problems.append("bob's edit of the removed “Doomed” is not among his rejected:"
                                f" {(run.replicas['bob'].status() or {}).get('rejected')}")
    if run.name == "revoke":
        status = run.replicas["bob"].status() or {}
        arrived = [t for t in run.offline_texts if t in texts]
        if arrived:
            run.problems.append(f"{len(arrived)} of bob's changes made offline before his"
                                f" revocation reached the server: {arrived[:3]}")
        if run.offline_texts and not status.get("rejected"):
            run.problems.append(f"bob's {len(run.offline_texts)} offline adds are not"
                                " listed rejected")
        if status.get("waiting"):
            run.problems.append(f"bob still has {status.get('waiting')} changes waiting")
    if run.name == "prune":
        lacking = [t for t in run.offline_texts if t.startswith("keep ") and t not in texts]
        if lacking:
            run.problems.append(f"bob's offline adds not replayed after the prune: "
                                f"{lacking[:3]}")


def check_cli(binary):
    """Empty when the binary has issue 23's commands, else why not."""
    done = subprocess.run([binary, "help", "sync"], check=False, capture_output=True,
                          text=True, timeout=30)
    if done.returncode != 0 or "--status" not in done.stdout:
        return f"`roster help sync` does not describe sync --status: {done.stderr.strip()!r}"
    return ""


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=4,
                        help="the writers' time per scenario")
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--only", help="comma-separated scenario names")
    parser.add_argument("--binary", "--roster", dest="binary")
    parser.add_argument("--converge", type=float, default=60,
                        help="the longest healing may take, seconds")
    parser.add_argument("--checkin", action="store_true", help="check-ins in the workload")
    parser.add_argument("--genuine-prune", action="store_true",
                        help="prune by 1,000 real changes rather than by the two statements")
    parser.add_argument("--direct", action="store_true",
                        help="commands straight to the server: the scaffolding alone")
    options = parser.parse_args()
    DIRECT["on"] = options.direct
    binary = rosterproc.find_roster(options.binary)
    seed = options.seed if options.seed is not None else random.randrange(1 << 30)
    chosen = options.only.split(",") if options.only else SCENARIOS
    unknown = [n for n in chosen if n not in SCENARIOS + EXTRA]
    if unknown:
        parser.error(f"no scenario {unknown}; there are {SCENARIOS + EXTRA}")
    say(f"seed {seed}, {options.seconds:g} s of writers per scenario")
    missing = "" if options.direct else check_cli(binary)
    if missing:
        say(f"FAILED cli: {missing}")
        print("0 passed, 1 failed")
        return 1
    folder = tempfile.mkdtemp(prefix="roster-partition-")
    os.chmod(folder, 0o755)
    results = []
    try:
        cluster = Cluster(folder + "/cluster")
    except (RuntimeError, subprocess.SubprocessError, OSError) as error:
        say(f"FAILED cluster: {error}")
        print("0 passed, 1 failed")
        return 1
    proxies = {user: Proxy(cluster.port) for user in USERS}
    context = {"binary": binary, "folder": folder, "proxies": proxies,
               "checkin": options.checkin, "genuine_prune": options.genuine_prune}
    try:
        context["server"] = Server(cluster, binary)
        for name in (n for n in SCENARIOS + EXTRA if n in chosen):
            number = (SCENARIOS + EXTRA).index(name)
            scenario_seed = seed + number
            began = time.monotonic()
            run = None
            try:
                run = Run(name, number, scenario_seed, context)
                scenario(run, options.seconds)
                run.heal()
                took = run.converge(options.converge)
                if took is not None:
                    run.check()
                    after_checks(run)
            except (RuntimeError, subprocess.SubprocessError, OSError, sqlite3.Error,
                    AssertionError) as error:
                say(f"FAILED {name}: {type(error).__name__}: {str(error)[:300]}")
                results.append((name, False))
                if run is not None:
                    with contextlib.suppress(RuntimeError, subprocess.SubprocessError, OSError):
                        run.heal()
                continue
            operations = sum(len(w.results) for w in run.writers)
            waited = sum(len(r.seen_operations | r.seen_checkins) for r in run.replicas.values())
            for note in run.notes:
                say(f"{name}: {note}")
            if run.problems:
                say(f"{name}: seed {scenario_seed}, {run.faults} faults, {operations} commands,"
                    f" {waited} changes seen waiting")
                for problem in run.problems[1:]:
                    say(f"{name}: {problem}")
                say(f"FAILED {name}: {run.problems[0]}")
            else:
                say(f"ok {name} (seed {scenario_seed}, {run.faults} faults, converged in"
                    f" {took:.1f} s; {operations} commands, {waited} changes seen waiting,"
                    f" {time.monotonic() - began:.0f} s in all)")
            results.append((name, not run.problems))
    finally:
        for proxy in proxies.values():
            proxy.close()
        cluster.stop()
        shutil.rmtree(folder, ignore_errors=True)
    passed = sum(ok for _, ok in results)
    print(f"{passed} passed, {len(results) - passed} failed")
    return 0 if passed == len(results) else 1


if __name__ == "__main__":
    sys.exit(main())
