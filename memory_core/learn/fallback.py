"""Extraction that falls back to the offline rules when the language model cannot be reached.

For callers with no retry of their own (``membot extract``, the extraction evaluation): a
connection failure, a timeout or an overload (after the SDK's retries) would otherwise look like
"no facts". The fallback is said out loud — a log event, and ``on_fallback`` for a caller that
tells its user. A model that answered badly (invalid output, a refusal) is not unreachable: that
error is raised as before.
"""

from __future__ import annotations

from collections.abc import Callable

import structlog

from memory_core.errors import InvalidLLMOutputError, LLMError
from memory_core.extract.base import Candidate, Extractor, TurnInput

log = structlog.get_logger("memory_core.learn.fallback")


class FallbackExtractor:
    """The model's extractor, and the rules for a turn the model could not be reached for."""

    def __init__(
        self,
        llm: Extractor,
        offline: Extractor,
        on_fallback: Callable[[str], None] | None = None,
    ) -> None:
        self.llm = llm
        self.offline = offline
        self.on_fallback = on_fallback

    async def extract(self, turn: TurnInput) -> list[Candidate]:
        """The model's candidates; the rules' when the model is unreachable (said, not silent)."""
        try:
            return await self.llm.extract(turn)
        except LLMError as exc:
            if isinstance(exc, InvalidLLMOutputError) or not exc.retryable:
                raise
            log.warning("extraction_fallback", reason=str(exc), fallback="rules")
            if self.on_fallback is not None:
                self.on_fallback(str(exc))
            return await self.offline.extract(turn)
