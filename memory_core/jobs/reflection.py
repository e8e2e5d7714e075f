"""Weekly reflections (seed 002): what changed in a user's memory, saved as a reflection.

Gating: at most one per ``every_days`` (6) per user, only with ≥ ``min_facts`` (3) new facts in
the past ``window_days`` (7), only for users who left reflections on and have a private chat
(reflections are never posted in a group), and not before a new user's first full week: the
first one waits until their first fact is ``every_days`` old (the week window then still holds
all of it, whatever hour the job runs) and covers only the days since they came. The text
comes from a :class:`ReflectionWriter` (an LLM; offline, the app's writer, which words it in
the user's language, else the English template) and never mentions sensitive facts. It is
said to the user, in the language they last wrote in (the digest carries it, with the facts
and the name the user goes by). The reflection fact (no decay) and its post row are saved in
one transaction; posting happens afterwards, so a restart posts what was saved but not
delivered.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Protocol

import structlog
from sqlalchemy import Connection

from memory_core.categories import Consumer
from memory_core.read.disclosure import is_private
from memory_core.runtime.executors import Lane
from memory_core.store import episodes as episode_repo
from memory_core.store import facts as fact_repo
from memory_core.store import reflection_posts as repo
from memory_core.store.reflection_posts import PostRow
from memory_core.text.cleaning import MAX_FACT_CHARS
from memory_core.values import (
    Category,
    Fact,
    NewFact,
    SearchFilters,
    Status,
)

if TYPE_CHECKING:
    from memory_core.context import Context

log = structlog.get_logger("memory_core.jobs.reflection")

MAX_CHARS = 600
MAX_ITEMS = 6


@dataclass(frozen=True, slots=True)
class ReflectionConfig:
    """Gating and bounds."""

    min_facts: int = 3
    window_days: int = 7
    every_days: int = 6
    max_users: int = 500


@dataclass(frozen=True, slots=True)
class Digest:
    """What changed for one user in the window (no sensitive fact is included)."""

    user_id: str
    since: datetime
    until: datetime
    new: tuple[str, ...] = ()
    changed: tuple[str, ...] = ()
    ended: tuple[str, ...] = ()
    #: The facts behind ``new``, ``changed`` and ``ended``, in the same order: a writer that
    #: words them in the user's language reads their slots and values.
    new_facts: tuple[Fact, ...] = ()
    changed_facts: tuple[Fact, ...] = ()
    ended_facts: tuple[Fact, ...] = ()
    #: The language the user last wrote in (ISO 639-1; ``None``: not known).
    language: str | None = None
    #: The name the user's messages come with ("Ana": "Ana's cat" is "your cat" to her).
    speaker: str | None = None

    @property
    def mentions(self) -> tuple[int, ...]:
        """The ids of the facts the digest names."""
        return tuple(f.id for f in (*self.new_facts, *self.changed_facts, *self.ended_facts))

    @property
    def empty(self) -> bool:
        """True when there is nothing to reflect on."""
        return not (self.new or self.changed or self.ended)


#: ``value_json`` key of a reflection: the ids of the facts it names.
MENTIONS = "mentions"


def names(reflection: Fact, fact_id: int) -> bool:
    """Whether the saved ``reflection`` names the fact ``fact_id``."""
    data = reflection.value_json if isinstance(reflection.value_json, dict) else {}
    ids = data.get(MENTIONS, ())
    return isinstance(ids, list) and fact_id in ids


class ReflectionWriter(Protocol):
    """Writes the reflection text for a digest."""

    async def write(self, digest: Digest) -> str:
        """A short reflection said to the user (≤ 600 characters)."""
        ...


def _items(texts: Sequence[str]) -> str:
    shown = [t.strip().rstrip(".") for t in texts[:MAX_ITEMS]]
    more = len(texts) - len(shown)
    return "; ".join(shown) + (f" (and {more} more)" if more > 0 else "")


class TemplateWriter:
    """The offline writer: a plain summary of what changed."""

    async def write(self, digest: Digest) -> str:
        """ "Week of …: new: …; changed: …; no longer true: …"."""
        parts = [f"Week of {digest.since:%d %b} – {digest.until:%d %b %Y}."]
        if digest.new:
            parts.append(f"New: {_items(digest.new)}.")
        if digest.changed:
            parts.append(f"Changed: {_items(digest.changed)}.")
        if digest.ended:
            parts.append(f"No longer true: {_items(digest.ended)}.")
        return clip(" ".join(parts))


def clip(value: str, limit: int = MAX_CHARS) -> str:
    """Bound a reflection's length on a word boundary."""
    value = " ".join(value.split())
    if len(value) <= limit:
        return value
    return value[: limit - 1].rsplit(" ", 1)[0] + "…"


