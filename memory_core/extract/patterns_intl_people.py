"""The user's people and pets named in German, Spanish, French and Russian.

"Meine Frau heißt Sabine", "mi hija Sofía tiene 10 años", "ma femme s'appelle Julie", "мою
жену зовут Анна", "wir haben zwei Kinder, Mia und Jonas", "tengo un gato que se llama Michi",
"у меня есть кот Барсик": a relation or species word of the language (mapped to memory_core's
canonical English word, as ``bot.kin`` names it back) and a name written with a capital (any
word when the whole message is in lower case). Keys follow the English rules':
``family.<relation>.name`` ("my son is called Max"), ``family.<relation>.<name>.name`` for a
name said beside the relation ("my sister Aoife") or in a list of children, and
``pet.<species>.name``.
"""

from __future__ import annotations

import re

from memory_core.extract import russian
from memory_core.extract.base import Candidate
from memory_core.extract.jobs_intl import DE_JOB
from memory_core.extract.rule import Context, fact
from memory_core.extract.text import slug
from memory_core.text import animals, kin, numbers
from memory_core.values import Category

#: The user's relation words, every form (Russian cases too) → canonical: ``memory_core.text.kin``.
RELATIONS = {lang: kin.relation_words(lang) for lang in ("de", "es", "fr", "ru")}
#: ... and the adjectives that stand for a person, read where a verb follows ("Mein Kleiner
#: heißt Tim", "Ma petite s'appelle Lou"; not "mein kleiner Bruder Tim").
_CALLED_RELATIONS = {lang: kin.relation_words(lang, standing=True) for lang in RELATIONS}
#: Relations a user has one of: "Mein Sohn heißt Paul" names *the* son like the English rules.
#: The species words of each language → the English species: ``memory_core.text.animals``.
_SPECIES = {lang: animals.words(lang) for lang in RELATIONS}
#: The species words of each language → the English species (for the card reader).
SPECIES = _SPECIES
#: "my", "our" before a relative named (``kin.possessive``): the subject or the object
#: ("мою жену зовут Анна"); a German name beside a dative too ("mit meinem Mann Stefan": a
#: Russian name there is inflected); a Spanish plural ("mis hijos se llaman …").
_POSSESSIVE = {
    "de": kin.possessive("de", "nom", "acc", "dat"),
    "es": kin.possessive("es", "nom", "pl"),
    "fr": kin.possessive("fr", "nom"),
    "ru": kin.possessive("ru", "nom", "acc"),
}
#: Which of several a relative is, said before or after the relation word ("mein ältester
#: Sohn", "la hija pequeña", "mon fils aîné", "mon petit frère", "младшего сына"): no part of
#: the relation, so "Младшего сына зовут Денис" names the son as "Сына зовут Денис" does.
_ORDER_BEFORE = {
    "de": r"(?:(?:jüngst|juengst|ältest|aeltest|mittler|klein|groß|gross|zweit|erst)e[rns]?\s+)?",
    "es": "",
    "fr": r"(?:(?:petite?|grande?|plus\s+jeune|jeune)\s+)?",
    "ru": r"(?:(?:младш|старш|средн)(?:ий|его|ему|ую|ая|ей|ем|ие|их|им)\s+)?",
}
_ORDER_AFTER = {
    "de": "",
    "es": r"(?:\s+(?:mayor|menor|pequeñ[oa]|peque|mediano|mediana|chic[oa]))?",
    "fr": r"(?:\s+(?:aînée?|ainée?|cadette|cadet|benjamine?))?",
    "ru": "",
}
#: "… heißt", "… se llama", "… s'appelle", "… зовут" before a name.
_IS_CALLED = {
    "de": r"hei(?:ß|ss)t",
    "es": r"se\s+llama",
    "fr": r"s'appelle",
    "ru": r"зовут",
}
#: "mi marido es Javier", "mon mari c'est Marc": a capitalised name after "is" (a German noun
#: is capitalised too: "mein Mann ist Arzt", so not there).
_IS = {"es": r"es", "fr": r"(?:c'est|est)"}
#: A pet's name said after the species: "namens", "que se llama", "qui s'appelle", "по имени",
#: "die heißt", ", il s'appelle", ", её зовут".
_PET_NAMED = {
    "de": r"(?:,?\s*(?:namens|(?:der|die|das|er|sie|es)\s+hei(?:ß|ss)t)|\s+hei(?:ß|ss)t)",
    "es": r"(?:,?\s*(?:que\s+)?se\s+llama|\s+llamad[oa])",
    "fr": r"(?:,?\s*(?:qui|il|elle)\s+s'appelle|\s+appelée?|\s+nommée?)",
    "ru": r"(?:,?\s*(?:(?:(?:его|её|ее)\s+)?зовут|по\s+имени|по\s+кличке)|)",
}
#: A name said in a clause of its own after the relative: "…, die heißt Lea", "… namens Lea",
#: "…, que se llama Ana", "…, qui s'appelle Léo", "…, её зовут Оля", "…, зовут Стас".
_CLAUSE_CALLED = {
    "de": r"\s*,?\s*(?:(?:der|die)\s+hei(?:ß|ss)t|namens)",
    "es": r"\s*,?\s*(?:que\s+)?se\s+llama",
    "fr": r"\s*,?\s*(?:qui|il|elle)\s+s['’]appelle",
    "ru": r"\s*,?\s*(?:(?:его|её|ее)\s+)?зовут",
}
#: A relative the user has, said with "a": "ich hab 'ne Schwester", "dann haben wir auch
#: einen Sohn", "tengo también una hija", "j'ai aussi un fils", "у меня (ещё) есть брат" (an
#: adjective may come before the relation: "eine kleine Schwester").
_HAVE_A = {
    "de": r"(?:(?:ich|wir)\s+)?(?:habe|hab|haben)['’]?(?:\s+(?:ich|wir))?"
    r"(?:\s+(?:auch|noch|außerdem|ausserdem|zudem|jetzt))*\s+(?:einen|eine|ein|nen|['’]?ne|['’]n)"
    r"(?:\s+(?-i:[a-zäöüß])[\w-]*e[nr]?)?",
    "es": r"(?:tengo|tenemos)(?:\s+(?:también|tambien|además|ademas))*\s+(?:un|una|otro|otra)"
    r"(?:\s+(?:pequeñ[oa]|mayor|mediano|mediana))?",
    "fr": r"(?:j['’]ai|on\s+a|nous\s+avons)(?:\s+(?:aussi|également|egalement|encore))*\s+"
    r"(?:un|une)(?:\s+(?:petite?|grande?|autre))?",
    "ru": r"у\s+(?:меня|нас)(?:\s+(?:ещё|еще|тоже|также))*(?:\s+есть)?"
    r"(?:\s+(?:младш|старш)\w+)?",
}
#: "also", "another": one more of a relation the user may have named before ("J'ai aussi un
#: fils, il s'appelle Léo"), so keyed by the name ("family.son.leo.name").
_ALSO = re.compile(
    r"(?<!\w)(?:auch|noch|außerdem|ausserdem|zudem|también|tambien|además|ademas|otro|otra|"
    r"aussi|également|egalement|encore|autre|ещё|еще|тоже|также)(?!\w)",
    re.IGNORECASE,
)
_NAME = r"(?-i:[A-ZÀ-ÖØ-ÞА-ЯЁ][\w'-]*)"
_NAME_LOWER = r"[^\W\d_][\w'-]*"
_AND = r"(?:\s*,\s*|\s+(?:und|y|e|et|и)\s+)"
#: Words that are no name although capitalised at a clause's start or in lower case.
_NOT_NAME = frozenset(
    """und ist sind hat haben der die das ein eine einen y es el la los las un una et est le
    les un une и это он она его её ее""".split()
)
#: Several of one relation said as a group, then their names: "zwei Kinder, Mia und Jonas",
#: "meine Kinder heißen Emil und Greta", "Ich habe zwei Brüder, Tim und Jan", "dos hijos,
#: Pablo y Lucía", "trois enfants : Léo, Emma et Hugo", "Мои сыновья — Петя и Ваня": every
#: plural relation word of the language (``kin.plural_words``; a stem's ``*`` any ending).
#: Words whose plural is the singular, which the table keeps as singular only.
_SAME_PLURAL = {"de": frozenset(), "es": frozenset(), "fr": frozenset({"fils"}), "ru": frozenset()}
_PLURAL_WORDS = {
    lang: "|".join(
        re.escape(w[:-1]) + r"\w*" if w.endswith("*") else re.escape(w).replace(r"\ ", r"\s+")
        for w in sorted(
            kin.plural_words(lang, counted=False) | _SAME_PLURAL[lang], key=len, reverse=True
        )
    )
    for lang in ("de", "es", "fr", "ru")
}
_LIST_MARK = {
    "de": r"\s*(?:,|:|—|–|-|hei(?:ß|ss)en)",
    "es": r"\s*(?:,|:|—|–|-|se\s+llaman)",
    "fr": r"\s*(?:,|:|—|–|-|s'appellent)",
    "ru": r"\s*(?:,|:|—|–|-|зовут)",
}
_CHILDREN = {
    lang: rf"(?P<g>{_PLURAL_WORDS[lang]})(?P<mark>{_LIST_MARK[lang]}|(?<=\w)(?=\s+{_NAME}{_AND}))"
    for lang in _LIST_MARK
}


