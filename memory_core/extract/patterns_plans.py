"""Rules for what the user is after: goals ("I want to run a marathon") and current projects."""

from __future__ import annotations

import re

from memory_core.extract import when
from memory_core.extract.base import Candidate
from memory_core.extract.lexicon import BASE_VERBS
from memory_core.extract.rule import Context, Rule, fact, usable_object
from memory_core.extract.text import clean_phrase, slug
from memory_core.values import Category

_GOAL = re.compile(
    r"^(?:i|we)\b\s*(?:(?:really|also|still|eventually|someday|one\s+day|finally|seriously)\s+)*"
    r"(?P<verb>want\s+to|wanna|hope\s+to|plan\s+to|intend\s+to|aim\s+to|"
    r"(?:'m|\s+am|'re|\s+are)\s+(?:planning|trying|hoping|aiming|working\s+hard|saving\s+up|saving)\s+to|"
    r"(?:'d|\s+would)\s+(?:really\s+)?(?:like|love)\s+to|dream\s+of|"
    r"(?:'ve|\s+have)\s+always\s+wanted\s+to)\s+(?P<g>.+)$"
    r"|^(?:one\s+of\s+)?(?:my\s+|(?=(?:goal|target|resolution|ambition)s?\s+(?:for\s+)?\S+\s+\S+\s+is\s+to\b))"
    r"(?:main\s+|big\s+|biggest\s+|life\s+|long-term\s+|personal\s+|"
    r"career\s+|fitness\s+|running\s+)?(?P<noun>goal|dream|plan|aim|ambition|resolution|"
    r"new\s+year's\s+resolution|target)"
    r"s?\s+(?:(?:for\s+)?(?:this\s+|next\s+|the\s+)?\S+\s+)?(?:is|are)\s+to\s+(?P<mg>.+)$"
    # "My running target is a sub-3 marathon": a target is said as what it is.
    # "Target next spring is a 25-minute parkrun": chat leaves the "my" out, not the time.
    r"|^(?:(?:my|our)\s+|(?=(?:target|goal)\s+(?:for\s+)?(?:this|next)\s))"
    r"(?:main\s+|big\s+|running\s+|fitness\s+)?(?P<tnoun>target|goal)\s+"
    r"(?:(?:for\s+)?(?:this|next)\s+\S+\s+)?is\s+(?!to\b)(?P<tg>(?:a|an|the)\s+.+)$"
    # "Goal: a sub-3 marathon", "Resolution for 2027: learn Welsh": a heading and what it is.
    r"|^(?:(?:my|our)\s+)?(?:main\s+|big\s+|running\s+|fitness\s+|life\s+)?"
    r"(?P<cnoun>goal|target|resolution|ambition)\s*(?:(?:for\s+)?(?:this|next)\s+\S+|for\s+\d{4})?"
    r"\s*:\s*(?:to\s+)?(?P<cg>.+)$",
    re.IGNORECASE,
)
#: "I want to know …" asks for something now; it is no life goal.
REQUEST_VERBS = frozenset(
    """know ask see check hear talk chat say tell understand cancel stop continue confirm
    clarify try find make get go sleep eat watch add remove delete change fix update test
    look print show send share order book use start end finish repeat summarize summarise
    translate explain discuss go""".split()
)
#: When a goal is for ("this summer", "next year"): its "this" points at no thing.
_TIME_SAID = re.compile(
    r"\b(?:this|next|coming)\s+(?:year|summer|winter|spring|autumn|fall|season|month)\b",
    re.IGNORECASE,
)
#: A goal said as a thing after a heading ("Goal: a sub-3 marathon"), not as what to do.
_SAID_AS_THING = re.compile(r"^(?:a|an|the|my|\d|sub-)", re.IGNORECASE)
#: Verbs that say a goal of one's life, never a request of the moment.
_LIFE_GOAL_VERBS = ("hope", "plan", "intend", "aim", "dream")
#: ... said as what one is doing ("we're hoping to", "I'm planning to").
_LIFE_GOAL_ING = re.compile(r"\b(?:hoping|planning|aiming)\b")
#: "go to Japan", "visit Peru next spring": a plan of one's life goes somewhere named, not to
#: bed or to the shops ("I'm hoping to go to bed early" is the moment's).
_SOMEWHERE = re.compile(r"^(?:go|fly|travel|head|move)\s+(?:back\s+)?(?:over\s+)?to\s+(?-i:[A-Z])")
_DEICTIC_WORD = re.compile(r"\b(?:you|your|this|that|it|these|those|here|me|now)\b", re.IGNORECASE)
_GOAL_TEXT = {
    "want to": "wants to",
    "wanna": "wants to",
    "hope to": "hopes to",
    "plan to": "plans to",
    "intend to": "intends to",
    "aim to": "aims to",
    "dream of": "dreams of",
}


