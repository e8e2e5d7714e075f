"""Explicit memory requests: spotting "remember that …" (in English, German, Spanish, French
and Russian), and the notes and secrets they store.

Only an explicit request may store a secret (seed 001 §8); when no rule recognises what the
user asked to keep, the statement itself is kept as a third-person ``note.<slug>``.
"""

from __future__ import annotations

import re

from memory_core.extract.base import EXPLICIT_HINT, Candidate
from memory_core.extract.filters import SensitiveSpan, normalize_value_text
from memory_core.extract.rule import Context, fact
from memory_core.extract.text import slug, third_person
from memory_core.values import Category

_TRIGGER = re.compile(
    r"^(?:/remember(?:@\w+)?(?:\s+|$)[\s:,-]*"
    r"|(?:(?:hey|hi|ok|okay|so|also|and|btw|oh)\b[\s,]*)*(?:please\s+|pls\s+)?"
    r"(?:(?:can|could|would|will)\s+you\s+(?:please\s+)?)?"
    r"(?:remember|note|make\s+a\s+note|take\s+note|keep\s+in\s+mind|don't\s+forget|"
    r"do\s+not\s+forget|never\s+forget|memori[sz]e)"
    r"(?:\s*[:,\-–—]\s*|\s+(?:this|that|please|for\s+me)\s*[:,\-–—]\s*|"
    r"\s+(?:this|please|for\s+me|that)\s+|"
    # "remember where I parked?" asks; it is no request to store anything.
    r"\s+(?!(?:when|where|what|who|how|why|which|if|whether|to)\b)(?!me\b\W*$)))",
    re.IGNORECASE,
)


#: The same request in the bot's other languages; the statement follows "que", "dass", "что"
#: or a colon ("Recuerda comprar pan" asks to be reminded of an errand, not to keep a fact).
_TRIGGER_INTL = re.compile(
    # es: "¿Puedes recordar que …?", "Recuerda que …", "Apunta: …"
    r"^(?:¿\s*)?(?:por\s+favor,?\s*)?(?:(?:me\s+)?(?:puedes|podrías|podrias)\s+)?"
    r"(?:recordar|recuerda|acuérdate\s+de|acuerdate\s+de|apunta|apuntar|anota|anotar)"
    r"(?:\s*,?\s*(?:por\s+favor\s*,?\s*)?que\s+|\s*:\s*)"
    # de: "Kannst du dir merken, dass …?", "Merk dir: …"
    r"|^(?:bitte\s+)?(?:(?:kannst|könntest|koenntest)\s+du\s+(?:dir\s+)?(?:bitte\s+)?"
    r"(?:merken|notieren)|merke?\s+dir(?:\s+bitte)?|notiere?(?:\s+dir)?(?:\s+bitte)?)"
    r"(?:\s*,?\s*dass\s+|\s*:\s*)"
    # fr: "Tu peux retenir que … ?", "Souviens-toi que …", "Note : …"
    r"|^(?:est-ce\s+que\s+)?(?:(?:tu\s+peux|peux-tu|pourrais-tu|tu\s+pourrais|vous\s+pouvez|"
    r"pouvez-vous)\s+(?:te\s+souvenir|te\s+rappeler|vous\s+souvenir|retenir|noter)|"
    r"souviens-toi|rappelle-toi|retiens|retenez|note|notez)"
    r"(?:\s*(?:de\s+)?(?:que\s+|qu['’]\s*)|\s*:\s*)"
    # ru: "Можешь запомнить, что …?", "Запомни: …"
    r"|^(?:пожалуйста,?\s*)?(?:(?:можешь|можете|сможешь)\s+(?:пожалуйста,?\s+)?"
    r"(?:запомнить|записать)|запомни(?:те)?|запиши(?:те)?)(?:\s*,?\s*что\s+|\s*:\s*)",
    re.IGNORECASE,
)


def detect_explicit(text: str, explicit: bool) -> tuple[bool, str]:
    """(is this an explicit request, the statement to remember) for a cleaned user turn."""
    intl = _TRIGGER_INTL.match(text)
    if intl is not None:
        # Asked as a question ("¿Puedes recordar que …?"): the statement is without its "?".
        return True, re.sub(r"\s*[?？]+$", "", text[intl.end() :].strip())
    m = _TRIGGER.match(text)
    if m is None:
        return explicit, text
    body = text[m.end() :].strip()
    if re.match(r"^(?:can|could|would|will)\s+you\b", text, re.IGNORECASE):
        body = re.sub(r"\s*(?:,?\s*please)?\s*[?？]+$", "", body)
    return True, body


def asks_to_remember(text: str) -> bool:
    """True for a message that asks the bot to keep something ("Can you remember that my
    daughter is Sofia?", "¿Puedes recordar que …?", ``/remember …``), even asked as a
    question: it is learned as surely as ``/remember`` and acknowledged, never answered."""
    return detect_explicit(text.strip(), False)[0]


_CATEGORY_PREFIX = {
    Category.CREDENTIAL: "credential",
    Category.FINANCE: "finance",
    Category.IDENTITY_DOCUMENT: "identity_document",
}


def sensitive_candidates(clause: str, spans: list[SensitiveSpan], ctx: Context) -> list[Candidate]:
    """One ``sensitive=True`` candidate per secret in an explicitly remembered clause."""
    statement = normalize_value_text(third_person(clause, ctx.subject, assistant=True))
    out: list[Candidate] = []
    for span in spans:
        prefix = _CATEGORY_PREFIX.get(span.category, "credential")
        key = f"{prefix}.{slug(span.label) or 'secret'}"
        value = span.text_in(clause)
        text = statement or f"{ctx.possessive} {span.label} is {value}."
        out += fact(key, text, span.category, EXPLICIT_HINT, value, sensitive=True)
    return out


_NOTE_STOP = frozenset(
    """i me my mine myself the a an is am are was were be been that this to of and or in on
    at for with it its that's i'm i've i'd i'll you your please""".split()
)


def _content_words(clause: str) -> list[str]:
    words = re.findall(r"[^\W_]+(?:'[^\W_]+)?", clause.lower())
    return [w for w in words if w not in _NOTE_STOP]


def note_key(clause: str) -> str:
    """``note.<first content words>`` for a statement no rule recognised."""
    return "note." + (slug(" ".join(_content_words(clause)[:5])) or "untitled")


def note_candidate(clause: str, ctx: Context) -> list[Candidate]:
    """The explicitly remembered ``clause`` itself, in third person, as a note.

    Nothing when the clause only points elsewhere ("remember that"): it names no fact.
    """
    if not _content_words(clause):
        return []
    text = third_person(clause, ctx.subject, assistant=True)
    return fact(note_key(clause), text, Category.OTHER, EXPLICIT_HINT, None)
