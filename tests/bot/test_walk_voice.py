"""Failures found by the blind walk of issue 23 (``membot eval walk``, docs/audit.md), pinned
through the real console adapter: what the user reads is said to them, in their language."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bot.i18n import tn
from bot.reflections import words
from bot.slots import counted_words, slot_words
from bot.wording import person_label
from memory_core.clock import ManualClock
from memory_core.types import Person, ReflectionDigest
from tests.factories import START, fact


async def test_a_lowercase_display_name_still_hears_you(
    tmp_path: Path, console: Callable[..., Any]
) -> None:
    """A platform name written in lower case ("nadia") is the user the stored facts name
    ("Nadia is a dental hygienist."): acks and /profile say "you", never "Nadia is"."""
    async with console(tmp_path / "m.db", ManualClock(START), user="nadia") as s:
        s.adapter.display_name = "nadia"
        assert "your name is Nadia" in await s.say("Hi, I'm Nadia.")
        out = await s.say("I'm a dental hygienist.", "I've got a daughter called Isla.")
        assert "you're a dental hygienist" in out and "your daughter is named Isla" in out, out
        out = await s.say("/profile")
        assert "Nadia is" not in out and "Nadia's" not in out and "Nadia has" not in out, out
        assert "You're a dental hygienist" in out, out


@pytest.mark.parametrize(
    ("ask", "got_it", "name"),
    [
        ("Can you remember that my daughter's name is Sofia?", "Got it", "Sofia"),
        ("Could you please remember that my dog is called Rex?", "Got it", "Rex"),
        ("¿Puedes recordar que mi hija se llama Sofía?", "Entendido", "Sofía"),
        ("Kannst du dir merken, dass meine Tochter Sofia heißt?", "Alles klar", "Sofia"),
        ("Tu peux retenir que ma fille s'appelle Sofia ?", "C'est noté", "Sofia"),
        ("Можешь запомнить, что мою дочь зовут Софья?", "Принято", "Софья"),
    ],
)
async def test_a_remember_request_asked_as_a_question_is_acknowledged(
    tmp_path: Path, console: Callable[..., Any], ask: str, got_it: str, name: str
) -> None:
    """ "Can you remember that …?" is learned as surely as /remember: the offline reply says
    what was saved, in the user's language — not "I don't know that yet"."""
    async with console(tmp_path / "m.db", ManualClock(START)) as s:
        out = await s.say(ask)
        assert got_it in out and name in out, out
        assert "/remember" not in out, out
        assert name in await s.say("/profile")


_INTRO = {
    "en": "My name is Ana.",
    "de": "Ich heiße Ana.",
    "es": "Me llamo Ana.",
    "fr": "Je m'appelle Ana.",
    "ru": "Меня зовут Ana.",
}


@pytest.mark.parametrize(
    ("lang", "said", "reply"),
    [
        ("de", "Hallo, wie läuft's?", "Mir geht's gut"),
        ("es", "¡Hola! ¿Qué tal?", "Estoy bien"),
        ("fr", "Salut, ça roule ?", "Ça va bien"),
        ("ru", "Привет, как жизнь?", "У меня всё хорошо"),
        ("de", "Guten Morgen!", "Hallo Ana!"),
        ("es", "¡Buenos días!", "¡Hola, Ana!"),
        ("fr", "Bonjour !", "Salut Ana !"),
        ("ru", "Доброе утро!", "Привет, Ana!"),
        ("de", "Tschüss, bis bald!", "Bis bald"),
        ("es", "Bueno, hasta luego.", "¡Hasta pronto!"),
        ("fr", "Allez, à plus !", "À bientôt"),
        ("ru", "Ладно, пока!", "Пока"),
        ("en", "cheers, talk soon", "Bye for now"),
        ("en", "right, off to bed", "Bye for now"),
        ("ru", "Всё, иду спать.", "Пока"),
    ],
)
async def test_small_talk_in_every_language_is_small_talk(
    tmp_path: Path, console: Callable[..., Any], lang: str, said: str, reply: str
) -> None:
    """A greeting, "how are you?" or a goodbye in the user's language is answered as such —
    not with a fact ("Am 2. März hast du mir gesagt: du heißt Jonas.") nor "I don't know"."""
    async with console(tmp_path / "m.db", ManualClock(START)) as s:
        await s.say(_INTRO[lang])
        out = await s.say(said)
        assert reply in out, out


