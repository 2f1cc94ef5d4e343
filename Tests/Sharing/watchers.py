"""`roster watch --json` as a subprocess, and a copy of a list rebuilt from its lines."""

import json
import subprocess
import threading
import time


class Watcher:
    """One `roster watch --json [--list TITLE]` process, its lines read as they come."""

    def __init__(self, roster, title=None):
        args = [roster.binary, "watch", "--json"] + (["--list", title] if title else [])
        self.title = title
        self.process = subprocess.Popen(args, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE, env=roster.env)
        self.lines, self.errors = [], []
        self.lock = threading.Lock()
        self.readers = [threading.Thread(target=self._read, args=(self.process.stdout,
                                                                  self.lines), daemon=True),
                        threading.Thread(target=self._read, args=(self.process.stderr,
                                                                  self.errors), daemon=True)]
        for reader in self.readers:
            reader.start()

    def _read(self, stream, into):
        for raw in stream:
            with self.lock:
                into.append(raw.decode("utf-8", "replace").rstrip("\n"))

    def wait_following(self, seconds=20):
        """Waits for the status line that says it is following; False when it never came."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            with self.lock:
                if any("Watching" in line for line in self.errors):
                    return True
            if self.process.poll() is not None:
                return False
            time.sleep(0.02)
        return False

    def events(self, title):
        """The parsed lines about list `title`; a line that is not JSON raises."""
        with self.lock:
            lines = list(self.lines)
        parsed = [json.loads(line) for line in lines]
        return [event for event in parsed if event.get("list") == title]

    def stderr(self):
        with self.lock:
            return "\n".join(self.errors)

    def stop(self):
        """SIGINT, then the exit status (None when it had to be killed)."""
        if self.process.poll() is None:
            self.process.send_signal(2)
        try:
            status = self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
            status = None
        for reader in self.readers:
            reader.join(timeout=5)
        return status


def replay(events, start):
    """`start` ([(id, text)]) with the events applied in order, as a consumer would."""
    entries = list(start)
    for event in events:
        ident, text, kind = event["id"], event.get("text"), event["kind"]
        where = event.get("position", 1) - 1
        if kind == "insert":
            entries.insert(min(where, len(entries)), (ident, text))
        elif kind == "remove":
            entries = [entry for entry in entries if entry[0] != ident]
        elif kind == "update":
            entries = [(i, text if i == ident else t) for (i, t) in entries]
        elif kind == "move":
            entries = [entry for entry in entries if entry[0] != ident]
            entries.insert(min(where, len(entries)), (ident, text))
        else:
            raise AssertionError(f"unknown kind in {event}")
    return entries
