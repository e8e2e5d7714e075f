"""A few slot rules in German, Spanish, French and Russian: the user's name and home town.

Everything else said in those languages is kept as a note (``notes``); these two slots are
the ones an introduction nearly always holds, and the ones the bot addresses the user by.
The value must be written with a capital, as names and towns are in all four languages.
"""

from __future__ import annotations

import re

from memory_core.extract.base import Candidate
from memory_core.extract.rule import Context, fact
from memory_core.values import Category

_WORD = r"(?-i:[A-ZÀ-ÖØ-ÞА-ЯЁ][\w'’-]*)"
_VALUE = rf"(?P<v>{_WORD}(?:[ -]{_WORD}){{0,2}})"
_NAME = {
    "de": r"(?:ich\s+heiße|ich\s+heisse|mein\s+name\s+ist)",
    "es": r"(?:me\s+llamo|mi\s+nombre\s+es)",
    "fr": r"(?:je\s+m'appelle|je\s+m’appelle|mon\s+nom\s+est)",
    "ru": r"(?:меня\s+зовут)",
}
_HOME = {
    "de": r"(?:(?:ich|und)\s+(?:wohne|lebe)|wir\s+(?:wohnen|leben))\s+"
    r"(?:jetzt\s+|seit\s+\S+\s+\S+\s+)?in",
    "es": r"(?:vivo|vivimos)\s+(?:ahora\s+)?en",
    "fr": r"(?:j'habite|j’habite|je\s+vis|nous\s+habitons|on\s+habite)\s+(?:maintenant\s+)?à",
}
#: What ends a value: the next clause or the end ("… in Berlin und arbeite …").
_END = r"(?=\s*(?:[,.;!?]|\s(?:und|y|e|et|и|a|an|en|seit|desde|depuis|mit|con|avec)\s|$))"


def _find(pattern: str | None, sentence: str) -> str | None:
    if pattern is None:
        return None
    m = re.search(rf"(?<![\w]){pattern}\s+{_VALUE}{_END}", sentence, re.IGNORECASE)
    return m.group("v") if m else None


def read(sentence: str, language: str, ctx: Context) -> list[Candidate]:
    """The user's name and home town from a sentence in ``language``, as slot facts."""
    out: list[Candidate] = []
    name = _find(_NAME.get(language), sentence)
    if name is not None:
        out += fact("name", f"{ctx.subject}'s name is {name}.", Category.IDENTITY, 0.85, name)
    town = _find(_HOME.get(language), sentence)
    if town is not None:
        out += fact("home_city", f"{ctx.subject} lives in {town}.", Category.IDENTITY, 0.75, town)
    return out
