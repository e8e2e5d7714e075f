"""The people around a user, read off their facts: who each one is to the user, and what the
user said about them.

A person is no row of their own. Their facts are ordinary facts of the user (so forgetting,
``/undo``, exports, audiences and the write policy apply to them unchanged), under keys that
say whose they are:

- ``family.<relation>.<name>.<attribute>`` / ``people.<relation>.<name>.<attribute>``: a named
  relative or friend ("my brother Marco lives in Rome" → ``family.brother.marco.home``). The
  ``.name`` fact is their relation to the user ("The user's brother is named Marco.").
- ``family.<relation>.<attribute>``: one not named yet ("my sister lives in Madrid");
  ``family.<relation>.name`` names them ("my sister is called Eva").
- ``person.<name>.<attribute>``: someone named without a relation ("Marco is a chef"); when the
  user has told us who Marco is, learning files it under that person instead
  (:func:`rekey`).

Each named person is also an entity of type ``person`` linked to their facts (seed 002), the
retrieval signal that brings "who is Marco?" to them.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace

from memory_core.extract.base import Candidate
from memory_core.extract.lexicon import FAMILY, FAMILY_CANONICAL
from memory_core.extract.text import slug
from memory_core.text import kin
from memory_core.values import Fact

GROUPS = ("family", "people", "person")
#: Attribute segments that describe the person, not a name slug ("family.sister.home").
_ATTRIBUTES = frozenset(
    {"name", "home", "job", "age", "birthday", "employer", "relation", "origin", "school"}
)


@dataclass(frozen=True, slots=True)
class PersonKey:
    """A person fact key taken apart: ``family.brother.marco.home`` → group ``family``,
    relation ``brother``, name ``marco``, attribute ``home``."""

    group: str
    relation: str | None
    name: str | None
    attribute: str

    @property
    def prefix(self) -> str:
        """The key up to the attribute: whose fact it is."""
        parts = [self.group, self.relation, self.name]
        return ".".join(p for p in parts if p)


def parse_key(key: str) -> PersonKey | None:
    """The parts of a person fact key, or None for any other key."""
    parts = key.split(".")
    if len(parts) < 2 or parts[0] not in GROUPS:
        return None
    if parts[0] == "person":
        if len(parts) < 3:
            return None
        return PersonKey("person", None, parts[1], ".".join(parts[2:]))
    if len(parts) == 2:
        return PersonKey(parts[0], parts[1], None, "about")
    if len(parts) == 3 or parts[2] in _ATTRIBUTES:
        return PersonKey(parts[0], parts[1], None, ".".join(parts[2:]))
    return PersonKey(parts[0], parts[1], parts[2], ".".join(parts[3:]))


def relation_slug(word: str) -> str:
    """A relation word as its key segment: "mom" → "mother", "best friend" → "best_friend"."""
    low = " ".join(word.lower().split())
    if (relation := kin.relation_of(low)) is not None:
        return kin.RELATIONS[relation].slug  # "hubby", "siblings", "in-laws"
    if low.endswith("s") and low[:-1] in FAMILY:
        low = low[:-1]  # "my sisters"
    return slug(FAMILY_CANONICAL.get(low, low))


def is_person_key(key: str) -> bool:
    """True for a fact key about one of the user's people (not the user, not a pet)."""
    return parse_key(key) is not None


def _value(fact: Fact) -> str | None:
    raw = fact.value_json.get("value") if isinstance(fact.value_json, dict) else None
    return str(raw) if raw else None


def display(name_slug: str) -> str:
    """A name slug said as a name: ``tom_brady`` → "Tom Brady"."""
    return " ".join(w[:1].upper() + w[1:] for w in name_slug.split("_"))


