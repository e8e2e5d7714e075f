"""What the user says their people do, in German, Spanish, French and Russian: a relative's job
and employer.

"Mein Mann arbeitet als Zahnarzt", "meine Schwester Paula ist Lehrerin", "mi padre es
electricista", "mi hermano Diego trabaja en Mercadona", "ma femme est infirmière", "mon frère
Hugo travaille chez Airbus", "мой муж работает программистом", "моя мама — учитель": the relation
word (and a name beside it) opens the clause, and the job or firm is the relative's — or the
clause after the one naming them says it ("Meine Schwester heißt Paula, sie ist Lehrerin", "mi
hermano se llama Diego y es electricista", "mon frère s'appelle Hugo, il est plombier", "брата
зовут Саша, он врач"; a Russian relation said in the accusative needs no "my") —
``family.<relation>[.<name>].job`` / ``.employer`` as the English rules key them, with the value in
the user's words (a Russian job in the nominative), never the user's own ``job_title``.
"""

from __future__ import annotations

import re

from memory_core.extract import russian
from memory_core.extract.base import Candidate
from memory_core.extract.jobs_intl import DE_JOB, DE_NOT_A_JOB, JOB_WORDS
from memory_core.extract.patterns_intl_people import RELATIONS, someone_elses
from memory_core.extract.rule import Context, fact
from memory_core.extract.text import slug
from memory_core.text import kin
from memory_core.values import Category

#: "my", "our" before the relative who is the subject: ``kin.possessive``.
_POSSESSIVE = {lang: kin.possessive(lang, "nom") for lang in ("de", "es", "fr", "ru")}
_NAME = r"(?-i:[A-ZÀ-ÖØ-ÞА-ЯЁ][\w'-]*)"
#: A job after its marker ("arbeitet als", "trabaja de", "travaille comme").
_AS = {
    "de": r"arbeitet\s+(?:jetzt\s+|schon\s+)?als",
    "es": r"trabaja\s+(?:ahora\s+)?(?:de|como)",
    "fr": r"(?:travaille|bosse)\s+(?:maintenant\s+)?comme",
}
#: A firm after its marker ("arbeitet bei", "trabaja en", "travaille chez").
_AT = {
    "de": r"arbeitet\s+(?:jetzt\s+|schon\s+|seit\s+\S+\s+\S+\s+)?bei\s+(?:der\s+|dem\s+|den\s+)?",
    "es": r"trabaja\s+(?:ahora\s+)?(?:en|para)\s+(?:el\s+|la\s+)?",
    "fr": r"(?:travaille|bosse)\s+(?:maintenant\s+)?(?:chez|pour)\s+",
}
#: "is" before a job word ("ist Lehrerin", "es electricista", "est infirmière", "— учитель").
_IS = {
    "de": r"ist\s+(?:von\s+beruf\s+)?(?:eine?\s+)?",
    "es": r"es\s+(?:un\s+|una\s+)?",
    "fr": r"est\s+(?:une?\s+)?",
    "ru": r"(?:—\s*|–\s*|-\s*)?(?:(?:он|она)\s+)?(?:по\s+профессии\s+)?",
}
_WORDS = r"[^\W\d_][\w'’-]*(?:\s+[^\W\d_][\w'’-]*){0,2}?"
_END = (
    r"(?=\s*[,.;!?]|\s*$|\s+(?:und|y|et|и|in|en|à|a|в|с|seit|desde|depuis|bei|chez|mit|con|avec)\s)"
)
_FIRM = r"(?-i:[A-ZÀ-ÖØ-ÞА-ЯЁ][\w'’&.-]*(?:\s+(?-i:[A-ZÀ-ÖØ-ÞА-ЯЁ])[\w'’&.-]*){0,2})"


def _subject(language: str) -> str:
    words = RELATIONS[language]
    rel = "|".join(sorted(map(re.escape, words), key=len, reverse=True))
    return rf"(?<!\w){_POSSESSIVE[language]}\s+(?P<r>{rel})(?:\s+(?P<n>{_NAME}))?,?\s+"


#: "… heißt Paula, sie …", "… se llama Diego y …", "… s'appelle Hugo, il …", "… зовут Саша, он
#: …": the naming, then a clause about the person just named.
_NAMED_THEN = {
    # the pronoun may be left out: "Meine Frau heißt Anke und arbeitet als Ärztin"
    "de": r"hei(?:ß|ss)t\s+{n}(?:,\s*(?:und\s+)?|\s+und\s+)(?:(?:er|sie)\s+)?",
    "es": r"se\s+llama\s+{n}(?:,\s*(?:y\s+)?|\s+y\s+)(?:él\s+|ella\s+)?",
    "fr": r"s'appelle\s+{n}(?:,\s*(?:et\s+)?|\s+et\s+)(?:(?:il|elle)\s+)?",
    "ru": r"зовут\s+{n}(?:,\s*(?:и\s+)?|\s+и\s+)(?:(?:он|она)\s+)?",
}
#: "Брата зовут Саша", "Моего брата зовут Саша": a Russian relation in the accusative (with
#: "my" or without) before "зовут".
_RU_CALLED_START = rf"^(?:{kin.possessive('ru', 'acc')}\s+)?" + r"(?P<r>{rel})\s+(?=зовут\s)"


