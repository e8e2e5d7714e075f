"""The weekly reflection written offline, in the user's language and said to them.

memory_core's reflection job gathers what changed (a digest: the facts, the language the user
last wrote in, the name they go by) and saves the text a writer makes of it as a memory; the
app hands the engine this writer (``Ports.reflection_writer``), so the text comes from the
message catalogue: "The week from 1 March 2026 to 8 March 2026. New: your home city is Lisbon;
you work at Acme." — or "Neu: du wohnst in Lissabon" for a German speaker. The facts stay in
the user's words (a slot's value inside the language's own phrase, else their sentence
quoted), as everywhere else (docs/languages.md).
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import DEFAULT, N_, clauses, day_text, supported, t
from bot.responder import told_words, worth_saying
from bot.wording import REPLY_LANGUAGE, first_name
from memory_core.types import ReflectionDigest
from memory_core.values import Fact

#: The most facts a section names (the rest are counted).
MAX_ITEMS = 6


class ReflectionWords:
    """Writes the weekly reflection through the catalogue, in the language the user last
    wrote in (else the bot's default), in the second person."""

    def __init__(self, default: str = DEFAULT) -> None:
        self.default = supported(default) or DEFAULT

    async def write(self, digest: ReflectionDigest) -> str:
        """ "The week from … to …. New: …; changed: …; no longer true: …", said to the user."""
        lang = supported(digest.language) or self.default
        token = REPLY_LANGUAGE.set(lang)
        try:
            return words(lang, digest)
        finally:
            REPLY_LANGUAGE.reset(token)


def words(lang: str, digest: ReflectionDigest) -> str:
    """The reflection's text in ``lang`` (the reply language must be set to it)."""
    name = first_name(digest.speaker) if digest.speaker else None
    parts = [
        t(
            lang,
            "The week from {since} to {until}.",
            since=day_text(lang, digest.since.date()),
            until=day_text(lang, digest.until.date()),
        )
    ]
    for label, facts in (
        (N_("New: {items}."), digest.new_facts),
        (N_("Changed: {items}."), digest.changed_facts),
        (N_("No longer true: {items}."), digest.ended_facts),
    ):
        if facts:
            parts.append(t(lang, label, items=_items(lang, facts, name)))
    return " ".join(parts)


def _items(lang: str, facts: Sequence[Fact], name: str | None) -> str:
    """The first facts of a section, said to the user, and how many more there are."""
    facts = worth_saying(facts)
    shown = clauses(lang, [told_words(f, name) for f in facts[:MAX_ITEMS]])
    more = len(facts) - MAX_ITEMS
    return t(lang, "{items} (and {n} more)", items=shown, n=more) if more > 0 else shown
