"""A note the user said without its subject, given "you" when it is said back in English.

Chat drops the "I": "still living with my parents", "been vegan since uni", "moved here in
2019", "love a good crossword", "allergic to kiwis". Said back as it is, the acknowledgement
read "Got it — Still living with your parents." and an answer "You told me … that been vegan
…". :func:`with_subject` puts the subject back when the fragment opens with a verb or a word
that only follows one (an -ing form, "been", a past or present verb of a closed list, a state
such as "allergic" or "vegan"); any other opening is left as it is.
"""

from __future__ import annotations

import re

#: Adverbs a subjectless fragment may open with before its verb ("still", "just", "also").
_ADVERB = (
    r"(?:still|just|also|now|currently|really|always|never|finally|recently|only|kinda|"
    r"kind\s+of|pretty\s+much|totally|mostly|usually|sometimes|even|already|actually)"
)
_OPENING = re.compile(
    rf"^(?P<adv>(?:{_ADVERB}\s+)*)(?P<word>[A-Za-z][\w'’]*)(?P<rest>.*)$", re.I | re.S
)
#: Words that end in "-ing" and are no verb's form ("Nothing", "Morning").
_NOT_A_GERUND = frozenset(
    """thing nothing something anything everything morning evening king ring spring sibling
    wedding ceiling building darling clothing bring sing sting swing wing""".split()
)
#: Verbs said in the past with no subject ("moved to Leeds", "got a new job").
_PAST = frozenset(
    """got went had took quit left grew became bought sold made ran began won lost met found
    gave came did wrote spent started moved adopted finished switched joined learned learnt
    studied worked lived played visited graduated signed picked taught trained raised""".split()
)
#: Verbs said in the present with no subject ("love a good crossword", "work nights").
_PRESENT = frozenset(
    """love like hate work live have play own enjoy prefer speak study teach need want drive eat
    drink run go do cook read watch collect volunteer train swim walk ride grow listen sing
    dance paint attend miss know think feel believe avoid try use keep take make visit fix
    build write support follow""".split()
)
#: States said with no subject ("allergic to kiwis", "vegan since uni", "married to Sam").
_STATE = frozenset(
    """allergic intolerant vegan vegetarian pescatarian single married divorced retired engaged
    separated widowed self-employed unemployed left-handed right-handed""".split()
)
#: "big fan of jazz": a state with its article left out.
_FAN = re.compile(r"^(?:big|huge|massive|great)\s+fan\b", re.I)
#: A verb after the opening word makes it the subject ("Running is my thing").
_VERB_NEXT = re.compile(r"^\s+(?:is|was|are|were|makes|keeps|helps|has|gets)\b", re.I)


def _lower_first(text: str) -> str:
    return text[:1].lower() + text[1:]


def _subject_for(word: str, rest: str, *, after_adverb: bool) -> str | None:
    """The subject a fragment opening with ``word`` takes ("you're", "you've", "you"), or
    ``None`` when it needs none or cannot tell."""
    low = word.lower().replace("’", "'")
    if low == "been":
        return "you've"
    if _VERB_NEXT.match(rest):
        return None  # "Running is my thing": the gerund is the subject
    gerund = low.endswith("ing") and len(low) > 4 and low not in _NOT_A_GERUND
    if gerund or (after_adverb and re.fullmatch(r"[a-z]{3,}in'?", low)):
        return "you're"  # "still livin with …" too, after an adverb
    if low in _STATE:
        return "you're"
    if low in _PAST or low in _PRESENT:
        return "you"
    return None


def with_subject(said: str) -> str:
    """``said`` (a stored note turned to the second person) with "you" before it when it
    opens without a subject: "Still living with your parents." → "you're still living with
    your parents."; "Been vegan for years" → "you've been vegan for years"."""
    text = said.strip()
    if _FAN.match(text):
        return f"you're a {_lower_first(text)}"
    m = _OPENING.match(text)
    if m is None:
        return said
    subject = _subject_for(m["word"], m["rest"], after_adverb=bool(m["adv"]))
    if subject is None:
        return said
    return f"{subject} {_lower_first(text)}"
