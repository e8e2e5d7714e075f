"""BM25 on PostgreSQL: the same formula FTS5's ``bm25()`` computes, over the GIN-indexed
``tsvector`` columns the migrations add (``fts``, ``fts_len``, ``fts_totals``).

``ts_rank_cd`` is not BM25 (no inverse document frequency, no length normalisation against the
average), so the score is computed here, per query term ``t`` and matching row ``D``::

    idf(t)   = max(ln((N - n(t) + 0.5) / (n(t) + 0.5)), 1e-6)
    f(t, D)  = Σ over the term's occurrences of its column's weight
    score(D) = -Σ idf(t) · f(t, D) · (k1 + 1) / (f(t, D) + k1 · (1 - b + b · |D| / avgdl))

with FTS5's constants (k1 = 1.2, b = 0.75), ``N`` and ``avgdl`` from ``fts_totals`` (kept by
triggers over 64 stripes, as FTS5 keeps its own totals), ``n(t)`` counted through the GIN
index and ``|D|`` the row's token count. Negative like FTS5's, lower is better, so callers
treat both stores alike.
What still differs: the stemmer (Snowball English against FTS5's Porter), and diacritics are
folded for Latin, Greek and Cyrillic letters only (``membot_fts_words``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import Connection, bindparam, text

from memory_core.values import ItemKind

K1 = 1.2
B = 0.75


def _lexemes() -> str:
    """The query terms as index lexemes (``q.lex``), through the index's own text pipeline."""
    return (
        "SELECT DISTINCT v.lexeme AS lex FROM unnest(CAST(:terms AS TEXT[])) AS t(term), "
        "LATERAL unnest(to_tsvector('membot', membot_fts_words(t.term))) AS v"
    )


def bm25(
    conn: Connection,
    user_id: str,
    terms: Sequence[str],
    kind: ItemKind,
    k: int,
    weights: tuple[float, float],
    *,
    all_terms: bool = False,
    where: str = "",
    params: dict[str, Any] | None = None,
) -> list[tuple[int, float]]:
    """This user's ``k`` best rows of ``kind`` for ``terms`` as (id, bm25), best (lowest)
    first. Any term matches unless ``all_terms``; ``weights`` are the two text columns' (facts:
    key, value; episodes: text, preceding turn); ``where`` adds conditions on alias ``f`` with
    their ``params`` (list values expand)."""
    if not terms or k <= 0:
        return []
    # The tsvector labels value_text (facts) and text (episodes) 'A', the other column 'B'.
    w_a, w_b = (weights[1], weights[0]) if kind == "facts" else weights
    indexed = " AND f.status <> 'deleted'" if kind == "facts" else ""
    hit_indexed = " AND x.status <> 'deleted'" if kind == "facts" else ""
    joiner = " & " if all_terms else " | "
    sql = f"""
WITH q AS MATERIALIZED ({_lexemes()}),
tq AS (SELECT CAST(string_agg(quote_literal(lex), '{joiner}') AS tsquery) AS query FROM q),
ql AS (SELECT array_agg(lex) AS lexes FROM q),
tot AS MATERIALIZED (
    SELECT GREATEST(SUM(docs), 1)::float8 AS n,
           GREATEST(SUM(tokens), 1)::float8 / GREATEST(SUM(docs), 1) AS avgdl
    FROM fts_totals WHERE kind = '{kind}'
),
cand AS (
    SELECT f.id, f.fts, f.fts_len FROM {kind} f
    WHERE f.user_id = :u{indexed}{where} AND f.fts @@ (SELECT query FROM tq)
),
-- Materialised: computed once per query term, never per candidate row.
idf AS MATERIALIZED (
    SELECT q.lex, GREATEST(ln((tot.n - h.hits + 0.5) / (h.hits + 0.5)), 1e-6) AS w
    FROM q CROSS JOIN tot CROSS JOIN LATERAL (
        SELECT COUNT(*) AS hits FROM {kind} x
        WHERE x.fts @@ CAST(quote_literal(q.lex) AS tsquery){hit_indexed}
    ) h
)
SELECT c.id, -SUM(
    i.w * tf.f * {K1 + 1} / (tf.f + {K1} * ({1 - B} + {B} * c.fts_len / tot.avgdl))
) AS s
FROM cand c CROSS JOIN tot
CROSS JOIN LATERAL (
    SELECT u.lexeme,
           CAST(:w_a AS float8) * cardinality(array_positions(u.weights, 'A'))
           + CAST(:w_b AS float8) * (cardinality(u.weights)
                                     - cardinality(array_positions(u.weights, 'A'))) AS f
    -- Only the query's lexemes of the row (all in C): delete every other lexeme, found by
    -- deleting the query's from a copy.
    FROM unnest(ts_delete(c.fts, tsvector_to_array(ts_delete(c.fts, (SELECT lexes FROM ql)))))
        AS u
    OFFSET 0
) tf
JOIN idf i ON i.lex = tf.lexeme
GROUP BY c.id ORDER BY s, c.id DESC LIMIT :k
"""
    values: dict[str, Any] = dict(params or {})
    values.update({"terms": list(terms), "u": user_id, "k": k, "w_a": w_a, "w_b": w_b})
    stmt = text(sql)
    lists = [name for name, value in (params or {}).items() if isinstance(value, list)]
    if lists:
        stmt = stmt.bindparams(*[bindparam(name, expanding=True) for name in lists])
    rows = conn.execute(stmt, values).all()
    return [(int(r[0]), float(r[1])) for r in rows]


def match_count(
    conn: Connection, user_id: str, terms: Sequence[str], *, all_terms: bool = False
) -> int:
    """How many of the user's indexed facts match ``terms``."""
    if not terms:
        return 0
    joiner = " & " if all_terms else " | "
    sql = (
        f"WITH q AS ({_lexemes()}) SELECT COUNT(*) FROM facts f WHERE f.user_id = :u "
        "AND f.status <> 'deleted' "
        f"AND f.fts @@ (SELECT CAST(string_agg(quote_literal(lex), '{joiner}') AS tsquery) FROM q)"
    )
    return int(conn.execute(text(sql), {"terms": list(terms), "u": user_id}).scalar_one())
