"""Simulated Telegram users and the fake Bot API they talk through, in a process of their own.

``membot bench telegram`` starts this module as a child process, so the server and the
simulated users do not share the bot's interpreter (its GIL and event loop), as Telegram and
its users never would; they still share the machine's cores. One JSON object per line:

    child → {"token": …, "base_url": …, "base_file_url": …,     the server listens (and the
             "anthropic_base_url": … or null}                   fake Messages API, if asked)
    parent → "go"                                               the bot is polling (or the
                                                                replicas listen)
    child → {"sample": k, "latency_ms": [...]}                  soak only: each interval
    child → {"latency_ms": [...], "replies": N}                 every user got every reply
    parent → "stop"                                             the bot has stopped
    child → {"sent_total": N, "llm": {…} or null,              all it sent, then it exits
             "webhooks": {…} or null}

With ``--minutes M`` (a soak) each user goes round its script until M minutes have passed,
and every ``--sample-s`` seconds (60) the child reports that interval's turns and reply
latency percentiles, so the parent can watch for drift. Lines can be long (every latency of a
run): the parent reads them with a raised stream limit.

Reply latency is measured from the moment an update is made available to the moment the
bot's ``sendMessage`` reaches the fake, which answers at once. With ``--llm-delay-ms`` the
process also serves a fake Anthropic Messages API (``devtools.fake_anthropic``) that answers
every call with a short text after that fixed delay and models prompt caching (1,024-token
minimum, as for Sonnet models); its call count and cache hit rate come with ``sent_total``.

With ``--webhook-targets URL,URL,…`` (the replicas' webhook URLs, ``membot bench telegram
--replicas N``) the fake plays Telegram in front of a load balancer (``FakeTelegram.balance``):
once a replica has registered its webhook (``setWebhook``), updates are spread over the
targets (``--spread``, ``--seed``), several in flight at once, a failed request retried on the
next target, and ``--redeliver`` (a fraction) of them sent twice on purpose. The final line
then counts the webhook requests, the failed ones, the redelivered and the given-up updates.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
import time
from dataclasses import dataclass
from typing import Any

from devtools.fake_anthropic import FakeAnthropic
from devtools.fake_telegram import FakeTelegram

#: What the fake model answers every call with in the benchmark.
LLM_REPLY = "Sure — I'll keep that in mind."
#: The service's smallest cacheable prefix for Sonnet models.
MIN_CACHE_TOKENS = 1024

_CITIES = ("Lyon", "Oslo", "Quito", "Porto", "Kyoto", "Lima", "Turku", "Cork", "Graz", "Perth")
_COLOURS = ("teal", "amber", "violet", "green", "crimson", "navy", "ochre", "silver")
_JOBS = ("nurse", "baker", "pilot", "teacher", "plumber", "chemist", "lawyer", "farmer")
_NAMES = ("Rex", "Mia", "Sam", "Tom", "Ada", "Leo", "Ivy", "Max", "Zoe", "Kai")
FIRST_USER_ID = 1000


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
class Load:
    """Simulated users, messages each, the mean pause after each reply, the reply timeout."""

    users: int
    messages: int
    think_ms: float
    reply_timeout_s: float
    llm_delay_ms: float | None = None
    #: Soak: run for this long (messages cycle through the script) instead of a fixed count.
    minutes: float | None = None
    sample_s: float = 60.0

    def going(self, started: float) -> bool:
        """Whether a soak still runs (a fixed-count run ends on its own)."""
        return self.minutes is None or time.perf_counter() - started < self.minutes * 60


async def _user(
    tg: FakeTelegram, n: int, load: Load, latencies: list[float], started: float
) -> int:
    """Simulated user ``n``; returns how many replies arrived.

    Users start at random moments within one pause and each pause is drawn uniformly from
    0.5-1.5 × ``think_ms`` (seeded per user): people do not type in lock-step, and users
    that did would arrive in bursts of ``users`` messages at once.
    """
    user_id = FIRST_USER_ID + n
    rng = random.Random(user_id)
    pause_s = load.think_ms / 1000
    user = tg.user(user_id, f"User{user_id}")
    inbox = tg.watch(user_id)
    replies = 0
    await asyncio.sleep(rng.uniform(0, pause_s))
    lines = script(n, load.messages)
    i = 0
    while i < len(lines) or load.minutes is not None:
        if not load.going(started):
            break
        line = lines[i % len(lines)]
        i += 1
        sent_at = time.perf_counter()
        tg.send_text(user, line)
        arrived_at, _msg = await asyncio.wait_for(inbox.get(), load.reply_timeout_s)
        latencies.append((arrived_at - sent_at) * 1000)
        replies += 1
        if pause_s:
            await asyncio.sleep(rng.uniform(0.5, 1.5) * pause_s)
    return replies


async def simulate(tg: FakeTelegram, load: Load) -> dict[str, Any]:
    """Run every simulated user to the end; their reply latencies and reply count (a soak
    also reports each sampling interval as it ends)."""
    latencies: list[float] = []
    started = time.perf_counter()
    users = asyncio.gather(*(_user(tg, i, load, latencies, started) for i in range(load.users)))
    sampler = asyncio.create_task(_samples(load, latencies)) if load.minutes else None
    try:
        counts = await users
    finally:
        if sampler is not None:
            sampler.cancel()
    return {"latency_ms": latencies, "replies": sum(counts)}


async def _samples(load: Load, latencies: list[float]) -> None:
    """Every ``sample_s``: the interval's reply latencies (the parent watches for drift)."""
    seen, k = 0, 0
    while True:
        await asyncio.sleep(load.sample_s)
        k += 1
        window, seen = latencies[seen:], len(latencies)
        _say({"sample": k, "latency_ms": window})


