"""Corrections as people say them: "Tom is a lecturer, not a teacher", "Actually I'm a nurse,
not a doctor", "I moved in 2024, not 2023", "we moved in 2024, not last year" (only a short
negated tail after a comma: "I'm not a good singer but…" is a statement, left to the rules).

The negated alternative is no part of the fact: the sentence is read without it (the new value
then goes through arbitration like any change — a confident fact is asked about, never
overwritten). A correction of *when* a move happened, naming no place, becomes a date-only
candidate for the user's home: arbitration moves the current home's date and keeps its value.
"""

from __future__ import annotations

import re
from datetime import datetime

from memory_core.extract import when
from memory_core.extract.base import Candidate
from memory_core.values import Category

#: ", not a teacher" / "— not 2023" / ", not last year" at the end of a clause (short: the
#: negated alternative is a word or a few; "not" starting a longer clause is a statement).
_NOT_TAIL = re.compile(
    r"\s*(?:,|;|—|–|-)\s*(?:and\s+|but\s+)?not\s+(?P<neg>(?:\w+[\s']*){1,4}?)\s*(?P<end>[.!]*)\s*$"
    # "i'm 34 not 43": a number for a number needs no comma.
    r"|(?<=\d)\s+not\s+(?P<num>\d{1,4})\s*(?P<numend>[.!]*)\s*$",
    re.IGNORECASE,
)
#: A correction's lead: "Actually", "Sorry,", "No,", "Correction:", "Sorry, I meant",
#: "Scratch that,", "My bad —" ("No one knows…", "I meant to call" are not).
_LEAD = re.compile(
    r"^\s*(?:(?:oh\s+)?(?:actually\s*[,:!—–-]?|(?:sorry|no|correction|wait|oops|my\s+bad|"
    r"scratch\s+that|to\s+be\s+clear|let\s+me\s+correct\s+(?:that|myself)|i\s+misspoke|"
    r"typo)\s*[,:!—–-]|i\s+meant(?:\s+to\s+say)?(?:\s+that)?\s*(?:[,:—–-]\s*)?"
    r"(?=(?:i|i'm|my|we|our)\b))\s*)+",
    re.IGNORECASE,
)
#: "…, but not anymore": a change in time, not a rejected alternative.
_NOT_TIME = re.compile(r"(?:any\s*more|any\s+longer|yet|now|always|often)\b", re.IGNORECASE)
#: "I moved in 2024" / "we moved here in 2024": a move's date with no place.
_MOVED_WHEN = re.compile(
    r"^\s*(?:i|we)\s+(?:actually\s+)?(?:moved|relocated)(?:\s+(?:here|there|house|over))?"
    r"\s+(?P<when>(?:in|during|back\s+in|last|this|two|three|a)\b.*?)\s*[.!]*$",
    re.IGNORECASE,
)
#: The home key the rules file a move under (patterns_home_work).
HOME_KEY = "home_city"


def without_negation(sentence: str) -> str:
    """The sentence without its negated alternative ("X, not Y" → "X"; "not Y but X" → "X");
    unchanged when it has none."""
    m = _NOT_TAIL.search(sentence)
    if m is not None and m.start() > 0 and not _NOT_TIME.match(m.group("neg") or ""):
        return sentence[: m.start()] + (m.group("end") or m.group("numend") or ".")
    return sentence


def is_correction(sentence: str) -> bool:
    """Whether the sentence corrects something said before (a lead or a negated alternative)."""
    tail = _NOT_TAIL.search(sentence)
    return bool(_LEAD.match(sentence)) or (
        tail is not None and tail.start() > 0 and not _NOT_TIME.match(tail.group("neg") or "")
    )


def corrected(sentence: str) -> str:
    """The statement a correction makes: no lead ("Actually, …"), no negated alternative."""
    if not is_correction(sentence):
        return sentence
    body = without_negation(sentence)
    stripped = _LEAD.sub("", body)
    return stripped[:1].upper() + stripped[1:] if stripped else body


def moved_date(sentence: str, now: datetime) -> Candidate | None:
    """ "I moved in 2024, not 2023": a date-only candidate for the user's home (``None`` when
    the sentence names no date or names a place — then the rules read it as a move)."""
    if not is_correction(sentence):
        return None  # "I moved here in 2007": the rules read a plain statement
    m = _MOVED_WHEN.match(corrected(sentence))
    if m is None:
        return None
    ref = when.resolve(m.group("when"), now)
    if ref is None or not (ref.past or ref.since):
        return None
    said = m.group("when") if re.search(r"\b\d{4}\b", m.group("when")) else f"in {ref.start.year}"
    return Candidate(
        key=HOME_KEY,
        value_text=f"The user moved home {said.rstrip(' .!')}.",
        category=Category.IDENTITY,
        confidence_hint=0.8,
        valid_from=ref.start,
        source_excerpt=sentence[:200],
        stated=True,
        date_only=True,
    )
