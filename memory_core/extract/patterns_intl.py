"""A few slot rules in German, Spanish, French and Russian: what an introduction nearly always
holds — the user's name, home town, age, job (said with "als", "como", "comme"), pets' names,
diet and allergies.

Everything else said in those languages is kept as a note (``notes``). A name or town must be
written with a capital, as names and towns are in all four languages; a Russian town or job is
inflected ("в Москве", "работаю врачом") and read by ``russian`` with a lemmatiser. Every value
ends at its clause's end (``_END``: "…, und", " y ", " et ", " и "), so none spans two clauses.
"""

from __future__ import annotations

import re

from memory_core.extract import russian
from memory_core.extract.base import Candidate
from memory_core.extract.lexicon import NOT_NAMES
from memory_core.extract.rule import Context, fact
from memory_core.extract.text import slug
from memory_core.values import Category

_WORD = r"(?-i:[A-ZÀ-ÖØ-ÞА-ЯЁ][\w'’-]*)"
_VALUE = rf"(?P<v>{_WORD}(?:[ -]{_WORD}){{0,2}})"
_NAME = {
    "de": r"(?:ich\s+heiße|ich\s+heisse|mein\s+name\s+ist)",
    "es": r"(?:me\s+llamo|mi\s+nombre\s+es)",
    "fr": r"(?:je\s+m'appelle|je\s+m’appelle|mon\s+nom\s+est)",
    "ru": r"(?:меня\s+зовут)",
}
#: "Hallo, ich bin Anna", "Hola, soy Lucía", "Salut, je suis Chloé", "Привет, я Оля": a name
#: said with the verb to be. Spanish, French and Russian write a noun or an adjective after it
#: in lower case ("soy profesora", "я врач"), so a capital there is a name; German capitalises
#: every noun ("ich bin Lehrerin"), so there the greeting it opens with must say it is one.
_GREETING = {
    "de": r"(?:hallo|hi|hey|moin|servus|grüß\s+dich|grüezi|guten\s+(?:tag|morgen|abend))",
    "es": r"(?:hola|buenas|buenos\s+días|buenas\s+tardes)",
    "fr": r"(?:salut|bonjour|bonsoir|coucou)",
    "ru": r"(?:привет|здравствуйте|здравствуй|добрый\s+(?:день|вечер))",
}
_INTRO = {
    "de": r"ich\s+bin\s+(?:die\s+|der\s+)?",
    "es": r"soy\s+",
    "fr": r"je\s+suis\s+",
    "ru": r"я\s+",
}
#: German nouns said of oneself after "ich bin" that a greeting does not make a name: roles
#: and origins by their endings ("Lehrerin", "Studentin", "Ingenieur", "Kaufmann"), and the
#: common ones ending like names do ("Peter", "Lehrer").
_DE_NOT_A_NAME = re.compile(
    r"(?:erin|istin|entin|antin|eurin|ärztin|öchin|ist|ent|ant|eur|arzt|mann|frau|ling|"
    r"lehrer|schüler|rentner|bäcker|maler|pfleger|arbeiter|informatiker|techniker|"
    r"vegetarier|veganer|deutscher|deutsche|österreicher|schweizer|single|beamter|beamtin|"
    r"schwester|helfer|berater|leiter|käufer|fahrer|trainer|händler|meister|bauer|erzieher|"
    r"koch|anwalt|mutter|vater|oma|opa)$",
    re.IGNORECASE,
)
_INTRO_NAME = r"(?P<v>" + _WORD + r"(?:\s" + _WORD + r")?)"
_HOME = {
    "de": r"(?:(?:ich|und)\s+(?:wohne|lebe)|wir\s+(?:wohnen|leben))\s+"
    r"(?:jetzt\s+|seit\s+\S+\s+\S+\s+)?in",
    "es": r"(?:vivo|vivimos)\s+(?:ahora\s+)?en",
    "fr": r"(?:j'habite|j’habite|je\s+vis|nous\s+habitons|on\s+habite)\s+(?:maintenant\s+)?à",
}
#: What ends a value: the next clause or the end ("… in Berlin und arbeite …").
_END = r"(?=\s*(?:[,.;!?]|\s(?:und|y|e|et|и|a|an|en|seit|desde|depuis|mit|con|avec)\s|$))"


def _find(pattern: str | None, sentence: str) -> str | None:
    if pattern is None:
        return None
    m = re.search(rf"(?<![\w]){pattern}\s+{_VALUE}{_END}", sentence, re.IGNORECASE)
    return m.group("v") if m else None


