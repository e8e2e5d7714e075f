"""Employer, origin, studies, languages, favourites and birthday said in German, Spanish,
French and Russian.

"ich arbeite bei Siemens", "soy de Argentina", "je suis étudiante à la Sorbonne", "ich spreche
Deutsch und Englisch", "mi comida favorita es la paella", "mon anniversaire c'est le 12
octobre", "я учусь в МГУ": the slots the English rules fill, with the value in the user's words
(a language is keyed by its English name, a favourite by its English topic, a day as memory_core
stores it: "--10-12"). A student is no job: studies fill ``school``, never ``job_title``. Each
value ends at its clause's end, so none spans two clauses; a Russian place or firm is inflected
("в Сбербанке", "из Минска") and read in the nominative by ``russian``.
"""

from __future__ import annotations

import re
from datetime import date

from memory_core.extract import russian
from memory_core.extract.base import Candidate
from memory_core.extract.rule import Context, fact
from memory_core.extract.text import slug
from memory_core.values import Category

_CAP = r"(?-i:[A-ZÀ-ÖØ-ÞА-ЯЁ][\w'’&.-]*)"
#: A proper name of up to four words, "de"/"der"/"d'" inside ("Universidad de Salamanca").
_PROPER = rf"(?P<v>{_CAP}(?:\s+(?:(?:de|del|de\s+la|der|des|du|d'|of|für|am)\s+)?{_CAP}){{0,3}})"
#: What may follow a value: punctuation, the end, or a lower-case word (the clause goes on).
_AFTER = r"(?=\s*[,.;!?)]|\s*$|\s+(?-i:[a-zà-öø-ÿа-яё]))"
_ARTICLE = r"(?:(?:der|die|dem|den|el|la|los|las|le|les|l')\s*)?"

_EMPLOYER = {
    # "ich arbeite als Maurer bei Hochtief": the firm after the job too.
    "de": r"(?:ich\s+|und\s+)?(?:arbeite|jobbe)\s+(?:jetzt\s+|seit\s+(?:\S+\s+){1,2}?"
    r"|als\s+[^\s,.;]+(?:\s+[^\s,.;]+)?\s+)?bei",
    "es": r"trabajo\s+(?:ahora\s+)?(?:en|para)",
    "fr": r"(?:je\s+|et\s+|(?<![\w'’]\s)(?<![\w'’]))(?:travaille|bosse)\s+(?:maintenant\s+)?"
    r"(?:comme\s+[^\s,.;]+(?:\s+[^\s,.;]+)?\s+)?(?:chez|pour)",
}
_ORIGIN = {
    "de": r"ich\s+(?:komme|stamme)\s+(?:ursprünglich\s+|eigentlich\s+)?aus",
    "es": r"(?:soy|vengo)\s+(?:originari[oa]\s+)?de",
    "fr": r"(?:je\s+viens|je\s+suis\s+originaire|je\s+suis)\s+(?:de|d')",
}
#: Where the user was born: "nací en …", "je suis né(e) à …" (the German and Russian below).
_BIRTHPLACE = {
    "es": r"(?:yo\s+)?nac[ií]\s+en",
    "fr": r"je\s+suis\s+n[ée]e?\s+(?:à|a)",
}
_DE_BORN = re.compile(rf"(?<!\w)ich\s+(?:bin|wurde)\s+in\s+{_PROPER}\s+geboren(?!\w)", re.I)
_RU_BORN = re.compile(r"(?<!\w)(?:я\s+)?родил(?:ся|ась)\s+в\s+(?P<t>(?-i:[А-ЯЁ])[\w-]*)", re.I)


def _birthplace(sentence: str, language: str) -> str | None:
    """The town or country the user says they were born in, as called (a Russian one in the
    nominative), or None."""
    if language == "de":
        m = _DE_BORN.search(sentence)
        return m["v"] if m else None
    if language == "ru":
        m = _RU_BORN.search(sentence)
        return russian.town(m["t"]) if m else None
    return _proper(_BIRTHPLACE.get(language), sentence)


