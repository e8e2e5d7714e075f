"""The engine's background jobs: what each scheduled job runs, and the after-turn hook.

Scheduled: ``consolidate`` (nightly sweep of ended sessions), ``expire`` (unanswered conflicts
and "only for now" values), ``decay`` (decay, TTL, purge), ``dedup``, ``reflect`` and
``insights`` and ``enrich`` (entity enrichment), those two with a language model only.
After each learned turn: the profile is rebuilt every N turns, a new session triggers
consolidation of the user's earlier ones (in the user's lane), and what the user should be
asked (the turn's conflicts, conflicts whose question never got through, pending "still
true?" questions) goes to the bot in one :class:`News` event. Per-user work always runs in
that user's lane, so one user's jobs never overlap; every job returns a small, log-safe
summary.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

import structlog

from memory_core.cron import Cron
from memory_core.engine.scheduler import JobFn, JobSpec, Scheduler
from memory_core.extract.base import Extractor
from memory_core.jobs.consolidate import ConsolidateConfig, Consolidator
from memory_core.jobs.decay import DecayConfig, Lifecycle
from memory_core.jobs.dedup import DedupConfig, Deduplicator, PairJudge
from memory_core.jobs.enrichment import Enrichment, EntityReader
from memory_core.jobs.insights import Insights, InsightsConfig, InsightWriter
from memory_core.jobs.profile import Profile
from memory_core.jobs.questions import Question
from memory_core.jobs.reflection import ReflectionConfig, ReflectionWriter, Reflector
from memory_core.jobs.registry import ScheduledJob, declared
from memory_core.learn.arbitrate import Auditor
from memory_core.learn.pipeline import LearnResult
from memory_core.learn.resolve import Conflict
from memory_core.llm import LLM, llm_scope
from memory_core.store.reflection_posts import PostRow
from memory_core.values import Audience, Reflection

if TYPE_CHECKING:
    from memory_core.context import Context
    from memory_core.user.view import UserView

log = structlog.get_logger("bot.jobs")

#: The built-in scheduled jobs: name, the ``JobsConfig`` field with its cron, and what it
#: does. A new job needs no entry here: its module declares it (``jobs/registry.py``).
SCHEDULE: tuple[tuple[str, str, str], ...] = (
    ("consolidate", "consolidate_cron", "consolidate ended sessions (nightly sweep)"),
    ("expire", "expire_cron", "expire unanswered conflicts and 'only for now' values"),
    ("decay", "decay_cron", "decay, TTL soft-delete, purge"),
    ("dedup", "dedup_cron", "merge near-duplicate facts"),
    ("reflect", "reflection_cron", "weekly reflection posts"),
    ("insights", "insights_cron", "insights into active users (with a language model)"),
    ("enrich", "enrich_cron", "link entities in facts with few (with a language model)"),
    ("rewrite", "rewrite_cron", "rewrite the tables /forgetme erasures left (PostgreSQL)"),
    ("erasures", "erasures_cron", "finish /forgetme erasures a stopped process left unfinished"),
)

#: At most this many sessions of one user are consolidated per trigger or sweep.
SESSIONS_PER_USER = 20
#: At most this many users are visited by one nightly sweep.
USERS_PER_SWEEP = 500


@dataclass(frozen=True, slots=True)
class JobsConfig:
    """Schedules (cron, in the scheduler's timezone), bounds and each job's own settings."""

    consolidate_cron: str = "0 3 * * *"
    expire_cron: str = "7 * * * *"
    decay_cron: str = "0 4 * * *"
    dedup_cron: str = "30 4 * * *"
    reflection_cron: str = "0 10 * * *"
    insights_cron: str = "30 5 * * *"
    enrich_cron: str = "0 2 * * *"
    rewrite_cron: str = "30 3 * * *"
    erasures_cron: str = "*/10 * * * *"
    timeout_s: float = 1800.0
    profile_every_turns: int = 5
    #: At most this many "still true?" questions per conversation turn.
    questions_per_turn: int = 2
    consolidate: ConsolidateConfig = field(default_factory=ConsolidateConfig)
    decay: DecayConfig = field(default_factory=DecayConfig)
    dedup: DedupConfig = field(default_factory=DedupConfig)
    reflection: ReflectionConfig = field(default_factory=ReflectionConfig)
    insights: InsightsConfig = field(default_factory=InsightsConfig)
    #: The crons of declared jobs (``jobs/registry.py``) moved from their defaults, by name.
    crons: Mapping[str, str] = field(default_factory=dict)

    def schedule(self) -> list[tuple[str, str, str]]:
        """(name, cron, description) of every scheduled job: the built-in ones, then the
        declared ones (``ValueError`` for a cron naming no declared job)."""
        built_in = [(name, str(getattr(self, attr)), about) for name, attr, about in SCHEDULE]
        jobs = declared()
        unknown = set(self.crons) - {job.name for job in jobs}
        if unknown:
            raise ValueError(f"a cron for no declared job: {', '.join(sorted(unknown))}")
        return built_in + [(j.name, self.crons.get(j.name, j.cron), j.about) for j in jobs]


def schedule(config: JobsConfig) -> list[tuple[str, str, str]]:
    """(name, cron, description) of every scheduled job."""
    return config.schedule()


@dataclass(frozen=True, slots=True)
class News:
    """What the bot should ask one user now, in their private chat: conflicts (the turn's,
    and those whose question never got through) and "still true?" questions."""

    user_id: str
    conflicts: tuple[Conflict, ...] = ()
    questions: tuple[Question, ...] = ()


@dataclass(frozen=True, slots=True)
class Delivered:
    """What of a :class:`News` reached the user (recorded as asked by the engine)."""

    conflicts: tuple[int, ...] = ()
    questions: tuple[int, ...] = ()


class Events(Protocol):
    """What the engine tells the bot: the bot's notifier implements it."""

    async def news(self, news: News) -> Delivered:
        """Ask the user what ``news`` holds; returns what got through."""
        ...

    async def reflection_ready(self, reflection: Reflection) -> str | None:
        """Send a saved reflection; the chat it reached, or ``None`` (it cannot go yet)."""
        ...


class Door(Protocol):
    """What the jobs call of the facade (which hands itself in)."""

    @property
    def ctx(self) -> Context: ...
    def view(self, user_id: str, audience: Audience) -> UserView: ...
    async def conflict_asked(self, user_id: str, conflict_id: int) -> None: ...
    async def question_asked(self, user_id: str, question_id: int) -> None: ...
    async def refresh_profile(
        self, user_id: str, *, every_turns: int | None = None
    ) -> Profile | None: ...
    async def expire_due(self) -> int: ...
    async def rewrite_erased(self) -> list[str]: ...
    async def resume_erasures(self) -> list[str]: ...
    async def erasing(self, user_id: str) -> bool: ...


class Jobs:
    """Owns the engine jobs and runs them for the scheduler, the observer hook and the CLI."""

    def __init__(
        self,
        memory: Door,
        events: Events | None,
        scheduler: Scheduler,
        *,
        extractor: Extractor,
        auditor: Auditor,
        judge: PairJudge,
        writer: ReflectionWriter,
        insight_writer: InsightWriter | None = None,
        entity_reader: EntityReader | None = None,
        config: JobsConfig | None = None,
        llm: LLM | None = None,
    ) -> None:
        self.memory = memory
        #: The language model declared jobs may use (``None``: offline).
        self.llm = llm
        #: Who is told (the bot's notifier; ``None``: nobody, e.g. the CLI running one job).
        self.events = events
        self.scheduler = scheduler
        self.config = config or JobsConfig()
        ctx = memory.ctx
        self.consolidator = Consolidator(ctx, extractor, auditor, self.config.consolidate)
        self.lifecycle = Lifecycle(ctx, self.config.decay)
        self.deduplicator = Deduplicator(ctx, judge, self.config.dedup)
        self.reflector = Reflector(ctx, writer, self.config.reflection)
        self.insights = (
            Insights(ctx, insight_writer, self.config.insights)
            if insight_writer is not None
            else None
        )
        self.enrichment = Enrichment(ctx, entity_reader) if entity_reader else None

    @property
    def ctx(self) -> Context:
        """The engine's context (for declared jobs)."""
        return self.memory.ctx

    async def refresh_profile(
        self, user_id: str, *, every_turns: int | None = None
    ) -> Profile | None:
        """Rebuild the user's profile (every ``every_turns`` turns, or now); nothing while an
        erasure of theirs is unfinished."""
        if not await self.open_for(user_id):
            return None
        return await self.memory.refresh_profile(user_id, every_turns=every_turns)

    async def open_for(self, user_id: str) -> bool:
        """Whether per-user background work may run for ``user_id`` now — the one check every
        per-user job path goes through (their lanes, the after-turn hook, profile rebuilds,
        posts): not while an erasure of the user is recorded and unfinished. Such work would
        read what is being deleted (and hand it to a language model), write rows the erasure
        must then find, or tell the user about memories they asked to erase; the erasure's
        own runner (or the door, the next start, the ``erasures`` job) finishes it."""
        if await self.memory.erasing(user_id):
            log.info("job_skipped_erasure_unfinished", user_id=user_id)
            return False
        return True

    def submit_for(
        self, user_id: str, name: str, work: Callable[[], Awaitable[dict[str, Any]]]
    ) -> asyncio.Future[Any]:
        """Queue ``work`` in the user's lane, checked by :meth:`open_for` when its turn
        comes (the future resolves to ``None`` when it was skipped)."""

        async def gated() -> dict[str, Any] | None:
            if not await self.open_for(user_id):
                return None
            return await work()

        return self.scheduler.submit(user_id, name, gated)

    def _declared(self, job: ScheduledJob) -> JobFn:
        """A declared job's body, run on this host."""

        async def run(user_id: str | None = None) -> dict[str, Any]:
            return await job.run(self, user_id)

        return run

    def specs(self) -> list[JobSpec]:
        """The scheduled jobs."""
        run: dict[str, JobFn] = {
            "consolidate": self.run_consolidate,
            "expire": self.run_expire,
            "decay": self.run_decay,
            "dedup": self.run_dedup,
            "reflect": self.run_reflect,
            "insights": self.run_insights,
            "enrich": self.run_enrich,
            "rewrite": self.run_rewrite,
            "erasures": self.run_erasures,
        }
        run |= {job.name: self._declared(job) for job in declared()}
        return [
            JobSpec(name, Cron.parse(cron), run[name], self.config.timeout_s, about)
            for name, cron, about in schedule(self.config)
        ]

    # ---- after each learned turn -----------------------------------------------------------

    async def after_turn(self, result: LearnResult) -> None:
        """Observer hook: the profile every N turns, consolidation of the user's earlier
        sessions once a new one started, then one :class:`News` for the bot: the turn's
        conflicts, those never asked, and pending "still true?" questions."""
        uid = result.user_id
        if not await self.open_for(uid):
            return
        view = self.memory.view(uid, Audience.PRIVATE)
        conflicts: dict[int, Conflict] = {}
        for applied in result.conflicts:
            assert applied.conflict_id is not None
            conflict = await view.conflict(applied.conflict_id)
            if conflict is not None:  # gone ones are skipped
                conflicts[conflict.id] = conflict
        for conflict in await view.unasked_conflicts():  # their delivery failed before
            conflicts.setdefault(conflict.id, conflict)
        await self.memory.refresh_profile(uid, every_turns=self.config.profile_every_turns)
        if await self.consolidator.pending(user_id=uid, followed_only=True, limit=1):
            self.submit_for(
                uid, "consolidate", lambda: self.consolidate_user(uid, followed_only=True)
            )
        # Only to the known private chat: the turn may have been in a group.
        due = await view.due_questions(self.config.questions_per_turn)
        await self.tell(News(uid, tuple(conflicts.values()), tuple(due)))

    async def tell(self, news: News) -> Delivered:
        """Hand ``news`` to the bot and record what reached the user as asked."""
        if self.events is None or not (news.conflicts or news.questions):
            return Delivered()
        delivered = await self.events.news(news)
        for conflict_id in delivered.conflicts:
            await self.memory.conflict_asked(news.user_id, conflict_id)
        for question_id in delivered.questions:
            await self.memory.question_asked(news.user_id, question_id)
        return delivered

    # ---- per-user work (runs in the user's lane) -------------------------------------------

    async def consolidate_user(self, user_id: str, *, followed_only: bool) -> dict[str, Any]:
        """Consolidate the user's ended sessions, ask about conflicts, rebuild the profile."""
        with llm_scope(user_id=user_id, purpose="consolidation"):
            return await self._consolidate_user(user_id, followed_only=followed_only)

    async def _consolidate_user(self, user_id: str, *, followed_only: bool) -> dict[str, Any]:
        sessions = await self.consolidator.pending(
            user_id=user_id, followed_only=followed_only, limit=SESSIONS_PER_USER
        )
        written = 0
        for session in sessions:
            result = await self.consolidator.run(session.id)
            written += sum(1 for a in result.applied if not a.replayed)
            view = self.memory.view(user_id, Audience.PRIVATE)
            found = [await view.conflict(cid) for cid in result.conflict_ids]
            await self.tell(News(user_id, tuple(c for c in found if c is not None)))
        if sessions:
            await self.refresh_profile(user_id)  # the profile at session end
        return {"sessions": len(sessions), "written": written}

    async def in_lanes(
        self, users: list[str], name: str, work: Callable[[str], Awaitable[dict[str, Any]]]
    ) -> list[dict[str, Any]]:
        """Run ``work(user)`` in each user's lane and wait for all of them."""

        def factory(uid: str) -> Callable[[], Awaitable[dict[str, Any]]]:
            return lambda: work(uid)

        futures = [self.submit_for(uid, name, factory(uid)) for uid in users]
        results = await asyncio.gather(*futures)
        return [r for r in results if isinstance(r, dict)]

    # ---- scheduled jobs --------------------------------------------------------------------

    async def run_consolidate(self, user_id: str | None = None) -> dict[str, Any]:
        """Nightly sweep: every ended, unconsolidated session (also never-followed ones)."""
        pending = await self.consolidator.pending(user_id=user_id, limit=USERS_PER_SWEEP * 4)
        users = list(dict.fromkeys(s.user_id for s in pending))[:USERS_PER_SWEEP]
        done = await self.in_lanes(
            users,
            "consolidate:all",
            lambda uid: self.consolidate_user(uid, followed_only=False),
        )
        return {
            "users": len(users),
            "sessions": sum(int(r["sessions"]) for r in done),
            "written": sum(int(r["written"]) for r in done),
        }

    async def run_expire(self, _user_id: str | None = None) -> dict[str, Any]:
        """Close unanswered conflicts and end "only for now" values whose time is up."""
        return {"changed": await self.memory.expire_due()}

    async def run_rewrite(self, _user_id: str | None = None) -> dict[str, Any]:
        """PostgreSQL: rewrite the tables /forgetme erasures left (their rows' bytes go)."""
        return {"tables": await self.memory.rewrite_erased()}

    async def run_erasures(self, _user_id: str | None = None) -> dict[str, Any]:
        """Finish the /forgetme erasures a stopped process left (recorded, not finished)."""
        return {"users": len(await self.memory.resume_erasures())}

    async def run_decay(self, user_id: str | None = None) -> dict[str, Any]:
        """Decay, TTL and purge; the profiles of users whose memory changed are rebuilt."""
        report = await self.lifecycle.run(user_id)
        for uid in sorted(report.users)[:USERS_PER_SWEEP]:
            await self.refresh_profile(uid)
        return report.summary()

    async def run_dedup(self, user_id: str | None = None) -> dict[str, Any]:
        """The daily dedup for every user with candidates (each in their lane)."""
        users = await self.deduplicator.users(user_id)

        async def one(uid: str) -> dict[str, Any]:
            with llm_scope(user_id=uid, purpose="dedup"):
                return dict((await self.deduplicator.run_user(uid)).summary())

        done = await self.in_lanes(users, "dedup", one)
        keys = ("pairs", "skipped_recent", "merged")
        return {"users": len(done), **{k: sum(int(r[k]) for r in done) for k in keys}}

    async def run_reflect(self, user_id: str | None = None) -> dict[str, Any]:
        """Save reflections for users due one, then post every saved, unposted one."""
        users = await self.reflector.due(user_id)

        async def one(uid: str) -> dict[str, Any]:
            with llm_scope(user_id=uid, purpose="reflection"):
                post = await self.reflector.compose(uid)
            return {"saved": int(post is not None)}

        done = await self.in_lanes(users, "reflect", one)
        posted = 0
        for post in await self.reflector.unposted(user_id):
            posted += await self._post(post)
        return {"due": len(users), "saved": sum(r["saved"] for r in done), "posted": posted}

    async def _post(self, post: PostRow) -> bool:
        """Send one saved reflection through the bot; whether it reached the user."""
        if self.events is None or not await self.open_for(post.user_id):
            return False
        chat_id = await self.events.reflection_ready(
            Reflection(post.id, post.user_id, post.fact_id, post.text)
        )
        if chat_id is None:
            return False
        await self.reflector.mark_posted(post, chat_id)
        log.info("reflection_posted", user_id=post.user_id, post_id=post.id)
        return True

    async def run_insights(self, user_id: str | None = None) -> dict[str, Any]:
        """Draw insights for users due one (each in their lane); off without a model."""
        if self.insights is None:
            return {"skipped": "no language model (set ANTHROPIC_API_KEY)"}
        insights = self.insights
        users = await insights.due(user_id)

        async def one(uid: str) -> dict[str, Any]:
            with llm_scope(user_id=uid, purpose="insight"):
                saved = await insights.run_user(uid)
            if saved:
                await self.refresh_profile(uid)  # listed under their own heading
            return {"saved": len(saved)}

        done = await self.in_lanes(users, "insights", one)
        return {"due": len(users), "saved": sum(r["saved"] for r in done)}

    async def run_enrich(self, user_id: str | None = None) -> dict[str, Any]:
        """Link entities the model names in recent facts with few (off without a model)."""
        if self.enrichment is None:
            return {"skipped": "no language model (set ANTHROPIC_API_KEY)"}
        enrichment = self.enrichment
        todo = await enrichment.users(user_id)

        async def one(uid: str) -> dict[str, Any]:
            with llm_scope(user_id=uid, purpose="enrichment"):
                return (await enrichment.run_user(uid, todo[uid])).summary()

        done = await self.in_lanes(list(todo), "enrich", one)
        return {
            "users": len(todo),
            "facts": sum(r["facts"] for r in done),
            "linked": sum(r["linked"] for r in done),
        }
