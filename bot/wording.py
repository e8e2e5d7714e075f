"""How the bot speaks of a user's memory to them, in their language: the user's own words
turned to the second person ("I live in Lisbon" → "you live in Lisbon"), a stored fact said to
its owner ("The user lives in Lisbon." → "you live in Lisbon"), their people named ("Marco,
your brother"). The responder, presses, questions, commands and the memory page share it."""

from __future__ import annotations

import dataclasses
import difflib
import re
from contextvars import ContextVar

from bot.i18n import supported, t
from bot.slots import counted, counted_words, shown_name, slot_words
from memory_core.types import Person, Profile, relation_noun, your_relation

#: The language the offline responder is answering in (set for one reply by ``respond``), so
#: every phrase below speaks it without each helper passing it on.
REPLY_LANGUAGE: ContextVar[str] = ContextVar("reply_language", default="en")


def say(msgid: str, /, **fields: object) -> str:
    """``msgid`` from the catalogue, in the language of the reply being written."""
    return t(REPLY_LANGUAGE.get(), msgid, **fields)


_SECOND_PERSON = {
    "I am": "you are",
    "I'm": "you're",
    "I've": "you've",
    "I'll": "you'll",
    "I'd": "you'd",
    "I was": "you were",
    "I": "you",
    "my": "your",
    "My": "Your",
    "me": "you",
    "Me": "You",
    "mine": "yours",
    "myself": "yourself",
    "we": "you",
    "We": "You",
    "our": "your",
    "Our": "Your",
    # The bot the user spoke to ("I told you about my dog" → "you told me about your dog"): "me".
    "you": "me",
    "your": "my",
}
#: Every word of ``_SECOND_PERSON`` at once (one pass: "I told you" → "you told me").
_SWAPPED = re.compile(
    r"\b(?:"
    + "|".join(re.escape(w) for w in sorted(_SECOND_PERSON, key=len, reverse=True))
    + r")\b"
)


#: How a statement was said, not what it says: a word before it ("Actually, …", "Sorry, …")
#: or a lead-in before a colon or ", but" ("Fun fact: …", "Not many people know this, but …"),
#: dropped when the words are quoted back — only before the user's own first-person words.
_LEAD_IN = re.compile(
    r"^(?:(?:actually|well|so|oh|okay|ok|anyway|honestly|sorry|no wait|wait|correction|"
    r"btw|by the way|fyi|to be honest|tbh|update|fun fact)\b[\s,:!—–-]*"
    r"|[^:,.;!?]{3,60}(?::|, but)\s+)(?=(?:I|I'm|I've|I'd|I'll|my|My|we|We|we're|our|Our)\b)",
    re.IGNORECASE,
)


#: Where a clause ends: punctuation, a dash, or an emoji ("… bear with me 😅 I work nights").
_CLAUSE_END = r",;:.!?—–\u2600-\u27bf\U0001f000-\U0001faff"


#: A request the user makes of the bot, as a clause of its own ("so bear with me", "please be
#: patient with me", "can you remind me …"): it says nothing of the user, and turned around
#: ("bear with you") it would put words in their mouth.
def _request(me: str) -> re.Pattern[str]:
    return re.compile(
        rf"(?:^|(?<=[{_CLAUSE_END}])|\s+(?=(?:so|and|but|please|pls)\b))\s*"
        r"(?:(?:so|and|but|please|pls|just|now)\s+)*(?:(?:can|could|would|will)\s+you\s+)?"
        r"(?:please\s+)?(?:bear\s+with|go\s+easy\s+on|be\s+(?:patient|gentle|nice)(?:\s+with)?|"
        rf"remind|help|tell|show|give|teach|forgive|excuse)\s+{me}\b"
        rf"[^{_CLAUSE_END}]*[{_CLAUSE_END}\s]*",
        re.IGNORECASE,
    )


_REQUEST = _request("me")
#: The same request in a stored sentence already said to the user ("… so bear with you").
_REQUEST_TURNED = _request("you")


