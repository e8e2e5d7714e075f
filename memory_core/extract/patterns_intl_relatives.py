"""How old one of the user's people is and where they live, in German, Spanish, French and
Russian.

"Mein Sohn ist sieben", "mi hija tiene 4 años", "ma fille a six ans", "моему сыну 7 лет" — or
said after their name, the relation understood: "Meine Nichte heißt Lea, sie ist neun", "mi
sobrino se llama Tito y tiene dos años", "mon neveu s'appelle Léo, il a trois ans", "мою
племянницу зовут Катя, ей пять лет". Keyed ``family.<relation>.age`` as the English rules key
a relative's age said beside their naming (the value in digits). Where they live likewise:
"meine Tante wohnt in Bonn", "mi tío vive en Lugo", "mon oncle, qui vit à Nice, …", "моя сестра
живёт в Туле" → ``family.<relation>.home`` (a Russian town in the nominative).
"""

from __future__ import annotations

import re

from memory_core.extract import russian
from memory_core.extract.base import Candidate
from memory_core.extract.patterns_intl_people import RELATIONS
from memory_core.extract.rule import Context, fact
from memory_core.extract.text import slug
from memory_core.text import animals, kin, numbers
from memory_core.values import Category

#: An age said as a word ("sieben", "cuatro", "одна"): ``memory_core.text.numbers``.
_WORD_VALUE = {
    lang: {w: str(n) for w, n in numbers.values(lang).items()} for lang in ("de", "es", "fr", "ru")
}
#: "my", "our" before the relative whose age or home is said (``kin.possessive``): the
#: subject; the Russian dative of "моему сыну 7 лет" and object of "мою племянницу зовут Катя,
#: ей пять лет"; the German dative as the rules have always read it.
_POSSESSIVE = {
    "de": kin.possessive("de", "nom", "dat"),
    "es": kin.possessive("es", "nom"),
    "fr": kin.possessive("fr", "nom"),
    "ru": kin.possessive("ru", "nom", "acc", "dat"),
}
_NAME = r"(?-i:[A-ZÀ-ÖØ-ÞА-ЯЁ][\w'-]*)"
#: The age itself, after the relation (and a name) or after the clause naming them.
_AGE = {
    "de": r"ist\s+(?:jetzt\s+|schon\s+|erst\s+|gerade\s+)?{n}(?:\s+jahre(?:\s+alt)?)?"
    r"(?:\s+geworden)?",
    # "…, de siete años, …": the age said as an aside after the name; "acaba de cumplir cinco
    # años": just reached.
    "es": r"(?:(?:tiene|cumplió|ha\s+cumplido|acaba\s+de\s+cumplir)\s+(?:ya\s+|solo\s+)?|de\s+)"
    r"{n}\s+años",
    # "vient d'avoir six ans", "vient de fêter ses six ans": just reached.
    "fr": r"(?:(?:qui\s+)?a\s+(?:eu\s+)?(?:déjà\s+|seulement\s+)?|vient\s+d['’]avoir\s+|"
    r"vient\s+de\s+fêter\s+ses\s+){n}\s+ans",
    # "семь лет", "уже три года", "исполнилось семь" (the years said by the verb).
    "ru": r"(?:(?P<turned>(?:уже\s+)?исполнилось\s+)|уже\s+|всего\s+)?{n}"
    r"(?(turned)(?:\s+(?:год|года|лет))?|\s+(?:год|года|лет))",
}
#: "my" may be left out before the Russian dative that opens an age ("Внучке Оле исполнилось пять",
#: "Коту Барсику три года"): whose it is, the sentence says by its case alone.
_MY_OPTIONAL = {"ru"}
#: A birthday to come ("unser Sohn Maxl wird im Mai 4", "mi hija cumple 5 en junio", "mon
#: fils aura six ans en mars", "моему сыну в июне будет 5"): a year younger now.
_AGE_COMING = {
    "de": r"wird\s+(?:(?:im\s+\w+|bald|morgen|übermorgen|nächste\s+woche|nächsten\s+monat|"
    r"nächstes\s+jahr|am\s+\w+|diese[nms]?\s+\w+)\s+)?{n}(?:\s+jahre(?:\s+alt)?)?"
    r"(?:\s+im\s+\w+)?",
    "es": r"(?:cumple|cumplirá|va\s+a\s+cumplir)\s+{n}(?:\s+años)?"
    r"(?:\s+(?:en\s+\w+|el\s+mes\s+que\s+viene|la\s+semana\s+que\s+viene|este\s+\w+|"
    r"pronto|mañana|el\s+\w+))?",
    "fr": r"(?:aura|va\s+avoir|fêtera\s+ses|va\s+fêter\s+ses)\s+{n}\s+ans"
    r"(?:\s+(?:en\s+\w+|le\s+mois\s+prochain|la\s+semaine\s+prochaine|bientôt|demain|"
    r"cette\s+année|ce\s+\w+|le\s+\d{{1,2}}\s+\w+))?",
    "ru": r"(?:(?:в|во)\s+\w+\s+|скоро\s+|завтра\s+)?(?:будет|исполнится)\s+{n}"
    r"(?:\s+(?:год|года|лет))?(?:\s+(?:в|во)\s+\w+)?",
}
#: What opens a clause about the person just named ("sie ist", "y tiene", "il a", "ей").
_AFTER_NAMING = {
    "de": r"(?:,\s*|\s+und\s+)(?:(?:sie|er)\s+)?",
    "es": r"(?:,\s*|\s+y\s+)(?:ya\s+)?",
    "fr": r"(?:,\s*|\s+et\s+)(?:(?:il|elle)\s+)?",
    "ru": r",\s*(?:и\s+)?(?:ей|ему)\s+",
}
#: The age in the clause after the naming, where it differs: the Russian dative pronoun says
#: whose age it is, so the years may go unsaid ("…, ей 35").
_AGE_AFTER_NAMING = {"ru": r"(?:уже\s+|всего\s+)?{n}(?:\s+(?:год|года|лет))?"}
_END = r"\s*(?:[,.;!?]|$)"
#: The recent day an age was reached ("a eu sept ans lundi", "cumplió dos años el viernes",
#: "ist am Sonntag sieben geworden" aside): the age holds now.
_RECENT = (
    r"(?:\s+(?:(?:am|el|le|в|во)\s+)?(?:montag|dienstag|mittwoch|donnerstag|freitag|samstag|"
    r"sonntag|lunes|martes|miércoles|miercoles|jueves|viernes|sábado|sabado|domingo|lundi|mardi|"
    r"mercredi|jeudi|vendredi|samedi|dimanche|понедельник|вторник|среду|четверг|пятницу|субботу|"
    r"воскресенье|gestern|ayer|hier|вчера|letzte\s+woche|la\s+semana\s+pasada|"
    r"la\s+semaine\s+dernière|на\s+прошлой\s+неделе))?"
)
#: An age ends its clause, or the sentence goes on with "and" ("… ist acht und spielt …").
_AGE_END = _RECENT + r"(?:\s*(?:[,.;!?]|$)|\s+(?:und|y|et|и)\s)"
#: Where they live, after the relation (and a name) or after the clause naming them.
_LIVES = {
    "de": r"(?:wohnt|lebt)\s+(?:jetzt\s+|noch\s+)?in\s+(?:der\s+|den\s+)?{t}",
    "es": r"(?:vive|reside)\s+(?:ahora\s+)?en\s+{t}",
    # "vit au Canada", "habite aux États-Unis", "vit en Suisse": a country.
    "fr": r"(?:vit|habite)\s+(?:maintenant\s+)?(?:à|a|au|aux|en)\s+{t}",
    "ru": r"(?:живёт|живет)\s+(?:сейчас\s+)?в\s+{t}",
}
_AFTER_NAMING_HOME = {
    "de": r"(?:,\s*|\s+und\s+)(?:sie\s+|er\s+)?",
    "es": r"(?:,\s*|\s+y\s+)",
    "fr": r"(?:,\s*|\s+et\s+)(?:il\s+|elle\s+)?",
    "ru": r"(?:,\s*|\s+и\s+)(?:он\s+|она\s+)?",
}
_TOWN = r"(?P<t>(?-i:[A-ZÀ-ÖØ-ÞА-ЯЁ])[\w'-]*(?:[\s-](?-i:[A-ZÀ-ÖØ-ÞА-ЯЁ])[\w'-]*){0,2})"
#: "Mon oncle, qui vit à Nice, s'appelle Paul": the aside says where they live.
_ASIDE = {
    "de": r"^{poss}\s+(?P<r>{rel}),\s*(?:der|die)\s+in\s+{t}\s+(?:wohnt|lebt)\s*,",
    "es": r"^{poss}\s+(?P<r>{rel}),\s*que\s+" + _LIVES["es"] + r"\s*,",
    "fr": r"^{poss}\s+(?P<r>{rel}),\s*qui\s+" + _LIVES["fr"] + r"\s*,",
    "ru": r"^{poss}\s+(?P<r>{rel}),\s*котор\w+\s+" + _LIVES["ru"] + r"\s*,",
}


