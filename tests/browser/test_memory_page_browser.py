"""The memory page clicked through in Chromium: a signed link, refused links and initData,
search as you type, edits (one asks for confirmation), forget + undo, a conflict settled, a
faded fact restored, an import previewed and applied. Screenshots go to docs/images."""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest

from memory_core.clock import ManualClock
from memory_core.jobs import Lifecycle
from memory_core.values import NewFact, Status
from tests.bot.page_harness import PageBot, page_bot
from tests.browser.conftest import DESKTOP, PHONE, LoopThread, context, shot
from tests.factories import START

pytestmark = pytest.mark.timeout(180)


@dataclass
class Served:
    """The bot with its page, served from the background loop."""

    loop: LoopThread
    bot: PageBot
    clock: ManualClock

    def say(self, user: str, *lines: str) -> str:
        """Lines typed by ``user`` in their console."""
        return self.loop.run(self.bot.say(user, *lines))

    def link(self, user: str = "ana") -> str:
        """The one-time link ``/memories web`` answers ``user`` with."""
        return self.loop.run(self.bot.link(user))

    def values(self, user: str = "ana") -> list[str]:
        """The user's active memory values."""
        found = self.loop.run(self.bot.facts(user, statuses=(Status.ACTIVE,)))
        return [f.value_text for f in found]


@pytest.fixture
def served(loop_thread: LoopThread, tmp_path: Path) -> Iterator[Served]:
    """The bot and its page on 127.0.0.1, on the background loop."""
    clock = ManualClock(START)
    stack = contextlib.AsyncExitStack()
    bot = loop_thread.run(stack.enter_async_context(page_bot(tmp_path, clock)))
    try:
        yield Served(loop_thread, bot, clock)
    finally:
        loop_thread.run(stack.aclose())


def sign_in(page: Any, link: str) -> None:
    """Open a signed link and press its button, as a person does."""
    page.goto(link)
    page.get_by_role("button", name="Open my memory").click()
    page.wait_for_url(re.compile(r"/memory/(\?.*)?$"))


def test_link_search_edit_confirm_forget_and_undo(browser: Any, served: Served) -> None:
    served.say(
        "ana",
        "I live in Lisbon",
        "My favourite colour is green",
        "My sister Mia lives in Rome",
        "I'm flying to Tokyo on 14 March",
        "/remember my wifi password is hunter2-Gr33n",
    )
    ctx = context(browser, PHONE)
    page = ctx.new_page()
    sign_in(page, served.link())
    assert "You live in Lisbon." in page.inner_text("#facts")
    assert "hunter2" not in page.content()  # masked until revealed
    shot(page, "memory-page-phone")

    # Search as you type: the list narrows without a page load.
    page.get_by_label("Search your memory").fill("lisbon")
    page.wait_for_selector('#results[data-query="lisbon"]')
    assert page.inner_text("#results").strip().startswith("You live in Lisbon.")
    assert "green" not in page.inner_text("#results")

    # Edit a preference: applied at once.
    page.get_by_label("Search your memory").fill("colour")
    page.wait_for_selector('#results[data-query="colour"]')
    page.locator("#results li.fact a").first.click()
    page.get_by_label("The right value, as you would say it in chat").fill(
        "My favourite colour is blue"
    )
    page.get_by_role("button", name="Save").click()
    page.wait_for_selector(".flash")
    assert "Saved." in page.inner_text(".flash")
    assert any("blue" in v for v in served.values()) and not any(
        "green" in v for v in served.values()
    )
    shot(page, "memory-page-fact-phone")

    # Edit where one lives (high risk): a confirmation with the chat's choices first.
    page.get_by_role("link", name="Your memory").click()
    page.locator("li.fact a", has_text="Lisbon").click()
    page.get_by_label("The right value, as you would say it in chat").fill("I live in Porto")
    page.get_by_role("button", name="Save").click()
    page.wait_for_selector("#conflicts .conflict")
    assert "confirm the change below" in page.inner_text(".flash")
    assert not any("Porto" in v for v in served.values())
    box = page.locator("#conflicts .conflict")
    assert "Only for now" in box.inner_text()
    box.get_by_role("button", name="Porto").click()
    page.wait_for_selector(".flash")
    assert "Done." in page.inner_text(".flash") and page.locator("#conflicts").count() == 0
    assert any("Porto" in v for v in served.values())
    assert not any("Lisbon" in v for v in served.values())

    # Forget, then undo from the message that says so.
    served.clock.advance(minutes=1)
    page.locator("li.fact", has_text="Porto").get_by_role("button", name="Forget").click()
    page.wait_for_selector(".flash")
    assert "Forgotten." in page.inner_text(".flash")
    assert "Porto" not in page.inner_text("#facts")
    served.clock.advance(minutes=1)
    page.locator(".flash").get_by_role("button", name="Undo").click()
    page.wait_for_selector(".flash")
    assert "Undone." in page.inner_text(".flash") and "Porto" in page.inner_text("#facts")

    # A secret is shown only when asked for.
    page.locator("li.fact", has_text="••••").get_by_role("link", name="Reveal").click()
    page.get_by_role("button", name="Reveal the secret").click()
    assert "hunter2-Gr33n" in page.inner_text(".secret")
    ctx.close()


