"""The blind statement sets (``eval statements --set``: session 9's to 13's): they stay
blind, and their extra scores (facts, wrong values, junk, acknowledgements) count what they say."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from memory_core.evaluation.statements import (
    LABELS,
    Row,
    StatementScore,
    load_rows,
    score_extraction,
)
from memory_core.extract.base import Candidate, TurnInput
from memory_core.values import Category
from tests.blind_sets import in_sources, is_blind_set, words

ROOT = Path(__file__).parents[2]
BLIND9_PATH = LABELS / "statements_blind9.jsonl"
#: Session 10's: partners and children with a name, age or job in one sentence, pets counted
#: and by breed, "X at Y, based in Z", "mum of two, A and B", where one was born, since when.
BLIND10_PATH = LABELS / "statements_blind10.jsonl"
#: Session 11's: statements as people chat — narrative English, lead-ins, comma lists
#: ("name, age, kids, city"), Russian names in every case, German "…, die ist 19", jobs with
#: qualifiers, and junk that looks like a fact (hyperbole, other people's relatives).
BLIND11_PATH = LABELS / "statements_blind11.jsonl"
#: Session 12's: multi-fact lines, asides and lead-ins, corrections, ages in words, jobs with
#: towns, relatives with names and jobs after a dash, lists, in five languages; junk that is
#: hyperbole, sarcasm, passing events, remarks about the world and talk about the chat itself.
BLIND12_PATH = LABELS / "statements_blind12.jsonl"
#: Session 13's: relatives and pets named with a verb in five languages ("que se llama",
#: "namens", "qui s'appelle", "его зовут"), "also/another" forms, jobs with shifts and "used
#: to", homes and moves, hobbies said as verbs, several facts in one line, lead-ins, slang; junk
#: of hyperbole, sarcasm, passing events, remarks about the world and what one is doing now.
BLIND13_PATH = LABELS / "statements_blind13.jsonl"
BLIND_PATHS = (BLIND9_PATH, BLIND10_PATH, BLIND11_PATH, BLIND12_PATH, BLIND13_PATH)
#: The rules, their tuning data, bot/, devtools/ and the tests (but this file, which only
#: loads the set) — where no line of the set may be written.
SOURCES = (
    *ROOT.glob("memory_core/**/*.py"),
    *(
        p
        for p in ROOT.glob("memory_core/evaluation/labels/*")
        # Other blind sets (only scored, written apart) may share a phrase with this one.
        if not is_blind_set(p)
    ),
    *ROOT.glob("memory_core/extract/**/*.txt"),
    *ROOT.glob("bot/**/*.py"),
    *ROOT.glob("devtools/**/*.py"),
    *(p for p in ROOT.glob("tests/**/*.py") if p.name != Path(__file__).name),
)
#: Lines of the set (written before any rule, label or test sentence was read) that the
#: sources already held, whole or as a run of five words, when the set was added: kept as
#: written; no other line may ever join them.
ALREADY_IN_THE_SOURCES: frozenset[str] = frozenset()


@pytest.mark.parametrize(
    ("path", "languages"),
    [
        (BLIND9_PATH, {"en": 72, "de": 12, "es": 12, "fr": 12, "ru": 12}),
        (BLIND10_PATH, {"en": 36, "de": 11, "es": 11, "fr": 11, "ru": 11}),
        (BLIND11_PATH, {"en": 44, "de": 9, "es": 8, "fr": 8, "ru": 12}),
        (BLIND12_PATH, {"en": 51, "de": 18, "es": 13, "fr": 13, "ru": 13}),
        (BLIND13_PATH, {"en": 82, "de": 26, "es": 19, "fr": 18, "ru": 19}),
    ],
)
def test_the_set_has_its_languages_and_lines_that_store_nothing(
    path: Path, languages: dict[str, int]
) -> None:
    rows = load_rows(path)
    langs = Counter(r.lang for r in rows if not r.nothing)
    assert langs == languages
    assert sum(r.nothing for r in rows) == 20
    assert all(r.slots or r.answer for r in rows if not r.nothing)


@pytest.mark.parametrize("path", BLIND_PATHS)
def test_the_blind_statements_stay_out_of_the_rules_and_tests(path: Path) -> None:
    """No statement of the set, nor any run of five of its words, is in the rules, any label
    set, bot/, devtools/ or a test. (Its questions — "Where do I live?" — are the plain ones the
    question rules already hold; the set measures what is stored from the statements.)"""
    found: set[str] = set()
    for row in load_rows(path):
        if in_sources(words(row.say), SOURCES):
            found.add(row.say)
    assert found <= ALREADY_IN_THE_SOURCES, sorted(found - ALREADY_IN_THE_SOURCES)


class _Fixed:
    """An extractor that proposes the same candidates for every line."""

    def __init__(self, *cands: Candidate) -> None:
        self.cands = list(cands)

    async def extract(self, turn: TurnInput) -> list[Candidate]:
        return list(self.cands)


def _cand(key: str, value: str | None) -> Candidate:
    return Candidate(key, f"The user: {key} {value}.", Category.IDENTITY, 0.9, value=value)


async def test_facts_wrong_values_and_junk_are_counted_per_language() -> None:
    """A fact found counts once, a key filled with another value is a wrong value, a line
    meant to store nothing that stored something is junk."""
    rows = [
        Row("u", "en", "x", "q", {"home_city": "Leeds", "employer": "BBC"}, (), ("leeds",)),
        Row("u", "en", "y", "", {}, (), (), nothing=True),
    ]
    score = StatementScore()
    await score_extraction(rows, _Fixed(_cand("home_city", "York")), score)
    figures = score.as_json()
    assert figures["facts"] == "0/2"
    assert figures["wrong_values"] == 1
    assert figures["junk"] == "1/1"
    assert figures["kept"] == "1/1"
    assert figures["facts_by_language"]["en"] == {"facts": "0/2", "wrong_values": 1, "junk": "1/1"}


async def test_a_value_running_past_an_aside_is_wrong() -> None:
    row = Row("u", "en", "x", "q", {"home_city": None}, (), ("x",))
    score = StatementScore()
    await score_extraction([row], _Fixed(_cand("home_city", "Hull which is grey")), score)
    assert score.wrong == 1
