"""A streamed LLM reply on Discord: the real ``anthropic`` SDK reads server-sent events from the
fake Messages API; discord.py's own objects send one message and edit it (recorded REST)."""

from __future__ import annotations

from pathlib import Path

import pytest

from adapters.discord import DiscordAdapter, DiscordConfig
from adapters.discord.translate import MESSAGE_LIMIT
from adapters.streaming import WRITING, Draft
from bot.app import build_runtime
from bot.config import Settings
from bot.drafts import StoredDrafts
from memory_core import RulesAuditor, RulesExtractor
from memory_core.clock import ManualClock
from memory_core.runtime.leases import process_id
from tests.adapters.test_discord_wiring import Rig
from tests.adapters.test_telegram_streaming import Ticker
from tests.factories import START
from tests.fakes.anthropic_server import FakeAnthropic
from tests.fakes.discord_fakes import (
    ALICE,
    BOT_ID,
    CHANNEL_ID,
    DM_CHANNEL_ID,
    GUILD_ID,
    connect,
    message_payload,
    user_payload,
)

ANSWER = " ".join(f"Sentence {i} about Lisbon's trams and viewpoints." for i in range(10))


@pytest.fixture(autouse=True)
def _no_env_key(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)


async def open_rig(tmp_path: Path, fake: FakeAnthropic, ticker: Ticker) -> Rig:
    """A runtime with a key (the reply model is the fake) and a logged-in Discord adapter."""
    settings = Settings(
        _env_file=None,  # type: ignore[call-arg]
        embedder="none",
        anthropic_api_key="sk-test",
        anthropic_base_url=fake.base_url,
        anthropic_max_retries=0,
    )
    runtime = build_runtime(
        settings,
        db=tmp_path / "m.db",
        clock=ManualClock(START),
        extractor=RulesExtractor(),
        auditor=RulesAuditor(),
    )
    adapter = DiscordAdapter(
        runtime.handler,
        DiscordConfig(token="test-token"),
        stream_edit_interval_s=1.0,
        stream_clock=ticker,
        stream_sleep=ticker.sleep,
    )
    runtime.attach(adapter.platform, adapter)
    await runtime.start()
    return Rig(runtime, adapter, await connect(adapter.client))


async def test_a_dm_answer_is_sent_once_then_edited_to_the_whole_text(tmp_path: Path) -> None:
    ticker = Ticker(step=0.1)
    async with FakeAnthropic(chunk_chars=6) as fake:
        rig = await open_rig(tmp_path, fake, ticker)
        try:
            fake.text(ANSWER)
            rig.feed_message(
                message_payload(author=user_payload(ALICE, "Alice"), content="tell me about Lisbon")
            )
            await rig.settle()
            (post,) = rig.http.where("POST", rf"/channels/{DM_CHANNEL_ID}/messages")
            edits = rig.http.where("PATCH", rf"/channels/{DM_CHANNEL_ID}/messages/\d+")
            assert post.content.endswith(WRITING) and len(post.content) < len(ANSWER)
            assert len(edits) >= 3 and edits[-1].content == ANSWER
            assert all(e.json["allowed_mentions"]["parse"] == [] for e in edits)
            for edit in edits[:-1]:
                assert ANSWER.startswith(edit.content.removesuffix(WRITING))
            assert 1 + len(edits) <= ticker.t / 1.0 + 1  # at most one request a second
            assert fake.streamed == 1 and fake.invalid == []
        finally:
            await rig.close()


async def test_in_a_server_the_first_message_replies_and_long_text_continues(
    tmp_path: Path,
) -> None:
    ticker = Ticker(step=0.3)
    long_answer = "\n".join(f"Line {i}: " + "trams and viewpoints " * 8 for i in range(20))
    long_answer = "\n".join(line.strip() for line in long_answer.splitlines())
    assert len(long_answer) > MESSAGE_LIMIT
    async with FakeAnthropic(chunk_chars=120) as fake:
        rig = await open_rig(tmp_path, fake, ticker)
        try:
            fake.text(long_answer)
            mention = message_payload(
                author=user_payload(ALICE, "Alice"),
                content=f"<@{BOT_ID}> tell me everything",
                guild_id=GUILD_ID,
                channel_id=CHANNEL_ID,
                mentions=[user_payload(BOT_ID, "membot", bot=True)],
            )
            rig.feed_message(mention)
            await rig.settle()
            posts = rig.http.where("POST", rf"/channels/{CHANNEL_ID}/messages")
            assert len(posts) == 2
            assert posts[0].json["message_reference"]["message_id"] == int(mention["id"])
            assert "message_reference" not in posts[1].json
            edits = rig.http.where("PATCH", rf"/channels/{CHANNEL_ID}/messages/\d+")
            by_message = {e.path: e.content for e in edits}  # the last edit of each message
            assert all(len(text) <= MESSAGE_LIMIT for text in by_message.values())
            assert "\n".join(by_message.values()) == long_answer
        finally:
            await rig.close()


async def test_a_stream_a_killed_process_left_half_shown_is_finished_after_login(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """As on Telegram: the draft noted in the store is finished, after the next login, with
    the turn's committed answer (the kill came after the commit, before the final edit)."""
    ticker = Ticker(step=0.1)
    async with FakeAnthropic(chunk_chars=6) as fake:
        rig = await open_rig(tmp_path, fake, ticker)
        drafts = StoredDrafts(rig.runtime.memory)
        rig.adapter.drafts = drafts
        try:

            async def killed(*_a: object, **_k: object) -> bool:
                return True  # the process died: no final edit, no closing note

            with monkeypatch.context() as m:
                m.setattr(Draft, "finish", killed)
                m.setattr(drafts, "closed", killed)
                fake.text(ANSWER)
                rig.feed_message(
                    message_payload(
                        author=user_payload(ALICE, "Alice"), content="tell me about Lisbon"
                    )
                )
                await rig.settle()
            shown = rig.http.where("PATCH", rf"/channels/{DM_CHANNEL_ID}/messages/\d+")
            assert shown[-1].content.endswith(WRITING)
            rig.runtime.memory.owner = process_id()  # the next process logs in
            await rig.adapter.finish_left_drafts()
            edits = rig.http.where("PATCH", rf"/channels/{DM_CHANNEL_ID}/messages/\d+")
            assert edits[-1].content == ANSWER and edits[-1].path == shown[-1].path
            assert await drafts.left_open("discord") == []
        finally:
            await rig.close()
