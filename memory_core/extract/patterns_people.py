"""Rules for the user's people and animals: family members' names and homes, pets' names."""

from __future__ import annotations

import re

from memory_core.extract import notes
from memory_core.extract.base import Candidate
from memory_core.extract.lexicon import (
    FAMILY,
    FAMILY_CANONICAL,
    NOT_FOR_PRONOUN,
    OCCUPATIONS,
    PEOPLE,
    PET_BREEDS,
    PET_CANONICAL,
    PET_SPECIES,
)
from memory_core.extract.patterns_home_work import place
from memory_core.extract.patterns_identity import person_name
from memory_core.extract.patterns_statements import person_statement
from memory_core.extract.rule import Context, Rule, fact
from memory_core.extract.text import alternation, slug
from memory_core.text import kin, numbers
from memory_core.values import Category

#: Relations of the ``people`` group said of a service as often as of someone: "my doctor
#: is …" and "my teacher is Spanish" say something else too often.
_SAID_OF_A_SERVICE = frozenset({"teacher", "coach", "doctor", "therapist", "landlord"})
#: Friends, colleagues, in-laws and godparents read like relatives ("my friend Marco lives
#: in Rome"), under ``people.<relation>.*`` keys: the shared vocabulary's English words for
#: one of them (``memory_core.text.kin``), not every word of the general reading's list
#: ("my date is Friday").
FRIENDS = frozenset(
    w
    for w, r in kin.relation_words("en", group="people", plural=False).items()
    if r not in _SAID_OF_A_SERVICE
)
REL = rf"(?P<rel>{alternation(FAMILY | FRIENDS)})"
SPECIES = rf"(?P<sp>{alternation(PET_SPECIES | frozenset(PET_BREEDS))})"
ADJ = (
    # "a 6-year-old daughter called Ana": an age before the relation is no part of the name;
    # the shared vocabulary's words (``memory_core.text.kin``), then a pet's.
    rf"(?:(?:\d{{1,2}}-(?:year|month|week)-old|{alternation(frozenset(kin.BEFORE_A_RELATION))}|"
    r"very|lazy|crazy|cheeky|naughty|spoilt|spoiled|senior|tiny|giant|ginger|tabby|"
    r"chunky|grumpy|elderly|fat|chubby|scruffy|hairy|greedy|daft|noisy|smelly)\s+)*"
)
_CALLED = r"(?:'s\s+name\s+is|\s+is\s+(?:now\s+)?(?:called|named)|\s+goes\s+by|\s+is\s+named)"


def relation_key(word: str) -> str:
    """Canonical relation: "mum" → "mother", "best friend" → "best_friend"."""
    low = re.sub(r"\s+", " ", word.lower())
    return slug(FAMILY_CANONICAL.get(low, low))


def group_of(word: str) -> str:
    """The key family of a relation word: ``people`` for friends and colleagues, else
    ``family``."""
    return "people" if re.sub(r"\s+", " ", word.lower()) in FRIENDS else "family"


def prefix_of(rel: str, name: str | None = None) -> str:
    """Whose facts: ``family.brother`` or, named, ``family.brother.marco``."""
    base = f"{group_of(rel)}.{relation_key(rel)}"
    return f"{base}.{slug(name)}" if name and slug(name) else base


def species_key(word: str) -> str:
    """Canonical species: "puppy" → "dog"; plain "pet" has none."""
    low = re.sub(r"\s+", " ", word.lower())
    low = PET_BREEDS.get(low, low)  # "a beagle called Biscuit" is a dog
    return PET_CANONICAL.get(low, low).replace(" ", "_")


def _spoken(word: str) -> str:
    return re.sub(r"\s+", " ", word.lower())


_FAMILY_CALLED = re.compile(rf"^(?:my|our)\s+{ADJ}{REL}{_CALLED}\s+(?P<n>.+)$", re.IGNORECASE)
_FAMILY_IS = re.compile(
    rf"^(?:my|our)\s+{ADJ}{REL}\s+is\s+(?P<n>[^\W\d_][\w'-]*(?:\s+[^\W\d_][\w'-]*)?)\s*[.!]?$",
    re.IGNORECASE,
)
_HAVE_FAMILY = re.compile(
    r"^(?:i|we)(?:\s+also)?(?:\s+have|\s+have\s+got|'ve\s+(?:also\s+)?got|'ve)\s+"
    # "I have another brother, Sam": one more, named (arbitration keeps him beside the first)
    rf"(?P<count>a|an|one|another|a\s+second|one\s+more|two|three|four|five|\d)\s+{ADJ}{REL}s?"
    r"(?:\s+(?:called|named)|\s*,|\s*:)\s+(?P<n>.+)$",
    re.IGNORECASE,
)
# "Leo who is 7", "Ida (4)", "Sam, aged 10": one named member of a list, with an age.
_MEMBER = re.compile(
    r"^(?P<n>[^\W\d_][\w'-]*)(?:\s*,?\s*(?:who\s+is|who's|is|aged|age)\s+(?P<age>\d{1,3})"
    r"(?:\s+(?:years?|yrs?)(?:\s+old)?)?|\s*\((?P<paren>\d{1,3})\))?$",
    re.IGNORECASE,
)
_LIST_SEPARATOR = re.compile(r"\s*,\s*(?:and\s+)?|\s+(?:and|&)\s+", re.IGNORECASE)
_FAMILY_NAMED = re.compile(
    rf"^(?:my|our)\s+{ADJ}{REL}\s*,?\s+(?P<n>[^\W\d_][\w'-]*)\b(?P<rest>.*)$", re.IGNORECASE
)
_FAMILY_HOME = re.compile(
    rf"^(?:my|our)\s+{ADJ}{REL}(?:\s*,?\s+(?P<n>[^\W\d_][\w'-]*)\s*,?)?\s+(?:still\s+|now\s+)?"
    r"(?:lives|is\s+living|is\s+based|has\s+moved|just\s+moved|moved)\s+(?:in|to)\s+(?P<p>.+)$",
    re.IGNORECASE,
)


