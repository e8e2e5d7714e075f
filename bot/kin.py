"""The user's people named as their language says "your sister": "deine Schwester", "ta
sœur", "tu hermana", "твоя сестра".

A relation is a canonical word of memory_core's ("sister", "mother", "ex_wife" — vocabulary,
not the user's words), so it is translated like a month name; the possessive agrees with the
noun's gender, which a catalogue entry "your {relation}" cannot do ("dein(e)", "ton/ta"). A
relation whose gender the word does not tell ("friend", "partner", "cousin") or that the table
does not know keeps the catalogue's neutral wording. Nominative only: the catalogue's
sentences put the phrase where the nominative fits.
"""

from __future__ import annotations

#: relation: language noun/gender | … (gender "m", "f" or "n": German and Russian neuter).
_TABLE = """
    mother: de Mutter/f | fr mère/f | es madre/f | ru мама/f
    father: de Vater/m | fr père/m | es padre/m | ru папа/m
    sister: de Schwester/f | fr sœur/f | es hermana/f | ru сестра/f
    brother: de Bruder/m | fr frère/m | es hermano/m | ru брат/m
    wife: de Frau/f | fr femme/f | es mujer/f | ru жена/f
    husband: de Mann/m | fr mari/m | es marido/m | ru муж/m
    partner: es pareja/f
    spouse: es cónyuge/m
    boyfriend: de Freund/m | fr copain/m | es novio/m | ru парень/m
    girlfriend: de Freundin/f | fr copine/f | es novia/f | ru девушка/f
    son: de Sohn/m | fr fils/m | es hijo/m | ru сын/m
    daughter: de Tochter/f | fr fille/f | es hija/f | ru дочь/f
    child: de Kind/n | fr enfant/m | ru ребёнок/m
    baby: de Baby/n | fr bébé/m | es bebé/m | ru малыш/m
    grandmother: de Oma/f | fr grand-mère/f | es abuela/f | ru бабушка/f
    grandfather: de Opa/m | fr grand-père/m | es abuelo/m | ru дедушка/m
    aunt: de Tante/f | fr tante/f | es tía/f | ru тётя/f
    uncle: de Onkel/m | fr oncle/m | es tío/m | ru дядя/m
    niece: de Nichte/f | fr nièce/f | es sobrina/f | ru племянница/f
    nephew: de Neffe/m | fr neveu/m | es sobrino/m | ru племянник/m
    stepmother: de Stiefmutter/f | fr belle-mère/f | es madrastra/f | ru мачеха/f
    stepfather: de Stiefvater/m | fr beau-père/m | es padrastro/m | ru отчим/m
    stepson: de Stiefsohn/m | fr beau-fils/m | es hijastro/m | ru пасынок/m
    stepdaughter: de Stieftochter/f | fr belle-fille/f | es hijastra/f | ru падчерица/f
    stepsister: de Stiefschwester/f | fr demi-sœur/f | es hermanastra/f | ru сводная сестра/f
    stepbrother: de Stiefbruder/m | fr demi-frère/m | es hermanastro/m | ru сводный брат/m
    godmother: de Patentante/f | fr marraine/f | es madrina/f | ru крёстная/f
    godfather: de Patenonkel/m | fr parrain/m | es padrino/m | ru крёстный/m
    mother in law: de Schwiegermutter/f | fr belle-mère/f | es suegra/f
    father in law: de Schwiegervater/m | fr beau-père/m | es suegro/m
    sister in law: de Schwägerin/f | fr belle-sœur/f | es cuñada/f
    brother in law: de Schwager/m | fr beau-frère/m | es cuñado/m
    son in law: de Schwiegersohn/m | fr gendre/m | es yerno/m | ru зять/m
    daughter in law: de Schwiegertochter/f | fr belle-fille/f | es nuera/f | ru невестка/f
    ex wife: de Ex-Frau/f | fr ex-femme/f | es exmujer/f | ru бывшая жена/f
    ex husband: de Ex-Mann/m | fr ex-mari/m | es exmarido/m | ru бывший муж/m
    ex boyfriend: de Ex-Freund/m | fr ex-copain/m | es exnovio/m | ru бывший парень/m
    ex girlfriend: de Ex-Freundin/f | fr ex-copine/f | es exnovia/f | ru бывшая девушка/f
"""


def _parse(table: str) -> dict[str, dict[str, tuple[str, str]]]:
    """The table above as {relation: {language: (noun, gender)}}."""
    kin: dict[str, dict[str, tuple[str, str]]] = {}
    for line in filter(None, map(str.strip, table.splitlines())):
        relation, _, forms = line.partition(":")
        kin[relation] = {}
        for form in forms.split("|"):
            lang, _, word = form.strip().partition(" ")
            noun, _, gender = word.rpartition("/")
            kin[relation][lang] = (noun, gender)
    return kin


_KIN = _parse(_TABLE)
#: Spoken forms of the same relation.
_SAME = {
    **{"mom": "mother", "mum": "mother", "dad": "father", "kid": "child"},
    **{"grandma": "grandmother", "granny": "grandmother", "grandpa": "grandfather"},
    **{"stepmom": "stepmother", "stepdad": "stepfather"},
}
_POSSESSIVE = {
    "de": {"m": "dein", "f": "deine", "n": "dein"},
    "fr": {"m": "ton", "f": "ta", "n": "ton"},
    "es": {"m": "tu", "f": "tu", "n": "tu"},
    "ru": {"m": "твой", "f": "твоя", "n": "твоё"},
}
_VOWEL = tuple("aeiouyàâéèêëîïôûù")


def your_relation(lang: str, relation: str) -> str | None:
    """ "your <relation>" in ``lang`` with the possessive agreeing ("ta sœur", "dein Bruder"),
    or ``None``: English, or a relation whose word the table lacks or whose gender it does
    not tell."""
    key = " ".join(relation.lower().replace("_", " ").replace("-", " ").split())
    found = _KIN.get(_SAME.get(key, key), {}).get(lang)
    if found is None or lang not in _POSSESSIVE:
        return None
    noun, gender = found
    possessive = _POSSESSIVE[lang][gender]
    if lang == "fr" and gender == "f" and noun.startswith(_VOWEL):
        possessive = "ton"  # "ton ex-femme", as French does before a vowel
    return f"{possessive} {noun}"
