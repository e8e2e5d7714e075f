"""``membot bench telegram``: a small run delivers every reply and learns every turn."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from devtools.bench_telegram import (
    OwnTime,
    TelegramBench,
    _LoadProcess,
    run_telegram_bench,
)
from devtools.telegram_load import script
from tests.adapters.test_telegram_e2e import offline_settings


def test_scripts_differ_per_user_and_cycle() -> None:
    assert script(0, 3) != script(1, 3)
    assert len(script(2, 45)) == 45 and script(2, 45)[0] == script(2, 45)[20]


async def test_a_small_run_delivers_and_learns_everything(tmp_path: Path) -> None:
    bench = TelegramBench(users=4, messages=5, think_ms=0)
    report = await run_telegram_bench(bench, offline_settings(embedder="none"), workdir=tmp_path)
    assert report.turns == 20 and report.all_delivered and report.all_learned
    assert len(report.latency_ms) == 20 and min(report.latency_ms) > 0
    figures = report.as_json()
    assert figures["reply_latency_ms"]["p95"] >= figures["reply_latency_ms"]["p50"] > 0
    assert figures["throughput_turns_per_s"] > 0
    # The bot's own time, one per reply, inside each reply's end-to-end latency (same clock:
    # the update is available before the bot has it, the request leaves before it arrives).
    own = figures["own_time_ms"]
    assert own["replies"] == 20 and min(report.own_ms) > 0
    ranked = zip(sorted(report.own_ms), sorted(report.latency_ms), strict=True)
    assert all(own_ms <= latency_ms for own_ms, latency_ms in ranked)
    assert own["p95"] <= figures["reply_latency_ms"]["p95"]
    assert figures["meets_own_target"] == (own["p95"] <= figures["target_own_p95_ms"])
    # The event loop's lateness, watched while the users talked.
    lag = figures["loop_lag_ms"]
    assert report.loop_lag_ms and lag["max"] >= lag["p95"] >= lag["p50"] >= 0
    assert not any(tmp_path.iterdir())  # noqa: ASYNC240 - the temporary database is gone


def test_own_time_runs_from_an_update_in_hand_to_its_reply_leaving() -> None:
    """Per chat: the first sendMessage after an update is its reply; other sends (a second
    message, one nobody asked for) are not timed."""
    now = [0.0]
    own = OwnTime(clock=lambda: now[0])
    own.received(7)
    now[0] = 0.010
    own.received("8")
    now[0] = 0.025
    own.sending("7")  # 25 ms after chat 7's update
    own.sending(7)  # a second message of the same reply
    now[0] = 0.040
    own.sending(8)  # 30 ms after chat 8's update
    own.sending(9)  # no update of chat 9 in hand
    assert own.ms == pytest.approx([25.0, 30.0])
    assert own.since_last() == pytest.approx([25.0, 30.0]) and own.since_last() == []


def test_the_cli_prints_json(tmp_path: Path) -> None:
    from bot.cli import cli

    result = CliRunner().invoke(
        cli,
        [
            "bench",
            "telegram",
            "--users",
            "2",
            "--messages",
            "2",
            "--think-ms",
            "0",
            "--embedder",
            "none",
            "--workdir",
            str(tmp_path),
            "--json",
        ],
    )
    assert result.exit_code == 0, result.output
    figures = json.loads(result.stdout.strip().splitlines()[-1])
    assert figures["bench"] == "telegram" and figures["turns"] == 4
    assert figures["all_delivered"] and figures["all_learned"]
    assert {"p50", "p95", "max"} <= set(figures["reply_latency_ms"])
    assert figures["own_time_ms"]["replies"] == 4 and figures["target_own_p95_ms"] == 60


async def test_the_llm_responder_run_reports_the_bots_own_time_and_cache_reads(
    tmp_path: Path,
) -> None:
    """The fake model answers after a fixed delay; the report subtracts it per turn."""
    bench = TelegramBench(users=2, messages=4, think_ms=0, responder="llm", llm_delay_ms=50)
    report = await run_telegram_bench(bench, offline_settings(embedder="none"), workdir=tmp_path)
    assert report.all_delivered and report.all_learned
    assert min(report.latency_ms) >= 50  # every reply waited for the fake model
    assert min(report.own_ms) >= 50  # in the bot's own time too (the report subtracts it)
    figures = report.as_json()
    assert figures["responder"] == "llm" and figures["llm_delay_ms"] == 50
    own = figures["overhead_ms"]
    assert own["p95"] == pytest.approx(figures["reply_latency_ms"]["p95"] - 50, abs=0.01)
    llm = figures["llm"]
    # One reply call a turn, plus the fake's on-demand recalls (a question whose words the
    # memory shown lacks: it depends on whether learning caught up, so it is only counted).
    assert llm["replies"] == 8 and llm["calls"] == 8 + llm["memory_query_calls"]
    assert llm["invalid"] == 0 and llm["memory_query_refused"] == 0
    # Later turns of each user read the cached prefix (tools, system prompt, history).
    assert figures["llm"]["calls_reading_cache"] >= 6 and figures["llm"]["cache_hit_rate"] > 0.5


@pytest.mark.alone  # three 1 s intervals by the wall clock: a loaded worker ran short of one
async def test_a_soak_samples_each_interval_until_the_time_is_up(tmp_path: Path) -> None:
    """--minutes: users cycle through their script until the time is up; each interval is a
    row (turns, reply percentiles, the bot's RSS), and every turn is still answered and
    learned."""
    bench = TelegramBench(users=3, messages=4, think_ms=50, minutes=3.5 / 60, sample_s=1.0)
    report = await run_telegram_bench(bench, offline_settings(embedder="none"), workdir=tmp_path)
    assert report.all_delivered and report.all_learned
    assert report.turns > 3 * 4  # more than one pass of the 4-message script
    assert [s.index for s in report.samples] == [1, 2, 3]
    assert sum(s.turns for s in report.samples) <= report.turns
    assert all(s.rss_mb > 20 for s in report.samples)
    figures = report.as_json()
    assert figures["soak_minutes"] == bench.minutes and len(figures["samples"]) == 3
    assert figures["drift"]["rss_mb_last"] > 0


async def test_a_report_line_past_64_kib_is_read(tmp_path: Path) -> None:
    """100 users × 40 messages put ~80 KiB of latencies on one line: asyncio's default
    stream limit (64 KiB) made the run crash at its very end."""
    program = (
        "import json; print(json.dumps({'latency_ms': [123.456789] * 20000, 'replies': 20000}))"
    )
    load = await _LoadProcess.spawn("-c", program)
    message = await load.receive(30)
    assert len(message["latency_ms"]) == 20_000
    await load.close()
