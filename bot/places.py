"""A place the user named, with the preposition each language wants before it.

The place stays in the user's words (a memory is not translated: docs/languages.md), but the
words around it follow the reply's language, and those depend on what the place is: French
says "à Lyon" for a town, "en France", "au Canada", "aux États-Unis" for a country; German "in
Berlin" but "in der Schweiz", "im Iran", "in den USA"; Russian cannot decline a name it does
not know, so it names the place in the nominative after "в городе" / "в стране". A small
table of countries (their names in English, French, German, Spanish and Russian) tells a
country from a town and gives its French gender; an unknown country follows the French
spelling rules.
"""

from __future__ import annotations

import re

#: French class of a country: "f" (en France), "m" (au Canada), "v" (a masculine name that
#: starts with a vowel: en Iran), "p" (plural: aux États-Unis), "i" (an island or city-state
#: named without an article: à Cuba).
_FRENCH = {
    "f": """france frankreich francia франция germany allemagne deutschland alemania italy
    italie italien italia spain espagne spanien españa espana ireland irlande irland irlanda
    belgium belgique belgien bélgica switzerland suisse schweiz suiza austria autriche
    österreich england angleterre inglaterra scotland écosse schottland escocia turkey
    turquie türkei turquía greece grèce griechenland grecia sweden suède schweden suecia
    norway norvège norwegen noruega finland finlande finnland finlandia poland pologne polen
    polonia russia russie russland rusia ukraine ucrania china chine india inde indien
    argentina argentine argentinien colombia colombie kolumbien australia australie
    australien romania roumanie rumänien rumania hungary hongrie ungarn hungría croatia
    croatie kroatien croacia serbia serbie serbien bulgaria bulgarie bulgarien slovakia
    slovaquie slowakei eslovaquia slovenia slovénie slowenien eslovenia czechia tchéquie
    tschechien chequia lithuania lituanie litauen lituania latvia lettonie lettland letonia
    estonia estonie estland iceland islande island islandia egypt égypte ägypten egipto
    algeria algérie algerien argelia tunisia tunisie tunesien túnez indonesia indonésie
    indonesien malaysia malaisie thailand thaïlande tailandia korea corée korea
    syria syrie syrien siria jordan jordanie jordanien jordania belarus biélorussie
    weißrussland bielorrusia moldova moldavie bolivia bolivie bolivien scandinavia
    new-zealand nouvelle-zélande neuseeland nueva-zelanda south-africa afrique-du-sud
    südafrika sudáfrica south-korea corée-du-sud südkorea corea-del-sur saudi-arabia
    arabie-saoudite saudi-arabien arabia-saudita czech-republic république-tchèque
    great-britain grande-bretagne großbritannien gran-bretaña""",
    "m": """canada kanada canadá japan japon japón mexico mexique mexiko méxico brazil brésil
    brasilien brasil portugal chile chili peru pérou perú denmark danemark dänemark
    dinamarca morocco maroc marokko marruecos senegal sénégal vietnam viêt-nam pakistan
    bangladesh nepal népal kenya venezuela nigeria cameroon cameroun kamerun camerún uk
    united-kingdom royaume-uni wales pays-de-galles lebanon liban libanon líbano cambodia
    cambodge kambodscha camboya mozambique zimbabwe belize guatemala paraguay qatar katar
    kuwait koweït luxembourg luxemburg sri-lanka ghana""",
    "v": """iran irak iraq israel israël afghanistan afganistán uzbekistan ouzbékistan
    usbekistan kazakhstan kazakstan kasachstan kazajistán azerbaijan azerbaïdjan
    aserbaidschan ecuador équateur uruguay oman ouganda uganda""",
    "p": """united-states usa us u.s. u.s.a. états-unis etats-unis vereinigte-staaten
    estados-unidos eeuu ee.uu. netherlands pays-bas niederlande países-bajos philippines
    philippinen filipinas united-arab-emirates uae émirats-arabes-unis emirates bahamas
    maldives malediven maldivas seychelles""",
    "i": """cuba kuba chypre cyprus zypern chipre malta malte madagascar madagaskar singapore
    singapour singapur monaco hong-kong taiwan taïwan haiti haïti jamaica jamaïque""",
}
_FRENCH_CLASS = {
    name.replace("-", " "): cls for cls, names in _FRENCH.items() for name in names.split()
}
#: German names said with their article: "in der Schweiz", "im Iran", "in den USA".
_GERMAN_ARTICLE = {
    **dict.fromkeys("schweiz türkei ukraine slowakei mongolei".split(), "f"),
    **dict.fromkeys("iran irak libanon sudan jemen kongo tschad vatikan oman".split(), "m"),
    **dict.fromkeys("usa niederlande philippinen malediven bahamas seychellen".split(), "p"),
}
#: Countries by their Russian names (a Cyrillic value the bot cannot decline).
_RUSSIAN = set(
    """франция германия италия испания ирландия бельгия швейцария австрия англия шотландия
    турция греция швеция норвегия финляндия польша россия украина китай индия япония канада
    мексика бразилия португалия дания сша нидерланды голландия великобритания израиль иран
    австралия беларусь белоруссия казахстан грузия армения сербия чехия аргентина египет
    латвия литва эстония венгрия румыния болгария хорватия кипр мальта таиланд вьетнам
    корея узбекистан молдова молдавия азербайджан""".split()
)
#: English names said with "the": "in the Netherlands".
_ENGLISH_THE = {
    "united states", "us", "usa", "u.s.", "uk", "united kingdom", "netherlands",
    "philippines", "bahamas", "maldives", "united arab emirates", "uae", "czech republic",
    "seychelles",
}  # fmt: skip
_ARTICLE = re.compile(r"^(?:the|la|le|les|el|los|las|die|der|den|dem)\s+|^l['’]", re.IGNORECASE)
_VOWEL = re.compile(r"^[aeiouyàâäéèêëîïôöùûüæœ]", re.IGNORECASE)
_CYRILLIC = re.compile(r"[а-яё]", re.IGNORECASE)


