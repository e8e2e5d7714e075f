"""The user's people named as their language says "your sister": "deine Schwester", "ta
sœur", "tu hermana", "твоя сестра".

A relation is a canonical word of memory_core's ("sister", "mother", "ex_wife" — vocabulary,
not the user's words), so it is translated like a month name; the possessive agrees with the
noun's gender, which a catalogue entry "your {relation}" cannot do ("dein(e)", "ton/ta"). A
relation whose word tells no gender ("friend", "partner", "cousin") takes a form for either
("dein(e) Freund(in)", "ton cousin/ta cousine" as "ton/ta cousin(e)"), and the user's pets are
named the same way ("deine Katze"); a relation the table does not know keeps the catalogue's
neutral wording. Nominative only: the catalogue's sentences put the phrase where the
nominative fits.
"""

from __future__ import annotations

import re

#: relation: language noun/gender | … (gender "m", "f" or "n": German and Russian neuter).
_TABLE = """
    mother: de Mutter/f | fr mère/f | es madre/f | ru мама/f
    father: de Vater/m | fr père/m | es padre/m | ru папа/m
    sister: de Schwester/f | fr sœur/f | es hermana/f | ru сестра/f
    brother: de Bruder/m | fr frère/m | es hermano/m | ru брат/m
    wife: de Frau/f | fr femme/f | es mujer/f | ru жена/f
    husband: de Mann/m | fr mari/m | es marido/m | ru муж/m
    partner: de Partner(in)/x | fr partenaire/x | es pareja/f | ru партнёр/x
    spouse: de Ehepartner(in)/x | fr conjoint(e)/x | es cónyuge/m | ru супруг(а)/x
    fiance: de Verlobte(r)/x | fr fiancé(e)/x | es prometido(a)/x | ru жених или невеста/m
    cousin: de Cousin(e)/x | fr cousin(e)/x | es primo(a)/x | ru двоюродный брат или сестра/m
    twin: de Zwilling/m | fr jumeau ou jumelle/x | es gemelo(a)/x | ru близнец/m
    friend: de Freund(in)/x | fr ami(e)/x | es amigo(a)/x | ru друг/m
    best friend: de beste(r) Freund(in)/x | fr meilleur(e) ami(e)/x | es mejor amigo(a)/x
        | ru лучший друг/m
    boss: de Chef(in)/x | fr patron(ne)/x | es jefe(a)/x | ru начальник/m
    manager: de Vorgesetzte(r)/x | fr manager/m | es jefe(a)/x | ru руководитель/m
    colleague: de Kollege oder Kollegin/x | fr collègue/x | es compañero(a) de trabajo/x
        | ru коллега/x
    neighbor: de Nachbar(in)/x | fr voisin(e)/x | es vecino(a)/x | ru сосед/m
    roommate: de Mitbewohner(in)/x | fr colocataire/x | es compañero(a) de piso/x
        | ru сосед по квартире/m
    classmate: de Mitschüler(in)/x | fr camarade de classe/x | es compañero(a) de clase/x
        | ru одноклассник/m
    teammate: de Teamkollege oder -kollegin/x | fr coéquipier(ère)/x | es compañero(a) de equipo/x
        | ru товарищ по команде/m
    teacher: de Lehrer(in)/x | fr prof/x | es profesor(a)/x | ru учитель/m
    coach: de Trainer(in)/x | fr coach/m | es entrenador(a)/x | ru тренер/m
    mentor: de Mentor(in)/x | fr mentor/m | es mentor(a)/x | ru наставник/m
    doctor: de Arzt oder Ärztin/x | fr médecin/m | es médico(a)/x | ru врач/m
    therapist: de Therapeut(in)/x | fr thérapeute/x | es terapeuta/x | ru психотерапевт/m
    landlord: de Vermieter(in)/x | fr propriétaire/x | es casero(a)/x | ru арендодатель/m
    ex: de Ex/x | fr ex/x | es ex/x | ru бывший или бывшая/m
    pet: de Haustier/n | fr animal/m | es mascota/f | ru питомец/m
    cat: de Katze/f | fr chat/m | es gato/m | ru кошка/f
    dog: de Hund/m | fr chien/m | es perro/m | ru собака/f
    male cat: de Kater/m | fr chat/m | es gato/m | ru кот/m
    female cat: de Katze/f | fr chatte/f | es gata/f | ru кошка/f
    male dog: de Hund/m | fr chien/m | es perro/m | ru пёс/m
    female dog: de Hündin/f | fr chienne/f | es perra/f | ru собака/f
    rabbit: de Kaninchen/n | fr lapin/m | es conejo/m | ru кролик/m
    hamster: de Hamster/m | fr hamster/m | es hámster/m | ru хомяк/m
    guinea pig: de Meerschweinchen/n | fr cochon d'Inde/m | es cobaya/f | ru морская свинка/f
    parrot: de Papagei/m | fr perroquet/m | es loro/m | ru попугай/m
    bird: de Vogel/m | fr oiseau/m | es pájaro/m | ru птица/f
    fish: de Fisch/m | fr poisson/m | es pez/m | ru рыбка/f
    horse: de Pferd/n | fr cheval/m | es caballo/m | ru лошадь/f
    turtle: de Schildkröte/f | fr tortue/f | es tortuga/f | ru черепаха/f
    tortoise: de Schildkröte/f | fr tortue/f | es tortuga/f | ru черепаха/f
    snake: de Schlange/f | fr serpent/m | es serpiente/f | ru змея/f
    lizard: de Eidechse/f | fr lézard/m | es lagarto/m | ru ящерица/f
    ferret: de Frettchen/n | fr furet/m | es hurón/m | ru хорёк/m
    mouse: de Maus/f | fr souris/f | es ratón/m | ru мышь/f
    rat: de Ratte/f | fr rat/m | es rata/f | ru крыса/f
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
    """The table above as {relation: {language: (noun, gender)}} (a row may go on in a line
    that starts with "|")."""
    kin: dict[str, dict[str, tuple[str, str]]] = {}
    rows = re.sub(r"\n\s*\|", " |", table).splitlines()
    for line in filter(None, map(str.strip, rows)):
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
    **{"bestie": "best friend", "bff": "best friend", "buddy": "friend", "pal": "friend"},
    **{"coworker": "colleague", "co worker": "colleague", "neighbour": "neighbor"},
    **{"flatmate": "roommate", "housemate": "roommate", "room mate": "roommate"},
    **{"professor": "teacher", "puppy": "dog", "kitten": "cat", "bunny": "rabbit"},
    **{"budgie": "parrot", "goldfish": "fish", "pony": "horse"},
}
#: "x": a word for either gender ("Freund(in)", "ami(e)"), with the possessive for either.
_POSSESSIVE = {
    "de": {"m": "dein", "f": "deine", "n": "dein", "x": "dein(e)"},
    "fr": {"m": "ton", "f": "ta", "n": "ton", "x": "ton/ta"},
    "es": {"m": "tu", "f": "tu", "n": "tu", "x": "tu"},
    "ru": {"m": "твой", "f": "твоя", "n": "твоё", "x": "твой/твоя"},
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
    if lang == "fr" and gender in ("f", "x") and noun.startswith(_VOWEL):
        possessive = "ton"  # "ton ex-femme", as French does before a vowel
    return f"{possessive} {noun}"
