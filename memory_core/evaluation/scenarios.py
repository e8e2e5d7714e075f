"""Scripted-conversation evaluation of the learning pipeline (``membot eval scenarios``).

Each scenario runs on a fresh SQLite file with a ``ManualClock``, through the real ``Observer``
and ``Learner`` with whichever extractor and auditor the caller passes (the offline rules, or
the Anthropic ones when a key is set). Taps settle the latest open conflict with
``resolve.resolve``; waits move the clock and run ``resolve.expire_due``. Afterwards every fact
of every user is read back and scored against the scenario's expectations; see
:class:`ScenarioResult` for the metrics and :data:`TARGETS` for what "good" means.
"""

from __future__ import annotations

import asyncio
import re
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from fnmatch import fnmatchcase
from pathlib import Path
from typing import Any

from memory_core import Memory
from memory_core.clock import ManualClock
from memory_core.embed import Embedder
from memory_core.errors import InvalidInputError
from memory_core.evaluation.scenario_data import (
    ANA,
    DM,
    NAMES,
    SCENARIOS,
    FactSpec,
    Say,
    Scenario,
    Tap,
    Wait,
)
from memory_core.extract.base import Extractor
from memory_core.learn.arbitrate import Auditor, normalise_value
from memory_core.learn.observer import Observer, Turn
from memory_core.learn.pipeline import Learner, LearnResult
from memory_core.learn.resolve import expire_due, mark_notified, open_conflicts, resolve
from memory_core.read.search import search_on_thread
from memory_core.runtime.executors import Lane
from memory_core.store import outbox
from memory_core.values import Category, Fact, SearchFilters, Status

#: Every scenario starts at the same instant (a Monday morning).
START = datetime(2026, 3, 2, 9, 30, tzinfo=UTC)
#: The issue's targets for the offline rules.
TARGETS: dict[str, float] = {"wrong_overwrites": 0, "cross_user_leaks": 0, "facts_found": 0.9}
_ALL_STATUSES = SearchFilters(statuses=tuple(Status))
#: Every status a stored fact can have except deleted (what a leak check looks at).
_STORED = tuple(s for s in Status if s != Status.DELETED)
_SECRET_CATEGORIES = frozenset({Category.CREDENTIAL, Category.FINANCE, Category.IDENTITY_DOCUMENT})

#: How long a turn whose learning failed may take to succeed on the observer's retries.
RETRY_PATIENCE_S = 15.0
#: How long a finished job's result may lag behind its commit (vector sync runs in between).
RESULT_GRACE_S = 5.0
#: ``progress(done, total, scenario_name)`` after each scenario.
Progress = Callable[[int, int, str], None]


@dataclass
class ScenarioResult:
    """What one scenario left in memory, scored. Lists hold one label per problem."""

    name: str
    topic: str
    facts_expected: int = 0
    facts_found: int = 0
    missing: list[str] = field(default_factory=list)
    wrong_overwrites: list[str] = field(default_factory=list)
    stale_facts: list[str] = field(default_factory=list)
    false_facts: list[str] = field(default_factory=list)
    duplicates: list[str] = field(default_factory=list)
    ephemeral_leaks: list[str] = field(default_factory=list)
    sensitive_leaks: list[str] = field(default_factory=list)
    cross_user_leaks: list[str] = field(default_factory=list)
    pending_expected: int = 0
    pending_raised: int = 0
    errors: list[str] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def passed(self) -> bool:
        """Every expectation met: all facts found, no problem of any kind."""
        problems = (
            self.missing,
            self.wrong_overwrites,
            self.stale_facts,
            self.false_facts,
            self.duplicates,
            self.ephemeral_leaks,
            self.sensitive_leaks,
            self.cross_user_leaks,
            self.errors,
        )
        return not any(problems) and self.pending_raised == self.pending_expected

    def as_json(self) -> dict[str, Any]:
        """Counts first, then the labels behind them."""
        return {
            "name": self.name,
            "topic": self.topic,
            "passed": self.passed,
            "facts_expected": self.facts_expected,
            "facts_found": self.facts_found,
            "wrong_overwrites": len(self.wrong_overwrites),
            "stale_facts": len(self.stale_facts),
            "false_facts": len(self.false_facts),
            "duplicates": len(self.duplicates),
            "ephemeral_leaks": len(self.ephemeral_leaks),
            "sensitive_leaks": len(self.sensitive_leaks),
            "cross_user_leaks": len(self.cross_user_leaks),
            "pending_expected": self.pending_expected,
            "pending_raised": self.pending_raised,
            "seconds": round(self.seconds, 3),
            "problems": {
                name: labels
                for name, labels in (
                    ("missing", self.missing),
                    ("wrong_overwrites", self.wrong_overwrites),
                    ("stale_facts", self.stale_facts),
                    ("false_facts", self.false_facts),
                    ("duplicates", self.duplicates),
                    ("ephemeral_leaks", self.ephemeral_leaks),
                    ("sensitive_leaks", self.sensitive_leaks),
                    ("cross_user_leaks", self.cross_user_leaks),
                    ("errors", self.errors),
                )
                if labels
            },
        }