def _member_name(
    rel: str, name: str, ctx: Context, hint: float, *, keyed: bool = False
) -> list[Candidate]:
    """The name of one of the user's people: their relation to the user. ``keyed``: the name
    goes into the key too ("my brother Marco …" → ``family.brother.marco.name``), so two
    brothers stay two people; a naming statement ("my sister is called Eva") keeps the
    relation's single slot, which a correction updates."""
    key = f"{prefix_of(rel, name if keyed else None)}.name"
    text = f"{ctx.possessive} {_spoken(rel)} is named {name}."
    return fact(key, text, Category.RELATIONSHIP, hint, name)


def _members(raw: str, ctx: Context) -> list[tuple[str, str | None]] | None:
    """(name, age) for each member of "Leo who is 7 and Ida who is 4", or None if not a list
    of names."""
    out: list[tuple[str, str | None]] = []
    for item in _LIST_SEPARATOR.split(raw.strip().rstrip(".!")):
        m = _MEMBER.match(item.strip())
        if m is None:
            return None
        # A capitalised word in a list of the user's people is a name even when it is also
        # a job's short word ("two sons, Kai and Dev").
        capital = m.group("n")[:1].isupper()
        name = person_name(m.group("n"), ctx, strict=False, max_words=1, named=capital)
        if name is None or _is_relation_word(name) or _is_animal_word(name):
            return None  # "I have a mom, dad and brother": relations, not names
        out.append((name, m.group("age") or m.group("paren")))
    return out


def _named_members(m: re.Match[str], ctx: Context) -> list[Candidate]:
    """Each named member of "I have two kids, Leo who is 7 and Ida who is 4" (name and age)."""
    rel = m.group("rel")
    members = _members(m.group("n"), ctx)
    if members is None:
        # After a bare comma only a capitalised name is one ("one sister, two step sisters").
        named = bool(re.search(r"\b(?:called|named)\s*$", m.string[: m.start("n")], re.I))
        name = person_name(m.group("n"), ctx, strict=not named)
        return _member_name(rel, name, ctx, 0.8) if name else []
    return _listed(rel, members, ctx)


_IRREGULAR = {"child": "children", "wife": "wives", "grandchild": "grandchildren"}


def _plural(noun: str) -> str:
    """ "son" → "sons", "child" → "children"."""
    return _IRREGULAR.get(noun, f"{noun}s")


def _listed(rel: str, members: list[tuple[str, str | None]], ctx: Context) -> list[Candidate]:
    """The names (and ages) of the user's people of one relation, listed."""
    out: list[Candidate] = []
    several = len(members) > 1
    for name, age in members:
        # Several members of one relation: each gets their own key, named after them.
        key = prefix_of(rel, name if several else None)
        if several:
            plural = f"{ctx.possessive_within} {_plural(_spoken(rel))}"
            text = f"{name}, one of {plural}, is {age}." if age else f"{name} is one of {plural}."
            out += fact(f"{key}.name", text, Category.RELATIONSHIP, 0.8, name)
            if age:  # "how old is Leo?" reads their age
                out += fact(f"{key}.age", text, Category.RELATIONSHIP, 0.75, age)
            continue
        out += _member_name(rel, name, ctx, 0.8)
        if age:
            text = f"{ctx.possessive} {_spoken(rel)} {name} is {age}."
            out += fact(f"{key}.age", text, Category.RELATIONSHIP, 0.75, age)
    return out


_VERBISH = frozenset(
    """is was has had and or but lives lived works worked loves loved likes liked inspires
    makes made says said thinks goes went gets got does did""".split()
)


