"""Discord wiring: gateway payloads go through discord.py's own parsers into the adapter and a
real bot runtime; every REST, webhook and CDN request is recorded instead of sent."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import discord
import pytest
import structlog

from adapters.discord import DiscordAdapter, DiscordConfig
from adapters.discord.adapter import DMS_CLOSED, SORRY
from adapters.discord.translate import TOO_BIG
from adapters.types import Button, Reply, Target
from bot.app import Runtime, build_runtime
from bot.config import Settings
from bot.runner import build_adapters
from bot.texts import PRIVATE_ONLY
from memory_core.clock import ManualClock
from tests.factories import START
from tests.fakes.discord_fakes import (
    ALICE,
    APP_ID,
    BOB,
    BOT_ID,
    CHANNEL_ID,
    DM_CHANNEL_ID,
    GUILD_ID,
    Call,
    DiscordRecorder,
    FakeHandler,
    at,
    attachment_payload,
    component_payload,
    connect,
    custom_ids,
    message_payload,
    slash_payload,
    user_payload,
)

SAFE = {"parse": [], "replied_user": True}
CALLBACK = r"/interactions/\d+/[^/]+/callback"
NOT_YOURS = "This isn't yours."


@dataclass
class Rig:
    """A bot runtime on a SQLite file, its Discord adapter, and the recorded HTTP."""

    runtime: Runtime
    adapter: DiscordAdapter
    http: DiscordRecorder

    def feed_message(self, payload: dict[str, Any]) -> None:
        """A MESSAGE_CREATE from the gateway."""
        self.adapter.client._connection.parse_message_create(payload)  # type: ignore[arg-type]

    def feed_interaction(self, payload: dict[str, Any]) -> None:
        """An INTERACTION_CREATE from the gateway."""
        self.adapter.client._connection.parse_interaction_create(payload)  # type: ignore[arg-type]

    async def settle(self) -> None:
        """Wait for handlers in flight, then for background learning."""
        for _ in range(5):  # let freshly dispatched event tasks start (and register)
            await asyncio.sleep(0)
        await self.adapter.drain()
        await self.runtime.settle()
        await self.adapter.drain()

    async def close(self) -> None:
        """Stop in the runner's order: adapter, then runtime."""
        await self.adapter.stop()
        self.http.uninstall()
        await self.runtime.stop()


async def open_rig(tmp_path: Path, **config: Any) -> Rig:
    """A real runtime (offline rules, no embedder) with a Discord adapter as if logged in."""
    runtime = build_runtime(
        Settings(_env_file=None, embedder="none"),  # type: ignore[call-arg]
        db=tmp_path / "m.db",
        clock=ManualClock(START),
    )
    # No deferral on a loaded machine: these tests read the direct answer (deferring is
    # tested apart, with defer_after=0.01).
    adapter = DiscordAdapter(
        runtime.handler, DiscordConfig(token="test-token", **config), defer_after=30.0
    )
    runtime.attach(adapter.platform, adapter)
    await runtime.start()
    http = await connect(adapter.client)
    return Rig(runtime, adapter, http)


@pytest.fixture(autouse=True)
def _offline(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)


@pytest.fixture
async def rig(tmp_path: Path) -> AsyncIterator[Rig]:
    """One rig per test, closed afterwards."""
    rig = await open_rig(tmp_path)
    yield rig
    await rig.close()


def _alice_dm(text: str, minutes: float = 0) -> dict[str, Any]:
    return message_payload(author=user_payload(ALICE, "Alice"), content=text, when=at(minutes))


def _posts(rig: Rig, channel: int) -> list[Call]:
    return rig.http.where("POST", rf"/channels/{channel}/messages")


# ---- start, stop, sync -------------------------------------------------------------------------


