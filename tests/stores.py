"""Store-neutral looks at the raw indexes for tests that run on SQLite and PostgreSQL.

SQLite keeps its lexical index in FTS5 tables (``facts_fts``, ``episodes_fts``) and vectors in
vec0 tables; PostgreSQL keeps a ``tsvector`` column (``fts``) with a GIN index on the rows
themselves (deleted facts are not indexed) and vectors in pgvector tables.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import text

from memory_core.memory import Memory
from memory_core.store.rows import owner_token


def _rows(memory: Memory, sql: str, **params: Any) -> list[tuple[Any, ...]]:
    with memory.db.read() as conn:
        return [tuple(r) for r in conn.execute(text(sql), params).all()]


def fts_ids(memory: Memory, table: str, word: str) -> set[int]:
    """Ids the lexical index (not the content table) holds for one plain ``word``."""
    if memory.db.postgres:
        live = " AND status <> 'deleted'" if table == "facts" else ""
        sql = f"SELECT id FROM {table} WHERE fts @@ CAST(quote_literal(:w) AS tsquery){live}"
        stemmed = _rows(memory, "SELECT (tsvector_to_array(to_tsvector('membot', :w)))[1]", w=word)
        return {int(r[0]) for r in _rows(memory, sql, w=stemmed[0][0])}
    sql = f"SELECT rowid FROM {table}_fts WHERE {table}_fts MATCH :w"
    return {int(r[0]) for r in _rows(memory, sql, w=word)}


def fts_owner_ids(memory: Memory, table: str, user: str) -> set[int]:
    """Every id the lexical index holds for ``user``."""
    if memory.db.postgres:
        live = " AND status <> 'deleted'" if table == "facts" else ""
        sql = f"SELECT id FROM {table} WHERE user_id = :u AND fts IS NOT NULL{live}"
        return {int(r[0]) for r in _rows(memory, sql, u=user)}
    expr = f'owner_token:"{owner_token(user)}"'
    sql = f"SELECT rowid FROM {table}_fts WHERE {table}_fts MATCH :w"
    return {int(r[0]) for r in _rows(memory, sql, w=expr)}


def vector_dims(memory: Memory, table: str, pk: str, item_id: int) -> int | None:
    """How many dimensions the stored vector of one item has (``None``: no vector)."""
    if memory.db.postgres:
        found = _rows(
            memory, f"SELECT vector_dims(embedding) FROM {table} WHERE {pk} = :i", i=item_id
        )
        return int(found[0][0]) if found else None
    found = _rows(memory, f"SELECT embedding FROM {table} WHERE {pk} = :i", i=item_id)
    return len(found[0][0]) // 4 if found else None


def all_vector_dims(memory: Memory, table: str, pk: str) -> dict[int, int]:
    """Item id → dimensions of every stored vector in ``table``."""
    if memory.db.postgres:
        found = _rows(memory, f"SELECT {pk}, vector_dims(embedding) FROM {table}")
        return {int(r[0]): int(r[1]) for r in found}
    found = _rows(memory, f"SELECT {pk}, embedding FROM {table}")
    return {int(r[0]): len(r[1]) // 4 for r in found}
