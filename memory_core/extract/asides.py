"""An English sentence as the plain statements it makes, before the rules read it.

People say one thing and wrap another round it: an aside ("…, which I love", "my uncle,
who's a baker, is …"), examples after a taste ("films, like Jaws"), a name said the other
way round ("everybody calls my grandad Pops", "we named our kitten Ziggy"), the people they
live with ("… with our two girls, Amy and Zoe"). :func:`plain_statements` gives the statements
such a sentence makes, each of which a rule reads on its own; a value never runs over an aside.
"""

from __future__ import annotations

import functools
import re

from memory_core.extract import russian
from memory_core.extract.lexicon import (
    FAMILY,
    NOT_FOR_PRONOUN,
    PARTNER_SAID_WITH_THE,
    PET_BREEDS,
    PET_SPECIES,
)
from memory_core.extract.patterns_home_work import job_title
from memory_core.extract.text import NUMBER, alternation
from memory_core.text import animals, kin, numbers

#: Number words an age is said in ("who is seven", "she just turned four").
_NUMBERS = {w: str(n) for w, n in numbers.values("en").items()}
_NUMBER = rf"(?P<num>{'|'.join(_NUMBERS)})"
#: "who is seven", "she's nine, not eight", "just turned four": an age in words (never "is one
#: of", "two years ago").
_AGE_IN_WORDS = re.compile(
    rf"\b(?P<pre>who\s+is|who's|(?:he|she)(?:'s|\s+is)|is|turned|aged)\s+{_NUMBER}"
    r"(?=(?:\s+(?:years?|yrs?)\s+old)?\s*(?:[,.;!]|$|\s+(?:now|and|but|not)\b))",
    re.IGNORECASE,
)
_KIN = alternation(FAMILY)
_ANIMAL = alternation(PET_SPECIES)
_BREED = alternation(PET_SPECIES | frozenset(PET_BREEDS))
#: "my uncle, who's a baker, is named Clive": the aside is a statement about the same person.
_WHO_ASIDE = re.compile(
    rf"^(?P<np>(?:my|our)\s+(?:[a-z-]+\s+)?(?:{_KIN}|{_ANIMAL}))\s*,\s*(?:who|which|that)"
    r"(?P<pred>'s\s+[^,]{1,60}?|\s+[^,]{1,60}?)\s*,\s*(?P<rest>.+)$",
    re.IGNORECASE,
)
#: "…, which helps me relax", "…, which I fix myself": what the user thinks of it or does with
#: it, no part of the value before it.
_WHICH_AFTER = re.compile(r"\s*,\s*which\s+.*$", re.IGNORECASE)
_FIRST_PERSON = re.compile(r"^\W*(?:i|i'm|i've|im|my|we|we're|we've|our)\b", re.IGNORECASE)
#: "…, Ned and Olly, who are both at school": the aside after a list of names (an age in it
#: stays: "…, called Greta, who is 6").
_WHO_AFTER = re.compile(r"\s*,\s*who(?:'s|\s+(?:is|are|was|were))\s+(?!\d)[^,]*$", re.IGNORECASE)
_WHO_AGE = re.compile(r"\s*,\s*(?=who(?:'s|\s+is)\s+\d[^,]*$)", re.IGNORECASE)
#: "I have one daughter, called Greta": the name said after a comma.
_CALLED_AFTER_COMMA = re.compile(r"\s*,\s*(?=(?:called|named)\s+[A-Z])")
#: "I'm an early bird, so don't message me …": what the bot should do, no part of the
#: statement.
_SO_DONT = re.compile(
    r"\s*,\s*so\s+(?:please\s+)?(?:don't|do\s+not|no|never|skip|avoid|go\s+easy|keep)\b.*$",
    re.IGNORECASE,
)
#: "I love films, like Jaws", "I'm into card games like poker": the examples after a taste.
_TASTE = re.compile(
    r"^(?P<head>(?:i|we)\s+(?:\w+\s+)?(?:love|like|adore|enjoy)\s+\S.*?"
    r"|(?:i'm|i\s+am|we're|we\s+are)\s+(?:\w+\s+)?(?:into|a\s+fan\s+of|obsessed\s+with)\s+\S.*?)"
    r"(?:\s*,\s*|\s+)(?:like|such\s+as|for\s+example|for\s+instance|e\.g\.)\s+.+$",
    re.IGNORECASE,
)
#: "…, like six years now", "I like it like that": a hedge or a manner, no example.
_HEDGED_LIKE = re.compile(
    rf"^\s*(?:\d|a\s+(?:few|couple|lot)\b|{_NUMBER}\b|(?:that|this|so|crazy|mad|hell|mine|"
    r"nothing|you|me|him|her|them|us)\b)",
    re.IGNORECASE,
)
#: Words after which "like" is the verb again ("… and I like …", "would like to", "who like").
_LIKE_AS_VERB = frozenset(
    """i we you they he she l and but or also really would i'd we'd do don't dont not to who
    that which still just than more""".split()
)
#: "The wife", "the missus": a partner said with "the" for the user's own.
_THE_PARTNER = alternation(PARTNER_SAID_WITH_THE)
#: "My cousin's called Nadia", "the wife's called Morag": "'s" for "is" before the naming word.
_S_CALLED = re.compile(
    rf"(?:^|(?<=,\s))(?P<np>(?:(?:my|our)\s+(?:[a-z-]+\s+)?(?:{_KIN}|{_ANIMAL})|the\s+(?:{_THE_PARTNER})))'s\s+"
    r"(?=(?:now\s+)?(?:called|named)\b)",
    re.IGNORECASE,
)
#: "My uncle's a roofer", "our dad's an electrician": "'s" for "is" before a job said with "a".
_S_A = re.compile(
    rf"(?:^|(?<=,\s)|(?<=\sand\s))(?P<np>(?:my|our)\s+(?:[a-z-]+\s+)?(?:{_KIN}))'s\s+"
    r"(?=(?:a|an)\s)",
    re.IGNORECASE,
)
#: "My dad is a cook and mum's a vet": a second of the user's people after "and",
#: their "my" left out.
_AND_BARE_KIN = re.compile(rf"(?<=\s)and\s+(?P<k>{_KIN})(?='s\s|\s+is\s)", re.IGNORECASE)
#: "Everybody calls my grandad Pops", "we named our kitten Ziggy": a name said the other way
#: round.
_CALLS = re.compile(
    r"^(?:everyone|everybody|people|we|they|the\s+kids|my\s+kids|most\s+people|all\s+my\s+friends)"
    r"\s+(?:all\s+|just\s+|always\s+)?(?:calls?|called|named|name|nicknamed)\s+"
    rf"(?P<np>(?:my|our)\s+(?:[a-z-]+\s+)?(?:{_KIN}|{_ANIMAL}))\s+(?P<n>(?-i:[A-Z])[\w'-]*)\s*[.!]?$",
    re.IGNORECASE,
)
#: "Our rabbit is a scruffy old lop called Dusty": a description, then the name.
_IS_A_CALLED = re.compile(
    rf"^(?P<np>(?:my|our|the)\s+(?:{_KIN}|{_ANIMAL}))\s+is\s+(?:a|an)\s+(?P<what>(?:[\w-]+\s+){{1,3}}?)"
    r"(?P<c>called|named)\s+(?P<n>(?-i:[A-Z]).*)$",
    re.IGNORECASE,
)
_A_BREED = re.compile(rf"(?:^|\s)(?:{_BREED})\s*$", re.IGNORECASE)
#: "We live in Hull with our two girls, Amy and Zoe": where, then whom with.
_LIVE_WITH = re.compile(
    r"^(?P<main>(?:i|we)\s+(?:still\s+|now\s+)?(?:live|rent\s+\S+(?:\s+\S+)?|moved)\s+(?:in|to)\s+"
    r"[^,]+?)\s+with\s+(?P<who>.+)$",
    re.IGNORECASE,
)
_COUNT = r"(?:a|an|one|two|three|four|five|six|twin|\d)"
_WHO_ITEM = re.compile(rf"\s+and\s+(?=(?:(?:my|our)\s+)?{_COUNT}\s)|\s*,\s*(?=(?:my|our)\s)", re.I)
_COUNTED = re.compile(rf"^(?:(?:my|our)\s+)?(?P<rest>{_COUNT}\s+.+)$", re.IGNORECASE)
#: "I rent a tiny flat in Hull": where the user lives.
_RENT_IN = re.compile(
    r"^i\s+(?:rent|own|share)\s+(?:a|an)\s+(?:[\w-]+\s+){0,2}?(?:flat|house|apartment|room|studio|"
    r"place|cottage|bungalow|condo|home|maisonette|terrace)\s+in\s+(?P<p>(?-i:[A-Z])[^,]*?)[.!]?$",
    re.IGNORECASE,
)
#: "I have twin sons": two of them.
_TWINS = re.compile(
    r"(?P<have>\b(?:have|have\s+got|'ve\s+got))\s+twin\s+(?=(?!boys\b|girls\b)[a-z]+s\b)", re.I
)
#: "I'm a plumber by trade": how the job is held, no part of it.
_BY_TRADE = re.compile(r"\s+by\s+(?:trade|profession|training)\b", re.IGNORECASE)