#: Every word of a relation or species: a note that says no more than the slot that names the
#: relative or pet is not kept beside it ("Mein Mann heißt Stefan").
KIN_WORDS = frozenset(
    w
    for phrase in (*kin.all_words(english=False), *(w for t in _SPECIES.values() for w in t))
    for w in re.findall(r"[^\W\d_]+", phrase)
)


def _name(ctx: Context) -> str:
    return _NAME_LOWER if ctx.lowercase else _NAME


def _person(rel: str, name: str, ctx: Context, *, named_beside: bool) -> list[Candidate]:
    if name.lower() in _NOT_NAME:
        return []
    whose = f"{kin.RELATIONS[rel].group}.{kin.RELATIONS[rel].slug}"
    key = f"{whose}.{slug(name)}.name" if named_beside else f"{whose}.name"
    text = f"{ctx.possessive} {rel} is named {name}."
    return fact(key, text, Category.RELATIONSHIP, 0.8, name)


#: "мой муж Игорь …" (the relation and the name as called), "с женой Олей", "с мужем
#: Тимуром и дочкой Катей" (in the instrumental, "и" going on with "с"): a Russian name beside
#: the relation, in the case the relation is said in.
_RU_BESIDE = (
    (re.compile(rf"(?<!\w){kin.possessive('ru', 'nom')}\s+(?P<r>[а-яё]+)\s+(?P<n>{_NAME})"
                r"(?![\w'-])", re.IGNORECASE), "nomn"),
    (re.compile(rf"(?<!\w)(?:с|и)\s+(?:(?:моей|моим|нашей|нашим)\s+)?(?P<r>[а-яё]+)\s+(?P<n>{_NAME})"
                r"(?![\w'-])", re.IGNORECASE), "ablt"),
)  # fmt: skip


