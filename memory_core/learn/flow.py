"""The one learning pipeline: extract → look-up → decide → enforce → apply.

Every writer of learned facts goes through it: the turn learner (``learn/pipeline.py``), the
consolidation of ended sessions (``jobs/consolidate.py``), the reply model's memory tools
(``user/tools.py``), a correction from the memory page (``user/corrections.py``), a group's
memory (``user/groups.py``) and a link's merge (``user/linking.py``). Each brings its own
candidates and its own decider (the auditor, or the rules' ``decide_one``) and says who it is
(``TurnRef``); the look-up, the write policy (``enforce``: a confident or high-risk fact is
never changed by one inference, a forgotten one never re-learned from old material) and the
apply are this module's, the same for all of them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime
from typing import TYPE_CHECKING

from sqlalchemy import Connection

from memory_core.extract.base import Candidate
from memory_core.learn.apply import Applied, TurnRef, apply_decisions
from memory_core.learn.arbitrate import enforce
from memory_core.learn.decisions import Decision
from memory_core.learn.lookup import Related, file_people, related_facts
from memory_core.runtime.executors import Lane
from memory_core.values import Fact

if TYPE_CHECKING:
    from memory_core.context import Context


class Pipeline:
    """The stages every learned write shares, on one engine's context."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx

    async def file_people(
        self, lane: Lane, user_id: str, candidates: list[Candidate]
    ) -> list[Candidate]:
        """Candidates about a person filed under the one the user named before ("Marco is
        a chef" goes to the Marco they told us about)."""
        return await self.ctx.lanes.run(lane, file_people, self.ctx, user_id, candidates)

    async def look_up(
        self,
        lane: Lane,
        user_id: str,
        candidates: Sequence[Candidate],
        said_at: datetime | None = None,
    ) -> Related:
        """The user's facts each candidate could touch (``said_at``: when the user said it, so
        what they say after a forget is their new word)."""
        return await self.ctx.lanes.run(lane, self.look_up_here, user_id, candidates, said_at)

    def look_up_here(
        self, user_id: str, candidates: Sequence[Candidate], said_at: datetime | None = None
    ) -> Related:
        """:meth:`look_up` on the calling thread (for a step already running on a lane)."""
        return related_facts(self.ctx, user_id, candidates, said_at)

    @staticmethod
    def guard(
        decision: Decision,
        related: Related,
        *,
        explicit: bool = False,
        said_at: datetime | None = None,
        known: Mapping[int, Fact] | None = None,
        forgotten: bool = True,
    ) -> Decision | None:
        """The write policy on one decision (``None``: refused). ``known``: the facts it is
        checked against when not the look-up's; ``forgotten``: also against the look-up's
        forgotten facts by meaning."""
        return enforce(
            decision,
            related.known if known is None else known,
            explicit=explicit,
            said_at=said_at,
            forgotten=related.forgotten if forgotten else None,
        )

    @classmethod
    def guard_all(
        cls,
        decisions: Iterable[Decision],
        related: Related,
        *,
        explicit: bool = False,
        said_at: datetime | None = None,
    ) -> list[Decision]:
        """The write policy on each decision; the refused ones are dropped."""
        guarded = (cls.guard(d, related, explicit=explicit, said_at=said_at) for d in decisions)
        return [d for d in guarded if d is not None]

    def apply(
        self,
        conn: Connection,
        ref: TurnRef,
        decisions: Sequence[Decision],
        now: datetime,
        links: Mapping[str, Sequence[tuple[int, float]]] | None = None,
    ) -> list[Applied]:
        """Apply ``decisions`` in the caller's write transaction (vectors queued with them)."""
        return apply_decisions(
            conn, ref, decisions, now, queue=self.ctx.vectors.queue_fact, links=links
        )
