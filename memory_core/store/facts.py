"""The facts repository: every statement is scoped to one ``user_id``.

Audited writes go through ``create`` and ``transition``: the row and its audit (history,
revision, change log) move together inside the caller's transaction.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from datetime import datetime, timedelta
from functools import lru_cache
from typing import Any

from sqlalchemy import Connection, TextClause, bindparam, text

from memory_core.clock import from_ts, to_ts
from memory_core.db.backends import of as backend_of
from memory_core.db.changes import log_key, note_fact
from memory_core.store import entities as entity_repo
from memory_core.store.fts import MatchExpression
from memory_core.store.rows import FACT_COLUMNS, dumps, fact_from_row, owner_token
from memory_core.values import (
    SENSITIVE_CATEGORIES,
    Category,
    Change,
    Fact,
    HistoryEntry,
    NewFact,
    SearchFilters,
    Status,
)

_NO_FILTERS = SearchFilters()
#: Columns whose change rebuilds the summaries of the entities a fact is linked to.
_SUMMARISED = frozenset({"status", "value_text", "sensitive", "category"})
#: Soft-deleted facts (forgotten, rejected, decayed) are purged this many days later.
PURGE_AFTER_DAYS = 30
_UPDATABLE = frozenset(
    {
        "key",
        "value_text",
        "value_json",
        "category",
        "confidence",
        "importance",
        "pinned",
        "sensitive",
        "event_time",
        "valid_from",
        "valid_to",
        "status",
        "source_turn_id",
        "source_chat_id",
        "source_excerpt",
        "supersedes_id",
        "last_mentioned_at",
        "mention_count",
        "access_count",
        "last_accessed_at",
        "decay_rate",
        "deleted_at",
        "purge_at",
        "faded_at",
    }
)


# The statements every write runs, parsed once (``text()`` re-parses its bind parameters on
# each call: a fifth of a 50,000-line import's time went there).
_INSERT = text(
    "INSERT INTO facts (user_id, owner_token, kind, key, value_text, value_json, "
    "category, confidence, importance, pinned, sensitive, event_time, valid_from, "
    "valid_to, status, source_turn_id, source_chat_id, source_excerpt, decay_rate, "
    "created_at, updated_at, last_mentioned_at) VALUES (:user_id, :owner_token, :kind, "
    ":key, :value_text, :value_json, :category, :confidence, :importance, :pinned, "
    ":sensitive, :event_time, :valid_from, :valid_to, :status, :source_turn_id, "
    ":source_chat_id, :source_excerpt, :decay_rate, :ts, :ts, :ts) "
    # The row as written, in the same round trip (no read after the insert).
    f"RETURNING {FACT_COLUMNS}"
)
_GET = text(f"SELECT {FACT_COLUMNS} FROM facts WHERE user_id = :u AND id = :id")
_BUMP = text(
    "INSERT INTO user_revisions (user_id, rev) VALUES (:u, 1) "
    "ON CONFLICT(user_id) DO UPDATE SET rev = user_revisions.rev + 1 RETURNING rev"
)
_HISTORY = text(
    "INSERT INTO fact_history (fact_id, user_id, event, before_json, after_json, actor, "
    "reason, turn_id, rev, ts) VALUES (:fid, :u, :ev, :b, :a, :actor, :reason, :turn, "
    ":rev, :ts)"
)
_CHANGE = text(
    "INSERT INTO change_log (user_id, rev, fact_id, event, summary, meta_json, ts) "
    "VALUES (:u, :rev, :fid, :ev, :summary, :meta, :ts)"
)


def insert(conn: Connection, user_id: str, new: NewFact, now: datetime) -> Fact:
    """Insert a fact row and return it."""
    ts = to_ts(now)
    params: dict[str, Any] = {
        "user_id": user_id,
        "owner_token": owner_token(user_id),
        # A procedure is its own kind whoever writes it (learning, /remember, an import).
        "kind": "procedure" if new.category == Category.PROCEDURAL else new.kind,
        "key": new.key,
        "value_text": new.value_text,
        "value_json": dumps(new.value_json),
        "category": new.category.value,
        "confidence": new.confidence,
        "importance": new.importance,
        "pinned": int(new.pinned),
        "sensitive": int(new.sensitive),
        "event_time": to_ts(new.event_time) if new.event_time else None,
        "valid_from": to_ts(new.valid_from) if new.valid_from else ts,
        "valid_to": to_ts(new.valid_to) if new.valid_to else None,
        "status": new.status.value,
        "source_turn_id": new.source_turn_id,
        "source_chat_id": new.source_chat_id,
        "source_excerpt": new.source_excerpt,
        "decay_rate": new.decay_rate,
        "ts": ts,
    }
    return fact_from_row(conn.execute(_INSERT, params).mappings().one())


def get(conn: Connection, user_id: str, fact_id: int) -> Fact | None:
    """One fact of this user, any status; ``None`` if it is not theirs or does not exist."""
    row = conn.execute(_GET, {"u": user_id, "id": fact_id}).mappings().first()
    return fact_from_row(row) if row else None


def get_many(conn: Connection, user_id: str, ids: Iterable[int]) -> dict[int, Fact]:
    """Facts of this user by id (ids of other users are silently absent)."""
    id_list = list(dict.fromkeys(ids))
    if not id_list:
        return {}
    # `+user_id` keeps the planner on the primary key: with the (user_id, …) index it scanned
    # every row of the user (~10 ms at 100k facts). The user filter still applies.
    # (PostgreSQL has no such hint, and needs none.)
    stmt = _get_many_statement(backend_of(conn).by_id_hint())
    rows = conn.execute(stmt, {"u": user_id, "ids": id_list}).mappings()
    return {row["id"]: fact_from_row(row) for row in rows}


@lru_cache(maxsize=4)
def _get_many_statement(hint: str) -> TextClause:
    # Made once: the reply path reads facts by id three times a turn, and a new expanding
    # statement costs ~0.2 ms more to build and run than a kept one.
    sql = f"SELECT {FACT_COLUMNS} FROM facts WHERE id IN :ids AND {hint}user_id = :u"
    return text(sql).bindparams(bindparam("ids", expanding=True))


def by_key(
    conn: Connection, user_id: str, key: str, statuses: Sequence[Status] = (Status.ACTIVE,)
) -> list[Fact]:
    """This user's facts with ``key`` in the given statuses, newest first."""
    return by_keys(conn, user_id, [key], statuses)