#: "We have two girls, Mia and Zoe": girls and boys the user has, named, are their children.
_GIRLS_BOYS = re.compile(
    r"^((?:i|we)(?:\s+also)?(?:\s+have|\s+have\s+got|'ve\s+(?:also\s+)?got|'ve)\s+"
    r"(?:a|one|two|three|four|five|\d|twin)"
    r"\s+(?:little\s+|young\s+|teenage\s+|twin\s+)?)(girl|boy)(s?)(?=\s*,|\s+(?:called|named)\b)",
    re.IGNORECASE,
)


#: "two children, Amy and Zoe": the irregular plural, named, said as the rules read a count.
_CHILDREN = re.compile(r"(?<=\s)children(?=\s*[,:]|\s+(?:called|named)\b)", re.IGNORECASE)


def _as_children(m: re.Match[str]) -> str:
    """ "two girls" → "two daughters", "a boy" → "a son", "twin boys" → "two twin sons"."""
    lead = re.sub(r"\btwin\s+$", "two twin ", m.group(1), flags=re.IGNORECASE)
    return lead + ("daughter" if m.group(2).lower() == "girl" else "son") + m.group(3)


#: The English words for several of one relation ("grandkids", "daughters") → the relation.
_PLURALS = {
    w: r
    for w, r in kin.relation_words("en", group="family").items()
    if w not in kin.relation_words("en", group="family", plural=False)
}
_PLURAL = alternation(frozenset(_PLURALS))
#: "We have two grandchildren, Alfie and Poppy", "my grandsons are Bo and Cy", "my kids
#: are Bo and Cy": several of one relation, then their names.
_SEVERAL_NAMED = re.compile(
    r"^(?:(?:i|we)(?:\s+also)?(?:\s+have|\s+have\s+got|'ve\s+(?:also\s+)?got|'ve)\s+"
    r"(?:two|three|four|five|six|seven|eight|nine|ten|[2-9]|\d\d)\s+"
    rf"{ADJ}(?P<rel>{_PLURAL})(?:\s+(?:called|named)|\s*[,:–—-])"
    rf"|(?:my|our)\s+{ADJ}(?P<rel2>{_PLURAL})\s+are(?:\s+(?:called|named))?)\s+(?P<n>.+)$",
    re.IGNORECASE,
)


#: "my sons Tom and Ben are at school", "our grandkids Paul, Mia and Lou": several of one
#: relation, their capitalised names right after the plural word (two at least).
_PLURAL_BESIDE = re.compile(
    rf"^(?:my|our)\s+{ADJ}(?P<rel>{_PLURAL})\s*,?\s+"
    r"(?P<n>(?-i:[A-Z][\w'-]*)(?:(?:\s*,\s*(?:and\s+)?|\s+(?:and|&)\s+)(?-i:[A-Z][\w'-]*))+)"
    r"(?![\w'-])",
    re.IGNORECASE,
)


def _plural_beside(clause: str, ctx: Context) -> list[Candidate] | None:
    """Each of "my sons Tom and Ben …" by name (what the rest says of them all is not
    theirs one by one); ``None`` when the clause is not so."""
    m = _PLURAL_BESIDE.match(clause)
    if m is None or ctx.lowercase:
        return None
    members = _members(m["n"], ctx)
    if not members or len(members) < 2:
        return None
    named = _listed(_PLURALS[re.sub(r"\s+", " ", m["rel"].lower())], members, ctx)
    if clause[m.end() :].strip(" .!"):
        # "My daughters Amy and Zoe live in Leeds": the rest is theirs together, kept in the
        # user's words beside the names.
        named += notes.note(clause, "en", ctx)
    return named


def _several_named(clause: str, ctx: Context) -> list[Candidate] | None:
    """Each of several of one relation, named after them; ``None`` when the clause is not so."""
    m = _SEVERAL_NAMED.match(clause)
    if m is None:
        return _plural_beside(clause, ctx)
    rel = _PLURALS[re.sub(r"\s+", " ", (m["rel"] or m["rel2"]).lower())]
    # "…, both at nursery": what follows the names is said of them all.
    names = re.split(r"\s*,\s*(?=(?:both|all|who|each)\b)", m["n"].strip(), maxsplit=1)[0]
    said = [w for w in re.split(r"\s*,\s*(?:and\s+)?|\s+(?:and|&)\s+", names) if w]
    if m["rel2"] and (ctx.lowercase or not all(w[:1].isupper() for w in said)):
        return None  # "my daughters are lovely and kind": what they are, not their names
    members = _members(names, ctx)
    if not members or len(members) < 2:
        return None
    return _listed(rel, members, ctx)


def _named_list(clause: str, ctx: Context) -> list[Candidate] | None:
    """ "I have two kids, Leo and Ida", "my grandkids are Bo and Cy": the members named."""
    m = _HAVE_FAMILY.match(_CHILDREN.sub("kids", _GIRLS_BOYS.sub(_as_children, clause)))
    if m is not None:
        return _named_members(m, ctx)
    return _several_named(clause, ctx)


