"""Profile cards in German, Spanish, French and Russian: an introduction typed as fields.

"Jana, 36, Tierärztin, Graz", "Marta | 29 | enfermera | Zaragoza | casada, dos hijos",
"Hugo · 41 ans · boulanger · Dijon", "Лёша, 30 лет, программист, Пермь": a bio or a first
message names the user, their age, job, town, family and pets in fields split by commas,
pipes, middle dots or slashes, without the verbs the slot rules of ``patterns_intl`` read.
:func:`read` splits such a sentence into its fields and reads each by its shape: an age (a
number alone, "36 Jahre", "29 años", "41 ans", "30 лет", "bin/tengo/j'ai/мне …"), a name (the
first field, before an age), a job (a job word of the language, with "in/en/à/в <town>" or
"bei/chez/@ <firm>" after it), a town (capitalised words alone), where the user is from
("aus/de/originaire de/из …"), a marital status ("verheiratet mit Tom", "casada", "marié",
"женат"), children and grandchildren counted ("zwei Kinder", "tres nietos", "двое сыновей")
or named ("Mutter von Ida und Max", "mamá de Leo"), pets by species and name ("Kater Felix",
"dos perros (Toby y Lola)", "кот Васька"), a diet said alone, studies ("studiere Jura",
"étudiante en médecine", "студентка"), a list of languages or hobbies after its label
("Sprachen: …", "Hobbys: …").

Status words, counted children and studies are read in any sentence ("Ich bin verheiratet.",
"Tengo dos hijos."), not only in a card. Keys and texts are the English rules' (``name``,
``age``, ``job_title``, ``home_city``, ``origin``, ``employer``, ``relationship.<state>``,
``family.<relation>…``, ``pet.<species>…``, ``education.student``, ``language.<name>``,
``likes.<thing>``), each value in the user's words (a Russian one in the nominative). Tastes,
sports and other pastimes said in any sentence are ``pastimes_intl``'s.
"""

from __future__ import annotations

import re

from memory_core.extract import pastimes_intl, patterns_intl_life, patterns_intl_people, russian
from memory_core.extract.base import Candidate
from memory_core.extract.jobs_intl import DE_JOB, DE_JOBS_IN_NER, DE_NOT_A_JOB, JOB_WORDS
from memory_core.extract.lexicon import NOT_NAMES
from memory_core.extract.rule import Context, fact
from memory_core.extract.text import plain_field, slug
from memory_core.text import animals, kin, numbers
from memory_core.values import Category

