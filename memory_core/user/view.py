"""One user's memory as one audience may see it: the door the bot's commands, buttons and
notifications go through.

A view is scoped to a single user and a single audience (their private chat, or a group).
Every fact it returns has passed ``disclosure.shown``: nothing sensitive reaches a group and
no secret is ever shown in clear, whichever command asked.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Protocol

from memory_core.categories import Consumer
from memory_core.errors import InvalidInputError, NotFoundError
from memory_core.jobs.profile import Entry, Profile
from memory_core.jobs.questions import Answer, Question
from memory_core.learn import resolve
from memory_core.learn.resolve import Choice, Conflict, Resolution
from memory_core.read import disclosure
from memory_core.read.about import EntityInfo, MemoryStats, entity_info, memory_stats
from memory_core.read.people import Person, people_of
from memory_core.runtime.executors import Lane
from memory_core.user import corrections, memory_md
from memory_core.user.edits import UndoResult
from memory_core.values import (
    Audience,
    Category,
    Fact,
    HistoryEntry,
    ItemKind,
    SearchFilters,
    SearchHit,
    SearchMode,
    Status,
)

if TYPE_CHECKING:
    from collections.abc import Callable, Mapping

    from memory_core.context import Context
    from memory_core.read.recall import Recall


class Door(Protocol):
    """What a view calls of the facade (which hands itself in): user-scoped reads and writes."""

    @property
    def ctx(self) -> Context: ...
    async def forget(self, user_id: str, fact_id: int, *, actor: str = "user") -> Fact: ...
    async def search(
        self,
        user_id: str,
        query: str,
        *,
        k: int = 10,
        mode: SearchMode = "hybrid",
        kind: ItemKind = "facts",
        filters: SearchFilters | None = None,
        touch: bool = False,
    ) -> list[SearchHit]: ...
    async def get_fact(self, user_id: str, fact_id: int) -> Fact: ...
    async def list_facts(
        self,
        user_id: str,
        filters: SearchFilters | None = None,
        *,
        limit: int = 50,
        offset: int = 0,
    ) -> list[Fact]: ...
    async def history(
        self, user_id: str, *, fact_id: int | None = None, key: str | None = None
    ) -> list[HistoryEntry]: ...
    async def recall(
        self,
        user_id: str,
        text: str,
        *,
        chat_id: str,
        group: bool,
        private_chat: bool = False,
        turn_id: str | None = None,
        identity: str | None = None,
        group_key: str | None = None,
    ) -> Recall: ...
    async def conflict(self, user_id: str, conflict_id: int) -> Conflict | None: ...
    async def settle_conflict(
        self, user_id: str, conflict_id: int, choice: Choice
    ) -> Resolution: ...
    async def due_questions(self, user_id: str, limit: int) -> list[Question]: ...
    async def answer_question(
        self, user_id: str, question_id: int, *, keep: bool
    ) -> tuple[Answer, Fact | None]: ...
    async def profile(
        self, user_id: str, *, fresh: bool = False, shown: bool = False
    ) -> Profile | None: ...
    async def faded(self, user_id: str, *, limit: int = 50) -> list[Fact]: ...
    async def restore(self, user_id: str, fact_id: int) -> Fact: ...
    async def undo(self, user_id: str) -> UndoResult: ...
    async def export(
        self,
        user_id: str,
        owner: str,
        show: Callable[[Fact], Fact] | None,
        titles: Mapping[Category, str] | None = None,
        heading: str | None = None,
    ) -> memory_md.Export: ...
    async def plan_import(
        self,
        user_id: str,
        raw: bytes,
        *,
        owner: str = "the user",
        audience: Audience = Audience.PRIVATE,
    ) -> memory_md.PendingImport: ...


class UserView:
    """One user's memory for one audience."""

    def __init__(self, memory: Door, user_id: str, audience: Audience) -> None:
        self.memory = memory
        self.user_id = user_id
        self.audience = audience

    @property
    def group(self) -> bool:
        """Whether the audience is a group."""
        return self.audience == Audience.GROUP

    def show(self, fact: Fact) -> Fact:
        """A fact as this audience may see it."""
        return disclosure.shown(fact, self.audience)

    def hides(self, fact: Fact) -> bool:
        """Whether this audience may not see ``fact`` at all (a private fact, in a group): a
        reply then names nothing of it — not even that there is one."""
        return self.group and disclosure.is_private(fact)

    def _hits(self, hits: list[SearchHit]) -> list[SearchHit]:
        return [replace(h, fact=self.show(h.fact)) if h.fact is not None else h for h in hits]

    def _filters(self) -> SearchFilters:
        if not self.group:
            return SearchFilters()
        # The group's allowlist (never wider than "nothing sensitive") filters the reads.
        allowed = self.memory.ctx.config.categories.allowed(Consumer.GROUP)
        return SearchFilters(exclude_categories=tuple(sorted(set(Category) - allowed)))

    def _visible(self, fact: Fact) -> bool:
        if not self.group:
            return True
        allowed = self.memory.ctx.config.categories.allowed(Consumer.GROUP)
        return fact.category in allowed and not disclosure.is_private(fact)

    # ---- reading -------------------------------------------------------------------------

    async def fact(self, fact_id: int) -> Fact:
        """One of the user's facts (``NotFoundError`` when gone or hidden from a group)."""
        fact = await self.memory.get_fact(self.user_id, fact_id)
        if not self._visible(fact):
            raise NotFoundError(f"no memory #{fact_id}")
        return self.show(fact)

    async def facts(self, *, limit: int, offset: int = 0) -> list[Fact]:
        """The user's facts, newest first (a group sees none of the sensitive ones)."""
        found = await self.memory.list_facts(
            self.user_id, self._filters(), limit=limit, offset=offset
        )
        return [self.show(f) for f in found if self._visible(f)]

    async def faded(self, *, limit: int) -> list[Fact]:
        """The user's faded facts (restorable), as this audience may see them."""
        found = await self.memory.faded(self.user_id, limit=limit)
        return [self.show(f) for f in found if self._visible(f)]

    async def people(self) -> list[Person]:
        """The people around the user (relatives, friends, colleagues), each with what the
        user said about them, as this audience may see it."""
        filters = SearchFilters(categories=(Category.RELATIONSHIP,), statuses=(Status.ACTIVE,))
        found = await self.memory.list_facts(self.user_id, filters, limit=500)
        return people_of(self.show(f) for f in found if f.kind == "fact" and self._visible(f))

    async def search(self, query: str, *, k: int, procedures: bool = False) -> list[SearchHit]:
        """The user's best-matching facts for ``query`` (``procedures``: their procedures
        too, which a search leaves out unless asked — /forget and /memories ask)."""
        hits = await self.memory.search(self.user_id, query, k=k, filters=self._filters())
        if procedures:
            only = replace(self._filters(), categories=(Category.PROCEDURAL,))
            hits += await self.memory.search(self.user_id, query, k=k, filters=only)
            hits = sorted(hits, key=lambda h: h.score, reverse=True)[:k]
        return self._hits([h for h in hits if h.fact is None or self._visible(h.fact)])

    async def entity(self, name: str) -> EntityInfo | None:
        """Everything the user's memory holds about ``name`` (a person, a place, a project),
        as this audience may see it; ``None`` when no entity of theirs is called that."""
        return await self.memory.ctx.lanes.read(
            Lane.REPLY, entity_info, self.user_id, name, self.audience
        )

    async def stats(self) -> MemoryStats:
        """The user's memory in numbers, as this audience may see it."""
        return await self.memory.ctx.lanes.read(
            Lane.REPLY, memory_stats, self.user_id, self.audience
        )

    async def history(self, fact: Fact) -> list[HistoryEntry]:
        """The audit trail of the key ``fact`` holds, oldest first."""
        entries = await self.memory.history(self.user_id, key=fact.key)
        return disclosure.shown_history(
            entries, self.audience, sensitive=fact.sensitive or disclosure.is_private(fact)
        )

    def show_history(self, entries: list[HistoryEntry]) -> list[HistoryEntry]:
        """Audit rows (of any of the user's facts) as this audience may see them."""
        return disclosure.shown_history(entries, self.audience, sensitive=self.group)

    async def profile(self, *, fresh: bool = False, shown: bool = False) -> Profile | None:
        """The materialised profile, each entry as this audience may see it (``shown``: the
        user is shown it, which counts as using its facts)."""
        profile = await self.memory.profile(self.user_id, fresh=fresh, shown=shown)
        if profile is None:
            return None

        def entry(e: Entry) -> Entry:
            category = e.category if e.category in Category._value2member_map_ else "other"
            text = disclosure.shown_text(e.value_text, category, self.audience, False)
            # A masked entry keeps no slot value either (it would say what the mask hides).
            slot = e.slot_value if text == e.value_text else None
            return replace(e, value_text=text, slot_value=slot)

        allowed = {c.value for c in self.memory.ctx.config.categories.allowed(Consumer.GROUP)}
        sections = {
            name: tuple(
                entry(e)
                for e in entries
                if not (
                    self.group
                    and (name in ("sensitive_topics", "insights") or e.category not in allowed)
                )
            )
            for name, entries in profile.sections.items()
        }
        reflection = None if self.group or profile.reflection is None else entry(profile.reflection)
        return replace(profile, sections=sections, reflection=reflection)

    # ---- changing ------------------------------------------------------------------------

    async def forget(self, fact_id: int) -> Fact:
        """Forget one of the user's facts; returns it as it was, as this audience sees it."""
        fact = await self.fact(fact_id)
        await self.memory.forget(self.user_id, fact_id)
        return fact

    async def correct(self, fact_id: int, text: str, *, turn_id: str) -> corrections.Correction:
        """Change one of the user's facts to the value ``text`` states, by the chat's write
        policy (a confident or high-risk fact is asked about: ``conflict_id``). Only in the
        user's private audience."""
        self._private_only("a memory is only changed in your private chat")
        target = await self.memory.get_fact(self.user_id, (await self.fact(fact_id)).id)
        done = await corrections.correct(
            self.memory.ctx, self.user_id, target, text, turn_id=turn_id
        )
        fact = self.show(done.fact) if done.fact is not None else None
        return replace(done, fact=fact)

    async def pin(self, fact_id: int, pinned: bool = True) -> Fact:
        """Pin (or unpin) one of the user's current facts: a pinned fact never fades and is
        never overwritten by an inference."""
        self._private_only("a memory is only pinned in your private chat")
        target = await self.memory.get_fact(self.user_id, (await self.fact(fact_id)).id)
        if target.status != Status.ACTIVE:
            raise InvalidInputError("only a current memory can be pinned")
        return self.show(
            await corrections.set_pinned(self.memory.ctx, self.user_id, target, pinned)
        )

    async def reveal(self, fact_id: int) -> str:
        """A fact's text with its secrets in clear, for the user who asked to see it in
        their private audience (never for a group)."""
        self._private_only("a secret is only shown in your private chat")
        fact = await self.memory.get_fact(self.user_id, (await self.fact(fact_id)).id)
        return fact.value_text

    async def open_conflicts(self) -> list[Conflict]:
        """The user's open conflicts, oldest first, both facts as this audience sees them."""
        found = await resolve.open_conflicts(self.memory.ctx, self.user_id)
        return [replace(c, old=self.show(c.old), new=self.show(c.new)) for c in found]

    async def sample_block(self, text: str) -> str:
        """The memory block the bot would put in its prompt for ``text`` in this audience
        (what it would "see"; nothing is recorded)."""
        recall = await self.memory.recall(
            self.user_id, text, chat_id="memory-page", group=self.group
        )
        return recall.block.text

    def _private_only(self, why: str) -> None:
        if self.group:
            raise InvalidInputError(why)

    async def restore(self, fact_id: int) -> Fact:
        """Bring back one of the user's faded facts (``NotFoundError`` if none such)."""
        faded = {f.id: f for f in await self.memory.faded(self.user_id, limit=1000)}
        if fact_id not in faded or not self._visible(faded[fact_id]):
            raise NotFoundError(f"no faded memory #{fact_id}")
        return self.show(await self.memory.restore(self.user_id, fact_id))

    async def undo(self) -> UndoResult:
        """Revert the user's most recent memory change."""
        result = await self.memory.undo(self.user_id)
        return replace(result, reverted=tuple(self.show(f) for f in result.reverted))

    async def conflict(self, conflict_id: int) -> Conflict | None:
        """One of the user's conflicts, both facts as this audience may see them."""
        conflict = await self.memory.conflict(self.user_id, conflict_id)
        if conflict is None:
            return None
        return replace(conflict, old=self.show(conflict.old), new=self.show(conflict.new))

    async def unasked_conflicts(self) -> list[Conflict]:
        """Open conflicts whose question never reached the user (delivery failed): asked
        after each learned turn, so read on the background lane (no reply waits for it, and
        reply-lane work tells background work that a user is waiting)."""
        found = await resolve.open_conflicts(
            self.memory.ctx, self.user_id, unnotified_only=True, lane=Lane.BACKGROUND
        )
        return [replace(c, old=self.show(c.old), new=self.show(c.new)) for c in found]

    async def settle_conflict(self, conflict_id: int, choice: Choice) -> Resolution:
        """Apply the user's choice once."""
        result = await self.memory.settle_conflict(self.user_id, conflict_id, choice)
        kept = self.show(result.kept) if result.kept is not None else None
        dropped = self.show(result.dropped) if result.dropped is not None else None
        return replace(result, kept=kept, dropped=dropped)

    async def due_questions(self, limit: int) -> list[Question]:
        """Open "still true?" questions, their facts as this audience may see them."""
        due = await self.memory.due_questions(self.user_id, limit)
        return [replace(q, fact=self.show(q.fact)) for q in due if self._visible(q.fact)]

    async def answer_question(self, question_id: int, *, keep: bool) -> tuple[Answer, Fact | None]:
        """Keep or forget the fact a question was about, once."""
        outcome, fact = await self.memory.answer_question(self.user_id, question_id, keep=keep)
        return outcome, self.show(fact) if fact is not None else None

    # ---- export and import ----------------------------------------------------------------

    async def export(
        self,
        owner: str,
        *,
        reveal_secrets: bool = False,
        titles: Mapping[Category, str] | None = None,
        heading: str | None = None,
    ) -> memory_md.Export:
        """MEMORY.md and JSON. Secrets stay masked unless the user asked for them in their
        private chat; a group never gets an export. ``titles``/``heading``: MEMORY.md's
        section titles and first line in the user's language."""
        if self.group:
            raise InvalidInputError("an export is only sent to your private chat")
        show = None if reveal_secrets else self.show
        return await self.memory.export(self.user_id, owner, show, titles, heading)

    async def plan_import(self, raw: bytes, *, owner: str = "the user") -> memory_md.PendingImport:
        """Store what an edited MEMORY.md would change; its description shows each memory as
        this audience may see it (new lines classified by the sensitivity model). A group is
        refused: an import is only read in the user's private chat."""
        return await self.memory.plan_import(self.user_id, raw, owner=owner, audience=self.audience)