@dataclass(slots=True)
class Person:
    """One person of the user's, with the facts about them (the name fact first)."""

    name: str | None
    relation: str | None
    group: str
    facts: list[Fact] = field(default_factory=list)

    @property
    def slug(self) -> str | None:
        """The name as a key segment."""
        return slug(self.name) if self.name else None

    @property
    def gender(self) -> str | None:
        """Their gender (m, f) where the user's own words about them tell it ("meine Cousine
        Lena", "mi gemela", "сестра-близнец"); ``None``: not told."""
        if self.relation is None:
            return None
        # The user's own words: the stored sentence is English ("cousin" says no gender).
        return kin.gender_said(self.relation, *(f.source_excerpt or "" for f in self.facts))

    def about(self) -> list[Fact]:
        """What the user said about them, the bare naming fact left out."""
        return [f for f in self.facts if (parse_key(f.key) or _NONE).attribute != "name"]

    def attribute(self, *names: str) -> list[Fact]:
        """Their facts whose attribute is one of ``names`` (or starts with one: ``job``)."""
        out = []
        for f in self.facts:
            attr = (parse_key(f.key) or _NONE).attribute
            if any(
                attr == n or attr.startswith(f"{n}.") or attr.startswith(f"{n}_") for n in names
            ):
                out.append(f)
        return out

    def matches_relation(self, word: str) -> bool:
        """True when ``word`` ("brother", "mom", "friend") names their relation to the user
        (a best friend is a friend too; "partner" and "kid" name a kind: a husband, a son)."""
        if self.relation is None:
            return False
        wanted = relation_slug(word)
        # A key says the relation in the user's word ("coworker"): read like the question's.
        mine = relation_slug(self.relation.replace("_", " "))
        if mine in BROADER.get(wanted, ()) or wanted in BROADER.get(mine, ()):
            return True  # "my partner" asks about a husband; "my husband" about a partner
        if mine.startswith("ex_") and not wanted.startswith("ex"):
            return False  # "my wife" is not the ex-wife
        return mine == wanted or self.relation == wanted or mine.endswith(f"_{wanted}")


#: Words for a kind of relation, and the relations they cover ("what does my partner do?"
#: asks about the husband; "my kid's name" about the son or the daughter): ``kin``'s kinds.
BROADER: dict[str, frozenset[str]] = {
    kind.replace(" ", "_"): frozenset(kin.RELATIONS[r].slug for r in relations)
    for kind, relations in kin.kinds().items()
}


_NONE = PersonKey("", None, None, "")


def people_of(facts: Iterable[Fact]) -> list[Person]:
    """The user's people in ``facts``, each with their facts, in order of first mention.

    Facts about one person arrive under several keys ("my sister is called Eva",
    "my sister Eva lives in Rome", "Eva is a chef"): they are joined by name, and an unnamed
    relation's facts go to the one person of that relation when there is exactly one.
    """
    parsed = [(f, k) for f in sorted(facts, key=lambda f: f.id) if (k := parse_key(f.key))]
    people: list[Person] = []
    by_name: dict[str, Person] = {}

    def named(name: str, relation: str | None, group: str) -> Person:
        key = slug(name)
        person = by_name.get(key)
        if person is None:
            person = Person(name, relation, group)
            by_name[key] = person
            people.append(person)
        elif relation and person.relation is None:
            person.relation, person.group = relation, group
        return person

    unnamed: list[tuple[Fact, PersonKey]] = []
    for fact, key in parsed:
        if key.group == "person" or key.name is not None:
            assert key.name is not None
            value = _value(fact) if key.attribute == "name" else None
            name = value if value and slug(value) == key.name else display(key.name)
            person = named(name, key.relation, key.group)
            if value and slug(value) == key.name:
                person.name = value  # the spelling the user used
            person.facts.append(fact)
        elif key.attribute == "name" and (value := _value(fact)):
            named(value, key.relation, key.group).facts.append(fact)
        else:
            unnamed.append((fact, key))
    for fact, key in unnamed:
        same = [p for p in people if p.relation == key.relation and p.group == key.group]
        if len(same) == 1:
            same[0].facts.append(fact)
            continue
        nameless = next((p for p in people if p.name is None and p.relation == key.relation), None)
        if nameless is None:
            nameless = Person(None, key.relation, key.group)
            people.append(nameless)
        nameless.facts.append(fact)
    for person in people:
        person.facts.sort(key=lambda f: ((parse_key(f.key) or _NONE).attribute != "name", f.id))
    return people


def find_people(
    people: Sequence[Person], *, name: str | None = None, relation: str | None = None
) -> list[Person]:
    """The people called ``name`` (first name or full) or related as ``relation``."""
    out = []
    for p in people:
        if name is not None and p.name:
            wanted = slug(name)
            if wanted and (slug(p.name) == wanted or slug(p.name).split("_")[0] == wanted):
                out.append(p)
        elif relation is not None and p.matches_relation(relation):
            out.append(p)
    return out


def same_name(name: str, known: Iterable[str]) -> str | None:
    """The known name slug ``name`` stands for: itself, or without a possessive or a trailing
    initial ("aoife_s" from "Aoife's" or "Aoife S" is "aoife"); ``None`` if none."""
    names = set(known)
    if name in names:
        return name
    base = re.sub(r"_[a-z]$", "", name)
    return base if base != name and base in names else None


