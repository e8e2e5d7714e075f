"""The catalogue's voice: what the bot says to a user is second person, informal and
grammatical whoever the user is — no grammatical gender guessed for them (Russian past tense
"ты сказал", French "tu es sûr", Spanish "¿seguro?")."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

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


# ---- the bot's own voice: no gender for itself either -------------------------------------

#: Clause-initial words that end like a masculine past tense but are nouns ("предел — 1 МБ").
_NOT_VERBS = frozenset({"предел", "раздел", "канал", "сигнал", "журнал", "материал", "финал"})
_ME = re.compile(r"(?<![а-яё])я(?![а-яё])")
_OPENING = re.compile(r"^(?:(?:не|уже|пока|ещё|тоже|всё)\s+)*(?P<w>[а-яё]+)")


def masculine_me(text: str) -> list[str]:
    """The clauses of a Russian text in which the bot speaks of itself in the masculine: "я"
    with a masculine past or short adjective ("я писал", "я уверен"), or a clause opening with
    one, its subject left out as Russian does for "I" ("Понял", "Не нашёл такого…")."""
    found = []
    for clause in _CLAUSE.findall(text.lower()):
        clause = clause.strip()
        opening = _OPENING.match(clause)
        first = opening.group("w") if opening else ""
        starts = first not in _NOT_VERBS and _MASCULINE.fullmatch(first) is not None
        if (_ME.search(clause) and _MASCULINE.search(clause)) or starts:
            found.append(clause)
    return found


#: The bot's own gendered words in French and Spanish ("Désolé", "j'en suis sûr", "je suis
#: prêt", "j'ai été interrompu", "content d'avoir…", "¿qué tan seguro estoy?", "casi listo").
BOT_GENDERED = {
    "fr": re.compile(
        r"\b(?:désolée?|navrée?)\b"
        r"|\b(?:je\s+suis|j['’]en\s+suis|je\s+me\s+suis)\s+(?:\w+\s+)?(?:sûr|prêt|content|ravi|"
        r"heureux|certain|obligé|seul|perdu|occupé|trompé)e?s?\b"
        r"|\bj['’]ai\s+été\s+\w+(?:é|i|u|is|it)\b"
        r"|(?:^|—\s*)(?:content|ravi|heureux|prêt)\b",
        re.IGNORECASE,
    ),
    "es": re.compile(
        r"\b(?:estoy|quedo)\s+(?:muy\s+)?(?:seguro|listo|contento|encantado|obligado|cansado|"
        r"ocupado|convencido|equivocado|agradecido)\b|\bcasi\s+listo\b|^(?:encantado|listo)\b"
        r"|\bseguro\s+estoy\b",
        re.IGNORECASE,
    ),
}


def test_the_bots_own_gender_scan_finds_what_it_used_to_say() -> None:
    """The scan itself: the masculine the catalogues had for the bot ("Понял", "Я это уже
    знал", "Désolé", "À quel point j'en suis sûr", "Casi listo"), and their neutral rewordings."""
    for said in (
        "Понял, запомню: {fact} (#{id})",
        "Я это уже знал: {fact}",
        "Не нашёл такого воспоминания.",
        "Извини — меня прервали, пока я писал этот ответ.",
        "Насколько я уверен: {certainty}.",
        "Спасибо — рад, что всё верно.",
        "Запомнил для группы: {fact}",
    ):
        assert masculine_me(said), said
    for said in (
        "Принято, запомню: {fact} (#{id})",
        "Это мне уже известно: {fact}",
        "Файл слишком большой — предел 1 МБ.",
        "Telegram не подтвердил, кто ты.",
        "Записано — это останется между нами.",
        "Попросить забыть это могут только админы группы или тот, кто это сказал.",
    ):
        assert not masculine_me(said), said
    for lang, said in (
        ("fr", "Désolé — quelque chose s'est mal passé."),
        ("fr", "À quel point j'en suis sûr : {certainty}."),
        ("fr", "Désolé — j'ai été interrompu en écrivant cette réponse."),
        ("fr", "Je suis vraiment désolé que tu te sentes comme ça"),
        ("fr", "Merci — content d'avoir vu juste."),
        ("es", "Qué tan seguro estoy: {certainty}."),
        ("es", "Casi listo: te he pedido que confirmes."),
    ):
        assert BOT_GENDERED[lang].search(said), said
    for lang, said in (
        ("fr", "Pardon — je ne peux pas utiliser ça."),
        ("fr", "Ma certitude : {certainty}."),
        ("es", "Ya casi está: te he pedido que confirmes."),
        ("es", "Solo guardo lo que me pidas."),
    ):
        assert not BOT_GENDERED[lang].search(said), said


def test_russian_never_gives_the_bot_a_gender() -> None:
    """The bot speaks of itself without gender: "Принято", "Записано", "Это мне уже
    известно", the present or future tense — not "Понял", "Запомнил", "я знал"."""
    bad = [(msgid, clause) for msgid, text in msgstrs("ru") for clause in masculine_me(text)]
    assert not bad, "\n".join(f"{m!r}: {c!r}" for m, c in bad)


@pytest.mark.parametrize("lang", sorted(BOT_GENDERED))
def test_french_and_spanish_never_give_the_bot_a_gender(lang: str) -> None:
    bad = [(m, s) for m, s in msgstrs(lang) if BOT_GENDERED[lang].search(s)]
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
    posted = await harness.at(ten_am(harness, days=6))
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


# ---- /import reads translated section titles -----------------------------------------------


@pytest.mark.parametrize("lang", locales.LANGUAGES)
def test_the_section_titles_the_bot_shows_import_into_their_category(lang: str) -> None:
    """A user who titles an edited MEMORY.md as /profile or the memory page shows the
    sections in their language gets the same categories as with the English titles."""
    from bot.commands import PROFILE_TITLES
    from bot.i18n import t
    from bot.page.render import CATEGORY_TITLES
    from memory_core.user.memory_md import category_titled
    from memory_core.values import Category

    shown = dict(CATEGORY_TITLES)
    profile = {
        "identity": Category.IDENTITY,
        "hard_preferences": Category.HARD_PREFERENCE,
        "current_tasks": Category.TASK_CONTEXT,
        "soft_preferences": Category.SOFT_PREFERENCE,
        "procedures": Category.PROCEDURAL,
        "other": Category.OTHER,
    }
    wrong = [
        (title, t(lang, title), category_titled(t(lang, title)), category)
        for category, title in [*shown.items(), *((profile[k], PROFILE_TITLES[k]) for k in profile)]
        if category_titled(t(lang, title)) != category
    ]
    assert not wrong, wrong


async def test_an_import_with_german_titles_lands_in_the_right_sections(
    harness: Harness, tmp_path: Path
) -> None:
    md = "# Erinnerungen\n\n## Gesundheit\n- Ana has asthma\n\n## Über dich\n- Ana lives in Köln\n"
    upload = tmp_path / "MEMORY.md"
    upload.write_text(md)
    preview = await harness.say(f"/import {upload}")
    assert "Add (2)" in preview, preview
    await harness.say("/tap 1")
    rows = harness.rows("SELECT category, value_text FROM facts ORDER BY id")
    assert sorted(r[0] for r in rows) == ["health", "identity"], rows


def test_the_first_of_a_month_is_premier_in_french() -> None:
    from datetime import date

    from bot.i18n import day_text

    assert day_text("fr", date(2026, 3, 1)) == "1er mars 2026"
    assert day_text("fr", date(2026, 3, 2)) == "2 mars 2026"
    assert day_text("de", date(2026, 3, 1)) == "1. März 2026"
    assert day_text("ru", date(2026, 3, 1)) == "1 марта 2026"


# ---- the user's people ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "relation", "said"),
    [
        ("de", "sister", "Eva, deine Schwester"),
        ("de", "brother", "Eva, dein Bruder"),
        ("fr", "sister", "Eva, ta sœur"),
        ("fr", "ex_wife", "Eva, ton ex-femme"),
        ("es", "mom", "Eva, tu madre"),
        ("ru", "sister", "Eva, твоя сестра"),
        ("ru", "brother", "Eva, твой брат"),
        ("en", "sister", "Eva, your sister"),
        # No gender in the word: both forms, never "dein(e) Freund(in)", "ton/ta cousin(e)".
        ("de", "friend", "Eva, dein Freund oder deine Freundin"),
        ("fr", "cousin", "Eva, ton cousin ou ta cousine"),
        ("de", "colleague", "Eva, dein Kollege oder deine Kollegin"),
    ],
)
def test_a_persons_relation_takes_the_possessive_of_its_gender(
    lang: str, relation: str, said: str
) -> None:
    """Was "Eva, dein(e) sister", "Eva, ton/ta sister", "Eva, твой/твоя sister"."""
    from bot.wording import REPLY_LANGUAGE, person_label
    from memory_core.types import Person

    token = REPLY_LANGUAGE.set(lang)
    try:
        assert person_label(Person("Eva", relation, "family")) == said
    finally:
        REPLY_LANGUAGE.reset(token)


