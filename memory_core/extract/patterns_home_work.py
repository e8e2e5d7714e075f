"""Rules for where the user lives and comes from, and what they do for a living."""

from __future__ import annotations

import re

from memory_core.extract import job_nouns
from memory_core.extract.base import Candidate
from memory_core.extract.lexicon import COUNTRIES, JOB_WORDS, OCCUPATIONS
from memory_core.extract.rule import Context, Rule, fact, usable_object
from memory_core.extract.text import clean_phrase, titlecase
from memory_core.values import Category

_I_AM = r"(?:i'm|i\s+am|im)"
_DETERMINERS = frozenset("a an my our his her their this that some another one your".split())
_NOT_PLACES = frozenset(
    {
        *"here there home town city downtown hell peace fear hope denial luxury".split(),
        *"poverty love trouble debt bed school work reality sin".split(),
        *"country countryside suburbs village farm".split(),
        "the country",
        "the city",
        "the countryside",
        "the suburbs",
        "the middle",
        "the moment",
        "the area",
        "the same place",
        "the same city",
        "the past",
        "the future",
        "the present",
    }
)


_FUNCTION_WORDS = frozenset("of with for to a an my our and or in on at by from".split())


def _country_display(value: str) -> str:
    head, _, rest = value.partition(" ")
    if head.lower() == "the" and rest:
        return "the " + _country_display(rest)
    if any(c.isupper() for c in value):
        return value
    return value.upper() if len(value) <= 3 else titlecase(value)


#: Why or how long the user is in a place, after it ("in Oslo for work", "in Perth for the
#: last two years"): no part of its name.
_STAY = re.compile(
    r"\s+for\s+(?:work|uni|university|school|college|my\s+(?:job|work|studies|phd)|"
    r"(?:the\s+)?(?:past|last|next)\s|(?:\d+|a\s+few|a\s+couple|many|several|some|ages|years|"
    r"two|three|four|five|six|ten|twenty)\b)",
    re.IGNORECASE,
)


def place(raw: str, ctx: Context) -> tuple[str, bool] | None:
    """(display name, is_country) for the place at the start of ``raw``, or None."""
    stay = _STAY.search(raw)
    phrase = clean_phrase(raw[: stay.start()] if stay else raw, max_words=5)
    if phrase is None or not any(c.isalpha() for c in phrase) or phrase[0].isdigit():
        return None
    if re.search(r"\s(?:and|but)\s+(?![A-Z])", phrase):
        return None  # "Toronto and work as …": a place ends where the next statement starts
    low = phrase.lower()
    if low in COUNTRIES:
        return _country_display(phrase), True
    words = low.split()
    if low in _NOT_PLACES or words[0] in _DETERMINERS or words[0] in _NOT_PLACES:
        return None
    if not phrase[0].isupper() and _FUNCTION_WORDS.intersection(words):
        return None  # "fear of spiders" is no town, whatever the casing
    if low.startswith("the ") and not phrase[4:5].isupper():
        return None
    value = ctx.proper(phrase)
    return (value, False) if value else None


def _bare(country: str) -> str:
    return country[4:] if country.lower().startswith("the ") else country


#: Where in a town, after its name ("Selby on the edge of town", "Leeds, near the park"): no
#: part of the name, but said with it. It used to make the whole phrase a free-form home
#: (``home.selby_edge_town``), which a move then left beside the new ``home_city``.
_WHERE_IN = re.compile(
    r"\s+(?:on\s+the\s+coast|on\s+the\s+(?:edge|outskirts|(?:\w+\s+)?side)\s+of|in\s+the\s+(?:north|south|east|"
    r"west|centre|center|middle|heart)\s+of|near\s+the|just\s+outside|close\s+to\s+the|"
    r"right\s+by\s+the|by\s+the\s+(?:sea|river|coast|lake|park))\b.*$",
    re.IGNORECASE,
)


def _home(raw: str, ctx: Context, template: str, hint: float, *, moved: bool) -> list[Candidate]:
    head, _, tail = raw.partition(",")
    where = _WHERE_IN.search(head) if head[:1].isupper() else None
    said = ""  # "on the edge of town": kept in the fact's words, not its value
    if where is not None and where.start() > 0:
        head, said = head[: where.start()], head[where.start() :].rstrip(" .!")
    found = place(head, ctx)
    if found is None:
        return []
    value, is_country = found
    since = ctx.time if moved else None
    key = "home_country" if is_country else "home_city"
    out = fact(
        key,
        template.format(s=ctx.subject, p=value + said),
        Category.IDENTITY,
        hint,
        _bare(value),
        valid_from=since,
    )
    country = place(tail, ctx) if tail and not is_country else None
    if country is not None and country[1]:
        text = f"{ctx.subject} lives in {country[0]}."
        out += fact("home_country", text, Category.IDENTITY, hint, _bare(country[0]))
    return out