#: Words that open a sentence before what it says ("So my mum …", "Honestly, …").
_OPENER = r"(?:(?:so|well|oh|and|honestly|anyway|btw|also)\s*,?\s+)?"
_NAME = r"(?-i:[A-Z])[\w'-]*"
#: "My aunt, Rosa, runs …", "We've kept our tortoise, Shelly, since 1999", "Our dog, a scruffy
#: collie called Rex, turned 11": one of the user's people or animals, then their name as an
#: aside (said alone or after a description), then the rest of the statement.
_NAME_ASIDE = re.compile(
    rf"^{_OPENER}(?P<head>.*?)(?P<np>\b(?:my|our)\s+(?:[\w-]+\s+){{0,2}}?(?:{_KIN}|{_BREED}))"
    rf"\s*,\s*(?:(?:a|an)\s+(?:[\w-]+\s+){{0,3}}?(?:called|named)\s+)?(?P<n>{_NAME})"
    r"\s*,\s*(?P<rest>\S.*)$",
    re.IGNORECASE,
)
#: "We adopted a beagle, Milo, who's 3 already": an animal or a person had, named as an
#: aside; what follows is said of them.
_A_NAMED_ASIDE = re.compile(
    rf"^(?P<head>.*?\b(?:a|an)\s+(?:[\w-]+\s+){{0,2}}?(?P<noun>{_KIN}|{_BREED}))"
    r"(?:\s+(?:in|last|this)\s+\w+)?\s*[,–—]\s*"
    rf"(?P<n>{_NAME})\s*(?:(?:[,.!]\s*|\s+(?=who(?:'s|\s+is)\s))(?P<rest>.*))?$",
    re.IGNORECASE,
)
#: "My cousin Ben, he's 27, drives …", "Our rabbit Pip is a lop and she's two": a
#: pronoun's clause about the one just named.
_PRONOUN_AGE = re.compile(
    rf"^{_OPENER}(?P<np>(?:my|our)\s+(?:[\w-]+\s+){{0,2}}?(?:{_KIN}|{_BREED})(?:\s+{_NAME})?)"
    r"(?P<first>(?:\s+(?!and\b)[^,]+?)?)\s*(?:,\s*|,?\s+and\s+)(?P<pron>he|she|they|who)"
    r"(?:'s|\s+is|\s+are)"
    r"\s+(?P<age>\d{1,3})(?P<rest>\s*,\s*\S.*|\s+(?:now|already)\b.*|[.!]?)$",
    re.IGNORECASE,
)
#: Someone or something else named before the pronoun ("… has a dog called Rex, he's 4").
_SOMEONE_ELSE_NAMED = re.compile(r"\b(?:called|named)\s+\S", re.IGNORECASE)
#: "…, who's 14 now", "is 9 already", "turned 15 last week": an age and when it was said, the
#: age alone ("is 14").
_AGE_WHEN = re.compile(
    r"\b(?:who's|who\s+is|is|has\s+just\s+turned|just\s+turned|turned)\s+(?P<age>\d{1,3})"
    r"(?:\s+(?:years?\s+old|now|already|last\s+(?:week|month|weekend)|this\s+(?:week|month|year)"
    r"|on\s+\w+day|yesterday|today))+\s*(?=[,.!]|$)",
    re.IGNORECASE,
)
#: "…, Bo and Cy, both tiny": a remark on the names just listed, none of theirs.
_REMARK_ON_LIST = re.compile(
    rf"(?P<list>,\s*{_NAME}\s+(?:and|&)\s+{_NAME})\s*,\s*(?:both|all(?:\s+\w+)?)\b[^,]*$",
    re.IGNORECASE,
)


_PLURALS = alternation(
    kin.plural_words("en", counted=False, group="family", plain=True)
    | frozenset(animals.words("en", plural=True, singular=False))
)
_NAMES = rf"(?P<names>{_NAME}(?:\s*,\s*{_NAME})*\s*,?\s+(?:and|&)\s+{_NAME})"
#: "My sons are called Jim and Tom", "Our sons turned 9 in June, Sam and Joe", "Rabbits, three
#: of them: Hop, Skip and Jump": several of the user's people or animals, named together.
_PLURAL_NAMED = re.compile(
    rf"^(?:(?:my|our)\s+(?:[\w-]+\s+)?(?P<w>{_PLURALS})\s+(?:(?:are|were)\s+(?:called|named)\s+"
    # What is said of them before the names takes no object: an age, a birth ("… love Lego,
    # Duplo and …" lists what they love, "… are at school in A, B and C" places: no names).
    rf"|(?:just\s+)?(?:turned\s+{NUMBER}|were\s+born)\b[^,]*?\s*,\s*)"
    rf"|(?P<w2>{_PLURALS})\s*,\s*(?:\w+\s+of\s+them)\s*[:,]\s*)"
    rf"{_NAMES}\s*[.!]?$",
    re.IGNORECASE,
)


