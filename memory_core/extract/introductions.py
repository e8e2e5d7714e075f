"""Introductions in the shapes people type them, said again in the shape the rules read.

"Bram here, 58, …", "hey im lou, 24, …", "I'm Wen (44), …", "I'm Ottavio, a 47-year-old baker"
carry a name and an age the clause rules would miss or glue to the job ("47-year-old baker").
:func:`normalise` rewrites only these shapes, at the start of a sentence about the user, into
"I'm Bram, 58, …" / "I'm Lou, 24, …" / "I'm Wen, 44, …" / "I'm Ottavio, 47, a baker"; every
other sentence is returned unchanged. A lower-case word is taken for a name only where an
introduction puts one and only when it is no ordinary word ("hey im tired, 14 hours …").
"""

from __future__ import annotations

import re
from collections.abc import Callable

from memory_core.extract.lexicon import (
    BASE_VERBS,
    DIETS,
    EVALUATIVE,
    JOB_WORDS,
    LANGUAGES,
    MOMENTARY_ACTIVITIES,
    NATIONALITIES,
    NOT_NAMES,
    TRANSIENT_STATES,
)
from memory_core.extract.patterns_statements import PLAIN_TRAITS
from memory_core.extract.text import NUMBER

_GREETING = (
    r"(?:(?:hi|hey|hello|hiya|yo|howdy|heya|sup|'sup|wassup|greetings|hi\s+there|hey\s+there|"
    r"hey\s+(?:all|everyone|guys|folks)|good\s+(?:morning|afternoon|evening))\W+)*"
)
_I_AM = r"(?:i'm|im|i\s+am)"
#: "Bram here, 58, …": a name, then "here", then more about them (alone it is a greeting).
_HERE = re.compile(
    rf"^(?P<pre>{_GREETING})(?P<n>(?-i:[A-Z][\w'-]+))\s+here\s*(?:[-–—]\s*(?=\S)|(?=,\s*\S))",
    re.IGNORECASE,
)
#: "hey im lou, 24, …" / "hi im sam": a lower-case name after a greeting or before an age.
_LOWER_NAME = re.compile(
    rf"^(?P<pre>(?P<greet>{_GREETING}){_I_AM}\s+)(?P<n>[a-z][a-z'-]+)"
    rf"(?P<after>\s*,\s*(?:i'm\s+|im\s+|aged\s+)?{NUMBER}"
    r"(?=\s*(?:[,.!]|$|and\b|(?:years?|yrs?)\b|y/?o\b))|\s*(?:[,.!]|$))",
    re.IGNORECASE,
)
#: "I'm Wen (44)": an age in brackets after the name.
_BRACKETED_AGE = re.compile(
    rf"^(?P<lead>{_GREETING}(?:{_I_AM}|(?:(?:my|the)\s+)?name(?:'s|\s+is))\s+[^\W\d_][\w'-]*"
    r"(?:\s+[A-Z][\w'-]*)?)\s*\((?P<n>\d{1,3})\)",
    re.IGNORECASE,
)
#: "… a 47-year-old baker" after "I'm" or after the name's comma: the age, then the job.
_AGED_NOUN = re.compile(
    rf"(?P<pre>\b{_I_AM}\s+|,\s*)(?:a|an)\s+(?P<n>{NUMBER})(?:-|\s+)years?(?:-|\s+)old\s+"
    r"(?P<noun>(?!(?:and|but|with|in|at|from|who|living)\b)[a-z])",
    re.IGNORECASE,
)
_ABOUT_USER = re.compile(rf"^{_GREETING}{_I_AM}\b", re.IGNORECASE)
_ORDINARY = (
    NOT_NAMES
    | TRANSIENT_STATES
    | MOMENTARY_ACTIVITIES
    | EVALUATIVE
    | BASE_VERBS
    | JOB_WORDS
    | NATIONALITIES
    | LANGUAGES
    | frozenset(DIETS)
    | frozenset("so such really totally kinda sorta gonna the a an from in at on".split())
)
_WORD_ENDINGS = re.compile(r"(?:ing|ed|ly|ful|ous|ive|able|ible|less|ish|ness|est)$")