def by_keys(
    conn: Connection, user_id: str, keys: Sequence[str], statuses: Sequence[Status]
) -> list[Fact]:
    """This user's facts with any of ``keys`` in the given statuses, newest first (one query)."""
    stmt = text(
        f"SELECT {FACT_COLUMNS} FROM facts WHERE user_id = :u AND key IN :k "
        "AND status IN :st ORDER BY updated_at DESC, id DESC"
    ).bindparams(bindparam("k", expanding=True), bindparam("st", expanding=True))
    params = {"u": user_id, "k": list(keys), "st": [s.value for s in statuses]}
    rows = conn.execute(stmt, params)
    return [fact_from_row(r) for r in rows.mappings()]


def notes_of_turn(
    conn: Connection, user_id: str, turn_id: str, statuses: Sequence[Status] = (Status.ACTIVE,)
) -> list[Fact]:
    """This user's notes (``note.*`` keys) written from the turn ``turn_id``, oldest first."""
    stmt = text(
        f"SELECT {FACT_COLUMNS} FROM facts WHERE user_id = :u AND source_turn_id = :t "
        "AND key LIKE 'note.%' AND status IN :st ORDER BY id"
    ).bindparams(bindparam("st", expanding=True))
    params = {"u": user_id, "t": turn_id, "st": [s.value for s in statuses]}
    return [fact_from_row(r) for r in conn.execute(stmt, params).mappings()]


def present_keys(conn: Connection, user_id: str, keys: Sequence[str]) -> set[str]:
    """Which of ``keys`` this user has a fact under, in any status (the keys alone: the reply
    path asks this of every statement and needs no rows)."""
    stmt = text("SELECT DISTINCT key FROM facts WHERE user_id = :u AND key IN :k").bindparams(
        bindparam("k", expanding=True)
    )
    return {str(r[0]) for r in conn.execute(stmt, {"u": user_id, "k": list(keys)})}


