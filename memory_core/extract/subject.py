"""The subject a terse or household statement leaves out, said back in the first person.

People write about themselves without the "I" ("Support Hull City.", "Got a whippet, Dash.",
"Brother's name is Sam.", "Two kids, Bo and Cy.", "born in tucson") or for the household
("we're big Packers fans", "We've lived in Derby for years", "Our eldest is called Rory").
The rules read the first person singular; :func:`restored` says such a statement that way
("I support Hull City.", "I've got a whippet, Dash.", "My brother's name is Sam.", "I have two
kids, Bo and Cy.", "I was born in tucson", "I'm a big Packers fan", "I've lived in Derby for
years", "My eldest child is called Rory") so the rules that read the full form read it too.
It is tried only on a sentence the rules read nothing from as it was said.
"""

from __future__ import annotations

import re

from memory_core.extract.lexicon import (
    FAMILY,
    FAMILY_GROUPS,
    PARTNER_SAID_WITH_THE,
    PEOPLE,
    PET_BREEDS,
    PET_SPECIES,
)
from memory_core.extract.text import alternation

_KIN = alternation(FAMILY | FAMILY_GROUPS | PEOPLE)
#: Pets: only when named ("Fish is my favourite food" is no pet).
_PET = alternation(PET_SPECIES | frozenset(PET_BREEDS))
#: A partner said with "the" for the user's own ("the missus", "the wife").
_THE_OWN = alternation(PARTNER_SAID_WITH_THE)
#: "youngest", "eldest": a child named by their place among the user's children.
_BY_AGE = r"(?:youngest|eldest|oldest|middle\s+one|firstborn|little\s+one)"