_LIVE = re.compile(
    # "we live right outside Bath": the town the user names is where they live.
    r"^(?:i|we)\s+(?:still\s+|now\s+|currently\s+|actually\s+|also\s+)?(?:live|reside)\s+"
    r"(?:in|(?:just\s+|right\s+)?outside(?:\s+of)?)\s+(?P<v>.+)$"
    rf"|^(?:{_I_AM}|we're|we\s+are|i(?:'ve|\s+have)\s+been|we(?:'ve|\s+have)\s+been)\s+"
    r"(?:now\s+|currently\s+|still\s+)?(?:living|based|located|settled|residing)\s+in\s+(?P<b>.+)$"
    r"|^my\s+home\s+is\s+(?:in\s+)?(?P<h>.+)$"
    # "I live with my wife in Cologne": the people are read by their own rules, the town here.
    r"|^(?:i|we)\s+(?:still\s+|now\s+|currently\s+|also\s+)?live\s+with\s+(?:my|our)\s+"
    r"(?:\w+\s+){1,4}?in\s+(?P<w>(?-i:[A-Z]).+)$"
    # "I've lived in Derby for six years", "we have lived in Graz since 2019": still there (a
    # bare "I've lived in Spain" is something done, not the home).
    r"|^(?:i|we)(?:'ve|\s+have)\s+(?:now\s+)?(?:lived|been\s+living)\s+in\s+(?P<p>.+?)\s+"
    r"(?:(?:for|since)\s+(?!(?:a\s+(?:while|bit)|a\s+few\s+(?:days|weeks)|the\s+(?:day|week|weekend)\b))"
    r"\S.*|(?:my\s+(?:whole|entire)\s+life|all\s+my\s+life))[.!]?$",
    re.IGNORECASE,
)
# Chat drops the subject ("Just moved to Lisbon!"): a clause starting with the verb is the user's.
_MOVED = re.compile(
    r"^(?:(?:i|we)(?:'ve|\s+have|\s+just|\s+recently|\s+finally|\s+now)*\s+|"
    r"(?:just\s+|finally\s+|recently\s+)*)(?:moved|relocated)"
    # "we've moved out to Whitby", "moved over to Hull": a particle before a town's name ("moved
    # up to senior manager" is no move, and names no town).
    r"(?:\s+(?:here\s+)?from\s+.+?)?\s+(?:back\s+|(?:out|over|down|away)\s+(?=to\s+(?-i:[A-Z])))?"
    r"to\s+(?P<v>.+?)"
    # "moved to Lisbon from Porto": the place left behind is no part of the new home.
    r"(?:\s+from\s+.+)?$",
    re.IGNORECASE,
)


def home(clause: str, ctx: Context) -> list[Candidate]:
    """Reads "I live in Berlin", "I moved to Lisbon" → ``home_city`` / ``home_country``."""
    m = _LIVE.match(clause)
    if m is not None:
        raw = m.group("v") or m.group("b") or m.group("h") or m.group("w") or m.group("p")
        return _home(raw, ctx, "{s} lives in {p}.", 0.8, moved=False)
    m = _MOVED.match(clause)
    if m is not None:
        return _home(m.group("v"), ctx, "{s} moved to {p} and lives there.", 0.8, moved=True)
    return []


_ORIGIN = re.compile(
    rf"^(?:{_I_AM}|i\s+come|we're|we\s+are|we\s+come)\s+(?:originally\s+)?from\s+(?P<v>.+)$"
    r"|^i\s+(?:grew\s+up|was\s+raised|was\s+born\s+and\s+raised|was\s+born)\s+in\s+(?P<g>.+)$"
    r"|^my\s+home\s*town\s+is\s+(?P<h>.+)$"
    # The place said first, then "is (the town) where" and the user was born or grew up there.
    r"|^(?P<w>(?-i:[A-Z])[\w'-]*?(?:\s+(?-i:[A-Z])[\w'-]*?){0,2})(?:\s+is|'s)\s+"
    r"(?:the\s+(?:town|city|village|place|country)\s+)?where\s+i\s+(?:(?:actually|originally)\s+)?"
    r"(?P<how>was\s+(?:(?:actually|originally)\s+)?born(?:\s+and\s+(?:raised|bred))?|grew\s+up|"
    r"was\s+raised)\b(?:\s*,.*)?$",
    re.IGNORECASE,
)
_MONTH_START = re.compile(r"^(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)", re.IGNORECASE)


