"""How ``membot bench faults`` (and the fault suite) count what the fake Telegram received:
duplicates, missing answers, order and other messages are told apart."""

from __future__ import annotations

from typing import Any

from typer.testing import CliRunner

from bot.cli import cli
from devtools.fake_telegram import TgUser
from devtools.faults import FaultRun, count_answers, script


class _Sent:
    def __init__(self, texts: dict[int, list[str]]) -> None:
        self.texts = texts

    def sent(self, chat_id: int) -> list[dict[str, Any]]:
        return [{"text": t} for t in self.texts[chat_id]]


def test_answers_are_counted_once_each_with_duplicates_gaps_and_order_apart() -> None:
    a, b = TgUser(1, "A"), TgUser(2, "B")
    scripts = {1: script(0), 2: script(1)}
    names_a = [n for _, n in scripts[1]]
    names_b = [n for _, n in scripts[2]]
    texts = {
        # A: every answer, the third twice (a takeover's second send)
        1: [f"Got it: {n}" for n in names_a[:3]]
        + [f"Again {names_a[2]}"]
        + [f"ok {n}" for n in names_a[3:]],
        # B: the last two swapped, the fourth never answered, and an apology
        2: [f"ok {n}" for n in names_b[:3]]
        + ["Sorry, try again"]
        + [f"ok {names_b[5]}", f"ok {names_b[4]}"],
    }
    run = FaultRun("kill_replica", messages=12)
    count_answers(run, _Sent(texts), [a, b], scripts)
    assert (run.replies, run.duplicates, run.missing) == (12, 1, 1)
    assert (run.out_of_order, run.other_replies) == (1, 1)
    assert not run.ok


def test_an_unknown_fault_is_refused_before_anything_starts() -> None:
    result = CliRunner().invoke(cli, ["bench", "faults", "--faults", "none,unplug"])
    assert result.exit_code == 2
    assert "unplug" in result.output


def test_a_sender_stopped_past_the_grace_is_exact_only_once_its_send_was_taken_over() -> None:
    """``freeze_past_grace`` proves something only when the stopped replica was stopped
    mid-send: a run where every answer came once but no replica took a begun send over (none
    ``resent``) proved nothing and is not exact; with one taken over and no duplicate, the
    woken replica sent none of it, however it withheld."""
    run = FaultRun("freeze_past_grace", messages=12, replies=12, turns_stored=12)
    run.turns_learned, run.inbox, run.exit_codes, run.frozen = 12, {"done": 12}, [0, 0, 0], 1
    assert not run.ok
    run.resent = 1
    assert run.ok and run.as_json()["ok"]


def test_a_run_with_an_exception_no_task_handled_is_not_exact() -> None:
    """Every answer once is not enough: a replica's loop that died on the fault (asyncio's
    "Task exception was never retrieved" in its log) makes the run inexact."""
    run = FaultRun("restart_server", messages=12, replies=12, turns_stored=12)
    run.turns_learned, run.inbox, run.exit_codes = 12, {"done": 12}, [0, 0, 0]
    assert run.ok
    run.unhandled = 1
    assert not run.ok and not run.as_json()["ok"]
