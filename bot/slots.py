"""A fact of a known slot said in the user's language: the slot's own phrase around the value
the user gave ("du wohnst in Köln", "tu habites en France", "твою кошку зовут Мурка").

The value stays in the user's words (a memory is not translated); the words around it come
from the catalogue, and a place gets the preposition its language wants (``bot.places``).
What is vocabulary rather than the user's words is translated: a diet ("vegetarian"), a date
("--12-20" → "20. Dezember"), a relation or a pet's species ("deine Schwester", "ton chien",
``bot.kin``). The offline answers, the acknowledgement of what a message saved and the lists
of memories (/profile, /memories, /why) say a slot fact this way in any language but English,
which turns the stored sentence to the second person instead.

Every slot the offline extractor fills with a value has a phrase here (``SLOT_PHRASES``, the
people and pets of ``_person_words``, diets and dates); ``tests/bot/test_slot_words.py`` walks
them in every language.
"""

from __future__ import annotations

import re
import unicodedata
from datetime import date

from bot.i18n import MONTHS, N_, day_text, supported, t, tn
from bot.places import place
from bot.vocabulary import ALLERGENS, FRENCH_CONDITIONS, LANGUAGE_NAMES
from memory_core import detect_language
from memory_core.types import (
    condition_name,
    gender_said,
    number_words,
    russian_case,
    your_relation,
)

#: What a fact of a known slot says, around the value the user gave (kept in their words:
#: "du arbeitest als electrician"). The first slot that is the key or a prefix of it wins.
SLOT_PHRASES: tuple[tuple[str, str], ...] = (
    ("job_title", N_("you work as {value}")),
    ("employer", N_("you work at {value}")),
    # i18n: {in_place} holds the place with its preposition ("à Lyon", "en France").
    ("home_city", N_("you live {in_place}")),
    ("home_country", N_("you live {in_place}")),
    # i18n: {from_place} holds the place with its preposition ("du Canada", "aus Berlin").
    ("origin", N_("you're {from_place}")),
    ("allergy", N_("you're allergic to {value}")),
    ("pet.cat.name", N_("your cat is called {value}")),
    ("pet.dog.name", N_("your dog is called {value}")),
    ("pet.name", N_("your pet is called {value}")),
    ("name", N_("your name is {value}")),
    # i18n: {value} is a number ("8").
    ("health.weeks_pregnant", N_("you're {value} weeks pregnant")),
    # i18n: {value} is a number ("5").
    ("health.months_pregnant", N_("you're {value} months pregnant")),
    # i18n: {value} is a number of years ("34").
    ("age", N_("you're {value} years old")),
    ("language", N_("you speak {value}")),
    ("likes", N_("you like {value}")),
    # i18n: {value} is a game, sport or instrument the user plays ("handball", "guitar").
    ("habit.play_", N_("you play {value}")),
    ("dislikes", N_("you don't like {value}")),
    # i18n: {value} is what the user named as their favourite (a film, a colour, a band…).
    ("favorite", N_("your favourite: {value}")),
    # i18n: {value} is what the user wants to do, in their words ("run a marathon").
    ("goal", N_("your goal: {value}")),
    ("project", N_("your project: {value}")),
    # i18n: {value} is a language's name ("Portuguese").
    ("preference.reply_language", N_("you want replies in {value}")),
    ("preference", N_("you prefer {value}")),
    ("food_restriction", N_("you don't eat {value}")),
    # i18n: {value} is a health condition ("asthma").
    ("health", N_("you have {value}")),
    ("nationality", N_("your nationality: {value}")),
    ("preferred_name", N_("you like to be called {value}")),
    # i18n: {value} is a school or university's name.
    ("school", N_("you study at {value}")),
    # i18n: {value} is a year ("1990").
    ("birth_year", N_("you were born in {value}")),
    # i18n: {value} is a set of pronouns ("she/her").
    ("pronouns", N_("your pronouns: {value}")),
    ("timezone", N_("your time zone: {value}")),
)

#: Diets (memory_core's canonical words, not the user's): said after "your diet:".
DIETS: dict[str, str] = {
    # i18n: a diet, said after "your diet:" (agreeing with the word for "diet").
    "vegetarian": N_("vegetarian (diet)"),
    "vegan": N_("vegan (diet)"),
    "pescatarian": N_("pescatarian (diet)"),
    "flexitarian": N_("flexitarian (diet)"),
    "keto": N_("keto (diet)"),
    "paleo": N_("paleo (diet)"),
    "kosher": N_("kosher (diet)"),
    "halal": N_("halal (diet)"),
    "gluten-free": N_("gluten-free (diet)"),
    "dairy-free": N_("dairy-free (diet)"),
    "lactose-free": N_("lactose-free (diet)"),
    "low-carb": N_("low-carb (diet)"),
    "plant-based": N_("plant-based (diet)"),
    "carnivore": N_("carnivore (diet)"),
    "raw vegan": N_("raw vegan (diet)"),
}

