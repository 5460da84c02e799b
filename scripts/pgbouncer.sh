#!/usr/bin/env bash
# A PgBouncer in transaction pooling mode (Debian's pgbouncer, 1.18) in front of the PostgreSQL on
# 127.0.0.1:5432: trust auth, any database (the `*` entry), its config, log and pid in a directory of its own.
#
#   scripts/pgbouncer.sh start   starts it in the background (pgbouncer -d), waits until it answers, prints
#                                the DATABASE_URL prefix to use (append the database and ?pgbouncer=true)
#   scripts/pgbouncer.sh stop    stops the one this script started on that port (by its pid file)
#   scripts/pgbouncer.sh run     runs it in the foreground (Ctrl-C stops it)
#
# Environment: PGBOUNCER_PORT (6432), PGBOUNCER_UPSTREAM_PORT (5432), PGBOUNCER_POOL_SIZE (20 server
# connections per database), PGBOUNCER_DIR (default ${TMPDIR:-/tmp}/pgbouncer-<port>).
# The app must be told it runs behind a transaction pooler: `pgbouncer=true` in DATABASE_URL
# (src/db/pool-mode.ts, docs/deployment.md).
set -euo pipefail

PORT=${PGBOUNCER_PORT:-6432}
UPSTREAM_PORT=${PGBOUNCER_UPSTREAM_PORT:-5432}
POOL_SIZE=${PGBOUNCER_POOL_SIZE:-20}
DIR=${PGBOUNCER_DIR:-${TMPDIR:-/tmp}/pgbouncer-$PORT}
PIDFILE=$DIR/pgbouncer.pid

command -v pgbouncer >/dev/null 2>&1 || { echo "pgbouncer is not installed (apt-get install -y pgbouncer)" >&2; exit 1; }

write_config() {
  mkdir -p "$DIR"
  # trust still looks the user up in auth_file; the suites connect as postgres.
  printf '"postgres" ""\n' > "$DIR/userlist.txt"
  cat > "$DIR/pgbouncer.ini" <<INI
[databases]
; The bounds a direct connection sets at startup (src/db/client.ts), which PgBouncer refuses from the client:
; set on every server connection instead (production may put them on the role: docs/deployment.md).
* = host=127.0.0.1 port=$UPSTREAM_PORT connect_query='set statement_timeout = 30000; set idle_in_transaction_session_timeout = 60000'

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = $PORT
unix_socket_dir =
auth_type = trust
auth_file = $DIR/userlist.txt
admin_users = postgres
pool_mode = transaction
default_pool_size = $POOL_SIZE
max_client_conn = 2000
; node-postgres sends none of the usual extras; the platform sends no session settings behind a pooler.
ignore_startup_parameters = extra_float_digits
server_check_delay = 5
logfile = $DIR/pgbouncer.log
pidfile = $PIDFILE
INI
  # PgBouncer refuses to run as root: as root it runs as the postgres OS user, which must own its directory.
  if [ "$(id -u)" = 0 ]; then chown -R postgres: "$DIR"; fi
}

as_service_user() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

ready() { pg_isready -h 127.0.0.1 -p "$PORT" -U postgres -q 2>/dev/null || psql -h 127.0.0.1 -p "$PORT" -U postgres -d pgbouncer -Atqc 'show version' >/dev/null 2>&1; }

case "${1:-start}" in
  start)
    if [ -f "$PIDFILE" ] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null; then
      echo "postgres://postgres@127.0.0.1:$PORT"; exit 0
    fi
    write_config
    as_service_user pgbouncer -d "$DIR/pgbouncer.ini"
    for _ in $(seq 1 50); do ready && break; sleep 0.2; done
    ready || { echo "pgbouncer did not start; its log:" >&2; tail -20 "$DIR/pgbouncer.log" >&2; exit 1; }
    echo "postgres://postgres@127.0.0.1:$PORT"
    ;;
  stop)
    if [ -f "$PIDFILE" ]; then
      pid=$(cat "$PIDFILE")
      kill "$pid" 2>/dev/null || true
      for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    fi
    ;;
  run)
    write_config
    exec_cmd=(pgbouncer "$DIR/pgbouncer.ini")
    if [ "$(id -u)" = 0 ]; then exec runuser -u postgres -- "${exec_cmd[@]}"; else exec "${exec_cmd[@]}"; fi
    ;;
  *) echo "usage: $0 start|stop|run" >&2; exit 2 ;;
esac