@dataclass(frozen=True, slots=True)
class SuiteReport:
    """All scenario results, their totals and whether the targets are met."""

    results: tuple[ScenarioResult, ...]
    extractor: str
    auditor: str
    embedder: str | None
    seconds: float

    def totals(self) -> dict[str, Any]:
        """Sums over the scenarios, the facts-found ratio and the target verdicts."""
        rs = self.results
        expected = sum(r.facts_expected for r in rs)
        found = sum(r.facts_found for r in rs)
        out: dict[str, Any] = {
            "scenarios": len(rs),
            "passed": sum(r.passed for r in rs),
            "facts_expected": expected,
            "facts_found": found,
            "facts_found_ratio": round(found / expected, 4) if expected else 1.0,
        }
        for name in (
            "wrong_overwrites",
            "stale_facts",
            "false_facts",
            "duplicates",
            "ephemeral_leaks",
            "sensitive_leaks",
            "cross_user_leaks",
            "errors",
        ):
            out[name] = sum(len(getattr(r, name)) for r in rs)
        out["pending_expected"] = sum(r.pending_expected for r in rs)
        out["pending_raised"] = sum(r.pending_raised for r in rs)
        out["pending_matched"] = sum(r.pending_raised == r.pending_expected for r in rs)
        checks = {
            "wrong_overwrites": out["wrong_overwrites"] <= TARGETS["wrong_overwrites"],
            "cross_user_leaks": out["cross_user_leaks"] <= TARGETS["cross_user_leaks"],
            "facts_found": out["facts_found_ratio"] >= TARGETS["facts_found"],
        }
        out["targets"] = {"wanted": dict(TARGETS), "met": checks}
        out["targets_met"] = all(checks.values())
        out["extractor"] = self.extractor
        out["auditor"] = self.auditor
        out["embedder"] = self.embedder
        out["seconds"] = round(self.seconds, 2)
        return out

    def as_json(self) -> dict[str, Any]:
        """``{"scenarios": [...], "totals": {...}}``."""
        return {"scenarios": [r.as_json() for r in self.results], "totals": self.totals()}


# ---- running ----------------------------------------------------------------------------------


def select_scenarios(names: Sequence[str] = ()) -> tuple[Scenario, ...]:
    """The scenarios named (in suite order), or the whole suite when ``names`` is empty."""
    if not names:
        return SCENARIOS
    known = {s.name for s in SCENARIOS}
    unknown = [n for n in names if n not in known]
    if unknown:
        raise InvalidInputError(
            f"no scenario named {', '.join(unknown)}; known: {', '.join(sorted(known))}"
        )
    return tuple(s for s in SCENARIOS if s.name in names)


async def run_suite(
    extractor: Extractor,
    auditor: Auditor,
    *,
    embedder: Embedder | None = None,
    scenarios: Sequence[Scenario] = SCENARIOS,
    workdir: Path | None = None,
    progress: Progress | None = None,
) -> SuiteReport:
    """Run ``scenarios`` one after another, each on its own temporary database."""
    began = time.perf_counter()
    results: list[ScenarioResult] = []
    for i, scenario in enumerate(scenarios):
        results.append(await run_scenario(scenario, extractor, auditor, embedder, workdir))
        if progress is not None:
            progress(i + 1, len(scenarios), scenario.name)
    return SuiteReport(
        tuple(results),
        type(extractor).__name__,
        type(auditor).__name__,
        embedder.model_id if embedder is not None else None,
        time.perf_counter() - began,
    )


async def run_scenario(
    scenario: Scenario,
    extractor: Extractor,
    auditor: Auditor,
    embedder: Embedder | None = None,
    workdir: Path | None = None,
) -> ScenarioResult:
    """Play one scenario on a fresh database and score what memory holds afterwards."""
    began = time.perf_counter()
    result = ScenarioResult(scenario.name, scenario.topic, pending_expected=scenario.pending)
    with tempfile.TemporaryDirectory(prefix="membot-scenario-", dir=workdir) as tmp:
        clock = ManualClock(START)
        memory = Memory.open(Path(tmp) / "scenario.db", embedder, clock=clock)
        learned: list[LearnResult] = []

        async def collect(learn_result: LearnResult) -> None:
            learned.append(learn_result)

        observer = Observer(
            Learner(memory.ctx, extractor, auditor),
            workers=1,
            max_attempts=3,
            base_delay=0.5,
            poll_interval=0.05,
            on_result=collect,
        )
        observer.start()
        try:
            await _play(scenario, memory, observer, clock, learned, result)
            facts = {u: await _all_facts(memory, u) for u in scenario.all_users()}
            _score(scenario, facts, result)
            await memory.run(Lane.REPLY, _check_search_isolation, scenario, memory, result)
        finally:
            await observer.aclose()
            memory.close()
    result.pending_raised = sum(len(r.conflicts) for r in learned)
    result.seconds = time.perf_counter() - began
    return result