def _number(language: str) -> str:
    words = sorted(_WORD_VALUE[language], key=len, reverse=True)
    return rf"(?P<age>\d{{1,3}}|{'|'.join(map(re.escape, words))})(?![\w-])"


def _relation_words(language: str) -> str:
    return "|".join(sorted(map(re.escape, RELATIONS[language]), key=len, reverse=True))


def _patterns(language: str) -> list[tuple[re.Pattern[str], bool]]:
    """The age said beside the relation, then after the clause naming them; each also with
    the birthday to come (``True``: a year younger now)."""
    poss, rel, n = _POSSESSIVE[language], _relation_words(language), _number(language)
    poss = f"(?:{poss}\\s+)?" if language in _MY_OPTIONAL else f"{poss}\\s+"
    out: list[tuple[re.Pattern[str], bool]] = []
    for coming in (False, True):
        age = (_AGE_COMING if coming else _AGE)[language].format(n=n)
        said = re.compile(
            rf"^{poss}(?P<r>{rel})(?:\s+(?P<n>{_NAME}))?,?\s+{age}{_AGE_END}", re.IGNORECASE
        )
        # "Жену зовут Ира, ей 35": after "ей/ему" the years may go unsaid, like "sie ist 35".
        plain = _AGE_AFTER_NAMING.get(language, _AGE[language]).format(n=n)
        after_age = age if coming else plain
        after = re.compile(
            rf"^{poss}(?P<r>{rel})\b[^,.;!?]*?{_AFTER_NAMING[language]}{after_age}{_AGE_END}",
            re.IGNORECASE,
        )
        out += [(said, coming), (after, coming)]
    return out


