"""Voice of issue 23 (session 17, second pass): a statement is acknowledged once, not once
as its slot and again as its own note quoted, and a French or Spanish liking keeps the
article the user said ("tu aimes le jazz", not "tu aimes jazz")."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from memory_core.clock import ManualClock
from tests.factories import START


@pytest.mark.parametrize(
    ("said", "quoted"),
    [
        ("Desde hace un año soy viuda.", "viuda"),
        ("Je suis veuve depuis peu.", "veuve"),
        ("Я вдова уже два года.", "вдова"),
    ],
)
async def test_a_state_is_not_quoted_again_beside_its_slot(
    tmp_path: Path, console: Callable[..., Any], said: str, quoted: str
) -> None:
    """ "Entendido: enviudaste y «Soy viuda»": the note of the same sentence says nothing
    the slot does not, so it is not quoted (it may still be kept)."""
    async with console(tmp_path / "m.db", ManualClock(START)) as s:
        out = await s.say(said)
    assert not re.search(rf"\b{quoted}\b", out.lower()), out
    assert not re.search("[«“„]", out), out


@pytest.mark.parametrize(
    ("said", "shown"),
    [
        ("Je fais de la poterie le week-end.", "la poterie"),
    ],
)
async def test_a_liking_keeps_the_users_article(
    tmp_path: Path, console: Callable[..., Any], said: str, shown: str
) -> None:
    async with console(tmp_path / "m.db", ManualClock(START)) as s:
        out = await s.say(said)
    assert shown in out.lower(), out
