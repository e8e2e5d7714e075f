"""The extractor's vocabularies: ``data/<concept>.txt``, one concept a file, read once at import."""

from __future__ import annotations

from importlib.resources import files

#: Where the files are, next to this module (``[tool.setuptools.package-data]`` ships them).
FOLDER = "data"


def entries(text: str, source: str = "<text>") -> list[str]:
    """The lines that hold an entry: stripped, no blank or ``#`` comment line, no repeat."""
    found: dict[str, int] = {}
    for number, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        if line in found:
            raise ValueError(f"{source}:{number}: {line!r} repeats line {found[line]}")
        found[line] = number
    return list(found)


def pairs(text: str, source: str = "<text>") -> dict[str, str]:
    """``phrase | value`` lines as a mapping, in file order (a phrase may appear once)."""
    mapping: dict[str, str] = {}
    for line in entries(text, source):
        phrase, bar, value = (part.strip() for part in line.partition("|"))
        if not bar or not phrase or not value or "|" in value:
            raise ValueError(f"{source}: {line!r} is not 'phrase | value'")
        if phrase in mapping:
            raise ValueError(f"{source}: {phrase!r} is given twice")
        mapping[phrase] = value
    return mapping


def read(concept: str) -> str:
    """The text of ``data/<concept>.txt``."""
    return files(__package__).joinpath(FOLDER, f"{concept}.txt").read_text(encoding="utf-8")


def phrases(concept: str) -> list[str]:
    """The phrases of a one-phrase-a-line file, in file order."""
    return entries(read(concept), f"{concept}.txt")


def words(concept: str) -> frozenset[str]:
    """The phrases of a one-phrase-a-line file."""
    return frozenset(entries(read(concept), f"{concept}.txt"))


def mapping(concept: str) -> dict[str, str]:
    """The ``phrase | value`` file as a mapping, in file order."""
    return pairs(read(concept), f"{concept}.txt")