# ---- what was saved, and the lists of memories ---------------------------------------------


async def test_slot_facts_are_said_in_the_users_language_in_replies_and_lists(
    tmp_path: Path,
) -> None:
    """German: the acknowledgement, /profile and /memories said "your name is Jonas und you
    live in Köln" / "You live in Köln." inside German frames; a note is quoted with German
    quotation marks."""
    from memory_core.clock import ManualClock
    from tests.bot.conftest import ConsoleSession
    from tests.factories import START

    async with ConsoleSession(tmp_path / "m.db", ManualClock(START), embedder="none") as s:
        noted = await s.say("Ich heiße Jonas und wohne in Köln.")
        note = await s.say("Ich spiele jeden Sonntag Schach im Verein.")
        profile = await s.say("/profile")
        listed = await s.say("/memories")
        why = await s.say("/why Köln")
        forget = await s.say("/forget Köln")
    assert "gelernt — Du wohnst in Köln" in why and "You live" not in why, why
    assert "Du wohnst in Köln" in forget and "You live" not in forget, forget  # the button
    assert "Alles klar — du heißt Jonas und du wohnst in Köln." in noted, noted
    assert "„Ich spiele jeden Sonntag Schach im Verein“" in note, note
    assert "• Du wohnst in Köln — " in profile and "• Du heißt Jonas — " in profile, profile
    assert "Du wohnst in Köln." in listed and "You live" not in listed, listed


