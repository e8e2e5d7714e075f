"""``membot bench page`` measures what it says: the page of a user with N memories, and
search answers (a small run, without the browser)."""

from __future__ import annotations

from bot.cli.page_bench import USER, run_page_bench
from memory_core import Memory


async def test_page_bench_lists_every_fact_and_times_both(memory: Memory) -> None:
    report = await run_page_bench(memory, facts=30, loads=2, queries=3, browser=False)
    assert report.facts == 30 and report.paint_ms is None
    assert len(await memory.list_facts(USER, limit=100)) == 30
    assert report.page_bytes > 30 * 100  # every fact is on the page
    assert report.html_ms.p50 > 0 and report.search_ms.p50 > 0
    assert set(report.as_json()) == {"facts", "page_bytes", "html_ms", "search_ms", "notes"}
