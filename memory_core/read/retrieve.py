"""Hybrid retrieval: FTS5 BM25 + vector KNN within one user's partition, fused and de-duplicated.

Each list is read ``signal_window`` deep (``signal_window_episodes`` for episodes); its best
``top_k_lex`` / ``top_k_vec`` items are the candidates, and every candidate is scored with both
signals (a lexical-only candidate keeps its real cosine similarity from the deeper vector list,
and the other way round). Fusion is the seed 000 weighted score ``w_lex·lexical + w_vec·vector
+ w_rec·recency`` — BM25 divided by the best match; cosine min-max scaled over the vector window,
because e5 similarities cluster in 0.7–0.9 and raw cosine barely separates — or reciprocal rank
fusion ``Σ w/(rrf_k + rank)``. Episodes add three signals: the query names the turn's speaker
(``w_speaker``), the turn falls in a period the query names (``w_date``), and the best base
score of its adjacent turns in the same session (``w_neighbour``: an answer borrows from its
question, a question from its answer); the best ``neighbour_candidates`` candidates also bring
their adjacent turns in as candidates. An episode search is a read (``episode_signals``) and a
pure ranking (``rank_episodes``), so the LoCoMo evaluation can rank one read under many
configurations — the ranking the bot runs. Near-duplicates (token Jaccard > ``dedup_jaccard``)
keep the higher score. The episode defaults are chosen on LoCoMo (docs/evaluation.md).
``SearchHit.vector`` stays the raw cosine similarity (callers compare it with thresholds) and
``SearchHit.lexical`` is > 0 exactly when the text matched.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta

from sqlalchemy import Connection

from memory_core.clock import to_ts
from memory_core.config import RetrievalConfig
from memory_core.embed import Vectors
from memory_core.read import entities
from memory_core.store import episodes as episode_repo
from memory_core.store import facts as fact_repo
from memory_core.store import fts
from memory_core.store import lexical as lexical_repo
from memory_core.store import relations as relation_repo
from memory_core.store.rows import owner_token
from memory_core.values import (
    Category,
    Episode,
    Fact,
    ItemKind,
    SearchFilters,
    SearchHit,
    SearchMode,
    Status,
)
from memory_core.vectors.cache import MatrixCache


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
    weights = config.bm25_fact_weights if kind == "facts" else config.bm25_episode_weights
    return lexical_repo.bm25(conn, user_id, expr, kind, k, weights, filters)


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


Fused = tuple[int, float, float, float, float]


def fuse(
    lex: Sequence[tuple[int, float]],
    vec: Sequence[tuple[int, float]],
    updated: Mapping[int, float],
    now: datetime,
    config: RetrievalConfig,
    *,
    pool: Sequence[int] | None = None,
    w_rec: float | None = None,
    bonus: Mapping[int, float] | None = None,
    neighbours: Mapping[int, Sequence[int]] | None = None,
) -> list[Fused]:
    """Fuse ranked lists into (id, score, lexical, vector, recency), best first.

    Pure: no I/O. ``lex`` is (id, bm25) best first, ``vec`` (id, cosine) best first, both read
    deeper than the candidates; ``pool`` is the candidates (default: every id of both lists).
    ``updated`` maps ids to epoch seconds for recency; ``bonus`` adds weights (speaker, date) in
    the units of ``w_lex``; ``neighbours`` lists each candidate's adjacent items.
    """
    rrf = config.fusion == "rrf"
    lex_rank = {i: r for r, (i, _) in enumerate(lex)} if rrf or pool is None else {}
    vec_rank = {i: r for r, (i, _) in enumerate(vec)} if rrf or pool is None else {}
    # bm25() is negative, more negative is better: divide by the best match (> 0 iff matched).
    best_lex = min((raw for _, raw in lex), default=0.0)
    lex_norm = {i: (raw / best_lex if best_lex < 0 else 0.0) for i, raw in lex}
    vec_sim = dict(vec)
    hi, lo = (vec[0][1], vec[-1][1]) if vec else (0.0, 0.0)
    vec_norm = {i: ((s - lo) / (hi - lo) if hi > lo else 1.0) for i, s in vec}
    # A bonus of weight w counts like a top-ranked vote of a list weighted w.
    unit = 1.0 / (config.rrf_k + 1) if rrf else 1.0

    def base(i: int) -> float:
        if rrf:
            return sum(
                w / (config.rrf_k + 1 + r)
                for w, r in ((config.w_lex, lex_rank.get(i)), (config.w_vec, vec_rank.get(i)))
                if r is not None
            )
        return config.w_lex * lex_norm.get(i, 0.0) + config.w_vec * vec_norm.get(i, 0.0)

    w_rec = config.w_rec if w_rec is None else w_rec
    half_life = max(config.recency_half_life_days, 1e-6)
    now_ts = to_ts(now)
    ids = pool if pool is not None else [*lex_rank, *(i for i in vec_rank if i not in lex_rank)]
    out: list[Fused] = []
    for i in dict.fromkeys(ids):
        age_days = max(0.0, now_ts - updated.get(i, now_ts)) / 86400.0
        recency = math.exp(-math.log(2) * age_days / half_life)
        score = base(i) + unit * (w_rec * recency + (bonus or {}).get(i, 0.0))
        near = (neighbours or {}).get(i, ())
        if near and config.w_neighbour:
            score += config.w_neighbour * max(base(j) for j in near)
        out.append((i, score, lex_norm.get(i, 0.0), max(vec_sim.get(i, 0.0), 0.0), recency))
    # Ties go to the newer item (higher id).
    out.sort(key=lambda t: (-t[1], -t[0]))
    return out


def dedup(hits: Sequence[SearchHit], threshold: float, limit: int | None = None) -> list[SearchHit]:
    """Drop hits whose text is a near-duplicate (Jaccard > threshold) of a better one.

    Stops once ``limit`` hits are kept (each text is tokenised once).
    """
    kept: list[tuple[SearchHit, frozenset[str]]] = []
    for hit in hits:
        if limit is not None and len(kept) >= limit:
            break
        tokens = fts.tokens(hit.text)
        # |a ∩ b| / |a ∪ b| ≤ min/max of the sizes: most pairs need no intersection.
        if all(
            min(len(tokens), len(other)) <= threshold * max(len(tokens), len(other))
            or fts.jaccard(tokens, other) <= threshold
            or _distinct_facts(hit, tokens, seen, other)
            for seen, other in kept
        ):
            kept.append((hit, tokens))
    return [hit for hit, _ in kept]


def _distinct_facts(
    a: SearchHit, a_tokens: frozenset[str], b: SearchHit, b_tokens: frozenset[str]
) -> bool:
    """Two facts named apart by their keys (``fts.named_apart``, on the tokens the dedup
    already has) are two facts; so are a value and its correction waiting for the user's
    answer (one word apart from it, "… cerca de Lugo." pending beside "… de Oviedo."): a question
    meanwhile is answered with both, never the old one alone."""
    if a.fact is None or b.fact is None:
        return False
    if (a.fact.status == Status.PENDING) != (b.fact.status == Status.PENDING):
        return True
    if fts.told_apart(a.fact.key, a.fact.value_text, b.fact.key, b.fact.value_text):
        return True  # "… daughter is named Маша" and "… daughter Маша is 6": two facts
    return fts.named_apart(a.fact.key, a_tokens, b.fact.key, b_tokens)


# ---- dates named in a query ------------------------------------------------------------------

_MONTH = (
    r"(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?"
    r"|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?"
)
_DAY = r"(\d{1,2})(?:st|nd|rd|th)?"
_MONTHS = "jan feb mar apr may jun jul aug sep oct nov dec".split()
# (pattern, order of its groups): y year, m month (word or number), d day.
_DATE_FORMS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"\b(\d{4})-(\d{1,2})-(\d{1,2})\b"), "ymd"),
    (re.compile(rf"\b{_DAY}\s+(?:of\s+)?{_MONTH},?(?:\s+(\d{{4}}))?\b", re.I), "dmy"),
    (re.compile(rf"\b{_MONTH}\s+{_DAY}\b(?:,?\s+(\d{{4}}))?", re.I), "mdy"),
    (re.compile(rf"\b{_MONTH},?\s+(\d{{4}})\b", re.I), "my"),
    # A bare month only after "in"/"during": "may" alone is usually a verb.
    (re.compile(rf"\b(?:in|during)\s+{_MONTH}\b", re.I), "m"),
)
#: People talk about a day during the week after it ("last Friday I…").
DATE_SLACK = timedelta(days=7)


def query_periods(query: str, now: datetime) -> list[tuple[float, float]]:
    """Epoch-second ranges of the dates the query names (``on 3 June``, ``in May 2023``).

    A date without a year is the latest one not after ``now``. Each range runs from the day
    (or month) named to a week after it, as talk about a day follows it.
    """
    out: list[tuple[float, float]] = []
    taken: list[tuple[int, int]] = []
    for pattern, order in _DATE_FORMS:
        for match in pattern.finditer(query):
            if any(a < match.end() and match.start() < b for a, b in taken):
                continue
            taken.append(match.span())
            parts = dict(zip(order, match.groups(), strict=True))
            month_raw = parts["m"]
            month = (
                int(month_raw) if month_raw.isdigit() else _MONTHS.index(month_raw[:3].lower()) + 1
            )
            day = int(parts["d"]) if parts.get("d") else None
            year = int(parts["y"]) if parts.get("y") else None
            if year is None:
                year = now.year if (month, day or 1) <= (now.month, now.day) else now.year - 1
            try:
                start = datetime(year, month, day or 1, tzinfo=UTC)
            except ValueError:
                continue
            if day is None:
                end = datetime(year + month // 12, month % 12 + 1, 1, tzinfo=UTC)
            else:
                start, end = start - timedelta(days=1), start + timedelta(days=1)
            out.append((to_ts(start), to_ts(end + DATE_SLACK)))
    return out


# ---- search ----------------------------------------------------------------------------------


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
    if kind == "episodes":
        signals = episode_signals(
            conn, cache, user_id, query, k=k, mode=mode, query_vec=query_vec, config=config
        )
        return rank_episodes(signals, k=k, now=now, config=config)
    widen = 4 if filters != SearchFilters() else 1
    pool_lex, pool_vec = max(config.top_k_lex, k), max(config.top_k_vec, k) * widen
    lex = (
        lexical(conn, user_id, query, kind, max(config.signal_window, pool_lex), filters, config)
        if mode in ("lexical", "hybrid")
        else []
    )
    vec = (
        vector(conn, cache, user_id, query_vec, kind, max(config.signal_window, pool_vec))
        if mode in ("vector", "hybrid") and query_vec is not None
        else []
    )
    pool = list(dict.fromkeys([i for i, _ in lex[:pool_lex]] + [i for i, _ in vec[:pool_vec]]))
    hits = _fact_hits(conn, user_id, query, lex, vec, pool, filters, now, config)
    return dedup(hits, config.dedup_jaccard, k)


def _fact_hits(
    conn: Connection,
    user_id: str,
    query: str,
    lex: Sequence[tuple[int, float]],
    vec: Sequence[tuple[int, float]],
    pool: list[int],
    filters: SearchFilters,
    now: datetime,
    config: RetrievalConfig,
) -> list[SearchHit]:
    # Entity matches are a third signal (seed 002): they add candidates and a bonus.
    matched = entities.matching_items(conn, user_id, "fact", query, config.top_k_lex)
    pool = list(dict.fromkeys([*pool, *(i for i, _ in matched)]))
    facts = fact_repo.get_many(conn, user_id, pool)
    allowed = _apply_filters(facts, filters)
    pool = [i for i in pool if i in allowed]
    bonus: dict[int, float] = {}
    most = max((n for _, n in matched), default=0)
    for i, n in matched:
        bonus[i] = config.w_entity * n / most
    for i, strength in relation_repo.strongest_within(conn, user_id, pool).items():
        bonus[i] = bonus.get(i, 0.0) + config.w_related * strength
    updated = {i: to_ts(f.last_mentioned_at) for i, f in facts.items()}
    fused = fuse(lex, vec, updated, now, config, pool=pool, bonus=bonus)
    hits = [
        SearchHit("facts", i, facts[i].value_text, s, lx, vs, rc, fact=facts[i])
        for i, s, lx, vs, rc in fused
    ]
    if any(facts[h.id].kind == "insight" for h in hits):
        hits = [
            replace(h, score=h.score * config.insight_weight)
            if facts[h.id].kind == "insight"
            else h
            for h in hits
        ]
        hits.sort(key=lambda h: h.score, reverse=True)
    return hits


# ---- episodes: read once, rank (pure) ------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class EpisodeSignals:
    """What one episode search reads from the store: both ranked lists, read as deep as
    ``config`` asks, and the turns its candidates (and their neighbours) are.

    ``rank_episodes`` turns it into hits without I/O, so one read serves any configuration
    that reads no deeper and takes no more candidates (the LoCoMo evaluation's parameter
    search ranks one read under many configurations; the bot ranks it once).
    """

    query: str
    lex: list[tuple[int, float]]
    vec: list[tuple[int, float]]
    episodes: dict[int, Episode]


def pools(config: RetrievalConfig, k: int) -> tuple[int, int, int, int]:
    """(lexical candidates, vector candidates, lexical depth, vector depth) for ``k`` episodes."""
    pool_lex, pool_vec = max(config.top_k_lex, k), max(config.top_k_vec, k)
    return (
        pool_lex,
        pool_vec,
        max(config.signal_window_episodes, pool_lex),
        max(config.signal_window_episodes, pool_vec),
    )


def episode_signals(
    conn: Connection,
    cache: MatrixCache,
    user_id: str,
    query: str,
    *,
    k: int,
    mode: SearchMode,
    query_vec: Vectors | None,
    config: RetrievalConfig,
) -> EpisodeSignals:
    """Read what ranking ``k`` episodes under ``config`` needs (``query_vec`` ``None``:
    lexical only)."""
    pool_lex, pool_vec, depth_lex, depth_vec = pools(config, k)
    lex = (
        lexical(conn, user_id, query, "episodes", depth_lex, SearchFilters(), config)
        if mode in ("lexical", "hybrid")
        else []
    )
    vec = (
        vector(conn, cache, user_id, query_vec, "episodes", depth_vec)
        if mode in ("vector", "hybrid") and query_vec is not None
        else []
    )
    pool = dict.fromkeys([i for i, _ in lex[:pool_lex]] + [i for i, _ in vec[:pool_vec]])
    scored = {i for i, _ in lex} | {i for i, _ in vec}
    # Adjacent turns matter as a signal when they carry one themselves, and as candidates.
    near = [j for i in pool for j in (i - 1, i + 1) if j in scored or config.neighbour_candidates]
    eps = episode_repo.get_many(conn, user_id, [*pool, *near])
    return EpisodeSignals(query, lex, vec, eps)


def rank_episodes(
    signals: EpisodeSignals, *, k: int, now: datetime, config: RetrievalConfig
) -> list[SearchHit]:
    """The best ``k`` episodes of ``signals`` under ``config`` (no I/O)."""
    pool_lex, pool_vec, depth_lex, depth_vec = pools(config, k)
    lex, vec, eps = signals.lex[:depth_lex], signals.vec[:depth_vec], signals.episodes
    pool = [
        i
        for i in dict.fromkeys([i for i, _ in lex[:pool_lex]] + [i for i, _ in vec[:pool_vec]])
        if i in eps
    ]
    scored = {i for i, _ in lex} | {i for i, _ in vec}
    if config.neighbour_candidates:
        pool = _with_neighbours(pool, lex, vec, eps, now, config)
    words = set(fts.terms(signals.query))
    periods = query_periods(signals.query, now) if config.w_date else []
    bonus: dict[int, float] = {}
    neighbours: dict[int, list[int]] = {}
    named: dict[str, bool] = {}  # speaker → whether the query names them
    for i in pool:
        ep = eps[i]
        if ep.speaker and named.setdefault(ep.speaker, bool(words & set(fts.terms(ep.speaker)))):
            bonus[i] = config.w_speaker
        created = to_ts(ep.created_at)
        if any(a <= created < b for a, b in periods):
            bonus[i] = bonus.get(i, 0.0) + config.w_date
        neighbours[i] = [
            j for j in (i - 1, i + 1) if j in scored and j in eps and _same_session(ep, eps[j])
        ]
    updated = {i: to_ts(eps[i].created_at) for i in pool}
    fused = fuse(
        lex,
        vec,
        updated,
        now,
        config,
        pool=pool,
        w_rec=config.w_rec_episodes,
        bonus=bonus,
        neighbours=neighbours,
    )
    hits = [
        SearchHit("episodes", i, eps[i].text, s, lx, vs, rc, episode=eps[i])
        for i, s, lx, vs, rc in fused
    ]
    return dedup(hits, config.dedup_jaccard, k)


def _with_neighbours(
    pool: list[int],
    lex: Sequence[tuple[int, float]],
    vec: Sequence[tuple[int, float]],
    eps: Mapping[int, Episode],
    now: datetime,
    config: RetrievalConfig,
) -> list[int]:
    """``pool`` plus the same-session adjacent turns of its best ``neighbour_candidates``
    items by base score (an answer often sits next to the turn that matched)."""
    ranked = fuse(lex, vec, {}, now, config, pool=pool, w_rec=0.0)
    extra = [
        j
        for i, *_ in ranked[: config.neighbour_candidates]
        for j in (i - 1, i + 1)
        if j in eps and _same_session(eps[i], eps[j])
    ]
    return list(dict.fromkeys([*pool, *extra]))


def _same_session(a: Episode, b: Episode) -> bool:
    """Whether two of a user's turns with consecutive ids belong to one conversation."""
    return a.chat_id == b.chat_id and a.session_id == b.session_id


def _apply_filters(facts: dict[int, Fact], filters: SearchFilters) -> set[int]:
    """Ids of ``facts`` that pass ``filters`` (the vector side is filtered here, in Python)."""
    statuses = set(filters.effective_statuses())
    # Procedures stay out of every search that does not ask for them (seed 003 §12).
    procedural = Category.PROCEDURAL in filters.categories
    return {
        fid
        for fid, f in facts.items()
        if f.status in statuses
        and (not filters.categories or f.category in filters.categories)
        and f.category not in filters.exclude_categories
        and (procedural or f.category != Category.PROCEDURAL)
        and (filters.min_confidence is None or f.confidence >= filters.min_confidence)
        and (filters.updated_after is None or f.updated_at > filters.updated_after)
        and (filters.updated_before is None or f.updated_at < filters.updated_before)
        and (not filters.kinds or f.kind in filters.kinds)
        and (filters.pinned is None or f.pinned == filters.pinned)
        and (filters.importance_min is None or f.importance >= filters.importance_min)
        and (filters.importance_max is None or f.importance <= filters.importance_max)
        and (filters.fact_ids is None or fid in filters.fact_ids)
    }
