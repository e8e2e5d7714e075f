"""A streamed LLM reply end to end: the real ``anthropic`` SDK reads server-sent events from the
fake Messages API, the real python-telegram-bot Application edits one message on the fake Bot
API at a bounded pace (a fake clock keeps the test fast and deterministic)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest

from adapters.streaming import WRITING
from adapters.telegram import TelegramAdapter, TelegramConfig
from adapters.telegram.translate import INTERRUPTED, SORRY
from bot.app import build_runtime
from bot.config import Settings
from bot.drafts import StoredDrafts
from devtools.fake_telegram import FakeTelegram, utf16_len
from memory_core import RulesAuditor, RulesExtractor
from memory_core.clock import ManualClock
from memory_core.runtime.leases import process_id
from tests.adapters.test_telegram_e2e import BOT, Harness
from tests.factories import START
from tests.fakes.anthropic_server import FakeAnthropic

ANSWER = " ".join(
    f"Sentence {i} of a long answer about Lisbon, its trams and its viewpoints." for i in range(8)
)


class Ticker:
    """A clock that moves ``step`` seconds each time it is read; sleeping moves it too."""

    def __init__(self, step: float) -> None:
        self.t = 0.0
        self.step = step
        self.slept = 0.0

    def __call__(self) -> float:
        self.t += self.step
        return self.t

    async def sleep(self, seconds: float) -> None:
        self.slept += seconds
        self.t += seconds


@asynccontextmanager
async def streaming_bot(
    tmp_path: Path, ticker: Ticker, **fake_options: Any
) -> AsyncIterator[tuple[Harness, FakeAnthropic]]:
    """The fake Messages API, the fake Bot API, a runtime with a key, the Telegram adapter."""
    clock = ManualClock(START)
    async with (
        FakeAnthropic(**fake_options) as llm,
        FakeTelegram(now=lambda: clock.now().timestamp()) as tg,
    ):
        settings = Settings(
            _env_file=None,  # type: ignore[call-arg]
            anthropic_api_key="sk-test",
            anthropic_base_url=llm.base_url,
            anthropic_max_retries=0,
            embedder="none",
        )
        runtime = build_runtime(
            settings,
            db=tmp_path / "m.db",
            clock=clock,
            extractor=RulesExtractor(),
            auditor=RulesAuditor(),
        )
        config = TelegramConfig(
            token=tg.token,
            base_url=tg.base_url,
            base_file_url=tg.base_file_url,
            poll_timeout=2,
            retry_base_s=0.01,
            typing_delay_s=60.0,
            stream_edit_interval_s=1.0,
        )
        adapter = TelegramAdapter(
            runtime.handler,
            config,
            now=clock.now,
            stream_clock=ticker,
            stream_sleep=ticker.sleep,
        )
        runtime.attach("telegram", adapter)
        await runtime.start()
        await adapter.start()
        try:
            yield Harness(tg, runtime, adapter, clock), llm
        finally:
            await adapter.stop()
            await runtime.stop()
        assert tg.unknown == [] and llm.unknown == [] and llm.invalid == []


async def test_a_long_answer_appears_as_one_message_edited_about_once_a_second(
    tmp_path: Path,
) -> None:
    ticker = Ticker(step=0.1)
    async with streaming_bot(tmp_path, ticker, chunk_chars=6) as (h, llm):
        llm.text(ANSWER)
        alice = h.tg.user(101, "Alice")
        (sent,) = await h.say(alice, "tell me about Lisbon")
        pieces = -(-len(ANSWER) // 6)
        edits = [e for e in h.tg.edits if int(e["message_id"]) == sent["message_id"]]
        # First a message with the start of the answer, then edits, then the whole answer.
        assert sent["text"].endswith(WRITING) and len(sent["text"]) < len(ANSWER)
        assert len(edits) >= 3
        assert h.tg.current(sent)["text"] == ANSWER
        for edit in edits[:-1]:
            shown = edit["text"].removesuffix(WRITING)
            assert edit["text"].endswith(WRITING) and ANSWER.startswith(shown)
        assert edits[-1]["text"] == ANSWER
        # The pace: never more than one request per second of the (fake) clock.
        requests = 1 + len(edits)
        assert requests <= ticker.t / 1.0 + 1
        assert requests < pieces / 3
        assert llm.streamed == 1
        # The turn was committed before the final edit: the answer is in the history.
        with h.runtime.memory.db.read() as conn:
            said = conn.exec_driver_sql("SELECT role, text FROM episodes ORDER BY id").all()
        assert [tuple(r) for r in said] == [("user", "tell me about Lisbon"), ("assistant", ANSWER)]


async def test_past_4096_characters_the_answer_continues_in_a_new_message(tmp_path: Path) -> None:
    ticker = Ticker(step=0.5)
    paragraph = " ".join(["All about trams."] * 30)
    long_answer = "\n\n".join(f"Paragraph {i}. {paragraph}" for i in range(12))
    assert utf16_len(long_answer) > 4096
    async with streaming_bot(tmp_path, ticker, chunk_chars=200) as (h, llm):
        llm.text(long_answer)
        alice = h.tg.user(101, "Alice")
        sent = await h.say(alice, "tell me everything")
        assert len(sent) == 2
        finals = [h.tg.current(m)["text"] for m in sent]
        assert all(utf16_len(t) <= 4096 for t in finals)
        assert "\n\n".join(finals) == long_answer


async def test_not_modified_and_a_rate_limit_do_not_break_the_stream(tmp_path: Path) -> None:
    ticker = Ticker(step=0.2)
    async with streaming_bot(tmp_path, ticker, chunk_chars=5) as (h, llm):
        llm.text(ANSWER)
        alice = h.tg.user(101, "Alice")
        h.tg.fault("editMessageText", 400, description="Bad Request: message is not modified")
        # Longer than the rate limiter waits by itself: the draft holds its edits instead.
        h.tg.fault("editMessageText", 429, retry_after=90)
        (sent,) = await h.say(alice, "tell me about Lisbon")
        assert h.tg.current(sent)["text"] == ANSWER
        calls = h.tg.calls_of("editMessageText")
        assert [c.status for c in calls] == [400, 429, 200]  # then only the final edit
        assert ticker.slept > 0 and ticker.t >= 90  # the final edit waited out the ban


async def test_in_a_group_the_streamed_answer_replies_to_the_asker_in_the_group(
    tmp_path: Path,
) -> None:
    ticker = Ticker(step=0.1)
    async with streaming_bot(tmp_path, ticker, chunk_chars=6) as (h, llm):
        llm.text(ANSWER)
        group = h.tg.group(-1001, "Friends")
        alice = h.tg.user(101, "Alice")
        (sent,) = await h.say(alice, f"@{BOT} tell me about Lisbon", group)
        assert sent["chat"]["id"] == group.id
        assert sent["reply_to_message"]["from"]["id"] == alice.id
        assert h.tg.current(sent)["text"] == ANSWER
        assert all(int(e["chat_id"]) == group.id for e in h.tg.edits)


async def test_a_stream_failing_midway_ends_in_the_apology_in_the_same_message(
    tmp_path: Path,
) -> None:
    ticker = Ticker(step=0.4)
    async with streaming_bot(tmp_path, ticker, chunk_chars=6) as (h, llm):
        llm.text(ANSWER, fail_after=10)
        alice = h.tg.user(101, "Alice")
        (sent,) = await h.say(alice, "tell me about Lisbon")
        final = h.tg.current(sent)["text"]
        assert final.startswith("Sorry — I can't reach my language model")
        assert ANSWER.startswith(sent["text"].removesuffix(WRITING))
        with h.runtime.memory.db.read() as conn:
            roles = conn.exec_driver_sql("SELECT role FROM episodes ORDER BY id").all()
        assert [r[0] for r in roles] == ["user", "assistant"]


async def test_a_short_answer_is_sent_whole_without_edits(tmp_path: Path) -> None:
    ticker = Ticker(step=0.1)
    async with streaming_bot(tmp_path, ticker, chunk_chars=4) as (h, llm):
        llm.text("Sure — I'll keep that in mind.")
        alice = h.tg.user(101, "Alice")
        (sent,) = await h.say(alice, "remember I like tea")
        assert sent["text"] == "Sure — I'll keep that in mind."
        assert h.tg.edits == [] and llm.streamed == 1


async def test_a_crash_after_part_of_the_answer_was_shown_replaces_it_with_the_apology(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The answer was streaming when the bot failed (here: committing it): the half-shown
    message becomes the apology — no stale 'writing' marker, no second message."""
    ticker = Ticker(step=0.4)
    async with streaming_bot(tmp_path, ticker, chunk_chars=6) as (h, llm):

        async def broken(*_a: Any, **_k: Any) -> None:
            raise RuntimeError("disk full")

        monkeypatch.setattr(h.runtime.observer, "observe_reply", broken)
        llm.text(ANSWER)
        alice = h.tg.user(101, "Alice")
        (sent,) = await h.say(alice, "tell me about Lisbon")
        assert ANSWER.startswith(sent["text"].removesuffix(WRITING))  # it was streaming
        assert h.tg.current(sent)["text"] == SORRY
        assert len(h.tg.sent(alice.id)) == 1


