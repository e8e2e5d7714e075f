"""Linking identities across platforms through the bot (both stores): codes, the issuer's
confirmation, the merge through the write policy, /unlink, /forgetme of one platform, limits."""

from __future__ import annotations

import contextlib
import re
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import text

from adapters.types import ButtonPress, IncomingMessage, PressResult, Reply, Target
from memory_core.clock import ManualClock
from memory_core.runtime.executors import Lane
from memory_core.store import user_data
from memory_core.user import linking
from memory_core.values import Status
from tests.bot.conftest import Harness

TG, DC = "telegram", "discord"
TG_ANA, DC_ANA, DC_EVE = "111", "222", "333"


class Outbox:
    """An unasked-message sender for one platform: records what it was given."""

    def __init__(self, platform: str) -> None:
        self.platform = platform
        self.sent: list[tuple[Target, Reply]] = []

    async def send(self, target: Target, reply: Reply) -> None:
        """Record one message."""
        self.sent.append((target, reply))


def msg(
    h: Harness, platform: str, user: str, text: str, *, private: bool = True, name: str = "Ana"
) -> IncomingMessage:
    """A message from ``platform:user`` in its private chat (its id is the user's) or a group."""
    h.clock.advance(seconds=5)
    return IncomingMessage(
        platform=platform,
        chat_id=user if private else "group-9",
        user_id=user,
        display_name=name,
        text=text,
        time=h.clock.now(),
        is_private=private,
    )


async def say(h: Harness, platform: str, user: str, text: str, **kw: Any) -> str:
    """Send one message; the bot's replies joined."""
    replies = await h.bot.on_message(msg(h, platform, user, text, **kw))
    await h.settle()
    return "\n".join(r.text for r in replies)


async def press(h: Harness, platform: str, user: str, data: str) -> PressResult:
    """Press a button as ``platform:user`` in their private chat."""
    result = await h.bot.on_button(
        ButtonPress(platform, user, user, "Ana", data, h.clock.now(), is_private=True)
    )
    await h.settle()
    return result


def code_in(text: str) -> str:
    """The code a /link answer shows."""
    found = re.search(r"([A-Z2-9]{4}-[A-Z2-9]{4})", text)
    assert found, text
    return found.group(1)


@contextlib.asynccontextmanager
async def linked_bot(
    wired: Callable[..., Any], store: Path | str, clock: ManualClock
) -> AsyncIterator[tuple[Harness, dict[str, Outbox]]]:
    """The wired bot with recording senders for Telegram and Discord."""
    async with wired(store, clock) as h:
        boxes = {p: Outbox(p) for p in (TG, DC)}
        for p, box in boxes.items():
            h.runtime.attach(p, box)
        yield h, boxes


async def link(h: Harness, boxes: dict[str, Outbox]) -> PressResult:
    """Telegram Ana asks for a code, Discord Ana sends it, Telegram Ana confirms."""
    code = code_in(await say(h, TG, TG_ANA, "/link"))
    answer = await say(h, DC, DC_ANA, f"/link {code.lower()}")
    assert "confirm" in answer
    target, question = boxes[TG].sent[-1]
    assert (target.platform, target.chat_id) == (TG, TG_ANA)
    assert "Discord" in question.text
    yes = question.buttons[0][0]
    assert yes.label == "Yes, link it"
    return await press(h, TG, TG_ANA, yes.data)


def rows(h: Harness, sql: str, **params: Any) -> list[tuple[Any, ...]]:
    """Raw SQL with named parameters (both stores), for assertions."""
    with h.memory.db.read() as conn:
        return [tuple(r) for r in conn.execute(text(sql), params).all()]


def values(h: Harness, owner: str, status: str = "active") -> set[str]:
    """The value texts of an owner's facts in one status."""
    return {
        str(r[0])
        for r in rows(
            h, "SELECT value_text FROM facts WHERE user_id = :u AND status = :s", u=owner, s=status
        )
    }


