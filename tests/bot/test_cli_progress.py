"""Progress of long work: plain lines on stderr without a terminal, a bar with rate and ETA on
one, nothing with ``--json``."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from bot.cli import cli
from bot.cli.progress import progress
from memory_core.evaluation import select_scenarios


def _console(*, terminal: bool) -> tuple[Console, io.StringIO]:
    out = io.StringIO()
    return Console(file=out, force_terminal=terminal, width=120), out


def test_without_a_terminal_the_first_and_last_lines_are_always_printed() -> None:
    console, out = _console(terminal=False)
    with progress("sentences", console=console, every_s=3600) as step:
        for done in range(1, 101):
            step(done, 100)
    lines = out.getvalue().splitlines()
    assert lines[0] == "sentences: 1 / 100 (1%)" or lines[0].startswith("sentences: 1 / 100 (1%),")
    assert re.fullmatch(r"sentences: 100 / 100 \(100%\), done in \d+\.\d s", lines[-1])
    assert len(lines) == 2  # throttled in between
    assert "\x1b[" not in out.getvalue()  # no terminal codes in a log file


def test_without_a_terminal_lines_come_periodically_with_rate_and_eta() -> None:
    console, out = _console(terminal=False)
    with progress("rows", console=console, every_s=0) as reporter:
        reporter.update(10, 40, "facts")
        reporter.update(20, 40)
        reporter.update(40, 40)
        reporter.update(5, None, "episodes")
        reporter.note("indexing")
    lines = out.getvalue().splitlines()
    assert lines[0].startswith("facts: 10 / 40 (25%)")
    assert re.match(r"facts: 20 / 40 \(50%\), [\d,.]+/s, about \d+ s left", lines[1])
    assert lines[2].startswith("facts: 40 / 40 (100%), done in")
    assert lines[3].startswith("episodes: 5")
    assert lines[4] == "episodes: indexing"


def test_quiet_prints_nothing() -> None:
    console, out = _console(terminal=True)
    with progress("x", console=console, quiet=True) as step:
        step(1, 2)
        step.note("hello")
    assert out.getvalue() == ""


def test_on_a_terminal_a_bar_shows_count_rate_and_eta() -> None:
    console, out = _console(terminal=True)
    with progress("re-embedding", console=console, transient=False) as step:
        for done in range(1, 51):
            step(done, 50)
    text = out.getvalue()
    assert "re-embedding" in text and "50/50" in text
    assert "/s" in text  # the rate column
    assert "━" in text  # the bar


@pytest.fixture
def cli_env(isolated_cli: None, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MEMBOT_EMBEDDER", "none")


def test_bench_pipeline_prints_progress_lines_to_stderr_and_none_with_json(
    cli_env: None,
) -> None:
    args = ["bench", "pipeline", "--turns", "12", "--users", "2"]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    assert re.search(r"^turns learned: 12 / 12 \(100%\), done in", result.stderr, re.M)
    assert "turns learned" not in result.stdout
    quiet = CliRunner().invoke(cli, [*args, "--json"])
    assert quiet.exit_code == 0, quiet.output
    assert quiet.stderr == ""
    assert json.loads(quiet.stdout)["turns"] == 12


def test_eval_scenarios_progress_and_json(cli_env: None) -> None:
    name = select_scenarios(())[0].name
    args = ["eval", "scenarios", "--no-vectors", "--only", name]
    result = CliRunner().invoke(cli, [*args, "--json"])
    assert result.exit_code == 0, result.output
    assert result.stderr == ""
    json.loads(result.stdout)
    shown = CliRunner().invoke(cli, args)
    assert shown.exit_code == 0, shown.output
    assert re.search(r"^scenarios: 1 / 1 \(100%\), done in", shown.stderr, re.M)


def test_admin_reindex_reports_progress_without_a_terminal(
    isolated_cli: None, tmp_path: Path
) -> None:
    db = str(tmp_path / "m.db")
    added = CliRunner().invoke(
        cli, ["memories", "add", "I like green tea", "-u", "ana", "--db", db]
    )
    assert added.exit_code == 0, added.output
    result = CliRunner().invoke(cli, ["admin", "reindex", "--db", db])
    assert result.exit_code == 0, result.output
    assert re.search(r"^re-embedding: \d+ / \d+ \(100%\), done in", result.stderr, re.M)
    assert "Re-embedded" in result.stdout


def test_eval_extraction_counts_every_sentence_it_extracts(
    isolated_cli: None, tmp_path: Path
) -> None:
    personas = tmp_path / "personas.json"
    sentences = [f"I have {n} cats." for n in range(2, 12)]
    personas.write_text(json.dumps([{"Speaker 1": sentences, "Speaker 2": []}]))
    args = ["eval", "extraction", "--data", str(personas)]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    # The ten sentences plus the committed hand labels, each counted once.
    last = re.findall(r"^sentences: (\d+) / (\d+) \(100%\), done in", result.stderr, re.M)
    assert len(last) == 1 and last[0][0] == last[0][1] and int(last[0][1]) > 10
    quiet = CliRunner().invoke(cli, [*args, "--json"])
    assert quiet.exit_code == 0 and quiet.stderr == ""
