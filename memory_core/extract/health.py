"""The one list of health conditions (``health_conditions.txt``), read once at import."""

from __future__ import annotations

from importlib.resources import files

#: The file's tags: where a phrase counts (its header says what each means).
TAGS = ("chronic", "sensitive")


def load(text: str) -> dict[str, frozenset[str]]:
    """Tag → its phrases, from the file's text (``ValueError`` for an unknown or no tag)."""
    found: dict[str, set[str]] = {tag: set() for tag in TAGS}
    for number, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        phrase, _, tags = line.partition("|")
        if not tags.split() or set(tags.split()) - set(TAGS):
            raise ValueError(f"health_conditions.txt:{number}: tags must be among {TAGS}")
        for tag in tags.split():
            found[tag].add(phrase.strip())
    return {tag: frozenset(phrases) for tag, phrases in found.items()}


_LIST = load(files(__package__).joinpath("health_conditions.txt").read_text(encoding="utf-8"))
#: Chronic conditions "I have …" / "I suffer from …" learns as a fact.
CHRONIC = _LIST["chronic"]
#: Conditions, diagnoses, care and treatments that make a sentence about health.
SENSITIVE = _LIST["sensitive"]