def _goal_verb(raw: str) -> str:
    verb = re.sub(r"\s+", " ", raw.lower()).strip()
    if verb in _GOAL_TEXT:
        return _GOAL_TEXT[verb]
    if "always wanted" in verb:
        return "has always wanted to"
    if verb.startswith(("'d", "would")):
        return "would " + verb.split()[-2] + " to"
    word = re.search(r"(planning|trying|hoping|aiming|working hard|saving up|saving)", verb)
    return f"is {word.group(1)} to" if word else "wants to"


def goal(clause: str, ctx: Context) -> list[Candidate]:
    """Reads "I want to run a marathon", "my goal is to learn Rust" → ``goal.<slug>``."""
    m = _GOAL.match(clause)
    if m is None:
        return []
    raw = m.group("g") or m.group("mg") or m.group("tg") or m.group("cg")
    target = usable_object(clean_phrase(raw, max_words=10))
    if target is None or _DEICTIC_WORD.search(_TIME_SAID.sub("", target)):
        return []
    verb = (m.group("verb") or "").lower()
    # "I want to finish …" may ask for something now; "I hope to finish an ironman" is a goal.
    # "We're hoping to fly to Peru": a trip, said as what one is hoping or planning to do.
    trip = _LIFE_GOAL_ING.search(verb) is not None and _SOMEWHERE.match(target) is not None
    life = verb.startswith(_LIFE_GOAL_VERBS) or trip
    if target.split()[0].lower() in REQUEST_VERBS and not life:
        return []
    if m.group("verb") and len(target.split()) == 1 and len(raw.split()) > 2:
        return []  # "I plan to shop while on vacation in Paris": "shop" alone misstates it
    said = target
    if clause.lstrip().lower().startswith("we"):
        # "… to Peru for our honeymoon": "our" is the user's too.
        said = re.sub(r"\bour\b", "my", target, flags=re.IGNORECASE)
    if m.group("cnoun") and _SAID_AS_THING.match(target):
        text = f"{ctx.possessive} {m.group('cnoun').lower()} is {ctx.third(target)}."
    elif m.group("cnoun"):
        text = f"{ctx.possessive} {m.group('cnoun').lower()} is to {ctx.third(target)}."
    elif m.group("tnoun"):
        text = f"{ctx.possessive} {m.group('tnoun').lower()} is {ctx.third(target)}."
    elif m.group("noun"):
        noun = re.sub(r"\s+", " ", m.group("noun").lower())
        text = f"{ctx.possessive} {noun} is to {ctx.third(target)}."
    else:
        text = f"{ctx.subject} {_goal_verb(m.group('verb'))} {ctx.third(said)}."
    return fact(f"goal.{slug(target, 40)}", text, Category.TASK_CONTEXT, 0.6, target)


_PROJECT = re.compile(
    r"^(?:i|we)(?:'m|\s+am|'re|\s+are)\s+(?:currently\s+|also\s+|now\s+|still\s+|busy\s+)*"
    r"(?P<verb>working\s+on|building|developing|writing|creating|making|designing|coding|"
    r"programming|organi[sz]ing|renovating|restoring|training\s+for|studying\s+for|"
    r"preparing\s+for)\s+(?P<p>.+)$"
    r"|^my\s+(?:current\s+|side\s+|main\s+|new\s+|latest\s+|pet\s+|big\s+)?project\s+is\s+"
    r"(?:to\s+)?(?P<mp>.+)$"
    r"|^i\s+(?:also\s+)?(?:maintain|work\s+on)\s+(?P<wp>.+)$",
    re.IGNORECASE,
)
_NOT_PROJECTS = frozenset(
    """email message letter reply response text note list comment dinner lunch breakfast
    coffee tea food bed plans progress mistake mistakes mess noise sense money friends
    fun joke point""".split()
)