def _relation(language: str, word: str) -> str:
    return RELATIONS[language][word.lower()]


#: What work, after "de" ("médico de familia", "prof de maths"); not when ("de noche").
_WHICH_WORK = r"(?!(?:noche|día|dia|nuit|jour|guardia|garde|nuevo|nouveau)\b)[^\W\d_][\w'’-]*"


#: A trade said by its verb: what is driven for a living ("fährt Taxi", "conduce un autobús",
#: "conduit des bus", "водит автобус") → the driver's job (masculine, feminine), or teaching
#: ("unterrichtet", "enseña", "enseigne", "преподаёт"). Narrow: taxis, buses, lorries (not a
#: German bus: "fährt Bus" is riding one).
_DRIVES = {
    "de": r"f(?:ä|ae)hrt\s+(?:einen\s+|ein\s+|den\s+|das\s+)?",
    "es": r"conduce\s+(?:un\s+|el\s+|una\s+)?",
    "fr": r"conduit\s+(?:un\s+|une\s+|des\s+|le\s+|les\s+)?",
    "ru": r"водит\s+",
}
_DRIVERS = {
    "de": {
        "taxi": ("Taxifahrer", "Taxifahrerin"),
        "lkw": ("Lkw-Fahrer", "Lkw-Fahrerin"),
        "laster": ("Lkw-Fahrer", "Lkw-Fahrerin"),
        "lastwagen": ("Lkw-Fahrer", "Lkw-Fahrerin"),
    },
    "es": {
        "taxi": ("taxista", "taxista"),
        "autobús": ("conductor de autobús", "conductora de autobús"),
        "camión": ("camionero", "camionera"),
    },
    "fr": {
        "taxi": ("chauffeur de taxi", "chauffeuse de taxi"),
        "bus": ("chauffeur de bus", "chauffeuse de bus"),
        "camion": ("chauffeur routier", "chauffeuse routière"),
    },
    "ru": {
        "такси": ("таксист", "таксистка"),
        "автобус": ("водитель автобуса", "водитель автобуса"),
        "грузовик": ("водитель грузовика", "водитель грузовика"),
        "фуру": ("дальнобойщик", "дальнобойщица"),
    },
}
_TEACHES = {
    "de": (r"unterrichtet\b", ("Lehrer", "Lehrerin")),
    "es": (r"(?:enseña|da\s+clases)\b", ("profesor", "profesora")),
    "fr": (r"enseigne\b", ("enseignant", "enseignante")),
    "ru": (r"препода[её]т\b", ("преподаватель", "преподавательница")),
}


def _trade_said(language: str, after: str, *, female: bool) -> str | None:
    """A job said by its verb right after the relative ("fährt Taxi" → "Taxifahrer")."""
    vehicles = "|".join(sorted(map(re.escape, _DRIVERS[language]), key=len, reverse=True))
    drives = re.match(rf"{_DRIVES[language]}(?P<v>{vehicles})(?:e?s)?{_END}", after, re.I)
    if drives is not None:
        return _DRIVERS[language][drives["v"].lower()][female]
    verb, jobs = _TEACHES[language]
    return jobs[female] if re.match(verb, after, re.IGNORECASE) else None


#: The same trades said by the user of themselves ("ich fahre Taxi", "conduzco un camión", "je
#: conduis un bus", "вожу такси"; "ich unterrichte", "enseño", "j'enseigne", "преподаю"),
#: at the start of a clause (the subject may be left out where the language drops it).
_I_DRIVE = {
    "de": r"(?:ich\s+)?fahre\s+(?:einen\s+|ein\s+|den\s+|das\s+)?",
    "es": r"(?:yo\s+)?conduzco\s+(?:un\s+|el\s+|una\s+)?",
    "fr": r"je\s+conduis\s+(?:un\s+|une\s+|des\s+|le\s+|les\s+)?",
    "ru": r"(?:я\s+)?вожу\s+",
}
_I_TEACH = {
    "de": r"(?:ich\s+)?unterrichte\b",
    "es": r"(?:yo\s+)?(?:enseño|doy\s+clases)\b",
    "fr": r"j['’]enseigne\b",
    "ru": r"(?:я\s+)?преподаю\b",
}