_LANGUAGES = ("de", "es", "fr", "ru")
_CAP = r"(?-i:[A-ZÀ-ÖØ-ÞА-ЯЁ][\w'’.-]*)"
#: One to three capitalised words, "de/del/la/am/sur/на" inside ("Castellón de la Plana").
_PROPER = rf"{_CAP}(?:\s+(?:(?:de|del|de\s+la|la|am|an\s+der|sur|en|на|на-)\s+)?{_CAP}){{0,2}}"
#: Where one field ends and the next begins.
_SPLIT = re.compile(
    r"\s*(?:\||·|•|//|\s/\s|;|,|\s[-–—]+\s|\s[-–—]+$|\s(?:pero|mais|aber|sondern|но|а)\s)\s*"
)
#: A greeting said before the card ("Moin!", "¡Hola!", "Всем привет!").
_GREETING = re.compile(
    r"^(?:hallo|hi|hey|moin(?:\s+moin)?|servus|grüß\s+euch|grüezi|hola(?:\s+a\s+todos)?|"
    r"buenas|salut(?:\s+tout\s+le\s+monde)?|bonjour|bonsoir|coucou|привет(?:ствую)?|"
    r"всем\s+привет|здравствуйте|добрый\s+день)\b[\s!.,]*",
    re.IGNORECASE,
)
_UNIT = r"(?:jahre?(?:\s+alt|\s+jung)?|j\.?|años|añitos|anos|ans|год(?:а|ик(?:а|ов)?)?|лет|годиков)"
#: Each language's words for years of age.
_UNITS = {
    "de": r"(?:jahre?|j\.?)(?:\s|$)",
    "es": r"(?:años|añitos|anos)$",
    "fr": r"ans$",
    "ru": r"(?:год|лет|годик)",
}
_AGE = re.compile(
    rf"^(?:(?:ich\s+)?bin\s+|tengo\s+|j['’]ai\s+|мне\s+(?:уже\s+)?|edad\s*:?\s*|alter\s*:?\s*|"
    rf"âge\s*:?\s*|возраст\s*:?\s*)?(?P<n>\d{{1,3}})(?:\s*(?P<u>{_UNIT}))?$",
    re.IGNORECASE,
)
#: The verb or marker a field may open with before a name.
_NAME_LEAD = {
    "de": r"(?:ich\s+bin\s+(?:der\s+|die\s+)?|bin\s+(?:der|die)\s+|ich\s+hei(?:ß|ss)e\s+|"
    r"mein\s+name\s+ist\s+)",
    "es": r"(?:soy\s+|me\s+llamo\s+|mi\s+nombre\s+es\s+)",
    "fr": r"(?:moi\s*,?\s*c['’]est\s+|je\s+suis\s+|je\s+m['’]appelle\s+|c['’]est\s+)",
    "ru": r"(?:я\s+|меня\s+зовут\s+|это\s+)",
}
_HERE = r"(?:\s+(?:hier|aquí|aqui|ici|здесь|тут))"
_NAME_WORD = r"(?-i:[A-ZÀ-ÖØ-ÞА-ЯЁ][a-zß-öø-ÿа-яё'’-]+)"
_FR_MARITAL = frozenset(
    "marié mariée divorcé divorcée célibataire celibataire veuf veuve fiancé fiancée "
    "pacsé pacsée".split()
) | {"en couple"}
#: Marital words → the English state ``relationship.<state>`` keys.
_MARITAL = {
    "verheiratet": "married", "geschieden": "divorced", "ledig": "single", "single": "single",
    "verwitwet": "widowed", "verlobt": "engaged", "vergeben": "relationship",
    "casado": "married", "casada": "married", "divorciado": "divorced",
    "divorciada": "divorced", "soltero": "single", "soltera": "single", "viudo": "widowed",
    "viuda": "widowed", "prometido": "engaged", "prometida": "engaged",
    "marié": "married", "mariée": "married", "divorcé": "divorced",
    "divorcée": "divorced", "célibataire": "single", "celibataire": "single", "veuf": "widowed",
    "veuve": "widowed", "fiancé": "engaged", "fiancée": "engaged", "pacsé": "relationship",
    "pacsée": "relationship", "en couple": "relationship", "en pareja": "relationship",
    "женат": "married", "замужем": "married", "разведен": "divorced", "разведена": "divorced",
    "разведён": "divorced", "холост": "single", "не замужем": "single", "вдовец": "widowed",
    "вдова": "widowed", "помолвлен": "engaged", "помолвлена": "engaged",
}  # fmt: skip
#: The language of each marital word.
_MARITAL_LANGUAGE = {
    w: (
        "ru"
        if re.match(r"[а-яё]", w)
        else "fr"
        if w in _FR_MARITAL
        else "es"
        if w.endswith(("o", "a", "en pareja"))
        else "de"
    )
    for w in _MARITAL
    if w != "single"  # English too: no language's own word
}
_MARITAL_WORDS = "|".join(sorted(_MARITAL, key=len, reverse=True))
_BE = (
    r"(?:(?:ich\s+)?bin\s+|(?:wir\s+)?sind\s+|soy\s+|estoy\s+|je\s+suis\s+|nous\s+sommes\s+|"
    r"я\s+|(?:и\s+)?)"
)
#: A marital word said of the user: opening the sentence or a field ("Verheiratet, zwei
#: Kinder", "…, y casada"), or after "I am" ("je suis pacsée") — not "mein Bruder ist
#: verheiratet".
#: A status said as a change, before it: "Wieder Single", "Seit Mai geschieden", "Otra vez
#: soltera", "De nouveau célibataire", "Опять холост".
#: The time it began may come first, the verb after it ("Seit Mai bin ich wieder Single",
#: "Depuis l'été, je suis célibataire", "С апреля я снова холост").
_AGAIN_WORD = (
    r"(?:wieder|erneut|jetzt|nun|endlich|seit\s+(?:dem\s+)?\w+(?:\s+\d{4})?|otra\s+vez|"
    r"de\s+nuevo|ahora|ya|desde\s+(?:el\s+)?\w+|à\s+nouveau|a\s+nouveau|de\s+nouveau|"
    r"maintenant|enfin|depuis\s+(?:l['’]\s*|le\s+|la\s+)?\w+|снова|опять|теперь|уже|"
    r"с\s+(?:прошлого\s+|этого\s+)?\w+)"
)
_AGAIN = rf"(?:{_AGAIN_WORD}\s*,?\s+){{0,2}}"
#: "bin ich", "sind wir": the verb before the subject after a time said first.
_BE_AFTER = r"(?:(?:bin\s+ich|sind\s+wir)\s+)"
_STATUS = re.compile(
    rf"(?:(?:^|(?<=[,;.!|·])|(?<=[,;.!|·]\s)|(?<=\sund\s)|(?<=\sy\s)|(?<=\set\s)|(?<=\sи\s))\s*"
    rf"(?:{_BE})?{_AGAIN}(?:{_BE_AFTER}|{_BE})?{_AGAIN}|"
    rf"(?<!\w)(?:ich\s+bin|bin|wir\s+sind|soy|estoy|somos|estamos|je\s+suis|nous\s+sommes|я|мы)\s+)"
    rf"(?P<m>{_MARITAL_WORDS})(?![\w-])"
    rf"(?:\s+(?:mit|con|avec)\s+(?P<n>{_NAME_WORD}))?",
    re.IGNORECASE,
)
#: A count said as a word ("zwei Kinder", "dos hijos", "deux enfants", "двое сыновей").
_COUNT_WORDS = numbers.all_values(low=1, high=12, collective=True)
_COUNT = r"(?P<c>\d{1,2}|" + "|".join(sorted(_COUNT_WORDS, key=len, reverse=True)) + r")"
_HAVE = (
    r"(?:(?:ich\s+|wir\s+)?(?:habe|hab|haben)\s+|(?:tengo|tenemos)\s+|(?:j['’]ai|nous\s+avons|"
    r"on\s+a)\s+|(?:у\s+(?:меня|нас)\s+)?(?:есть\s+)?|mit\s+|con\s+|avec\s+|и\s+)?"
)
#: Children and grandchildren as a group word (each language's plural or singular).
_OFFSPRING = {"child", "son", "daughter", "grandchild", "grandson", "granddaughter"}


def _offspring_words(language: str) -> str:
    words = [w for w, r in kin.relation_words(language, "family").items() if r in _OFFSPRING]
    extra = {"de": ["enkelkinder", "enkel"], "es": ["niños", "niñas", "niño", "niña"], "fr": []}
    words += extra.get(language, [])
    return "|".join(sorted({re.escape(w) for w in words}, key=len, reverse=True))