def origin(clause: str, ctx: Context) -> list[Candidate]:
    """Reads "I'm from Brazil", "I grew up in Porto" → ``origin`` (never the home)."""
    m = _ORIGIN.match(clause)
    if m is None:
        return []
    raw = m.group("v") or m.group("g") or m.group("h") or m.group("w")
    if m.group("w"):
        # Said with the place first: read as "I was born in …", "I grew up in …".
        how = [w for w in m.group("how").split() if w.lower() not in ("actually", "originally")]
        return origin(f"I {' '.join(how)} in {m.group('w')}", ctx)
    if _MONTH_START.match(raw):
        return []  # "born in May 1990" is a date
    found = place(raw.partition(",")[0], ctx)
    if found is None:
        return []
    low = clause.lower()
    if m.group("g") and re.search(r"\bwas\s+born\s+in\b", low):
        # Where the user was born is no conflict with where they grew up or are from: a
        # slot of its own beside ``origin`` ("I was born in Nairobi" after "I grew up in
        # Glasgow"); "born and raised in" says both, and stays ``origin``.
        text = f"{ctx.subject} was born in {found[0]}."
        return fact("origin.birthplace", text, Category.IDENTITY, 0.75, _bare(found[0]))
    verb = "grew up in" if m.group("g") and "grew" in low else "is from"
    text = f"{ctx.subject} {verb} {found[0]}."
    return fact("origin", text, Category.IDENTITY, 0.75, _bare(found[0]))


_ADJECTIVES = frozenset(
    """best worst good bad terrible great better lousy amazing huge big decent excellent
    awesome avid amateur aspiring wannabe would-be future former hard talented young budding
    hobby keen passionate casual lifelong die-hard diehard massive""".split()
)
_NOT_A_TITLE = frozenset(
    """training studying working going trying learning planning hoping looking becoming
    doing getting being""".split()
)


#: Words that describe the worker, not the work: "a young novelist", "a proud, busy nurse" are
#: novelists and nurses (their title is said without them).
_DESCRIBING_WORKER = re.compile(
    r"^(?:(?:young|old|proud|busy|happy|humble|tired|lazy|little|underpaid|overworked|stressed|"
    r"exhausted|knackered|burnt-out|burned-out|bored|overtired|"
    r"hard-working|hardworking|experienced|newly-qualified|newly\s+qualified)\s*,?\s+)+",
    re.IGNORECASE,
)


def job_title(raw: str, *, by_shape: bool = False) -> str | None:
    """A job title ending in a known job word ("software engineer"), or None; ``by_shape``
    (where the sentence puts a job: "I work as …", "… at Acme", a card's job) also one whose
    last word is shaped like a worker's noun no list names ("upholsterer", "IT tech")."""
    phrase = clean_phrase(_DESCRIBING_WORKER.sub("", raw.strip()), max_words=5)
    if phrase is None:
        return None
    words = phrase.lower().split()
    if "to" in words or words[0] in _NOT_A_TITLE:
        return None  # "training to become a nurse" is what they do, not their title
    if words[-1] in {"widower", "widow", "divorcee"}:
        return None  # what the user's marriage is, shaped like a worker's noun
    if re.fullmatch(r"\d+(?:-years?-old)?", words[0]):
        return None  # "28 and a vet", "38-year-old firefighter": an age rides along
    # "sous-chef", "head-teacher": a hyphenated compound is the job of its last part.
    head = words[-1].rsplit("-", 1)[-1]
    if phrase.lower() in JOB_WORDS or (
        (words[-1] in JOB_WORDS or head in JOB_WORDS) and not _ADJECTIVES & set(words)
    ):
        return phrase
    # The longer list holds words that are names too ("Mason", "Judge"): a job only as a
    # lower-case word ("a roofer", "postman").
    last = phrase.split()[-1]
    if last.islower() and last in OCCUPATIONS and not _ADJECTIVES & set(words):
        return phrase
    if _ADJECTIVES & set(words):
        return None
    if job_nouns.headed_title(phrase) or (by_shape and job_nouns.shaped_title(phrase)):
        return phrase  # "a factory worker"; "I work as a tiler", "a gunsmith in Ely"
    return None


def _article(title: str) -> str:
    if title[:1].isupper() and title.split()[0].isupper():
        return "an" if title[0] in "AEFHILMNORSX" else "a"
    if re.match(r"(?:uni|use|eu|one\b)", title, re.IGNORECASE):
        return "a"  # "a uni student", "a user researcher": said with a "y"
    return "an" if title[:1].lower() in "aeiou" else "a"


_ON_DAY = re.compile(
    r"\s+(?:on|this|next|last|since)\s+(?:mon|tues|wednes|thurs|fri|satur|sun)day\b.*$", re.I
)


def employer_name(raw: str, ctx: Context) -> tuple[str, float] | None:
    """(organisation, hint) from "St Mary's as a nurse", or None for "home", "night" …."""
    phrase = usable_object(clean_phrase(_ON_DAY.sub("", raw), max_words=6))
    if phrase is None or phrase[0].isdigit():
        return None
    low = phrase.lower()
    first = low.split()[0]
    if low in _NOT_PLACES or low in {"night", "weekends", "the weekend", "the moment", "myself"}:
        return None
    if first in {"a", "an"}:
        return phrase, 0.5  # "a startup": vague, still worth a low-confidence note
    if first == "our" and len(low.split()) > 1:
        return "the " + phrase.split(None, 1)[1], 0.5  # "our local supermarket": the town's
    if first in _DETERMINERS or (first == "the" and not phrase[4:5].isupper()):
        return None
    if first == "the":
        return phrase, 0.8  # "the NHS", "the BBC": a name said with its article
    value = ctx.proper(phrase)
    return (value, 0.8) if value else None


