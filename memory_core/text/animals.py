"""One vocabulary, in the bot's five languages, for the user's animals.

Every reader takes its words from here: the English statement rules ("my puppy Rex" →
``pet.dog.name``: ``lexicon.PET_SPECIES``, ``PET_CANONICAL``), the German, Spanish, French and
Russian ones ("mein Kater heißt Felix", "zwei Katzen, Mimi und Tiger", a card's "Hund: Bello"),
the answer side's one-animal filter ("what's my puppy called?" asks about the dog, not the cat)
and the responder's pet template.

A block of ``_TABLE``::

    dog = dog
        en: dog, puppy, doggy, doggo, pooch | dogs, puppies, doggos, pooches
        ru: собака, собаку, пёс, пса, щенок | собаки, собак, пса

The header names the species (the key segment, ``pet.<species>``; the words of its lines are
folded into it: "puppy" → ``pet.dog``) and its kind (what a question about one asks: a
"bird" question covers the parrot and the canary). A language line gives the words users say,
singular | plural (Russian: every case a rule reads, the counted form "два кота" among the
plurals; a longer line goes on, indented deeper), lower case. ``?`` marks a word that names
other things too ("mouse", "python", "chicken", "pet"): read beside "my", a count or "called"
by the statement rules, never taken by the question side for an animal. A species without a
kind ("pet") says no kind.

To add a word, put it on its language's line; to add a species, add its block.
"""

from __future__ import annotations

import re

LANGUAGES = ("en", "de", "es", "fr", "ru")
#: A word's uses: (number, species) pairs ("sg"/"pl").
_Uses = tuple[tuple[str, str], ...]

_TABLE = """
dog = dog
    en: dog, puppy, doggy, doggo, pooch | dogs, puppies, doggos, pooches
    de: hund, hündin, welpe | hunde
    es: perro, perra, perrito, perrita, cachorro, chucho | perros, perras, chuchos
    fr: chien, chienne, chiot, toutou, clébard, clebs, cabot | chiens, chiennes, toutous,
        clébards, clebs, cabots
    ru: собака, собаку, собачка, пёс, пес, пса, пёсик, песик, пёсика, песика, щенок, щенка
        | собаки, собак, пса, псов
cat = cat
    en: cat, kitten, kitty, moggy | cats, kittens, moggies
    de: katze, kater, kätzchen | katzen, kater
    es: gato, gata, gatito, gatita | gatos, gatas
    fr: chat, chatte, chaton, minou | chats, chattes, minous
    ru: кошка, кошку, кот, кота, котёнок, котенок, котёнка, котик, котика, кошечка, котяра
        | кошки, кошек, кота, котов, коты
rabbit = rabbit
    en: rabbit, bunny | rabbits, bunnies
    de: kaninchen, hase | kaninchen
    es: conejo, coneja | conejos
    fr: lapin | lapins
    ru: кролик, кролика, крольчиха | кролика, кроликов
hamster = hamster
    en: hamster | hamsters
    de: hamster
    es: hámster
    fr: hamster
    ru: хомяк, хомяка, хомячок
guinea pig = guinea_pig
    en: guinea pig | guinea pigs
    de: meerschweinchen
    es: cobaya, cobayo
    ru: морская свинка, морскую свинку
parrot = bird
    en: parrot, budgie | parrots, budgies
    de: papagei, wellensittich
    es: loro, periquito
    fr: perroquet, perruche
    ru: попугай, попугая, попугайчик
parakeet = bird
    en: parakeet
canary = bird
    en: canary
    de: kanarienvogel
    es: canario
    fr: canari
    ru: канарейка, канарейку
cockatiel = bird
    en: cockatiel
lovebird = bird
    en: lovebird
bird = bird
    en: bird | birds
    de: vogel
    es: pájaro
    fr: oiseau
    ru: птица, птицу
fish = fish
    en: fish
    de: fisch
    es: pez | peces
    fr: poisson
    ru: рыбка, рыбку, рыбки
goldfish = fish
    en: goldfish
    de: goldfisch
horse = horse
    en: horse | horses
    de: pferd
    es: caballo, yegua
    fr: cheval, jument
    ru: лошадь, лошадку, конь, коня
pony = horse
    en: pony
turtle = turtle
    en: turtle
    de: schildkröte
    es: tortuga
    fr: tortue
    ru: черепаха, черепаху
tortoise = turtle
    en: tortoise
snake = snake
    en: snake
    de: schlange
    es: serpiente
    fr: serpent
    ru: змея, змею
lizard = lizard
    en: lizard
    de: eidechse
    es: lagarto
    fr: lézard
    ru: ящерица, ящерицу
gecko = lizard
    en: gecko
iguana = iguana
    en: iguana
bearded dragon = bearded_dragon
    en: bearded dragon
chameleon = chameleon
    en: chameleon
python = python
    en: python?
ferret = ferret
    en: ferret
rat = rat
    en: rat?
mouse = mouse
    en: mouse?
gerbil = gerbil
    en: gerbil
degu = degu
    en: degu
chinchilla = chinchilla
    en: chinchilla
hedgehog = hedgehog
    en: hedgehog
pig = pig
    en: pig?
goat = goat
    en: goat?
chicken = chicken
    en: chicken?
duck = duck
    en: duck?
axolotl = axolotl
    en: axolotl
tarantula = tarantula
    en: tarantula
frog = frog
    en: frog?
hermit crab = hermit_crab
    en: hermit crab
pet =
    en: pet?
"""