_PATTERNS = {language: _patterns(language) for language in _POSSESSIVE}


def _pet_pattern(language: str) -> tuple[re.Pattern[str], ...]:
    """ "Mein Hund Bello ist sieben", "mi gata Luna tiene dos años", "моему псу пять лет": a
    pet's age (the Russian species in the dative, read by its form); or said after the clause
    naming it ("mi gata se llama Nieve y tiene seis años")."""
    words = "|".join(sorted(map(re.escape, animals.words(language)), key=len, reverse=True))
    species = rf"{words}|[а-яё]+" if language == "ru" else words
    age = _AGE[language].format(n=_number(language))
    poss = _POSSESSIVE[language]
    poss = f"(?:{poss}\\s+)?" if language in _MY_OPTIONAL else f"{poss}\\s+"
    return (
        re.compile(
            rf"^{poss}(?P<r>{species})(?:\s+(?P<n>{_NAME}))?,?\s+{age}{_AGE_END}", re.IGNORECASE
        ),
        re.compile(
            rf"^{poss}(?P<r>{words})\b[^,.;!?]*?{_AFTER_NAMING[language]}{age}{_AGE_END}",
            re.IGNORECASE,
        ),
    )


_PET_PATTERNS = {language: _pet_pattern(language) for language in _POSSESSIVE}


def _species(language: str, said: str) -> str | None:
    words = animals.words(language)
    if said in words or language != "ru":
        return words.get(said)
    plain = russian.in_nominative([said], "datv")
    return words.get(plain.lower()) if plain else None


def _pet_age(sentence: str, language: str, ctx: Context) -> list[Candidate]:
    """A pet's age, keyed ``pet.<species>.age`` as the English rules key it."""
    found = (p.match(sentence.strip()) for p in _PET_PATTERNS.get(language, ()))
    m = next(filter(None, found), None)
    species = _species(language, m["r"].lower()) if m else None
    if m is None or species is None:
        return []
    said = m.group("age").lower()
    age = said if said.isdigit() else _WORD_VALUE[language].get(said)
    if age is None or not 0 < int(age) < 40:
        return []
    text = f"{ctx.possessive} {species} is {age}."
    out = fact(f"pet.{slug(species)}.age", text, Category.RELATIONSHIP, 0.75, age)
    # Its name beside the species (a Russian one as called, where the analyser knows it).
    said_name = m.groupdict().get("n")
    name = said_name if language != "ru" else _pet_name_ru(said_name or "")
    if name:
        said = f"{ctx.possessive} {species} is named {name}."
        out += fact(f"pet.{slug(species)}.name", said, Category.RELATIONSHIP, 0.75, name)
    return out


def _pet_name_ru(word: str) -> str | None:
    """A Russian pet's name said in the dative ("Коту Барсику …") as it is called: a first
    name the analyser knows, or a capitalised noun put back in the nominative ("Барсик")."""
    if not word[:1].isupper():
        return None
    return russian.name_in(word, "datv") or russian.in_nominative([word], "datv")


