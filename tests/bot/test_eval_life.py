"""``membot eval life`` on a slice: two scripted users (one per split) over 60 simulated days
on the real bot, scored; and the answer-or-abstain evaluation's scoring."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from bot.cli import cli
from bot.slots import slot_words
from memory_core.evaluation.answer_data import TOPICS
from memory_core.evaluation.life import (
    Told,
    answers,
    build_users,
    distinctive,
    reply_language,
    told_facts,
)

PERSONAS = {
    "train": [
        {
            "Speaker 1": ["I have a dog named Rex.", "I work as a nurse.", "I live in Ohio."],
            "Speaker 2": ["I like rain."],
            "in_dataset": 0,
        }
    ],
    "valid": [
        {
            "Speaker 1": ["I play the guitar.", "I drive a red truck.", "I live in Texas."],
            "Speaker 2": ["Hi."],
            "in_dataset": 0,
        }
    ],
}


def test_users_tell_one_sentence_per_topic_and_take_turns_with_languages() -> None:
    users = build_users([PERSONAS["train"][0]["Speaker 1"]] * 2, "train", 2, 6)
    assert [u.lang for u in users] == ["en", "de"]
    assert [t.topic.name for t in users[0].told] == ["pets", "job", "home"]


def test_reply_language_is_voted_by_stop_words() -> None:
    assert reply_language("You told me on 2 March that you live in Ohio.") == "en"
    assert reply_language("Du hast mir gesagt, dass du in Ohio wohnst.") == "de"
    assert reply_language("Ты говорил, что живёшь в Огайо.") == "ru"
    # The user's own English words quoted in a German reply are not the reply's language.
    quoted = "Am 2. März 2026 hast du mir gesagt: “I work as a nurse and I love the job”."
    assert reply_language(quoted) == "de"


def test_eval_life_plays_sixty_days_and_scores_both_splits(tmp_path: Path) -> None:
    data = tmp_path / "personas.json"
    data.write_text(json.dumps(PERSONAS), encoding="utf-8")
    result = CliRunner().invoke(
        cli, ["eval", "life", "--data", str(data), "--users", "1", "--facts", "3", "--json"]
    )
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout.strip().splitlines()[-1])
    assert report["days"] == 60
    for split in ("tune", "heldout"):
        row = report[split]
        assert row["users"] == 1
        assert row["answered"].endswith("/3") and row["kept"].endswith("/3")
        assert row["replies_in_language"].endswith("/3")
    # The English user's questions on day 60 are answered from what they told on day 0.
    assert report["tune"]["answered_by_language"]["en"] != "0/3", report["tune"]["misses"]


async def test_a_still_true_question_is_counted_in_any_language() -> None:
    """The life bot marks a "still true?" question by its buttons, not its English words."""
    from adapters.types import Button, Reply, Target
    from bot.cli.life import LifeBot
    from memory_core.clock import ManualClock
    from memory_core.evaluation.life import START, _is_still_true

    bot = LifeBot(None, ManualClock(START))  # type: ignore[arg-type]
    asked = Reply(
        "Vor einer Weile hast du mir erzählt: du wohnst in Köln. Stimmt das noch?",
        buttons=((Button("Ja", "m2.sk.7.-.0.abc.own.sig"), Button("Nein", "m2.sf.7.-.0.a.o.s")),),
    )
    reflection = Reply("Woche vom 2. März", buttons=((Button("Passt", "m2.rk.1.-.0.a.o.s"),),))
    target = Target("life", "life:u", "life:u")
    await bot.send(target, asked)
    await bot.send(target, reflection)
    assert [_is_still_true(text) for _, text in bot.sent] == [True, False]


def _told(sentence: str) -> Told:
    """``sentence`` told on day 0, as ``build_users`` keeps it."""
    return Told(sentence, TOPICS[0], distinctive(sentence), told_facts(sentence))


@pytest.mark.parametrize(
    ("sentence", "lang", "reply"),
    [
        # The value, in the user's words, inside a translated slot phrase ("the who": only
        # stop words, no content word to find).
        (
            "My favorite band is the who.",
            "es",
            "El 2 de marzo me dijiste: lo que más te gusta: the who.",
        ),
        (
            "My favorite band is the who.",
            "fr",
            "Le 2 mars, tu m'as dit : ce que tu préfères : the who.",
        ),
        # Vocabulary the bot translates: named by the bot's own phrase for the fact.
        ("I am vegan.", "ru", "2 марта 2026 мне стало известно от тебя: твоё питание: веганское."),
        # A fact said as a sentence: named by its content words, quoted or not.
        ("I drive a bmw.", "de", "Am 2. März hast du mir gesagt: „I drive a bmw“."),
        ("I have a cat named spook.", "fr", "Ton chat s'appelle Spook."),
        ("I am 34 years old.", "de", "Du bist 34 Jahre alt."),
    ],
)
def test_the_judge_credits_the_told_value_however_the_slot_is_worded(
    sentence: str, lang: str, reply: str
) -> None:
    assert answers(reply, _told(sentence), lang, slot_words)


@pytest.mark.parametrize(
    ("sentence", "lang", "reply"),
    [
        # Another fact of the same kind: "favorite" names no fact.
        ("My favorite food is pizza with black olives.", "en", "Your favorite band is the who."),
        ("My favorite band is the who.", "es", "Lo que más te gusta: el color azul."),
        # Another fact altogether, and an honest "I don't know".
        ("I drive a bmw.", "de", "Du arbeitest als nurse."),
        ("I work as a nurse.", "en", "I don't know that yet — you work as what?"),
        ("I am vegan.", "ru", "Этого я пока не знаю."),
        ("I am 34 years old.", "de", "Du bist 43 Jahre alt."),
    ],
)
def test_the_judge_counts_a_different_fact_or_no_answer_wrong(
    sentence: str, lang: str, reply: str
) -> None:
    assert not answers(reply, _told(sentence), lang, slot_words)