def family(clause: str, ctx: Context) -> list[Candidate]:
    """Reads "My sister is called Eva", "my sister Eva lives in Rome", "I have two kids, Leo
    and Ida" → ``family.<relation>.*`` (the member's own facts, never the user's)."""
    out: list[Candidate] = []
    listed = _named_list(clause, ctx)
    if listed is not None:
        return listed
    m = _FAMILY_CALLED.match(clause)
    if m is not None:
        # Said as a name ("my husband is called Dev"): a capitalised word that is also a job's
        # or a nationality's is the name.
        name = person_name(m.group("n"), ctx, strict=False, named=True)
        return _member_name(m.group("rel"), name, ctx, 0.8) if name else []
    m = _FAMILY_IS.match(clause)
    if m is not None:
        name = person_name(m.group("n"), ctx, strict=True, max_words=2)
        return _member_name(m.group("rel"), name, ctx, 0.75) if name else []
    m = _FAMILY_NAMED.match(clause)
    h = _FAMILY_HOME.match(clause)
    name = None
    if m is not None:
        # "my husband Dev": right after the relation a capitalised word is their name
        name = person_name(m.group("n"), ctx, strict=True, max_words=1, named=True)
        if name is not None and name.lower() in _VERBISH:
            name = None  # "MY MOM IS A PRO TENNIS PLAYER": shouting, not a name
        if name is not None:
            out += _member_name(m.group("rel"), name, ctx, 0.7, keyed=True)
            if h is None:
                # "My wife Sofia is a doctor": her name, and what the rest says about her.
                out += person_statement(m.group("rel"), m.group("rest"), clause, ctx, name=name)
    if h is not None:
        found = place(h.group("p").partition(",")[0], ctx)
        if found is not None:
            rel = h.group("rel")
            named = name if m is not None and h.group("n") else None
            who = f"{_spoken(rel)} {named}" if named else _spoken(rel)
            text = f"{ctx.possessive} {who} lives in {found[0]}."
            key = f"{prefix_of(rel, named)}.home"
            out += fact(key, text, Category.RELATIONSHIP, 0.7, found[0])
    return out


_PET_CALLED = re.compile(rf"^(?:my|our)\s+{ADJ}{SPECIES}{_CALLED}\s+(?P<n>.+)$", re.IGNORECASE)
_HAVE_PET = re.compile(
    r"^(?:i|we)(?:'ve|\s+have)?\s+(?:also\s+|just\s+|recently\s+)?(?:have|got|adopted|own|"
    # "we got another cat called Luna", "we have a second dog, Toby": one more, named.
    rf"rescued)\s+(?:a|an|one|1|another|a\s+second|one\s+more)\s+{ADJ}{SPECIES}"
    r"(?:\s+(?:called|named)|\s*,)\s+(?P<n>.+)$",
    re.IGNORECASE,
)
#: "We adopted a kelpie named Rusty": what is adopted or rescued and named is a pet, even of a
#: breed no list names (a child is adopted too: relatives are no species).
_ADOPTED = re.compile(
    r"^(?:i|we)(?:'ve|\s+have)?\s+(?:also\s+|just\s+|recently\s+|finally\s+)?(?:adopted|rescued)"
    rf"\s+(?:a|an)\s+{ADJ}(?P<sp>[a-z]+(?:-[a-z]+)?)\s+(?:called|named)\s+(?P<n>.+)$",
    re.IGNORECASE,
)
_NO_SPECIES = FAMILY | PEOPLE | frozenset("baby boy girl child kid toddler infant teen".split())
_RENAMED_TO = re.compile(
    r"^(?:i|we)(?:'ve|\s+have)?\s+(?:just\s+|finally\s+)?renamed\s+(?:my|our|the)\s+"
    rf"{ADJ}{SPECIES}(?:\s+\S+)?\s*(?:\s+to|[,;:]\s*(?:she|he|it|they)(?:'s|'re|\s+is|\s+are)"
    r"\s+(?:now\s+)?(?:called|named))\s+(?P<n>.+)$",
    re.IGNORECASE,
)
_RENAMED = re.compile(
    r"^(?:i|we)(?:'ve|\s+have)?\s+(?:just\s+|finally\s+)?renamed\s+(?:my|our|the)\s+"
    rf"{ADJ}{SPECIES}\s+(?P<n>.+)$",
    re.IGNORECASE,
)
# "… a dog named Rex and a cat called Mimi": the second pet starts a new statement.
_ANOTHER_PET = re.compile(
    r"\s*(?:,\s*(?:and\s+)?|\s+and\s+)(?=(?:also\s+)?(?:a|an|one|my|our)\s+"
    rf"{ADJ}(?:{alternation(PET_SPECIES)})\s+(?:called|named)\b)",
    re.IGNORECASE,
)
_PET_NAMED = re.compile(rf"^(?:my|our)\s+{ADJ}{SPECIES}\s*,?\s+(?P<n>[^\W\d_][\w'-]*)\b", re.I)
#: "we have two dogs, Rex and Max", "our three cats: Tig, Tog and Pip": several pets, named.
_SEVERAL_PETS = re.compile(
    r"^(?:(?:i|we)(?:'ve|\s+have)?\s+(?:also\s+)?(?:have|got|own)\s+(?:got\s+)?|(?:my|our)\s+)?"
    r"(?:two|three|four|five|[2-9]|a\s+couple\s+of|a\s+pair\s+of)\s+"
    rf"{ADJ}{SPECIES}(?:s|es)?(?:\s+(?:called|named)|\s*[,:])\s+(?P<n>.+)$",
    re.IGNORECASE,
)
#: "the cat is a Persian called Fig": the pet just spoken of, its breed and name.
_THE_PET_IS = re.compile(
    rf"^(?:the|my|our)\s+(?:dog|cat|pup|puppy|kitten|bird|rabbit|bunny)\s+is\s+(?:a|an)\s+{ADJ}"
    rf"{SPECIES}\s+(?:called|named)\s+(?P<n>.+)$",
    re.IGNORECASE,
)


