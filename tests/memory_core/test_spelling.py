"""Chat shorthand and Scots words said plainly before a message is read (issue 23: the fourth
blind walk's teenager and Scottish users kept and found little of what they said)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memory_core import is_question
from memory_core.extract.base import TurnInput
from memory_core.extract.rules import extract_rules
from memory_core.read.answer import plain_question
from memory_core.text.kin import names_the_user
from memory_core.text.spelling import plainly

NOW = datetime(2026, 3, 2, 9, 30, tzinfo=UTC)


@pytest.mark.parametrize(
    ("said", "plain"),
    [
        ("wat band do i like", "what band do i like"),
        ("whats my sister called", "what's my sister called"),
        ("can u tell me abt my job", "can you tell me about my job"),
        ("fav colour is teal", "favourite colour is teal"),
        ("lowkey hooked w anime", "hooked with anime"),
        ("tbh i love this song rn", "i love this song"),
        ("whit dae I drink", "what do I drink"),
        ("Does ma dug like walks?", "Does my dog like walks?"),
        ("Oor weans are at the school", "Oor kids are at the school"),
        ("I'm a plumber tae trade", "I'm a plumber by trade"),
        ("A big mug o' tea wi' milk", "A big mug of tea with milk"),
        ("I bide in Perth", "I live in Perth"),
        ("We've a wee cat", "We've a little cat"),
        ("Her pal's cried Shona", "Her pal's called Shona"),
    ],
)
def test_chat_and_scots_words_are_said_plainly(said: str, plain: str) -> None:
    assert plainly(said) == plain


@pytest.mark.parametrize(
    "said",
    [
        "I dug a hole in the garden.",
        "Ken is my brother.",
        "siete u ocho",
        "ma petite sœur s'appelle Lou",
        "Tae Kwon Do is my sport",
        "They cried at the wedding.",
        "I'm in Perth right now.",
        "Kim Dae-jung won the prize.",
        "Twa-Lake is a village.",
    ],
)
def test_words_that_mean_something_else_are_left(said: str) -> None:
    assert plainly(said) == said


@pytest.mark.parametrize(
    "asked", ["wat car do i drive", "wats my cat called", "whit dae I dae for work"]
)
def test_a_question_in_shorthand_is_a_question(asked: str) -> None:
    """ "wat car do i drive" (no "?") was small talk: the bot answered "I can't chat freely"."""
    assert is_question(asked)
    assert not plain_question(asked).lower().startswith(("wat ", "whit "))


@pytest.mark.parametrize(
    ("said", "word"),
    [
        ("fav band is the arctic monkeys 🎸", "arctic monkeys"),
        ("ngl obsessed w formula 1 rn", "formula 1"),
        ("The missus is cried Ailsa.", "Ailsa"),
        ("We've three bairns, Rob, Kirsty and Ewan.", "Kirsty"),
    ],
)
def test_a_statement_in_shorthand_or_scots_is_kept(said: str, word: str) -> None:
    found = [c.value_text for c in extract_rules(TurnInput(said, NOW))]
    assert any(word.lower() in v.lower() for v in found), found


@pytest.mark.parametrize(
    ("said", "plain"),
    [
        ("jsuis infirmière à Brest", "je suis infirmière à Brest"),
        ("chui prof de maths", "je suis prof de maths"),
        ("g deux lapins", "j'ai deux lapins"),
        ("c koi ton plat préféré", "c'est quoi ton plat préféré"),
        ("c ki ma soeur", "c'est qui ma soeur"),
        ("jhabite à Metz", "j'habite à Metz"),
        ("j'peux pas manger de gluten", "je peux pas manger de gluten"),
        ("mon sport c lequel", "mon sport c'est lequel"),
        ("jsuis fan de jazz mdr", "je suis fan de jazz"),
        ("im 19 and a student", "I'm 19 and a student"),
        ("hiya im Sol, 30", "hiya I'm Sol, 30"),
        ("my lil bro Ben is 9", "my brother Ben is 9"),
        ("our dog Rex is 4 n still runs", "our dog Rex is 4 and still runs"),
        ("back living w my parents", "back living with my parents"),
        ("hes 12 and shes 10", "he's 12 and she's 10"),
    ],
)
def test_more_chat_spelling_and_french_chat_are_said_plainly(said: str, plain: str) -> None:
    """The ninth blind walk's texter ("im", "n", "lil bro", "w") and the sixth question set's
    French texter ("jsuis", "c koi", "g une …", "jhabite") kept and found almost nothing."""
    assert plainly(said) == plain


@pytest.mark.parametrize(
    "said",
    [
        "Im Sommer fahren wir weg.",
        "Ich bin im 2. Lehrjahr.",
        "Na ja, im Moment nicht.",
        "vitamine c le matin",
        "5 g de farine",
        "I got a koi pond.",
        "Lil Wayne is on tour.",
        "dont acte",
        "w domu jest kot",
    ],
)
def test_chat_spelling_leaves_other_words_alone(said: str) -> None:
    assert plainly(said) == said


@pytest.mark.parametrize(
    ("said", "word"),
    [
        ("jsuis boulangère à Tours", "boulang"),
        ("jsuis allergique aux noix", "noix"),
        ("g une tortue qui s'appelle Speedy", "Speedy"),
        ("im 27 and a welder", "welder"),
        ("my lil sis Ava is 6", "Ava"),
    ],
)
def test_a_statement_in_chat_spelling_is_kept(said: str, word: str) -> None:
    found = [c.value_text for c in extract_rules(TurnInput(said, NOW))]
    assert any(word.lower() in v.lower() for v in found), found


@pytest.mark.parametrize(
    "asked",
    [
        "c koi mon métier",
        "jhabite dans quel quartier",
        "c ki ma coloc",
        "mon quartier c lequel",
        "g un vélo ou pas",
    ],
)
def test_a_question_in_french_chat_is_a_question_about_the_user(asked: str) -> None:
    """Read as a statement ("C'est noté — …") or as about the world ("Je ne peux pas chercher
    ça")."""
    assert is_question(asked)
    assert names_the_user(asked)


@pytest.mark.parametrize(
    ("said", "job"),
    [
        ("so am a roofer, twenty years now", "roofer"),
        ("aye am a plasterer by trade", "plasterer"),
        ("am a welder", "welder"),
    ],
)
def test_am_without_its_i_opening_a_message_is_the_users(said: str, job: str) -> None:
    """Chat and Scots drop the "I" of "I am" (h-walk16: "… am a joiner …" was lost)."""
    found = extract_rules(TurnInput(said, datetime(2026, 3, 2, tzinfo=UTC)))
    assert ("job_title", job) in [(c.key, c.value) for c in found]


def test_am_asking_keeps_its_i() -> None:
    assert plainly("Am I on the rota this week?") == "Am I on the rota this week?"
