"""A chronic health condition the user says they have, in German, Spanish, French and Russian.

"Ich habe Diabetes", "ich leide an Migräne", "tengo asma", "soy celíaca", "je suis
diabétique", "j'ai de l'asthme", "у меня астма", "я диабетик" → ``health.<condition>`` under
the English rules' key ("I have diabetes" → ``health.diabetes``), private like every health
fact, its value the condition in the user's language. Only a sentence that opens with the
user's "I have / I suffer from / I am" reads so: "no tengo asma", "mein Vater hat Diabetes",
"un documentaire sur le diabète" say nothing of the user's health; a passing state ("ich habe
Hunger", "j'ai faim", "tengo ansiedad por el examen") names no condition of the table.
"""

from __future__ import annotations

import re
from importlib.resources import files

from memory_core.extract.base import Candidate
from memory_core.extract.rule import Context, fact
from memory_core.extract.text import slug
from memory_core.values import Category


def _parse(text: str) -> dict[str, dict[str, tuple[str, list[str], list[str]]]]:
    """language → English name → (English, nouns, persons), from the data file's text."""
    out: dict[str, dict[str, tuple[str, list[str], list[str]]]] = {}
    for line in text.splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        english, lang, nouns, *persons = (p.strip() for p in line.split("|"))
        out.setdefault(lang, {})[english] = (
            english,
            [w.strip() for w in nouns.split(",") if w.strip()],
            [w.strip() for w in "".join(persons).split(",") if w.strip()],
        )
    return out


_TABLE = files(__package__).joinpath("data/conditions_intl.txt").read_text(encoding="utf-8")
#: The conditions, their words by language (``data/conditions_intl.txt``).
_CONDITIONS = _parse(_TABLE)
_ALL = [row for table in _CONDITIONS.values() for row in table.values()]


def _words(words: list[str]) -> str:
    return "|".join(
        re.escape(w[:-1]) + r"\w*" if w.endswith("*") else re.escape(w).replace(r"\ ", r"\s+")
        for w in sorted(words, key=len, reverse=True)
    )


#: What opens the sentence before a condition's noun: the user has it or suffers from it
#: (with "since …", "also", "unfortunately" between), never "no"/"kein"/"нет".
_HAVE = {
    "de": r"(?:ich\s+)?(?:habe|hab)(?:\s+(?:auch|leider|schon|seit\s+\S+(?:\s+\S+)?|"
    r"eine?n?|chronische[ns]?|eine\s+chronische))*|ich\s+leide(?:\s+(?:auch|leider|schon|"
    r"seit\s+\S+(?:\s+\S+)?))*\s+(?:an|unter)(?:\s+(?:einer|einem|der|dem|chronische[rm]))*|"
    r"(?:bei\s+mir\s+wurde|mir\s+wurde|man\s+hat\s+bei\s+mir)(?:\s+\S+){0,3}?",
    "es": r"(?:tengo|padezco|sufro\s+de|me\s+diagnosticaron|me\s+han\s+diagnosticado)"
    r"(?:\s+(?:también|tambien|además|ademas|desde\s+\S+(?:\s+\S+)?|un|una|el|la))*",
    "fr": r"(?:j['’]ai|je\s+souffre|on\s+m['’]a\s+diagnostiqué|on\s+m['’]a\s+découvert)"
    r"(?:\s+(?:aussi|également|depuis\s+\S+(?:\s+\S+)?|du|de\s+la|de\s+l['’]|le|la|l['’]|un|une|"
    r"des|de|d['’]))*",
    "ru": r"у\s+меня(?:\s+(?:тоже|также|ещё|еще|уже|давно|есть|с\s+детства))*|"
    r"мне\s+поставили(?:\s+диагноз)?",
}
#: "ich bin / soy / je suis / я" before the word for a person who has it.
_AM = {
    "de": r"ich\s+bin(?:\s+(?:auch|leider|seit\s+\S+(?:\s+\S+)?))*(?:\s+eine?)?",
    "es": r"soy(?:\s+(?:también|tambien|un|una))*",
    "fr": r"je\s+suis(?:\s+(?:aussi|également|un|une))*",
    "ru": r"я(?:\s+(?:тоже|также|уже))*",
}
_LEAD = r"^\s*(?:(?:und|also|ja|y|pues|bueno|sí|et|bon|oui|и|а|да|ну)\s*,?\s+)?"
_END = r"(?![\w'’-])"


_RU_INSTRUMENTAL = (
    ("кое", "ким"),
    ("гое", "гим"),
    ("ый", "ым"),
    ("ий", "им"),
    ("ое", "ым"),
    ("ия", "ией"),
    ("ие", "ием"),
    ("о", "ом"),
    ("а", "ой"),
    ("ь", "ью"),
)


