"""Operational metrics as pure computations over event-log and store rows."""

from __future__ import annotations

import pytest

from memory_core.ops import metrics
from memory_core.store.events import EventRow, turn_events
from memory_core.store.stats import ConflictRow, HistoryRow

DAY = 86400.0
T0 = 1_780_000_000.0  # some instant; windows below are relative to it


def ev(
    node: str,
    op: str,
    status: str = "ok",
    *,
    value: float | None = None,
    ts: float = T0,
    category: str | None = None,
    sim: float | None = None,
) -> EventRow:
    return EventRow(node, op, status, "console:ana", category, sim, value, ts)


def hist(
    fact_id: int,
    event: str,
    actor: str,
    ts: float,
    *,
    key: str = "home_city",
    before_id: int | None = None,
    reason: str | None = None,
    user: str = "console:ana",
) -> HistoryRow:
    return HistoryRow(fact_id, user, key, event, actor, reason, before_id, ts)


def compute(
    events: list[EventRow] | None = None,
    history: list[HistoryRow] | None = None,
    conflicts: list[ConflictRow] | None = None,
) -> metrics.Report:
    return metrics.compute(
        events or [], history or [], conflicts or [], [], since=T0, until=T0 + DAY
    )


@pytest.mark.parametrize(
    ("model", "expected"),
    [
        ("claude-sonnet-5-5", metrics.PRICES["claude-sonnet-5-5"]),
        ("claude-haiku-4-5-20251001", metrics.PRICES["claude-haiku-4-5"]),
        ("claude-sonnet-4-20250514", metrics.PRICES["claude-sonnet-4"]),
        ("claude-sonnet-5", metrics.PRICES["claude-sonnet-5"]),
        ("claude-opus-4-1-20250805", metrics.PRICES["claude-opus-4-1"]),
        ("claude-sonnet-4-5[1m]", metrics.PRICES["claude-sonnet-4-5"]),
        ("claude-sonnet-5-5-latest", metrics.PRICES["claude-sonnet-5-5"]),
        ("claude-sonnet-5-50", None),  # not a dated Sonnet 5: another model
        ("gpt-9", None),
    ],
)
def test_price_is_found_for_dated_and_variant_model_ids(
    model: str, expected: metrics.Price | None
) -> None:
    assert metrics.price_for(model) == expected


def test_cost_counts_every_token_kind_and_unknown_models_cost_none() -> None:
    # Sonnet 5.5: $2 in, $10 out, $0.10 cache read, $2.50 cache write per million.
    cost = metrics.cost_usd("claude-sonnet-5-5", 1_000_000, 100_000, 2_000_000, 400_000)
    assert cost == pytest.approx(2.0 + 1.0 + 0.2 + 1.0)
    assert metrics.cost_usd("someone-elses-model", 10, 10, 0, 0) is None


def test_percentiles_interpolate_and_empty_is_none() -> None:
    values = [10.0, 20.0, 30.0, 40.0, 50.0]
    assert metrics.percentile(values, 50) == 30.0
    assert metrics.percentile(values, 95) == pytest.approx(48.0)
    assert metrics.percentile([7.0], 95) == 7.0
    assert metrics.percentile([], 50) is None


def test_hit_rates_count_only_turns_where_the_channel_ran() -> None:
    events = [
        ev("hotpath", "lexical", "hit", value=2),
        ev("hotpath", "lexical", "miss", value=0),
        ev("hotpath", "lexical", "miss", value=0),
        ev("hotpath", "lexical", "skipped"),  # a trivial turn: no search at all
        ev("hotpath", "vector", "hit", value=3),
        ev("hotpath", "vector", "hit", value=1),
        ev("hotpath", "vector", "skipped"),  # vectors disabled
        ev("hotpath", "vector", "skipped"),
    ]
    report = compute(events)
    assert report.searched_turns == 3
    assert report.lexical_hit_rate == pytest.approx(1 / 3, abs=1e-4)
    assert report.vector_searched_turns == 2
    assert report.vector_hit_rate == 1.0


