"""The fake Bot API as Telegram in front of a load balancer (webhook mode, several targets).

Small aiohttp servers on 127.0.0.1 stand in for the replicas: they record every request and
answer as scripted (2xx, 500, hold the request, drop the connection, stop listening).
"""

from __future__ import annotations

import asyncio
import itertools
import json
import sys
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import AsyncExitStack, asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

import aiohttp
import pytest
from aiohttp import web

from devtools.fake_telegram import FakeTelegram, WebhookPolicy
from devtools.ports import free_port

SECRET = "lb-secret_0123"
HEADER = "X-Telegram-Bot-Api-Secret-Token"
FAST: dict[str, Any] = {"retry_base_s": 0.01, "retry_max_s": 0.05, "redeliver_after_s": 0.02}

pytestmark = pytest.mark.timeout(60)


@dataclass
class Seen:
    """One request a target received."""

    update_id: int
    secret: str | None
    at: float
    update: dict[str, Any]


@dataclass
class Target:
    """A webhook receiver: records requests, then answers ``status`` (after ``before``)."""

    name: str
    port: int = field(default_factory=free_port)
    status: int = 200
    #: Fail the next ``fail_first`` requests with ``fail_status`` (then answer ``status``).
    fail_first: int = 0
    fail_status: int = 500
    #: Awaited before answering (hold a request in flight).
    before: Callable[[Target], Awaitable[None]] | None = None
    #: Drop the connection of the first request and stop listening (the process died).
    die_on_request: bool = False
    seen: list[Seen] = field(default_factory=list)
    in_flight: int = 0
    peak: int = 0
    runner: web.AppRunner | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/hook"

    @property
    def ids(self) -> list[int]:
        return [s.update_id for s in self.seen]

    async def start(self) -> None:
        app = web.Application()
        app.router.add_post("/hook", self._handle)
        self.runner = web.AppRunner(app, access_log=None, shutdown_timeout=0.1)
        await self.runner.setup()
        await web.TCPSite(self.runner, "127.0.0.1", self.port).start()

    async def stop(self) -> None:
        if self.runner is not None:
            runner, self.runner = self.runner, None
            await runner.cleanup()

    async def _handle(self, request: web.Request) -> web.StreamResponse:
        update = await request.json()
        secret = request.headers.get(HEADER)
        self.seen.append(Seen(update["update_id"], secret, time.monotonic(), update))
        self.in_flight += 1
        self.peak = max(self.peak, self.in_flight)
        try:
            if self.die_on_request:
                assert request.transport is not None
                request.transport.abort()  # the connection drops mid-request…
                asyncio.get_running_loop().create_task(self.stop())  # …and nobody listens
                await asyncio.sleep(1)
            if self.before is not None:
                await self.before(self)
            if self.fail_first > 0:
                self.fail_first -= 1
                return web.Response(status=self.fail_status)
            return web.Response(status=self.status)
        finally:
            self.in_flight -= 1


@asynccontextmanager
async def running(*targets: Target) -> AsyncIterator[list[Target]]:
    async with AsyncExitStack() as stack:
        for target in targets:
            await target.start()
            stack.push_async_callback(target.stop)
        yield list(targets)


async def set_webhook(tg: FakeTelegram, **params: Any) -> None:
    """What every replica does at start (the public URL is the proxy's)."""
    body = {"url": "https://bot.example/hook", "secret_token": SECRET, **params}
    async with (
        aiohttp.ClientSession() as client,
        client.post(f"{tg.base_url}{tg.token}/setWebhook", json=body) as resp,
    ):
        assert resp.status == 200, await resp.text()


def chats(tg: FakeTelegram, n: int) -> list[Any]:
    return [tg.user(700 + i, f"U{i}") for i in range(n)]


# ---- spreading ---------------------------------------------------------------------------