def filter_sql(filters: SearchFilters, alias: str = "f") -> tuple[str, dict[str, Any]]:
    """SQL conditions (joined with AND, prefixed by `` AND ``) for ``filters`` on ``alias``."""
    pinned = None if filters.pinned is None else int(filters.pinned)  # INTEGER in both stores
    # (condition, parameter, value): a condition holds where its value is given.
    conditions: tuple[tuple[str, str, Any], ...] = (
        ("status IN", "f_statuses", [s.value for s in filters.effective_statuses()]),
        ("category IN", "f_cats", [c.value for c in filters.categories] or None),
        ("category NOT IN", "f_xcats", [c.value for c in filters.exclude_categories] or None),
        ("confidence >=", "f_minconf", filters.min_confidence),
        ("updated_at >", "f_after", _ts_or_none(filters.updated_after)),
        ("updated_at <", "f_before", _ts_or_none(filters.updated_before)),
        ("kind IN", "f_kinds", list(filters.kinds) or None),
        ("pinned =", "f_pinned", pinned),
        ("importance >=", "f_imin", filters.importance_min),
        ("importance <=", "f_imax", filters.importance_max),
        # An empty list would be invalid SQL ("IN ()"): -1 is no fact's id.
        ("id IN", "f_ids", None if filters.fact_ids is None else list(filters.fact_ids) or [-1]),
    )
    parts = [f"{alias}.{cond} :{name}" for cond, name, value in conditions if value is not None]
    params = {name: value for _, name, value in conditions if value is not None}
    return " AND " + " AND ".join(parts), params


def _ts_or_none(moment: datetime | None) -> Any:
    return None if moment is None else to_ts(moment)


def expanding(stmt: str, params: dict[str, Any]) -> Any:
    """A ``text()`` statement whose list-valued params are expanding bind parameters."""
    clause = text(stmt)
    lists = [name for name, value in params.items() if isinstance(value, list)]
    if lists:
        clause = clause.bindparams(*[bindparam(name, expanding=True) for name in lists])
    return clause


def list_facts(
    conn: Connection,
    user_id: str,
    filters: SearchFilters = _NO_FILTERS,
    limit: int = 50,
    offset: int = 0,
) -> list[Fact]:
    """This user's facts matching ``filters``, most recently updated first."""
    where, params = filter_sql(filters)
    params.update({"u": user_id, "lim": limit, "off": offset})
    stmt = expanding(
        f"SELECT {FACT_COLUMNS.replace('id,', 'f.id,', 1)} FROM facts f WHERE f.user_id = :u"
        f"{where} ORDER BY f.updated_at DESC, f.id DESC LIMIT :lim OFFSET :off",
        params,
    )
    return [fact_from_row(r) for r in conn.execute(stmt, params).mappings()]


def keys_and_values(
    conn: Connection, user_id: str, statuses: Sequence[Status]
) -> list[tuple[int, str, str]]:
    """``(id, key, value_text)`` of this user's facts in ``statuses`` (an import's duplicate
    check, read once instead of once per line)."""
    stmt = text(
        "SELECT id, key, value_text FROM facts WHERE user_id = :u AND status IN :st"
    ).bindparams(bindparam("st", expanding=True))
    rows = conn.execute(stmt, {"u": user_id, "st": [s.value for s in statuses]})
    return [(int(r[0]), str(r[1]), str(r[2])) for r in rows]


def count_facts(conn: Connection, user_id: str, filters: SearchFilters = _NO_FILTERS) -> int:
    """How many of this user's facts match ``filters``."""
    where, params = filter_sql(filters)
    params["u"] = user_id
    stmt = expanding(f"SELECT COUNT(*) FROM facts f WHERE f.user_id = :u{where}", params)
    return int(conn.execute(stmt, params).scalar_one())


