"""The operational event log (seed 003 §14): what the pipeline did, read back for metrics.

Rows ride along in transactions that commit anyway (the turn's, the job's): recording an
event never costs a transaction of its own on the hot path. LLM usage is summed in memory by
:class:`UsageBuffer` (the provider's ``usage_sink``) and written with the next such transaction.

The vocabulary (``node``/``op`` → ``status``; meaning of ``value``, ``sim``, ``category``):

    hotpath/lexical   hit|miss|skipped   value: top-k hits with a lexical signal
    hotpath/vector    hit|miss|skipped   value: top-k hits with a vector signal; sim: the best
                                         vector signal (as fused: normalised, not raw cosine)
    context/inject    ok|skipped         value: tokens of the injected memory block
    worker/observe    ok|error           value: ms the job took (extract → apply)
    worker/<decision> ok|replayed        insert, update, supersede, expire, noop, pending;
                                         memory_id: the fact written; category: its category
    tools/memory_query ok|capped         value: memory_query calls of one answered turn (a
                                         turn that used it, or whose call the on-demand cap
                                         refused)
    llm/<counter>     ok                 category: model; value: calls, input_tokens,
                                         output_tokens, cache_read_tokens, cache_write_tokens,
                                         latency_ms (sums since the previous flush)
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import Connection, text

from memory_core.llm import Usage
from memory_core.store.rows import sql, values_rows

#: The LLM counters, in the order :class:`UsageBuffer` keeps them.
LLM_COUNTERS = (
    "calls",
    "input_tokens",
    "output_tokens",
    "cache_read_tokens",
    "cache_write_tokens",
    "latency_ms",
)


@dataclass(frozen=True, slots=True)
class Event:
    """One operational event to record (the timestamp is given when it is written)."""

    node: str
    op: str
    status: str = "ok"
    user_id: str | None = None
    memory_id: int | None = None
    category: str | None = None
    sim: float | None = None
    value: float | None = None


@dataclass(frozen=True, slots=True)
class EventRow:
    """One recorded event, as metrics read it."""

    node: str
    op: str
    status: str
    user_id: str | None
    category: str | None
    sim: float | None
    value: float | None
    ts: float


def add(conn: Connection, events: Sequence[Event], ts: float) -> None:
    """Insert ``events`` inside the caller's transaction (one statement per 200)."""
    rows = [
        {
            "u": e.user_id,
            "node": e.node,
            "op": e.op,
            "st": e.status,
            "mid": e.memory_id,
            "cat": e.category,
            "sim": e.sim,
            "val": e.value,
            "ts": ts,
        }
        for e in events
    ]
    for values, params in values_rows(_EVENT_NAMES, rows):
        conn.execute(
            sql(
                "INSERT INTO events (user_id, node, op, status, memory_id, category, sim, value, "
                f"ts) VALUES {values}"
            ),
            params,
        )


_EVENT_NAMES = ("u", "node", "op", "st", "mid", "cat", "sim", "val", "ts")


def turn_events(
    user_id: str,
    *,
    memory_tokens: int | None,
    lexical_hits: int | None,
    vector_hits: int | None,
    best_sim: float | None = None,
) -> list[Event]:
    """The hot path's events for one answered turn (``None``: that step did not run)."""
    if memory_tokens is None:
        return []

    def channel(op: str, hits: int | None, sim: float | None = None) -> Event:
        status = "skipped" if hits is None else ("hit" if hits else "miss")
        return Event("hotpath", op, status, user_id, sim=sim, value=hits)

    return [
        channel("lexical", lexical_hits),
        channel("vector", vector_hits, best_sim),
        Event(
            "context",
            "inject",
            "ok" if memory_tokens else "skipped",
            user_id,
            value=memory_tokens,
        ),
    ]


def query_events(user_id: str, queries: int | None, *, capped: bool = False) -> list[Event]:
    """The on-demand recall event of one answered turn (none when it did not use the tool)."""
    if not queries and not capped:
        return []
    return [Event("tools", "memory_query", "capped" if capped else "ok", user_id, value=queries)]


def rows(
    conn: Connection, since: float, until: float, nodes: Sequence[str] | None = None
) -> list[EventRow]:
    """Events with ``since <= ts < until`` (of some nodes), oldest first."""
    cond = ""
    params: dict[str, object] = {"since": since, "until": until}
    if nodes:
        marks = ", ".join(f":n{i}" for i in range(len(nodes)))
        cond = f" AND node IN ({marks})"
        params.update({f"n{i}": n for i, n in enumerate(nodes)})
    result = conn.execute(
        text(
            "SELECT node, op, status, user_id, category, sim, value, ts FROM events "
            f"WHERE ts >= :since AND ts < :until{cond} ORDER BY ts, id"
        ),
        params,
    ).all()
    return [EventRow(*r) for r in result]


def purge_before(conn: Connection, ts: float) -> int:
    """Delete events older than ``ts``; returns how many."""
    return int(conn.execute(text("DELETE FROM events WHERE ts < :ts"), {"ts": ts}).rowcount)


class UsageBuffer:
    """LLM usage summed in memory per model; written by :meth:`flush` inside a transaction.

    ``record`` is the provider's ``usage_sink``: it runs on the event loop, so it only adds
    numbers under a lock — never a database write there.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._totals: dict[str, list[float]] = {}

    def record(self, usage: Usage) -> None:
        """Add one call's usage (the provider's ``usage_sink``)."""
        with self._lock:
            t = self._totals.setdefault(usage.model, [0.0] * len(LLM_COUNTERS))
            t[0] += 1
            t[1] += usage.input_tokens
            t[2] += usage.output_tokens
            t[3] += usage.cache_read_input_tokens
            t[4] += usage.cache_creation_input_tokens
            t[5] += usage.latency_ms

    def pending(self) -> bool:
        """Whether there is usage not yet written."""
        with self._lock:
            return bool(self._totals)

    def flush(self, conn: Connection, ts: float) -> int:
        """Write the sums as ``llm`` events in the caller's transaction; returns rows written.

        If the write fails the sums are kept for the next flush.
        """
        with self._lock:
            taken, self._totals = self._totals, {}
        if not taken:
            return 0
        events = [
            Event("llm", name, category=model, value=round(values[i], 1))
            for model, values in sorted(taken.items())
            for i, name in enumerate(LLM_COUNTERS)
            if values[i] or name == "calls"
        ]
        try:
            add(conn, events, ts)
        except BaseException:
            with self._lock:
                for model, values in taken.items():
                    t = self._totals.setdefault(model, [0.0] * len(LLM_COUNTERS))
                    for i, v in enumerate(values):
                        t[i] += v
            raise
        return len(events)
