"""Logs an operator can read and tail: the log format setting, one ``fact_*`` event per
committed change (never a value), and the process's Prometheus counters."""

from __future__ import annotations

import io
import json
import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import structlog
from structlog.testing import capture_logs

from bot.config import Settings
from bot.logging import configure
from bot.metrics_server import render
from memory_core import Operations
from memory_core.clock import ManualClock
from memory_core.memory import Memory
from memory_core.store import facts as fact_repo
from memory_core.values import Category, NewFact, Status

FACT_EVENTS = {"fact_learned", "fact_changed", "fact_forgotten"}


def _fact_events(logs: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [e for e in logs if e["event"] in FACT_EVENTS]


@pytest.fixture(autouse=True)
def _restore_logging() -> Any:
    yield
    structlog.reset_defaults()
    logging.getLogger().handlers[:] = []


def test_log_format_console_renders_plain_lines_and_json_stays_the_default() -> None:
    out = io.StringIO()
    configure("info", stream=out, json=True)
    structlog.get_logger("t").info("fact_learned", key="home_city", fact_id=3)
    assert json.loads(out.getvalue())["event"] == "fact_learned"

    out = io.StringIO()
    configure("info", stream=out, json=False)
    structlog.get_logger("t").info("fact_learned", key="home_city", fact_id=3)
    line = out.getvalue()
    assert "fact_learned" in line and "key=home_city" in line
    with pytest.raises(json.JSONDecodeError):
        json.loads(line)


def test_log_format_is_a_setting_json_by_default(monkeypatch: pytest.MonkeyPatch) -> None:
    assert Settings(_env_file=None).log_format == "json"  # type: ignore[call-arg]
    monkeypatch.setenv("MEMBOT_LOG_FORMAT", "console")
    assert Settings(_env_file=None).log_format == "console"  # type: ignore[call-arg]
    example = (Path(__file__).parents[2] / "deploy" / ".env.example").read_text()
    assert "MEMBOT_LOG_FORMAT" in example


async def test_learning_logs_one_event_per_change_without_values(
    tmp_path: Path, clock: ManualClock, console: Callable[..., Any]
) -> None:
    async with console(tmp_path / "bot.db", clock, embedder="none") as s:
        with capture_logs() as logs:
            await s.say("I live in Berlin", "/remember my bank password is hunter2secret")
        events = _fact_events(logs)
        learned = [e for e in events if e["event"] == "fact_learned"]
        assert {e["key"] for e in learned} >= {"home_city"}
        for e in learned:
            assert e["source"] and e["action"] == "created" and e["user_id"] == "console:ana"
            assert isinstance(e["fact_id"], int)
        dumped = json.dumps(logs, default=str)
        assert "hunter2secret" not in dumped  # a secret never reaches a log
        assert "Berlin" not in json.dumps(events)  # nor does any value in a fact event

        with capture_logs() as logs:
            await s.say("/forget Berlin")
            out = await s.say("/tap 1")
        assert "Forgotten" in out
        forgotten = [e for e in _fact_events(logs) if e["event"] == "fact_forgotten"]
        assert [e["key"] for e in forgotten] == ["home_city"]

        with capture_logs() as logs:
            await s.say("/undo")
        assert [e["event"] for e in _fact_events(logs)] == ["fact_changed"]

        counters = s.runtime.memory.db.counters
        assert counters.get("turns") == 2  # chat and /remember; other commands are no turns
        assert counters.get("facts", action="created") >= 2
        assert counters.get("facts", action="deleted") == 1


def test_the_key_of_a_sensitive_note_is_not_logged(memory: Memory) -> None:
    """A note's key is made of its first words: for a health note, those are its value."""
    new = NewFact(
        key="note.my_doctor_found_diabetes_type_two",
        value_text="My doctor found diabetes type two",
        category=Category.HEALTH,
        sensitive=True,
    )
    with capture_logs() as logs, memory.db.write() as conn:
        fact_repo.create(conn, "console:ana", new, memory.clock.now(), actor="user")
    [event] = _fact_events(logs)
    assert event["key"] == "note" and "diabetes" not in json.dumps(event)


def test_a_rolled_back_change_is_neither_logged_nor_counted(memory: Memory) -> None:
    new = NewFact(key="home_city", value_text="The user lives in Rome.", category=Category.IDENTITY)
    with capture_logs() as logs, pytest.raises(RuntimeError), memory.db.write() as conn:
        fact_repo.create(conn, "console:ana", new, memory.clock.now(), actor="user")
        raise RuntimeError("crash before the commit")
    assert _fact_events(logs) == []
    assert memory.db.counters.get("facts", action="created") == 0

    with capture_logs() as logs, memory.db.write() as conn:
        fact = fact_repo.create(conn, "console:ana", new, memory.clock.now(), actor="user")
    assert [(e["event"], e["fact_id"], e["status"]) for e in _fact_events(logs)] == [
        ("fact_learned", fact.id, Status.ACTIVE.value)
    ]
    assert memory.db.counters.get("facts", action="created") == 1


async def test_conflicts_are_counted_asked_and_answered(
    tmp_path: Path, clock: ManualClock, console: Callable[..., Any]
) -> None:
    async with console(tmp_path / "bot.db", clock, embedder="none") as s:
        await s.say("/remember I live in Berlin")
        out = await s.say("I moved to Lisbon")
        assert "Which is right?" in out
        counters = s.runtime.memory.db.counters
        assert counters.get("conflicts_asked") == 1
        assert counters.get("conflicts_answered", choice="update") == 0
        await s.say("/tap 1")
        answered = {k: v for k, v in counters.snapshot().items() if k[0] == "conflicts_answered"}
        assert sum(answered.values()) == 1


def test_metrics_expose_process_counters_as_prometheus_counters(memory: Memory) -> None:
    counters = memory.db.counters
    counters.add("turns", 3)
    counters.add("facts", 2, action="created")
    counters.add("llm_tokens", 120, model="claude-haiku-5-5", type="input")
    ops = Operations(memory.db)
    process = {"start_time": 1.0, "cpu_seconds": 0.1, "resident_bytes": 1.0, "threads": 1.0}
    body = render(ops.metrics(since=0, until=1), ops.stats(), process, {}, counters.snapshot())
    assert "# TYPE membot_turns_total counter" in body
    assert "membot_turns_total 3.0" in body
    assert 'membot_facts_total{action="created"} 2.0' in body
    assert 'membot_llm_tokens_total{model="claude-haiku-5-5",type="input"} 120.0' in body
    assert "membot_conflicts_asked_total 0" in body  # present from the start
    assert "# TYPE membot_turns gauge" in body  # the 24-hour gauges stay beside them