def update(conn: Connection, user_id: str, fact_id: int, now: datetime, **fields: Any) -> Fact:
    """Change columns of one of this user's facts (times given as datetimes) and return it."""
    unknown = set(fields) - _UPDATABLE
    if unknown:
        raise ValueError(f"not updatable: {sorted(unknown)}")
    if fields.get("status") == Status.DELETED and "purge_at" not in fields:
        # Every deletion is purged for good later (undo works until then).
        fields["purge_at"] = now + timedelta(days=PURGE_AFTER_DAYS)
    elif "status" in fields and fields["status"] != Status.DELETED:
        fields.setdefault("purge_at", None)
    if "status" in fields:
        # Only a fade marks a deletion as faded; any other move (a forget, a restore) clears it.
        fields.setdefault("faded_at", None)
    params: dict[str, Any] = {"u": user_id, "id": fact_id, "now": to_ts(now)}
    sets = ["updated_at = :now"]
    for name, value in fields.items():
        params[f"v_{name}"] = _column_value(name, value)
        sets.append(f"{name} = :v_{name}")
    row = (
        conn.execute(
            text(
                f"UPDATE facts SET {', '.join(sets)} WHERE user_id = :u AND id = :id "
                f"RETURNING {FACT_COLUMNS}"
            ),
            params,
        )
        .mappings()
        .first()
    )
    fact = fact_from_row(row) if row is not None else None
    if fact is None:
        raise LookupError(f"fact {fact_id} not found for this user")
    if _SUMMARISED & set(fields):
        # An entity's summary is made of its current facts: a forget, a fade or a new value
        # changes it at once (nothing forgotten stays in a summary).
        entity_repo.refresh_summaries(
            conn, user_id, entity_repo.entities_of(conn, user_id, fact_id)
        )
    return fact


def _column_value(name: str, value: Any) -> Any:
    """A field's value as its column stores it."""
    if isinstance(value, datetime):
        return to_ts(value)
    if isinstance(value, Status):
        return value.value
    if name == "category":
        return str(value)
    if name == "value_json":
        return dumps(value)
    if isinstance(value, bool):
        return int(value)
    return value


def record_link(
    conn: Connection, user_id: str, fact: Fact, other_id: int, strength: float, now: datetime
) -> None:
    """Audit a relation edge from ``fact`` (seed 003 §8's LINK): a history row, no revision
    (a link changes nothing the user said)."""
    _record_change(
        conn,
        user_id,
        event="linked",
        before=None,
        after=fact,
        actor="system",
        now=now,
        reason=f"related to #{other_id} (strength {strength:.2f})",
        bump=False,
    )


def _record_change(
    conn: Connection,
    user_id: str,
    *,
    event: str,
    before: Fact | None,
    after: Fact | None,
    actor: str,
    now: datetime,
    reason: str | None = None,
    turn_id: str | None = None,
    summary: str | None = None,
    bump: bool = True,
    undoes: float | None = None,
    created: bool = False,
) -> int:
    """Write the audit row, bump the user's revision and log the change; return the rev.

    ``bump=False`` (a mere repetition) writes the audit row only. Every change that bumps the
    revision is also noted for the ``fact_*`` log events and counters (after the commit).
    """
    fact = after or before
    assert fact is not None
    if bump:
        rev = conn.execute(_BUMP, {"u": user_id}).scalar_one()
    else:
        rev = current_revision(conn, user_id)
    ts = to_ts(now)
    conn.execute(
        _HISTORY,
        {
            "fid": fact.id,
            "u": user_id,
            "ev": event,
            "b": dumps(before.as_json()) if before else None,
            "a": dumps(after.as_json()) if after else None,
            "actor": actor,
            "reason": reason,
            "turn": turn_id,
            "rev": rev,
            "ts": ts,
        },
    )
    if not bump:
        return int(rev)
    private = fact.sensitive or fact.category in SENSITIVE_CATEGORIES
    note_fact(
        conn,
        user_id=user_id,
        fact_id=fact.id,
        key=log_key(fact.key, private=private),
        action=event,
        source=actor,
        status=fact.status.value,
        created=created,
        turn_id=turn_id,
        rev=int(rev),
    )
    conn.execute(
        _CHANGE,
        {
            "u": user_id,
            "rev": rev,
            "fid": fact.id,
            "ev": event,
            "summary": summary or f"[{fact.category.value}] {fact.value_text}",
            "meta": dumps(
                {"key": fact.key, "sensitive": fact.sensitive}
                | ({"kind": fact.kind} if fact.kind != "fact" else {})
                | ({"undoes": undoes} if undoes is not None else {})
            ),
            "ts": ts,
        },
    )
    return int(rev)


def current_revision(conn: Connection, user_id: str) -> int:
    """The user's latest revision (0 before any change)."""
    rev = conn.execute(
        text("SELECT rev FROM user_revisions WHERE user_id = :u"), {"u": user_id}
    ).scalar()
    return int(rev or 0)