_OFFSPRING_WORDS = {lang: _offspring_words(lang) for lang in ("de", "es", "fr", "ru")}
#: "Mutter von Ida und Max", "mamá de Leo", "maman d'une petite Zoé", "papa de deux garçons":
#: a parent word before the children's names.
_PARENT_OF = {
    "de": r"(?:stolze[rs]?\s+)?(?:mutter|mama|mami|vater|papa|papi)\s+(?:von|vom)",
    "es": r"(?:mamá|mama|papá|papa|madre|padre)\s+de",
    "fr": r"(?:maman|papa|mère|mere|père|pere)\s+(?:de|d['’])",
}
_LITTLE = (
    r"(?:(?:einer|einem|eines|der|dem|den|un|una|une|el|la|le|les|des|del|kleinen|kleine|"
    r"petite?|pequeñ[oa]|pequeñ[oa]s|peque)\s*)*"
)
_ONE_NAME = rf"{_NAME_WORD}(?:\s*\(\d{{1,2}}\))?"
_NAMES = rf"(?P<names>{_ONE_NAME}(?:\s*(?:,|&|\+|und|y|e|et|и)\s*{_ONE_NAME})*)"
_SPECIES = patterns_intl_people.SPECIES
#: Breeds said instead of the species ("ein Dackel, Fritz", "notre vieux beagle Gaston").
_BREEDS = {
    "labrador": "dog", "golden retriever": "dog", "retriever": "dog", "dackel": "dog",
    "teckel": "dog", "beagle": "dog", "pudel": "dog", "caniche": "dog", "husky": "dog",
    "schäferhund": "dog", "mops": "dog", "carlin": "dog", "chihuahua": "dog", "terrier": "dog",
    "spaniel": "dog", "border collie": "dog", "collie": "dog", "bulldogge": "dog",
    "bouledogue": "dog", "corgi": "dog", "такса": "dog", "лабрадор": "dog", "хаски": "dog",
    "мопс": "dog", "овчарка": "dog", "шпиц": "dog", "spitz": "dog", "maine coon": "cat",
    "мейн-кун": "cat", "siamkatze": "cat", "siamois": "cat", "siamés": "cat", "perser": "cat",
    "persa": "cat", "persan": "cat", "сфинкс": "cat", "британец": "cat", "британка": "cat",
}  # fmt: skip
_PLURAL_PETS = {
    lang: animals.words(lang, plural=True, singular=False) for lang in ("de", "es", "fr", "ru")
}
_OLD = (
    r"(?:(?:alte[nrs]?|kleine[nrs]?|süße[nrs]?|verrückte[nrs]?|vieux|vieille|petite?|gros|"
    r"grosse|viej[oa]|pequeñ[oa]|gord[oa]|loc[oa]|старый|старая|толстый|рыжий|рыжая)\s+)?"
)
_PET_ARTICLE = (
    r"(?:(?:ein|eine|einen|einer|unser|unseren|unsere|mein|meinen|meine|un|una|mi|nuestro|"
    r"nuestra|un|une|mon|ma|notre)\s+)?"
)
_PET_CALLED = (
    r"(?:\s*,\s*|\s+(?:namens|llamad[oa]|que\s+se\s+llama|appelée?|nommée?|"
    r"qui\s+s['’]appelle|по\s+имени|по\s+кличке)\s+|\s+)"
)
_DIET_FIELD = re.compile(
    r"^(?:(?:ich\s+)?bin\s+|soy\s+|je\s+suis\s+|я\s+)?(?P<d>vegetarier(?:in)?|veganer(?:in)?|"
    r"vegetarian[oa]|vegan[oa]|vegan|veggie|végétarien(?:ne)?|végane?|végétalien(?:ne)?|"
    r"вегетарианец|вегетарианка|веган(?:ка)?)(?:\s+(?:und|y|et|и)\s+\w+)?$",
    re.IGNORECASE,
)
_STUDY = {
    "de": r"(?:(?:ich\s+)?studiere|studier|(?:ich\s+bin\s+)?student(?:in)?\s+(?:der|für))"
    r"\s+(?P<s>[^\W\d_][\w-]*)(?:\s+(?:in|an\s+der|an\s+der\s+uni)\s+(?P<t>" + _PROPER + r"))?",
    "es": r"(?:estudio|estudiante\s+de|estudio\s+la\s+carrera\s+de)\s+(?P<s>[^\W\d_][\w-]*)"
    r"(?:\s+en\s+(?:la\s+)?(?P<t>" + _PROPER + r"))?",
    "fr": r"(?:j['’]étudie|j['’]etudie|étudiante?|etudiante?)\s+(?:en|le|la|les|l['’])\s*"
    r"(?P<s>[^\W\d_][\w-]*)(?:\s+(?:à|a)\s+(?P<t>" + _PROPER + r"))?",
    "ru": r"(?:студент(?:ка)?|учусь)(?:\s+(?P<s>(?-i:[А-ЯЁ]{2,}\w*)))?",
}
_STUDENT_ALONE = re.compile(
    r"^(?:ich\s+bin\s+|bin\s+|soy\s+|je\s+suis\s+|я\s+)?(?:student(?:in)?|studi|estudiante|"
    r"étudiante?|etudiante?|студент(?:ка)?)$",
    re.IGNORECASE,
)
#: A list after its label: "Sprachen: Deutsch, Englisch", "Hobbys: Chor & Wandern".
_LIST_LABEL = re.compile(
    r"(?P<label>sprachen|idiomas|langues|языки|hobbys|aficiones|pasatiempos|loisirs|хобби|"
    r"увлечения)\s*:\s*(?P<items>[^|·•;]+)",
    re.IGNORECASE,
)
_LANGUAGE_LABELS = {"sprachen", "idiomas", "langues", "языки"}
_ITEM_SPLIT = re.compile(r"\s*(?:,|&|\+|/|\bund\b|\by\b|\bet\b|\bи\b)\s*", re.IGNORECASE)
_A_LITTLE = re.compile(
    r"^(?:ein\s+)?(?:bisschen|wenig|etwas|un\s+poco\s+de|un\s+peu\s+d['’]?|немного|чуть-чуть)\s*",
    re.IGNORECASE,
)
#: A fan of something: "Fan von Werder", "fan de voile et de blues", "fan del Betis".
_FAN = re.compile(
    r"^(?:(?:großer|grosser|gran|grand|grande|большой)\s+)?(?:fan|hincha|фанат(?:ка)?)\s+"
    r"(?:von|vom|der|des|de|del|de\s+la|du|d['’])\s*(?P<v>.+)$",
    re.IGNORECASE,
)
#: A job's workplace or town after it: "Elektrikerin bei Bosch", "Koch in Wien", "prof à Lyon".
_JOB_REST = re.compile(
    r"^(?P<job>.+?)\s+(?:(?P<at>bei|chez|@|para|pour|в\s+компании)|(?P<in>in|en|à|a|au|в|во|"
    r"из|aus|de))\s+(?-i:der\s+|dem\s+|la\s+|el\s+|le\s+|l['’])?(?P<v>" + _PROPER + r")$",
    re.IGNORECASE,
)
_FROM = {
    "de": r"(?:(?:ich\s+)?(?:komme|stamme)\s+(?:ursprünglich\s+|eigentlich\s+)?aus|"
    r"(?:ursprünglich\s+|gebürtig\s+)?aus)",
    "es": r"(?:(?:soy|vengo)\s+(?:originari[oa]\s+)?de|originari[oa]\s+de|de)",
    "fr": r"(?:(?:je\s+suis\s+)?originaire\s+(?:de|d['’])|(?:je\s+)?viens\s+(?:de|d['’])|de|d['’])",
    "ru": r"(?:(?:я\s+)?(?:родом\s+)?из)",
}
#: Someone of a region, then their town: "gallega de Lugo", "andaluz de Cádiz", "bretonne de
#: Quimper" (a demonym by its ending, lower case as both languages write it).
_DEMONYM_OF = {
    lang: re.compile(
        rf"^(?-i:[a-zà-ÿ]+(?:eg[oa]|an[oa]|ense|eñ[oa]|és|esa|uz|uza|ais|aise|ois|oise|on|onne|"
        rf"in|ine|ien|ienne))\s+(?:de|d['’])\s*(?P<v>{_PROPER})$"
    )
    for lang in ("es", "fr")
}
_NEVER = re.compile(r"(?!)")
#: Capitalised words that name no town: a state ("single", "Rentnerin"), or how, since when
#: or what is taught after a job's "in/aus/de" ("Ärztin aus Leidenschaft", "Lehrer in
#: Rente", "maestra de Primaria").
_NOT_TOWN = frozenset(
    """single vegan veggie student studentin rentner rentnerin jubilado jubilada retraité
    retraitée пенсионер пенсионерка
    leidenschaft rente ruhestand teilzeit vollzeit elternzeit ausbildung kurzarbeit
    überzeugung berufung weiterbildung primaria secundaria infantil bachillerato
    educación formación prácticas excedencia jubilación retraite formation maternelle
    primaire collège lycée""".split()
)