#: When the user was a child: "cuando era pequeña", "de niño", "als Kind", "in meiner Kindheit",
#: "quand j'étais petit", "enfant", "в детстве", "когда я был маленьким".
_CHILDHOOD = {
    "es": r"(?:cuando\s+(?:era|éramos|eramos)\s+|de\s+)(?:pequeñ[oa]s?|pequen[oa]s?|niñ[oa]s?|"
    r"nin[oa]s?|chic[oa]s?|peque|crí[oa]s?|cri[oa]s?)|en\s+mi\s+infancia|de\s+crío|de\s+cría",
    "de": r"als\s+kind(?:er)?|in\s+meiner\s+kindheit|als\s+(?:ich|wir)\s+(?:klein|ein\s+kind|"
    r"kinder|jung)\s+(?:war|waren)",
    "fr": r"(?:quand|lorsque)\s+(?:j['’]étais|j['’]etais|nous\s+étions|on\s+était)\s+"
    r"(?:tout\s+|toute\s+)?(?:petite?s?|enfants?|gamine?s?|môme|jeune)|enfant|petite?|dans\s+mon\s+enfance",
    "ru": r"в\s+детстве|когда\s+(?:я|мы)\s+(?:был[аи]?\s+)?(?:маленьк(?:им|ой|ими)|ребёнком|"
    r"ребенком|детьми)|ребёнком|ребенком",
}
#: Where the user lived then, the town after it: "vivía en", "wohnte ich in", "j'habitais à",
#: "жил в" (the German perfect with the town inside: "habe ich in Graz gewohnt").
_LIVED_THEN = {
    "es": r"(?:yo\s+)?(?:viv[íi]a|viv[íi]|viv[íi]amos)\s+en",
    "de": r"(?:wohnte|lebte|wohnten|lebten)\s+(?:ich|wir)\s+in",
    "fr": r"(?:j['’](?:habitais|vivais|ai\s+(?:vécu|habité))|nous\s+(?:habitions|vivions)|"
    r"on\s+(?:habitait|vivait))\s+(?:à|a|en|au)",
    "ru": r"(?:я\s+|мы\s+)?жил[аи]?\s+во?",
}
#: "Crecí en Vigo", "Ich bin in Graz aufgewachsen", "J'ai grandi à Nantes", "Я вырос в Туле".
_GREW_UP = {
    "es": r"(?:yo\s+)?(?:crec[íi]|crecimos|me\s+cri[ée]|nos\s+criamos)\s+en",
    "fr": r"(?:j['’]ai|nous\s+avons|on\s+a)\s+grandi\s+(?:à|a|en|au)",
    "ru": r"(?:я\s+|мы\s+)?выр[оа]сл?[аи]?\s+во?",
}
#: The German ones, the town ({p}) inside: "Ich bin in Graz aufgewachsen", "Als Kind habe
#: ich in Graz gewohnt", "Ich habe als Kind in Graz gewohnt".
_DE_GREW_UP = (
    r"(?:ich\s+bin|wir\s+sind)\s+in\s+{p}\s+(?:\w+\s+)?(?:aufgewachsen|groß\s+geworden)",
    r"(?:aufgewachsen|groß\s+geworden)\s+(?:bin\s+ich|sind\s+wir)\s+in\s+{p}",
    r"(?:ich|wir)\s+(?:wuchs|wuchsen)\s+in\s+{p}\s+auf",
    r"(?:{child})\s*,?\s*(?:wohnte|lebte|wohnten|lebten)\s+(?:ich|wir)\s+in\s+{p}",
    r"(?:{child})\s*,?\s*(?:habe|hab|haben)\s+(?:ich|wir)\s+in\s+{p}\s+(?:gewohnt|gelebt)",
    r"(?:ich|wir)\s+(?:habe|hab|haben)\s+(?:{child})\s+in\s+{p}\s+(?:gewohnt|gelebt)",
    r"(?:ich|wir)\s+(?:wohnte|lebte|wohnten|lebten)\s+(?:{child})\s+in\s+{p}",
)


#: The words of a childhood home said in those ways: no more than the ``origin`` it fills
#: ("Cuando era pequeña, vivía en Vigo" says nothing beside it).
CHILDHOOD_WORDS = frozenset(
    """cuando era éramos eramos pequeña pequeño pequeñas pequeños pequena pequeno niña niño
    niñas niños nina nino chica chico peque cría crío en mi infancia de yo vivía vivia viví vivi
    vivíamos viviamos crecí creci crecimos me crié crie nos criamos
    als kind kinder in meiner kindheit ich wir klein jung war waren wohnte lebte wohnten lebten
    habe hab haben gewohnt gelebt bin sind aufgewachsen groß geworden wuchs wuchsen auf
    quand lorsque j étais etais nous étions on était tout toute petit petite petits petites
    enfant enfants gamin gamine môme jeune dans mon enfance habitais vivais ai vécu habité
    habitions vivions habitait vivait à a au avons grandi
    в во детстве когда я мы был была были маленьким маленькой маленькими ребёнком ребенком
    детьми жил жила жили вырос выросла выросли""".split()
)


