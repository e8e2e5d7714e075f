"""The blind crisis sets of sessions 12 to 16 (``crisis_blind12.jsonl`` … ``blind16``):
self-harm statements and harmless look-alikes, written before the crisis rules were read. They
stay blind: no line of them, nor any run of five of their words, is in the rules, the other label
sets, bot/, devtools/ or a test, so a rule can only catch their lines by their class, never by
their words."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from tests.blind_sets import in_sources, is_blind_set, words

ROOT = Path(__file__).parents[2]
LABELS = ROOT / "memory_core" / "evaluation" / "labels"
BLIND12_PATH = LABELS / "crisis_blind12.jsonl"
BLIND13_PATH = LABELS / "crisis_blind13.jsonl"
BLIND14_PATH = LABELS / "crisis_blind14.jsonl"
BLIND15_PATH = LABELS / "crisis_blind15.jsonl"
BLIND16_PATH = LABELS / "crisis_blind16.jsonl"
#: Where no line of the set may be written (this file only loads it).
SOURCES = (
    *ROOT.glob("memory_core/**/*.py"),
    *(p for p in LABELS.glob("*") if not is_blind_set(p)),
    *ROOT.glob("memory_core/**/*.txt"),
    *ROOT.glob("bot/**/*.py"),
    *ROOT.glob("devtools/**/*.py"),
    *(p for p in ROOT.glob("tests/**/*.py") if p.name != Path(__file__).name),
)


def _rows(path: Path = BLIND12_PATH) -> list[dict[str, object]]:
    lines = path.read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines if line.strip()]


@pytest.mark.parametrize(
    ("path", "size"),
    [
        (BLIND12_PATH, 160),
        (BLIND13_PATH, 160),
        (BLIND14_PATH, 160),
        (BLIND15_PATH, 80),
        (BLIND16_PATH, 80),
    ],
    ids=["blind12", "blind13", "blind14", "blind15", "blind16"],
)
def test_the_set_is_blind_and_has_its_languages(path: Path, size: int) -> None:
    rows = _rows(path)
    assert is_blind_set(path)
    counts = Counter((r["lang"], r["category"]) for r in rows)
    for lang, share in {"en": 4, "de": 1.5, "es": 1.5, "fr": 1.5, "ru": 1.5}.items():
        assert counts[(lang, "self_harm")] == share * size / 20
        assert counts[(lang, None)] == share * size / 20
    assert len({r["text"] for r in rows}) == len(rows) == size


@pytest.mark.parametrize(
    "path",
    [BLIND12_PATH, BLIND13_PATH, BLIND14_PATH, BLIND15_PATH, BLIND16_PATH],
    ids=["blind12", "blind13", "blind14", "blind15", "blind16"],
)
def test_the_blind_lines_stay_out_of_the_rules_and_tests(path: Path) -> None:
    found: set[str] = set()
    for row in _rows(path):
        if in_sources(words(str(row["text"])), SOURCES):
            found.add(str(row["text"]))
    assert not found, sorted(found)
