"""Seed 000's operational metrics, computed from event-log and store rows (pure: no I/O).

Definitions (a window is ``since <= ts < until``):

- lexical / vector hit rate: answered turns whose memory search had at least one result with a
  lexical (BM25) / vector signal in the top-k, over turns where that channel ran;
- injected memory tokens per turn: the memory block's size over every answered turn;
- on-demand recall share: answered turns whose model called ``memory_query``, over every
  answered turn (seed 003 §11 wants it under 10 %); turns whose call the cap refused;
- observer latency: how long one learning job took, extraction to commit (p50/p95);
- pending-confirmation resolution rate: conflicts the user settled, over those settled or
  expired (still-open ones are not counted yet);
- wrong-overwrite rate: automatic overwrites (the observer updated, superseded or expired a
  fact) that the user corrected or undid within ``correction_window`` on the same fact or key,
  over all automatic overwrites;
- LLM tokens and cost per day and model, from :data:`PRICES` or the operator's own table
  (unknown models: cost ``None``); per purpose (reply, tools, extraction, audit, consolidation,
  dedup, reflection) and per user from ``llm_usage``, whose rows are whole UTC days (every day
  the window touches).

Hybrid top-k recall needs labelled queries: it comes from ``membot eval``, not from here.
"""

from __future__ import annotations

import math
import re
from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from typing import Any

from memory_core.store.events import LLM_COUNTERS, EventRow
from memory_core.store.llm_usage import UsageRow
from memory_core.store.stats import ConflictRow, HistoryRow

DAY_S = 86400.0
DEFAULT_CORRECTION_WINDOW_S = 7 * DAY_S


@dataclass(frozen=True, slots=True)
class Price:
    """USD per million tokens."""

    input: float
    output: float
    cache_read: float
    cache_write: float


#: Anthropic list prices (USD / million tokens; cache writes at the 5-minute rate), from
#: platform.claude.com/docs/en/about-claude/pricing, checked 2026-10. Dated ids
#: (``claude-haiku-4-5-20251001``) find their model. Haiku 5.5 prompts over 100k tokens cost
#: more; membot's prompts stay far below that.
PRICES: dict[str, Price] = {
    "claude-opus-5-5": Price(4.0, 20.0, 0.20, 5.0),
    "claude-opus-5": Price(5.0, 25.0, 0.50, 6.25),
    "claude-opus-4-5": Price(5.0, 25.0, 0.50, 6.25),
    "claude-opus-4-6": Price(5.0, 25.0, 0.50, 6.25),
    "claude-opus-4-7": Price(5.0, 25.0, 0.50, 6.25),
    "claude-opus-4-8": Price(5.0, 25.0, 0.50, 6.25),
    "claude-opus-4-1": Price(15.0, 75.0, 1.50, 18.75),
    "claude-opus-4-0": Price(15.0, 75.0, 1.50, 18.75),
    "claude-opus-4": Price(15.0, 75.0, 1.50, 18.75),
    "claude-sonnet-5-5": Price(2.0, 10.0, 0.10, 2.50),
    "claude-sonnet-5": Price(2.0, 10.0, 0.20, 2.50),
    "claude-sonnet-4-6": Price(3.0, 15.0, 0.30, 3.75),
    "claude-sonnet-4-5": Price(3.0, 15.0, 0.30, 3.75),
    "claude-sonnet-4-0": Price(3.0, 15.0, 0.30, 3.75),
    "claude-sonnet-4": Price(3.0, 15.0, 0.30, 3.75),
    "claude-3-7-sonnet": Price(3.0, 15.0, 0.30, 3.75),
    "claude-haiku-5-5": Price(0.10, 0.50, 0.01, 0.125),
    "claude-haiku-4-5": Price(1.0, 5.0, 0.10, 1.25),
    "claude-3-5-haiku": Price(0.80, 4.0, 0.08, 1.0),
    "claude-3-haiku": Price(0.25, 1.25, 0.03, 0.30),
}

_MODEL_SUFFIX = r"(?:[-@](?:\d{8}|latest))?(?:\[\w+\])?"

#: Decisions the pipeline records as ``worker/<decision>`` events.
DECISIONS = ("insert", "update", "supersede", "expire", "noop", "pending")
#: Observer history events that overwrite what was known (``superseded`` pairs with an
#: ``updated`` row on the new fact, so it is not counted twice).
_OVERWRITES = frozenset({"updated", "expired"})
#: User history events that correct a fact.
_CORRECTIONS = frozenset({"updated", "superseded", "expired", "deleted", "restored", "rejected"})


#: A price table: model id (or its undated prefix) → price.
Prices = Mapping[str, Price]