#: The words a trade said by its verb is told in ("fährt Taxi", "je conduis un bus", "вожу
#: такси"): no more than the job read from them.
TRADE_WORDS = frozenset(
    """fährt faehrt fahre ich einen ein den das lkw laster lastwagen taxi unterrichtet unterrichte
    conduce conduzco yo un una el autobús autobus camión camion taxi enseña enseño doy da clases
    conduit conduis je une des le les bus camion taxis enseigne j
    водит вожу я такси автобус грузовик фуру преподаёт преподает преподаю""".split()
)


def own_trade(sentence: str, language: str) -> str | None:
    """The user's own job said by its verb ("ich fahre Taxi" → "Taxifahrer"), or ``None``."""
    if language not in _I_DRIVE:
        return None
    start = r"(?:^|(?<=[,;]\s))\s*"
    vehicles = "|".join(sorted(map(re.escape, _DRIVERS[language]), key=len, reverse=True))
    pattern = rf"{start}{_I_DRIVE[language]}(?P<v>{vehicles})(?:e?s)?{_END}"
    drives = re.search(pattern, sentence, re.IGNORECASE)
    if drives is not None:
        return _DRIVERS[language][drives["v"].lower()][0]
    if re.search(rf"{start}{_I_TEACH[language]}", sentence, re.IGNORECASE):
        return _TEACHES[language][1][0]
    return None


def _job_said(language: str, after: str) -> str | None:
    """The job said right after the relative ("ist Lehrerin", "работает врачом")."""
    if language == "ru":
        return _ru_job(after)
    if (m := re.match(rf"(?:{_AS[language]})\s+(?P<v>{_WORDS}){_END}", after, re.I)) is not None:
        return m["v"]
    m = re.match(
        rf"{_IS[language]}(?P<v>[^\W\d_][\w'’-]*)(?![\w-])(?P<of>\s+de\s+{_WHICH_WORK})?",
        after,
        re.IGNORECASE,
    )
    if m is None:
        return None
    word = m["v"]
    if language == "de":  # a German job is a noun: capitalised ("ist Lehrer", not "ist teuer")
        job = word[:1].isupper() and DE_JOB.search(word) and not DE_NOT_A_JOB.match(word)
        return word if job else None
    if not re.fullmatch(JOB_WORDS[language], word, re.IGNORECASE):
        return None
    # "es médico de familia", "est prof de maths": which work is part of the job.
    return word + (m["of"] or "") if language in ("es", "fr") else word


def _ru_job(after: str) -> str | None:
    """ "работает (в школе) учительницей" → "учительница"; "— учитель" → "учитель"."""
    # "работает врачом"; in the past too ("всю жизнь проработал шахтёром").
    m = re.match(
        r"(?:(?:всю\s+жизнь|много\s+лет|долго|раньше)\s+)?(?:про)?работа(?:ет|л|ла)\s+(?P<rest>.+)",
        after,
        re.IGNORECASE,
    )
    if m is not None:
        words = re.findall(r"[А-ЯЁа-яё-]+", m["rest"])[:5]
        for i, word in enumerate(words):
            if word.lower() in ("в", "во", "на", "с", "у") or (
                i and words[i - 1].lower() in "вона"
            ):
                continue  # "в школе": where, not what
            if (found := russian.titled(words[i : i + 4], "ablt")) is not None:
                return found
        return None
    m = re.match(rf"{_IS['ru']}(?P<v>{JOB_WORDS['ru']})(?![\w-])", after, re.IGNORECASE)
    return m["v"] if m else None


def _firm_said(language: str, after: str) -> str | None:
    """The firm right after the relative ("arbeitet bei Siemens", "работает в Сбербанке")."""
    if language == "ru":
        m = re.match(r"работает\s+(?:в|во|на)\s+(?P<v>(?-i:[А-ЯЁA-Z])[\w-]*)", after, re.I)
        return russian.firm(m["v"]) if m else None
    m = re.match(rf"(?:{_AT[language]})(?P<v>{_FIRM})(?=\s*[,.;!?]|\s*$|\s+\S)", after, re.I)
    return m["v"].rstrip(".") if m else None