def test_no_data_gives_none_rates_not_zero() -> None:
    report = compute()
    assert report.lexical_hit_rate is None
    assert report.wrong_overwrite_rate is None
    assert report.confirmation_resolution_rate is None
    assert report.observer_latency_ms.p95 is None
    assert report.llm_cost_usd is None


def test_turn_events_record_search_channels_and_injected_tokens() -> None:
    events = turn_events("u", memory_tokens=120, lexical_hits=0, vector_hits=3, best_sim=0.8)
    assert [(e.node, e.op, e.status, e.value) for e in events] == [
        ("hotpath", "lexical", "miss", 0),
        ("hotpath", "vector", "hit", 3),
        ("context", "inject", "ok", 120),
    ]
    assert events[1].sim == 0.8
    trivial = turn_events("u", memory_tokens=0, lexical_hits=None, vector_hits=None)
    assert [e.status for e in trivial] == ["skipped", "skipped", "skipped"]
    assert turn_events("u", memory_tokens=None, lexical_hits=1, vector_hits=1) == []


def test_injected_tokens_and_observer_latency_percentiles() -> None:
    events = [ev("context", "inject", value=v) for v in (0, 100, 200, 300)]
    events += [ev("worker", "observe", value=float(ms)) for ms in range(1, 101)]
    events += [ev("worker", "observe", "error")]
    events += [ev("worker", "insert"), ev("worker", "insert"), ev("worker", "pending")]
    events += [ev("worker", "insert", "replayed")]
    report = compute(events)
    assert report.turns == 4
    assert report.turns_with_memory == 3
    assert report.injected_tokens.mean == 150.0
    assert report.observer_jobs == 101
    assert report.observer_errors == 1
    assert report.observer_latency_ms.p50 == pytest.approx(50.5)
    assert report.observer_latency_ms.p95 == pytest.approx(95.05, abs=0.1)
    assert report.decisions["insert"] == 2
    assert report.decisions["pending"] == 1


def test_confirmation_resolution_rate_ignores_still_open_ones() -> None:
    conflicts = [
        ConflictRow("resolved", "keep_new", T0, T0 + 60),
        ConflictRow("resolved", "keep_old", T0, T0 + 60),
        ConflictRow("resolved", "keep_new", T0, T0 + 60),
        ConflictRow("expired", None, T0, None),
        ConflictRow("open", None, T0, None),
    ]
    report = compute(conflicts=conflicts)
    assert report.confirmations_opened == 5
    assert report.confirmation_resolution_rate == 0.75
    assert report.confirmations_open == 1


def test_wrong_overwrite_is_an_automatic_change_the_user_corrected_or_undid() -> None:
    history = [
        # 1: observer superseded fact 1 by fact 2; the user undid it an hour later.
        hist(1, "superseded", "observer", T0 + 10, before_id=1),
        hist(2, "updated", "observer", T0 + 10, before_id=1),
        hist(2, "deleted", "user", T0 + 3600, before_id=2, reason="undo"),
        # 2: observer updated fact 5 in place; nobody complained.
        hist(5, "updated", "observer", T0 + 20, key="pet.cat.name", before_id=5),
        # 3: observer expired fact 7; the user re-stated the same key a day later.
        hist(7, "expired", "observer", T0 + 30, key="job", before_id=7),
        hist(9, "updated", "user", T0 + DAY, key="job", before_id=8),
        # 4: observer updated fact 11; the user corrected it only after the window (8 days).
        hist(11, "updated", "observer", T0 + 40, key="diet", before_id=11),
        hist(11, "updated", "user", T0 + 8 * DAY, key="diet", before_id=11),
        # Not overwrites: a user's own change and the observer creating a fact.
        hist(20, "updated", "user", T0 + 50, key="x", before_id=20),
        hist(21, "created", "observer", T0 + 60, key="y"),
        # Another user's correction of the same key does not count.
        hist(30, "updated", "observer", T0 + 70, key="pet.cat.name", before_id=30, user="b"),
    ]
    report = compute(history=history)
    assert report.automatic_overwrites == 5
    assert report.corrected_overwrites == 2
    assert report.wrong_overwrite_rate == 0.4


