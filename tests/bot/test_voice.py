"""One voice: what the user reads about themselves is second person and grammatical, and
carries no internal names, statuses or raw confidences."""

from __future__ import annotations

import re
from datetime import timedelta
from pathlib import Path

import pytest

from bot.questions import addressed
from bot.wording import yours
from memory_core.clock import ManualClock
from memory_core.extract.text import third_person
from memory_core.jobs.reflection import digest_of
from memory_core.values import Category
from tests.bot.conftest import ConsoleSession, reply_side_texts
from tests.factories import NOW, fact

#: (stored fact, the user's name, what they read)
SHAPES = [
    ("The user is allergic to shellfish.", None, "you're allergic to shellfish"),
    ("You is allergic to shellfish.", None, "you are allergic to shellfish"),
    ("The user doesn't eat pork.", None, "you don't eat pork"),
    ("you doesn't eat pork", None, "you don't eat pork"),
    ("The user isn't a morning person.", None, "you aren't a morning person"),
    ("The user wasn't born here.", None, "you weren't born here"),
    ("The user hasn't got a car.", None, "you haven't got a car"),
    ("The user has a cat named Mochi.", None, "you have a cat named Mochi"),
    ("The user was a teacher.", None, "you were a teacher"),
    ("The user does yoga.", None, "you do yoga"),
    ("The user goes climbing on Sundays.", None, "you go climbing on Sundays"),
    ("The user studies law.", None, "you study law"),
    ("The user watches anime.", None, "you watch anime"),
    ("The user lives with their parents.", None, "you live with your parents"),
    ("The user always cooks for themselves.", None, "you always cook for yourself"),
    ("The user no longer smokes.", None, "you no longer smoke"),
    ("The user also plays the fiddle.", None, "you also play the fiddle"),
    ("The user moved to Lisbon and lives there.", None, "you moved to Lisbon and live there"),
    (
        "The user is vegetarian and is allergic to shellfish.",
        None,
        "you're vegetarian and are allergic to shellfish",
    ),
    (
        "The user works as a nurse and loves dogs and cats.",
        None,
        "you work as a nurse and love dogs and cats",
    ),
    (
        "The user goes running, watches films and teaches yoga.",
        None,
        "you go running, watch films and teach yoga",
    ),
    ("The user's wife Ana is a nurse.", None, "your wife Ana is a nurse"),
    ("Ana visits the user every week.", None, "Ana visits you every week"),
    ("Grace's name is Grace.", "Grace", "your name is Grace"),
    ("Grace is allergic to penicillin.", "Grace", "you're allergic to penicillin"),
    ("Grace doesn't drink coffee.", "Grace", "you don't drink coffee"),
    ("Grace's daughter lives with their dad.", "Grace", "your daughter lives with their dad"),
    ("The user's brother is a chef.", None, "your brother is a chef"),
    # "…, which I fix myself": the doer of a relative clause is the user, and agrees.
    (
        "The user has a bike, which they repair themselves.",
        None,
        "you have a bike, which you repair yourself",
    ),
    (
        "The user grows chillies that they then dries themselves.",
        None,
        "you grow chillies that you then dry yourself",
    ),
    # The extractor's later "they" for the user is "you" where nobody else could be meant…
    ("The user is worried they might need glasses.", None, "you're worried you might need glasses"),
    (
        "The user wants to learn to sail when they retire.",
        None,
        "you want to learn to sail when you retire",
    ),
    ("Ana emigrated when they were 9.", "Ana", "you emigrated when you were 9"),
    # …and stays "they" where people or things named before it could be.
    ("The user has two sons and they are twins.", None, "you have two sons and they are twins"),
    ("The user loves dogs because they are loyal.", None, "you love dogs because they are loyal"),
    ("The user's family visits when they can.", None, "your family visits when they can"),
    (
        "The user's neighbour and his wife say they will help.",
        None,
        "your neighbour and his wife say they will help",
    ),
    # The user named again after others' "they" (the extractor repeats the subject there),
    # and mid-sentence: "you", its verb agreeing.
    (
        "Ana's friends are hilarious, they make Ana laugh.",
        "Ana",
        "your friends are hilarious, they make you laugh",
    ),
    (
        "The user's sisters visit the user and the user cooks for them.",
        None,
        "your sisters visit you and you cook for them",
    ),
    ("As Ana said before, Priya's a paramedic.", "Ana", "As you said before, Priya's a paramedic"),
    # The user's own words kept as said: turned around like any other.
    ("Our son Ravi turned 6 in May.", "Meena", "your son Ravi turned 6 in May"),
    ("My sister lives in Oslo.", None, "your sister lives in Oslo"),
    # Only one person was "a girl": the user, though a club was named before it.
    (
        "Fiona has supported Leicester City since they were a girl.",
        "Fiona",
        "you have supported Leicester City since you were a girl",
    ),
    # Someone else's "themselves" stays theirs.
    (
        "The user has two girls and they dress themselves.",
        None,
        "you have two girls and they dress themselves",
    ),
]


