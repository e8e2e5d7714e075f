"""Every slot the offline extractor fills is said in the user's language: an acknowledgement in
German, Spanish, French or Russian holds no English words but the user's own (the value they
gave, or their sentence quoted) — "Alles klar — you work as Krankenschwester" was possible for
every slot but the ten that had a phrase."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.i18n import t
from bot.responder import _noted_words
from bot.slots import slot_words
from bot.wording import REPLY_LANGUAGE
from memory_core.extract import Candidate, TurnInput, extract_rules

NOW = datetime(2026, 3, 10, 12, 0, tzinfo=UTC)
LANGUAGES = ("de", "es", "fr", "ru")

#: One way of saying each slot the offline rules fill with a value. The slots were listed by
#: running the extractor over the MSC dev personas and reading every rule's ``fact(…)`` call
#: (``memory_core/extract/patterns_*.py``); keys with no value ("habit.…", "trait.…") are
#: the user's sentence, quoted.
SAYINGS: dict[str, str] = {
    "job_title": "I work as a nurse.",
    "employer": "I work at St Mary's Hospital.",
    "home_city": "I live in Lisbon.",
    "home_country": "I live in Portugal.",
    "origin": "I'm from Brazil.",
    "origin.birthplace": "I was born in Nairobi.",
    "allergy.*": "I'm allergic to penicillin.",
    "pet.cat.name": "My cat is called Miso.",
    "pet.dog.name": "I have a dog named Rex.",
    "pet.name": "I have a pet named Jasper.",
    "pet.*.name": "I have a rabbit named Thumper.",
    "pet.*.birthday": "My dog's birthday is on 1 April.",
    "name": "My name is Ana.",
    "age": "I am 34 years old.",
    "language.*": "I speak Portuguese.",
    "likes.*": "I love green tea.",
    "dislikes.*": "I don't like olives.",
    "favorite.*": "My favourite movie is Alien.",
    "goal.*": "I want to run a marathon.",
    "project.*": "I'm building a boat.",
    "preference.*": "I prefer tea to coffee.",
    "preference.reply_language": "Always answer in Portuguese.",
    "diet": "I'm vegetarian.",
    "food_restriction.*": "I can't eat ice cream.",
    "health.*": "I have asthma.",
    "nationality": "I am American.",
    "preferred_name": "My friends call me Bubblegum.",
    "school": "I'm a student at Michigan State University.",
    "birthday": "My birthday is December 20th.",
    "birth_year": "I was born in 1990.",
    "pronouns": "My pronouns are she/her.",
    "timezone": "My time zone is CET.",
    "family.*.name": "My sister is called Eva.",
    "family.*.age": "I have a son named Leo who is 7.",
    "family.*.home": "My brother lives in Rome.",
    "family.*.birthday": "My mom's birthday is on 3 May.",
    "people.*.name": "My best friend is called Sam.",
    "person.*.job": "Mary is a therapist.",
    "person.*.age": "Muffles is 16 years old.",
    "person.*.employer": "Leo works at Google.",
    "person.*.home": "Leo lives in Paris.",
    "person.*.birthday": "Tom's birthday is on 4 July.",
    "date.*": "Our anniversary is on 12 June.",
}
_NAMED = re.compile(r"^(family|people|pet)\.[^.]+\.[^.]+\.(\w+)$")


def slot_of(key: str) -> str:
    """The slot a key fills, its user-chosen parts as ``*`` ("family.son.leo.age" →
    "family.*.age")."""
    if key in SAYINGS:
        return key
    if m := _NAMED.match(key):
        return f"{m.group(1)}.*.{m.group(2)}"
    head, _, rest = key.partition(".")
    if rest and f"{head}.*" in SAYINGS:
        return f"{head}.*"
    parts = key.split(".")
    return f"{parts[0]}.*.{parts[-1]}" if len(parts) == 3 else key


def filled(sentence: str) -> list[Candidate]:
    """The candidates with a value that a sentence gives."""
    return [c for c in extract_rules(TurnInput(sentence, NOW)) if c.value]


#: English words that are no word of German, Spanish, French or Russian.
_ENGLISH = re.compile(
    r"\b(?:you|your|you're|yours|is|are|was|were|the|and|called|named|like|likes|live|lives|"
    r"work|works|years|old|from|speak|favou?rite|born|birthday|want|wants|prefer|prefers|"
    r"diet|eat|have|has|with|at|of|to|study|pet|pronouns|time|zone)\b",
    re.IGNORECASE,
)
_QUOTED = re.compile(r"“[^”]*”|«[^»]*»|„[^“]*“")


def english_left(said: str, cand: Candidate) -> list[str]:
    """English words in ``said`` beyond the user's own: the value they gave, a name or an
    event word taken from the key, and their sentence quoted."""
    rest = _QUOTED.sub(" ", said)
    words = [str(cand.value), *cand.key.split(".")[1:]]
    for word in sorted(words, key=len, reverse=True):
        for part in (word, word.replace("_", " ")):
            rest = re.sub(re.escape(part), " ", rest, flags=re.IGNORECASE)
    return _ENGLISH.findall(rest)


def test_every_slot_has_a_saying_that_fills_it() -> None:
    """The table walks every slot: each saying fills the slot it stands for."""
    for slot, sentence in SAYINGS.items():
        assert slot in [slot_of(c.key) for c in filled(sentence)], (slot, sentence)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_an_acknowledgement_says_every_slot_without_english(lang: str) -> None:
    """Every key × language: the slot's own phrase (never ``None``), and the acknowledgement
    holds no English word around the user's value."""
    token = REPLY_LANGUAGE.set(lang)
    try:
        bad = []
        for sentence in SAYINGS.values():
            for cand in filled(sentence):
                phrase = slot_words(lang, cand.key, cand.value, cand.value_text)
                noted = _noted_words(cand, None)
                left = english_left(noted, cand)
                if phrase is None or left:
                    bad.append((cand.key, noted, left))
    finally:
        REPLY_LANGUAGE.reset(token)
    assert not bad, "\n".join(map(repr, bad))


