#!/usr/bin/env python3
"""Killed and concurrent `roster` writers: nothing reported done is lost, nothing is half done.

Two phases, each bounded by --seconds (and kills by --rounds), stopping by itself:

kills        Each worker owns a list and keeps an exact model of it (ids, texts, categories,
             order). It runs add, edit, mv, rm, batch rm, import (sometimes with a bad row, so
             refused as a whole) and undo, one roster process at a time, while a killer
             SIGKILLs running processes at random moments. After every action the worker reads
             the list back: a completed action must be there exactly; a killed one must be
             either wholly there or wholly absent (never half of a batch delete, import or
             move). Every round ends with PRAGMA integrity_check, order-key checks, and
             undo/redo of the last action of every list.
             With --app (default: auto, when roster-app is built and Xvfb is installed) the
             desktop app runs on the same database in a headless X server for the whole
             phase, syncing the list it shows every 500 ms; it must stay up, and none of the
             checks may change because it reads while writers are killed.
concurrency  Several workers add, edit, move and delete in ONE list at once, each touching
             only entries it created. No action may fail (no "database is locked"); at the
             end every worker finds exactly its entries with their last texts, the entries
             it never moved in the order it added them, and no id twice.

Prints figures for docs/reliability.md; exit status 0 when every check held.
"""

import argparse
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from rosterproc import Roster, find_roster, integrity, order_keys_sound

NAMES = ["Anna", "Zoë", "Łukasz", "Ngozi", "Søren", "Mei", "Olu", "Aroha", "Иван", "Δήμητρα",
         "José", "Nguyễn", "O’Brien", "Fatima", "Kwame"]


class Failure(Exception):
    pass


class Stats:
    def __init__(self):
        self.lock = threading.Lock()
        self.counts = {}

    def add(self, key, amount=1):
        with self.lock:
            self.counts[key] = self.counts.get(key, 0) + amount

    def __getitem__(self, key):
        return self.counts.get(key, 0)


def entries_of(roster, title):
    return [(e["id"], e["text"], e["category"]) for e in roster.show(title)]


def check_stderr(err, where):
    lowered = err.lower()
    if "locked" in lowered or "busy" in lowered:
        raise Failure(f"{where}: a busy database reached the user: {err.strip()}")


