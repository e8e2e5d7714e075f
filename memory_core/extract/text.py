"""Text plumbing for the rules: cleaning, sentence and clause splitting, phrases, slugs, person.

Pure string functions with no knowledge of facts or categories.
"""

from __future__ import annotations

import re
import unicodedata

from memory_core.text import kin, numbers

#: The rules read at most this many characters of a turn (bounded regex work on huge input).
MAX_INPUT_CHARS = 4000

_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\u200b-\u200f\u2028\u2029\ufeff]")
_SURROGATE = re.compile(r"[\ud800-\udfff]")
_SPACES = re.compile(r"[ \t\r\f\v\u00a0\u3000]+")
_APOSTROPHE = re.compile(r"[’‘`´]")


def clean_input(text: str, limit: int = MAX_INPUT_CHARS) -> str:
    """NFC, no control characters or lone surrogates, straight apostrophes, bounded length."""
    text = _SURROGATE.sub("", text[: limit * 2])
    text = unicodedata.normalize("NFC", text)
    text = _CONTROL.sub(" ", text)
    text = _APOSTROPHE.sub("'", text)
    text = _SPACES.sub(" ", text)
    text = re.sub(r" ?\n[\n ]*", "\n", text)
    return text[:limit].strip()


def collapse(text: str) -> str:
    """Whitespace runs (newlines included) become one space; trimmed."""
    return re.sub(r"\s+", " ", text).strip()


# ---- sentences and clauses ------------------------------------------------------------------

_ABBREVIATIONS = frozenset(
    "st dr mr mrs ms mx prof jr sr vs etc e.g i.e approx no inc ltd co corp ave rd mt ft".split()
)
_SENTENCE_END = re.compile(r"[.!?]+[\"')\]]*\s+|[。！？!?]+\s*|\n+")
#: A German day is an ordinal ("am 3. Mai", "am 14.7. geboren"): its dot ends no sentence.
_ORDINAL_DAY = re.compile(r"\d{1,2}(?:\.\d{1,2})?")
_GERMAN_MONTH = re.compile(
    r"(?:januar|jänner|februar|märz|maerz|april|mai|juni|juli|august|september|oktober|"
    r"november|dezember|jan|feb|mär|apr|jun|jul|aug|sept?|okt|nov|dez)\b",
    re.IGNORECASE,
)


#: Nouns a German ordinal counts ("in der 8. Woche", "im 3. Stock", "die 2. Klasse").
_GERMAN_ORDINAL_NOUN = re.compile(
    r"(?:woche|monat|klasse|stock|etage|semester|jahr|lebensjahr|mal|platz|geburtstag|"
    r"schwangerschaftswoche|ssw|tag)\b",
    re.IGNORECASE,
)


def split_sentences(text: str) -> list[str]:
    """Split on sentence punctuation and newlines, keeping "St. Mary's" and "Dr. Eva" whole."""
    sentences: list[str] = []
    start = 0
    for m in _SENTENCE_END.finditer(text):
        if m.group(0).startswith(".") and "\n" not in m.group(0):
            before = re.search(r"([\w.']+)\.*$", text[start : m.start()])
            word = before.group(1).lower() if before else ""
            if word in _ABBREVIATIONS or (len(word) == 1 and word.isalpha()):
                continue
            if _ordinal_day(word, text[m.end() :]):
                continue
        piece = text[start : m.end()].strip()
        if piece:
            sentences.append(piece)
        start = m.end()
    tail = text[start:].strip()
    if tail:
        sentences.append(tail)
    return sentences


def _ordinal_day(word: str, after: str) -> bool:
    """Whether ``word`` + "." is a German day: "3." before a month, "14.7." before anything
    but a capital."""
    if not _ORDINAL_DAY.fullmatch(word):
        return False
    return bool(_GERMAN_MONTH.match(after) or _GERMAN_ORDINAL_NOUN.match(after)) or (
        "." in word and after[:1].islower()
    )


