"""``membot … --db postgresql://…`` through the real CLI: the admin commands that apply work on
the server, the file-only ones refuse in one clear line, and no folder is ever made for a URL."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import Result
from typer.testing import CliRunner

from bot.cli import cli


@pytest.fixture(autouse=True)
def isolated(isolated_cli: None) -> None:
    """Every test here runs the real CLI in isolation (see ``isolated_cli``)."""


def membot(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def ok_json(*args: str) -> Any:
    result = membot(*args, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_stats_vacuum_export_and_erase_work_on_postgresql(pg_url: str, tmp_path: Path) -> None:
    for text in ("Ana lives in Porto", "Ana has a dog called Rex"):
        ok_json("memories", "add", text, "--user", "ana", "--db", pg_url)
    ok_json("memories", "add", "Bo likes tea", "--user", "bo", "--db", pg_url)

    stats = ok_json("admin", "stats", "--db", pg_url)
    assert stats["facts"]["by_status"] == {"active": 3} and stats["users"] == 2
    assert stats["size_bytes"]["db"] > 0
    assert stats["database"].startswith("postgresql://")

    exported = membot("admin", "export-user", "--user", "ana", "--db", pg_url)
    assert exported.exit_code == 0, exported.output
    assert {f["value_text"] for f in json.loads(exported.stdout)["facts"]} == {
        "Ana lives in Porto",
        "Ana has a dog called Rex",
    }

    erased = ok_json("admin", "delete-user", "--user", "ana", "--yes", "--db", pg_url)
    assert erased["left"] == {} and erased["removed"]["facts"] == 2
    vacuumed = membot("admin", "vacuum", "--db", pg_url)
    assert vacuumed.exit_code == 0, vacuumed.output
    assert ok_json("admin", "stats", "--db", pg_url)["facts"]["by_status"] == {"active": 1}
    assert not (tmp_path / "postgresql:").exists()  # no folder made for a URL
    assert list(tmp_path.iterdir()) == []


def test_doctor_checks_the_server(pg_url: str) -> None:
    report = ok_json("admin", "doctor", "--db", pg_url)
    database = next(c for c in report["checks"] if c["name"] == "database")
    assert database["ok"] is True
    assert "PostgreSQL" in database["detail"] and "pgvector" in database["detail"]


@pytest.mark.parametrize("command", [["backup", "copy.db"], ["restore", "copy.db", "--yes"]])
def test_file_commands_refuse_postgresql_clearly(pg_url: str, command: list[str]) -> None:
    result = CliRunner().invoke(cli, ["admin", *command, "--db", pg_url])
    assert result.exit_code == 2
    assert "not yet supported on PostgreSQL" in result.output


def test_a_second_bot_on_the_same_database_is_refused(pg_url: str) -> None:
    from memory_core import RunLock
    from memory_core.db.engine import Database

    db = Database(pg_url)
    first, second = RunLock.for_database(db), RunLock.for_database(db)
    try:
        first.acquire_bot()
        with pytest.raises(Exception, match="already running"):
            second.acquire_bot()
        first.release()
        second.acquire_bot()  # released with its connection
    finally:
        first.release()
        second.release()
        db.dispose()
