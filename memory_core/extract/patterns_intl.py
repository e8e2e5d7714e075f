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
from datetime import UTC, datetime

from memory_core.extract import (
    cards_intl,
    patterns_intl_health,
    patterns_intl_kin,
    patterns_intl_life,
    patterns_intl_people,
    patterns_intl_relatives,
    russian,
)
from memory_core.extract.base import Candidate
from memory_core.extract.jobs_intl import (
    DE_JOB,
    DE_NOT_A_JOB,
    JOB_SHAPES,
    JOB_WORDS,
    own_business,
)
from memory_core.extract.lexicon import COUNTRIES, NOT_NAMES
from memory_core.extract.rule import Context, fact
from memory_core.extract.text import slug
from memory_core.text import animals, numbers
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
#: The name said after a greeting the way a caller says it: "Coucou, c'est Léa", "Moin, hier
#: ist Sönke", "Hola, aquí Nerea", "Привет, это Дима".
_AFTER_GREETING = {
    "de": r"hier\s+(?:ist|spricht|schreibt)",
    "es": r"(?:aquí|aqui|te\s+escribe)",
    "fr": r"c['’]est",
    "ru": r"(?:это|на\s+связи)",
}
_INTRO = {
    "de": r"ich\s+bin\s+(?:die\s+|der\s+)?",
    "es": r"soy\s+",
    # "Moi c'est Lucie": the everyday French introduction.
    "fr": r"(?:je\s+suis|moi,?\s+c['’]est)\s+",
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
#: "mit meiner Frau", "con mi novio", "avec ma copine", "seit 2019", "desde hace años":
#: said between the verb and the town ("ich wohne mit meiner Frau in Köln").
_WITH = {
    # "still", "by now", "at last" ("wir wohnen noch in Bonn", "vivo todavía en Cádiz",
    # "j'habite toujours à Lyon": kept only as notes)
    "de": r"(?:(?:mit\s+\S+(?:\s+\S+){0,2}?|seit\s+\S+(?:\s+\S+)?|jetzt|zusammen|schon|aber"
    r"|(?:immer\s+)?noch|inzwischen|mittlerweile|endlich)\s+){0,3}",
    "es": r"(?:(?:con\s+\S+(?:\s+\S+){0,2}?|desde\s+hace\s+\S+(?:\s+\S+)?|ahora|ya|todav[íi]a"
    r"|a[úu]n|por\s+fin|finalmente)\s+){0,3}",
    "fr": r"(?:(?:avec\s+\S+(?:\s+\S+){0,2}?|depuis\s+\S+(?:\s+\S+)?|maintenant|toujours|encore"
    r"|enfin|désormais)\s+){0,3}",
}
_HOME = {
    "de": rf"(?:(?:ich|und)\s+(?:wohne|lebe)|wir\s+(?:wohnen|leben)|wohne|(?<=,\s)lebe|"
    rf"(?:wohne|lebe)\s+ich|(?:wohnen|leben)\s+wir)\s+{_WITH['de']}in"
    r"|(?:ich\s+bin|wir\s+sind|bin|^\s*sind)\s+(?:\S+\s+){0,3}?nach"
    r"(?=\s+\S+(?:\s+\S+)?\s+(?:um)?gezogen)"
    # Chat drops the subject: "Endlich nach Suhl umgezogen!" (the line ends there: "Nach Suhl
    # gezogen ist meine Schwester" is someone else's move).
    r"|^(?:(?:endlich|jetzt|nun|inzwischen|mittlerweile|schon|gerade)\s+)?"
    r"nach(?=\s+\S+(?:\s+\S+)?\s+(?:um)?gezogen\s*(?:[.!,;–—-]|$))",
    "es": rf"(?:vivo|vivimos|resido)\s+{_WITH['es']}en"
    r"|(?:me|nos)\s+(?:he\s+|hemos\s+)?(?:mudé|mude|mudamos|mudado|trasladé|traslade)\s+"
    r"(?:(?:por\s+fin|al\s+fin|finalmente|ya)\s+)?a"
    # "nos acabamos de mudar a Lugo", "acabo de mudarme a Soria": a move just made.
    r"|(?:(?:me|nos)\s+)?acab(?:o|amos)\s+de\s+mudar(?:me|nos)?\s+a",
    "fr": rf"(?:j'habite|j’habite|je\s+vis|nous\s+habitons|nous\s+vivons|on\s+habite|"
    rf"on\s+vit)\s+{_WITH['fr']}(?:à|a)"
    r"|(?:j'ai|j’ai|on\s+a|nous\s+avons)\s+(?:(?:enfin|finalement|déjà|récemment|bien)\s+)?"
    r"déménagé\s+(?:à|a)"
    # "je viens de déménager à Brest", "on vient de déménager à Metz": a move just made.
    r"|(?:je\s+viens|on\s+vient|nous\s+venons)\s+de\s+déménager\s+(?:à|a)"
    r"|(?:je\s+me\s+suis|on\s+s'est|nous\s+nous\s+sommes)\s+installée?s?\s+(?:à|a)",
}
#: A French home whose town is named with its article ("au Havre": Le Havre, "aux Sables-
#: d'Olonne": Les Sables-d'Olonne); a country ("au Portugal") is no town.
_FR_HOME_AU = (
    r"(?:j'habite|j’habite|je\s+vis|nous\s+habitons|nous\s+vivons|on\s+habite|on\s+vit|"
    r"(?:j'ai|j’ai|on\s+a|nous\s+avons)\s+(?:(?:enfin|finalement|déjà|récemment|bien)\s+)?"
    r"déménagé|(?:je\s+viens|on\s+vient|nous\s+venons)\s+de\s+déménager|"
    r"(?:je\s+me\s+suis|on\s+s'est|nous\s+nous\s+sommes)\s+installée?s?)\s+(?P<art>aux?)"
)
#: Countries said with "au"/"aux" in French that the (English) country list does not name.
_FR_COUNTRIES = frozenset(
    "japon maroc brésil bresil mexique danemark luxembourg pérou perou chili sénégal senegal "
    "vietnam cameroun québec quebec royaume-uni pays-bas états-unis etats-unis".split()
)


def _home_town(sentence: str, language: str, ctx: Context) -> str | None:
    """The user's home town said in ``language`` ("ich wohne in Kiel", "в Москве")."""
    if language == "ru":
        return russian.home_town(sentence)
    town = _find(_HOME.get(language), sentence, ctx)
    if town is None and language == "fr":
        return _fr_town_with_article(sentence)
    return town


def _fr_town_with_article(sentence: str) -> str | None:
    """ "Nous avons déménagé au Havre" → "Le Havre" (``None``: no such home, or a country)."""
    m = re.search(rf"(?<![\w])(?:{_FR_HOME_AU})\s+{_VALUE}{_END}", sentence, re.IGNORECASE)
    if m is None:
        return None
    town = m.group("v")
    if town.lower() in _FR_COUNTRIES or town.lower() in COUNTRIES:
        return None
    return ("Les " if m.group("art").lower() == "aux" else "Le ") + town


#: What ends a value: the next clause or the end ("… in Berlin und arbeite …").
_END = (
    r"(?=\s*(?:[,.;!?]|\s[–—-]\s|\s(?:und|y|e|et|и|a|à|an|en|in|bei|chez|seit|desde|depuis|mit|con|"
    r"avec|hace|il|pero|mais|aber|но|"
    r"vor|letztes|l'année|gezogen|umgezogen|zusammen|el|la|le|im|am|dans|para|pour|cet|cette)\s|$|"
    r"\s(?:gezogen|umgezogen)))"
)


#: A name or town in a message written all in lower case ("ich wohne in leipzig"): one or two
#: words, not an article ("in einer WG").
_LOWER_VALUE = r"(?P<v>(?!(?:{stop})\b)[^\W\d_][\w'-]*(?:[ -][^\W\d_][\w'-]*)??)"
_ARTICLES = (
    "einer|einem|einen|eine|ein|der|dem|den|die|das|un|una|unos|unas|el|la|los|las|une|le|les|"
    "l|des|du|the|a|an|casa|zuhause|home|ciudad|ville|stadt|piso|apartamento|appartement|"
    "wohnung|haus|maison|centro|centre|zentrum|campo|pueblo|dorf|village|banlieue|ein"
)


def _find(pattern: str | None, sentence: str, ctx: Context | None = None) -> str | None:
    if pattern is None:
        return None
    value = _LOWER_VALUE.format(stop=_ARTICLES) if ctx is not None and ctx.lowercase else _VALUE
    m = re.search(rf"(?<![\w])(?:{pattern})\s+{value}{_END}", sentence, re.IGNORECASE)
    return m.group("v") if m else None


#: An age in digits or words ("zweiunddreißig", "veintinueve", "trente-cinq", "сорок два"),
#: hyphens and spaces alike.
_AGE_WORDS = {
    lang: {re.sub(r"[\s-]+", " ", w): n for w, n in numbers.values(lang, low=5, high=110).items()}
    for lang in numbers.LANGUAGES
}


def _age_number(lang: str) -> str:
    words = sorted(_AGE_WORDS[lang], key=len, reverse=True)
    said = "|".join(r"[\s-]+".join(map(re.escape, w.split())) for w in words)
    return rf"(?P<n>\d{{1,3}}|{said})(?![\w-])"


_AGE = {
    # "ich bin 32", "…, bin zweiunddreißig und …" (the "ich" said once for the whole line).
    "de": rf"(?:ich\s+)?bin\s+(?:jetzt\s+|schon\s+|gerade\s+)?{_age_number('de')}"
    r"(?:\s+jahre(?:\s+alt)?)?",
    # "tengo 26", "j'ai 26" in chat: the years left out before a comma or the end, as in Russian.
    "es": rf"tengo\s+(?:ya\s+)?{_age_number('es')}(?:\s+años|(?=\s*(?:[,.!;]|$)))",
    "fr": rf"j['’]ai\s+(?:déjà\s+)?{_age_number('fr')}(?:\s+ans|(?=\s*(?:[,.!;]|$)))",
    # "мне 33 года"; in chat "мне 33," with the years left out before a comma or the end.
    "ru": rf"мне\s+(?:уже\s+)?{_age_number('ru')}(?:\s+(?:год|года|лет)|(?=\s*(?:[,.!;]|$)))",
}


def _age_value(said: str, lang: str) -> int | None:
    if said.isdigit():
        return int(said)
    return _AGE_WORDS[lang].get(re.sub(r"[\s-]+", " ", said.lower()))


#: A job said with its marker ("ich arbeite als …", "trabajo en Inditex como …"); a Russian
#: job is said in the instrumental case ("работаю врачом"), read by ``russian``.
_AT = r"(?:(?:bei|en|chez|pour)\s+(?:der\s+|dem\s+|den\s+|la\s+|el\s+)?\S+(?:\s+\S+)?\s+)?"
_JOB = {
    "de": rf"(?:(?:ich|und)\s+arbeite\s+(?:jetzt\s+)?{_AT}als|ich\s+bin\s+von\s+beruf"
    r"|von\s+beruf\s+bin\s+ich)",
    # "curro de camarero", "curro como repartidor": the everyday Spanish word for work.
    # Never the noun: "el trabajo de hoy fue horrible", "mi curro de verano".
    "es": r"(?<!\bel\s)(?<!\bmi\s)(?<!\btu\s)(?<!\bsu\s)(?<!\bun\s)(?<!\bal\s)(?<!\bdel\s)"
    r"(?<!\beste\s)(?<!\bese\s)(?<!\bbuen\s)(?<!\bnuevo\s)"
    rf"(?:trabajo|curro|curramos)\s+(?:ahora\s+)?{_AT}(?:como|de)",
    "fr": rf"(?:je\s+|et\s+|(?<![\w'’]\s)(?<![\w'’]))(?:travaille|bosse)\s+(?:maintenant\s+)?"
    rf"{_AT}comme",
}
#: The French first person ("je", "j'", "moi"): "… et travaille comme …" is the user's only
#: after it.
_FR_I = re.compile(r"(?<![\w])(?:je(?![\w])|j['’]|moi(?![\w]))", re.IGNORECASE)
#: "(ich) bin Krankenschwester von Beruf": the job before its marker.
_JOB_BEFORE = {
    "de": r"(?:^|(?<=[\s,;]))(?:ich\s+)?bin\s+(?:ein\s+|eine\s+)?(?P<v>[^\W\d_][\w-]*)"
    r"\s+von\s+beruf",
}
_BE = {"es": r"soy\s+(?:un\s+|una\s+)?", "fr": r"je\s+suis\s+(?:une?\s+)?", "ru": r"я\s+"}
_JOB_BY_BE = r"(?P<v>{words}(?:\s+de\s+[^\W\d_][\w'-]*)?)(?![\w-])"
_JOB_VALUE = r"(?P<v>[^\W\d_][\w'’-]*(?:\s+[^\W\d_][\w'’-]*){0,2}?)"
_PET = {
    "de": r"(?:mein|meine|unser|unsere)\s+(?P<sp>hund|hündin|katze|kater)\s+hei(?:ß|ss)t",
    "es": r"(?:mi|nuestro|nuestra)\s+(?P<sp>perro|perra|gato|gata)\s+se\s+llama",
    "fr": r"(?:mon|ma|notre)\s+(?P<sp>chien|chienne|chat|chatte)\s+s['’]appelle",
    # "Кошку зовут Мурка", "Пса нашего зовут Шарик": the accusative says whose.
    "ru": r"(?:(?:мою|нашу|моего|нашего)\s+|^\s*)(?P<sp>собаку|кошку|пса|кота|щенка)\s+"
    r"(?:(?:мою|нашу|моего|нашего)\s+)?зовут",
}
_DIET = {
    # "ich bin Vegetarierin", "übrigens bin ich Veganer" (the verb first after a lead-in).
    "de": r"(?:ich\s+bin|bin\s+ich)\s+(?:überzeugte[rn]?\s+|auch\s+)?"
    r"(?P<d>vegetarier|veganer)(?:in)?",
    "es": r"soy\s+(?P<d>vegetarian|vegan)[oa]",
    "fr": r"je\s+suis\s+(?P<d>végétarien|vegan|végan|végétalien)(?:ne|e)?",
    "ru": r"я\s+(?P<d>вегетариан|веган)(?:ец|ка)?",
}
_DIETS = {"veget": "vegetarian", "végét": "vegetarian", "вегет": "vegetarian"}
_ALLERGY = {
    # "… allergisch gegen", "ich habe eine Allergie gegen", "tengo alergia a", "j'ai une
    # allergie aux": the allergy said with its noun too.
    "de": r"(?:ich\s+bin\s+allergisch|ich\s+habe?\s+(?:eine\s+)?allergie)\s+(?:gegen|auf)",
    "es": r"(?:soy\s+al[ée]rgic[oa]|tengo\s+(?:una\s+)?alergia)\s+(?:al|a)(?:\s+(?:los|las|la|el))?"
    r"(?=\s)",
    "fr": r"(?:je\s+suis\s+allergique|j['’]ai\s+une\s+allergie)\s+(?:à|aux|au)(?:\s+(?:la|les))?"
    r"(?:\s+|(?=l['’]))(?:l['’])?",
    "ru": r"у\s+меня\s+(?:(?:с\s+детства|давно|сильная|жуткая|страшная|тоже)\s+)*аллергия\s+на",
}
_THING = r"(?P<v>[^\W\d_][\w'’-]*(?:\s+[^\W\d_][\w'’-]*){0,2}?)"


def _search(pattern: str | None, value: str, sentence: str) -> re.Match[str] | None:
    if pattern is None:
        return None
    return re.search(rf"(?<![\w])(?:{pattern})\s*{value}{_END}", sentence, re.IGNORECASE)


def _job(sentence: str, language: str) -> str | None:
    """The user's job: after its marker ("als", "como"), in the Russian instrumental, or a
    job word after the verb to be ("soy enfermera", "ich bin Lehrerin")."""
    if language == "ru":
        if (job := russian.job(sentence)) is not None:
            return job
    elif (m := _search(_JOB.get(language), _JOB_VALUE, sentence)) is not None and (
        # "Mon mari s'appelle Hugo et travaille comme plombier": his job (the same verb's
        # form as the user's), read by the relatives' rules, never the user's.
        not m[0].lower().startswith("et") or _FR_I.search(sentence[: m.start()])
    ):
        return m["v"]
    if language in _JOB_BEFORE and (m := re.search(_JOB_BEFORE[language], sentence, re.I)):
        return m["v"]
    if language in _BE:
        value = _JOB_BY_BE.format(words=JOB_WORDS[language])
        before = _JOB_ADJECTIVE.get(language, "")
        m = re.search(
            rf"(?:^|(?<=[\s,;]))(?:{_BE[language]})(?P<a>{before})?{value}", sentence, re.IGNORECASE
        )
        if m and language == "ru":  # "я учитель химии": which work, in the genitive
            words = re.findall(r"[\w-]+", sentence[m.start("v") :])[:4]
            return (m["a"] or "") + (russian.titled(words, "nomn") or m["v"])
        return (m["a"] or "") + m["v"] if m else None
    if language == "de":
        m = re.search(
            rf"(?<!\w)(?:ich\s+)?bin\s+(?:ich\s+)?(?:eine?\s+)?(?P<a>{_JOB_ADJECTIVE['de']})?"
            rf"(?P<v>{_WORD})"
            r"(?![\w-])",
            sentence,
        )
        word = m["v"] if m else ""
        if m and DE_JOB.search(word) and not DE_NOT_A_JOB.match(word):
            return (m["a"] or "") + word
    return None


#: "ich bin ehemaliger Polizist", "я бывший инженер": the job said with what it was or
#: how it was learned before it, kept with it as the English rules keep "a retired engineer"
#: (Spanish and French say it after the job: "maestra jubilada" reads the job).
_JOB_ADJECTIVE = {
    "de": r"(?i:(?:pensioniert|ehemalig|gelernt|selbstständig|selbständig|freiberuflich|"
    r"angestellt|verbeamtet)(?:e|er|es)?\s+)",
    "ru": r"(?:бывший|бывшая|бывш\w+|отставной)\s+",
}


def _more(sentence: str, language: str, ctx: Context) -> list[Candidate]:
    """Age, job, a pet's name, diet and allergies said in ``language``."""
    out: list[Candidate] = []
    m = _search(_AGE.get(language), "", sentence)
    years = _age_value(m["n"], language) if m is not None else None
    if years is not None and 5 <= years <= 110:
        out += fact("age", f"{ctx.subject} is {years}.", Category.IDENTITY, 0.8, str(years))
    job = _job(sentence, language)
    if job is not None:
        out += fact("job_title", f"{ctx.subject} works as {job}.", Category.IDENTITY, 0.75, job)
    if (m := _search(_PET.get(language), _VALUE, sentence)) is not None:
        said = m["sp"].lower()
        species = animals.words(language)[said]
        text = f"{ctx.possessive} {patterns_intl_people.pet_sex(said)}{species} is named {m['v']}."
        out += fact(f"pet.{species}.name", text, Category.RELATIONSHIP, 0.8, m["v"])
    if (m := _search(_DIET.get(language), "", sentence)) is not None:
        diet = _DIETS.get(m["d"].lower()[:5], "vegan")
        out += fact("diet", f"{ctx.subject} is {diet}.", Category.HARD_PREFERENCE, 0.7, diet)
    if (thing := _allergy(sentence, language)) is not None:
        text = f"{ctx.subject} is allergic to {thing}."
        key = f"allergy.{slug(thing)}"
        out += fact(key, text, Category.HEALTH, 0.85, thing, sensitive=True)
    return out


#: "Ich habe eine Pollenallergie", "eine Katzenhaarallergie": what the German compound names.
_DE_COMPOUND_ALLERGY = re.compile(
    r"(?<!\w)(?:ich\s+)?(?:habe|hab)\s+(?:eine\s+)?(?:starke\s+|leichte\s+)?"
    r"(?P<v>[^\W\d_]{3,})allergie(?!\w)",
    re.IGNORECASE,
)


def _allergy(sentence: str, language: str) -> str | None:
    """What the user says they are allergic to, as said (a Russian one in the nominative,
    "на кошачью шерсть" → "кошачья шерсть"), or ``None``."""
    m = _search(_ALLERGY.get(language), _THING, sentence)
    if m is None and language == "de":  # "ich bin gegen Nüsse allergisch", "gegen … bin ich …"
        m = re.search(rf"ich\s+bin\s+gegen\s+{_THING}\s+allergisch", sentence, re.IGNORECASE)
        m = m or re.search(rf"^\W*gegen\s+{_THING}\s+bin\s+ich\s+allergisch", sentence, re.I)
        if m is None and (compound := _DE_COMPOUND_ALLERGY.search(sentence)) is not None:
            return compound["v"][:1].upper() + compound["v"][1:]  # a noun: "Nuss"
    if m is None and language == "ru":  # "на пыль у меня аллергия": the thing said first
        m = re.search(
            rf"(?:^|(?<=[\s,]))на\s+{_THING}\s+у\s+меня\s+(?:\w+\s+){{0,2}}?аллергия",
            sentence,
            re.I,
        )
    if m is None:
        return None
    if language == "ru":
        return russian.in_nominative(m["v"].split(), "accs") or m["v"]
    return m["v"]


#: "ich bin in der 8. Woche schwanger", "estoy embarazada de doce semanas", "je suis enceinte
#: de 5 mois", "я беременна, срок 10 недель": how far along, in weeks or months.
_PREGNANT = re.compile(r"(?<!\w)(?:schwanger|embarazada|enceinte|беременн\w*)(?!\w)", re.I)
_PREGNANT_MINE = re.compile(r"(?<!\w)(?:ich|bin|estoy|je|suis|я)(?!\w)", re.IGNORECASE)
_NUMBER_WORDS = numbers.all_values(low=1)
_SPAN = (
    r"(?P<n>\d{1,2}|[^\W\d_]+)\.?\s+(?:-?й\s+|-?ой\s+)?"
    r"(?P<u>woche|wochen|monat|monaten|monate|semanas?|mes|meses|semaines?|mois|недел[ьяиюе]\w*|"
    r"месяц\w*)(?!\w)"
)


def _pregnancy(sentence: str, language: str, ctx: Context) -> list[Candidate]:
    """How far along the user is: ``health.weeks_pregnant`` / ``health.months_pregnant``
    (private, as the English rules keep it); a pregnancy without a number is a note."""
    if not _PREGNANT.search(sentence) or not _PREGNANT_MINE.search(sentence):
        return []
    m = re.search(rf"(?<!\w){_SPAN}", sentence, re.IGNORECASE)
    if m is None:
        return []
    raw = m["n"].lower()
    n = int(raw) if raw.isdigit() else _NUMBER_WORDS.get(raw)
    if not n or n > 42:
        return []
    months = m["u"].lower().startswith(("mon", "mes", "moi", "мес"))
    unit = "months" if months else "weeks"
    text = f"{ctx.subject} is {n} {unit} pregnant."
    return fact(f"health.{unit}_pregnant", text, Category.HEALTH, 0.8, str(n), sensitive=True)


def only_greets(sentence: str, language: str) -> bool:
    """Whether ``sentence`` is a greeting alone ("Moin!", "¡Hola!", "Привет!"): the next
    sentence of the message is read with it ("Moin! Ich bin Ole": a name after a greeting)."""
    greeting = _GREETING.get(language)
    return greeting is not None and bool(
        re.fullmatch(rf"\W*{greeting}\W*", sentence.strip(), re.IGNORECASE)
    )


def _intro_name(sentence: str, language: str) -> str | None:
    """The name in "Hallo, ich bin Anna" (see ``_INTRO``), or None."""
    if language not in _INTRO:
        return None
    greeting = rf"{_GREETING[language]}[\s,!.:;—–-]+"
    opening = greeting if language == "de" else f"(?:{greeting})?"
    m = re.match(
        rf"^\W*{opening}{_INTRO[language]}{_INTRO_NAME}{_FROM_TOWN}?{_END}",
        sentence.strip(),
        re.IGNORECASE,
    )
    if m is None and language in _AFTER_GREETING:
        # "Coucou, c'est Léa", "Moin, hier ist Sönke": after a greeting only ("c'est Marc qui a
        # appelé" names no one).
        m = re.match(
            rf"^\W*{greeting}{_AFTER_GREETING[language]}\s+{_INTRO_NAME}{_FROM_TOWN}?{_END}",
            sentence.strip(),
            re.IGNORECASE,
        )
    if m is None and language == "de":
        m = _DE_NAME_THEN_MORE.match(sentence.strip())
        if m is not None and not _de_may_be_a_name(m["v"]):
            return None
    if m is None or any(w.lower() in NOT_NAMES for w in m["v"].split()):
        return None
    if language == "de" and _DE_NOT_A_NAME.search(m["v"].split()[0]):
        return None
    return m["v"]


#: "Moin! Ich bin Ole aus Kiel", "Soy Andrés de Bogotá", "Je suis Luc de Lyon", "Я Катя из
#: Твери": the name, then where the user is from.
_FROM_TOWN = rf"(?:\s+(?:aus|de|d['’]|из)\s*(?P<town>{_WORD}(?:[\s-]{_WORD})?))"


def _intro_origin(sentence: str, language: str) -> str | None:
    """Where the user is from in an introduction with their name ("Ich bin Ole aus Kiel":
    "Kiel"; "Я Катя из Твери": "Тверь"), or ``None``."""
    if language not in _INTRO or _intro_name(sentence, language) is None:
        return None
    m = re.search(_FROM_TOWN + _END, sentence)
    if m is None:
        return None
    if language == "ru":
        return russian.place_in(m["town"].split(), "gent")
    return m["town"]


#: "Ich bin Jonas und mein Hund heißt Bello", "Ich bin Mia, 29, …": with no greeting, a German
#: word after "ich bin" is a name only when the sentence goes on to say more of the user (their
#: people, home, work, age) — "Ich bin Lehrerin", "Ich bin Franzose" are no names.
_DE_NAME_THEN_MORE = re.compile(
    r"^\W*ich\s+bin\s+(?P<v>(?-i:[A-ZÄÖÜ][a-zäöüß]+))(?:\s+und\s+(?:mein\w*|ich|wohne|lebe|"
    r"arbeite|komme|habe|hab|bin)\b|\s*,\s*(?:\d|mein\w*|wohne|lebe|arbeite|komme|aus\b)|"
    r"\s+aus\s+(?-i:[A-ZÄÖÜ]))",
    re.IGNORECASE,
)
#: German nouns said of oneself that end like no job or name rule above: people from a place
#: or a faith ("Franzose", "Jude", "Muslim"), signs of the zodiac, a Mama or a Papa.
_DE_SELF_NOUN = re.compile(
    r"^(?:muslim|muslima|hindu|sikh|jude|jüdin|christ|katholik|protestant|mama|papa|azubi|"
    r"profi|fan|mitglied|skorpion|steinbock|stier|löwe|krebs|fisch|zwilling|waage|schütze)$",
    re.IGNORECASE,
)


def _de_may_be_a_name(word: str) -> bool:
    """Whether a capitalised German word after "ich bin" may be a name: no job, family word,
    people, faith or sign, and not ending in "-e" (the peoples: "Russe", "Grieche") unless in
    "-ie" ("Marie", "Sophie")."""
    if DE_JOB.search(word) or DE_NOT_A_JOB.search(word) or _DE_SELF_NOUN.search(word):
        return False
    return not word.lower().endswith("e") or word.lower().endswith("ie")


#: "je suis pharmacienne (de nuit) à Rennes", "я медсестра в Казани": the town said after the
#: user's job is where they live, as the English rules read "I'm a nurse in Leeds" (a Russian
#: word only when the analyser knows it for a place: "в Сбербанке" is a firm; Spanish "en" names
#: a firm as often as a town, and German capitalises "in Teilzeit": neither read).
_JOB_IN = {
    "fr": r"(?:à|a)",
    # "trabajo como enfermera en Valencia" (a town: capitalised, not "en casa", "en remoto")
    "es": r"en",
    "ru": r"во?",
    # "ich arbeite als Gärtner in Ulm" (not "in Teilzeit", "in Rente").
    "de": r"in(?!\s+(?:Teilzeit|Vollzeit|Rente|Elternzeit|Kurzarbeit|Ausbildung|Schicht\w*|"
    r"Nachtschicht\w*|Festanstellung|Homeoffice|Home\s+Office|Pension|Vertretung)\b)",
}


def _work_town(sentence: str, language: str, ctx: Context) -> list[Candidate]:
    """The town said after the user's job, workplace or employer ("trabajo de enfermera en
    Sevilla", "je bosse dans une banque à Bordeaux"): their home, as the English rules read "I'm
    a nurse in Leeds"; a workplace said by its kind ("soy cocinera en Hotel Sol") is where they
    work (``employer``), never a home."""
    town = _town_of_job(sentence, language) or patterns_intl_life.town_of_workplace(
        sentence, language
    )
    if town is None:
        return []
    if patterns_intl_life.is_workplace(town, language):
        return fact("employer", f"{ctx.subject} works at {town}.", Category.IDENTITY, 0.7, town)
    return fact("home_city", f"{ctx.subject} lives in {town}.", Category.IDENTITY, 0.75, town)


def _town_of_job(sentence: str, language: str) -> str | None:
    job = _job(sentence, language)
    if job is None or language not in _JOB_IN:
        return None
    said = rf"{re.escape(job)}(?:\s+de\s+(?:nuit|jour))?\s+{_JOB_IN[language]}\s+"
    if language == "ru":
        # The job as said ("сварщиком", "учительница английского"), then "в <town>"; a
        # town after a workplace ("врачом в больнице в Казани", "на заводе в Перми") is where
        # the work is, no home (the note keeps it, the reply says it as the work's place).
        stem = re.escape(job.split()[0][: max(3, len(job.split()[0]) - 2)])
        word = r"(?!(?:в|во|на|у|при|под)\s)[а-яё]+"
        said = rf"(?<!\w){stem}[а-яё]*(?:\s+{word}){{0,2}}?\s+{_JOB_IN[language]}\s+"
        m = re.search(rf"{said}(?P<v>[А-ЯЁ][\w-]*)(?=\s*(?:[,.;!?]|$))", sentence, re.IGNORECASE)
        return russian.known_town(m["v"]) if m else None
    m = re.search(rf"{said}{_VALUE}{_END}", sentence, re.IGNORECASE)
    return m["v"] if m else None


#: "seit 2019", "desde 2018", "depuis 2020", "с 2019 года": since when the home is home.
_SINCE = re.compile(
    r"(?<!\w)(?:seit|desde|depuis|с)\s+(?:(?:dem\s+jahr|el\s+año|l'année|l’année)\s+)?"
    r"(?P<y>(?:19|20)\d\d)(?!\d)",
    re.IGNORECASE,
)


def _since(sentence: str) -> datetime | None:
    """The year a statement says it has held since (its first day), or ``None``."""
    m = _SINCE.search(sentence)
    return datetime(int(m["y"]), 1, 1, tzinfo=UTC) if m else None


_RU_RELATION = "|".join(
    sorted(map(re.escape, patterns_intl_people.RELATIONS["ru"]), key=len, reverse=True)
)
#: "У нас сын Миша", "Муж у меня Игорь", "Сестра Оля — юрист": a Russian relative said
#: with "we have" / "I have", or with no "my" at all at the line's start.
_RU_HAVE = re.compile(
    rf"^\s*(?:у\s+(?:нас|меня)\s+(?:есть\s+)?(?P<r1>{_RU_RELATION})"
    rf"|(?P<r2>{_RU_RELATION})\s+у\s+(?:нас|меня)|(?P<r3>{_RU_RELATION}))"
    r"\s+(?P<n>(?-i:[А-ЯЁ])[а-яё-]+)(?![\w-])",
    re.IGNORECASE,
)


#: "Муж водит автобус", "Жена преподаёт в школе", "Сестра — юрист": a relative at the line's
#: start with no "мой" and no name, then what they do (a lower-case verb or a dash).
_RU_RELATIVE_FIRST = re.compile(
    rf"^\s*(?P<r>{_RU_RELATION})\s+(?=(?-i:[а-яё])[а-яё]+(?:ет|ит|ёт|ут|ют|ат|ят)\b|[—–-])",
    re.IGNORECASE,
)


def _ru_relative_first(sentence: str) -> str:
    m = _RU_RELATIVE_FIRST.match(sentence)
    if m is None or russian.in_nominative([m["r"]], "nomn") is None:
        return sentence
    return f"Мой {m['r']} {sentence[m.end() :]}"


def _ru_with_my(sentence: str) -> str:
    """ "У нас сын Миша, …" said as "Мой сын Миша, …", which the readers of the user's people
    read (a relation and a name in the nominative only: "Брату Саше пять" is read as it is)."""
    m = _RU_HAVE.match(sentence)
    if m is None:
        return _ru_relative_first(sentence)
    rel = m["r1"] or m["r2"] or m["r3"]
    if russian.in_nominative([rel], "nomn") is None or russian.name_in(m["n"], "nomn") is None:
        return sentence
    return f"Мой {rel} {m['n']}{sentence[m.end() :]}"


#: When the user works, said between the verb and the job: "trabajo de noche como …", "je
#: travaille la nuit comme …", "ich arbeite nachts als …", "работаю по ночам …" —
#: no part of the job (the note keeps the whole sentence).
_SHIFT = {
    "es": r"(?<=\btrabajo)\s+(?:de\s+noche|de\s+d[ií]a|por\s+las\s+(?:noches|mañanas|tardes)|"
    r"a\s+turnos|en\s+(?:el\s+)?turno\s+de\s+(?:noche|mañana|tarde))(?=\s)",
    "fr": r"(?:(?<=\btravaille)|(?<=\bbosse))\s+(?:de\s+nuit|de\s+jour|la\s+nuit|le\s+soir|"
    r"en\s+(?:horaires|équipe)\s+de\s+nuit|en\s+(?:3|trois)\s*[x×]\s*(?:8|huit))(?=\s)",
    "de": r"(?<=\barbeite)\s+(?:im\s+schichtdienst|in\s+schichten|nachts|gerade|momentan|zurzeit|"
    r"derzeit|aktuell|"
    r"in\s+(?:der\s+)?(?:nacht|früh|spät)schicht|(?:in\s+)?(?:voll|teil)zeit)(?=\s)",
    "ru": r"(?<=работаю)\s+(?:в\s+(?:ночную|дневную)\s+смену|по\s+ночам|посменно|сменами|"
    r"в\s+ночь)(?=\s)",
}

#: Spoken German's short articles after a verb or preposition ("ich hab ne Nussallergie",
#: "wir haben nen Hund", "seit nem Jahr"): read as written ones.
_DE_SHORT_ARTICLE = re.compile(
    r"(?<!\w)(?P<pre>hab|habe|haben|hat|hast|bin|ist|is|sind|war|als|für|mit|auch|noch|seit|"
    r"in|an|auf|wie|so|eigentlich)\s+['’]?(?P<a>ne|nen|nem|ner)(?=\s+\w)",
    re.IGNORECASE,
)
_DE_WRITTEN_ARTICLE = {"ne": "eine", "nen": "einen", "nem": "einem", "ner": "einer"}


def _de_written(sentence: str) -> str:
    return _DE_SHORT_ARTICLE.sub(
        lambda m: f"{m['pre']} {_DE_WRITTEN_ARTICLE[m['a'].lower()]}", sentence
    )


def read(sentence: str, language: str, ctx: Context) -> list[Candidate]:
    """What an introduction in ``language`` holds (see the module's docstring), as slot facts."""
    out: list[Candidate] = []
    if language in _SHIFT:
        sentence = re.sub(_SHIFT[language], "", sentence, flags=re.IGNORECASE)
    if language == "de":
        sentence = _de_written(sentence)
    if language == "ru":
        sentence = _ru_with_my(sentence)
    name = _find(_NAME.get(language), sentence, ctx) or _intro_name(sentence, language)
    if name is not None:
        out += fact("name", f"{ctx.subject}'s name is {name}.", Category.IDENTITY, 0.85, name)
        origin = _intro_origin(sentence, language)
        if origin is not None:
            out += fact(
                "origin", f"{ctx.subject} is from {origin}.", Category.IDENTITY, 0.75, origin
            )
    town = _home_town(sentence, language, ctx)
    if town is not None:
        since = _since(sentence)
        lives = f"has lived in {town} since {since.year}" if since else f"lives in {town}"
        text = f"{ctx.subject} {lives}."
        out += fact("home_city", text, Category.IDENTITY, 0.75, town, valid_from=since)
    else:
        out += _work_town(sentence, language, ctx)
    health = patterns_intl_health.read(sentence, language, ctx)
    more = _more(sentence, language, ctx)
    if health:  # "Ich bin Diabetiker": who has a condition, no job
        more = [c for c in more if c.key != "job_title"]
    out += (
        more
        + health
        + _pregnancy(sentence, language, ctx)
        + patterns_intl_people.read(sentence, language, ctx)
        + patterns_intl_kin.read(sentence, language, ctx)
        + patterns_intl_life.read(sentence, language, ctx)
        + patterns_intl_relatives.read(sentence, language, ctx)
    )
    # A card's fields ("Jana, 36, Tierärztin, Graz"): what the verbs' rules did not read.
    said = {c.key for c in out}
    out += [c for c in cards_intl.read(sentence, language, ctx) if c.key not in said]
    if not health and not any(c.key == "job_title" for c in out):
        trade = _own_trade(sentence, language, ctx)
        if trade:  # "je conduis un bus": the job, no car driven
            out = [c for c in out if not c.key.startswith("habit.drive_")]
        out += trade or _job_by_shape(sentence, language, ctx)
    return out


def _own_trade(sentence: str, language: str, ctx: Context) -> list[Candidate]:
    """ "Ich fahre Taxi", "conduzco un camión", "j'enseigne l'histoire": the user's own job
    said by its verb, as the English rules read "I drive a bus for the city"."""
    job = patterns_intl_kin.own_trade(sentence, language)
    if job is None:
        shop = own_business(sentence, language)  # "ich führe ein Café": it is their work
        text = f"{ctx.subject} works as {shop}."
        return [] if shop is None else fact("job_title", text, Category.IDENTITY, 0.7, shop)
    return fact("job_title", f"{ctx.subject} works as {job}.", Category.IDENTITY, 0.7, job)


def _job_by_shape(sentence: str, language: str, ctx: Context) -> list[Candidate]:
    """ "Je suis horlogère", "soy agente inmobiliario": a job no list names, by its shape
    (``JOB_SHAPES``), when nothing else in the sentence was read as the user's job."""
    if language not in JOB_SHAPES:
        return []
    value = _JOB_BY_BE.format(words=JOB_SHAPES[language])
    m = re.search(rf"(?:^|(?<=[\s,;]))(?:{_BE[language]}){value}", sentence, re.IGNORECASE)
    if m is None:
        return []
    return fact("job_title", f"{ctx.subject} works as {m['v']}.", Category.IDENTITY, 0.7, m["v"])