def last_sentence(text: str, limit: int) -> str:
    """The last sentence of ``text``, at most ``limit`` characters (its end, from a word)."""
    sentences = split_sentences(text)
    last = collapse(sentences[-1]) if sentences else ""
    if len(last) <= limit:
        return last
    cut = last[-limit:]
    space = cut.find(" ")
    return cut[space + 1 :] if 0 <= space < limit // 2 else cut


_FIRST_PERSON_START = (
    r"(?=(?:that\s+)?(?:i|i'm|i've|i'd|i'll|im|my|we|we're|we've|our|"
    r"(?:please\s+|you\s+can\s+|just\s+)?call\s+me)\b)"
)
#: "My aunt Rose – she's a baker", "my brother Tom, he's a pilot": a statement about the
#: person just named, after a dash or a comma (the pronoun is resolved to them).
_THEY_START = (
    r"(?!(?:he|she)(?:'s|\s+is)\s+(?:now\s+)?(?:called|named)\b)"  # "…, she's called Luna"
    r"(?=(?:he|she)(?:'s|\s+is|\s+was|\s+works|\s+lives)\b)"
)
_CLAUSE_SPLIT = re.compile(
    r"(?:\s*[,;]\s*(?:(?:and|but|so|also|plus|then)\s+)?|\s+[-–—]+\s+|"
    r"\s+(?:and|but|so|plus|also|(?:even\s+)?(?:although|though)|whereas|while)\s+)"
    + _FIRST_PERSON_START
    + r"|(?:\s*,\s*|\s+[-–—]+\s+)"
    + _THEY_START,
    re.IGNORECASE,
)


#: "…, it's been a long month, …", "…, anyway the weather is grim": a comma splice
#: turning to small talk (the weather, the week, "anyway"), a clause of its own.
_SMALL_TALK_SPLICE = re.compile(
    r"\s*,\s*(?=(?:it's\s+been|it\s+has\s+been|anyway|anyways|the\s+weather|which\s+sucks|"
    r"which\s+is\s+annoying)\b)",
    re.IGNORECASE,
)


#: "… is a vet so he knows dogs": what follows from what was said about someone, no fact
#: of its own (it ran into the job's value).
_SO_THEY = re.compile(r"\s+so\s+(?:he|she|they)\s[^,;.!?]*", re.IGNORECASE)


def split_clauses(sentence: str) -> list[str]:
    """Split a sentence where a new first-person statement starts ("…, and my sister is …"),
    or where a comma splice turns to small talk ("…, anyway the weather …")."""
    sentence = _SO_THEY.sub("", sentence)
    parts = [
        p.strip()
        for piece in _SMALL_TALK_SPLICE.split(sentence)
        for p in _CLAUSE_SPLIT.split(piece)
    ]
    return [re.sub(r"^that\s+", "", p, flags=re.I) for p in parts if p]


_FILLER = re.compile(
    r"^(?:(?:oh|ah|well|so|also|and|but|plus|btw|by the way|fyi|just so you know|"
    r"just fyi|for the record|actually|anyway|anyways|hey|hi|hello|hi there|hey there|ok|"
    r"hiya|heya|howdy|sup|'sup|wassup|yo|greetings|good morning|good afternoon|good evening|"
    r"okay|yeah|yes|yep|no|nope|lol|haha|honestly|fun fact|in fact|now|nowadays|"
    r"these days|currently|ps|p\.s\.|um|uh|hmm|sure|right|alright|great|cool|thanks|"
    r"thank you|oh and|oh by the way|as you know|you know|to be honest|tbh|"
    # "As I said before, …", "like I mentioned, …": the user points back, the rest is said.
    r"(?:as|like)\s+i\s+(?:said|mentioned|told\s+you|wrote)(?:\s+(?:before|earlier|already|"
    r"last\s+time|yesterday))?|"
    r"basically|literally|ngl|not gonna lie|i mean|tbf|fwiw|welp|lowkey|omg|soo+|aye|ach|och|ugh|"
    # "heads up, …", "quick note: …": the user flags what follows.
    r"(?:just\s+a\s+)?heads[\s-]up|quick\s+note|side\s+note|"
    r"(?:can|could|would|will)\s+you\s+(?:please\s+)?|please|pls)\b[\s,:!.\-–—]*)+",
    re.IGNORECASE,
)
_HEDGE = re.compile(
    r"^(?:i\s+think|i\s+believe(?!\s+in\b)|i\s+guess|i\s+reckon|i'm\s+pretty\s+sure|i\s+am\s+pretty\s+sure|"
    r"probably|apparently|i\s+suspect)\s*,?\s+(?:that\s+)?",
    re.IGNORECASE,
)