_REWRITES: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern, re.IGNORECASE), repl)
    for pattern, repl in (
        # The household for the user: "we're big X fans", "we've lived", "we have", "our".
        (
            r"^we(?:'re|\s+are)\s+(?:all\s+)?(?P<how>(?:huge|big|massive|die-?hard|lifelong|"
            r"loyal|mad|keen)\s+)?(?P<team>[^\W\d_][\w'.&-]*(?:\s+[^\W\d_][\w'.&-]*){0,2})\s+"
            r"fans\b",
            r"I'm a \g<how>\g<team> fan",
        ),
        (r"^we(?:'ve|\s+have)\s+(?=(?:lived|been|owned|had|supported)\b)", "I've "),
        (r"^we(?:'ve|\s+have)?\s+(?:also\s+)?got\s+", "I've got "),
        (r"^we\s+(?=(?:live|moved|own|have|rent|support|follow)\b)", "I "),
        (r"^our\s+", "my "),
        (rf"^the\s+(?=(?:{_THE_OWN})(?:'s)?\s)", "my "),
        # A kin or pet word first, its "my" left out: "Son's name is …", "Wife's called …".
        (rf"^(?=(?:{_KIN}|{_BY_AGE})(?:'s|\s+(?:is|are|was|name|called|named))\b)", "my "),
        (rf"^(?=(?:{_PET})(?:'s\s+(?:name|called|named)|\s+(?:is\s+)?(?:called|named))\b)", "my "),
        # The household's animal said with "the": "the dog's name is Baxter".
        (
            rf"^the\s+(?=(?:{_PET})(?:'s\s+(?:name|called|named)|\s+(?:is\s+)?(?:called|named))\b)",
            "my ",
        ),
        # The verb first, its "I" left out.
        (r"^(?:have|'ve)?\s*got\s+(?=(?:a|an|one|two|three|four|\d+)\s)", "I've got "),
        (
            r"^(?=(?:support|follow|cheer\s+for|root\s+for)\s+"
            r"(?!(?:is|are|was|were|has|had|will|can)\b)[^\W\d_])",
            "I ",
        ),
        (r"^(?=(?:born|raised|born\s+and\s+raised|brought\s+up)\s+in\b)", "I was "),
        # A change of diet: "Gave up dairy …", "Stopped eating pork …", "Went vegan …".
        (
            r"^(?=(?:gave\s+up|cut\s+out|stopped\s+(?:eating|drinking)|quit\s+(?!my\b|the\b|work\b)"
            r"|went\s+(?:vegan|vegetarian|veggie|pescatarian|plant-based|keto|teetotal|"
            r"gluten-free|dairy-free)\b)\s*[^\W\d_])",
            "I ",
        ),
        (rf"^(?=(?:a|an|one|two|three|four|five|\d)\s+(?:{_KIN}|{_PET})s?\b\s*,)", "I have "),
        (r"^(?:tryna|trying\s+to)\s+", "I'm trying to "),
        # What the user is doing these months, its "I'm" left out: "training for the Bath half
        # in March", "learning Welsh on the side", "saving up for a van" (not "Learning Welsh
        # is hard": a subject, its verb after it).
        (
            r"^(?=(?:training\s+for|learning|studying|saving\s+(?:up\s+)?for|working\s+as)\s+"
            r"[^\W\d_])(?!.*\b(?:is|was|are|were|can|will|has|takes|gets|makes)\b)",
            "I'm ",
        ),
        # Chat and British household shorthand: "fav band is …", "obsessed with …", "We've two
        # kids, …" ("the wife's called …" is kin's partner said with "the", above).
        (
            r"^(?=favourite\s+(?!(?:thing|part|bit)\b)[^\W\d_]+(?:\s+[^\W\d_]+)?\s+(?:is|are)\s+"
            r"(?!(?:that|when|how|if|to|it|this|what)\b))",
            "my ",
        ),
        (r"^(?=(?:obsessed\s+with|hooked\s+on|in\s+love\s+with|really\s+into)\s)", "I'm "),
        # A dislike, its "I" left out: "can't stand olives", "not a fan of sushi".
        (r"^(?=(?:can't|cannot|can\s+not)\s+(?:stand|bear)\s)", "I "),
        (r"^cant\s+(?=(?:stand|bear)\s)", "I can't "),
        (
            r"^(?=not\s+(?:really\s+|a\s+(?:big\s+|huge\s+)?fan\s+of\s|(?:into|keen\s+on)\s))",
            "I'm ",
        ),
        # "Retired bus driver here, …", "Type 1 diabetic here": who is talking, said with
        # "here" (two words at least, not a full name: "Agnes here" is a card's name).
        (
            r"^(?!(?:(?-i:[A-Z])[\w'-]*\s+)+here\b)"
            r"(?!.*\b(?:listener|lurker|user|reader|member|viewer|caller|customer|visitor|"
            r"subscriber|player|poster|follower)s?\s+here\b)"
            r"(?P<x>[^\W_][\w-]*(?:\s+[\w-]+){1,3}?)\s+here"
            r"(?=\s*(?:[,.;!—–-]|$))",
            r"I'm \g<x>",
        ),
        # "Retired now, live in …", "Divorced, live alone": a status, then the rest.
        (r"^(?=(?:retired|widowed|divorced|separated)(?:\s+now)?\s*[,—–-])", "I'm "),
        # "Huge Leeds fan, obviously", "big Diamondbacks fan btw": a fan, said of the user.
        (
            r"^(?P<how>(?:huge|big|massive|die-?hard|lifelong|mad|keen)\s+)"
            r"(?=(?-i:[A-Z])[\w'.&-]*(?:\s+(?-i:[A-Z])[\w'.&-]*){0,2}\s+fan\b)",
            r"I'm a \g<how>",
        ),
        (r"^we(?:'ve|\s+have)\s+(?=(?:a|an|one|two|three|four|five|\d+)\s)", "I have "),
        # "There's a wee terrier called Rab that sleeps on my bed": a pet of the user's, named,
        # when the rest of the sentence says it is theirs.
        (
            rf"^there(?:'s|\s+is)\s+(?:a|an)\s+(?P<p>(?:[\w-]+\s+){{0,2}}?(?:{_PET}))\s+"
            r"(?P<c>called|named)\s+(?P<n>(?-i:[A-Z])\w*)(?=.*\b(?:me|us|my|our|mine|ours)\b).*$",
            r"I have a \g<p> \g<c> \g<n>",
        ),
        # "You can't beat a plate of haggis", "Nothing beats a cold pint": what the user loves.
        (
            r"^(?:you\s+|ye\s+)?(?:can't|cannot|can\s+not)\s+beat\s+(?:(?:a|an)\s+(?:good\s+)?"
            r"(?:plate|bowl|cup|mug|pint|slice|glass|portion)\s+of\s+|(?:a|an)\s+good\s+)?"
            r"|^nothing\s+beats\s+(?:(?:a|an)\s+(?:good\s+)?(?:plate|bowl|cup|mug|pint|slice|glass|"
            r"portion)\s+of\s+|(?:a|an)\s+good\s+)?",
            "I love ",
        ),
    )
)
#: A moment ("Got a rabbit last week"): an event, read (or not) as it was said.
_MOMENT = re.compile(
    r"\b(?:ago|yesterday|today|tonight|tomorrow|just|(?:last|this|next)\s+(?:week|weekend|"
    r"night|month|morning|evening|monday|tuesday|wednesday|thursday|friday|saturday|sunday))\b",
    re.IGNORECASE,
)
#: "my youngest is called Rory": the child.
_MY_BY_AGE = re.compile(rf"^my\s+{_BY_AGE}(?=(?:'s|\s+(?:is|was|name|called|named))\b)", re.I)


def restored(sentence: str) -> str:
    """``sentence`` with the subject it leaves out said in the first person (unchanged when it
    has one, or is not one of the terse or household forms)."""
    text = sentence.strip()
    if _MOMENT.search(text):
        return text
    for pattern, repl in _REWRITES:
        m = pattern.match(text)
        if m is None:
            continue
        said = m.expand(repl)
        # "I'm Retired postman" → "I'm retired postman": a word said first, not a name.
        said = re.sub(r"^(I'm (?:a )?)([A-Z])(?=[a-z])", lambda w: w[1] + w[2].lower(), said)
        rest = text[m.end() :]
        if m.end() == 0 and rest[:1].isupper() and not rest[1:2].isupper():
            rest = rest[:1].lower() + rest[1:]  # "Support …" → "I support …" (not "I TV …")
        text = said + rest
        break
    by_age = _MY_BY_AGE.match(text)
    if by_age is not None:
        text = f"{by_age.group(0)} child{text[by_age.end() :]}"
    return text