def second_person(text: str) -> str:
    """Turn the user's own words around ("I live in Lisbon" → "you live in Lisbon"), to be
    quoted mid-sentence ("My cat is Tom" → "your cat is Tom"), without a lead-in ("Actually,
    we moved in 2024" → "you moved in 2024"), nor a request they made of the bot ("I'm a
    nurse, so bear with me" → "you're a nurse"); a request alone is left as said."""
    said = text.strip().rstrip(".!")
    out = _REQUEST.sub(" ", said).strip(" ,;:—–")
    if out != said.strip(" ,;:—–") and all(
        w in _CHAT_FILLER for w in re.findall(r"[^\W\d_][\w']*", out.lower())
    ):
        # A request alone ("remind me later, ok?"): nothing of the user in it. Only when a
        # request was there: "I'm 25" is all filler words and still the user's own.
        return said
    out = _LEAD_IN.sub("", out, count=1)
    out = _SWAPPED.sub(lambda m: _SECOND_PERSON[m.group(0)], out)
    return re.sub(r"^You(r?)\b", r"you\1", out)


#: A greeting, in the languages the bot speaks ("hiya", "Hallo", "buenas", "coucou", "привет").
_GREETING_WORD = (
    r"hi|hiya|hey|heya|hello|hullo|howdy|yo|hallo|moin|servus|hola|buenas|salut|bonjour|"
    r"bonsoir|coucou|привет|здравствуйте|good\s+(?:morning|afternoon|evening)|guten\s+"
    r"(?:tag|morgen|abend)|buenos\s+d[ií]as|добрый\s+(?:день|вечер)|ciao"
)
_ONLY_A_GREETING = re.compile(rf"^\W*(?:{_GREETING_WORD})[\s!.…]*$", re.IGNORECASE)


def only_greets(clause: str) -> bool:
    """Whether ``clause`` only greets ("Hola", "Salut !", "Привет")."""
    return _ONLY_A_GREETING.match(clause.strip()) is not None


#: What a line says of the chat itself, not of the user: trying the bot for the first time,
#: being new to it, testing it, asking it for patience — in en/de/es/fr/ru.
_ABOUT_THE_CHAT = re.compile(
    r"\b(?:first\s+time|never\s+(?:used|tried|done|talked\s+to)|new\s+to|just\s+testing|"
    r"testing|trying\s+(?:this|you|it)\s+out|one\s+of\s+these|bear\s+with\s+me|go\s+easy|be\s+(?:patient|"
    r"gentle)|this\s+(?:bot|app|thing|chat)|a\s+(?:bot|chatbot)|zum\s+ersten\s+mal|erstes\s+mal|"
    r"probiere\s+das|geduld\s+mit\s+mir|primera\s+vez|paciencia\s+conmigo|uso\s+esto|"
    r"premi[eè]re\s+fois|ce\s+truc|indulgent|первый\s+раз|впервые|таким\s+ботом)\b",
    re.IGNORECASE,
)
_CHAT_CLAUSE = re.compile(rf"[^{_CLAUSE_END}]+")
#: Words a clause about the chat may hold besides what marks it ("so", "this", "like").
_CHAT_FILLER = frozenset(
    """so and but just a an the this that these those things thing one of before like it
    me i i'm im am is was be with on out using use used trying try tried again here bot
    chatbot chat chats app apps bots ok okay please lol haha there to ich das es zum ist la
    que esto es c'est j'essaie je ce la aus mal hier benutze nutze teste ten tenme pruebo
    usando probando app utilise essaie appli application пользуюсь пробую этим это бот
    ботом приложением с таким я""".split()
)


def about_the_chat(text: str) -> bool:
    """Whether a line the user said is a greeting, small talk about the chat or a request of
    the bot, and nothing else ("hiya, first time using one of these so bear with me"): it
    answers no question about them. A clause of it that says something more ("I'm a glazier",
    "first time trying sushi was …") makes it more than chat."""
    rest = re.sub(rf"^\W*(?:(?:{_GREETING_WORD})\b[\s,!.\-—–]*)+", " ", text.strip(), flags=re.I)
    said = False
    for clause in _CHAT_CLAUSE.findall(rest):
        # What is left of the clause once its marks of chat are taken out: filler only.
        left = _ABOUT_THE_CHAT.sub(" ", _REQUEST.sub(" ", clause))
        left = re.sub(rf"\b(?:{_GREETING_WORD})\b", " ", left, flags=re.IGNORECASE)
        if any(w not in _CHAT_FILLER for w in re.findall(r"[^\W\d_][\w']*", left.lower())):
            said = True
    return not said and bool(re.search(r"[^\W\d_]", text))