def _ru_named_beside(sentence: str, ctx: Context) -> list[Candidate]:
    """A Russian relative named beside the relation word, keyed by the name as called."""
    out: list[Candidate] = []
    for pattern, case in _RU_BESIDE:
        for m in pattern.finditer(sentence):
            rel = RELATIONS["ru"].get(m["r"].lower())
            name = russian.name_in(m["n"], case) if rel else None
            if (
                rel is not None
                and name is not None
                and not someone_elses(sentence, m.start(), "ru")
            ):
                out += _person(rel, name, ctx, named_beside=True)
    return out


#: Words before "my <relative>" that make the relative the possessor of who is spoken of
#: ("der Sohn meines Chefs", "el hermano de mi vecina", "le fils de ma voisine").
_OF = frozenset("de d' d’ del von vom".split())


def someone_elses(sentence: str, at: int, language: str) -> bool:
    """Whether "my <relative>" said at ``at`` belongs to another person spoken of: after "de",
    "von" or a relation word ("der Sohn meines Chefs heißt Tim": the son is named)."""
    before = re.findall(r"[\w'’]+", sentence[:at].lower())
    last = before[-1] if before else ""
    return last in _OF or last.endswith(("d'", "d’")) or last in RELATIONS[language]


def _relatives(sentence: str, language: str, ctx: Context) -> list[Candidate]:
    """ "Meine Frau heißt Sabine" / "mi hija Sofía …": a relative and their name."""
    words = RELATIONS[language]
    rel = "|".join(sorted(map(re.escape, words), key=len, reverse=True))
    called_words = _CALLED_RELATIONS[language]
    called_rel = "|".join(sorted(map(re.escape, called_words), key=len, reverse=True))
    name = _name(ctx)
    out: list[Candidate] = []
    said = _IS_CALLED[language]
    if not ctx.lowercase and language in _IS:
        said = f"(?:{said}|{_IS[language]})"
    poss = rf"{_POSSESSIVE[language]}\s+"
    if language == "ru":  # "Мужа зовут Игорь": the accusative says whose, "my" may go unsaid
        poss = rf"(?:{poss}|^\s*)"
    before, after = _ORDER_BEFORE[language], _ORDER_AFTER[language]
    called = rf"(?<!\w){poss}{before}(?P<r>{called_rel}){after}\s+{said}\s+(?P<n>{name})"
    for m in re.finditer(called, sentence, re.IGNORECASE):
        if someone_elses(sentence, m.start(), language):
            continue
        out += _person(called_words[m["r"].lower()], m["n"], ctx, named_beside=False)
    out += _named_in_a_clause(sentence, language, ctx)
    if language == "ru":
        return out + _ru_named_beside(sentence, ctx)
    if ctx.lowercase:
        return out
    # "Meine Tochter Lena ist 7", "mit meiner Frau Anna": a capitalised name beside the word.
    beside = rf"(?<!\w){_POSSESSIVE[language]}\s+(?P<r>{rel})\s+(?P<n>{_NAME})(?![\w'-])"
    for m in re.finditer(beside, sentence, re.IGNORECASE):
        if someone_elses(sentence, m.start(), language):
            continue
        relation = _as_listed(words[m["r"].lower()], m["r"], language)
        out += _person(relation, m["n"], ctx, named_beside=True)
        out += _age(relation, m["n"], sentence[m.end() :], language, ctx)
    return out


