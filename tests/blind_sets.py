"""Which labelled sets are blind: written before the rules they score were read, and only ever
scored. Each blind set's test keeps its lines out of the rules, their tuning data and the tests;
the other blind sets are left out of that search — written apart, they may share an everyday
phrase (two sets written the same morning by two people each had someone teaching one subject)
without any rule having learned from it."""

from __future__ import annotations

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