#: Display names that are no name at all (the console's default user).
_NO_NAME = frozenset({"", "you", "me", "user", "the user"})
_IRREGULAR = {
    "is": "are",
    "was": "were",
    "has": "have",
    "does": "do",
    "goes": "go",
    "isn't": "aren't",
    "wasn't": "weren't",
    "hasn't": "haven't",
    "doesn't": "don't",
}
#: Adverbs between a subject and its verb ("The user also lives …").
_ADVERBS = (
    "also|still|often|usually|really|now|never|always|currently|recently|just|sometimes|"
    "mostly|only|rarely|already|actually|no longer"
)
#: A time said before the subject ("Most mornings ", "On Sundays ", "Some days "): the fact
#: is still about the user.
_WHEN = (
    r"(?:(?:Most|Some|Many|Every|On|In the|At|Most of the|Twice a|Once a) [A-Za-z]+(?: [a-z]+)?,? )"
)
#: Verbs a second clause about the user may start with ("… and works there", "but hates
#: mornings"): said after "you" they agree too. A closed list: "and cats" is not a verb.
_CLAUSE_VERBS = frozenset(
    """is was has does doesn't isn't wasn't hasn't lives works loves likes enjoys hates
    prefers owns plays speaks studies teaches wants needs goes drives eats drinks reads writes
    watches cooks runs stays visits keeps takes makes uses volunteers trains swims walks rides
    collects grows listens sings dances paints attends misses knows thinks feels believes
    avoids tries""".split()
)


def first_name(display_name: str) -> str | None:
    """The user's first name, or ``None`` when the platform gave no real one."""
    name = display_name.strip()
    return None if name.casefold() in _NO_NAME else name.split()[0]


#: A display name's first word that reads as a name: letters, with an inner hyphen or
#: apostrophe ("Anne-Marie", "O'Neil", "DeShawn"); no digit, underscore, dot or "@".
_NAME_LIKE = re.compile(r"^[^\W\d_]+(?:[-'’][^\W\d_]+)*$")
#: Latin vowels (a Latin word without one is no name: "jzm", "xkcd").
_LATIN = re.compile(r"^[a-zà-ÿ'’-]+$", re.IGNORECASE)
_VOWELS = re.compile(r"[aeiouyà-ÿ]", re.IGNORECASE)


def greeting_name(display_name: str) -> str | None:
    """The platform's name for the user when it reads as a person's name, to greet them by
    (capitalised: "nadia" → "Nadia"); ``None`` for a handle ("jaz_m", "jazzy99", "j.morales",
    "@jazm", "jzm") or no name — the user is then greeted without one."""
    name = first_name(display_name)
    if not name or len(name) < 2 or not _NAME_LIKE.match(name):
        return None
    if _LATIN.match(name) and not _VOWELS.search(name):
        return None
    return name[:1].upper() + name[1:]


#: The facts that hold the name the user told us ("call me Omar" before "my name is Omar").
_NAME_KEYS = ("preferred_name", "name")


def told_name(profile: Profile | None) -> str | None:
    """The first name the user told us to call them ("My name is Omar."), from their
    profile; ``None`` when it holds none. It wins over the platform's display name in a
    greeting."""
    entries = [e for section in profile.sections.values() for e in section] if profile else []
    by_key = {e.key: e.slot_value for e in entries if e.key in _NAME_KEYS}
    for key in _NAME_KEYS:
        value = by_key.get(key)
        if isinstance(value, str) and value.strip():
            return value.split()[0]
    return None


def knows_user(profile: Profile | None) -> bool:
    """Whether the profile holds anything the user told us (a returning user is greeted as
    one, not asked to introduce themselves again)."""
    return profile is not None and any(profile.sections.values())


#: Before a name that is the value of a naming ("your name is Grace"), not the user.
_NOT_NAMING = r"(?<!name is )(?<!named )(?<!called )(?<!name's )"


def _agrees(verb: str) -> bool:
    """Whether ``verb`` is a third-person form "you" changes ("lives", "is")."""
    return verb.lower() in _IRREGULAR or verb.lower() in _CLAUSE_VERBS


