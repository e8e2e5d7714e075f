"""Everything stored for one user, table by table: read it all, delete it all, count what is left.

Tables with a ``user_id`` column are found from the schema (``user_tables``), so a table added
later is exported and checked without a list to keep in step; erasure deletes from a fixed list
(``ERASED_TABLES``) and the check after it finds anything that list missed.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import Connection, text

from memory_core.db.dialect import of as dialect_of
from memory_core.db.migrations import FTS_TABLES, table_names
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
    # linked identities, link codes and redemption attempts (m010)
    "identities",
    "link_codes",
    "link_attempts",
    # a member's consent to group memories and the record of what they said there (m016)
    "group_consent",
    "group_said",
)


#: Tables that hold users' words without naming the user (received webhook updates: the text
#: leaves a row once handled, but its old version stays in the table's pages): rewritten with
#: every erasure on PostgreSQL, as the tables the user's rows were deleted from.
UNOWNED_TEXT_TABLES = ("inbox",)


def user_tables(conn: Connection) -> list[str]:
    """Ordinary tables with a ``user_id`` column (virtual and shadow tables excluded)."""
    if dialect_of(conn).postgres:
        return [
            str(r[0])
            for r in conn.exec_driver_sql(
                "SELECT c.table_name FROM information_schema.columns c "
                "JOIN information_schema.tables t ON t.table_schema = c.table_schema "
                "AND t.table_name = c.table_name WHERE c.table_schema = current_schema() "
                "AND t.table_type = 'BASE TABLE' AND c.column_name = 'user_id' "
                "AND c.table_name NOT IN ('vec_facts', 'vec_episodes') ORDER BY c.table_name"
            )
        ]
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
    """The vector tables this database has (none until an embedder locked the model)."""
    return sorted(name for name in table_names(conn) if name in ("vec_facts", "vec_episodes"))


def rows(conn: Connection, table: str, user_id: str) -> list[dict[str, Any]]:
    """Every row of ``table`` that belongs to ``user_id``, column → value, in insertion order
    (PostgreSQL: by ``id`` where the table has one, else in storage order)."""
    if dialect_of(conn).postgres:
        result = conn.execute(text(f'SELECT * FROM "{table}" WHERE user_id = :u'), {"u": user_id})
        cols = [c for c in result.keys() if c not in ("fts", "fts_len")]  # noqa: SIM118
        found = [dict(zip(result.keys(), row, strict=True)) for row in result.all()]
        if "id" in cols:
            found.sort(key=lambda r: int(r["id"]))
        return [{c: r[c] for c in cols} for r in found]
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
        counts[table] = conn.execute(
            text(f"DELETE FROM {table} WHERE user_id = :u"), {"u": user_id}
        ).rowcount
    for table in ERASED_TABLES:
        counts[table] = conn.execute(
            text(f"DELETE FROM {table} WHERE user_id = :u"), {"u": user_id}
        ).rowcount
    return counts


def erase_order(conn: Connection) -> list[str]:
    """The tables :func:`erase` deletes from, in the order a piecewise erasure goes: the
    learning and vector queues first (nothing is learned or embedded for the user from then
    on), then the vectors, then the rest."""
    first = ["outbox", "vector_queue"]
    return [*first, *_vector_tables(conn), *(t for t in ERASED_TABLES if t not in first)]


def erase_some(conn: Connection, table: str, user_id: str, limit: int) -> int:
    """PostgreSQL: delete up to ``limit`` of the user's rows of ``table``; how many."""
    if table not in ERASED_TABLES and table not in ("vec_facts", "vec_episodes"):
        raise ValueError(f"not a table of user data: {table}")
    return int(
        conn.execute(
            text(
                f"DELETE FROM {table} WHERE ctid IN "
                f"(SELECT ctid FROM {table} WHERE user_id = :u LIMIT :n)"
            ),
            {"u": user_id, "n": limit},
        ).rowcount
    )


def leftovers(conn: Connection, user_id: str) -> dict[str, int]:
    """What is still stored for ``user_id``: rows per table, FTS entries, vectors (empty: none)."""
    out: dict[str, int] = {}
    for table in user_tables(conn):
        n = conn.execute(
            text(f'SELECT COUNT(*) FROM "{table}" WHERE user_id = :u'), {"u": user_id}
        ).scalar_one()
        if n:
            out[table] = int(n)
    if dialect_of(conn).postgres:
        # The tsvector index is a column of those rows: no separate entries to look for.
        for vt in _vector_tables(conn):
            n = conn.execute(
                text(f"SELECT COUNT(*) FROM {vt} WHERE user_id = :u"), {"u": user_id}
            ).scalar_one()
            if n:
                out[vt] = int(n)
        return out
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