async def test_linked_identities_read_and_write_one_memory_through_the_write_policy(
    wired: Callable[..., Any], store: Path | str, clock: ManualClock
) -> None:
    async with linked_bot(wired, store, clock) as (h, boxes):
        await say(h, TG, TG_ANA, "/remember home_city=Lisbon")
        await say(h, TG, TG_ANA, "/remember pet_cat=Tom")
        await say(h, DC, DC_ANA, "/remember home_city=Porto")  # contradicts Telegram's
        await say(h, DC, DC_ANA, "/remember pet_cat=Tom")  # a duplicate
        await say(h, DC, DC_ANA, "/remember music=jazz")  # new
        result = await link(h, boxes)
        assert result.edit is not None and "Linked" in result.edit
        # The contradiction is the usual conflict question, with buttons, for the person.
        assert len(result.followups) == 1 and "Porto" in result.followups[0].text
        assert result.followups[0].buttons
        person = f"{TG}:{TG_ANA}"
        assert values(h, person) == {
            "Ana's home city is Lisbon.",
            "Ana's pet cat is Tom.",
            "Ana's music is jazz.",
        }
        assert values(h, person, Status.PENDING.value) == {"Ana's home city is Porto."}
        # The duplicate merged into one fact; the history says where the merge came from.
        reasons = {
            (str(r[0]), str(r[1]))
            for r in rows(
                h,
                "SELECT event, reason FROM fact_history WHERE user_id = :u AND actor = 'link'",
                u=person,
            )
        }
        assert ("mentioned", "merged when linking from discord") in reasons
        assert ("created", "merged when linking from discord") in reasons
        # The Discord identity's own store is gone; both identities now use one memory.
        assert rows(h, "SELECT COUNT(*) FROM facts WHERE user_id = :u", u=f"{DC}:{DC_ANA}") == [
            (0,)
        ]
        assert "jazz" in await say(h, TG, TG_ANA, "/memories")
        assert "Lisbon" in await say(h, DC, DC_ANA, "/memories")
        await say(h, DC, DC_ANA, "/remember drink=tea")
        assert "tea" in await say(h, TG, TG_ANA, "/memories")
        # /export shows the linked accounts.
        export = await say(h, DC, DC_ANA, "/export")
        assert f"Telegram ({TG_ANA})" in export and f"Discord ({DC_ANA})" in export
        # Another Discord user sees none of it.
        assert "Lisbon" not in await say(h, DC, DC_EVE, "/memories", name="Eve")


async def test_unlink_leaves_the_memory_with_the_other_identity_and_starts_empty(
    wired: Callable[..., Any], store: Path | str, clock: ManualClock
) -> None:
    async with linked_bot(wired, store, clock) as (h, boxes):
        await say(h, TG, TG_ANA, "/remember home_city=Lisbon")
        await say(h, DC, DC_ANA, "/remember music=jazz")
        await link(h, boxes)
        # The identity whose key names the memory leaves: the memory stays with Discord.
        answer = await say(h, TG, TG_ANA, "/unlink")
        assert "stays with Discord" in answer
        assert "No memories yet" in await say(h, TG, TG_ANA, "/memories")
        shown = await say(h, DC, DC_ANA, "/memories")
        assert "Lisbon" in shown and "jazz" in shown
        # What Telegram learns now is its own.
        await say(h, TG, TG_ANA, "/remember drink=coffee")
        assert "coffee" not in await say(h, DC, DC_ANA, "/memories")
        assert "Lisbon" not in await say(h, TG, TG_ANA, "/memories")
        assert "isn't linked" in await say(h, DC, DC_ANA, "/unlink")


async def test_unlink_from_the_joined_side_leaves_it_empty(
    wired: Callable[..., Any], store: Path | str, clock: ManualClock
) -> None:
    async with linked_bot(wired, store, clock) as (h, boxes):
        await say(h, TG, TG_ANA, "/remember home_city=Lisbon")
        await say(h, DC, DC_ANA, "/remember music=jazz")
        await link(h, boxes)
        assert "stays with Telegram" in await say(h, DC, DC_ANA, "/unlink")
        assert "No memories yet" in await say(h, DC, DC_ANA, "/memories")
        shown = await say(h, TG, TG_ANA, "/memories")
        assert "Lisbon" in shown and "jazz" in shown