def _as_listed(relation: str, said: str, language: str) -> str:
    """The relation of a word that names the user's people: twins said in the plural ("unsere
    Zwillinge Ole und Fiete", "mis gemelos") are the user's children, not the user's twin."""
    if relation == "twin" and said.lower() in kin.plural_words(language, counted=False):
        return "child"
    return relation


def _named_in_a_clause(sentence: str, language: str, ctx: Context) -> list[Candidate]:
    """ "Ich hab 'ne Schwester, die heißt Lea", "Mi prima, que se llama Ana, …", "J'ai aussi
    un fils, il s'appelle Léo", "Моя девушка, её зовут Оля": a relative, then their name in a
    clause of its own (a relative pronoun, "namens", "зовут"); or said as an aside between
    commas after "have a …" ("Ich hab einen Freund, Jannik, der …"; German "der/die" before
    it: "Mein Bruder, der Tobias, …")."""
    words = RELATIONS[language]
    rel = "|".join(sorted(map(re.escape, words), key=len, reverse=True))
    name = _name(ctx)
    intros = ((rf"{_POSSESSIVE[language]}", False), (_HAVE_A[language], True))
    article = r"(?:(?:der|die)\s+)?" if language == "de" else ""
    out: list[Candidate] = []
    for intro, had in intros:
        head = rf"(?<!\w)(?:{intro})\s+(?P<r>{rel})"
        for tail, beside in (
            (rf"{_CLAUSE_CALLED[language]}\s+(?P<n>{name})(?![\w'’-])", False),
            (rf"\s*,\s*{article}(?P<n>{name})\s*(?=,|[.!]?\s*$)", True),
        ):
            for m in re.finditer(head + tail, sentence, re.IGNORECASE):
                if someone_elses(sentence, m.start(), language) or _not_a_name(m["n"], language):
                    continue
                relation = words[m["r"].lower()]
                also = had and _ALSO.search(sentence[: m.start("r")]) is not None
                out += _person(relation, m["n"], ctx, named_beside=beside or also)
    return out


