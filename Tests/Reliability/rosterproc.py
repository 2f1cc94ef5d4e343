"""Running the built `roster` binary from the reliability scripts, and reading its database."""

import json
import os
import resource
import signal
import sqlite3
import subprocess
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def find_roster(given=None):
    """The roster executable: the one given, $ROSTER, else .build/debug or .build/release."""
    for candidate in [given, os.environ.get("ROSTER"), ROOT / ".build/debug/roster",
                      ROOT / ".build/release/roster"]:
        if candidate and os.access(candidate, os.X_OK):
            return str(candidate)
    raise SystemExit("roster is not built: run `swift build` first")


class Result:
    def __init__(self, status, out, err, max_rss_kb=0, seconds=0.0):
        self.status, self.out, self.err = status, out, err
        self.max_rss_kb, self.seconds = max_rss_kb, seconds

    def __repr__(self):
        return f"<status {self.status} out {self.out[:300]!r} err {self.err[:300]!r}>"


class Roster:
    """`roster` with one database, no colour and a private HOME."""

    def __init__(self, binary, database, home):
        self.binary, self.database = binary, str(database)
        self.env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(home),
                    "NO_COLOR": "1", "LANG": "C.UTF-8", "ROSTER_DB": str(database),
                    "SWIFT_BACKTRACE": "enable=no"}

    def start(self, *args, stdin=None, limits=None, nobody=False):
        """Starts roster; stdin is a path, or None for /dev/null. `limits` maps RLIMIT_*
        to values; `nobody` runs it as user nobody when this is root (root ignores modes)."""
        def preexec():
            # A write past RLIMIT_FSIZE then fails with EFBIG instead of killing with SIGXFSZ.
            signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
            for (which, value) in (limits or {}).items():
                resource.setrlimit(which, (value, value))
            if nobody and os.getuid() == 0:
                os.setgid(65534)
                os.setuid(65534)
        # The child holds its own copy of the descriptor, so ours can close at once.
        with open(stdin or os.devnull, "rb") as source:
            return subprocess.Popen([self.binary, *args], stdin=source, stdout=subprocess.PIPE,
                                    stderr=subprocess.PIPE, env=self.env,
                                    preexec_fn=preexec if limits or nobody else None)

    def run(self, *args, stdin=None, limits=None, nobody=False, timeout=120):
        """Runs roster to the end, with its maximum resident set size (from wait4)."""
        began = time.monotonic()
        process = self.start(*args, stdin=stdin, limits=limits, nobody=nobody)
        out, err = communicate(process, timeout)
        return Result(process.returncode, out, err, process.max_rss_kb,
                      time.monotonic() - began)

    def show(self, title):
        result = self.run("show", "--json", "--list", title)
        if result.status != 0:
            raise AssertionError(f"show {title}: {result}")
        text = result.out.strip()
        return [] if not text.startswith("[") else json.loads(text)


def communicate(process, timeout):
    """Like Popen.communicate, but also records the child's peak RSS from wait4."""
    out, err = b"", b""
    try:
        out, err = process.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        process.kill()
        out, err = process.communicate()
    process.max_rss_kb = getattr(process, "max_rss_kb", 0)
    return out.decode("utf-8", "replace"), err.decode("utf-8", "replace")


# Popen reaps with waitpid; reap with wait4 instead to learn the child's peak RSS.
_original_try_wait = subprocess.Popen._try_wait


def _try_wait(self, wait_flags):
    try:
        pid, status, usage = os.wait4(self.pid, wait_flags)
    except ChildProcessError:
        return (self.pid, 0)
    if pid == self.pid:
        self.max_rss_kb = usage.ru_maxrss
    return (pid, status)


subprocess.Popen._try_wait = _try_wait


def integrity(database):
    """PRAGMA integrity_check of the file, read by Python's own SQLite."""
    connection = sqlite3.connect(f"file:{database}?mode=ro", uri=True, timeout=30)
    try:
        return connection.execute("PRAGMA integrity_check").fetchone()[0]
    finally:
        connection.close()


def order_keys_sound(database, title, shown_ids=None):
    """The list's entries have distinct order keys, its kept entry count is right, and (given
    the ids `roster show` printed, in order) the list's order is the key order."""
    connection = sqlite3.connect(f"file:{database}?mode=ro", uri=True, timeout=30)
    try:
        rows = connection.execute(
            "SELECT e.key, lower(hex(e.id)) FROM entries e JOIN lists l ON e.list = l.id"
            " WHERE l.title = ? ORDER BY e.key", (title,)).fetchall()
        size = connection.execute("SELECT size FROM lists WHERE title = ?", (title,)).fetchone()
    finally:
        connection.close()
    keys = [key for key, _ in rows]
    if len(keys) != len(set(keys)) or (size is not None and size[0] != len(keys)):
        return False
    return shown_ids is None or [i.replace("-", "").lower() for i in shown_ids] == \
        [ident for _, ident in rows]