class KillWorker:
    """One list, one exact model, actions one at a time, some of them killed."""

    def __init__(self, number, roster, stats, rng, deadline):
        self.title = f"Soak {number}"
        self.roster, self.stats, self.rng, self.deadline = roster, stats, rng, deadline
        self.model = []          # [(id, text, category)] in list order
        self.history = []        # models before each applied action, for undo
        self.current = None      # the running process, for the killer
        self.lock = threading.Lock()
        beside = Path(roster.database).parent
        self.folder = Path(tempfile.mkdtemp(prefix=f"soak-{number}-", dir=beside))
        self.counter = 0
        self.durations = {}      # label → a moving average of how long it takes

    def name(self):
        # A valid text-rule name that is unique in this list.
        self.counter += 1
        return f"{self.rng.choice(NAMES)} {self.counter}"

    def plan(self):
        """The next action: (label, argv, stdin path, model after it, multi-row?)."""
        model, rng = self.model, self.rng
        choice = rng.random()
        if not model or choice < 0.25:
            texts = [self.name() for _ in range(rng.randint(1, 3))]
            category = rng.choice([None, "Guests", "Family"])
            argv = ["add", *texts] + (["--category", category] if category else [])
            return ("add", argv, None, None, {"texts": texts, "category": category})
        if choice < 0.40:
            index = rng.randrange(len(model))
            text = self.name()
            after = list(model)
            after[index] = (model[index][0], text, model[index][2])
            return ("edit", ["edit", model[index][0], text], None, after, None)
        if choice < 0.55 and len(model) >= 2:
            index = rng.randrange(len(model))
            target = rng.choice([i for i in range(len(model)) if i != index])
            after = list(model)
            entry = after.pop(index)
            after.insert(target, entry)
            return ("mv", ["mv", model[index][0], str(target + 1)], None, after, None)
        if choice < 0.65:
            index = rng.randrange(len(model))
            after = model[:index] + model[index + 1:]
            return ("rm", ["rm", model[index][0]], None, after, None)
        if choice < 0.75 and len(model) >= 3:
            chosen = rng.sample(range(len(model)), rng.randint(2, min(6, len(model))))
            after = [e for i, e in enumerate(model) if i not in chosen]
            return ("batch rm", ["rm", *[model[i][0] for i in chosen]], None, after, None)
        if choice < 0.92 or len(model) > 400:
            rows = rng.randint(20, 400)
            path = self.folder / "import.csv"
            added = [(str(uuid.uuid4()), self.name(), rng.choice(["", "Imported"]))
                     for _ in range(rows)]
            bad = rng.random() < 0.2
            with open(path, "w", encoding="utf-8", newline="") as file:
                file.write("id,text,category\r\n")
                for i, (ident, text, category) in enumerate(added):
                    if bad and i == rows // 2:
                        file.write(f"{uuid.uuid4()},\u202e{text},\r\n")  # bidi control: refused
                    file.write(f"{ident},{text},{category}\r\n")
            after = None if bad else model + [(i, t, c or None) for (i, t, c) in added]
            if rng.random() < 0.5:  # from standard input, which roster spools first
                return ("import", ["import", "-"], str(path), after, {"refused": bad})
            return ("import", ["import", str(path)], None, after, {"refused": bad})
        return ("undo", ["undo"], None, self.history[-1] if self.history else None, None)

    def act(self, killer_enabled):
        label, argv, stdin, after, extra = self.plan()
        before = self.model
        began = time.monotonic()
        process = self.roster.start(*argv, "--list", self.title, stdin=stdin)
        with self.lock:
            self.current = process
        # Kill about a third of the actions at a random moment of their expected lifetime, so
        # kills land in start-up, mid-transaction and after the commit.
        timer = None
        if killer_enabled and self.rng.random() < 0.35:
            expected = self.durations.get(label, 0.1)
            early = self.rng.random() < 0.5
            share = self.rng.uniform(0, 1.2) if early else self.rng.uniform(0.8, 1.05)
            timer = threading.Timer(share * expected, self.kill_current)
            timer.start()
        out, err = process.communicate(timeout=120)
        if timer:
            timer.cancel()
        with self.lock:
            self.current = None
        if process.returncode == 0:
            took = time.monotonic() - began
            self.durations[label] = 0.8 * self.durations.get(label, took) + 0.2 * took
        out, err = out.decode(errors="replace"), err.decode(errors="replace")
        status = process.returncode
        state = entries_of(self.roster, self.title)
        if status == -signal.SIGKILL:
            self.stats.add("kills landed")
            self.stats.add(f"killed {label}")
            return self.resolve_killed(label, before, after, state, extra)
        if status != 0:
            check_stderr(err, f"{self.title} {label}")
            if label == "import" and extra["refused"]:
                if state != before:
                    raise Failure(f"{self.title}: a refused import changed the list")
                self.stats.add("refused imports verified")
                return
            if label == "undo" and not self.history:
                return
            raise Failure(f"{self.title}: {label} {argv} failed: {status} {err.strip()}")
        if label == "import" and extra["refused"]:
            raise Failure(f"{self.title}: an import with a refused row went through: {out}")
        if label == "add":
            after = self.after_add(before, state, extra)
            ids = [line.split()[1] for line in out.splitlines() if line.startswith("Added ")]
            if len(ids) != len(extra["texts"]) or [e[0][:8] for e in after[len(before):]] != ids:
                shown = after[len(before):]
                raise Failure(f"{self.title}: add reported {out!r}, list shows {shown}")
        if label == "undo":
            after = self.history.pop() if self.history else before
        if state != after:
            raise Failure(f"{self.title}: after {label} {argv}\nexpected {after}\nfound    {state}")
        if label != "undo":
            self.history.append(before)
        self.model = state
        self.stats.add("actions verified")

    def after_add(self, before, state, extra):
        """The model after an add: the new ids are only known from the list."""
        if len(state) != len(before) + len(extra["texts"]) or state[:len(before)] != before:
            raise Failure(f"{self.title}: add changed more than it added: {before} → {state}")
        expected = [(e[0], text, extra["category"])
                    for e, text in zip(state[len(before):], extra["texts"], strict=True)]
        return before + expected

    def resolve_killed(self, label, before, after, state, extra):
        """A killed action is wholly applied or wholly absent."""
        if state == before:
            self.stats.add("killed actions absent")
            return
        if label == "add" and len(state) == len(before) + len(extra["texts"]):
            after = self.after_add(before, state, extra)
        if label == "undo" and not self.history:
            after = None
        if after is not None and state == after:
            if label == "undo":
                self.history.pop()
            else:
                self.history.append(before)
            self.model = state
            self.stats.add("killed actions applied whole")
            return
        raise Failure(f"{self.title}: killed {label} left a half-applied list:\n"
                      f"before {before}\nexpected {after}\nfound  {state}")

    def kill_current(self):
        with self.lock:
            if self.current and self.current.poll() is None:
                self.current.send_signal(signal.SIGKILL)
                self.stats.add("kills sent")


