"""BM25 matches from the lexical index (the backend's: FTS5, ``tsvector``), scoped to one user."""

from __future__ import annotations

from sqlalchemy import Connection

from memory_core.db.backend import LexicalQuery
from memory_core.db.backends import of as backend_of
from memory_core.store import facts as fact_repo
from memory_core.store.fts import MatchExpression
from memory_core.values import ItemKind, SearchFilters


def bm25(
    conn: Connection,
    user_id: str,
    expr: MatchExpression,
    kind: ItemKind,
    k: int,
    weights: tuple[float, float],
    filters: SearchFilters,
) -> list[tuple[int, float]]:
    """This user's ``k`` best matches of the MATCH expression ``expr`` as (id, bm25), best
    (lowest) first; ``filters`` apply to facts only, ``weights`` are the two text columns'."""
    where = ""
    params: dict[str, object] = {}
    if kind == "facts":
        where, params = fact_repo.filter_sql(filters)
    query = LexicalQuery(
        user_id,
        expr,
        kind,
        k,
        weights,
        where=where,
        params=params,
        narrowed=kind == "facts" and filters != SearchFilters(),
    )
    return backend_of(conn).bm25(conn, query)
