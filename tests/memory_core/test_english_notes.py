"""English notes: a statement about the user that no English rule reads is kept in their own
words (``note.en.…``), under the policies the other languages' notes keep (issue 23, "nothing
said is lost"); chat, wishes, what-ifs, moments of the day and secrets are still kept as nothing.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memory_core.evaluation.extraction import stored
from memory_core.extract.base import TurnInput
from memory_core.extract.rules import extract_rules

NOW = datetime(2026, 3, 2, 9, 30, tzinfo=UTC)


def kept(text: str) -> dict[str, str]:
    """Key → text of what learning would store from ``text`` said as an ordinary turn."""
    return {c.key: c.value_text for c in stored(extract_rules(TurnInput(text, NOW)))}


@pytest.mark.parametrize(
    "text",
    [
        "These days my only housemate is a tortoise called Shelby.",
        "Gave away the piano, my evenings belong to the allotment now.",
        "I told you two nephews but there are three of them now.",
        "Me and my brother never miss a Grand Prix on the telly.",
        "I grew up above my grandad's chip shop.",
    ],
)
def test_a_statement_no_rule_reads_is_a_note_in_the_users_words(text: str) -> None:
    """Something is kept: the rules' reading, or else the sentence itself as a note."""
    found = kept(text)
    assert found, text
    notes = {k: v for k, v in found.items() if k.startswith("note.")}
    for key, value in notes.items():
        assert key.startswith("note.en."), key
        assert value.rstrip(".") == text.rstrip(".")


def test_an_unread_statement_is_kept_word_for_word() -> None:
    """The note is the user's sentence as said, under a key naming English."""
    found = kept("Gave away the piano, my evenings belong to the allotment now.")
    assert list(found.values()) == ["Gave away the piano, my evenings belong to the allotment now."]
    assert next(iter(found)).startswith("note.en.")


@pytest.mark.parametrize(
    "text",
    [
        # questions, wishes, what-ifs
        "do you reckon my evenings belong to the allotment",
        "I wish my evenings belonged to the allotment.",
        "If I had a bigger garden my evenings would belong to it.",
        "I want to get some sleep.",
        # greetings, moods, small talk, opinions of the moment
        "Hi there, it's me.",
        "I am doing alright, thanks.",
        "I'm so knackered.",
        "I think that's fair enough.",
        "I guess the film was fine.",
        # said to the bot
        "I like talking to you.",
        "Tell me a joke about my job.",
        # moments of the day, passing events
        "I am at the pub with the lads.",
        "I had a lovely walk this morning.",
        "I'm eating a sandwich.",
        "My train was cancelled again.",
        "I'm drowning in ironing.",
        "I'm ravenous, skipped lunch to finish a report.",
        "I was thinking about my cousin's wedding.",
        "I can't wait for my holiday.",
        "I'd love to have a bigger kitchen.",
        "My commute took ages because of the traffic.",
        "I love this song.",
        "Ugh, my sister borrowed my good coat.",
        "I went to a pottery class with my aunt.",
        "My gran and I baked scones.",
        "I just found my old school report.",
        "I'm like a bear with a sore head.",
        "My toddler drew on the hallway wall.",
        "I've got a big interview with my dream employer.",
        "Me and the twins are off to the seaside.",
        "I've had four coffees and my hands are shaking.",
        "My laptop is playing up.",
        # figures of speech, jest
        "My boss literally lives in the office.",
        "I'm the king of leaving things to the last minute.",
        "I'm basically a hermit lol",
        # opinions of the user's people
        "My grandad is such a sweetheart.",
        "My nan is lovely.",
        # about "it", or someone unnamed
        "I adore it.",
        "They never get my surname right.",
        # someone else's plans, hearsay
        "My flatmate is off to Canada for good.",
        # a stranger's life, though the user is in the sentence
        "The lady in the flat under mine has kept bees for forty years.",
        "Apparently my street is getting a new bakery.",
        # remarks about the world (no first person)
        "The roads round here are awful.",
        # secrets
        "My pin is 4471.",
        "My password is hunter2 for everything.",
    ],
)
def test_chat_and_what_must_not_be_kept_is_never_a_note(text: str) -> None:
    """The note's policies apply first: none of these is a fact about the user (what a slot
    rule reads of some of them is the rules' matter, not the note's)."""
    assert not [k for k in kept(text) if k.startswith("note.")], text


def test_a_note_must_say_it_lasts_or_name_the_users_people() -> None:
    """A chat line that passes looks like a statement as often as a fact does: without a
    word that it lasts (now, always, for years …) or one of the user's people or pets, an
    unread English line is not kept (the price: this one is lost)."""
    assert kept("Everything in my wardrobe is some shade of green.") == {}
    assert kept("Everything in my wardrobe has been some shade of green for years.")


def test_a_sentence_a_rule_reads_gets_no_note_beside_it() -> None:
    """A statement the rules read keeps their reading only."""
    found = kept("I live in Carlisle.")
    assert found and not any(k.startswith("note.") for k in found)


def test_another_language_is_still_kept_in_its_own_language() -> None:
    """A French statement stays a French note, not an English one."""
    found = kept("Je me lève tous les jours à cinq heures pour nager.")
    assert found and all(not k.startswith("note.en.") for k in found)


@pytest.mark.parametrize(
    "text",
    [
        "my nan, how old was she again?",
        "the car, what colour did I say it was?",
        "our lodger, where does he work?",
        "Sam's birthday, when is it?",
        "and the hamster, what did we end up calling it?",
        "My two nephews — what are their names?",
    ],
)
def test_a_thing_named_before_a_question_about_it_is_part_of_the_question(text: str) -> None:
    """ "my nan, how old was she?" asks about the nan: the words before the comma name what the
    question asks about (it says "she", "it", "their"), and are no statement — "Your nan" was
    kept as a note, and answered a later question about someone never told."""
    assert kept(text) == {}, text


def test_a_statement_before_a_question_is_still_kept() -> None:
    """A clause with a verb before the question is said, not asked."""
    assert kept("My sister Orla is a midwife, what does yours do?")
    assert kept("I live in Galway now, have you been there?")