def last_change(conn: Connection, user_id: str, events: Sequence[str]) -> tuple[int, int] | None:
    """The (fact id, rev) of this user's newest change log entry with one of ``events``."""
    stmt = text(
        "SELECT fact_id, rev FROM change_log WHERE user_id = :u AND event IN :ev "
        "ORDER BY rev DESC LIMIT 1"
    ).bindparams(bindparam("ev", expanding=True))
    row = conn.execute(stmt, {"u": user_id, "ev": list(events)}).first()
    return None if row is None else (int(row[0]), int(row[1]))


def changes_since(conn: Connection, user_id: str, rev: int, limit: int = 50) -> list[Change]:
    """This user's changes after ``rev``, newest first."""
    rows = conn.execute(
        text(
            "SELECT rev, fact_id, event, summary, meta_json, ts FROM change_log "
            "WHERE user_id = :u AND rev > :rev ORDER BY rev DESC LIMIT :lim"
        ),
        {"u": user_id, "rev": rev, "lim": limit},
    ).mappings()
    out = []
    for r in rows:
        ts = from_ts(r["ts"])
        assert ts
        meta = json.loads(r["meta_json"]) if r["meta_json"] else {}
        out.append(Change(r["rev"], r["fact_id"], r["event"], r["summary"], ts, meta))
    return out


def history(
    conn: Connection, user_id: str, *, fact_id: int | None = None, key: str | None = None
) -> list[HistoryEntry]:
    """The audit trail of one fact, or of every fact that ever had ``key``; oldest first."""
    if fact_id is None and key is None:
        raise ValueError("history needs a fact id or a key")
    params: dict[str, object] = {"u": user_id, "fid": fact_id, "k": key}
    if fact_id is not None:
        cond = "h.fact_id = :fid"
    else:
        cond = "h.fact_id IN (SELECT id FROM facts WHERE user_id = :u AND key = :k)"
    rows = conn.execute(
        text(
            "SELECT id, fact_id, event, before_json, after_json, actor, reason, turn_id, rev, ts "
            f"FROM fact_history h WHERE h.user_id = :u AND {cond} ORDER BY h.ts, h.id"
        ),
        params,
    ).mappings()
    out = []
    for r in rows:
        ts = from_ts(r["ts"])
        assert ts
        out.append(
            HistoryEntry(
                id=r["id"],
                fact_id=r["fact_id"],
                event=r["event"],
                before=json.loads(r["before_json"]) if r["before_json"] else None,
                after=json.loads(r["after_json"]) if r["after_json"] else None,
                actor=r["actor"],
                reason=r["reason"],
                turn_id=r["turn_id"],
                rev=r["rev"],
                ts=ts,
            )
        )
    return out


def touch_accessed(conn: Connection, user_id: str, ids: Sequence[int], now: datetime) -> None:
    """Count a retrieval of these facts (feeds decay, TTL and dedup candidate selection)."""
    if not ids:
        return
    stmt = text(
        "UPDATE facts SET access_count = access_count + 1, last_accessed_at = :now "
        "WHERE user_id = :u AND id IN :ids"
    ).bindparams(bindparam("ids", expanding=True))
    conn.execute(stmt, {"u": user_id, "ids": list(ids), "now": to_ts(now)})


def faded(conn: Connection, user_id: str, limit: int = 50) -> list[Fact]:
    """This user's faded facts (soft-deleted by time, restorable), most recently faded first."""
    rows = conn.execute(
        text(
            f"SELECT {FACT_COLUMNS} FROM facts WHERE user_id = :u AND status = 'deleted' "
            "AND faded_at IS NOT NULL ORDER BY faded_at DESC, id DESC LIMIT :lim"
        ),
        {"u": user_id, "lim": limit},
    ).mappings()
    return [fact_from_row(r) for r in rows]


def lapsed(conn: Connection, now: datetime, limit: int = 500) -> list[Fact]:
    """Active facts whose validity ended (``valid_to`` passed), across users, for the expiry
    job (which then changes each one scoped to its own user)."""
    rows = conn.execute(
        text(
            f"SELECT {FACT_COLUMNS} FROM facts WHERE status = 'active' AND valid_to IS NOT NULL "
            "AND valid_to <= :now ORDER BY id LIMIT :lim"
        ),
        {"now": to_ts(now), "lim": limit},
    ).mappings()
    return [fact_from_row(r) for r in rows]


