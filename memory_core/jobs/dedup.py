"""The daily dedup worker (seed 003 §4): find near-duplicate facts, have them judged, merge.

Candidate pool per user: active facts updated in the last 72 h, of importance ≥ 3, or in the
top decile of retrievals. Each pool fact's nearest neighbours in a similarity band (cosine on
the stored vectors; Jaccard when vectors are off) that share a word or a number become pairs;
a pair's fingerprint ``(id_a, id_b, round(score, 2))`` keeps it from being rechecked for 14
days. Pairs are judged in batches (LLM, or the rules arbiter offline), at most
``pairs_per_user`` a day; the same fact is merged into the better copy with a history row.
Two attributes of one person or animal ("… son is named Leo" / "… son Leo is 7") and two
sentences whose numbers differ are never a pair, whatever a judge would say.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import timedelta
from typing import TYPE_CHECKING, Protocol

import structlog
from sqlalchemy import Connection

from memory_core.clock import to_ts
from memory_core.learn.arbitrate import NEAR_DUPLICATE_JACCARD, normalise_value
from memory_core.runtime.executors import Lane
from memory_core.store import dedup_pairs as repo
from memory_core.store import events as event_log
from memory_core.store import facts as fact_repo
from memory_core.store.fts import jaccard, named_apart, tokens, told_apart
from memory_core.values import Fact, SearchFilters, Status

if TYPE_CHECKING:
    from memory_core.context import Context

log = structlog.get_logger("memory_core.jobs.dedup")
_DIGITS = re.compile(r"\d")


@dataclass(frozen=True, slots=True)
class DedupConfig:
    """The similarity band, pool rules and per-user caps."""

    min_similarity: float = 0.92
    min_jaccard: float = 0.5
    pairs_per_user: int = 50
    batch: int = 8
    recheck_days: int = 14
    recent_hours: int = 72
    max_age_days: int = 90
    max_users: int = 200
    pool_size: int = 100
    neighbours: int = 5


@dataclass(frozen=True, slots=True)
class Pair:
    """Two facts of one user that may state the same thing, and how similar they are."""

    a: Fact
    b: Fact
    score: float

    @property
    def fingerprint(self) -> str:
        """A stable hash of (smaller id, larger id, score rounded to 2 places)."""
        lo, hi = sorted((self.a.id, self.b.id))
        raw = f"{lo}:{hi}:{round(self.score, 2):.2f}"
        return hashlib.sha256(raw.encode()).hexdigest()[:24]


class PairJudge(Protocol):
    """Decides, for a batch of pairs, which state the same fact."""

    async def same(self, pairs: Sequence[Pair]) -> list[bool]:
        """One verdict per pair, in order."""
        ...


class RulesJudge:
    """The offline judge: the rules arbiter's notion of a near duplicate."""

    async def same(self, pairs: Sequence[Pair]) -> list[bool]:
        """Same when the values are equal once normalised, or overlap ≥ 0.75 (Jaccard) — but
        never two facts their keys name apart ("Kofi is one of the user's sons." and "Jo is
        …": alike in every word but the name, two sons)."""
        out = []
        for p in pairs:
            a, b = tokens(p.a.value_text), tokens(p.b.value_text)
            alike = (
                normalise_value(p.a.value_text) == normalise_value(p.b.value_text)
                or jaccard(a, b) >= NEAR_DUPLICATE_JACCARD
            )
            out.append(alike and not named_apart(p.a.key, a, p.b.key, b))
        return out


@dataclass(slots=True)
class DedupReport:
    """What a dedup run did."""

    users: int = 0
    pairs: int = 0
    skipped_recent: int = 0
    merged: int = 0

    def summary(self) -> dict[str, int]:
        """Counts only (log-safe)."""
        return {
            "users": self.users,
            "pairs": self.pairs,
            "skipped_recent": self.skipped_recent,
            "merged": self.merged,
        }


def _related_enough(a: Fact, b: Fact) -> bool:
    """Seed 003's pre-filter: lexical overlap or a numeric step."""
    if jaccard(tokens(a.value_text), tokens(b.value_text)) > 0:
        return True
    return bool(_DIGITS.search(a.value_text) and _DIGITS.search(b.value_text))


def _keeper(a: Fact, b: Fact) -> tuple[Fact, Fact]:
    """(keeper, merged away): pinned first, then more confident, more mentioned, older."""
    ranked = sorted((a, b), key=lambda f: (not f.pinned, -f.confidence, -f.mention_count, f.id))
    return ranked[0], ranked[1]