def _base_verb(verb: str) -> str:
    """Third-person singular → the form after "you" (lives → live, studies → study)."""
    low = verb.lower()
    if low in _IRREGULAR:
        return _IRREGULAR[low]
    if low.endswith("ies") and len(low) > 4:
        return verb[:-3] + "y"
    if low.endswith(("ches", "shes", "sses", "xes", "zzes")):
        return verb[:-2]
    if low.endswith("s") and not low.endswith("ss"):
        return verb[:-1]
    return verb


#: A stored sentence in the user's own first person (an English note may say it later:
#: "Sold the bike, climbing is my thing now").
_FIRST_PERSON = re.compile(r"(?:I|I'm|I've|I'd|I'll|My|Our|We|We're|We've)\s")
_OWN_WORD = re.compile(r"\b(?:I|I'm|I've|I'd|I'll|my|My|me|Me|our|Our)\b")


def yours(text: str, name: str | None, said: str = "") -> str:
    """A stored fact ("The user lives in Lisbon.", "Ana's cat is Tom.") said to its owner:
    "you live in Lisbon", "your cat is Tom". ``said``: the user's own words it was read
    from, which tell who each "they" left in it is (:func:`_as_said`)."""
    out = _yours(text, name)
    out = _with_you(_as_said(out, said) if said else out)
    out = _spelled(out)
    # A request the user made of the bot, stored with the rest ("… so bear with Pat"): no fact.
    kept = _REQUEST_TURNED.sub(" ", out).strip(" ,;:—–")
    return kept if re.search(r"[^\W\d_]{3}", kept) and kept != out else out


#: Relations of two words a stored sentence may hold as its key spells them ("Ana's ex wife
#: is named Marta", read from another language), and the hyphen English writes them with.
_TWO_WORD_RELATION = re.compile(
    r"\b(?P<head>ex|half) (?P<noun>wife|husband|boyfriend|girlfriend|partner|brother|sister)\b|"
    r"\b(?P<kin>mother|father|sister|brother|son|daughter) in law\b"
)
#: A state said with the time it began ("you're widowed since the spring"): English says it
#: with "have been".
_STATE_SINCE = re.compile(r"\byou(?:'re| are) (?=[a-z]+ since\b)")


def _spelled(out: str) -> str:
    """``out`` (said to the user, in English) with a relation of two words hyphenated ("your
    ex-wife", "your mother-in-law") and a state since a time said as English says it ("you've
    been divorced since 2020", not "you're divorced since 2020")."""
    out = _TWO_WORD_RELATION.sub(
        lambda m: f"{m['head']}-{m['noun']}" if m["head"] else f"{m['kin']}-in-law", out
    )
    return _STATE_SINCE.sub("you've been ", out)


#: One named person of the user's as a subject with a plural verb ("your wife Ines have been
#: married …", "your fiancé Jo are …"): the extractor dropped the user who was joined to them
#: ("Me and my wife Ines have …", "My fiancé Jo and I are …").
_ONE_WITH_PLURAL = re.compile(
    r"^your (?P<noun>(?:[a-zà-ÿ'-]+ ){0,1}[a-zà-ÿ'-]+) [A-Z][\w'-]+ (?:are|have|were)\b"
)


def _with_you(out: str) -> str:
    """``out`` with the user put back beside one of their people who, alone, cannot take its
    plural verb ("you and your wife Ines have been married …"); a plural noun ("your
    sons Tom …") is left."""
    m = _ONE_WITH_PLURAL.match(out)
    noun = m.group("noun").split()[-1] if m else ""
    if m is None or (noun.endswith("s") and not noun.endswith(("ss", "us"))):
        return out
    return f"you and {out}"


#: The extractor's words for the user in a stored sentence, and what they are to the user.
_THEY_YOU = {
    "they": "you",
    "them": "you",
    "their": "your",
    "theirs": "yours",
    "themselves": "yourself",
    "themself": "yourself",
    "they're": "you're",
    "they've": "you've",
    "they'd": "you'd",
    "they'll": "you'll",
}
#: The user's own first person, turned around by :func:`second_person`.
_YOU_WORDS = frozenset("you your yours yourself you're you've you'd you'll you'm".split())
_TOKEN = re.compile(r"[\w'’-]+|[^\w\s]")