def _not_a_name(word: str, language: str) -> bool:
    """A capitalised word after a relative that is no name: a relation, an animal, a German
    noun of a job ("Mein Mann, Lehrer, …")."""
    low = word.lower()
    return (
        low in _NOT_NAME
        or low in RELATIONS[language]
        or low in _SPECIES[language]
        or (language == "de" and bool(DE_JOB.search(word)))
    )


#: "… ist 7 (Jahre alt)", "… tiene 10 años", "… a 6 ans": the age of the person just named.
_AGE = {
    "de": r"\s+ist\s+(?P<a>\d{1,3})(?:\s+jahre(?:\s+alt)?)?",
    "es": r"\s+tiene\s+(?P<a>\d{1,3})\s+años",
    "fr": r"\s+a\s+(?P<a>\d{1,3})\s+ans",
}


def _age(rel: str, name: str, after: str, language: str, ctx: Context) -> list[Candidate]:
    m = re.match(_AGE[language], after, re.IGNORECASE) if language in _AGE else None
    if m is None or not 0 < int(m["a"]) < 120:
        return []
    return _aged(rel, name, m["a"], ctx)


def _aged(rel: str, name: str, age: str, ctx: Context) -> list[Candidate]:
    """The age of one of the user's people, keyed by their name ("family.son.paul.age")."""
    key = f"{kin.RELATIONS[rel].group}.{kin.RELATIONS[rel].slug}.{slug(name)}.age"
    text = f"{ctx.possessive} {rel} {name} is {age}."
    return fact(key, text, Category.RELATIONSHIP, 0.75, age)


def _children(sentence: str, language: str, ctx: Context) -> list[Candidate]:
    """ "zwei Kinder, Mia und Jonas": each child by name."""
    m = re.search(rf"(?<!\w){_CHILDREN[language]}\s*", sentence, re.IGNORECASE)
    if m is None:
        return []
    group = re.sub(r"\s+", " ", m["g"].lower())
    rel = kin.relation_of(group, language) or _stem_relation(group, language) or "child"
    rel = _as_listed(rel, group, language)
    name = _name(ctx)
    # The list ends the sentence, or the clause: "Pablo y Marta, y un gato …"; after "my"
    # and the plural word with no mark between, two names at least and a verb may follow
    # ("Unsere Enkel Ben und Ida wohnen in Köln").
    lower = r"(?-i:[a-zà-öø-ÿа-яё])"
    end = rf"(?=\s*[.!?]?\s*$|\s*,?\s+(?:y|und|et|и)\s+{lower}|\s*[,;]\s*{lower})"
    marked = bool(m["mark"])
    before = sentence[: m.start()]
    if rel not in _CHILD_RELATIONS and not _OWNED[language].search(before):
        return []  # "Die Brüder, Tim und Jan, …": whose brothers, the sentence does not say
    if not marked:
        mine = re.search(rf"{_POSSESSIVE[language]}\s+$", sentence[: m.start()], re.IGNORECASE)
        if ctx.lowercase or mine is None:
            return []
        end = rf"(?=\s*[.!?]?\s*$|\s*[,;]|\s+{lower})"
    # A child's age may follow their name in brackets: "Paul (7) und Emil (4)".
    aged = rf"{name}(?:\s*\(\s*\d{{1,2}}\s*\))?"
    listed = rf"(?P<all>{aged}(?:{_AND}{aged}){{{0 if marked else 1},5}}){end}"
    names = re.match(listed, sentence[m.end() :])
    if names is None:
        return []
    ages = _list_age(_bracketed_ages(names["all"]), sentence[m.end() + names.end() :], language)
    children = list(ages)
    if language == "ru" and (
        _RU_PARENT_OF.search(sentence[: m.start()]) or any(_RU_OBLIQUE.search(c) for c in children)
    ):
        return []  # "мама двух сыновей, Пети и …": the names in the genitive, not as called
    out: list[Candidate] = []
    for child in children:
        out += _person(rel, child, ctx, named_beside=True)
        if (age := ages[child]) is not None and child.lower() not in _NOT_NAME:
            out += _aged(rel, child, age, ctx)
    return out


