"""A correction waiting for the user's answer is said beside the value it would replace: a
question asked meanwhile is not answered with the old value alone (issue 23)."""

from __future__ import annotations

from pathlib import Path

from bot.i18n import t
from memory_core.clock import ManualClock
from tests.factories import START


async def test_a_pending_note_is_said_beside_the_old_one(console, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """A note the categoriser files as identity ("where one grew up") corrected: the correction
    is asked about, and "¿Dónde crecí?" meanwhile quotes the new words as not confirmed yet,
    beside the old ones (it quoted only the old note: the pending one ranked below the
    runner-up's margin)."""
    async with console(tmp_path / "m.db", ManualClock(START), user="bea") as s:
        await s.say("Crecí en una granja cerca de Oviedo.")
        asked = await s.say("Perdona, crecí en una granja cerca de Lugo, no de Oviedo.")
        assert "Lugo" in asked and "Oviedo" in asked, asked  # the policy asks: kept
        assert s.runtime is not None
        await s.runtime.settle()
        said = await s.say("¿Dónde crecí?")
    assert "Lugo" in said and "Oviedo" in said, said
    assert t("es", "not confirmed yet") in said.split("Lugo", 1)[1].split("Oviedo")[0], said


async def test_a_correction_after_an_undone_one_is_asked_again(console, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """``/undo`` of a correction waiting for its answer drops the pending value; a correction
    told after it is asked about again (its question was left open with nothing to ask, so the
    next one was swallowed: "I'll change that only once you confirm", and no question came)."""
    async with console(tmp_path / "m.db", ManualClock(START), user="priya") as s:
        await s.say("I'm 34.")
        assert "35" in await s.say("Actually I'm 35, not 34.")
        await s.say("/undo")
        again = await s.say("Actually I'm 36, not 34.")
        assert "36" in again and "(type 1, 2 or 3 to choose)" in again, again
        await s.say("1")
        said = await s.say("how old am I?")
    assert "36" in said and "34" not in said, said


def test_a_pending_memory_is_listed_as_one_sentence() -> None:
    """ "#2 You're 35 (not confirmed yet)." in /memories, not "#2 You're 35. (not confirmed
    yet)": the mark belongs inside the sentence, in every language."""
    from bot.texts import fact_line
    from memory_core.values import Status
    from tests.factories import fact

    pending = fact(2, "Ana is 35.", key="age", status=Status.PENDING, value="35")
    assert fact_line(pending, "en", "Ana") == "#2 You're 35 (not confirmed yet)."
    told = fact(1, "Ana is 34.", key="age", value="34")
    assert fact_line(told, "en", "Ana") == "#1 You're 34."
    assert fact_line(pending, "es", "Ana").endswith(f"({t('es', 'not confirmed yet')}).")