_LEADING_SYMBOLS = re.compile(r"^[^\w'\"/(]+")
#: Saying that one is about to tell something ("I should mention that …", "I forgot to say,
#: …", "It's worth mentioning that …"): what follows is the statement.
_TELLING = re.compile(
    r"^(?:i\s+(?:should|must|ought\s+to|have\s+to|want\s+to|wanted\s+to|'d\s+like\s+to|"
    r"would\s+like\s+to|forgot\s+to|meant\s+to|may\s+as\s+well|might\s+as\s+well)\s+"
    r"(?:(?:perhaps|probably|also|just|really|maybe|first)\s+)*"
    r"(?:mention|say|add|tell\s+you|let\s+you\s+know|point\s+out|admit|confess|explain)"
    r"|i'd\s+(?:like|love)\s+to\s+(?:(?:just|also)\s+)?(?:mention|say|add|tell\s+you)"
    r"|(?:you\s+should|you\s+ought\s+to|you\s+might\s+want\s+to)\s+know"
    r"|it(?:'s|\s+is)\s+(?:probably\s+)?worth\s+(?:mentioning|saying|noting)"
    # "… and I mentioned I'm allergic to sesame": what the user told someone of themselves.
    r"|i\s+(?:(?:had\s+to|always|also)\s+)?(?:mentioned|mention|explained|told\s+(?:them|him|her|"
    r"the\s+\w+)|remind(?:ed)?\s+(?:them|him|her|the\s+\w+))"
    # "I hope you won't mind my saying that …": a polite lead.
    r"|i\s+hope\s+you\s+(?:don't|do\s+not|won't|will\s+not)\s+mind\s+(?:me|my)\s+"
    r"(?:mentioning|saying|telling\s+you|adding))"
    r"(?:\s*[,:]\s*|\s+that\s+|\s+)(?=(?:i|i'm|i've|my|we|we're|our)\b)",
    re.IGNORECASE,
)


#: A third-person verb after "I" (a learner's or a typo's "I is a nurse", "I has two cats") and
#: the first-person verb the rules read.
_AGREEMENT_SLIPS = {
    "is": "am",
    "has": "have",
    "does": "do",
    "doesn't": "don't",
    "isn't": "am not",
    "hasn't": "haven't",
    "goes": "go",
}
_I_THIRD = re.compile(
    rf"^(?P<i>i)\s+(?P<v>{'|'.join(map(re.escape, _AGREEMENT_SLIPS))})(?![\w'])", re.IGNORECASE
)


def first_person_agreement(clause: str) -> str:
    """``clause`` with a third-person verb right after "I" put in the first person ("I is a
    nurse" → "I am a nurse"), so the rules read it as they read the grammatical sentence."""
    m = _I_THIRD.match(clause)
    if m is None:
        return clause
    return f"{m.group('i')} {_AGREEMENT_SLIPS[m.group('v').lower()]}{clause[m.end() :]}"