def create(
    conn: Connection,
    user_id: str,
    new: NewFact,
    now: datetime,
    *,
    actor: str,
    event: str = "created",
    reason: str | None = None,
    turn_id: str | None = None,
    summary: str | None = None,
    replaces: Fact | None = None,
) -> Fact:
    """Insert one fact and audit its creation (history, revision, change log) in one call.

    ``replaces``: the fact this one supersedes (linked by ``supersedes_id``; the audit row shows
    it as the state before).
    """
    fact = insert(conn, user_id, new, now)
    if replaces is not None:
        fact = update(conn, user_id, fact.id, now, supersedes_id=replaces.id)
    _record_change(
        conn,
        user_id,
        event=event,
        before=replaces,
        after=fact,
        actor=actor,
        now=now,
        reason=reason,
        turn_id=turn_id,
        summary=summary,
        created=replaces is None,
    )
    return fact


def transition(
    conn: Connection,
    user_id: str,
    before: Fact,
    now: datetime,
    *,
    event: str,
    actor: str,
    reason: str | None = None,
    turn_id: str | None = None,
    summary: str | None = None,
    bump: bool = True,
    replaces: Fact | None = None,
    undoes: float | None = None,
    **fields: Any,
) -> Fact:
    """Change one fact and audit it (history, revision, change log) in one call.

    ``undoes``: when the operation this change reverts was written (``/undo``): recorded on
    the change, so the next ``/undo`` goes further back instead of undoing the undo.
    ``bump=False`` (a mere repetition, a merged-away duplicate) writes the audit row only.
    ``replaces``: the fact this one now supersedes (a pending value confirmed over the old one;
    linked by ``supersedes_id``, and the audit row shows it as the state before).
    """
    if replaces is not None:
        fields["supersedes_id"] = replaces.id
    after = update(conn, user_id, before.id, now, **fields)
    _record_change(
        conn,
        user_id,
        event=event,
        before=replaces or before,
        after=after,
        actor=actor,
        now=now,
        reason=reason,
        turn_id=turn_id,
        summary=summary,
        bump=bump,
        undoes=undoes,
    )
    return after


def delete(
    conn: Connection,
    user_id: str,
    fact: Fact,
    now: datetime,
    *,
    actor: str,
    reason: str | None,
    event: str = "deleted",
    **fields: Any,
) -> Fact:
    """Soft-delete one fact (status deleted, valid until now), audited like any change."""
    return transition(
        conn,
        user_id,
        fact,
        now,
        event=event,
        actor=actor,
        reason=reason,
        status=Status.DELETED,
        valid_to=now,
        deleted_at=now,
        **fields,
    )


def last_undoable_ts(conn: Connection, user_id: str, events: Sequence[str]) -> float | None:
    """When the user's newest change that can still be undone was written: an entry with one
    of ``events`` that is not itself an undo and that no undo has reverted yet."""
    b = backend_of(conn)
    stmt = text(
        "SELECT c.ts FROM change_log c WHERE c.user_id = :u AND c.event IN :ev "
        f"AND {b.json_real('c.meta_json', 'undoes')} IS NULL "
        "AND NOT EXISTS (SELECT 1 FROM change_log d WHERE d.user_id = c.user_id "
        f"AND {b.json_real('d.meta_json', 'undoes')} = c.ts) "
        "ORDER BY c.rev DESC LIMIT 1"
    ).bindparams(bindparam("ev", expanding=True))
    ts = conn.execute(stmt, {"u": user_id, "ev": list(events)}).scalar()
    return None if ts is None else float(ts)


def changes_at(conn: Connection, user_id: str, ts: float) -> list[tuple[int, int]]:
    """(fact id, rev) of every change written at ``ts`` (one operation), newest first."""
    rows = conn.execute(
        text(
            "SELECT fact_id, rev FROM change_log WHERE user_id = :u AND ts = :ts "
            "AND fact_id IS NOT NULL ORDER BY rev DESC"
        ),
        {"u": user_id, "ts": ts},
    ).all()
    return [(int(r[0]), int(r[1])) for r in rows]


def matching_all_terms(
    conn: Connection, user_id: str, expr: MatchExpression, limit: int
) -> list[int]:
    """Ids of the user's retrievable facts matching the FTS expression ``expr`` (built by
    ``fts.match_expression``, owner token included), best BM25 first."""
    return backend_of(conn).matching_all_terms(conn, user_id, expr, limit)
