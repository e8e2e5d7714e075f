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
    signal_window: int = 0
    fusion: Fusion = "weighted"
    w_lex: float = 0.45
    w_vec: float = 0.45
    w_rec: float = 0.10
    w_rec_episodes: float | None = None
    w_speaker: float = 0.0
    w_neighbour: float = 0.0
    neighbour_mode: str = "max"
    vec_norm: str = "raw"
    lex_norm: str = "ratio"
    rrf_k: int = 60
    recency_half_life_days: float = 30.0
    dedup_jaccard: float = 0.7
    # bm25 column weights: facts (key, value), episodes (text, preceding turn)
    bm25_fact_weights: tuple[float, float] = (0.5, 1.0)
    bm25_episode_weights: tuple[float, float] = (1.0, 0.3)


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


def _norm(values: dict[int, float], how: str) -> dict[int, float]:
    if not values:
        return {}
    hi, lo = max(values.values()), min(values.values())
    if how == "raw":
        return {i: max(v, 0.0) for i, v in values.items()}
    if how == "ratio":
        return {i: (v / hi if hi > 0 else 0.0) for i, v in values.items()}
    if how == "minmax":
        span = hi - lo
        return {i: ((v - lo) / span if span > 0 else 1.0) for i, v in values.items()}
    if how == "z":
        n = len(values)
        mean = sum(values.values()) / n
        sd = math.sqrt(sum((v - mean) ** 2 for v in values.values()) / n) or 1.0
        return {i: min(1.0, max(0.0, (v - mean) / sd / 3.0)) for i, v in values.items()}
    raise ValueError(how)


def fuse(
    lex: Sequence[tuple[int, float]],
    vec: Sequence[tuple[int, float]],
    updated: dict[int, float],
    now: datetime,
    config: RetrievalConfig,
    *,
    pool_lex: int | None = None,
    pool_vec: int | None = None,
    w_rec: float | None = None,
    speaker_ids: set[int] | None = None,
    neighbours: dict[int, list[int]] | None = None,
) -> list[tuple[int, float, float, float, float]]:
    """Fuse ranked lists into (id, score, lexical, vector, recency), best first."""
    pool_lex = len(lex) if pool_lex is None else pool_lex
    pool_vec = len(vec) if pool_vec is None else pool_vec
    w_rec = config.w_rec if w_rec is None else w_rec
    lex_rank = {i: r for r, (i, _) in enumerate(lex)}
    vec_rank = {i: r for r, (i, _) in enumerate(vec)}
    lex_n = _norm({i: -raw for i, raw in lex}, config.lex_norm)
    vec_n = _norm(dict(vec), config.vec_norm)
    everyone = list(dict.fromkeys([i for i, _ in lex] + [i for i, _ in vec]))
    pool = list(dict.fromkeys([i for i, _ in lex[:pool_lex]] + [i for i, _ in vec[:pool_vec]]))
    now_ts = to_ts(now)
    base: dict[int, float] = {}
    rec: dict[int, float] = {}
    for i in everyone:
        age_days = max(0.0, now_ts - updated.get(i, now_ts)) / 86400.0
        rec[i] = math.exp(-math.log(2) * age_days / max(config.recency_half_life_days, 1e-6))
        if config.fusion == "rrf":
            base[i] = sum(
                1.0 / (config.rrf_k + 1 + r)
                for r in (lex_rank.get(i), vec_rank.get(i))
                if r is not None
            )
        else:
            base[i] = config.w_lex * lex_n.get(i, 0.0) + config.w_vec * vec_n.get(i, 0.0)
    out: list[tuple[int, float, float, float, float]] = []
    for i in pool:
        score = base[i]
        if config.fusion == "rrf":
            score += w_rec * rec[i] / (config.rrf_k + 1)
        else:
            score += w_rec * rec[i]
        if speaker_ids and i in speaker_ids:
            score += config.w_speaker * (
                1.0 / (config.rrf_k + 1) if config.fusion == "rrf" else 1.0
            )
        if neighbours and config.w_neighbour:
            nb = [base.get(j, 0.0) for j in neighbours.get(i, [])]
            if nb:
                agg = max(nb) if config.neighbour_mode == "max" else sum(nb) / 2
                score += config.w_neighbour * agg
        out.append((i, score, lex_n.get(i, 0.0), vec_n.get(i, 0.0), rec[i]))
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
    pool_lex, pool_vec = max(config.top_k_lex, k), max(config.top_k_vec, k) * widen
    window = max(config.signal_window, pool_lex, pool_vec) if mode == "hybrid" else 0
    lex = (
        lexical(conn, user_id, query, kind, max(window, pool_lex), filters, config)
        if mode in ("lexical", "hybrid")
        else []
    )
    vec = (
        vector(conn, cache, user_id, query_vec, kind, max(window, pool_vec))
        if mode in ("vector", "hybrid") and query_vec is not None
        else []
    )
    if kind == "facts":
        ids = [i for i, _ in lex[:pool_lex]] + [i for i, _ in vec[:pool_vec]]
        facts = fact_repo.get_many(conn, user_id, ids)
        allowed = _apply_filters(facts, filters)
        lex = [(i, s) for i, s in lex if i in allowed or i not in facts]
        vec = [(i, s) for i, s in vec if i in allowed or i not in facts]
        updated = {i: to_ts(f.last_mentioned_at) for i, f in facts.items()}
        fused = fuse(lex, vec, updated, now, config, pool_lex=pool_lex, pool_vec=pool_vec)
        hits = [
            SearchHit("facts", i, facts[i].value_text, s, lx, vs, rc, fact=facts[i])
            for i, s, lx, vs, rc in fused
            if i in allowed
        ]
    else:
        pool = [i for i, _ in lex[:pool_lex]] + [i for i, _ in vec[:pool_vec]]
        known = {i for i, _ in lex} | {i for i, _ in vec}
        near = [j for i in pool for j in (i - 1, i + 1) if j in known]
        eps = episode_repo.get_many(conn, user_id, pool + near)
        updated = {i: to_ts(e.created_at) for i, e in eps.items()}
        qterms = set(fts.terms(query))
        speaker_ids = {
            i for i, e in eps.items() if e.speaker and set(fts.terms(e.speaker)) & qterms
        }
        neighbours = {
            i: [j for j in (i - 1, i + 1) if j in eps and eps[j].session_id == e.session_id]
            for i, e in eps.items()
        }
        fused = fuse(
            lex,
            vec,
            updated,
            now,
            config,
            pool_lex=pool_lex,
            pool_vec=pool_vec,
            w_rec=config.w_rec if config.w_rec_episodes is None else config.w_rec_episodes,
            speaker_ids=speaker_ids,
            neighbours=neighbours,
        )
        hits = [
            SearchHit("episodes", i, eps[i].text, s, lx, vs, rc, episode=eps[i])
            for i, s, lx, vs, rc in fused
            if i in eps
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
