"""``membot bench telegram``: simulated users chat with the real bot through the fake Bot API.

The whole stack runs in one process on a temporary database with the offline responder: the
fake Bot API server (``bot.devtools.fake_telegram``), python-telegram-bot long polling, the
Telegram adapter, the bot, the observer. Each simulated user sends its messages one after
another, waiting ``think_ms`` after each reply (0 turns the run into a saturation test, where
latency is mostly queueing). Reply latency is measured from the moment an
update is made available to the moment the bot's ``sendMessage`` reaches the fake; the fake
answers at once, so the figure excludes the real Bot API's own latency.
"""

from __future__ import annotations

import asyncio
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rich.table import Table

from adapters.telegram import TelegramAdapter, TelegramConfig
from bot import app as composition
from bot.config import Settings
from memory_core.benchmarks import Percentiles
from memory_core.learn.pipeline import LearnResult

TARGET_P95_MS = 100.0
_CITIES = ("Lyon", "Oslo", "Quito", "Porto", "Kyoto", "Lima", "Turku", "Cork", "Graz", "Perth")
_COLOURS = ("teal", "amber", "violet", "green", "crimson", "navy", "ochre", "silver")
_JOBS = ("nurse", "baker", "pilot", "teacher", "plumber", "chemist", "lawyer", "farmer")
_NAMES = ("Rex", "Mia", "Sam", "Tom", "Ada", "Leo", "Ivy", "Max", "Zoe", "Kai")


def script(user: int, n: int) -> list[str]:
    """``n`` messages for simulated user ``user``: facts, questions about them, small talk.
    Facts never contradict earlier ones (no conflict questions interleave with replies)."""

    def pick(values: tuple[str, ...], k: int = 0) -> str:
        return values[(user + k) % len(values)]

    lines = [
        f"I live in {pick(_CITIES)}.",
        "Hello!",
        f"My favourite colour is {pick(_COLOURS)}.",
        "Where do I live?",
        f"I work as a {pick(_JOBS)}.",
        f"I have a dog called {pick(_NAMES)}.",
        "What is my favourite colour?",
        f"My sister is called {pick(_NAMES, 3)}.",
        "How are you today?",
        "I love sushi.",
        "What is my job?",
        f"My cat is called {pick(_NAMES, 5)}.",
        "I'm vegetarian.",
        "What is my dog called?",
        "I speak Spanish.",
        f"My partner is called {pick(_NAMES, 7)}.",
        "Thanks!",
        "I enjoy hiking on weekends.",
        "Who is my sister?",
        f"I was born in {1970 + user % 30}.",
    ]
    return [lines[i % len(lines)] for i in range(n)]


@dataclass(frozen=True, slots=True)
class TelegramBench:
    """What to run: simulated users, messages each, pause after each reply."""

    users: int = 50
    messages: int = 20
    think_ms: float = 1000.0  # a chatty user: one message a second after each reply
    reply_timeout_s: float = 120.0
    learn_timeout_s: float = 1800.0


@dataclass(slots=True)
class TelegramBenchReport:
    """The figures of one run."""

    bench: TelegramBench
    embedder: str
    turns: int
    replies: int
    unexpected: int
    learned: int
    duration_s: float
    learn_drain_s: float
    latency_ms: list[float] = field(repr=False, default_factory=list)

    @property
    def throughput(self) -> float:
        """Answered turns per second of wall time."""
        return self.replies / self.duration_s if self.duration_s else 0.0

    @property
    def percentiles(self) -> Percentiles:
        """Reply latency p50/p95 in milliseconds."""
        return Percentiles.of(self.latency_ms)

    @property
    def all_delivered(self) -> bool:
        """Every turn got exactly one reply."""
        return self.replies == self.turns and self.unexpected == 0

    @property
    def all_learned(self) -> bool:
        """Every turn went through background learning."""
        return self.learned == self.turns

    @property
    def meets_target(self) -> bool:
        """p95 reply latency within the offline target."""
        return self.percentiles.p95 <= TARGET_P95_MS

    def as_json(self) -> dict[str, Any]:
        """The stable JSON shape of ``membot bench telegram --json``."""
        return {
            "bench": "telegram",
            "users": self.bench.users,
            "messages_per_user": self.bench.messages,
            "think_ms": self.bench.think_ms,
            "embedder": self.embedder,
            "responder": "offline",
            "turns": self.turns,
            "replies_delivered": self.replies,
            "unexpected_messages": self.unexpected,
            "turns_learned": self.learned,
            "all_delivered": self.all_delivered,
            "all_learned": self.all_learned,
            "duration_s": round(self.duration_s, 3),
            "throughput_turns_per_s": round(self.throughput, 2),
            "reply_latency_ms": {
                **self.percentiles.as_json(),
                "max": round(max(self.latency_ms, default=0.0), 3),
            },
            "learn_drain_s": round(self.learn_drain_s, 3),
            "target_p95_ms": TARGET_P95_MS,
            "meets_target": self.meets_target,
        }


