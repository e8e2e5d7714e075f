"""Hybrid retrieval: FTS5 BM25 + vector KNN within one user's partition, fused and de-duplicated.

Fusion (seed 000): ``w_lex·NormLexical + w_vec·VecSim + w_rec·Recency`` (weighted, default
0.45/0.45/0.10) or reciprocal rank fusion (``Σ 1/(rrf_k + rank)``). Near-duplicates
(token Jaccard > ``dedup_jaccard``) keep the higher score.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Connection

from memory_core import fts
from memory_core.clock import to_ts
from memory_core.embed import Vectors
from memory_core.store import episodes as episode_repo
from memory_core.store import facts as fact_repo
from memory_core.store.rows import owner_token
from memory_core.store.vectors import MatrixCache
from memory_core.values import Fact, Fusion, ItemKind, SearchFilters, SearchHit, SearchMode


@dataclass(frozen=True, slots=True)
class RetrievalConfig:
    """Knobs of hybrid retrieval (all settings; defaults measured on LoCoMo, see README)."""

    top_k_lex: int = 20
    top_k_vec: int = 20
    fusion: Fusion = "weighted"
    w_lex: float = 0.45
    w_vec: float = 0.45
    w_rec: float = 0.10
    rrf_k: int = 60
    recency_half_life_days: float = 30.0
    dedup_jaccard: float = 0.7
    # bm25 column weights: facts (key, value), episodes (text, preceding turn)
    bm25_fact_weights: tuple[float, float] = (0.5, 1.0)
    bm25_episode_weights: tuple[float, float] = (1.0, 0.3)


@dataclass(slots=True)
class _Candidate:
    id: int
    lex_raw: float | None = None  # bm25 (lower is better)
    vec: float | None = None  # cosine similarity
    lex_rank: int | None = None
    vec_rank: int | None = None
    updated_ts: float = 0.0
    text: str = ""


def lexical(
    conn: Connection,
    user_id: str,
    query: str,
    kind: ItemKind,
    k: int,
    filters: SearchFilters,
    config: RetrievalConfig,
) -> list[tuple[int, float]]:
    """BM25 matches of this user as (id, bm25) — lower bm25 is better — best first."""
    expr = fts.match_expression(query, owner_token(user_id))
    if expr is None or k <= 0:
        return []
    params: dict[str, object] = {"q": expr, "u": user_id, "k": k, "lim": k * 4}
    if kind == "facts":
        (w1, w2), (where, fparams) = config.bm25_fact_weights, fact_repo.filter_sql(filters)
        params.update(fparams)
    else:
        (w1, w2), where = config.bm25_episode_weights, ""
    # Rank inside FTS5 alone and keep the best few, then check owner and filters on those:
    # joining every match before sorting doubled the cost at 100k facts (bench retrieval).
    # If fewer than k survive, rank every match instead: the result is the same either way.
    ranked = (
        f"SELECT rowid AS id, bm25({kind}_fts, {w1}, {w2}, 0.0) AS s FROM {kind}_fts "
        f"WHERE {kind}_fts MATCH :q ORDER BY s"
    )
    rows: Sequence[Any] = []
    for inner in (f"{ranked} LIMIT :lim", ranked):
        sql = (
            f"SELECT f.id, m.s FROM ({inner}) m JOIN {kind} f ON f.id = m.id "
            f"WHERE f.user_id = :u{where} ORDER BY m.s LIMIT :k"
        )
        rows = conn.execute(fact_repo.expanding(sql, params), params).all()
        if len(rows) >= k:
            break
    return [(int(r[0]), float(r[1])) for r in rows]


def vector(
    conn: Connection,
    cache: MatrixCache,
    user_id: str,
    query_vec: Vectors,
    kind: ItemKind,
    k: int,
) -> list[tuple[int, float]]:
    """Nearest neighbours of this user as (id, cosine similarity), best first."""
    if k <= 0:
        return []
    return cache.knn(conn, user_id, kind, query_vec, k)


def fuse(
    lex: Sequence[tuple[int, float]],
    vec: Sequence[tuple[int, float]],
    updated: dict[int, float],
    now: datetime,
    config: RetrievalConfig,
) -> list[tuple[int, float, float, float, float]]:
    """Fuse ranked lists into (id, score, lexical, vector, recency), best first.

    Pure: no I/O. ``updated`` maps ids to their last-update epoch seconds.
    """
    cands: dict[int, _Candidate] = {}
    for rank, (item_id, raw) in enumerate(lex):
        cands.setdefault(item_id, _Candidate(item_id)).lex_raw = raw
        cands[item_id].lex_rank = rank
    for rank, (item_id, sim) in enumerate(vec):
        cands.setdefault(item_id, _Candidate(item_id)).vec = sim
        cands[item_id].vec_rank = rank
    best_lex = min((raw for _, raw in lex), default=0.0)
    now_ts = to_ts(now)
    out: list[tuple[int, float, float, float, float]] = []
    for c in cands.values():
        # bm25() is negative, more negative is better: normalise against the best match.
        lex_norm = (c.lex_raw / best_lex) if (c.lex_raw is not None and best_lex < 0) else 0.0
        vec_sim = max(c.vec, 0.0) if c.vec is not None else 0.0
        age_days = max(0.0, now_ts - updated.get(c.id, now_ts)) / 86400.0
        recency = math.exp(-math.log(2) * age_days / max(config.recency_half_life_days, 1e-6))
        if config.fusion == "rrf":
            score = sum(
                1.0 / (config.rrf_k + 1 + r) for r in (c.lex_rank, c.vec_rank) if r is not None
            ) + config.w_rec * recency / (config.rrf_k + 1)
        else:
            score = config.w_lex * lex_norm + config.w_vec * vec_sim + config.w_rec * recency
        out.append((c.id, score, lex_norm, vec_sim, recency))
    out.sort(key=lambda t: (-t[1], -t[0]))
    return out


def jaccard(a: str, b: str) -> float:
    """Token-set Jaccard similarity of two texts."""
    ta, tb = set(fts.terms(a, keep_stop_words=True)), set(fts.terms(b, keep_stop_words=True))
    if not ta or not tb:
        return 0.0
    return len(ta & tb) / len(ta | tb)


def dedup(hits: Sequence[SearchHit], threshold: float) -> list[SearchHit]:
    """Drop hits whose text is a near-duplicate (Jaccard > threshold) of a better one."""
    kept: list[SearchHit] = []
    for hit in hits:
        if all(jaccard(hit.text, k.text) <= threshold for k in kept):
            kept.append(hit)
    return kept


def search(
    conn: Connection,
    cache: MatrixCache,
    user_id: str,
    query: str,
    *,
    k: int,
    mode: SearchMode,
    kind: ItemKind,
    filters: SearchFilters,
    query_vec: Vectors | None,
    now: datetime,
    config: RetrievalConfig,
) -> list[SearchHit]:
    """Run one search for one user; ``query_vec`` ``None`` means lexical only."""
    widen = 4 if kind == "facts" and filters != SearchFilters() else 1
    lex = (
        lexical(conn, user_id, query, kind, max(config.top_k_lex, k), filters, config)
        if mode in ("lexical", "hybrid")
        else []
    )
    vec = (
        vector(conn, cache, user_id, query_vec, kind, max(config.top_k_vec, k) * widen)
        if mode in ("vector", "hybrid") and query_vec is not None
        else []
    )
    ids = [i for i, _ in lex] + [i for i, _ in vec]
    if kind == "facts":
        facts = fact_repo.get_many(conn, user_id, ids)
        allowed = _apply_filters(facts, filters)
        lex = [(i, s) for i, s in lex if i in allowed]
        vec = [(i, s) for i, s in vec if i in allowed]
        updated = {i: to_ts(f.last_mentioned_at) for i, f in facts.items()}
        fused = fuse(lex, vec, updated, now, config)
        hits = [
            SearchHit("facts", i, facts[i].value_text, s, lx, vs, rc, fact=facts[i])
            for i, s, lx, vs, rc in fused
        ]
    else:
        eps = episode_repo.get_many(conn, user_id, ids)
        updated = {i: to_ts(e.created_at) for i, e in eps.items()}
        fused = fuse(
            [(i, s) for i, s in lex if i in eps],
            [(i, s) for i, s in vec if i in eps],
            updated,
            now,
            config,
        )
        hits = [
            SearchHit("episodes", i, eps[i].text, s, lx, vs, rc, episode=eps[i])
            for i, s, lx, vs, rc in fused
        ]
    return dedup(hits, config.dedup_jaccard)[:k]


def _apply_filters(facts: dict[int, Fact], filters: SearchFilters) -> set[int]:
    """Ids of ``facts`` that pass ``filters`` (the vector side is filtered here, in Python)."""
    statuses = set(filters.effective_statuses())
    return {
        fid
        for fid, f in facts.items()
        if f.status in statuses
        and (not filters.categories or f.category in filters.categories)
        and f.category not in filters.exclude_categories
        and (filters.min_confidence is None or f.confidence >= filters.min_confidence)
        and (filters.updated_after is None or f.updated_at > filters.updated_after)
        and (filters.updated_before is None or f.updated_at < filters.updated_before)
    }