#: A person's or pet's fact: family.<relation>[.<name>].<what>, people.<role>[.<name>].<what>,
#: person.<name>.<what>, pet[.<species>].<what>.
_PERSON = re.compile(
    r"^(?:(?:family|people)\.(?P<rel>[^.]+)(?:\.(?P<name>[^.]+))?"
    r"|person\.(?P<pname>[^.]+)|pet(?:\.(?P<species>[^.]+)(?:\.(?P<petname>[^.]+))?)?)"
    r"\.(?P<what>name|age|job|employer|home|birthday)$"
)
#: A date as memory_core stores it: "2026-06-12", or "--06-12" for a yearly day.
_ISO_DAY = re.compile(r"^(?:(?P<y>\d{4})|-)-(?P<m>\d{2})-(?P<d>\d{2})$")


#: A stored sentence that says the slot's value is *not* so ("… no longer lives in Berlin"):
#: the slot's phrase would say the opposite.
_NEGATED = re.compile(r"\b(?:no\s+longer|not|never)\b|n't\b", re.IGNORECASE)
#: What a fact said as ended says ("… no longer lives in Berlin", valid until it was said):
#: the slots an ending is read for (``memory_core.extract.endings``) in any language.
ENDED_PHRASES: tuple[tuple[str, str], ...] = (
    ("job_title", N_("you no longer work as {value}")),
    ("employer", N_("you no longer work at {value}")),
    # i18n: {in_place} holds the place with its preposition ("à Lyon", "en France").
    ("home_city", N_("you no longer live {in_place}")),
    ("home_country", N_("you no longer live {in_place}")),
    ("allergy", N_("you're no longer allergic to {value}")),
)
_NO_LONGER = re.compile(r"\bno\s+longer\b", re.IGNORECASE)
#: Slots whose phrase is itself a "not" ("you don't like …"): their sentences say "not".
_SAID_AS_NOT = ("dislikes", "food_restriction")


#: A relationship status said alone ("Single again.", "Seit Mai geschieden."): the key is the
#: state, with no value.
RELATIONSHIP_STATES = {
    "relationship.single": N_("you're single"),
    "relationship.married": N_("you're married"),
    "relationship.divorced": N_("you're divorced"),
    "relationship.widowed": N_("you're widowed"),
    "relationship.engaged": N_("you're engaged"),
    "relationship.relationship": N_("you're in a relationship"),
    "relationship.separated": N_("you're separated"),
}


def slot_words(
    lang: str, key: str, value: object, stored: str = "", *, said: str = ""
) -> str | None:
    """The slot phrase of ``key`` in ``lang`` around ``value`` ("du wohnst in Köln"), or
    ``None``: no value, a key without a phrase, or a ``stored`` sentence that negates it;
    ``said``: the user's own words it was read from (a relative's gender: "deine Cousine")."""
    if key in RELATIONSHIP_STATES and not _NEGATED.search(stored):
        return t(lang, RELATIONSHIP_STATES[key])  # "Single again.": a state, no value
    if not value or not isinstance(value, str | int | float):
        return None
    return _value_words(lang, key, value, stored, said)


def _value_words(lang: str, key: str, value: str | float, stored: str, said: str) -> str | None:
    """The phrase of a slot with a value (see ``slot_words``)."""
    if _NEGATED.search(stored) and not key.startswith(_SAID_AS_NOT):
        # "du wohnst nicht mehr in Köln"; a plain "not" has no phrase.
        return _ended_words(lang, key, str(value).strip()) if _NO_LONGER.search(stored) else None
    text = str(value).strip()
    if key == "age" and not text.isdigit():
        return None  # "in her thirties": no "{value} years old" around it
    since = _SINCE.search(stored) if key == "home_city" else None
    if since is not None:
        # i18n: {in_place} holds the town with its preposition; {year} a year ("2019").
        said = t(
            lang,
            "you've lived {in_place} since {year}",
            year=since.group(1),
            **_places(lang, key, text),
        )
        return said
    sexed = _PET_SEX.search(stored) if key in _SEXED_PETS else None
    if sexed is not None:
        return t(lang, _SEXED_PETS[key][sexed.group(1).lower()], value=text)
    special = _special_words(lang, key, text, stored, said)
    if special is not None:
        return special or None
    text, own = in_reply_language(lang, key, text, said)
    if own and supported(lang) == "ru" and key.startswith(_RU_ACCUSATIVE):
        text = russian_case(text, "accs")
    for slot, phrase in SLOT_PHRASES:
        # "habit.play_" heads the keys of what is played ("habit.play_handball").
        if key == slot or key.startswith(slot if slot.endswith("_") else f"{slot}."):
            shown = _with_article(lang, t(lang, phrase), text, said) if own else text
            return t(lang, phrase, value=shown, **_places(lang, key, text))
    return None


