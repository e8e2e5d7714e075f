"""``membot eval scenarios``: the suite meets its targets with the rules, and the scorer bites."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Mapping, Sequence

import pytest
from typer.testing import CliRunner

from bot.cli import cli
from memory_core.errors import InvalidInputError
from memory_core.evaluation.scenario_data import (
    BEN,
    HOME,
    SCENARIOS,
    Scenario,
    ben,
    f,
    say,
)
from memory_core.evaluation.scenarios import (
    SuiteReport,
    run_scenario,
    run_suite,
    select_scenarios,
)
from memory_core.extract.base import Candidate, TurnInput
from memory_core.extract.rules import RulesExtractor
from memory_core.learn.arbitrate import RulesAuditor, decide_one
from memory_core.learn.decisions import Decision, Pending, Supersede
from memory_core.values import Category, Fact

#: What the issue asks the suite to cover.
TOPICS = {
    "moves",
    "pets",
    "jobs",
    "corrections",
    "temporary",
    "repetition",
    "contradictions",
    "sensitive",
    "group",
    "questions",
    "third_parties",
    "hypotheticals",
    "explicit",
    "multi_fact",
    "tastes",
    "diet",
    "dates",
    "languages",
    "timezone",
    "goals",
}


@pytest.fixture(scope="module")
def rules_report() -> SuiteReport:
    """The whole suite, once, with the offline rules and no embedder (lexical related facts)."""
    return asyncio.run(run_suite(RulesExtractor(), RulesAuditor()))


def test_the_suite_covers_the_issue(rules_report: SuiteReport) -> None:
    names = [s.name for s in SCENARIOS]
    assert len(names) >= 40
    assert len(set(names)) == len(names)
    assert {s.topic for s in SCENARIOS} >= TOPICS
    assert any(len(s.all_users()) == 2 for s in SCENARIOS)
    for s in SCENARIOS:
        expectations = (s.facts, s.wrong, s.stale, s.false, s.ephemeral, s.secrets)
        assert any(expectations) or s.pending, f"{s.name} checks nothing"
    assert [r.name for r in rules_report.results] == names


def test_the_rules_meet_the_targets(rules_report: SuiteReport) -> None:
    """0 wrong overwrites, 0 cross-user leaks, ≥ 90 % of the expected facts (and no leaks)."""
    totals = rules_report.totals()
    assert totals["wrong_overwrites"] == 0, _problems(rules_report, "wrong_overwrites")
    assert totals["cross_user_leaks"] == 0, _problems(rules_report, "cross_user_leaks")
    assert totals["facts_found_ratio"] >= 0.9, _problems(rules_report, "missing")
    assert totals["sensitive_leaks"] == 0, _problems(rules_report, "sensitive_leaks")
    assert totals["ephemeral_leaks"] == 0, _problems(rules_report, "ephemeral_leaks")
    assert totals["targets_met"] is True
    assert totals["extractor"] == "RulesExtractor"
    assert totals["embedder"] is None


def test_remember_asked_in_chat_is_kept_as_surely_as_with_the_command(
    rules_report: SuiteReport,
) -> None:
    """ "Can you remember that my daughter's name is Sofia?" said in chat starts at /remember's
    confidence (it was kept at a first mention's 0.40)."""
    by_name = {r.name: r for r in rules_report.results}
    asked = by_name["remember_asked_as_a_question"]
    assert asked.passed, asked.missing


def test_confirmations_are_asked_where_expected(rules_report: SuiteReport) -> None:
    by_name = {r.name: r for r in rules_report.results}
    for name in ("move_confirmed_with_tap", "confident_home_contradicted", "job_change_confirmed"):
        result = by_name[name]
        assert result.pending_raised == result.pending_expected > 0, name
    assert by_name["same_key_for_two_users_is_no_conflict"].pending_raised == 0


def _problems(report: SuiteReport, kind: str) -> dict[str, list[str]]:
    return {r.name: getattr(r, kind) for r in report.results if getattr(r, kind)}


# ---- the scorer notices what goes wrong -------------------------------------------------------


class OverwritingAuditor:
    """The rules auditor without its guardrail: contradictions always replace the old fact."""

    async def decide(
        self,
        turn: TurnInput,
        candidates: Sequence[Candidate],
        related: Mapping[str, Sequence[Fact]],
    ) -> list[Decision]:
        out: list[Decision] = []
        for cand in candidates:
            decision = decide_one(cand, related.get(cand.key, ()), explicit=False, now=turn.time)
            if isinstance(decision, Pending):
                decision = Supersede(decision.target_id, decision.proposal)
            if decision is not None:
                out.append(decision)
        return out


class EchoExtractor:
    """Keeps every message verbatim as a note: secrets and "for now" included."""

    async def extract(self, turn: TurnInput) -> list[Candidate]:
        return [
            Candidate(
                key="note.said",
                value_text=turn.user_text[:280],
                category=Category.OTHER,
                confidence_hint=0.5,
                source_excerpt=turn.user_text[:200],
            )
        ]


class LeakyExtractor:
    """A broken extractor that stores a secret it knows, whatever reached it: the learner now
    only ever sees chat text redacted, so a leak has to be planted to test the scorer."""

    def __init__(self, secret: str) -> None:
        self.secret = secret

    async def extract(self, turn: TurnInput) -> list[Candidate]:
        return [
            Candidate(
                key="note.leak",
                value_text=f"The user's email password is {self.secret}.",
                category=Category.OTHER,
                confidence_hint=0.5,
            )
        ]


def _scenario(name: str) -> Scenario:
    return select_scenarios([name])[0]


async def test_an_auditor_without_guardrails_still_cannot_overwrite() -> None:
    """The learner enforces the guardrails on any auditor's decisions: it still asks."""
    result = await run_scenario(
        _scenario("confident_home_contradicted"), RulesExtractor(), OverwritingAuditor()
    )
    assert result.passed
    assert result.pending_raised == 1


async def test_a_value_that_replaced_the_right_one_is_a_wrong_overwrite() -> None:
    replaced = Scenario(
        "replaced_favourite",
        "corrections",
        (say("My favourite colour is blue."), say("My favourite colour is green.")),
        facts=(f("favorite.color", "blue"),),
        wrong=(f("favorite.color", "green"),),
    )
    result = await run_scenario(replaced, RulesExtractor(), RulesAuditor())
    assert len(result.wrong_overwrites) == 1 and "green" in result.wrong_overwrites[0]
    assert result.missing == ["favorite.color~blue (not active)"]
    assert not result.passed


async def test_stored_secrets_and_temporary_notes_are_counted() -> None:
    scenario = _scenario("password_said_in_chat")
    # Said in plain chat, the secret never reaches an extractor in clear...
    echoed = await run_scenario(scenario, EchoExtractor(), RulesAuditor())
    assert not echoed.sensitive_leaks
    # ...and one that is stored anyway is counted.
    secret = await run_scenario(scenario, LeakyExtractor("sunflower42"), RulesAuditor())
    assert secret.sensitive_leaks and "sunflower42" in secret.sensitive_leaks[0]
    spoken = Scenario(
        "echo_for_now",
        "temporary",
        (say("For now, call me Al."),),
        ephemeral=(f("note.*", "Al"),),
    )
    result = await run_scenario(spoken, EchoExtractor(), RulesAuditor())
    assert result.ephemeral_leaks


async def test_a_fact_in_the_wrong_users_memory_is_a_cross_user_leak() -> None:
    """Ana says what Ben should have said: Ben misses it and Ana holds it."""
    swapped = Scenario(
        "swapped_speaker",
        "group",
        (say("I live in Madrid.", group=True), ben("Hello everyone!")),
        facts=(f(HOME, "Madrid", user=BEN),),
    )
    result = await run_scenario(swapped, RulesExtractor(), RulesAuditor())
    assert result.missing == ["Ben:home_city~Madrid (not active)"]
    assert len(result.cross_user_leaks) == 1
    assert "Ana's" in result.cross_user_leaks[0]


async def test_repetition_without_duplicates_and_tap_errors_are_reported() -> None:
    result = await run_scenario(
        _scenario("repeated_diet_gains_confidence"), RulesExtractor(), RulesAuditor()
    )
    assert result.passed and not result.duplicates
    lonely_tap = Scenario(
        "tap_without_question",
        "moves",
        (say("I live in Berlin."), *_scenario("promotion").steps[-1:]),
    )
    result = await run_scenario(lonely_tap, RulesExtractor(), RulesAuditor())
    assert result.errors == ["step 2: no open question to tap update"]


def test_unknown_scenario_names_are_refused() -> None:
    with pytest.raises(InvalidInputError, match="no scenario named nope"):
        select_scenarios(["pronouns", "nope"])
    assert select_scenarios([]) == SCENARIOS


# ---- the command line -------------------------------------------------------------------------


@pytest.mark.usefixtures("isolated_cli")
@pytest.mark.parametrize("vectors", ["--no-vectors", "--vectors"])
def test_cli_json_shape(vectors: str) -> None:
    args = ["eval", "scenarios", "--json", vectors]
    args += ["--only", "pronouns", "--only", "move_confirmed_with_tap"]
    result = CliRunner().invoke(cli, args, catch_exceptions=False)
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert set(report) == {"scenarios", "totals"}
    assert [s["name"] for s in report["scenarios"]] == ["move_confirmed_with_tap", "pronouns"]
    for s in report["scenarios"]:
        assert s["passed"] is True
        for key in (
            "facts_expected",
            "facts_found",
            "wrong_overwrites",
            "duplicates",
            "ephemeral_leaks",
            "sensitive_leaks",
            "cross_user_leaks",
            "pending_expected",
            "pending_raised",
        ):
            assert isinstance(s[key], int), key
    totals = report["totals"]
    assert totals["scenarios"] == 2
    assert totals["facts_found_ratio"] == 1.0
    assert totals["pending_raised"] == totals["pending_expected"] == 1
    assert totals["targets_met"] is True
    assert totals["extractor"] == "RulesExtractor"
    assert (totals["embedder"] is None) == (vectors == "--no-vectors")


@pytest.mark.usefixtures("isolated_cli")
def test_cli_table_says_whether_targets_are_met() -> None:
    result = CliRunner().invoke(
        cli, ["eval", "scenarios", "--no-vectors", "--only", "pet_renamed"], catch_exceptions=False
    )
    assert result.exit_code == 0, result.output
    assert "pet_renamed" in result.stdout
    assert "targets met" in result.stdout
    bad = CliRunner().invoke(cli, ["eval", "scenarios", "--only", "nope"])
    assert bad.exit_code == 2