async def test_start_logs_in_syncs_commands_globally_and_stop_closes() -> None:
    adapter = DiscordAdapter(FakeHandler(), DiscordConfig(token="test-token"))
    http = DiscordRecorder(adapter.client)
    http.install()
    try:
        await adapter.start()
        (sync,) = http.where("PUT", rf"/applications/{APP_ID}/commands")
        assert sorted(c["name"] for c in sync.json) == sorted(
            "remember forget profile memories why undo export import pause resume new "
            "forgetme help reflections restore link unlink groupmemory".split()
        )
        await http.wait_for(lambda calls: any(c.method == "WS" for c in calls))
        assert not adapter.client.is_closed()
        await adapter.stop()
        assert adapter.client.is_closed()
    finally:
        http.uninstall()
    assert all(c.method in ("GET", "PUT", "WS") for c in http.calls)


async def test_a_bad_token_fails_start() -> None:
    adapter = DiscordAdapter(FakeHandler(), DiscordConfig(token="bad"))
    http = DiscordRecorder(adapter.client)
    http.install()
    http.login_fails = True
    try:
        with pytest.raises(discord.LoginFailure):
            await adapter.start()
        await adapter.stop()
    finally:
        http.uninstall()


def test_the_runner_builds_the_discord_adapter_from_settings(tmp_path: Path) -> None:
    settings = Settings(  # type: ignore[call-arg]
        _env_file=None, embedder="none", DISCORD_BOT_TOKEN="tok", discord_test_guild=GUILD_ID
    )
    runtime = build_runtime(settings, db=tmp_path / "m.db", clock=ManualClock(START))
    try:
        (adapter,) = build_adapters(settings, runtime, ["discord"])
        assert isinstance(adapter, DiscordAdapter)
        assert adapter.platform == "discord"
        assert adapter.config == DiscordConfig(token="tok", test_guild=GUILD_ID)
        assert adapter.handler is runtime.router
        assert adapter.menu_languages == ("de", "es", "fr", "ru")
        intents = adapter.client.intents
        assert intents.guilds and intents.guild_messages and intents.dm_messages
        assert intents.message_content
    finally:
        runtime.memory.close()


async def test_commands_sync_to_the_test_guild_when_one_is_set() -> None:
    from bot import i18n

    adapter = DiscordAdapter(
        FakeHandler(),
        DiscordConfig(token="t", test_guild=GUILD_ID),
        words=i18n.words("en"),  # as the runner does
        menu_languages=("de", "ru"),
    )
    http = await connect(adapter.client)
    try:
        await adapter.client.setup_hook()
        (sync,) = http.calls
        assert (sync.method, sync.path) == (
            "PUT",
            f"/applications/{APP_ID}/guilds/{GUILD_ID}/commands",
        )
        assert len(sync.json) == 18
        # Described in each catalogue language, for clients in that locale.
        profile = next(c for c in sync.json if c["name"] == "profile")
        assert profile["description"] == "What I know about you"
        assert profile["description_localizations"]["de"] == "Was ich über dich weiß"
        assert set(profile["description_localizations"]) == {"de", "ru"}
    finally:
        await adapter.stop()
        http.uninstall()


# ---- slash commands ----------------------------------------------------------------------------


async def test_slash_command_in_a_server_gets_an_ephemeral_reply(rig: Rig) -> None:
    rig.feed_interaction(slash_payload("remember", {"text": "I live in Berlin"}))
    await rig.http.wait_for(lambda calls: bool(rig.http.where("POST", CALLBACK)))
    await rig.settle()
    (answer,) = rig.http.where("POST", CALLBACK)
    assert answer.json["type"] == 4  # CHANNEL_MESSAGE_WITH_SOURCE
    assert answer.ephemeral
    assert "Berlin" in answer.content and answer.content.startswith("Got it")
    assert answer.body["allowed_mentions"] == SAFE

    rig.feed_interaction(slash_payload("profile"))
    await rig.http.wait_for(lambda calls: len(rig.http.where("POST", CALLBACK)) == 2)
    profile = rig.http.where("POST", CALLBACK)[1]
    assert profile.ephemeral and "Berlin" in profile.content