def price_for(model: str, prices: Prices | None = None) -> Price | None:
    """The price of ``model``: a key of ``prices`` (the operator's, checked first) or of
    :data:`PRICES`, optionally dated (``-20251001``, ``@20251001``, ``-latest``) or with a
    variant suffix (``[1m]``)."""
    for table in (prices or {}, PRICES):
        for prefix, price in table.items():
            if re.fullmatch(re.escape(prefix) + _MODEL_SUFFIX, model):
                return price
    return None


def cost_usd(
    model: str,
    input_tokens: float,
    output_tokens: float,
    cache_read: float,
    cache_write: float,
    prices: Prices | None = None,
) -> float | None:
    """What these tokens cost in USD (``None`` for a model without a price)."""
    price = price_for(model, prices)
    if price is None:
        return None
    total = (
        input_tokens * price.input
        + output_tokens * price.output
        + cache_read * price.cache_read
        + cache_write * price.cache_write
    )
    return total / 1_000_000


def percentile(values: Sequence[float], q: float) -> float | None:
    """The ``q``-th percentile (0-100, linear interpolation); ``None`` for no values."""
    if not values:
        return None
    ordered = sorted(values)
    pos = (len(ordered) - 1) * q / 100
    lo, hi = math.floor(pos), math.ceil(pos)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (pos - lo)


def _rate(part: int, whole: int) -> float | None:
    return None if whole == 0 else round(part / whole, 4)


@dataclass(frozen=True, slots=True)
class Distribution:
    """Count, mean, median, 95th percentile and maximum of some values."""

    count: int
    mean: float | None
    p50: float | None
    p95: float | None
    max: float | None

    @classmethod
    def of(cls, values: Sequence[float], digits: int = 1) -> Distribution:
        """Summarise ``values`` (rounded to ``digits``)."""

        def r(v: float | None) -> float | None:
            return None if v is None else round(v, digits)

        if not values:
            return cls(0, None, None, None, None)
        return cls(
            len(values),
            r(sum(values) / len(values)),
            r(percentile(values, 50)),
            r(percentile(values, 95)),
            r(max(values)),
        )


@dataclass(frozen=True, slots=True)
class LLMDay:
    """One model's usage on one UTC day."""

    day: str
    model: str
    calls: int
    input_tokens: int
    output_tokens: int
    cache_read_tokens: int
    cache_write_tokens: int
    cost_usd: float | None


@dataclass(frozen=True, slots=True)
class LLMShare:
    """One purpose's or one user's LLM usage in the window, with its cost (``None`` when a
    model it used has no price)."""

    name: str
    calls: int
    input_tokens: int
    output_tokens: int
    cache_read_tokens: int
    cache_write_tokens: int
    cost_usd: float | None

    @property
    def tokens(self) -> int:
        """Every token billed."""
        return (
            self.input_tokens
            + self.output_tokens
            + self.cache_read_tokens
            + self.cache_write_tokens
        )


@dataclass(frozen=True, slots=True)
class OpCount:
    """How many events of one node/op/status one UTC day saw (seed 003 §14: "basic counts
    by op/node over time")."""

    day: str
    node: str
    op: str
    status: str
    count: int


def op_counts(events: Sequence[EventRow]) -> tuple[OpCount, ...]:
    """The events counted by day, node, op and status (LLM usage has its own section)."""
    counts = Counter(
        (datetime.fromtimestamp(e.ts, UTC).date().isoformat(), e.node, e.op, e.status)
        for e in events
        if e.node != "llm"
    )
    return tuple(OpCount(*key, n) for key, n in sorted(counts.items()))


@dataclass(frozen=True, slots=True)
class Report:
    """The operational metrics of one window."""

    since: float
    until: float
    turns: int
    searched_turns: int
    lexical_hit_rate: float | None
    vector_searched_turns: int
    vector_hit_rate: float | None
    injected_tokens: Distribution
    turns_with_memory: int
    observer_jobs: int
    observer_errors: int
    observer_latency_ms: Distribution
    learning_lag_s: Distribution
    decisions: dict[str, int]
    confirmations_opened: int
    confirmations_resolved: int
    confirmations_expired: int
    confirmations_open: int
    confirmation_resolution_rate: float | None
    automatic_overwrites: int
    corrected_overwrites: int
    wrong_overwrite_rate: float | None
    correction_window_s: float
    llm_days: tuple[LLMDay, ...]
    llm_cost_usd: float | None
    unpriced_models: tuple[str, ...]
    llm_purposes: tuple[LLMShare, ...] = ()
    #: The users with the most tokens, most first (at most ``TOP_USERS``).
    llm_users: tuple[LLMShare, ...] = ()
    #: On-demand recall (seed 003 §11): answered turns whose model called memory_query, their
    #: share of all answered turns, and turns whose call the cap refused.
    on_demand_turns: int = 0
    on_demand_share: float | None = None
    on_demand_capped: int = 0
    #: Events by day, node, op and status; and how long one relation edge took to write.
    operations: tuple[OpCount, ...] = ()
    link_edge_ms: Distribution = Distribution(0, None, None, None, None)

    def as_json(self) -> dict[str, Any]:
        """The stable JSON shape of the report (``membot admin metrics --json``)."""
        return to_json(self)