async def test_a_stream_a_killed_process_left_half_shown_is_finished_at_the_next_start(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """SIGKILL mid-stream leaves the partial text with its "writing" marker. The next start
    finds the draft noted in the store and shows the turn's committed answer in its place;
    a draft whose turn never got an answer says it was interrupted."""
    ticker = Ticker(step=0.4)
    async with streaming_bot(tmp_path, ticker, chunk_chars=6) as (h, llm):
        drafts = StoredDrafts(h.runtime.memory)
        h.adapter.drafts = drafts

        async def killed(*_a: Any, **_k: Any) -> None:
            return None  # the process died: neither the final edit nor the closing note

        # Killed after the answer was committed, before its final text was shown.
        with monkeypatch.context() as m:
            m.setattr(h.adapter, "_deliver", killed)
            m.setattr(drafts, "closed", killed)
            llm.text(ANSWER)
            alice = h.tg.user(101, "Alice")
            (answered,) = await h.say(alice, "tell me about Lisbon")
            # Killed before the answer was committed (the model was still writing).
            m.setattr(h.runtime.observer, "observe_reply", killed)
            llm.text(ANSWER)
            bob = h.tg.user(102, "Bob")
            (cut,) = await h.say(bob, "tell me about Porto")
        for stale in (answered, cut):
            assert h.tg.current(stale)["text"].endswith(WRITING)
        await h.adapter.stop()
        # Another replica still streaming keeps its drafts; a new process takes the dead one's.
        assert await drafts.left_open("telegram") == []
        h.runtime.memory.owner = process_id()  # the next process
        restarted = TelegramAdapter(
            h.runtime.handler, h.adapter.config, now=h.clock.now, drafts=drafts
        )
        await restarted.start()
        try:
            assert h.tg.current(answered)["text"] == ANSWER
            assert h.tg.current(cut)["text"] == INTERRUPTED
            assert await drafts.left_open("telegram") == []  # fixed once
        finally:
            await restarted.stop()
            h.adapter = restarted  # the harness stops it again: harmless


async def test_a_finished_stream_leaves_no_draft_noted(tmp_path: Path) -> None:
    ticker = Ticker(step=0.4)
    async with streaming_bot(tmp_path, ticker, chunk_chars=6) as (h, llm):
        drafts = StoredDrafts(h.runtime.memory)
        h.adapter.drafts = drafts
        llm.text(ANSWER)
        (sent,) = await h.say(h.tg.user(101, "Alice"), "tell me about Lisbon")
        assert h.tg.current(sent)["text"] == ANSWER
        assert await drafts.left_open("telegram") == []