def _fields(sentence: str) -> list[str]:
    """The fields of a card-shaped sentence (a greeting before it dropped)."""
    body = _GREETING.sub("", sentence.strip(), count=1)
    # "(Rufo y Pipa)", "(9)": a bracket is part of its field, never a field of its own.
    out: list[str] = []
    depth = 0
    start = 0
    for m in re.finditer(r"[()]|" + _SPLIT.pattern, body):
        if m.group() == "(":
            depth += 1
        elif m.group() == ")":
            depth = max(0, depth - 1)
        elif depth == 0:
            out.append(body[start : m.start()])
            start = m.end()
    out.append(body[start:])
    return [p for p in (plain_field(f) for f in out) if p]


def _age(field: str) -> str | None:
    m = _AGE.match(field)
    if m is None or not 5 <= int(m["n"]) <= 110:
        return None
    return m["n"]


def _name(field: str, language: str, *, first: bool) -> str | None:
    """The user's name in a field: after its verb ("bin der Florian", "moi c'est Zoé") or with
    "hier/aquí/ici" after it anywhere; a field of one or two capitalised words alone when
    ``first``."""
    lead = _NAME_LEAD.get(language, "")
    m = re.match(rf"^(?:{lead})(?P<n>{_NAME_WORD}(?:\s+{_NAME_WORD})?)$", field, re.IGNORECASE)
    if m is None:
        m = re.match(rf"^(?P<n>{_NAME_WORD}(?:\s+{_NAME_WORD})?){_HERE}$", field)
    if m is None and first:
        m = re.match(rf"^(?P<n>{_NAME_WORD}(?:\s+{_NAME_WORD})?)$", field)
    if m is None or _KIN_NAMED[language].match(field):
        return None
    if m is None:
        return None
    name = m["n"]
    low = name.lower()
    if any(w in NOT_NAMES for w in low.split()) or low in _MARITAL or _job(field, language):
        return None
    if language == "de" and re.match(r"(?:ich\s+)?bin", field, re.I) and DE_JOB.search(name):
        return None
    return name


def _job_word(text: str, language: str) -> bool:
    """True when ``text`` starts with a job of the language (a German one by its ending)."""
    if language in ("es", "fr", "ru") and re.match(
        rf"(?:{JOB_WORDS[language]})(?![\w])", text, re.IGNORECASE
    ):
        return True
    if language == "de":
        head = text.split()[0] if text.split() else ""
        # A compound's last part carries the job: "Softwareentwickler", "Grundschullehrerin".
        known = (
            DE_JOB.search(head) and not DE_NOT_A_JOB.match(head) and head.lower() not in _DE_TOWNS
        )
        return head[:1].isupper() and bool(known or DE_JOBS_IN_NER.search(head))
    if language == "ru":
        return _ru_job(text)
    return False


#: Towns that end like a German job ("-er", "-in"): a town, never the user's job.
_DE_TOWNS = frozenset("hannover münster schwerin stettin".split())


def _ru_job(text: str) -> bool:
    """A Russian job: a word of the list, or a person's noun in the nominative that names no
    relative and no one's name ("маркетолог", "инженер-строитель")."""
    words = text.split()
    if not words or not re.match(r"[а-яё]", words[0]):
        return False
    first = words[0].split("-")[0]
    if re.match(rf"(?:{JOB_WORDS['ru']})$", first, re.IGNORECASE):
        return True
    morph = russian.analyser()
    if morph is None or kin.relation_of(first, "ru") or first.startswith("студент"):
        return False
    return any(
        {"NOUN", "anim", "nomn"} <= set(p.tag.grammemes)
        and not {"Name", "Surn", "Patr"} & set(p.tag.grammemes)
        for p in morph.parse(first)[:2]
    )


def _job(field: str, language: str) -> str | None:
    """The job a field says (with "ich bin/soy/je suis/я/работаю" before it), or ``None``."""
    body = re.sub(
        r"^(?:ich\s+bin\s+|bin\s+|ich\s+arbeite\s+als\s+|arbeite\s+als\s+|soy\s+|trabajo\s+de\s+|"
        r"trabajo\s+como\s+|je\s+suis\s+|je\s+travaille\s+comme\s+|я\s+|работаю\s+)"
        r"(?:un\s+|una\s+|une\s+|ein\s+|eine\s+)?",
        "",
        field,
        flags=re.IGNORECASE,
    )
    if not body or not _job_word(body, language):
        return None
    if language == "ru" and field.lower().startswith("работаю"):
        return russian.in_nominative(body.split()[:1], "ablt")
    return body