def _ru_instrumental(noun: str) -> str:
    """A Russian condition's noun in the instrumental ("астма" → "астмой", "болезнь Крона" →
    "болезнью Крона", "сахарный диабет" → "сахарным диабетом"): what "страдаю"/"болею" take."""
    words = noun.split()
    adjective = len(words) > 1 and words[0].endswith(("ый", "ий", "ое", "ая"))
    out = []
    for i, word in enumerate(words):
        if (i and not adjective) or word.isupper() or word.endswith(("э", "и")):
            out.append(word)  # "болезнь Крона", "СДВГ", "апноэ", "мигрени": as they are
            continue
        ending = next((e for e in _RU_INSTRUMENTAL if word.endswith(e[0])), None)
        out.append(word[: -len(ending[0])] + ending[1] if ending else word + "ом")
    return " ".join(out)


#: "(Я) страдаю мигренью", "болею диабетом": a Russian condition said by its verb, the noun in
#: the instrumental, the "я" left out as Russian may.
_RU_SUFFER = (
    r"(?:я\s+)?(?:(?:тоже|также|давно|уже|с\s+детства|много\s+лет)\s+)*(?:страдаю|болею)"
    r"(?:\s+(?:тоже|также|давно|уже|с\s+детства|много\s+лет))*\s+"
)
_RU_SAID = {
    _ru_instrumental(w).lower(): w
    for _, nouns, _ in _CONDITIONS.get("ru", {}).values()
    for w in nouns
}


def _pattern(language: str) -> re.Pattern[str]:
    table = _CONDITIONS[language]
    nouns = [w for _, n, _ in table.values() for w in n]
    persons = [w for _, _, p in table.values() for w in p]
    have = rf"(?:{_HAVE[language]})\s*(?P<n>{_words(nouns)}){_END}"
    am = rf"(?:{_AM[language]})\s+(?P<p>{_words(persons)}){_END}" if persons else None
    suffer = rf"|{_RU_SUFFER}(?P<i>{_words(list(_RU_SAID))}){_END}" if language == "ru" else ""
    return re.compile(rf"{_LEAD}(?:{have}" + (f"|{am}" if am else "") + suffer + ")", re.IGNORECASE)


_PATTERNS = {language: _pattern(language) for language in _CONDITIONS}
#: The person's word said alone, as the whole line, maybe with since when ("Diabétique depuis
#: 2010.", "Diabetikerin seit zehn Jahren.", "Диабетик с детства."): the user's, the "I am"
#: left out as in "Soltera otra vez".
_SINCE = r"(?:seit|desde|depuis|с|со)"
_ALONE = {
    language: re.compile(
        rf"^\s*(?P<p>{_words([w for _, _, p in _CONDITIONS[language].values() for w in p])})"
        rf"{_END}(?:\s+{_SINCE}\s+[^,;.!?]+)?\s*[.!]*\s*$",
        re.IGNORECASE,
    )
    for language in _CONDITIONS
    if any(p for _, _, p in _CONDITIONS[language].values())
}
#: Every word a sentence read here may hold beside the condition: a note that says no more
#: is not kept beside the health fact ("Je suis diabétique.").
WORDS = frozenset(
    w
    for text in (
        *(w for _, nouns, persons in _ALL for w in (*nouns, *persons)),
        *_HAVE.values(),
        *_AM.values(),
        _LEAD,
        _RU_SUFFER,
        *_RU_SAID,
    )
    for w in re.findall(r"[^\W\d_]+", re.sub(r"\\[swSW]", " ", text).lower())
)
_STEMS = tuple(w[:-1].lower() for _, _, persons in _ALL for w in persons if w.endswith("*"))


def is_word(word: str) -> bool:
    """Whether ``word`` (lower case) is one a condition is said with ("diabético")."""
    return word in WORDS or word.startswith(_STEMS)


def _condition(said: str, language: str, *, person: bool) -> tuple[str, str] | None:
    """(English name, the value in ``language``) of a noun or a person's word said."""
    low = " ".join(said.lower().split())
    for english, nouns, persons in _CONDITIONS[language].values():
        for word in persons if person else nouns:
            w = word.lower()
            if (w.endswith("*") and low.startswith(w[:-1])) or low == w:
                return english, nouns[0]
    return None


def read(sentence: str, language: str, ctx: Context) -> list[Candidate]:
    """The chronic condition the user says they have in ``sentence`` (``language``)."""
    pattern = _PATTERNS.get(language)
    m = pattern.search(sentence.strip()) if pattern is not None else None
    alone = _ALONE.get(language)
    if m is None and alone is not None and (said := alone.match(sentence)) is not None:
        found = _condition(said["p"], language, person=True)
    elif m is None:
        return []
    else:
        said_as = m.groupdict().get("i")  # "страдаю мигренью": the noun it declines
        noun = _RU_SAID[" ".join(said_as.lower().split())] if said_as else m["n"]
        found = _condition(noun or m["p"], language, person=noun is None)
    if found is None:
        return []
    english, value = found
    text = f"{ctx.subject} has {english}."
    return fact(f"health.{slug(english)}", text, Category.HEALTH, 0.8, value, sensitive=True)


def condition_name(lang: str, condition: str) -> str | None:
    """The word ``lang`` names a condition with (its key segment: ``celiac_disease`` → "maladie
    cœliaque" in French), for a reply in that language; ``None``: the table does not name it."""
    for english, nouns, _ in _CONDITIONS.get(lang, {}).values():
        if slug(english) == condition and nouns:
            return nouns[0]
    return None
