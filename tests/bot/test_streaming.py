"""Streamed replies through the real SDK against the fake Messages API (server-sent events):
what the user sees while the answer is written, and what is committed when."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest

from adapters.console import ConsoleAdapter
from bot.responder import CAP_NOTICE, FALLBACK_ERROR
from tests.bot.test_memory_tools import llm_bot as tools_bot
from tests.factories import message
from tests.fakes.anthropic_server import FakeAnthropic

ANSWER = (
    "Lisbon in spring is lovely: walk along the river to Belém, try a pastel de nata, "
    "and catch the sunset from a miradouro."
)


def llm_bot(tmp_path: Path, fake: FakeAnthropic, **overrides: Any) -> Any:
    """The memory-tools tests' bot with a key, without the embedding model (not needed here)."""
    return tools_bot(tmp_path, fake, **{"embedder": "none", **overrides})


class Recorder:
    """A ReplyStream that keeps every version it was shown; ``die_after``: the process
    "crashes" (the update raises) after that many versions."""

    def __init__(self, die_after: int | None = None) -> None:
        self.shown: list[str] = []
        self.die_after = die_after

    async def update(self, text: str) -> None:
        if self.die_after is not None and len(self.shown) >= self.die_after:
            raise KeyboardInterrupt  # not an LLM error: nothing catches it on the way out
        self.shown.append(text)


def rows(runtime: Any, sql: str) -> list[tuple[Any, ...]]:
    with runtime.memory.db.read() as conn:
        return [tuple(r) for r in conn.exec_driver_sql(sql).all()]


def turn_rows(runtime: Any, turn_id: str) -> list[tuple[Any, ...]]:
    """(role, text) of one turn's episodes, in order."""
    return rows(runtime, f"SELECT role, text FROM episodes WHERE turn_id = '{turn_id}' ORDER BY id")


async def test_the_answer_streams_as_growing_versions_and_the_turn_is_stored_once(
    tmp_path: Path,
) -> None:
    async with FakeAnthropic(chunk_chars=6) as fake, llm_bot(tmp_path, fake) as rt:
        fake.text(ANSWER)
        stream = Recorder()
        msg = message("any tips for Lisbon?", message_id="m1")
        replies = await rt.router.on_message(msg, stream=stream)
        assert [(r.text, r.streamed) for r in replies] == [(ANSWER, True)]
        assert fake.requests[0]["stream"] is True and fake.streamed == 1
        # Every version shown is the start of the final answer, each longer than the last.
        assert len(stream.shown) >= len(ANSWER) // 6 - 1
        assert all(ANSWER.startswith(v) for v in stream.shown)
        assert [len(v) for v in stream.shown] == sorted({len(v) for v in stream.shown})
        assert stream.shown[-1] == ANSWER
        turn = "console:console:m1"
        assert rows(
            rt, f"SELECT role, text FROM episodes WHERE turn_id = '{turn}' ORDER BY id"
        ) == [
            ("user", "any tips for Lisbon?"),
            ("assistant", ANSWER),
        ]
        assert rows(rt, "SELECT count(*) FROM outbox") == [(1,)]
        # Metered like any reply (usage from the stream's message_start / message_delta).
        await rt.settle()
        (purpose, total) = rows(rt, "SELECT purpose, sum(output_tokens) FROM llm_usage")[0]
        assert purpose == "reply" and total == fake.usages[0]["output_tokens"]
        assert fake.invalid == [] and fake.unknown == []


async def test_without_a_stream_nothing_is_streamed(tmp_path: Path) -> None:
    async with FakeAnthropic() as fake, llm_bot(tmp_path, fake) as rt:
        fake.text(ANSWER)
        replies = await rt.router.on_message(message("any tips for Lisbon?"))
        assert [(r.text, r.streamed) for r in replies] == [(ANSWER, False)]
        assert "stream" not in fake.requests[0] and fake.streamed == 0


async def test_tool_rounds_then_the_final_answer_streams_with_the_acknowledgement_at_the_end(
    tmp_path: Path,
) -> None:
    async with FakeAnthropic(chunk_chars=5) as fake, llm_bot(tmp_path, fake) as rt:
        fake.tool_calls([("remember_fact", {"text": "I live in Porto"})], text="Let me note that.")
        fake.text("Porto is a great city to live in.")
        stream = Recorder()
        # The user's words say nothing the offline rules learn: only the tool saves (learning
        # starts as soon as the user's turn is committed and would race the tool otherwise).
        replies = await rt.router.on_message(message("guess where I am now"), stream=stream)
        (reply,) = replies
        assert reply.text.startswith("Porto is a great city to live in.\n\nSaved to memory:")
        # The tool round's words were replaced by the final round's; the end is the final text.
        assert "Let me note that." in stream.shown
        final_round = stream.shown[stream.shown.index("Let me note that.") + 1 :]
        assert final_round and all(reply.text.startswith(v) for v in final_round)
        assert fake.streamed == 2 and fake.invalid == []


