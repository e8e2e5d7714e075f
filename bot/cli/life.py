"""The bot as ``membot eval life`` drives it: the real runtime (router, learning, scheduler
and every job) on a manual clock, users writing in private chats of a "life" platform."""

from __future__ import annotations

import itertools
import tempfile
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import datetime
from pathlib import Path

from adapters.types import ButtonPress, IncomingMessage, Reply, Target
from bot import app as composition
from bot.buttons import ButtonKind
from bot.config import Settings
from memory_core.clock import ManualClock
from memory_core.evaluation import LIFE_START as START
from memory_core.evaluation import REFLECTION_MARK, STILL_TRUE_MARK

PLATFORM = "life"


class LifeBot:
    """A running bot whose users are scripted (``memory_core.evaluation.life.LifeChat``)."""

    platform = PLATFORM

    def __init__(self, runtime: composition.Runtime, clock: ManualClock) -> None:
        self.runtime = runtime
        self.clock = clock
        self.sent: list[tuple[str, str]] = []  # (user, text) sent unasked
        self._ids = itertools.count(1)

    def now(self) -> datetime:
        """The bot's clock."""
        return self.clock.now()

    async def send(self, target: Target, reply: Reply) -> None:
        """What the bot sends unasked (questions, reflections) is collected; a "still true?"
        question is marked as such (``evaluation.life.STILL_TRUE_MARK``) whatever language it
        is asked in, by its buttons; so is the weekly reflection."""
        text = reply.text
        kinds = {_kind(b.data) for row in reply.buttons for b in row}
        if ButtonKind.STILL_TRUE_KEEP in kinds:
            text = f"{STILL_TRUE_MARK} {text}"
        elif ButtonKind.REFLECTION_OK in kinds:
            text = f"{REFLECTION_MARK} {text}"
        self.sent.append((target.user_id, text))

    async def say(self, user: str, text: str) -> list[str]:
        """One message in the user's private chat; the replies, then what was sent to them
        unasked while it was learned from. ``/forget <words>`` presses the first memory it
        offers (as a user picking the one they meant), its answer among the replies."""
        msg = IncomingMessage(
            platform=PLATFORM,
            chat_id=user,
            user_id=user,
            display_name=user,
            text=text,
            time=self.clock.now(),
            message_id=str(next(self._ids)),
        )
        answers = await self.runtime.router.on_message(msg)
        replies = [r.text for r in answers]
        if text.startswith("/forget ") and answers and len(answers[0].buttons) > 1:
            pick = answers[0].buttons[0][0].data
            press = ButtonPress(PLATFORM, user, user, user, pick, self.clock.now(), is_private=True)
            done = await self.runtime.router.on_button(press)
            replies.append(done.edit or done.notice)
        return replies + [t for _, t in await self._settled()]

    async def advance(self, when: datetime) -> list[tuple[str, str]]:
        """Move the clock and let every due job run."""
        if when > self.clock.now():
            self.clock.set(when)
        return await self._settled()

    async def _settled(self) -> list[tuple[str, str]]:
        before = len(self.sent)
        # An evaluation waits as long as learning takes: on a loaded machine a step took
        # over the live bot's 60 s and the whole run died with a TimeoutError.
        await self.runtime.observer.drain(_SETTLE_S)
        await self.runtime.scheduler.drain(_SETTLE_S)
        # then learning again, the jobs it triggered, and their vectors
        await self.runtime.engine.settle(_SETTLE_S)
        return self.sent[before:]


#: How long an evaluation waits for one step's background work (learning, jobs, vectors).
_SETTLE_S = 1800.0


def _kind(data: str) -> str | None:
    """The action kind a button's data names (``buttons.ButtonCodec.encode``'s second field)."""
    parts = data.split(".")
    return parts[1] if len(parts) > 1 else None


@asynccontextmanager
async def life_bot(settings: Settings, workdir: Path | None = None) -> AsyncIterator[LifeBot]:
    """A fresh bot on a temporary SQLite file, started at day 0; stopped afterwards."""
    clock = ManualClock(START)
    fast = settings.model_copy(update={"jobs_poll_s": 0.01, "jobs_jitter_s": 0})
    with tempfile.TemporaryDirectory(prefix="membot-life-", dir=workdir) as tmp:
        runtime = composition.build_runtime(
            fast, db=Path(tmp) / "life.db", clock=clock, observer_poll_s=0.01
        )
        bot = LifeBot(runtime, clock)
        runtime.attach(PLATFORM, bot)
        await runtime.start()
        try:
            yield bot
        finally:
            await runtime.stop()
