"""BM25 on SQLite: FTS5's own ``bm25()`` over the ``facts_fts`` / ``episodes_fts`` indexes."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from sqlalchemy import Connection, TextClause, bindparam, text

from memory_core.db.backend import LexicalQuery, MatchExpression


def _expanding(stmt: str, params: dict[str, Any]) -> Any:
    """A ``text()`` statement whose list-valued params are expanding bind parameters."""
    return _clause(stmt, tuple(name for name, value in params.items() if isinstance(value, list)))


@lru_cache(maxsize=256)
def _clause(stmt: str, lists: tuple[str, ...]) -> TextClause:
    # Made once per statement (a few shapes: kind × filters): a reply ranks twice a turn.
    clause = text(stmt)
    if lists:
        clause = clause.bindparams(*[bindparam(name, expanding=True) for name in lists])
    return clause


def bm25(conn: Connection, query: LexicalQuery) -> list[tuple[int, float]]:
    """This user's ``k`` best matches of the MATCH expression as (id, bm25), best first."""
    kind, k = query.kind, query.k
    params: dict[str, object] = {"q": query.expr, "u": query.user_id, "k": k, "lim": k * 2}
    params.update(query.params or {})
    w1, w2 = query.weights
    # Rank inside FTS5 alone, keep the best 2k, then check owner and filters on those only
    # (CROSS JOIN pins that order; the planner otherwise walked all the user's facts): joining
    # every match before sorting doubled the cost at 100k facts (`membot bench retrieval`).
    # If fewer than k survive, rank every match instead: the result is the same either way —
    # and it is the first one when the best 2k were every match (``n``, counted with them: a
    # user with few matching memories, most users, is not ranked twice).
    # Under narrowing filters most of the best matches fail, so go straight to that query
    # (flattened, it scores only the rows that pass). Equal scores go newest first (fuse()).
    ranked = (
        f"SELECT rowid AS id, bm25({kind}_fts, {w1}, {w2}, 0.0) AS s FROM {kind}_fts "
        f"WHERE {kind}_fts MATCH :q ORDER BY s, id DESC"
    )
    best = f"SELECT id, s, count(*) OVER () AS n FROM ({ranked} LIMIT :lim)"
    rows: Sequence[Any] = []
    for inner in (ranked,) if query.narrowed else (best, ranked):
        sql = (
            f"SELECT f.id, m.s{', m.n' if inner is best else ''} FROM ({inner}) m "
            f"CROSS JOIN {kind} f ON f.id = m.id "
            f"WHERE f.user_id = :u{query.where} ORDER BY m.s, m.id DESC LIMIT :k"
        )
        rows = conn.execute(_expanding(sql, params), params).all()
        if len(rows) >= k or (inner is best and rows and rows[0][2] < params["lim"]):
            break
    return [(int(r[0]), float(r[1])) for r in rows]


def matching_all_terms(
    conn: Connection, user_id: str, expr: MatchExpression, limit: int
) -> list[int]:
    """Ids of the user's retrievable facts matching ``expr`` (owner token included), best
    BM25 first."""
    rows = conn.execute(
        text(
            "SELECT f.id FROM facts_fts JOIN facts f ON f.id = facts_fts.rowid "
            "WHERE facts_fts MATCH :q AND f.user_id = :u "
            "AND f.status IN ('active','pending_confirmation') "
            "ORDER BY bm25(facts_fts) LIMIT :lim"
        ),
        {"q": expr, "u": user_id, "lim": limit},
    ).all()
    return [int(r[0]) for r in rows]


def match_count(conn: Connection, expr: MatchExpression) -> int:
    """How many indexed facts match ``expr`` (it names the user: its owner token)."""
    return int(
        conn.exec_driver_sql(
            "SELECT COUNT(*) FROM facts_fts WHERE facts_fts MATCH ?", (expr,)
        ).scalar_one()
    )