def says_they(text: str) -> bool:
    """Whether a stored sentence holds a "they"/"their" that may be the user's."""
    return any(w.lower() in _THEY_YOU for w in _TOKEN.findall(text))


def _as_said(out: str, said: str) -> str:
    """``out`` with each "they"/"their" the user's own words hold as "I"/"my" at the same
    place said as "you"/"your" ("… supportive of their dream" read from "… of my dream"): the
    words around it are matched with the user's sentence turned around; a "they" the user
    said of others stays."""
    if not says_they(out):
        return out
    ours = _TOKEN.findall(out)
    theirs = [w.lower().replace("’", "'") for w in _TOKEN.findall(second_person(said))]
    matcher = difflib.SequenceMatcher(a=[w.lower() for w in ours], b=theirs, autojunk=False)
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op != "replace":
            continue
        # Word for word; or, of unequal runs, the first ("they are" where the user said "I'm",
        # turned "you're": two words against one).
        pairs = (
            list(zip(range(i1, i2), range(j1, j2), strict=True))
            if i2 - i1 == j2 - j1
            else [(i1, j1)]
        )
        for i, j in pairs:
            if ours[i].lower() in _THEY_YOU and theirs[j] in _YOU_WORDS:
                ours[i] = _THEY_YOU[ours[i].lower()]
    return _joined(ours, out)


def _joined(words: list[str], like: str) -> str:
    """``words`` spaced as ``like`` spaced its own tokens (the same count, one by one)."""
    out, pos = [], 0
    for old, new in zip(_TOKEN.findall(like), words, strict=True):
        start = like.index(old, pos)
        out.append(like[pos:start] + new)
        pos = start + len(old)
    return "".join(out) + like[pos:]


def _yours(text: str, name: str | None) -> str:
    if _FIRST_PERSON.match(text.strip()) or (
        _OWN_WORD.search(text) and "the user" not in text.lower()
    ):
        # The user's own words kept as they said them ("Our daughter Leela is 3").
        return second_person(text)
    # A platform name given in lower case ("nadia") starts the stored sentence capitalised.
    names = dict.fromkeys([name, name[:1].upper() + name[1:]]) if name else {}
    subjects = ["The user", "the user", *names]
    out = text.strip().rstrip(".!")
    for who in subjects:
        out = re.sub(rf"\b{re.escape(who)}'s\b", "your", out)
        out = re.sub(
            # The user as the subject, first or after a time said first ("Most mornings
            # Ana walks …").
            rf"^(?P<when>{_WHEN})?{re.escape(who)} (?:(?P<adv>{_ADVERBS}) )?"
            r"(?P<verb>[a-z]+(?:n't)?)(?![\w'])",
            lambda m: (
                (m.group("when") or "")
                + "you "
                + (f"{m.group('adv')} " if m.group("adv") else "")
                + _base_verb(m.group("verb"))
            ),
            out,
        )
    for who in ("[Tt]he user", *map(re.escape, names)):
        # Said again mid-sentence ("…, they make Ana laugh", "and the user cooks"): "you",
        # the verb after it agreeing.
        out = re.sub(
            rf"(?<=\s){_NOT_NAMING}{who} (?:(?P<adv>{_ADVERBS}) )?"
            r"(?P<verb>[a-z]+(?:n't)?)(?![\w'])",
            lambda m: (
                "you "
                + (f"{m.group('adv')} " if m.group("adv") else "")
                + (_base_verb(m.group("verb")) if _agrees(m.group("verb")) else m.group("verb"))
            ),
            out,
        )
        out = re.sub(rf"(?<![\w']){_NOT_NAMING}{who}(?![\w'])", "you", out)
    # Whatever put "you" before a third-person verb ("you is", "you doesn't"), it agrees.
    out = re.sub(
        r"\b([Yy]ou) (is|was|has|does|isn't|wasn't|hasn't|doesn't)(?![\w'])",
        lambda m: f"{m.group(1)} {_IRREGULAR[m.group(2)]}",
        out,
    )
    out = re.sub(r"^you are\b", "you're", out)
    out = re.sub(r"^you have got\b", "you've got", out)  # "Ana has got a son" → "you've got"
    if re.match(r"you\b", out):
        # "you moved to Lisbon and lives there": a second verb about the user agrees too,
        # and the user's own things are theirs ("with their parents" → "with your parents").
        out = re.sub(
            rf"(\b(?:and|but|or)|,) (?:(?P<adv>{_ADVERBS}) )?(?P<verb>[a-z]+(?:n't)?)(?![\w'])",
            lambda m: (
                f"{m.group(1)} "
                + (f"{m.group('adv')} " if m.group("adv") else "")
                + (
                    _base_verb(m.group("verb"))
                    if m.group("verb").lower() in _CLAUSE_VERBS
                    else m.group("verb")
                )
            ),
            out,
        )
    if re.match(rf"(?:{_WHEN})?you\b", out, re.IGNORECASE):
        # "…, which they service themselves": who does it to a thing themselves is the user
        # (after "which"/"that" "they" names no thing; "two sons and they dress themselves"
        # stays theirs).
        out = re.sub(
            rf"\b(?P<rel>which|that) they (?:(?P<adv>{_ADVERBS}|then) )?(?P<verb>[a-z]+)"
            r"(?P<rest>[^,.;]*?\b)themsel(?:f|ves)\b",
            lambda m: (
                f"{m.group('rel')} you "
                + (f"{m.group('adv')} " if m.group("adv") else "")
                + _base_verb(m.group("verb"))
                + m.group("rest")
                + "yourself"
            ),
            out,
        )
        out = re.sub(r"\btheir\b", "your", out)
        out = re.sub(r"(?P<c>[^,.;]*?)\bthemsel(?:f|ves)\b", _yourself, out)
        # The extractor's singular "they" is the user ("when they were 12", "worried they
        # might"), unless someone or something named before it could be who "they" are.
        out = re.sub(r"\bthey(?: (?P<verb>[a-z]+)\b|'(?P<contr>re|ve)\b)?", _they_you, out)
    return out[:1].lower() + out[1:] if out.startswith(("Your", "You")) else out


