"""A scripted extractor standing in for the LLM one: ``key=value`` statements become candidates.

A plain class, not a fixture: tests subclass it and a subprocess script imports it.
"""

from __future__ import annotations

import asyncio
import re

from memory_core.errors import LLMError
from memory_core.extract.base import Candidate, TurnInput
from memory_core.values import Category

_STMT = re.compile(r"(?P<key>[a-z0-9_.]+)=(?P<value>[^;]+)")


class ScriptedExtractor:
    """``home_city=Lisbon; pet.cat.name=Tom`` → candidates; ``FAIL`` raises a retryable error."""

    def __init__(self, delay: float = 0.0, fail_times: int = 0) -> None:
        self.delay = delay
        self.fail_times = fail_times
        self.calls = 0

    async def extract(self, turn: TurnInput) -> list[Candidate]:
        """Parse the statements of the turn."""
        self.calls += 1
        if self.delay:
            await asyncio.sleep(self.delay)
        if "FAIL" in turn.user_text and self.fail_times > 0:
            self.fail_times -= 1
            raise LLMError("model overloaded", retryable=True)
        out = []
        for m in _STMT.finditer(turn.user_text):
            key, value = m.group("key"), m.group("value").strip()
            cat = Category.IDENTITY if key == "home_city" else Category.OTHER
            out.append(
                Candidate(
                    key=key,
                    value_text=f"Ana's {key.replace('_', ' ')} is {value}.",
                    category=cat,
                    confidence_hint=0.5,
                    value=value,
                    source_excerpt=m.group(0),
                )
            )
        return out
