"""One user's complete data, for access and erasure requests: export as JSON, erase, verify.

Tables are found from the schema (every table with a ``user_id`` column), so a table added
later is exported and checked without a list to keep in step. Vectors are not exported: they
are derived from the text that is.
"""

from __future__ import annotations

import json
import time
from collections import defaultdict
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

import structlog
from sqlalchemy import Connection

from memory_core.db import maintenance
from memory_core.db.engine import Database
from memory_core.db.migrations import SCHEMA_VERSION
from memory_core.runtime.executors import Lane
from memory_core.store import identities as identities_repo
from memory_core.store import meta
from memory_core.store import user_data as user_data_repo
from memory_core.user import groups, linking
from memory_core.user.edits import erase_user

EXPORT_FORMAT = "membot-user-export/1"
#: Columns holding epoch seconds, shown as ISO-8601 in exports.
_TIME_COLUMNS = frozenset(
    {"ts", "valid_from", "valid_to", "event_time", "turn_time", "first_seen", "last_seen", "slot"}
)

log = structlog.get_logger("memory_core.user_data")

if TYPE_CHECKING:
    from memory_core.context import Context
#: Internal columns that mean nothing outside the database.
_INTERNAL_COLUMNS = frozenset({"owner_token"})


def _value(column: str, value: Any) -> Any:
    if value is None:
        return None
    if column.endswith("_json") and isinstance(value, str):
        try:
            return json.loads(value)
        except ValueError:
            return value
    if (column in _TIME_COLUMNS or column.endswith("_at")) and isinstance(value, int | float):
        return datetime.fromtimestamp(value, UTC).isoformat()
    return value


def _rows(conn: Connection, table: str, user_id: str) -> list[dict[str, Any]]:
    return [
        {
            (c[: -len("_json")] if c.endswith("_json") else c): _value(c, v)
            for c, v in row.items()
            if c not in _INTERNAL_COLUMNS
        }
        for row in user_data_repo.rows(conn, table, user_id)
    ]


def export_user(db: Database, user_id: str) -> dict[str, Any]:
    """Everything stored about ``user_id``: facts with their history, episodes, change log,
    conflicts, settings, and every other per-user table under ``other``."""
    with db.read() as conn:
        data = {t: _rows(conn, t, user_id) for t in user_data_repo.user_tables(conn)}
    facts = data.pop("facts", [])
    history: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for entry in data.pop("fact_history", []):
        history[int(entry["fact_id"])].append(entry)
    for fact in facts:
        fact["history"] = history.pop(int(fact["id"]), [])
    settings = data.pop("user_settings", [])
    return {
        "format": EXPORT_FORMAT,
        "user_id": user_id,
        "exported_at": datetime.now(UTC).isoformat(timespec="seconds"),
        "schema_version": SCHEMA_VERSION,
        "facts": facts,
        "history_of_removed_facts": [e for entries in history.values() for e in entries],
        "episodes": data.pop("episodes", []),
        "change_log": data.pop("change_log", []),
        "conflicts": data.pop("conflicts", []),
        "settings": settings[0] if settings else None,
        "other": data,
    }


def leftovers(db: Database, user_id: str) -> dict[str, int]:
    """What is still stored for ``user_id``: rows per table, FTS entries, vectors (empty: none)."""
    with db.read() as conn:
        return user_data_repo.leftovers(conn, user_id)


@dataclass(frozen=True, slots=True)
class Erasure:
    """Rows removed per table, and anything found left afterwards (empty when clean)."""

    removed: dict[str, int]
    left: dict[str, int]


def _scrub(db: Database, tables: list[str]) -> None:
    if db.postgres:
        # Deleted rows stay readable in table and index pages until the files are rewritten,
        # and the rewrite leaves the text in the server's WAL: pushed out as the nightly
        # rewrite after a /forgetme does (`admin delete-user`, an erasure resumed with it).
        maintenance.pg_scrub(db.engine, tables)
        push_out_of_wal(db)
        return
    # FTS5 drops a deleted row's tokens from old index segments only when they are merged.
    with db.write() as conn:
        maintenance.merge_fts(conn)
    # The -wal file still holds page images with the erased text: fold it in and empty it
    # (a reader that holds an old snapshot can delay that; a few tries, then the next one).
    for attempt in range(5):
        if maintenance.checkpoint(db.engine):
            return
        time.sleep(0.05 * (attempt + 1))
    log.warning("erasure_checkpoint_busy")