@pytest.mark.parametrize(("stored", "name", "said"), SHAPES)
def test_a_fact_is_said_to_its_owner_in_grammatical_second_person(
    stored: str, name: str | None, said: str
) -> None:
    assert yours(stored, name) == said


@pytest.mark.parametrize(("stored", "name", "said"), SHAPES)
def test_no_second_person_sentence_keeps_a_third_person_verb(
    stored: str, name: str | None, said: str
) -> None:
    out = yours(stored, name)
    assert not re.search(r"\byou (?:is|was|has|does|doesn't|isn't|wasn't|hasn't)\b", out, re.I)
    assert not re.search(r"\bthe user\b", out, re.I)


@pytest.mark.parametrize(
    ("words", "said"),
    [
        (
            "My friends are hilarious, they make me laugh",
            "your friends are hilarious, they make you laugh",
        ),
        ("I love my kids and they adore me", "you love your kids and they adore you"),
        ("I have two dogs and I walk them daily", "you have two dogs and you walk them daily"),
        (
            "I live with my parents and they cook for me",
            "you live with your parents and they cook for you",
        ),
    ],
)
def test_the_users_words_beside_others_they_come_back_as_you(words: str, said: str) -> None:
    """ "they make them laugh", where "them" is the user, cannot be read: the stored sentence
    names the user again, and the user reads "you"."""
    stored = third_person(words, "Ana")
    assert " them " not in f" {stored} ".replace("walk them", "") or "dogs" in words
    assert yours(stored, "Ana") == said
    assert yours(third_person(words, "The user"), None) == said


def test_the_weekly_reflection_speaks_to_the_user() -> None:
    text = "Week of 01 Mar – 08 Mar 2026. New: The user lives in Cork; the user doesn't eat pork."
    assert addressed(text) == (
        "Week of 01 Mar – 08 Mar 2026. New: You live in Cork; you don't eat pork."
    )


#: Internal words that must never reach the user.
JARGON = re.compile(
    r"pending_confirmation|superseded|observer|Confidence|\(0\.\d\d\)|[Tt]he user|"
    r"→ (?:active|deleted)"
)


async def test_memories_why_undo_and_profile_speak_plainly(
    tmp_path: Path, clock: ManualClock
) -> None:
    async with ConsoleSession(tmp_path / "m.db", clock, embedder="none") as s:
        await s.say("I live in Lisbon.", "I don't eat pork.")
        clock.advance(minutes=5)
        shown = await s.say("/memories", "/why Lisbon", "/profile", "/remember I live in Porto.")
        shown += await s.say("/undo")
    assert "You live in Lisbon." in shown and "You don't eat pork." in shown
    assert re.search(
        r"I learned it on \d+ March 2026 from your message: “I live in Lisbon.”", shown
    )
    assert "How sure I am: you told me. You've mentioned it once." in shown
    assert "Undone: " in shown
    assert not JARGON.search(shown), JARGON.search(shown)


def test_the_weekly_digest_never_tells_the_user_their_own_name() -> None:
    facts = [
        fact(1, "Grace's name is Grace.", Category.IDENTITY, key="name"),
        fact(2, "Grace lives in Cork.", Category.IDENTITY, key="home_city"),
    ]
    digest = digest_of("console:grace", facts, NOW - timedelta(days=7), NOW)
    assert digest.new == ("Grace lives in Cork.",)


async def test_a_private_statement_in_another_language_is_not_said_back(tmp_path: Path) -> None:
    """ "Ich habe Asthma." is kept (a health note, read so by meaning) and acknowledged without
    repeating it; a plain note in the same language is still named (issue 23, item 5)."""
    async with ConsoleSession(tmp_path / "m.db", ManualClock(NOW), user="ana") as s:
        private = await s.say("Je prends de l'insuline tous les matins.")
        plain = await s.say("Ich spiele jeden Sonntag Schach im Verein.")
    assert "insuline" not in private, private
    assert "Schach" in plain, plain


async def test_a_note_of_the_whole_message_is_read_by_meaning_once_on_the_reply_path(
    tmp_path: Path,
) -> None:
    """The message's sensitivity reading and its note's are one embedding (the same model on
    the same words): a reply in another language embedded its message twice, on two threads."""
    async with ConsoleSession(tmp_path / "m.db", ManualClock(NOW), user="ana") as s:
        assert s.runtime is not None
        embedder = s.runtime.memory.embedder
        assert embedder is not None
        passages = reply_side_texts(embedder, "embed_passages")
        private = await s.say("Je prends de l'insuline tous les matins.")
    assert "insuline" not in private, private
    assert passages == ["Je prends de l'insuline tous les matins."]
