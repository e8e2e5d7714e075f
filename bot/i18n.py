"""The message catalogue: what the bot says, in the user's language.

gettext conventions: the English text is the msgid, written in the code inside ``t(lang, …)``
(or ``tn(lang, singular, plural, n, …)`` where a count appears, or ``N_(…)`` for a text kept
in a constant and translated where it is shown); the translations live in
``bot/locales/<lang>/LC_MESSAGES/membot.po`` and are read at run time from the compiled
``membot.mo`` beside them (stdlib :mod:`gettext`, so running needs no extra package). Placeholders
are ``str.format`` fields (``{name}``), filled after translation. ``devtools/locales.py``
extracts the msgids, updates the ``.po`` files and compiles them; a test checks that every msgid
has a translation in every catalogue with the same placeholders and that the shipped ``.mo``
files match the ``.po`` files (docs/languages.md).
"""

from __future__ import annotations

import gettext
from collections import OrderedDict
from collections.abc import Callable, Sequence
from datetime import date
from functools import cache
from pathlib import Path

#: Where the catalogues live (``<lang>/LC_MESSAGES/membot.po`` and ``.mo``).
LOCALES = Path(__file__).parent / "locales"
DOMAIN = "membot"
#: English is the msgids themselves; the others have a catalogue each.
SUPPORTED = ("en", "de", "es", "fr", "ru")
DEFAULT = "en"
#: Names of the languages, for the LLM's instruction ("answer in German").
NAMES = {"en": "English", "de": "German", "es": "Spanish", "fr": "French", "ru": "Russian"}


def supported(code: str | None) -> str | None:
    """``"de-AT"``, ``"de_DE"``, ``"DE"`` → ``"de"``; ``None`` for a language without a
    catalogue (or no code)."""
    if not code:
        return None
    primary = code.replace("_", "-").split("-", 1)[0].strip().lower()
    return primary if primary in SUPPORTED else None


def N_(msgid: str) -> str:
    """Marks a text for the catalogue without translating it (translated where shown)."""
    return msgid


@cache
def _catalogue(lang: str) -> gettext.NullTranslations:
    if lang == DEFAULT:
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, localedir=LOCALES, languages=[lang], fallback=True)


def t(lang: str, msgid: str, /, **fields: object) -> str:
    """``msgid`` in ``lang`` (English for a language without a catalogue), its ``{fields}``
    filled."""
    text = _catalogue(supported(lang) or DEFAULT).gettext(msgid)
    return text.format(**fields) if fields else text


def tn(lang: str, singular: str, plural: str, n: int, /, **fields: object) -> str:
    """The form of a counted text for ``n`` in ``lang`` (Russian has three); ``{n}`` and the
    other fields filled."""
    text = _catalogue(supported(lang) or DEFAULT).ngettext(singular, plural, n)
    return text.format(n=n, **fields)


def clauses(lang: str, items: Sequence[str]) -> str:
    """Clauses joined as ``lang`` lists them: "a; b", French "a ; b" (from the catalogue)."""
    out = items[0] if items else ""
    for item in items[1:]:
        # i18n: a list of clauses, one more added ("you live in Lyon; your cat is Tom").
        out = t(lang, "{items}; {item}", items=out, item=item)
    return out


def words(default: str) -> Callable[[str, str], str]:
    """The adapters' translator (``adapters.types.Words``): their own texts in the user's
    app language, else ``default``."""
    fallback = supported(default) or DEFAULT

    def say(lang: str, text: str) -> str:
        return t(supported(lang) or fallback, text)

    return say


class Languages:
    """The language each user last wrote in (bounded, in this process): commands, button
    presses and messages the bot sends unasked speak it, since "/profile" or a button press
    says nothing about a language."""

    def __init__(self, default: str = DEFAULT, capacity: int = 100_000) -> None:
        self.default = supported(default) or DEFAULT
        self.capacity = capacity
        self._last: OrderedDict[str, str] = OrderedDict()

    def note(self, user_key: str, lang: str) -> None:
        """The user just wrote in ``lang`` (ignored when it has no catalogue)."""
        code = supported(lang)
        if code is None:
            return
        self._last[user_key] = code
        self._last.move_to_end(user_key)
        while len(self._last) > self.capacity:
            self._last.popitem(last=False)

    def knows(self, user_key: str) -> bool:
        """Whether a language was noted for the user."""
        return user_key in self._last

    def of(self, user_key: str, hint: str | None = None) -> str:
        """The user's language: the one they last wrote in, else the platform's hint (their
        app's language), else the default."""
        return self._last.get(user_key) or supported(hint) or self.default


MONTHS = (
    N_("January"),
    N_("February"),
    N_("March"),
    N_("April"),
    N_("May"),
    N_("June"),
    N_("July"),
    N_("August"),
    N_("September"),
    N_("October"),
    N_("November"),
    N_("December"),
)


def day_text(lang: str, when: date) -> str:
    """A day as the user's language writes it ("3 May 2026", "3. Mai 2026", "3 мая 2026")."""
    month = t(lang, MONTHS[when.month - 1])
    # French writes the first of a month as an ordinal: "1er mars 2026".
    day: object = "1er" if supported(lang) == "fr" and when.day == 1 else when.day
    return t(lang, "{day} {month} {year}", day=day, month=month, year=when.year)


def month_text(lang: str, when: date) -> str:
    """A month of a year ("May 2026", "mayo de 2026"); Russian uses it after "с" (genitive)."""
    month = t(lang, MONTHS[when.month - 1])
    return t(lang, "{month} {year}", month=month, year=when.year)
