"""Row ↔ value conversion and the per-user scoping token shared by the repositories."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator, Mapping, Sequence
from functools import lru_cache
from typing import Any

from sqlalchemy import RowMapping, TextClause, text

from memory_core.clock import from_ts
from memory_core.values import Category, Episode, Fact, Status


def owner_token(user_id: str) -> str:
    """A single FTS token that stands for one user (hex, so the tokenizer keeps it whole)."""
    return "u" + hashlib.sha256(user_id.encode("utf-8")).hexdigest()[:24]


@lru_cache(maxsize=512)
def sql(statement: str) -> TextClause:
    """``text(statement)``, made once per distinct statement: parsing its bind parameters
    costs more than running it for the reply path's small writes."""
    return text(statement)


#: Rows per multi-row ``VALUES`` statement (SQLite allows 32,766 parameters in one).
VALUES_CHUNK = 200


def values_rows(
    names: Sequence[str], rows: Sequence[Mapping[str, Any]]
) -> Iterator[tuple[str, dict[str, Any]]]:
    """``rows`` as multi-row ``VALUES (…), (…)`` lists with their parameters, in chunks: one
    statement per chunk (one execution, one run of a statement trigger) instead of an
    ``executemany``'s one per row. ``names``: each row's keys, in column order."""
    for start in range(0, len(rows), VALUES_CHUNK):
        chunk = rows[start : start + VALUES_CHUNK]
        params = {f"{n}_{i}": row[n] for i, row in enumerate(chunk) for n in names}
        values = ", ".join(
            "(" + ", ".join(f":{n}_{i}" for n in names) + ")" for i in range(len(chunk))
        )
        yield values, params


FACT_COLUMNS = (
    "id, user_id, kind, key, value_text, value_json, category, confidence, importance, pinned, "
    "sensitive, event_time, valid_from, valid_to, status, source_turn_id, source_chat_id, "
    "source_excerpt, supersedes_id, created_at, updated_at, last_mentioned_at, mention_count, "
    "access_count, last_accessed_at, decay_rate, faded_at"
)


def _category(value: str) -> Category:
    try:
        return Category(value)
    except ValueError:
        return Category.OTHER


def fact_from_row(row: RowMapping) -> Fact:
    """Build a ``Fact`` from a row selected with ``FACT_COLUMNS``."""
    valid_from = from_ts(row["valid_from"])
    created = from_ts(row["created_at"])
    updated = from_ts(row["updated_at"])
    mentioned = from_ts(row["last_mentioned_at"])
    assert valid_from and created and updated and mentioned
    return Fact(
        id=row["id"],
        user_id=row["user_id"],
        kind=row["kind"],
        key=row["key"],
        value_text=row["value_text"],
        value_json=json.loads(row["value_json"]) if row["value_json"] else None,
        category=_category(row["category"]),
        confidence=float(row["confidence"]),
        importance=int(row["importance"]),
        pinned=bool(row["pinned"]),
        sensitive=bool(row["sensitive"]),
        event_time=from_ts(row["event_time"]),
        valid_from=valid_from,
        valid_to=from_ts(row["valid_to"]),
        status=Status(row["status"]),
        source_turn_id=row["source_turn_id"],
        source_chat_id=row["source_chat_id"],
        source_excerpt=row["source_excerpt"],
        supersedes_id=row["supersedes_id"],
        created_at=created,
        updated_at=updated,
        last_mentioned_at=mentioned,
        mention_count=int(row["mention_count"]),
        access_count=int(row["access_count"]),
        last_accessed_at=from_ts(row["last_accessed_at"]),
        decay_rate=float(row["decay_rate"]),
        faded_at=from_ts(row["faded_at"]),
    )


EPISODE_COLUMNS = (
    "id, user_id, chat_id, session_id, turn_id, role, speaker, text, created_at, language"
)


def episode_from_row(row: RowMapping) -> Episode:
    """Build an ``Episode`` from a row selected with ``EPISODE_COLUMNS``."""
    created = from_ts(row["created_at"])
    assert created
    return Episode(
        id=row["id"],
        user_id=row["user_id"],
        chat_id=row["chat_id"],
        session_id=row["session_id"],
        turn_id=row["turn_id"],
        role=row["role"],
        speaker=row["speaker"],
        text=row["text"],
        created_at=created,
        language=row["language"],
    )


def dumps(value: Any) -> str | None:
    """JSON-encode for a TEXT column (``None`` stays NULL)."""
    return None if value is None else json.dumps(value, ensure_ascii=False, default=str)