#: When or how often, said first ("In my spare time I paint miniatures", "Most weekends, we hike"):
#: the rules read the statement with it at the end ("I go fishing in my free time").
_FRONTED = re.compile(
    r"^(?P<adv>(?:in|during)\s+(?:(?:my|our)\s+)?(?:free|spare|down)\s+time|after\s+work|"
    # "Since retiring we've taken up …", "On my GP's advice I cut out …"
    r"(?:in|during)\s+(?:my\s+|our\s+)?retirement|since\s+(?:retiring|(?:i|we)\s+retired)|"
    r"(?:on|following)\s+(?:my|the|our)\s+(?:\w+'s\s+)?(?:advice|orders)|"
    r"outside\s+(?:of\s+)?work|(?:on|at|over)\s+(?:the\s+)?weekends?|"
    r"(?:on\s+)?(?:most|every|some|each)\s+(?:weekend|evening|morning|night|day|week|summer|"
    r"winter|sunday|saturday|monday|tuesday|wednesday|thursday|friday)s?"
    r"(?:\s+(?:evening|night|morning|afternoon)s?)?|"
    r"on\s+(?:sunday|saturday|monday|tuesday|wednesday|thursday|friday)"
    r"(?:s|\s+(?:evening|night|morning|afternoon)s))"
    r"\s*,?\s+(?P<rest>(?:i|we)(?:'m|'re|'ve)?\s+.+)$",
    re.IGNORECASE,
)


def adverbial_last(clause: str) -> str:
    """``clause`` with a when-or-how-often said first moved to its end ("In my spare time I
    paint miniatures" → "I paint miniatures in my spare time"), as the rules read it."""
    m = _FRONTED.match(clause)
    return f"{m.group('rest')} {m.group('adv')[:1].lower()}{m.group('adv')[1:]}" if m else clause


def strip_fillers(clause: str) -> tuple[str, bool]:
    """Drop discourse fillers ("btw, …") and hedges ("I think …"); say whether it was hedged."""
    clause = _FILLER.sub("", _LEADING_SYMBOLS.sub("", clause.strip()))
    clause = _TELLING.sub("", clause, count=1)
    hedged = bool(_HEDGE.match(clause))
    if hedged:
        clause = _FILLER.sub("", _HEDGE.sub("", clause, count=1))
    return clause.strip(), hedged


_TRAILING_FILLER = re.compile(
    r"(?:[\s,]+(?:lol|lmao|rofl|haha\w*|hehe\w*|by\s+the\s+way|btw|tbh|honestly|anyway|anyways|"
    r"wish\s+me\s+luck|fingers\s+crossed|smh|lowkey|"
    r"though|tho|too|as\s+well|either|also|[:;]-?[()dp]|xd|no\s+cap|ngl|fr|for\s+real|"
    r"originally|(?:god|lord|heaven)\s+help\s+(?:me|us)|send\s+help|pray\s+for\s+(?:me|us)|"
    # "…, believe it or not", "…, for what it's worth", "…, for my sins": the speaker's
    # aside on what was said.
    r"if\s+you\s+can\s+believe\s+it|believe\s+it\s+or\s+not|if\s+(?:that|it)\s+matters"
    r"(?:\s+at\s+all)?|not\s+that\s+it\s+matters|for\s+my\s+sins|if\s+you\s+must\s+know|"
    r"for\s+what\s+it'?s\s+worth)"
    # "(lol)", "(?)" trail; "(8)" is an age ("Lea (12) and Mia (8)"), never a filler
    r"|\s*[.,;:!…~*]+|\s+\((?!\d+\))\w*\??\))+\s*$",
    re.IGNORECASE,
)
#: A comment on what was just said ("…, which is lucky", "… which is much nicer than my old flat"):
#: the speaker's aside, no part of the fact.
_COMMENT_TAIL = re.compile(
    r"\s*,?\s+which\s+(?:is|was|'s)\s+(?:(?:way|so|much|a\s+lot|far|kinda|pretty|totally|"
    r"fair|only|also)\s+)*(?:\w+er\s+than\b.*|more\s+\w+\s+than\b.*|fair|funny|ironic|"
    r"hilarious|wild|crazy|nice|cool|annoying|weird|fine|ok|okay|true|lucky|great|awesome|"
    r"sad|rough|tough|hard)\s*$",
    re.IGNORECASE,
)