def _grew_up(sentence: str, language: str) -> str | None:
    """Where the user grew up, or lived as a child ("Cuando era pequeña, vivía en Vigo"), as
    called (a Russian town in the nominative): their ``origin``, never where they live now."""
    child = _CHILDHOOD.get(language)
    if child is None:
        return None
    if language == "ru":
        town = r"(?P<t>(?-i:[А-ЯЁ])[\w-]*)"
        ways = [_GREW_UP["ru"], rf"(?:{child})\s*,?\s*{_LIVED_THEN['ru']}"]
        for pattern in ways:
            m = re.search(rf"(?<!\w)(?:{pattern})\s+{town}", sentence, re.IGNORECASE)
            if m is not None:
                return russian.town(m["t"])
        m = re.search(rf"(?<!\w){_LIVED_THEN['ru']}\s+{town}\s*,?\s+(?:{child})\b", sentence, re.I)
        return russian.town(m["t"]) if m else None
    if language == "de":
        for pattern in _DE_GREW_UP:
            said = pattern.format(p=_PROPER, child=child)
            m = re.search(rf"(?<!\w){said}(?!\w)", sentence, re.IGNORECASE)
            if m is not None:
                return m["v"].rstrip(".")
        return None
    found = _proper(_GREW_UP.get(language), sentence) or _proper(
        rf"(?:{child})\s*,?\s*(?:{_LIVED_THEN[language]})", sentence
    )
    if found is not None:
        return found
    m = re.search(
        rf"(?<!\w)(?:{_LIVED_THEN[language]})\s+{_ARTICLE}{_PROPER}\s*,?\s+(?:{child})(?!\w)",
        sentence,
        re.IGNORECASE,
    )
    return m["v"].rstrip(".") if m else None


_SCHOOL = {
    "de": r"(?:ich\s+studiere|ich\s+bin\s+student(?:in)?)\s+(?:\w+\s+){0,2}?(?:an|auf)",
    "es": r"(?:estudio|soy\s+estudiante)\s+(?:[\wáéíóúñ]+\s+){0,2}?en",
    "fr": r"(?:j'étudie|j'etudie|je\s+suis\s+étudiante?|je\s+suis\s+etudiante?|"
    r"je\s+fais\s+(?:des|mes)\s+études)\s+(?:[\wéèêàç]+\s+){0,3}?(?:à|a|en)",
}


#: Where the user works said by its kind, as "I work at a bank" is kept ("je bosse dans une
#: banque", "ich arbeite in einer Bank", "trabajo en un hospital", "работаю в банке"): the
#: workplace with its article, as said (a Russian one in the nominative).
_WORK_IN = {
    "de": r"(?:ich\s+|und\s+)?(?:arbeite|jobbe)\s+(?:jetzt\s+)?"
    r"(?:in\s+(?:einer|einem|der|dem)|im)\s+",
    "es": r"(?:trabajo|curro)\s+(?:ahora\s+)?en\s+(?:un|una|el|la)\s+",
    "fr": r"(?:je\s+|et\s+)(?:travaille|bosse)\s+(?:maintenant\s+)?dans\s+(?:une?|la|le|l['’])\s*",
    "ru": r"(?:я\s+)?работаю\s+(?:сейчас\s+)?(?:в|на)\s+",
}
_WORKPLACES = {
    "de": r"bank|sparkasse|krankenhaus|klinik|schule|grundschule|fabrik|hotel|restaurant|apotheke|"
    r"bäckerei|supermarkt|kita|kindergarten|werkstatt|firma|agentur|praxis|arztpraxis|labor|"
    r"buchhandlung|versicherung|behörde|bibliothek|kanzlei|pflegeheim|altenheim",
    "es": r"banco|hospital|colegio|escuela|instituto|fábrica|fabrica|hotel|restaurante|farmacia|"
    r"clínica|clinica|tienda|supermercado|panadería|panaderia|guardería|guarderia|empresa|"
    r"taller|laboratorio|librería|libreria|bar|cafetería|cafeteria|residencia|biblioteca|"
    r"aseguradora|gestoría|gestoria|startup",
    "fr": r"banque|hôpital|hopital|école|ecole|lycée|lycee|collège|college|usine|magasin|"
    r"supermarché|supermarche|restaurant|hôtel|hotel|pharmacie|clinique|boulangerie|librairie|"
    r"crèche|creche|entreprise|start-up|startup|agence|garage|laboratoire|labo|assurance|"
    r"bibliothèque|bibliotheque|mairie|ehpad|cabinet",
    "ru": r"банк\w*|больниц\w*|школ\w*|завод\w*|фабрик\w*|гостиниц\w*|отел\w*|ресторан\w*|"
    r"аптек\w*|клиник\w*|магазин\w*|детск\w+\s+сад\w*|садик\w*|поликлиник\w*|офис\w*|"
    r"библиотек\w*|университет\w*|институт\w*|лаборатори\w*|колледж\w*",
}


