#!/usr/bin/env bash
# The compose profile "scale"'s backup service: a pg_dump of membot's database every
# MEMBOT_BACKUP_EVERY_S seconds (default a day) into MEMBOT_BACKUP_DIR (default /backups, a
# volume), the newest MEMBOT_BACKUP_KEEP (default 7) kept. Connection from the libpq variables
# (PGHOST, PGUSER, PGPASSWORD, PGDATABASE). MEMBOT_BACKUP_ONCE=1: one dump, then exit (its status).
#
# A dump is written beside the others under a temporary name, read back (pg_restore --list)
# and only then renamed to membot-<UTC time>.dump, so a failed or cut-off dump never replaces
# a good one. One JSON line per run on stdout (the same log pipeline as the bot's).
# Restore: docs/deploy.md ("Backups").
set -uo pipefail

dir="${MEMBOT_BACKUP_DIR:-/backups}"
every="${MEMBOT_BACKUP_EVERY_S:-86400}"
keep="${MEMBOT_BACKUP_KEEP:-7}"

log() { printf '{"event": "%s", "backup": "%s"%s}\n' "$1" "$2" "${3:+, $3}"; }

dump_once() {
    local stamp final partial started
    stamp="$(date -u +%Y%m%dT%H%M%SZ)"
    final="$dir/membot-$stamp.dump"
    partial="$dir/.membot-$stamp.dump.partial"
    started="$(date +%s)"
    # Neither the vector extension nor grants are dumped: the database a dump is restored into
    # is made by postgres-init.sql, which installs pgvector and grants what the role needs
    # (only a superuser may); the tables all belong to the one role that restores them.
    if pg_dump --format=custom --no-owner --no-privileges --exclude-extension=vector \
        --file="$partial" \
        && pg_restore --list "$partial" > /dev/null; then
        mv "$partial" "$final"
        log backup_done "$final" "\"bytes\": $(stat -c %s "$final"), \"seconds\": $(( $(date +%s) - started ))"
    else
        rm -f "$partial"
        log backup_failed "$final" >&2
        return 1
    fi
    # Keep the newest $keep dumps (names sort by time).
    ls -1 "$dir"/membot-*.dump 2> /dev/null | sort | head -n "-$keep" | while read -r old; do
        rm -f "$old" && log backup_pruned "$old"
    done
}

mkdir -p "$dir"
if [ -n "${MEMBOT_BACKUP_ONCE:-}" ]; then
    dump_once
    exit
fi
while true; do
    dump_once || true  # logged; the next run tries again
    sleep "$every"
done