def _several_pets(clause: str, ctx: Context) -> list[Candidate]:
    """Each pet of "we have two dogs, Rex and Max" by name (``pet.dog.rex.name``)."""
    m = _SEVERAL_PETS.match(clause)
    if m is None:
        return []
    names = [n.strip() for n in _LIST_SEPARATOR.split(m.group("n").strip().rstrip(".!"))]
    found = [person_name(n, ctx, strict=False, max_words=1, named=n[:1].isupper()) for n in names]
    if len(found) < 2 or any(n is None or _is_animal_word(n) for n in found):
        return []
    species = species_key(m.group("sp"))
    out: list[Candidate] = []
    for name in found:
        assert name is not None
        text = f"{name} is one of {ctx.possessive_within} {_spoken(m.group('sp'))}s."
        key = f"pet.{species}.{slug(name)}.name" if species != "pet" else f"pet.{slug(name)}.name"
        out += fact(key, text, Category.RELATIONSHIP, 0.8, name)
    return out


def pets(clause: str, ctx: Context) -> list[Candidate]:
    """Reads "My dog's name is Rex", "we renamed our cat to Tim" → ``pet.<species>.name``."""
    renamed = False
    strict = False
    several = _several_pets(clause, ctx)
    if several:
        return several
    m = _PET_CALLED.match(clause) or _HAVE_PET.match(clause) or _THE_PET_IS.match(clause)
    if m is None:
        adopted = _ADOPTED.match(clause)
        m = adopted if adopted and adopted.group("sp").lower() not in _NO_SPECIES else None
    more: list[Candidate] = []
    if m is not None:
        name_part, *rest = _ANOTHER_PET.split(m.group("n"), maxsplit=1)
        if rest:
            more = pets("I have " + rest[0], ctx)
            clause = clause[: m.start("n")] + name_part
            m = _PET_CALLED.match(clause) or _HAVE_PET.match(clause)
    if m is None:
        m = _RENAMED_TO.match(clause) or _RENAMED.match(clause)
        renamed = m is not None
    if m is None:
        m = _PET_NAMED.match(clause)
        strict = True
    if m is None:
        return []
    name = person_name(m.group("n"), ctx, strict=strict, max_words=1 if strict else 3)
    if name is None or _is_animal_word(name):
        return []  # "a parakeet, dog, cat and a lizard": a list of pets, not a pet named Dog
    species = species_key(m.group("sp"))
    key = "pet.name" if species == "pet" else f"pet.{species}.name"
    text = f"{ctx.possessive} {_spoken(m.group('sp'))} is named {name}."
    hint = 0.7 if strict else 0.8
    since = ctx.time if renamed or "now" in clause.lower().split() else None
    out = fact(key, text, Category.RELATIONSHIP, hint, name, valid_from=since) + more
    aged = _PET_AGED.match(clause[m.end("n") :]) if strict and species != "pet" else None
    age = _EN_NUMBERS.get(aged["a"].lower(), aged["a"]) if aged else None
    if age is not None and age.isdigit() and 0 < int(age) < 40:
        said = f"{ctx.possessive} {_spoken(m.group('sp'))} {name} is {age}."
        out += fact(f"pet.{species}.age", said, Category.RELATIONSHIP, 0.75, age)
    return out


_EN_NUMBERS = {w: str(n) for w, n in numbers.values("en", low=1).items()}
#: "Our dog Bramble is nine (and …)": the age said right after the pet's name.
_PET_AGED = re.compile(
    rf"^\s+is\s+(?:now\s+)?(?P<a>\d{{1,2}}|{'|'.join(_EN_NUMBERS)})"
    r"(?:\s+(?:years?|yrs?)(?:\s+old)?)?\s*(?:$|[.!,;]|\s+and\s)",
    re.IGNORECASE,
)


# ---- someone named without a relation: "Marco is a chef" ------------------------------------