def _workplace(sentence: str, language: str) -> str | None:
    """The kind of place the user works at, said with its article ("une banque"), or ``None``."""
    if language not in _WORK_IN:
        return None
    pattern = rf"(?<!\w){_WORK_IN[language]}(?P<v>{_WORKPLACES[language]})(?![\w-])"
    m = re.search(pattern, sentence, re.IGNORECASE)
    if m is None:
        return None
    if language == "ru":
        return russian.in_nominative(m["v"].split(), "loct")  # "в банке", "на заводе"
    article = sentence[m.start() : m.start("v")]
    said = re.search(r"(?:une?|la|le|l['’]|einer|einem|der|dem|im|un|una|el)\s*$", article, re.I)
    word = m["v"]
    if said is None:
        return word
    art = "dem" if said.group(0).lower() == "im" else said.group(0)  # "im Hotel": "bei dem Hotel"
    return f"{art}{word}" if art.endswith(("'", "’")) else f"{art.strip()} {word}"


def is_workplace(value: str, language: str) -> bool:
    """Whether ``value`` names a workplace by its kind ("Hotel Sol", "Clínica Dental"), no town."""
    first = value.split()[0] if value.split() else ""
    return language in _WORKPLACES and bool(re.fullmatch(_WORKPLACES[language], first, re.I))


#: The town after where the user works ("… dans une banque à Bordeaux", "bei Bosch in
#: Reutlingen", "в больнице в Казани").
_TOWN_AFTER = {
    "de": r"in\s+(?P<t>(?-i:[A-ZÄÖÜ])[\w-]+)",
    "es": r"en\s+(?P<t>(?-i:[A-ZÁÉÍÓÚÑ])[\w-]+(?:\s+(?-i:[A-Z])[\w-]+)?)",
    "fr": r"(?:à|a)\s+(?P<t>(?-i:[A-ZÀ-Ý])[\w'-]+(?:-[\w'-]+)*)",
    "ru": r"во?\s+(?P<t>(?-i:[А-ЯЁ])[\w-]+)",
}


def town_of_workplace(sentence: str, language: str) -> str | None:
    """The town said right after the user's workplace or employer, or ``None``."""
    if language not in _TOWN_AFTER:
        return None
    ru = language == "ru"
    where = _workplace_said(sentence, language)
    if where is None:
        firm = russian.employer(sentence) if ru else _proper(_EMPLOYER.get(language), sentence)
        at = sentence.find(firm) if firm else -1
        where = (at + len(firm)) if firm and at >= 0 else None
    if where is None:
        return None
    m = re.match(rf"\s+{_TOWN_AFTER[language]}\s*(?:[,.;!?]|$)", sentence[where:], re.IGNORECASE)
    if m is None:
        return None
    return russian.known_town(m["t"]) if ru else m["t"]


def _workplace_said(sentence: str, language: str) -> int | None:
    """Where the workplace said by its kind ends in ``sentence``, or ``None``."""
    if language not in _WORK_IN:
        return None
    pattern = rf"(?<!\w){_WORK_IN[language]}(?P<v>{_WORKPLACES[language]})(?![\w-])"
    m = re.search(pattern, sentence, re.IGNORECASE)
    return m.end() if m else None


def _proper(pattern: str | None, sentence: str) -> str | None:
    if pattern is None:
        return None
    m = re.search(rf"(?<!\w){pattern}\s+{_ARTICLE}{_PROPER}{_AFTER}", sentence, re.IGNORECASE)
    return m["v"].rstrip(".") if m else None


def _places(sentence: str, language: str, ctx: Context) -> list[Candidate]:
    """Employer, origin and school."""
    out: list[Candidate] = []
    ru = language == "ru"
    employer = russian.employer(sentence) if ru else _proper(_EMPLOYER.get(language), sentence)
    employer = employer or _workplace(sentence, language)
    if employer is not None:
        text = f"{ctx.subject} works at {employer}."
        out += fact("employer", text, Category.IDENTITY, 0.75, employer)
    origin = russian.origin(sentence) if ru else _proper(_ORIGIN.get(language), sentence)
    if origin is not None:
        out += fact("origin", f"{ctx.subject} is from {origin}.", Category.IDENTITY, 0.75, origin)
    grew = _grew_up(sentence, language)
    if grew is not None and origin is None:
        out += fact("origin", f"{ctx.subject} grew up in {grew}.", Category.IDENTITY, 0.75, grew)
    born = _birthplace(sentence, language)
    if born is not None:
        # A slot beside ``origin``, as the English rules keep "I was born in …".
        text = f"{ctx.subject} was born in {born}."
        out += fact("origin.birthplace", text, Category.IDENTITY, 0.75, born)
    school = russian.school(sentence) if ru else _proper(_SCHOOL.get(language), sentence)
    if school is not None:
        text = f"{ctx.subject} studies at {school}."
        out += fact("school", text, Category.IDENTITY, 0.75, school)
    return out


