"""A question only a faded memory answers: it is answered, and the memory comes back by use.

Seed 003 §7 fades a fact unused for months (of low importance, not of a kind that never fades)
and a faded fact leaves search — its words and its vector leave the indexes. Told once and
asked weeks later, the user then heard "I don't know that yet" (the seventh blind walk: a
librarian's home, her tea and her crossword, asked on day 88). Fading declutters the prompt and
the profile; it must not make the bot forget what it was told.

So when a question's search finds no answer among the user's memories, their faded facts are
read (the most recently faded ``MOST_FADED``), embedded on the spot (no vector is stored for
them), and judged with the same calibrated answer score (``answer.answering``) beside the
question's other hits. Those that answer are restored — active again, used now, history
"restored" by the system, "restored by use" — and returned as the question's hits, so every
reply path (the offline answer, the model's memory block, every platform) reads them.

Never: another user's (read by user id), one the user asked to forget (a forgotten fact has no
``faded_at``), one whose key holds a value told since (an active or pending fact with the same
key: the faded one was replaced), a value "only for now" whose time ran out while it was
faded (its end before the fade is in its history), a category the reader may not see, and in
a group nothing private (``disclosure.is_private``: health, finance, secrets, impressions).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import replace
from datetime import datetime
from typing import TYPE_CHECKING, Any

import numpy as np
import structlog
from sqlalchemy import Connection

from memory_core.embed import Vectors
from memory_core.read import entities
from memory_core.read.answer import about_the_world, answering
from memory_core.read.disclosure import is_private
from memory_core.store import facts as fact_repo
from memory_core.store.vectors import fact_vector_text
from memory_core.text.cleaning import clean_query
from memory_core.values import RETRIEVABLE, Category, Fact, SearchHit, Status
from memory_core.vectors.own_words import own_words

if TYPE_CHECKING:
    from memory_core.context import Context

log = structlog.get_logger("memory_core.read.faded")

#: At most this many faded facts are read for one question (the most recently faded first;
#: a faded fact is purged after 180 days). Embedding them costs ~8 ms each on 2 cores, paid
#: only once per memory (``VectorIndex.embed_passages`` keeps them), by a question nothing else
#: answers, of a user who has faded memories.
MOST_FADED = 24
#: The history's reason for a fact brought back by a question.
RESTORED_BY_USE = "restored by use: asked about after it faded"


def restorable(
    faded: Sequence[Fact],
    *,
    current_keys: Collection[str],
    group: bool,
    excluded: Collection[Category] = (),
) -> list[Fact]:
    """The faded facts a question may be answered with (pure): faded, not forgotten; no
    value told since under the same key; not of an ``excluded`` category; nothing private
    in a group."""
    return [
        f
        for f in faded
        if f.faded
        and f.kind == "fact"
        and f.key not in current_keys
        and f.category not in excluded
        and not (group and is_private(f))
    ]


def answer_from_faded(
    ctx: Context,
    user_id: str,
    question: str,
    hits: Sequence[SearchHit],
    *,
    group: bool,
    excluded: Collection[Category] = (),
) -> list[SearchHit]:
    """The user's faded facts that answer ``question`` when none of ``hits`` (the question's
    search, the memories it may be answered with) does, restored by use; empty: none."""
    if about_the_world(question, hits):
        return []
    now = ctx.clock.now()
    with ctx.db.read() as conn:
        faded = fact_repo.faded(conn, user_id, MOST_FADED)
        if not faded:
            return []
        current = fact_repo.by_keys(conn, user_id, [f.key for f in faded], RETRIEVABLE)
        candidates = restorable(
            faded, current_keys={f.key for f in current}, group=group, excluded=excluded
        )
        # Fading ended its validity: what it was before says whether it still holds.
        until = {f.id: valid_until(conn, user_id, f) for f in candidates}
    # A value "only for now" whose time ran out while it was faded is no answer.
    candidates = [f for f in candidates if (end := until[f.id]) is None or end > now]
    if not candidates:
        return []
    query_vec = ctx.vectors.embed_query(clean_query(question))
    texts = [
        fact_vector_text(f.key, own_words(f.value_text, f.source_excerpt or "") or f.value_text)
        for f in candidates
    ]
    vectors = ctx.vectors.embed_passages(texts)
    if query_vec is None or vectors is None:
        return []  # by words alone a faded memory is not judged: it is left faded
    sims = _cosines(np.asarray(vectors, dtype=np.float32), np.asarray(query_vec, np.float32))
    ids = [f.id for f in candidates]
    with ctx.db.read() as conn:
        agree = ctx.vectors.topics(
            conn,
            user_id,
            query_vec,
            ids,
            {f.id: f.key for f in candidates},
            {
                f.id: f"{f.value_text} {f.key.replace('.', ' ').replace('_', ' ')}"
                for f in candidates
            },
            question,
            vectors={f.id: vectors[i] for i, f in enumerate(candidates)},
        )
    mine = [
        SearchHit(
            "facts",
            f.id,
            f.value_text,
            float(sims[i]),
            0.0,
            float(sims[i]),
            0.0,
            fact=f,
            topic=agree.get(f.id, (0.0, 0.0))[0],
            topic_words=agree.get(f.id, (0.0, 0.0))[1],
        )
        for i, f in enumerate(candidates)
    ]
    chosen = [h for h in answering([*hits, *mine], question=question) if h.id in set(ids)]
    if not chosen:
        return []
    back = _restore(ctx, user_id, [h.id for h in chosen])
    return [replace(h, fact=back[h.id]) for h in chosen if h.id in back]


def _cosines(vectors: Vectors, query: Vectors) -> Vectors:
    """Each row's cosine similarity to ``query``."""
    norms = np.linalg.norm(vectors, axis=1) * (np.linalg.norm(query) or 1.0)
    out: Vectors = ((vectors @ query) / np.where(norms > 0, norms, 1.0)).astype(np.float32)
    return out