#: A job begun: "I (just) started a new job as", "I've got a job as", "I started working as",
#: "my new job is", "I've taken a position as".
_NEW_JOB = (
    r"i(?:'ve|\s+have)?\s+(?:just\s+|recently\s+|finally\s+)?(?:started|begun|began|got|landed|"
    r"taken|took)\s+(?:a\s+|my\s+)?(?:new\s+|first\s+)?(?:(?:full|part)[-\s]time\s+)?"
    r"(?:job|position|role|post)\s+as|i(?:'ve|\s+have)?\s+(?:just\s+|recently\s+)?"
    r"(?:started|begun|began)\s+working\s+as|my\s+new\s+(?:job|role|position)\s+is|"
    # "(I) just started as a barista", "began last month as …", "new job: barista at …"
    r"(?:i(?:'ve|\s+have)?\s+)?(?:just\s+|recently\s+)?(?:started|began)"
    r"(?:\s+(?:this|last)\s+(?:week|month)|\s+today|\s+yesterday)?\s+as|"
    r"(?:my\s+)?new\s+job\s*:"
)
_JOB = re.compile(
    r"^(?:i\s+(?:now\s+|currently\s+|also\s+)?work\s+(?:part[-\s]time\s+|full[-\s]time\s+)?as|"
    r"(?:i'm|i\s+am)\s+(?:now\s+|currently\s+)?"
    r"(?:working|employed)\s+as|i(?:'ve|\s+have)\s+been\s+working\s+as|my\s+job\s+(?:title\s+)?is|"
    r"my\s+(?:role|profession|occupation)\s+is|i\s+(?:just\s+)?became|"
    # "I just started a new job as a nurse", "I've landed a job as …", "my new job is …"
    rf"{_NEW_JOB}|"
    r"i(?:'ve|\s+have)?\s+(?:just\s+|finally\s+|recently\s+)?(?:got|been|was)\s+promoted\s+to|"
    rf"{_I_AM}|i(?:'ve|\s+have)\s+been)\s+(?:now\s+|currently\s+|also\s+)?(?:a\s+|an\s+|the\s+)?"
    r"(?P<t>.+?)(?:\s+(?:at|for|with|of)\s+(?P<org>.+)|\s+(?:(?:based|living)\s+)?in\s+(?P<city>.+)"
    r"|\s+from\s+(?-i:[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)*)"
    r"(?:,?\s+(?:now\s+)?(?:living|based)\s+in\s+(?P<lives>.+))?)?$",
    re.IGNORECASE,
)
#: "… for years", "… for a while": how long, no workplace.
_DURATION = re.compile(
    r"^(?:years|ages|decades|months|weeks|a\s+(?:while|long\s+time|few\s+\w+|couple\s+of\s+\w+)|"
    r"(?:\d+|\w+)\s+(?:years?|months?|weeks?|decades?)|(?:the\s+)?(?:last|past)\s+.+|a\s+living)$",
    re.IGNORECASE,
)
#: "I work as …", "my job is …": what follows is a job, whatever its words.
_AS_A_JOB = re.compile(
    r"^(?:i\s+(?:\w+\s+)?work|(?:i'm|i\s+am)\s+(?:\w+\s+)?(?:working|employed))\s+as\b"
    rf"|^my\s+(?:job|role|profession|occupation)\b|^(?:{_NEW_JOB})\b",
    re.IGNORECASE,
)
#: What comes right before a title said without its article ("I'm Dev": a name).
_NO_ARTICLE = re.compile(r"\b(?:i'm|i\s+am|im)\s+$", re.IGNORECASE)
_NEGATED = re.compile(r"^(?:not|no\s+longer|never|no)\b", re.IGNORECASE)
#: Last words of a title that says the user studies ("student", "law student", "undergrad").
_SCHOOL_WORDS = frozenset(
    {"student", "undergraduate", "undergrad", "pupil", "schoolgirl", "schoolboy"}
)


#: What follows a workplace and is no part of its name: what the user does there ("at Caltech
#: researching lasers") and its town ("at Spotify in Stockholm").
_AT_WORK_DOING = re.compile(
    r"\s+(?:studying|researching|working|doing|majoring|teaching|leading|running|building)\b.*$",
    re.IGNORECASE,
)
_WORKPLACE_TOWN = re.compile(r"\s+in\s+(?P<town>(?-i:[A-Z]).*)$", re.IGNORECASE)


def _workplace(raw: str, *, lowercase: bool = False) -> tuple[str, str | None]:
    """(the workplace's name, its town if said) from what follows "at" (``lowercase``: the
    user writes without capitals, so "at a ramen bar in portland" names a town too)."""
    raw = _AT_WORK_DOING.sub("", raw)
    town = _WORKPLACE_TOWN.search(raw)
    if town is None and lowercase:
        lower = _LOWER_WORKPLACE_TOWN.search(raw)
        town = lower if lower is not None and lower_town(lower.group("town")) else None
    return (raw[: town.start()], town.group("town")) if town else (raw, None)