def _bare(value: str) -> str:
    """The name without a leading article ("the Netherlands", "la France", "die Schweiz")."""
    return _ARTICLE.sub("", value.strip()).strip() or value.strip()


def _key(value: str) -> str:
    return " ".join(_bare(value).lower().replace("-", " ").split())


def is_country(value: str) -> bool:
    """Whether ``value`` names a country the table knows (in any of the five languages)."""
    key = _key(value)
    return key in _FRENCH_CLASS or key in _GERMAN_ARTICLE or key in _RUSSIAN


def _french_class(value: str, country: bool) -> str:
    """The French class of a place: a town is "i" (à Lyon); an unknown country follows the
    spelling (a final -e or -a is feminine, a final -s plural, an initial vowel takes "en")."""
    key = _key(value)
    if key in _FRENCH_CLASS:
        return _FRENCH_CLASS[key]
    if not country:
        return "i"
    if key.endswith("s"):
        return "p"
    if key.endswith(("e", "a")):
        return "f"
    return "v" if _VOWEL.match(key) else "m"


def _french(value: str, country: bool, origin: bool) -> str:
    cls = _french_class(value, country)
    name = _bare(value) if cls != "i" else value.strip()
    if cls == "i":
        # A town named with its article: "au Havre", "aux Ulis", "à La Rochelle".
        head, _, rest = name.partition(" ")
        if head.lower() in ("le", "les") and rest:
            article = {"le": "du", "les": "des"} if origin else {"le": "au", "les": "aux"}
            return f"{article[head.lower()]} {rest}"
        if origin:
            return f"d'{name}" if _VOWEL.match(name) else f"de {name}"
        return f"à {name}"
    if origin:
        if cls == "m":
            return f"du {name}"
        if cls == "p":
            return f"des {name}"
        return f"d'{name}" if _VOWEL.match(name) else f"de {name}"
    return {"f": "en", "v": "en", "m": "au", "p": "aux"}[cls] + f" {name}"


def _german(value: str, origin: bool) -> str:
    key = _key(value)
    prep = "aus" if origin else "in"
    article = _GERMAN_ARTICLE.get(key)
    if article is None:
        return f"{prep} {value.strip()}"
    name = _bare(value)
    if article == "f":
        return f"{prep} der {name}"
    if article == "m":
        return "aus dem " + name if origin else "im " + name
    # Plural, dative: "in den Niederlanden" (a name ending in -n or -s takes no -n).
    return f"{prep} den {name if name[-1:] in 'nsNS' or name.isupper() else name + 'n'}"


def _russian(value: str, country: bool, origin: bool) -> str:
    name = value.strip()
    prep = "из" if origin else "в"
    if not _CYRILLIC.search(name):
        return f"{prep} {name}"  # a foreign name is not declined: "в Lisbon"
    # A Russian name would need its case ("в Лиссабоне"): named in the nominative instead.
    if country:
        return f"{prep} страны {name}" if origin else f"в стране {name}"
    return f"{prep} города {name}" if origin else f"в городе {name}"


def place(lang: str, value: str, *, country: bool | None = None, origin: bool = False) -> str:
    """``value`` after the preposition ``lang`` wants: where the user lives ("à Lyon", "en
    France", "in der Schweiz", "в городе Лиссабон") or, with ``origin``, where they come from
    ("du Canada", "aus dem Iran"). ``country``: what the slot says (``None``: the table
    decides)."""
    country = is_country(value) if country is None else country or is_country(value)
    if lang == "fr":
        return _french(value, country, origin)
    if lang == "de":
        return _german(value, origin)
    if lang == "es":
        return f"{'de' if origin else 'en'} {value.strip()}"
    if lang == "ru":
        return _russian(value, country, origin)
    name = value.strip()
    if country and _key(name) in _ENGLISH_THE and not name.lower().startswith("the "):
        name = f"the {name}"
    return f"{'from' if origin else 'in'} {name}"