async def _user(
    tg: Any, user_id: int, lines: list[str], bench: TelegramBench, latencies: list[float]
) -> int:
    """One simulated user; returns how many replies arrived."""
    user = tg.user(user_id, f"User{user_id}")
    inbox = tg.watch(user_id)
    replies = 0
    for line in lines:
        sent_at = time.perf_counter()
        tg.send_text(user, line)
        arrived_at, _msg = await asyncio.wait_for(inbox.get(), bench.reply_timeout_s)
        latencies.append((arrived_at - sent_at) * 1000)
        replies += 1
        if bench.think_ms:
            await asyncio.sleep(bench.think_ms / 1000)
    return replies


async def run_telegram_bench(
    bench: TelegramBench,
    settings: Settings,
    *,
    workdir: Path | None = None,
    progress: Callable[[str], None] = lambda _msg: None,
) -> TelegramBenchReport:
    """Run the simulation on a temporary database and report the figures."""
    from bot.devtools.fake_telegram import FakeTelegram  # aiohttp: a development dependency

    settings = settings.model_copy(update={"anthropic_api_key": None})
    with tempfile.TemporaryDirectory(dir=workdir, prefix="membot-bench-tg-") as tmp:
        progress("loading the embedder")
        runtime = composition.build_runtime(settings, db=Path(tmp) / "bench.db")
        learned: set[str] = set()
        notify = runtime.observer.on_result

        async def count(result: LearnResult) -> None:
            learned.add(result.turn_id)
            if notify is not None:
                await notify(result)

        runtime.observer.on_result = count
        embedder = runtime.memory.embedder
        async with FakeTelegram() as tg:
            adapter = TelegramAdapter(
                runtime.bot,
                TelegramConfig(
                    token=tg.token,
                    base_url=tg.base_url,
                    base_file_url=tg.base_file_url,
                    poll_timeout=10,
                ),
            )
            runtime.bot.outbound[adapter.platform] = adapter
            await runtime.start()
            await adapter.start()
            try:
                progress(f"{bench.users} users × {bench.messages} messages")
                latencies: list[float] = []
                started = time.perf_counter()
                counts = await asyncio.gather(
                    *(
                        _user(tg, 1000 + i, script(i, bench.messages), bench, latencies)
                        for i in range(bench.users)
                    )
                )
                duration = time.perf_counter() - started
                progress("waiting for background learning")
                drain_start = time.perf_counter()
                await runtime.observer.drain(timeout=bench.learn_timeout_s)
                learn_drain = time.perf_counter() - drain_start
            finally:
                await adapter.stop()
                await runtime.stop()
            turns = bench.users * bench.messages
            total = len(tg.sent())
    return TelegramBenchReport(
        bench=bench,
        embedder=getattr(embedder, "model_id", None) or "none",
        turns=turns,
        replies=sum(counts),
        unexpected=total - sum(counts),
        learned=len(learned),
        duration_s=duration,
        learn_drain_s=learn_drain,
        latency_ms=latencies,
    )


def report_table(report: TelegramBenchReport) -> Table:
    """The figures as a rich table (the CLI's human-readable output)."""
    f = report.as_json()
    latency = f["reply_latency_ms"]
    table = Table(
        title=f"membot bench telegram ({f['users']} users × {f['messages_per_user']} messages)",
        caption=(
            f"offline responder, embedder {f['embedder']}, {f['think_ms']:g} ms pause after each "
            "reply; latency = update available → sendMessage received by the fake Bot API "
            "(which answers at once and shares this process)"
        ),
    )
    table.add_column("figure")
    table.add_column("value", justify="right")

    def verdict(ok: bool) -> str:
        return "[green]yes[/green]" if ok else "[red]no[/red]"

    table.add_row("turns", str(f["turns"]))
    table.add_row(
        "replies delivered", f"{f['replies_delivered']} ({verdict(report.all_delivered)})"
    )
    table.add_row("turns learned", f"{f['turns_learned']} ({verdict(report.all_learned)})")
    table.add_row("wall time s", f"{f['duration_s']:.2f}")
    table.add_row("throughput turns/s", f"{f['throughput_turns_per_s']:.1f}")
    table.add_row("reply latency p50 / p95 ms", f"{latency['p50']:.1f} / {latency['p95']:.1f}")
    table.add_row("reply latency max ms", f"{latency['max']:.1f}")
    table.add_row("learning backlog drained in s", f"{f['learn_drain_s']:.2f}")
    met = "[green]met[/green]" if report.meets_target else "[red]missed[/red]"
    table.add_row("target: p95 ms", f"≤ {TARGET_P95_MS:g}: {met}")
    return table
