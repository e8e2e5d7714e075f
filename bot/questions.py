"""Messages that ask the user something with signed buttons: a conflict between two values,
"still true?" about a decayed fact, and the weekly reflection."""

from __future__ import annotations

import re

from adapters.types import Button, Reply
from bot import texts
from bot.buttons import Action, ButtonCodec, ButtonKind
from bot.i18n import t
from bot.wording import yours
from memory_core.types import Conflict, Question, chat_of
from memory_core.values import Fact, Reflection


def _label(fact: Fact, other: Fact, lang: str = "en", who: str | None = None) -> str:
    """A button's label: the fact's value ("Lyon" / "Brest"), else — a fact without one
    ("Ana is single."), or beside one without one, or two with the same value ("You love
    olives" / "You don't like olives") — the fact said to the user in their language ("No
    tienes pareja" / "Tu marido se llama Pedro"), never its stored third-person sentence."""
    value, others = texts.slot_value(fact), texts.slot_value(other)
    if value and others and str(value) != str(others):
        return texts.short(str(value), 30)
    said, said_other = _phrase(fact, lang, who), _phrase(other, lang, who)
    if said == said_other:
        # Two long notes that differ late ("… fait ses études à Rennes" / "… à Brest"): the
        # words that differ, or both buttons would read the same.
        return _differing(fact.value_text, other.value_text) or said
    return said


def _group_label(fact: Fact) -> str:
    """A group fact's button: its value, else its words (about the group, not the user)."""
    value = texts.slot_value(fact)
    return texts.short(str(value) if value else fact.value_text, 30)


def _phrase(fact: Fact, lang: str, who: str | None) -> str:
    """A fact said to the user as a button's label (capitalised, short, no stop)."""
    said = _sentence(fact, lang, who).rstrip(".")
    return texts.short(said[:1].upper() + said[1:], 30)


def _differing(text: str, other: str) -> str | None:
    """The words of ``text`` that ``other`` does not have at the same place, with the word
    before them ("… à Brest"), as a label; ``None`` when nothing differs."""
    words, others = text.rstrip(" .!").split(), other.rstrip(" .!").split()
    start = 0
    while start < min(len(words), len(others)) and words[start] == others[start]:
        start += 1
    end = 0
    while (
        end < min(len(words), len(others)) - start
        and words[len(words) - 1 - end] == others[len(others) - 1 - end]
    ):
        end += 1
    if start >= len(words) - end:
        return None
    said = " ".join(words[max(start - 1, 0) : len(words) - end])
    return texts.short(("… " if start > 1 else "") + said, 30)


#: A clause about "the user" in a text written about them (the weekly reflection's items).
_ABOUT_THE_USER = re.compile(r"(?:^|(?<=: )|(?<=; )|(?<=\. ))[Tt]he user\b[^;.]*")


def addressed(text: str) -> str:
    """A text written about the user, said to them: "New: The user lives in Cork" → "New:
    You live in Cork"."""

    def say(m: re.Match[str]) -> str:
        said = yours(m.group(0), None)
        mid_list = m.string[max(m.start() - 2, 0) : m.start()] == "; "
        return said if mid_list else said[:1].upper() + said[1:]

    return _ABOUT_THE_USER.sub(say, text)