def strip_trailing_fillers(clause: str) -> str:
    """Drop what trails a statement without adding to it ("…, by the way", "… too lol",
    "…, which is lucky")."""
    previous = None
    while previous != clause:
        previous = clause
        clause = _TRAILING_FILLER.sub("", clause).strip()
        clause = _COMMENT_TAIL.sub("", clause).strip()
    return clause


def alternation(words: frozenset[str]) -> str:
    """A regex alternation of ``words``, longest first, any spacing between a phrase's words."""
    return "|".join(
        re.escape(w).replace(r"\ ", r"\s+") for w in sorted(words, key=len, reverse=True)
    )


#: Words that may stand between "my" and a relative or pet ("my older sister", "my old dog"):
#: the shared vocabulary's (``memory_core.text.kin``), endearments and a count.
RELATION_ADJ = (
    rf"(?:(?:{alternation(frozenset(kin.BEFORE_A_RELATION))}|best|dear|dearest|favorite|"
    r"favourite|grown|infant|two|three|four|five|\d+)\s+)*"
)


# ---- phrases --------------------------------------------------------------------------------

_PHRASE_CUT_SOURCE = (
    r"\s*(?:[<comma>;:()\[\]{}|]|\s[-–—]+\s|[!?…]|\.(?:\s|$))|\s+(?:because|since|cause|cuz|coz|"
    r"as|when|whenever|while|but|although|though|which|who|whom|whose|where|so\s+that|so|if|"
    r"unless|until|till|then|except|especially|anyway|lol|haha|hehe|lmao|and\s+(?:i|my|we|"
    r"i'm|it|that|they|he|she)|with\s+(?:my|our|his|her|their)|for\s+now|right\s+now|this\s+time|these\s+days|"
    r"at\s+the\s+moment|nowadays|now|currently|too|as\s+well|a\s+lot|so\s+much|very\s+much|"
    r"by\s+the\s+way|btw|tbh|honestly|actually|really|anymore|from\s+now\s+on|instead|"
    r"please|going\s+forward|in\s+(?:the\s+)?future|yesterday|recently|last\s+(?:week|month|"
    r"year|summer|winter|spring|autumn|fall|weekend)|this\s+(?:year|month)|"
    r"(?:in|since|back\s+in)\s+(?:\d{4}|january|february|march|april|may|june|july|august|"
    r"september|october|november|december)|(?:a|one|two|three|few|\d+)\s+(?:\w+\s+)?"
    r"(?:days|weeks|months|years|day|week|month|year)\s+ago|years\s+ago|for\s+(?:\d+|a\s+few|"
    r"many|several|two|three|ten)\s+(?:years|months|weeks|days)|someday|some\s+day|one\s+day|"
    r"eventually|soon|at\s+some\s+point|before\s+i\s+die|in\s+my\s+life(?:time)?|"
    r"this\s+(?:week|weekend|morning|afternoon|evening)|tonight|today|tomorrow|"
    r"for\s+the\s+(?:time\s+being|moment)|temporarily|(?:just\s+)?this\s+once)\b"
)
_PHRASE_CUT = re.compile(_PHRASE_CUT_SOURCE.replace("<comma>", ","), re.IGNORECASE)
_LIST_CUT = re.compile(_PHRASE_CUT_SOURCE.replace("<comma>", ""), re.IGNORECASE)
_ENDS_WITH_ARTICLE = re.compile(r"(?:^|\s)(?:the|a|an)\s*$", re.IGNORECASE)
_TRAILING_JUNK = re.compile(r"[^\w)\]\"'+#]+$")
_LEADING_JUNK = re.compile(r"^[^\w\"'(#]+")