async def _play(
    scenario: Scenario,
    memory: Memory,
    observer: Observer,
    clock: ManualClock,
    learned: list[LearnResult],
    result: ScenarioResult,
) -> None:
    for n, step in enumerate(scenario.steps, start=1):
        match step:
            case Say():
                clock.advance(minutes=1)
                turn_id = f"{scenario.name}:{n}"
                chat = f"dm:{step.user}" if step.chat == DM else step.chat
                await observer.observe(
                    Turn(
                        turn_id=turn_id,
                        user_id=step.user,
                        chat_id=chat,
                        user_text=step.text,
                        time=clock.now(),
                        assistant_text=step.reply,
                        user_name=NAMES.get(step.user),
                        explicit=step.explicit,
                        is_group=step.chat != DM,
                    )
                )
                if not await _learned(observer, learned, turn_id):
                    result.errors.append(f"step {n}: the turn was not learned (see the logs)")
                # The bot asks a question as soon as it is raised: delivered now (a question
                # never delivered never lapses).
                for asked in await open_conflicts(memory.ctx, step.user, unnotified_only=True):
                    await mark_notified(memory.ctx, step.user, asked.id)
            case Tap():
                clock.advance(minutes=1)
                open_now = await open_conflicts(memory.ctx, step.user)
                if not open_now:
                    result.errors.append(f"step {n}: no open question to tap {step.choice.value}")
                    continue
                await resolve(memory.ctx, step.user, open_now[-1].id, step.choice)
            case Wait():
                clock.advance(days=step.days, hours=step.hours)
                await memory.run(Lane.BACKGROUND, expire_due, memory.ctx)


async def _learned(observer: Observer, learned: list[LearnResult], turn_id: str) -> bool:
    """Wait until the turn's result has been delivered (False: learning failed for good).

    ``drain`` alone is not enough: a failed attempt (an LLM hiccup) is retried after a delay
    it does not wait for, and it can return between a job's commit and its result callback.
    """
    deadline = time.monotonic() + RETRY_PATIENCE_S
    quiet_since: float | None = None
    failed_before = (await _outbox_state(observer))[1]
    while not any(r.turn_id == turn_id for r in learned):
        now = time.monotonic()
        pending, failed = await _outbox_state(observer)
        if now >= deadline or (failed > failed_before and not pending):
            return False  # jobs run one at a time: the newly failed one is this turn's
        if pending:
            quiet_since = None
            await observer.drain()
        else:
            # Done: its result follows the commit closely (vectors are synced in between).
            quiet_since = quiet_since or now
            if now - quiet_since > RESULT_GRACE_S:
                return False
        await asyncio.sleep(0.01)
    return True


async def _outbox_state(observer: Observer) -> tuple[int, int]:
    """(pending, failed) jobs in the scenario's outbox."""
    counts = await observer.ctx.lanes.read(Lane.REPLY, outbox.counts)
    return counts.get("pending", 0), counts.get("failed", 0)


async def _all_facts(memory: Memory, user_id: str) -> list[Fact]:
    return await memory.list_facts(user_id, _ALL_STATUSES, limit=10_000)


# ---- scoring ----------------------------------------------------------------------------------


def _contains(haystack: str, needle: str) -> bool:
    """``needle`` as a whole-word, case-insensitive part of ``haystack`` ("Al" ≠ "called")."""
    pattern = rf"(?<!\w){re.escape(needle)}(?!\w)"
    return re.search(pattern, haystack, re.IGNORECASE) is not None


def _bare_value(fact: Fact) -> str:
    value = fact.value_json.get("value") if isinstance(fact.value_json, dict) else None
    return "" if value is None else str(value)


def matches(spec: FactSpec, fact: Fact) -> bool:
    """Whether ``fact`` is the one ``spec`` describes (key glob and value substring)."""
    if not any(fnmatchcase(fact.key, pattern) for pattern in spec.key.split("|")):
        return False
    return _contains(fact.value_text, spec.contains) or _contains(_bare_value(fact), spec.contains)


def _with_status(facts: Sequence[Fact], *statuses: Status) -> list[Fact]:
    return [x for x in facts if x.status in statuses]


