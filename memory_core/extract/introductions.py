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
from dataclasses import dataclass

from memory_core.extract import patterns_home_work
from memory_core.extract.corrections import opens_as_correction
from memory_core.extract.lexicon import (
    BASE_VERBS,
    DIETS,
    EVALUATIVE,
    FAMILY,
    JOB_WORDS,
    LANGUAGES,
    MOMENTARY_ACTIVITIES,
    NATIONALITIES,
    NOT_NAMES,
    PEOPLE,
    PET_BREEDS,
    PET_SPECIES,
    TRANSIENT_STATES,
)
from memory_core.extract.patterns_statements import PLAIN_TRAITS
from memory_core.extract.text import NUMBER, number_value, strip_trailing_fillers
from memory_core.text.spelling import plainly

_GREETING = (
    # The longer greetings first: "hey there," is one greeting, not "hey" and a word "there".
    r"(?:(?:hi\s+there|hey\s+there|hello\s+there|hey\s+(?:all|everyone|guys|folks)|h+i+|he+y+|"
    r"hello+|hiy+a+|yo+|howdy|he+y+a+|sup|'sup|wassup|greetings|good\s+(?:morning|afternoon|evening)|"
    # Chat's openers: "ok so", "so yeah", "well", "um".
    r"ok(?:ay)?|so+(?:\s+yeah)?|well|um+|right)\W+)*"
)
_I_AM = r"(?:i'm|im|i\s+am)"
#: "Bram here, 58, …": a name, then "here", then more about them (alone it is a greeting).
_HERE = re.compile(
    rf"^(?P<pre>{_GREETING})(?P<n>[^\W\d_][\w'-]+)\s+here\s*(?:[-–—]\s*(?=\S)|(?=,\s*\S)|"
    # "marcus here (34), …": the age in brackets after "here"; "yo, Jamal here" alone, a
    # capitalised name ("Jamal here." is how people sign on in a chat).
    r"(?=\(\s*\d{1,3}\s*\))|(?P<alone>(?<=here)(?=\s*[.!]*\s*$)))",
    re.IGNORECASE,
)
#: "hey im lou, 24, …" / "hi im sam": a lower-case name after a greeting or before an age.
_LOWER_NAME = re.compile(
    rf"^(?P<pre>(?P<greet>{_GREETING}){_I_AM}\s+)(?P<n>[a-z][a-z'-]+)"
    rf"(?P<after>\s*,\s*(?:i'm\s+|im\s+|aged?\s+)?{NUMBER}"
    r"(?=\s*(?:[,.!]|\s[-–—]|$|and\b|(?:years?|yrs?)\b|y/?o\b))|\s*(?:[,.!]|$))",
    re.IGNORECASE,
)
#: "I'm Wen (44)": an age in brackets after the name.
_BRACKETED_AGE = re.compile(
    rf"^(?P<lead>{_GREETING}(?:{_I_AM}|(?:(?:my|the)\s+)?name(?:'s|\s+is))\s+[^\W\d_][\w'-]*"
    r"(?:\s+[A-Z][\w'-]*)?)\s*\((?P<n>\d{1,3})\)",
    re.IGNORECASE,
)
#: "…, late twenties, …": an age by its decade between a card's commas, said "in my …".
_DECADE_BESIDE = re.compile(
    r"(?<=,\s)(?P<d>(?:early|mid|late)[\s-]*(?:twenties|thirties|forties|fifties|sixties|"
    r"seventies|eighties|nineties|[2-9]0s))(?=\s*,)",
    re.IGNORECASE,
)
#: "… a 47-year-old baker" after "I'm" or after the name's comma: the age, then the job.
_AGED_NOUN = re.compile(
    rf"(?P<pre>\b{_I_AM}\s+|,\s*)(?:(?:a|an)\s+)?(?P<n>{NUMBER})(?:-|\s+)years?(?:-|\s+)old\s+"
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
    # A short job word is a name too where a name goes ("Dev here, 40", "I'm Vet, 27").
    | frozenset(w for w in JOB_WORDS if len(w) > 3)
    | NATIONALITIES
    | LANGUAGES
    | frozenset(DIETS)
    | FAMILY
    | frozenset("mum mom dad mother father grandma grandpa nan wife husband".split())
    | frozenset("so such really totally kinda sorta gonna the a an from in at on".split())
)
_WORD_ENDINGS = re.compile(r"(?:ing|ed|ly|ful|ous|ive|able|ible|less|ish|ness|est)$")
#: Names that end like an English word ("Rasheed", "Irving", "Emily", "Olive"): the ending
#: counts only on a longer word, or on a verb's ("worked", "working").
_VERB_ENDING = re.compile(r"(?:ing|ed)$")
_SHORT_ENDING = re.compile(r"(?:ly|ive)$")


def _ends_like_a_word(low: str) -> bool:
    """True for "starving", "homesick", "hopeless"; not for "rasheed", "irving", "emily"."""
    if not _WORD_ENDINGS.search(low):
        return False
    if _VERB_ENDING.search(low):
        stem = _VERB_ENDING.sub("", low)
        verb = {stem, stem + "e", stem[:-1]} & BASE_VERBS
        return bool(verb) or len(low) >= 8
    return len(low) >= 6 or not _SHORT_ENDING.search(low)


def _ordinary(word: str) -> bool:
    """True for a word that is more likely English than a name ("tired", "starving")."""
    low = word.lower()
    return low in _ORDINARY or low in PLAIN_TRAITS or _ends_like_a_word(low) or len(low) < 2


def _signs_on(word: str) -> bool:
    """ "Jamal here": a capitalised word alone before "here" is a name when it is no ordinary
    word, no relation or pet, no one in general ("Nobody here", "Mum here")."""
    low = word.lower()
    return (
        word[:1].isupper()
        and not _ordinary(word)
        and low not in NOT_NAMES | FAMILY | PEOPLE | PET_SPECIES
        and low not in _NO_ONE_HERE
    )


#: Words said before "here" that name no one: anyone at all, a day, a time ("Sunday here").
_NO_ONE_HERE = frozenset(
    """nobody everyone everybody someone somebody anyone anybody all same morning evening night
    monday tuesday wednesday thursday friday saturday sunday today tonight""".split()
)


def _lower_name_aged(here: re.Match[str]) -> bool:
    """ "maya here, 29": a lower-case word is a name when no ordinary word and an age follows."""
    rest = here.string[here.end() :]
    aged = re.match(r"^\s*,?\s*\(?(?:(?:just\s+)?turned\s+|aged?\s+)?\d", rest, re.IGNORECASE)
    return not _ordinary(here.group("n")) and aged is not None


#: Words that describe before a noun: "a young, novelist" is one noun phrase with a stray comma
#: (a comma splits clauses, and "I am a young" is no statement).
_DESCRIBING = frozenset(
    """young old new proud busy happy single retired aspiring budding keen avid struggling
    working freelance qualified trained senior junior experienced humble little small big
    full-time part-time self-employed first-time newly-qualified wannabe would-be future former
    amateur hobby""".split()
)
_STRAY_COMMA = re.compile(
    rf"\b(?:a|an)\s+(?:(?:{'|'.join(sorted(_DESCRIBING, key=len, reverse=True))})\s*,\s*)+"
    r"(?!(?:and|but|or|so|i|im|i'm|in|from|with|at|who|which|though|although)\b)(?=[a-z])",
    re.IGNORECASE,
)


def _no_stray_comma(m: re.Match[str]) -> str:
    return re.sub(r"\s*,\s*", " ", m.group(0))


# ---- chat's shorthand: emoji, "w/", "@", "27yo", "names kofi" ---------------------------------