async def test_round_robin_spreads_updates_over_every_target_with_the_secret() -> None:
    async with running(Target("a"), Target("b"), Target("c")) as targets:
        urls = [t.url for t in targets]
        async with FakeTelegram(webhook_targets=urls) as tg:
            for _ in range(3):  # every replica registers the same public URL
                await set_webhook(tg)
            users = chats(tg, 3)
            ids = [tg.send_text(users[i % 3], f"m{i}")["message_id"] for i in range(9)]
            await tg.all_delivered()
            assert len(ids) == 9 and all(tg.delivered(u) for u in range(1, 10))
            # Update n goes to target (n - 1) mod 3: reproducible, whatever the timing.
            for i, target in enumerate(targets):
                assert sorted(target.ids) == [u for u in range(1, 10) if (u - 1) % 3 == i]
            assert [s.secret for t in targets for s in t.seen] == [SECRET] * 9
            assert [(a.update_id, a.target) for a in tg.webhook_attempts] == [
                (u, urls[(u - 1) % 3]) for u in range(1, 10)
            ]
            assert tg.webhook_statuses == [200] * 9 and not tg.given_up
            assert tg.webhook == {"url": "https://bot.example/hook", "secret_token": SECRET}


async def test_random_spread_is_the_same_for_the_same_seed() -> None:
    async def spread(seed: int) -> list[tuple[int, str]]:
        async with running(Target("a"), Target("b"), Target("c")) as targets:
            names = {t.url: t.name for t in targets}
            async with FakeTelegram() as tg:
                tg.balance([t.url for t in targets], spread="random", seed=seed)
                await set_webhook(tg)
                users = chats(tg, 4)
                for i in range(24):
                    tg.send_text(users[i % 4], f"m{i}")
                await tg.all_delivered()
                return sorted((a.update_id, names[a.target]) for a in tg.webhook_attempts)

    first, again, other = await spread(3), await spread(3), await spread(4)
    assert first == again != other
    assert {name for _, name in first} == {"a", "b", "c"}  # every target gets some
    assert [u for u, _ in first] == list(range(1, 25))  # each update once


async def test_updates_wait_for_the_first_set_webhook_then_go_to_the_targets() -> None:
    async with running(Target("a"), Target("b")) as targets, FakeTelegram() as tg:
        tg.balance([t.url for t in targets])
        alice = tg.user(700, "Alice")
        tg.send_text(alice, "early")
        tg.send_text(alice, "early too")
        await asyncio.sleep(0.05)
        assert not tg.webhook_attempts and tg.undelivered() == [1, 2]
        await set_webhook(tg)
        await tg.webhooks_settled()
        assert targets[0].ids == [1] and targets[1].ids == [2]


# ---- concurrency -------------------------------------------------------------------------


async def test_a_chats_next_update_waits_for_the_previous_ones_acknowledgement() -> None:
    """Like Telegram: one chat's updates one at a time (each to its own target), while
    another chat's update is in flight beside them."""
    release = asyncio.Event()
    targets: list[Target] = []

    async def slow_first(t: Target) -> None:
        if t.name == "a":
            await asyncio.wait_for(release.wait(), 30)

    targets += [Target("a", before=slow_first), Target("b")]
    async with running(*targets), FakeTelegram() as tg:
        tg.balance([t.url for t in targets], **FAST)
        await set_webhook(tg)
        alice, bob = tg.user(700, "Alice"), tg.user(701, "Bob")
        tg.send_text(alice, "first")  # update 1 → a (held)
        tg.send_text(alice, "second")  # update 2 → b, but only after 1 was acknowledged
        tg.send_text(bob, "hi")  # update 3 → a: another chat, goes at once
        await tg.wait_for(lambda: len(tg.webhook_attempts) >= 2)
        await asyncio.sleep(0.1)
        assert [a.update_id for a in tg.webhook_attempts] == [1, 3]
        release.set()
        await tg.all_delivered()
        first, _bob, second = sorted(tg.webhook_attempts, key=lambda a: a.started)
        assert second.update_id == 2 and second.started >= first.finished


