"""``membot bench import-stall`` at a tiny scale: the file it imports, the phases it times, the
JSON it prints."""

from __future__ import annotations

import asyncio
import json

import pytest
from typer.testing import CliRunner

from memory_core.benchmarks import measure_stall, stall_file


def test_the_stall_file_looks_like_the_issues() -> None:
    raw = stall_file(1000)
    lines = [line for line in raw.decode().splitlines() if line.startswith("- ")]
    assert len(lines) == 1000 and len(set(lines)) == 1000
    assert 40 < len(raw) / 1000 < 80  # ~60 bytes a line: 49,999 lines ≈ 3 MB


async def test_b_is_timed_alone_during_and_after_a_import() -> None:
    replies: list[int] = []
    baseline = 3
    enough = asyncio.Event()

    async def plan() -> str:
        await asyncio.sleep(0.05)
        return "taken"

    async def apply(taken: str) -> None:
        assert taken == "taken"
        await asyncio.sleep(0.1)
        # Until B sent 5 replies during the import: how many fit in 0.15 s is the machine's.
        await asyncio.wait_for(enough.wait(), 60)

    async def reply(n: int) -> None:
        replies.append(n)
        if len(replies) >= baseline + 5:
            enough.set()
        await asyncio.sleep(0.002)

    report = await measure_stall(
        lines=5,
        plan=plan,
        apply=apply,
        reply=reply,
        interval_s=0.005,
        baseline=baseline,
        after_s=0.03,
    )
    figures = report.as_json()
    assert figures["plan_s"] >= 0.05 and figures["apply_s"] >= 0.1
    assert report.during_samples >= 5 and figures["b_during_import_ms"]["p50"] >= 2
    assert figures["b_baseline_ms"]["p95"] > 0 and figures["b_after_import_ms"]["p95"] > 0


def test_cli_runs_a_small_import_stall_and_prints_json(monkeypatch: pytest.MonkeyPatch) -> None:
    from bot.cli import cli

    monkeypatch.setenv("MEMBOT_EMBEDDER", "none")
    result = CliRunner().invoke(
        cli,
        [
            "bench", "import-stall", "--lines", "40", "--interval-ms", "20",
            "--after-s", "0.1", "--json",
        ],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    figures = json.loads(result.stdout)
    assert figures["lines"] == 40 and figures["apply_s"] > 0
    assert figures["b_during_samples"] >= 1 and figures["b_during_import_ms"]["p95"] > 0
