#!/bin/sh
# PostgreSQL from Debian's package in the bookworm base image, as the postgres service of deploy/compose.yaml
# does it with its own image: a cluster made on first start in the pgdata volume, with POSTGRES_USER (a
# password from POSTGRES_PASSWORD) and POSTGRES_DB; listening on 127.0.0.1:$PGPORT (host networking).
set -eu
BIN=/usr/lib/postgresql/15/bin
PGDATA=/var/lib/postgresql/data
mkdir -p "$PGDATA" /run/postgresql
chown -R postgres:postgres "$PGDATA" /run/postgresql
as_postgres() { setpriv --reuid=postgres --regid=postgres --init-groups "$@"; }
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  printf '%s\n' "$POSTGRES_PASSWORD" > /run/postgresql/pw
  as_postgres "$BIN/initdb" -D "$PGDATA" -U "$POSTGRES_USER" --pwfile=/run/postgresql/pw \
    --auth-local=trust --auth-host=scram-sha-256 -E UTF8 --locale=C.UTF-8 >/dev/null
  rm -f /run/postgresql/pw
  echo "CREATE DATABASE \"$POSTGRES_DB\" OWNER \"$POSTGRES_USER\";" \
    | as_postgres "$BIN/postgres" --single -D "$PGDATA" -j postgres >/dev/null
fi
exec setpriv --reuid=postgres --regid=postgres --init-groups "$BIN/postgres" -D "$PGDATA" \
  -c listen_addresses=127.0.0.1 -p "${PGPORT:-5432}" -c unix_socket_directories=/run/postgresql -c max_connections=200