def test_the_english_scan_finds_what_the_bot_used_to_say() -> None:
    cand = filled("I'm vegetarian.")[0]
    assert english_left("Alles klar — you are vegetarian.", cand) == ["you", "are"]
    assert english_left("du ernährst dich vegetarisch", cand) == []
    assert english_left("„I'm vegetarian“", cand) == []  # their own words, quoted


@pytest.mark.parametrize(
    ("lang", "sentence", "said"),
    [
        ("de", "I'm vegetarian.", "du ernährst dich vegetarisch"),
        ("fr", "My birthday is December 1st.", "ton anniversaire est le 1er décembre"),
        ("es", "Our anniversary is on 12 June.", "el 12 de junio: anniversary"),
        ("ru", "I have a son named Leo who is 7.", "твой сын — Leo"),
        (
            "de",
            "My best friend is called Sam.",
            "dein bester Freund oder deine beste Freundin heißt Sam",
        ),
        ("fr", "Muffles is 16 years old.", "Muffles a 16 ans"),
        ("ru", "Muffles is 21 years old.", "Muffles: 21 год"),
        ("de", "I don't like olives.", "du magst olives nicht"),
    ],
)
def test_a_slot_is_said_as_its_language_says_it(lang: str, sentence: str, said: str) -> None:
    cand = filled(sentence)[0]
    assert slot_words(lang, cand.key, cand.value, cand.value_text) == said


def test_a_slot_said_to_be_over_is_said_as_over() -> None:
    """ "I don't live in Berlin any more" fills ``home_city`` = Berlin, ending it: "du wohnst
    in Berlin" would say the opposite, so the ending's own phrase says it ("du wohnst nicht
    mehr in Berlin"); a slot with no ending phrase is not said as if it held."""
    (cand,) = filled("I don't live in Berlin any more.")
    ended = "du wohnst nicht mehr in Berlin"
    assert slot_words("de", cand.key, cand.value, cand.value_text) == ended
    token = REPLY_LANGUAGE.set("de")
    try:
        assert _noted_words(cand, None) == ended
    finally:
        REPLY_LANGUAGE.reset(token)
    # "does not live" (never lived there) has no ending phrase.
    assert slot_words("de", "home_city", "Berlin", "The user does not live in Berlin.") is None


async def test_a_german_introduction_is_acknowledged_in_german(tmp_path: Path) -> None:
    """Was "Alles klar — you are vegetarian und du arbeitest als Krankenschwester."."""
    from memory_core.clock import ManualClock
    from tests.bot.conftest import ConsoleSession
    from tests.factories import START

    async with ConsoleSession(tmp_path / "m.db", ManualClock(START), embedder="none") as s:
        noted = await s.say("Ich bin Vegetarier und arbeite als Krankenschwester.")
    assert "du arbeitest als Krankenschwester" in noted, noted
    assert "du ernährst dich vegetarisch" in noted and "vegetarian" not in noted, noted


def test_what_the_language_models_tools_saved_is_said_in_the_users_language() -> None:
    """With a model, the app adds "Saved to memory: …" from the catalogue: its fact was the
    English sentence ("Gemerkt: you live in Köln (#4).")."""
    from bot.responder import acknowledgement
    from memory_core.types import ToolChange
    from memory_core.values import Category
    from tests.factories import fact

    home = fact(4, "Ana lives in Köln.", Category.IDENTITY, key="home_city", value="Köln")
    said = acknowledgement([ToolChange("remembered", home)], "Ana", "de")
    assert said == "Gemerkt: du wohnst in Köln (#4).", said
    english = acknowledgement([ToolChange("remembered", home)], "Ana", "en")
    assert english == "Saved to memory: you live in Köln (#4).", english


