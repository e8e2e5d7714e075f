"""Voice leftovers of issue 23 (session 17): the buttons of a question speak to the user in
their language, a platform handle is no name to greet, relations are spelled as words
("ex-wife"), a loss is acknowledged gently, and the memory page says a fact as /profile
does."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bot.buttons import ButtonCodec
from bot.questions import conflict_reply
from bot.wording import greeting_name
from memory_core.clock import ManualClock
from memory_core.types import Conflict
from memory_core.values import Category
from tests.bot.test_i18n import english_in
from tests.factories import NOW, START, fact

CODEC = ButtonCodec(b"v" * 32)

#: A partner named, then being single said, in each language (the user's own words).
_ENDED = {
    "en": ("My husband is Pedro.", "I am on my own now."),
    "de": ("Mein Mann heißt Pedro.", "Ich bin jetzt Single."),
    "es": ("Mi marido se llama Pedro.", "Ahora estoy soltera."),
    "fr": ("Mon mari s'appelle Pedro.", "Je suis célibataire maintenant."),
    "ru": ("Моего мужа зовут Педро.", "Я теперь одна."),
}


def _labels(lang: str) -> list[str]:
    named, single = _ENDED[lang]
    old = fact(
        1,
        "Ana's husband is named Pedro.",
        Category.RELATIONSHIP,
        key="family.husband.name",
        value="Pedro",
        source_excerpt=named,
    )
    new = fact(
        2, "Ana is single.", Category.RELATIONSHIP, key="relationship.single", source_excerpt=single
    )
    reply = conflict_reply(
        CODEC, Conflict(9, "console:ana", None, old, new, NOW, NOW), lang, who="Ana"
    )
    return [b.label for row in reply.buttons for b in row]


@pytest.mark.parametrize("lang", ["de", "es", "fr", "ru"])
def test_the_buttons_of_an_ended_relationship_speak_the_users_language(lang: str) -> None:
    """ "Ana is single." was a button under a Spanish question: a fact without a value is
    labelled with its phrase, said to the user in their language."""
    labels = _labels(lang)
    assert not [left for label in labels for left in english_in(label)], labels
    assert not any("Ana" in label for label in labels), labels


def test_the_buttons_of_an_ended_relationship_say_you_in_english() -> None:
    """Both sides said as phrases (the name alone beside "You're single" says less)."""
    assert _labels("en") == ["You're single", "Your husband is named Pedro", "Only for now"]


def test_two_values_of_one_slot_are_still_labelled_by_their_values() -> None:
    old = fact(1, "Ana lives in Lyon.", Category.IDENTITY, key="home_city", value="Lyon")
    new = fact(2, "Ana lives in Brest.", Category.IDENTITY, key="home_city", value="Brest")
    reply = conflict_reply(CODEC, Conflict(9, "console:ana", None, old, new, NOW, NOW), "fr")
    assert [b.label for b in reply.buttons[0][:2]] == ["Brest", "Lyon"]


def test_a_liking_against_its_opposite_is_labelled_in_the_users_language() -> None:
    """Same value, two words ("You love olives" / "You don't like olives") were English in a
    German chat."""
    old = fact(1, "Ana loves olives.", Category.SOFT_PREFERENCE, key="likes.olives", value="olives")
    new = fact(
        2,
        "Ana doesn't like olives.",
        Category.SOFT_PREFERENCE,
        key="dislikes.olives",
        value="olives",
    )
    reply = conflict_reply(CODEC, Conflict(9, "console:ana", None, old, new, NOW, NOW), "de")
    labels = [b.label for b in reply.buttons[0][:2]]
    assert labels[0] != labels[1], labels
    assert not [w for label in labels for w in english_in(label.replace("olives", ""))], labels


# ---- a handle is no name ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("display", "greeted"),
    [
        ("jaz_m", None),
        ("jazzy99", None),
        ("j.morales", None),
        ("@jazm", None),
        ("xX_jaz_Xx", None),
        ("Jasmine Morales", "Jasmine"),
        ("nadia", "Nadia"),
        ("Zoë", "Zoë"),
        ("Anne-Marie", "Anne-Marie"),
        ("Ольга", "Ольга"),
        ("", None),
    ],
)
def test_a_handle_is_never_greeted_as_a_name(display: str, greeted: str | None) -> None:
    assert greeting_name(display) == greeted


async def test_a_greeting_names_the_told_name_and_never_the_handle(
    tmp_path: Path, console: Callable[..., Any]
) -> None:
    """ "Hi Jaz_m!": the platform handle was said as the user's name."""
    async with console(tmp_path / "m.db", ManualClock(START), user="jaz_m") as s:
        s.adapter.display_name = "jaz_m"
        hello = await s.say("hello!")
        assert "Jaz" not in hello and "jaz" not in hello, hello
        assert "Hi!" in hello, hello
        start = await s.say("/start")
        assert "jaz" not in start.lower(), start
        await s.say("My name is Jasmine.")
        assert "Hi Jasmine!" in await s.say("hello!")


