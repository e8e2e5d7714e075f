"""What a user reads, judged as they would (h-voice7's walk of five users in five languages):
a secret said in passing, a question about the world, /profile's headings and people, an
acknowledgement that names what was kept — through the real console adapter and rules."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from bot.world import about_the_world
from memory_core.clock import ManualClock
from tests.factories import START

#: The catalogue's "kept only when asked" line, as each language says part of it.
_ONLY_WHEN_ASKED = {
    "en": "passwords I keep only when you ask",
    "de": "Passwörter merke ich mir nur",
    "es": "contraseñas solo los guardo",
    "fr": "mots de passe, je ne les garde",
    "ru": "пароли я сохраняю, только если",
}


async def test_a_password_said_in_passing_is_not_kept_and_the_reply_says_so_in_five_languages(
    tmp_path: Path, console: Callable[..., Any]
) -> None:
    """ "Mein Passwort ist …" got "I'm running offline, so I can't chat freely" (English too);
    "My PIN is …" got "Got it — your PIN is [redacted]" and kept that as a memory."""
    said = {
        "en": "My email password is plum-tree-7",
        "de": "Mein Passwort für das Büro ist Regenbogen33",
        "es": "Mi contraseña del banco es naranja55",
        "fr": "Mon mot de passe du travail est cerise2024",
        "ru": "Мой пароль от почты lodka777",
    }
    async with console(tmp_path / "m.db", ManualClock(START)) as s:
        for lang, text in said.items():
            out = await s.say(text)
            assert _ONLY_WHEN_ASKED[lang] in out, (lang, out)
            assert "offline" not in out and "[redacted]" not in out, out
        out = await s.say("My bike lock PIN is 8163")
        assert "Got it" not in out and "[redacted]" not in out, out
        assert "/remember" in out, out
        shown = await s.say("/memories")
        assert "PIN" not in shown and "redacted" not in shown, shown


def test_a_question_about_the_world_is_told_apart_from_one_about_the_user() -> None:
    """No word of the user's in it (nor, in Spanish, a verb that may be theirs)."""
    world = [
        ("How tall is the Eiffel tower?", "en"),
        ("Wann beginnt der Sommer?", "de"),
        ("¿Cuál es el río más largo de Europa?", "es"),
        ("Combien d'habitants a Paris ?", "fr"),
        ("¿Qué hay aquí?", "es"),
        ("Сколько лет Москве?", "ru"),
    ]
    mine = [
        ("How tall am I?", "en"),
        ("Wann habe ich Geburtstag?", "de"),
        ("¿Dónde trabajo?", "es"),
        ("Où est-ce que j'habite ?", "fr"),
        ("Сколько мне лет?", "ru"),
        ("Расскажи о моей тёте.", "ru"),
        ("Comment s'appelle mon chat ?", "fr"),
        ("Tu te souviens où m'emmène le train ?", "fr"),
        ("What's our dog called?", "en"),
        ("¿De qué club soy?", "es"),
        ("¿Dónde estoy trabajando ahora?", "es"),
        ("¿Dónde trabajé antes?", "es"),  # the user's past, by the verb alone
        ("¿Dónde crecí?", "es"),
    ]
    assert all(about_the_world(q, lang) for q, lang in world)
    assert not any(about_the_world(q, lang) for q, lang in mine)


async def test_a_question_about_the_world_is_answered_honestly_not_with_a_memory(
    tmp_path: Path, console: Callable[..., Any]
) -> None:
    """The German capital question was answered with the user's home town; the English one
    with "Tell me and I'll remember it". A memory sharing the question's words still answers
    it, and questions about the user are untouched."""
    async with console(tmp_path / "m.db", ManualClock(START)) as s:
        await s.say("Ich wohne in Münster und arbeite als Tischler.")
        out = await s.say("Was ist die Hauptstadt von Italien?")
        assert "Münster" not in out and "merke ich es mir" not in out, out
        assert "Münster" in await s.say("Wo wohne ich?")
        await s.say("I live in Galway.")
        out = await s.say("Who painted the Mona Lisa?")
        assert "look that up" in out and "Galway" not in out, out
        await s.say("/remember the garage door opens with the blue remote")
        out = await s.say("Which remote opens the garage door?")
        assert "blue remote" in out and "that the garage" in out, out


async def test_a_question_about_the_users_things_without_my_is_no_question_about_the_world(
    tmp_path: Path, console: Callable[..., Any]
) -> None:
    """ "the dog", "el niño", "les animaux": the user's own things said without "my" were
    taken for questions about the world and got "I can't look that up"."""
    async with console(tmp_path / "m.db", ManualClock(START)) as s:
        await s.say("We've got a beagle called Pepper.")
        assert "Pepper" in await s.say("what is the dog called again?")
        await s.say("Mi hija se llama Valeria.")
        assert "Valeria" in await s.say("¿Cómo se llama la niña?")
        await s.say("Nous avons un lapin qui s'appelle Caramel.")
        assert "Caramel" in await s.say("Il y a des animaux chez nous ?")


