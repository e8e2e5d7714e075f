"""A request to forget, or not to keep, is talk about the memory, never a statement to learn
(issue 22 re-attacked, h-audit22): with a model answering, "olvida que vivo en Madrid" reached
learning and was kept as "Ana lives in Madrid." and as a note in the user's words; "vergiss
bitte, dass ich HIV habe" and "don't remember that I'm gay" were kept as private notes. Said
as "don't forget …", the opposite, it is still learned."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memory_core.extract.base import TurnInput
from memory_core.extract.rules import RulesExtractor

AT = datetime(2026, 3, 2, 12, tzinfo=UTC)


async def _read(text: str) -> list[str]:
    found = await RulesExtractor().extract(TurnInput(text, AT, user_name="Ana"))
    return [c.value_text for c in found]


@pytest.mark.parametrize(
    "text",
    [
        "please forget that I have HIV",
        "forget that I live in Leeds",
        "vergiss bitte, dass ich HIV habe",
        "vergiss, dass ich in Rom wohne",
        "lösch bitte, dass ich schwul bin",
        "olvida que tengo VIH",
        "olvida que vivo en Madrid",
        "por favor, borra que estoy en paro",
        "oublie que j'ai le VIH",
        "oublie que j'habite à Lyon",
        "забудь, что у меня ВИЧ",
        "don't remember that I'm gay",
        "please don't save that I'm gay",
        "do not keep that I was arrested",
        "du sollst nicht speichern, dass ich schwul bin",
        "merk dir nicht, dass ich Schulden habe",
        "no guardes que soy gay",
        "n'enregistre pas que je suis gay",
        "ne retiens pas que je suis au chômage",
        "не запоминай, что я гей",
    ],
)
async def test_a_request_to_forget_or_not_to_keep_is_not_learned(text: str) -> None:
    assert await _read(text) == []


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("don't forget that my mum's birthday is May 3", "3 May"),
        ("Forget about it, I live in Leeds now", "Leeds"),
        ("no olvides que soy alérgica a las nueces", "nueces"),
        ("n'oublie pas que je suis allergique aux noix", "noix"),
        ("nicht vergessen: ich bin allergisch gegen Nüsse", "Nüsse"),
        ("I never save money", "saves money"),
    ],
)
async def test_a_request_to_keep_and_a_plain_statement_are_still_learned(
    text: str, kept: str
) -> None:
    assert any(kept in said for said in await _read(text)), await _read(text)
