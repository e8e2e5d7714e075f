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

import dataclasses
from collections.abc import Sequence

from bot.i18n import DEFAULT, N_, clauses, day_text, supported, t
from bot.responder import told_words, uncovered, worth_saying
from bot.wording import REPLY_LANGUAGE, first_name
from memory_core.types import ReflectionDigest, is_note
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
    facts = _beside_slots(worth_saying(facts)) if lang != "en" else worth_saying(facts)
    # Two memories read from the same words („Bei uns wohnen drei Hunde“ as a note and as the
    # pets it counts, where the count has no phrase) are said once.
    said = list(dict.fromkeys(told_words(f, name) for f in facts))
    shown = clauses(lang, said[:MAX_ITEMS])
    more = len(said) - MAX_ITEMS
    return t(lang, "{items} (and {n} more)", items=shown, n=more) if more > 0 else shown


def _beside_slots(facts: Sequence[Fact]) -> list[Fact]:
    """A note of a whole sentence beside the slots read from the same message says only its
    clauses no slot holds ("du wohnst in Köln; „spiele gern Schach“", not the sentence again
    after the slot's own words); a note its slots hold all of is not said."""
    values: dict[str, list[str]] = {}
    for f in facts:
        value = f.value_json.get("value") if isinstance(f.value_json, dict) else None
        if value and not is_note(f.key):
            values.setdefault(_message(f), []).append(str(value))
    out: list[Fact] = []
    for f in facts:
        slots = values.get(_message(f)) if is_note(f.key) else None
        words = (f.source_excerpt or f.value_text).strip().rstrip(".!")
        rest = uncovered(words, slots) if slots else words
        if rest == words:
            out.append(f)
        elif rest:
            out.append(dataclasses.replace(f, source_excerpt=rest))
    return out


def _message(fact: Fact) -> str:
    """The message a fact was read from (its turn, else its words)."""
    return fact.source_turn_id or (fact.source_excerpt or "").strip()
