#!/usr/bin/env python3
"""Writers and `roster watch` on a real PostgreSQL server while things go wrong.

Starts a throwaway cluster (scripts/pg-cluster.sh), checks that a watcher follows lists created
and deleted meanwhile (lists), then runs multiwriter.py's workload (writers
colliding on one list, two watchers, every check) once without faults and once per fault, each
on a fresh database:

terminate     the watchers' and writers' backends killed with pg_terminate_backend, three times
restart       pg_ctl restart -m fast
crash         pg_ctl stop -m immediate, then start (the server runs recovery)
crash-in-commit
              the same while a writer's COMMIT is in the WAL but unanswered (a synchronous
              standby is named that never connects), and again if the writers still write:
              the writer cannot know the outcome, and must find its action committed, and not
              apply it again
timeout       writers under statement_timeout = 300 ms while another session holds the list's
              row lock for 2 s (the server log must show the timeouts)
proxy-kill    the watchers connect through a TCP proxy (tcpproxy.py), SIGKILLed, then started
              again 2 s later on the same port
proxy-stop    the proxy SIGSTOPped for 5 s (a black hole), then SIGCONT
proxy-hang    the proxy SIGSTOPped for 20 s, longer than a connection may stay silent
              (Connection.silenceLimit, 12 s): the watchers give their connections up,
              reconnect once the proxy runs again, and catch up
start-wait    a `roster add` started while the server is stopped, and the server started 1 s
              later: the command waits for it (Connection.refusedWait, startupWait) and adds
              the entry exactly once; a command with the server still stopped 3 s on fails
              with one line

After each: nothing acknowledged lost, nothing applied twice, nothing unacknowledged applied,
sequence numbers gap-free, and every watcher's copy equal to the stored list. Prints
`pgfaults: ok NAME` or `pgfaults: FAILED NAME` per scenario and `N passed, N failed`; exit
status 0 when all passed. A server that cannot be started is a failure, never a skip.
"""

import argparse
import os
import random
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "Reliability"))

import multiwriter  # noqa: E402
import rosterproc  # noqa: E402
import watchers  # noqa: E402
from sharedchecks import psql  # noqa: E402

BIN = Path("/usr/lib/postgresql/15/bin")


class Cluster:
    """A throwaway cluster in `folder`, started by scripts/pg-cluster.sh."""

    def __init__(self, folder):
        self.folder = folder
        out = subprocess.run(["bash", str(ROOT / "scripts/pg-cluster.sh"), "start", folder],
                             check=False, capture_output=True, text=True, timeout=180)
        if out.returncode != 0:
            raise RuntimeError(f"cannot start PostgreSQL: {out.stderr.strip()}")
        fields = dict(line.split("=", 1) for line in out.stdout.splitlines() if "=" in line)
        self.uri, self.port = fields["uri"], int(fields["port"])
        self.data = Path(folder) / "data"

    def database_uri(self, name, port=None):
        base = self.uri.rsplit("/", 1)[0]
        if port:
            base = base.replace(f":{self.port}", f":{port}")
        return f"{base}/{name}"

    def create(self, name, binary):
        psql(self.uri, f"CREATE DATABASE {name}")
        uri = self.database_uri(name)
        done = subprocess.run([binary, "--db", uri, "db", "init"], check=False,
                              capture_output=True, text=True, timeout=60)
        if done.returncode != 0:
            raise RuntimeError(f"db init: {done.stderr.strip()}")
        return uri

    def pg_ctl(self, *args):
        command = [str(BIN / "pg_ctl"), "-D", str(self.data), "-w", "-t", "60", *args]
        if os.getuid() == 0:
            command = ["runuser", "-u", "roster-pg", "--", *command]
        subprocess.run(command, check=True, capture_output=True, timeout=120)

    def log(self):
        return (self.data / "server.log").read_text(errors="replace")

    def stop(self):
        subprocess.run(["bash", str(ROOT / "scripts/pg-cluster.sh"), "stop", self.folder],
                       check=False, capture_output=True, timeout=120)


class Proxy:
    """tcpproxy.py between the watchers and the server."""

    def __init__(self, target_port):
        probe = socket.socket()
        probe.bind(("127.0.0.1", 0))
        self.port = probe.getsockname()[1]
        probe.close()
        self.target = target_port
        self.process = None
        self.start()

    def start(self):
        self.process = subprocess.Popen(
            [sys.executable, str(HERE / "tcpproxy.py"), "--listen", str(self.port), "--to",
             f"127.0.0.1:{self.target}"], stdout=subprocess.PIPE, text=True)
        self.process.stdout.readline()

    def kill(self):
        self.process.kill()
        self.process.wait()

    def signal(self, number):
        self.process.send_signal(number)

    def close(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGCONT)
            self.kill()