#: Language names (as the user writes them, lower case) → their English names.
_LANGUAGES = {
    "German": "deutsch alemán aleman allemand немецкий немецком по-немецки",
    "English": "englisch inglés ingles anglais английский английском по-английски",
    "Spanish": "spanisch español espanol castellano espagnol испанский испанском по-испански",
    "French": "französisch franzosisch francés frances français francais французский "
    "французском по-французски",
    "Italian": "italienisch italiano italien итальянский итальянском по-итальянски",
    "Russian": "russisch ruso russe русский русском по-русски",
    "Portuguese": "portugiesisch portugués portugues portugais португальский португальском",
    "Polish": "polnisch polaco polonais польский польском по-польски",
    "Turkish": "türkisch turco turc турецкий турецком по-турецки",
    "Arabic": "arabisch árabe arabe арабский арабском по-арабски",
    "Chinese": "chinesisch chino chinois китайский китайском по-китайски",
    "Japanese": "japanisch japonés japones japonais японский японском по-японски",
    "Dutch": "niederländisch holländisch neerlandés néerlandais нидерландский",
    "Ukrainian": "ukrainisch ucraniano ukrainien украинский украинском по-украински",
    "Greek": "griechisch griego grec греческий греческом",
    "Catalan": "katalanisch catalán catalan каталанский",
    "Swedish": "schwedisch sueco suédois шведский шведском",
    "Danish": "dänisch danés danes dinamarqués danois датский датском",
    "Norwegian": "norwegisch noruego norvégien норвежский норвежском",
    "Finnish": "finnisch finlandés finnois финский финском",
    "Korean": "koreanisch coreano coréen корейский корейском",
    "Czech": "tschechisch checo tchèque чешский чешском",
    "Hebrew": "hebräisch hebreo hébreu иврит иврите",
    "Hindi": "hindi хинди",
}
_LANGUAGE_OF = {w: english for english, words in _LANGUAGES.items() for w in words.split()}
_SPEAK = {
    "de": r"ich\s+spreche|ich\s+kann|meine\s+muttersprache\s+ist",
    "es": r"hablo|mi\s+lengua\s+materna\s+es",
    "fr": r"je\s+parle|ma\s+langue\s+maternelle\s+est",
    "ru": r"я\s+говорю|говорю|я\s+знаю|я\s+владею|владею",
}


def _prepositional(word: str) -> str:
    """A Russian language's name as "говоришь на …" takes it: "по-английски", "английский",
    "английском" → "английском"."""
    return re.sub(r"(?<=[сц])(?:ки|кий|ком)$", "ком", word.lower().removeprefix("по-"))


def _languages(sentence: str, language: str, ctx: Context) -> list[Candidate]:
    """ "Ich spreche Deutsch, Englisch und ein bisschen Spanisch": one fact per language."""
    m = re.search(rf"(?<!\w)(?:{_SPEAK[language]})\s+(?P<rest>[^.;!?]+)", sentence, re.IGNORECASE)
    if m is None:
        return []
    out: list[Candidate] = []
    for word in re.findall(r"[\w-]+", m["rest"]):
        english = _LANGUAGE_OF.get(word.lower())
        if english is not None:
            text = f"{ctx.subject} speaks {english}."
            said = _prepositional(word) if language == "ru" else word
            out += fact(f"language.{english.lower()}", text, Category.IDENTITY, 0.75, said)
    return out


def language_fact(word: str, ctx: Context) -> list[Candidate]:
    """The language ``word`` names ("Englisch", "inglés", "английский") as a spoken language
    of the user, or nothing when it names none (a card's "Sprachen: …" list)."""
    english = _LANGUAGE_OF.get(word.lower()) or _LANGUAGE_OF.get(_prepositional(word))
    if english is None:
        return []
    text = f"{ctx.subject} speaks {english}."
    return fact(f"language.{english.lower()}", text, Category.IDENTITY, 0.75, word)


