"""Three ``membot run`` processes serve one bot from one PostgreSQL database.

The fake Bot API plays Telegram and the load balancer in front of the replicas: it spreads
webhook deliveries over them (several in flight at once, so consecutive updates of one chat
reach different replicas at the same time), redelivers some updates on purpose, and retries a
delivery that failed. One replica is killed with SIGKILL while updates are in flight. Every
update must be answered exactly once, every turn learned exactly once, and each chat's
answers must come in the order of its messages.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import psycopg
import pytest

from devtools.fake_telegram import FakeTelegram, TgUser
from devtools.faults import ANIMALS, script, until_learned, until_registered
from devtools.replicas import SECRET, ReplicaSet

USERS = 8

pytestmark = pytest.mark.timeout(240)


async def test_three_replicas_answer_and_learn_every_update_once_in_chat_order(
    pg_url: str, tmp_path: Path
) -> None:
    async with FakeTelegram() as tg:
        replicas = ReplicaSet(
            3,
            db=pg_url,
            token=tg.token,
            base_url=tg.caller_base_url("{replica}"),  # the fake knows who called
            base_file_url=tg.base_file_url,
            workdir=tmp_path,
            lease_s=2.0,
        )
        tg.balance(replicas.urls, spread="round_robin", redeliver=0.25, seed=7)
        await replicas.start()
        try:
            await until_registered(tg, replicas)  # names a replica that did not, with its log
            assert all(c.params.get("secret_token") == SECRET for c in tg.calls_of("setWebhook"))
            users = [tg.user(5000 + i, f"User{i}") for i in range(USERS)]
            scripts = {u.id: script(i) for i, u in enumerate(users)}
            rounds = len(ANIMALS)

            def answered(user: TgUser) -> list[str]:
                return [m["text"] for m in tg.sent(user.id)]

            for r in range(rounds):
                # Each user's messages go out back to back: several of one chat in flight.
                for user in users:
                    tg.send_text(user, scripts[user.id][r][0])
                if r == 2:
                    # The killed replica must hold nothing but the file's update: one caught
                    # between sending an answer and recording it would send it twice (see
                    # the README), which this test is not about.
                    await tg.wait_for(lambda: all(len(answered(u)) >= 3 for u in users), 60)
                    await kill_mid_flight(tg, replicas, pg_url, users[0])

            def expected(user: TgUser) -> int:
                return rounds + (user is users[0])  # user 0 also sent a file

            try:
                await tg.wait_for(
                    lambda: all(len(answered(u)) >= expected(u) for u in users), timeout=120
                )
            except TimeoutError:
                pytest.fail(
                    "not every update was answered:\n"
                    + "\n".join(f"{u.id}: {answered(u)}" for u in users)
                    + "\n"
                    + replicas.log_tail(0)
                )
            await asyncio.sleep(1.0)  # a duplicate would arrive now
            for user in users:
                names = [name for _, name in scripts[user.id]]
                got = answered(user)
                assert len(got) == expected(user), (user.id, got)  # exactly once each
                if user is users[0]:  # the file's answer came between the 3rd and 4th
                    assert not any(n in got[3] for n in names), got
                    del got[3]
                order = [next(n for n in names if n in text) for text in got]
                assert order == names, (user.id, got)  # in the chat's order
            # ... kept by the bot: the fake never sent a chat's update before its previous one
            # was acknowledged (an order it broke itself would prove nothing).
            assert tg.order_breaks() == []
            # Every turn learned exactly once (the killed replica's jobs taken over).
            assert await until_learned(pg_url, USERS * rounds)
            with psycopg.connect(pg_url) as conn:
                facts = conn.execute(
                    "SELECT user_id, value_text, COUNT(*) FROM facts WHERE status = 'active' "
                    "GROUP BY user_id, value_text"
                ).fetchall()
                assert len(facts) == USERS * rounds and all(n == 1 for *_, n in facts)
                per_turn = conn.execute(
                    "SELECT turn_id, COUNT(*) FROM applied_actions GROUP BY turn_id"
                ).fetchall()
                # Each turn's actions applied once (the file: its delivery claimed once).
                assert len(per_turn) == USERS * rounds + 1 and all(n == 1 for _, n in per_turn)
                inbox = dict(conn.execute("SELECT status, COUNT(*) FROM inbox GROUP BY status"))
                assert inbox == {"done": USERS * rounds + 1}
            assert tg.redelivered, "the fake should have redelivered some updates"
            # The update the dead replica held was taken over by another one.
            assert replicas.log_events("update_resumed") >= 1
        finally:
            codes = await replicas.stop()
        survivors = [i for i, r in enumerate(replicas.replicas) if r.index != replicas.killed]
        assert all(codes[i] == 0 for i in survivors), [replicas.log_tail(i) for i in survivors]


async def kill_mid_flight(tg: FakeTelegram, replicas: ReplicaSet, url: str, user: TgUser) -> None:
    """Send a file whose download hangs, and SIGKILL the replica handling it while it waits:
    the update is leased to it, acknowledged to Telegram, and not yet answered."""
    tg.slow("getFile", 6.0)  # the first download hangs; the next one is quick
    tg.send_document(user, "notes.md", b"# notes\n- buy milk\n")
    update_id = int(tg.pushed[-1][1]["update_id"])
    await tg.wait_for(lambda: tg.calls_of("getFile"), timeout=30)
    with psycopg.connect(url) as conn:
        row = conn.execute(
            "SELECT lease_owner FROM inbox WHERE update_id = %s AND status = 'pending'",
            (update_id,),
        ).fetchone()
    assert row is not None and row[0], "the file's update should be in hand"
    pid = int(str(row[0]).split(":")[1])
    [index] = [r.index for r in replicas.replicas if r.proc is not None and r.proc.pid == pid]
    replicas.kill(index)
