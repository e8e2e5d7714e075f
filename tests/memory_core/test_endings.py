"""What the user says ended, in German, Spanish, French and Russian (``extract.endings``): the
old value valid only until now, never read as true again ("ya no vivo en …" was read as
"vivo en …"), and a move's new place read beside it ("…, ahora estamos en …")."""

from __future__ import annotations

import pytest

from memory_core.extract.base import TurnInput
from memory_core.extract.rules import extract_rules
from tests.factories import START

#: (line, key, value) — the value ended: valid until the moment it was said.
ENDED = [
    ("Ich wohne nicht mehr in Dresden.", "home_city", "Dresden"),
    ("Wir leben nicht mehr in Jena.", "home_city", "Jena"),
    ("Ich bin kein Koch mehr.", "job_title", "Koch"),
    ("Ich arbeite nicht mehr bei Bosch.", "employer", "Bosch"),
    ("Ya no vivimos en Toledo.", "home_city", "Toledo"),
    ("Ya no soy camarera.", "job_title", "camarera"),
    ("Je n'habite plus à Dijon.", "home_city", "Dijon"),
    ("Je ne travaille plus chez Michelin.", "employer", "Michelin"),
    ("Я больше не живу в Самаре.", "home_city", "Самара"),
    ("Я уже не работаю водителем.", "job_title", "водитель"),
]


def _read(line: str) -> list:
    return extract_rules(TurnInput(user_text=line, time=START))


@pytest.mark.parametrize(("line", "key", "value"), ENDED)
def test_an_ending_is_read_as_ended_never_as_true(line: str, key: str, value: str) -> None:
    found = [c for c in _read(line) if c.key == key]
    assert found, _read(line)
    assert all(c.valid_to == START for c in found), found
    assert all("no longer" in c.value_text for c in found), found
    assert {c.value for c in found} == {value}
    # The note would only say the ending again.
    assert not [c for c in _read(line) if c.key.startswith("note.")]


#: (line, the old place, the new place): a move said as an ending and where the user is now.
MOVES = [
    ("Ya no vivimos en Toledo, ahora estamos en Cuenca.", "Toledo", "Cuenca"),
    ("Я больше не живу в Самаре, теперь мы в Уфе.", "Самара", "Уфа"),
    ("Ich wohne nicht mehr in Jena, jetzt sind wir in Gera.", "Jena", "Gera"),
    ("Je n'habite plus à Dijon, on est à Besançon maintenant.", "Dijon", "Besançon"),
    ("I don't live in Derby anymore, we're in Hull now.", "Derby", "Hull"),
]


@pytest.mark.parametrize(("line", "old", "new"), MOVES)
def test_a_move_said_as_an_ending_gives_the_new_home(line: str, old: str, new: str) -> None:
    homes = [c for c in _read(line) if c.key == "home_city"]
    assert [(c.value, c.valid_to) for c in homes] == [(new, None)], homes


#: "Now" alone may be a trip: never a home of its own (at most a change asked about), and
#: none at all with a word of a stay.
@pytest.mark.parametrize(
    ("line", "asked"),
    [
        ("Wir sind jetzt in Rom, das Wetter ist super.", True),
        ("Ahora estamos en Roma de vacaciones.", False),
        ("We're in Lisbon now for a week.", False),
    ],
)
def test_now_somewhere_alone_is_no_home(line: str, asked: bool) -> None:
    homes = [c for c in _read(line) if c.key == "home_city"]
    assert all(c.changes for c in homes), homes
    assert bool(homes) == asked, homes


#: Words of an ending that end nothing the bot keeps: no fact said as true.
@pytest.mark.parametrize(
    "line", ["Ich habe keine Lust mehr auf Regen.", "Ya no tengo hambre.", "Je n'ai plus faim."]
)
def test_an_ending_of_nothing_kept_stores_no_slot(line: str) -> None:
    assert not [c for c in _read(line) if not c.key.startswith("note.")]


@pytest.mark.parametrize(
    "line", ["Wir sind jetzt in Gera.", "We're now in Hull.", "Теперь мы в Уфе."]
)
def test_now_somewhere_is_only_a_change(line: str) -> None:
    """Said with "now" and no word of a move: a change of the told home (asked about),
    never a first one — the sentence's note is kept beside it."""
    homes = [c for c in _read(line) if c.key == "home_city"]
    assert [c.changes for c in homes] == [True], homes
    assert [c for c in _read(line) if c.key.startswith("note.")]