#: PostgreSQL: the tables whose deleted rows wait for a rewrite (``membot admin vacuum``), and
#: since when (JSON in ``meta``): what an erasure left readable in the server's files.
REWRITE_DUE = "erasure_rewrite_due"


async def delete_user(ctx: Context, user_id: str, *, rewrite: bool = True) -> Erasure:
    """Erase every trace of ``user_id`` (``edits.erase_user``), make the deleted rows
    unreadable (SQLite: merge the FTS indexes so no token of theirs survives in an old segment;
    PostgreSQL: rewrite the tables that held them, ``VACUUM FULL``), then verify nothing is left.

    ``rewrite=False`` (PostgreSQL; a user's own /forgetme): the rows go at once, under the
    user's write lock only, and the tables are not rewritten now — ``VACUUM FULL`` locks each
    table whole (4 s at 96 MB; minutes for a big vector table), stalling every user. The
    tables are recorded as due for a rewrite, which ``membot admin vacuum`` (the operator's
    scheduled maintenance) does and clears: until then the deleted rows' bytes stay in the
    table and index files, unreachable by any query."""
    removed = await erase_user(ctx, user_id)
    # Every table that ever held a row of theirs: rows deleted earlier (a drained vector
    # queue, a purged fact) left dead copies too.
    scrubbed = sorted({*removed, *user_data_repo.UNOWNED_TEXT_TABLES})
    if rewrite or not ctx.db.postgres:
        await ctx.lanes.run(Lane.REPLY, _scrub, ctx.db, scrubbed)
    else:
        await ctx.lanes.run(Lane.REPLY, _rewrite_later, ctx.db, scrubbed)
    left = await ctx.lanes.run(Lane.REPLY, leftovers, ctx.db, user_id)
    return Erasure({k: v for k, v in removed.items() if v}, left)


def _rewrite_later(db: Database, tables: list[str]) -> None:
    with db.write() as conn:
        due = rewrite_due(conn)
        since = due[0] if due is not None else time.time()
        known = set(due[1]) if due is not None else set()
        value = json.dumps({"since": since, "tables": sorted(known | set(tables))})
        meta.put(conn, REWRITE_DUE, value)
    log.info("erasure_rewrite_due", tables=tables)


def rewrite_erased(db: Database, also: tuple[str, ...] = ()) -> list[str]:
    """PostgreSQL: rewrite (``VACUUM FULL``) the tables erasures left due, and ``also``, then
    clear what was due; the tables rewritten ([] on SQLite, or when nothing is due)."""
    if not db.postgres:
        return []
    with db.read() as conn:
        due = rewrite_due(conn)
    tables = sorted({*also, *(due[1] if due is not None else [])})
    if not tables:
        return []
    maintenance.pg_scrub(db.engine, tables)
    if due is not None:
        with db.write() as conn:
            # Only what was due when the rewrite began: a later erasure keeps its own due, and
            # one still under way (it recorded its tables before deleting) keeps it too.
            if rewrite_due(conn) == due and not pending(conn):
                meta.delete(conn, REWRITE_DUE)
        log.info("erasure_rewrite_done", tables=tables, waited_s=round(time.time() - due[0]))
    return tables


def push_out_of_wal(db: Database) -> int | None:
    """PostgreSQL, after a rewrite: push the erased text out of the server's write-ahead log
    (``admin erase-wal``: WAL switches and checkpoints), where it would stay until the segments
    are written again — days on a quiet server. The rounds it took; ``None`` when the server
    refused (the role lacks ``pg_checkpoint`` and ``EXECUTE`` on ``pg_switch_wal()``, which
    deploy/postgres-init.sql grants): logged, the rewrite stands."""
    try:
        done = maintenance.pg_erase_wal(db.engine)
    except Exception as exc:  # a refusal, or the server away: the erasure itself is complete
        log.warning(
            "erasure_wal_push_failed",
            error_type=type(exc).__name__,
            hint="grant pg_checkpoint and EXECUTE on pg_switch_wal() to the bot's role "
            "(deploy/postgres-init.sql), or run `membot admin erase-wal` as a superuser",
        )
        return None
    log.info("erasure_wal_pushed", rounds=done.rounds, recycle=done.recycle)
    return done.rounds


def rewrite_due(conn: Connection) -> tuple[float, list[str]] | None:
    """Since when erased rows wait for a table rewrite, and in which tables (``None``: none)."""
    raw = meta.get(conn, REWRITE_DUE)
    if raw is None:
        return None
    data = json.loads(raw)
    return float(data["since"]), [str(t) for t in data["tables"]]