async def test_a_stolen_code_links_nothing_without_the_issuers_yes(
    wired: Callable[..., Any], store: Path | str, clock: ManualClock
) -> None:
    async with linked_bot(wired, store, clock) as (h, boxes):
        await say(h, TG, TG_ANA, "/remember home_city=Lisbon")
        code = code_in(await say(h, TG, TG_ANA, "/link"))
        # Eve saw the code and is faster than Ana.
        assert "confirm" in await say(h, DC, DC_EVE, f"/link {code}", name="Eve")
        question = boxes[TG].sent[-1][1]
        assert "Eve" in question.text
        # Eve cannot press Ana's button (not hers), and Ana says no.
        refused = await press(h, DC, DC_EVE, question.buttons[0][0].data)
        assert refused.notice == "This isn't yours."
        no = await press(h, TG, TG_ANA, question.buttons[0][1].data)
        assert no.edit is not None and "Not linked" in no.edit
        assert "Lisbon" not in await say(h, DC, DC_EVE, "/memories", name="Eve")
        # Spent: neither Eve nor Ana can use it again (replay), and a late yes does nothing.
        assert "isn't valid" in await say(h, DC, DC_EVE, f"/link {code}", name="Eve")
        assert "isn't valid" in await say(h, DC, DC_ANA, f"/link {code}")
        late = await press(h, TG, TG_ANA, question.buttons[0][0].data)
        assert late.edit is not None and "expired or was settled" in late.edit
        assert await h.memory.owner_of(f"{DC}:{DC_EVE}") == f"{DC}:{DC_EVE}"


async def test_expired_replayed_guessed_and_group_codes_are_refused(
    wired: Callable[..., Any], store: Path | str, clock: ManualClock
) -> None:
    async with linked_bot(wired, store, clock) as (h, boxes):
        code = code_in(await say(h, TG, TG_ANA, "/link"))
        # From a group: refused before the code is even read.
        in_group = await say(h, DC, DC_ANA, f"/link {code}", private=False)
        assert "private chat" in in_group
        assert boxes[TG].sent == []
        # Expired after ten minutes.
        clock.advance(minutes=11)
        assert "isn't valid" in await say(h, DC, DC_ANA, f"/link {code}")
        # A fresh code works once; the same code again is a replay.
        code = code_in(await say(h, TG, TG_ANA, "/link"))
        assert "confirm" in await say(h, DC, DC_ANA, f"/link {code}")
        assert "isn't valid" in await say(h, DC, DC_ANA, f"/link {code}")
        # The issuer's own identity cannot use its code.
        code = code_in(await say(h, TG, TG_ANA, "/link"))
        assert "other platform" in await say(h, TG, TG_ANA, f"/link {code}")


async def test_guessing_is_stopped_per_identity_and_for_everyone(
    wired: Callable[..., Any], store: Path | str, clock: ManualClock
) -> None:
    async with linked_bot(wired, store, clock) as (h, _boxes):
        limits = h.memory.config.link_limits
        code = code_in(await say(h, TG, TG_ANA, "/link"))
        for n in range(limits.failures_per_identity):
            assert "isn't valid" in await say(h, DC, DC_EVE, f"/link AAAA-AAA{'BCDEFGH'[n]}")
        # Even the right code is refused now: the guesser is locked out for the window.
        assert "Too many tries" in await say(h, DC, DC_EVE, f"/link {code}")
        # Many identities together hit the global limit (here made small).
        h.memory.config = type(h.memory.config)(
            link_limits=type(limits)(global_failures=limits.failures_per_identity + 1)
        )
        await say(h, DC, "444", "/link BBBB-BBBB")
        assert "Too many tries" in await say(h, DC, "555", "/link BBBB-BBBC")
        assert "Too many tries" in await say(h, DC, DC_ANA, f"/link {code}")
        # An hour later the window has passed.
        clock.advance(hours=1, minutes=1)
        code = code_in(await say(h, TG, TG_ANA, "/link"))
        assert "confirm" in await say(h, DC, DC_ANA, f"/link {code}")


