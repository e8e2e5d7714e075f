"""How fast the memory page is (``membot bench page``): the whole page with many facts, from
the request to the last byte and, when Chromium and Playwright are at hand, to the browser's
first paint; and search-as-you-type answers.

The store is a scratch SQLite file (or a scratch PostgreSQL database) filled with generated,
realistic facts for one user through the facade; the page server runs on 127.0.0.1 as the bot
runs it.
"""

from __future__ import annotations

import asyncio
import random
import shutil
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.page.auth import PageKeys
from bot.page.server import PageLimits, PageServer
from memory_core import Memory
from memory_core.benchmarks import Percentiles, generate_fact, generate_queries
from memory_core.values import NewFact

USER = "console:bench"
_CHROMIUM = Path("/usr/bin/chromium")


@dataclass(frozen=True, slots=True)
class PageBenchReport:
    """Milliseconds, p50 and p95: the page's HTML, its first paint, and search answers."""

    facts: int
    page_bytes: int
    html_ms: Percentiles
    search_ms: Percentiles
    paint_ms: Percentiles | None = None
    notes: list[str] = field(default_factory=list)

    def as_json(self) -> dict[str, Any]:
        """The figures as JSON."""
        out: dict[str, Any] = {
            "facts": self.facts,
            "page_bytes": self.page_bytes,
            "html_ms": {"p50": self.html_ms.p50, "p95": self.html_ms.p95},
            "search_ms": {"p50": self.search_ms.p50, "p95": self.search_ms.p95},
            "notes": self.notes,
        }
        if self.paint_ms is not None:
            out["first_paint_ms"] = {"p50": self.paint_ms.p50, "p95": self.paint_ms.p95}
        return out


async def fill(memory: Memory, facts: int, seed: int = 7) -> None:
    """``facts`` generated memories of one user, through the facade."""
    rng = random.Random(seed)
    for i in range(facts):
        key, category, text = generate_fact(rng)
        await memory.remember(
            USER, NewFact(key=f"{key}.{i}", value_text=text, category=category, confidence=0.9)
        )


async def run_page_bench(
    memory: Memory, *, facts: int, loads: int = 20, queries: int = 50, browser: bool = True
) -> PageBenchReport:
    """Fill ``memory`` and time the page against it."""
    import aiohttp

    await fill(memory, facts)
    limits = PageLimits(reads=1_000_000, writes=1_000_000, sign_ins=1_000_000)
    page = PageServer(memory, PageKeys(b"bench" * 8), port=0, limits=limits)
    await page.start()
    notes: list[str] = []
    try:
        jar = aiohttp.CookieJar(unsafe=True)
        async with aiohttp.ClientSession(cookie_jar=jar) as http:
            token = page.link(USER).split("t=", 1)[1]
            async with http.post(page.base_url + "/open", data={"t": token}) as r:
                assert r.status == 200, r.status
            html: list[float] = []
            size = 0
            for _ in range(loads):
                started = time.perf_counter()
                async with http.get(page.base_url + "/") as r:
                    body = await r.read()
                html.append((time.perf_counter() - started) * 1000)
                size = len(body)
            searched: list[float] = []
            for query in generate_queries(queries, seed=11):
                # As typed: the last few characters of a word arrive one by one.
                started = time.perf_counter()
                async with http.get(page.base_url + "/search", params={"q": query}) as r:
                    await r.read()
                searched.append((time.perf_counter() - started) * 1000)
            cookie = {c.key: c.value for c in jar}
        paint = None
        if browser:
            paint, why = await _first_paint(page, cookie, max(5, loads // 4))
            if why:
                notes.append(why)
        return PageBenchReport(
            facts, size, Percentiles.of(html), Percentiles.of(searched), paint, notes
        )
    finally:
        await page.aclose()


async def _first_paint(
    page: PageServer, cookies: dict[str, str], loads: int
) -> tuple[Percentiles | None, str]:
    """First contentful paint of the page in headless Chromium, from navigation start."""
    try:
        from playwright.async_api import async_playwright
    except ImportError:
        return None, "first paint not measured: Playwright is not installed (pip install '.[dev]')"
    painted: list[float] = []
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=str(_CHROMIUM), args=CHROMIUM_ARGS)
        try:
            ctx = await browser.new_context(viewport={"width": 390, "height": 844})
            await ctx.add_cookies(
                [{"name": k, "value": v, "url": page.base_url + "/"} for k, v in cookies.items()]
            )
            tab = await ctx.new_page()
            for _ in range(loads + 1):  # the first load warms the browser up
                await tab.goto(page.base_url + "/", wait_until="load")
                # The paint entry is recorded a frame after it happens, which on a quiet
                # machine is after the load event: wait for it (its time is from navigation
                # start, so the wait adds nothing to it).
                # (Polled from here: the page's CSP forbids the eval a wait_for_function uses.)
                for _ in range(250):
                    fcp = await tab.evaluate(
                        "performance.getEntriesByName('first-contentful-paint')"
                        ".map(e => e.startTime)[0] || null"
                    )
                    if fcp is not None:
                        painted.append(float(fcp))
                        break
                    await asyncio.sleep(0.02)
            painted = painted[1:]
        finally:
            await browser.close()
    return Percentiles.of(painted), ""


#: Chromium switches for a quiet, offline, throwaway browser (root needs --no-sandbox); the
#: browser tests use the same.
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def run_blocking(
    open_memory: Callable[[Path], Memory], *, facts: int, loads: int, browser: bool
) -> PageBenchReport:
    """The benchmark on a scratch SQLite file (removed afterwards), from synchronous code."""
    missing = browser and (not _CHROMIUM.exists() or shutil.which("chromium") is None)
    folder = Path(tempfile.mkdtemp(prefix="membot-page-bench-"))
    memory = open_memory(folder / "bench.db")
    try:
        report = asyncio.run(
            run_page_bench(memory, facts=facts, loads=loads, browser=browser and not missing)
        )
        if missing:
            report.notes.append(
                "first paint not measured: Chromium is missing (apt-get install -y chromium)"
            )
        return report
    finally:
        memory.close()
        shutil.rmtree(folder, ignore_errors=True)
