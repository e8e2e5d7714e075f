"""MEMORY.md section titles on import: the English ones the export writes, and the same
sections in German, Spanish, French and Russian (a user who edits the file in their language,
or copies the titles /profile and the memory page show them)."""

from __future__ import annotations

import pytest

from memory_core.user.memory_md import TITLES, plan
from memory_core.values import Category


def category_of(title: str) -> str:
    """The category the lines under ``## title`` are added to."""
    result = plan(f"# Memory of Ana\n\n## {title}\n- Ana plays the cello\n", [])
    assert len(result.add) == 1
    return result.add[0][0]


@pytest.mark.parametrize(
    ("title", "category"),
    [
        ("Identität", Category.IDENTITY),
        ("Über dich", Category.IDENTITY),
        ("Gesundheit", Category.HEALTH),
        ("Menschen und Haustiere", Category.RELATIONSHIP),
        ("Sobre ti", Category.IDENTITY),
        ("Preferencias", Category.SOFT_PREFERENCE),
        ("Lo que para ti no es negociable", Category.HARD_PREFERENCE),
        ("Santé", Category.HEALTH),
        ("À propos de toi", Category.IDENTITY),
        ("Tâches en cours", Category.TASK_CONTEXT),
        ("Здоровье", Category.HEALTH),
        ("О тебе", Category.IDENTITY),
        ("Деньги", Category.FINANCE),
        ("ДРУГОЕ", Category.OTHER),
        ("Gesundheit:", Category.HEALTH),  # a colon after the title
    ],
)
def test_a_translated_section_title_maps_to_its_category(title: str, category: Category) -> None:
    assert category_of(title) == category.value


def test_the_english_titles_still_map_and_an_unknown_one_is_other() -> None:
    for category, title in TITLES.items():
        assert category_of(title) == category.value
    assert category_of("Things I made up") == Category.OTHER.value