def _pets(field: str, language: str, ctx: Context, following: str) -> list[Candidate]:
    """A pet said with its species or breed and its name ("Kater Felix", "tres perros (Rufo,
    Pipa y Lupo)", "une chatte nommée Praline", "einen Dackel, Fritz" with the name in the next
    field)."""
    kinds = {**_SPECIES.get(language, {}), **_BREEDS, **_PLURAL_PETS.get(language, {})}
    words = "|".join(sorted((re.escape(w) for w in kinds), key=len, reverse=True))
    m = re.search(
        rf"(?:^|(?<=\s)){_COUNT_OPT}{_PET_ARTICLE}{_OLD}(?P<sp>{words})(?![\w-])"
        rf"(?:\s*:\s*|\s*\(\s*|{_PET_CALLED})?(?P<rest>.*)$",
        field,
        re.IGNORECASE,
    )
    if m is None:
        return []
    species = kinds[m["sp"].lower()]
    rest = m["rest"].strip(" ()")
    if not rest and following:
        rest = following
    names = re.match(rf"^{_NAMES}\)?$", rest)
    if names is None:
        count = (m["c"] or "").lower()
        n = int(count) if count.isdigit() else _COUNT_WORDS.get(count, 1)
        plural = m["sp"].lower() in _PLURAL_PETS.get(language, {})
        # "einen Kater" (the word is plural too) is one; "ein paar Kater" some, said as 1+.
        known = count.isdigit() or count in _COUNT_WORDS
        said = f"{n} {species}s" if n > 1 or (plural and count and not known) else f"a {species}"
        return fact(
            f"pet.{slug(species)}", f"{ctx.subject} has {said}.", Category.RELATIONSHIP, 0.7
        )
    found = [n for n in re.findall(_NAME_WORD, names["names"]) if n.lower() not in NOT_NAMES]
    out: list[Candidate] = []
    for name in found:
        if len(found) == 1:
            text = f"{ctx.possessive} {species} is named {name}."
            out += fact(f"pet.{slug(species)}.name", text, Category.RELATIONSHIP, 0.8, name)
        else:
            text = f"{name} is one of {ctx.possessive_within} {species}s."
            out += fact(
                f"pet.{slug(species)}.{slug(name)}.name", text, Category.RELATIONSHIP, 0.8, name
            )
    return out


_COUNT_OPT = rf"(?:{_COUNT}\s+)?"


_MY_HAVE = (
    r"ich\s+habe|ich\s+hab|wir\s+haben|habe|tengo|tenemos|j['’]ai|nous\s+avons|"
    r"у\s+меня(?:\s+есть)?|у\s+нас(?:\s+есть)?"
)
#: What opens a clause said of the user: a field's start, or "I am" before it.
_MINE_LEAD = (
    r"(?:(?:^|(?<=[,;.!|·]))\s*(?:(?:und|y|et|и)\s+)?(?:ich\s+bin\s+|bin\s+|soy\s+|"
    r"je\s+suis\s+|я\s+)?|(?<!\w)(?:ich\s+bin|soy|je\s+suis|я)\s+)"
)


def _offspring(field: str, language: str, ctx: Context) -> list[Candidate]:
    """Children or grandchildren counted ("zwei Kinder", "tres nietos", "двое сыновей")."""
    words = _OFFSPRING_WORDS.get(language)
    if not words:
        return []
    # At the field's start ("…, zwei Kinder") or after the user's "have" — not "mein Bruder
    # hat zwei Kinder".
    m = re.search(
        rf"(?:^\s*(?:(?:und|y|et|и)\s+)?(?:{_HAVE})|(?<!\w)(?:{_MY_HAVE})\s+){_COUNT}\s+"
        rf"(?:erwachsene\s+|kleine\s+|grandes\s+|"
        rf"petits\s+|взрослых\s+)?(?P<k>{words})(?![\w-])",
        field,
        re.IGNORECASE,
    )
    if m is None:
        return []
    rel = kin.relation_of(m["k"], language) or "child"
    if m["k"].lower() in {"niños", "niñas", "niño", "niña"}:
        rel = "child"
    count = m["c"].lower()
    n = int(count) if count.isdigit() else _COUNT_WORDS.get(count, 1)
    if rel in {"child"}:
        key, said = "family.children", ("a child" if n == 1 else f"{n} children")
    elif rel.startswith("grand"):
        plural = {"grandchild": "grandchildren"}.get(rel, f"{rel}s")
        key, said = "family.grandchildren", (f"a {rel}" if n == 1 else f"{n} {plural}")
    else:
        key, said = f"family.{rel}", (f"a {rel}" if n == 1 else f"{n} {rel}s")
    return fact(key, f"{ctx.subject} has {said}.", Category.RELATIONSHIP, 0.75)


def _parent_of(field: str, language: str, ctx: Context) -> list[Candidate]:
    """Children named after a parent word ("Mutter von Ida (7) und Max", "papa d'une petite
    Zoé")."""
    lead = _PARENT_OF.get(language)
    if lead is None:
        return []
    m = re.match(rf"^(?:{lead})\s*{_LITTLE}{_NAMES}", field, re.IGNORECASE)
    if m is None:
        return []
    out: list[Candidate] = []
    for name in re.findall(_NAME_WORD, m["names"]):
        if name.lower() in NOT_NAMES:
            continue
        text = f"{ctx.possessive} child is named {name}."
        out += fact(f"family.child.{slug(name)}.name", text, Category.RELATIONSHIP, 0.8, name)
    return out


#: "Снова одна.", "Я опять один": alone again, said as the whole line — no partner now
#: ("Снова одна дома" is where the user is tonight).
_RU_ALONE_AGAIN = re.compile(
    r"^\s*(?:с\s+(?:прошлого\s+|этого\s+)?\w+\s*,?\s+)?(?:я\s+)?(?:снова|опять|теперь)\s+"
    r"(?:я\s+)?(?:одна|один)\s*[.!…]*\s*$",
    re.IGNORECASE,
)