#: The definite articles of French and Spanish, and the words before a value in a phrase
#: that already give it one (an article, a preposition: "tu joues au {value}").
_ARTICLES = {"fr": r"l['’]\s*|(?:le|la|les)\s+", "es": r"(?:el|la|los|las)\s+"}
_GIVEN = re.compile(
    r"(?:^|\s)(?:le|la|les|l'|l’|de|du|des|d'|d’|au|aux|à|en|el|los|las|del|al|a|un|une|una|"
    r"uno)\s*\{value\}",
    re.I,
)


def _with_article(lang: str, template: str, value: str, said: str) -> str:
    """``value`` with the article the user said before it ("la poterie" of "je fais de la
    poterie"), where the phrase gives it none: a French or Spanish common noun is never said
    bare ("tu aimes jazz")."""
    articles = _ARTICLES.get(supported(lang) or "")
    if articles is None or not said or "{value}" not in template or _GIVEN.search(template):
        return value
    m = re.search(rf"(?<!\w)({articles}){re.escape(value)}(?!\w)", said, re.I)
    return f"{m.group(1).lower()}{value}" if m is not None else value


def _ended_words(lang: str, key: str, value: str) -> str | None:
    """What a fact said as ended says in ``lang`` ("du wohnst nicht mehr in Köln"), or
    ``None`` for a slot with no ending phrase."""
    phrase = next(
        (p for slot, p in ENDED_PHRASES if key == slot or key.startswith(f"{slot}.")), None
    )
    if phrase is None:
        return None
    text = value
    if supported(lang) == "ru" and key.startswith(_RU_ACCUSATIVE):
        text = russian_case(value, "accs")
    return t(lang, phrase, value=text, **_places(lang, key, value))


#: Slots whose value is a word of the language it was told in (a job, an allergy, a pastime),
#: not a name, a place or a number: in a reply in another language it is translated where it
#: is vocabulary, else quoted ("du arbeitest als „paramedic“"), never spliced into the
#: grammar as if it were a word of that language ("у тебя asthma").
_WORDED = (
    "job_title", "allergy", "likes", "dislikes", "habit.play_", "language", "food_restriction",
    "health", "goal", "project", "preference", "nationality", "education.student",
)  # fmt: skip


def worded(key: str) -> bool:
    """Whether a slot's value is a word of the language it was told in (:data:`_WORDED`)."""
    return key.startswith(_WORDED)


def in_reply_language(lang: str, key: str, value: str, said: str) -> tuple[str, bool]:
    """``value`` of ``key`` as a reply in ``lang`` says it, and whether it is a word of that
    language (which a Russian phrase may decline): as the user said it when they said it in
    that language (French conditions always with their article: "tu as de l'asthme"), else
    vocabulary in the language's own word (a condition, a language, an allergen: "астма",
    "portugais", "на арахис"), else quoted when told in another language (``said``: the words
    it was read from), else as it is."""
    code = supported(lang)
    if code in (None, "en") or not key.startswith(_WORDED):
        return value, True
    segment = key.partition(".")[2]
    if code == "fr" and key.startswith("health.") and segment in FRENCH_CONDITIONS:
        return FRENCH_CONDITIONS[segment], False
    told = _told_in(value, said)
    if told == code:
        return value, True
    named = _vocabulary(code, key, segment)
    if named is not None:
        return named
    if told is not None:
        return t(lang, "“{words}”", words=value), False
    return value, True


