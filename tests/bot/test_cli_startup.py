"""A fast, conventional command line: ``--version``, and ``--help`` that does not load the
memory engine (behaviour, not timing: ``membot bench cli`` measures the time)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from bot.cli import cli
from bot.cli.memories import CategoryChoice
from bot.cli.root import version
from memory_core.values import Category

ROOT = Path(__file__).resolve().parents[2]
#: What ``--help`` must not import: the engine, its database and model stack, the settings.
HEAVY = (
    "memory_core",
    "bot.app",
    "bot.config",
    "pydantic_settings",
    "sqlalchemy",
    "numpy",
    "anthropic",
    "telegram",
    "discord",
)
#: Runs ``--help`` for the root and every group and command in one process, then lists what
#: of HEAVY got imported.
PROBE = """
import sys
from typer.main import get_command
from bot.cli import main
from bot.cli.root import cli

def walk(command, path):
    yield path
    for name, sub in sorted(getattr(command, "commands", {}).items()):
        yield from walk(sub, [*path, name])

paths = list(walk(get_command(cli), []))
for path in paths:
    sys.argv = ["membot", *path, "--help"]
    try:
        main()
    except SystemExit as exc:
        assert exc.code in (0, None), (path, exc.code)
heavy = sorted({m.split(".")[0] if not m.startswith("bot.") else m for m in sys.modules
                if m.startswith(HEAVY)})
print("HELPS", len(paths))
print("HEAVY", ",".join(heavy))
"""


def test_help_of_every_command_imports_no_engine() -> None:
    probe = f"HEAVY = {HEAVY!r}\n" + PROBE
    done = subprocess.run(
        [sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    lines = dict(
        line.split(" ", 1)
        for line in done.stdout.splitlines()
        if line.startswith(("HELPS ", "HEAVY "))
    )
    assert int(lines["HELPS"]) > 30  # root, groups and commands were all asked
    assert lines["HEAVY"].strip() == ""


def test_version_prints_the_installed_version() -> None:
    result = CliRunner().invoke(cli, ["--version"])
    assert result.exit_code == 0
    assert result.stdout == f"membot {version()}\n"
    assert version() != "unknown"  # membot is installed (editable) in the test environment


def test_the_cli_category_choices_are_the_engines_categories() -> None:
    assert [c.value for c in CategoryChoice] == [c.value for c in Category]


def test_bench_cli_times_help_in_fresh_processes(isolated_cli: None) -> None:
    result = CliRunner().invoke(
        cli, ["bench", "cli", "--runs", "2", "--only", "jobs list", "--json"]
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert list(data["commands"]) == ["membot jobs list --help"]
    row = data["commands"]["membot jobs list --help"]
    assert 0 < row["p50_ms"] <= row["max_ms"]
    assert row["cpu_p50_ms"] > 0
    assert data["overall"]["runs"] == 2
    assert result.stderr == ""  # --json: no progress


@pytest.mark.parametrize("only", ["nope"])
def test_bench_cli_refuses_an_unknown_command(only: str) -> None:
    result = CliRunner().invoke(cli, ["bench", "cli", "--only", only])
    assert result.exit_code == 2


@pytest.mark.parametrize("group", [[], ["memories"], ["admin"], ["eval"], ["bench"], ["jobs"]])
def test_command_listings_are_not_cut_off(group: list[str]) -> None:
    result = CliRunner().invoke(cli, [*group, "--help"], terminal_width=80)
    assert result.exit_code == 0
    listing = result.stdout.split("Commands:", 1)[1]
    assert "..." not in listing, listing