def _plural_named(sentence: str) -> list[str] | None:
    """ "My sons are called Jim and Tom" → "I have 2 sons, Jim and Tom" (each named, as the
    rules read a count and its names), and what else it says of them; ``None`` otherwise."""
    m = _PLURAL_NAMED.match(sentence.strip())
    if m is None:
        return None
    names = m.group("names")
    count = len(re.split(r"\s*,\s*(?:and\s+|&\s+)?|\s+(?:and|&)\s+", names.strip()))
    plural = (m.group("w") or m.group("w2")).lower()
    # What else is said of them ("turned 7 last weekend") is no fact of one of them.
    return [f"I have {count} {plural}, {names}"]


def _named_aside(sentence: str) -> list[str] | None:
    """The statements of a sentence that names one of the user's people or animals in an
    aside ("My aunt, Rosa, runs a bakery" → "My aunt Rosa runs a bakery"); ``None`` when
    it names no one so."""
    m = _NAME_ASIDE.match(sentence)
    if m is not None:
        np, name = m.group("np"), m.group("n")
        said = f"{np[:1].upper()}{np[1:]} is called {name}"
        rest = re.sub(r"^(?:who's|who\s+is|he's|she's)\s+", "is ", m.group("rest"))
        if m.group("head").strip():
            return [said, _AGE_WHEN.sub(r"is \g<age>", f"{m.group('head')}{np} {name} {rest}")]
        return [_AGE_WHEN.sub(r"is \g<age>", f"{np[:1].upper()}{np[1:]} {name} {rest}")]
    m = _A_NAMED_ASIDE.match(sentence)
    if m is None:
        return None
    out = [f"{m.group('head')} called {m.group('n')}"]
    age = _AGE_WHEN.match(m.group("rest") or "")
    if age is not None:
        out.append(f"My {m.group('noun').lower()} {m.group('n')} is {age.group('age')}")
        return out
    # "I have a brother, Sam, he's a plumber": what the pronoun's clause says of them.
    then = _PRONOUN_THEN.match(m.group("rest") or "")
    if then is not None:
        verb = "is" if then.group("v").strip() in ("'s", "is") else then.group("v").strip()
        out.append(f"My {m.group('noun').lower()} {m.group('n')} {verb} {then.group('rest')}")
    return out


#: "…, he's a plumber", "…, and she works at Tesco": a clause about the one just named.
_PRONOUN_THEN = re.compile(
    r"^(?:and\s+)?(?:he|she)(?P<v>'s|\s+is|\s+works|\s+lives)\s+(?P<rest>\S.*)$", re.IGNORECASE
)


#: "I have a sister, she's called Maud", "My husband's a roofer, his name's Declan": one of
#: the user's people or animals (the last one said), then their name in a clause of its own.
_PRONOUN_NAME = re.compile(
    rf"^(?P<head>(?:.*\b)?(?:my|our|a|an)\s+(?:[\w-]+\s+){{0,2}}?(?P<noun>{_KIN}|{_BREED})"
    r"(?P<first>(?:(?:'s|\s)[^,]*?)?))(?:\s*,\s*(?:and\s+)?|\s+and\s+)"
    r"(?:(?:his|her|its)\s+name(?:'s|\s+is)|(?:he|she|it)(?:'s|\s+is)\s+(?:called|named)|"
    r"(?:he|she|it)\s+answers\s+to(?:\s+the\s+name(?:\s+of)?)?)\s+"
    rf"(?P<n>{_NAME})(?P<rest>\s*(?:[,.!]\s*(?:and\s+)?\S.*)?)[.!]*$",
    re.IGNORECASE,
)
#: "a ginger cat we named Marmalade", "Our collie answers to Moss", "Meet Pudding, my
#: guinea pig!": an animal or person named the other way round.
_WE_NAMED = re.compile(
    rf"\b(?:my|our|a|an)\s+(?:[\w-]+\s+){{0,2}}?(?P<noun>{_BREED})\s+"
    r"(?:(?:that|which)\s+)?(?:(?:we|i)(?:'ve|\s+have)?\s+(?:named|called|call)|"
    r"answers\s+to(?:\s+the\s+name(?:\s+of)?)?)\s+"
    rf"(?P<n>{_NAME})(?=\s*(?:[,.!]|$))",
    re.IGNORECASE,
)
_MEET = re.compile(
    rf"^(?:meet|this\s+is|say\s+h(?:i|ello)\s+to)\s+(?P<n>{_NAME})\s*,\s*(?:my|our)\s+"
    rf"(?:[\w-]+\s+){{0,2}}?(?P<noun>{_KIN}|{_BREED})\s*[.!]*$",
    re.IGNORECASE,
)
#: Other people spoken of before the one named ("My sister has a neighbour, she's …").
_NOT_KIN_NOUNS = frozenset({"neighbour", "neighbor", "woman", "man", "friend", "colleague"})


def _before_noun(m: re.Match[str]) -> str:
    """What is said before the noun phrase ``m`` names ("My sister has " of "My sister has a
    dog")."""
    pre = m.string[: m.start("noun")]
    return re.sub(r"(?:\b(?:my|our|a|an)\s+(?:[\w-]+\s+){0,2})$", "", pre, flags=re.IGNORECASE)


def _pronoun_name(sentence: str) -> list[str] | None:
    """ "I have a sister, she's called Maud" → "I have a sister", "My sister is called Maud"
    (and what follows: "…, she's 2" → "My whippet is 2"); "a cat we named Mog", "Meet Mog,
    my cat!" → "My cat is called Mog"; ``None`` when no one is named so."""
    m = _MEET.match(sentence)
    if m is not None:
        return [f"My {m.group('noun').lower()} is called {m.group('n')}"]
    m = _PRONOUN_NAME.match(sentence)
    if (
        m is not None
        and m.group("noun").lower() not in _NOT_KIN_NOUNS
        # "My sister has a neighbour, she's …": someone else came after the one said.
        and not re.search(r"\b(?:has|have|had|met|knows|got|with|and)\b", m.group("first"), re.I)
        # "My sister has a dog, his name is Rex": the one named is someone else's.
        and not re.search(r"\b(?:my|our|his|her|their)\s", _before_noun(m), re.IGNORECASE)
    ):
        noun = m.group("noun").lower()
        out = [m.group("head").strip(), f"My {noun} is called {m.group('n')}"]
        rest = re.sub(
            r"^\s*[,.!]\s*(?:and\s+)?(?:he|she|it)(?:'s|\s+is)\s+", "is ", m.group("rest")
        )
        if rest.startswith("is "):
            out.append(f"My {noun} {rest.strip(' .!')}")
        return out
    m = _WE_NAMED.search(sentence)
    if m is not None:
        said = sentence[: m.start("noun")] + m.group("noun")
        return [said.strip(), f"My {m.group('noun').lower()} is called {m.group('n')}"]
    return None