def test_llm_usage_is_summed_per_day_and_model_with_cost() -> None:
    day2 = T0 + DAY / 2 + 1  # still inside the window, maybe on the next UTC day
    events = [
        ev("llm", "calls", value=2, category="claude-haiku-5-5"),
        ev("llm", "input_tokens", value=1_000_000, category="claude-haiku-5-5"),
        ev("llm", "output_tokens", value=100_000, category="claude-haiku-5-5"),
        ev("llm", "calls", value=1, category="claude-haiku-5-5", ts=T0 + 5),
        ev("llm", "input_tokens", value=1_000_000, category="claude-haiku-5-5", ts=T0 + 5),
        ev("llm", "calls", value=1, category="mystery-model", ts=day2),
        ev("llm", "input_tokens", value=500, category="mystery-model", ts=day2),
    ]
    report = compute(events)
    haiku = [d for d in report.llm_days if d.model == "claude-haiku-5-5"]
    assert len(haiku) == 1
    assert haiku[0].calls == 3
    assert haiku[0].input_tokens == 2_000_000
    assert haiku[0].cost_usd == pytest.approx(2 * 0.10 + 0.1 * 0.50)
    mystery = next(d for d in report.llm_days if d.model == "mystery-model")
    assert mystery.cost_usd is None
    assert report.llm_cost_usd == pytest.approx(0.25)
    assert report.unpriced_models == ("mystery-model",)
    data = metrics.to_json(report)
    assert data["llm"]["unpriced_models"] == ["mystery-model"]
    assert {row["model"] for row in data["llm"]["per_day"]} == {"claude-haiku-5-5", "mystery-model"}


def test_json_shape_is_stable() -> None:
    data = metrics.to_json(compute([ev("context", "inject", value=10)]))
    assert set(data) == {
        "window",
        "turns",
        "retrieval",
        "injection",
        "on_demand",
        "observer",
        "confirmations",
        "overwrites",
        "llm",
        "events",
    }
    assert data["window"]["days"] == 1.0
    assert data["injection"]["tokens_per_turn"]["mean"] == 10.0


def test_on_demand_share_counts_turns_that_called_memory_query() -> None:
    """Seed 003 §11: the share of answered turns whose model called memory_query (a turn the
    cap refused is counted apart, not as a use)."""
    events = [ev("context", "inject", value=10) for _ in range(10)] + [
        ev("tools", "memory_query", value=2),
        ev("tools", "memory_query", status="capped", value=0),
    ]
    report = compute(events)
    assert (report.on_demand_turns, report.on_demand_capped) == (1, 1)
    assert report.on_demand_share == pytest.approx(0.1)
    assert metrics.to_json(report)["on_demand"] == {"turns": 1, "share": 0.1, "capped": 1}


def test_events_are_counted_by_day_node_op_and_status() -> None:
    """Seed 003 §14: basic counts by op/node over time (LLM usage has its own section)."""
    events = [
        ev("hotpath", "classify"),
        ev("hotpath", "classify", status="skipped"),
        ev("hotpath", "classify"),
        ev("worker", "link", value=0.4),
        ev("worker", "link", value=0.6),
        ev("worker", "merge"),
        ev("worker", "ttl"),
        ev("llm", "calls", value=1),
    ]
    report = compute(events)
    counts = {(c.node, c.op, c.status): c.count for c in report.operations}
    assert counts == {
        ("hotpath", "classify", "ok"): 2,
        ("hotpath", "classify", "skipped"): 1,
        ("worker", "link", "ok"): 2,
        ("worker", "merge", "ok"): 1,
        ("worker", "ttl", "ok"): 1,
    }
    assert len({c.day for c in report.operations}) == 1  # all at T0
    assert report.link_edge_ms.count == 2 and report.link_edge_ms.mean == 0.5
    data = metrics.to_json(report)
    assert data["events"]["link_edge_ms"]["count"] == 2
    assert sum(row["count"] for row in data["events"]["per_day"]) == 7