def _channel(events: Sequence[EventRow], op: str) -> tuple[int, int]:
    ran = [e for e in events if e.node == "hotpath" and e.op == op and e.status != "skipped"]
    return sum(e.status == "hit" for e in ran), len(ran)


def wrong_overwrites(
    history: Sequence[HistoryRow], since: float, until: float, window_s: float
) -> tuple[int, int]:
    """(automatic overwrites in the window, how many of them the user corrected)."""
    automatic = [
        h
        for h in history
        if h.actor == "observer"
        and h.event in _OVERWRITES
        and h.before_id is not None
        and since <= h.ts < until
    ]
    corrections = [
        h for h in history if h.actor == "user" and (h.reason == "undo" or h.event in _CORRECTIONS)
    ]
    corrected = 0
    for a in automatic:
        ids = {a.fact_id, a.before_id}
        for c in corrections:
            if (
                c.user_id == a.user_id
                and a.ts < c.ts <= a.ts + window_s
                and (c.fact_id in ids or c.before_id in ids or (a.key and c.key == a.key))
            ):
                corrected += 1
                break
    return len(automatic), corrected


#: ``admin metrics`` lists at most this many users by LLM tokens.
TOP_USERS = 20


def llm_shares(
    rows: Sequence[UsageRow], by: str, prices: Prices | None = None, limit: int | None = None
) -> tuple[LLMShare, ...]:
    """``llm_usage`` rows summed by ``purpose`` or ``user_id`` (most tokens first)."""
    sums: dict[str, list[int]] = defaultdict(lambda: [0] * 5)
    costs: dict[str, float | None] = {}
    for r in rows:
        name = getattr(r, by) or "(none)"
        t = sums[name]
        for i, v in enumerate(
            (r.calls, r.input_tokens, r.output_tokens, r.cache_read_tokens, r.cache_write_tokens)
        ):
            t[i] += v
        cost = cost_usd(
            r.model,
            r.input_tokens,
            r.output_tokens,
            r.cache_read_tokens,
            r.cache_write_tokens,
            prices,
        )
        before = costs.get(name, 0.0)
        costs[name] = None if cost is None or before is None else before + cost
    shares = [
        LLMShare(name, t[0], t[1], t[2], t[3], t[4], _round(costs[name]))
        for name, t in sums.items()
    ]
    shares.sort(key=lambda s: (-s.tokens, s.name))
    return tuple(shares[:limit] if limit is not None else shares)


def llm_days(events: Sequence[EventRow], prices: Prices | None = None) -> tuple[LLMDay, ...]:
    """LLM usage per UTC day and model, with its cost."""
    sums: dict[tuple[str, str], Counter[str]] = defaultdict(Counter)
    for e in events:
        if e.node == "llm" and e.op in LLM_COUNTERS and e.value is not None:
            day = datetime.fromtimestamp(e.ts, UTC).date().isoformat()
            sums[(day, e.category or "unknown")][e.op] += int(e.value)
    out = []
    for (day, model), c in sorted(sums.items()):
        out.append(
            LLMDay(
                day,
                model,
                c["calls"],
                c["input_tokens"],
                c["output_tokens"],
                c["cache_read_tokens"],
                c["cache_write_tokens"],
                _round(
                    cost_usd(
                        model,
                        c["input_tokens"],
                        c["output_tokens"],
                        c["cache_read_tokens"],
                        c["cache_write_tokens"],
                        prices,
                    )
                ),
            )
        )
    return tuple(out)


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, 6)