def project(clause: str, ctx: Context) -> list[Candidate]:
    """Reads "I'm working on a Rust compiler" → ``project.<slug>``."""
    m = _PROJECT.match(clause)
    if m is None:
        return []
    raw = m.group("p") or m.group("mp") or m.group("wp")
    thing = usable_object(clean_phrase(raw, max_words=10))
    if thing is None or re.search(r"\b(?:you|your|it)\b", thing, re.IGNORECASE):
        return []
    words = thing.split()
    head = words[0].lower()
    proper = thing[0].isupper() or not thing[0].islower()
    if head not in {"a", "an", "the", "my", "our", "some"} and not proper and not ctx.lowercase:
        return []  # "I'm making dinner" names no project
    if words[-1].lower().strip(".,") in _NOT_PROJECTS or (len(words) < 2 and head in _NOT_PROJECTS):
        return []
    if m.group("verb"):
        verb = re.sub(r"\s+", " ", m.group("verb").lower())
        text = f"{ctx.subject} is {verb} {ctx.third(thing)}."
    elif m.group("mp"):
        text = f"{ctx.possessive} current project is {ctx.third(thing)}."
    else:
        text = f"{ctx.subject} works on {ctx.third(thing)}."
    key = f"project.{slug(thing, 40)}"
    return fact(key, text, Category.TASK_CONTEXT, 0.65, thing)


_PLACE = r"(?-i:[A-Z])[\w'’-]+(?:\s+(?:de\s+|del\s+|of\s+)?(?-i:[A-Z])[\w'’-]+)*"
#: A trip the user has planned, said as what is coming: "We're going to Sochi in July", "I'm
#: flying to Lisbon next month", "we're off to Crete in May", "In August we're driving to
#: Cornwall" (a time said: "I'm going to Tesco" is the moment's), or "Our holiday this year is
#: in Crete", "my honeymoon will be in Bali".
_TRIP = re.compile(
    r"^(?:(?P<lead>(?:in|this|next|over\s+the)\s+\w+(?:\s+\w+)?)\s*,?\s+)?(?P<subject>(?:i|we)"
    r"(?:'m|'re|\s+am|\s+are)\s+)?(?:(?:also|finally|hopefully|probably|actually)\s+)?"
    r"(?P<verb>going|flying|travell?ing|heading|driving|off|sailing|taking\s+the\s+(?:kids|family))"
    rf"\s+(?:back\s+)?(?:over\s+)?to\s+(?P<place>{_PLACE})(?P<rest>.*)$"
    r"|^(?:my|our)\s+(?:summer\s+|winter\s+|family\s+|next\s+|big\s+)?"
    r"(?P<noun>holiday|vacation|trip|honeymoon|getaway|city\s+break)\s+"
    r"(?:(?P<when>(?:this|next)\s+\w+)\s+)?(?:is|will\s+be)\s+(?:in|to)\s+"
    rf"(?P<place2>{_PLACE})(?P<rest2>.*)$",
    re.IGNORECASE,
)


#: When a trip is for, beyond the next few days: a month, a season or a holiday, a week or
#: more ahead, a year ("tonight", "tomorrow" are the moment's outings).
_LATER = re.compile(
    r"\b(?:january|february|march|april|may|june|july|august|september|october|november|"
    r"december|jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec|spring|summer|autumn|fall|winter|"
    r"christmas|easter|new\s+year|half[-\s]term|the\s+holidays|next\s+(?:week|month|year)|"
    r"in\s+(?:a|two|three|four|five|six|\d+|a\s+few|a\s+couple\s+of)\s+(?:weeks?|months?|years?)|"
    r"(?:next|this|coming)\s+(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|weekend)|"
    # a stay said ("for a week", "for ten days", "for the weekend"): a trip, whenever it starts
    r"for\s+(?:a|one|two|three|four|five|six|seven|ten|\d+|a\s+few|a\s+couple\s+of)\s+"
    r"(?:weeks?|fortnights?|days|nights|months?)|for\s+(?:a|the)\s+(?:long\s+)?weekend|"
    r"(?:19|20)\d\d)\b",
    re.IGNORECASE,
)


