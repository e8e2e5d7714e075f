"""Shared helpers for the background-job tests: a lexical-only Memory and turn recording."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from memory_core.clock import ManualClock
from memory_core.extract.base import Candidate, TurnInput
from memory_core.learn.arbitrate import RulesAuditor
from memory_core.learn.observer import Observer, Turn
from memory_core.learn.pipeline import Learner
from memory_core.memory import Memory
from tests.memory_core.learn_helpers import ScriptedExtractor

USER = "console:ana"


@pytest.fixture
def lexical(db_path: Path, clock: ManualClock) -> Iterator[Memory]:
    """A migrated Memory without an embedder (fast: lexical search only)."""
    mem = Memory.open(db_path, None, clock=clock)
    yield mem
    mem.close()


class PageExtractor(ScriptedExtractor):
    """The scripted extractor, recording each text it saw; can crash on chosen calls."""

    def __init__(self, crash_on: set[int] | None = None) -> None:
        super().__init__()
        self.crash_on = crash_on or set()
        self.texts: list[str] = []

    async def extract(self, turn: TurnInput) -> list[Candidate]:
        """Parse ``key=value`` statements; raise on the calls listed in ``crash_on``."""
        self.texts.append(turn.user_text)
        if len(self.texts) in self.crash_on:
            raise RuntimeError("simulated crash mid consolidation")
        # One statement per line: the scripted grammar ends a value at ";".
        return await super().extract(replace(turn, user_text=turn.user_text.replace("\n", ";")))


def observer_for(memory: Memory) -> Observer:
    """An observer that is never started: it commits turns (episodes, sessions) only."""
    return Observer(Learner(memory, ScriptedExtractor(), RulesAuditor()), poll_interval=0.02)


async def say(
    obs: Observer,
    clock: ManualClock,
    n: int,
    text: str,
    *,
    user: str = USER,
    chat: str = "c1",
    **kw: object,
) -> None:
    """Commit one user turn at the clock's time, then let a minute pass."""
    await obs.observe(
        Turn(
            turn_id=f"{user}:{chat}:{n}",
            user_id=user,
            chat_id=chat,
            user_text=text,
            time=clock.now(),
            assistant_text="ok",
            user_name="Ana",
            **kw,  # type: ignore[arg-type]
        )
    )
    clock.advance(minutes=1)
