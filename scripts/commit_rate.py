"""How many turns per second one database commits, from 1..N processes at once.

    python scripts/commit_rate.py postgresql://…/postgres 1,2,3 [seconds]

Each process opens the bot's memory on a scratch database (made on that server, dropped at the
end; an SQLite file when the URL is ``sqlite``) and commits turns as fast as it can through the
observer's hot path — the write a reply waits for — for ``seconds``; learning is not started.
Every write of every process takes the database-wide writer lock, so the total rate is the
ceiling the lock puts on turns, whatever the number of replicas (on this machine the
processes also share two cores with the server).
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path


def _worker(db: str, index: int, seconds: float, out: multiprocessing.Queue) -> None:  # type: ignore[type-arg]
    from memory_core.clock import ManualClock
    from memory_core.extract.rules import RulesExtractor
    from memory_core.learn.arbitrate import RulesAuditor
    from memory_core.learn.observer import Observer, Turn
    from memory_core.learn.pipeline import Learner
    from memory_core.memory import Memory

    async def run() -> tuple[int, list[float]]:
        clock = ManualClock(datetime(2026, 1, 1, tzinfo=UTC))
        memory = Memory.open(db, None, clock=clock)
        observer = Observer(Learner(memory, RulesExtractor(), RulesAuditor()))
        times: list[float] = []
        n = 0
        end = time.perf_counter() + seconds
        while time.perf_counter() < end:
            turn = Turn(
                f"p{index}-{n}",
                f"bench:{index}:{n % 50}",
                f"c{n % 50}",
                f"I live in Porto and my dog is called Rex ({n})",
                clock.now(),
                assistant_text="Noted.",
            )
            t0 = time.perf_counter()
            await observer.observe(turn)
            times.append((time.perf_counter() - t0) * 1000)
            n += 1
        memory.close()
        return n, times

    out.put(asyncio.run(run()))


def main() -> None:
    url, counts = sys.argv[1], [int(x) for x in sys.argv[2].split(",")]
    seconds = float(sys.argv[3]) if len(sys.argv) > 3 else 10.0
    from memory_core.db.maintenance import pg_scratch_database

    for k in counts:
        with tempfile.TemporaryDirectory() as tmp:
            if url == "sqlite":
                ctx: object = None
                db = str(Path(tmp) / "rate.db")
                from memory_core.memory import Memory

                Memory.open(db, None).close()  # migrated before the race
            else:
                ctx = pg_scratch_database(url, f"membot_rate_{os.getpid()}_{k}")
                db = ctx.__enter__()  # type: ignore[attr-defined]
                from memory_core.memory import Memory

                Memory.open(db, None).close()
            try:
                out: multiprocessing.Queue = multiprocessing.Queue()  # type: ignore[type-arg]
                procs = [
                    multiprocessing.Process(target=_worker, args=(db, i, seconds, out))
                    for i in range(k)
                ]
                for p in procs:
                    p.start()
                results = [out.get() for _ in procs]
                for p in procs:
                    p.join()
            finally:
                if ctx is not None:
                    ctx.__exit__(None, None, None)  # type: ignore[attr-defined]
        total = sum(n for n, _ in results)
        every = sorted(t for _, ts in results for t in ts)
        p50 = every[len(every) // 2]
        p95 = every[int(len(every) * 0.95)]
        print(
            f"{k} process(es): {total / seconds:7.1f} turns committed/s, "
            f"commit p50 {p50:.2f} ms, p95 {p95:.2f} ms"
        )


if __name__ == "__main__":
    main()
