"""The memory page in a real browser: Debian's Chromium driven by Playwright for Python.

One browser for all of them (each test gets a fresh context: its own cookies). The bot
and its page server run on an event loop in a background thread, so the tests drive the
browser with Playwright's synchronous API while the bot serves; ``bot.run(coro)`` runs a
coroutine on the bot's loop and returns its result."""

from __future__ import annotations

import asyncio
import os
import shutil
import tempfile
import threading
from collections.abc import Coroutine, Iterator
from pathlib import Path
from typing import Any, TypeVar

import pytest

from bot.cli.page_bench import CHROMIUM_ARGS

T = TypeVar("T")
CHROMIUM = Path("/usr/bin/chromium")
#: Where the tests write their screenshots: a scratch folder, or the README's docs/images
#: with ``MEMBOT_DOC_SHOTS=1`` (a test run must not change tracked files: Chromium's
#: rendering differs by a pixel between runs, so every `make test` dirtied the checkout).
DOC_SHOTS = Path(__file__).resolve().parents[2] / "docs" / "images"
SHOTS = (
    DOC_SHOTS
    if os.environ.get("MEMBOT_DOC_SHOTS") == "1"
    else Path(tempfile.gettempdir()) / "membot-shots"
)
#: Chromium switches for a quiet, offline, throwaway browser (the page bench's own).
ARGS = CHROMIUM_ARGS
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}


class LoopThread:
    """An event loop in a daemon thread; ``run`` waits for a coroutine scheduled on it."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self._thread.start()

    def run(self, coro: Coroutine[Any, Any, T], timeout: float = 60) -> T:
        """Run ``coro`` on the loop and return its result."""
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)

    def close(self) -> None:
        """Stop the loop and the thread."""
        self.loop.call_soon_threadsafe(self.loop.stop)
        self._thread.join(10)
        self.loop.close()


@pytest.fixture(scope="package")
def browser() -> Iterator[Any]:
    """Headless Chromium (Debian's package), launched once for the browser tests. Package
    scope, not session: Playwright's synchronous API keeps an event loop running on the main
    thread while it is open, and the async tests that run after this package need it gone."""
    if not CHROMIUM.exists() or shutil.which("chromium") is None:
        pytest.fail("Chromium is missing: apt-get install -y chromium (make test does it)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        # Playwright gives the browser a fresh temporary user-data-dir and removes it after.
        launched = p.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=ARGS)
        try:
            yield launched
        finally:
            launched.close()


@pytest.fixture
def loop_thread() -> Iterator[LoopThread]:
    """A background event loop for this test's bot."""
    thread = LoopThread()
    try:
        yield thread
    finally:
        thread.close()


def context(browser: Any, viewport: dict[str, int], **extra: Any) -> Any:
    """A fresh browser context (no cookies) that reaches nothing but 127.0.0.1."""
    ctx = browser.new_context(viewport=viewport, **extra)
    ctx.set_default_timeout(10_000)
    ctx.route(
        lambda url: not url.startswith("http://127.0.0.1"),
        lambda route: route.abort(),
    )
    return ctx


def shot(page: Any, name: str) -> None:
    """A screenshot into docs/images (the page as a person sees it)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=False)