async def test_a_chats_parked_update_goes_before_a_later_one_still_queued() -> None:
    """Issue 24 (kill_replica, run 2: chat 6005's update 30 answered before its 22): when a
    chat's update is acknowledged, the one parked behind it must go next, even when a later
    update of the chat was queued meanwhile and not yet looked at (the delivery loop waiting
    for a free connection): that one used to find the chat free and go first."""
    release = asyncio.Event()

    async def hold_first(t: Target) -> None:
        if t.ids == [1]:
            await asyncio.wait_for(release.wait(), 30)

    async with running(Target("a", before=hold_first)) as targets, FakeTelegram() as tg:
        tg.balance([t.url for t in targets], **FAST)
        await set_webhook(tg, max_connections=1)
        alice, bob = tg.user(700, "Alice"), tg.user(701, "Bob")
        tg.send_text(alice, "first")  # update 1: in flight, held
        await tg.wait_for(lambda: targets[0].ids == [1])
        tg.send_text(alice, "second")  # 2: parked behind 1
        tg.send_text(bob, "hi")  # 3: taken, waits for the one connection
        tg.send_text(alice, "third")  # 4: still queued behind 3 when 1 is acknowledged
        release.set()
        await tg.all_delivered()
        alices = [i for i in targets[0].ids if i != 3]
        assert tg.order_breaks() == [], alices
        assert alices == [1, 2, 4]


async def test_without_per_chat_order_one_chats_updates_are_in_flight_at_once() -> None:
    both = asyncio.Event()
    targets: list[Target] = []

    async def hold(_t: Target) -> None:
        if sum(t.in_flight for t in targets) >= 2:
            both.set()
        await asyncio.wait_for(both.wait(), 30)  # times out (500) if requests go one by one

    targets += [Target("a", before=hold), Target("b", before=hold)]
    async with running(*targets), FakeTelegram() as tg:
        tg.balance([t.url for t in targets], per_chat_order=False, **FAST)
        await set_webhook(tg)
        alice = tg.user(700, "Alice")
        tg.send_text(alice, "first")
        tg.send_text(alice, "second")
        await tg.all_delivered()
        assert both.is_set()
        assert targets[0].ids == [1] and targets[1].ids == [2]
        one, two = tg.webhook_attempts
        assert one.started < two.finished and two.started < one.finished  # overlapping


async def test_max_connections_bounds_the_requests_in_flight() -> None:
    targets: list[Target] = []
    everyone = asyncio.Event()
    expected = {"n": 0}

    async def gate(_t: Target) -> None:
        if not expected["n"]:
            await asyncio.sleep(0.02)
            return
        if sum(t.in_flight for t in targets) >= expected["n"]:
            everyone.set()
        await asyncio.wait_for(everyone.wait(), 30)

    targets += [Target("a", before=gate), Target("b", before=gate)]
    async with running(*targets), FakeTelegram() as tg:
        tg.balance([t.url for t in targets], **FAST)
        await set_webhook(tg, max_connections=1)
        users = chats(tg, 6)
        for i in range(6):
            tg.send_text(users[i], f"m{i}")
        await tg.all_delivered()
        attempts = sorted(tg.webhook_attempts, key=lambda a: a.started)
        assert all(a.finished <= b.started for a, b in itertools.pairwise(attempts))
        assert tg.max_connections == 1 and targets[0].peak == targets[1].peak == 1

        expected["n"] = 6
        await set_webhook(tg)  # the default, 40: all six at once
        for i in range(6):
            tg.send_text(users[i], f"n{i}")
        await tg.all_delivered()
        assert everyone.is_set() and targets[0].peak == targets[1].peak == 3
        assert tg.max_connections == 40


# ---- retries -----------------------------------------------------------------------------