def _shareable(fact: Fact) -> bool:
    # The user's own name is no news to them ("Grace's name is Grace").
    return fact.kind == "fact" and not is_private(fact) and fact.key != "name"


def digest_of(
    user_id: str,
    facts: Sequence[Fact],
    since: datetime,
    until: datetime,
    *,
    language: str | None = None,
    speaker: str | None = None,
) -> Digest:
    """Pure: the digest of a user's facts changed in [since, until]."""
    new: list[Fact] = []
    changed: list[Fact] = []
    ended: list[Fact] = []
    for fact in sorted(facts, key=lambda f: (f.created_at, f.id)):
        if not _shareable(fact):
            continue
        if fact.status == Status.ACTIVE and fact.created_at >= since:
            (changed if fact.supersedes_id else new).append(fact)
        elif fact.status == Status.EXPIRED and fact.valid_to and fact.valid_to >= since:
            ended.append(fact)

    def texts(group: list[Fact]) -> tuple[str, ...]:
        return tuple(f.value_text for f in group)

    return Digest(
        user_id,
        since,
        until,
        texts(new),
        texts(changed),
        texts(ended),
        tuple(new),
        tuple(changed),
        tuple(ended),
        language=language,
        speaker=speaker,
    )


class Reflector:
    """Finds users due a reflection, writes and saves it, and tracks its posting."""

    def __init__(
        self, ctx: Context, writer: ReflectionWriter, config: ReflectionConfig | None = None
    ) -> None:
        self.ctx = ctx
        self.writer = writer
        self.config = config or ReflectionConfig()

    def _gate(self) -> tuple[datetime, datetime]:
        now = self.ctx.clock.now()
        return (
            now - timedelta(days=self.config.window_days),
            now - timedelta(days=self.config.every_days),
        )

    def _settled(self) -> datetime:
        """A user whose first fact is older than this has had their first full week (with
        the last day's hours to spare: the window of ``window_days`` still holds it)."""
        return self.ctx.clock.now() - timedelta(days=self.config.every_days)

    async def due(self, user_id: str | None = None) -> list[str]:
        """Users due a reflection now."""
        new_since, last_before = self._gate()
        return await self.ctx.lanes.read(
            Lane.BACKGROUND,
            repo.due_users,
            new_since=new_since,
            last_before=last_before,
            min_facts=self.config.min_facts,
            limit=self.config.max_users,
            user_id=user_id,
            settled_before=self._settled(),
        )

    async def compose(self, user_id: str) -> PostRow | None:
        """Write and save this user's reflection; ``None`` if not due or nothing shareable."""
        new_since, _ = self._gate()
        digest = await self.ctx.lanes.run(Lane.BACKGROUND, self._digest, user_id, new_since)
        if digest.empty:
            return None
        body = clip(await self.writer.write(digest)) or await TemplateWriter().write(digest)
        return await self.ctx.lanes.run(
            Lane.BACKGROUND, self._save, user_id, body[:MAX_FACT_CHARS], digest.mentions
        )

    def _digest(self, user_id: str, since: datetime) -> Digest:
        filters = self.ctx.config.categories.scoped(
            Consumer.REFLECTION,
            SearchFilters(
                statuses=(Status.ACTIVE, Status.EXPIRED), updated_after=since - timedelta(seconds=1)
            ),
        )
        with self.ctx.db.read() as conn:
            # What the last reflection named as new is not new again.
            last = repo.last_saved(conn, user_id)
            if last is not None and last > since:
                since = last
                filters = replace(filters, updated_after=last - timedelta(seconds=1))
            # A first week covers only the days the user was there ("the week from 2 March",
            # not from a day before they came).
            first = repo.first_fact_at(conn, user_id)
            if last is None and first is not None and first > since:
                since = first
            facts = fact_repo.list_facts(conn, user_id, filters, limit=500)
            language = episode_repo.latest_language(conn, user_id)
            speaker = episode_repo.latest_speaker(conn, user_id)
        return digest_of(
            user_id, facts, since, self.ctx.clock.now(), language=language, speaker=speaker
        )

    def _save(self, user_id: str, body: str, mentions: tuple[int, ...] = ()) -> PostRow | None:
        now = self.ctx.clock.now()
        new_since, last_before = self._gate()
        with self.ctx.db.write(users=[user_id]) as conn:
            # Re-check inside the writer: two runs never save two reflections.
            if user_id not in repo.due_users(
                conn,
                new_since=new_since,
                last_before=last_before,
                min_facts=self.config.min_facts,
                limit=1,
                user_id=user_id,
                settled_before=self._settled(),
            ):
                return None
            fact = fact_repo.create(
                conn,
                user_id,
                NewFact(
                    key=f"reflection.weekly.{now:%Y_%m_%d}",
                    value_text=body,
                    category=Category.REFLECTION,
                    confidence=1.0,
                    status=Status.ACTIVE,
                    source_turn_id=f"reflection:{now:%Y-%m-%d}",
                    decay_rate=0.0,
                    kind="reflection",
                    # The facts it names: forgetting one forgets the reflection too (however
                    # the writer worded it).
                    value_json={MENTIONS: list(mentions)},
                ),
                now,
                actor="reflection",
                reason="weekly reflection",
            )
            self.ctx.vectors.queue_fact(conn, fact)
            post_id = repo.add(conn, user_id, fact.id, None, now)
            post = repo.get(conn, user_id, post_id)
        log.info("reflection_saved", user_id=user_id, fact_id=fact.id, post_id=post_id)
        return post

    async def unposted(self, user_id: str | None = None, limit: int = 500) -> list[PostRow]:
        """Saved reflections not delivered yet (younger than the reflection interval)."""
        _, last_before = self._gate()
        return await self.ctx.lanes.read(
            Lane.BACKGROUND, repo.unposted, last_before, limit, user_id
        )

    async def mark_posted(self, post: PostRow, chat_id: str) -> None:
        """Record that ``post`` reached the user's private chat: the facts it names were shown
        to them, which counts as their use (seed 003 §7: time fades what is not used)."""
        now = self.ctx.clock.now()
        await self.ctx.lanes.write_for(
            Lane.BACKGROUND, _posted, post.user_id, post.id, post.fact_id, chat_id, now
        )


def _posted(
    conn: Connection, user_id: str, post_id: int, fact_id: int, chat_id: str, now: datetime
) -> None:
    repo.mark_posted(conn, user_id, post_id, chat_id, now)
    reflection = fact_repo.get(conn, user_id, fact_id)
    shown = reflection.value_json.get(MENTIONS) if reflection and reflection.value_json else None
    if isinstance(shown, list):
        fact_repo.touch_accessed(conn, user_id, [int(i) for i in shown], now)


async def set_feedback(ctx: Context, user_id: str, post_id: int, feedback: str) -> bool:
    """Record "looks right" / "fix something" once; ``False`` when already answered."""
    return await ctx.lanes.write_for(Lane.REPLY, repo.set_feedback, user_id, post_id, feedback)
