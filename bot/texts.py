"""User-facing wording shared by commands, buttons and notifications (English msgids of the
catalogue, bot/i18n.py: translated where they are shown)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Protocol, TypeVar

from bot.catalogue import CATALOGUE
from bot.i18n import N_, supported, t
from bot.slots import counted_words, slot_words, worded
from bot.wording import says_they, second_person, yours
from memory_core.errors import InvalidInputError
from memory_core.types import is_note, note_language, procedure_steps, procedure_topic
from memory_core.values import Fact

#: Where to find help, added to every reply to a message about self-harm (the model's too).
HELP_POINTER = N_(
    "If you might act on these thoughts, call your local emergency number. You can also talk to "
    "someone any time: findahelpline.com lists free, confidential crisis lines in your country "
    "(for example 988 in the US, 116 123 Samaritans in the UK and Ireland)."
)

#: The same for a message about someone else at risk (the user worries about them).
HELP_POINTER_SOMEONE = N_(
    "If they might act on these thoughts, call your local emergency number. Crisis lines help "
    "people worried about someone too: findahelpline.com lists free, confidential lines in your "
    "country (for example 988 in the US, 116 123 Samaritans in the UK and Ireland)."
)


def usage(lang: str, command: str) -> str:
    """How to use ``command``, in ``lang`` (its catalogue entry's ``usage``)."""
    spec = CATALOGUE.get(command)
    assert spec is not None and spec.usage, command
    return t(lang, spec.usage)


NOT_YOURS = N_("This isn't yours.")
ALREADY_SETTLED = N_("Already settled.")
INVALID_BUTTON = N_("That button isn't valid any more (or was never mine). Nothing changed.")
EXPIRED_BUTTON = N_(
    "That button has expired — nothing changed. Send the command again if you still want it."
)
STALE_CONFIRMATION = N_(
    "Your memory changed since I asked, so nothing changed. Send the command again if you "
    "still want it."
)
PRIVATE_ONLY = N_("I've sent that to you in a private chat.")
#: Something private kept from a group's message or /remember: said the same, new or known.
KEPT_PRIVATE = N_("Noted — I'll keep that private.")
FADED_TITLE = N_("Faded (not used for months; /restore #id brings one back):")
#: Above the bot's own weekly reflections in /memories: they are its summary, not something
#: the user said.
SUMMARY_TITLE = N_("My weekly summaries (what I made of what you told me):")
#: A private-only command sent in a group: refused before anything of it is read.
SEND_PRIVATELY = N_(
    "Please send /{command} to me in a private chat — I don't read it in a group, so "
    "nothing was changed or shown."
)


def certainty(confidence: float, lang: str = "en") -> str:
    """Confidence in plain words: what the user said is theirs, never shown as doubt."""
    if confidence >= 0.95:
        return t(lang, "certain")
    if confidence >= 0.75:
        return t(lang, "you've told me more than once")
    return t(lang, "you told me")


def said_to_user(fact: Fact, who: str | None, lang: str = "en") -> str:
    """A stored fact said to its owner as a sentence: "You live in Lisbon." (in ``lang``, a
    slot fact in its language's phrase: "Tu habites à Lyon.")."""
    said = fact.source_excerpt or ""
    if lang == "en":
        return said_to_user_text(fact.value_text, who, said)
    # As /profile says it: a fact no phrase of the language fits is quoted from the user's
    # words ("Das wusste ich schon: „Ich singe im Chor“."), never "You sing in a choir".
    value, own = slot_value(fact), own_words(fact)
    return listed_words(lang, fact.key, fact.value_text, value, who, own, in_notes=True) + "."


def said_to_user_text(value_text: str, who: str | None, said: str = "") -> str:
    """A stored fact's text said to its owner as a sentence (``said``: the user's words it
    was read from, which tell who its "they" is)."""
    text = yours(value_text, who, said)
    return (text[:1].upper() + text[1:]).rstrip(".") + "."


def procedure_lines(key: str, value_text: str) -> str:
    """A procedure as its topic and numbered steps ("• Reports:\n   1. Start with …")."""
    topic = procedure_topic(key, value_text)
    steps = procedure_steps(value_text)
    return f"• {topic[:1].upper()}{topic[1:]}:" + "".join(
        f"\n   {i}. {step}" for i, step in enumerate(steps, 1)
    )


def said_in(
    lang: str, key: str, value_text: str, value: object, who: str | None, said: str = ""
) -> str:
    """A memory said to its owner in ``lang``, capitalised, without a final stop: a slot fact
    in the language's own phrase around the value they gave ("Du wohnst in Köln"), else the
    stored sentence turned to the second person ("You live in Köln"), a note in another
    language as the user said it; ``said``: the user's words it was read from."""
    if supported(lang) not in (None, "en") and note_language(key) is None:
        phrase = slot_words(lang, key, value, value_text, said=said) or counted_words(
            lang, key, value_text
        )
        if phrase:
            return phrase[:1].upper() + phrase[1:]
    if note_language(key) not in (None, "en"):
        # A note in another language is the user's own words: the English rules that turn a
        # stored sentence to "you" would put "you" for their name ("Moi c'est you").
        words = value_text.strip().rstrip(".")
        return words[:1].upper() + words[1:]
    return said_to_user_text(value_text, who, said).rstrip(".")


def has_phrase(lang: str, key: str, value_text: str, value: object) -> bool:
    """Whether a slot fact has its own phrase in ``lang`` (else it is said in English, or
    quoted)."""
    return (
        slot_words(lang, key, value, value_text) or counted_words(lang, key, value_text)
    ) is not None


def needs_excerpt(lang: str, key: str, value_text: str, value: object) -> bool:
    """Whether saying a memory as /profile does (:func:`listed_words`) reads the user's words
    it was learned from (read only then: /profile fetches them one memory at a time)."""
    if lang == "en":
        return says_they(value_text)
    if is_note(key):
        return False
    return not has_phrase(lang, key, value_text, value) or worded(key)


def listed_words(
    lang: str,
    key: str,
    value_text: str,
    value: object,
    who: str | None,
    excerpt: str | None,
    *,
    in_notes: bool = False,
    notes: frozenset[str] | set[str] = frozenset(),
) -> str:
    """A memory said to its owner as /profile and the memory page list it, in ``lang``: a
    slot in its phrase; a note outside the notes' own section (``in_notes``) quoted (their
    own words, not the bot's "I"); in another language than English, a word told in another
    language quoted ("du arbeitest als „paramedic“"), a fact without a phrase quoted in the
    words it was read from (``excerpt``; ``None``: not known) — "" when a note already
    quotes them (``notes``: the notes' words, :func:`said_alike`) — never an English
    sentence there."""
    said = said_in(lang, key, value_text, value, who)
    if lang == "en":
        return said if excerpt is None else said_in(lang, key, value_text, value, who, excerpt)
    if is_note(key):
        return said if in_notes else t(lang, "“{words}”", words=said)
    if has_phrase(lang, key, value_text, value):
        if excerpt is None or not worded(key):
            return said
        return said_in(lang, key, value_text, value, who, excerpt)
    words = (excerpt or "").strip().rstrip(".!")
    if not words:
        return said
    return "" if said_alike(words) in notes else t(lang, "“{words}”", words=words)


def said_alike(words: str) -> str:
    """``words`` as a note and the excerpt of a fact read from them compare: a note begins
    with a capital ("Ich singe im Chor."), the message may not ("ich singe im Chor")."""
    return words.strip().rstrip(".!").casefold()


class _Keyed(Protocol):
    @property
    def key(self) -> str: ...
    @property
    def value_text(self) -> str: ...


E = TypeVar("E", bound=_Keyed)
#: A pet counted once ("The user has a dog."), said beside its name.
_ONE_PET = re.compile(r"\bhas (?:got )?an? ")


def shown_entries(entries: Sequence[E]) -> list[E]:
    """A profile section's entries without a pet counted once beside that pet's name ("you
    have a dog" next to "your dog is called Canela")."""
    named = {
        e.key.split(".")[1] for e in entries if e.key.startswith("pet.") and e.key.endswith(".name")
    }
    return [
        e
        for e in entries
        if not (
            e.key.startswith("pet.")
            and e.key.count(".") == 1
            and e.key.split(".")[1] in named
            and _ONE_PET.search(e.value_text)
        )
    ]


def fact_line(
    fact: Fact, lang: str = "en", who: str | None = None, *, with_id: bool = True, flag: bool = True
) -> str:
    """One memory as a line for lists, said to its owner ("#4 You live in Lisbon."; ``flag``:
    with "(not confirmed yet)" when it waits for the user's answer)."""
    tag = f"#{fact.id} " if with_id else ""
    pending = flag and fact.status.value == "pending_confirmation"
    flagged = f" ({t(lang, 'not confirmed yet')})" if pending else ""
    # Said as /profile says it: in another language, a fact no phrase fits is quoted from
    # the user's words ("#9 „Ich singe im Chor“."), never "#9 You sing in a choir.".
    value, own = slot_value(fact), own_words(fact)
    said = listed_words(lang, fact.key, fact.value_text, value, who, own, in_notes=True)
    return f"{tag}{said}{flagged}."  # "You're 35 (not confirmed yet).": one sentence


def fact_lines(facts: Sequence[Fact], lang: str = "en", who: str | None = None) -> list[str]:
    """Memories as lines for a list: what the user told first, then the bot's own weekly
    summaries under their title (a reflection is not something the user said)."""
    own = [fact_line(f, lang, who) for f in facts if f.kind != "reflection"]
    summaries = [fact_line(f, lang, who) for f in facts if f.kind == "reflection"]
    if not summaries:
        return own
    return [*own, *([""] if own else []), t(lang, SUMMARY_TITLE), *summaries]


def slot_value(fact: Fact) -> object:
    """The value a fact's slot holds, as the user gave it (``None``: none)."""
    return fact.value_json.get("value") if isinstance(fact.value_json, dict) else None


def refusal(lang: str, error: InvalidInputError) -> str:
    """Why the engine refused an input, in ``lang`` (its ``Reason`` through the catalogue)."""
    return error.reason.said(lambda template: t(lang, template))


#: The assistants whose memory exports /import reads (the name an import records → shown).
FOREIGN_SOURCES = {"chatgpt": "ChatGPT", "claude": "Claude"}


def imported_from(fact: Fact) -> str | None:
    """The assistant a fact came from in its memory export ("ChatGPT"), else ``None``."""
    kind, _, rest = (fact.source_turn_id or "").partition(":")
    source, found, _ = rest.partition(":")
    if kind != "import" or not found:
        return None
    return FOREIGN_SOURCES.get(source, source)


def own_words(fact: Fact) -> str:
    """The user's words a fact was read from, to say it as they said it ("" when none: an
    import keeps where it came from there, "imported from ChatGPT …", no words of theirs)."""
    return "" if imported_from(fact) is not None else fact.source_excerpt or ""


def quotable_source(fact: Fact) -> str | None:
    """The user's own message a fact was learned from, when it may be quoted: never a
    sensitive fact's, never an import's note of where it came from (no message of theirs)."""
    if fact.sensitive or not fact.source_excerpt or imported_from(fact) is not None:
        return None
    return fact.source_excerpt


def said_back(fact: Fact, lang: str = "en", who: str | None = None) -> str:
    """What the user told, said back inside the bot's own sentence ("Earlier you told me
    …"): a slot fact in their language's phrase ("du wohnst in Köln"), else their own words
    — in English turned to the second person ("you're 25"), otherwise quoted in the
    language's quotation marks („Ich singe im Chor“), never bare first-person words;
    ``who``: the name the stored fact may call them ("Ana is allergic to …" → "you're …")."""
    if lang != "en":
        said = slot_words(
            lang, fact.key, slot_value(fact), fact.value_text, said=fact.source_excerpt or ""
        )
        if said is not None:
            return said
    quote = quotable_source(fact)
    if quote is None:
        return yours(fact.value_text, who, fact.source_excerpt or "")
    words = quote.strip().rstrip(".!")
    turned = second_person(quote) if lang == "en" else words
    return turned if turned != words else t(lang, "“{words}”", words=words)


def short(text: str, limit: int = 40) -> str:
    """Shorten for a button label."""
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"