def clean_phrase(text: str, max_words: int = 8, *, keep_commas: bool = False) -> str | None:
    """The object of a statement, cut before its trailing clause and fillers; None if unusable.

    ``keep_commas`` keeps a comma list ("hiking, cooking and jazz") for :func:`split_list`.
    """
    cutter = _LIST_CUT if keep_commas else _PHRASE_CUT
    # "the who", "the doors": a cut word right after an article is part of a name.
    cut = next(
        (c for c in cutter.finditer(text) if not _ENDS_WITH_ARTICLE.search(text[: c.start()])), None
    )
    phrase = text[: cut.start()] if cut else text
    phrase = _TRAILING_JUNK.sub("", _LEADING_JUNK.sub("", collapse(phrase)))
    if len(phrase) >= 2 and phrase[0] in "\"'" and phrase[-1] == phrase[0]:
        phrase = phrase[1:-1].strip()
    if not phrase or not any(c.isalnum() for c in phrase):
        return None
    if len(phrase.split()) > max_words or len(phrase) > 80:
        return None
    return phrase


def split_list(phrase: str) -> list[str]:
    """Split "A, B and C" into items; "A and B" alone stays whole ("mac and cheese")."""
    if "," not in phrase:
        return [phrase]
    items = re.split(r"\s*,\s*(?:and\s+|or\s+|&\s+)?|\s+(?:and|or|&)\s+", phrase)
    return [i.strip() for i in items if i.strip()]


def titlecase(value: str) -> str:
    """Capitalise a lower-case proper noun ("são paulo" → "São Paulo", "st mary's")."""
    small = {"of", "the", "and", "de", "da", "do", "dos", "das", "del", "la", "von", "van", "der"}
    words = value.split()
    out = [
        w if (i and w in small) or not w[:1].islower() else w[:1].upper() + w[1:]
        for i, w in enumerate(words)
    ]
    return " ".join(out)


def plain_field(field: str) -> str:
    """``field`` without emoji and other symbols, brackets with nothing in them, or the
    stops around it."""
    kept = "".join(
        " " if unicodedata.category(c) in {"So", "Sk", "Cs", "Co"} or c == "\ufe0f" else c
        for c in field
    )
    kept = re.sub(r"\(\s*\)", " ", kept)
    return " ".join(kept.split()).strip(" .!?:¡¿\"'")


def slug(text: str, max_len: int = 40) -> str:
    """A key segment: lower-case word characters joined by ``_``, no accents or articles."""
    decomposed = unicodedata.normalize("NFKD", text.casefold().replace("&", " and "))
    plain = "".join(c for c in decomposed if not unicodedata.combining(c))
    words = re.findall(r"[^\W_]+", plain)
    while words and words[0] in {"a", "an", "the", "my", "our", "some"}:
        words = words[1:]
    out = ""
    for word in words:
        candidate = f"{out}_{word}" if out else word
        if len(candidate) > max_len:
            break
        out = candidate
    return out or (words[0][:max_len] if words else "")


# ---- first person → third person --------------------------------------------------------------