#: Emoji and pictographs (with their joiners, variation selectors and flags): a pause in chat.
_EMOJI = re.compile(
    "[\U0001f000-\U0001faff\u2600-\u27bf\u2b00-\u2bff\u2300-\u23ff\ufe0f\u200d"
    "\U0001f1e6-\U0001f1ff\U000e0020-\U000e007f]+"
)
_SHORTHAND: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"(?<!\w)w/(?=\s)", re.IGNORECASE), "with"),
    (re.compile(r"(?<![\w'])w(?=\s+(?:my|our|his|her|their|the)\b)", re.IGNORECASE), "with"),
    # "a dog (Rolo)", "2 cats (Tig & Pip)": who was counted, named in brackets.
    (
        re.compile(
            r"\b(?P<c>(?:a|an|one|two|three|\d)\s+(?:[a-z]+\s+)?[a-z]+)\s*\("
            r"(?P<n>(?-i:[A-Z])[\w'-]+(?:\s*(?:&|and|,)\s*(?-i:[A-Z])[\w'-]+)*)\)",
            re.IGNORECASE,
        ),
        r"\g<c> called \g<n>",
    ),
    # An aside in brackets with no number or name in it ("(yes, really)", "(long story)").
    (re.compile(r"\s*\((?=[^)]*\s)[^)\d]{1,60}\)(?=\s|$|[,.!])"), ""),
    (re.compile(r"(?<=\s)@\s+(?=\w)"), "at "),
    (
        re.compile(r"\bbc\b(?=\s+(?:i|im|i'm|it|it's|its|my|we|they|he|she)\b)", re.IGNORECASE),
        "because",
    ),
    # "27yo, paramedic": an age; "a 4 yo son": an age before a noun.
    (re.compile(r"\b(\d{1,3})\s?y/?o(?=\s*(?:[,.!;)]|\s[-–—]|$))", re.IGNORECASE), r"\1"),
    (re.compile(r"\b(\d{1,3})\s?y/?o\s+(?!old\b)(?=[a-z])", re.IGNORECASE), r"\1-year-old "),
    # "(m/41)", "(34f)", "(F, 52)": a sex beside the age, as dating profiles write it.
    (
        re.compile(
            r"\((?:m|f|male|female)\s*[/,]?\s*(\d{2})\)|\((\d{2})\s*[/,]?\s*(?:m|f)\)",
            re.IGNORECASE,
        ),
        r"(\1\2)",
    ),
    # "she/her", "(they/them)": the user's pronouns beside the name, no fact to keep here.
    (
        re.compile(
            r"\s*(?:,\s*|\()(?:she|he|they|ze|xe)\s*/\s*(?:her|him|them|hers|zir|xem)\)?(?=\s*[,.!]|\s|$)",
            re.IGNORECASE,
        ),
        "",
    ),
    # "61 years young": an age said with a smile.
    (re.compile(r"\b(\d{1,3})\s+(?:years?|yrs?)\s+young\b", re.IGNORECASE), r"\1"),
    # "the biggest Leeds fan alive", "the #1 Swifties fan in the world": a big fan, said big.
    (
        re.compile(
            r"\bthe\s+(?:biggest|greatest|number\s+one|#1|no\.?\s*1)\s+(?P<x>(?:[\w'-]+\s+){1,3}?)"
            r"fan\s+(?:alive|ever|in\s+the\s+(?:world|universe)|on\s+(?:the\s+)?(?:earth|planet))\b",
            re.IGNORECASE,
        ),
        r"a huge \g<x>fan",
    ),
)
_ME_ASKED = re.compile(r"^me\s*\?\s+(?=\d)", re.IGNORECASE)
#: "names kofi", "hey, it's femi. 29.": a name said in chat's shorthand, before an age.
_NAMES_TYPO = re.compile(rf"^(?P<pre>{_GREETING})names\s+(?=[^\W\d_])", re.IGNORECASE)
_ITS_ME = re.compile(
    rf"^(?P<pre>{_GREETING})it'?s\s+(?P<n>[^\W\d_][\w'-]+)\s*[.,!]+\s*(?=\d{{1,3}}\b)",
    re.IGNORECASE,
)


_LANGUAGE_WORDS = "|".join(sorted(LANGUAGES, key=len, reverse=True))
_DIET_WORDS = r"(?:vegan|vegetarian|veggie|pescatarian|plant[\s-]based|teetotal|keto)"


#: A sentence that starts with its verb, the "I" left out ("got a dog called Rex", "live in
#: Leeds", "born in Cork"): the "I" said again.
_NO_SUBJECT: tuple[tuple[re.Pattern[str], str | Callable[[re.Match[str]], str]], ...] = tuple(
    (re.compile(rf"(?:^|(?<=[.!?]\s))(?:{pattern})\b", re.IGNORECASE), said)
    for pattern, said in (
        (
            r"got(?=\s+(?:a|an|one|two|three|four|\d)\s+(?:[\w-]+\s+){1,3}(?:called|named)\s)",
            "I've got",
        ),
        (r"live(?=\s+in\s)", "I live"),
        (r"(?:love|luv)(?=\s+[a-z])", "I love"),
        (r"born(?=\s+in\s)", "I was born"),
        (r"grew(?=\s+up\s)", "I grew"),
        (r"work(?=\s+(?:as|at|for)\s)", "I work"),
        (r"(?:severely\s+|very\s+)?allergic(?=\s+to\s)", "I'm allergic"),
        # "originally from Tuam but …", "married to Ade, …", "married, two kids": the user's.
        (r"originally(?=\s+from\s)", "I'm originally"),
        # (not before a card's next field: "Married to Ifeoma, one son" is read as a card)
        (
            r"(?:happily\s+)?married(?=\s+to\s+(?-i:[A-Z])[\w'-]*(?:\s*[,.!]\s*(?:we|we've|we're|"
            r"our|and)\b|\s*[.!]?\s*$))",
            "I'm married",
        ),
        (
            rf"speak(?=\s+(?:fluent\s+)?(?:{_LANGUAGE_WORDS})\b)",
            "I speak",
        ),
    )
)


def _i_am_state(m: re.Match[str]) -> str:
    """ "Married now" → "I'm married now" (the state in lower case: no name); "Since May,
    single again" → "Since May I'm single again"."""
    found = m.groupdict()
    if found.get("st"):
        lead = (found.get("lead") or "").strip().rstrip(",")
        return f"{lead} I'm {found['st'].lower()}".lstrip()
    return "I'm " + m.group(0).lower()


