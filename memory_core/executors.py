"""The thread lanes blocking memory work runs on: the reply path's and the background's.

Replies and background learning share a small machine. Each gets its own threads, so
learning can never occupy the threads a reply needs, and background threads run at a lower
OS scheduling priority (a higher nice value), so an embedding done for learning yields the
CPU to one done for a reply. On a 2-core machine under load that is most of a reply's tail:
measured with ``membot bench telegram``, see docs/evaluation.md.
"""

from __future__ import annotations

import asyncio
import os
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from enum import Enum
from functools import partial
from typing import ParamSpec, TypeVar

import structlog

log = structlog.get_logger("memory_core")

T = TypeVar("T")
P = ParamSpec("P")

_thread = threading.local()


def on_background_thread() -> bool:
    """Whether the caller runs on a background thread (work for learning, not for a reply)."""
    return getattr(_thread, "background", False)


def _start_background_thread(nice: int) -> None:
    _thread.background = True
    lower_thread_priority(nice)


def lower_thread_priority(nice: int) -> bool:
    """Add ``nice`` to the calling thread's nice value (Linux keeps one per thread).

    Returns whether it took effect; elsewhere (or when refused) the thread keeps its
    priority, which only costs latency under load.
    """
    if nice <= 0 or not hasattr(os, "setpriority"):
        return False
    tid = threading.get_native_id()
    try:
        current = os.getpriority(os.PRIO_PROCESS, tid)
        os.setpriority(os.PRIO_PROCESS, tid, min(19, current + nice))
    except OSError as exc:
        log.warning("thread_priority_unchanged", nice=nice, error=str(exc))
        return False
    return True


class Lane(Enum):
    """Which threads a piece of blocking memory work runs on: chosen by what it serves."""

    #: A user is waiting: recall, commands and button presses answering them.
    REPLY = "reply"
    #: Nobody is waiting: learning, scheduled jobs, vector writes (lower priority).
    BACKGROUND = "background"


class Executors:
    """One thread pool per lane: ``run(lane, fn, ...)`` is how async code runs store work."""

    def __init__(self, *, reply_workers: int = 4, background_workers: int = 8, nice: int = 10):
        self._pools = {
            Lane.REPLY: ThreadPoolExecutor(
                max_workers=reply_workers, thread_name_prefix="membot-reply"
            ),
            Lane.BACKGROUND: ThreadPoolExecutor(
                max_workers=background_workers,
                thread_name_prefix="membot-bg",
                initializer=_start_background_thread,
                initargs=(nice,),
            ),
        }

    async def run(self, lane: Lane, fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> T:
        """Run blocking ``fn(*args, **kwargs)`` on ``lane``'s threads and await its result."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._pools[lane], partial(fn, *args, **kwargs))

    def shutdown(self) -> None:
        """Wait for running work, then release the threads."""
        for pool in self._pools.values():
            pool.shutdown(wait=True)