_BARE_NAME = re.compile(
    r"^(?P<n>[A-Z][\w'-]+(?:\s+[A-Z][\w'-]+)?)(?P<rest>(?:'s|\s+(?:is|works|lives|has|just|now|"
    r"still|moved|recently))\b.*)$"
)
_IS = r"(?:'s|\s+is)\s+(?:now\s+|still\s+)?"
_BARE_RELATION = re.compile(rf"^{_IS}(?:my|our)\s+{ADJ}{REL}$", re.IGNORECASE)
_BARE_JOB = re.compile(
    rf"^(?:{_IS}|\s+works\s+as\s+)(?P<a>a|an)\s+(?P<np>[\w\s-]+?)"
    r"(?:\s+(?:at|for|in)\s+(?P<org>.+))?$",
    re.IGNORECASE,
)
_BARE_EMPLOYER = re.compile(r"^\s+works\s+(?:at|for)\s+(?P<org>.+)$", re.IGNORECASE)
_BARE_HOME = re.compile(
    r"^(?:\s+(?:still\s+|now\s+)?lives|\s+is\s+(?:living|based)|\s+(?:has\s+|just\s+|recently\s+)"
    r"?moved)\s+(?:in|to)\s+(?P<p>.+)$",
    re.IGNORECASE,
)
_BARE_AGE = re.compile(rf"^{_IS}(?P<age>\d{{1,3}})(?:\s+years?\s+old)?$", re.IGNORECASE)
_NOT_SOMEONE = frozenset(
    """he she it this that there here they we you everyone everybody someone somebody nobody
    god today tomorrow yesterday life work home everything nothing family parents kids
    children folks siblings i
    finally recently actually also just so well basically honestly luckily sadly eventually
    officially""".split()
)
#: Words that judge rather than name a job ("Stephen King is a favorite author").
_JUDGING = frozenset(
    """good bad great terrible awful decent amazing excellent avid amateur aspiring wannabe
    hard big huge lousy horrible poor wonderful fantastic favorite favourite best worst
    brilliant talented famous""".split()
)


def _is_animal_word(word: str) -> bool:
    """True for "dog", "dogs", "Cat": a kind of animal, not a name."""
    low = " ".join(word.lower().split())
    return any(w in PET_SPECIES or w in PET_BREEDS for w in (low, low.removesuffix("s")))


def _is_relation_word(word: str) -> bool:
    low = " ".join(word.lower().split())
    return low in FAMILY or low in FRIENDS or low.rstrip("s") in FAMILY or low in _NOT_SOMEONE


def bare_name(raw: str, ctx: Context, *, named: bool = False) -> str | None:
    """The name of someone the user names without a relation ("Marco"), or None; ``named``:
    said where only a name goes, so a job's word may be one (``person_name``)."""
    first = re.split(r"['’]", raw.split()[0])[0]  # "We've moved to Whitby": "we"
    if first.lower() in _NOT_SOMEONE or _is_relation_word(first):
        return None  # "Brother lives in England": a relation typed without "my"
    name = person_name(raw, ctx, strict=True, max_words=2, named=named)
    if name is None or (ctx.name and slug(name) in {slug(ctx.name), slug(ctx.name.split()[0])}):
        return None  # the user's own name said in the third person is not someone else
    return name


def _named_like_a_job(raw: str, rest: str, ctx: Context) -> str | None:
    """ "Dev's a pharmacist", "Mason is a plumber": a capitalised job's word said of someone
    who has a job of their own is their name (a job is said "the dev")."""
    job = _BARE_JOB.match(rest)
    if job is None or not _is_occupation(job.group("np")) or len(raw.split()) != 1:
        return None
    if re.split(r"['’]", raw)[0].lower() not in OCCUPATIONS:
        return None  # only a job's word ("Marta", the user's own name, was no one else)
    return bare_name(raw, ctx, named=True)


def named_person(clause: str, ctx: Context) -> list[Candidate]:
    """Reads "Marco is a chef", "Marco lives in Rome", "Marco is my brother" → ``person.marco.*``
    (learning files them under the person the user named before, see
    ``memory_core.read.people``)."""
    m = _BARE_NAME.match(clause)
    if m is None:
        return []
    name = bare_name(m.group("n"), ctx) or _named_like_a_job(m.group("n"), m.group("rest"), ctx)
    if name is None:
        return []
    rest, key = m.group("rest"), f"person.{slug(name)}"
    rel = _BARE_RELATION.match(rest)
    if rel is not None:
        return _member_name(rel.group("rel"), name, ctx, 0.75, keyed=True)
    job = _BARE_JOB.match(rest)
    if job is not None and _is_occupation(job.group("np")):
        text = f"{name} is {job.group('a').lower()} {job.group('np').strip()}"
        org = place(job.group("org") or "", ctx) if job.group("org") else None
        text += f" at {org[0]}." if org else "."
        return fact(f"{key}.job", text, Category.RELATIONSHIP, 0.6, job.group("np").strip())
    employer = _BARE_EMPLOYER.match(rest)
    if employer is not None:
        org = place(employer.group("org"), ctx)
        if org is not None:
            return fact(
                f"{key}.employer", f"{name} works at {org[0]}.", Category.RELATIONSHIP, 0.6, org[0]
            )
    home = _BARE_HOME.match(rest)
    if home is not None:
        found = place(home.group("p").partition(",")[0], ctx)
        if found is not None:
            text = f"{name} lives in {found[0]}."
            return fact(f"{key}.home", text, Category.RELATIONSHIP, 0.6, found[0])
    age = _BARE_AGE.match(rest)
    if age is not None:
        text = f"{name} is {age.group('age')}."
        return fact(f"{key}.age", text, Category.RELATIONSHIP, 0.55, age.group("age"))
    return []