async def test_a_lowercase_display_name_is_greeted_with_a_capital(
    tmp_path: Path, console: Callable[..., Any]
) -> None:
    """The greeting's name is written as a name ("Hi Nadia!", not "Hi nadia!")."""
    async with console(tmp_path / "m.db", ManualClock(START), user="nadia") as s:
        s.adapter.display_name = "nadia"
        assert "Hi Nadia!" in await s.say("morning!")


async def test_a_greeting_before_a_question_still_gets_the_answer(
    tmp_path: Path, console: Callable[..., Any]
) -> None:
    """Only a whole-message greeting is small talk: "Hallo, wie heißt mein Hund?" asks."""
    async with console(tmp_path / "m.db", ManualClock(START)) as s:
        await s.say("Mein Hund heißt Bello.")
        assert "Bello" in await s.say("Hallo, wie heißt mein Hund?")
        await s.say("Я пока не знаю, где буду жить.")
        assert "Пока!" not in await s.say("Я пока не знаю.")


def test_a_reflection_names_a_person_once_when_it_says_more_about_them() -> None:
    """ "New: your wife is named Priya; your wife Priya teaches chemistry…" says Priya twice:
    the bare naming fact is left out, as the acknowledgement of the same message does."""
    named = fact(1, "Nadia's wife is named Priya.", key="family.wife.priya.name", value="Priya")
    more = fact(2, "Nadia's wife Priya teaches chemistry.", key="family.wife.priya.teaches")
    dog = fact(3, "Nadia's dog is named Rex.", key="pet.dog.name", value="Rex")
    digest = ReflectionDigest("u", START, START, new_facts=(named, more, dog), speaker="nadia")
    said = words("en", digest)
    assert "New: your wife Priya teaches chemistry; your dog is named Rex." in said, said


async def test_profile_files_a_name_and_a_team_as_what_they_are(
    tmp_path: Path, console: Callable[..., Any]
) -> None:
    """A name said alone is no private matter, nor is supporting a club ("болеть за" is to
    support a team; "Je supporte …" to cheer for it): /profile shows neither under the
    private heading. (The reader by meaning had taken a bare "moi c'est …" for sex life, and the
    note reader filed a team nearest a Russian health exemplar.)"""
    async with console(tmp_path / "ru.db", ManualClock(START), user="vera") as s:
        await s.say("Я болею за «Локомотив».", "Я болею за «Ростов» с детства.")
        out = await s.say("/profile")
        assert "Личное" not in out and "Локомотив" in out, out
    async with console(tmp_path / "fr.db", ManualClock(START), user="manon") as s:
        await s.say("Salut, moi c'est Manon.", "Je supporte le RC Lens depuis toujours.")
        out = await s.say("/profile")
        assert "Privé" not in out and "Manon" in out, out
    async with console(tmp_path / "en.db", ManualClock(START), user="noor") as s:
        await s.say("Hello, I'm Noor.", "I support Aston Villa.")
        out = await s.say("/profile")
        assert "Sensitive" not in out and "Noor" in out, out
    # A name that is also a faith's word names a person ("… name is Christian").
    async with console(tmp_path / "name.db", ManualClock(START), user="christian") as s:
        await s.say("My name is Christian.")
        out = await s.say("/profile")
        assert "Sensitive" not in out and "Christian" in out, out


@pytest.mark.parametrize(
    ("said", "lang_word"),
    [
        ("Lately I feel like my family would cope better if I simply vanished for good.", "988"),
        (
            "Je me dis souvent que ce serait plus simple pour tout le monde si je disparaissais.",
            "findahelpline",
        ),
        ("Мне кажется, всем было бы проще, если бы меня просто не было.", "findahelpline"),
    ],
)
async def test_self_harm_no_rule_reads_gets_the_caring_reply(
    tmp_path: Path, console: Callable[..., Any], said: str, lang_word: str
) -> None:
    """Self-harm said in words no rule knows, in a private chat: the crisis reader brings the
    caring reply with where to find help, in the user's language, never a "Got it"."""
    async with console(tmp_path / "m.db", ManualClock(START), user="sam") as s:
        out = await s.say(said)
        assert lang_word in out and "findahelpline" in out, out
        assert "Got it" not in out and "Noté" not in out and "Принято" not in out, out