# ---- /forgetme, resumable ------------------------------------------------------------------

#: ``meta`` key of an erasure asked for and not finished (the user id follows; JSON: since
#: when, whether the tables are rewritten at once, the identities that keep an owner). It is
#: written before anything is deleted: an erasure cut short (the process killed) stays
#: recorded, the door hides the user's data meanwhile, and it is finished later.
PENDING = "erasure_pending:"


@dataclass(frozen=True, slots=True)
class Request:
    """A recorded erasure: how it rewrites, and the linked identities that keep (empty) an
    owner of their own because their key still names a memory others use."""

    rewrite: bool
    keyed: tuple[str, ...] = ()


def _request(raw: str) -> Request:
    data = json.loads(raw)
    return Request(bool(data.get("rewrite", False)), tuple(data.get("keyed", ())))


def pending(conn: Connection) -> dict[str, Request]:
    """Every erasure recorded and not finished, by user."""
    return {user: _request(raw) for user, raw in meta.with_prefix(conn, PENDING).items()}


def unfinished(conn: Connection, user_id: str) -> bool:
    """Whether an erasure of ``user_id`` is recorded and not finished."""
    return meta.get(conn, PENDING + user_id) is not None


@dataclass(frozen=True, slots=True)
class AtDoor:
    """What the door reads for an identity, in one statement: its memory owner, the owner's
    unfinished erasure, and the identity's own unfinished erasure (``None``: none)."""

    owner: str
    erasing: Request | None
    leaving: Leaving | None


def at_door(conn: Connection, identity: str) -> AtDoor:
    """The memory owner of ``identity`` and any unfinished erasure of it or of its owner."""
    owner, erasing, leaving = identities_repo.owner_and_marks(
        conn, identity, PENDING, LEAVING + identity
    )
    return AtDoor(
        owner,
        None if erasing is None else _request(erasing),
        None if leaving is None else _leaving(leaving),
    )


def _record(db: Database, user_id: str, request: Request) -> Request:
    """Record the erasure (the first write of one); an erasure recorded already keeps what
    it recorded (an identity mapping read before its deletion began)."""
    with db.write(users=[user_id]) as conn:
        raw = meta.get(conn, PENDING + user_id)
        if raw is not None:
            return _request(raw)
        value = {"since": time.time(), "rewrite": request.rewrite, "keyed": list(request.keyed)}
        meta.put(conn, PENDING + user_id, json.dumps(value))
    log.info("erasure_recorded", user_id=user_id)
    return request


def _finished(db: Database, user_id: str) -> None:
    with db.write(users=[user_id]) as conn:
        meta.delete(conn, PENDING + user_id)


def _keyed(ctx: Context, user_id: str, linked: list[str]) -> tuple[str, ...]:
    # An identity that left a person by /unlink keeps an owner of its own, because its key
    # still names the memory the others use: that mapping must survive the erasure, or the
    # identity would read the memory it left.
    return tuple(
        i
        for i in linked
        if i != user_id and any(o.identity != i for o in linking.identities(ctx, i))
    )


def _all_tables(db: Database) -> list[str]:
    """Every table an erasure may leave dead rows in (``meta``: its own record)."""
    with db.read() as conn:
        return sorted({*user_data_repo.user_tables(conn), *user_data_repo.UNOWNED_TEXT_TABLES})


async def erase_person(ctx: Context, user_id: str, *, rewrite: bool) -> Erasure:
    """/forgetme: erase every trace of the user (all its linked identities, and the link codes
    they issued or claimed), then verify nothing is left — resumable: recorded first, and
    run again from the start after a crash (every step is idempotent) until it finishes."""
    run = ctx.lanes.run
    linked = [i.identity for i in await run(Lane.REPLY, linking.identities, ctx, user_id)]
    keyed = await run(Lane.REPLY, _keyed, ctx, user_id, linked)
    request = await run(Lane.REPLY, _record, ctx.db, user_id, Request(rewrite, keyed))
    later = ctx.db.postgres and not request.rewrite
    if later:
        # Due before anything is deleted: a crash half-way still leaves them due.
        await run(
            Lane.REPLY,
            _rewrite_later,
            ctx.db,
            [*await run(Lane.REPLY, _all_tables, ctx.db), "meta"],
        )
    await run(Lane.REPLY, linking.drop_codes, ctx, [user_id, *linked])
    # What they said in group memories goes too (a fact only they said is deleted).
    await run(Lane.REPLY, groups.remove_member, ctx, user_id)
    removed = await erase_user(ctx, user_id)
    for identity in request.keyed:
        await ctx.lanes.write(Lane.REPLY, identities_repo.put, identity, user_id, ctx.clock.now())
    await run(Lane.REPLY, _finished, ctx.db, user_id)
    if not later:
        scrubbed = sorted({*removed, *user_data_repo.UNOWNED_TEXT_TABLES, "meta"})
        await run(Lane.REPLY, _scrub, ctx.db, scrubbed)
    left = await run(Lane.REPLY, leftovers, ctx.db, user_id)
    return Erasure({k: v for k, v in removed.items() if v}, left)


