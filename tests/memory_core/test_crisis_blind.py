"""The blind crisis set of session 12 (``crisis_blind12.jsonl``): indirect self-harm statements
and harmless look-alikes, written before the crisis rules were read. It stays blind: no line of
it, nor any run of five of its words, is in the rules, the other label sets, bot/, devtools/ or a
test, so a rule can only catch its lines by their class, never by their words."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

from tests.blind_sets import is_blind_set

ROOT = Path(__file__).parents[2]
LABELS = ROOT / "memory_core" / "evaluation" / "labels"
BLIND12_PATH = LABELS / "crisis_blind12.jsonl"
#: Where no line of the set may be written (this file only loads it).
SOURCES = (
    *ROOT.glob("memory_core/**/*.py"),
    *(p for p in LABELS.glob("*") if not is_blind_set(p)),
    *ROOT.glob("memory_core/**/*.txt"),
    *ROOT.glob("bot/**/*.py"),
    *ROOT.glob("devtools/**/*.py"),
    *(p for p in ROOT.glob("tests/**/*.py") if p.name != Path(__file__).name),
)


def _words(text: str) -> list[str]:
    return re.findall(r"\w[\w']*", text.casefold())


def _rows() -> list[dict[str, object]]:
    lines = BLIND12_PATH.read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines if line.strip()]


def test_the_set_is_blind_and_has_its_languages() -> None:
    rows = _rows()
    assert is_blind_set(BLIND12_PATH)
    counts = Counter((r["lang"], r["category"]) for r in rows)
    for lang, n in {"en": 32, "de": 12, "es": 12, "fr": 12, "ru": 12}.items():
        assert counts[(lang, "self_harm")] == n
        assert counts[(lang, None)] == n
    assert len({r["text"] for r in rows}) == len(rows) == 160


def test_the_blind_lines_stay_out_of_the_rules_and_tests() -> None:
    text = " ".join(f" {' '.join(_words(p.read_text(encoding='utf-8')))} " for p in SOURCES)
    found: set[str] = set()
    for row in _rows():
        words = _words(str(row["text"]))
        runs = [words[i : i + 5] for i in range(max(1, len(words) - 4))]
        if any(f" {' '.join(run)} " in text for run in runs):
            found.add(str(row["text"]))
    assert not found, sorted(found)