def _vocabulary(lang: str, key: str, segment: str) -> tuple[str, bool] | None:
    """A condition's, a language's or an allergen's own word in ``lang`` (``True``: in the
    nominative, a Russian phrase declines it), or ``None``."""
    if key.startswith("health.") and (named := condition_name(lang, segment)):
        return named, True
    if key.startswith("language.") and (named := LANGUAGE_NAMES.get(segment, {}).get(lang)):
        return named, False  # "на португальском": in the case its phrase wants
    if key.startswith("allergy.") and (named := ALLERGENS.get(segment, {}).get(lang)):
        return named, False  # "на арахис"
    return None


def _told_in(value: str, said: str) -> str | None:
    """The language (one of the bot's) ``value`` was told in: that of the words it was read
    from (``said``) — a value the rules made of them ("pregnancy" of "I'm pregnant") is in
    their language too; ``None``: no words kept, or none of the bot's languages."""
    if not said.strip():
        return None
    told = supported(detect_language(said) or detect_language(said, min_confidence=0.0) or "")
    if told is None and _ENGLISH_I.search(said):
        # "I am a janitor." reads as Portuguese, "I love pepperoni pizza." as Italian.
        return "en"
    return told


#: The English "I" and "my", which no other language of the bot writes ("i am a surgeon").
_ENGLISH_I = re.compile(r"(?<![\w'’])(?:i|i'm|i've|i'd|my)(?![\w'’])", re.IGNORECASE)


#: Slots whose Russian phrase governs the accusative ("у тебя аллергия на пыльцу", "ты не ешь
#: свинину"): the value, stored as named (the nominative), is said in it.
_RU_ACCUSATIVE = ("allergy", "food_restriction")


#: The slots that count the user's pets or children, without a value: the stored sentence
#: says how many ("The user has 2 cats.", "The user has a child.").
_COUNTED = frozenset(
    f"family.{w}" for w in "children grandchildren son daughter grandson granddaughter".split()
) | {"pet.cat", "pet.dog"}
_COUNT_WORDS = number_words("en", high=10)
_HAS_COUNT = re.compile(
    rf"\bhas (?:got )?(?P<n>an?|{'|'.join(number_words('en', low=1, high=10))}|\d+) "
)


def counted_words(lang: str, key: str, stored: str) -> str | None:
    """How many pets or children the user has, in ``lang`` with the number's own form of the
    noun ("du hast 2 Katzen", "у тебя 5 кошек"), for the lists of memories (/profile): an
    answer quotes the words instead, which may name them. ``None``: no count."""
    m = _HAS_COUNT.search(stored) if key in _COUNTED and not _NEGATED.search(stored) else None
    if m is None:
        return None
    said = m.group("n").lower()
    n = int(said) if said.isdigit() else _COUNT_WORDS.get(said, 1)
    text = _count_text(lang, key, n)
    if supported(lang) != "en" and text == _count_text("en", key, n):
        return None  # not in this language's catalogue yet: the words are quoted instead
    return text


def _count_text(lang: str, key: str, n: int) -> str:
    """The count of a counted slot (:data:`_COUNTED`) in ``lang``. The English singular says
    "a" ("you have a son", not "you have 1 son"); a language whose one-form also counts 21
    or 31 keeps its ``{n}`` in the translation."""
    if key == "pet.cat":
        return tn(lang, "you have a cat", "you have {n} cats", n)
    if key == "pet.dog":
        return tn(lang, "you have a dog", "you have {n} dogs", n)
    if key == "family.grandchildren":
        return tn(lang, "you have a grandchild", "you have {n} grandchildren", n)
    if key == "family.son":
        return tn(lang, "you have a son", "you have {n} sons", n)
    if key == "family.daughter":
        return tn(lang, "you have a daughter", "you have {n} daughters", n)
    if key == "family.grandson":
        return tn(lang, "you have a grandson", "you have {n} grandsons", n)
    if key == "family.granddaughter":
        return tn(lang, "you have a granddaughter", "you have {n} granddaughters", n)
    return tn(lang, "you have a child", "you have {n} children", n)


def counted(key: str, stored: str) -> bool:
    """Whether a fact only counts the user's pets or children ("The user has 2 sons.")."""
    return key in _COUNTED and _HAS_COUNT.search(stored) is not None and not _NEGATED.search(stored)


#: A home said with the year it began ("The user has lived in Köln since 2019."): "du wohnst
#: seit 2019 in Köln", so "since when?" is answered by it.
_SINCE = re.compile(r"\bhas lived in .+ since ((?:19|20)\d\d)\b")
#: A pet whose sex the user's word told ("кот", "Kater", "chienne": the stored sentence says
#: "male cat"): named with the language's word for it ("твоего кота", "dein Kater").
_PET_SEX = re.compile(r"\b(male|female) (?:cat|dog)\b", re.IGNORECASE)
_SEXED_PETS = {
    "pet.cat.name": {
        "male": N_("your tomcat is called {value}"),
        "female": N_("your female cat is called {value}"),
    },
    "pet.dog.name": {
        "male": N_("your male dog is called {value}"),
        "female": N_("your female dog is called {value}"),
    },
}


