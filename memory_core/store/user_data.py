"""Everything stored for one user, table by table: read it all, delete it all, count what is left.

Tables with a ``user_id`` column are found from the schema (``user_tables``), so a table added
later is exported and checked without a list to keep in step; erasure deletes from a fixed list
(``ERASED_TABLES``) and the check after it finds anything that list missed.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import Connection, text

from memory_core.db.migrations import FTS_TABLES
from memory_core.store.rows import owner_token

#: What erasure deletes (FTS rows go with their content rows through the delete triggers).
ERASED_TABLES = (
    "facts",
    "fact_history",
    "episodes",
    "change_log",
    "user_revisions",
    "conflicts",
    "relations",
    "memory_entities",
    "entities",
    "outbox",
    "applied_actions",
    "sessions",
    "user_settings",
    "events",
    "vector_queue",
    "vector_versions",
    # background jobs (m003): the profile copy, dedup fingerprints, reflections, questions
    "profiles",
    "dedup_checks",
    "reflection_posts",
    "fact_questions",
    # pending MEMORY.md imports hold the user's edited text
    "imports",
    # LLM usage and cap notices (m004)
    "llm_usage",
    "llm_cap_notices",
)


def user_tables(conn: Connection) -> list[str]:
    """Ordinary tables with a ``user_id`` column (virtual and shadow tables excluded)."""
    names = [
        r[0]
        for r in conn.exec_driver_sql(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' "
            "AND sql NOT LIKE 'CREATE VIRTUAL TABLE%' ORDER BY name"
        ).all()
    ]
    out = []
    for name in names:
        cols = {r[1] for r in conn.exec_driver_sql(f'PRAGMA table_info("{name}")').all()}
        if "user_id" in cols:
            out.append(name)
    return out


def _vector_tables(conn: Connection) -> list[str]:
    """The vec0 tables this database has (none until an embedder locked the model)."""
    return sorted(
        r[0]
        for r in conn.exec_driver_sql(
            "SELECT name FROM sqlite_master WHERE name IN ('vec_facts', 'vec_episodes')"
        )
    )


def rows(conn: Connection, table: str, user_id: str) -> list[dict[str, Any]]:
    """Every row of ``table`` that belongs to ``user_id``, column → value, in insertion order."""
    result = conn.exec_driver_sql(
        f'SELECT * FROM "{table}" WHERE user_id = ? ORDER BY rowid', (user_id,)
    )
    cols = list(result.keys())
    return [dict(zip(cols, row, strict=True)) for row in result.all()]


def erase(conn: Connection, user_id: str) -> dict[str, int]:
    """Delete the user's vectors and every row of ``ERASED_TABLES``; rows removed per table."""
    counts: dict[str, int] = {}
    # Vectors go whatever the model lock says: erasure must leave nothing behind.
    for table in _vector_tables(conn):
        counts[table] = conn.exec_driver_sql(
            f"DELETE FROM {table} WHERE user_id = ?", (user_id,)
        ).rowcount
    for table in ERASED_TABLES:
        counts[table] = conn.execute(
            text(f"DELETE FROM {table} WHERE user_id = :u"), {"u": user_id}
        ).rowcount
    return counts


def leftovers(conn: Connection, user_id: str) -> dict[str, int]:
    """What is still stored for ``user_id``: rows per table, FTS entries, vectors (empty: none)."""
    out: dict[str, int] = {}
    for table in user_tables(conn):
        n = conn.exec_driver_sql(
            f'SELECT COUNT(*) FROM "{table}" WHERE user_id = ?', (user_id,)
        ).scalar_one()
        if n:
            out[table] = int(n)
    # The FTS index itself (not the content table): a stale entry would still match.
    query = f'owner_token : "{owner_token(user_id)}"'
    for fts in FTS_TABLES:
        n = conn.exec_driver_sql(
            f"SELECT COUNT(*) FROM {fts} WHERE {fts} MATCH ?", (query,)
        ).scalar_one()
        if n:
            out[fts] = int(n)
    for vt in _vector_tables(conn):
        n = conn.exec_driver_sql(
            f"SELECT COUNT(*) FROM {vt} WHERE user_id = ?", (user_id,)
        ).scalar_one()
        # vec0 keeps vectors in per-user chunks; an emptied partition's chunks are dropped.
        chunks = conn.exec_driver_sql(
            f"SELECT COUNT(*) FROM {vt}_chunks WHERE partition00 = ?", (user_id,)
        ).scalar_one()
        if n or chunks:
            out[vt] = int(n) + int(chunks)
    return out
