"""The engine's settings: one frozen value the composition root fills from its settings.

Below every part that reads it (search, learning, imports, link codes, jobs), so each part
takes it from its :class:`~memory_core.context.Context` without importing the facade.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import timedelta

from memory_core.categories import DEFAULT_POLICY, CategoryPolicy
from memory_core.values import Fusion


@dataclass(frozen=True, slots=True)
class RetrievalConfig:
    """Knobs of hybrid retrieval (settings, but the BM25 column weights). The episode-only
    ones are chosen by ``membot eval locomo``'s tuning on every development conversation; the
    ones fact search shares keep their seed-000 values (docs/evaluation.md)."""

    top_k_lex: int = 20  # candidates taken from the lexical list
    top_k_vec: int = 20  # candidates taken from the vector list
    signal_window: int = 200  # depth each list is read to score the other list's candidates
    fusion: Fusion = "weighted"
    w_lex: float = 0.45
    w_vec: float = 0.45
    w_rec: float = 0.10  # facts (seed 000)
    w_rec_episodes: float = 0.05  # episodes: recency weight
    w_speaker: float = 0.50  # episodes: the query names who spoke the turn
    w_date: float = 0.60  # episodes: the turn falls in a period the query names
    w_neighbour: float = 0.80  # episodes: × the best base score of an adjacent turn
    w_entity: float = 0.15  # facts: share named entities (people, places, dates…) with the query
    w_related: float = 0.05  # facts: × the strongest relation to another candidate
    # An insight (the bot's impression, not the user's words) ranks below what the user said.
    insight_weight: float = 0.5
    rrf_k: int = 60
    recency_half_life_days: float = 30.0
    dedup_jaccard: float = 0.7
    neighbour_candidates: int = 20  # episodes: the best N candidates bring their adjacent turns
    signal_window_episodes: int = 200  # episodes: ``signal_window`` of episode search
    # bm25 column weights: facts (key, value), episodes (text, preceding turn)
    bm25_fact_weights: tuple[float, float] = (0.5, 1.0)
    bm25_episode_weights: tuple[float, float] = (1.0, 0.0)


@dataclass(frozen=True, slots=True)
class RecallConfig:
    """How much memory one turn reads and injects."""

    budget_tokens: int = 500
    search_k: int = 5
    history_turns: int = 12
    min_inject_confidence: float = 0.2
    #: Related bullets (seed 003 §2): at most this many of a relevant fact's related facts
    #: follow it in the block, when their link is at least this strong.
    related_per_fact: int = 2
    related_min_strength: float = 0.86


@dataclass(frozen=True, slots=True)
class ImportLimits:
    """How big one apply batch may get: whichever bound is reached first ends it."""

    batch_rows: int = 500
    batch_seconds: float = 0.1
    #: After each batch the import rests this many times as long as the batch took: its
    #: thread holds Python's GIL while it works, and a reply needs it too (1.0: the import
    #: uses at most half of the interpreter's time).
    rest_ratio: float = 1.0


@dataclass(frozen=True, slots=True)
class LinkLimits:
    """Lifetimes and limits of link codes (brute force: 31⁸ ≈ 8.5·10¹¹ codes, and at most
    ``global_failures`` wrong tries per ``window`` from everyone together)."""

    code_ttl: timedelta = timedelta(minutes=10)
    #: How long the issuer has to confirm a claimed code.
    confirm_ttl: timedelta = timedelta(minutes=10)
    codes_per_hour: int = 5
    window: timedelta = timedelta(hours=1)
    failures_per_identity: int = 5
    global_failures: int = 200


@dataclass(frozen=True, slots=True)
class MemoryConfig:
    """Engine settings (filled from pydantic settings by the composition root)."""

    retrieval: RetrievalConfig = field(default_factory=RetrievalConfig)
    vector_cache_mb: int = 512
    # Small batches keep each vector-write transaction short (the reply path shares the lock).
    vector_batch: int = 16
    # Added to the nice value of the background threads (learning, vector writes): replies
    # get the CPU first. 0 keeps them at the process's priority.
    background_nice: int = 10
    # Threads for background work: learner lanes, the vector writer, scheduled jobs.
    background_threads: int = 8
    recall: RecallConfig = field(default_factory=RecallConfig)
    # Work another process left (it died) is taken over this long after its last renewal
    # (renewed every third of it): learning jobs, scheduled runs, received updates.
    lease_s: float = 30.0
    # A received update whose answer a process began sending stays that process's this long
    # after the send began (or was last renewed), lease lapsed or not; past it another process
    # takes it over and sends the answer unless the platform accepted it (``store.inbox``).
    send_grace_s: float = 30.0
    # How big one batch of an import's apply may get (rows, seconds): each is one write
    # transaction, so another user's write waits at most about this long behind it.
    import_limits: ImportLimits = field(default_factory=ImportLimits)
    # Context modes and per-consumer allowlists (the shipped file, or an operator's).
    categories: CategoryPolicy = DEFAULT_POLICY
    # Learn from every turn (seed 001's auto-extraction); off: only from what the user asks
    # to be remembered ("/remember …", "remember that …").
    auto_extract: bool = True
    # Inferred facts written per turn at most (what the user plainly said is bounded apart).
    max_facts_per_turn: int = 3
    # On-demand recall (seed 003 §11): at most this share of the last ``on_demand_window``
    # turns may use memory_query (0: the tool is off; 1: no cap).
    on_demand_max_share: float = 0.10
    on_demand_window: int = 200
    # Link codes: lifetimes, codes per hour, failed tries per identity and in all.
    link_limits: LinkLimits = field(default_factory=LinkLimits)
