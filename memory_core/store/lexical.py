"""BM25 matches from the FTS5 indexes (``facts_fts``, ``episodes_fts``), scoped to one user."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import Connection

from memory_core.db.dialect import of as dialect_of
from memory_core.errors import StoreError
from memory_core.store import facts as fact_repo
from memory_core.store import pg_lexical
from memory_core.store.fts import MatchExpression
from memory_core.values import ItemKind, SearchFilters


def terms_of(expr: str) -> tuple[str, ...]:
    """The search terms behind a MATCH expression (PostgreSQL has no FTS5 syntax)."""
    if not isinstance(expr, MatchExpression):
        raise StoreError("a PostgreSQL search needs an expression from fts.match_expression")
    return expr.terms


def bm25(
    conn: Connection,
    user_id: str,
    expr: str,
    kind: ItemKind,
    k: int,
    weights: tuple[float, float],
    filters: SearchFilters,
) -> list[tuple[int, float]]:
    """This user's ``k`` best matches of the MATCH expression ``expr`` as (id, bm25), best
    (lowest) first; ``filters`` apply to facts only, ``weights`` are the two text columns'."""
    params: dict[str, object] = {"q": expr, "u": user_id, "k": k, "lim": k * 2}
    where = ""
    fparams: dict[str, object] = {}
    if kind == "facts":
        where, fparams = fact_repo.filter_sql(filters)
        params.update(fparams)
    if dialect_of(conn).postgres:
        return pg_lexical.bm25(
            conn,
            user_id,
            terms_of(expr),
            kind,
            k,
            weights,
            where=where,
            params=fparams,
        )
    w1, w2 = weights
    # Rank inside FTS5 alone, keep the best 2k, then check owner and filters on those only
    # (CROSS JOIN pins that order; the planner otherwise walked all the user's facts): joining
    # every match before sorting doubled the cost at 100k facts (`membot bench retrieval`).
    # If fewer than k survive, rank every match instead: the result is the same either way.
    # Under narrowing filters most of the best matches fail, so go straight to that query
    # (flattened, it scores only the rows that pass). Equal scores go newest first (fuse()).
    ranked = (
        f"SELECT rowid AS id, bm25({kind}_fts, {w1}, {w2}, 0.0) AS s FROM {kind}_fts "
        f"WHERE {kind}_fts MATCH :q ORDER BY s, id DESC"
    )
    rows: Sequence[Any] = []
    narrowed = kind == "facts" and filters != SearchFilters()
    for inner in (ranked,) if narrowed else (f"{ranked} LIMIT :lim", ranked):
        sql = (
            f"SELECT f.id, m.s FROM ({inner}) m CROSS JOIN {kind} f ON f.id = m.id "
            f"WHERE f.user_id = :u{where} ORDER BY m.s, m.id DESC LIMIT :k"
        )
        rows = conn.execute(fact_repo.expanding(sql, params), params).all()
        if len(rows) >= k:
            break
    return [(int(r[0]), float(r[1])) for r in rows]
