"""How ``membot bench faults`` (and the fault suite) count what the fake Telegram received:
duplicates, missing answers, order and other messages are told apart."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from bot.cli import cli
from devtools.fake_telegram import Call, TgUser
from devtools.faults import FaultRun, count_answers, count_window, script


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


class _Calls:
    def __init__(self, calls: list[Call]) -> None:
        self.calls = calls

    def calls_of(self, method: str) -> list[Call]:
        return [c for c in self.calls if c.method == method]


def test_a_kill_duplicates_are_the_window_only_when_the_killed_replica_sent_the_first() -> None:
    """After a SIGKILL a duplicate is the residual window's when the killed replica sent its
    first copy (Telegram took it, the replica died before recording it) and a takeover resent
    it; its age at the kill is reported. One whose first copy a surviving replica sent is not
    that window, and the run is not exact."""
    a = TgUser(1, "A")
    scripts = {1: script(0)}
    names = [n for _, n in scripts[1]]

    def sent(at: float, name: str, status: int = 200, by: str = "0") -> Call:
        text = {"chat_id": 1, "text": f"Got it: {name}"}
        return Call("sendMessage", text, at, status, caller=by)

    calls = [sent(1.000, names[0]), sent(1.096, names[1]), sent(1.097, names[2], status=429)]
    calls += [sent(3.0, n, by="2") for n in names[1:]]  # the takeover: the second resent
    run = FaultRun("kill_replica", messages=6, killed_at=1.100, killed=0, resent=2)
    run.duplicates, run.replies, run.turns_stored, run.turns_learned = 1, 7, 6, 6
    run.inbox, run.exit_codes = {"done": 6}, [-9, 0, 0]
    count_window(run, _Calls(calls), [a], scripts)
    assert (run.window_ms, run.duplicates_outside_window) == ([4.0], 0)
    assert run.exact_but_the_window and not run.ok

    late = FaultRun("kill_replica", messages=6, killed_at=1.1, killed=1, resent=2)
    late.duplicates, late.replies, late.turns_stored, late.turns_learned = 1, 7, 6, 6
    late.inbox, late.exit_codes = {"done": 6}, [-9, 0, 0]
    count_window(late, _Calls(calls), [a], scripts)
    assert (late.window_ms, late.duplicates_outside_window) == ([], 1)
    assert not late.exact_but_the_window
    assert "killed_at" not in late.as_json()


def test_the_bench_passes_a_kill_whose_duplicates_are_all_the_window(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """``bench faults`` shows a SIGKILL run whose duplicates are all the residual window's as
    "window (N)" and exits 0; a duplicate outside it fails the run (exit 1)."""
    import devtools.faults

    def window_run(outside: int) -> FaultRun:
        run = FaultRun("kill_replica", messages=6, replies=7, duplicates=1, killed=0, resent=1)
        run.turns_stored = run.turns_learned = 6
        run.inbox, run.exit_codes = {"done": 6}, [-9, 0, 0]
        run.window_ms, run.duplicates_outside_window = ([] if outside else [3.0]), outside
        return run

    for outside, code in ((0, 0), (1, 1)):

        async def runs(*_: Any, outside: int = outside, **__: Any) -> list[FaultRun]:
            return [window_run(outside)]

        monkeypatch.setattr(devtools.faults, "run_faults", runs)
        args = ["bench", "faults", "--faults", "kill_replica", "--workdir", str(tmp_path)]
        result = CliRunner(env={"COLUMNS": "200"}).invoke(cli, args)
        assert result.exit_code == code, result.output
        # The table may wrap "window (1)" inside its cell (the console's width is read once
        # per process): the word and the count, wherever the cell breaks.
        shown = "window" in result.output and "(1)" in result.output
        assert shown == (code == 0), result.output


def test_a_stop_past_the_grace_tolerates_only_duplicates_of_answers_on_their_way_at_it() -> None:
    """A replica stopped past the send grace may have had another answer on its way (Telegram
    took it while the replica was stopped; the taker resent it): a duplicate is that window's
    only when the stopped replica sent its first copy and the fault recorded that chat's answer
    on its way at the stop. The same duplicate with nothing recorded on its way is a bug."""
    a = TgUser(1, "A")
    scripts = {1: script(0)}
    names = [n for _, n in scripts[1]]

    def sent(at: float, name: str, by: str) -> Call:
        return Call("sendMessage", {"chat_id": 1, "text": f"Got it: {name}"}, at, 200, caller=by)

    calls = [sent(1.0, names[0], "1"), sent(2.0, names[1], "1"), sent(9.0, names[1], "0")]

    def stopped(on_way: list[str]) -> FaultRun:
        run = FaultRun("freeze_past_grace", messages=6, replies=7, duplicates=1, resent=2)
        run.frozen, run.frozen_at, run.in_flight_at_freeze = 1, 1.995, on_way
        run.turns_stored = run.turns_learned = 6
        run.inbox, run.exit_codes = {"done": 6}, [0, 0, 0]
        count_window(run, _Calls(calls), [a], scripts)
        return run

    caught = stopped(["chat:1"])
    assert (caught.window_ms, caught.duplicates_outside_window) == ([-5.0], 0)
    assert caught.exact_but_the_window and not caught.ok
    assert "frozen_at" not in caught.as_json()
    clean = stopped([])
    assert (clean.window_ms, clean.duplicates_outside_window) == ([], 1)
    assert not clean.exact_but_the_window


def test_an_exact_run_with_any_counter_off_keeps_its_evidence_and_says_where(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """``bench faults`` deleted its folder whenever every run was exact: a run exact for the
    bot whose fake Bot API broke a chat's order itself (``webhook_order_breaks``), or that
    sent an apology, lost the files its counters are read from. Any counter off now keeps the
    folder and prints which run's, and which counters; an all-exact run still leaves none."""
    import devtools.faults

    def exact(workdir: Path) -> FaultRun:
        run = FaultRun("none", messages=6, replies=6, turns_stored=6, turns_learned=6)
        run.inbox, run.exit_codes, run.workdir = {"done": 6}, [0, 0, 0], str(workdir / "none-1")
        return run

    def evidence(folder: Path) -> None:
        folder.mkdir(parents=True)
        (folder / "webhooks.jsonl").write_text("{}\n")

    for breaks in (0, 2):
        folder = tmp_path / f"breaks{breaks}"

        async def runs(*_: Any, workdir: Path, breaks: int = breaks, **__: Any) -> list[FaultRun]:
            run = exact(workdir)
            run.webhook_order_breaks = breaks
            evidence(Path(run.workdir))
            return [run]

        monkeypatch.setattr(devtools.faults, "run_faults", runs)
        args = ["bench", "faults", "--faults", "none", "--workdir", str(folder)]
        result = CliRunner(env={"COLUMNS": "300"}).invoke(cli, args)
        assert result.exit_code == 0, result.output
        kept = list(folder.glob("membot-faults-*/none-1/webhooks.jsonl"))
        assert len(kept) == (1 if breaks else 0), result.output
        if breaks:
            assert f"{kept[0].parent}: webhook_order_breaks off" in result.output, result.output
    run = exact(tmp_path)
    assert run.counters_off() == []
    run.other_replies = 1
    assert run.ok and run.counters_off() == ["other_replies"]