# ---- one identity of a linked person, resumable ----------------------------------------------

#: ``meta`` key of an identity's erasure asked for and not finished (the identity follows;
#: JSON: the person it leaves, the owner key it gets). Written before anything changes, as
#: :data:`PENDING`: the door finishes it before the identity is let in, and the next start
#: and the ``erasures`` job finish the rest.
LEAVING = "erasure_identity_pending:"


@dataclass(frozen=True, slots=True)
class Leaving:
    """A recorded erasure of one identity of a linked person: the person whose memory it
    leaves, and the owner key it ends with (its own, or ``own_key`` when its own key names
    a memory others still use)."""

    person: str
    own_key: str
    keyed: bool


def _leaving(raw: str) -> Leaving:
    data = json.loads(raw)
    return Leaving(str(data["person"]), str(data["own_key"]), bool(data["keyed"]))


def pending_identities(conn: Connection) -> dict[str, Leaving]:
    """Every identity erasure recorded and not finished, by identity."""
    return {i: _leaving(raw) for i, raw in meta.with_prefix(conn, LEAVING).items()}


def record_leaving(ctx: Context, identity: str, person: str) -> Leaving | None:
    """Record the erasure of ``identity`` from ``person`` (the first write of one), under the
    person's lock; ``None`` when the identity is not (or no longer) linked to ``person``, or
    is its only identity (erase the whole user instead). One recorded already is kept."""
    with ctx.db.write(users=[person]) as conn:
        raw = meta.get(conn, LEAVING + identity)
        if raw is not None:
            return _leaving(raw)
        members = [i for i, _ in identities_repo.of_owner(conn, person)]
        if identity not in members or len(members) < 2:
            return None
        keyed = linking.needs_own_key(conn, identity, person)
        leaving = Leaving(person, linking.own_key_for(identity), keyed)
        meta.put(conn, LEAVING + identity, json.dumps({"since": time.time(), **asdict(leaving)}))
    log.info("identity_erasure_recorded", identity=identity, person=person)
    return leaving


def _left(db: Database, identity: str, person: str) -> None:
    with db.write(users=[person]) as conn:
        meta.delete(conn, LEAVING + identity)


async def erase_identity(ctx: Context, identity: str, leaving: Leaving) -> Erasure:
    """Erase one platform identity of a linked person (recorded by :func:`record_leaving`):
    the person's conversations on that platform are blanked, its codes and tries deleted, it
    leaves the person, and its own (now separate) store is erased; the memories stay with the
    other identities. Every step is idempotent: run again from the start until it finishes."""
    run = ctx.lanes.run
    later = ctx.db.postgres
    if later:
        # Due before anything is deleted (a user's own request: no rewrite now, no stall).
        tables = await run(Lane.REPLY, _all_tables, ctx.db)
        await run(Lane.REPLY, _rewrite_later, ctx.db, [*tables, "meta"])
    platform = linking.platform_of(identity)
    await run(Lane.REPLY, linking.forget_platform_turns, ctx, leaving.person, platform)
    await run(Lane.REPLY, linking.drop_codes, ctx, [identity])
    await run(Lane.REPLY, linking.unlink, ctx, identity, leaving.own_key)
    # Its own store: the identity's key, or the new key when its own names another memory
    # (that mapping goes with the store and is written again before the record is cleared).
    own = leaving.own_key if leaving.keyed else identity
    removed = await erase_user(ctx, own)
    left = await run(Lane.REPLY, leftovers, ctx.db, own)
    if leaving.keyed:
        await ctx.lanes.write(Lane.REPLY, identities_repo.put, identity, own, ctx.clock.now())
    await run(Lane.REPLY, _left, ctx.db, identity, leaving.person)
    if not later:
        scrubbed = sorted({*removed, "episodes", *user_data_repo.UNOWNED_TEXT_TABLES, "meta"})
        await run(Lane.REPLY, _scrub, ctx.db, scrubbed)
    return Erasure({k: v for k, v in removed.items() if v}, left)