@pytest.mark.parametrize("lang", ("en", *LANGUAGES))
def test_a_favourite_keeps_its_topic_in_every_language(lang: str) -> None:
    """ "My favorite band is the who." is "your favourite band: the who", not "your favourite:
    the who" (whose band?); a topic without a phrase keeps the user's word."""
    band = slot_words(lang, "favorite.band", "the who")
    assert band is not None and band.endswith("the who")
    assert band != t(lang, "your favourite: {value}", value="the who")
    if lang == "en":
        assert band == "your favourite band: the who"
        assert (
            slot_words(lang, "favorite.board_game", "chess") == "your favourite board game: chess"
        )


@pytest.mark.parametrize(
    ("lang", "sentence", "said"),
    [
        ("ru", "У меня есть кот Барсик.", "твоего кота зовут Барсик"),
        ("ru", "Моего кота зовут Барсик.", "твоего кота зовут Барсик"),
        ("ru", "У меня есть кошка Мурка.", "твою кошку зовут Мурка"),
        ("ru", "У меня есть пёс Шарик.", "твоего пса зовут Шарик"),
        ("de", "Wir haben einen Kater namens Felix.", "dein Kater heißt Felix"),
        ("de", "Ich habe eine Hündin namens Bella.", "deine Hündin heißt Bella"),
        ("es", "Tengo una gata que se llama Luna.", "tu gata se llama Luna"),
        ("fr", "J'ai une chienne qui s'appelle Praline.", "ta chienne s'appelle Praline"),
        ("fr", "Mon chat s'appelle Filou.", "ton chat s'appelle Filou"),
    ],
)
def test_a_pet_is_named_with_the_word_the_user_gave_it(lang: str, sentence: str, said: str) -> None:
    """ "у меня есть кот Барсик" was said back as "твою кошку зовут Барсик": the species word
    the user chose (a tomcat, a bitch) keeps its gender in the reply."""
    cands = [c for c in extract_rules(TurnInput(sentence, NOW)) if c.value]
    (pet,) = [c for c in cands if c.key.startswith("pet.")]
    assert slot_words(lang, pet.key, pet.value, pet.value_text) == said


@pytest.mark.parametrize(
    ("lang", "sentence", "said"),
    [
        ("de", "wir wohnen seit 2019 in Köln", "du wohnst seit 2019 in Köln"),
        ("es", "Vivimos en Zaragoza desde 2018", "vives en Zaragoza desde 2018"),
        ("ru", "Я живу в Казани с 2019 года", "ты живёшь в городе Казань с 2019 года"),
    ],
)
def test_a_home_said_with_its_year_keeps_the_year(lang: str, sentence: str, said: str) -> None:
    """ "seit 2019" is the home's start (its note is no longer kept beside the slot), so the
    slot's phrase says it: "since when do I live here?" is answered."""
    (home,) = [c for c in extract_rules(TurnInput(sentence, NOW)) if c.key == "home_city"]
    assert home.valid_from is not None and str(home.valid_from.year) in said
    assert slot_words(lang, home.key, home.value, home.value_text) == said


@pytest.mark.parametrize("lang", LANGUAGES)
def test_what_is_played_is_said_with_its_own_phrase(lang: str) -> None:
    """ "Ich spiele Volleyball im Verein" → ``habit.play_volleyball``: the slot's phrase around the
    user's word, never the stored English sentence ("You play Volleyball im Verein")."""
    said = slot_words(lang, "habit.play_volleyball", "Volleyball", "The user plays Volleyball.")
    assert said is not None
    assert "Volleyball" in said
    assert "user" not in said.lower()


@pytest.mark.parametrize(
    ("lang", "said", "phrase"),
    [
        ("de", "Wieder Single seit Mai.", "du bist Single"),
        ("fr", "Divorcée depuis l'an dernier.", "tu as divorcé"),
        ("ru", "Снова одна.", "у тебя нет пары"),
    ],
)
def test_a_relationship_status_said_alone_is_said_in_the_users_language(
    lang: str, said: str, phrase: str
) -> None:
    """A status has no value ("relationship.divorced"): the acknowledgement said it in English
    ("C'est noté — you're divorced")."""
    found = extract_rules(TurnInput(said, datetime(2026, 3, 2, tzinfo=UTC)))
    states = [c for c in found if c.key.startswith("relationship.")]
    assert states, found
    assert slot_words(lang, states[0].key, states[0].value, states[0].value_text) == phrase


def test_the_group_a_user_plays_in_is_not_said_as_what_they_play() -> None:
    """ "Ich spiele … Bratsche in einem Laienorchester" was acknowledged and answered "du
    spielst Laienorchester" (the group's key looked like a game played)."""
    found = extract_rules(
        TurnInput(
            "Ich spiele seit Jahren Cello in einem Kammerorchester.",
            datetime(2026, 3, 2, tzinfo=UTC),
        )
    )
    for c in found:
        said = slot_words("de", c.key, c.value, c.value_text) or ""
        assert "spielst Kammerorchester" not in said, (c.key, said)
