#!/bin/sh
# First start: a cluster whose superuser is POSTGRES_USER (password auth over TCP) and the
# database POSTGRES_DB; then the server in the foreground on PGPORT.
set -eu
BIN="$(ls -d /usr/lib/postgresql/*/bin | tail -n 1)"
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  printf '%s\n' "$POSTGRES_PASSWORD" > /tmp/pwfile
  "$BIN/initdb" -D "$PGDATA" -U "$POSTGRES_USER" --pwfile=/tmp/pwfile --auth-local=trust --auth-host=scram-sha-256 >/dev/null
  rm -f /tmp/pwfile
  echo "host all all 0.0.0.0/0 scram-sha-256" >> "$PGDATA/pg_hba.conf"
  "$BIN/pg_ctl" -D "$PGDATA" -o "-c listen_addresses='' -p $PGPORT" -w start >/dev/null
  psql -p "$PGPORT" -U "$POSTGRES_USER" -d postgres -c "CREATE DATABASE \"$POSTGRES_DB\"" >/dev/null
  "$BIN/pg_ctl" -D "$PGDATA" -w stop >/dev/null
fi
exec "$BIN/postgres" -D "$PGDATA" -c listen_addresses="${LISTEN_ADDRESSES:-*}" -p "$PGPORT"