#: A message that opens with a state of the user's, the "I'm" left out: "Gone vegan.",
#: "Married now.", "Single again!", "Lactose intolerant so …", "Pregnant with our second".
#: Only at the message's start, and a bare state only as the whole message ("Married,
#: two kids" and "… Retired. Leeds." are a card's fields, read as a card; "Married couples
#: …" says no state).
_STATE_FIRST: tuple[tuple[re.Pattern[str], str | Callable[[re.Match[str]], str]], ...] = tuple(
    (re.compile(rf"^\s*(?:{pattern})", re.IGNORECASE), said)
    for pattern, said in (
        (rf"(?:gone|turned)(?=\s+{_DIET_WORDS}\b)", "I'm"),
        (r"went(?=\s+" + _DIET_WORDS + r"\b)", "I went"),
        (
            # "Since May, single again": the time it began may come first.
            r"(?P<lead>since\s+(?:the\s+)?[\w-]+(?:\s+\d{4})?\s*,?\s+)?"
            r"(?P<st>(?:(?:happily|newly|recently|finally)\s+)?(?:married|engaged|divorced|"
            r"separated|widowed|retired|single|unemployed|self-employed|sober|" + _DIET_WORDS + "))"
            r"(?=(?:\s+(?:now|again|these\s+days|nowadays))?(?:\s+(?:lol|lmao|haha|ugh|yay))*"
            r"\s*[.!]*\s*$)",
            _i_am_state,
        ),
        (r"pregnant(?=\s+with\s)", "I'm pregnant"),
        (
            r"(?:(?:lactose|gluten|dairy|wheat)[\s-]+intolerant|(?:type[\s-]*(?:1|2|one|two)\s+)?"
            r"diabetic|coeliac|celiac|"
            r"asthmatic|epileptic)(?=\s*[.!]*\s*$|\s+(?:so|and|but|since|too|now)\b)",
            _i_am_state,
        ),
        (r"got(?=\s+(?:married|engaged|divorced|hitched|promoted)\b)", "I got"),
    )
)
_KIN_OR_PET = "|".join(
    re.escape(w).replace(r"\ ", r"\s+")
    for w in sorted(FAMILY | PEOPLE | PET_SPECIES | frozenset(PET_BREEDS), key=len, reverse=True)
)
#: A name in lower case where only a name goes: after "called", "married to", or after "my
#: sister" when the name ends the phrase ("my boyfriend liam and …", "my son petar.").
_LOWER_NAMED = re.compile(
    rf"\b(?:(?:(?:my|our)\s+(?:(?:little|baby|older|younger|big|best|new|old)\s+)*(?:{_KIN_OR_PET})"
    r"(?:\s+is)?)\s+(?P<n>(?-i:[a-z])[\w'-]+)(?=\s*(?:[,.!?;]|$|\s+(?:and|is|are|was|has|lives|works|"
    r"who|just|turned|\d)\b))"
    r"|(?:called|named|married\s+to|engaged\s+to)\s+(?P<m>(?-i:[a-z])[\w'-]+))",
    re.IGNORECASE,
)
_NOT_NAMED = frozenset(
    """is was has had lives lived works worked and who just also still now because but or
    with in at from to of for who's whose which that who'd always never usually often
    sometimes really totally since after before when while as too back last next this these
    those here there again into onto about over under through during until till than then
    so very myself himself herself themselves me him her them us it its one""".split()
)


def _named(m: re.Match[str]) -> str:
    group = "n" if m.group("n") else "m"
    word = m.group(group)
    low = word.lower()
    if low in _NOT_NAMED or _ordinary(word) or (low.endswith("s") and low[:-1] in BASE_VERBS):
        return m.group(0)
    at = m.start(group) - m.start()
    return m.group(0)[:at] + word[:1].upper() + word[1:] + m.group(0)[at + len(word) :]


#: "what's up, I'm Kim …", "how's it going all, …": a greeting said as a question, before an
#: introduction (nothing is asked).
_ASKED_GREETING = re.compile(
    r"^(?:(?:hey|hi|yo|so)[\s,!]+)?(?:what'?s\s+up|wh?at\s+up|what'?s\s+good|"
    r"how(?:'s|\s+is)\s+it\s+going|how\s+are\s+(?:you\s+all|y'?all|we\s+all|ya|you\s+guys))"
    r"(?:\s+(?:all|everyone|guys|folks|people))?\s*[,!.?]+\s*(?=\S)",
    re.IGNORECASE,
)
#: "hello from Nairobi!": a greeting that says where the user is writing from, before more.
_HELLO_FROM = re.compile(
    r"^(?P<g>(?:hi|hello|hey|greetings|howdy|hiya)(?:\s+(?:all|everyone|everybody|there))?)\s+from\s+"
    r"(?:sunny\s+|rainy\s+|snowy\s+|beautiful\s+)?"
    r"(?P<p>(?-i:[A-Z])[\w'-]+(?:\s+(?-i:[A-Z])[\w'-]+)?)\s*[!.]+\s*(?=\S)",
    re.IGNORECASE,
)


def tidy_chat(text: str, *, lowercase: bool = False) -> str:
    """A chat message with its shorthand said in full: emoji as pauses (a comma between words,
    nothing at an end), "w/" → "with", "@ shopify" → "at shopify", "27yo" → "27", "names
    kofi" → "name's kofi", "it's femi. 29." → "I'm femi, 29.", "got a dog" → "I've got a dog";
    from a user who writes in lower case, a name where only a name goes is capitalised ("my
    boyfriend liam" → "my boyfriend Liam", "a cat called mango" → "… Mango")."""
    if _EMOJI.search(text):
        text = _EMOJI.sub(" , ", text)
        text = re.sub(r"\s+,", ",", text)
        text = re.sub(r",(?:\s*,)+", ",", text)
        text = re.sub(r"([.!?…:;])\s*,", r"\1", text)
        text = re.sub(r",\s*([.!?…])", r"\1", text)
        text = re.sub(r"(?m)^[\s,]+|[\s,]+$", "", text)
        text = re.sub(r",(?=\s*\n)", "", text)
    for pattern, said in _SHORTHAND:
        text = pattern.sub(said, text)
    text = plainly(text)  # "fav band is …", "a wee terrier cried Rab", "ma mum"
    text = _ASKED_GREETING.sub("hey, ", text)
    text = _HELLO_FROM.sub(r"\g<g>! I live in \g<p>. ", text)
    text = re.sub(r"[ \t]{2,}", " ", text)
    text = _ME_ASKED.sub("me: ", text)  # "me? 33, welder, …": a card's label
    text = _NAMES_TYPO.sub(r"\g<pre>name's ", text)
    for pattern, again in _NO_SUBJECT + _STATE_FIRST:
        text = pattern.sub(again, text)
    if lowercase:
        text = _LOWER_NAMED.sub(_named, text)
    return _ITS_ME.sub(r"\g<pre>I'm \g<n>, ", text)


def normalise(sentence: str) -> str:
    """The sentence with an introduction said in the shape the rules read (unchanged if none)."""
    sentence = _STRAY_COMMA.sub(_no_stray_comma, sentence)
    here = _HERE.match(sentence)
    if here is not None and here.group("alone") is not None and not _signs_on(here.group("n")):
        here = None  # "Nobody here", "Mum here", "ok here": no name
    if here is not None and (here.group("n")[:1].isupper() or _lower_name_aged(here)):
        # "maya here, 29, …" in lower case too: a name before an age
        rest = sentence[here.end() :]
        rest = rest if rest.startswith((",", "(")) or not rest.strip() else f", {rest}"
        name = here.group("n")[:1].upper() + here.group("n")[1:]
        sentence = f"{here.group('pre')}I'm {name}{rest}"
    sentence = _BRACKETED_AGE.sub(r"\g<lead>, \g<n>", sentence, count=1)
    sentence = _DECADE_BESIDE.sub(r"in my \g<d>", sentence)  # "I'm Ray, mid-fifties, …"
    lower = _LOWER_NAME.match(sentence)
    if lower is not None and (lower.group("greet") or lower.group("after").strip(" ,.!")):
        word = lower.group("n")
        if not _ordinary(word):
            name = word[:1].upper() + word[1:]
            sentence = sentence[: lower.start("n")] + name + sentence[lower.end("n") :]
    if _ABOUT_USER.match(sentence):

        def aged(m: re.Match[str]) -> str:
            article = "an" if m.group("noun").lower() in "aeiou" else "a"
            return f"{m.group('pre')}{m.group('n')}, {article} {m.group('noun')}"

        sentence = _AGED_NOUN.sub(aged, sentence, count=1)
        # "…, a widower from Bergen": the marriage, then where from (no widower "from" a town).
        sentence = re.sub(
            r"\b(an?\s+(?:widower|widow|divorcee))\s+(?=(?:from|in)\s)", r"\1, ", sentence
        )
    return sentence