async def test_profile_headings_read_as_plain_words_and_a_named_person_is_said_once(
    tmp_path: Path, console: Callable[..., Any]
) -> None:
    """/profile said "Identity", "Current tasks" for a goal and "Sensitive"; a partner known
    by name read "Sam, your spouse: your spouse is named Sam"."""
    async with console(tmp_path / "m.db", ManualClock(START)) as s:
        await s.say(
            "I work as a plumber in Cardiff.",
            "I want to climb Kilimanjaro one day.",
            "My husband is called Idris.",
            "I'm allergic to latex.",
        )
        out = await s.say("/profile")
        for jargon in ("Identity", "Current tasks", "Sensitive", "Hard preferences"):
            assert jargon not in out, out
        assert "About you\n" in out and "Plans and goals\n" in out and "Private\n" in out, out
        assert "• Idris, your husband\n" in out or out.rstrip().endswith("• Idris, your husband")
        assert "is named Idris" not in out and "is called Idris" not in out, out


async def test_a_sentence_holding_a_private_fact_is_not_quoted_back_as_a_note(
    tmp_path: Path, console: Callable[..., Any]
) -> None:
    """„Ich bin allergisch gegen … und …“ was acknowledged by quoting the whole sentence
    (the note kept beside the allergy), then "the private part I'll keep to myself"."""
    async with console(tmp_path / "m.db", ManualClock(START)) as s:
        out = await s.say("Ich bin allergisch gegen Erdbeeren und trinke gern Tee.")
        assert "Erdbeeren" not in out and "„" not in out, out
        # The game is a slot of its own, said in its own phrase: never the allergy's clause.
        out = await s.say("Soy alérgico al polen y juego al ajedrez.")
        assert "polen" not in out and "alérgico" not in out and "ajedrez" in out, out
        # A slot with no value and no phrase beside a private fact: not quoted at all.
        out = await s.say("Estoy casada y soy alérgica a las nueces.")
        assert "nueces" not in out and "«" not in out, out


def test_a_still_true_question_goes_on_in_lower_case_after_the_colon() -> None:
    """ "A while ago you told me: You teach …", „erzählt: Du wohnst …“, « dit : Tu habites »:
    the fact goes on mid-sentence, as the conflict question and the answers say it."""
    from bot.buttons import ButtonCodec
    from bot.questions import still_true_reply
    from memory_core.types import Question
    from memory_core.values import Category
    from tests.factories import fact

    home = fact(1, "Ines lives in Graz.", Category.IDENTITY, key="home_city", value="Graz")
    codec = ButtonCodec(b"v" * 32)
    asked = {
        lang: still_true_reply(codec, Question(5, "console:ines", home), lang, "Ines").text
        for lang in ("en", "de", "es", "fr")
    }
    assert "told me: you live in Graz." in asked["en"], asked
    assert "erzählt: du wohnst in Graz." in asked["de"], asked
    assert "contaste: vives en Graz." in asked["es"], asked
    assert "dit : tu habites à Graz." in asked["fr"], asked
    person = fact(2, "Ines's brother Jakob lives in Linz.", Category.RELATIONSHIP, key="x")
    assert "Jakob" in still_true_reply(codec, Question(6, "console:ines", person), "en").text


async def test_an_acknowledgement_names_each_part_once_not_the_whole_sentence_again(
    tmp_path: Path, console: Callable[..., Any]
) -> None:
    """ "du wohnst in …, du arbeitest bei … und „<the whole sentence>“": after the slots read
    from a sentence, only the clauses they do not hold are quoted."""
    async with console(tmp_path / "m.db", ManualClock(START)) as s:
        out = await s.say("Ich wohne in Kassel, arbeite bei Siemens und backe gern Brot.")
        assert "du wohnst in Kassel" in out and "„backe gern Brot“" in out, out
        assert out.count("Kassel") == 1, out
        out = await s.say("Mi hermana se llama Rocío y vive en Cádiz.")
        # A relative's home is a slot of its own now: nothing left to quote.
        assert out.count("Rocío") == 1 and "vive en Cádiz" in out and "«" not in out, out
        out = await s.say("Ma fille s'appelle Zoé et elle adore le violon.")
        assert out.count("Zoé") == 1 and "« elle adore le violon »" in out, out


def test_a_question_naming_someone_the_user_told_of_is_no_question_about_the_world() -> None:
    """ "where's Moira living now?", "Quel âge a Bastien ?", "Сколько лет Свете?" name no word
    of the user's but one of their people (in another case, in Russian): "I can't look that
    up" was the wrong reply; a name no memory holds is still the world's."""
    from bot.world import names_someone_told

    told = [
        "My sister's called Moira.",
        "Mon chéri s'appelle Bastien.",
        "Мою подругу зовут Света.",
    ]
    for question in ("where's Moira living now?", "Quel âge a Bastien ?", "Сколько лет Свете?"):
        assert names_someone_told(question, told), question
    assert not names_someone_told("Who painted the Mona Lisa?", [*told, "I live in Galway."])
    assert not names_someone_told("Сколько лет Москве?", told)