#: One age said after a list of children for them all: "unsere Zwillinge Ole und Fiete sind
#: jetzt 4", "mes jumeaux Paul et Léo ont 3 ans", "mis gemelos Unai y Leire tienen dos años".
_LIST_AGE = {
    "de": r"\s*,?\s+sind\s+(?:jetzt\s+|beide\s+|schon\s+|erst\s+|gerade\s+)*(?P<a>\d{1,2})"
    r"(?:\s+jahre(?:\s+alt)?)?(?:\s+geworden)?\s*(?:[,.;!?]|$)",
    "es": r"\s*,?\s+(?:ya\s+)?(?:tienen|cumplieron|acaban\s+de\s+cumplir)\s+(?:ya\s+)?"
    r"(?P<a>\d{1,2})\s+años\s*(?:[,.;!?]|$)",
    "fr": r"\s*,?\s+(?:ont\s+(?:déjà\s+|maintenant\s+)?|viennent\s+d['’]avoir\s+)(?P<a>\d{1,2})"
    r"\s+ans\s*(?:[,.;!?]|$)",
}


def _list_age(ages: dict[str, str | None], rest: str, language: str) -> dict[str, str | None]:
    """``ages`` with the one age said after the list (``_LIST_AGE``) for each child without
    their own."""
    shared = re.match(_LIST_AGE.get(language, r"(?!)"), rest, re.IGNORECASE)
    if shared is None or not 0 < int(shared["a"]) < 19:
        return ages
    return {child: age or shared["a"] for child, age in ages.items()}


def _bracketed_ages(listed: str) -> dict[str, str | None]:
    """Each name of a list → the age said after it in brackets ("Paul (7) und Emil"), or None."""
    out: dict[str, str | None] = {}
    for said in re.split(_AND, listed):
        m = re.fullmatch(r"(?P<n>.+?)\s*(?:\(\s*(?P<a>\d{1,2})\s*\))?", said.strip())
        if m is not None:
            out[m["n"]] = m["a"]
    return out


#: Children said as a group were read with no "my" before them ("Kinder: Mia und Jonas");
#: any other relation needs a word that makes them the user's: "my", "have", a number.
_CHILD_RELATIONS = frozenset({"child", "son", "daughter"})
_OWNED = {
    lang: re.compile(
        rf"(?<!\w)(?:{_POSSESSIVE[lang]}|"
        r"habe|hab|haben|tengo|tenemos|j['’]ai|avons|on\s+a|у\s+(?:меня|нас)|"
        rf"{'|'.join(sorted(numbers.all_values(low=2, high=12), key=len, reverse=True))}|\d+)"
        r"(?!\w)",
        re.IGNORECASE,
    )
    for lang in ("de", "es", "fr", "ru")
}


def _stem_relation(word: str, language: str) -> str | None:
    """The relation of a plural word said with a stem's ending ("Enkelkinder" aside:
    "Enkel", "Enkeln")."""
    return next(
        (
            kin.relation_of(stem, language)
            for stem in kin.plural_words(language, counted=False)
            if stem.endswith("*") and word.startswith(stem[:-1])
        ),
        None,
    )


#: "мама (двоих) детей, …": the children named after a parent word are in the genitive.
_RU_PARENT_OF = re.compile(r"(?<!\w)(?:мама|мать|папа|отец)(?!\w)", re.IGNORECASE)
#: A Russian name's genitive or dative ending ("Пети", "Оли", "Ивану"): never a name
#: as the user calls them.
_RU_OBLIQUE = re.compile(r"(?:[иыеу]|ой|ом|ей)$", re.IGNORECASE)


#: Species words that say the animal's sex where the language's plain word does not ("Kater",
#: "кот", "gata", "chienne"): kept in the English sentence ("Ana's male cat is named
#: Барсик"), so the reply names the pet with the user's word ("твоего кота", not "твою кошку").
_SEXED = {
    "male": frozenset(
        "kater rüde кот кота котик котёнок котенок котёнка пёс пес пса щенок щенка".split()
    ),
    "female": frozenset("hündin gata gatita perra perrita chatte chienne".split()),
}


