"""Learning within a user's daily LLM allowance (``MEMBOT_LLM_DAILY_TOKENS_PER_USER``).

The cap is on what the user costs, not only on their replies: past it, the turn's facts are
extracted and arbitrated by the offline rules instead of the model, until the next UTC day.
The user is whoever the work is attributed to (``llm_scope``: the learner and every job set
it); work attributed to nobody uses the model.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol

import structlog

from memory_core.extract.base import Candidate, Extractor, TurnInput
from memory_core.learn.arbitrate import Auditor
from memory_core.learn.decisions import Decision
from memory_core.llm import scoped_user
from memory_core.values import Fact

log = structlog.get_logger("memory_core.learn.budgeted")


class Allowance(Protocol):
    """Whether a user has used up today's allowance (``LLMBudget``)."""

    async def exhausted(self, user_id: str) -> bool:
        """``True`` past the cap."""
        ...


async def _over(allowance: Allowance) -> bool:
    user = scoped_user()
    if user is None or not await allowance.exhausted(user):
        return False
    log.info("llm_allowance_used_up", user_id=user, fallback="rules")
    return True


class BudgetedExtractor:
    """The model's extractor while the user has allowance left, the rules past it."""

    def __init__(self, llm: Extractor, offline: Extractor, allowance: Allowance) -> None:
        self.llm = llm
        self.offline = offline
        self.allowance = allowance

    async def extract(self, turn: TurnInput) -> list[Candidate]:
        """Candidates from whichever extractor the user's allowance pays for."""
        chosen = self.offline if await _over(self.allowance) else self.llm
        return await chosen.extract(turn)


class BudgetedAuditor:
    """The model's auditor while the user has allowance left, the rules past it."""

    def __init__(self, llm: Auditor, offline: Auditor, allowance: Allowance) -> None:
        self.llm = llm
        self.offline = offline
        self.allowance = allowance

    async def decide(
        self,
        turn: TurnInput,
        candidates: Sequence[Candidate],
        related: Mapping[str, Sequence[Fact]],
    ) -> list[Decision]:
        """Decisions from whichever auditor the user's allowance pays for."""
        chosen = self.offline if await _over(self.allowance) else self.llm
        return await chosen.decide(turn, candidates, related)