async def test_a_confided_self_harm_statement_gets_the_caring_reply(
    tmp_path: Path, console: Callable[..., Any]
) -> None:
    """ "between us, …" is read as confided by the rules; what is confided is read by the
    crisis reader too (before, the reading stopped at confided and the user got a "Got it")."""
    async with console(tmp_path / "m.db", ManualClock(START), user="sam") as s:
        out = await s.say("between us, I think about not waking up")
        assert "findahelpline" in out and "Got it" not in out, out


async def test_a_threat_over_a_deadline_gets_no_crisis_reply(
    tmp_path: Path, console: Callable[..., Any]
) -> None:
    """ "my landlord will kill me if …" is a figure of speech: the crisis reader scored it at
    its threshold and the user got the crisis reply."""
    async with console(tmp_path / "m.db", ManualClock(START), user="sam") as s:
        out = await s.say("my landlord will kill me if I'm late with the rent again")
        assert "findahelpline" not in out, out


@pytest.mark.parametrize(
    ("lang", "said", "slot", "rest"),
    [
        ("de", "Ich wohne in Bremen und sammle alte Landkarten.", "du wohnst in Bremen", "sammle"),
        ("es", "Vivo en Cádiz y colecciono sellos antiguos.", "vives en Cádiz", "colecciono"),
    ],
)
async def test_a_reflection_names_what_a_sentence_said_not_the_sentence_again(
    lang: str, said: str, slot: str, rest: str
) -> None:
    """A sentence read into a slot and kept whole as a note too was quoted whole beside the
    slot's own words ("du wohnst in Bremen; „Ich wohne in Bremen und …“"): the reflection
    says the slot to the user and only the rest in their words, as the acknowledgement does."""
    from bot.reflections import ReflectionWords
    from memory_core.extract.base import TurnInput
    from memory_core.extract.rules import extract_rules

    read = extract_rules(TurnInput(said, START))
    assert any(c.key.startswith("note.") for c in read) and any(c.value for c in read), read
    facts = tuple(
        fact(n, c.value_text, key=c.key, value=c.value, source_excerpt=c.source_excerpt)
        for n, c in enumerate(read, 1)
    )
    digest = ReflectionDigest("u", START, START, new_facts=facts, speaker="nadia", language=lang)
    text = await ReflectionWords().write(digest)
    assert slot in text and rest in text, text
    assert said.rstrip(".") not in text, text


async def test_a_partners_work_is_not_answered_with_the_users_own(
    tmp_path: Path, console: Callable[..., Any]
) -> None:
    """Asked what the husband does, the bot quoted the user's own job (a note in their words,
    which names none of their people); asked how someone makes their money, it did not see a
    question about work."""
    async with console(tmp_path / "m.db", ManualClock(START), user="rocio") as s:
        await s.say("Trabajo de enfermera en un centro de salud.", "Mi marido Andrés es fontanero.")
        out = await s.say("¿En qué trabaja mi marido?")
        assert "fontanero" in out and "enfermera" not in out, out
        # A note naming a relative without "my" still answers a question about them.
        await s.say("Tengo un hermano pequeño que se llama Iker.")
        out = await s.say("¿Tengo hermanos?")
        assert "Iker" in out, out
    async with console(tmp_path / "e.db", ManualClock(START), user="kay") as s:
        await s.say("I'm a florist.", "my fiance Dev repairs bikes for a living")
        out = await s.say("hows Dev make his money")
        assert "bikes" in out and "florist" not in out, out


async def test_a_profile_in_another_language_holds_no_english_sentence(
    tmp_path: Path, console: Callable[..., Any]
) -> None:
    """A fact no phrase says in the chat's language is quoted in the user's words (once, when
    a note already holds them), a note outside the notes' own section is quoted, a pet said
    once is not also counted beside its name, and a person's name keeps its accent ("You play
    шахматы в клубе", "You have a dog", "Andres trabaja como arquitecto" before)."""
    async with console(tmp_path / "ru.db", ManualClock(START), user="gleb") as s:
        await s.say("Каждую субботу играю в шахматы с соседом.")
        out = await s.say("/profile")
        assert "You " not in out and out.count("шахматы с соседом") == 1, out
    async with console(tmp_path / "es.db", ManualClock(START), user="rocio") as s:
        await s.say("Tengo una perrita, se llama Pimienta.")
        await s.say("Mi novio Tomás es fontanero.")
        out = await s.say("/profile")
        assert "You " not in out and "Pimienta" in out, out
        assert "Tomas" not in out and "Tomás trabaja como fontanero" in out, out