async def test_slash_import_downloads_the_attachment_and_refuses_big_files(rig: Rig) -> None:
    big = attachment_payload("MEMORY.md", 2_000_000)
    rig.feed_interaction(slash_payload("import", {"file": big}))
    await rig.http.wait_for(lambda calls: bool(rig.http.where("POST", CALLBACK)))
    (refusal,) = rig.http.where("POST", CALLBACK)
    assert refusal.content == TOO_BIG and refusal.ephemeral
    assert rig.http.cdn_reads == []

    small = attachment_payload("MEMORY.md", 40)
    rig.http.cdn[small["url"]] = b"# Memory\n\n## Preferences\n- Likes green tea.\n"
    rig.feed_interaction(slash_payload("import", {"file": small}))
    await rig.http.wait_for(lambda calls: len(rig.http.where("POST", CALLBACK)) == 2)
    answer = rig.http.where("POST", CALLBACK)[1]
    assert rig.http.cdn_reads == [small["url"]]
    assert "green tea" in answer.content
    assert len(custom_ids(answer.body)) == 2  # Apply / Cancel


# ---- chat --------------------------------------------------------------------------------------


async def test_mention_in_a_server_gets_an_answer_and_other_talk_is_ignored(rig: Rig) -> None:
    author = user_payload(ALICE, "Alice")
    rig.feed_message(
        message_payload(
            author=author, content="just chatting", guild_id=GUILD_ID, channel_id=CHANNEL_ID
        )
    )
    await rig.settle()
    assert _posts(rig, CHANNEL_ID) == []

    mention = message_payload(
        author=author,
        content=f"<@{BOT_ID}> hello there",
        guild_id=GUILD_ID,
        channel_id=CHANNEL_ID,
        mentions=[user_payload(BOT_ID, "membot", bot=True)],
    )
    rig.feed_message(mention)
    await rig.http.wait_for(lambda calls: bool(_posts(rig, CHANNEL_ID)))
    (answer,) = _posts(rig, CHANNEL_ID)
    assert answer.content
    assert answer.json["message_reference"]["message_id"] == int(mention["id"])
    assert answer.json["allowed_mentions"] == SAFE


async def test_reply_to_the_bot_gets_an_answer(rig: Rig) -> None:
    earlier = message_payload(
        author=user_payload(BOT_ID, "membot", bot=True), content="Hi!", guild_id=GUILD_ID
    )
    rig.feed_message(
        message_payload(
            author=user_payload(ALICE, "Alice"),
            content="what do you know about me?",
            guild_id=GUILD_ID,
            channel_id=CHANNEL_ID,
            referenced=earlier,
        )
    )
    await rig.http.wait_for(lambda calls: bool(_posts(rig, CHANNEL_ID)))


async def test_everyone_in_user_text_cannot_ping(rig: Rig) -> None:
    mention = [user_payload(BOT_ID, "membot", bot=True)]
    author = user_payload(ALICE, "Alice")
    for text in ("remember that @everyone owes me a cake", "/why cake"):
        rig.feed_message(
            message_payload(
                author=author,
                content=f"<@{BOT_ID}> {text}",
                guild_id=GUILD_ID,
                channel_id=CHANNEL_ID,
                mentions=mention,
            )
        )
        await rig.settle()
    # /why is personal: a note in the channel, the answer (quoting Alice) in her DMs
    dm = _posts(rig, DM_CHANNEL_ID)
    assert any("@everyone owes me a cake" in c.content for c in dm)
    assert not any("@everyone owes me a cake" in c.content for c in _posts(rig, CHANNEL_ID))
    assert [c.content for c in _posts(rig, CHANNEL_ID)].count(PRIVATE_ONLY) == 1
    sent = _posts(rig, CHANNEL_ID) + dm
    assert len(sent) >= 3
    assert all(c.json["allowed_mentions"] == SAFE for c in sent)