def _pronoun_age(sentence: str) -> list[str] | None:
    """ "My cousin Ben, he's 27, drives a van" → his name and his age as statements
    of their own; ``None`` when no pronoun's age follows one of the user's people."""
    m = _PRONOUN_AGE.match(sentence)
    if m is None or _SOMEONE_ELSE_NAMED.search(m.group("first")):
        return None  # "my sister has a dog called Rex, he's 4": the pronoun may be Rex
    if NOT_FOR_PRONOUN.get(m.group("pron").lower(), frozenset()) & set(
        m.group("np").lower().split()
    ):
        return None  # "my aunt lives in Crewe, he is 9": "he" is not the aunt
    np = m.group("np")
    np = f"{np[:1].upper()}{np[1:]}"
    out = [f"{np} is {m.group('age')}"]
    rest = m.group("rest").strip(" ,.!")
    if m.group("first").strip():
        out.append(f"{np} {m.group('first').strip()}")
    if rest and not re.match(r"(?:now|already)\b", rest, re.IGNORECASE):
        out.append(f"{np} {rest}")
    return out


def _ages(sentence: str) -> str:
    return _AGE_IN_WORDS.sub(
        lambda m: f"{m.group('pre')} {_NUMBERS[m.group('num').lower()]}", sentence
    )


def _without_examples(sentence: str) -> str:
    m = _TASTE.match(sentence)
    if m is None:
        return sentence
    after = sentence[m.end("head") :]
    rest = re.sub(r"^\s*,?\s*\S+(?:\s+as)?", "", after)
    if _HEDGED_LIKE.match(rest):
        return sentence  # "…, like six years now": a hedge, no example
    before = m.group("head").split()[-1].lower()
    if before in _LIKE_AS_VERB or re.match(r"\s*(?:to|being)\b", rest, re.IGNORECASE):
        return sentence  # "I like winter and I like to read": "like" is a second taste
    return m.group("head")


def _living_with(sentence: str) -> list[str]:
    m = _LIVE_WITH.match(sentence)
    if m is None:
        return [sentence]
    items = [i for i in _WHO_ITEM.split(m.group("who")) if i]
    counted = [_COUNTED.match(i) for i in items]
    if not any(counted):
        return [sentence]  # "… with my wife Ana": the rules read the people named
    out = [m.group("main")]
    for item, c in zip(items, counted, strict=True):
        out.append(f"We have {c.group('rest')}" if c else f"I live with {item}")
    return out


#: "Since last spring I've been …", "Since 2021, I work …": when, said before the statement
#: (a time only: "Since the surgery …", "Since I moved …" say more).
_WHEN_LEAD = re.compile(
    r"^(?:since|as\s+of)\s+(?:\d{4}|then|(?:last|this|early|late)\s+[\w-]+)\s*,?\s+"
    r"(?=(?:i|we)(?:'ve|'m|\s)\s*)",
    re.IGNORECASE,
)


#: "I work lates as a cook", "I do weekend shifts as a carer": when the user works, no part
#: of the job.
_WORK_SHIFTS = re.compile(
    r"^i\s+(?:mostly\s+|mainly\s+|usually\s+)?(?:do|work)\s+(?:the\s+)?(?:(?:night|day|late|"
    r"early|evening|weekend|morning|split|rotating|twelve[- ]hour|12[- ]hour)s?(?:\s+shifts?)?|"
    r"nights|lates|earlies|shifts|nightshifts?)\s+as\s+(?=(?:a|an)\s)",
    re.IGNORECASE,
)
#: "I'm remaining a nurse", "I'm stopping on as a cook": the job the user keeps.
_STAYING_ON = re.compile(
    r"\bi'm\s+(?:staying|stopping|remaining)\s+(?:on\s+)?(?:as\s+)?(?P<a>an?)\s+(?P<j>[\w -]+?)"
    r"\s*[.!]?$",
    re.IGNORECASE,
)
#: "I used to be a cook, now I'm a florist", "Was a miner, but these days I'm …":
#: the job before, then what the user is now (read alone).
_USED_TO_NOW = re.compile(
    r"^(?:i\s+used\s+to\s+be|i\s+was|was)\s+(?:a|an)\s+[^,;]+?\s*(?:[,;]|\s+but\b|\s+and\b)\s*"
    r"(?:but\s+|and\s+)?(?P<now>(?:now|nowadays|these\s+days|today)\b.*)$",
    re.IGNORECASE,
)


def _job_now(sentence: str) -> str:
    """``sentence`` with the job said plainly: what the user is now after what they were
    ("I used to be a chef, now I'm a florist" → "now I'm a florist"), without the shift ("I do
    lates as a cook" → "I work as a cook"), kept ("I'm remaining a nurse")."""
    now = _USED_TO_NOW.match(sentence.strip())
    if now is not None and re.search(r"\b(?:i'm|i\s+am)\s+an?\s|\bi\s+work\b", now["now"], re.I):
        sentence = now.group("now")
    sentence = _WORK_SHIFTS.sub("I work as ", sentence.strip())
    staying = _STAYING_ON.search(sentence)
    if staying is not None and job_title(staying.group("j")) is not None:
        sentence = f"{sentence[: staying.start()]}I'm {staying.group('a')} {staying.group('j')}"
    return sentence


#: "Things I love: a, b and c", "Stuff I'm into: …": a list after a label that says what
#: it is.
_LABELLED_TASTES = re.compile(
    r"^(?:(?:the\s+)?(?:things|stuff|what)\s+)(?:i|i'm|i\s+am)\s+(?P<v>love|like|enjoy|adore|into)"
    r"\s*[:–—-]+\s*(?P<x>\S.*)$",
    re.IGNORECASE,
)
#: "Peanuts and sesame, I'm allergic to both": what, then the allergy said of all of it.
_ALLERGIC_TO_ALL = re.compile(
    r"^(?P<x>[^,]+?\s+(?:and|&)\s+[^,]+?)\s*[,–—-]+\s*(?P<s>i'm|i\s+am)\s+allergic\s+to\s+"
    r"(?:both|them\s+both|both\s+of\s+them|the\s+pair\s+of\s+them|all\s+(?:of\s+)?them|"
    r"them\s+all|the\s+lot)\W*$",
    re.IGNORECASE,
)
#: "…, so no pasta for me", "… so I can't have …": what follows from it, no part of it ("… so
#: I don't go out much" is a habit of its own, kept).
_SO_NO = re.compile(
    r"\s*,?\s+so\s+(?:no|nothing\s+with|i\s+(?:can't|cannot|can\s+not|avoid|have\s+to\s+avoid|"
    r"stay\s+away))\b.*$",
    re.IGNORECASE,
)
#: "Three kids – Sam is 8, Jo is 6 and Al is 2", "Two children: Kit who's 5 and Bo who's 3":
#: children counted, then each by name and age.
_KIDS_LISTED = re.compile(
    r"^(?:(?:i|we)\s+(?:have|'ve\s+got|have\s+got)\s+|got\s+)?(?:two|three|four|2|3|4)\s+"
    r"(?P<k>kids|children|boys|girls|sons|daughters)\s*[:–—-]+\s*(?P<x>.+)$",
    re.IGNORECASE,
)
_KID_AGE = re.compile(
    rf"^(?P<n>{_NAME})(?:\s+(?:is|who's|who\s+is)|'s)\s+(?P<a>\d{{1,2}}|[a-z]+(?:-[a-z]+)?)"
    r"(?:\s+years?\s+old)?\W*$",
)
_KID_WORD = {"kids": "kid", "children": "child", "boys": "son", "girls": "daughter"}