_LOWER_WORKPLACE_TOWN = re.compile(r"\s+in\s+(?P<town>[a-z][a-z'-]+)$")
#: What follows "in" after a job and is no town: a field ("a teacher in history").
_FIELDS = frozenset(
    """history maths math science physics chemistry biology english french spanish german art
    music finance sales marketing retail tech law medicine education insurance banking accounts
    admin construction hospitality training charge general town school college uni university
    nursing pharmacy engineering business politics economics psychology it hr pr ops logistics
    advertising media fashion film theatre publishing property research government care
    healthcare tourism recruitment security transport aviation design software hardware""".split()
)


def lower_town(word: str) -> bool:
    """Whether one lower-case word after a job or a workplace's "in" is a town ("leeds",
    "portland"; not "history", "training", "charge")."""
    low = word.lower()
    if not re.fullmatch(r"[a-z][a-z'-]+", word):
        return False  # one lower-case word: "us history", "the ER" are no town
    if len(low) < 4 or low in _FIELDS or low in _NOT_PLACES or low in _FUNCTION_WORDS:
        return False
    return not re.search(r"(?:ing|ed|ly)$", low) and low not in OCCUPATIONS


def job(clause: str, ctx: Context) -> list[Candidate]:
    """Reads "I work as a nurse at St Mary's", "I'm a software engineer" → ``job_title``;
    "I'm a student in Hull studying physics" → a student of physics, living in Hull."""
    studying = _STUDYING.search(clause)
    if studying is not None:
        found = _job(clause[: studying.start()], ctx, as_a_job=False, subject=studying.group("s"))
        if any(c.key == "education.student" for c in found):
            return found
    return _job(clause, ctx, as_a_job=False)


#: What a student studies, said after where ("… in Hull studying physics", "… doing maths").
_STUDYING = re.compile(
    r"\s+(?:studying|doing|reading|majoring\s+in)\s+(?P<s>[^\W\d_][\w&' -]{1,40}?)\s*$",
    re.IGNORECASE,
)


_AT_A_PLACE = re.compile(r"at\s+(?:the|a|an|my|our)\s", re.IGNORECASE)
#: A workplace's name said after a job with "in" ("a chef in Hotel Sol", "a nurse in St Mary's
#: Hospital", "a waiter in Cafe Rouge"): by a word for its kind, never a town.
_PLACE_OF_WORK = re.compile(
    r"\b(?:hotel|hospital|cafe|café|restaurant|bar|pub|inn|bistro|diner|clinic|surgery|pharmacy|"
    r"bank|store|shop|supermarket|factory|gym|bakery|salon|library|university|academy|school|"
    r"college|nursery|studio|museum|theatre|theater|airport|prison|hospice|infirmary)\b",
    re.IGNORECASE,
)


def _job(clause: str, ctx: Context, *, as_a_job: bool, subject: str = "") -> list[Candidate]:
    """``job``; ``as_a_job``: the sentence puts a job there ("… for 20 years"); ``subject``:
    what a student said they study."""
    m = _JOB.match(clause)
    # "I'm not a doctor", "I'm no longer a nurse": see ``former``; "I'm at the dentist":
    # where the user is now, no job.
    if m is None or _NEGATED.match(m.group("t")) or _AT_A_PLACE.match(m.group("t")):
        return []
    said = m.group("t")
    if (
        said[:1].isupper()
        and not said.isupper()
        and " " not in said
        and _NO_ARTICLE.search(clause[: m.start("t")])
    ):
        return []  # "I'm Dev", "I'm Mason": a name said without an article, no job
    strong = not re.match(rf"^{_I_AM}\s", clause, re.IGNORECASE)
    # Said as a job ("I work as …", "I'm a … at Acme / in Leeds"): a title no list names may
    # be read by its shape.
    if m.group("org") and _DURATION.match(m.group("org")):
        # "I've been a welder for 20 years": the title alone, without how long
        said = re.sub(r"\s+\w+\s*$", "", clause[: m.start("org")])
        return _job(said, ctx, as_a_job=True, subject=subject)
    placed = any(m.group(g) for g in ("org", "city", "lives"))
    shaped = as_a_job or placed or bool(_AS_A_JOB.match(clause))
    title = job_title(m.group("t"), by_shape=shaped)
    if title is None:
        return []
    hint = 0.85 if strong else 0.75
    text = f"{ctx.subject} is {_article(title)} {title}."
    # A student is in education, not in a job ("I'm a law student at Trinity").
    school = title.lower().split()[-1] in _SCHOOL_WORDS
    # (Kept as said, without a slot value: no "you work as …" phrase fits it in any language.)
    if school:
        if subject:
            text = f"{text[:-1]} studying {subject.strip()}."
        out = fact("education.student", text, Category.IDENTITY, hint, None)
    else:
        out = fact("job_title", text, Category.IDENTITY, hint, title)
    raw_org, town = _workplace(m.group("org") or "", lowercase=ctx.all_lower)
    org = employer_name(raw_org, ctx) if raw_org else None
    if org is not None:
        key, verb = ("school", "studies at") if school else ("employer", "works at")
        out += fact(key, f"{ctx.subject} {verb} {org[0]}.", Category.IDENTITY, org[1], org[0])
    where = m.group("city") or m.group("lives") or town
    return out + _where_the_job_is(where, ctx, named=org is not None)