#: A sentence that introduces the user by name ("Name's Walt.", "Hi, I'm Imke.", "Milo here").
_INTRODUCES = re.compile(
    rf"^{_GREETING}(?:{_I_AM}\s+(?-i:[A-Z])[\w'-]*|(?:(?:my|the)\s+)?name(?:'s|\s+is)\s+\S+|"
    r"(?-i:[A-Z])[\w'-]+\s+here)\b",
    re.IGNORECASE,
)
#: "63.", "39 years old, midwife, …": an age fragment.
_AGE_FRAGMENT = re.compile(
    rf"^(?:aged?\s+)?(?:{NUMBER})(?:(?:\s*|-)(?:years?|yrs?)(?:[\s-]+old)?|\s*y/?o)?(?=\s*(?:[,.!]|$))",
    re.IGNORECASE,
)
#: Where a job fragment's title ends ("Welder out of Pittsburgh", "midwife in Bremen").
_TITLE_END = re.compile(r"\s*,|\s+(?:in|from|at|out\s+of|for|with|based)\b", re.IGNORECASE)
_SUBJECT = re.compile(
    r"^(?:i|i'm|im|i've|my|we|we're|our|you|he|she|they|it|this|that|there)\b", re.IGNORECASE
)
#: A fragment with a verb or a negation is a sentence, never a card's field ("Tom is a
#: lecturer, not a teacher": a correction about Tom, not the user's two jobs).
_SENTENCE_WORD = re.compile(
    r"\b(?:is|are|was|were|am|be|been|isn't|aren't|wasn't|not|never)\b",
    re.IGNORECASE,
)
_OUT_OF = re.compile(r"\bout\s+of\b", re.IGNORECASE)
_LEADING_ARTICLE = re.compile(r"^(?:a|an)\s+", re.IGNORECASE)


def _fragment(sentence: str, is_title: Callable[[str], bool]) -> bool:
    """True for a fragment that only names an age or a job ("63.", "Welder out of Memphis.")."""
    if _AGE_FRAGMENT.match(sentence):
        return True
    if "," in sentence:
        return False  # "welder at siemens, gdansk.": a card of its own (``with_cards``)
    head = _TITLE_END.split(_LEADING_ARTICLE.sub("", sentence.strip()), maxsplit=1)[0]
    if _SUBJECT.match(head):
        return False  # "I'm a lawyer.": a statement of its own, no fragment
    head = head.rstrip(" .!")
    if head[1:2].islower():
        head = head[:1].lower() + head[1:]  # "Tiler.": a sentence's capital, no name
    return len(head.split()) <= 4 and is_title(head)


def with_fragments(sentences: list[str], is_title: Callable[[str], bool]) -> list[str]:
    """After a sentence that introduces the user, fragments that only name an age or a job are
    theirs: "Name's Walt. 63. Welder." → "… I'm 63. I'm Welder." (``is_title`` tells a job
    title). Other sentences, and fragments with no introduction before them, stay as they are."""
    out: list[str] = []
    introduced = False
    for sentence in sentences:
        if introduced and _fragment(sentence, is_title):
            first = sentence[:1].lower() if sentence[1:2].islower() else sentence[:1]
            rest = _OUT_OF.sub("from", first + sentence[1:])
            if _AGE_FRAGMENT.match(sentence):
                sentence = "I'm " + re.sub(r"^aged?\s+", "", rest, flags=re.IGNORECASE)
            else:  # "Tiler.": a job, said as one (a title the lists lack reads only so)
                title = _LEADING_ARTICLE.sub("", rest)
                sentence = f"I work as {_article(title)} {title}"
        elif _INTRODUCES.match(normalise(sentence)) is not None:
            introduced = True  # "hey, i'm kit." as much as "Hi, I'm Kit."
        else:
            introduced = False
        out.append(sentence)
    return out


# ---- introductions said as a card: "Me: Alex, 30, UX designer, Berlin." ----------------------

#: A label before a card ("Me:", "About me -", "Quick intro:"), after any greeting.
_CARD_LEAD = re.compile(
    rf"^(?P<greet>{_GREETING})(?P<label>(?:me|about\s+me|(?:a\s+(?:bit|little)\s+)?about\s+me|"
    r"(?:quick\s+)?intro(?:duction)?(?:\s+time)?|who\s+i\s+am)\s*(?::|[-–—])|me\s*\?)?\s*"
    r"(?P<subject>(?:i'm|im|i\s+am)\s+(?=\d|(?-i:[A-Z])[\w'-]+\s*,\s*"
    r"(?:(?:just\s+)?turned\s+|aged?\s+)?\d|(?-i:[A-Z])[\w'-]+\s*,\s*in\s+my\s+"
    r"(?:early|mid|late)))?",
    re.IGNORECASE,
)
_CARD_SPLIT = re.compile(
    # "·", "•" and "//" part a bio's fields with or without spaces ("Tom // 52 // …").
    r"\s*[,;]\s*(?:and\s+)?|\s+[-–—/|+]\s+|\s*(?:·|•|//)\s*|\s+and\s+(?!(?:raised|bred|proud)\b)"
    # "a chemist from Leeds living in Bonn with my wife Ute": where they live, and with whom.
    r"|\s+(?=(?:(?:now\s+)?(?:living|based)\s+in|with\s+my)\s)",
    re.IGNORECASE,
)
_CARD_AGE = re.compile(
    rf"^(?:aged?\s*:?\s*|(?:just\s+)?turned\s+)?(?P<n>\d{{1,3}}|{NUMBER})"
    r"(?:\s*(?:y/?o|yrs?|years?)(?:[\s-]+(?:old|young))?)?(?:\s+this\s+year)?$",
    re.IGNORECASE,
)


#: "early thirties", "in my late forties", "mid-50s": an age said by its decade.
_CARD_DECADE = re.compile(
    r"^(?:in\s+(?:my|her|his|their)\s+)?(?P<d>(?:(?:early|mid|late)[\s-]*)?"
    r"(?:twenties|thirties|forties|fifties|sixties|seventies|eighties|nineties|[2-9]0s))$",
    re.IGNORECASE,
)


def _card_age(piece: str) -> int | None:
    """A card's age fragment ("41", "aged 70", "just turned 50", "fifty-one") as a number."""
    m = _CARD_AGE.match(piece)
    n = number_value(m.group("n")) if m is not None else None
    return n if n is not None and 5 <= n <= 110 else None