def rekey(candidates: Sequence[Candidate], known: Iterable[Fact]) -> list[Candidate]:
    """Candidates about a person filed under the person the user already told us about.

    "Marco is a chef" (``person.marco.job``) after "my brother Marco …" becomes
    ``family.brother.marco.job``; "my brother Leo …" (``family.brother.leo.name``) after "my
    brother is called Leo" (``family.brother.name``) is the same naming fact, and the other
    way round. The turn's own candidates count as known ("My brother is Marco. Marco is a
    chef."). Someone no one told us about keeps only who they are by first name (see
    ``_STRANGER_ATTRIBUTES``); the rest is dropped.
    """
    directory: dict[str, str] = {}  # name slug → person prefix
    single: dict[str, str] = {}  # "family.brother" → name slug of its single-slot name
    named_slots: set[str] = set()  # "family.brother.leo"

    def learn(key: str, value: str | None) -> None:
        parsed = parse_key(key)
        if parsed is None or parsed.group == "person":
            return
        if parsed.name is not None:
            directory.setdefault(parsed.name, parsed.prefix)
            named_slots.add(parsed.prefix)
        elif parsed.attribute == "name" and value:
            directory.setdefault(slug(value), parsed.prefix)
            single[parsed.prefix] = slug(value)

    for fact in known:
        learn(fact.key, _value(fact))
    told = set(directory)  # the names the user told us before this turn
    # The turn's own names resolve a bare name ("My brother is Marco. Marco is a chef."); its
    # naming facts are compared with what was known before only.
    said_single = {
        f"{p.group}.{p.relation}": slug(c.value)
        for c in candidates
        if c.value and (p := parse_key(c.key)) and p.attribute == "name" and p.name is None
    }
    single_before, named_before = dict(single), set(named_slots)
    for cand in candidates:
        learn(cand.key, cand.value)
    single, named_slots = single_before, named_before
    out = []
    # "Taylor Swift lives in Nashville", "Rihanna likes sushi": no one of theirs.
    for cand in [c for c in candidates if not _stranger(c.key, directory)]:
        parsed = parse_key(cand.key)
        key = cand.key
        if parsed is not None and parsed.name is not None:
            # "Aoife's …", "Aoife S …": the Aoife the user told us about, one person.
            same = same_name(parsed.name, told)
            if same is not None and same != parsed.name:
                parsed = replace(parsed, name=same)
                key = ".".join(
                    p for p in (parsed.group, parsed.relation, same, parsed.attribute) if p
                )
        if parsed is not None and parsed.group == "person" and parsed.name in directory:
            target = directory[parsed.name]
            # A single-slot person ("family.brother", named Leo) gets the name in the key.
            named = target.count(".") >= 2
            key = (
                f"{target}.{parsed.attribute}"
                if named
                else f"{target}.{parsed.name}.{parsed.attribute}"
            )
        elif parsed is not None and parsed.group != "person":
            base = f"{parsed.group}.{parsed.relation}"
            named_as = f"{base}.{slug(cand.value)}" if cand.value else ""
            if parsed.attribute == "name" and parsed.name and single.get(base) == parsed.name:
                key = f"{base}.name"  # said again, with the name in passing
            elif parsed.attribute == "name" and not parsed.name and named_as in named_slots:
                key = f"{named_as}.name"
        said = said_single.get(f"{parsed.group}.{parsed.relation}") if parsed else None
        if parsed and parsed.name and parsed.attribute == "name" and said == parsed.name:
            continue  # "I have a friend named Tom and he …": one naming fact
        out.append(cand if key == cand.key else replace(cand, key=key))
    return out


#: What is kept of someone the user has not told us about: who they are by first name
#: ("Tom is a teacher" — a later "Tom is a lecturer, not a teacher" corrects it). Anything
#: else (their tastes, their partner) and anyone named in full ("Taylor Swift") is kept only
#: once the user has said who they are to them.
_STRANGER_ATTRIBUTES = frozenset({"job", "employer", "home", "age", "birthday"})


def _stranger(key: str, directory: dict[str, str]) -> bool:
    """True for a fact of someone the user has not told us about that is more than who they
    are by first name (see ``_STRANGER_ATTRIBUTES``)."""
    parsed = parse_key(key)
    if parsed is None or parsed.group != "person" or parsed.name is None:
        return False
    if same_name(parsed.name, directory) is not None:
        return False  # "Aoife S's …": the Aoife the user told us about
    return parsed.attribute not in _STRANGER_ATTRIBUTES or "_" in (parsed.name or "")


_PERSON_FIRST = re.compile(r"^[A-Z]")