def _where_the_job_is(where: str | None, ctx: Context, *, named: bool) -> list[Candidate]:
    """The place said after a job: a workplace's name ("a chef in Hotel Sol") is the employer
    (unless one was named), a town the home ("a sales manager in Chicago")."""
    if where and not where[:1].isupper() and not (ctx.all_lower and lower_town(where)):
        return []  # "a teacher in us history", "a waiter in a restaurant": no town
    if where and _PLACE_OF_WORK.search(where):
        # "I'm a chef in Hotel Sol", "a nurse in St Mary's Hospital": the workplace, no home.
        firm = None if named else employer_name(where, ctx)
        if firm is None:
            return []
        return fact(
            "employer", f"{ctx.subject} works at {firm[0]}.", Category.IDENTITY, firm[1], firm[0]
        )
    city = place(where, ctx) if where else None
    if city is None or city[1]:
        return []
    # "I'm a sales manager in Chicago": where they work is, said this way, where they live.
    return fact("home_city", f"{ctx.subject} lives in {city[0]}.", Category.IDENTITY, 0.6, city[0])


#: How long the user has been somewhere, said after it: "since 2019", "since March 2020",
#: "for six years" (not "since 6am", "for lunch").
_STILL_THERE = (
    r"\s(?:since\s+(?:(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+)?"
    r"(?:19|20)\d\d|for\s+(?:\d+|two|three|four|five|six|seven|eight|nine|ten|a\s+few|several|"
    r"many)\s+(?:years?|yrs?|months?|decades?))\b"
)
_WORK_AT = re.compile(
    r"^(?:i\s+(?:now\s+|currently\s+|still\s+|also\s+)?work(?:\s+part[-\s]time|\s+full[-\s]time)?|"
    r"(?:i'm|i\s+am)\s+(?:now\s+|currently\s+|"
    r"still\s+)?(?:working|employed)|i(?:'ve|\s+have)\s+been\s+working|"
    # "I've been at Arup since 2019", "I've worked for Ocado for six years": still there (a
    # bare "I've worked at Tesco" is something done; "I've been at the gym" no job).
    rf"i(?:'ve|\s+have)\s+(?:been(?=\s+at\s)|worked(?=\s+(?:at|for)\s))(?=.+?{_STILL_THERE})|"
    r"(?:i\s+)?(?:just\s+|recently\s+)?(?P<new>started|began)(?:\s+working|\s+a\s+(?:new\s+)?job)?|"
    r"(?:i\s+)?(?:just\s+|recently\s+)?(?P<got>got|landed|accepted)\s+a\s+(?:new\s+)?"
    r"(?:job|position|role)"
    r")\s+(?P<prep>at|for|by|with)\s+(?P<org>.+)$"
    r"|^i\s+(?:just\s+|recently\s+)?(?P<joined>joined)\s+(?P<j>.+)$"
    r"|^my\s+(?:employer|company)\s+is\s+(?P<e>.+)$",
    re.IGNORECASE,
)
_AS_TITLE = re.compile(r"\bas\s+(?:(?:a|an|the)\s+)?(?P<t>.+)$", re.IGNORECASE)


def employer(clause: str, ctx: Context) -> list[Candidate]:
    """Reads "I work at Google", "I joined Acme" → ``employer`` (+ "… as a designer")."""
    m = _WORK_AT.match(clause)
    if m is None:
        return []
    raw = m.group("org") or m.group("j") or m.group("e")
    raw = re.sub(rf"\s*{_STILL_THERE}", "", raw, flags=re.IGNORECASE)  # "Ocado for six years"
    if (m.group("prep") or "").lower() == "with" and not raw[:1].isupper():
        return []  # "I work with animals" names what they work with, not an employer
    as_said = _AS_TITLE.search(raw)
    lowercase = ctx.all_lower
    named, town = _workplace(raw[: as_said.start()] if as_said else raw, lowercase=lowercase)
    org = employer_name(named, ctx)
    if org is None:
        return []
    started = bool(m.group("new") or m.group("got") or m.group("joined"))
    out = fact(
        "employer",
        f"{ctx.subject} works at {org[0]}.",
        Category.IDENTITY,
        org[1],
        org[0],
        valid_from=ctx.time if started else None,
    )
    title = job_title(as_said.group("t")) if as_said else None
    if title is not None:
        text = f"{ctx.subject} is {_article(title)} {title}."
        out += fact("job_title", text, Category.IDENTITY, 0.85, title)
    return out + works_in(town, ctx)