_MARITAL = r"(?:married|divorced|single|engaged|widowed|separated)"
#: "a widower", "widow": what the user's marriage is, never a job (shaped like a worker's noun).
_MARITAL_NOUN = re.compile(r"^(?:a\s+)?(?P<m>widower|widow|divorcee)$", re.IGNORECASE)
_CARD_MARITAL = re.compile(
    rf"^(?:happily\s+)?(?P<m>{_MARITAL})(?:\s+with\s+(?P<with>.+))?$", re.IGNORECASE
)
_CARD_KIDS = re.compile(
    r"^(?:with\s+|have\s+|got\s+)?(?P<k>(?:a|an|one|two|three|four|five|six|\d|no)\s+"
    r"(?:little\s+|young\s+|grown(?:[-\s]up)?\s+|baby\s+|teenage\s+)?"
    r"(?:kids?|children|child|sons?|daughters?|boys?|girls?|teenagers?|twins))$",
    re.IGNORECASE,
)
_CARD_PARENT = re.compile(r"^(?:a\s+)?(?:mum|mom|mother|dad|father)\s+of\s+\w+$", re.IGNORECASE)
#: "mum to twins", "dad of three": the user's children, counted.
_PARENT_TO = re.compile(
    r"^(?:a\s+)?(?:proud\s+|single\s+|working\s+|stay[-\s]at[-\s]home\s+)?"
    r"(?:mum|mom|mama|mother|dad|daddy|father|parent)\s+(?:to|of)\s+"
    r"(?P<k>twins|triplets|(?:one|two|three|four|five|six|\d)(?:\s+(?:kids|boys|girls|children))?)$",
    re.IGNORECASE,
)
_CARD_STATE = re.compile(
    r"^(?:retired|unemployed|self-employed|freelance|freelancing|between\s+jobs)$", re.IGNORECASE
)
_CARD_PLACE = re.compile(
    r"^(?P<how>living\s+in|live\s+in|lives\s+in|based\s+(?:in|out\s+of)|in|from|out\s+of)\s+"
    r"(?P<p>.+)$",
    re.IGNORECASE,
)
#: Where a job fragment's title ends and its place begins ("barista in leeds").
_CARD_JOB = re.compile(
    r"^(?:(?:a|an)\s+|work(?:ing)?\s+as\s+(?:a\s+|an\s+)?)?(?P<t>.+?)"
    r"(?:\s+(?P<how>in|from|at|(?:based|living)\s+in|out\s+of|(?:just\s+|right\s+)?(?:outside(?:\s+of)?|"
    r"near|by))\s+(?P<p>.+))?$",
    re.IGNORECASE,
)
#: A place's words: one to three words, none an ordinary word ("in training", "at the moment").
_PLACE_WORD = re.compile(r"^[^\W\d_][\w'.-]*$")
_NOT_PLACE = frozenset(
    """the a an my our his her their this that training school college uni university work
    home town progress general moment office hospital grade year class form semester term
    first second third fourth fifth sixth seventh eighth ninth tenth love pain debt command
    charge residence demand action person chief trouble business disguise""".split()
)


#: A name as a card gives it: one capitalised word.
_NAME = re.compile(r"(?-i:[A-Z])[\w'-]+")
_LOWER_WORD = re.compile(r"(?-i:[a-z])[a-z'-]+")
#: A name in lower case, with its accents ("tomás", "zoë").
_LOWER_NAME_WORD = re.compile(r"(?-i:[a-zà-ÿ])[a-zà-ÿ'-]+")
#: A form's fields ("Name: Carlos. Age: 38. Job: electrician. City: Seville.").
_CARD_FIELD = re.compile(
    r"^(?P<f>name|age|job|occupation|profession|work|city|town|location|home|based|from|"
    r"kids|children|status)\s*:\s*(?P<v>\S.*)$",
    re.IGNORECASE,
)
#: What a field's value is said as, read again as a card's fragment.
_FIELD_SAYS = {
    "city": "in {v}",
    "town": "in {v}",
    "location": "in {v}",
    "home": "in {v}",
    "based": "in {v}",
    "from": "from {v}",
    "kids": "{v} kids",
    "children": "{v} children",
}
_WITH_KIDS = re.compile(
    r"\s+with\s+(?P<k>(?:a|an|one|two|three|four|five|six|\d)\s+(?:little\s+|young\s+|baby\s+)?"
    r"(?:kids?|children|child|sons?|daughters?|boys?|girls?|twins))$",
    re.IGNORECASE,
)


def _place(words: str, *, lowercase: bool) -> str | None:
    """A town as written ("Berlin", "St Albans"; "leeds" when the user writes in lower case)."""
    parts = words.strip(" .!").split()
    if not 1 <= len(parts) <= 3 or any(p.lower() in _NOT_PLACE for p in parts):
        return None
    if not all(_PLACE_WORD.match(p) for p in parts):
        return None
    if not parts[0][:1].isupper():
        if not lowercase or any(_ordinary(p) for p in parts):
            return None  # "pilot in command": an English word, no town
        parts = [p[:1].upper() + p[1:] for p in parts]
    return " ".join(parts)


def _article(title: str) -> str:
    return "an" if title[:1].lower() in "aeiou" else "a"


def _card_job(piece: str, is_title: Callable[[str], bool], *, lowercase: bool) -> list[str]:
    """ "UX designer", "a barista in leeds", "nurse at St Thomas'": the job (and its place)."""
    m = _CARD_JOB.match(piece)
    if m is None or not is_title(m.group("t")) or _SAYS_OF_SOMEONE.search(m.group("t")):
        return []  # "Sam's a chef": a statement about Sam, no card's job
    title = m.group("t")
    if title[:1].isupper() and title.split()[0][1:].islower():
        title = title[:1].lower() + title[1:]  # "Software engineer in Austin": no name
    # A title read by its shape only is said as one ("I work as a tiler"): the rules read a
    # shape as a job only where the sentence puts a job.
    verb = "I'm" if _listed_title(title) else "I work as"
    said = f"{verb} {_article(title)} {title}"
    if m.group("p") is None:
        return [said + "."]
    how = m.group("how").lower()
    if how == "at":
        return [f"{said} at {m.group('p').strip(' .!')}."]
    place = _place(m.group("p"), lowercase=lowercase)
    if place is None:
        return []
    # "… just outside leeds": the town the user lives by is the one they name.
    return [said + ".", f"I'm from {place}." if how == "from" else f"I live in {place}."]