def entity_name(fact: Fact) -> str | None:
    """The person a fact is about, as an entity name ("Marco"), or None."""
    parsed = parse_key(fact.key)
    if parsed is None:
        return None
    if parsed.name is not None:
        return display(parsed.name)
    value = _value(fact) if parsed.attribute == "name" else None
    return value if value and _PERSON_FIRST.match(value) else None


#: A word written as a name: capitalised, three letters or more (after a French elided
#: article too: "le taf d'Inès", "l'anniversaire d'Omar").
_NAME = re.compile(r"(?:(?<=(?<!\w)[dl]['’])|(?<![\w'’-]))[A-ZÀ-ÖØ-ÞА-ЯЁ][^\W\d_]{2,}")


def _same_name(asked: str, told: str) -> bool:
    """Whether two names are one, allowing for a case ending ("Свете" for "Света", "Максима"
    for "Максим"): they share all but the last letter of the shorter."""
    a, t = asked.casefold(), told.casefold()
    shared = len(next((a[:i] for i in range(min(len(a), len(t)), 0, -1) if a[:i] == t[:i]), ""))
    return a == t or shared >= max(3, min(len(a), len(t)) - 1)


def names_someone_told(question: str, memories: Iterable[str]) -> bool:
    """Whether ``question`` names by name someone (or something) the user's memories name
    ("where's Moira living now?", "Quel âge a Bastien ?", "Сколько лет Свете?" of a user who
    told "…подругу зовут Света"): it is about their people, not the world, even with no word
    of theirs in it. A memory's first word is no name (a sentence starts with a capital)."""
    asked = _asked_names(question)
    return bool(asked) and any(_names_one_of(asked, text) for text in memories)


def _asked_names(question: str) -> set[str]:
    """The names a question says: its capitalised words, or — written all in lower case
    ("how old is rory", "wo arbeitet lena") — every word of three letters or more, which
    only a told name matches."""
    asked = set(_NAME.findall(question))
    if asked or any(c.isupper() for c in question):
        return asked
    return set(re.findall(r"(?<![\w'’-])[^\W\d_]{3,}", question))


#: A name said in the user's words: after a naming verb ("heißt Dennis", "se llama doña Rosa",
#: "s'appelle Karim", "зовут Катя", "called Fiona") or right after one of their people ("Mi
#: carnal Chuy", "Notre petit-fils Théo"); a capitalised noun alone is none (German writes
#: every noun so).
_TOLD_NAME = re.compile(
    r"(?:\b(?:called|named|name\s+is|hei(?:ß|ss)(?:t|en)|llaman?|appellen?t?|зовут|звать)|"
    rf"(?<!\w)(?:{kin.relation_pattern(frozenset(kin.RELATIONS), alone=True)}))"
    r"\s*[,—-]?\s+(?:(?:doña|don|dr\.?|frau|herr|la|el|le)\s+)?"
    r"(?P<n>(?-i:[A-ZÀ-ÖØ-ÞА-ЯЁ])[^\W\d_]{2,})",
    re.IGNORECASE,
)


#: A name chat writes in lower case, told after a naming verb ("meine cousine heißt mara",
#: "mon pote s'appelle karim", "my cat's called pip", "жену зовут оля").
_TOLD_NAME_LOWER = re.compile(
    r"\b(?:called|named|name\s+is|hei(?:ß|ss)(?:t|en)|llaman?|appellen?t?|зовут|звать)"
    r"\s+(?P<n>[^\W\d_]{3,})",
    re.IGNORECASE,
)


def _told_names(memory: str) -> set[str]:
    """The names a memory says: its capitalised words but the first, and those after a naming
    verb in any case."""
    told = set(_NAME.findall(memory[1:]))
    return told | {m["n"].capitalize() for m in _TOLD_NAME_LOWER.finditer(memory)}


def names_told_in(question: str, memory: str) -> bool:
    """Whether ``question`` names by name someone ``memory`` names as one of the user's
    people ("Was macht Till beruflich?" of "Unser Schwiegersohn heißt Till.", "¿En qué
    chambea Chuy?" of "Mi carnal Chuy reparte pizzas.")."""
    asked = _asked_names(question)
    told = {m["n"] for m in _TOLD_NAME.finditer(memory)}
    told |= {m["n"].capitalize() for m in _TOLD_NAME_LOWER.finditer(memory)}
    return any(_same_name(a, t) for a in asked for t in told)


def _names_one_of(asked: set[str], memory: str) -> bool:
    return any(_same_name(a, t) for t in _told_names(memory) for a in asked)