# ---- relations spelled as words --------------------------------------------------------------


@pytest.mark.parametrize(
    ("told", "shown"),
    [
        ("My ex-wife is called Rowena.", "your ex-wife"),
        ("My ex-husband is called Dmitri.", "your ex-husband"),
        ("Greta is my mother-in-law.", "your mother-in-law"),
        ("My half-brother is called Tobias.", "your half-brother"),
    ],
)
async def test_a_relation_of_two_words_is_spelled_with_its_hyphen(
    tmp_path: Path, console: Callable[..., Any], told: str, shown: str
) -> None:
    """ "Marta is your ex wife." / "Marta, your ex wife" in /profile."""
    name = re.findall(r"called (\w+)|^(\w+) is", told)[0]
    name = name[0] or name[1]
    async with console(tmp_path / "m.db", ManualClock(START)) as s:
        await s.say(told)
        who = await s.say(f"Who is {name}?")
        assert f"{name} is {shown}." in who, who
        profile = await s.say("/profile")
        assert f"{name}, {shown}" in profile, profile


# ---- a loss acknowledged gently ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("said", "lang"),
    [
        ("My grandad passed away in February.", "en"),
        ("I've been a widower since the autumn.", "en"),
        ("Our old dog Bran died at the weekend.", "en"),
        ("Mein Opa ist im Februar gestorben.", "de"),
        ("Mi abuelo falleció en febrero.", "es"),
        ("Mon grand-père est décédé en février.", "fr"),
        ("Мой дедушка умер в феврале.", "ru"),
    ],
)
async def test_a_death_told_is_met_with_sympathy(
    tmp_path: Path, console: Callable[..., Any], said: str, lang: str
) -> None:
    """ "Got it — you're widowed since the spring." was flat: a loss is met with sympathy
    (in a language whose catalogue has no translation of it yet: the plain acknowledgement,
    never English)."""
    from bot.i18n import t
    from bot.responder import LOSS_ACK

    async with console(tmp_path / "m.db", ManualClock(START)) as s:
        out = (await s.say(said)).removeprefix("bot> ")
    kind = t(lang, LOSS_ACK)
    if lang == "en" or kind != LOSS_ACK:
        assert out.startswith(kind.split("{")[0]), out
    else:
        assert not english_in(out), out


async def test_a_death_kept_privately_is_met_with_sympathy_too(
    tmp_path: Path, console: Callable[..., Any]
) -> None:
    """ "My husband died of cancer last year." got "Noted — I'll keep that private."."""
    async with console(tmp_path / "m.db", ManualClock(START)) as s:
        out = (await s.say("My grandmother died of cancer in the spring.")).removeprefix("bot> ")
    assert out.strip() == "I'm so sorry for your loss. I'll keep that private.", out


async def test_a_divorce_told_is_acknowledged_kindly(
    tmp_path: Path, console: Callable[..., Any]
) -> None:
    async with console(tmp_path / "m.db", ManualClock(START)) as s:
        out = (await s.say("I got divorced in 2021.")).removeprefix("bot> ")
    assert not out.startswith("Got it"), out
    assert out.startswith("Thank you for telling me."), out


async def test_a_phone_that_died_is_no_loss(tmp_path: Path, console: Callable[..., Any]) -> None:
    async with console(tmp_path / "m.db", ManualClock(START)) as s:
        out = await s.say("My brother Ruairi is a plumber.")
    assert "sorry" not in out.lower(), out