async def test_codes_are_stored_hashed_and_limited_per_hour(
    wired: Callable[..., Any], store: Path | str, clock: ManualClock
) -> None:
    async with linked_bot(wired, store, clock) as (h, _boxes):
        shown = [code_in(await say(h, TG, TG_ANA, "/link")) for _ in range(5)]
        stored = {str(r[0]) for r in rows(h, "SELECT code_hash FROM link_codes")}
        assert not any(c.replace("-", "") in s for c in shown for s in stored)
        assert "several codes" in await say(h, TG, TG_ANA, "/link")
        # Only the newest code is open.
        assert "isn't valid" in await say(h, DC, DC_ANA, f"/link {shown[0]}")
        assert "confirm" in await say(h, DC, DC_ANA, f"/link {shown[-1]}")


async def test_forgetme_on_a_linked_person_can_erase_only_this_platform(
    wired: Callable[..., Any], store: Path | str, clock: ManualClock
) -> None:
    async with linked_bot(wired, store, clock) as (h, boxes):
        await say(h, TG, TG_ANA, "/remember home_city=Lisbon")
        await link(h, boxes)
        await say(h, DC, DC_ANA, "I adopted a parrot called Kiwi")
        told = rows(h, "SELECT text FROM episodes WHERE user_id = :u", u=f"{TG}:{TG_ANA}")
        assert any("Kiwi" in str(r[0]) for r in told)
        replies = await h.bot.on_message(msg(h, DC, DC_ANA, "/forgetme"))
        choices = replies[0].buttons
        assert [len(r) for r in choices] == [1, 1, 1]
        assert "Only this Discord" in choices[1][0].label
        result = await press(h, DC, DC_ANA, choices[1][0].data)
        assert result.edit is not None and "unlinked" in result.edit
        person = f"{TG}:{TG_ANA}"
        # The Discord conversation is gone from the person's store; memories stay.
        said = [
            str(r[0]) for r in rows(h, "SELECT text FROM episodes WHERE user_id = :u", u=person)
        ]
        assert not any("Kiwi" in s for s in said)
        assert "Lisbon" in await say(h, TG, TG_ANA, "/memories")
        assert "No memories yet" in await say(h, DC, DC_ANA, "/memories")
        assert rows(h, "SELECT COUNT(*) FROM link_codes") == [(0,)] or all(
            r[0] != f"{DC}:{DC_ANA}" for r in rows(h, "SELECT claimed_by FROM link_codes")
        )
        assert [i.identity for i in await h.memory.linked_identities(person)] == [person]


async def test_forgetme_everything_erases_every_linked_identity(
    wired: Callable[..., Any], store: Path | str, clock: ManualClock
) -> None:
    async with linked_bot(wired, store, clock) as (h, boxes):
        await say(h, TG, TG_ANA, "/remember home_city=Lisbon")
        await say(h, DC, DC_ANA, "/remember music=jazz")
        await link(h, boxes)
        replies = await h.bot.on_message(msg(h, DC, DC_ANA, "/forgetme"))
        result = await press(h, DC, DC_ANA, replies[0].buttons[0][0].data)
        assert result.notice == "Deleted"
        person = f"{TG}:{TG_ANA}"
        assert await h.memory.owner_of(f"{DC}:{DC_ANA}") == f"{DC}:{DC_ANA}"
        with h.memory.db.read() as conn:
            assert user_data.leftovers(conn, person) == {}
            assert user_data.leftovers(conn, f"{DC}:{DC_ANA}") == {}
        assert rows(h, "SELECT COUNT(*) FROM link_codes") == [(0,)]
        assert rows(h, "SELECT COUNT(*) FROM identities") == [(0,)]
        for who in (person, f"{DC}:{DC_ANA}"):
            assert "No memories yet" in await say(h, *who.split(":"), "/memories")