def conflict_reply(
    codec: ButtonCodec,
    conflict: Conflict,
    lang: str = "en",
    *,
    group: bool = False,
    who: str | None = None,
) -> Reply:
    """ "Earlier you told me … Just now: … Which is right?" with three buttons, bound to this
    exact pending fact. ``group``: a group memory's conflict, asked in its chat and bound to
    the chat (any of its admins may answer); ``who``: the name the user goes by."""
    uid, pending = conflict.user_id, conflict.new.id
    if group:
        uid = chat_of(uid)

    def button(label: str, choice: str) -> Button:
        return Button(
            label,
            codec.encode(uid, Action(ButtonKind.CONFLICT, conflict.id, choice, fact_id=pending)),
        )

    if group:
        return Reply(
            t(
                lang,
                "The group's memory says: {old} Just now: {new} Which is right? (Admins decide.)",
                old=conflict.old.value_text,
                new=conflict.new.value_text,
            ),
            buttons=(
                (
                    button(_group_label(conflict.new), "update"),
                    button(_group_label(conflict.old), "keep"),
                ),
            ),
        )
    if conflict.ending:
        # "No longer …": the old value against its end (both would have the same label).
        return Reply(
            t(
                lang,
                "Earlier you told me {old}. Just now: {new}. Is that no longer true?",
                old=texts.said_back(conflict.old, lang, who),
                new=texts.said_back(conflict.new, lang, who),
            ),
            buttons=(
                (
                    button(t(lang, "No longer true"), "update"),
                    button(t(lang, "Still true"), "keep"),
                ),
            ),
        )
    return Reply(
        t(
            lang,
            "Earlier you told me {old}. Just now: {new}. Which is right?",
            old=texts.said_back(conflict.old, lang, who),
            new=texts.said_back(conflict.new, lang, who),
        ),
        buttons=(
            (
                button(_label(conflict.new, conflict.old, lang, who), "update"),
                button(_label(conflict.old, conflict.new, lang, who), "keep"),
                # Another name for a son or a dog: a second one is as likely as a slip.
                button(t(lang, "Both"), "both")
                if conflict.several
                else button(t(lang, "Only for now"), "now"),
            ),
        ),
    )


def still_true_reply(
    codec: ButtonCodec, question: Question, lang: str = "en", who: str | None = None
) -> Reply:
    """ "A while ago you told me … Is that still true?" with keep / forget buttons (``who``:
    the name the user goes by, which the stored fact may call them)."""
    uid, fact = question.user_id, question.fact

    def button(label: str, kind: ButtonKind) -> Button:
        return Button(label, codec.encode(uid, Action(kind, question.id, fact_id=fact.id)))

    return Reply(
        t(
            lang,
            "A while ago you told me: {fact} Is that still true?",
            fact=_sentence(fact, lang, who),
        ),
        buttons=(
            (
                button(t(lang, "Yes, keep it"), ButtonKind.STILL_TRUE_KEEP),
                button(t(lang, "No, forget it"), ButtonKind.STILL_TRUE_FORGET),
            ),
        ),
    )


#: A phrase said to the user that opens with them ("Your…", "Du…", "Tu…", "Ты…"): after
#: "you told me:" it goes on in lower case, as the other questions and answers say it.
_TO_YOU = re.compile(
    r"^(?:you|your|you're|you've|du|dein\w*|tu|tus|te|ton|ta|tes|ты|тебя|тебе|тво\w+|у тебя)\b",
    re.IGNORECASE,
)
#: Spanish says "you" by the verb's ending ("Vives en Sevilla", "Trabajas como …").
_SPANISH_YOU = re.compile(r"^[^\W\d_]+[ae]s\b")


def _sentence(fact: Fact, lang: str, who: str | None) -> str:
    """A fact said to the user after "you told me:", in ``lang`` where its slot has a
    phrase ("… erzählt: du wohnst in Lyon."; a name keeps its capital)."""
    # As /profile says it: a word told in another language quoted ("„paramedic“" in a German
    # question), a fact no phrase of the language fits quoted from the user's words — never
    # "… erzählt: you sing in a choir.".
    value = texts.slot_value(fact)
    excerpt = texts.own_words(fact) if lang != "en" else None
    said = texts.listed_words(lang, fact.key, fact.value_text, value, who, excerpt)
    if _TO_YOU.match(said) or (lang == "es" and _SPANISH_YOU.match(said)):
        said = said[:1].lower() + said[1:]
    return said + "."


def reflection_reply(codec: ButtonCodec, post: Reflection, lang: str = "en") -> Reply:
    """The weekly post: the reflection, and whether it looks right."""
    uid = post.user_id

    def button(label: str, kind: ButtonKind) -> Button:
        return Button(label, codec.encode(uid, Action(kind, post.id, fact_id=post.fact_id)))

    return Reply(
        t(lang, "Here's my weekly reflection on what I learned about you:")
        + f"\n\n{addressed(post.text)}\n\n"
        + t(lang, "Does that look right?"),
        buttons=(
            (
                button(t(lang, "Looks right"), ButtonKind.REFLECTION_OK),
                button(t(lang, "Fix something"), ButtonKind.REFLECTION_FIX),
            ),
        ),
    )