#: Words before a "they" that are not plurals though they end in -s.
_NOT_PLURAL = frozenset(
    """is was has does this its his hers yes us plus always perhaps sometimes besides whereas
    unless towards afterwards nowadays thus as less across yours ours theirs""".split()
)
#: Who else "they" may be, said before it: people joined ("a son and a daughter"), a person
#: ("he", "her"), a group ("family", "team"), a name or place (any capitalised word after the
#: first). A plural (a word in -s) is checked apart, in :func:`_someone_else`.
_OTHERS = re.compile(
    r"\band (?:a|an|the|your|my|his|her|their|two|three)\b|\b(?:he|she|his|her|him|both|"
    r"people|folks?|family|families|team|band|class|staff|crew|couple|children|kids?|"
    r"parents?|everyone|everybody|anyone|someone|somebody|nobody|no one)\b|\b[A-Z][a-z]+"
)


def _someone_else(before: str) -> bool:
    """Whether the words before a "they" name anyone or anything it could be instead of the
    user. Measured on the 25,850 first-person sentences of the MSC dev personas, stored and
    said back: of the extractor's "they" for the user 678/1,142 are said as "you", of a "they"
    the user said of others 3/29 — before (after "which"/"that" with "themselves", and "they
    were/are/have" always "you") 334/1,142 and 14/29."""
    words = re.findall(r"[A-Za-z']+", before)[1:]  # the first is the user ("you")
    for word in words:
        low = word.lower()
        if (
            len(low) > 2
            and low.endswith("s")
            and not low.endswith(("ss", "us", "'s"))
            and low not in _NOT_PLURAL
        ):
            return True
    return bool(_OTHERS.search(" ".join(words)))


#: What only one person is ("since they were a girl"): that "they" is the user, whoever was
#: named before it.
_ONE_PERSON = re.compile(
    r" (?:a|an) (?:little |young )?(?:girl|boy|kid|child|teen|teenager|baby|toddler)\b"
)


def _they_you(m: re.Match[str]) -> str:
    one = m.group("verb") in ("were", "was") and _ONE_PERSON.match(m.string, m.end())
    if not one and _someone_else(m.string[: m.start()]):
        return m.group(0)
    if m.group("contr"):
        return f"you'{m.group('contr')}"
    verb = m.group("verb")
    if not verb:
        return "you"
    return f"you {_base_verb(verb) if verb in _CLAUSE_VERBS else verb}"