async def test_a_target_that_refuses_connections_gets_its_updates_sent_to_the_others() -> None:
    async with running(Target("a"), Target("c")) as (a, c):
        b = Target("b")  # never started: its port refuses connections
        urls = [a.url, b.url, c.url]
        async with FakeTelegram() as tg:
            tg.balance(urls, **FAST)
            await set_webhook(tg)
            users = chats(tg, 2)
            for i in range(9):
                tg.send_text(users[i % 2], f"m{i}")
            await tg.webhooks_settled()
            assert not tg.undelivered() and not tg.given_up
            refused = [a for a in tg.webhook_attempts if a.target == b.url]
            assert [r.update_id for r in refused] == [2, 5, 8]
            assert all(r.status == 0 and r.error for r in refused)
            # Each refused update went to the next target of its rotation, once.
            assert sorted(c.ids) == [2, 3, 5, 6, 8, 9] and sorted(a.ids) == [1, 4, 7]
            for uid in (2, 5, 8):
                assert [(x.target, x.attempt, x.ok) for x in tg.attempts_of(uid)] == [
                    (b.url, 1, False),
                    (c.url, 2, True),
                ]


async def test_a_500_is_retried_on_the_next_target() -> None:
    async with running(Target("a", fail_first=2), Target("b")) as (a, b), FakeTelegram() as tg:
        tg.balance([a.url, b.url], **FAST)
        await set_webhook(tg)
        alice = tg.user(700, "Alice")
        tg.send_text(alice, "one")
        await tg.webhooks_settled()
        assert [(x.target, x.status) for x in tg.attempts_of(1)] == [
            (a.url, 500),
            (b.url, 200),
        ]
        tg.send_text(alice, "two")  # update 2 starts at b: answered at once
        tg.send_text(alice, "three")  # update 3 starts at a: a 500 again, then b
        await tg.webhooks_settled()
        assert [x.status for x in tg.attempts_of(3)] == [500, 200]
        assert tg.webhook_statuses.count(500) == 2 and not tg.given_up
        assert [s.secret for t in (a, b) for s in t.seen] == [SECRET] * 5


async def test_an_update_is_given_up_only_after_max_attempts() -> None:
    async with running(Target("a", status=503)) as (a,), FakeTelegram() as tg:
        tg.balance([a.url], max_attempts=3, **FAST)
        await set_webhook(tg)
        tg.send_text(tg.user(700, "Alice"), "hello")
        await tg.wait_for(lambda: tg.given_up and tg.webhook_idle, 30)
        assert [x.status for x in tg.attempts_of(1)] == [503, 503, 503]
        assert tg.given_up == [1] and tg.undelivered() == [1]
        with pytest.raises(TimeoutError, match=r"undelivered updates \[1\]"):
            await tg.all_delivered(timeout=0.1)
        info = await _call(tg, "getWebhookInfo")
        assert info["last_error_message"] == "Wrong response: 503"


async def test_a_slow_answer_times_out_and_is_retried_elsewhere() -> None:
    # The slow target answers only once the update was delivered elsewhere; the timeout is
    # one a loaded machine's fast answer stays well within (0.1 s was not: b's answer too
    # timed out now and then, and was retried).
    delivered = asyncio.Event()

    async def slow(_t: Target) -> None:
        await asyncio.wait_for(delivered.wait(), 30)

    async with running(Target("a", before=slow), Target("b")) as (a, b), FakeTelegram() as tg:
        tg.balance([a.url, b.url], timeout_s=2.0, **FAST)
        await set_webhook(tg)
        tg.send_text(tg.user(700, "Alice"), "hello")
        await tg.all_delivered()
        delivered.set()
        first, second = tg.attempts_of(1)
        assert (first.target, first.status, first.error) == (a.url, 0, "TimeoutError")
        assert (second.target, second.ok) == (b.url, True)
        # The slow target still got the request: the update reached two replicas.
        assert a.ids == [1] and b.ids == [1]


