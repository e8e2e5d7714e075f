"""Which labelled sets are blind: written before the rules they score were read, and only ever
scored. Each blind set's test keeps its lines out of the rules, their tuning data and the tests;
the other blind sets are left out of that search — written apart, they may share an everyday
phrase (two sets written the same morning by two people each had someone teaching one subject)
without any rule having learned from it."""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from pathlib import Path

#: The file names of every blind set (labels/).
BLIND_PREFIXES = (
    "walk_",
    "ask_blind",
    "intros_blind",
    "statements_blind",
    "sensitivity_special_fresh",
    "crisis_lookalikes_blind",
    "crisis_indirect_blind",
    "crisis_blind",
)


def is_blind_set(path: Path) -> bool:
    """Whether ``path`` is one of the blind sets."""
    return path.name.startswith(BLIND_PREFIXES)


_WORD = re.compile(r"\w[\w']*")


def words(text: str) -> list[str]:
    """The words the blind-set tests compare: letters, digits and apostrophes, casefolded."""
    return _WORD.findall(text.casefold())


@functools.cache
def _words_of_file(path: Path) -> tuple[str, frozenset[str]]:
    """A source file's words with a space either side of each (`` w1 w2 … ``) and every run of
    five of them (read once per test process: the files do not change while the tests run)."""
    found = words(path.read_text(encoding="utf-8"))
    runs = frozenset(" ".join(found[i : i + 5]) for i in range(len(found) - 4))
    return f" {' '.join(found)} ", runs


def in_sources(line: list[str], sources: Sequence[Path]) -> bool:
    """Whether the words ``line`` (of :func:`words`), whole when fewer than five or else one of
    their runs of five, are written in one of ``sources`` — what a scan for
    ``f" {' '.join(run)} "`` of the sources' words joined (one space inside a file, more
    between two) finds, looked up in each file's set of runs instead of scanned for."""
    if not line:  # two spaces: between any two files of the joined text
        return " " * 2 in " ".join(_words_of_file(p)[0] for p in sources)
    if len(line) < 5:
        needle = f" {' '.join(line)} "
        return any(needle in _words_of_file(p)[0] for p in sources)
    runs = {" ".join(line[i : i + 5]) for i in range(len(line) - 4)}
    return any(not runs.isdisjoint(_words_of_file(p)[1]) for p in sources)