@pytest.mark.parametrize("store", ["sqlite"], indirect=True)
async def test_questions_reach_a_linked_person_where_they_last_wrote_privately(
    wired: Callable[..., Any], store: Path | str, clock: ManualClock
) -> None:
    async with linked_bot(wired, store, clock) as (h, boxes):
        await link(h, boxes)
        person = f"{TG}:{TG_ANA}"
        await say(h, DC, DC_ANA, "hello there")
        target = await h.runtime.notifier.private_target(person)
        assert target == Target(DC, DC_ANA, DC_ANA)
        await say(h, TG, TG_ANA, "hello again")
        assert await h.runtime.notifier.private_target(person) == Target(TG, TG_ANA, TG_ANA)


async def test_a_merge_a_dead_process_left_is_finished_at_the_next_start(
    wired: Callable[..., Any], store: Path | str, clock: ManualClock
) -> None:
    async with linked_bot(wired, store, clock) as (h, _boxes):
        person, joiner = f"{TG}:{TG_ANA}", f"{DC}:{DC_ANA}"
        await say(h, TG, TG_ANA, "/remember home_city=Lisbon")
        await say(h, DC, DC_ANA, "/remember music=jazz")
        code = code_in(await say(h, TG, TG_ANA, "/link"))
        await say(h, DC, DC_ANA, f"/link {code}")
        (code_id,) = next(iter(rows(h, "SELECT id FROM link_codes WHERE status = 'claimed'")))
        # Ana says yes; the process dies right after the link's transaction, merging nothing.
        limits = h.memory.config.link_limits
        await h.memory.run(
            Lane.REPLY, linking.begin_settle, h.memory, person, int(code_id), True, limits
        )
        assert await h.memory.owner_of(joiner) == person
        assert values(h, person) == {"Ana's home city is Lisbon."}
        # The next start finishes it: merged, the joining store erased, once.
        assert await h.memory.resume_links() == 1
        assert values(h, person) == {"Ana's home city is Lisbon.", "Ana's music is jazz."}
        assert rows(h, "SELECT COUNT(*) FROM facts WHERE user_id = :u", u=joiner) == [(0,)]
        assert await h.memory.resume_links() == 0


async def test_erasing_one_platform_cut_short_is_finished_at_the_door(
    wired: Callable[..., Any],
    store: Path | str,
    clock: ManualClock,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The identity whose key names the person's memory leaves it: a crash after its own
    store (with its new owner mapping) was swept, before the mapping was written again, left
    it resolving to the person's memory. The request is on record, so the door finishes the
    erasure before letting the identity in — it never reads the memory it left."""
    from memory_core.store import identities
    from memory_core.user import erase

    async with linked_bot(wired, store, clock) as (h, boxes):
        await say(h, TG, TG_ANA, "/remember home_city=Lisbon")
        await link(h, boxes)
        await say(h, TG, TG_ANA, "I adopted a parrot called Kiwi")
        person, tg = f"{TG}:{TG_ANA}", f"{TG}:{TG_ANA}"
        real = erase.leftovers

        def crash(*_args: Any) -> dict[str, int]:
            raise RuntimeError("killed")

        monkeypatch.setattr(erase, "leftovers", crash)
        with pytest.raises(RuntimeError):
            await h.memory.erase_identity(tg)
        monkeypatch.setattr(erase, "leftovers", real)
        with h.memory.db.read() as conn:
            assert set(erase.pending_identities(conn)) == {tg}
            assert identities.owner_of(conn, tg) == person  # the mapping is gone meanwhile
        said = rows(h, "SELECT text FROM episodes WHERE user_id = :u", u=person)
        assert not any("Kiwi" in str(r[0]) for r in said)
        # Seen again: finished first, then let in with its own, empty memory.
        assert "No memories yet" in await say(h, TG, TG_ANA, "/memories")
        assert await h.memory.owner_of(tg) != person
        assert "Lisbon" in await say(h, DC, DC_ANA, "/memories")
        with h.memory.db.read() as conn:
            assert erase.pending_identities(conn) == {}
        assert await h.memory.resume_erasures() == []
        assert [i.identity for i in await h.memory.linked_identities(person)] == [f"{DC}:{DC_ANA}"]