def status(sentence: str, language: str, ctx: Context) -> list[Candidate]:
    """A marital status, children counted and studies, in any sentence of ``language``."""
    out: list[Candidate] = []
    if language == "ru" and _RU_ALONE_AGAIN.match(sentence):
        out += fact("relationship.single", f"{ctx.subject} is single.", Category.RELATIONSHIP, 0.7)
    for m in _STATUS.finditer(sentence):
        state = _MARITAL[m["m"].lower()]
        said = {"relationship": "in a relationship"}.get(state, state)
        out += fact(
            f"relationship.{state}", f"{ctx.subject} is {said}.", Category.RELATIONSHIP, 0.75
        )
        if m["n"] and m["n"].lower() not in NOT_NAMES and state in {"married", "engaged"}:
            partner = "spouse" if state == "married" else "fiancé"
            text = f"{ctx.possessive} {partner} is named {m['n']}."
            out += fact(f"family.{partner}.name", text, Category.RELATIONSHIP, 0.8, m["n"])
        break
    for part in re.split(r"\s*[,;|·]\s*", sentence):
        out += _offspring(part, language, ctx)
    out += _studies(sentence, language, ctx)
    return out + pastimes_intl.read(sentence, language, ctx)


def _studies(sentence: str, language: str, ctx: Context) -> list[Candidate]:
    pattern = _STUDY.get(language)
    # "ich studiere …", "estudio …" anywhere; "étudiante en …", "студент …" said of the user
    # ("mon fils est étudiant en droit" is the son's).
    # "estudio" is also a studio ("en un estudio pequeño"): the verb only without an article.
    noun = r"(?<!un\s)(?<!el\s)(?<!mi\s)(?<!su\s)(?<!tu\s)(?<!del\s)(?<!al\s)(?<!este\s)"
    first = rf"(?<!\w){noun}(?=(?:ich\s+)?studiere|estudio\s|j['’]étudie|j['’]etudie|учусь)"
    lead = rf"(?:{_MINE_LEAD}|{first})"
    m = re.search(rf"{lead}(?:{pattern})", sentence, re.IGNORECASE) if pattern else None
    if m is None:
        return []
    subject = m["s"] if "s" in m.groupdict() else None
    if subject and language == "ru":
        text = f"{ctx.subject} is a student at {subject}."
    elif subject:
        text = f"{ctx.subject} studies {subject}."
    else:
        text = f"{ctx.subject} is a student."
    out = fact("education.student", text, Category.IDENTITY, 0.75)
    town = (m.groupdict().get("t") or "").rstrip(".")
    if town and language != "ru":
        out += fact("home_city", f"{ctx.subject} lives in {town}.", Category.IDENTITY, 0.7, town)
    return out


def _labelled_lists(sentence: str, language: str, ctx: Context) -> list[Candidate]:
    """ "Sprachen: Deutsch, Englisch", "Hobbys: Chor & Wandern": each item of the list."""
    out: list[Candidate] = []
    for m in _LIST_LABEL.finditer(sentence):
        items = [_A_LITTLE.sub("", plain_field(i)) for i in _ITEM_SPLIT.split(m["items"])]
        for item in (i for i in items if i):
            if m["label"].lower() in _LANGUAGE_LABELS:
                out += patterns_intl_life.language_fact(item, ctx)
            elif len(item.split()) <= 3:
                text = f"{ctx.subject} likes {item}."
                out += fact(f"likes.{slug(item)}", text, Category.SOFT_PREFERENCE, 0.7, item)
    return out


def _place(words: str, language: str, case: str) -> str | None:
    words = words.rstrip(".")
    if language != "ru":
        return words
    return russian.town(words) if case == "loct" else russian.place_in(words.split(), case)


def _is_card(fields: list[str], language: str) -> bool:
    """Three fields or more, one an age, or a job beside a name; or two: a name said with its
    verb, then a job ("moi c'est Camille, infirmière à Lille", "ich bin Jana, Tierärztin in
    Graz")."""
    if len(fields) == 2:
        return (
            _name(fields[0], language, first=False) is not None
            and _job(fields[1], language) is not None
        )
    if len(fields) < 3:
        return False
    return any(_age(f) for f in fields) or (
        _name(fields[0], language, first=True) is not None
        and any(_job(f, language) for f in fields[1:])
    )


def is_card(sentence: str, language: str) -> bool:
    """True when ``sentence`` is a card surely in ``language``: card-shaped, and a field says
    something only that language says (an age with its unit, a job, a marital status) — a
    card of names and numbers alone ("Tom, 52, Dublin") may be in any language."""
    if language not in _LANGUAGES:
        return False
    fields = _fields(_LIST_LABEL.sub("", sentence))
    if _LIST_LABEL.search(sentence):
        return True  # "Sprachen: …", "Hobbys: …": the label is the language's word
    if not _is_card(fields, language):
        return False
    return any(_says_language(f, language) for f in fields)


def _says_language(field: str, language: str) -> bool:
    """True when a card's field holds a word of ``language`` alone: an age's unit, a job, a
    marital status, a pet's species, children counted or a parent word."""
    age = _AGE.match(field)
    if (age and age["u"] and re.match(_UNITS[language], age["u"], re.I)) or _job(field, language):
        return True
    if (m := _STATUS.match(field)) is not None and _MARITAL_LANGUAGE.get(
        m["m"].lower()
    ) == language:
        return True
    words = {w.lower() for w in re.findall(r"[^\W\d_]+", field)}
    pets = {*_SPECIES.get(language, {}), *_PLURAL_PETS.get(language, {})}
    parent = _PARENT_OF.get(language)
    return bool(
        words & pets
        or (parent and re.match(parent, field, re.IGNORECASE))
        or re.search(rf"(?<!\w)(?:{_OFFSPRING_WORDS[language]})(?!\w)", field, re.IGNORECASE)
    )