def _said_as_lists(sentence: str) -> list[str] | None:
    """A list said after a label, an allergy said of all the list before it, children counted
    then named with their ages: the plain statements, or ``None``."""
    m = _LABELLED_TASTES.match(sentence)
    if m is not None:
        verb = "I'm into" if m.group("v").lower() == "into" else f"I {m.group('v').lower()}"
        return [f"{verb} {m.group('x')}"]
    m = _ALLERGIC_TO_ALL.match(sentence)
    if m is not None:
        return [f"I'm allergic to {m.group('x').strip()}"]
    m = _KIDS_LISTED.match(sentence)
    if m is None:
        return None
    kind = m.group("k").lower()
    word = _KID_WORD.get(kind, kind.rstrip("s"))
    out = []
    for item in re.split(r"\s*,\s*(?:and\s+)?|\s+and\s+", m.group("x").strip(" .!")):
        kid = _KID_AGE.match(item.strip())
        if kid is None:
            return None
        out.append(f"My {word} {kid.group('n')} is {kid.group('a')}")
    return out or None


#: "the wife, Sandra, runs a florist": the partner said with "the", named between commas.
_THE_PARTNER_NAMED = re.compile(
    rf"^the\s+(?P<p>{_THE_PARTNER})\s*,\s*(?P<n>(?-i:[A-Z])[\w'-]*)\s*,\s*", re.IGNORECASE
)
#: When the user was a child: "as a kid", "when I was little", "growing up".
_CHILDHOOD = (
    r"(?:as\s+(?:a\s+(?:little\s+)?(?:kid|child|boy|girl|teenager|teen|youngster)|kids|children)"
    r"|when\s+(?:i\s+was|we\s+were)\s+(?:a\s+|an\s+)?(?:little|small|young|kids?|child|"
    r"children|boy|girl|teenagers?|teen)|growing\s+up|in\s+my\s+childhood|in\s+my\s+teens)"
)
#: "As a kid I lived in Leeds", "I lived in Cork as a child", "I spent my childhood in
#: Hull": a home of the user's childhood, where they grew up (no home now).
_CHILDHOOD_HOME = re.compile(
    rf"^(?:{_CHILDHOOD}\s*,?\s*(?:i|we)\s+(?:lived|was\s+living|were\s+living)\s+in\s+"
    r"(?P<a>(?-i:[A-Z])[^,;.!?]*?)"
    r"|(?:i|we)\s+lived\s+in\s+(?P<b>(?-i:[A-Z])[^,;.!?]*?)\s*,?\s+" + _CHILDHOOD + ""
    r"|i\s+spent\s+(?:my|the\s+first\s+\w+\s+years\s+of\s+my)\s+childhood\s+in\s+"
    r"(?P<c>(?-i:[A-Z])[^,;.!?]*?))\s*[.!]*$",
    re.IGNORECASE,
)


def plain_statements(sentence: str) -> list[str]:
    """The plain statements ``sentence`` makes (itself, when it wraps nothing)."""
    sentence = _THE_PARTNER_NAMED.sub(r"my \g<p> \g<n> ", sentence.strip())
    child = _CHILDHOOD_HOME.match(sentence.strip())
    if child is not None:
        return [f"I grew up in {child['a'] or child['b'] or child['c']}"]
    return _plain_statements(sentence)


def _plain_statements(sentence: str) -> list[str]:
    listed = _said_as_lists(sentence.strip())
    if listed is not None:
        return [p for said in listed for p in plain_statements(said)]
    said = _ages(_WHEN_LEAD.sub("", _job_now(_SO_NO.sub("", sentence))))
    said = name_first(said, "en") or said  # "Declan, my husband, fixes …"
    if _FIRST_PERSON.match(said):
        said = _WHICH_AFTER.sub("", said)  # "A client sent flowers, which I love": no aside
    said = _SO_DONT.sub("", said)
    said = _WHO_AGE.sub(" ", _WHO_AFTER.sub("", said))
    said = _TWINS.sub(r"\g<have> two twin ", _CALLED_AFTER_COMMA.sub(" ", said))
    said = _BY_TRADE.sub("", said)
    said = _without_examples(said)
    said = _REMARK_ON_LIST.sub(r"\g<list>", said)
    named = _plural_named(said) or _named_aside(said) or _pronoun_age(said) or _pronoun_name(said)
    if named is not None:
        return [p for n in named for p in plain_statements(n)]
    said = _S_CALLED.sub(lambda m: f"{m.group('np')} is ", said)
    if re.match(r"(?:my|our)\s", said, re.IGNORECASE):
        said = _AND_BARE_KIN.sub(r"and my \g<k>", said)
    said = _S_A.sub(lambda m: f"{m.group('np')} is ", said)
    m = _CALLS.match(said)
    if m is not None:
        said = f"{m.group('np')} is called {m.group('n')}"
    m = _IS_A_CALLED.match(said)
    if m is not None and not _A_BREED.search(m.group("what")):
        what = m.group("what").strip()
        said = f"{m.group('np')} is {m.group('c')} {m.group('n')}"
        if job_title(what) is not None:  # "my uncle is a roofer called Des": the job too
            return [said, f"{m.group('np')} is a {what}"]
    m = _RENT_IN.match(said)
    if m is not None:
        return [f"I live in {m.group('p')}", said[: m.start("p")].rstrip().removesuffix(" in")]
    m = _WHO_ASIDE.match(said)
    if m is not None:
        pred = m.group("pred")
        aside = (
            f"{m.group('np')} is {pred[2:].strip()}"
            if pred.startswith("'s")
            else (f"{m.group('np')} {pred.strip()}")
        )
        return [*_living_with(f"{m.group('np')} {m.group('rest')}"), aside]
    return _living_with(said) if said.strip() else [sentence]


