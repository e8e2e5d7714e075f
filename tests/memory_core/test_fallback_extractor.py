"""An unreachable model falls back to the rules, and says so; a model that answered badly is
still an error (never "no facts")."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from structlog.testing import capture_logs

from memory_core import FallbackExtractor, RulesExtractor
from memory_core.errors import InvalidLLMOutputError, LLMError
from memory_core.extract.base import Candidate, TurnInput

TURN = TurnInput(user_text="I live in Lisbon", time=datetime(2026, 1, 1, tzinfo=UTC))


class Failing:
    """An extractor whose model call fails with ``error``."""

    def __init__(self, error: Exception) -> None:
        self.error = error

    async def extract(self, turn: TurnInput) -> list[Candidate]:
        raise self.error


async def test_an_unreachable_model_gives_the_rules_facts_and_is_told() -> None:
    told: list[str] = []
    extractor = FallbackExtractor(
        Failing(LLMError("LLM connection failed")), RulesExtractor(), told.append
    )
    with capture_logs() as logs:
        found = await extractor.extract(TURN)
    assert [c.key for c in found] == ["home_city"]
    assert told == ["LLM connection failed"]
    assert [e["event"] for e in logs] == ["extraction_fallback"]


@pytest.mark.parametrize(
    "error",
    [InvalidLLMOutputError("not the schema"), LLMError("bad request", retryable=False)],
)
async def test_a_model_that_answered_badly_is_still_an_error(error: LLMError) -> None:
    told: list[str] = []
    extractor = FallbackExtractor(Failing(error), RulesExtractor(), told.append)
    with pytest.raises(LLMError):
        await extractor.extract(TURN)
    assert told == []