#: "Hab noch einen Dackel, Fritz.", "Есть собака Жучка.", "Tenemos tres perros: Rufo, Pipa y
#: Lupo": what the user has, said without its subject.
_HAVE_LEAD = re.compile(
    r"^(?:(?:ich\s+)?(?:habe|hab)|wir\s+haben|haben\s+(?:auch\s+)?(?:einen|eine|ein)(?=\s)|"
    r"tengo|tenemos|j['’]ai|nous\s+avons|on\s+a|(?:а\s+)?(?:ещё\s+|еще\s+)?(?:у\s+(?:меня|нас)\s+)?есть)"
    r"\s+(?:(?:auch|noch|también|aussi|ещё|еще)\s+)?",
    re.IGNORECASE,
)
#: A place the user is from said without a subject: "Родом из Калуги", "Ursprünglich aus Graz".
_FROM_ALONE = re.compile(
    rf"^(?:родом\s+из|(?:ursprünglich|gebürtig)\s+aus|originaire\s+(?:de|d['’])|"
    rf"originari[oa]\s+de)\s+(?P<v>{_PROPER})$",
    re.IGNORECASE,
)
#: "my", "our" before a relative in a card's field (``kin.possessive``), which may leave it out
#: ("Муж Андрей"), but in German, where every noun has a capital ("Sohn Paul").
_KIN_POSSESSIVE = {
    lang: rf"{kin.possessive(lang, 'nom')}\s+"
    if lang == "de"
    else rf"(?:{kin.possessive(lang, 'nom')}\s+)?"
    for lang in ("de", "es", "fr", "ru")
}
#: "Муж Андрей", "mi marido Jorge", "ma fille Léa": a relative and their name, as a field.
_KIN_NAMED = {
    lang: re.compile(
        rf"^{_KIN_POSSESSIVE[lang]}(?P<k>"
        + "|".join(
            sorted(
                (re.escape(w) for w in kin.relation_words(lang, plural=False)),
                key=len,
                reverse=True,
            )
        )
        + rf")\s+(?P<n>{_NAME_WORD})$",
        re.IGNORECASE,
    )
    for lang in ("de", "es", "fr", "ru")
}
#: "je suis serveuse chez Paul", "soy cocinera en el Hotel Sol": the workplace after a job
#: said with the verb to be; "работаю бухгалтером в Сбербанке": a Russian job, then its firm.
_JOB_AT = {
    "de": r"(?:ich\s+)?bin\s+(?:eine?\s+)?(?P<job>\S+)\s+(?:bei|im|in\s+der\s+firma)",
    "es": r"soy\s+(?:una?\s+)?(?P<job>\S+)\s+(?:en\s+(?:la\s+empresa\s+)?|para)",
    "fr": r"je\s+suis\s+(?:une?\s+)?(?P<job>\S+)\s+(?:chez|pour)",
    "ru": r"работаю\s+(?P<job>[а-яё-]+)\s+в",
}


def _loose(sentence: str, language: str, ctx: Context) -> list[Candidate]:
    """What a sentence that is no card says in the shapes of a card's fields: pets it has,
    a relative by name, where the user is from, a diet alone, a job's workplace."""
    out: list[Candidate] = []
    plain = plain_field(sentence)
    if (m := _FROM_ALONE.match(plain)) is not None and (place := _place(m["v"], language, "gent")):
        out += fact("origin", f"{ctx.subject} is from {place}.", Category.IDENTITY, 0.75, place)
    if (m := _DIET_FIELD.match(plain)) is not None:
        diet = "vegan" if "gan" in m["d"].lower() else "vegetarian"
        out += fact("diet", f"{ctx.subject} is {diet}.", Category.HARD_PREFERENCE, 0.7, diet)
    had = _HAVE_LEAD.match(plain)
    fields = _fields(plain[had.end() :] if had else plain)
    for i, field in enumerate(fields):
        following = fields[i + 1] if i + 1 < len(fields) else ""
        if had or re.match(r"^\w+\s*:", field):
            out += _pets(field, language, ctx, following)
        if (m := _KIN_NAMED[language].match(field)) is not None:
            rel = kin.relation_of(m["k"], language)
            if rel is not None and m["n"].lower() not in NOT_NAMES:
                whose = f"{kin.RELATIONS[rel].group}.{kin.RELATIONS[rel].slug}"
                text = f"{ctx.possessive} {rel} is named {m['n']}."
                key = f"{whose}.{slug(m['n'])}.name"  # named beside, as "my sister Aoife"
                out += fact(key, text, Category.RELATIONSHIP, 0.8, m["n"])
    return out


#: "soy funcionaria en el ayuntamiento", "soy enfermera en un hospital": a Spanish workplace
#: said as a common noun with its article ("trabajas en el ayuntamiento"); only places of
#: work ("soy profesora en la playa" names none).
_ES_PUBLIC_PLACE = re.compile(
    r"(?:^|(?<=[\s,;]))soy\s+(?:una?\s+)?(?P<job>\S+)\s+en\s+(?P<v>(?:el|la|un|una)\s+"
    r"(?:ayuntamiento|hospital|banco|colegio|escuela|instituto|universidad|supermercado|"
    r"fábrica|fabrica|oficina|ministerio|juzgado|aeropuerto|biblioteca|farmacia|residencia|"
    r"guardería|guarderia|comisaría|comisaria|ambulatorio|centro\s+de\s+salud))(?![\w-])",
    re.IGNORECASE,
)


def _job_at(sentence: str, language: str, ctx: Context) -> list[Candidate]:
    """The workplace after a job said with its verb ("je suis serveuse chez Paul")."""
    out: list[Candidate] = []
    m = re.search(
        rf"(?:^|(?<=[\s,;]))(?:{_JOB_AT[language]})\s+(?:der\s+|dem\s+|den\s+|el\s+|la\s+|los\s+)?"
        rf"(?P<v>{_PROPER})",
        sentence,
        re.IGNORECASE,
    )
    if m is None and language == "es":
        m = _ES_PUBLIC_PLACE.search(sentence)
    if m is None:
        return out
    if _job_word(m["job"], language) or (
        language == "ru" and russian.in_nominative([m["job"]], "ablt")
    ):
        firm = _firm(m["v"].rstrip("."), language)
        if firm is not None:
            out += fact("employer", f"{ctx.subject} works at {firm}.", Category.IDENTITY, 0.7, firm)
    return out


def _firm(words: str, language: str) -> str | None:
    """A workplace in the user's words (a Russian one in the nominative; a town is none)."""
    if language != "ru":
        return words
    first = words.split()[0]
    morph = russian.analyser()
    if morph is not None and any("Geox" in p.tag for p in morph.parse(first)[:2]):
        return None
    return russian.firm(first)