def run_threads(work, workers, errors):
    """Runs work(worker) for every worker at once; raises the first error any of them met."""
    threads = [threading.Thread(target=work, args=(w,)) for w in workers]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if errors:
        raise errors[0]


class DesktopApp:
    """roster-app on the soak's database, in its own Xvfb and D-Bus session."""

    def __init__(self, binary, database, folder):
        # Open for the app's lifetime; close() closes it.
        self.log = open(folder / "roster-app.log", "w")  # noqa: SIM115
        display_file = folder / "display"
        # Xvfb picks a free display and writes its number to the descriptor given.
        descriptor = os.open(display_file, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        self.xvfb = subprocess.Popen(
            ["Xvfb", "-displayfd", str(descriptor), "-screen", "0", "1280x800x24", "-nolisten",
             "tcp"], pass_fds=(descriptor,), stdout=self.log, stderr=subprocess.STDOUT)
        os.close(descriptor)
        deadline = time.monotonic() + 15
        while not display_file.read_text().strip() and time.monotonic() < deadline:
            time.sleep(0.1)
        display = display_file.read_text().strip()
        if not display:
            raise Failure("Xvfb did not start")
        env = dict(os.environ, DISPLAY=f":{display}", GSK_RENDERER="cairo", ROSTER_DB=str(database),
                   HOME=str(folder), NO_AT_BRIDGE="1")
        self.process = subprocess.Popen(["dbus-run-session", "--", binary], env=env,
                                        stdout=self.log, stderr=subprocess.STDOUT)
        time.sleep(3)  # the window opens and loads the first list
        self.check_alive("at start")

    def check_alive(self, when):
        if self.process.poll() is not None:
            self.log.flush()
            tail = (Path(self.log.name).read_text(errors="replace"))[-600:]
            raise Failure(f"roster-app exited ({self.process.returncode}) {when}: {tail}")

    def close(self):
        for process in (self.process, self.xvfb):
            process.terminate()
            try:
                process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                process.kill()
        self.log.close()


def find_app(roster_binary, wanted):
    """roster-app next to roster, when asked for (or `auto` and Xvfb is installed)."""
    if wanted == "no":
        return None
    default = str(Path(roster_binary).parent / "roster-app")
    path = wanted if wanted not in ("auto", "yes") else default
    ready = os.access(path, os.X_OK) and shutil.which("Xvfb") and shutil.which("dbus-run-session")
    if not ready and wanted != "auto":
        raise SystemExit(f"soak: cannot run the app: {path} or Xvfb or dbus-run-session missing")
    return path if ready else None


def kill_phase(binary, folder, args, stats):
    roster = Roster(binary, folder / "kills.sqlite3", folder)
    rng = random.Random(args.seed)
    deadline = time.monotonic() + args.seconds
    workers = []
    for number in range(args.workers):
        result = roster.run("lists", "create", f"Soak {number}", "--rule", "text")
        if result.status != 0:
            raise Failure(f"cannot create a list: {result}")
        workers.append(KillWorker(number, roster, stats, random.Random(rng.random()), deadline))
    app = None
    if args.app_binary:
        app = DesktopApp(args.app_binary, roster.database, folder)
        stats.add("app: rounds with roster-app open", 0)
    try:
        kill_rounds(roster, workers, args, stats, rng, deadline, app)
    finally:
        if app:
            app.close()


def kill_rounds(roster, workers, args, stats, rng, deadline, app):
    errors = []
    for round_number in range(args.rounds):
        if time.monotonic() > deadline:
            break
        stop = threading.Event()

        def work(worker, stop=stop):
            try:
                for _ in range(args.actions):
                    if stop.is_set():
                        break
                    worker.act(True)
            except Exception as error:  # noqa: BLE001 - reported below
                errors.append(error)
                stop.set()

        run_threads(work, workers, errors)
        check = integrity(roster.database)
        if check != "ok":
            raise Failure(f"round {round_number}: integrity_check: {check}")
        for worker in workers:
            if not order_keys_sound(roster.database, worker.title, [e[0] for e in worker.model]):
                raise Failure(f"{worker.title}: order keys or entry count unsound")
            check_undo(roster, worker, stats)
        if app:
            app.check_alive(f"in round {round_number}")
            stats.add("app: rounds with roster-app open")
        stats.add("rounds")


def check_undo(roster, worker, stats):
    """Undo restores the list before its last action; redo brings the action back."""
    if not worker.history:
        return
    before, now = worker.history[-1], worker.model
    result = roster.run("undo", "--list", worker.title)
    if result.status != 0 or entries_of(roster, worker.title) != before:
        raise Failure(f"{worker.title}: undo after kills: {result}")
    result = roster.run("redo", "--list", worker.title)
    if result.status != 0 or entries_of(roster, worker.title) != now:
        raise Failure(f"{worker.title}: redo after kills: {result}")
    stats.add("undo/redo checks")


class SharedWorker:
    """Adds, edits, moves and deletes its own entries in a list others write at once."""

    def __init__(self, number, roster, stats, rng, title):
        self.tag, self.title = f"w{number}", title
        self.roster, self.stats, self.rng = roster, stats, rng
        self.texts = {}      # id → text
        self.order = []      # ids in the order added, without the moved ones
        self.moved = set()
        self.counter = 0

    def run(self, deadline):
        while time.monotonic() < deadline:
            self.step()

    def call(self, *argv):
        result = self.roster.run(*argv, "--list", self.title)
        check_stderr(result.err, f"{self.tag} {argv[0]}")
        if result.status != 0:
            raise Failure(f"{self.tag}: {argv} failed: {result}")
        self.stats.add("concurrent actions")
        return result

    def step(self):
        rng, mine = self.rng, list(self.texts)
        choice = rng.random()
        self.counter += 1
        if not mine or choice < 0.4:
            texts = [f"{self.tag} n{self.counter} {i}" for i in range(rng.randint(1, 3))]
            result = self.call("add", *texts, "--json")
            for entry in json.loads(result.out):
                self.texts[entry["id"]] = entry["text"]
                self.order.append(entry["id"])
        elif choice < 0.65:
            ident = rng.choice(mine)
            self.texts[ident] = f"{self.tag} e{self.counter}"
            self.call("edit", ident, self.texts[ident])
        elif choice < 0.85:
            ident = rng.choice(mine)
            self.call("mv", ident, str(rng.randint(1, len(mine))))
            self.moved.add(ident)
        else:
            idents = rng.sample(mine, min(len(mine), rng.randint(1, 3)))
            self.call("rm", *idents)
            for ident in idents:
                del self.texts[ident]
                self.moved.discard(ident)
                self.order.remove(ident)


def concurrency_phase(binary, folder, args, stats):
    roster = Roster(binary, folder / "shared.sqlite3", folder)
    title = "Shared"
    result = roster.run("lists", "create", title, "--rule", "text")
    if result.status != 0:
        raise Failure(f"cannot create the shared list: {result}")
    rng = random.Random(args.seed + 1)
    workers = [SharedWorker(n, roster, stats, random.Random(rng.random()), title)
               for n in range(args.workers)]
    errors = []
    deadline = time.monotonic() + args.seconds

    def work(worker):
        try:
            worker.run(deadline)
        except Exception as error:  # noqa: BLE001 - reported below
            errors.append(error)

    run_threads(work, workers, errors)
    shown = roster.show(title)
    ids = [e["id"] for e in shown]
    if len(ids) != len(set(ids)):
        raise Failure("the shared list shows an id twice")
    if [e["position"] for e in shown] != list(range(1, len(shown) + 1)):
        raise Failure("the shared list's positions are not 1…n")
    texts = {e["id"]: e["text"] for e in shown}
    tags = tuple(worker.tag + " " for worker in workers)
    if not all(text.startswith(tags) for text in texts.values()):
        raise Failure("the shared list holds an entry no worker added")
    for worker in workers:
        found = {i: t for i, t in texts.items() if t.startswith(worker.tag + " ")}
        if found != worker.texts:
            lost = set(worker.texts.items()) - set(found.items())
            extra = set(found.items()) - set(worker.texts.items())
            raise Failure(f"{worker.tag}: lost {sorted(lost)[:5]}, unexplained {sorted(extra)[:5]}")
        unmoved = [i for i in ids if i in worker.texts and i not in worker.moved]
        if unmoved != [i for i in worker.order if i not in worker.moved]:
            raise Failure(f"{worker.tag}: entries it never moved changed order")
        stats.add("concurrent entries verified", len(found))
    if integrity(roster.database) != "ok" or not order_keys_sound(roster.database, title, ids):
        raise Failure("the shared database is unsound after concurrent writers")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--roster", help="the roster executable (default: .build/debug/roster)")
    parser.add_argument("--seconds", type=float, default=20, help="time bound of each phase")
    parser.add_argument("--rounds", type=int, default=20, help="kill rounds at most")
    parser.add_argument("--actions", type=int, default=15, help="actions per worker per round")
    parser.add_argument("--workers", type=int, default=3)
    parser.add_argument("--seed", type=int, default=int(time.time()))
    parser.add_argument("--phase", choices=["kills", "concurrency", "both"], default="both")
    parser.add_argument("--keep", action="store_true", help="keep the databases")
    parser.add_argument("--app", default="auto",
                        help="roster-app open during the kills: auto, yes, no or its path")
    args = parser.parse_args()
    binary = find_roster(args.roster)
    args.app_binary = find_app(binary, args.app)
    folder = Path(tempfile.mkdtemp(prefix="roster-soak-"))
    stats = Stats()
    print(f"soak: seed {args.seed}, {args.workers} workers, {args.seconds:g}s per phase, "
          f"in {folder}; roster-app {'open' if args.app_binary else 'not run'}", flush=True)
    began = time.monotonic()
    try:
        if args.phase in ("kills", "both"):
            kill_phase(binary, folder, args, stats)
        if args.phase in ("concurrency", "both"):
            concurrency_phase(binary, folder, args, stats)
    except Failure as failure:
        print(f"soak: FAILED (seed {args.seed}, files in {folder}): {failure}", flush=True)
        return 1
    finally:
        elapsed = time.monotonic() - began
        for key in sorted(stats.counts):
            print(f"soak: {key}: {stats[key]}")
        print(f"soak: {elapsed:.1f}s")
    if not args.keep:
        shutil.rmtree(folder, ignore_errors=True)
    print("soak: ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
