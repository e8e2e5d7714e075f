"""What an audience may see of a fact: in a group nothing sensitive, anywhere no secret in
clear. Every fact the facade hands out for display passes through here.

Sensitive facts (health, finance, identity documents, credentials, or flagged ``sensitive``)
are replaced by a neutral label for a group. Secret values inside a fact (passwords, PINs,
card and account numbers, document numbers) are masked for every audience, keeping the last
four characters when the secret is long enough to stay unguessable (``••••7788``) — for the
user's eyes only: what goes to the language model (``tail=False``: the memory block, the
delta header, ``memory_query``) is masked whole.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from typing import Any

from memory_core.extract.sensitive import REDACTED, find_sensitive
from memory_core.extract.sensitivity import sensitive_topic
from memory_core.values import SENSITIVE_CATEGORIES, Audience, Category, Fact, HistoryEntry

#: What a group sees instead of a sensitive fact.
PRIVATE_LABEL = "(private)"
MASK = "••••"
#: Secrets shorter than this are masked whole (the last four would give them away).
_KEEP_TAIL_FROM = 8


@lru_cache(maxsize=8192)
def private_text(text: str) -> bool:
    """Whether a text speaks of something private (the one sensitivity model: health,
    self-harm, money, documents, secrets, sex life, religion, politics, union membership,
    criminal record, immigration status, or told in confidence). Read again at display time, so
    a fact stored before a topic was known, or by a writer that did not classify it, stays out
    of a group all the same."""
    return sensitive_topic(text) is not None


def is_private(fact: Fact) -> bool:
    """Whether a fact must never be shown to a group (nor used in one): sensitive facts, the
    bot's insights into the user (impressions of a person are not for their friends), and a
    fact that holds a secret, even redacted ("your bank login is [redacted]" tells a group
    there is one)."""
    return (
        fact.sensitive
        or fact.category in SENSITIVE_CATEGORIES
        or fact.kind == "insight"
        or REDACTED in fact.value_text.lower()
        or private_text(fact.value_text)
        or _holds_secret(fact.value_text)
    )


def mask_secrets(text: str, *, tail: bool = True) -> str:
    """``text`` with every secret value masked (``••••7788``; ``tail=False``: ``••••``, for
    the model, which needs no character of it)."""
    out, last = [], 0
    for span in find_sensitive(text):
        secret = span.text_in(text)
        # A code said in words ("four seven seven one") is masked whole: its last four
        # letters would spell out its last digit.
        spelled = not any(c.isdigit() for c in secret)
        keep = tail and len(secret) >= _KEEP_TAIL_FROM and not spelled
        # A secret redacted when it was told stays "[redacted]", not "••••cted]".
        hidden = secret if secret.lower() == REDACTED else MASK + (secret[-4:] if keep else "")
        out += [text[last : span.start], hidden]
        last = span.end
    return "".join(out) + text[last:] if out else text


@lru_cache(maxsize=8192)
def _holds_secret(text: str) -> bool:
    """Whether a text holds a secret value (cached: a page lists every fact on each load)."""
    return bool(find_sensitive(text))


def has_secret(fact: Fact) -> bool:
    """Whether a fact's text holds a secret value (or is a credential)."""
    return fact.category == Category.CREDENTIAL or _holds_secret(fact.value_text)


def shown(fact: Fact, audience: Audience, *, tail: bool = True) -> Fact:
    """The fact as ``audience`` may see it (``tail=False``: as the model may, secrets masked
    whole)."""
    if audience == Audience.GROUP and is_private(fact):
        return replace(fact, value_text=PRIVATE_LABEL, value_json={}, source_excerpt=None)
    if not has_secret(fact):
        return fact
    masked = mask_secrets(fact.value_text, tail=tail)
    if masked == fact.value_text:  # a credential whose value the patterns do not see
        masked = _mask_after_verb(fact.value_text)
    return replace(fact, value_text=masked, value_json={}, source_excerpt=None)


def shown_text(text: str, category: Category | str, audience: Audience, sensitive: bool) -> str:
    """A fact's text alone (history rows, import lines) as ``audience`` may see it."""
    if audience == Audience.GROUP and (
        sensitive or Category(category) in SENSITIVE_CATEGORIES or private_text(text)
    ):
        return PRIVATE_LABEL
    masked = mask_secrets(text)
    if Category(category) == Category.CREDENTIAL and masked == text:
        return _mask_after_verb(text)
    return masked


def shown_state(
    state: dict[str, Any] | None, audience: Audience, *, sensitive: bool
) -> dict[str, Any] | None:
    """A history row's before/after state with its text shown as ``audience`` may see it."""
    if state is None or "value_text" not in state:
        return state
    category = str(state.get("category", Category.OTHER.value))
    if category not in Category._value2member_map_:
        category = Category.OTHER.value
    text = shown_text(str(state["value_text"]), category, audience, sensitive)
    shown = {k: v for k, v in state.items() if k != "value_json"} | {"value_text": text}
    slot = state.get("value_json")
    value = slot.get("value") if isinstance(slot, dict) else None
    if text == state["value_text"] and isinstance(value, str | int | float):
        # Nothing was masked: the slot's value (the app says it in the user's language) may
        # be seen as its text is; any other part of value_json never is.
        shown["value_json"] = {"value": value}
    return shown


def shown_history(
    entries: list[HistoryEntry], audience: Audience, *, sensitive: bool
) -> list[HistoryEntry]:
    """History rows as ``audience`` may see them."""
    return [
        replace(
            e,
            before=shown_state(e.before, audience, sensitive=sensitive),
            after=shown_state(e.after, audience, sensitive=sensitive),
        )
        for e in entries
    ]


def _mask_after_verb(text: str) -> str:
    """A credential the patterns missed ("Ana's code word is swordfish"): mask what follows
    the last "is"/":"; with neither, the whole value."""
    for sep in (" is ", ": "):
        head, found, tail = text.rpartition(sep)
        if found and tail.strip():
            return f"{head}{found}{MASK}"
    return MASK