class Deduplicator:
    """Runs the daily dedup for every user with candidates (or one)."""

    def __init__(self, ctx: Context, judge: PairJudge, config: DedupConfig | None = None):
        self.ctx = ctx
        self.judge = judge
        self.config = config or DedupConfig()

    async def users(self, user_id: str | None = None) -> list[str]:
        """Users whose pool is not empty."""
        since = self.ctx.clock.now() - timedelta(hours=self.config.recent_hours)
        return await self.ctx.lanes.read(
            Lane.BACKGROUND, repo.users_with_candidates, since, self.config.max_users, user_id
        )

    async def run_user(self, user_id: str) -> DedupReport:
        """Check and merge one user's candidate pairs (bounded by ``pairs_per_user``)."""
        report = DedupReport(users=1)
        pairs, skipped = await self.ctx.lanes.run(Lane.BACKGROUND, self._pairs, user_id)
        report.skipped_recent = skipped
        size = max(1, self.config.batch)
        for start in range(0, len(pairs), size):
            batch = pairs[start : start + size]
            verdicts = await self.judge.same(batch)
            if len(verdicts) != len(batch):
                raise ValueError("the pair judge must return one verdict per pair")
            report.pairs += len(batch)
            report.merged += await self.ctx.lanes.run(
                Lane.BACKGROUND, self._merge, user_id, batch, verdicts
            )
        if report.merged and self.ctx.vectors.enabled:
            await self.ctx.vectors.settle()
        log.info("dedup_user_done", user_id=user_id, **report.summary())
        return report

    def _pairs(self, user_id: str) -> tuple[list[Pair], int]:
        cfg = self.config
        now = self.ctx.clock.now()
        filters = SearchFilters(
            statuses=(Status.ACTIVE,), updated_after=now - timedelta(days=cfg.max_age_days)
        )
        found: dict[tuple[int, int], Pair] = {}
        with self.ctx.db.read() as conn:
            listed = fact_repo.list_facts(conn, user_id, filters, limit=2000)
            facts = [f for f in listed if f.kind == "fact"]
            by_id = {f.id: f for f in facts}
            decile = repo.access_decile(conn, user_id)
            recent = now - timedelta(hours=cfg.recent_hours)
            pool = [
                f
                for f in facts
                if f.updated_at >= recent or f.importance >= 3 or f.access_count >= decile
            ][: cfg.pool_size]
            for fact in pool:
                for other_id, score in self._neighbours(conn, user_id, fact, facts):
                    other = by_id.get(other_id)
                    if other is None or other.id == fact.id or not _related_enough(fact, other):
                        continue
                    if told_apart(fact.key, fact.value_text, other.key, other.value_text):
                        continue
                    key = (min(fact.id, other.id), max(fact.id, other.id))
                    found.setdefault(key, Pair(fact, other, score))
            fresh_since = now - timedelta(days=cfg.recheck_days)
            checked = repo.recently_checked(
                conn, user_id, (p.fingerprint for p in found.values()), fresh_since
            )
        pairs = [p for p in found.values() if p.fingerprint not in checked]
        pairs.sort(key=lambda p: -p.score)
        return pairs[: cfg.pairs_per_user], len(found) - len(pairs)

    def _neighbours(
        self, conn: Connection, user_id: str, fact: Fact, facts: Sequence[Fact]
    ) -> list[tuple[int, float]]:
        cfg = self.config
        if self.ctx.vectors.enabled:
            vector = repo.fact_vector(conn, fact.id)
            if vector is not None:
                near = self.ctx.vectors.cache.knn(
                    conn, user_id, "facts", vector, cfg.neighbours + 1
                )
                return [(i, s) for i, s in near if s >= cfg.min_similarity]
        mine = tokens(fact.value_text)
        return [
            (other.id, score)
            for other in facts
            if other.id != fact.id
            and (score := jaccard(mine, tokens(other.value_text))) >= cfg.min_jaccard
        ]

    def _merge(self, user_id: str, pairs: Sequence[Pair], verdicts: Sequence[bool]) -> int:
        now = self.ctx.clock.now()
        merged = 0
        events: list[event_log.Event] = []
        with self.ctx.db.write(users=[user_id]) as conn:
            ids = sorted({f.id for p in pairs for f in (p.a, p.b)})
            current = fact_repo.get_many(conn, user_id, ids)
            # Only pairs whose facts still exist are recorded: after a /forgetme during the
            # run (or a purge), nothing of the user is written back.
            checks = [
                (p.fingerprint, same)
                for p, same in zip(pairs, verdicts, strict=True)
                if p.a.id in current and p.b.id in current
            ]
            repo.record_checks(conn, user_id, checks, now)
            for pair, same in zip(pairs, verdicts, strict=True):
                if not same:
                    continue
                a, b = current.get(pair.a.id), current.get(pair.b.id)
                if a is None or b is None or a.status != Status.ACTIVE or b.status != Status.ACTIVE:
                    continue  # one of them changed since the pair was built
                keeper, gone = _keeper(a, b)
                gone_after = fact_repo.transition(
                    conn,
                    user_id,
                    gone,
                    now,
                    event="merged",
                    actor="dedup",
                    reason=f"merged into #{keeper.id}",
                    bump=False,
                    status=Status.SUPERSEDED,
                    valid_to=now,
                )
                fact_repo.transition(
                    conn,
                    user_id,
                    keeper,
                    now,
                    event="merged",
                    actor="dedup",
                    reason=f"merged #{gone.id} into it",
                    summary=f"Combined 2 notes: {keeper.value_text}",
                    confidence=max(a.confidence, b.confidence),
                    mention_count=a.mention_count + b.mention_count,
                    access_count=a.access_count + b.access_count,
                    last_mentioned_at=max(a.last_mentioned_at, b.last_mentioned_at),
                    importance=max(a.importance, b.importance),
                    pinned=a.pinned or b.pinned,
                )
                self.ctx.vectors.queue_fact(conn, gone_after)
                merged += 1
                events.append(
                    event_log.Event(
                        "worker",
                        "merge",
                        user_id=user_id,
                        memory_id=keeper.id,
                        category=keeper.category.value,
                        sim=round(pair.score, 4),
                    )
                )
            event_log.add(conn, events, to_ts(now))
        return merged