def compute(
    events: Sequence[EventRow],
    history: Sequence[HistoryRow],
    conflicts: Sequence[ConflictRow],
    lags: Sequence[float],
    *,
    since: float,
    until: float,
    correction_window_s: float = DEFAULT_CORRECTION_WINDOW_S,
    usage: Sequence[UsageRow] = (),
    prices: Prices | None = None,
) -> Report:
    """The window's metrics from its rows (``history`` may extend past ``until`` by the
    correction window, so late corrections count)."""
    events = [e for e in events if since <= e.ts < until]
    lex_hits, lex_runs = _channel(events, "lexical")
    vec_hits, vec_runs = _channel(events, "vector")
    injected = [e.value or 0.0 for e in events if e.node == "context" and e.op == "inject"]
    jobs = [e for e in events if e.node == "worker" and e.op == "observe"]
    latencies = [e.value for e in jobs if e.status == "ok" and e.value is not None]
    decisions = Counter(
        e.op for e in events if e.node == "worker" and e.op in DECISIONS and e.status == "ok"
    )
    statuses = Counter(c.status for c in conflicts)
    resolved, expired = statuses["resolved"], statuses["expired"]
    automatic, corrected = wrong_overwrites(history, since, until, correction_window_s)
    days = llm_days(events, prices)
    queried = [e for e in events if e.node == "tools" and e.op == "memory_query"]
    on_demand = sum(e.status == "ok" for e in queried)
    priced = [d.cost_usd for d in days if d.cost_usd is not None]
    return Report(
        since=since,
        until=until,
        turns=len(injected),
        searched_turns=lex_runs,
        lexical_hit_rate=_rate(lex_hits, lex_runs),
        vector_searched_turns=vec_runs,
        vector_hit_rate=_rate(vec_hits, vec_runs),
        injected_tokens=Distribution.of(injected),
        turns_with_memory=sum(1 for v in injected if v > 0),
        observer_jobs=len(jobs),
        observer_errors=sum(e.status == "error" for e in jobs),
        observer_latency_ms=Distribution.of(latencies),
        learning_lag_s=Distribution.of(lags, digits=3),
        decisions={d: decisions[d] for d in DECISIONS},
        confirmations_opened=len(conflicts),
        confirmations_resolved=resolved,
        confirmations_expired=expired,
        confirmations_open=statuses["open"],
        confirmation_resolution_rate=_rate(resolved, resolved + expired),
        automatic_overwrites=automatic,
        corrected_overwrites=corrected,
        wrong_overwrite_rate=_rate(corrected, automatic),
        correction_window_s=correction_window_s,
        llm_days=days,
        llm_cost_usd=_round(sum(priced)) if priced else None,
        unpriced_models=tuple(sorted({d.model for d in days if d.cost_usd is None})),
        llm_purposes=llm_shares(usage, "purpose", prices),
        llm_users=llm_shares(usage, "user_id", prices, limit=TOP_USERS),
        on_demand_turns=on_demand,
        on_demand_share=_rate(on_demand, len(injected)),
        on_demand_capped=sum(e.status == "capped" for e in queried),
        operations=op_counts(events),
        link_edge_ms=Distribution.of(
            [e.value for e in events if e.node == "worker" and e.op == "link" and e.value],
            digits=3,
        ),
    )


def _iso(ts: float) -> str:
    return datetime.fromtimestamp(ts, UTC).isoformat(timespec="seconds")


def to_json(report: Report) -> dict[str, Any]:
    """The stable JSON shape of a report (``membot admin metrics --json``)."""
    return {
        "window": {
            "since": _iso(report.since),
            "until": _iso(report.until),
            "days": round((report.until - report.since) / DAY_S, 3),
        },
        "turns": report.turns,
        "retrieval": {
            "searched_turns": report.searched_turns,
            "lexical_hit_rate": report.lexical_hit_rate,
            "vector_searched_turns": report.vector_searched_turns,
            "vector_hit_rate": report.vector_hit_rate,
        },
        "injection": {
            "tokens_per_turn": asdict(report.injected_tokens),
            "turns_with_memory": report.turns_with_memory,
        },
        "on_demand": {
            "turns": report.on_demand_turns,
            "share": report.on_demand_share,
            "capped": report.on_demand_capped,
        },
        "observer": {
            "jobs": report.observer_jobs,
            "errors": report.observer_errors,
            "latency_ms": asdict(report.observer_latency_ms),
            "learning_lag_s": asdict(report.learning_lag_s),
            "decisions": report.decisions,
        },
        "confirmations": {
            "opened": report.confirmations_opened,
            "resolved": report.confirmations_resolved,
            "expired": report.confirmations_expired,
            "open": report.confirmations_open,
            "resolution_rate": report.confirmation_resolution_rate,
        },
        "overwrites": {
            "automatic": report.automatic_overwrites,
            "corrected": report.corrected_overwrites,
            "wrong_overwrite_rate": report.wrong_overwrite_rate,
            "correction_window_days": round(report.correction_window_s / DAY_S, 3),
        },
        "llm": {
            "per_day": [asdict(d) for d in report.llm_days],
            "cost_usd": report.llm_cost_usd,
            "unpriced_models": list(report.unpriced_models),
            "per_purpose": [_share(s) for s in report.llm_purposes],
            "per_user": [_share(s) for s in report.llm_users],
        },
        "events": {
            "per_day": [asdict(c) for c in report.operations],
            "link_edge_ms": asdict(report.link_edge_ms),
        },
    }


def _share(share: LLMShare) -> dict[str, Any]:
    return {**asdict(share), "tokens": share.tokens}
