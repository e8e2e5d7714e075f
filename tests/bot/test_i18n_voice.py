"""The catalogue's voice: what the bot says to a user is second person, informal and
grammatical whoever the user is — no grammatical gender guessed for them (Russian past tense
"ты сказал", French "tu es sûr", Spanish "¿seguro?")."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from devtools import locales
from tests.bot.conftest import Harness


def msgstrs(lang: str) -> Iterator[tuple[object, str]]:
    """Every translation in a catalogue (each plural form on its own), with its msgid."""
    for entry in locales.read(lang):
        if not entry.id:
            continue
        forms = entry.string if isinstance(entry.string, tuple) else (entry.string,)
        for form in forms:
            yield entry.id, form


#: A clause: the words between two punctuation marks.
_CLAUSE = re.compile(r"[^.,;:!?—«»()\"“”]+")
#: Masculine past tense ("сказал", "рассказывал", "запросил", "ошибся") and the short
#: adjectives a speaker agrees with the listener ("уверен", "согласен").
_MASCULINE = re.compile(
    r"(?<![а-яё])(?:[а-яё]+(?:ал|ял|ел|ил|ыл|ол|ул|ёл|ёк)(?:ся)?"
    r"|уверен|согласен|готов|должен|рад|прав|один|сам|занят|доволен|свободен|обязан|способен"
    r"|сказал)(?![а-яё])"
)
_YOU = re.compile(r"(?<![а-яё])ты(?![а-яё])")


def masculine_you(text: str) -> list[str]:
    """The clauses of a Russian text that address "ты" in the masculine."""
    found = []
    for clause in _CLAUSE.findall(text.lower()):
        if _YOU.search(clause) and _MASCULINE.search(clause):
            found.append(clause.strip())
    return found


def test_the_gender_scan_finds_masculine_address_and_passes_neutral_wording() -> None:
    """The scan itself: it must catch what the catalogue used to say, and let through the
    neutral rewordings (present tense, impersonal, the bot's own "я понял")."""
    for said in (
        "Ты упомянул это 3 раза.",
        "Это удалит всё. Ты уверен?",
        "Раньше ты говорил мне: {old}.",
        "{day} ты сказал: «{quote}»",
        "Правильный вариант — так, как ты сказал бы в чате",
        "Мои впечатления (убрать те, с которыми ты не согласен)",
    ):
        assert masculine_you(said), said
    for said in (
        "С твоих слов: {facts}.",
        "Я понял, что ты живёшь в городе {value}.",
        "Это встречалось в твоих сообщениях 3 раза.",
        "Если хочешь поговорить, напиши мне.",
        "Я пока не знаю, как ты любишь {topic}.",
    ):
        assert not masculine_you(said), said


def test_russian_never_addresses_the_user_in_the_masculine() -> None:
    """A woman reading "ты сказал" / "ты уверен" is misgendered: every Russian entry that
    speaks of the user is worded without gender (present tense, "с твоих слов", impersonal)."""
    bad = [(msgid, clause) for msgid, text in msgstrs("ru") for clause in masculine_you(text)]
    assert not bad, "\n".join(f"{m!r}: {c!r}" for m, c in bad)


#: Words that give the listener a gender in French and Spanish ("tu es sûr", "¿seguro?",
#: "no tienes que pasar por esto solo", "toi seul").
GENDERED = {
    "fr": re.compile(
        r"\btu es (?:sûr|seul|prêt|content|certain|allé|venu|parti|arrivé)\b"
        r"|\btoi seul\b|\b(?:tout )?seul\b(?! un)|\bes-tu sûr\b",
        re.IGNORECASE,
    ),
    "es": re.compile(
        r"¿seguro\?|\b(?:estás|eres) (?:seguro|listo|solo|cansado|contento|bienvenido)\b"
        r"|\besto solo\b",
        re.IGNORECASE,
    ),
}


@pytest.mark.parametrize("lang", sorted(GENDERED))
def test_french_and_spanish_never_guess_the_users_gender(lang: str) -> None:
    bad = [(m, s) for m, s in msgstrs(lang) if GENDERED[lang].search(s)]
    assert not bad, "\n".join(f"{m!r}: {s!r}" for m, s in bad)


# ---- a place inside a sentence -------------------------------------------------------------


def told(lang: str, key: str, value: str) -> str:
    """How the offline responder says a slot fact back in ``lang``."""
    from bot.responder import told_words
    from bot.wording import REPLY_LANGUAGE
    from tests.factories import fact

    token = REPLY_LANGUAGE.set(lang)
    try:
        return told_words(fact(1, f"The user lives in {value}.", key=key, value=value), None)
    finally:
        REPLY_LANGUAGE.reset(token)


@pytest.mark.parametrize(
    ("lang", "key", "value", "said"),
    [
        ("fr", "home_country", "France", "tu habites en France"),
        ("fr", "home_country", "Canada", "tu habites au Canada"),
        ("fr", "home_country", "United States", "tu habites aux United States"),
        ("fr", "home_city", "Lyon", "tu habites à Lyon"),
        ("fr", "home_city", "Le Havre", "tu habites au Havre"),
        ("fr", "home_city", "Portugal", "tu habites au Portugal"),  # a country in the town slot
        ("fr", "origin", "Italy", "tu viens d'Italy"),
        ("fr", "origin", "Japon", "tu viens du Japon"),
        ("fr", "origin", "Amsterdam", "tu viens d'Amsterdam"),
        ("de", "home_country", "Schweiz", "du wohnst in der Schweiz"),
        ("de", "home_country", "Iran", "du wohnst im Iran"),
        ("de", "home_country", "USA", "du wohnst in den USA"),
        ("de", "home_city", "Berlin", "du wohnst in Berlin"),
        ("de", "origin", "Türkei", "du kommst aus der Türkei"),
        ("es", "home_country", "Francia", "vives en Francia"),
        ("ru", "home_city", "Лиссабон", "ты живёшь в городе Лиссабон"),
        ("ru", "home_country", "Франция", "ты живёшь в стране Франция"),
        ("ru", "home_city", "Lisbon", "ты живёшь в Lisbon"),
    ],
)
def test_a_place_takes_the_preposition_its_language_wants(
    lang: str, key: str, value: str, said: str
) -> None:
    """Regression: French said "tu habites à France" — one phrase for towns and countries."""
    assert told(lang, key, value) == said


def test_an_unknown_country_follows_the_french_spelling_rules() -> None:
    from bot.places import place

    assert place("fr", "Narnia", country=True) == "en Narnia"
    assert place("fr", "Wakanda", country=True) == "en Wakanda"
    assert place("fr", "Oz", country=True) == "en Oz"
    assert place("fr", "Genovia", country=False) == "à Genovia"
    assert place("fr", "Bhoutan", country=True) == "au Bhoutan"
    assert place("en", "Netherlands", country=True) == "in the Netherlands"


# ---- the weekly reflection -----------------------------------------------------------------


async def test_the_weekly_reflection_is_written_in_the_users_language_and_said_to_them(
    harness: Harness,
) -> None:
    """Offline, the reflection (saved as a memory, then posted) was English and about the
    user ("Ana's home city is Lisbon") under a German frame; now the whole post is German and
    in the second person — after a restart too, when the process has forgotten the language
    the user writes in (it is read from their stored messages)."""
    from bot.i18n import Languages
    from tests.bot.test_reflections import ten_am

    await harness.say(
        "Ich wohne jetzt in Köln, das solltest du dir merken: home_city=Köln",
        "Seit Montag arbeite ich bei einer neuen Firma: employer=Acme",
        "Meine Katze heißt übrigens Tom: pet.cat.name=Tom",
    )
    harness.runtime.notifier.languages = Languages()  # as after a restart
    posted = await harness.at(ten_am(harness))
    assert posted.startswith("bot> Hier ist mein Wochenrückblick"), posted
    assert "Neu: du wohnst in Köln; du arbeitest bei Acme; deine Katze heißt Tom." in posted
    assert "Ana" not in posted and "The user" not in posted and "home city" not in posted
    stored = harness.rows("SELECT value_text FROM facts WHERE kind = 'reflection'")
    assert stored[0][0].startswith("Die Woche vom "), stored


async def test_an_llm_reflection_is_asked_for_in_the_users_language_and_person() -> None:
    """The model is told the user's language and to speak to them; when it fails, the
    catalogue's writer stands in (not the English template)."""
    from datetime import timedelta

    from bot.reflections import ReflectionWords
    from memory_core.errors import LLMError
    from memory_core.jobs import LLMWriter
    from memory_core.jobs.llm_steps import REFLECTION_SYSTEM
    from memory_core.jobs.reflection import digest_of
    from memory_core.llm import ChatReply, Usage
    from memory_core.values import Category
    from tests.factories import NOW, fact

    facts = [fact(1, "Ana's home city is Lyon.", Category.IDENTITY, key="home_city", value="Lyon")]
    digest = digest_of("console:ana", facts, NOW - timedelta(days=7), NOW, language="fr")
    asked: list[str] = []

    class Model:
        fail = False

        async def chat(
            self, *, system: str, messages: list[dict[str, str]], max_tokens: int
        ) -> ChatReply:
            asked.append(system + "\n" + messages[-1]["content"])
            if self.fail:
                raise LLMError("overloaded")
            return ChatReply("Cette semaine, tu t'es installé à Lyon.", Usage("fake", 1, 1))

    model = Model()
    writer = LLMWriter(model, fallback=ReflectionWords("en"))  # type: ignore[arg-type]
    assert await writer.write(digest) == "Cette semaine, tu t'es installé à Lyon."
    assert "second person" in REFLECTION_SYSTEM and "Language (ISO 639-1): fr" in asked[0]
    model.fail = True
    assert "Nouveau : tu habites à Lyon." in await writer.write(digest)