def rosters(binary, uri, folder, watch_uri=None, options=None):
    """The writers' and the watchers' Roster, each with an application name to find its
    backends by."""
    writers = rosterproc.Roster(binary, uri, folder)
    watching = rosterproc.Roster(binary, watch_uri or uri, folder)
    writers.env.update(ROSTER_DB=uri, PGAPPNAME="roster-writer")
    watching.env.update(ROSTER_DB=watch_uri or uri, PGAPPNAME="roster-watch")
    if options:
        writers.env["PGOPTIONS"] = options
    return writers, watching


def scenario_terminate(cluster, uri):
    def terminate():
        killed = 0
        for _ in range(3):
            rows = psql(cluster.uri, "SELECT count(pg_terminate_backend(pid)) FROM"
                                     " pg_stat_activity WHERE application_name LIKE 'roster-%'")
            killed += int(rows[0][0])
            time.sleep(1)  # the fault: a round of kills each second while the writers go on
        return [] if killed else ["no backend was terminated"]
    return terminate


def scenario_restart(cluster, uri):
    def restart():
        cluster.pg_ctl("-m", "fast", "-l", str(cluster.data / "server.log"), "restart")
    return restart


def scenario_crash(cluster, uri):
    def crash():
        cluster.pg_ctl("-m", "immediate", "stop")
        time.sleep(1)  # the fault: the server is down for a second
        cluster.pg_ctl("-l", str(cluster.data / "server.log"), "start")
    return crash


def scenario_crash_in_commit(cluster, uri):
    def crash_in_commit():
        waiting = "SELECT count(*) FROM pg_stat_activity WHERE wait_event = 'SyncRep'"
        crashes = 0
        for round_ in range(2):
            # Commits now wait for a standby's answer after their WAL record is written: the
            # crash strikes a writer between its commit and the reply, the rarest moment of
            # the plain crash.
            psql(cluster.uri, "ALTER SYSTEM SET synchronous_standby_names = 'nobody'")
            cluster.pg_ctl("reload")
            # The second round only while the writers still write (a loaded machine may have
            # let their time run out).
            deadline = time.monotonic() + (20 if round_ == 0 else 3)
            while time.monotonic() < deadline and psql(cluster.uri, waiting)[0][0] == "0":
                time.sleep(0.02)
            caught = psql(cluster.uri, waiting)[0][0] != "0"
            # For the start after the crash; the running server goes on waiting.
            psql(cluster.uri, "ALTER SYSTEM RESET synchronous_standby_names")
            if not caught:
                cluster.pg_ctl("reload")
                break
            cluster.pg_ctl("-m", "immediate", "stop")
            cluster.pg_ctl("-l", str(cluster.data / "server.log"), "start")
            crashes += 1
        print(f"pgfaults: crash-in-commit: {crashes} crashes, each with a COMMIT unanswered")
        return [] if crashes else ["no COMMIT waited for the standby"]
    return crash_in_commit


def scenario_timeout(cluster, uri):
    def timeout():
        before = cluster.log().count("canceling statement due to statement timeout")
        psql(uri, "BEGIN; SELECT 1 FROM lists WHERE title = 'Shared' FOR UPDATE;"
                  " SELECT pg_sleep(2); COMMIT;")
        after = cluster.log().count("canceling statement due to statement timeout")
        return [] if after > before else ["no statement timed out"]
    return timeout


def scenario_proxy_kill(proxy):
    def proxy_kill():
        proxy.kill()
        time.sleep(2)  # the fault: connections refused for two seconds
        proxy.start()
    return proxy_kill


def scenario_proxy_stop(proxy, seconds):
    def proxy_stop():
        proxy.signal(signal.SIGSTOP)
        time.sleep(seconds)  # the fault: a black hole for that long
        proxy.signal(signal.SIGCONT)
    return proxy_stop


def start_waited(binary, cluster, uri, folder):
    """A command started while the server is down waits for it to come up. Failures, if any."""
    roster = rosterproc.Roster(binary, uri, folder)
    roster.env["ROSTER_DB"] = uri
    roster.run("lists", "create", "Waiting", "--rule", "text")
    problems = []
    cluster.pg_ctl("-m", "fast", "stop")
    process = roster.start("add", "--list", "Waiting", "Ada Lovelace")
    time.sleep(1)  # the outage the add must wait out
    cluster.pg_ctl("-l", str(cluster.data / "server.log"), "start")
    _out, err = rosterproc.communicate(process, 60)
    if process.returncode != 0:
        problems.append(f"add while starting: status {process.returncode}, {err.strip()!r}")
    texts = [entry["text"] for entry in roster.show("Waiting")]
    if texts != ["Ada Lovelace"]:
        problems.append(f"after the wait the list holds {texts}")
    cluster.pg_ctl("-m", "fast", "stop")
    try:
        began = time.monotonic()
        late = roster.run("add", "--list", "Waiting", "Grace Hopper", timeout=60)
        seconds = time.monotonic() - began
    finally:
        cluster.pg_ctl("-l", str(cluster.data / "server.log"), "start")
    if late.status != 1 or late.out or late.err.count("\n") != 1 or seconds > 30:
        problems.append(f"add with the server down: {late}, {seconds:.1f} s")
    if [entry["text"] for entry in roster.show("Waiting")] != ["Ada Lovelace"]:
        problems.append("the refused add changed the list")
    return problems


