"""A fact of a known slot said in the user's language: the slot's own phrase around the value
the user gave ("du wohnst in Köln", "tu habites en France", "твою кошку зовут Мурка").

The value stays in the user's words (a memory is not translated); the words around it come
from the catalogue, and a place gets the preposition its language wants (``bot.places``).
The offline answers, the acknowledgement of what a message saved and the lists of memories
(/profile, /memories, /why) say a slot fact this way in any language but English, which turns
the stored sentence to the second person instead.
"""

from __future__ import annotations

from bot.i18n import N_, t
from bot.places import place

#: What a fact of a known slot says, around the value the user gave (kept in their words:
#: "du arbeitest als electrician").
SLOT_PHRASES: tuple[tuple[str, str], ...] = (
    ("job_title", N_("you work as {value}")),
    ("employer", N_("you work at {value}")),
    # i18n: {in_place} holds the place with its preposition ("à Lyon", "en France").
    ("home_city", N_("you live {in_place}")),
    ("home_country", N_("you live {in_place}")),
    # i18n: {from_place} holds the place with its preposition ("du Canada", "aus Berlin").
    ("origin", N_("you're {from_place}")),
    ("allergy", N_("you're allergic to {value}")),
    ("pet.cat.name", N_("your cat is called {value}")),
    ("pet.dog.name", N_("your dog is called {value}")),
    ("name", N_("your name is {value}")),
    # i18n: {value} is a number of years ("34").
    ("age", N_("you're {value} years old")),
    ("language", N_("you speak {value}")),
    ("likes", N_("you like {value}")),
)


def slot_words(lang: str, key: str, value: object) -> str | None:
    """The slot phrase of ``key`` in ``lang`` around ``value`` ("du wohnst in Köln"), or
    ``None``: no value, or a key without a phrase."""
    if not value or not isinstance(value, str | int | float):
        return None
    text = str(value).strip()
    if key == "age" and not text.isdigit():
        return None  # "in her thirties": no "{value} years old" around it
    for slot, phrase in SLOT_PHRASES:
        if key == slot or key.startswith(f"{slot}."):
            return t(lang, phrase, value=text, **_places(lang, key, text))
    return None


def _places(lang: str, key: str, value: str) -> dict[str, str]:
    """The place fields of a slot phrase: the preposition depends on the language and on
    whether the place is a town or a country ("à Lyon", "en France")."""
    if key.startswith("home_") or key == "origin":
        country = key.startswith("home_country") or None
        return {
            "in_place": place(lang, value, country=country),
            "from_place": place(lang, value, origin=True),
        }
    return {}