#: "Tom ist Lehrer", "Paula wohnt in Hamburg", "Diego vive en Valencia", "Оля живёт в Твери": one
#: of the user's people by name at the clause's start (``person.<name>.…`` as the English
#: rules key "Tom lives in Hamburg"; the people view joins them to "my brother Tom").
_NAMED_START = r"(?:^|(?<=[,;.!]\s))(?P<n>(?-i:[A-ZÀ-ÖØ-ÞА-ЯЁ][a-zß-öø-ÿа-яё'-]+))\s+"
_LIVES = {
    "de": r"(?:wohnt|lebt)\s+(?:jetzt\s+|seit\s+\S+\s+)?in",
    "es": r"vive\s+(?:ahora\s+)?en",
    "fr": r"(?:habite|vit)\s+(?:maintenant\s+)?(?:à|a)",
}
_TOWN = r"(?P<v>(?-i:[A-ZÀ-ÖØ-ÞА-ЯЁ][\w'’-]*)(?:[ -](?-i:[A-ZÀ-ÖØ-ÞА-ЯЁ][\w'’-]*)){0,2})"
_NOT_SOMEONE = frozenset(
    """ich du er sie es wir ihr das der die dies heute morgen gestern yo tú él ella eso esto hoy
    mañana ayer je tu il elle on ça ce cela aujourd hier demain я ты он она мы это сегодня
    завтра вчера""".split()
)


def _named_home(language: str, after: str) -> str | None:
    """The town someone lives in, said right after their name."""
    if language == "ru":
        m = re.match(
            r"(?:живёт|живет|проживает)\s+(?:сейчас\s+)?во?\s+(?P<v>[А-ЯЁ][\w-]*(?:\s+[А-ЯЁ][\w-]*)?)",
            after,
        )
        return russian.town(m["v"]) if m else None
    m = re.match(rf"(?:{_LIVES[language]})\s+{_TOWN}{_END}", after, re.IGNORECASE)
    return m["v"] if m else None


def _named_people(sentence: str, language: str, ctx: Context) -> list[Candidate]:
    """What is said of someone by name ("Tom ist Lehrer", "Paula wohnt in Hamburg")."""
    out: list[Candidate] = []
    for m in re.finditer(_NAMED_START, sentence):
        name = m["n"]
        if (
            name.lower() in _NOT_SOMEONE
            or name.lower() in RELATIONS.get(language, {})
            or re.fullmatch(_POSSESSIVE[language], name, re.IGNORECASE)  # "Мой врач — …"
        ):
            continue
        after, who = sentence[m.end() :], f"person.{slug(name)}"
        if (job := _job_said(language, after)) is not None:
            out += fact(f"{who}.job", f"{name} works as {job}.", Category.RELATIONSHIP, 0.7, job)
        if (firm := _firm_said(language, after)) is not None:
            out += fact(
                f"{who}.employer", f"{name} works at {firm}.", Category.RELATIONSHIP, 0.7, firm
            )
        if (town := _named_home(language, after)) is not None:
            out += fact(f"{who}.home", f"{name} lives in {town}.", Category.RELATIONSHIP, 0.7, town)
    return out


def read(sentence: str, language: str, ctx: Context) -> list[Candidate]:
    """The jobs, employers and homes of the user's people said in ``sentence``."""
    if language not in _POSSESSIVE:
        return []
    out: list[Candidate] = _named_people(sentence, language, ctx)
    subjects = list(re.finditer(_subject(language), sentence, re.IGNORECASE))
    if language == "ru" and not subjects:
        rel = "|".join(sorted(map(re.escape, RELATIONS["ru"]), key=len, reverse=True))
        subjects = list(re.finditer(_RU_CALLED_START.format(rel=rel), sentence, re.IGNORECASE))
    for m in subjects:
        if someone_elses(sentence, m.start(), language):
            continue  # "el hermano de mi vecina trabaja en …": her brother's job
        rel = _relation(language, m["r"])
        said_name = m.groupdict().get("n")
        name = said_name if said_name and said_name.lower() not in ("ist", "es", "est") else None
        whose = f"{kin.RELATIONS[rel].group}.{kin.RELATIONS[rel].slug}"
        who = f"{whose}.{slug(name)}" if name else whose
        said = f"{ctx.possessive} {rel}" + (f" {name}" if name else "")
        after = sentence[m.end() :]
        job, firm = _job_said(language, after), _firm_said(language, after)
        if job is None:
            female = kin.RELATIONS[rel].names.get(language, ("", "m"))[1] == "f"
            job = _trade_said(language, after, female=female)
        if job is None and firm is None and name is None:
            # "Meine Frau heißt Anke und arbeitet bei Bosch": what follows the name
            then = re.match(_NAMED_THEN[language].format(n=_NAME), after, re.IGNORECASE)
            if then is not None:
                rest = after[then.end() :]
                job, firm = _job_said(language, rest), _firm_said(language, rest)
        if job is not None:
            out += fact(f"{who}.job", f"{said} works as {job}.", Category.RELATIONSHIP, 0.75, job)
        if firm is not None:
            text = f"{said} works at {firm}."
            out += fact(f"{who}.employer", text, Category.RELATIONSHIP, 0.75, firm)
    return out