def _yourself(m: re.Match[str]) -> str:
    """ "themselves" is the user's "yourself", unless a "they" before it in the clause is
    someone else ("two sons and they dress themselves")."""
    clause = m.group("c")
    return clause + ("themselves" if re.search(r"\bthey\b", clause) else "yourself")


def relation_words(person: Person) -> str | None:
    """Their relation as words: "best_friend" → "best friend"."""
    return person.relation.replace("_", " ") if person.relation else None


def shown_relation(person: Person) -> str | None:
    """Their relation as English words, for their gender where the user's words tell it:
    a sibling said "hermana" is "sister", a twin said "Zwillingsbruder" "twin brother";
    "sibling" only when unknown; spelled as the user wrote it ("GP", not the key's "gp")."""
    rel = relation_words(person)
    if not rel:
        return None
    shown = relation_noun("en", rel, person.gender) or _hyphenated(rel)
    return as_written(shown, *(f.source_excerpt or "" for f in person.facts))


def _hyphenated(relation: str) -> str:
    """A relation of two words spelled as English writes it: "ex-wife", "half-brother",
    "mother-in-law" (the key's words, "ex wife", are no spelling)."""
    return re.sub(r"^(ex|half) (?=\w)", r"\1-", re.sub(r" in law$", "-in-law", relation))


def as_written(word: str, *texts: str) -> str:
    """``word`` (a key's lower-case slug, "gp") as the user wrote it in ``texts`` when they
    wrote it as an abbreviation, in capitals ("GP"); else ``word`` (a capital at a sentence's
    start is no word's own)."""
    for text in texts:
        for m in re.finditer(rf"(?<![\w'])({re.escape(word)})(?![\w'])", text, re.IGNORECASE):
            if m.group(1).isupper() and len(m.group(1)) > 1:
                return m.group(1)
    return word


def person_label(person: Person, lang: str | None = None) -> str:
    """How to name one of the user's people to them, in ``lang`` (default: the reply's):
    "Marco, your brother", "your sister"."""
    lang = lang or REPLY_LANGUAGE.get()
    rel = relation_words(person)
    if person.name:
        # Known only from a key ("артем"): the name as the user wrote it ("Артёму" → Артём).
        spelled = shown_name(person.name, *(f.source_excerpt or "" for f in person.facts))
        person = dataclasses.replace(person, name=spelled)
    # "Marco, dein Bruder": the possessive agrees with the relation, where its word tells,
    # and the noun with their gender where the user's words tell it ("deine Cousine").
    kin = your_relation(lang, rel, person.gender) if rel else None
    if person.name and kin:
        return t(lang, "{name}, {your_relation}", name=person.name, your_relation=kin)
    shown = shown_relation(person)
    if person.name and shown:
        return t(lang, "{name}, your {relation}", name=person.name, relation=shown)
    return person.name or kin or t(lang, "your {relation}", relation=shown)


def person_said(
    person: Person, name: str | None, lang: str | None = None, *, counts: bool = False
) -> list[str]:
    """What the user told us about one of their people, in the second person and in
    ``lang`` (default: the reply's): "your brother Marco lives in Rome", "dein Bruder heißt
    Tim" (a slot's phrase in the language); their naming fact only when nothing else is
    known. ``counts``: a count of children said as one ("du hast 2 Kinder", for lists), not
    in the words it was read from (which may name them)."""
    lang = supported(lang or REPLY_LANGUAGE.get()) or "en"
    facts = person.about() or person.facts
    if person.name:
        # "Bastien, ton fils": the count the same words gave ("you have a son") is not his.
        facts = [f for f in facts if not counted(f.key, f.value_text)] or facts
    out: list[str] = []
    for f in facts:
        value = f.value_json.get("value") if isinstance(f.value_json, dict) else None
        said = (
            slot_words(lang, f.key, value, f.value_text, said=f.source_excerpt or "")
            or (counted_words(lang, f.key, f.value_text) if counts else None)
            if lang != "en"
            else None
        )
        if said is None and lang != "en" and f.source_excerpt:
            # No phrase for it here: their own words, never an English sentence inside this one.
            said = t(lang, "“{words}”", words=f.source_excerpt.strip().rstrip(".!"))
        out.append(said or yours(f.value_text, name, f.source_excerpt or ""))
    return out