def _is_occupation(phrase: str) -> bool:
    words = phrase.lower().split()
    if not words or _JUDGING.intersection(words):
        return False
    # "sous-chef", "head-teacher": a hyphenated compound is the job of its last part.
    last = words[-1].rsplit("-", 1)[-1]
    return phrase.lower() in OCCUPATIONS or words[-1] in OCCUPATIONS or last in OCCUPATIONS


# ---- "… and he is a chef": who a pronoun stands for, within one turn ------------------------

_MENTION = re.compile(
    rf"^(?P<who>(?:my|our)\s+{ADJ}{REL}(?:\s*,?\s+(?P<n>[A-Z][\w'-]*))?)(?=[\s,']|$)",
    re.IGNORECASE,
)
_BARE_MENTION = re.compile(r"^(?P<who>[A-Z][\w'-]+)(?='s\s|\s+is\s+(?:my|our)\s)")
_HAVE_MENTION = re.compile(
    rf"^(?:i|we)\s+(?:also\s+)?(?:have|'ve\s+got|have\s+got)\s+(?:a|an|one)\s+{ADJ}{REL}"
    r"(?:\s+(?:called|named)\s+(?P<n>[A-Z][\w'-]*))?\s*$",
    re.IGNORECASE,
)
_PRONOUN = re.compile(r"^(?P<p>he|she)(?P<v>'s|\s+)(?P<rest>.*)$", re.IGNORECASE)


def mentioned(clause: str, ctx: Context) -> str | None:
    """The person a clause starts with, as a phrase a pronoun can stand for ("my friend
    Marco"), or None."""
    m = _MENTION.match(clause)
    if m is not None:
        name = m.group("n")
        if name and person_name(name, ctx, strict=True, max_words=1) is None:
            return m.group("who")[: m.start("n")].rstrip(" ,")
        return m.group("who")
    have = _HAVE_MENTION.match(clause)
    if have is not None:
        # "I have a son and he is autistic": "he" is the son.
        name = have.group("n")
        return f"my {_spoken(have.group('rel'))}" + (f" {name}" if name else "")
    bare = _BARE_MENTION.match(clause)
    if bare is not None and bare_name(bare.group("who"), ctx) is not None:
        return bare.group("who")
    pet = _PET_CALLED.match(clause) or _HAVE_PET.match(clause)
    if pet is not None:
        # "we've got a collie called Bran, he's 12": "he" is the collie Bran.
        name = person_name(pet.group("n"), ctx, strict=False, max_words=1)
        if name is not None and not _is_animal_word(name):
            return f"my {pet.group('sp').lower()} {name}"
    return None


def resolve_pronoun(clause: str, person: str | None) -> str:
    """ "he is a chef" → "my friend Marco is a chef" when ``person`` was just mentioned."""
    m = _PRONOUN.match(clause)
    if m is None or person is None or not m.group("rest"):
        return clause
    said = set(person.lower().split())
    if NOT_FOR_PRONOUN[m.group("p").lower()] & said:
        return clause  # "my sister has a dog called Rex, he's 4": "he" is not the sister
    verb = m.group("v")
    if verb == "'s":
        first = m.group("rest").split()[0].lower() if m.group("rest").split() else ""
        verb = " has " if first in {"got", "been"} else " is "
    return f"{person}{verb}{m.group('rest')}"


_IN_PASSING = re.compile(
    rf"(?<![\w'])(?:with|and|to|from|for|visiting|visited|see|saw|met)\s+(?:my|our)\s+{ADJ}{REL}"
    r"\s+(?P<n>[A-Z][\w'-]*)(?![\w'-])"
)


_PET_IN_PASSING = re.compile(
    rf"(?<![\w'])(?:with|and|walk|walking|walked)\s+(?:my|our)\s+{ADJ}{SPECIES}"
    r"\s+(?P<n>[A-Z][\w'-]*)(?![\w'-])"
)


