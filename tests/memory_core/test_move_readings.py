"""Moves said the way people chat, in five languages: a particle or adverb inside the verb
("переехали наконец в", "on a enfin déménagé à", "we've moved out to"), a move just made
("je viens de déménager à", "me acabo de mudar a"), a move with no pronoun ("Endlich nach …
umgezogen!"), and a move named by its noun beside a
"now" ("Umzug erledigt — jetzt leben wir in …") read the new home — said as a move, never as
a "now" that may be a trip. A "now" with no move, and a planned move, still are not."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memory_core.extract.base import Candidate, TurnInput
from memory_core.extract.rules import extract_rules

NOW = datetime(2026, 3, 2, 9, 30, tzinfo=UTC)


def homes(text: str) -> list[Candidate]:
    """The home candidates the rules read in ``text``."""
    return [c for c in extract_rules(TurnInput(text, NOW, user_name="Ana")) if c.key == "home_city"]


@pytest.mark.parametrize(
    ("text", "town"),
    [
        # a particle between the verb and the town / the participle
        ("Right, we've moved out to Whitby", "Whitby"),
        ("I've moved over to Hexham.", "Hexham"),
        ("Перебрались наконец в Рязань", "Рязань"),
        ("Переехали мы в Кострому!", "Кострома"),
        ("on a enfin déménagé à Brest !", "Brest"),
        ("Nous avons finalement déménagé à Colmar.", "Colmar"),
        ("Nos mudamos por fin a Lugo.", "Lugo"),
        # no pronoun
        ("Endlich nach Ilmenau umgezogen!", "Ilmenau"),
        ("Nach Bad Kissingen umgezogen.", "Bad Kissingen"),
        # a move just made
        ("Je viens de déménager à Vannes.", "Vannes"),
        ("Me acabo de mudar a Teruel.", "Teruel"),
        # a move named by its noun, and where the user is now
        ("So, Umzug durch – wir sind jetzt in Gotha", "Gotha"),
        ("Déménagement terminé, on est à Laval maintenant.", "Laval"),
        ("Mudanza terminada, ahora estamos en Huesca.", "Huesca"),
        ("Move done, we're in Whitby now.", "Whitby"),
        ("Переезд позади, теперь мы в Рязани.", "Рязань"),
    ],
)
def test_a_move_said_in_chat_reads_the_new_home_as_a_move(text: str, town: str) -> None:
    (home,) = homes(text)
    assert home.value == town
    assert home.stated and not home.changes  # a stated move: it stands if left unanswered


@pytest.mark.parametrize(
    "text",
    [
        "Wir sind jetzt in Rom.",  # maybe a trip
        "Wir planen einen Umzug, gerade sind wir in Rom im Urlaub.",
        "Der Umzug ist erst nächsten Monat, jetzt sind wir in Rom.",
        "Le déménagement est prévu, on est à Nice maintenant.",
    ],
)
def test_a_now_with_no_move_or_a_planned_one_is_only_a_change_to_ask(text: str) -> None:
    assert all(h.changes for h in homes(text))


@pytest.mark.parametrize(
    "text", ["We've moved to Whitby.", "Finally moved to Leeds!", "I've moved over to Hexham."]
)
def test_a_contraction_or_an_adverb_first_is_nobody_s_name(text: str) -> None:
    """ "We've moved to Whitby" stored "We've lives in Whitby." as someone's home."""
    keys = [c.key for c in extract_rules(TurnInput(text, NOW, user_name="Ana"))]
    assert not [k for k in keys if k.startswith("person.")], keys


@pytest.mark.parametrize(
    ("text", "town", "words"),
    [
        (
            "I live in Selby on the edge of town.",
            "Selby",
            "Ana lives in Selby on the edge of town.",
        ),
        ("We live in Ripon near the cathedral.", "Ripon", "Ana lives in Ripon near the cathedral."),
        (
            "I moved to Whitby on the coast.",
            "Whitby",
            "Ana moved to Whitby on the coast and lives there.",
        ),
    ],
)
def test_where_in_the_town_is_said_with_the_home_not_in_its_value(
    text: str, town: str, words: str
) -> None:
    """ "on the edge of town" made the whole phrase a free-form home (``home.selby_edge_town``),
    which a move then left beside the new ``home_city``."""
    (home,) = homes(text)
    assert (home.value, home.value_text) == (town, words)


def test_a_job_promotion_or_someone_elses_move_is_not_the_users_home() -> None:
    assert not homes("I moved up to senior manager.")
    assert not homes("Nach Ilmenau gezogen ist meine Schwester.")