#: A favourite's topic word → its English topic (the key's last part, as the English rules).
_TOPICS = {
    "food": "essen gericht comida plato plat блюдо еда",
    "movie": "film película pelicula фильм",
    "book": "buch libro livre книга",
    "band": "band gruppe grupo groupe группа",
    "color": "farbe color couleur цвет",
    "song": "lied song canción cancion chanson песня",
    "show": "serie série сериал",
    "singer": "sänger sängerin cantante chanteur chanteuse певец певица",
    "sport": "sport sportart deporte спорт",
    "city": "stadt ciudad ville город",
    "drink": "getränk bebida boisson напиток",
    "animal": "tier animal животное",
    "music": "musik música musica musique музыка",
    "game": "spiel juego jeu игра",
    "author": "autor autorin escritor escritora auteur auteure писатель писательница",
    "team": "mannschaft verein equipo équipe equipe команда клуб",
    "actor": "schauspieler schauspielerin actor actriz acteur actrice актёр актер актриса",
}
_TOPIC_OF = {w: topic for topic, words in _TOPICS.items() for w in words.split()}
#: A favourite's topic words ("grupo", "plat"): no more than the slot says.
TOPIC_WORDS = frozenset(_TOPIC_OF) | frozenset(
    "favorito favorita preferido preferida préféré préférée favori любимый любимая любимое".split()
)
_FAVOURITE = {
    "de": r"(?:mein|meine)\s+lieblings(?P<t>\w+)\s+(?:ist|sind)",
    "es": r"mi\s+(?P<t>\w+)\s+(?:favorit[oa]|preferid[oa])\s+(?:es|son)",
    "fr": r"(?:mon|ma)\s+(?P<t>\w+)\s+(?:préférée?|preferee?|favorite?)\s+(?:c'est|est)",
    "ru": r"(?:мой|моя|моё|мое)\s+любим(?:ый|ая|ое)\s+(?P<t>\w+)\s*(?:—|–|-|:|это)?",
}
_THING = r"(?P<v>[^\s,;.!?][^,;.!?]{0,40}?)"
_THING_END = r"(?=\s*[,;.!?]|\s*$|\s+(?:und|y|et|и|aber|pero|mais|но)\s)"
_LOWER_ARTICLE = re.compile(r"^(?-i:(?:el|la|los|las|le|les|l'|un|une|una|ein|eine))\s*")


def _favourites(sentence: str, language: str, ctx: Context) -> list[Candidate]:
    """ "Mein Lieblingsfilm ist Der Pate", "mi comida favorita es la paella"."""
    m = re.search(rf"(?<!\w){_FAVOURITE[language]}\s*{_THING}{_THING_END}", sentence, re.IGNORECASE)
    if m is None:
        return []
    topic = _TOPIC_OF.get(m["t"].lower())
    value = _LOWER_ARTICLE.sub("", m["v"].strip())
    if topic is None or not value:
        return []
    text = f"{ctx.possessive} favourite {topic} is {value}."
    return fact(f"favorite.{topic}", text, Category.SOFT_PREFERENCE, 0.75, value)


#: The team the user supports: "mi equipo es el Getafe", "soy hincha del Sevilla", "supportrice
#: de l'OM", "je supporte le Stade Rennais", "Fan von Union Berlin", "… ist mein Verein", "болею
#: за «Спартак»" (``likes.<team>``, as the English rules keep "a big Arsenal fan").
_TEAM = {
    "es": r"(?:mi\s+equipo\s+es|soy\s+(?:hincha|aficionad[oa]|fan|seguidor[a]?)\s+"
    r"(?:del|de\s+la|de))\s+(?:el\s+|la\s+)?",
    "fr": r"(?:supporter|supportrice|supporteur|fan)\s+(?:du|de\s+la|de\s+l['’]|des|de)\s*"
    r"|je\s+supporte\s+(?:le\s+|la\s+|l['’])?",
    "de": r"(?:fan\s+von|ich\s+bin\s+für)\s+(?:dem\s+|der\s+|den\s+)?",
    "ru": r"(?:болею|болеем)\s+за\s+[«\"]?",
}
_DE_MY_CLUB = re.compile(rf"^\W*{_PROPER}\s+ist\s+mein\s+(?:verein|klub|club)\b", re.IGNORECASE)


def _team(sentence: str, language: str, ctx: Context) -> list[Candidate]:
    """The team the user supports, as called."""
    m = re.search(rf"(?<!\w)(?:{_TEAM[language]}){_PROPER}", sentence, re.IGNORECASE)
    if m is None and language == "de":
        m = _DE_MY_CLUB.search(sentence)
    if m is None:
        return []
    team = m["v"].strip('«»"').rstrip(".")
    text = f"{ctx.subject} supports {team}."
    return fact(f"likes.{slug(team)}", text, Category.SOFT_PREFERENCE, 0.7, team)