async def _line(reader: asyncio.StreamReader) -> str:
    return (await reader.readline()).decode().strip()


def _say(payload: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(payload) + "\n")
    sys.stdout.flush()


@dataclass(frozen=True, slots=True)
class Balance:
    """Webhook mode: the replicas' URLs and how the fake spreads updates over them."""

    targets: tuple[str, ...]
    spread: str = "round_robin"
    seed: int = 0
    redeliver: float = 0.0


async def _serve(load: Load, balance: Balance | None = None) -> None:
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
    delay = load.llm_delay_ms
    llm = FakeAnthropic(
        default_text=LLM_REPLY,
        default_delay=(delay or 0.0) / 1000,
        min_cache_tokens=MIN_CACHE_TOKENS,
        recall_when_unsure=True,
    )
    async with FakeTelegram() as tg, llm:
        if balance is not None:
            tg.balance(
                balance.targets,
                spread=balance.spread,
                seed=balance.seed,
                redeliver=balance.redeliver,
            )
        _say(
            {
                "token": tg.token,
                "base_url": tg.base_url,
                "base_file_url": tg.base_file_url,
                "anthropic_base_url": llm.base_url if delay is not None else None,
            }
        )
        if await _line(reader) != "go":
            return
        try:
            _say(await simulate(tg, load))
        except TimeoutError:
            _say({"error": f"a reply took longer than {load.reply_timeout_s:g} s"})
        await _line(reader)  # "stop" (or EOF: the parent went away)
        stats = None
        if delay is not None:
            stats = {
                "calls": len(llm.requests),
                "invalid": len(llm.invalid),
                "cache_hit_rate": llm.cache_hit_rate(),
                "calls_reading_cache": sum(
                    1 for u in llm.usages if u["cache_read_input_tokens"] > 0
                ),
                # On-demand recall: memory_query calls the fake made (one a turn at most)
                # and how many the bot refused (its cap); every other call is a turn's reply.
                "memory_query_calls": llm.recalls,
                "memory_query_refused": llm.recalls_refused,
                "replies": len(llm.requests) - llm.recalls,
            }
        webhooks = None
        if tg.webhook_policy is not None:
            webhooks = {
                "requests": len(tg.webhook_attempts),
                "failed": sum(1 for a in tg.webhook_attempts if a.finished and not a.ok),
                "redelivered": len(tg.redelivered),
                "given_up": len(tg.given_up),
            }
        _say({"sent_total": len(tg.sent()), "llm": stats, "webhooks": webhooks})


def main(argv: list[str] | None = None) -> None:
    """``python -m devtools.telegram_load --users N --messages M --think-ms T``."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--users", type=int, required=True)
    parser.add_argument("--messages", type=int, required=True)
    parser.add_argument("--think-ms", type=float, required=True)
    parser.add_argument("--reply-timeout-s", type=float, default=120.0)
    parser.add_argument("--llm-delay-ms", type=float, default=None)
    parser.add_argument("--minutes", type=float, default=None)
    parser.add_argument("--sample-s", type=float, default=60.0)
    parser.add_argument("--webhook-targets", default=None, help="comma-separated URLs")
    parser.add_argument("--spread", choices=("round_robin", "random"), default="round_robin")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--redeliver", type=float, default=0.0)
    args = parser.parse_args(argv)
    load = Load(
        args.users,
        args.messages,
        args.think_ms,
        args.reply_timeout_s,
        args.llm_delay_ms,
        args.minutes,
        args.sample_s,
    )
    balance = None
    if args.webhook_targets:
        targets = tuple(u for u in args.webhook_targets.split(",") if u)
        balance = Balance(targets, args.spread, args.seed, args.redeliver)
    asyncio.run(_serve(load, balance))


if __name__ == "__main__":
    main()
