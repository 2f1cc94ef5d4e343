#!/usr/bin/env bash
# A throwaway PostgreSQL 15 cluster for tests and for trying sharing on one machine.
#
#   scripts/pg-cluster.sh start DIR   creates and starts a cluster in DIR (a new or empty folder)
#   scripts/pg-cluster.sh stop DIR    stops it (DIR stays; remove it yourself)
#   scripts/pg-cluster.sh resume DIR  starts a stopped cluster again, on the same port
#   scripts/pg-cluster.sh start DIR PID   also stops it and removes DIR once process PID is gone
#                                         (the test process that started it, however it ends)
#
# The server runs as a non-root user (initdb refuses root): as yourself, or, when run as root
# (CI), as the system user `roster-pg`, created when missing. It listens on a Unix socket in
# DIR/socket and on 127.0.0.1 at a free port, with scram-sha-256 for every connection, and its
# superuser `roster` has a random password kept in DIR/password (mode 0600).
#
# `start` prints three lines, for scripts to read:
#   uri=postgresql://roster:PASSWORD@127.0.0.1:PORT/postgres
#   socket=DIR/socket
#   port=PORT
set -euo pipefail

bin=/usr/lib/postgresql/15/bin
usage() { echo "usage: $0 start|stop DIR" >&2; exit 2; }
[ $# -eq 2 ] || [ $# -eq 3 ] || usage
action=$1
owner=${3:-}
mkdir -p "$2"
dir=$(cd "$2" && pwd)

# Runs a command as the cluster's owner.
as_owner() {
  if [ "$(id -u)" -eq 0 ]; then
    runuser -u roster-pg -- "$@"
  else
    "$@"
  fi
}

case "$action" in
  start)
    [ -x "$bin/initdb" ] || { echo "pg-cluster: $bin/initdb is missing: install postgresql-15" >&2; exit 1; }
    if [ "$(id -u)" -eq 0 ]; then
      id -u roster-pg >/dev/null 2>&1 \
        || useradd --system --no-create-home --shell /usr/sbin/nologin roster-pg
      chown roster-pg "$dir"
    fi
    chmod 0755 "$dir"
    [ -e "$dir/data" ] && { echo "pg-cluster: $dir/data exists already" >&2; exit 1; }
    password=$(head -c 18 /dev/urandom | base64 | tr '+/' 'xy')
    (umask 077; printf '%s\n' "$password" >"$dir/password")
    # initdb reads the password from a file its user can read; it goes away right after.
    pwfile="$dir/initdb-password"
    printf '%s\n' "$password" >"$pwfile"
    [ "$(id -u)" -eq 0 ] && chown roster-pg "$pwfile"
    chmod 0600 "$pwfile"
    if ! as_owner "$bin/initdb" -D "$dir/data" -U roster --auth=scram-sha-256 \
      --pwfile="$pwfile" -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1; then
      rm -f "$pwfile"
      cat "$dir/initdb.log" >&2
      exit 1
    fi
    rm -f "$pwfile"
    mkdir -p "$dir/socket"
    [ "$(id -u)" -eq 0 ] && chown roster-pg "$dir/socket"
    port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    {
      echo "listen_addresses = '127.0.0.1'"
      echo "port = $port"
      echo "unix_socket_directories = '$dir/socket'"
      echo "max_connections = 200"
      # A throwaway cluster: durability against power cuts is not what it is for.
      echo "fsync = off"
      echo "full_page_writes = off"
    } | as_owner tee -a "$dir/data/postgresql.conf" >/dev/null
    if ! as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/data/server.log" -w -t 60 start \
      </dev/null >"$dir/pg_ctl.log" 2>&1; then
      cat "$dir/pg_ctl.log" >&2
      cat "$dir/data/server.log" >&2
      exit 1
    fi
    if [ -n "$owner" ]; then
      nohup bash -c "while kill -0 $owner 2>/dev/null; do sleep 1; done; \"$0\" stop \"$dir\"; rm -rf \"$dir\"" \
        </dev/null >/dev/null 2>&1 &
    fi
    echo "uri=postgresql://roster:$password@127.0.0.1:$port/postgres"
    echo "socket=$dir/socket"
    echo "port=$port"
    ;;
  resume)
    as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/data/server.log" -w -t 60 start \
      </dev/null >"$dir/pg_ctl.log" 2>&1 || { cat "$dir/pg_ctl.log" >&2; exit 1; }
    ;;
  stop)
    [ -e "$dir/data/postmaster.pid" ] || exit 0
    as_owner "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null
    ;;
  *) usage ;;
esac
