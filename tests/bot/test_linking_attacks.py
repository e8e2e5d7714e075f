"""Linking attacked as a careless user would: unlink then erase, unlink then relink, both
directions, a turn still being learned while the link settles (both stores)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from memory_core.clock import ManualClock
from tests.bot.test_linking import (
    DC,
    DC_ANA,
    TG,
    TG_ANA,
    code_in,
    link,
    linked_bot,
    msg,
    press,
    say,
)


async def test_forgetme_after_unlink_does_not_hand_back_the_memory_the_identity_left(
    wired: Callable[..., Any], store: Path | str, clock: ManualClock
) -> None:
    async with linked_bot(wired, store, clock) as (h, boxes):
        await say(h, TG, TG_ANA, "/remember home_city=Lisbon")
        await link(h, boxes)
        await say(h, TG, TG_ANA, "/unlink")
        await say(h, TG, TG_ANA, "/remember drink=coffee")
        replies = await h.bot.on_message(msg(h, TG, TG_ANA, "/forgetme"))
        result = await press(h, TG, TG_ANA, replies[0].buttons[0][0].data)
        assert result.notice == "Deleted"
        # Telegram left the memory Discord keeps: erasing Telegram's must not map it back.
        shown = await say(h, TG, TG_ANA, "/memories")
        assert "Lisbon" not in shown and "coffee" not in shown
        assert "Lisbon" in await say(h, DC, DC_ANA, "/memories")


async def test_unlink_then_relink_and_the_reverse_direction(
    wired: Callable[..., Any], store: Path | str, clock: ManualClock
) -> None:
    async with linked_bot(wired, store, clock) as (h, boxes):
        await say(h, TG, TG_ANA, "/remember home_city=Lisbon")
        await link(h, boxes)
        # B→A while linked: already linked.
        code = code_in(await say(h, DC, DC_ANA, "/link"))
        assert "linked already" in await say(h, TG, TG_ANA, f"/link {code}")
        # Own code.
        assert "other platform" in await say(h, DC, DC_ANA, f"/link {code}")
        await say(h, TG, TG_ANA, "/unlink")
        await say(h, TG, TG_ANA, "/remember drink=coffee")
        result = await link(h, boxes)
        assert result.edit is not None and "Linked" in result.edit
        for who in (TG_ANA, DC_ANA):
            shown = await say(h, TG if who == TG_ANA else DC, who, "/memories")
            assert "Lisbon" in shown and "coffee" in shown, shown


async def test_a_turn_still_being_learned_when_the_link_settles_is_not_lost(
    wired: Callable[..., Any], store: Path | str, clock: ManualClock
) -> None:
    async with linked_bot(wired, store, clock) as (h, boxes):
        code = code_in(await say(h, TG, TG_ANA, "/link"))
        await say(h, DC, DC_ANA, f"/link {code}")
        # Discord tells a fact; the learner has not run yet when the issuer confirms.
        await h.bot.on_message(msg(h, DC, DC_ANA, "home_city=Porto"))
        _, question = boxes[TG].sent[-1]
        await press(h, TG, TG_ANA, question.buttons[0][0].data)
        await h.settle()
        shown = await say(h, DC, DC_ANA, "/memories")
        assert "Porto" in shown, shown


@pytest.mark.parametrize("store", ["sqlite"], indirect=True)
async def test_linking_leaves_the_table_rewrite_to_the_scheduled_job(
    wired: Callable[..., Any],
    store: Path | str,
    clock: ManualClock,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from memory_core.user import erase as user_data

    calls: list[dict[str, Any]] = []
    delete_user = user_data.delete_user

    async def spy(memory: Any, user_id: str, **kw: Any) -> Any:
        calls.append(kw)
        return await delete_user(memory, user_id, **kw)

    monkeypatch.setattr(user_data, "delete_user", spy)
    async with linked_bot(wired, store, clock) as (h, boxes):
        await say(h, DC, DC_ANA, "/remember music=jazz")
        await link(h, boxes)
    # Any user may link: the joining store's erasure must not VACUUM FULL every user's tables
    # on PostgreSQL (as /forgetme, the scheduled rewrite job does it).
    assert calls == [{"rewrite": False}]


@pytest.mark.parametrize("store", ["sqlite"], indirect=True)
async def test_the_operators_export_and_delete_by_a_linked_identity_reach_the_person(
    wired: Callable[..., Any], store: Path | str, clock: ManualClock
) -> None:
    from memory_core import Operations

    async with linked_bot(wired, store, clock) as (h, boxes):
        await say(h, TG, TG_ANA, "/remember home_city=Lisbon")
        await link(h, boxes)
        await say(h, DC, DC_ANA, "/remember music=jazz")
        # An access request names the Discord account: its memory is the person's.
        exported = Operations(h.memory.db).export_user(f"{DC}:{DC_ANA}")
        assert "jazz" in str(exported) and "Lisbon" in str(exported)
        # So does an erasure request.
        erasure = await Operations.erase_user(h.memory, f"{DC}:{DC_ANA}")
        assert erasure.left == {} and erasure.removed
        for platform, user in ((TG, TG_ANA), (DC, DC_ANA)):
            assert "No memories yet" in await say(h, platform, user, "/memories")
        assert await h.memory.owner_of(f"{DC}:{DC_ANA}") == f"{DC}:{DC_ANA}"