#: "Mon oncle, qui vit à Nice, s'appelle Paul": the relative aside in each language the
#: bot speaks, between one of the user's people and what the sentence says of them.
_RELATIVE_ASIDE = {
    "fr": re.compile(
        r"^(?P<np>(?:mon|ma|notre)\s+[\w'-]+)\s*,\s*qui\s+(?P<pred>[^,]+?)\s*,\s*(?P<rest>.+)$",
        re.IGNORECASE,
    ),
    "es": re.compile(
        r"^(?P<np>(?:mi|nuestro|nuestra)\s+[\w-]+)\s*,\s*que\s+(?P<pred>[^,]+?)\s*,\s*(?P<rest>.+)$",
        re.IGNORECASE,
    ),
    "de": re.compile(
        r"^(?P<np>(?:mein|meine|unser|unsere)\s+[\w-]+)\s*,\s*(?:der|die|das)\s+(?P<pred>[^,]+?)"
        r"\s*,\s*(?P<rest>.+)$",
        re.IGNORECASE,
    ),
    "ru": re.compile(
        r"^(?P<np>(?:мой|моя|мою|моего|наш|наша|нашу|нашего)\s+[\w-]+)\s*,\s*котор\w+\s+"
        r"(?P<pred>[^,]+?)"
        r"\s*,\s*(?P<rest>.+)$",
        re.IGNORECASE,
    ),
}
#: A name said the other way round: "A mi abuelo le llamamos Tito", "Meine Oma wird von
#: allen Omi genannt", "On appelle mon oncle Jojo" — the language's own naming statement.
_NAMED_OTHERWISE = {
    "es": (
        re.compile(
            r"^a\s+(?P<np>(?:mi|nuestro|nuestra)\s+[\w-]+)\s+(?:todos\s+)?(?:le|la|lo)\s+"
            r"(?:llamamos|llaman|llamo|decimos|dicen)\s+(?P<n>[^\W\d_][\w-]*)\s*[.!]?$",
            re.IGNORECASE,
        ),
        "{np} se llama {n}",
    ),
    "de": (
        re.compile(
            r"^(?P<np>(?:mein|meine|unser|unsere)\s+[\w-]+)\s+wird\s+(?:von\s+(?:allen|uns)\s+|"
            r"meistens\s+|nur\s+|oft\s+)*(?P<n>[^\W\d_][\w-]*)\s+genannt\s*[.!]?$",
            re.IGNORECASE,
        ),
        "{np} heißt {n}",
    ),
    "fr": (
        re.compile(
            r"^(?:on|tout\s+le\s+monde|nous)\s+(?:appelle|appelons|surnomme|surnommons)\s+"
            r"(?P<np>(?:mon|ma|notre)\s+[\w'-]+)\s+(?P<n>[^\W\d_][\w-]*)\s*[.!]?$",
            re.IGNORECASE,
        ),
        "{np} s'appelle {n}",
    ),
}


_INTL_NAME = r"(?-i:[A-ZÀ-ÖØ-ÞА-ЯЁ])[\w-]*"
#: A name alone ("Lola"), for a word said after one of the user's people or animals.
_INTL_NAME_ALONE = re.compile(_INTL_NAME)
#: "a", "an" in each language: a description said as an aside ("…, une vieille siamoise, …").
_INTL_A = {"de": "ein|eine|einen", "es": "un|una", "fr": "un|une", "ru": "мой|моя"}
#: "Mi tío, Paco, es cartero", "Meine Kleine, Ida, die ist vier", "Ma chatte, une vieille
#: siamoise, s'appelle Nala": one of the user's people or animals (a word after it too: "mi
#: hermana pequeña"), then their name or what they are as an aside, then what is said of them.
_APPOSITION = {
    lang: re.compile(
        rf"^(?P<my>{kin.possessive(lang, 'nom', 'acc', 'dat')})\s+(?P<who>[\w-]+)"
        r"(?P<more>\s+[\w-]+)?"
        rf"\s*,\s*(?:(?P<n>{_INTL_NAME})|(?:{_INTL_A[lang]})\s+[^,]+?)\s*,\s*(?P<rest>\S.*)$",
        re.IGNORECASE,
    )
    for lang in ("de", "es", "fr", "ru")
}
#: German "…, die ist 19", "…, der ist Bäcker": a demonstrative for the one just named.
_DE_THAT_ONE = re.compile(
    r"^(?:der|die|das)\s+(?=(?:ist|hat|wohnt|lebt|arbeitet|studiert|macht|heißt|heisst)\b)", re.I
)
#: "…, Tiger heißt der": the name first, the demonstrative after the verb.
_DE_NAME_FIRST = re.compile(
    rf"\s*,\s*(?P<n>{_INTL_NAME})\s+(?P<v>heißt|heisst)\s+(?:der|die|das|er|sie|es)\s*(?P<end>[.!]?)$"
)


#: Words that open a sentence before a comma and name no one ("Honestly, my husband, …").
_OPENERS = frozenset(
    "honestly sadly luckily anyway well so also yes no ok okay oh hi hey hello sorry thanks "
    "today yesterday now then sometimes basically seriously actually obviously btw "
    "ehrlich also ja nein heute gestern jetzt dann leider zum glück na tja "
    "bueno pues sí hoy ayer ahora entonces oye mira lamentablemente por cierto "
    "bon alors bref oui non aujourd'hui hier maintenant puis voilà enfin "
    "ну да нет сегодня вчера теперь потом кстати короче слушай увы".split()
)
#: "Declan, my husband, fixes boilers", "Ruth, meine Schwester, wohnt …": a name, then one of
#: the user's people or animals as an aside, then what is said of them.
_NAME_FIRST = {
    lang: re.compile(
        rf"^(?P<n>{_INTL_NAME})\s*,\s*(?P<my>{kin.possessive(lang, 'nom', 'acc', 'dat')})\s+"
        r"(?P<who>[\w-]+(?:\s+[\w-]+)?)\s*,\s*(?P<rest>\S.*)$",
        re.IGNORECASE,
    )
    for lang in ("en", "de", "es", "fr", "ru")
}


def name_first(sentence: str, lang: str) -> str | None:
    """The sentence with a name said before the person it names put after them ("Declan, my
    husband, fixes boilers" → "my husband Declan fixes boilers"), or ``None``."""
    m = _NAME_FIRST[lang].match(sentence) if lang in _NAME_FIRST else None
    if m is None or m.group("n").lower() in _OPENERS or m.group("n").lower().endswith("ly"):
        return None
    who = m.group("who")
    words = who.lower().split()
    known = animals.words(lang)
    if not any(
        kin.relation_of(w, lang) is not None or w in known for w in (" ".join(words), words[0])
    ):
        return None
    return f"{m.group('my')} {who} {m.group('n')} {m.group('rest')}"


