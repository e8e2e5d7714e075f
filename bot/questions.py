"""Messages that ask the user something with signed buttons: a conflict between two values,
"still true?" about a decayed fact, and the weekly reflection."""

from __future__ import annotations

from adapters.types import Button, Reply
from bot import texts
from bot.buttons import Action, ButtonCodec, ButtonKind
from bot.responder import second_person
from memory_core import Conflict, Fact, Question, ReflectionPost


def _said(fact: Fact) -> str:
    if fact.source_excerpt and not fact.sensitive:
        return second_person(fact.source_excerpt)
    return fact.value_text.rstrip(".")


def _label(fact: Fact) -> str:
    value = fact.value_json.get("value") if isinstance(fact.value_json, dict) else None
    return texts.short(str(value) if value else fact.value_text, 30)


def conflict_reply(codec: ButtonCodec, conflict: Conflict) -> Reply:
    """ "Earlier you told me … Just now: … Which is right?" with three buttons, bound to this
    exact pending fact."""
    uid, pending = conflict.user_id, conflict.new.id

    def button(label: str, choice: str) -> Button:
        return Button(
            label,
            codec.encode(uid, Action(ButtonKind.CONFLICT, conflict.id, choice, fact_id=pending)),
        )

    if conflict.ending:
        # "No longer …": the old value against its end (both would have the same label).
        return Reply(
            f"Earlier you told me {_said(conflict.old)}. Just now: {_said(conflict.new)}. "
            "Is that no longer true?",
            buttons=((button("No longer true", "update"), button("Still true", "keep")),),
        )
    return Reply(
        f"Earlier you told me {_said(conflict.old)}. Just now: {_said(conflict.new)}. "
        "Which is right?",
        buttons=(
            (
                button(_label(conflict.new), "update"),
                button(_label(conflict.old), "keep"),
                button("Only for now", "now"),
            ),
        ),
    )


def still_true_reply(codec: ButtonCodec, question: Question) -> Reply:
    """ "A while ago you told me … Is that still true?" with keep / forget buttons."""
    uid, fact = question.user_id, question.fact

    def button(label: str, kind: ButtonKind) -> Button:
        return Button(label, codec.encode(uid, Action(kind, question.id, fact_id=fact.id)))

    return Reply(
        f"A while ago you told me: {fact.value_text} Is that still true?",
        buttons=(
            (
                button("Yes, keep it", ButtonKind.STILL_TRUE_KEEP),
                button("No, forget it", ButtonKind.STILL_TRUE_FORGET),
            ),
        ),
    )


def reflection_reply(codec: ButtonCodec, post: ReflectionPost) -> Reply:
    """The weekly post: the reflection, and whether it looks right."""
    uid = post.user_id

    def button(label: str, kind: ButtonKind) -> Button:
        return Button(label, codec.encode(uid, Action(kind, post.id, fact_id=post.fact_id)))

    return Reply(
        "Here's my weekly reflection on what I learned about you:\n\n"
        f"{post.text}\n\nDoes that look right?",
        buttons=(
            (
                button("Looks right", ButtonKind.REFLECTION_OK),
                button("Fix something", ButtonKind.REFLECTION_FIX),
            ),
        ),
    )
