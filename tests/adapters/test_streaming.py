"""The streamed-answer draft: pace, message limits, "slow down" and failures, on a fake clock."""

from __future__ import annotations

import itertools

from adapters.discord.translate import split_text
from adapters.streaming import WRITING, Backoff, Draft


class Clock:
    """A clock the test moves; ``sleep`` moves it too (and is recorded)."""

    def __init__(self) -> None:
        self.t = 100.0
        self.slept: list[float] = []

    def __call__(self) -> float:
        return self.t

    async def sleep(self, seconds: float) -> None:
        self.slept.append(seconds)
        self.t += seconds


class Screen:
    """Messages as a chat shows them, and every request with the clock's time."""

    def __init__(self, clock: Clock) -> None:
        self.clock = clock
        self.messages: list[str] = []
        self.requests: list[tuple[float, str, int]] = []
        self.fail_edits: list[Exception] = []

    async def send(self, text: str) -> int:
        self.messages.append(text)
        self.requests.append((self.clock.t, "send", len(self.messages) - 1))
        return len(self.messages) - 1

    async def edit(self, handle: int, text: str) -> None:
        if self.fail_edits:
            raise self.fail_edits.pop(0)
        self.messages[handle] = text
        self.requests.append((self.clock.t, "edit", handle))


def draft(
    clock: Clock,
    screen: Screen,
    limit: int = 2000,
    interval: float = 1.0,
    start_after: float | None = 0.0,
) -> Draft[int]:
    """A draft on the test's clock (shown from the first text unless ``start_after``)."""
    return Draft(
        send=screen.send,
        edit=screen.edit,
        split=lambda text: split_text(text, limit),
        interval_s=interval,
        start_after_s=start_after,
        clock=clock,
        sleep=clock.sleep,
    )


async def test_first_text_is_sent_then_edited_at_most_once_per_interval() -> None:
    clock = Clock()
    screen = Screen(clock)
    d = draft(clock, screen, start_after=None)  # the default: one interval
    answer = "".join(f"word{i} " for i in range(60)).strip()
    words = answer.split(" ")
    for n in range(1, len(words) + 1):  # a piece every 0.15 s
        await d.update(" ".join(words[:n]))
        clock.t += 0.15
    assert await d.finish(answer)
    kinds = [kind for _t, kind, _h in screen.requests]
    assert kinds[0] == "send" and set(kinds[1:]) == {"edit"}
    times = [t for t, _k, _h in screen.requests]
    assert times[0] >= 101.0  # nothing shown in the first interval
    assert all(b - a >= 1.0 for a, b in itertools.pairwise(times))
    # 60 pieces over 9 s: about nine edits, not sixty.
    assert 8 <= len(screen.requests) <= 11
    assert screen.messages == [answer]  # final: complete, no "writing" marker
    assert d.requests == times


async def test_text_shown_while_writing_carries_the_marker_and_is_the_final_texts_start() -> None:
    clock = Clock()
    screen = Screen(clock)
    d = draft(clock, screen)
    shown: list[str] = []
    for text in ["Hello", "Hello there", "Hello there, friend"]:
        await d.update(text)
        shown.append(screen.messages[0])
        clock.t += 1.0
    assert shown == ["Hello" + WRITING, "Hello there" + WRITING, "Hello there, friend" + WRITING]
    await d.finish("Hello there, friend.")
    assert screen.messages == ["Hello there, friend."]


async def test_finish_waits_out_the_interval_before_the_final_edit() -> None:
    clock = Clock()
    screen = Screen(clock)
    d = draft(clock, screen)
    await d.update("Almost")
    clock.t += 0.25
    await d.finish("Almost done.")
    assert clock.slept == [0.75]
    assert screen.requests[-1][0] - screen.requests[0][0] >= 1.0


async def test_a_long_answer_continues_in_a_new_message() -> None:
    clock = Clock()
    screen = Screen(clock)
    d = draft(clock, screen, limit=40)
    text = ""
    for i in range(12):
        text += f"line {i} of the answer\n"
        await d.update(text)
        clock.t += 1.0
    await d.finish(text)
    assert len(screen.messages) >= 5
    assert all(len(m) <= 40 for m in screen.messages)
    assert "\n".join(screen.messages) == text.strip()
    assert all(not m.endswith(WRITING) for m in screen.messages)


async def test_slow_down_holds_the_edits_for_the_time_asked() -> None:
    clock = Clock()
    screen = Screen(clock)
    d = draft(clock, screen)
    await d.update("one")
    clock.t += 1.0
    screen.fail_edits.append(Backoff(5.0))
    await d.update("one two")  # refused: retry after 5 s
    for _ in range(14):
        clock.t += 0.5
        await d.update("one two three")
    edits = [t for t, kind, _h in screen.requests if kind == "edit"]
    assert edits and edits[0] >= 101.0 + 5.0


async def test_a_failed_edit_stops_live_updates_but_the_final_text_is_shown() -> None:
    clock = Clock()
    screen = Screen(clock)
    d = draft(clock, screen)
    await d.update("partial")
    clock.t += 1.0
    screen.fail_edits.append(RuntimeError("network"))
    await d.update("partial answer")  # fails: no more live edits
    clock.t += 1.0
    await d.update("partial answer, longer")
    assert screen.messages == ["partial" + WRITING]
    await d.finish("partial answer, longer.")
    assert screen.messages == ["partial answer, longer."]


async def test_a_short_answer_complete_within_the_first_interval_is_not_streamed() -> None:
    clock = Clock()
    screen = Screen(clock)
    d = draft(clock, screen, start_after=None)
    for text in ["Sure", "Sure — noted", "Sure — noted."]:
        await d.update(text)
        clock.t += 0.2
    assert screen.requests == []
    assert not await d.finish("Sure — noted.")  # the caller sends it whole


async def test_nothing_shown_means_the_caller_sends_the_reply() -> None:
    clock = Clock()
    d = draft(clock, Screen(clock))
    await d.update("   ")
    assert not d.started
    assert not await d.finish("The whole answer.")


async def test_a_shorter_final_text_leaves_a_placeholder_in_messages_it_no_longer_needs() -> None:
    clock = Clock()
    screen = Screen(clock)
    d = draft(clock, screen, limit=20)
    await d.update("a long partial answer that needs two messages")
    clock.t += 1.0
    await d.finish("Sorry, try again.")
    assert screen.messages[0] == "Sorry, try again."
    assert all(m == "…" for m in screen.messages[1:])