def mentioned_members(clause: str, ctx: Context) -> list[Candidate]:
    """ "I moved here with my partner Tom and our little boy Oisín": people named in passing,
    after a preposition, each under their relation (a statement about them is read elsewhere);
    "we moved to Leeds with our cat Luna": a pet named in passing."""
    out: list[Candidate] = []
    for m in _PET_IN_PASSING.finditer(clause):
        name = person_name(m.group("n"), ctx, strict=True, max_words=1)
        if name is not None and not _is_animal_word(name) and not _is_relation_word(name):
            species = species_key(m.group("sp"))
            key = "pet.name" if species == "pet" else f"pet.{species}.name"
            text = f"{ctx.possessive} {_spoken(m.group('sp'))} is named {name}."
            out += fact(key, text, Category.RELATIONSHIP, 0.65, name)
    for m in _IN_PASSING.finditer(clause):
        # Capitalised right after the relation, it is said as a name ("with my husband Dev":
        # a job's word too, as "my name is Dev" is).
        name = person_name(m.group("n"), ctx, strict=True, max_words=1, named=True)
        if name is not None and not _is_relation_word(name):
            out += _member_name(m.group("rel"), name, ctx, 0.65, keyed=True)
    return out


_PARENT_OF = re.compile(
    r"^(?:(?:i'm|i\s+am|im)\s+(?:a\s+)?)?(?:proud\s+|busy\s+|single\s+|working\s+|"
    r"full[-\s]time\s+|stay[-\s]at[-\s]home\s+)?"
    r"(?:mum|mom|mother|mama|dad|father|parent)\s+(?:of|to)\s+(?:my\s+|our\s+)?"
    r"(?P<n>one|two|three|four|five|six|seven|eight|\d|(?P<twins>twins))"
    r"(?:\s+(?P<k>kids|children|boys|girls|sons|daughters)"
    r"(?P<more>\s+and\s+(?:a|one|two|three|four|five|\d)\s+(?:boys?|girls?|sons?|daughters?))?)?"
    # "…, Lea and Paul", "…: Al, Bo and Cy", "mum of two here, …": their names.
    r"(?:\s+here)?(?:\s*[,:]\s*(?P<names>[^\W\d_][\w'-]*(?:\s*(?:,\s*(?:and\s+)?|\s+and\s+|\s*&\s*)"
    r"[^\W\d_][\w'-]*)*))?$",
    re.IGNORECASE,
)
#: Who the children listed after "mum of …" are: sons, daughters, or children.
_LISTED_AS = {"boys": "son", "sons": "son", "girls": "daughter", "daughters": "daughter"}


def parent_of(clause: str, ctx: Context) -> list[Candidate]:
    """Reads "I'm a mum of two", "father of three" → ``family.children``: how many children;
    "…, Lea and Paul" after it → each child's name (never the user's)."""
    m = _PARENT_OF.match(clause.strip().rstrip(".!"))
    if m is None:
        return []
    n = "two" if m.group("twins") else m.group("n").lower()
    kids = m.group("k") or ("child" if n in {"one", "1"} else "children")
    members = _members(m.group("names"), ctx) if m.group("names") else None
    if m.group("names") and (members is None or m.group("more")):
        return []  # "mum of two, bless them": no list of names, nothing read as one
    text = f"{ctx.subject} has {n} {kids.lower()}{(m.group('more') or '').lower()}."
    out = fact("family.children", text, Category.RELATIONSHIP, 0.7, None)
    if members:
        rel = _LISTED_AS.get((m.group("k") or "").lower(), "child")
        out += _listed(rel, members, ctx)
    if re.search(r"\bsingle\s+(?:mum|mom|mother|mama|dad|father|parent)\b", clause, re.I):
        out += fact("relationship.single", f"{ctx.subject} is single.", Category.RELATIONSHIP, 0.6)
    return out


_WED_TO = re.compile(
    r"^(?:i'm|i\s+am|im|(?:i'?ve\s+|i\s+have\s+)?been)\s+(?:(?:now|happily|newly|recently|just|also)\s+)*"
    r"(?P<s>married|engaged)\s+to\s+(?P<n>[^\W\d_][\w'-]*)"
    # "… for 10 yrs", "… since 2015": how long, said after the name.
    r"(?:\s+(?:for\s+(?:\d+|\w+)\s+(?:years?|yrs?|months?)|since\s+\w+))?$",
    re.IGNORECASE,
)


def wed_to(clause: str, ctx: Context) -> list[Candidate]:
    """Reads "I'm married to Sam", "I'm engaged to Priya" → the status and the partner's
    name (``family.spouse.name``, ``family.fiance.name``)."""
    m = _WED_TO.match(clause.strip())
    name = ctx.proper(m.group("n"), strict=True) if m else None
    if m is None or name is None:
        return []
    status = m.group("s").lower()
    rel = "spouse" if status == "married" else "fiance"
    cat = Category.RELATIONSHIP
    return fact(f"relationship.{status}", f"{ctx.subject} is {status}.", cat, 0.7) + fact(
        f"family.{rel}.name", f"{ctx.possessive} {rel} is named {name}.", cat, 0.7, name
    )


RULES: tuple[Rule, ...] = (family, pets, named_person, mentioned_members, parent_of, wed_to)
