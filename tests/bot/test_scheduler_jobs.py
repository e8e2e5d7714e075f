"""The jobs as the running bot uses them: consolidation on session switch, profile, CLI."""

from __future__ import annotations

import json
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any, Protocol

import pytest
from typer.testing import CliRunner

from memory_core.clock import ManualClock


class Harness(Protocol):
    """What these tests use of the wired bot (the ``harness`` and ``wired`` fixtures)."""

    clock: ManualClock
    extractor: Any

    async def say(self, *lines: str, minutes: float = 1) -> str: ...

    async def at(self, when: datetime) -> str: ...

    def rows(self, sql: str, *params: Any) -> list[tuple[Any, ...]]: ...


async def test_session_switch_triggers_consolidation_once(harness: Harness) -> None:
    await harness.say("home_city=Lisbon", "employer=Acme")
    assert harness.extractor.pages == []  # the session is still going on
    harness.clock.advance(minutes=45)  # silence ends it; the next turn opens a new one
    await harness.say("hello again")
    assert harness.extractor.pages == ["home_city=Lisbon\nemployer=Acme"]
    assert harness.rows("SELECT id FROM sessions WHERE consolidated_at IS NOT NULL") == [(1,)]
    await harness.say("still here", "and here")
    assert len(harness.extractor.pages) == 1  # the same switch never consolidates twice
    await harness.say("/new", "a fresh start")
    assert harness.extractor.pages[1:] == ["hello again\nstill here\nand here"]


async def test_nightly_sweep_consolidates_sessions_never_followed(harness: Harness) -> None:
    await harness.say("home_city=Lisbon", "pet.cat.name=Tom")
    printed = await harness.at(harness.clock.now().replace(hour=3, minute=0) + _day())
    assert printed == ""
    assert harness.extractor.pages == ["home_city=Lisbon\npet.cat.name=Tom"]
    assert harness.rows("SELECT COUNT(*) FROM sessions WHERE consolidated_at IS NULL") == [(0,)]


async def test_jobs_leave_a_user_with_an_unfinished_erasure_alone(harness: Harness) -> None:
    """A /forgetme recorded and not finished (under way, or cut short): the nightly sweep,
    the profile rebuild and the after-turn hook read and write nothing of the user — one
    check (``Jobs.open_for``) every per-user job path goes through."""
    from memory_core.learn.pipeline import LearnResult
    from memory_core.user import erase

    await harness.say("home_city=Lisbon", "pet.cat.name=Tom")
    harness.clock.advance(hours=1)  # the session has ended; due jobs run now, not below
    await harness.runtime.settle()
    memory, jobs = harness.runtime.memory, harness.runtime.jobs
    with memory.db.write() as conn:
        conn.exec_driver_sql("DELETE FROM profiles")
    erase._record(memory.db, "console:ana", erase.Request(rewrite=False))  # then it stopped
    assert await jobs.run_consolidate() == {"users": 1, "sessions": 0, "written": 0}
    assert harness.extractor.pages == []  # the session was never read
    assert await jobs.refresh_profile("console:ana") is None
    await jobs.after_turn(LearnResult("t1", "console:ana", "console:ana"))
    await harness.runtime.scheduler.drain()
    assert harness.rows("SELECT COUNT(*) FROM profiles") == [(0,)]
    # Once finished, nothing is left for a job to find.
    await memory.resume_erasures()
    assert await jobs.run_consolidate() == {"users": 0, "sessions": 0, "written": 0}


async def test_profile_command_reads_the_materialised_profile(harness: Harness) -> None:
    printed = await harness.say("home_city=Lisbon", "/profile")
    assert "About you\n     • Your home city is Lisbon — you told me" in printed
    assert harness.rows("SELECT COUNT(*) FROM profiles") == [(1,)]