def pet_sex(word: str) -> str:
    """ "male " / "female " when ``word`` (a species word of the user's) tells the pet's sex,
    else ``""``."""
    low = word.lower()
    return next((f"{sex} " for sex, words in _SEXED.items() if low in words), "")


#: How a naming clause of its own starts (after a word or two said of the animal).
_CLAUSE_START = re.compile(
    r"\s*,|\s+(?:que|qui|der|die|das|namens|его|её|ее|зовут)\b", re.IGNORECASE
)


def _pets(sentence: str, language: str, ctx: Context) -> list[Candidate]:
    """ "Wir haben einen Kater namens Felix", "у меня есть кот Барсик": a pet's name."""
    words = _SPECIES[language]
    species = "|".join(sorted(map(re.escape, words), key=len, reverse=True))
    named = _PET_NAMED[language]
    # A word or two may come between the animal and its naming ("une chatte tigrée qui s'appelle
    # …", "un perro en casa, se llama …"), never a second one joined by "and".
    gap = (
        r"(?:\s+(?!(?:y|und|et|и|o|oder|ou|или|а|que|qui|se|il|elle|der|die|das|er|sie|es|"
        r"namens|hei(?:ß|ss)t|его|её|ее|зовут|по|llamad[oa]|appelée?|nommée?)(?![\w'’-]))"
        r"[^\W\d_][\w'’-]*){0,2}"
    )
    m = re.search(
        rf"(?<!\w)(?P<s>{species})(?P<gap>{gap}){named}\s+(?P<n>{_name(ctx)})(?![\w'-])",
        sentence,
        re.IGNORECASE,
    )
    if m is not None and m["gap"] and not _CLAUSE_START.match(sentence[m.end("gap") :]):
        m = None  # a gap only before a naming clause: "le chat de Paul s'appelle …" is Paul's
    if m is None or m["n"].lower() in _NOT_NAME or m["n"].lower() in words:
        return []
    if language == "ru" and not re.search(
        r"(?<!\w)(?:у\s+(?:меня|нас)|мо|наш|есть|со?\s+(?:мной|мною|нами)\s+жив)", sentence, re.I
    ):
        return []  # the user's only with "у меня", "мой", "(ещё) есть", "со мной живёт"
    kind = words[m["s"].lower()]
    text = f"{ctx.possessive} {pet_sex(m['s'])}{kind} is named {m['n']}."
    return fact(f"pet.{slug(kind)}.name", text, Category.RELATIONSHIP, 0.8, m["n"])


#: Several pets of a kind, then their names: "zwei Katzen, Mimi und Tiger", "dos gatos, Nube
#: y Trufa", "deux chiens : Rocky et Pepsi", "две кошки, Муся и Дуся".
_PETS_PLURAL = {lang: animals.words(lang, plural=True, singular=False) for lang in RELATIONS}
_SEVERAL = (
    rf"(?:{'|'.join(sorted(numbers.all_values(low=2, high=9), key=len, reverse=True))}|[2-9])\s+"
    r"(?:(?:kleine|süße|pequeños|petits|маленьких)\s+)?"
)
_NAMED_LIST = (
    r"\s*(?:,|:|—|-|namens|die\s+hei(?:ß|ss)en|que\s+se\s+llaman|qui\s+s'appellent|"
    r"(?:их\s+)?зовут)\s*"
)


def _several_pets(sentence: str, language: str, ctx: Context) -> list[Candidate]:
    """ "Wir haben zwei Katzen, Mimi und Tiger": each pet by name (``pet.cat.mimi.name``)."""
    kinds = _PETS_PLURAL[language]
    species = "|".join(sorted(map(re.escape, kinds), key=len, reverse=True))
    m = re.search(rf"(?<!\w){_SEVERAL}(?P<s>{species}){_NAMED_LIST}", sentence, re.IGNORECASE)
    if m is None:
        return []
    name = _name(ctx)
    lower = r"(?-i:[a-zà-öø-ÿа-яё])"
    end = rf"(?=\s*[.!?]?\s*$|\s*,?\s+(?:y|und|et|и)\s+{lower}|\s*[,;]\s*{lower})"
    names = re.match(rf"(?P<all>{name}(?:{_AND}{name}){{1,5}}){end}", sentence[m.end() :])
    if names is None:
        return []
    kind = kinds[m["s"].lower()]
    out: list[Candidate] = []
    for pet in re.split(_AND, names["all"]):
        pet = pet.strip()
        if pet.lower() in _NOT_NAME:
            return []
        text = f"{ctx.possessive} {kind} is named {pet}."
        out += fact(f"pet.{slug(kind)}.{slug(pet)}.name", text, Category.RELATIONSHIP, 0.8, pet)
    return out