def test_a_status_since_a_time_is_said_with_have_been() -> None:
    """ "you're widowed since spring 2026" is no English: "you've been widowed since …"."""
    from bot.wording import yours

    assert yours("Ana is widowed since spring 2026.", "Ana") == (
        "you've been widowed since spring 2026"
    )
    assert yours("Ana is divorced since 2020.", "Ana") == "you've been divorced since 2020"


# ---- the memory page says a fact as /profile does ---------------------------------------------


def test_the_page_quotes_a_word_told_in_another_language() -> None:
    """The page said "Du arbeitest als paramedic." where /profile says „paramedic“."""
    from bot.page.render import Ctx, said

    job = fact(
        1,
        "Jonas works as a paramedic.",
        Category.IDENTITY,
        key="job_title",
        value="paramedic",
        source_excerpt="I work as a paramedic.",
    )
    assert said(job, Ctx("de", "Jonas", "csrf", "/m")) == "Du arbeitest als „paramedic“."


def test_the_page_quotes_the_users_words_where_no_phrase_fits() -> None:
    """An English stored sentence with no phrase in German was shown as English on the page;
    /profile quotes the words it was read from."""
    from bot.page.render import Ctx, said

    odd = fact(
        1,
        "Jonas keeps bees behind the shed.",
        Category.OTHER,
        source_excerpt="I keep bees behind the shed!",
    )
    shown = said(odd, Ctx("de", "Jonas", "csrf", "/m"))
    assert shown.startswith("„I keep bees behind the shed“"), shown


@pytest.mark.parametrize(
    ("lang", "told"),
    [
        ("de", "Ich singe seit Jahren im Kirchenchor."),
        ("es", "Canto en un coro los jueves."),
        ("fr", "Chaque jeudi je chante avec une chorale."),
    ],
)
async def test_memories_never_list_an_english_sentence_in_another_language(
    tmp_path: Path, console: Callable[..., Any], lang: str, told: str
) -> None:
    """/memories in German listed "#9 You sing in a choir." beside the note: a fact no phrase
    of the language fits is quoted from the user's words, as /profile does."""
    async with console(tmp_path / "m.db", ManualClock(START)) as s:
        await s.say(told)
        assert s.runtime is not None
        await s.runtime.settle()
        listed = await s.say("/memories")
    assert not english_in(listed.replace("(type 1 to choose)", "")), listed


@pytest.mark.parametrize("lang", ["de", "es", "fr", "ru"])
def test_still_true_never_asks_in_english(lang: str) -> None:
    """ "Vor einer Weile hast du mir erzählt: you sing in a choir.": a fact no phrase of the
    language fits is asked about in the user's own words, quoted."""
    from bot.questions import still_true_reply
    from memory_core.types import Question

    told = {
        "de": "Ich trommle in einer Samba-Gruppe.",
        "es": "Toco el tambor en una batucada.",
        "fr": "Je joue du tambour dans une batucada.",
        "ru": "Я играю на барабане в самба-группе.",
    }[lang]
    habit = fact(
        9,
        "Sam drums in a samba band.",
        Category.SOFT_PREFERENCE,
        key="habit.drum_samba",
        source_excerpt=told,
    )
    asked = still_true_reply(CODEC, Question(3, "console:sam", habit), lang, "Sam").text
    assert not english_in(asked), asked
    assert told.rstrip(".") in asked, asked


async def test_why_forget_and_undo_never_say_an_english_sentence_in_german(
    tmp_path: Path, console: Callable[..., Any]
) -> None:
    """/why's history, /forget's buttons, the press and /undo said "You sing in a choir" to
    a German user: a fact no German phrase fits is quoted from their words."""
    async with console(tmp_path / "m.db", ManualClock(START)) as s:
        assert s.runtime is not None
        await s.say("Ich singe seit Jahren im Kirchenchor.")
        await s.runtime.settle()
        said = [await s.say("/why Kirchenchor"), await s.say("/forget Kirchenchor")]
        said += [await s.say("1"), await s.say("/undo")]
        said.append(await s.say("/remember Ich singe seit Jahren im Kirchenchor."))
    shown = [re.sub(r"\(type [^)]*\)", "", out) for out in said]
    assert not [english_in(out) for out in shown if english_in(out)], shown