def _score(scenario: Scenario, facts: dict[str, list[Fact]], result: ScenarioResult) -> None:
    result.facts_expected = len(scenario.facts)
    for spec in scenario.facts:
        active = [x for x in _with_status(facts[spec.user], Status.ACTIVE) if matches(spec, x)]
        problem = _fact_problem(spec, active)
        if problem is None:
            result.facts_found += 1
        else:
            result.missing.append(f"{spec.label()} ({problem})")
    checks = (
        (scenario.wrong, (Status.ACTIVE,), result.wrong_overwrites),
        (scenario.stale, (Status.ACTIVE,), result.stale_facts),
        (scenario.false, (Status.ACTIVE, Status.PENDING), result.false_facts),
        (scenario.ephemeral, _STORED, result.ephemeral_leaks),
    )
    for specs, statuses, problems in checks:
        for spec in specs:
            hits = [x for x in _with_status(facts[spec.user], *statuses) if matches(spec, x)]
            problems += [f"{spec.label()} ({x.status.value} #{x.id}: {x.value_text})" for x in hits]
    for user, user_facts in facts.items():
        result.duplicates += _duplicates(user, user_facts)
        result.sensitive_leaks += _sensitive_leaks(scenario, user, user_facts)
        result.cross_user_leaks += _cross_user_leaks(scenario, user, user_facts)


def _fact_problem(spec: FactSpec, active: list[Fact]) -> str | None:
    """Why no active fact satisfies ``spec``, or None when one does."""
    if not active:
        return "not active"
    if spec.sensitive is not None and not any(x.sensitive == spec.sensitive for x in active):
        return f"sensitive={not spec.sensitive}"
    if not any(x.confidence >= spec.min_confidence for x in active):
        best = max(x.confidence for x in active)
        return f"confidence {best:.2f} < {spec.min_confidence:.2f}"
    if spec.since and not any(x.valid_from.date().isoformat() == spec.since for x in active):
        return f"valid_from {active[0].valid_from.date()} ≠ {spec.since}"
    if spec.happened and not any(
        x.event_time is not None and x.event_time.date().isoformat() == spec.happened
        for x in active
    ):
        when = active[0].event_time.date() if active[0].event_time else None
        return f"event_time {when} ≠ {spec.happened}"
    return None


def _duplicates(user: str, facts: Sequence[Fact]) -> list[str]:
    seen: dict[tuple[str, str], Fact] = {}
    out: list[str] = []
    for fact in _with_status(facts, Status.ACTIVE):
        ident = (fact.key, normalise_value(_bare_value(fact) or fact.value_text))
        if ident in seen:
            out.append(f"{_who(user)}{fact.key}: #{seen[ident].id} and #{fact.id}")
        else:
            seen[ident] = fact
    return out


def _sensitive_leaks(scenario: Scenario, user: str, facts: Sequence[Fact]) -> list[str]:
    out: list[str] = []
    for fact in facts:
        fields = (fact.value_text, _bare_value(fact), fact.source_excerpt or "")
        for secret in scenario.secrets:
            if any(secret.casefold() in text.casefold() for text in fields):
                out.append(f"{_who(user)}{secret!r} stored in #{fact.id} ({fact.key})")
        if fact.category in _SECRET_CATEGORIES and not fact.sensitive:
            out.append(f"{_who(user)}#{fact.id} ({fact.key}) is {fact.category} but not sensitive")
        value = _bare_value(fact)
        if fact.category in _SECRET_CATEGORIES and value and value in (fact.source_excerpt or ""):
            out.append(f"{_who(user)}#{fact.id} ({fact.key}) keeps its secret in the excerpt")
    return out


def _cross_user_leaks(scenario: Scenario, user: str, facts: Sequence[Fact]) -> list[str]:
    """Another user's expected facts found in this user's memory (any status but deleted)."""
    own = {(s.key, s.contains.casefold()) for s in scenario.facts if s.user == user}
    out: list[str] = []
    for spec in scenario.facts:
        if spec.user == user or (spec.key, spec.contains.casefold()) in own:
            continue
        for fact in facts:
            if fact.status != Status.DELETED and matches(spec, fact):
                out.append(f"{spec.label()} found in {NAMES.get(user, user)}'s #{fact.id}")
    return out


def _check_search_isolation(scenario: Scenario, memory: Memory, result: ScenarioResult) -> None:
    """Searching one user's memory for another user's values returns only the searcher's facts."""
    users = scenario.all_users()
    if len(users) < 2:
        return
    for user in users:
        for spec in scenario.facts:
            if spec.user == user:
                continue
            hits = search_on_thread(memory.ctx, user, spec.contains, k=10, mode="hybrid")
            for hit in hits:
                if hit.fact is not None and hit.fact.user_id != user:
                    result.cross_user_leaks.append(
                        f"searching {NAMES.get(user, user)}'s memory returned "
                        f"{spec.label()} #{hit.fact.id}"
                    )


def _who(user: str) -> str:
    """A label prefix naming the user, except the default one (Ana)."""
    return "" if user == ANA else f"{NAMES.get(user, user)}:"