#: A verb inside what would be a card's job ("sam's a chef", "he is a vet").
_SAYS_OF_SOMEONE = re.compile(r"[\w]'s\s+(?:a|an)\s|\b(?:is|are|was|were)\s", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class _Card:
    """How a card's fragments are read: job titles, the user's casing, whether a name leads."""

    is_title: Callable[[str], bool]
    lowercase: bool
    named: bool
    #: A greeting opened the card ("hiya, joão, 31, …": a lower-case word is its name).
    greeted: bool = False
    #: The card as said (its fragments' separators: "Ada and Rosa" is a list of names).
    body: str = ""


#: Who a card's count says the user has ("one son", "two cats"), in the singular, for a name
#: said right after it ("one son, Callum").
_COUNTED = re.compile(
    r"^(?:(?:i\s+)?(?:(?:have\s+|'ve\s+)?got|have)\s+)?"
    r"(?:a|an|one|two|three|four|five|\d)\s+(?:little\s+|young\s+|baby\s+|rescue\s+)?"
    r"(?P<w>[a-z]+?)(?:s)?$",
    re.IGNORECASE,
)
_KIN_NAMED = frozenset("son daughter boy girl kid child".split())
_PETS = re.compile(
    rf"^(?:a|an|one|two|three|four|five|\d)\s+(?:little\s+|rescue\s+|old\s+)?"
    rf"(?:{'|'.join(sorted(PET_SPECIES, key=len, reverse=True))})(?:s|es)?$",
    re.IGNORECASE,
)
#: "dog mum to Pixel", "cat dad of two": the user's pet, said as the pet's parent.
_PET_PARENT = re.compile(
    r"^(?P<sp>dog|cat|bunny|rabbit|bird)\s+(?:mum|mom|mama|dad|parent|owner)\s+(?:to|of)\s+"
    r"(?P<n>(?-i:[A-Z])[\w'-]+)$",
    re.IGNORECASE,
)


def _counted(piece: str) -> str | None:
    """ "one son" → "son", "two cats" → "cat": who a count names, if a relative or a pet."""
    m = _COUNTED.match(piece.strip(" .!"))
    if m is None:
        return None
    word = m.group("w").lower()
    if word in _KIN_NAMED:
        return {"boy": "son", "girl": "daughter", "kid": "child"}.get(word, word)
    return word if word in PET_SPECIES else None


def _named_after(counted: str, piece: str) -> list[str]:
    """ "one son, Callum": the name said after the count is the son's (``[]``: no name)."""
    name = piece.strip(" .!")
    if not _NAME.fullmatch(name) or _ordinary(name):
        return []
    if counted in PET_SPECIES:
        return [f"I have a {counted} called {name}."]
    return [f"My {counted}'s name is {name}."]


def _loose(piece: str, reads: Callable[[str], bool]) -> list[str]:
    """A fragment that is no card field but says something of the user the rules read
    ("allergic to wasps haha", "vegan btw", "married to Jana", "dog mum to Pixel",
    "with my wife Ute", "big into fishing"), said as a sentence; ``[]`` when none reads."""
    piece = strip_trailing_fillers(piece.strip())
    # "… with my husband Ed and our three cats": what "our" counts the user has.
    ours = _OURS.match(piece)
    if ours is not None:
        piece = ours.group("r")
        piece = piece if _COUNT.match(piece) else f"a {piece}"
        return [f"I have {piece}."] if reads(f"I have {piece}") else []
    if not piece or _SUBJECT.match(piece):
        return [piece + "."] if piece and reads(piece) else []
    if (pet := _PET_PARENT.match(piece)) is not None:
        return [f"I have a {pet.group('sp').lower()} called {pet.group('n')}."]
    if _PETS.match(piece):
        return [f"I have {piece}."]
    low = piece[:1].lower() + piece[1:] if piece[1:2].islower() else piece
    said = next(([f + "."] for f in _loose_forms(low) if reads(f)), [])
    town = _WORK_TOWN.match(low)
    if said and town is not None:
        said.append(f"I live in {town.group('t')}.")  # a card's town is where the user lives
    return said


def _loose_forms(low: str) -> tuple[str, ...]:
    """The sentences a card's loose fragment may be, the likeliest first."""
    if low.lower().startswith("been "):  # "been at Greggs six years": how long, with "for"
        return (_BEEN_FOR.sub(" for ", f"I've {low}"),)
    if low.lower().startswith("with my "):
        return (f"I live {low}",)
    if low.split()[0].lower() in BASE_VERBS:
        return (f"I {low}",)  # "work in insurance in Lyon", "play the drums"
    if _COUNT.match(low):
        return (f"I have {low}",)  # "three grandkids": had, never what the user is
    if _A_FAN.match(low):
        return (f"I'm a {low}",)  # "huge liverpool fan", "keen golfer"
    return (f"I'm {low}", f"I {low}", f"I have {low}")


#: "… at Greggs six years": the time said without its "for".
_BEEN_FOR = re.compile(rf"\s+(?=(?:{NUMBER}|a\s+few|many)\s+(?:years?|months?)\b)", re.I)
#: "… by trade": how a job is held, no part of it.
_BY_TRADE = re.compile(r"\s+by\s+(?:trade|profession|training)$", re.IGNORECASE)


#: "our two dogs", "my three kids", "our cat": the user's own, after "with my …" in a card.
_PET_SPECIES_WORDS = "|".join(sorted(PET_SPECIES, key=len, reverse=True))
_OURS = re.compile(
    rf"^(?:our|my)\s+(?P<r>(?:(?:a|an|one|two|three|four|five|six|\d+)\s+.+|"
    rf"(?:old\s+|little\s+|rescue\s+)?(?:{_PET_SPECIES_WORDS})))$",
    re.IGNORECASE,
)
#: A fragment about the things just counted ("both", "all three", "each of them").
_OF_THEM = re.compile(
    r"^(?:both|all(?:\s+\w+)?|each|neither|none)\b(?!\s+of\s+my\b)", re.IGNORECASE
)
_COUNT = re.compile(r"^(?:a|an|one|two|three|four|five|six|\d+)\s", re.IGNORECASE)
#: "big into climbing", "really into jazz": a hobby said without "I'm".
_INTO = re.compile(r"^(?:big|huge|really|massively|well|very)\s+into\s+\S", re.IGNORECASE)
_A_FAN = re.compile(
    r"^(?:big|huge|massive|keen|avid|mad|die-hard|diehard|lifelong)\s+(?!into\b)(?:[\w'-]+\s+){0,2}"
    r"(?:fan|supporter|lover|reader|gamer|runner|cyclist|golfer|swimmer|climber|baker|cook)$",
    re.IGNORECASE,
)
_WORK_TOWN = re.compile(
    r"^(?:work|working)\s+(?:in|at|for)\s+.+?\s+in\s+(?P<t>(?-i:[A-Z])[\w'-]+(?:\s+(?-i:[A-Z])[\w'-]+)?)$",
    re.IGNORECASE,
)


def _card_field(piece: str, how: _Card) -> list[str] | None:
    """ "Name: Carlos", "Job: electrician", "City: Seville": a form's field."""
    field = _CARD_FIELD.match(piece)
    if field is None:
        return None
    name, value = field.group("f").lower(), field.group("v")
    if name == "name":
        return [f"I'm {value}."] if _NAME.fullmatch(value) and not _ordinary(value) else []
    return _card_piece(_FIELD_SAYS.get(name, "{v}").format(v=value), False, how)


def _card_family(piece: str, how: _Card) -> list[str] | None:
    """ "married", "two kids", "married with a baby girl", "a dad with two boys", "mum of
    three", "retired"."""
    married = _CARD_MARITAL.match(piece)
    if married is not None:
        rest = married.group("with")
        kids = _CARD_KIDS.match(rest) if rest else None
        if rest and kids is None:
            return []
        said = [f"I'm {married.group('m').lower()}."]
        return [*said, f"I have {kids.group('k')}."] if kids else said
    with_kids = _WITH_KIDS.search(piece)
    if with_kids is not None:
        said = _card_piece(piece[: with_kids.start()], False, how)
        return [*said, f"I have {with_kids.group('k')}."] if said else []
    kids = _CARD_KIDS.match(piece)
    if kids is not None and kids.start("k") == 0 and piece.lower().startswith(("a ", "an ")):
        return None  # "I'm 12, a girl": what the user is, no child
    if kids is not None:
        return [f"I have {kids.group('k')}."]
    if (parent := _PARENT_TO.match(piece)) is not None:
        count = parent.group("k").lower()
        have = count if count in ("twins", "triplets") or " " in count else f"{count} kids"
        return [f"I have {have}."]  # "mum to twins", "dad of three"
    if _CARD_PARENT.match(piece) or _CARD_STATE.match(piece):
        return [f"I'm {piece}."]
    if (noun := _MARITAL_NOUN.match(piece)) is not None:
        return [f"I'm a {noun.group('m').lower()}."]
    if piece.lower() in DIETS:
        return [f"I'm {piece.lower()}."]  # "vegan", "Vegetarian"
    return None


#: "Accra born", "Leeds-based", "Turin born and raised", "originally from Tuam", "now in Oslo":
#: where the user comes from or lives, said the short way.
_PLACE_AFTER = re.compile(
    r"^(?P<p>.+?)(?:\s+|-)(?P<how>born(?:\s+and\s+(?:raised|bred))?|raised|bred|based)$",
    re.IGNORECASE,
)
_PLACE_BEFORE = re.compile(
    r"^(?P<how>originally\s+from|born\s+and\s+(?:raised|bred)\s+in|born\s+in|raised\s+in|"
    r"grew\s+up\s+in|now\s+(?:living\s+|based\s+)?in)\s+(?P<p>.+)$",
    re.IGNORECASE,
)


def _short_place(piece: str, how: _Card) -> list[str] | None:
    """ "Accra born" → "I was born in Accra."; "Derby based", "now in Oslo" → "I live in …"."""
    m = _PLACE_AFTER.match(piece) or _PLACE_BEFORE.match(piece)
    if m is None:
        return None
    stay = re.search(r"\s+for\s+(?:work|uni|school|now)$", m.group("p"), re.IGNORECASE)
    words = m.group("p")[: stay.start()] if stay else m.group("p")
    place = _place(words, lowercase=how.lowercase)
    if place is None:
        return []
    said = m.group("how").lower()
    if said.startswith(("based", "now")):
        return [f"I live in {place}."]
    if said == "born" or said == "born in":
        return [f"I was born in {place}."]
    return (
        [f"I grew up in {place}."] if "raised" in said or "grew" in said else [f"I'm from {place}."]
    )


def _card_place(piece: str, how: _Card) -> list[str] | None:
    """ "living in York", "from Bristol", "Leeds born", "now in Oslo"."""
    short = _short_place(piece, how)
    if short is not None:
        return short
    where = _CARD_PLACE.match(piece)
    if where is None:
        return None
    said = re.sub(r"\s+originally$", "", where.group("p"), flags=re.IGNORECASE)
    # "…, live in bergen": one word where a card says the user lives is a town, in lower case
    # too (the user may capitalise only the start of a message).
    lives = where.group("how").lower() != "from" and len(said.split()) == 1
    place = _place(said, lowercase=how.lowercase or (lives and where.group("how").lower() != "in"))
    if place is None:
        return []
    return [f"I'm from {place}." if where.group("how").lower() == "from" else f"I live in {place}."]


#: "name's orla", "my name is Ana" as one of a card's fragments.
_NAME_SAID = re.compile(r"^(?:my\s+)?name(?:'s|\s+is|s)\s+(?P<n>[^\W\d_][\w'-]+)$", re.IGNORECASE)


def _card_name(piece: str, first: bool, how: _Card) -> list[str]:
    """A card's name: said as one ("…, name's orla") anywhere; or its first fragment before
    an age, one word ("Dev, 40, …", in lower case "heya, jen, 52, …" unless a job title)."""
    said = _NAME_SAID.match(piece)
    word = said.group("n") if said is not None else piece
    if not (said or (first and how.named)) or _ordinary(word):
        return []
    if _NAME.fullmatch(word):
        return [f"I'm {word}."]  # a capitalised word where a name goes: "Dev", "Vet"
    lower = how.lowercase or how.greeted
    if _LOWER_NAME_WORD.fullmatch(word) and (said or (lower and not how.is_title(word))):
        return [f"I'm {word[:1].upper() + word[1:]}."]
    return []


def _card_piece(piece: str, first: bool, how: _Card) -> list[str]:
    """One fragment of a card said as sentences about the user ("30" → "I'm 30."), or ``[]``
    when it is no card fragment."""
    piece = re.sub(r"\s+and\s+proud$", "", piece.strip(" .!—–-"), flags=re.IGNORECASE)
    piece = _BY_TRADE.sub("", piece)  # "warehouse supervisor by trade": how the job is held
    if _SUBJECT.match(piece) or _SENTENCE_WORD.search(piece):
        return []  # "I'm a dentist and live in Leeds": sentences, read by the rules
    spoken = [w.strip() for w in re.split(r"\s*/\s*", piece)]
    if len(spoken) > 1 and all(w.lower() in LANGUAGES for w in spoken):
        return [f"I speak {', '.join(spoken[:-1])} and {spoken[-1]}."]  # "Arabic/English/Farsi"
    if _CARD_AGE.match(piece) is not None:
        age = _card_age(piece)
        return [f"I'm {age}."] if age is not None else []
    if (decade := _CARD_DECADE.match(piece)) is not None:
        return [f"I'm in my {decade.group('d').lower()}."]
    for reader in (_card_field, _card_family, _card_place):
        said = reader(piece, how)
        if said is not None:
            return said
    name = _card_name(piece, first, how)
    if name:
        return name
    job = _card_job(piece, how.is_title, lowercase=how.lowercase)
    if job:
        return job
    # The town last ("…, UX designer, Berlin"); in lower case one word only ("…, galway").
    lower_town = how.lowercase and len(piece.split()) == 1
    if not first and (place := _place(piece, lowercase=lower_town)) is not None:
        return [_BARE_TOWN.format(place)]
    return []


#: A card's fragment read as its town by its shape alone ("…, UX designer, Berlin"): no town
#: where another fragment says where the user lives ("…, Halcyon, based in Leeds").
_BARE_TOWN = "I live in {}."


def _bare_town(said: list[str], piece: str, how: _Card, bare: list[int], out: list[str]) -> bool:
    """Notes in ``bare`` where in ``out`` a town read by its shape alone is said; False when
    one follows another after "and": a list of names ("…, Ada and Rosa"), no card."""
    town = piece.strip(" .!")
    if said != [_BARE_TOWN.format(town)] or how.lowercase:
        return True
    if bare and bare[-1] == len(out) - 1:
        before = out[-1].removeprefix("I live in ").rstrip(".")
        if re.search(rf"(?<!\w){re.escape(before)}\s+(?:and|&)\s+{re.escape(town)}", how.body):
            return False
    bare.append(len(out))
    return True


def _without_a_second_town(out: list[str], bare: list[int]) -> list[str]:
    """``out`` without the towns read by shape alone when the card says where the user lives
    in words too ("nurse, Halcyon, based in Leeds": Halcyon is no town; nor is it
    surely the employer — "plumber, Leeds, living in York" — so it is left out)."""
    said = [s for i, s in enumerate(out) if i not in bare and s.startswith("I live in ")]
    if not said or not bare:
        return out
    return [sentence for i, sentence in enumerate(out) if i not in bare]


def _listed_title(phrase: str) -> bool:
    """A job title the lists name ("barista"), not one read by its shape only."""
    return patterns_home_work.job_title(phrase) is not None


def card(
    sentence: str,
    is_title: Callable[[str], bool],
    *,
    lowercase: bool = False,
    reads: Callable[[str], bool] | None = None,
    anchored: bool = False,
    slots: Callable[[str], bool] | None = None,
) -> list[str]:
    """An introduction said as a card, as the sentences the rules read: "Me: Alex, 30, UX
    designer, Berlin." → "I'm Alex." "I'm 30." "I'm a UX designer." "I live in Berlin.";
    "I'm 35, married, two kids"; "barista in leeds". ``[]`` unless every fragment is one of
    a card's (a name first, an age, a job, a town, married, kids), so any other sentence is
    left to the rules — or, with ``reads`` (whether the rules read a sentence), unless the
    card is anchored (a name or a label, with an age; or ``anchored``: it follows the user's
    introduction) and its first fragment is a card's: then a fragment the rules read said of
    the user counts too ("…, allergic to cats lol"), and one they do not is left out. Right
    after an introduction a fragment may open the card when a slot rule (``slots``) reads it
    said of the user ("lactose intolerant", "3 grandkids")."""
    sentence = normalise(sentence)  # "hey im lou, 24, …", "Bram here, 58, …"
    lead = _CARD_LEAD.match(sentence)
    body = sentence[lead.end() :] if lead else sentence
    labelled = bool(lead and (lead.group("label") or lead.group("subject")))
    labelled = labelled or _CARD_FIELD.match(body) is not None
    pieces = [p for p in _CARD_SPLIT.split(body.strip(" .!")) if p and p.strip()]
    if not pieces:
        return []
    # A name first only where a card puts one: after a label, or before an age ("Tom, 52, …").
    second = pieces[1].strip() if len(pieces) > 1 else ""
    aged = bool(second) and (_card_age(second) is not None or bool(_CARD_DECADE.match(second)))
    # "43, divorced, …", "Pharmacist, work at …": an age or a job first anchors a card too.
    aged = aged or (bool(second) and _card_age(pieces[0].strip()) is not None)
    first = _BY_TRADE.sub("", pieces[0].strip())
    jobbed = bool(second) and bool(_card_job(first, is_title, lowercase=lowercase))
    named = labelled or aged
    # "barista in leeds" alone is a card only with a job the lists name ("answer in French"
    # is shaped like a worker's noun too).
    alone = len(pieces) == 1 and not labelled
    greeted = bool(lead and lead.group("greet").strip(" ,!."))
    how = _Card(_listed_title if alone else is_title, lowercase, named, greeted and aged, body)
    loose = reads is not None and (anchored or aged or jobbed or (labelled and len(pieces) > 2))
    out: list[str] = []
    count = _Count()  # what was counted last ("one son", "two kids") and the names after it
    strict = 0
    bare: list[int] = []  # where a town read by its shape alone was said
    for n, piece in enumerate(pieces):
        said, read = count.name(piece, out)
        if read is not None:
            strict += read
            continue  # said of what was counted ("…, all little monsters", "…, Bo and Cy")
        said = said or _card_piece(piece, n == 0, how)
        strict += bool(said)
        # After a job alone, a fragment of one word is no statement ("Lawyer, ugh.").
        one_word = not (anchored or aged or labelled) and " " not in piece.strip()
        reader = None if one_word else _reader(piece, n, anchored, reads, slots)
        if not said and loose and reader is not None:
            said = _loose(piece, reader)
            if not said and len(piece.split()) > 1:
                return []  # a clause no rule reads: the sentence is no card
        elif not said or not _bare_town(said, piece, how, bare, out):
            return []  # no card fragment; or towns one after another: names ("…, Ada and Rosa")
        if not count.goes_on(piece):
            count = _Count(piece, len(out), body)
        out += said
    out = _without_a_second_town(out, bare)
    if not loose and len(pieces) == 1 and not (labelled or len(out) > 1):
        return []  # one fragment alone is a card only as "job in town" ("barista in leeds")
    if loose and not (strict >= 2 or ((anchored or jobbed) and out)):
        return []
    return out


_HAVE = re.compile(r"^(?:i\s+)?(?:(?:have\s+|'ve\s+)?got|have)\s+", re.IGNORECASE)
#: Names listed after a count: "…, Bo and Cy", "…, Al, Bo, and Cy".
_NAME_LIST = (
    r"\s*[,:]\s*(?P<l>(?-i:[A-Z])[\w'-]*(?:\s*,\s*(?-i:[A-Z])[\w'-]*)*\s*,?\s+(?:and|&)\s+"
    r"(?-i:[A-Z])[\w'-]*)\b"
)


class _Count:
    """What a card counted ("two kids") and the names said after it ("Bo", "Cy"): with more
    than one, said together as the rules read them ("I have two kids, Bo and Cy.")."""

    def __init__(self, piece: str = "", at: int = 0, body: str = "") -> None:
        self.kind = _counted(piece) if piece else None
        self.text = _HAVE.sub("", piece.strip(" .!"))
        self.at = at  # where in the card's sentences the count's own sentence is
        word = self.text.split()[0].lower() if self.text else ""
        self.size = {"two": 2, "three": 3, "four": 4, "five": 5}.get(word) or (
            int(word) if word.isdigit() else 1
        )
        # The names the body lists right after the count ("…, Bo and Cy", "…, Al, Bo & Cy").
        found = re.search(re.escape(piece.strip(" .!")) + _NAME_LIST, body) if self.kind else None
        self.listed = re.split(r"\s*,\s*|\s+(?:and|&)\s+", found.group("l")) if found else []
        self.names: list[str] = []
        self.body = body

    def _last(self, piece: str) -> bool:
        """``piece`` ends the card."""
        return re.search(re.escape(piece.strip(" .!")) + r"[\s.!]*$", self.body) is not None

    def name(self, piece: str, out: list[str]) -> tuple[list[str], int | None]:
        """``piece`` read as said of what was counted: the sentence that names the first
        ("one son, Callum"); or, read whole (a second number): 0 for a remark on them
        ("3 cats, all little monsters"), 1 for a later name of the listed ones, ``out``
        rewritten with the count and all its names; ``[]`` and None: no such piece."""
        if self.kind and _OF_THEM.match(piece.strip()):
            return [], 0
        said = _named_after(self.kind, piece) if self.kind else []
        if not said:
            return [], None
        if self.size > 1 and not self.listed and self._last(piece):
            # "two kids, Leeds." ends the card: one word is no name of several (those go on,
            # "two kids, Bo, …", or are listed, "…, Bo and Cy").
            return [], None
        self.names.append(piece.strip(" .!"))
        if len(self.names) == 1:
            return said, None
        if len(self.names) <= self.size and self.names == self.listed[: len(self.names)]:
            listed = f"{', '.join(self.names[:-1])} and {self.names[-1]}"
            out[self.at :] = [f"I have {self.text[:1].lower()}{self.text[1:]}, {listed}."]
            if len(self.names) >= self.size:
                self.kind = None
            return [], 1
        self.names.pop()  # "two kids, Bo, Leeds": no list of names goes on to "Leeds"
        return [], None

    def goes_on(self, piece: str) -> bool:
        """``piece`` was the first name of several counted ("two kids, Bo, …")."""
        return self.size > 1 and self.names == [piece.strip(" .!")]


def _reader(
    piece: str,
    n: int,
    anchored: bool,
    reads: Callable[[str], bool] | None,
    slots: Callable[[str], bool] | None,
) -> Callable[[str], bool] | None:
    """What may read a fragment no card field is: any rule after the first fragment; for the
    first, right after an introduction, a fan or a hobby ("huge liverpool fan") or a slot."""
    if n > 0:
        return reads
    alone = strip_trailing_fillers(piece.strip(" .!"))
    if not anchored or _SUBJECT.match(alone):
        return None  # "I love hiking, cooking and jazz": a sentence, read by the rules
    if _A_FAN.match(alone) or _INTO.match(alone):
        return reads
    return slots


def with_cards(
    sentences: list[str],
    is_title: Callable[[str], bool],
    *,
    lowercase: bool = False,
    reads: Callable[[str], bool] | None = None,
    slots: Callable[[str], bool] | None = None,
) -> list[str]:
    """Each sentence said as a card (see :func:`card`) replaced by what it says; a sentence
    right after the user's introduction or a card may be a card of its own fragments
    ("I'm Ewan, 47, a vet in York. Divorced, one son, Callum.")."""
    out: list[str] = []
    anchored = False
    for sentence in sentences:
        # "Actually I'm a nurse now, and …": a correction, read without its lead by the rules
        # (as a card it was the job "an actually I'm a nurse now").
        said = (
            []
            if opens_as_correction(sentence)
            else card(
                sentence, is_title, lowercase=lowercase, reads=reads, anchored=anchored, slots=slots
            )
        )
        here = _HERE_ALONE.match(out[-1]) if out and said and anchored else None
        if here is not None:
            out[-1] = f"I'm {here.group('n')}."  # "Hi, Agnes here. 39, married, …": her name
        anchored = bool(said) or _INTRODUCES.match(normalise(sentence)) is not None
        out += said or [sentence]
    return out


#: "Hi, Agnes here." before a card: her name, the card's first field (alone, ``_HERE`` reads
#: it as a name since session 16: "yo, Jamal here" was a new user's only way of saying it).
_HERE_ALONE = re.compile(rf"^{_GREETING}(?P<n>(?-i:[A-Z])[\w'-]+)\s+here\W*$", re.IGNORECASE)