async def test_private_answer_in_a_server_with_closed_dms_says_so(tmp_path: Path) -> None:
    handler = FakeHandler(
        [
            Reply("secret", private=True),
            Reply("more", private=True),
            Reply("Sent privately.", after_private=True),
        ]
    )
    adapter = DiscordAdapter(handler, DiscordConfig(token="t"))
    http = await connect(adapter.client)
    real = http._answer

    def refuse_dms(call: Call) -> Any:
        if call.path == f"/channels/{DM_CHANNEL_ID}/messages":
            raise discord.Forbidden(_Response(403), {"code": 50007, "message": "Cannot DM"})
        return real(call)

    http._answer = refuse_dms  # type: ignore[method-assign]
    try:
        adapter.client._connection.parse_message_create(  # type: ignore[arg-type]
            message_payload(
                author=user_payload(ALICE, "Alice"),
                content=f"<@{BOT_ID}> /profile",
                guild_id=GUILD_ID,
                channel_id=CHANNEL_ID,
                mentions=[user_payload(BOT_ID, "membot", bot=True)],
            )
        )
        await http.wait_for(lambda calls: len(_channel_posts(http, CHANNEL_ID)) == 1)
        await adapter.drain()
        # Told once, replying to the message; no "sent privately" for what never arrived.
        [closed] = _channel_posts(http, CHANNEL_ID)
        assert closed.content == DMS_CLOSED and "message_reference" in closed.json
        assert "secret" not in " ".join(c.content for c in _channel_posts(http, CHANNEL_ID))
    finally:
        await adapter.stop()
        http.uninstall()


def _channel_posts(http: DiscordRecorder, channel: int) -> list[Call]:
    return http.where("POST", rf"/channels/{channel}/messages")


class _Response:
    """Just enough of an aiohttp response for discord.py's HTTP errors."""

    def __init__(self, status: int) -> None:
        self.status = status
        self.reason = "Forbidden"


async def test_a_2500_character_reply_is_split_under_the_limit(tmp_path: Path) -> None:
    text = "\n".join(f"Memory number {i}: " + ("a fact " * 6).strip() for i in range(50))
    assert 2500 <= len(text) <= 4000
    adapter = DiscordAdapter(FakeHandler([Reply(text)]), DiscordConfig(token="t"))
    http = await connect(adapter.client)
    try:
        adapter.client._connection.parse_message_create(_alice_dm("list everything"))  # type: ignore[arg-type]
        await http.wait_for(
            lambda calls: len(http.where("POST", rf"/channels/{DM_CHANNEL_ID}/messages")) == 2
        )
        parts = [c.content for c in http.where("POST", rf"/channels/{DM_CHANNEL_ID}/messages")]
        assert all(0 < len(p) <= 2000 for p in parts)
        assert "\n".join(parts) == text
    finally:
        await adapter.stop()
        http.uninstall()


async def test_slow_answers_show_typing_or_defer_then_follow_up() -> None:
    handler = FakeHandler([Reply("thought about it")], delay=0.2)
    adapter = DiscordAdapter(handler, DiscordConfig(token="t"), defer_after=0.01)
    http = await connect(adapter.client)
    state = adapter.client._connection
    try:
        state.parse_message_create(_alice_dm("a hard question"))  # type: ignore[arg-type]
        await http.wait_for(lambda calls: bool(http.where("POST", r"/channels/\d+/messages")))
        assert [c.path.rsplit("/", 1)[-1] for c in http.calls] == ["typing", "messages"]

        http.calls.clear()
        state.parse_interaction_create(slash_payload("profile"))  # type: ignore[arg-type]
        await http.wait_for(lambda calls: len(calls) == 2)
        deferral, followup = http.calls
        assert deferral.json["type"] == 5  # DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE ("thinking")
        assert deferral.ephemeral
        assert followup.path.startswith(f"/webhooks/{APP_ID}/")
        assert followup.content == "thought about it" and followup.ephemeral
    finally:
        await adapter.stop()
        http.uninstall()


async def test_a_failing_turn_is_logged_and_answered_briefly() -> None:
    adapter = DiscordAdapter(FakeHandler(error=RuntimeError("boom")), DiscordConfig(token="t"))
    http = await connect(adapter.client)
    try:
        with structlog.testing.capture_logs(
            processors=[structlog.contextvars.merge_contextvars]
        ) as logs:
            adapter.client._connection.parse_message_create(_alice_dm("hi"))  # type: ignore[arg-type]
            await http.wait_for(lambda calls: bool(calls))
            await adapter.drain()
        (sorry,) = http.calls
        assert sorry.content == SORRY
        (event,) = [e for e in logs if e["event"] == "discord_message_failed"]
        assert event["user_id"] == str(ALICE) and event["platform"] == "discord"
    finally:
        await adapter.stop()
        http.uninstall()


