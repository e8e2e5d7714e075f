"""Statements the offline bot lost in German, Spanish, French and Russian (issue 23): children
named with their ages in brackets, "Jungs"/"Mädels" counted, a German line without its "ich",
the car the user drives, a pastime sung in a group."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memory_core.extract.base import TurnInput
from memory_core.extract.rules import extract_rules

NOW = datetime(2026, 3, 2, 9, 30, tzinfo=UTC)


def slots_of(text: str) -> dict[str, str | None]:
    """Key → value of the slot facts (notes left out) the rules read in ``text``."""
    return {c.key: c.value for c in extract_rules(TurnInput(text, NOW)) if "note." not in c.key}


@pytest.mark.parametrize(
    ("text", "rel", "kids"),
    [
        ("Wir haben zwei Kinder, Jonte (9) und Ilvy (3)", "child", {"jonte": "9", "ilvy": "3"}),
        ("Tenemos dos hijos, Bruno (11) y Alma (6)", "child", {"bruno": "11", "alma": "6"}),
        ("Nous avons deux enfants, Timéo (10) et Lou (5)", "child", {"timeo": "10", "lou": "5"}),
        ("У нас двое детей, Гоша (8) и Варя (2)", "child", {"гоша": "8", "варя": "2"}),
        # "Jungs" / "Mädels" counted after "have" are the user's sons and daughters.
        ("Wir haben zwei Jungs, Bela (7) und Ole (4)", "son", {"bela": "7", "ole": "4"}),
        ("Ich habe drei Mädels, Ronja (12), Pia (9) und Nele (1)", "daughter",
         {"ronja": "12", "pia": "9", "nele": "1"}),
    ],
)  # fmt: skip
def test_children_named_with_their_ages_in_brackets(
    text: str, rel: str, kids: dict[str, str]
) -> None:
    slots = slots_of(text)
    for kid, age in kids.items():
        assert slots.get(f"family.{rel}.{kid}.age") == age, slots
        assert f"family.{rel}.{kid}.name" in slots, slots


def test_jungs_counted_are_sons() -> None:
    assert "family.son" in slots_of("Wir haben zwei Jungs")
    assert "family.daughter" in slots_of("Ich habe zwei Mädels")


@pytest.mark.parametrize(
    "text",
    [
        "Samstags kicke ich mit den Jungs",  # the guys, not sons
        "Die Jungs aus dem Verein sind nett",
        "Wir haben zwei Mädels im Team",
    ],
)
def test_jungs_without_have_and_a_number_are_no_children(text: str) -> None:
    assert not any(k.startswith(("family.son", "family.daughter")) for k in slots_of(text))
