"""A correction said on its own, days after the fact, names only the words that change:
"not Lisbon but Porto", "nicht nach Wien, sondern nach Graz", "no a Sevilla sino a Málaga",
"pas à Lyon mais à Nantes", "не в Казань, а в Самару"; "the car is a 2014, not a 2012";
"three cats, not two"; "my sister moved from Bristol to Cardiff"; "Liam is already 16 now",
"Пете уже 10". Read alone, such a line holds no fact (a fragment, or a note that keeps the
old value beside the new one). :func:`replacements` reads what it replaces; the learner
(``learn/lookup.replaced_facts``) finds the told fact that holds the old words and proposes
it again with the new ones, under its own key, so arbitration updates it (or asks, for a
confident fact) like any change.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from memory_core.extract.corrections import lead_abroad
from memory_core.text import kin, numbers

_W = r"[^\W_][\w'’-]*"
#: One to three words (a place, a model, a count with its noun).
_PHRASE = rf"{_W}(?:\s+{_W}){{0,2}}?"
#: What stands before a value and is no part of it (articles, "to/nach/a/à/в").
_FILLER = frozenset(
    "to in into at a an the my our nach in im ins zum zur zu an am ein eine einen der die das "
    "a al en un una el la los las à au aux en un une le la les l' d' de в во на "
    # "nicht mehr in Köln", "no longer in Leeds": the old value after "no longer".
    "mehr longer more plus más больше".split()
)
#: "not only X but also Y" adds, it does not replace.
_ONLY = re.compile(r"^(?:only|just|nur|solo|sólo|seulement|que|только|лишь)\b", re.IGNORECASE)

#: "not X but Y" in each language ("не X, а Y"; the old value first).
_NOT_BUT = re.compile(
    rf"(?:^|[\s,;:(—–-])(?:not|nicht|no|pas|non\s+pas|не)\s+(?P<old>{_PHRASE})\s*,?\s+"
    rf"(?:but|sondern|sino|mais|а)\s+(?P<new>{_PHRASE})\s*(?:[,.!;]|$)",
    re.IGNORECASE,
)
#: "Y, not X" at the end ("three cats, not two", "a 2014, not a 2012", "drei Katzen, nicht
#: zwei", "tres gatos, no dos", "à Nantes, pas à Lyon", "в Самару, а не в Казань").
_Y_NOT_X = re.compile(
    rf"(?P<head>.*?)\s*[,;—–-]\s*(?:and\s+|but\s+|und\s+|y\s+|et\s+)?"
    rf"(?:not|nicht|no|pas|non|а\s+не|не)\s+(?P<old>{_PHRASE})"
    # "…, pas à Rennes, je mélange toujours": a remark after it is no part of it.
    r"(?:\s*[,;—–]\s*[^,;.!?]{1,60})?\s*[.!]*\s*$",
    re.IGNORECASE,
)
#: A relative's move, from the old town to the new one.
_MOVED = re.compile(
    rf"\b(?:"
    rf"(?:moved|relocated)\s+(?:\w+\s+)?from\s+(?P<en_old>{_PHRASE})\s+to\s+(?P<en_new>{_PHRASE})"
    rf"|von\s+(?P<de_old>{_PHRASE})\s+nach\s+(?P<de_new>{_PHRASE})\s+(?:um)?gezogen"
    rf"|mud\w+\s+de\s+(?P<es_old>{_PHRASE})\s+a\s+(?P<es_new>{_PHRASE})"
    rf"|déménag\w*\s+de\s+(?P<fr_old>{_PHRASE})\s+(?:à|a)\s+(?P<fr_new>{_PHRASE})"
    rf"|переех\w*\s+из\s+(?P<ru_old>{_PHRASE})\s+(?:в|во)\s+(?P<ru_new>{_PHRASE})"
    rf")\s*(?:now|jetzt|inzwischen|ahora|maintenant|теперь)?\s*(?:[,.!;]|$)",
    re.IGNORECASE,
)
#: An age said again with "already/now": "Liam is already 16 now", "Tim ist jetzt schon
#: 12", "Lucía ya tiene 8", "Léo a déjà 7 ans", "Пете уже 10".
_AGE = re.compile(
    r"^\s*(?:(?:oh|well|also|pues|bon|ну)[,\s]+)?(?:(?P<whose>[^\W\d_]+)\s+(?=\w+\s+(?:уже|теперь)))?"
    r"(?P<who>[^\W\d_][\w-]*)\s*(?:"
    r"(?:\bis|['’]s|\bhas\s+turned|\bjust\s+turned|\bturned)\s+(?:already\s+|now\s+|actually\s+)*"
    r"(?P<en>\w+)(?:\s+years?\s+old)?\s+(?:already|now)"
    r"|(?:\bis|['’]s)\s+(?:already|now)\s+(?P<en2>\w+)"
    r"|\bist\s+(?:jetzt\s+|schon\s+|bereits\s+|inzwischen\s+)+(?P<de>\w+)"
    r"|\bya\s+tiene\s+(?P<es>\w+)|\ba\s+(?:déjà|maintenant)\s+(?P<fr>\w+)\s+ans"
    r"|\b(?:уже|теперь)\s+(?P<ru>\w+)"
    r")\b",
    re.IGNORECASE,
)


#: "I'm not sure but …", "es ist nicht schlimm, sondern …": a verb before "not" makes it a
#: statement of its own (left to the rules), not a value replaced.
_SAID_OF = re.compile(
    r"\b(?:am|is|are|was|were|'m|'re|'s|do|does|did|bin|ist|sind|war|soy|es|estoy|está|"
    r"suis|est|sont)\s*$",
    re.IGNORECASE,
)


#: "He's already 16", "It's 5 now": no one named, nothing to find.
_PRONOUNS = frozenset(
    "i he she it that this there they we you er sie es das il elle on ce он она оно это".split()
)


@dataclass(frozen=True, slots=True)
class Replacement:
    """The words that change: ``old`` (``None``: whatever number the person's age holds)
    by ``new``; ``relation``/``name``: whose fact it is, where the line says."""

    old: str | None
    new: str
    relation: str | None = None
    name: str | None = None


@functools.cache
def number_words() -> dict[str, int]:
    """Every language's number words → their value (``memory_core.text.numbers``)."""
    return numbers.values("en", low=0, high=120) | numbers.all_values(low=0, high=120)


def number_of(word: str) -> int | None:
    """A count or year said in digits or words ("three", "drei", "tres", "трое" → 3)."""
    w = word.lower().strip(".,!")
    if w.isdigit():
        return int(w)
    return number_words().get(w)


def _bare(phrase: str) -> str:
    """The value without the words before it ("to Porto" → "Porto", "a 2014" → "2014")."""
    words = phrase.split()
    while len(words) > 1 and words[0].lower() in _FILLER:
        words = words[1:]
    return " ".join(words).strip(" ,.;!?")


def _aligned(head: str, old: str) -> str | None:
    """The new value in ``head`` standing for ``old``: the last number for a number, else as
    many last words of ``head`` as ``old`` has."""
    words = head.split()
    if not words:
        return None
    if old.split()[0].isdigit():
        # "ein 2014er, nicht 2012": digits for digits.
        digits = [d.group(0) for w in words if (d := re.match(r"\d+", w))]
        return digits[-1] if digits else None
    if number_of(old.split()[0]) is not None:
        said = [w for w in words if number_of(w) is not None]
        return said[-1].strip(" ,.;!?") if said else None
    k = len(old.split())
    tail = words[-k:]
    if any(w.lower() in _FILLER for w in tail):
        return None
    return " ".join(tail).strip(" ,.;!?")


def _who(words: str, lang_hint: str | None = None) -> tuple[str | None, str | None]:
    """(relation, name) named in the words before a verb ("my sister" → sister, "Liam")."""
    for word in reversed(re.findall(r"[^\W\d_]+", words)):
        for lang in ((lang_hint,) if lang_hint else ()) + ("en", "de", "es", "fr", "ru"):
            relation = kin.relation_of(word, lang)
            if relation is not None:
                return relation, None
    names = re.findall(r"\b[^\W\d_][\w'’-]+", words)
    return None, names[-1] if names and names[-1][:1].isupper() else None


#: Sentences (and lines of a session's page) are read one at a time.
_SENTENCES = re.compile(r"(?<=[.!?])\s+|\n+")


def replacements_in(text: str) -> list[Replacement]:
    """:func:`replacements` of each sentence of ``text``."""
    return [r for sentence in _SENTENCES.split(text) for r in replacements(sentence)]


def replacements(sentence: str) -> list[Replacement]:
    """What a correction said on its own replaces (empty when it replaces nothing); a
    correction's lead ("Небольшая поправка:", "Kleine Korrektur:") is no part of it."""
    said = " ".join(sentence.split())
    text = lead_abroad(said)[1]
    # "the van is a 2019 not 2017": a number for a number needs no comma.
    text = _NUMBER_NOT_NUMBER.sub(r"\1, \2 ", text)
    m = _MOVED.search(text)
    if m is not None:
        return _moved(m, text[: m.start()])
    reads = (_age, _not_but, _y_not_x) + ((_not_x_then, _age_corrected) if text != said else ())
    for read in reads:
        found = read(text)
        if found:
            return found
    return []


_NUMBER_NOT_NUMBER = re.compile(r"(\d)\s+(not|nicht|no|pas|не)\s+(?=\d)", re.IGNORECASE)
#: After a correction's lead, the old value first and the new one said in a clause of its
#: own: "No es alemán, estudio sueco", "Nicht Tennis, ich spiele Badminton",
#: "Pas Lyon, on habite à Nantes", "Не Сочи, мы едем в Калининград".
_NOT_X_THEN = re.compile(
    r"^(?:(?:not|nicht|no|pas|ce\s+n['’]est\s+pas|не)\s+(?:(?:es|ist|is|it's|c['’]est|это)\s+)?"
    rf"(?P<old>{_PHRASE})"
    # "de bombero nada": Spanish says the old value first and "nada" after it.
    rf"|(?:de\s+)?(?P<nada>{_PHRASE})\s+nada)\s*[,;:—–-]\s*(?P<head>.+?)\s*[.!]*$",
    re.IGNORECASE,
)


def _not_x_then(text: str) -> list[Replacement]:
    """ "(Me confundí:) no es alemán, estudio sueco": the old value, then the
    new one as the last words of the next clause (only after a correction's lead)."""
    m = _NOT_X_THEN.match(text)
    if m is None or "?" in text:
        return []
    old = _bare(m.group("old") or m.group("nada"))
    said_as = _SAID_AS.match(m.group("head"))
    # "…, es policía local": all the copula says is the new value, however many words.
    aligned = said_as.group("v") if said_as else _aligned(m.group("head"), old)
    if aligned and old.lower() != aligned.lower():
        return [Replacement(old, _bare(aligned))]
    return []


#: The next clause saying what it is instead: "es policía local", "er ist Tischler", "il est
#: pâtissier", "she's a vet" (up to three words after the copula).
_SAID_AS = re.compile(
    r"^(?:(?:he|she|it|er|sie|il|elle|он|она|это)\s*)?(?:(?:is|ist|es|est|c['’]est|—)\s+|['’]s\s+)"
    rf"(?P<v>{_W}(?:\s+{_W}){{0,2}})$",
    re.IGNORECASE,
)


def _moved(m: re.Match[str], who: str) -> list[Replacement]:
    """ "My sister moved from Bristol to Cardiff": the relative's old town by the new."""
    lang = next(g[:2] for g in m.groupdict() if g.endswith("_old") and m.group(g))
    old, new = _bare(m.group(f"{lang}_old")), _bare(m.group(f"{lang}_new"))
    relation, name = _who(who, lang)
    if (relation or name) and old.lower() != new.lower():
        return [Replacement(old, new, relation, name)]
    return []


def _age(text: str) -> list[Replacement]:
    """ "Liam is already 16 now", "Моему сыну уже 10": whose age, and the new number."""
    m = _AGE.match(text)
    if m is None:
        return []
    said = next(v for k, v in m.groupdict().items() if k not in ("who", "whose") and v)
    value = number_of(said)
    if value is None or not 0 < value < 120:
        return []
    who = m.group("who")
    relation, _ = _who(who)  # "Моему сыну уже 10": a relation, not a name
    if relation is not None:
        return [Replacement(None, str(value), relation=relation)]
    if who[:1].isupper() and who.lower() not in _PRONOUNS:
        return [Replacement(None, str(value), name=who)]
    return []


#: A person's age said plainly after a correction's lead ("(En fait) Julien a 42 ans",
#: "(En realidad) Julián tiene 42 años", "(Eigentlich) ist Jonas 42"): the named person's age.
_AGE_SAID = re.compile(
    r"^(?:(?:ist|is)\s+)?(?P<who>[^\W\d_][\w-]*)\s+(?:is|ist|tiene|a|—|-)?\s*(?P<n>\w+)"
    r"(?:\s+(?:years?(?:\s+old)?|jahre(?:\s+alt)?|años|ans|лет|года|год))?\s*[.!]*$",
    re.IGNORECASE,
)


def _age_corrected(text: str) -> list[Replacement]:
    """ "(En fait) Julien a 42 ans": the named person's age, whatever number it held (only
    after a correction's lead: said alone, it is a statement for the rules)."""
    m = _AGE_SAID.match(text)
    if m is None:
        return []
    value = number_of(m.group("n"))
    who = m.group("who")
    if value is None or not 0 < value < 120 or not who[:1].isupper():
        return []
    if who.lower() in _PRONOUNS or kin.relation_of(who, "en") is not None:
        return []
    return [Replacement(None, str(value), name=who)]


def _not_but(text: str) -> list[Replacement]:
    """ "Not Lisbon but Porto", "nicht nach Wien, sondern nach Graz", "не в X, а в Y"."""
    m = _NOT_BUT.search(text)
    if m is None or _ONLY.match(m.group("old")) or _SAID_OF.search(text[: m.start() + 1]):
        return []
    old, new = _bare(m.group("old")), _named(_bare(m.group("new")))
    counted = [w for w in old.split() if number_of(w) is not None]
    if new and number_of(new.split()[0]) is not None and counted:
        old, new = counted[0], new.split()[0]  # "not two cats but three"
    if old and new and old.lower() != new.lower():
        return [Replacement(old, new)]
    return []


def _named(phrase: str) -> str:
    """A name without the verb said after it ("Калининград едем" → "Калининград")."""
    words = phrase.split()
    if words and words[0][:1].isupper():
        for i, w in enumerate(words[1:], 1):
            if w[:1].islower() and w.lower() not in _IN_NAMES:
                return " ".join(words[:i])
    return phrase


#: Small words inside a place's name ("Rio de Janeiro", "Frankfurt am Main").
_IN_NAMES = frozenset("de da do dos das del la le les von van der am an on upon sur en y".split())


def _y_not_x(text: str) -> list[Replacement]:
    """ "Three cats, not two", "the car is a 2014, not a 2012"."""
    m = _Y_NOT_X.match(text)
    if m is None or not m.group("head").strip() or "?" in text:
        return []
    old = _bare(m.group("old"))
    head = m.group("head")
    aligned = _aligned(head, old)
    said = m.group("old").split()
    if said[0].lower() in PREPOSITIONS and not _after(head, aligned, said[0]):
        # "…als Koch in einem Restaurant, nicht als Lehrer", "…in einem Restaurant, nicht an
        # einer Grundschule": the value and its preposition, from the same preposition in the
        # head (else its last one) on — never the last words put after another's.
        return _with_preposition(head, m.group("old"))
    if aligned and old.lower() != aligned.lower():
        return [Replacement(old, _bare(aligned))]
    return []


#: The prepositions a value may be said with ("als Lehrer", "à Lyon", "в Казань").
PREPOSITIONS = frozenset(
    "to in into at as for nach in im ins zum zur zu an am als bei beim a al en como con à au "
    "aux dans chez comme avec в во на как с".split()
)


def _after(head: str, aligned: str | None, preposition: str) -> bool:
    """Whether ``aligned`` (the last words of ``head``) follows ``preposition`` there."""
    if not aligned:
        return False
    before = head[: len(head.rstrip(" ,.;!?")) - len(aligned)].split()
    return bool(before) and before[-1].lower() == preposition.lower()


def _with_preposition(head: str, old: str) -> list[Replacement]:
    """The new value with its preposition: from the last time the head says the old one's
    (else any) preposition, five words at most; none when the head has no preposition."""
    words = head.rstrip(" ,.;!?").split()
    first = old.split()[0].lower()
    at = [i for i, w in enumerate(words) if w.lower() == first] or [
        i for i, w in enumerate(words) if w.lower() in PREPOSITIONS
    ]
    if not at or len(words) - at[-1] > 5 or len(words) - at[-1] < 2:
        return []
    new = " ".join(words[at[-1] :])
    return [Replacement(old.strip(" ,.;!?"), new)] if new.lower() != old.lower() else []
