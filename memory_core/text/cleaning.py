"""What stored text may be: normalised, free of control characters, bounded.

A leaf module: the facade, the observer and the jobs clean text the same way before it is
stored or searched.
"""

from __future__ import annotations

import re
import unicodedata

from memory_core.errors import InvalidInputError, Reason

MAX_FACT_CHARS = 1000
MAX_EPISODE_CHARS = 16000
# Control characters, and lone surrogates (JSON "\ud800" escapes decode to them; SQLite and
# the embedder cannot encode them to UTF-8, so they would raise UnicodeEncodeError).
CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ud800-\udfff]")
EMPTY = Reason("there is nothing to remember in an empty text")


def clean_text(value: str, *, limit: int) -> str:
    """Normalise user text for storage: NFC, no control characters, trimmed, bounded."""
    value = unicodedata.normalize("NFC", value)
    value = CONTROL.sub("", value).strip()
    if not value:
        raise InvalidInputError(EMPTY)
    if len(value) > limit:
        raise InvalidInputError(
            Reason(
                "that is too long to remember ({length} > {limit} characters)",
                length=len(value),
                limit=limit,
            )
        )
    return value


def clip_episode(value: str) -> str:
    """A turn's text for storage: normalised like :func:`clean_text`, then cut to
    ``MAX_EPISODE_CHARS`` — a long turn is kept in part, never refused (the live observer and
    the bulk import store turns the same way); an empty text raises."""
    value = CONTROL.sub("", unicodedata.normalize("NFC", value)).strip()
    if not value:
        raise InvalidInputError(EMPTY)
    return value[:MAX_EPISODE_CHARS].rstrip()


def clean_query(value: str) -> str:
    """A search query cleaned exactly like stored text (never raises), so "Lis\\x00bon"
    finds what was stored as "Lisbon"."""
    return CONTROL.sub("", unicodedata.normalize("NFC", value))[:MAX_EPISODE_CHARS]


def key_for(text_value: str) -> str:
    """A stable key for an explicit note with no key of its own: ``note.<first words>``."""
    words = re.findall(r"[^\W_]+", text_value.lower())[:6]
    return "note." + ("_".join(words) or "untitled")