async def test_nothing_is_lost_when_a_target_dies_mid_request() -> None:
    async with running(Target("a"), Target("b", die_on_request=True), Target("c")) as targets:
        a, b, c = targets
        async with FakeTelegram() as tg:
            tg.balance([t.url for t in targets], **FAST)
            await set_webhook(tg)
            users = chats(tg, 3)
            for i in range(12):
                tg.send_text(users[i % 3], f"m{i}")
            await tg.webhooks_settled()
            assert not tg.undelivered() and not tg.given_up
            # It took some of its updates (2, 5, 8, 11), dropped them and stopped listening.
            assert b.ids and set(b.ids) <= {2, 5, 8, 11} and b.runner is None
            at_b = [x for x in tg.webhook_attempts if x.target == b.url]
            assert {x.update_id for x in at_b} == {2, 5, 8, 11}
            assert all(x.status == 0 and x.error for x in at_b)
            delivered = [x for x in tg.webhook_attempts if x.ok]
            assert sorted(x.update_id for x in delivered) == list(range(1, 13))
            assert {x.target for x in delivered} == {a.url, c.url}
            assert sorted(a.ids + c.ids) == list(range(1, 13))


# ---- deliberate redelivery ---------------------------------------------------------------


async def test_a_seeded_fraction_of_updates_is_redelivered_to_another_target() -> None:
    async def run(seed: int) -> tuple[set[int], list[Any]]:
        targets = [Target("a"), Target("b"), Target("c")]
        async with running(*targets), FakeTelegram() as tg:
            tg.balance([t.url for t in targets], redeliver=0.25, seed=seed, **FAST)
            await set_webhook(tg)
            users = chats(tg, 4)
            for i in range(40):
                tg.send_text(users[i % 4], f"m{i}")
            await tg.webhooks_settled()
            assert not tg.undelivered()
            assert all(s.secret == SECRET for t in targets for s in t.seen)
            assert sum(len(t.seen) for t in targets) == 40 + len(tg.redelivered)
            return set(tg.redelivered), list(tg.webhook_attempts)

    again, attempts = await run(7)
    assert 4 <= len(again) <= 18  # about a quarter of 40
    assert (await run(7))[0] == again != (await run(8))[0]
    for uid in range(1, 41):
        copies = [a for a in attempts if a.update_id == uid]
        if uid not in again:
            assert [(c.copy, c.ok) for c in copies] == [(0, True)]
            continue
        first, second = copies
        assert (first.copy, first.ok, second.copy, second.ok) == (0, True, 1, True)
        assert second.target != first.target and second.started >= first.finished


async def test_without_targets_the_registered_url_gets_one_request_at_a_time() -> None:
    async def slow(_t: Target) -> None:
        await asyncio.sleep(0.01)

    async with running(Target("a", before=slow, fail_first=1)) as (a,), FakeTelegram() as tg:
        async with aiohttp.ClientSession() as client:
            body = {"url": a.url, "secret_token": SECRET}
            async with client.post(f"{tg.base_url}{tg.token}/setWebhook", json=body) as resp:
                assert resp.status == 200
        users = chats(tg, 3)
        for i in range(5):
            tg.send_text(users[i % 3], f"m{i}")
        await tg.wait_for(lambda: len(tg.webhook_statuses) == 5 and tg.webhook_idle)
        assert tg.webhook_statuses == [500, 200, 200, 200, 200]  # no retry, no redelivery
        assert a.ids == [1, 2, 3, 4, 5] and a.peak == 1 and tg.given_up == [1]
        assert {s.secret for s in a.seen} == {SECRET}


# ---- what tests assert on ----------------------------------------------------------------


async def test_the_timeline_of_a_chat_shows_the_bots_answers_in_order_with_times() -> None:
    async with FakeTelegram() as tg:

        async def answer(target: Target) -> None:
            msg = target.seen[-1].update["message"]
            await _call(tg, "sendMessage", chat_id=msg["chat"]["id"], text=f"re {msg['text']}")

        async with running(Target("a", before=answer), Target("b", before=answer)) as targets:
            tg.balance([t.url for t in targets], max_attempts=1)
            await set_webhook(tg, max_connections=1)  # one at a time: answers in order
            alice, bob = tg.user(700, "Alice"), tg.user(701, "Bob")
            for text in ("one", "two", "three"):
                tg.send_text(alice, text)
                tg.send_text(bob, text.upper())
            await tg.webhooks_settled()
            timeline = tg.timeline(alice.id)
            assert [text for _, text in timeline] == ["re one", "re two", "re three"]
            times = [at for at, _ in timeline]
            assert times == sorted(times) and times[0] >= tg.pushed[0][0]
            assert [text for _, text in tg.timeline(bob.id)] == ["re ONE", "re TWO", "re THREE"]


