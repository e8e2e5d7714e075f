"""Search on the calling thread: the one body behind ``Memory.search``.

``Memory.search`` runs it on a reply thread; code already on a worker thread (recall,
learning, consolidation, benchmarks, evaluation) calls it directly. The query is cleaned and
embedded here (lexical only while vectors are off or the embedder fails); ranking is
``retrieve.search``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from memory_core.embed import Vectors
from memory_core.read import retrieve
from memory_core.read.answer import relevance
from memory_core.store import facts as fact_repo
from memory_core.text.cleaning import clean_query
from memory_core.values import ItemKind, SearchFilters, SearchHit, SearchMode

if TYPE_CHECKING:
    from memory_core.context import Context


#: A question's search reads this many times ``k`` deep (the first ``k`` are the same).
DEEPER = 2
#: At most this many memories from below the first ``k`` take a place among them.
MOST_FROM_DEEPER = 2


def _deeper_answers(hits: list[SearchHit], k: int) -> list[SearchHit]:
    """The first ``k`` hits, where a deeper one answers better than every one of them
    (``answer.relevance``: its similarity and its area of life) taking the place of the
    least relevant. A slot told in another language is stored in English ("¿Cuál es mi
    oficio?" is 0.83 similar to "job title: Soy fontanera.", 0.84–0.85 to every
    other note of the same user in Spanish): it fell below the first eight, where its area
    would have made it the answer."""
    first, rest = hits[:k], hits[k:]
    if not rest or not first:
        return first
    best = max(relevance(h) for h in first)
    better = sorted((h for h in rest if relevance(h) > best), key=relevance, reverse=True)
    better = better[: min(MOST_FROM_DEEPER, len(first))]
    if not better:
        return first
    dropped = {id(h) for h in sorted(first, key=relevance)[: len(better)]}
    return [*(h for h in first if id(h) not in dropped), *better]


def _key_words(key: str) -> str:
    """A fact key's words ("family.mother.job" → "family mother job")."""
    return key.replace(".", " ").replace("_", " ")


def search_on_thread(
    ctx: Context,
    user_id: str,
    query: str,
    *,
    k: int = 10,
    mode: SearchMode = "hybrid",
    kind: ItemKind = "facts",
    filters: SearchFilters | None = None,
    touch: bool = False,
    query_vec: Vectors | None = None,
    topics: bool = False,
) -> list[SearchHit]:
    """``Memory.search`` for code already on a worker thread (recall, learning, jobs,
    benchmarks, evaluation); ``query_vec`` skips embedding the query; ``topics`` measures
    each fact hit's agreement with the query on areas of life (what answering a question
    weighs, ``SearchHit.topic`` and ``topic_words``)."""
    filters = filters or SearchFilters()
    query = clean_query(query)
    if k <= 0 or not query.strip():
        return []
    if query_vec is None and mode != "lexical":
        query_vec = ctx.vectors.embed_query(query)
    if query_vec is None and mode == "vector":
        return []
    deeper = topics and kind == "facts" and query_vec is not None
    with ctx.db.read() as conn:
        hits = retrieve.search(
            conn,
            ctx.vectors.cache,
            user_id,
            query,
            k=k * DEEPER if deeper else k,
            mode=mode,
            kind=kind,
            filters=filters,
            query_vec=query_vec,
            now=ctx.clock.now(),
            config=ctx.config.retrieval,
        )
        if topics and kind == "facts" and query_vec is not None and hits:
            keys = {h.id: h.fact.key for h in hits if h.fact is not None}
            texts = {h.id: f"{h.text} {_key_words(keys.get(h.id, ''))}" for h in hits}
            ids = [h.id for h in hits]
            agree = ctx.vectors.topics(conn, user_id, query_vec, ids, keys, texts, query)
            hits = [
                replace(h, topic=agree[h.id][0], topic_words=agree[h.id][1]) if h.id in agree else h
                for h in hits
            ]
        if deeper:
            hits = _deeper_answers(hits, k)
    if touch and kind == "facts" and hits:
        with ctx.db.write(users=[user_id]) as conn:
            fact_repo.touch_accessed(conn, user_id, [h.id for h in hits], ctx.clock.now())
    return hits