#: "Ich hab einen Mann", "tengo novio", "j'ai un copain", "у меня есть муж": what opens a
#: sentence saying the user has one of their family (a Spanish article may go unsaid;
#: "у меня муж" without "есть").
_HAS_ONE = {
    "de": _HAVE_A["de"],
    "es": r"(?:tengo|tenemos)(?:\s+(?:también|tambien|además|ademas|ya))*"
    r"(?:\s+(?:un|una)(?:\s+(?:pequeñ[oa]|mayor))?)?",
    "fr": _HAVE_A["fr"],
    "ru": r"у\s+(?:меня|нас)(?:\s+(?:ещё|еще|тоже|также|уже))*(?:\s+есть)?"
    r"(?:\s+(?:младш|старш)\w+)?",
}
_SINGULAR = {lang: kin.relation_words(lang, plural=False) for lang in RELATIONS}
#: Words for a partner that name a friend too: the partner only when nothing follows.
_FRIEND_OR_PARTNER = frozenset("freund freundin copain copine".split())
#: A German participle ending the sentence: "habe" was the perfect's helper.
_DE_PARTICIPLE = re.compile(
    r"(?:^|\s)(?-i:[a-zäöüß]*ge[a-zäöüß]+(?:t|en)|(?:be|ver|er|zer|ent|emp)[a-zäöüß]+(?:t|en)|"
    r"[a-zäöüß]+iert)$"
)
_LEAD = r"^\s*(?:(?:und|also|y|pues|bueno|et|bon|alors|и|а|ну)\s*,?\s+)?"


def _has_one(sentence: str, language: str, ctx: Context) -> list[Candidate]:
    """ "Ich hab einen Mann.", "Tengo novio.", "J'ai un copain.", "У меня есть муж.": the user
    has one of their family (``family.<relation>``, as "I have a husband" in English); a friend
    or a colleague had is no fact of its own ("Tengo un amigo en Madrid")."""
    words = _SINGULAR[language]  # "tengo hijos" says no "a son"
    rel = "|".join(sorted(map(re.escape, words), key=len, reverse=True))
    m = re.match(
        rf"{_LEAD}(?:{_HAS_ONE[language]})\s+(?P<r>{rel})(?![\w'’-])(?!\s+(?:von|de|d['’]|du)\b)",
        sentence,
        re.IGNORECASE,
    )
    relation = words.get(m["r"].lower()) if m is not None else None
    if m is None or relation is None or kin.RELATIONS[relation].group != "family":
        return []
    rest = sentence[m.end() :].strip(" .!")
    if rest and m["r"].lower() in _FRIEND_OR_PARTNER:
        return []  # "Ich habe einen Freund, der …", "j'ai un copain qui …": a friend
    if language == "de" and _DE_PARTICIPLE.search(rest):
        return []  # "Ich habe einen Bruder angerufen": something done, not who one has
    key = f"family.{kin.RELATIONS[relation].slug}"
    article = "an" if relation[:1] in "aeiou" else "a"
    return fact(key, f"{ctx.subject} has {article} {relation}.", Category.RELATIONSHIP, 0.75)


def read(sentence: str, language: str, ctx: Context) -> list[Candidate]:
    """The user's relatives, children and pets named in ``sentence`` (``language``)."""
    if language not in RELATIONS:
        return []
    return (
        _has_one(sentence, language, ctx)
        + _relatives(sentence, language, ctx)
        + _children(sentence, language, ctx)
        + _pets(sentence, language, ctx)
        + _several_pets(sentence, language, ctx)
    )