def works_in(town: str | None, ctx: Context) -> list[Candidate]:
    """ "… at Zara in Madrid": where the user works is, said this way, where they live."""
    city = place(town, ctx) if town else None
    if city is None or city[1]:
        return []
    return fact("home_city", f"{ctx.subject} lives in {city[0]}.", Category.IDENTITY, 0.6, city[0])


# "… any more, long story": the value ends at a comma or at "any more".
_ANY_MORE = re.compile(r"\s*,.*$|\s+(?:any\s*more|now|these\s+days|nowadays)\b.*$", re.I)
_FORMER_HOME = re.compile(
    r"^(?:i|we)\s+(?:no\s+longer|don't|do\s+not|dont)\s+live\s+in\s+(?P<v>.+)$"
    rf"|^(?:{_I_AM}|we're|we\s+are)\s+(?:no\s+longer|not)\s+(?:living|based)\s+in\s+(?P<b>.+)$"
    r"|^(?:i|we)(?:'ve|\s+have|\s+just|\s+finally|\s+recently)*\s+moved\s+(?:out\s+of|away\s+from)"
    r"\s+(?P<o>.+)$",
    re.IGNORECASE,
)
_FORMER_EMPLOYER = re.compile(
    r"^i\s+(?:no\s+longer|don't|do\s+not|dont)\s+work\s+(?:at|for)\s+(?P<v>.+)$"
    rf"|^{_I_AM}\s+(?:no\s+longer|not)\s+(?:working|employed)\s+(?:at|for|by)\s+(?P<w>.+)$"
    r"|^i(?:'ve|\s+have)?\s+(?:just\s+|finally\s+|recently\s+)?(?:quit|left\s+my\s+(?:job|position|"
    r"role)\s+(?:at|with))\s+(?:my\s+(?:job|position|role)\s+(?:at|with)\s+)?(?P<l>.+)$"
    # "I left Acme to join Initech"; a bare "I left Berlin" is more often a trip than a job.
    r"|^i(?:'ve|\s+have)?\s+(?:just\s+|finally\s+|recently\s+)?left\s+(?P<j>.+?)\s+"
    r"(?:to\s+join|and\s+joined|for\s+a\s+(?:new\s+)?job)\b.*$"
    r"|^i\s+(?:was|got|have\s+been|'ve\s+been)\s+(?:laid\s+off|fired|let\s+go)\s+(?:from|by)\s+"
    r"(?P<f>.+)$",
    re.IGNORECASE,
)
_QUIT_JOB = re.compile(
    r"^i(?:'ve|\s+have)?\s+(?:just\s+|finally\s+|recently\s+)?(?:left|quit)\s+my\s+job\s*$",
    re.IGNORECASE,
)
_FORMER_TITLE = re.compile(
    rf"^{_I_AM}\s+(?:no\s+longer|not)\s+(?:a|an)\s+(?P<t>.+)$"
    r"|^i\s+(?:stopped|quit)\s+(?:being|working\s+as)\s+(?:a|an)\s+(?P<s>.+)$",
    re.IGNORECASE,
)
#: Below the positive readings, so "I left Acme and joined Initech" keeps Initech for the key.
_FORMER_HINT = 0.7
_STOPPED = re.compile(
    r"\b(?:no\s+longer|any\s*more|left|quit|moved|laid|fired|let|stopped)\b", re.IGNORECASE
)


def _stopped(clause: str) -> bool:
    """True for "no longer …", "… any more", "I left …"; False for a plain "I don't …"."""
    return bool(_STOPPED.search(clause))


def former(clause: str, ctx: Context) -> list[Candidate]:
    """Reads "I don't live in Berlin any more", "I no longer work at Acme", "I'm no longer a
    nurse" → the old value with ``valid_to`` = now (arbitration ends the matching fact)."""
    now = ctx.time
    m = _FORMER_HOME.match(clause)
    if m is not None:
        found = place(_ANY_MORE.sub("", m.group("v") or m.group("b") or m.group("o")), ctx)
        if found is None:
            return []
        value, is_country = found
        key = "home_country" if is_country else "home_city"
        verb = "no longer lives" if _stopped(clause) else "does not live"
        text = f"{ctx.subject} {verb} in {value}."
        return fact(key, text, Category.IDENTITY, _FORMER_HINT, _bare(value), valid_to=now)
    if _QUIT_JOB.match(clause):
        text = f"{ctx.subject} no longer works at their former employer."
        return fact("employer", text, Category.IDENTITY, _FORMER_HINT, None, valid_to=now)
    m = _FORMER_EMPLOYER.match(clause)
    if m is not None:
        raw = m.group("v") or m.group("w") or m.group("l") or m.group("f") or m.group("j")
        raw = re.split(r"\s+(?:and|to|for|after|because)\s+", _ANY_MORE.sub("", raw), maxsplit=1)[0]
        if re.match(r"^[a-z]+ing\b", raw):
            return []  # "I quit smoking": a habit, no employer
        org = employer_name(raw, ctx)
        if org is None or org[1] < 0.8:
            return []  # "I left a startup" names no employer to end
        verb = "no longer works" if _stopped(clause) else "does not work"
        text = f"{ctx.subject} {verb} at {org[0]}."
        return fact("employer", text, Category.IDENTITY, _FORMER_HINT, org[0], valid_to=now)
    m = _FORMER_TITLE.match(clause)
    if m is not None:
        title = job_title(_ANY_MORE.sub("", m.group("t") or m.group("s")))
        if title is None:
            return []
        negation = "no longer" if _stopped(clause) else "not"
        text = f"{ctx.subject} is {negation} {_article(title)} {title}."
        return fact("job_title", text, Category.IDENTITY, _FORMER_HINT, title, valid_to=now)
    return []