async def test_a_stream_failing_midway_ends_in_the_apology_and_the_turn_is_stored_once(
    tmp_path: Path,
) -> None:
    async with FakeAnthropic(chunk_chars=4) as fake, llm_bot(tmp_path, fake) as rt:
        fake.text(ANSWER, fail_after=5)  # an overloaded error event after five pieces
        stream = Recorder()
        replies = await rt.router.on_message(message("tips?", message_id="m2"), stream=stream)
        assert [r.text for r in replies] == [FALLBACK_ERROR]
        assert stream.shown and all(ANSWER.startswith(v) for v in stream.shown)
        turn = "console:console:m2"
        assert rows(
            rt, f"SELECT role, text FROM episodes WHERE turn_id = '{turn}' ORDER BY id"
        ) == [
            ("user", "tips?"),
            ("assistant", FALLBACK_ERROR),
        ]
        assert rows(rt, "SELECT count(*) FROM outbox") == [(1,)]


async def test_a_crash_mid_stream_keeps_the_users_turn_and_a_replay_applies_nothing_twice(
    tmp_path: Path,
) -> None:
    async with FakeAnthropic(chunk_chars=4) as fake, llm_bot(tmp_path, fake) as rt:
        fake.text(ANSWER)
        msg = message("I live in Lisbon.", message_id="m3")
        with pytest.raises(KeyboardInterrupt):
            await rt.router.on_message(msg, stream=Recorder(die_after=3))
        turn = "console:console:m3"
        episodes = f"SELECT role FROM episodes WHERE turn_id = '{turn}' ORDER BY id"
        # The user's words were committed before any of the answer was shown.
        assert rows(rt, episodes) == [("user",)]
        await rt.settle()
        facts = rows(rt, "SELECT value_text FROM facts WHERE status = 'active'")
        assert ("Ana lives in Lisbon.",) in facts  # learned from, once
        # The same update again (a redelivery): the answer is attached, nothing doubled.
        fake.text("Noted — Lisbon.")
        replies = await rt.router.on_message(msg, stream=Recorder())
        assert [r.text for r in replies] == ["Noted — Lisbon."]
        assert rows(rt, episodes) == [("user",), ("assistant",)]
        assert rows(rt, "SELECT count(*) FROM outbox") == [(1,)]
        await rt.settle()
        assert rows(rt, "SELECT value_text FROM facts WHERE status = 'active'") == facts


async def test_the_offline_path_past_the_daily_cap_does_not_stream(tmp_path: Path) -> None:
    async with (
        FakeAnthropic() as fake,
        llm_bot(tmp_path, fake, llm_daily_tokens_per_user=1) as rt,
    ):
        fake.text("first answer")
        await rt.router.on_message(message("hello there", message_id="a"), stream=Recorder())
        await rt.settle()
        stream = Recorder()
        replies = await rt.router.on_message(message("and now?", message_id="b"), stream=stream)
        assert replies[0].text.startswith(CAP_NOTICE) and replies[0].streamed
        assert stream.shown == [] and len(fake.requests) == 1


async def test_the_console_prints_the_answer_as_it_is_written(tmp_path: Path) -> None:
    class Writes(io.StringIO):
        """Records each write (what the terminal shows, piece by piece)."""

        def __init__(self) -> None:
            super().__init__()
            self.pieces: list[str] = []

        def write(self, s: str) -> int:
            self.pieces.append(s)
            return super().write(s)

    async with FakeAnthropic(chunk_chars=7) as fake, llm_bot(tmp_path, fake) as rt:
        out = Writes()
        console = ConsoleAdapter(rt.handler, user="ana", now=rt.memory.clock.now, out=out)
        fake.text("First line of the answer.\nSecond line, a little longer.")
        await console.handle_line("tell me two things")
        assert out.getvalue() == (
            "bot> First line of the answer.\n     Second line, a little longer.\n"
        )
        assert len([p for p in out.pieces if p.strip()]) >= 6  # printed as it came
        # A failure midway: what was printed stays, the apology follows as a new message.
        fake.text(ANSWER, fail_after=3)
        await console.handle_line("and more?")
        printed = out.getvalue().split("Second line, a little longer.\n", 1)[1]
        assert printed.startswith("bot> " + ANSWER[:12])
        assert printed.endswith(f"\nbot> {FALLBACK_ERROR}\n")


async def test_an_overload_after_a_streamed_tool_round_falls_back_offline_with_the_ack(
    tmp_path: Path,
) -> None:
    async with FakeAnthropic(chunk_chars=5) as fake, llm_bot(tmp_path, fake) as rt:
        fake.tool_calls([("remember_fact", {"text": "I live in Porto"})])
        fake.overloaded()  # 529 on the next round (no SDK retries here)
        stream = Recorder()
        replies = await rt.router.on_message(
            message("I moved to Porto", message_id="m5"), stream=stream
        )
        (reply,) = replies
        assert reply.streamed and "Saved to memory:" in reply.text
        assert turn_rows(rt, "console:console:m5")[1] == ("assistant", reply.text)
        assert rows(rt, "SELECT count(*) FROM outbox") == [(1,)]


async def test_streamed_calls_read_the_cached_prefix_on_the_next_turn(tmp_path: Path) -> None:
    async with FakeAnthropic() as fake, llm_bot(tmp_path, fake) as rt:
        fake.text("Hello Ana, nice to meet you.")
        fake.text("Lisbon is lovely in spring.")
        await rt.router.on_message(message("hello", message_id="c1"), stream=Recorder())
        await rt.router.on_message(message("tips for Lisbon?", message_id="c2"), stream=Recorder())
        assert fake.streamed == 2
        first, second = fake.usages
        assert first["cache_creation_input_tokens"] > 0
        assert second["cache_read_input_tokens"] >= first["cache_creation_input_tokens"]