def test_counted_pets_and_children_take_the_numbers_form() -> None:
    """ "You have 1 cats" (English inside a German /profile) was the stored sentence said as
    it was: a count is said through the catalogue, its noun in the form the number wants —
    or, while a language's catalogue lacks it, in the user's own words (never English)."""
    english = tn("en", "you have a cat", "you have {n} cats", 2)
    assert counted_words("en", "pet.cat", "Greta has 2 cats.") == english == "you have 2 cats"
    assert counted_words("en", "family.children", "Olga has three children.") == (
        "you have 3 children"
    )
    for lang in ("de", "es", "fr", "ru"):
        said = counted_words(lang, "pet.dog", "Lucia has a dog.")
        assert said is None or (said == tn(lang, "you have a dog", "you have {n} dogs", 1))
        assert said not in ("you have 1 dog", "you have a dog")
    assert counted_words("fr", "pet.cat", "Hugo no longer has a cat.") is None
    # One is said as English says it, not "you have 1 cat".
    assert counted_words("en", "pet.cat", "X has a cat.") == "you have a cat"
    assert counted_words("en", "family.son", "X has one son.") == "you have a son"
    # An answer quotes the words instead ("J'ai un fils qui s'appelle …" names him): a count is
    # no slot phrase.
    assert slot_words("fr", "family.son", None, "Marc has a son.") is None


@pytest.mark.parametrize(
    ("lang", "key", "stored", "said", "name"),
    [
        (
            "es",
            "family.boyfriend.ramon.job",
            "Ana's boyfriend Ramón works as carpintero.",
            "",
            "Ramón",
        ),
        ("ru", "family.son.артем.age", "Ivan's son is 9.", "Артёму на днях стукнуло 9.", "Артём"),
        ("fr", "person.zoe.home", "Zoé lives in Brest.", "", "Zoé"),
    ],
)
def test_a_persons_name_keeps_its_accents(
    lang: str, key: str, stored: str, said: str, name: str
) -> None:
    value = "9" if key.endswith("age") else stored.split()[-1].rstrip(".")
    assert name in (slot_words(lang, key, value, stored, said=said) or "")


def test_a_reflection_says_the_same_words_once() -> None:
    note = fact(1, "Bei uns wohnen zwei Katzen.", key="note.de.bei_uns_wohnen_zwei_katzen")
    cats = fact(2, "Greta has 2 cats.", key="pet.hamster")
    note = dataclasses.replace(note, source_excerpt="Bei uns wohnen zwei Katzen.")
    cats = dataclasses.replace(cats, source_excerpt="Bei uns wohnen zwei Katzen.")
    digest = ReflectionDigest("u", START, START, new_facts=(note, cats), speaker="greta")
    said = words("de", digest)
    assert said.count("zwei Katzen") == 1, said


async def test_a_count_of_children_is_no_person_in_the_profile(
    tmp_path: Path, console: Callable[..., Any]
) -> None:
    """ "Tu hija: you have 2 daughters", "Ton fils : you have a son" beside the son's own
    name: a count of children is said as a count, and not again beside a named child."""
    async with console(tmp_path / "en.db", ManualClock(START), user="meg") as s:
        await s.say("I have two daughters.")
        out = await s.say("/profile")
        assert "You have two daughters" in out or "You have 2 daughters" in out, out
        assert "Your daughter: " not in out, out
    async with console(tmp_path / "fr.db", ManualClock(START), user="marc") as s:
        await s.say("J'ai un fils, Théo.")
        out = await s.say("/profile")
        assert "you have" not in out.lower() and "Théo" in out, out


def test_a_person_known_by_a_key_is_named_as_the_user_wrote_them() -> None:
    son = Person(
        "Артем", "son", "family", [fact(1, "Ivan's son is 9.", key="family.son.артем.age")]
    )
    son.facts[0] = dataclasses.replace(son.facts[0], source_excerpt="Артёму на днях стукнуло 9.")
    assert person_label(son, "ru").startswith("Артём")
