""" "Who is <name>?" about a pet or a thing the user named is answered in the user's language:
it said "Me dijiste: your cat is named Bigotes." (the stored English sentence)."""

from __future__ import annotations

from pathlib import Path

import pytest

from memory_core.clock import ManualClock
from tests.factories import START


@pytest.mark.parametrize(
    ("told", "asked", "wanted"),
    [
        ("Tengo un gato que se llama Bigotes.", "¿Quién es Bigotes?", "gato"),
        ("Ich habe einen Hund namens Bruno.", "Wer ist Bruno?", "Hund"),
    ],
)
async def test_who_is_a_pet_is_answered_in_the_users_language(
    console,  # type: ignore[no-untyped-def]
    tmp_path: Path,
    told: str,
    asked: str,
    wanted: str,
) -> None:
    async with console(tmp_path / "m.db", ManualClock(START), user="lu") as s:
        await s.say(told)
        said = await s.say(asked)
    assert wanted in said, said
    assert not any(w in said.split() for w in ("your", "is", "named", "cat", "dog")), said