#: A pastime said as a verb: "me encanta bailar", "j'aime nager", "обожаю плавать" — an
#: infinitive after the verb of liking (a thing liked, "me encanta el cine", is the cards'
#: ``likes.*``).
_LIKE_TO = {
    "es": r"(?:me\s+(?:encanta|gusta|flipa|apasiona|chifla)(?:\s+mucho)?|adoro)",
    "fr": r"(?:j['’](?:adore|aime)(?:\s+(?:beaucoup|bien|trop))?|je\s+kiffe)",
    "ru": r"(?:я\s+)?(?:(?:очень\s+)?люблю|обожаю)",
}
_INFINITIVE = {
    "es": re.compile(r"(?-i:[a-záéíóúñ]+(?:ar|er|ir)(?:se|me)?)"),
    "fr": re.compile(r"(?-i:[a-zàâçéèêëîïôûùüÿœ]+(?:er|ir|re))"),
    "ru": re.compile(r"(?-i:[а-яё]+(?:ть|ться|чь))"),
}
_PASTIME_END = r"(?=\s*[,;.!?]|\s*$|\s+(?:pero|mais|но|los|las|le|les|todos|tous|cada|по)\s)"
_ITEMS = re.compile(r"\s*(?:,|\by\b|\bet\b|\bи\b)\s*")
#: German: "ich male gern", "abends lese ich am liebsten", "ich gehe gern wandern".
_DE_GERN = re.compile(
    r"(?<![\w-])(?P<v>(?-i:[a-zäöüß]{3,}e))\s+(?:ich\s+)?(?:(?:sehr|total|auch|so|echt|ganz)\s+)?"
    r"(?:gerne?|am\s+liebsten)(?![\w-])(?:\s+(?P<inf>(?-i:[a-zäöüß]{3,}n|[A-ZÄÖÜ][a-zäöüß]{3,}n))"
    r"(?=\s*[,.;!?]|\s*$))?",
    re.IGNORECASE,
)
#: Verbs said with "gern" that name no pastime of their own ("ich esse gern Pizza": a food).
_DE_NOT_PASTIME = frozenset(
    """esse trinke höre schaue sehe habe mag spiele mache bleibe würde hätte wäre möchte sitze
    liege stehe wohne lebe arbeite warte""".split()
)
#: Verbs that say a pastime only with the infinitive after them ("ich gehe gern wandern").
_DE_WITH_INFINITIVE = frozenset("gehe fahre".split())
#: "Am liebsten trinke ich Tee", "… höre ich am liebsten Jazz": a favourite by its verb.
_DE_FAVOURITE = re.compile(
    r"(?:am\s+liebsten\s+(?P<a>esse|trinke|höre|lese|schaue|sehe)\s+ich|"
    r"(?P<b>esse|trinke|höre|lese|schaue|sehe)\s+ich\s+am\s+liebsten)\s+"
    r"(?P<x>[^\s,;.!?][^,;.!?]{0,40}?)(?=\s*[,;.!?]|\s*$|\s+(?:und|aber)\s)",
    re.IGNORECASE,
)
_DE_TOPIC = {
    "esse": "food",
    "trinke": "drink",
    "höre": "music",
    "lese": "book",
    "schaue": "film",
    "sehe": "film",
}


#: Verbs of being, having and knowing: no pastime.
_NO_PASTIME = frozenset(
    """estar ser tener haber saber poder querer être etre avoir savoir pouvoir vouloir быть
    иметь знать мочь хотеть""".split()
)


def _de_infinitive(word: str) -> str:
    """ "segle" → "segeln", "lese" → "lesen", "wandere" → "wandern"."""
    low = word.lower()
    if low.endswith("le") and low[-3:-2] not in "aeiouäöü":
        return low[:-2] + "eln"
    if low.endswith("ere"):
        return low[:-1] + "n"
    return low + "n"


def _de_gern_pastime(m: re.Match[str]) -> str | None:
    """The pastime of "ich male gern", "gehe gern wandern", "gehe gern Eisangeln", or None
    ("ich esse gern …": a food; "ich male gern Blumen": a thing painted, the verb the pastime)."""
    verb, inf = m["v"].lower(), m["inf"]
    if inf and inf[0].isupper() and (verb not in _DE_WITH_INFINITIVE or inf == "Essen"):
        inf = None
    if verb in _DE_NOT_PASTIME or (verb in _DE_WITH_INFINITIVE and not inf):
        return None
    return inf if inf else _de_infinitive(m["v"])


