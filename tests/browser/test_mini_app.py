"""The Telegram Mini App end to end: the real Telegram adapter against the fake Bot API sets
the menu button; initData built and signed as Telegram does opens the page in Chromium; a
fact forgotten there is gone from the chat's next answer."""

from __future__ import annotations

import contextlib
import dataclasses
import json
import re
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest

from adapters.telegram import TelegramAdapter, TelegramConfig
from bot import i18n
from bot.app import Runtime, build_runtime
from bot.config import Settings
from bot.page import PageKeys, PageServer
from devtools.fake_telegram import FakeTelegram, TgUser
from memory_core.clock import ManualClock
from tests.adapters.test_telegram_e2e import IDLE_S
from tests.browser.conftest import PHONE, LoopThread, context, shot
from tests.factories import START

pytestmark = pytest.mark.timeout(180)
#: Telegram's dark theme parameters, as a client passes them to a Mini App.
DARK = {
    "bg_color": "#17212b",
    "text_color": "#f5f5f5",
    "hint_color": "#708499",
    "link_color": "#6ab3f3",
    "button_color": "#5288c1",
    "button_text_color": "#ffffff",
    "secondary_bg_color": "#232e3c",
}


@dataclass
class Telegram:
    """The fake Bot API, the runtime, the adapter and the page, on the background loop."""

    loop: LoopThread
    tg: FakeTelegram
    runtime: Runtime
    adapter: TelegramAdapter
    page: PageServer
    clock: ManualClock

    @property
    def ana(self) -> TgUser:
        """The user (registered with the fake, her private chat open)."""
        return self.tg.user(4242, "Ana", language_code="en")

    def say(self, text: str) -> list[dict[str, Any]]:
        """Ana writes to the bot in private; the messages the bot answered with."""

        async def go() -> list[dict[str, Any]]:
            before = len(self.tg.sent())
            self.clock.advance(minutes=1)
            self.tg.send_text(self.ana, text)
            await self.tg.wait_for(
                lambda: self.tg.confirmed_up_to >= self.tg.last_update_id, IDLE_S
            )
            assert await self.adapter.idle(IDLE_S)
            await self.runtime.settle()
            return self.tg.sent()[before:]

        return self.loop.run(go())


@contextlib.asynccontextmanager
async def telegram(
    tmp_path: Path, clock: ManualClock
) -> AsyncIterator[tuple[FakeTelegram, Runtime, TelegramAdapter, PageServer]]:
    """Fake Bot API, runtime with its page, adapter with the Mini App menu button."""
    async with FakeTelegram(now=lambda: clock.now().timestamp()) as tg:
        settings = Settings(_env_file=None, ANTHROPIC_API_KEY=None)  # type: ignore[call-arg]
        runtime = build_runtime(settings, db=tmp_path / "m.db", clock=clock)
        page = PageServer(runtime.memory, PageKeys(b"p" * 32), port=0, bot_token=tg.token)
        runtime.page = page
        runtime.router.commands.page = page
        adapter = TelegramAdapter(
            runtime.handler,
            TelegramConfig(
                token=tg.token,
                base_url=tg.base_url,
                base_file_url=tg.base_file_url,
                poll_timeout=2,
                retry_base_s=0.01,
                mini_app_url=None,  # set once the page knows its port
            ),
            now=clock.now,
            words=i18n.words("en"),
        )
        runtime.attach("telegram", adapter)
        await runtime.start()  # starts the page on a free port
        adapter.config = dataclasses.replace(adapter.config, mini_app_url=page.mini_app_url())
        await adapter.start()
        try:
            yield tg, runtime, adapter, page
        finally:
            await adapter.stop()
            await runtime.stop()


@pytest.fixture
def bot(loop_thread: LoopThread, tmp_path: Path) -> Iterator[Telegram]:
    """The Telegram bot and its Mini App on the background loop."""
    clock = ManualClock(START)
    stack = contextlib.AsyncExitStack()
    parts = loop_thread.run(stack.enter_async_context(telegram(tmp_path, clock)))
    try:
        yield Telegram(loop_thread, *parts, clock)
    finally:
        loop_thread.run(stack.aclose())


def texts(messages: list[dict[str, Any]]) -> str:
    """The bot's messages as one text."""
    return "\n".join(m.get("text", "") for m in messages)


def test_mini_app_round_trip(browser: Any, bot: Telegram) -> None:
    # The chat's menu button opens the Mini App.
    assert bot.tg.menu_button == {
        "type": "web_app",
        "text": "Memory",
        "web_app": {"url": bot.page.mini_app_url()},
    }
    bot.say("/remember my cat is called Tom")
    assert "Tom" in texts(bot.say("What's my cat called?"))
    # /memories carries an "Open memory" Mini App button too.
    listing = bot.say("/memories")
    rows = listing[-1]["reply_markup"]["inline_keyboard"]
    assert {"text": "Open memory", "web_app": {"url": bot.page.mini_app_url()}} in rows[-1]

    # Telegram opens the Mini App with its launch data in the URL fragment.
    init_data = bot.tg.init_data(bot.ana, chat_type="sender")
    fragment = (
        f"tgWebAppData={quote(init_data, safe='')}&tgWebAppVersion=8.0&tgWebAppPlatform=android"
        f"&tgWebAppThemeParams={quote(json.dumps(DARK), safe='')}"
    )
    ctx = context(browser, PHONE)
    page = ctx.new_page()
    page.goto(f"{bot.page.mini_app_url()}#{fragment}")
    page.wait_for_url(re.compile(r"/memory/$"))
    assert page.get_attribute("html", "data-theme") == "dark"
    assert "Your cat is named Tom." in page.inner_text("#facts")
    shot(page, "memory-page-telegram-phone")
    page.locator("li.fact", has_text="Tom").get_by_role("button", name="Forget").click()
    page.wait_for_selector(".flash")
    assert "Tom" not in page.inner_text("#facts")
    ctx.close()

    # The chat's next answer reflects it.
    answer = texts(bot.say("What's my cat called?"))
    assert answer and "Tom" not in answer

    # The same initData from a group, or an hour and a minute later, opens nothing.
    ctx = context(browser, PHONE)
    page = ctx.new_page()
    group = bot.tg.init_data(bot.ana, chat_type="group")
    page.goto(f"{bot.page.mini_app_url()}#tgWebAppData={quote(group, safe='')}")
    page.wait_for_selector("#notice[data-reason]")
    assert page.get_attribute("#notice", "data-reason") == "group"
    bot.clock.advance(minutes=61)
    page.goto("about:blank")
    page.goto(f"{bot.page.mini_app_url()}#tgWebAppData={quote(init_data, safe='')}")
    page.wait_for_selector("#notice[data-reason]")
    assert page.get_attribute("#notice", "data-reason") == "expired"
    ctx.close()