async def test_unsolicited_send_is_a_dm_with_buttons() -> None:
    adapter = DiscordAdapter(FakeHandler(), DiscordConfig(token="t"))
    http = await connect(adapter.client)
    try:
        button = Button("Paris", "m1.c.3.update.9.AbCdEf.0123456789")
        await adapter.send(Target("discord", "anything", str(ALICE)), Reply("Which?", ((button,),)))
        opened, sent = http.calls
        assert (opened.method, opened.path, opened.json) == (
            "POST",
            "/users/@me/channels",
            {"recipient_id": ALICE},
        )
        assert sent.path == f"/channels/{DM_CHANNEL_ID}/messages"
        assert custom_ids(sent.json) == ["mb:" + button.data]
    finally:
        await adapter.stop()
        http.uninstall()


# ---- conflict buttons --------------------------------------------------------------------------


async def _conflict(rig: Rig) -> Call:
    """Alice tells the bot two homes in her DMs; the bot asks which is right, with buttons."""

    def dm_posts(at_least: int) -> Callable[[list[Call]], bool]:
        return lambda _calls: len(_posts(rig, DM_CHANNEL_ID)) >= at_least

    for count, text in enumerate(("I live in Berlin", "I live in Paris"), start=1):
        rig.feed_message(_alice_dm(text, count))
        await rig.http.wait_for(dm_posts(count))  # answered
        await rig.settle()  # and learned from
    await rig.http.wait_for(dm_posts(3))  # the question
    asks = [c for c in _posts(rig, DM_CHANNEL_ID) if custom_ids(c.json)]
    assert len(asks) == 1, rig.http.calls
    (ask,) = asks
    assert "Berlin" in ask.content and "Paris" in ask.content
    assert all(cid.startswith("mb:m2.c.") for cid in custom_ids(ask.json))
    return ask


def _press(ask: Call, index: int, uid: int = ALICE, name: str = "Alice") -> dict[str, Any]:
    message = message_payload(
        author=user_payload(BOT_ID, "membot", bot=True),
        content=ask.content,
        components=ask.json["components"],
    )
    return component_payload(custom_ids(ask.json)[index], message, uid=uid, user_name=name)


async def test_conflict_buttons_refuse_others_and_the_owner_press_edits(rig: Rig) -> None:
    ask = await _conflict(rig)

    rig.feed_interaction(_press(ask, 0, BOB, "Bob"))
    await rig.http.wait_for(lambda calls: bool(rig.http.where("POST", CALLBACK)))
    await rig.settle()
    (refusal,) = rig.http.where("POST", CALLBACK)
    assert refusal.json["type"] == 4 and refusal.ephemeral  # a private answer, no edit
    assert refusal.content == NOT_YOURS

    rig.feed_interaction(_press(ask, 0))  # Alice: "Paris"
    await rig.http.wait_for(lambda calls: len(rig.http.where("POST", CALLBACK)) == 2)
    edit = rig.http.where("POST", CALLBACK)[1]
    assert edit.json["type"] == 7  # UPDATE_MESSAGE
    assert edit.body["content"].startswith("Updated") and "Paris" in edit.body["content"]
    assert edit.body["components"] == []


async def test_buttons_sent_before_a_restart_still_work(tmp_path: Path) -> None:
    first = await open_rig(tmp_path)
    try:
        ask = await _conflict(first)
    finally:
        await first.close()

    second = await open_rig(tmp_path)  # a new process: same database, no views in memory
    try:
        second.feed_interaction(_press(ask, 1))  # Alice: "Berlin"
        await second.http.wait_for(lambda calls: bool(second.http.where("POST", CALLBACK)))
        (edit,) = second.http.where("POST", CALLBACK)
        assert edit.json["type"] == 7
        assert edit.body["content"].startswith("Kept") and "Berlin" in edit.body["content"]
    finally:
        await second.close()