def test_jobs_cli_lists_and_runs_jobs(db_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from bot.cli import cli

    monkeypatch.setenv("MEMBOT_EMBEDDER", "none")
    runner = CliRunner()
    listed = runner.invoke(cli, ["jobs", "list", "--db", str(db_path), "--json"])
    assert listed.exit_code == 0, listed.output
    assert "consolidate" in listed.output and "reflect" in listed.output
    ran = runner.invoke(
        cli, ["jobs", "run", "decay", "--user", "ana", "--db", str(db_path), "--json"]
    )
    assert ran.exit_code == 0, ran.output
    assert '"status": "done"' in ran.output and '"user": "console:ana"' in ran.output
    unknown = runner.invoke(cli, ["jobs", "run", "nope", "--db", str(db_path)])
    assert unknown.exit_code == 2
    # Insights need a language model: offline the job says so instead of inventing any.
    assert "insights" in listed.output
    offline = runner.invoke(cli, ["jobs", "run", "insights", "--db", str(db_path), "--json"])
    assert offline.exit_code == 0, offline.output
    assert "no language model" in offline.output
    assert "enrich" in listed.output
    enrich = runner.invoke(cli, ["jobs", "run", "enrich", "--db", str(db_path), "--json"])
    assert enrich.exit_code == 0 and "no language model" in enrich.output


def test_jobs_run_help_and_errors_name_every_scheduled_job(harness: Harness, db_path: Path) -> None:
    """``jobs run --help`` points at ``jobs list`` (it loads no engine); an unknown job's
    error names the scheduler's own jobs: a job added to the registry shows up there."""
    from bot.cli import cli

    scheduled = [spec.name for spec in harness.runtime.scheduler.specs]
    assert len(scheduled) == 9
    runner = CliRunner()
    shown = " ".join(
        runner.invoke(cli, ["jobs", "run", "--help"], terminal_width=200).output.split()
    )
    assert "membot jobs list" in shown
    unknown = runner.invoke(cli, ["jobs", "run", "nope", "--db", str(db_path)])
    assert unknown.exit_code == 2
    for name in scheduled:
        assert name in unknown.output, name


GOALS_JOB = """
from memory_core.jobs.registry import ScheduledJob


async def run(host, user_id):
    users = [user_id] if user_id else ["telegram:1", "telegram:2"]

    async def one(uid):
        return {"seen": 1, "offline": host.llm is None}

    done = await host.in_lanes(users, "goals", one)
    return {"users": len(done), "offline": all(d["offline"] for d in done)}


JOB = ScheduledJob("goals", "0 6 * * *", "draw each user's goals", run)
"""


def test_a_new_job_is_its_module(
    tmp_path: Path, db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A module of memory_core/jobs/ that declares ``JOB`` is listed, scheduled and run, and
    its cron moves by name (``MEMBOT_JOBS_CRON``), with no other file edited."""
    import sys

    import memory_core.jobs
    from bot.cli import cli

    (tmp_path / "goals.py").write_text(GOALS_JOB, encoding="utf-8")
    monkeypatch.setattr(memory_core.jobs, "__path__", [*memory_core.jobs.__path__, str(tmp_path)])
    monkeypatch.setenv("MEMBOT_EMBEDDER", "none")
    monkeypatch.setenv("MEMBOT_JOBS_CRON", '{"goals": "15 7 * * *"}')
    runner = CliRunner()
    try:
        listed = runner.invoke(cli, ["jobs", "list", "--db", str(db_path), "--json"])
        ran = runner.invoke(cli, ["jobs", "run", "goals", "--db", str(db_path), "--json"])
        monkeypatch.setenv("MEMBOT_JOBS_CRON", '{"gaols": "15 7 * * *"}')  # names no job
        typo = runner.invoke(cli, ["jobs", "list", "--db", str(db_path)])
    finally:
        sys.modules.pop("memory_core.jobs.goals", None)
        vars(memory_core.jobs).pop("goals", None)
    assert listed.exit_code == 0, listed.output
    goals = [r for r in json.loads(listed.output) if r["job"] == "goals"]
    assert [(g["cron"], g["about"]) for g in goals] == [("15 7 * * *", "draw each user's goals")]
    assert ran.exit_code == 0, ran.output
    out = json.loads(ran.output)
    assert (out["status"], out["users"], out["offline"]) == ("done", 2, True)
    assert typo.exit_code == 2 and "MEMBOT_JOBS_CRON: a cron for no declared job: gaols" in (
        " ".join(typo.output.split())
    )


def _day() -> timedelta:
    return timedelta(days=1)