_I_SAID = re.compile(r"(?:^|\s)i(?:'m|\s+am)\b", re.IGNORECASE)
#: Chat says the place in lower case ("off to lisbon in april"): the word after "to" is a
#: place unless it is a verb ("going to try …") or where one goes every day.
_LOWER_PLACE = re.compile(
    r"\b(?P<go>off|going|flying|heading|travell?ing|driving|sailing|moving)\s+to\s+"
    r"(?P<w>[a-z][\w'’-]+)"
)
_NOT_PLACES = frozenset(
    """the a an my our his her their your this that some work school bed uni college church
    gym shops shop town bar pub doctor doctors dentist hospital office beach park party
    wedding funeral concert class lessons practice sleep lunch dinner breakfast mass court
    jail prison hell be""".split()
)
#: A trip said without its subject is only one ahead ("going to Rome in 2019 was amazing").
_TOLD_AS_PAST = re.compile(r"\b(?:was|were|is|has|had|did|went)\b", re.IGNORECASE)


def _a_story_told(m: re.Match[str]) -> bool:
    """ "going to Rome in 2019 was amazing": said without its subject, a story, not a plan."""
    if not m.group("place") or m.group("subject"):
        return False
    return bool(m.group("lead")) or _TOLD_AS_PAST.search(m.group("rest")) is not None


def _place_capitalised(clause: str, ctx: Context) -> str:
    if not ctx.lowercase:
        return clause

    def cap(m: re.Match[str]) -> str:
        word = m.group("w")
        if word in _NOT_PLACES or word in BASE_VERBS:
            return m.group(0)
        return m.group(0)[: m.start("w") - m.start()] + word[:1].upper() + word[1:]

    return _LOWER_PLACE.sub(cap, clause, count=1)


def _lead_after(m: re.Match[str]) -> str:
    """The time a plan opened with, said after it ("In August" → " in August"), or ""."""
    said = m.group("lead") or ""
    return f" {said[:1].lower()}{said[1:]}" if said else ""


def trip(clause: str, ctx: Context) -> list[Candidate]:
    """Reads a planned trip ("We're going to Sochi in July") → ``plan.trip_<place>``."""
    m = _TRIP.match(_place_capitalised(clause.strip().rstrip(" .!"), ctx))
    if (
        m is None
        or _a_story_told(m)
        or (_I_SAID.search(clause) and when.resolve(clause, ctx.time) is not None)
    ):
        # "I'm flying to Tokyo next week": the plain statements' rule dates it ("in March")
        return []
    if m.group("place"):
        place, rest = m.group("place"), m.group("rest")
        if not _LATER.search(f"{m.group('lead') or ''} {rest}"):
            return []  # "I'm going to Tesco", "we're heading to Nando's tonight": the moment's
        text = f"{ctx.subject} is going to {place}{rest.rstrip(' ,')}{_lead_after(m)}"
    else:
        place, rest = m.group("place2"), m.group("rest2")
        noun = re.sub(r"\s+", " ", m.group("noun").lower())
        when_said = f" {m.group('when')}" if m.group("when") else ""
        text = f"{ctx.possessive} {noun}{when_said} is in {place}{rest}"
    if _DEICTIC_WORD.search(rest):
        return []
    return fact(
        f"plan.trip_{slug(place, 30)}", f"{text.rstrip(' ,')}.", Category.TASK_CONTEXT, 0.6, place
    )


#: A move the user's household has planned: "we're moving to Cork in the spring", "in May
#: we're moving to Graz" (a move is never the moment's outing; "I'm moving to …" is the plain
#: statements' rule's, keyed the same).
_MOVE = re.compile(
    r"^(?:(?P<lead>(?:in|this|next)\s+\w+(?:\s+\w+)?)\s*,?\s+)?we(?:'re|\s+are)\s+"
    r"(?:(?:also|finally|hopefully|probably|actually|soon)\s+)?(?:going\s+to\s+move|moving)"
    rf"(?:\s+house)?\s+(?:back\s+)?to\s+(?P<place>{_PLACE})(?P<rest>.*)$",
    re.IGNORECASE,
)


def move(clause: str, ctx: Context) -> list[Candidate]:
    """Reads a planned move ("we're moving to Cork in the spring") → ``plan.moving_<place>``:
    where the user is moving to (their home changes when they say they moved)."""
    m = _MOVE.match(_place_capitalised(clause.strip().rstrip(" .!"), ctx))
    if m is None or _DEICTIC_WORD.search(m.group("rest")):
        return []
    rest = m.group("rest").rstrip(" ,")
    text = f"{ctx.subject} is moving to {m.group('place')}{rest}{_lead_after(m)}."
    place = m.group("place")
    return fact(f"plan.moving_{slug(place, 30)}", text, Category.TASK_CONTEXT, 0.6, place)


RULES: tuple[Rule, ...] = (goal, project, trip, move)
