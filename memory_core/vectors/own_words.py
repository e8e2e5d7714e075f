"""What a fact's vector encodes when the user told it in another language than the stored text.

A fact the rules read from a German, Spanish, French or Russian sentence is stored in English
("Camille lives in Lyon." from "J'habite à Lyon."), and e5 puts a question close to memories
in its own language: "Dans quelle ville est-ce que je vis ?" is 0.79 similar to the English
fact and 0.83 to any French note of the same user ("Je joue de l'accordéon."), so the notes
outranked the home and the job, and the answer abstained. Embedded as the user's own clause
("home city: J'habite à Lyon.", 0.85) the fact is the best hit again. English sentences keep
the stored text, so the answer score's calibration (on English facts) is unchanged.
"""

from __future__ import annotations

import re

from memory_core.text.language import detect_language

#: Where a message's clauses meet: sentence ends, commas, semicolons and "and" in the
#: languages the bot speaks.
_BETWEEN = re.compile(r"[.!?;,\n]+|\s(?:and|und|y|e|et|и|а)\s", re.IGNORECASE)
_WORD = re.compile(r"[^\W\d_]{3,}|\d+")
#: Longest own words a vector encodes (the excerpt of a long message is cut to its clause).
MAX_OWN = 300


def _words(text: str) -> set[str]:
    return {w.casefold() for w in _WORD.findall(text)}


def own_words(value_text: str, excerpt: str) -> str | None:
    """The clause of ``excerpt`` (the message a fact was learned from) that says the fact —
    the one sharing the most words with ``value_text`` — when the message is in another
    language than English; None: embed ``value_text``."""
    if value_text.strip().rstrip(".!…") in excerpt or detect_language(excerpt) in (None, "en"):
        return None  # a note is the user's own words already (whole, not one of its clauses)
    # The stored text's first word is whom it is about ("Jonas works as Architekt."), which
    # the user said in another clause ("Ich heiße Jonas, …"), if at all.
    wanted = _words(value_text.split(maxsplit=1)[-1])
    clauses = [c.strip() for c in _BETWEEN.split(excerpt) if c.strip()]
    scored = [(len(wanted & _words(c)), c) for c in clauses]
    best = max(scored, key=lambda pair: pair[0], default=(0, ""))
    said = best[1] if best[0] > 0 else excerpt.strip()
    return said[:MAX_OWN] or None