async def test_delete_webhook_sends_waiting_updates_back_to_get_updates() -> None:
    async with running(Target("a", status=500)) as (a,), FakeTelegram() as tg:
        tg.balance([a.url], retry_base_s=0.2, retry_max_s=0.2)
        await set_webhook(tg)
        tg.send_text(tg.user(700, "Alice"), "hello")
        await tg.wait_for(lambda: tg.webhook_attempts and tg.webhook_attempts[0].finished, 30)
        await _call(tg, "deleteWebhook")
        await tg.wait_for(lambda: tg.webhook_idle, 30)  # the waiting retry found no webhook
        updates = await _call(tg, "getUpdates")
        assert [u["update_id"] for u in updates] == [1]


def test_the_policy_rejects_nonsense() -> None:
    with pytest.raises(ValueError, match="spread"):
        WebhookPolicy(spread="sticky")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="fraction"):
        WebhookPolicy(redeliver=1.5)


# ---- the bench's users' process ----------------------------------------------------------


async def test_the_load_process_drives_the_fake_in_front_of_webhook_targets() -> None:
    """``devtools.telegram_load --webhook-targets``: the users' updates reach the targets (two
    tiny bots answering through the fake), every reply comes back, the requests are counted."""
    api: list[str] = []
    targets: list[Target] = []

    async def bot(target: Target) -> None:  # a replica: answers the update it was given
        chat = target.seen[-1].update["message"]["chat"]["id"]
        async with (
            aiohttp.ClientSession() as client,
            client.post(f"{api[0]}/sendMessage", json={"chat_id": chat, "text": "ok"}) as resp,
        ):
            assert resp.status == 200

    targets += [Target("a", before=bot), Target("b", before=bot)]
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "devtools.telegram_load",
        *("--users", "3", "--messages", "2", "--think-ms", "0", "--reply-timeout-s", "10"),
        *("--webhook-targets", ",".join(t.url for t in targets), "--seed", "1"),
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
    )

    async def say(line: str) -> None:
        assert proc.stdin is not None
        proc.stdin.write(f"{line}\n".encode())
        await proc.stdin.drain()

    async def hear() -> dict[str, Any]:
        assert proc.stdout is not None
        message: dict[str, Any] = json.loads(await asyncio.wait_for(proc.stdout.readline(), 20))
        return message

    try:
        server = await hear()
        api.append(f"{server['base_url']}{server['token']}")
        async with running(*targets), aiohttp.ClientSession() as client:
            hook = {"url": "https://bot.example/hook", "secret_token": SECRET}
            async with client.post(f"{api[0]}/setWebhook", json=hook) as resp:
                assert resp.status == 200
            await say("go")
            done = await hear()
            assert done["replies"] == 6 and len(done["latency_ms"]) == 6
            await say("stop")
            final = await hear()
        assert final["sent_total"] == 6
        assert final["webhooks"] == {"requests": 6, "failed": 0, "redelivered": 0, "given_up": 0}
        assert sorted(s.update_id for t in targets for s in t.seen) == [1, 2, 3, 4, 5, 6]
        assert all(t.seen for t in targets)
        assert {s.secret for t in targets for s in t.seen} == {SECRET}
    finally:
        if proc.returncode is None:
            proc.kill()
        await proc.wait()


async def _call(tg: FakeTelegram, method: str, **params: Any) -> Any:
    async with (
        aiohttp.ClientSession() as client,
        client.post(f"{tg.base_url}{tg.token}/{method}", json=params) as resp,
    ):
        body = await resp.json()
        assert body["ok"], body
        return body["result"]