def lists_followed(binary, uri, folder):
    """An all-lists watcher follows a list created meanwhile and reports its deletion; a
    watcher of that one list exits 1 with one line when it is deleted. Failures, if any."""
    roster = rosterproc.Roster(binary, uri, folder)
    roster.env["ROSTER_DB"] = uri
    roster.run("lists", "create", "Old", "--rule", "text")
    every = watchers.Watcher(roster)
    problems = [] if every.wait_following() else [f"no start: {every.stderr()}"]
    roster.run("lists", "create", "New", "--rule", "text")
    one = watchers.Watcher(roster, "New")
    if not one.wait_following():
        problems.append(f"no start: {one.stderr()}")
    roster.run("add", "--list", "New", "first", "second")
    roster.run("add", "--list", "Old", "old one")
    # The three adds printed before the list goes (they would be lost with it otherwise).
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and len(every.events("New") + every.events("Old")) < 3:
        time.sleep(0.02)
    roster.run("lists", "delete", "New")
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and "“New” was deleted." not in every.stderr():
        time.sleep(0.1)
    texts = [e["text"] for e in every.events("New") + every.events("Old")]
    if texts != ["first", "second", "old one"]:
        problems.append(f"all lists printed {texts}")
    if "Following the new list “New”." not in every.stderr():
        problems.append(f"no status for the new list: {every.stderr()}")
    if every.stop() != 0:
        problems.append("the all-lists watcher did not exit 0")
    status = one.process.wait(timeout=20)
    one.stop()
    if status != 1 or not one.stderr().endswith("roster: The list “New” was deleted."):
        problems.append(f"the one-list watcher: status {status}, {one.stderr()!r}")
    if [e["text"] for e in one.events("New")] != ["first", "second"]:
        problems.append("the one-list watcher missed its inserts")
    return problems


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=10, help="writes per scenario")
    parser.add_argument("--writers", type=int, default=3)
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--only", help="comma-separated scenario names")
    parser.add_argument("--roster")
    options = parser.parse_args()
    binary = rosterproc.find_roster(options.roster)
    seed = options.seed if options.seed is not None else random.randrange(1 << 30)
    folder = tempfile.mkdtemp(prefix="roster-pgfaults-")
    os.chmod(folder, 0o755)
    results = []
    try:
        cluster = Cluster(folder + "/cluster")
    except (RuntimeError, subprocess.SubprocessError, OSError) as error:
        print(f"pgfaults: FAILED cluster: {error}")
        print("0 passed, 1 failed")
        return 1
    proxy = Proxy(cluster.port)
    names = ["lists", "writers", "terminate", "restart", "crash", "crash-in-commit", "timeout",
             "proxy-kill", "proxy-stop", "proxy-hang", "start-wait"]
    chosen = options.only.split(",") if options.only else names
    try:
        for number, name in enumerate(n for n in names if n in chosen):
            uri = cluster.create(f"faults{number}", binary)
            if name in ("lists", "start-wait"):
                problems = (lists_followed(binary, uri, folder) if name == "lists"
                            else start_waited(binary, cluster, uri, folder))
                for problem in problems:
                    print(f"pgfaults: {problem}")
                results.append((name, not problems))
                print(f"pgfaults: {'FAILED' if problems else 'ok'} {name}", flush=True)
                continue
            watch_uri = None
            extra = None
            if name.startswith("proxy"):
                watch_uri = cluster.database_uri(f"faults{number}", proxy.port)
            if name == "timeout":
                extra = "-c statement_timeout=300"
            writers, watching = rosters(binary, uri, folder, watch_uri, extra)
            fault = {"writers": lambda _c, _u: None, "terminate": scenario_terminate,
                     "restart": scenario_restart, "crash": scenario_crash,
                     "crash-in-commit": scenario_crash_in_commit,
                     "timeout": scenario_timeout}.get(name)
            if name == "proxy-kill":
                made = scenario_proxy_kill(proxy)
            elif name in ("proxy-stop", "proxy-hang"):
                made = scenario_proxy_stop(proxy, 5 if name == "proxy-stop" else 20)
            else:
                made = fault(cluster, uri)
            status = multiwriter.run(writers, uri, options.seconds, options.writers,
                                     seed + number, watching, made)
            results.append((name, status == 0))
            print(f"pgfaults: {'ok' if status == 0 else 'FAILED'} {name}", flush=True)
    finally:
        proxy.close()
        cluster.stop()
        shutil.rmtree(folder, ignore_errors=True)
    passed = sum(ok for _, ok in results)
    print(f"{passed} passed, {len(results) - passed} failed")
    return 0 if passed == len(results) else 1


if __name__ == "__main__":
    sys.exit(main())