_AGE = {
    "de": r"ich\s+bin\s+(?P<n>\d{1,3})(?:\s+jahre(?:\s+alt)?)?",
    "es": r"tengo\s+(?P<n>\d{1,3})\s+años",
    "fr": r"j['’]ai\s+(?P<n>\d{1,3})\s+ans",
    "ru": r"мне\s+(?P<n>\d{1,3})\s+(?:год|года|лет)",
}
#: A job said with its marker ("ich arbeite als …"); a Russian job is said in the instrumental
#: case ("работаю врачом"), left to the note.
_JOB = {
    "de": r"(?:ich|und)\s+arbeite\s+(?:jetzt\s+)?als",
    "es": r"trabajo\s+(?:ahora\s+)?(?:como|de)",
    "fr": r"je\s+travaille\s+(?:maintenant\s+)?comme",
}
_JOB_VALUE = r"(?P<v>[^\W\d_][\w'’-]*(?:\s+[^\W\d_][\w'’-]*){0,2}?)"
_PET = {
    "de": r"(?:mein|meine|unser|unsere)\s+(?P<sp>hund|hündin|katze|kater)\s+hei(?:ß|ss)t",
    "es": r"(?:mi|nuestro|nuestra)\s+(?P<sp>perro|perra|gato|gata)\s+se\s+llama",
    "fr": r"(?:mon|ma|notre)\s+(?P<sp>chien|chienne|chat|chatte)\s+s['’]appelle",
    "ru": r"(?:мою|нашу|моего|нашего)\s+(?P<sp>собаку|кошку|пса|кота|щенка)\s+зовут",
}
_SPECIES = {
    "dog": ("hund", "hündin", "perro", "perra", "chien", "chienne", "собаку", "пса", "щенка"),
    "cat": ("katze", "kater", "gato", "gata", "chat", "chatte", "кошку", "кота"),
}
_DIET = {
    "de": r"ich\s+bin\s+(?:überzeugte[rn]?\s+)?(?P<d>vegetarier|veganer)(?:in)?",
    "es": r"soy\s+(?P<d>vegetarian|vegan)[oa]",
    "fr": r"je\s+suis\s+(?P<d>végétarien|vegan|végan|végétalien)(?:ne|e)?",
    "ru": r"я\s+(?P<d>вегетариан|веган)(?:ец|ка)?",
}
_DIETS = {"veget": "vegetarian", "végét": "vegetarian", "вегет": "vegetarian"}
_ALLERGY = {
    "de": r"ich\s+bin\s+allergisch\s+(?:gegen|auf)",
    "es": r"soy\s+al[ée]rgic[oa]\s+(?:a|al)(?:\s+(?:los|las|la|el))?",
    "fr": r"je\s+suis\s+allergique\s+(?:à|aux|au)(?:\s+(?:la|les))?(?:\s+|(?=l['’]))(?:l['’])?",
    "ru": r"у\s+меня\s+аллергия\s+на",
}
_THING = r"(?P<v>[^\W\d_][\w'’-]*(?:\s+[^\W\d_][\w'’-]*){0,2}?)"


def _search(pattern: str | None, value: str, sentence: str) -> re.Match[str] | None:
    if pattern is None:
        return None
    return re.search(rf"(?<![\w]){pattern}\s*{value}{_END}", sentence, re.IGNORECASE)


def _more(sentence: str, language: str, ctx: Context) -> list[Candidate]:
    """Age, job, a pet's name, diet and allergies said in ``language``."""
    out: list[Candidate] = []
    if (m := _search(_AGE.get(language), "", sentence)) is not None and 5 <= int(m["n"]) <= 110:
        out += fact("age", f"{ctx.subject} is {m['n']}.", Category.IDENTITY, 0.8, m["n"])
    job = m["v"] if (m := _search(_JOB.get(language), _JOB_VALUE, sentence)) else None
    if language == "ru":
        job = russian.job(sentence)
    if job is not None:
        out += fact("job_title", f"{ctx.subject} works as {job}.", Category.IDENTITY, 0.75, job)
    if (m := _search(_PET.get(language), _VALUE, sentence)) is not None:
        said = m["sp"].lower()
        species = next(k for k, forms in _SPECIES.items() if said in forms)
        text = f"{ctx.possessive} {species} is named {m['v']}."
        out += fact(f"pet.{species}.name", text, Category.RELATIONSHIP, 0.8, m["v"])
    if (m := _search(_DIET.get(language), "", sentence)) is not None:
        diet = _DIETS.get(m["d"].lower()[:5], "vegan")
        out += fact("diet", f"{ctx.subject} is {diet}.", Category.HARD_PREFERENCE, 0.7, diet)
    if (m := _search(_ALLERGY.get(language), _THING, sentence)) is not None:
        thing = m["v"]
        text = f"{ctx.subject} is allergic to {thing}."
        key = f"allergy.{slug(thing)}"
        out += fact(key, text, Category.HEALTH, 0.85, thing, sensitive=True)
    return out


def _intro_name(sentence: str, language: str) -> str | None:
    """The name in "Hallo, ich bin Anna" (see ``_INTRO``), or None."""
    if language not in _INTRO:
        return None
    greeting = rf"{_GREETING[language]}[\s,!.:;—–-]+"
    opening = greeting if language == "de" else f"(?:{greeting})?"
    m = re.match(
        rf"^\W*{opening}{_INTRO[language]}{_INTRO_NAME}{_END}", sentence.strip(), re.IGNORECASE
    )
    if m is None or any(w.lower() in NOT_NAMES for w in m["v"].split()):
        return None
    if language == "de" and _DE_NOT_A_NAME.search(m["v"].split()[0]):
        return None
    return m["v"]


def read(sentence: str, language: str, ctx: Context) -> list[Candidate]:
    """What an introduction in ``language`` holds (see the module's docstring), as slot facts."""
    out: list[Candidate] = []
    name = _find(_NAME.get(language), sentence) or _intro_name(sentence, language)
    if name is not None:
        out += fact("name", f"{ctx.subject}'s name is {name}.", Category.IDENTITY, 0.85, name)
    town = russian.home_town(sentence) if language == "ru" else _find(_HOME.get(language), sentence)
    if town is not None:
        out += fact("home_city", f"{ctx.subject} lives in {town}.", Category.IDENTITY, 0.75, town)
    return out + _more(sentence, language, ctx)
