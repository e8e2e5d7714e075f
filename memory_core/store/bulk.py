"""Bulk fill of a throwaway benchmark database: many fact rows in one statement, no audit trail.

Product writes go through ``facts.create`` / ``facts.transition`` (history, revision, change log)
and the vector queue. This path skips all of that on purpose, so a benchmark can fill 100k rows
in seconds; it must never touch a real user's data. FTS rows still follow through the triggers.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import Connection, text

from memory_core.db.backends import of as backend_of
from memory_core.store.fts import MatchExpression
from memory_core.store.rows import owner_token


@dataclass(frozen=True, slots=True)
class BulkFact:
    """One generated active fact: key, text, category and its (creation = update) time."""

    key: str
    value_text: str
    category: str
    ts: float
    confidence: float = 0.8


def insert_facts(conn: Connection, user_id: str, facts: Sequence[BulkFact]) -> list[int]:
    """Insert active facts for one user and return their ids, in order (caller holds the writer)."""
    if not facts:
        return []
    # Explicit ids: executemany cannot return them, and the caller's write lock makes them safe.
    start = int(conn.exec_driver_sql("SELECT COALESCE(MAX(id), 0) FROM facts").scalar_one()) + 1
    token = owner_token(user_id)
    columns = (
        "id, user_id, owner_token, key, value_text, category, confidence, valid_from, status, "
        "created_at, updated_at, last_mentioned_at"
    ).split(", ")
    rows = [
        (
            start + i,
            user_id,
            token,
            f.key,
            f.value_text,
            f.category,
            f.confidence,
            f.ts,
            "active",
            f.ts,
            f.ts,
            f.ts,
        )
        for i, f in enumerate(facts)
    ]
    backend = backend_of(conn)
    backend.insert_rows(conn, "facts", columns, rows)
    backend.after_explicit_ids(conn, "facts")
    return [start + i for i in range(len(facts))]


def generate_episodes(conn: Connection, user_id: str, first: int, last: int, ts: float) -> None:
    """Episodes ``first``..``last`` of ``user_id``, one line each with distinct words (the FTS
    index grows as with real text), made by the server in one statement (``generate_series``;
    SQLite: a recursive CTE): 1M rows load in minutes."""
    series = backend_of(conn).integer_series_sql("a", "b")
    line = "'On day ' || i || ' I walked to the market and bought bread number ' || i || ' for Eva'"
    conn.execute(
        text(
            "INSERT INTO episodes (user_id, owner_token, chat_id, role, text, context, "
            f"created_at) SELECT :u, :tok, 'c', 'user', {line}, '', :ts + i FROM {series}"
        ),
        {"u": user_id, "tok": owner_token(user_id), "ts": ts, "a": first, "b": last},
    )


def fts_match_count(conn: Connection, expr: MatchExpression, user_id: str) -> int:
    """How many indexed facts of ``user_id`` match an expression from ``fts.match_expression``."""
    return backend_of(conn).match_count(conn, user_id, expr)