def test_the_questions_the_bot_asks_say_slot_facts_in_the_users_language() -> None:
    """ "Which is right?" and "still true?" quoted the English stored sentences ("Avant, tu
    m'as dit : you live in Lyon") in a French or German frame."""
    from bot.buttons import ButtonCodec
    from bot.questions import conflict_reply, still_true_reply
    from memory_core.types import Conflict, Question
    from memory_core.values import Category
    from tests.factories import NOW, fact

    old = fact(1, "Léa lives in Lyon.", Category.IDENTITY, key="home_city", value="Lyon")
    new = fact(2, "Léa lives in Canada.", Category.IDENTITY, key="home_country", value="Canada")
    codec = ButtonCodec(b"k" * 32)
    conflict = Conflict(7, "console:lea", None, old, new, NOW, NOW)
    asked = conflict_reply(codec, conflict, "fr").text
    assert asked == (
        "Avant, tu m'as dit : tu habites à Lyon. À l'instant : tu habites au Canada. "
        "Lequel est juste ?"
    ), asked
    still = still_true_reply(codec, Question(3, "console:lea", old), "de").text
    assert still == "Vor einer Weile hast du mir erzählt: du wohnst in Lyon. Stimmt das noch?"
    english = still_true_reply(codec, Question(3, "console:lea", old), "en").text
    assert english.startswith("A while ago you told me: "), english  # English as before