#: "…, ist mein Nachbar", "…, es mi vecina", "…, c'est mon voisin", "…, это мой сосед": the
#: name and age before it are of someone the user knows.
_WHO_TO_ME = re.compile(
    r"(?<!\w)(?:(?:ist|war)\s+(?:mein|meine|unser|unsere)|(?:es|era)\s+(?:mi|nuestro|nuestra)|"
    r"(?:est|c['’]est|était)\s+(?:mon|ma|notre)|(?:это|—)\s+(?:мой|моя|наш|наша))(?!\w)",
    re.IGNORECASE,
)


def read(sentence: str, language: str, ctx: Context) -> list[Candidate]:
    """What a card-shaped sentence in ``language`` says of the user (see the module's
    docstring); the status words, counts and studies of any sentence."""
    if language not in _LANGUAGES:
        return []
    out = status(sentence, language, ctx) + _labelled_lists(sentence, language, ctx)
    if _WHO_TO_ME.search(sentence):
        return out  # "Stefan, 45, ist mein Nachbar": someone's card, not the user's
    fields = _fields(_LIST_LABEL.sub("", sentence))
    out += _job_at(sentence, language, ctx)
    if not _is_card(fields, language):
        return out + _loose(sentence, language, ctx)
    # A card names one home: with a town alone in a field, "cocinero en El Faro" is where the
    # user works.
    town_said = any(_town_field(f, language, ctx) for f in fields[1:])
    name_seen = False
    for i, field in enumerate(fields):
        following = fields[i + 1] if i + 1 < len(fields) else ""
        out += _card_field(
            field,
            language,
            ctx,
            first=i == 0 and not name_seen,
            following=following,
            town_said=town_said,
        )
        name_seen = name_seen or any(c.key == "name" for c in out)
    return out


def _card_field(
    field: str, language: str, ctx: Context, *, first: bool, following: str, town_said: bool
) -> list[Candidate]:
    """What one field of a card says."""
    if (age := _age(field)) is not None:
        return fact("age", f"{ctx.subject} is {age}.", Category.IDENTITY, 0.8, age)
    if (name := _name(field, language, first=first)) is not None:
        return fact("name", f"{ctx.subject}'s name is {name}.", Category.IDENTITY, 0.85, name)
    if _STATUS.match(field) or _STUDENT_ALONE.match(field) or _offspring(field, language, ctx):
        return []  # read by ``status``
    kids = _parent_of(field, language, ctx)
    pets = _pets(field, language, ctx, following)
    if kids or pets:
        return kids + pets
    said = _diet_fan_or_origin(field, language, ctx)
    if said is not None:
        return said
    return _job_field(field, language, ctx, town_said=town_said) or _town_field(
        field, language, ctx
    )


def _diet_fan_or_origin(field: str, language: str, ctx: Context) -> list[Candidate] | None:
    """A diet alone, what the user is a fan of, or where they are from; ``None``: none."""
    if (m := _DIET_FIELD.match(field)) is not None:
        diet = "vegan" if "gan" in m["d"].lower() else "vegetarian"
        return fact("diet", f"{ctx.subject} is {diet}.", Category.HARD_PREFERENCE, 0.7, diet)
    if (m := _FAN.match(field)) is not None:
        out: list[Candidate] = []
        for item in re.split(r"\s+(?:und|y|et|и)\s+(?:(?:von|de|del|du|d['’])\s*)?", m["v"]):
            item = item.strip()
            if item and len(item.split()) <= 3:
                text = f"{ctx.subject} is a fan of {item}."
                out += fact(f"likes.{slug(item)}", text, Category.SOFT_PREFERENCE, 0.7, item)
        return out
    if (m := _DEMONYM_OF.get(language, _NEVER).match(field)) is not None:
        place = m["v"].rstrip(".")  # "andaluz de Cádiz", "breton de Quimper": from there
        return fact("origin", f"{ctx.subject} is from {place}.", Category.IDENTITY, 0.7, place)
    if (m := re.match(rf"^(?:{_FROM[language]})\s+(?P<v>{_PROPER})", field, re.I)) is not None:
        place = _place(m["v"], language, "gent")
        if place is None:
            return []
        return fact("origin", f"{ctx.subject} is from {place}.", Category.IDENTITY, 0.75, place)
    return None


def _job_field(field: str, language: str, ctx: Context, *, town_said: bool) -> list[Candidate]:
    """A job, with its town or workplace after it."""
    rest = _JOB_REST.match(field)
    job = _job(rest["job"] if rest else field, language)
    if job is None:
        return []
    out = fact("job_title", f"{ctx.subject} works as {job}.", Category.IDENTITY, 0.75, job)
    if rest is None:
        return out
    value = rest["v"].rstrip(".")
    if value.lower() in _NOT_TOWN:
        return out  # "Ärztin aus Leidenschaft", "Lehrer in Rente", "maestra de Primaria"
    said = rest["in"].lower() if rest["in"] else ""
    if rest["at"] or (town_said and said in ("in", "en", "à", "a", "au", "в", "во")):
        firm = _firm(value, language)
        if firm is None:
            return out
        return out + fact(
            "employer", f"{ctx.subject} works at {firm}.", Category.IDENTITY, 0.7, firm
        )
    if said in ("aus", "из", "de"):
        place = _place(value, language, "gent")
        return out + (
            fact("origin", f"{ctx.subject} is from {place}.", Category.IDENTITY, 0.7, place)
            if place
            else []
        )
    place = _place(value, language, "loct")
    if place is None and language == "ru":
        firm = russian.firm(value)
        return out + fact(
            "employer", f"{ctx.subject} works at {firm}.", Category.IDENTITY, 0.7, firm
        )
    return out + fact(
        "home_city", f"{ctx.subject} lives in {place}.", Category.IDENTITY, 0.7, place
    )


def _town_field(field: str, language: str, ctx: Context) -> list[Candidate]:
    """A field of capitalised words alone: the town the user lives in."""
    m = re.match(
        rf"^(?:(?:wohne\s+in|vivo\s+en|j['’]habite\s+à|живу\s+в)\s+)?(?P<v>{_PROPER})$", field
    )
    if m is None or m["v"].lower() in _NOT_TOWN or m["v"].lower() in NOT_NAMES:
        return []
    town = m["v"]
    return fact("home_city", f"{ctx.subject} lives in {town}.", Category.IDENTITY, 0.7, town)