def _home_patterns(language: str) -> tuple[re.Pattern[str], ...]:
    poss, rel = _POSSESSIVE[language], _relation_words(language)
    lives = _LIVES[language].format(t=_TOWN)
    return (
        re.compile(
            rf"^{poss}\s+(?P<r>{rel})(?:\s+(?P<n>{_NAME}))?,?\s+{lives}{_END}", re.IGNORECASE
        ),
        re.compile(
            rf"^{poss}\s+(?P<r>{rel})\b[^,.;!?]*?{_AFTER_NAMING_HOME[language]}{lives}{_END}",
            re.IGNORECASE,
        ),
        re.compile(_ASIDE[language].format(poss=poss, rel=rel, t=_TOWN), re.IGNORECASE),
    )


_HOME_PATTERNS = {language: _home_patterns(language) for language in _POSSESSIVE}


def _home(sentence: str, language: str, ctx: Context) -> list[Candidate]:
    for pattern in _HOME_PATTERNS.get(language, ()):
        m = pattern.match(sentence.strip())
        if m is None:
            continue
        relation = RELATIONS[language].get(m.group("r").lower())
        town = russian.town(m.group("t")) if language == "ru" else m.group("t")
        if relation is None or not town:
            return []
        key = f"{_whose(relation, m, language)}.home"
        words = relation.replace("_", " ")
        text = f"{ctx.possessive} {words} lives in {town}."
        return fact(key, text, Category.RELATIONSHIP, 0.7, town)
    return []


def _whose(relation: str, m: re.Match[str], language: str = "") -> str:
    """ "family.daughter", or with the name said beside the relation "family.daughter.lena" (two
    daughters stay two people, as the English rules key them). A Russian name is inflected
    with the relation ("моей дочке Маше"): keyed as it is called ("маша"), or left out."""
    name = m.groupdict().get("n")
    if name and language == "ru":
        name = next(filter(None, (russian.name_in(name, c) for c in _RU_NAME_CASES)), None)
    return f"family.{slug(relation)}" + (f".{slug(name)}" if name and slug(name) else "")


#: The cases a Russian name beside a relation is read in: as said, "моему сыну Пете", "мою
#: дочь Катю".
_RU_NAME_CASES = ("nomn", "datv", "accs")


def read(sentence: str, language: str, ctx: Context) -> list[Candidate]:
    """The age and home of the relative the sentence opens with, if it says them."""
    return (
        _age(sentence, language, ctx)
        + _pet_age(sentence, language, ctx)
        + _home(sentence, language, ctx)
    )


def _age(sentence: str, language: str, ctx: Context) -> list[Candidate]:
    patterns = _PATTERNS.get(language)
    if patterns is None:
        return []
    text = sentence.strip()
    for pattern, coming in patterns:
        m = pattern.match(text)
        if m is None:
            continue
        relation = RELATIONS[language].get(m.group("r").lower())
        said = m.group("age").lower()
        age = said if said.isdigit() else _WORD_VALUE[language].get(said)
        if age is not None and coming:
            age = str(int(age) - 1)  # "wird im Mai 4": 3 until then
        if relation is None or age is None or not 0 < int(age) < 120:
            return []
        if kin.RELATIONS[relation].group != "family":
            return []  # "mein Nachbar ist 80 …": a neighbour's age is no part of the user's life
        whose = _whose(relation, m, language)
        words = relation.replace("_", " ")
        # The name said beside them in the age's own words, as they are called ("Моему сыну
        # Тёме 5 лет": "… son Тёма is 5"), so they are said back with their own letters.
        name = _called(m, language) if whose.count(".") >= 2 else None
        who = f"{words} {name}" if name else words
        out = fact(
            f"{whose}.age", f"{ctx.possessive} {who} is {age}.", Category.RELATIONSHIP, 0.75, age
        )
        return out + _russian_name(whose, words, m, language, ctx)
    return []


def _called(m: re.Match[str], language: str) -> str | None:
    """The name said beside the relative, as they are called (a Russian one in the
    nominative: "Маше" → "Маша"), or ``None``."""
    said = m.groupdict().get("n")
    if not said or language != "ru":
        return said
    return next(filter(None, (russian.name_in(said, c) for c in _RU_NAME_CASES)), None)


def _russian_name(
    whose: str, words: str, m: re.Match[str], language: str, ctx: Context
) -> list[Candidate]:
    """The name said beside a Russian relative whose age is told ("Моей дочке Маше семь лет"
    → Маша), as they are called; nothing when the name is not read or none is said."""
    if language != "ru" or whose.count(".") < 2:
        return []
    name = _called(m, language)
    if not name:
        return []
    text = f"{ctx.possessive} {words} is named {name}."
    return fact(f"{whose}.name", text, Category.RELATIONSHIP, 0.75, name)
