"""The extractor's vocabularies as data files: each loads, holds no repeat, ships in the wheel."""

from __future__ import annotations

import fnmatch
import tomllib
from importlib.resources import files
from pathlib import Path

import pytest

from memory_core.extract import lexicon, sensitivity, wordlists

ROOT = Path(__file__).resolve().parents[2]
FOLDER = files("memory_core.extract").joinpath(wordlists.FOLDER)
CONCEPTS = sorted(p.name.removesuffix(".txt") for p in FOLDER.iterdir() if p.name.endswith(".txt"))


def test_every_file_loads_without_a_repeat_and_is_lower_case() -> None:
    assert len(CONCEPTS) >= 27
    for concept in CONCEPTS:
        text = wordlists.read(concept)
        lines = wordlists.entries(text, concept)  # raises on a repeated line
        assert lines, concept
        if lines[0].count("|") >= 2:
            # a table (conditions_intl: english | language | nouns | persons): every row has
            # as many columns (its values are names as written: "Crohn's disease", "Diabetes")
            assert len({line.count("|") for line in lines}) == 1, concept
            continue
        elif "|" in lines[0]:
            assert len(wordlists.mapping(concept)) == len(lines), concept
        else:
            assert len(wordlists.words(concept)) == len(lines), concept
        phrases = [line.partition("|")[0] for line in lines]  # a value may be "US/Pacific"
        assert all(phrase == phrase.lower() for phrase in phrases), concept


def test_the_names_the_rules_import_come_from_the_files() -> None:
    assert wordlists.words("languages") == lexicon.LANGUAGES and "portuguese" in lexicon.LANGUAGES
    assert lexicon.JOB_WORDS | wordlists.words("occupations") == lexicon.OCCUPATIONS
    assert lexicon.PET_BREEDS["poodle"] == "dog" and lexicon.FAMILY_CANONICAL["mum"] == "mother"
    assert "famished" in lexicon.TRANSIENT_STATES  # passing_sensations.txt joins in
    assert "lisdexamfetamine" in wordlists.phrases("medicines")
    assert sensitivity.sensitive_topic("my doctor put me on lisdexamfetamine") is not None
    assert sensitivity.sensitive_topic("I bank with Monzo") is not None  # banks.txt
    assert set(wordlists.mapping("health_stems").values()) == {"prefix", "suffix", "not"}
    assert sensitivity.sensitive_topic("they gave me bisoprolol") is not None  # "-olol"


def test_a_repeat_or_a_bad_pair_is_refused() -> None:
    assert wordlists.entries("# head\n\n dog \ncat\n") == ["dog", "cat"]
    with pytest.raises(ValueError, match=r"x\.txt:3: 'dog' repeats line 1"):
        wordlists.entries("dog\ncat\ndog\n", "x.txt")
    assert wordlists.pairs("mum | mother\ndad|father\n") == {"mum": "mother", "dad": "father"}
    with pytest.raises(ValueError, match="given twice"):
        wordlists.pairs("mum | mother\nmum | mom\n")
    for bad in ("mum\n", "mum |\n", "| mother\n", "a | b | c\n"):
        with pytest.raises(ValueError, match=r"not 'phrase \| value'"):
            wordlists.pairs(bad)


def test_the_wheel_ships_every_data_file() -> None:
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    globs = pyproject["tool"]["setuptools"]["package-data"]["memory_core.extract"]
    for name in ["health_conditions.txt", *(f"data/{c}.txt" for c in CONCEPTS)]:
        assert any(fnmatch.fnmatch(name, glob) for glob in globs), name
