"""A partnership that ends, end to end on a manual clock: "Single again." or "Divorciada desde
…" after a partner was named is asked about; once it stands (the button, or the question left
a week) the partner is kept as an ex — findable as "my ex-wife", "who is …?" — never silently
gone; a widowed user's spouse is never asked about or ended by a lapse."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from memory_core.clock import ManualClock
from memory_core.values import Fact, SearchFilters, Status
from tests.factories import START


async def _facts(s: Any) -> list[Fact]:
    facts: list[Fact] = await s.runtime.memory.list_facts(
        "console:ana", SearchFilters(statuses=tuple(Status)), limit=100
    )
    return facts


#: (the partner named, the ending, the question about the ex, the name, the question about a
#: partner now)
ENDINGS = [
    (
        "My wife is called Brigida.",
        "Single again.",
        "who is my ex?",
        "Brigida",
        "what's my wife's name?",
    ),
    (
        "Mi marido se llama Anselmo.",
        "Divorciada desde el verano.",
        "¿Cómo se llama mi exmarido?",
        "Anselmo",
        "¿Cómo se llama mi marido?",
    ),
    (
        "Mon mari s'appelle Gontran.",
        "Divorcée depuis l'automne.",
        "Comment s'appelle mon ex-mari ?",
        "Gontran",
        "Comment s'appelle mon mari ?",
    ),
]


@pytest.mark.parametrize("answered", [True, False], ids=["tapped", "lapsed"])
@pytest.mark.parametrize(("partner", "ending", "asked", "name", "now"), ENDINGS)
async def test_a_partnership_that_ends_keeps_the_partner_as_an_ex(
    tmp_path: Path,
    console: Callable[..., Any],
    partner: str,
    ending: str,
    asked: str,
    name: str,
    now: str,
    answered: bool,
) -> None:
    """The ending superseded the partner's name and nothing took its place: "what's my
    ex-wife's name?" found nothing."""
    clock = ManualClock(START)
    async with console(tmp_path / "m.db", clock, learning_wait_s=120.0) as s:
        await s.say(partner)
        await s.runtime.settle()
        clock.advance(days=1)
        await s.say(ending)
        await s.runtime.settle()
        if answered:
            await s.say("/tap 1")
        else:
            clock.advance(days=8)
            await s.runtime.jobs.run_expire()
        await s.runtime.settle()
        assert name in await s.say(asked)
        assert name not in await s.say(now)  # an ex is no partner now
        active = [f for f in await _facts(s) if f.status == Status.ACTIVE]
        keys = {f.key for f in active if name in f.value_text}
        assert keys and all(k.startswith("people.ex") for k in keys), keys
        assert not [f for f in active if f.key.startswith("family.")]
        await s.say("/undo")
        back = [f for f in await _facts(s) if f.status == Status.ACTIVE and name in f.value_text]
        assert {f.key.split(".")[0] for f in back} == {"family"}, back


@pytest.mark.parametrize(
    ("partner", "widowed", "asked", "name"),
    [
        (
            "My husband is called Evander.",
            "I'm a widow now.",
            "what's my husband's name?",
            "Evander",
        ),
        (
            "Mi mujer se llamaba Remedios.",
            "Soy viudo desde hace un año.",
            "¿Cómo se llama mi mujer?",
            "Remedios",
        ),
    ],
)
async def test_a_widowed_users_spouse_is_never_asked_about_or_ended(
    tmp_path: Path, console: Callable[..., Any], partner: str, widowed: str, asked: str, name: str
) -> None:
    """Widowed is no ending to confirm: no "which is right?", and a week later the spouse is
    still there to be asked about."""
    clock = ManualClock(START)
    async with console(tmp_path / "m.db", clock, learning_wait_s=120.0) as s:
        await s.say(partner)
        await s.runtime.settle()
        out = await s.say(widowed)
        await s.runtime.settle()
        assert "[1]" not in out, out
        clock.advance(days=8)
        await s.runtime.jobs.run_expire()
        assert name in await s.say(asked)
        assert not [f for f in await _facts(s) if f.status == Status.PENDING]
