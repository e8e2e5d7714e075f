"""``membot eval answers`` scoring: precision and recall per language (no model, no data)."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import replace

import pytest

from memory_core.evaluation.answer_data import TOPICS, answers_the_wording
from memory_core.evaluation.answers import (
    MSC_PATH,
    SAME_LANGUAGE_HELDOUT,
    SAME_LANGUAGE_TUNE,
    Asked,
    _count,
    finer,
    gated,
    load_personas,
    load_same_language,
    outcomes,
    score,
)
from memory_core.read.answer import DEFAULT_ANSWER
from memory_core.values import SearchHit

#: Margin and cosine alone decide (no answer score): a clear best hit answers.
PLAIN = replace(DEFAULT_ANSWER, weights=())


def _hits(best: int) -> tuple[SearchHit, ...]:
    """A clear best hit ``best`` above three unrelated ones."""
    top = SearchHit("facts", best, "best", 1.0, vector=0.9, topic=0.9)
    rest = tuple(SearchHit("facts", 100 + n, "other", 0.1, vector=0.74) for n in range(3))
    return (top, *rest)


def test_precision_and_recall_are_counted_per_language() -> None:
    asked = [
        Asked("u1", "job", "de", "Was ist mein Beruf?", frozenset({1}), _hits(1)),  # right
        Asked("u2", "job", "de", "Was ist mein Beruf?", frozenset({2}), _hits(9)),  # wrong
        Asked("u3", "pets", "ru", "Какие у меня питомцы?", frozenset({3}), _hits(3)),  # right
        Asked("u4", "car", "ru", "Какая у меня машина?", frozenset(), _hits(4)),  # unanswerable
    ]
    got = score(asked, PLAIN).as_json()
    assert got["recall_by_language"] == {"de": 0.5, "ru": 1.0}
    assert got["precision_by_language"] == {"de": 0.5, "ru": 0.5}
    assert (got["answered"], got["right"], got["abstention"]) == (4, 2, 0.0)


def test_abstention_is_counted_per_language() -> None:
    asked = [
        Asked("u1", "car", "de", "Habe ich ein Auto?", frozenset(), _hits(1)),  # answered
        Asked("u2", "car", "de", "Habe ich ein Auto?", frozenset(), ()),  # abstained
        Asked("u3", "car", "ru", "Какая у меня машина?", frozenset(), ()),  # abstained
    ]
    got = score(asked, PLAIN).as_json()
    assert got["abstention_by_language"] == {"de": 0.5, "ru": 1.0}


def test_same_language_personas_keep_their_split() -> None:
    """The translated personas: the tune file holds ``train`` personas only, the held-out file
    ``valid`` ones only (never mixed), each persona once, in the four other languages."""
    for path, split in ((SAME_LANGUAGE_TUNE, "train"), (SAME_LANGUAGE_HELDOUT, "valid")):
        rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
        assert {r["split"] for r in rows} == {split}, path.name
        assert len({r["persona"] for r in rows}) == len(rows), path.name
        langs = Counter(r["lang"] for r in rows)
        assert set(langs) == {"de", "es", "fr", "ru"} and min(langs.values()) >= 15, langs
        assert all(r["sentences"] and all(s.strip() for s in r["sentences"]) for r in rows)


def test_no_held_out_same_language_sentence_is_an_example() -> None:
    """A held-out persona sentence that were an example of an area of life or a note category
    would be matched to its area directly: the figure would measure the examples."""
    from memory_core.text import domains
    from memory_core.text.notes import EXEMPLARS

    def plain(text: str) -> str:
        return " ".join("".join(c if c.isalnum() else " " for c in text.lower()).split())

    examples = {plain(x) for a in domains.AREAS for x in (*a.questions, *a.statements)}
    examples |= {plain(x) for texts in EXEMPLARS.values() for x in texts}
    rows = SAME_LANGUAGE_HELDOUT.read_text(encoding="utf-8").splitlines()
    said = [s for line in rows for s in json.loads(line)["sentences"]]
    assert [s for s in said if plain(s) in examples] == []


@pytest.mark.skipif(not MSC_PATH.is_file(), reason="the MSC personas are not here")
def test_same_language_personas_translate_their_msc_persona() -> None:
    """Each translated persona has one sentence per sentence of the persona it translates (the
    topics' labels are read from those), and the labels find answerable topics in them."""
    personas = load_personas(MSC_PATH)
    for path, split in ((SAME_LANGUAGE_TUNE, "train"), (SAME_LANGUAGE_HELDOUT, "valid")):
        same = load_same_language(path, personas[split])
        assert len(same) >= 60
        answerable = sum(
            1
            for p in same
            for t in TOPICS
            if any(t.answers.search(s) or t.related.search(s) for s in p.english)
        )
        assert answerable >= 3 * len(same)


@pytest.mark.parametrize(
    ("topic", "question", "sentence", "answers"),
    [
        # One relative asked: another of its kind alone does not answer.
        ("siblings", "¿Qué sabes de mi hermana?", "I have a brother.", False),
        ("parents", "Чем занимается мой отец?", "My mom is from Alabama.", False),
        ("parents", "Qu'ai-je dit de ma mère ?", "My father is a farmer.", False),
        # ... the one asked, all of them, or no one of that kind does.
        ("siblings", "Was weißt du über meine Schwester?", "I have two sisters.", True),
        ("parents", "Que fait mon père ?", "My parents are retired.", True),
        ("parents", "¿Qué hace mi padre?", "My family has raised horses.", True),
        ("siblings", "Ai-je un frère ?", "I am an only child.", True),
        # A wording about the whole kind, or about both, takes every sentence of the topic.
        ("siblings", "¿Tengo hermanos?", "I have a brother.", True),
        ("siblings", "Hab ich einen Bruder oder eine Schwester?", "I have a sister.", True),
        ("parents", "Что ты знаешь о моих родителях?", "My mom is from Alabama.", True),
        # Other topics are not touched ("am I a father or a mother?" is about children).
        ("children", "Bin ich Vater oder Mutter?", "I have a son.", True),
        # The user's own life is not answered by one of their people's alone, ...
        ("job", "Wo arbeite ich?", "My uncle repairs boats.", False),
        ("car", "what car do I drive?", "My older sister drives a jeep.", False),
        # ... but is when the user is in it, and a topic about their people is.
        ("car", "what car do I drive?", "My aunt handed me her jeep.", True),
        ("home", "where do I live?", "My wife and I rent a flat in Leeds.", True),
        ("parents", "what do my parents do?", "My dad repairs boats.", True),
    ],
)
def test_finer_labels_leave_out_another_relative(
    topic: str, question: str, sentence: str, answers: bool
) -> None:
    assert answers_the_wording(topic, question, sentence) is answers


def test_outcomes_read_coarse_and_finer_labels() -> None:
    """A sister asked of a user who told of a brother: the coarse label calls the abstention a
    miss, the finer one a right abstention."""
    asked = Asked(
        "u1",
        "siblings",
        "es",
        "¿Qué sabes de mi hermana?",
        frozenset({1}),
        (),
        (frozenset({1}),),
        ("I have a brother.",),
        (),
    )
    silent = outcomes([asked], PLAIN)[0]
    assert (silent["outcome"], silent["fine"]) == ("missed", "abstained")
    # Given the brother's line, the answering now abstains too (a relative asked is answered
    # by that relative alone, h-ask12): the coarse label still calls it a miss.
    told = outcomes([replace(asked, hits=_hits(1))], PLAIN)[0]
    assert (told["outcome"], told["fine"]) == ("missed", "abstained")
    assert score(finer([asked]), PLAIN).as_json()["abstention"] == 1.0


def test_a_question_on_its_topic_by_its_words_alone_counts_for_precision_only() -> None:
    """ "Treibe ich Sport?" of a user who told "I play video games." (the sport topic's words,
    not its pattern): by the finer labels no answer is neither a miss nor an abstention, an
    answer with that sentence is right, one with another memory wrong."""
    games = Asked(
        "u1",
        "sport",
        "de",
        "Treibe ich Sport?",
        frozenset({1}),
        (),
        (frozenset({1}),),
        ("I play video games.",),
        (frozenset({1}),),
        False,
    )
    silent = score(finer([games]), PLAIN)
    assert (silent.answerable, silent.unanswerable, silent.uncertain) == (0, 0, 1)
    assert (silent.answered, silent.recall, silent.precision) == (0, 0.0, 1.0)
    told = score(finer([replace(games, hits=_hits(1)), replace(games, hits=_hits(2))]), PLAIN)
    assert (told.answered, told.right, told.uncertain_right, told.precision) == (2, 1, 1, 0.5)
    assert score([games], PLAIN).answerable == 1  # the coarse labels: a miss
    assert outcomes([games], PLAIN)[0]["fine"] == "uncertain missed"


def test_the_tuning_grid_read_once_is_answering_under_every_setting() -> None:
    """``tune`` reads each question once (``gated``) and only chooses, per setting, between
    the answer with the gates open and closed: the same answers as ``answering`` itself."""

    def hits(n: int) -> tuple[SearchHit, ...]:
        # The best one's cosine 0.700–0.775 (across the floors' 0.70 / 0.74 / 0.76), its margin
        # over the rest from about nothing to a clear one, its area agreement varied.
        top = SearchHit("facts", n, "best", 1.0, vector=0.70 + n / 200, topic=(n % 5) / 5)
        rest = tuple(
            SearchHit("facts", 100 + k, "other", 0.1, vector=0.69 + (n % 4) / 100) for k in range(3)
        )
        return (top, *rest)

    asked = [
        Asked(
            f"u{n}", "job", "en", "what do I do for work?", frozenset({n} if n % 4 else ()), hits(n)
        )
        for n in range(16)
    ]
    gates = gated(asked, DEFAULT_ANSWER.weights)
    assert any(g.cosine is not None for g in gates)
    settings = ((0.0, 0.74, 0.01), (0.04, 0.70, 0.01), (0.02, 0.76, 0.5), (0.0, 0.70, 0.84))
    for margin, cosine, chance in settings:
        config = replace(
            DEFAULT_ANSWER, min_margin=margin, min_cosine=cosine, min_probability=chance
        )
        fast = _count(asked, [g.answer(config) for g in gates]).as_json()
        assert fast == score(asked, config).as_json()
    answered = {
        chance: score(asked, replace(DEFAULT_ANSWER, min_probability=chance)).answered
        for chance in (0.05, 0.95)
    }
    assert answered[0.05] > answered[0.95]  # the settings do differ on these questions
