"""Bulk fill of a throwaway benchmark database: many fact rows in one statement, no audit trail.

Product writes go through ``facts.create`` / ``facts.transition`` (history, revision, change log)
and the vector queue. This path skips all of that on purpose, so a benchmark can fill 100k rows
in seconds; it must never touch a real user's data. FTS rows still follow through the triggers.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import Connection, text

from memory_core.db.dialect import of as dialect_of
from memory_core.errors import StoreError
from memory_core.store import pg_lexical
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
    if dialect_of(conn).postgres:
        conn.execute(
            text(
                "INSERT INTO facts (id, user_id, owner_token, key, value_text, category, "
                "confidence, valid_from, status, created_at, updated_at, last_mentioned_at) "
                "VALUES (:id, :u, :tok, :k, :v, :c, :conf, :ts, 'active', :ts, :ts, :ts)"
            ),
            [
                {
                    "id": start + i,
                    "u": user_id,
                    "tok": token,
                    "k": f.key,
                    "v": f.value_text,
                    "c": f.category,
                    "conf": f.confidence,
                    "ts": f.ts,
                }
                for i, f in enumerate(facts)
            ],
        )
        # Explicit ids leave the identity sequence behind: move it past them.
        conn.exec_driver_sql(
            "SELECT setval(pg_get_serial_sequence('facts', 'id'), (SELECT MAX(id) FROM facts))"
        )
        return [start + i for i in range(len(facts))]
    rows = [
        (start + i, user_id, token, f.key, f.value_text, f.category, f.confidence, f.ts, f.ts)
        for i, f in enumerate(facts)
    ]
    conn.exec_driver_sql(
        "INSERT INTO facts (id, user_id, owner_token, key, value_text, category, confidence, "
        "valid_from, status, created_at, updated_at, last_mentioned_at) "
        "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, 'active', ?8, ?9, ?9)",
        rows,
    )
    return [start + i for i in range(len(facts))]


def generate_episodes(conn: Connection, user_id: str, first: int, last: int, ts: float) -> None:
    """Episodes ``first``..``last`` of ``user_id``, one line each with distinct words (the FTS
    index grows as with real text), made by the server in one statement (``generate_series``;
    SQLite: a recursive CTE): 1M rows load in minutes."""
    series = (
        "generate_series(CAST(:a AS BIGINT), CAST(:b AS BIGINT)) AS s(i)"
        if dialect_of(conn).postgres
        else "(WITH RECURSIVE s(i) AS (SELECT :a UNION ALL SELECT i + 1 FROM s WHERE i < :b) "
        "SELECT i FROM s) AS s"
    )
    line = "'On day ' || i || ' I walked to the market and bought bread number ' || i || ' for Eva'"
    conn.execute(
        text(
            "INSERT INTO episodes (user_id, owner_token, chat_id, role, text, context, "
            f"created_at) SELECT :u, :tok, 'c', 'user', {line}, '', :ts + i FROM {series}"
        ),
        {"u": user_id, "tok": owner_token(user_id), "ts": ts, "a": first, "b": last},
    )


def fts_match_count(conn: Connection, expr: str, user_id: str) -> int:
    """How many indexed facts of ``user_id`` match a (safe, already quoted) FTS5 expression
    (on SQLite the expression names the user: its owner token)."""
    if dialect_of(conn).postgres:
        if not isinstance(expr, MatchExpression):
            raise StoreError("a PostgreSQL search needs an expression from fts.match_expression")
        return pg_lexical.match_count(conn, user_id, expr.terms, all_terms=expr.all_terms)
    return int(
        conn.exec_driver_sql(
            "SELECT COUNT(*) FROM facts_fts WHERE facts_fts MATCH ?", (expr,)
        ).scalar_one()
    )