#: A favourite's topic (``favorite.<topic>``, the user's English word as the rules slug it)
#: said with its own phrase, so "My favorite band is the who." is "your favourite band: the
#: who" in every language, not "your favourite: the who" (whose band?).
FAVOURITES: dict[str, str] = {
    "band": N_("your favourite band: {value}"),
    "color": N_("your favourite colour: {value}"),
    "food": N_("your favourite food: {value}"),
    "meal": N_("your favourite meal: {value}"),
    "dish": N_("your favourite dish: {value}"),
    "drink": N_("your favourite drink: {value}"),
    "book": N_("your favourite book: {value}"),
    "author": N_("your favourite author: {value}"),
    "movie": N_("your favourite film: {value}"),
    "film": N_("your favourite film: {value}"),
    "show": N_("your favourite show: {value}"),
    "tv_show": N_("your favourite show: {value}"),
    "song": N_("your favourite song: {value}"),
    "singer": N_("your favourite singer: {value}"),
    "artist": N_("your favourite artist: {value}"),
    "music": N_("your favourite music: {value}"),
    "genre": N_("your favourite genre: {value}"),
    "sport": N_("your favourite sport: {value}"),
    "team": N_("your favourite team: {value}"),
    "game": N_("your favourite game: {value}"),
    "animal": N_("your favourite animal: {value}"),
    "season": N_("your favourite season: {value}"),
    "holiday": N_("your favourite holiday: {value}"),
    "place": N_("your favourite place: {value}"),
    "city": N_("your favourite city: {value}"),
    "restaurant": N_("your favourite restaurant: {value}"),
    "flower": N_("your favourite flower: {value}"),
}


def _favourite_words(lang: str, key: str, value: str) -> str | None:
    """The phrase of ``favorite.<topic>`` ("your favourite band: the who"); a topic without a
    phrase of its own is said in the user's (English) word; ``None``: not a favourite's key."""
    topic = key.removeprefix("favorite.") if key.startswith("favorite.") else None
    if not topic:
        return None
    phrase = FAVOURITES.get(topic)
    if phrase is not None:
        return t(lang, phrase, value=value)
    # i18n: {topic} is the user's own word for the kind of favourite, in English ("board
    # game"); {value} the favourite itself.
    return t(lang, "your favourite {topic}: {value}", topic=topic.replace("_", " "), value=value)


def _special_words(lang: str, key: str, value: str, stored: str = "", said: str = "") -> str | None:
    """The phrase of a slot whose value is vocabulary to translate (a diet, a date) or whose
    key names someone (a relative, a pet); ``""`` when it cannot be said; ``None``: another
    slot."""
    if key in ("pet.cat.name", "pet.dog.name", "pet.name"):
        return None  # the table's own phrases
    favourite = _favourite_words(lang, key, value)
    if favourite is not None:
        return favourite
    if key == "diet":
        diet = DIETS.get(value.lower())
        # i18n: {diet} is a diet ("vegetarian").
        return t(lang, "your diet: {diet}", diet=t(lang, diet) if diet else value)
    if key == "education.student":
        # "I'm a student at …": no job. A plain "student" needs no value; "law student" keeps
        # the user's words.
        if value.strip().lower() == "student":
            return t(lang, "you're a student")
        # i18n: {value} is the user's own word for what they study as ("law student").
        return t(lang, "you're a student: {value}", value=value)
    if key == "birthday":
        day = date_words(lang, value)
        # i18n: {date} is a day ("20 December", "3 May 1990").
        return t(lang, "your birthday is on {date}", date=day) if day else ""
    if key.startswith("date."):
        day = date_words(lang, value)
        event = key.removeprefix("date.").replace("_", " ")
        # i18n: {event} is the user's word for it ("exam", "anniversary"); {date} a day.
        return t(lang, "on {date}: {event}", date=day, event=event) if day else ""
    m = _PERSON.match(key)
    if m is None:
        return None
    return _person_words(lang, m, value, stored, said)