def _ordinary(word: str) -> bool:
    """True for a word that is more likely English than a name ("tired", "starving")."""
    low = word.lower()
    return (
        low in _ORDINARY or low in PLAIN_TRAITS or bool(_WORD_ENDINGS.search(low)) or len(low) < 2
    )


def normalise(sentence: str) -> str:
    """The sentence with an introduction said in the shape the rules read (unchanged if none)."""
    here = _HERE.match(sentence)
    if here is not None:
        rest = sentence[here.end() :]
        rest = rest if rest.startswith(",") else f", {rest}"
        sentence = f"{here.group('pre')}I'm {here.group('n')}{rest}"
    lower = _LOWER_NAME.match(sentence)
    if lower is not None and (lower.group("greet") or lower.group("after").strip(" ,.!")):
        word = lower.group("n")
        if not _ordinary(word):
            name = word[:1].upper() + word[1:]
            sentence = sentence[: lower.start("n")] + name + sentence[lower.end("n") :]
    sentence = _BRACKETED_AGE.sub(r"\g<lead>, \g<n>", sentence, count=1)
    if _ABOUT_USER.match(sentence):

        def aged(m: re.Match[str]) -> str:
            article = "an" if m.group("noun").lower() in "aeiou" else "a"
            return f"{m.group('pre')}{m.group('n')}, {article} {m.group('noun')}"

        sentence = _AGED_NOUN.sub(aged, sentence, count=1)
    return sentence


#: A sentence that introduces the user by name ("Name's Walt.", "Hi, I'm Imke.", "Milo here").
_INTRODUCES = re.compile(
    rf"^{_GREETING}(?:{_I_AM}\s+(?-i:[A-Z])[\w'-]*|(?:(?:my|the)\s+)?name(?:'s|\s+is)\s+\S+|"
    r"(?-i:[A-Z])[\w'-]+\s+here)\b",
    re.IGNORECASE,
)
#: "63.", "39 years old, midwife, …": an age fragment.
_AGE_FRAGMENT = re.compile(
    rf"^(?:{NUMBER})(?:(?:\s*|-)(?:years?|yrs?)(?:[\s-]+old)?|\s*y/?o)?(?=\s*(?:[,.!]|$))",
    re.IGNORECASE,
)
#: Where a job fragment's title ends ("Welder out of Pittsburgh", "midwife in Bremen").
_TITLE_END = re.compile(r"\s*,|\s+(?:in|from|at|out\s+of|for|with|based)\b", re.IGNORECASE)
_SUBJECT = re.compile(
    r"^(?:i|i'm|im|i've|my|we|we're|our|you|he|she|they|it|this|that|there)\b", re.IGNORECASE
)
_OUT_OF = re.compile(r"\bout\s+of\b", re.IGNORECASE)
_LEADING_ARTICLE = re.compile(r"^(?:a|an)\s+", re.IGNORECASE)


def _fragment(sentence: str, is_title: Callable[[str], bool]) -> bool:
    """True for a fragment that only names an age or a job ("63.", "Welder out of Memphis.")."""
    if _AGE_FRAGMENT.match(sentence):
        return True
    head = _TITLE_END.split(_LEADING_ARTICLE.sub("", sentence.strip()), maxsplit=1)[0]
    if _SUBJECT.match(head):
        return False  # "I'm a lawyer.": a statement of its own, no fragment
    return len(head.split()) <= 4 and is_title(head.rstrip(" .!"))


def with_fragments(sentences: list[str], is_title: Callable[[str], bool]) -> list[str]:
    """After a sentence that introduces the user, fragments that only name an age or a job are
    theirs: "Name's Walt. 63. Welder." → "… I'm 63. I'm Welder." (``is_title`` tells a job
    title). Other sentences, and fragments with no introduction before them, stay as they are."""
    out: list[str] = []
    introduced = False
    for sentence in sentences:
        if introduced and _fragment(sentence, is_title):
            first = sentence[:1].lower() if sentence[1:2].islower() else sentence[:1]
            sentence = "I'm " + _OUT_OF.sub("from", first + sentence[1:])
        elif _INTRODUCES.match(sentence) is not None:
            introduced = True
        else:
            introduced = False
        out.append(sentence)
    return out
