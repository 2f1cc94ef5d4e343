"""A throwaway PostgreSQL cluster for the sharing scenarios (scripts/pg-cluster.sh), started
on first use and stopped at the end of the run: a database with Roster's schema, a team
"doors" and two members, anna and bob, each with their own login."""

import os
import signal
import socket
import subprocess
import sys
import tempfile

PSQL = "/usr/lib/postgresql/15/bin/psql"
SCRIPT = os.path.join(os.path.dirname(__file__), "..", "..", "scripts", "pg-cluster.sh")
TCPPROXY = os.path.join(os.path.dirname(__file__), "..", "Sharing", "tcpproxy.py")
PASSWORD = "ui-secret-7"

_cluster = {}


def _run(*args, **kwargs):
    return subprocess.run(list(args), check=True, capture_output=True, text=True, **kwargs)


def cluster():
    """The cluster's folder and port, started (with the team and the list "Guests") once."""
    if _cluster:
        return _cluster
    folder = tempfile.mkdtemp(prefix="rui-pg-", dir="/tmp")
    output = _run("bash", SCRIPT, "start", folder, str(os.getpid())).stdout
    values = dict(line.split("=", 1) for line in output.splitlines() if "=" in line)
    _cluster.update(folder=folder, port=values["port"], uri=values["uri"])
    superuser = values["uri"]
    _run(PSQL, "-X", "-q", "-v", "ON_ERROR_STOP=1", "-d", superuser, "-c",
         "CREATE DATABASE roster_ui")
    owner = superuser.rsplit("/", 1)[0] + "/roster_ui"
    _run("roster", "--db", owner, "db", "init")
    _run(PSQL, "-X", "-q", "-v", "ON_ERROR_STOP=1", "-d", owner, "-c",
         f"CREATE ROLE doors NOLOGIN; CREATE ROLE anna LOGIN PASSWORD '{PASSWORD}';"
         f" CREATE ROLE bob LOGIN PASSWORD '{PASSWORD}'; GRANT doors TO anna, bob;")
    _run("roster", "--db", uri("anna"), "lists", "create", "Guests", "--team", "doors")
    return _cluster


def fresh_list():
    """Makes "Guests" anew, empty, so that each scenario starts from nothing."""
    cluster()
    _run("roster", "--db", uri("anna"), "lists", "delete", "Guests")
    _run("roster", "--db", uri("anna"), "lists", "create", "Guests", "--team", "doors")


def uri(role, port=None):
    """The URI `role` connects with (through `port`, a proxy's, when given)."""
    return f"postgresql://{role}:{PASSWORD}@127.0.0.1:{port or cluster()['port']}/roster_ui"


def app_setup(role, port=None, state=None):
    """The App arguments for a window of `role`: its URI, a data folder of its own, and a
    state folder for its replica (`state`, to share one with another window of the same user;
    a new one otherwise)."""
    data = tempfile.mkdtemp(prefix=f"rui-{role}-")
    state = state or tempfile.mkdtemp(prefix=f"rui-{role}-state-")
    return {"db": uri(role, port), "extra_env": {"XDG_DATA_HOME": data, "XDG_STATE_HOME": state}}


class Proxy:
    """Tests/Sharing/tcpproxy.py in front of the server, for one window: killed, its
    connections are reset and new ones refused; stopped (SIGSTOP), it is a black hole."""

    def __init__(self):
        probe = socket.socket()
        probe.bind(("127.0.0.1", 0))
        self.port = probe.getsockname()[1]
        probe.close()
        self.process = None
        self.start()

    def start(self):
        self.process = subprocess.Popen(
            [sys.executable, TCPPROXY, "--listen", str(self.port), "--to",
             f"127.0.0.1:{cluster()['port']}"], stdout=subprocess.PIPE, text=True)
        self.process.stdout.readline()

    def kill(self):
        self.process.kill()
        self.process.wait()

    def pause(self):
        self.process.send_signal(signal.SIGSTOP)

    def go_on(self):
        self.process.send_signal(signal.SIGCONT)

    def close(self):
        if self.process.poll() is None:
            self.go_on()
            self.kill()
        self.process.stdout.close()


def stop_server():
    _run("bash", SCRIPT, "stop", cluster()["folder"])


def resume_server():
    _run("bash", SCRIPT, "resume", cluster()["folder"])


def stop_cluster():
    """Stops the cluster, if one was started, and removes its folder."""
    if not _cluster:
        return
    subprocess.run(["bash", SCRIPT, "stop", _cluster["folder"]], check=False,
                   capture_output=True)
    subprocess.run(["rm", "-rf", _cluster["folder"]], check=False)
    _cluster.clear()
