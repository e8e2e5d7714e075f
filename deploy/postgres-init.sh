#!/usr/bin/env bash
# The postgres container runs this once, on an empty data folder (mounted in
# /docker-entrypoint-initdb.d/; the entrypoint connects it to POSTGRES_DB as the superuser
# POSTGRES_USER): creates membot's own role with MEMBOT_DB_PASSWORD, hands it the database and
# installs pgvector (deploy/postgres-init.sql says what and why).
# The entrypoint may source this file rather than run it: no `set`, no `exit` here.
: "${MEMBOT_DB_PASSWORD:?is empty: set it in deploy/.env (the password membot connects with)}"
psql -v ON_ERROR_STOP=1 --no-psqlrc --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" \
    -v app_user="${MEMBOT_DB_USER:-membot}" -v app_password="$MEMBOT_DB_PASSWORD" \
    -f "${MEMBOT_INIT_SQL:-/etc/membot/postgres-init.sql}"