_ADVERBS = (
    r"always|usually|often|never|sometimes|really|also|still|just|only|normally|generally|"
    r"mostly|rarely|actually|definitely|typically|already|currently|now|seriously|totally|"
    r"once|ever|even|too|almost|kinda|sorta|sometime|soon|then|"
    # Any other "-ly" word except the few verbs that end in "ly" ("I fly", "I apply").
    r"(?!(?:fly|apply|reply|rely|supply|comply|imply|multiply|ally|bully|rally|tally)\b)"
    r"[a-z]{2,}ly"
)
_I_VERB = re.compile(
    rf"(?<![\w'])[Ii](?![\w']|[.-]\w)(?P<adv>(?:\s+(?:{_ADVERBS}))*)\s+(?P<verb>[a-z]+(?:'t)?)(?![\w'])"
)
_PRONOUN = re.compile(
    r"(?<![\w'])(?:(?P<contr>[Ii]'(?:m|ve|d|ll))|(?P<i>[Ii])(?![\w']|[.-]\w)|"
    r"(?P<me>[Mm]e)|(?P<my>[Mm]y)|(?P<mine>[Mm]ine)|(?P<myself>[Mm]yself)|"
    r"(?P<you>[Yy]ou(?:'(?:re|ve|ll|d))?)|(?P<your>[Yy]our)|(?P<yours>[Yy]ours)|"
    r"(?P<yourself>[Yy]ourself))(?![\w'])"
)
_SINGULAR = {
    "am": "is",
    "have": "has",
    "do": "does",
    "don't": "doesn't",
    "haven't": "hasn't",
    "go": "goes",
    "ain't": "isn't",
    "dont": "doesn't",
    "aren't": "isn't",
}
#: Verbs already in the third person: a typo ("I has two cats", "I is a nurse") keeps them.
_THIRD_ALREADY = frozenset("has is does doesn't isn't hasn't goes".split())
_PLURAL = {"am": "are", "was": "were", "wasn't": "weren't", "ain't": "aren't"}
_UNCHANGED = frozenset(
    """can could will would should shall may might must did didn't had hadn't can't cannot
    won't wouldn't couldn't shouldn't used ought was wasn't went got made saw said took came
    knew thought bought brought found gave told became left felt kept began met ran wrote sat
    stood lost paid heard held put read set let cut hit quit spent sent built taught caught
    fought sold won drove rode ate drank slept swam grew threw flew wore broke chose spoke
    forgot understood woke fell dug hid bit lit led fed sang rang sank shrank spun swung stuck
    struck shot stole bent lent meant dealt dreamt learnt burnt spelt hung bled fled sought
    wept swept slid split spread shut hurt cost bet beat awoke arose froze shook drew
    and or but nor not too to in on at of a an the with from as than then so if""".split()
)
#: Present verbs that look like a past ("I need", "I breed").
_EED = frozenset(
    "need feed breed bleed speed seed succeed proceed exceed heed weed shed embed".split()
)
_CONTRACTIONS = {
    "m": ("is", "are"),
    "ve": ("has", "have"),
    "d": ("would", "would"),
    "ll": ("will", "will"),
}
_YOU = {"you": "the assistant", "you're": "the assistant is", "you've": "the assistant has"}


def third_singular(verb: str) -> str:
    """The third-person singular present of a first-person verb ("have" -> "has")."""
    if verb in _SINGULAR:
        return _SINGULAR[verb]
    if verb in _UNCHANGED or verb in _THIRD_ALREADY or verb.endswith("n't"):
        return verb
    if verb.endswith("ed") and verb not in _EED:
        return verb
    if re.search(r"(?:s|sh|ch|x|z|o)$", verb):
        return verb + "es"
    if re.search(r"[^aeiou]y$", verb):
        return verb[:-1] + "ies"
    return verb + "s"


def _object_me(state: dict[str, bool]) -> str | None:
    """ "me" after the user was named only as an owner ("My parents live with me"): the user
    again, not "them" (the parents); said back as "you", whatever the subject's name."""
    if not state["named"] or state["subject"]:
        return None
    state["subject"] = True
    return "the user"


#: Others' "they" in the user's own words ("my friends … they make me laugh").
_OTHERS_THEY = re.compile(r"(?<![\w'])(?:they|them|their|theirs|themselves)(?![\w])", re.I)