def _apposition(sentence: str, lang: str) -> str | None:
    """The sentence without the aside after one of the user's people or animals ("Mi tío,
    Paco, es cartero" → "Mi tío Paco es cartero"), or ``None``."""
    m = _APPOSITION[lang].match(sentence) if lang in _APPOSITION else None
    if m is None:
        return None
    who, said = m.group("who").lower(), m.group("who")
    relation = kin.relation_of(who, lang)
    if relation is None and who not in animals.words(lang):
        return None
    if relation and m.group("n") and who in kin.RELATIONS[relation].standing.get(lang, ()):
        # "Meine Große, Lotte, …": before a name, the word for the person ("Meine Tochter Lotte").
        said = kin.RELATIONS[relation].names.get(lang, (said, ""))[0]
    rest = m.group("rest")
    if lang == "de":
        rest = _DE_THAT_ONE.sub("", rest)
    named = f" {m.group('n')}" if m.group("n") else ""
    # "Ma chienne Lola, une vieille caniche, …": the name said before the aside stays.
    more = m.group("more") or ""
    if (
        not named
        and _INTL_NAME_ALONE.fullmatch(more.strip())
        and kin.relation_of(more.strip(), lang) is None
        and more.strip().lower() not in animals.words(lang)
    ):
        named = more
    return f"{m.group('my')} {said}{named} {rest}"


#: One of the user's animals, its name beside it, then what it does ("Unser Hund Bello bellt
#: …", "Mi gata Nube duerme …", "Notre chien Filou adore …"): said as it is named.
_PET_NAMED_BESIDE = {
    lang: re.compile(
        rf"^(?P<my>{kin.possessive(lang, 'nom')})\s+(?P<what>[\w-]+)\s+(?P<n>{_INTL_NAME})\s+"
        r"(?-i:[a-zà-ÿ])",
        re.IGNORECASE,
    )
    for lang in ("de", "es", "fr")
}
_NAMED_AS = {
    "de": "{my} {what} heißt {n}.",
    "es": "{my} {what} se llama {n}.",
    "fr": "{my} {what} s'appelle {n}.",
}


def _pet_named_beside(sentence: str, lang: str) -> str | None:
    """ "Unser Hund Bello bellt …" → "Unser Hund heißt Bello.", or ``None``."""
    m = _PET_NAMED_BESIDE[lang].match(sentence) if lang in _PET_NAMED_BESIDE else None
    if m is None or m.group("what").lower() not in animals.words(lang):
        return None
    return _NAMED_AS[lang].format(my=m.group("my"), what=m.group("what"), n=m.group("n"))


#: "У моего брата Лёши астма", "у моей сестры Оли двое детей": one of the user's people
#: named in the genitive after "у" (what they have is the note's).
_RU_AT_NAMED = re.compile(
    rf"^у\s+{kin.possessive('ru', 'acc', 'dat', 'other')}\s+(?P<who>[а-яё]+)\s+"
    r"(?P<n>(?-i:[А-ЯЁ])[а-яё]+)(?![\w-])",
    re.IGNORECASE,
)


def _ru_named_at(sentence: str) -> str | None:
    """ "У моего брата Лёши …" → "Мой брат Лёша.", or ``None``."""
    m = _RU_AT_NAMED.match(sentence)
    relation = kin.relation_of(m.group("who"), "ru") if m else None
    name = russian.name_in(m.group("n"), "gent") if m else None
    if relation is None or name is None:
        return None
    noun, gender = kin.RELATIONS[relation].names.get("ru", ("", ""))
    my = {"m": "Мой", "f": "Моя"}.get(gender)
    return f"{my} {noun} {name}." if my and noun else None


#: "Tengo un hermano, Luis, él es médico", "Ich habe eine Schwester, Lena, sie ist Ärztin",
#: "J'ai un frère, Hugo, il est plombier", "У меня есть сестра Оля, она …": one of the
#: user's people had (named beside it, or not), then a clause about them by a pronoun (in
#: Spanish by its verb alone: "Tengo un hijo y es abogado").
_HAD = {
    "de": r"(?:ich\s+)?(?:habe|hab)\s+(?:auch\s+|noch\s+)?(?P<a>einen|eine|ein|nen|ne)",
    "es": r"(?:yo\s+)?tengo\s+(?:también\s+|tambien\s+)?(?P<a>un|una)",
    "fr": r"j['’]ai\s+(?:aussi\s+|également\s+)?(?P<a>un|une)",
    "ru": r"у\s+меня\s+(?:(?:ещё|еще|тоже|также)\s+)*(?:есть\s+)?(?P<a>)",
}
_AND = {"de": "und", "es": "y", "fr": "et", "ru": "и"}
#: "…, der ist Polizist", "…, die heißt Anke und ist Ärztin": a German demonstrative for the
#: one just had, and the naming it may say first.
_DE_THAT = r"(?:der|die)\s+"
_DE_NAMED = re.compile(
    rf"^(?:heißt|heisst)\s+(?P<n>{_INTL_NAME})(?:\s*,\s*(?:und\s+)?|\s+und\s+)(?P<rest>\S.*)$"
)


@functools.cache
def _had_then_pattern(lang: str) -> re.Pattern[str]:
    then = _THEN_PRONOUN[lang] if lang != "de" else f"(?:{_THEN_PRONOUN[lang]}|{_DE_THAT})"
    return re.compile(
        rf"^{_HAD[lang]}\s+(?P<who>[\w-]+)(?:\s*,?\s*(?P<n>{_INTL_NAME}))?"
        rf"(?:\s*,\s*(?:{_AND[lang]}\s+)?|\s+{_AND[lang]}\s+)(?P<p>{then})"
        r"(?P<rest>[^,;.!?]+?)\s*[.!]*$",
        re.IGNORECASE,
    )


def _had_then(sentence: str, lang: str) -> str | None:
    """ "Tengo un hermano, Luis, él es médico" → "Mi hermano Luis es médico", or ``None``."""
    m = _had_then_pattern(lang).match(sentence) if lang in _HAD else None
    relation = kin.relation_of(m["who"].lower(), lang) if m else None
    if m is None or relation is None:
        return None
    if relation in ("boyfriend", "girlfriend") and re.match(_DE_THAT, m["p"], re.IGNORECASE):
        return None  # "Ich habe einen Freund, der …": a friend as often as the partner
    name, rest = m["n"], m["rest"]
    named = _DE_NAMED.match(rest) if lang == "de" and not name else None
    if named is not None:  # "…, die heißt Maren und ist Ärztin"
        name, rest = named["n"], named["rest"]
    if name and (name.lower() in _NOT_A_SUBJECT or kin.relation_of(name.lower(), lang)):
        return None
    female = m["a"].lower() in ("eine", "ne", "una", "une") or m["p"].strip().lower() == "она"
    my = {
        "de": "Meine" if female else "Mein",
        "es": "Mi",
        "fr": "Ma" if female and m["who"][:1].lower() not in "aeiouéèêh" else "Mon",
        "ru": "Моя" if female else "Мой",
    }[lang]
    return f"{my} {m['who']}{f' {name}' if name else ''} {rest}."