#: The user's own trade said by its verb ("I drive a bus for the city", "I drive taxis for a
#: living", "I teach physics at …"), as a relative's is ("my uncle drives a lorry"): narrow,
#: a vehicle driven for a living or a subject taught (not "I drive a Volvo", "I teach my dog").
_OWN_TRADE = re.compile(
    r"^i\s+(?:(?:also|still|now|currently|actually)\s+)?"
    r"(?:drive\s+(?:a\s+|an\s+|the\s+)?(?P<v>taxi|cab|bus|lorry|truck|van|tram|forklift)(?:e?s)?"
    r"|teach\s+(?P<s>maths?|english|history|science|physics|chemistry|biology|french|german|"
    r"spanish|music|art|geography|drama|latin|economics|ict|computing|pe))"
    r"(?P<where>\s+(?:for|at|in|around|on)\b.*)?$",
    re.IGNORECASE,
)


#: The user's own business said by its verb ("I run a little bakery in Galway", "I own a
#: café", "I've got my own plumbing business"): a shop's, a trade's or a firm's noun, with up
#: to two words before it; "have"/"got" only with "my own" ("I have a studio" is a flat).
_BUSINESS = (
    r"(?:bakery|caf[eé]|coffee\s+shop|shop|business|restaurant|bar|pub|salon|workshop|farm|"
    r"firm|company|bookshop|bookstore|store|bistro|deli|hotel|guesthouse|b&b|bakeshop|"
    r"boutique|agency|practice|nursery|kennels|brewery|vineyard|garage|studio|clinic|"
    r"takeaway|chippy|florist's|butcher's|barbershop|gym|bakehouse)"
)
_OWN_BUSINESS = re.compile(
    r"^i(?:\s+(?:also|still|now|currently|actually))?(?:\s+|(?=['’]ve\b))"
    r"(?:(?P<run>run|own|manage)\s+(?:a|an|the|my(?:\s+own)?|our(?:\s+own)?)"
    r"|(?:have|'ve\s+got|’ve\s+got|have\s+got|got)\s+(?:a\s+business|my\s+own|our\s+own))"
    r"(?:\s+(?:little|small|tiny|wee|family|local|independent|own))*"
    rf"(?P<b>(?:\s+[a-z'-]+){{0,2}}?\s+{_BUSINESS}|)"
    r"(?:\s+(?:in|on|at|near|called|named|down|up|with|for|since)\b.*)?$",
    re.IGNORECASE,
)
_NOT_A_BUSINESS = re.compile(r"\b(?:own|a|an|the|my|our|of|and|this|that)\s", re.IGNORECASE)


def _own_business(clause: str, ctx: Context) -> list[Candidate]:
    """ "I run a little bakery in Galway" → ``job_title`` "bakery owner"; "I've got my own
    plumbing business" → "plumbing business owner": what "what do I do?" answers."""
    m = _OWN_BUSINESS.match(clause)
    if m is None:
        return []
    said = m["b"].strip().lower() or "business"
    if _NOT_A_BUSINESS.search(said + " "):
        return []  # "I run a lot of errands for the shop": no business of theirs
    manages = (m["run"] or "").lower() == "manage"
    title = f"{said} {'manager' if manages else 'owner'}"
    text = f"{ctx.subject} {'manages a' if manages else 'runs their own'} {said}."
    return fact("job_title", text, Category.IDENTITY, 0.7, title)


def trade(clause: str, ctx: Context) -> list[Candidate]:
    """ "I drive a bus for the city" → ``job_title`` "bus driver"; "I teach physics at a
    college" → "physics teacher"; a business of their own ("I run a bakery")."""
    m = _OWN_TRADE.match(clause)
    if m is None:
        return _own_business(clause, ctx)
    title = f"{m['v'].lower()} driver" if m["v"] else f"{m['s'].lower()} teacher"
    # Where, as said ("… at a primary school in York"): the work's place, no home invented.
    where = (m["where"] or "").rstrip(" .!")
    text = f"{ctx.subject} works as {_article(title)} {title}{where}."
    return fact("job_title", text, Category.IDENTITY, 0.7, title)


RULES: tuple[Rule, ...] = (former, home, origin, job, employer, trade)