def _person_words(lang: str, m: re.Match[str], value: str, stored: str = "", said: str = "") -> str:
    """A fact about one of the user's people or pets ("dein Bruder heißt Joe", "ta sœur a 12
    ans"); ``""`` when it cannot be said without English."""
    rel = m.group("rel") or m.group("species") or ("pet" if m.group("pname") is None else None)
    if m.group("species") and (sexed := _PET_SEX.search(stored)):
        rel = sexed.group(0).lower()  # "male cat": "dein Kater", "твой кот"
    name = m.group("name") or m.group("pname") or m.group("petname")
    # "tu gemela", "deine Cousine": the noun for their gender where the user's words tell it.
    kin = your_relation(lang, rel, gender_said(rel, said)) if rel else None
    who = _shown_name(name, stored, said) if name else kin
    what = m.group("what")
    if what == "name":
        return t(lang, "{who} is called {value}", who=kin, value=value) if kin else ""
    if who is None:
        return ""
    if what == "age":
        if not value.isdigit():
            return ""
        return tn(lang, "{who} is {n} year old", "{who} is {n} years old", int(value), who=who)
    if what == "job":
        job, _ = in_reply_language(lang, "job_title", value, said)
        return _job_words(lang, who, job)
    if what == "employer":
        return t(lang, "{who} works at {value}", who=who, value=value)
    if what == "home":
        # i18n: {in_place} holds the place with its preposition ("à Lyon", "en France").
        return t(lang, "{who} lives {in_place}", who=who, in_place=place(lang, value))
    day = date_words(lang, value)
    # i18n: {date} is a day ("20 December").
    return t(lang, "{who}'s birthday is on {date}", who=who, date=day) if day else ""


def _job_words(lang: str, who: str, value: str) -> str:
    """Someone's job: "Julien travaille comme prof de maths", in Russian with the job in the
    instrumental the verb governs ("Сергей работает водителем")."""
    if supported(lang) == "ru" and (job := russian_case(value, "ablt")) != value:
        # i18n: {job} is already in the case the verb governs (Russian: the
        # instrumental, "{who} работает {job}" → "Сергей работает водителем").
        said_so = t(lang, "{who} works as {job}", who=who, job=job)
        if said_so != t("en", "{who} works as {job}", who=who, job=job):
            return said_so  # (an untranslated catalogue keeps the phrase below)
    return t(lang, "{who} works as {value}", who=who, value=value)


def _plain(word: str) -> str:
    """A word without accents, lower case ("Andrés" → "andres", "Артём" → "артем"), as the
    keys spell a name."""
    decomposed = unicodedata.normalize("NFKD", word.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def shown_name(name: str, *texts: str) -> str:
    """``name`` as the user wrote it in ``texts`` ("Артем" said "Артёму" → "Артём"), else as
    it is."""
    key = _plain(name)
    if " " in key or not key.isalpha():
        return name
    found = _shown_name(key, *texts)
    return found if _plain(found) == key and found != key.title() else name


def _shown_name(name: str, *texts: str) -> str:
    """A name as the user wrote it ("Andrés", "Chloé"), not as its key spells it ("andres"):
    the word of ``texts`` the key's name was made from (its start, for a Russian name in
    another case: "Артёму" → "Артём"); else the key's name in title case."""
    parts = name.split("_")
    if len(parts) == 1:
        for text in texts:
            for word in re.findall(r"[^\W\d_]+", text):
                head = word[: len(name)]
                if word[:1].isupper() and _plain(head) == name:
                    return str(head)
    return name.replace("_", " ").title()


def date_words(lang: str, value: str) -> str | None:
    """A stored day in ``lang``: "2026-06-12" → "12. Juni 2026", "--12-20" → "20. Dezember";
    ``None`` for anything else."""
    m = _ISO_DAY.match(value)
    if m is None:
        return None
    month, day = int(m.group("m")), int(m.group("d"))
    try:
        when = date(int(m.group("y") or 2000), month, day)  # 2000: a leap year, for 29 Feb
    except ValueError:
        return None
    if m.group("y"):
        return day_text(lang, when)
    shown: object = "1er" if supported(lang) == "fr" and day == 1 else day
    return t(lang, "{day} {month}", day=shown, month=t(lang, MONTHS[month - 1]))


def _places(lang: str, key: str, value: str) -> dict[str, str]:
    """The place fields of a slot phrase: the preposition depends on the language and on
    whether the place is a town or a country ("à Lyon", "en France")."""
    if key.startswith("home_") or key.split(".")[0] == "origin":
        country = key.startswith("home_country") or None
        return {
            "in_place": place(lang, value, country=country),
            "from_place": place(lang, value, origin=True),
        }
    return {}
