#!/usr/bin/env bash
# Run a command against a throw-away PostgreSQL 15 server of its own:
#   scripts/with_postgres.sh .venv/bin/pytest -q
# Installs Debian's postgresql-15 if missing (as root), initialises a cluster in a temporary
# folder, starts it on a free port on 127.0.0.1, creates a database, runs the command with
# DATABASE_URL pointing at it, then stops the server and removes the folder — whatever happens.
# It stops nothing it did not start. Set PG_BIN to use other binaries; PG_FSYNC=on for a server
# that syncs to disk like a real one (tests run with fsync off, for speed).
set -euo pipefail

PG_BIN="${PG_BIN:-/usr/lib/postgresql/15/bin}"

if [ ! -x "$PG_BIN/initdb" ]; then
  if [ "$(id -u)" -eq 0 ]; then
    echo "with_postgres: installing PostgreSQL 15 (Debian's postgresql-15)..." >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -q >/dev/null || apt-get update -q >/dev/null
    apt-get install -y -q postgresql-15 >/dev/null
  else
    echo "with_postgres: $PG_BIN/initdb not found; install it with: apt-get install postgresql-15" >&2
    exit 1
  fi
fi

# initdb refuses to run as root: run the server as the 'postgres' system user (made if missing).
run_as=()
if [ "$(id -u)" -eq 0 ]; then
  id postgres >/dev/null 2>&1 || useradd --system --no-create-home --shell /usr/sbin/nologin postgres
  run_as=(runuser -u postgres --)
fi

workdir="$(mktemp -d -t club-pg-XXXXXX)"
chmod 755 "$workdir"
[ "$(id -u)" -eq 0 ] && chown postgres "$workdir"
data="$workdir/data"
port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')"

cleanup() {
  if [ -f "$data/postmaster.pid" ]; then
    "${run_as[@]}" "$PG_BIN/pg_ctl" -D "$data" -m fast -w stop >/dev/null 2>&1 || true
  fi
  rm -rf "$workdir"
}
trap cleanup EXIT INT TERM

"${run_as[@]}" "$PG_BIN/initdb" -D "$data" -U postgres --auth=trust --encoding=UTF8 \
  --locale=C.UTF-8 >/dev/null
"${run_as[@]}" "$PG_BIN/pg_ctl" -D "$data" -w -l "$workdir/server.log" \
  -o "-c listen_addresses=127.0.0.1 -c port=$port -c unix_socket_directories=$workdir -c fsync=${PG_FSYNC:-off} -c max_connections=200" \
  start >/dev/null
"${run_as[@]}" "$PG_BIN/createdb" -h 127.0.0.1 -p "$port" -U postgres club

export DATABASE_URL="postgres://postgres@127.0.0.1:$port/club"
echo "with_postgres: PostgreSQL $("$PG_BIN/postgres" --version | awk '{print $3}') on 127.0.0.1:$port" >&2
set +e
"$@"
status=$?
set -e
exit "$status"