def test_the_memory_page_says_a_slot_fact_in_the_pages_language() -> None:
    from bot.page.render import Ctx, said
    from memory_core.values import Category
    from tests.factories import fact

    home = fact(1, "Léa lives in Lyon.", Category.IDENTITY, key="home_city", value="Lyon")
    assert said(home, Ctx("fr", "Léa", "csrf", "/m")) == "Tu habites à Lyon."
    assert said(home, Ctx("en", "Léa", "csrf", "/m")) == "You live in Lyon."


async def test_why_says_an_earlier_value_in_the_users_language(tmp_path: Path) -> None:
    """A French /why listed the history of a changed name as "appris — Your name is Оля"."""
    from memory_core.clock import ManualClock
    from tests.bot.conftest import ConsoleSession
    from tests.factories import START

    async with ConsoleSession(tmp_path / "m.db", ManualClock(START), embedder="none") as s:
        await s.say("Меня зовут Оля, мне 30 лет.", "Je m'appelle Léa et j'ai 25 ans.")
        why = await s.say("/why Léa")
    assert "Tu t'appelles Оля" in why and "Your name" not in why, why


async def test_an_export_is_titled_in_the_users_language_and_imports_back_unchanged(
    tmp_path: Path, console: Callable[..., Any]
) -> None:
    """MEMORY.md kept English section titles for a German speaker; its titles are now theirs,
    and /import reads the file back as it was — translated titles and English ones alike."""
    from memory_core.clock import ManualClock
    from memory_core.user.memory_md import TITLES, category_titled
    from tests.factories import START

    async with console(tmp_path / "m.db", ManualClock(START), user="jonas") as s:
        await s.say("Ich wohne in Kiel.", "Meine Katze heißt Mimi.", "Ich bin Vegetarier.")
        await s.runtime.settle()
        await s.say("/export")
        md = (tmp_path / "MEMORY.md").read_text()
        titles = [line[3:] for line in md.splitlines() if line.startswith("## ")]
        assert titles and not set(titles) & set(TITLES.values()), md
        assert not md.startswith("# Memory of"), md
        (tmp_path / "same.md").write_text(md)
        same = await s.say(f"/import {tmp_path / 'same.md'}")
        assert "Add (" not in same and "Forget (" not in same, same
        english = "\n".join(
            f"## {TITLES[category_titled(line[3:])]}" if line.startswith("## ") else line
            for line in md.splitlines()
        )
        (tmp_path / "english.md").write_text(english + "\n")
        out = await s.say(f"/import {tmp_path / 'english.md'}")
        assert "Add (" not in out and "Forget (" not in out and "Change" not in out, out


@pytest.mark.parametrize(
    ("said", "acknowledged"),
    [
        (
            "Hola, soy Marta y vivo en Sevilla, me encanta cantar flamenco.",
            "Entendido: te llamas Marta, vives en Sevilla y «me encanta cantar flamenco».",
        ),
        (
            "Salut, moi c'est Zoé, je fais de la poterie le samedi.",
            "C'est noté — tu t'appelles Zoé et la poterie fait partie de tes loisirs.",
        ),
    ],
)
async def test_a_greeting_and_a_value_of_two_words_are_said_back_once(
    tmp_path: Path, said: str, acknowledged: str
) -> None:
    """ "Hola" was quoted as something saved, and a value of two words ("cantar flamenco") was
    found in no clause, so the whole sentence was quoted beside its own clause."""
    from memory_core.clock import ManualClock
    from tests.bot.conftest import ConsoleSession
    from tests.factories import START

    async with ConsoleSession(tmp_path / "m.db", ManualClock(START), embedder="none") as s:
        out = await s.say(said)
    assert acknowledged in out, out