#: "Wir haben zwei Jungs", "ich hab drei Mädels": boys and girls counted after the user's
#: "have" are their sons and daughters ("mit den Jungs" alone are friends).
_DE_BOYS_GIRLS = re.compile(
    r"(?<!\w)(?P<have>(?:ich\s+)?(?:habe|hab)|wir\s+haben)\s+(?P<n>zwei|drei|vier|fünf|[2-9])\s+"
    r"(?:(?P<b>jungs|jungen|buben)|mädels|mädchen)(?!\w)"
    # "zwei Mädels im Team", "drei Jungs aus dem Verein": people the user is with
    r"(?!\s+(?:im|in|bei|beim|aus|vom|von|auf|an|am|unter|mit)(?!\w))",
    re.IGNORECASE,
)


def _de_sons_daughters(m: re.Match[str]) -> str:
    return f"{m['have']} {m['n']} {'Söhne' if m['b'] else 'Töchter'}"


#: A German line that opens with a verb of the user's, its "ich" unsaid ("arbeite als
#: Koch", "komme aus Rostock", "lebe seit 2016 in Jena"): read as said with it. Never before
#: "ich" or "du" ("Habe ich dir …?" asks) nor in "mag sein" (maybe).
_DE_NO_ICH = re.compile(
    r"^\s*(?=(?:arbeite|wohne|lebe|komme|fahre|spiele|singe|liebe|studiere|unterrichte|"
    r"leite|pendle|jobbe|besitze|stamme|tanze|male|koche|backe|lese|reise|laufe|jogge|"
    r"schwimme|klettere|wandere|sammle|stricke|bastle|fotografiere|programmiere)\s"
    r"(?!(?:ich|du|er|sie|es|wir|ihr|man)(?!\w)))",
    re.IGNORECASE,
)


def plain_statements_in(sentence: str, lang: str) -> list[str]:
    """The plain statements a sentence in ``lang`` (de, es, fr, ru) makes, for the slot rules
    of that language (the note keeps the whole sentence)."""
    if lang == "de":
        sentence = _DE_NO_ICH.sub("Ich ", _DE_BOYS_GIRLS.sub(_de_sons_daughters, sentence))
    if lang == "ru" and (ru_named := _ru_named_at(sentence.strip())) is not None:
        return [ru_named, sentence]
    if (had := _had_then(sentence.strip(), lang)) is not None:
        return [sentence, had]
    sentence = name_first(sentence.strip(), lang) or sentence
    said = _apposition(sentence.strip(), lang)
    if said is not None:
        pet = _pet_named_beside(said, lang)
        return [pet, said] if pet else [said]
    pet = _pet_named_beside(sentence.strip(), lang)
    if pet is not None:
        return [pet, sentence]
    if lang == "de":  # "…, Tiger heißt der", "…, der ist Bäcker": said as "der heißt Tiger"
        sentence = _DE_NAME_FIRST.sub(r", der \g<v> \g<n>\g<end>", sentence)
        sentence = re.sub(r",\s*(?:der|die)\s+(?=(?:ist|hat|arbeitet)\s)", ", er ", sentence)
    named = _NAMED_OTHERWISE.get(lang)
    m = named[0].match(sentence.strip()) if named else None
    if named and m is not None:
        np = m.group("np")
        return [named[1].format(np=np[:1].upper() + np[1:], n=m.group("n"))]
    aside = _RELATIVE_ASIDE.get(lang)
    m = aside.match(sentence.strip()) if aside else None
    if m is not None:
        # The sentence as said too: the aside's own reading (where they live) opens it.
        return [f"{m.group('np')} {m.group('rest')}", sentence]
    again = _subject_again(sentence.strip(), lang)
    return [sentence] if again is None else [sentence, again]


#: A second clause about the person the sentence opened with, by a pronoun (Spanish: by its
#: verb alone): "Inès a changé de ville, elle vit maintenant à Metz", "Meine Schwester ist
#: umgezogen, sie wohnt jetzt in Kiel", "Ana se mudó, ahora vive en Sevilla", "Моя сестра
#: переехала, теперь она живёт в Томске". The slot rules read a subject at the start only.
_THEN_PRONOUN = {
    "fr": r"(?:elle|il)\s+",
    "de": r"(?:sie|er)\s+",
    "es": r"(?:ella\s+|él\s+)?(?=(?:vive|trabaja|estudia|es|tiene|está)\b)",
    "ru": r"(?:она|он)\s+",
}
_NOW = r"(?:maintenant|désormais|jetzt|inzwischen|nun|ahora|ya|теперь|сейчас)"


@functools.cache
def _again_pattern(lang: str) -> re.Pattern[str]:
    kin_words = kin.relation_pattern(frozenset(kin.RELATIONS), languages=(lang,))
    return re.compile(
        rf"^(?P<who>{kin.possessive(lang)}\s+(?:{kin_words})(?:\s+(?-i:[A-ZÀ-ÖØ-ÞА-ЯЁ])[\w'’-]+)?"
        r"|(?-i:[A-ZÀ-ÖØ-ÞА-ЯЁ])[\w'’-]+(?=\s+(?-i:[a-zà-öø-ÿа-яё])))"
        rf"\s+[^,;.!?]+?\s*[,;]\s*(?:(?:et|und|y|и|а)\s+)?(?:{_NOW}\s+)?{_THEN_PRONOUN[lang]}"
        rf"(?:{_NOW}\s+)?(?P<rest>[^,;]+?)\s*[.!]*$",
        re.IGNORECASE,
    )


def _subject_again(sentence: str, lang: str) -> str | None:
    """The second clause of ``sentence`` said with the subject it refers back to ("Chloé
    habite maintenant à Bordeaux"), or ``None``."""
    if lang not in _THEN_PRONOUN:
        return None
    m = _again_pattern(lang).match(sentence)
    if m is None or m.group("who").lower() in _NOT_A_SUBJECT or _NAMING.search(sentence):
        return None
    who = m.group("who")
    return f"{who[:1].upper()}{who[1:]} {m.group('rest')}."


#: Sentence openers that are no one the pronoun could stand for: the user ("Ich habe einen
#: Bruder, er wohnt in Bonn": "er" is the brother), words of time ("Hier, …", "Вчера …").
_NOT_A_SUBJECT = frozenset(
    "hier aujourd'hui demain gestern heute morgen ayer hoy mañana вчера сегодня завтра "
    "ich wir du ihr man je j tu nous vous on yo tú nosotros nosotras я мы ты вы "
    "er sie es il elle ils elles él ella ellos ellas он она оно они "
    "der die das ein eine le la les un une el los las una это там тут "
    # a possessive opens an object as often as a subject ("Моего брата зовут …, он …")
    "mein meine meinen meinem meiner unser unsere mi mis nuestro nuestra mon ma mes notre nos "
    "мой моя моё мои моего моей моему моим моих наш наша наше наши нашего нашей "
    # a preposition or a "not" opens no subject ("De bombero nada, es …", "Nicht X, er ist …")
    "de del a al en con por para von zu mit bei für nach aus à pour avec chez sur dans par "
    "no nicht pas ne в на с у о из за по к от для не".split()
)
#: A naming ("Моего брата зовут Саша, он врач"): its first word is no subject.
_NAMING = re.compile(r"\b(?:зовут|звать)\b", re.IGNORECASE)