def _parse(table: str) -> tuple[dict[str, str], dict[str, dict[str, _Uses]], set[str]]:
    """species → kind; language → {"sg"/"pl" words → species}; the words marked ``?``."""
    kinds: dict[str, str] = {}
    said: dict[str, dict[str, _Uses]] = {lang: {} for lang in LANGUAGES}
    shared: set[str] = set()
    species = ""
    lines: list[str] = []
    for raw in table.strip().splitlines():  # a deeper line goes on the one before it
        if raw.startswith(" " * 8):
            lines[-1] += " " + raw.strip()
        else:
            lines.append(raw)
    for raw in lines:
        line = raw.strip()
        if not raw.startswith(" "):
            species, kind = (part.strip() for part in line.split("="))
            kinds[species] = kind
            continue
        lang, words = line.split(":", 1)
        singular, _, plural = words.partition("|")
        for number, part in (("sg", singular), ("pl", plural)):
            for word in filter(None, (w.strip() for w in part.split(","))):
                if word.endswith("?"):
                    word = word.rstrip("?")
                    shared.add(word)
                said[lang].setdefault(word, ())
                said[lang][word] += ((number, species),)
    return kinds, said, shared


_KINDS, _SAID, _SHARED = _parse(_TABLE)


def words(lang: str, *, plural: bool = False, singular: bool = True) -> dict[str, str]:
    """The words of ``lang`` for an animal → its species ("kater" → "cat", "puppy" → "dog");
    ``plural``: the plural (and Russian counted) words too; ``singular``: the singular ones."""
    wanted = {"sg"} if singular else set()
    wanted |= {"pl"} if plural else set()
    return {
        w: species
        for w, uses in _SAID.get(lang, {}).items()
        for number, species in uses
        if number in wanted
    }


def kind_of(species_or_word: str) -> str | None:
    """The kind a species (a key segment, ``guinea_pig``) or an animal word of any language
    is of ("parrot" → "bird", "Kätzchen" → "cat"), or ``None``."""
    low = species_or_word.lower().replace("_", " ")
    if low in _KINDS:
        return _KINDS[low] or None
    said = (_KINDS[s] for lang in LANGUAGES for _, s in _SAID[lang].get(low, ()))
    return next(said, None) or None


#: Every word that names an animal plainly, any language, singular or plural → its kind: what
#: a question is read with ("¿cómo se llama mi perrita?" asks about the dog).
ASKED = {
    w: _KINDS[s]
    for lang in LANGUAGES
    for w, uses in _SAID[lang].items()
    if w not in _SHARED
    for _, s in uses
    if _KINDS[s]
}
_ASKED = re.compile(
    r"(?<!\w)(?:"
    + "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in sorted(ASKED, key=len, reverse=True))
    + r")(?!\w)",
    re.IGNORECASE,
)


def kind_asked(text: str) -> str | None:
    """The kind of animal ``text`` names first ("dog" for "what's my puppy called?"), or
    ``None`` (a word that names other things too is no animal here: "python", "chicken")."""
    m = _ASKED.search(text)
    return ASKED[" ".join(m.group(0).lower().split())] if m else None