def _pastimes(sentence: str, language: str, ctx: Context) -> list[Candidate]:
    """What the user loves doing, said as a verb (``hobby.<pastime>``, in the user's words)."""
    out: list[Candidate] = []
    said: list[str] = []
    if language == "de":
        said += filter(None, map(_de_gern_pastime, _DE_GERN.finditer(sentence)))
        fav = _DE_FAVOURITE.search(sentence)
        if fav is not None:
            topic = _DE_TOPIC[(fav["a"] or fav["b"]).lower()]
            value = re.sub(r"^(?:den|die|das|der)\s+", "", fav["x"].strip(), flags=re.I)
            text = f"{ctx.possessive} favourite {topic} is {value}."
            out += fact(f"favorite.{topic}", text, Category.SOFT_PREFERENCE, 0.75, value)
    elif language in _LIKE_TO:
        loved = re.search(
            rf"(?<!\w){_LIKE_TO[language]}\s+(?P<v>[^,;.!?]+?){_PASTIME_END}", sentence, re.I
        )
        for item in _ITEMS.split(loved["v"]) if loved is not None else ():
            words = item.split()
            if not words or len(words) > 4 or not _INFINITIVE[language].fullmatch(words[0]):
                break  # a thing liked, not a doing: the cards read it
            if words[0].lower() in _NO_PASTIME:
                break  # "me encanta estar contigo", "j'aime être seule": a state, no pastime
            said.append(item.strip())
    for pastime in said:
        text = f"{ctx.subject} loves {pastime}."
        out += fact(f"hobby.{slug(pastime)}", text, Category.SOFT_PREFERENCE, 0.7, pastime)
    return out


_MONTHS = (
    "januar jänner enero janvier января",
    "februar febrero février fevrier февраля",
    "märz maerz marzo mars марта",
    "april abril avril апреля",
    "mai mayo mai мая",
    "juni junio juin июня",
    "juli julio juillet июля",
    "august agosto août aout августа",
    "september septiembre setiembre septembre сентября",
    "oktober octubre octobre октября",
    "november noviembre novembre ноября",
    "dezember diciembre décembre decembre декабря",
)
_MONTH_OF = {w: n for n, words in enumerate(_MONTHS, 1) for w in words.split()}
_MONTH = "|".join(sorted(_MONTH_OF, key=len, reverse=True))
#: "14. Juli", "14.7.", "3 de mayo", "12 octobre", "7 ноября", a year after it or not.
_DAY = (
    rf"(?P<d>\d{{1,2}})(?:\.\s*|\s+(?:de\s+)?)(?:(?P<m>{_MONTH})|(?P<mn>\d{{1,2}})\.)"
    r"(?:\s+(?:de\s+)?(?P<y>(?:19|20)\d\d))?"
)
_BORN = r"(?<!\w)(?:geboren|naci|nací|née?|родил(?:ся|ась))(?!\w)"
_MINE = re.compile(r"(?<!\w)(?:mein|meine|ich|hab|mi|je|mon|я|мой|меня)(?!\w)|^nac", re.I)
_BIRTHDAY = {
    "de": r"(?:geburtstag|geboren|geb\.)",
    "es": r"(?:cumpleaños|cumpleanos|cumple|cumplo\s+años|naci|nací)",
    "fr": r"(?:anniversaire|née?\s+le|ne\s+le)",
    "ru": r"(?:день\s+рождения|родил(?:ся|ась))",
}


def _birthday(sentence: str, language: str, ctx: Context) -> list[Candidate]:
    """ "Ich hab am 14. Juli Geburtstag", "nací el 15 de agosto de 1992"."""
    if re.search(rf"(?<!\w){_BIRTHDAY[language]}", sentence, re.IGNORECASE) is None:
        return []
    if _MINE.search(sentence) is None:
        return []  # someone else's birthday
    m = re.search(rf"(?<!\w){_DAY}", sentence, re.IGNORECASE)
    if m is None:
        return []
    month = _MONTH_OF[m["m"].lower()] if m["m"] else int(m["mn"])
    year = int(m["y"]) if m["y"] else 2000  # 2000: a leap year, so "29. Februar" is a day
    try:
        day = date(year, month, int(m["d"]))
    except ValueError:
        return []
    value = day.isoformat() if m["y"] else f"--{day:%m-%d}"
    said = f"{day:%-d %B}" + (f" {year}" if m["y"] else "")
    # "nací el …", "ich bin am … geboren": said as the English rules say it, so "when was I
    # born?" meets it as well as "when is my birthday?".
    born = re.search(_BORN, sentence, re.IGNORECASE) is not None
    text = (
        f"{ctx.subject} was born on {said}." if born else f"{ctx.possessive} birthday is on {said}."
    )
    return fact("birthday", text, Category.IDENTITY, 0.8, value)


def read(sentence: str, language: str, ctx: Context) -> list[Candidate]:
    """Employer, origin, school, languages, favourites and birthday in ``sentence``."""
    if language not in _SPEAK:
        return []
    return (
        _places(sentence, language, ctx)
        + _languages(sentence, language, ctx)
        + _favourites(sentence, language, ctx)
        + _birthday(sentence, language, ctx)
        + _pastimes(sentence, language, ctx)
        + _team(sentence, language, ctx)
    )