def test_refused_links_and_init_data(browser: Any, served: Served) -> None:
    ctx = context(browser, PHONE)
    page = ctx.new_page()
    link = served.link()
    token = link.split("t=", 1)[1]
    # Forged: the signature of another payload.
    page.goto(link.replace(token, token[:-3] + "abc"))
    page.get_by_role("button", name="Open my memory").click()
    assert "This link doesn't work" in page.inner_text("h1")
    # The real one works once...
    sign_in(page, link)
    ctx.clear_cookies()
    # ... and never again.
    page.goto(link)
    page.get_by_role("button", name="Open my memory").click()
    assert "This link doesn't work" in page.inner_text("h1")
    # Expired (16 minutes later).
    late = served.link()
    served.clock.advance(minutes=16)
    page.goto(late)
    page.get_by_role("button", name="Open my memory").click()
    assert "This link doesn't work" in page.inner_text("h1")
    page.goto(served.bot.page.base_url + "/")
    assert "Please open the page again" in page.inner_text("h1")
    # initData not signed by Telegram (no bot token configured here: nothing is accepted).
    fake = quote("user=%7B%22id%22%3A1%7D&auth_date=1&hash=00", safe="")
    page.goto(f"{served.bot.page.mini_app_url()}#tgWebAppData={fake}")
    page.wait_for_selector("#notice[data-reason]")
    assert page.get_attribute("#notice", "data-reason") == "no_telegram"
    ctx.close()


def test_faded_restore_and_import_preview_apply(browser: Any, served: Served) -> None:
    memory = served.bot.memory
    trip = served.loop.run(
        memory.remember(
            "console:ana",
            NewFact(key="trip", value_text="Ana visited the Bob Marley Museum in Kingston."),
        )
    )
    served.clock.advance(days=61)  # unused for two months: it fades
    assert served.loop.run(Lifecycle(memory).run()).faded == 1
    served.say(
        "ana",
        "/remember I play the cello",
        "/remember I live in Lisbon",
        "My sister Mia lives in Rome",
        "My favourite colour is green",
        "I work as a nurse",
        "I'm allergic to peanuts",
    )
    ctx = context(browser, DESKTOP)
    page = ctx.new_page()
    sign_in(page, served.link())
    faded = page.locator("#faded li.faded")
    assert "Kingston" in faded.inner_text()
    faded.get_by_role("button", name="Restore").click()
    page.wait_for_selector(".flash")
    assert "Restored." in page.inner_text(".flash")
    assert "Kingston" in page.inner_text("#facts")
    assert served.loop.run(memory.get_fact("console:ana", trip.id)).status == Status.ACTIVE
    shot(page, "memory-page-desktop")

    # Export, edit, import: previewed, then applied.
    exported = served.loop.run(memory.view("console:ana", "private").export("Ana"))
    edited = exported.markdown.replace("cello", "viola") + "\n- I speak Portuguese\n"
    page.get_by_label("or paste it here").fill(edited)
    page.get_by_role("button", name="Preview changes").click()
    preview = page.inner_text("#import-preview")
    assert "viola" in preview and "Portuguese" in preview
    assert not any("viola" in v for v in served.values())  # nothing applied yet
    shot(page, "memory-page-import-desktop")
    page.get_by_role("button", name="Apply").click()
    page.wait_for_selector(".flash")
    assert "Imported." in page.inner_text(".flash")
    values = served.values()
    assert any("viola" in v for v in values) and any("Portuguese" in v for v in values)
    assert not any("cello" in v for v in values)
    ctx.close()
