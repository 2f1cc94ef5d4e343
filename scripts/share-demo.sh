#!/usr/bin/env bash
# Starts a throwaway PostgreSQL server in DIR (scripts/pg-cluster.sh), creates the database
# `roster` with Roster's schema (`roster db init`) and a team with two members, and prints the
# URIs to use. Usage: scripts/share-demo.sh DIR ROSTER_BINARY
set -euo pipefail
dir=$1
roster=$2
here=$(cd "$(dirname "$0")" && pwd)
if [ -e "$dir/data/postmaster.pid" ]; then
  echo "A demo server already runs in $dir: make share-demo-stop first." >&2
  exit 1
fi
rm -rf "$dir"
out=$(bash "$here/pg-cluster.sh" start "$dir")
owner=$(sed -n 's/^uri=//p' <<<"$out")
port=$(sed -n 's/^port=//p' <<<"$out")
psql=/usr/lib/postgresql/15/bin/psql
"$psql" -X -q -v ON_ERROR_STOP=1 -d "$owner" <<'SQL'
CREATE DATABASE roster;
CREATE ROLE doors NOLOGIN;
CREATE ROLE anna LOGIN PASSWORD 'anna' IN ROLE doors;
CREATE ROLE bob LOGIN PASSWORD 'bob' IN ROLE doors;
SQL
base="postgresql://roster:$(cat "$dir/password")@127.0.0.1:$port/roster"
"$roster" --db "$base" db init
cat <<TEXT

A throwaway PostgreSQL server runs in $dir (stop it with: make share-demo-stop).
Team role "doors" has two members, anna and bob. Try, in two terminals:

  export ROSTER_DB='postgresql://anna:anna@127.0.0.1:$port/roster'
  $roster lists create Guests --team doors
  $roster add "Anna Lindqvist" --list Guests

  export ROSTER_DB='postgresql://bob:bob@127.0.0.1:$port/roster'
  $roster show --list Guests

The database owner's URI (for db init and psql): $base
TEXT