# ---- edits and deletions revise memory ---------------------------------------------------------


async def test_an_edit_revises_and_a_deletion_retracts_what_a_message_taught(rig: Rig) -> None:
    """MESSAGE_UPDATE and MESSAGE_DELETE through discord.py's own parsers: the edited DM's old
    fact goes and the new one is learned (no second answer); the deleted DM's fact is
    retracted with a history entry; the bot's own (streaming) edits change nothing."""
    memory = rig.runtime.memory
    alice = "discord:" + str(ALICE)
    first = _alice_dm("I live in Lisbon.")
    rig.feed_message(first)
    await rig.settle()
    second = _alice_dm("I play the cello.", minutes=1)
    rig.feed_message(second)
    await rig.settle()
    answers = len(_posts(rig, DM_CHANNEL_ID))
    rig.adapter.client._connection.parse_message_update(  # type: ignore[arg-type]
        {**first, "content": "I live in Porto.", "edited_timestamp": at(2).isoformat()}
    )
    await rig.settle()
    facts = {f.id: f.value_text for f in await memory.list_facts(alice)}
    assert not [t for t in facts.values() if "Lisbon" in t]
    assert [t for t in facts.values() if "Porto" in t]
    assert len(_posts(rig, DM_CHANNEL_ID)) == answers  # an edit is not answered again
    (cello,) = [i for i, t in facts.items() if "cello" in t]

    bot_edit = message_payload(author=user_payload(BOT_ID, "membot", bot=True), content="x")
    rig.adapter.client._connection.parse_message_update(  # type: ignore[arg-type]
        {**bot_edit, "edited_timestamp": at(3).isoformat()}
    )
    rig.adapter.client._connection.parse_message_delete(  # type: ignore[arg-type]
        {"id": second["id"], "channel_id": str(DM_CHANNEL_ID)}
    )
    await rig.settle()
    facts = {f.id: f.value_text for f in await memory.list_facts(alice)}
    assert cello not in facts and [t for t in facts.values() if "Porto" in t]
    history = await memory.history(alice, fact_id=cello)
    assert (history[-1].event, history[-1].reason) == ("retracted", "message deleted")


async def test_edits_and_deletions_reach_the_bot_as_neutral_events() -> None:
    """An edit is named for itself (``<id>:edit:<time>``), at its time; an embed unfurling
    (no edit time) and a bot's own edits are not edits; a deletion of a message no longer
    cached carries no author (the bot finds it by the message)."""
    handler = FakeHandler()
    adapter = DiscordAdapter(handler, DiscordConfig(token="t"))
    http = await connect(adapter.client)
    state = adapter.client._connection
    try:
        dm = _alice_dm("I live in Lisbon.")
        state.parse_message_update({**dm, "content": "I live in Porto."})  # type: ignore[arg-type]
        bot = message_payload(author=user_payload(BOT_ID, "membot", bot=True), content="…")
        state.parse_message_update({**bot, "edited_timestamp": at(1).isoformat()})  # type: ignore[arg-type]
        state.parse_message_update(  # type: ignore[arg-type]
            {**dm, "content": "I live in Porto.", "edited_timestamp": at(2).isoformat()}
        )
        state.parse_message_delete({"id": "123", "channel_id": str(DM_CHANNEL_ID)})  # type: ignore[arg-type]
        for _ in range(5):
            await asyncio.sleep(0)
        await adapter.drain()
        (edit,) = handler.messages
        assert edit.text == "I live in Porto." and edit.time == at(2)
        assert edit.message_id == f"{dm['id']}:edit:{int(at(2).timestamp())}"
        (deleted,) = handler.deleted
        assert (deleted.message_id, deleted.chat_id, deleted.user_id) == (
            "123",
            str(DM_CHANNEL_ID),
            None,
        )
    finally:
        await adapter.stop()
        http.uninstall()