def valid_until(conn: Connection, user_id: str, fact: Fact) -> datetime | None:
    """When a faded fact's validity ended before it faded (``None``: open-ended): fading
    sets ``valid_to`` to its day, so the history's state before the fade says it."""
    faded = [e for e in fact_repo.history(conn, user_id, fact_id=fact.id) if e.event == "faded"]
    before = faded[-1].before if faded else None
    end = (before or {}).get("valid_to")
    return datetime.fromisoformat(end) if isinstance(end, str) else None


def restore(
    ctx: Context,
    conn: Connection,
    user_id: str,
    before: Fact,
    *,
    actor: str,
    reason: str,
    **changes: Any,
) -> Fact:
    """One faded fact back, in the caller's transaction — the one transition a restore is, by
    use or by the user's ``/restore``: active, used now, no purge date, valid as long as
    before it faded, linked again to the entities fading unlinked ("who is Moira?" missed a
    restored fact), its vector queued; ``changes``: what else the path changes."""
    now = ctx.clock.now()
    after = fact_repo.transition(
        conn,
        user_id,
        before,
        now,
        event="restored",
        actor=actor,
        reason=reason,
        status=Status.ACTIVE,
        valid_to=valid_until(conn, user_id, before),
        deleted_at=None,
        last_accessed_at=now,
        **changes,
    )
    entities.link_fact(conn, user_id, after)
    ctx.vectors.queue_fact(conn, after)
    return after


def _restore(ctx: Context, user_id: str, ids: Collection[int]) -> dict[int, Fact]:
    """Bring faded facts back by use (one transaction); their decay is untouched (used again,
    they stay; unused for months, they fade again)."""
    back: dict[int, Fact] = {}
    with ctx.db.write(users=[user_id]) as conn:
        for fact_id in ids:
            before = fact_repo.get(conn, user_id, fact_id)
            if before is None or not before.faded:
                continue  # restored, forgotten or purged meanwhile
            back[fact_id] = restore(
                ctx,
                conn,
                user_id,
                before,
                actor="system",
                reason=RESTORED_BY_USE,
                access_count=before.access_count + 1,
            )
    if back:
        log.info("faded_restored_by_use", user_id=user_id, facts=len(back))
    return back