def third_person(text: str, subject: str, *, named: bool = False, assistant: bool = False) -> str:
    """Rewrite first person as third: the first mention uses ``subject``, later ones they/their.

    ``assistant=True`` also rewrites "you" as "the assistant" (explicit notes addressed to it).
    A "me" after the user was named only as an owner ("My parents live with me") is the
    subject again ("The user's parents live with the user"): "them" would be the parents.
    When the user's words already say "they" of others ("my friends are funny, they make me
    laugh"), every mention of the user repeats ``subject`` ("they make Ana laugh"): a "they"
    or "them" for the user there could only be read as the others.
    """
    state = {"named": named, "subject": named}
    others = _OTHERS_THEY.search(text) is not None
    # "The user" said again mid-sentence is "the user".
    again = subject[:1].lower() + subject[1:] if subject.startswith("The ") else subject

    def _who(possessive: bool = False) -> str:
        state["subject"] = state["subject"] or not possessive
        if state["named"] and not others:
            return "their" if possessive else "they"
        who = again if state["named"] else subject
        state["named"] = True
        return f"{who}'s" if possessive else who

    def _verb_sub(m: re.Match[str]) -> str:
        first = not state["named"] or others
        person = _who()
        verb = m.group("verb")
        verb = third_singular(verb) if first else _PLURAL.get(verb, verb)
        return f"{person}{m.group('adv')} {verb}"

    def _pronoun_sub(m: re.Match[str]) -> str:
        if m.group("contr"):
            first = not state["named"] or others
            person = _who()
            return f"{person} {_CONTRACTIONS[m.group('contr')[2:]][0 if first else 1]}"
        if m.group("i"):
            return _who()
        if m.group("me"):
            if others:
                return _object_me(state) or again
            return _object_me(state) or (_who() if not state["named"] else "them")
        if m.group("my"):
            return _who(possessive=True)
        if m.group("mine"):
            return (
                f"{again}'s"
                if state["named"] and others
                else (f"{subject}'s" if not state["named"] else "theirs")
            )
        if m.group("myself"):
            return "themselves"
        return _to_the_assistant(m) if assistant else m.group(0)

    # One left-to-right pass so the first mention, wherever it is, gets the name.
    out: list[str] = []
    pos = 0
    while pos < len(text):
        verb_m = _I_VERB.search(text, pos)
        pro_m = _PRONOUN.search(text, pos)
        if pro_m is None and verb_m is None:
            break
        if verb_m is not None and (pro_m is None or verb_m.start() <= pro_m.start()):
            out.append(text[pos : verb_m.start()] + _verb_sub(verb_m))
            pos = verb_m.end()
        elif pro_m is not None:
            out.append(text[pos : pro_m.start()] + _pronoun_sub(pro_m))
            pos = pro_m.end()
    out.append(text[pos:])
    return "".join(out)


def _to_the_assistant(m: re.Match[str]) -> str:
    """The user's "you"/"yourself"/"your" said to the assistant, in the third person."""
    if m.group("you"):
        return _YOU.get(m.group(0).lower(), "the assistant")
    if m.group("yourself"):
        return "itself"
    return "the assistant's"


# ---- numbers said in words ----------------------------------------------------------------------

#: 0 to 19 (``memory_core.text.numbers``).
_UNITS = numbers.values("en", high=19)
_TENS = {
    w: 10 * i
    for i, w in enumerate("twenty thirty forty fifty sixty seventy eighty ninety".split(), 2)
}
#: A number from 0 to 199 in digits or words ("42", "forty-two", "a hundred and five").
NUMBER = (
    r"(?:\d{1,3}|(?:(?:a|one)\s+hundred(?:\s+and)?\s+)?(?:(?:"
    + "|".join(_TENS)
    + r")(?:[\s-]+(?:"
    + "|".join(w for w in _UNITS if _UNITS[w] and _UNITS[w] < 10)
    + r"))?|"
    + "|".join(sorted(_UNITS, key=len, reverse=True))
    + r")|(?:a|one)\s+hundred)"
)


def number_value(text: str) -> int | None:
    """The value of a number said in digits or words ("42", "forty-two"), or None."""
    low = re.sub(r"[\s-]+", " ", text.strip().lower())
    if low.isdigit():
        return int(low)
    total = 0
    hundred = re.match(r"^(?:a|one) hundred(?: and)?(?: |$)", low)
    if hundred is not None:
        total, low = 100, low[hundred.end() :]
    words = low.split()
    if not words:
        return total or None
    if len(words) > 2:
        return None
    tens = _TENS.get(words[0])
    if tens is not None:
        unit = _UNITS.get(words[1], -1) if len(words) == 2 else 0
        return total + tens + unit if 0 <= unit < 10 else None
    if len(words) == 1 and words[0] in _UNITS:
        return total + _UNITS[words[0]]
    return None
