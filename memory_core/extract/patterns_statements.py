"""The general reading: a plain statement about the user that no specific rule recognised.

People describe themselves in far more ways than any list of patterns ("I have two pet snakes.",
"I work with animals.", "My mom is a nurse."). When no rule in the other ``patterns_*`` modules
reads a clause, :func:`statement` keeps it whole as a third-person fact, provided it clearly
states something lasting about the user or about one of their people:

1. who it is about: the user ("I …"), one of their people ("my sister …", "my dog …", "my boss
   …": the fact stays theirs, under ``family.``/``pet.``/``people.`` keys, never the user's
   own), or something of the user's ("my car …", "… is my favourite");
2. what it says: the verb after the subject picks a kind (``has``, ``work``, ``education``,
   ``likes``, ``goal``, ``past``, ``trait`` …) that names the key and the category;
3. what it is not: small talk ("I think so", "I'm tired"), this very moment ("I'm eating
   lunch"), anything said to or about "you" or "we", or about someone unnamed ("she …").

The clause is rewritten in third person ("I eat Italian food and read poetry" → "The user eats
Italian food and reads poetry."). A key is the kind plus the content words of the predicate,
without negation or numbers, so "I have two dogs" and "I have three dogs" share one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from memory_core.extract.base import Candidate
from memory_core.extract.lexicon import (
    ACUTE_CONDITIONS,
    BASE_VERBS,
    CONDITION_ADJECTIVES,
    CONDITIONS,
    DIETS,
    EVALUATIVE,
    EVENT_NOUNS,
    FAMILY,
    FAMILY_CANONICAL,
    FAMILY_GROUP_CANONICAL,
    FAMILY_GROUPS,
    IDIOMS,
    LANGUAGES,
    MOMENTARY_ACTIVITIES,
    NATIONALITIES,
    OCCUPATIONS,
    PASSING_SENSATIONS,
    PEOPLE,
    PET_BREEDS,
    PET_CANONICAL,
    PET_SPECIES,
    TRANSIENT_STATES,
)
from memory_core.extract.patterns_identity import person_name
from memory_core.extract.patterns_plans import REQUEST_VERBS
from memory_core.extract.rule import Context, Rule, fact
from memory_core.extract.text import (
    RELATION_ADJ,
    alternation,
    slug,
    strip_trailing_fillers,
    third_person,
    third_singular,
)
from memory_core.text import kin
from memory_core.values import Category

#: Below every specific rule: a whole clause kept as it was said is a weaker reading.
HINT = 0.5
RELATIONSHIP_HINT = 0.55
#: Longer clauses are rambling or pasted text, not one fact.
MAX_WORDS = 40


@dataclass(frozen=True, slots=True)
class Reading:
    """What the clause is about: a key prefix, a category and whether it is sensitive."""

    prefix: str
    category: Category
    sensitive: bool = False


# ---- tidying the clause ----------------------------------------------------------------------

_SPELLING = (
    (re.compile(r"^im\b(?=\s+\w)|(?<=\s)im\b(?=\s+\w)", re.IGNORECASE), "I'm"),
    (re.compile(r"^ive\b(?=\s+\w)|(?<=\s)ive\b(?=\s+\w)", re.IGNORECASE), "I've"),
    (re.compile(r"^i\s+m\b(?=\s+\w)", re.IGNORECASE), "I'm"),
    (re.compile(r"\bgonna\b", re.IGNORECASE), "going to"),
    (re.compile(r"\bwanna\b", re.IGNORECASE), "want to"),
    (re.compile(r"\bgotta\b", re.IGNORECASE), "have to"),
    (re.compile(r"[,\s]+(?:thanks|thank\s+you|thx|ty)(?:\s+for\s+asking)?\s*$", re.IGNORECASE), ""),
    (
        re.compile(r"\b(do|does|did|is|was|have|has|ca|wo|are|were|could|should)n\s?t\b", re.I),
        r"\1n't",
    ),
    (re.compile(r"\b(dont|doesnt|didnt|isnt|wasnt|havent|hasnt|cant|wont|arent)\b", re.I), None),
)
_APOSTROPHE_FIX = {
    "dont": "don't",
    "doesnt": "doesn't",
    "didnt": "didn't",
    "isnt": "isn't",
    "wasnt": "wasn't",
    "havent": "haven't",
    "hasnt": "hasn't",
    "cant": "can't",
    "wont": "won't",
    "arent": "aren't",
}


_VERB_WITH_S = re.compile(r"^(I\s+(?:\w+ly\s+)?)([a-z]+s)\b")


def _tidy(clause: str) -> str:
    """The spelling the rules expect ("im" → "I'm", "dont" → "don't"), no chatter, no shouting."""
    letters = [c for c in clause if c.isalpha()]
    if len(letters) > 3 and sum(c.isupper() for c in letters) > 0.7 * len(letters):
        clause = clause.lower()  # "MY PARENTS DIED …": capitals are volume, not names
    typed = _VERB_WITH_S.match(clause)
    if typed is not None and typed.group(2) not in BASE_VERBS:
        word = typed.group(2)
        for stem in (word[:-1], word[:-2], word[:-3] + "y"):
            if stem in BASE_VERBS:  # "I watches" → "I watch": the rewrite adds the "-es"
                clause = typed.group(1) + stem + clause[typed.end() :]
                break
    for pattern, repl in _SPELLING:
        if repl is None:
            clause = pattern.sub(lambda m: _APOSTROPHE_FIX[m.group(1).lower()], clause)
        else:
            clause = pattern.sub(repl, clause)
    return strip_trailing_fillers(clause)


# ---- who the clause is about -------------------------------------------------------------------

_FAMILY_WORDS = FAMILY | FAMILY_GROUPS
_PLURAL_FAMILY = frozenset(f"{w}s" for w in FAMILY if not w.endswith("s")) | frozenset(
    {"moms", "mums", "dads", "aunties", "grandmas", "grandpas"}
)
_PET_WORDS = PET_SPECIES | frozenset(PET_BREEDS)
_PLURAL_PETS = frozenset(
    {f"{w}s" for w in _PET_WORDS if not w.endswith(("s", "sh", "y"))}
    | {f"{w[:-1]}ies" for w in _PET_WORDS if w.endswith("y")}
    | {"fish", "fishes", "puppies", "bunnies", "guppies", "ponies", "mice", "geese", "sheep"}
)
_WHO = alternation(_FAMILY_WORDS | _PLURAL_FAMILY | PEOPLE | _PET_WORDS | _PLURAL_PETS)
_MY_PERSON = re.compile(
    rf"^(?:my|our)\s+{RELATION_ADJ}(?P<who>{_WHO})(?P<poss>'s|s')?(?![\w'-])\s*,?(?P<rest>.*)$",
    re.IGNORECASE,
)
#: Who the user does something with ("with my brother (Tom)", "with friends"): no part of
#: what they do.
COMPANION = re.compile(
    rf"\s+with\s+(?:(?:my|our)\s+{RELATION_ADJ}(?:{_WHO})(?:\s+(?-i:[A-Z])[\w'-]+)?"
    r"|(?:some\s+)?(?:friends|mates|pals))(?![\w'-])",
    re.IGNORECASE,
)
_MY_WHO = re.compile(rf"^(?:my|our)\s+{RELATION_ADJ}(?P<who>{_WHO})(?![\w'-])", re.IGNORECASE)
_NAME_THEN_VERB = re.compile(r"^\s*,?\s*[A-Z][\w'-]*\s*,?\s+\w")
_MY_THING = re.compile(
    r"^my\s+(?P<thing>[^\W\d_][\w'-]*(?:\s+[^\W\d_][\w'-]*){0,3}?)\s+"
    r"(?P<verb>is|are|was|were|has|have|had|will|won't|can|can't|could|does|doesn't|did|"
    r"didn't|isn't|aren't|wasn't|weren't|used\s+to|[a-z]+(?:s|ed))\b(?P<rest>.*)$",
    re.IGNORECASE,
)
_USER = re.compile(r"^(?:i|i'm|i've|i'll|i'd|i\s+am)(?![\w'])", re.IGNORECASE)
_SUBJECTLESS = re.compile(
    # "like 8 yrs now", "like 3 days a week": a hedge before a number, no taste.
    r"^(?!likes?\s+(?:\d|a\s+(?:few|couple)\b|(?:one|two|three|four|five|six|seven|eight|"
    r"nine|ten|twenty|half)\b))"
    r"(?:love|like|enjoy|hate|adore|work|live|own|play|collect|volunteer|teach|study)(?:s)?"
    r"\s+(?!(?:is|are|was|were|has|have|had|can|will)\b)\w",
    re.IGNORECASE,
)
_FIRST_PERSON_WORD = re.compile(
    r"(?<![\w'])(?:i|i'm|i've|my|me|mine|myself)(?![\w']|-\w)",
    re.I,  # "I-90" is a road
)
_OTHER_SUBJECT = re.compile(
    r"^(?:it|it's|its|this|that|that's|these|those|there|there's|here|here's|what|which|who|"
    r"where|when|why|how|he|she|they|he's|she's|they're|his|her|their|you|your|we|our|us|"
    r"someone|somebody|anyone|everyone|nobody|one(?!\s+of\s+my\b)|ones|if|because|since|so|and|but|or|to|"
    r"then|also|too|plus|just)\b",
    re.IGNORECASE,
)
_WE = re.compile(
    r"(?<![\w'])(?:we|we're|we've|we'd|we'll|our|ours|ourselves|(?<!the\s)us)(?![\w'])"
)
#: Times that only mean something on the day they are said ("next week", "two days ago").
_RELATIVE_TIME = re.compile(
    r"\b(?:today|tonight|tomorrow|yesterday|tmrw|tmr|ago|later\s+today|"
    # "next week" moves with the calendar; "my last year of college" does not.
    r"(?<!my\s)(?<!the\s)(?<!his\s)(?<!her\s)(?<!our\s)"
    r"(?:next|last|this|coming|past)\s+(?:\w+\s+)?(?:week|weekend|month|year|summer|winter|spring|fall|"
    r"autumn|night|morning|afternoon|evening|semester|season|monday|tuesday|wednesday|thursday|"
    r"friday|saturday|sunday)s?|in\s+(?:about\s+|around\s+|roughly\s+)?"
    r"(?:a|an|one|two|three|a\s+few|a\s+couple(?:\s+of)?|\d+)\s+"
    r"(?:days?|weeks?|months?|hours?|minutes?))\b",
    re.IGNORECASE,
)
#: "For now I'm …", "These days my …": the time stays in the excerpt (and makes the fact temporary
#: where it is ephemeral); the statement starts at its subject.
_LEAD_TIME = re.compile(
    r"^(?:for\s+now|for\s+the\s+time\s+being|at\s+the\s+moment|right\s+now|these\s+days|"
    r"nowadays|currently|lately|recently|sometimes|usually|often|now|also|still|then|so|well|"
    r"and|but)\s*,?\s+(?=(?:i|i'm|i've|im|my)\b)",
    re.IGNORECASE,
)
_FINITE = re.compile(
    r"\b(?:is|are|was|were|has|have|had|will|can|could|does|did|do|'s|'re|isn't|aren't|"
    r"wasn't|weren't|doesn't|don't|didn't|won't|can't|[a-z]+ed|[a-z]+(?<!s)s)\b",
    re.IGNORECASE,
)


#: "two boys", "a little girl" had by the user: their children.
_KIDS_AS = re.compile(
    r"^(?:a|one|two|three|four|five|six|\d)\s+(?:little\s+|young\s+|baby\s+|teenage\s+)?"
    r"(?P<w>boys?|girls?)\W*$",
    re.IGNORECASE,
)


_KIDS_WORD = re.compile(r"\b(?:boys?|girls?)\b", re.IGNORECASE)


#: A moment had ("a minute to breathe", "five minutes to myself", "a spare hour"): time, not
#: something the user owns.
#: How long something has gone on ("6 years now", "for 3 months already", "ten years in"):
#: no age, nothing owned, no statement of its own after a comma.
HOW_LONG = re.compile(
    r"^(?:for\s+)?(?:\d+|a\s+few|a\s+couple\s+of|two|three|four|five|six|seven|eight|nine|ten)"
    r"\s+(?:years?|yrs?|months?|weeks?)\s+(?:now|in|so\s+far|and\s+counting|already)\b",
    re.IGNORECASE,
)
_TIME_SPAN = re.compile(
    r"^(?:a|an|one|a\s+few|a\s+couple\s+of|\d+|five|ten|two)\s+(?:spare\s+|free\s+|quiet\s+)?"
    r"(?:sec|second|minute|min|moment|hour)s?(?=\s+(?:to|for|of|off|alone|left)\b|\s*[,.!]|$)"
    rf"|{HOW_LONG.pattern}",
    re.IGNORECASE,
)


def _kids_reading(body: str) -> Reading | None:
    """ "two boys", "a little girl" had by the user: sons, daughters."""
    kids = _KIDS_AS.match(body)
    if kids is None:
        return None
    rel = "son" if kids.group("w").lower().startswith("boy") else "daughter"
    return Reading(f"family.{rel}", Category.RELATIONSHIP)


def _canonical_relation(word: str) -> tuple[str, str]:
    """(key segment, kind) for a person or pet word: ("mother", "family"), ("dog", "pet")."""
    low = re.sub(r"\s+", " ", word.lower())
    if low in _PET_WORDS or low in _PLURAL_PETS:
        return _species(low), "pet"
    if low in PEOPLE:
        return slug(low), "people"
    if low in FAMILY_GROUP_CANONICAL:
        return FAMILY_GROUP_CANONICAL[low], "family"
    if low in _PLURAL_FAMILY:
        low = low[:-1]
    low = FAMILY_CANONICAL.get(low, low)
    return slug(FAMILY_GROUP_CANONICAL.get(low, low)), "family"


def _species(word: str) -> str:
    """Canonical species of a pet word: "puppies" → "dog", "poodle" → "dog"."""
    low = word.lower()
    if low in {"fishes", "fish"}:
        return "fish"
    singular = {"mice": "mouse", "geese": "goose", "puppies": "puppy", "bunnies": "bunny"}
    low = singular.get(low, low)
    if low not in _PET_WORDS:
        if low.endswith("ies") and f"{low[:-3]}y" in _PET_WORDS:
            low = f"{low[:-3]}y"
        elif low.endswith("s") and low[:-1] in _PET_WORDS:
            low = low[:-1]
    low = PET_BREEDS.get(low, low)
    return slug(PET_CANONICAL.get(low, low))


# ---- what the clause says ----------------------------------------------------------------------

_ADVERB = (
    r"(?:always|usually|often|never|sometimes|really|also|still|just|only|normally|generally|"
    r"mostly|rarely|actually|definitely|typically|already|currently|now|seriously|totally|once|"
    r"ever|even|almost|kinda|sorta|recently|finally|absolutely|truly|secretly|occasionally|"
    r"regularly|frequently|constantly|basically|probably|primarily|mainly|honestly|personally|"
    r"literally|pretty\s+much|no\s+longer|not|n't)"
)
_LEAD = re.compile(rf"^(?:{_ADVERB}\s+)*", re.IGNORECASE)
_SMALL_TALK_VERBS = frozenset(
    """think guess suppose mean agree disagree understand wonder bet reckon assume hope
    feel apologize apologise promise swear said say tell told ask asked thank appreciate
    recommend suggest doubt admit forgot forget hear heard knew meant figured figure realize
    realise noticed notice wanted needed need""".split()
)
#: "I want to go to Sweden someday", "… start my own company": a request verb, a life goal.
_LIFE_VERBS = frozenset("go get start make find change open try".split())
_LIFE_GOAL = re.compile(
    r"\b(?i:someday|some\s+day|one\s+day|eventually|in\s+the\s+future|before\s+i\s+die|"
    r"when\s+i\s+(?:grow|retire|graduate)|my\s+own|married|business|company|degree|kids|"
    r"children|career|college|school|university|job)\b|\s(?i:to|in|visit)\s+[A-Z]"
)
_WISH_VERBS = frozenset("want would will hope plan wanna need wish intend".split())
#: Verbs that say something about the user on their own ("I smoke", "I knit").
_ACTIVITIES = frozenset(
    """smoke drink swim cook bake dance sing knit sew crochet draw paint write read run jog hike
    bike cycle surf ski skate snowboard fish hunt garden golf box meditate pray travel camp
    climb quilt sketch vote work volunteer study teach blog vlog stream rap farm exercise skateboard
    workout act model sail dive bowl skydive tutor babysit rap drum juggle""".split()
)
#: "I know how to sew", "I know Will Ferrell": knowing a skill or a person is a fact.
_KNOW_WHAT = re.compile(r"^\s+(?:how\s+to\b|[A-Z]|several\s|many\s|a\s+lot\s+about\b)")
#: "I want a dog" is a wish worth keeping; "I want a coffee" is an order.
_WANT_THING = re.compile(
    r"^\s+(?:a|an|some|more|another|my\s+own|kids|children|lots\s+of|many|to\s|one|two|three|"
    r"four|five|\d+)\b",
    re.IGNORECASE,
)
_CONSUMABLE = re.compile(
    r"\b(?:coffee|tea|drink|beer|wine|snack|sandwich|burger|pizza|food|break|nap|hug|"
    r"minute|second|word|answer|reply|refund|moment|rest|bite|cookie|water|shower|bath)\b",
    re.IGNORECASE,
)
_PREFERENCE_VERBS = frozenset("like love enjoy adore prefer hate dislike despise detest".split())
_PAST_IRREGULAR = frozenset(
    """was were went got made saw said took came knew thought bought brought found gave told
    became left felt kept began met ran wrote sat stood lost paid heard held put set let cut
    hit quit spent sent built taught caught fought sold won drove rode ate drank slept swam
    grew threw flew wore broke chose spoke forgot understood did had fell hurt shot stole
    dug hid bit beat lit led fed bled sang rang sank shrank spun swung stuck struck""".split()
)
_PARTICIPLES = _PAST_IRREGULAR | frozenset(
    """been seen done gone taken given eaten written driven ridden broken chosen forgotten
    gotten known grown shown flown thrown worn sworn born hidden fallen beaten bitten spoken
    stolen woken frozen proven swum sung drunk begun run become come won lost never always
    ever already just also not""".split()
)
_MODALS = frozenset("can could will would should shall may might must used".split())
#: "I've been cooking for years": how long makes an activity a lasting one.
_LASTING = re.compile(
    r"\bfor\s+(?:(?:\d+|many|several|a\s+few|two|three|four|five|ten|twenty)\s+)?(?:years|decades)|"
    r"\bsince\s+(?:i\s+was|childhood|high\s+school|college|(?:19|20)\d\d)|\ball\s+my\s+life|"
    r"\bevery\s+(?:day|week|weekend|morning|night)\b",
    re.IGNORECASE,
)
_DURABLE_PROGRESSIVE = frozenset(
    """learning studying working living trying saving planning taking training raising dating
    expecting losing gaining writing building attending recovering going seeking applying
    majoring pursuing teaching volunteering caring looking thinking considering hoping
    preparing fostering renovating restoring running searching growing retiring moving
    starting""".split()
)
_HEALTH_WORDS = re.compile(
    r"\b(?:cancer|tumou?r|diabet\w*|disease|disorder|syndrome|surgery|chemo\w*|therapy|"
    r"medication|meds|pills|insulin|allerg\w*|asthma\w*|depress\w*|anxiety|adhd|autis\w*|"
    r"pregnan\w*|miscarriage|injur\w*|wheelchair|amputee|amputated|paralyzed|paralysed|"
    r"blind(?!\s+date)|deaf|disabled|disability|illness|ill|sick|hospitali[sz]ed|rehab|sober|"
    r"sobriety|"
    r"addict\w*|alcoholic|stroke|heart\s+attack|seizures?|epilep\w*|arthritis|migraines?|"
    r"insomnia|ptsd|ocd|bipolar|schizo\w*|dementia|alzheimer\w*|hiv|aids|hepatitis|"
    r"transplant|diagnos\w*|cured|remission|prosthetic|crutches)\b",
    re.IGNORECASE,
)
_CONDITION_WORDS = CONDITIONS | ACUTE_CONDITIONS
_SCHOOL = re.compile(
    r"\b(?:school|college|university|uni|class|classes|course|courses|degree|grade|major|"
    r"majoring|graduat\w*|student|studies|studying|study|semester|campus|phd|masters?|"
    r"bachelor'?s?|diploma|freshman|sophomore|junior|senior\s+year|homeschool\w*|tuition|"
    r"professor|exams?|education|academy|kindergarten|law\s+school|med\s+school)\b",
    re.IGNORECASE,
)
_WORK = re.compile(
    # "after work", "before my shift": when, not what the user does for a living.
    r"(?<!\bafter\s)(?<!\bbefore\s)(?<!\bafter\smy\s)(?<!\bbefore\smy\s)"
    r"\b(?:work\w*|job|jobs|career|employ\w*|profession|business|company|boss|shift|shifts|"
    r"office|hired|fired|retired|retire|retirement|promoted|salary|paycheck|laid\s+off|"
    r"unemployed|self-employed|freelanc\w*|clients?|customers?|volunteer\w*|"
    r"intern(?:s|ship|ships|ing|ed)?)\b",
    re.IGNORECASE,
)
_RELATIONSHIP_STATUS = re.compile(
    r"^(?:(?:happily|recently|newly|not|never|been|still)\s+)*(?:married|single|divorced|engaged|"
    r"widowed|widow|widower|separated|dating|in\s+a\s+relationship|in\s+love|"
    r"a\s+(?:single\s+)?(?:mom|mother|dad|father|parent|grandmother|grandfather|grandma|grandpa|"
    r"wife|husband|widow|widower|stepmom|stepdad))\b",
    re.IGNORECASE,
)
_KEY_STOP = frozenset(
    """a an the my your his her their our its this that these those to of and or but in on at
    for with from by as is am are was were be been being have has had do does did not no never
    don't doesn't didn't can't cannot won't isn't aren't wasn't weren't haven't hasn't n't very
    really so too also just only some any lot lots many few several more most much every each
    all both i me myself they them it one two three four five six seven eight nine ten dozen
    hundred thousand who which that's i'm i've it's there about into over than then when
    while because always usually often sometimes still now currently again""".split()
)


def _key_words(text: str, limit: int = 40) -> str:
    """A key segment from the content words of ``text`` (no negation, numbers or fillers)."""
    words = [w for w in re.findall(r"[^\W_]+(?:'[^\W_]+)?", text.lower()) if w not in _KEY_STOP]
    words = [w for w in words if not w.isdigit()]
    return slug(" ".join(words), limit)


_CONDITION = re.compile(
    rf"\b(?:{alternation(frozenset(c for c in _CONDITION_WORDS if len(c) > 4))})\b",
    re.IGNORECASE,
)


def _health(text: str) -> bool:
    """True when ``text`` speaks of an illness, a treatment or a disability."""
    return bool(_HEALTH_WORDS.search(text) or _CONDITION.search(text))


def _first_word(text: str) -> str:
    m = re.match(r"\s*([a-z']+)", text.lower())
    return m.group(1) if m else ""


def _pet_in(text: str) -> str | None:
    """The species of the first pet word in ``text`` ("two pet snakes" → "snake"), or None."""
    for word in re.findall(r"[a-z]+(?:\s+[a-z]+)?", text.lower()):
        for candidate in (word, word.split()[0]):
            if candidate in _PET_WORDS or candidate in _PLURAL_PETS:
                return _species(candidate)
    return None


_PERSON_OR_PET_PHRASE = re.compile(rf"(?<![\w'-])(?:{_WHO}|pets?)(?![\w'-])", re.IGNORECASE)
_PEOPLE_WORD = re.compile(
    rf"(?:{alternation(_FAMILY_WORDS | _PLURAL_FAMILY | PEOPLE)})", re.IGNORECASE
)
_PET_WORD = re.compile(rf"\b(?P<w>{alternation(_PET_WORDS | _PLURAL_PETS)})\b", re.IGNORECASE)
_FAMILY_WORD = re.compile(
    rf"\b(?P<w>{alternation(_FAMILY_WORDS | _PLURAL_FAMILY)})\b(?!\s+(?:of|from)\b)", re.IGNORECASE
)


#: Supporting a team ("I support Hull City", "I root for the Cubs", "I've supported Leeds
#: since I was six", "I'm a lifelong Celtic supporter", "a huge NBA team fan"): a sport.
_TEAM_VERBS = frozenset("support supports root roots cheer cheers".split())
_TEAM_PAST = re.compile(
    r"^(?:always\s+|long\s+)?(?:supported|rooted\s+for|cheered\s+for)\s+(?:the\s+)?(?P<o>\S)",
    re.IGNORECASE,
)
_SPORT_HINT = re.compile(
    r"\b(?:team|club|fc|football|soccer|basketball|baseball|hockey|rugby|cricket|nba|nfl|nhl|mlb|"
    r"f1|formula\s+one)\b",
    re.IGNORECASE,
)
_SUPPORTER = re.compile(r"^(?:a|an)\s+(?:[\w-]+\s+){1,4}supporter\b", re.IGNORECASE)


def _supports_a_team(head: str, rest: str) -> bool:
    """Whether the user says which team they support (a name, not "my sister": capitalised,
    or the sentence names a sport)."""
    body = rest.strip()
    if head in _TEAM_VERBS:
        named = re.sub(r"^(?:for\s+)?(?:the\s+)?", "", body, flags=re.IGNORECASE)
        return named[:1].isupper() or bool(_SPORT_HINT.search(body))
    if head == "have":
        past = _TEAM_PAST.match(body)
        return past is not None and (past.group("o").isupper() or bool(_SPORT_HINT.search(body)))
    if head == "be":
        fan = re.search(r"\bfan\b", body, re.IGNORECASE) and _SPORT_HINT.search(body)
        return bool(fan or _SUPPORTER.match(body))
    return False


def _user_reading(head: str, rest: str, negated: bool) -> Reading | None:
    """The kind of a statement whose subject is the user, from its verb and what follows."""
    low = rest.lower().strip()
    if head == "be":
        body = _LEAD.sub("", low)
        word = _first_word(body)
        if not body:
            return None
        if _RELATIONSHIP_STATUS.match(body):
            return Reading("relationship", Category.RELATIONSHIP)
        if word.endswith("ing") and word not in {"something", "nothing", "king"}:
            if word == "going" and re.match(
                r"going\s+to\s+(?:school|college|university|class)", body
            ):
                return Reading("education", Category.IDENTITY)
            if (
                word in MOMENTARY_ACTIVITIES
                and word not in _DURABLE_PROGRESSIVE
                and not _LASTING.search(body)
            ):
                return None
            if word == "going" and not re.match(r"going\s+(?:back\s+)?to\s+\w+", body):
                return None
            if word in {"going", "planning", "hoping", "trying", "saving", "looking", "thinking"}:
                return Reading("goal", Category.TASK_CONTEXT)
            return _topic_reading(body, "activity")
        bare = re.sub(
            r"^(?:(?:so+|very|really|quite|pretty|super|a\s+bit|a\s+little|kind\s+of|kinda|dead|"
            r"bone|utterly|totally|completely|absolutely|proper)\s+)+",
            "",
            body,
        )
        if bare in TRANSIENT_STATES or bare.split(",")[0].strip() in TRANSIENT_STATES:
            return None  # "so stuffed, that curry was massive": a passing state, and why
        job = re.match(r"^(?:a|an|the)\s+(?P<np>.+?)(?:\s+(?:at|for|in|with|on|by)\s+.*)?$", body)
        if job and _occupation(job.group("np")):
            return Reading("work", Category.IDENTITY)
        return _topic_reading(body, "trait")
    if head in {"have", "has", "own", "got", "adopted", "rescued", "raise", "breed", "keep"}:
        body = _LEAD.sub("", low)
        word = _first_word(body)
        if head == "got" and (
            word.endswith("ed") or word in _PARTICIPLES or word in {"in", "into", "out", "off"}
        ):
            # "I got married", "I got fired": something that happened, not something owned
            if _RELATIONSHIP_STATUS.match(body):
                return Reading("relationship", Category.RELATIONSHIP)
            return _topic_reading(body, "past")
        if head == "have" and word == "got":
            body = body[3:].strip()  # "I've got three rabbits" is having them
            word = _first_word(body)
        elif head == "have" and (word.endswith("ed") or word in _PARTICIPLES):
            return _topic_reading(body, "experience")
        if head == "have" and word == "to":
            return _topic_reading(body, "habit")
        return _had_reading(body)
    if head in _PREFERENCE_VERBS:
        person = _MY_WHO.match(low)
        if person is not None:
            rel, kind = _canonical_relation(person.group("who"))
            return Reading(f"{'family' if kind == 'family' else kind}.{rel}", Category.RELATIONSHIP)
        negative = head in {"hate", "dislike", "despise", "detest"} or negated
        return Reading("dislikes" if negative else "likes", Category.SOFT_PREFERENCE)
    if head in {"want", "hope", "plan", "intend", "aim", "dream", "will", "wanna", "gonna"}:
        return Reading("goal", Category.TASK_CONTEXT)
    if head in {"work", "works", "volunteer", "intern", "teach", "manage", "employ"}:
        return Reading("work", Category.IDENTITY)
    if head in {"study", "attend", "major", "graduated", "graduate", "minor"}:
        return Reading("education", Category.IDENTITY)
    if head in {"live", "reside", "grew", "moved", "relocated"}:
        return Reading("home", Category.IDENTITY)
    if head in {"used", "was", "were"} or head in _PAST_IRREGULAR or head.endswith("ed"):
        return _topic_reading(low, "past")
    if head in {"can", "could", "know"}:
        return _topic_reading(low, "ability")
    return _topic_reading(f"{head} {low}", "habit")


def _had_reading(body: str) -> Reading | None:
    """What the user has ("I have …", "I've got …" with the verb gone): a moment is nothing
    owned, then a health matter, an animal, one of their people, children, or a thing."""
    if _TIME_SPAN.match(body):
        return None  # "at last I got a minute to breathe": a moment, nothing owned
    if _health(body):
        return Reading("health", Category.HEALTH, sensitive=True)
    pets = [_species(p.group("w")) for p in _PET_WORD.finditer(body)]
    member = _FAMILY_WORD.search(body)
    first_pet = _PET_WORD.search(body)
    if pets and (member is None or first_pet is None or first_pet.start() < member.start()):
        # "two pet snakes": the species, not the word "pet".
        species = next((p for p in pets if p != "pet"), None)
        return Reading(f"pet.{species}" if species else "pet", Category.RELATIONSHIP)
    if member is not None and member.start() < 25:
        rel, _ = _canonical_relation(member.group("w"))
        return Reading(f"family.{rel}", Category.RELATIONSHIP)
    return _kids_reading(body) or _topic_reading(body, "has")


def _topic_reading(text: str, kind: str) -> Reading:
    """A kind refined by what the text is about: health, school, work, or the given kind."""
    if _health(text):
        return Reading("health", Category.HEALTH, sensitive=True)
    if _SCHOOL.search(text):
        return Reading("education", Category.IDENTITY)
    if kind in {"trait", "habit", "activity"} and _WORK.search(text):
        return Reading("work", Category.IDENTITY)
    return Reading(kind, Category.OTHER)


_NOT_PROFESSIONAL = frozenset(
    """good bad great terrible awful decent amazing excellent avid amateur aspiring wannabe
    hard big huge lousy horrible poor wonderful fantastic""".split()
)


def _occupation(phrase: str) -> bool:
    """True for a job title ("flight attendant"), not a judgement ("a terrible cook")."""
    words = phrase.lower().split()
    if not words or _NOT_PROFESSIONAL.intersection(words):
        return False
    # "sous-chef", "head-teacher": a hyphenated compound is the job of its last part.
    last = words[-1].rsplit("-", 1)[-1]
    return phrase.lower() in OCCUPATIONS or words[-1] in OCCUPATIONS or last in OCCUPATIONS


# ---- what is no lasting fact ---------------------------------------------------------------

_DEGREE = (
    r"(?:(?:so|very|really|quite|pretty|super|extremely|truly|just|always|a\s+bit|a\s+little|"
    r"kind\s+of|absolutely|totally|completely|utterly|properly|freaking|bloody|fully)\s+)*"
)
_OPINION = re.compile(rf"^(?:is|are|was|were|'s|'re|am)?\s*{_DEGREE}(?P<a>.+?)$", re.IGNORECASE)
_IDIOM = re.compile(
    rf"^(?:i|i'm|i've)\s+(?:{_ADVERB}\s+)*(?:(?:going\s+to|gonna|about\s+to)\s+)?"
    rf"(?:{alternation(IDIOMS)})\b",
    re.IGNORECASE,
)
_EVENT = re.compile(
    rf"^(?:(?:a|an|the|my|another|one|two|some|big|important|quick|short|long|little|"
    rf"job|doctor's|dentist|dental|work|team|family|business|phone|video|zoom)\s+)*"
    rf"(?:{alternation(EVENT_NOUNS)})\b",
    re.IGNORECASE,
)
_AGE_NOW = re.compile(r"^(?:just\s+)?turned\s+\d", re.IGNORECASE)
_NUMBER_WORDS = (
    r"(?:(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:[\s-]+(?:one|two|three|four|"
    r"five|six|seven|eight|nine))?|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|"
    r"eighteen|nineteen|one\s+hundred|a\s+hundred)"
)
_AGE = re.compile(
    rf"^(?:almost\s+|nearly\s+|over\s+|about\s+|only\s+|just\s+)?(?:\d{{1,3}}\+?|{_NUMBER_WORDS})"
    r"(?:\s*(?:years?|yrs?)(?:\s+old|\s+of\s+age)?|\s*y/?o)?$",
    re.IGNORECASE,
)
#: Topics a specific rule owns (diet, health, language, nationality, home, job): a negation or
#: an ended past of them ("I'm not vegetarian", "I used to live in Paris") is left to those
#: rules, so no generic fact contradicts what they keep under their own keys.
_OWNED_WORDS = frozenset(DIETS) | LANGUAGES | NATIONALITIES | frozenset(CONDITION_ADJECTIVES)
_OWNED = re.compile(
    r"^\s*(?:live|lived|living|reside|work\s+as|be\s+an?\s+|speak|spoke)\b"
    rf"|\b(?:{alternation(_OWNED_WORDS)})\b",
    re.IGNORECASE,
)


#: What someone is doing or where they are right now, or what just happened.
_MOMENTARY = re.compile(
    r"\b(?:already|again|earlier|later|right\s+away|at\s+the\s+moment|lately|"
    r"tonight|this\s+(?:morning|afternoon|evening)|last\s+night|for\s+(?:breakfast|lunch|dinner|"
    r"brunch)|running\s+late|(?:woke|got|get|getting)\s+up|(?:got|came|get|getting|coming)\s+"
    r"(?:home|back|here|there|off\s+work)|(?:finished|done\s+with)\s+(?:my\s+)?(?:homework|"
    r"dinner|lunch|breakfast|work|shift|chores)|(?:had|ate|eating|having)\s+(?:my\s+)?"
    r"(?:breakfast|lunch|dinner|brunch|a\s+snack)|just\s+(?:ate|arrived|left|woke|sat|logged|saw|"
    r"read|noticed|realized|realised|remembered|heard))\b",
    re.IGNORECASE,
)
_MOMENTARY_PLACE = re.compile(
    r"^(?:on\s+(?:my|their|the)\s+way|at\s+(?:work|home|school|the\s+(?:store|gym|office|mall|"
    r"beach|park|doctor'?s?|dentist'?s?|airport|bank|library|shop|bar|pub))|in\s+(?:bed|class|"
    r"(?:a|the)\s+(?:meeting|car|bus|train|shower|class|queue|line|office|kitchen|hurry|rush))|"
    r"on\s+(?:the|a)\s+(?:phone|call|bus|train|plane|break)|on\s+(?:vacation|holiday|break)|"
    r"outside|inside|downstairs|upstairs|online|offline|awake|asleep|here|there|back|home|"
    r"(?:kidding|joking|thinking|wondering|saying|asking|hoping|listening|waiting|leaving)|"
    r"stuck\s+(?:in|on|at|behind)\s+(?:a\s+|an\s+|the\s+|my\s+)?(?:\w+\s+)?(?:traffic|queue|line|"
    r"meeting|jam|lift|elevator|airport|tarmac|tunnel|rain|snow|office|call|station|car|bus|train|"
    r"plane)\b.*|in\s+(?:a|an|such\s+a)\s+(?:\w+\s+)?mood|"
    r"going\s+to\s+(?:bed|sleep|the|a|my|work|lunch|dinner|home|church|practice)\b.*)"
    # … and nothing after it but "now" or company: "in a car accident" is no place to be.
    r"(?:\s+(?:now|right\s+now|today|with\s+.+|for\s+now|alone))?\s*$",
    re.IGNORECASE,
)
#: Times of day and things that only misbehave today ("my day was long", "my wifi is down").
_PASSING_THING = re.compile(
    r"^my\s+(?:day|night|morning|afternoon|evening|weekend|week|trip|flight|lunch|dinner|"
    r"breakfast|meeting|class|exam|shift|code|computer|laptop|phone|internet|wifi|wi-fi|app|"
    r"program|script|server|printer|battery|connection|screen|game|head|stomach|back)\b",
    re.IGNORECASE,
)
_PASSING_EVENT = re.compile(
    r"\b(?:weekend|day|night|morning|evening|afternoon|nap|email|e-mail|message|text|call|"
    r"mistake|typo|question|point|joke|badly|well|late|early)\b",
    re.IGNORECASE,
)
_WILL_NOW = re.compile(
    r"^\s*(?:be\s+(?:there|back|right|fine|ok|okay)|(?:check|try|do|see|look|think|let|get|go|"
    r"call|text|send|ask|tell|wait|ping|email|message|keep)\b(?:\s+(?:it|that|this|you|again|"
    r"later|soon|now|back|out|on|about|in|up))*\s*$)",
    re.IGNORECASE,
)


_BROKEN = re.compile(
    r"\b(?:down|broken|dead|died|crashed|frozen|stuck|slow|missing|lost|gone|out|off)\s*$|"
    r"\b(?:doesn't|does\s+not|won't|will\s+not|can't|isn't)\s+(?:work|working|compile|load|start|"
    r"run|open|connect|turn\s+on|charge)\b",
    re.IGNORECASE,
)


#: "single again", "married again": a status, not a moment.
_STATUS_AGAIN = re.compile(
    r"\b(?:single|divorced|separated|widowed|married|engaged)\s+again\b", re.IGNORECASE
)


def _momentary(verb: str, body: str, clause: str) -> bool:
    """True for what only holds now or just happened ("I just got home", "I'm at work",
    "I had pizza for lunch", "I'll check"): a chat turn, not a fact to keep."""
    if _MOMENTARY.search(clause) and not _STATUS_AGAIN.search(clause):
        return True
    if verb in {"be", "was", "were"} and _MOMENTARY_PLACE.match(body):
        return True
    if verb == "keep" and re.match(r"^\w+ing\b", body):
        return True  # "I keep forgetting"
    if (
        (verb in _PAST_IRREGULAR or verb.endswith("ed"))
        and verb != "used"
        and _PASSING_EVENT.search(body)
    ):
        return True  # "I had a great weekend", "I made a mistake"
    if verb == "will" and _WILL_NOW.match(body):
        return True
    if verb == "have" and re.match(r"^to\s+\w+\s*$", body, re.IGNORECASE):
        return True  # "I have to go"
    return verb == "can" and bool(re.search(r"\b(?:find|remember|believe|wait|hear|see)\b", body))


_TRAIT_SUFFIX = re.compile(
    r"(?:ful|ous|ive|able|ible|al|ic|ish|less|ed|ing|y|ent|ant|ar|ary|ile|ly|ist|ian|ese|ite|"
    r"an|er|est|ior|oid|some|like|wise|ward|proof|ure|weight|cap|ky)$"
)
#: Short adjectives with no telling ending ("I'm tall", "I'm vegan").
PLAIN_TRAITS = frozenset(
    """tall short old young fat thin slim bald blonde blond gay straight bi single married
    deaf blind mute vegan smart rich poor lazy shy quiet loud kind mean brave bold calm wise
    strong weak fit big small tiny huge male female trans queer black white asian latina latino
    christian muslim jewish hindu buddhist catholic mormon atheist agnostic sober clean retired
    divorced widowed engaged pregnant broke homeless jobless blind mixed adopted gifted left
    right handed introvert extrovert nerd geek fun fast slow stubborn loyal humble honest
    cajun creole vain rude polite neat tidy messy picky shallow""".split()
)


def _looks_like_a_trait(word: str) -> bool:
    """True for a word that reads as an adjective ("redheaded", "tall"), not as a name ("mia")."""
    return word in PLAIN_TRAITS or word in TRANSIENT_STATES or bool(_TRAIT_SUFFIX.search(word))


#: Someone's mood today ("my manager is in a foul mood"); "always in a good mood" is a temper.
_PASSING_MOOD = re.compile(
    r"^(?:is|are|was|were|'s|'re)\s+(?:(?:so|really|such)\s+)?in\s+(?:a|an|such\s+a)\s+"
    r"(?:\w+\s+)?mood\b",
    re.IGNORECASE,
)


def _opinion_or_mood(predicate: str) -> bool:
    """True when a predicate only judges or says how someone feels now ("is amazing", "sick",
    "famished, skipped breakfast": the mood first, then why)."""
    m = _OPINION.match(predicate.strip().lower())
    if m is None:
        return False
    if _PASSING_MOOD.match(predicate.strip()):
        return True
    value = m.group("a").strip()
    head = re.split(r"\s*[,;:]\s*", value)[0]
    if head in EVALUATIVE:
        return True  # "a dinosaur, seriously"
    return value in EVALUATIVE or value in TRANSIENT_STATES or head in PASSING_SENSATIONS


_OWNED_TOPIC = re.compile(rf"\b(?:{alternation(_OWNED_WORDS)})\b", re.IGNORECASE)


def _owned(verb: str, rest: str) -> bool:
    """True when a negated or ended statement is about a topic a specific rule owns: what the
    user is (diet, nationality, a condition, a job), has (an illness), or did ("used to live")."""
    rest = re.sub(r"^to\s+", "", rest.strip(), flags=re.IGNORECASE)
    if verb == "have":
        return _health(rest)
    if verb == "used":
        # "I used to be a chef", "I used to live in Paris": no rule reads a former job or home
        # ("I used to be a vegetarian" is the diet rule's).
        return bool(_OWNED_TOPIC.match(re.sub(r"^be\s+(?:an?\s+)?", "", rest))) or _health(rest)
    if verb == "be" and re.match(r"^(?:not\s+|no\s+longer\s+)?(?:a|an)\s", rest, re.I) is None:
        return bool(_OWNED.search(rest)) or _health(rest)
    return bool(_OWNED.match(rest)) or _health(rest) or _occupation_in(rest)


def _occupation_in(rest: str) -> bool:
    m = re.match(r"^\s*(?:to\s+be\s+|be\s+)?(?:not\s+)?(?:a|an)\s+(?P<np>[\w\s-]+)$", rest.lower())
    return m is not None and _occupation(m.group("np"))


# ---- the verb after "I" ------------------------------------------------------------------------

_HEAD = re.compile(
    r"^(?:(?P<be>i'm|i\s+am)|(?P<have>i've|i\s+have)|(?P<will>i'll|i\s+will)|(?P<would>i'd|i\s+would)"
    rf"|i(?P<adv>(?:\s+{_ADVERB})*)\s+(?P<verb>[a-z']+))(?![\w'])(?P<rest>.*)$",
    re.IGNORECASE,
)
_NOT_A_TASTE = re.compile(
    r"^(?:to\s+(?:think|say|know|admit|believe|be\s+honest|hear|see|ask|tell)\b|"
    r"(?:it|this|that|these|those|them|him|her|one|you)\b)",
    re.IGNORECASE,
)
#: "I'm in Paris": where the user is right now (a place named without "a", "the" …).
_HERE = re.compile(r"^(?:in|at)\s+(?!(?:a|an|the|my)\b)[A-Z]")
_DO = re.compile(r"^(?:do|does|did|don't|didn't|doesn't)$")


def _user_head(clause: str) -> tuple[str, str, bool] | None:
    """(the verb that decides the kind, what follows it, negated) for a clause starting "I"."""
    m = _HEAD.match(clause)
    if m is None:
        return None
    rest = m.group("rest")
    negated = bool(re.match(r"^\s*(?:not|never|no\s+longer)\b", rest, re.IGNORECASE))
    if m.group("be"):
        return "be", rest, negated
    if m.group("have"):
        been = re.match(rf"^\s*(?:{_ADVERB}\s+)*been\s+(?!(?:to|in)\b)", rest, re.IGNORECASE)
        if been is not None:
            return "be", rest[been.end() :], negated
        return "have", rest, negated
    if m.group("will"):
        return "will", rest, negated
    if m.group("would"):
        return "would", rest, negated
    verb = m.group("verb").lower()
    negated = negated or "not" in (m.group("adv") or "").lower().split()
    main_do = re.match(r"^\s+(?!not\b|n't\b)(?P<w>[a-z']+)", rest, re.IGNORECASE)
    if verb in {"do", "did"} and main_do and main_do.group("w").lower() not in BASE_VERBS:
        return ("does" if verb == "do" else "did"), rest, negated  # "I do yoga"
    if _DO.match(verb) or verb in {"can't", "cannot", "won't", "never"}:
        negated = negated or (verb != "do" and verb != "does" and verb != "did")
        nxt = re.match(rf"^\s*(?:(?:not|{_ADVERB})\s+)*(?P<v>[a-z']+)(?P<r>.*)$", rest, re.I)
        if nxt is None:
            return None
        negated = negated or bool(re.match(r"^\s*not\b", rest, re.IGNORECASE))
        if verb in {"can't", "cannot"}:
            return "can", rest, True
        if verb == "won't":
            return "will", rest, True
        return nxt.group("v").lower(), nxt.group("r"), negated
    if verb == "used" and re.match(r"^\s+to\b", rest, re.I):
        return "used", rest, negated
    return verb, rest, negated


# ---- rewriting ---------------------------------------------------------------------------------

_COORDINATED = re.compile(
    rf"(?P<sep>,\s*(?:and\s+|or\s+|but\s+)?|\s+(?:and|or|but|then)\s+)(?P<adv>(?:{_ADVERB}\s+)*)"
    r"(?P<w>[a-z']+)(?P<after>\s+[\w'-]+)?",
    re.IGNORECASE,
)
_INFINITIVE = re.compile(r"\bto\s+(?P<w>[a-z]+)\b", re.IGNORECASE)


def _agree_coordinated(verb: str, rest: str) -> str:
    """Second verbs of the user's clause agree with "the user": "… and read poetry" → "reads"."""
    preference = verb in _PREFERENCE_VERBS
    if verb in _MODALS or verb in _PAST_IRREGULAR:
        return rest
    if verb.endswith("ed") or verb in {"would", "will", "used"}:
        return rest

    def sub(m: re.Match[str]) -> str:
        word = m.group("w")
        low = word.lower()
        before = rest[: m.start()]
        if any(i.group("w").lower() in BASE_VERBS for i in _INFINITIVE.finditer(before)):
            return m.group(0)  # "I love to read and write": both are infinitives
        new = word
        if low == "am":
            new = "is"
        elif low == "read" and m.group("after"):
            new = "reads"  # "… and read poetry": the present, like the verb it follows
        elif low == "like" and "," in m.group("sep") and "and" not in m.group("sep"):
            pass  # "a pilot, like my dad": a comparison
        elif low in BASE_VERBS and preference:
            # "I love my dog and walk him daily", "I like dogs and plan to work with them": a
            # verb only if an object pronoun or an infinitive follows.
            after = (m.group("after") or "").strip().lower()
            if after in {"him", "her", "it", "them", "my", "his", "their", "our", "to"}:
                new = third_singular(low)
        elif low in {"have", "do", "don't"} or (
            low in BASE_VERBS and (m.group("after") or before.strip() == "")
        ):
            new = third_singular(low)
        return m.group("sep") + m.group("adv") + new + (m.group("after") or "")

    return _COORDINATED.sub(sub, rest)


_PRONOUN = re.compile(
    r"\b(?:[Hh]e|[Hh]im|[Hh]is|[Ss]he|[Hh]ers?|[Ii]ts?|[Tt]hey|[Tt]hem|[Tt]heirs)\b"
)
_ANTECEDENT = re.compile(
    r"\b(?:my|a|an|the|one|two|three|\d+)\s+(?!(?:lot|lots|bit|little|few|couple)\b)[\w'-]+"
    r"|\b[A-Z][a-z]+\b"
)
_PAST_MARKER = re.compile(
    r"\b(?:yesterday|last|ago|once|when\s+i\s+was|as\s+a\s+(?:kid|child)|in\s+(?:19|20)\d\d|"
    # "… before I slept": the other verb tells the time.
    r"(?:before|after|when|while|until|till)\s+i\s+(?:[a-z]+ed|was|had|did|went|slept|left|got|"
    r"came|woke|ate|fell|began|met|saw|took))\b",
    re.IGNORECASE,
)


_PERSONAL = re.compile(rf"^(?:my|a|an|the|one|two|three|\d+)\s+(?:{_WHO})$|^[A-Z]", re.IGNORECASE)


_PLURALS = frozenset("children people men women kids family parents folks police cattle".split())


def _verb_form(word: str) -> bool:
    """True for an inflected form of a known verb ("followed", "tried", "likes")."""
    if word.endswith("ied") or word.endswith("ies"):
        return word[:-3] + "y" in BASE_VERBS
    if word.endswith("ed"):
        return word[:-2] in BASE_VERBS or word[:-1] in BASE_VERBS or word[:-3] in BASE_VERBS
    if word.endswith("s"):
        return word[:-1] in BASE_VERBS or (word.endswith("es") and word[:-2] in BASE_VERBS)
    return False


def _unresolved_pronoun(clause: str) -> bool:
    """True when "him", "it" … point at someone or something named outside the clause (a
    person for "he"/"she", a thing for "it")."""
    for m in _PRONOUN.finditer(clause):
        before = [a.group(0) for a in _ANTECEDENT.finditer(clause[: m.start()].replace("I ", "i "))]
        word = m.group(0).lower()
        if word in {"it", "its", "they", "them", "theirs"}:
            # "I play racquet ball and love it", "I have a dog, it is a pug": any thing (or
            # animal) named before will do; "they" may be people too.
            things = [
                w
                for w in re.findall(r"[a-z][\w'-]*", clause[: m.start()].lower())
                if w not in _NOT_A_VERB
                and w not in _KEY_STOP
                and w not in BASE_VERBS
                and w not in _PAST_IRREGULAR
                and not _verb_form(w)
                and (word not in {"it", "its"} or not _PEOPLE_WORD.fullmatch(w))
            ]
            if word not in {"it", "its"}:
                # "they" and "them" need something plural: "I have dogs and love them".
                things = [w for w in things if w.endswith("s") or w in _PLURALS]
            before = things
        else:
            before = [a for a in before if _PERSONAL.match(a)]
        if not before:
            return True
    return False


def _rewrite(clause: str, ctx: Context, *, agree: tuple[str, str] | None = None) -> str | None:
    """``clause`` in third person, checked: no "we", no "you", no first person left over, no
    pronoun whose referent was named in another clause ("I take lessons with him")."""
    if _unresolved_pronoun(clause):
        return None
    if agree is not None:
        verb, rest = agree
        head_end = len(clause) - len(rest)
        clause = clause[:head_end] + _agree_coordinated(verb, rest)
    text = third_person(clause, ctx.subject)
    if agree is not None and agree[0] == "read" and not _PAST_MARKER.search(clause):
        # "I read poetry" is a habit: "reads", unless the clause says when it happened.
        text = re.sub(rf"^({re.escape(ctx.subject)}(?:\s+\w+ly)*)\s+read\b", r"\1 reads", text)
    if _WE.search(text) or text.lower().startswith(("they ", "their ")):
        return None
    if ctx.name is None:
        # "too spicy for The user": the subject is capitalised only where a sentence starts.
        text = text[:1] + text[1:].replace("The user", "the user")
    return text


# ---- the rule ----------------------------------------------------------------------------------


_PERSON_JOB = re.compile(
    r"^(?:is|was|works\s+as)\s+(?:a|an)\s+(?P<np>[\w\s-]+?)"
    r"(?:\s+(?:(?:up|down|over|out|based)\s+)?(?:at|for|in)\b.*)?$",
    re.IGNORECASE,
)


#: A trade said by its verb: "drives a lorry", "drives taxis", "teaches maths", "nurses at
#: the Royal Free" (narrow: a vehicle driven for a living, teaching, nursing).
_TRADE_VERB = re.compile(
    r"^(?:drives\s+(?:a\s+|an\s+|the\s+)?(?P<v>taxi|cab|bus|lorry|truck|van|tram|forklift)"
    r"(?:e?s)?(?:\s+(?:for|at|in|around)\b.*)?"
    r"|teaches\s+(?:(?P<s>maths?|english|history|science|physics|chemistry|biology|french|"
    r"german|spanish|music|art|geography|drama|pe|yoga|piano|dance)\b|(?:at|in)\s|"
    r"(?:primary|secondary|high|middle|nursery)\s+school\b|year\s+\d)"
    r"|nurses\s+(?:at|in|on)\s)",
    re.IGNORECASE,
)


def _job_of(rest: str) -> str | None:
    """The job one of the user's people has, as said ("is a roofer", "works as a baker at the
    Co-op" → "baker"; "drives a lorry" → "lorry driver", "teaches maths" → "maths teacher"),
    or None."""
    said = _LEAD.sub("", rest.strip())
    job = _PERSON_JOB.match(said)
    if job and _occupation(job.group("np").lower()):
        return job.group("np")
    trade = _TRADE_VERB.match(said)
    if trade is None:
        return None
    if trade.group("v"):
        return f"{trade.group('v').lower()} driver"
    if said.lower().startswith("nurses"):
        return "nurse"
    subject = trade.group("s")
    return f"{subject.lower()} teacher" if subject else "teacher"


def _person_key(who: str, rest: str, name: str | None = None) -> tuple[str, Category, bool]:
    rel, kind = _canonical_relation(who)
    low = _LEAD.sub("", rest.strip().lower())
    if kind == "pet":
        prefix = f"pet.{rel}"
    elif kind == "people":
        prefix = f"people.{rel}"
    else:
        prefix = f"family.{rel}"
    if name and kind != "pet" and slug(name):
        prefix = f"{prefix}.{slug(name)}"  # "my brother Marco …": his facts, not any brother's
    sensitive = _health(rest)
    if _job_of(rest) is not None:
        return f"{prefix}.job", Category.RELATIONSHIP, sensitive
    if kind != "pet" and re.match(r"^works\s+(?:at|for)\s+\S", low):
        return f"{prefix}.employer", Category.RELATIONSHIP, sensitive
    if re.match(r"^(?:is|turned|just\s+turned)\s+\d{1,3}(?:\s+years?\s+old)?$", low):
        return f"{prefix}.age", Category.RELATIONSHIP, sensitive
    words = _key_words(re.sub(r"^\s*'s?\s*", "", rest), 30)
    if not words:
        return "", Category.RELATIONSHIP, sensitive
    return f"{prefix}.{words}", Category.RELATIONSHIP, sensitive


#: Words that stand where the verb after "I" should ("I an a night owl", "… and I both …").
_NO_VERB = frozenset("a an the and or but both all too of to in on at for with from by as".split())
_NOT_A_VERB = frozenset(
    """and or but of in on at to for from with by as who whom whose which that than the a an
    my your his her their our its this these those some any all both each every no not so
    too very also just only then there here when where while if because since though like
    named called aged""".split()
)


def _verb_follows(rest: str) -> bool:
    """True when ``rest`` (after someone named as a subject: "my parents …") starts with a verb:
    a known one, or any lower-case word that is no function word ("my parents deny …")."""
    stripped = _LEAD.sub("", rest.strip())
    word = _first_word(stripped)
    if not word or not stripped[:1].islower():
        return False
    if _FINITE.fullmatch(word) or word in _PAST_IRREGULAR or word in _MODALS:
        return True
    return word not in _NOT_A_VERB and word.isalpha()


def _candidate(
    key: str, text: str | None, category: Category, hint: float, sensitive: bool
) -> list[Candidate]:
    if not text or not key or len(text.split()) > MAX_WORDS:
        return []
    return fact(key, text, category, hint, None, sensitive=sensitive)


def _request(rest: str) -> bool:
    """True when what follows "I want" asks for something now, not a goal in life."""
    wish = re.match(
        r"^\s*(?:(?:really\s+)?(?:like|love)\s+)?to\s+(?P<v>[a-z]+)(?P<after>.*)$", rest, re.I
    )
    if wish is None or wish.group("v").lower() not in REQUEST_VERBS:
        return False
    verb, after = wish.group("v").lower(), wish.group("after")
    if verb == "see":  # "… to see the pyramids" is a wish; "… to see if you can help" asks
        return bool(
            re.match(
                r"^\s*(?:if|whether|what|how|why|when|where|who|it|that|this)?\b\s*$|"
                r"^\s*(?:if|whether|what|how|why|when|where|who|it|that|this)\b",
                after,
                re.I,
            )
        )
    if verb == "go" and re.match(r"^\s+(?:\w+ing\b|on\s+(?:a|an)\b|to\s+(?:the\s+)?[A-Z])", after):
        return False  # "… to go skydiving", "… on a cruise", "… to Sweden"
    return verb not in _LIFE_VERBS or not _LIFE_GOAL.search(rest)


#: What makes a bare verb a fact: how often ("I clean a lot") or when in life ("I moved when I
#: was 14").
_SAYS_WHEN = re.compile(
    r"^\s*(?:a\s+lot|a\s+ton|all\s+the\s+time|constantly|every\s+day|daily|regularly|"
    r"(?:back\s+)?when\s+i\s+was\s+(?:\d{1,2}|a\s+(?:kid|child|teen|teenager|baby|student)|"
    r"young|little|younger|in\s+(?:school|college|high\s+school))|as\s+a\s+(?:kid|child|teen|"
    r"teenager))\s*$",
    re.IGNORECASE,
)


#: What is coming in the user's life ("getting married", "getting a new puppy").
_COMING = re.compile(
    r"^getting\s+(?:married|engaged|divorced|hitched|remarried|"
    r"(?:a|an|my\s+first)\s+(?:new\s+|little\s+|second\s+)?(?:puppy|kitten|dog|cat|pet|"
    rf"tattoo|car|house|degree|baby|{alternation(PET_SPECIES | frozenset(PET_BREEDS))})\b)",
    re.IGNORECASE,
)


def _is_no_trait(rest: str, body: str) -> bool:
    """After "I'm": a name typed in lower case ("I'm mia"), an opinion or a mood ("awesome",
    "tired"), an age (stale next year) or where the user is now ("in Paris")."""
    word = rest.strip().rstrip(".!")
    if re.fullmatch(r"[a-z]+", word) and not _looks_like_a_trait(word):
        return True
    return _opinion_or_mood(body) or bool(_AGE.match(body)) or bool(_HERE.match(body))


def _says_nothing(verb: str, rest: str) -> bool:
    """True for "I see", "I agree": no words about the user after the verb, no activity, and
    neither how often nor when ("I knit a lot", "I moved when I was 14" say something)."""
    if _key_words(rest) or verb in _ACTIVITIES:
        return False
    return _SAYS_WHEN.match(rest) is None or verb in _NOT_HABITS


def _coming(clause: str, body: str, rest: str, ctx: Context) -> list[Candidate]:
    """ "I'm getting married in the spring", "I'm getting a puppy": a plan, not this moment."""
    words = _key_words(re.sub(r"^getting\s+", "", body, flags=re.IGNORECASE))
    text = _rewrite(clause, ctx, agree=("be", rest))
    return _candidate(f"plan.{words}", text, Category.TASK_CONTEXT, HINT, False)


_DO_NOT = re.compile(r"\b(?:do|did)\s+not\b|\b(?:don't|didn't)\b", re.IGNORECASE)


def _agreeing(verb: str, rest: str, clause: str, *, negated: bool) -> tuple[str, str] | None:
    """What later verbs agree with, or None: after "does not" every verb stays bare ("I do not
    sing or dance" → "… does not sing or dance")."""
    return None if negated and _DO_NOT.search(clause) else (verb, rest)


_NOT_HABITS = frozenset("see hear know think guess mean get got feel say do did try".split())


def _about_user(clause: str, ctx: Context) -> list[Candidate]:
    head = _user_head(clause)
    if head is None:
        return []
    verb, rest, negated = head
    if verb in _NO_VERB:
        return []  # "my boyfriend and I both compete": the subject was split off; "I an a …"
    if verb in _SMALL_TALK_VERBS and not re.match(r"^\s*how\s+to\b", rest, re.I):
        return []
    if verb == "know" and not _KNOW_WHAT.match(rest):
        return []
    if verb == "want" and (not _WANT_THING.match(rest) or _CONSUMABLE.search(rest)):
        return []
    if verb in _WISH_VERBS and _request(rest):
        return []  # "I want to know the weather" asks for something now
    if _says_nothing(verb, rest):
        return []  # "I see", "I agree": nothing said about the user
    if verb == "would":
        if not re.match(r"^\s*(?:really\s+)?(?:like|love)\s+to\b", rest, re.I):
            return []
        verb = "will"
    if not rest.strip() and verb in {"be", "have", "will", "can", "used"}:
        return []
    body = _LEAD.sub("", rest.strip())
    if ((negated and verb in {"be", "have"}) or verb == "used") and _owned(verb, body):
        return []  # "I'm not vegetarian", "I used to live in Paris": the specific rules decide
    if _IDIOM.search(clause) or (verb in _PREFERENCE_VERBS and _NOT_A_TASTE.match(body)):
        return []
    if verb == "be" and _is_no_trait(rest, body):
        return []
    if verb == "be" and _COMING.match(body):
        return _coming(clause, body, rest, ctx)
    if _momentary(verb, body, clause):
        return []
    if verb in {"have", "got"} and _EVENT.match(body):
        return []  # "I have a meeting at 3"
    team = not negated and _supports_a_team(verb, rest)
    reading = (
        Reading("sport", Category.SOFT_PREFERENCE) if team else _user_reading(verb, rest, negated)
    )
    if reading is None:
        return []
    hint = RELATIONSHIP_HINT if reading.category == Category.RELATIONSHIP else HINT
    text = _rewrite(clause, ctx, agree=_agreeing(verb, rest, clause, negated=negated))
    return _candidate(
        _user_key(reading, verb, rest), text, reading.category, hint, reading.sensitive
    )


def _user_key(reading: Reading, verb: str, rest: str) -> str:
    """The slot of a statement about the user: its reading's prefix and the words that name
    what it is about ("I love hiking" → taste.hiking)."""
    said = rest if reading.prefix not in {"habit", "past"} else f"{verb} {rest}"
    alone = COMPANION.sub("", said) if reading.prefix == "habit" else said
    if len(alone.split()) > 1:
        said = alone  # "I play golf with my brother": golf ("I play with my dog" keeps the dog)
    if reading.prefix.startswith(("pet.", "family.")) or reading.prefix == "pet":
        # "I have two dogs" → pet.dog, "a baby girl" → family.daughter: the words left after
        # the animals or relatives (a phrase of several words too), if any.
        said = _KIDS_WORD.sub(" ", _PERSON_OR_PET_PHRASE.sub(" ", said))
    if reading.prefix.startswith("pet"):
        # "two rescue greyhounds", "an old cat": words that describe the animals name no slot.
        said = _DESCRIBING_AN_ANIMAL.sub(" ", said)
    words = _key_words(said)
    key = f"{reading.prefix}.{words}" if words else reading.prefix
    return key if "." in key else f"{key}.{slug(verb)}"


_DESCRIBING_AN_ANIMAL = re.compile(
    rf"\b(?:{'|'.join(map(re.escape, kin.BEFORE_A_RELATION))}|adopted|senior|rescued)\b",
    re.IGNORECASE,
)


def _about_person(m: re.Match[str], clause: str, ctx: Context) -> list[Candidate]:
    rest = m.group("rest")
    if m.group("poss"):
        if not _has_verb(rest):
            return []  # "my dog's favourite pastime": a noun phrase, no statement
        rest = m.group("poss") + rest
    elif (
        not _verb_follows(rest) or _opinion_or_mood(rest) or _said_or_passing(rest, m.group("who"))
    ):
        return []  # "my dog Rex" says nothing; "my wife is amazing" is an opinion
    elif (aged := _person_age(m.group("who"), rest, clause, ctx)) is not None:
        return aged
    elif _others_plan(m.group("who"), rest):
        return []
    key, category, sensitive = _person_key(m.group("who"), rest)
    return _person_fact(key, _rewrite(clause, ctx), category, sensitive, rest)


def _person_fact(
    key: str, text: str | None, category: Category, sensitive: bool, rest: str
) -> list[Candidate]:
    """One of the user's people's fact; a job with the job as its value ("baker"), as the
    other languages' rules keep it."""
    found = _candidate(key, text, category, RELATIONSHIP_HINT, sensitive)
    job = _job_of(rest) if key.endswith(".job") else None
    if not job:
        return found
    out = [replace(c, value=job) for c in found]
    # "is a plumber over in Derby": where they work is where they live, as "I'm a nurse
    # in Leeds" is read of the user.
    town = _JOB_TOWN.search(rest.strip())
    # Only a job they have now says where they live ("was a teacher in Utah" does not).
    if town is not None and out and " is " in out[0].value_text and not _WAS.match(rest.strip()):
        whose = key.removesuffix(".job")
        said = f"{out[0].value_text.split(' is ')[0]} lives in {town['t']}."
        out += _candidate(f"{whose}.home", said, category, RELATIONSHIP_HINT, sensitive=False)
        out[-1:] = [replace(c, value=town["t"]) for c in out[-1:]]
    return out


_WAS = re.compile(r"^(?:was|used\s+to|had\s+been|retired)\b", re.IGNORECASE)
#: The town after a relative's job ("… a baker up in Perth", "… a pilot in Leeds").
_JOB_TOWN = re.compile(
    r"\s(?:(?:up|down|over|out|based)\s+)?in\s+(?P<t>(?-i:[A-Z])[\w'-]+(?:\s+(?-i:[A-Z])[\w'-]+)?)"
    r"\s*[.!]?$"
)


def person_statement(
    who: str, predicate: str, clause: str, ctx: Context, *, name: str | None = None
) -> list[Candidate]:
    """What ``predicate`` says about one of the user's people, as their fact: "my wife Sofia is a
    doctor" → ``family.wife.job`` "The user's wife Sofia is a doctor." (none for an opinion)."""
    predicate = strip_trailing_fillers(predicate)
    if _said_or_passing(predicate, who):
        return []
    if not _verb_follows(predicate) or _opinion_or_mood(predicate):
        return []
    if _others_plan(who, predicate):
        return []
    aged = _person_age(who, predicate, clause, ctx, name)
    if aged is not None:
        return aged
    if _RELATIVE_TIME.search(predicate) or _AGE_NOW.match(predicate.strip()):
        return []
    key, category, sensitive = _person_key(who, predicate, name)
    return _person_fact(key, _rewrite(_tidy(clause), ctx), category, sensitive, predicate)


#: What a friend, flatmate or colleague means to do ("is moving to Spain in June",
#: "wants to learn Japanese"): their plan, no fact about the user's life.
_OTHERS_PLAN = re.compile(
    r"^(?:is|'s)\s+(?:(?:thinking|planning|hoping|talking)\s+(?:about|of|on|to)|about\s+to|going\s+to|"
    r"moving\s+(?:to|abroad|away|house)|considering|trying\s+to)\b"
    r"|^(?:hopes|wants|plans|intends|would\s+like|might|may|will)\s+(?!be\b|to\s+be\b)",
    re.IGNORECASE,
)


def _others_plan(who: str, predicate: str) -> bool:
    """ "my boss is thinking about retiring": a friend's or colleague's plan (a
    relative's stays: "my brother is moving to Leeds" is where the family will be)."""
    rel = re.sub(r"\s+", " ", who.lower().strip())
    rel = re.sub(r"^(?:my|our)\s+", "", rel)
    kin = FAMILY | FAMILY_GROUPS | frozenset(FAMILY_GROUP_CANONICAL)
    return rel not in kin and bool(_OTHERS_PLAN.match(predicate.strip()))


def named_statement(name: str, predicate: str, clause: str, ctx: Context) -> list[Candidate]:
    """What ``predicate`` says about someone the user names without a relation ("Ayesha likes
    sushi" → ``person.ayesha.likes_sushi``, "Jo just turned 30" → ``person.jo.age``); learning
    keeps it only for someone the user told us about (``memory_core.read.people.rekey``)."""
    predicate = strip_trailing_fillers(predicate)
    aged = _person_age("", predicate, clause, ctx, prefix=f"person.{slug(name)}")
    if aged is not None:
        return aged
    if not _verb_follows(predicate) or _opinion_or_mood(predicate):
        return []
    if _RELATIVE_TIME.search(predicate) or _momentary_predicate(predicate):
        return []
    if _said_or_passing(predicate):
        return []
    words = _key_words(re.sub(r"^\s*'s?\s*", "", predicate), 30)
    if not words:
        return []
    key = f"person.{slug(name)}.{words}"
    text = _rewrite(_tidy(clause), ctx)
    return _candidate(key, text, Category.RELATIONSHIP, RELATIONSHIP_HINT, _health(predicate))


_PASSING_PREDICATE = re.compile(
    r"^(?:is|'s|was)\s+(?:\w+ing|here|there|back|home|out|away|late|"
    r"on\s+(?:the|his|her|their|a)\s+(?:phone|way|train|bus|call|road))\b",
    re.IGNORECASE,
)


def _momentary_predicate(predicate: str) -> bool:
    """ "is on the phone", "is running late", "was here": what someone does now, no fact."""
    return bool(_MOMENTARY.search(predicate)) or bool(
        re.match(_PASSING_PREDICATE, predicate.strip())
    )


#: What someone says or jokes of the user ("says I snore", "reckons I'm a workaholic"): their
#: words, not a fact about them (a doctor's word on the user's health is read by its rules).
_HEARSAY = re.compile(
    r"^(?:always\s+|often\s+|keeps\s+)?(?:says|said|saying|reckons|jokes|joked|claims|swears|"
    r"insists|complains)\s+(?:that\s+)?(?:i|i'm|im|i've|i'd)\b",
    re.IGNORECASE,
)
#: A small moment someone has just had ("my boss just reheated curry", "Jo just knocked over
#: a glass"), unlike what they did that lasts ("just wrote a book", "just moved").
_JUST_DID = re.compile(
    r"^(?:'s\s+|has\s+)?just\s+(?:microwaved|reheated|burnt|burned|spilled|spilt|dropped|"
    r"knocked|tripped|texted|rang|called|emailed|messaged|pinged|sent|posted|tweeted|yelled|"
    r"shouted|sneezed|snored|parked|ordered|microwaved|slammed|stole|nicked|ate|drank|farted|"
    r"burped|honked|beeped)\b",
    re.IGNORECASE,
)
#: Whose word on the user is the user's fact ("my doctor says I'm anaemic").
_CARERS = re.compile(
    r"\b(?:doctor|doc|gp|consultant|specialist|nurse|dentist|therapist|psychiatrist|midwife|"
    r"physio|optician|surgeon|cardiologist)\b",
    re.IGNORECASE,
)


def _said_or_passing(predicate: str, who: str = "") -> bool:
    """True for someone's words about the user, or a moment of their day (no fact of theirs)."""
    if _JUST_DID.match(predicate.strip()):
        return True
    return bool(_HEARSAY.match(predicate.strip())) and not _CARERS.search(who)


def _person_age(
    who: str,
    predicate: str,
    clause: str,
    ctx: Context,
    name: str | None = None,
    *,
    prefix: str = "",
) -> list[Candidate] | None:
    """ "my sister Aoife just turned 30", "my mum is 72": their age, as a number (None: the
    predicate says no age)."""
    age = _PERSON_AGE.match(predicate.strip())
    coming = None if age is not None else _PERSON_AGE_COMING.match(predicate.strip())
    if age is None and coming is None:
        return None
    key = f"{prefix}.age" if prefix else _person_key(who, "is 1", name)[0]
    if coming is not None:
        # "Leo turns 5 in June": 4 now; the sentence keeps when the birthday comes.
        n = int(coming.group("n"))
        text = _rewrite(_tidy(clause), ctx)
        if text is None:
            return []
        if n < 2:
            return None  # "turns 1": no age before it
        return fact(key, text, Category.RELATIONSHIP, RELATIONSHIP_HINT, str(n - 1))
    assert age is not None
    text = _rewrite(_tidy(_PERSON_AGE_TAIL.sub("", clause)), ctx)
    if text is None:
        return []
    return fact(key, text, Category.RELATIONSHIP, RELATIONSHIP_HINT, age.group("n"))


#: A person's age: "is 72", "just turned 30", "turned 40 last week", "is 7 years old".
_WHEN_TURNED = (
    r"(?:\s+(?:today|yesterday|last\s+(?:week|month)|this\s+(?:week|month|year)|on\s+\w+day|"
    r"on\s+\d{1,2}\s+[A-Z][a-z]+(?:\s+\d{4})?|in\s+the\s+week\s+of\s+.+))"
)
_PERSON_AGE = re.compile(
    r"^(?:is|'s|(?:just\s+|recently\s+|has\s+just\s+|has\s+)?turned)\s+(?P<n>\d{1,3})"
    rf"(?:\s*(?:years?|yrs?)(?:\s+old)?)?{_WHEN_TURNED}?\s*[.!]*$",
    re.IGNORECASE,
)
_PERSON_AGE_TAIL = re.compile(rf"{_WHEN_TURNED}\s*[.!]*$", re.IGNORECASE)
#: A birthday to come: "turns 5 in June", "is turning 40 next month", "will be 8 on Friday" —
#: a year younger now.
_PERSON_AGE_COMING = re.compile(
    r"^(?:turns|is\s+turning|'s\s+turning|will\s+(?:be|turn)|'ll\s+be)\s+(?P<n>\d{1,3})"
    r"(?:\s*(?:years?|yrs?)(?:\s+old)?)?"
    r"(?:\s+(?:soon|tomorrow|in\s+[A-Za-z]+(?:\s+\d{4})?|next\s+\w+|this\s+\w+|on\s+\w+day|"
    r"on\s+\d{1,2}\s+[A-Z][a-z]+(?:\s+\d{4})?|in\s+the\s+week\s+of\s+.+|"
    r"in\s+(?:a|two|three|\d+)\s+(?:days?|weeks?|months?)))?\s*[.!]*$",
    re.IGNORECASE,
)


def _about_thing(clause: str, ctx: Context) -> list[Candidate]:
    m = _MY_THING.match(clause)
    if m is None or _PASSING_THING.match(clause) or _MOMENTARY.search(clause):
        return []
    if _opinion_or_mood(m.group("verb") + m.group("rest")) or _BROKEN.search(m.group("rest")):
        return []  # "my car is awesome", "my phone won't turn on"
    thing = _key_words(m.group("thing"), 20)
    rest = _key_words(m.group("rest"), 20)
    if not thing or not rest:
        return []
    reading = _topic_reading(clause, "about")
    prefix = reading.prefix if reading.prefix != "about" else "about"
    text = _rewrite(clause, ctx)
    return _candidate(f"{prefix}.{thing}_{rest}", text, reading.category, HINT, reading.sensitive)


def _has_verb(text: str) -> bool:
    """True when ``text`` holds a finite verb ("… name is Rex", "… barks at night")."""
    words = re.findall(r"[a-z']+", text.lower())
    return bool(_FINITE.search(text)) or any(w in BASE_VERBS or _verb_form(w) for w in words)


def _mentions_user(clause: str, ctx: Context) -> list[Candidate]:
    """A clause about something else that mentions the user ("Dogs scare me", "X is my …")."""
    if _OTHER_SUBJECT.match(clause) or not _FIRST_PERSON_WORD.search(clause):
        return []
    first = _first_word(clause)
    if first in BASE_VERBS or first in _PAST_IRREGULAR or _verb_form(first):
        return []  # "Got to get my life straight": no subject, an order or a note to self
    before = _FIRST_PERSON_WORD.split(clause, maxsplit=1)[0]
    verbs = _FINITE.search(before) or any(w in BASE_VERBS for w in before.lower().split()[1:])
    if not verbs and not re.search(r"\b(?:of|to|for|with)\s*$", before.lower()):
        return []  # "Thanks for asking about my mom": no verb, no statement
    person = re.search(rf"\bmy\s+{RELATION_ADJ}(?P<who>{_WHO})\b", clause, re.IGNORECASE)
    reading = _topic_reading(clause, "about")
    key_words = _key_words(clause)
    if not key_words:
        return []
    text = _rewrite(clause, ctx)
    if person is not None and reading.prefix in {"about"}:
        rel, kind = _canonical_relation(person.group("who"))
        prefix = {"pet": "pet", "people": "people"}.get(kind, "family")
        return _candidate(
            f"{prefix}.{rel}.{_key_words(clause, 30)}", text, Category.RELATIONSHIP, HINT, False
        )
    return _candidate(
        f"{reading.prefix}.{key_words}", text, reading.category, HINT, reading.sensitive
    )


def is_bare_mention(clause: str) -> bool:
    """True for a clause that only names someone or something of the user's ("my sister"), the
    tail of a list split off at "and my …", not a statement of its own."""
    clause = _tidy(clause)
    if not re.match(r"^(?:my|our)\s", clause, re.IGNORECASE):
        return False
    person = _MY_PERSON.match(clause)
    if person is not None:
        rest = person.group("rest")
        if person.group("poss"):
            return not _has_verb(rest)
        return not (_verb_follows(rest) or _NAME_THEN_VERB.match(rest))
    return _MY_THING.match(clause) is None and len(clause.split()) <= 5


#: "We have two boys", "we've got a dog": the user's household has them, as the user does.
_WE_HAVE = re.compile(
    r"^we(?:'ve|\s+have)?\s+(?:also\s+)?(?:got|have|own)\s+"
    rf"(?=(?:a|an|one|two|three|four|five|six|\d+)\s+(?!family\b)(?:[\w-]+\s+)?"
    rf"(?:{_WHO}|boys|girls)\b)",
    re.IGNORECASE,
)


def statement(clause: str, ctx: Context) -> list[Candidate]:
    """Reads any plain statement about the user or their people → a third-person fact.

    Runs only when no specific rule read the clause (see ``rules``).
    """
    clause = _LEAD_TIME.sub("", _tidy(clause))
    clause = _WE_HAVE.sub("I have ", clause)  # "we've got three daughters": the household's
    if _RELATIVE_TIME.search(clause):
        return []  # "my birthday is next week" is wrong a week later
    if len(clause) < 4 or re.search(r"(?<![\w'])(?:you|your|yours|u|ur)(?![\w'])", clause, re.I):
        return []
    if _SUBJECTLESS.match(clause):
        clause = "I " + clause[0].lower() + clause[1:]
    if _USER.match(clause):
        return _about_user(clause, ctx)
    person = _MY_PERSON.match(clause)
    if person is not None and (person.group("poss") or _verb_follows(person.group("rest"))):
        return _about_person(person, clause, ctx)
    if re.match(r"^my\s", clause, re.IGNORECASE):
        return _about_thing(clause, ctx)
    return _about_named(clause, ctx) or _mentions_user(clause, ctx)


#: Someone named without a relation, then what they are, do or have ("Ayesha likes sushi",
#: "Kev's partner is Jo"); a possessive only before a relative ("Jo's birthday" has its rule).
_NAMED_SUBJECT = re.compile(
    r"^(?P<n>(?-i:[A-Z])[^\W\d_]+(?:-[^\W\d_]+)?(?:\s+(?-i:[A-Z])[^\W\d_]+)?)"
    rf"(?P<rest>'s\s+(?:{alternation(FAMILY)})\b.+|\s+(?-i:[a-z]).+)$",
    re.IGNORECASE,
)
_RELATIVE_OF = re.compile(
    rf"^'s\s+(?P<rel>{alternation(FAMILY)})(?:\s+is(?:\s+(?:called|named))?|'s)\s+"
    r"(?P<m>(?-i:[A-Z])[\w'-]*)\s*[.!]?$",
    re.IGNORECASE,
)
_NOT_SOMEONE = (
    frozenset(
        """i he she it this that there here they we you everyone everybody someone somebody nobody
    god today tomorrow yesterday life work home everything nothing family mum mom dad""".split()
    )
    | FAMILY
)


def _about_named(clause: str, ctx: Context) -> list[Candidate]:
    """ "Ayesha likes sushi", "Kev's partner is Jo", "Jo just turned 30": what the user says
    of someone they name, as that person's fact (``person.<name>.*``)."""
    m = _NAMED_SUBJECT.match(clause)
    if m is None or m.group("n").split()[0].lower() in _NOT_SOMEONE:
        return []
    name = person_name(m.group("n"), ctx, strict=True, max_words=2)
    if name is None or (ctx.name and slug(name) in {slug(ctx.name), slug(ctx.name.split()[0])}):
        return []
    rest = m.group("rest")
    rel = _RELATIVE_OF.match(rest)
    if rel is not None:
        other = person_name(rel.group("m"), ctx, strict=True, max_words=1)
        if other is None:
            return []
        word = " ".join(rel.group("rel").lower().split())
        key = f"person.{slug(name)}.{slug(FAMILY_CANONICAL.get(word, word))}"
        text = f"{name}'s {word} is {other}."
        return fact(key, text, Category.RELATIONSHIP, RELATIONSHIP_HINT, other)
    if rest.startswith("'") or not _NAMED_PREDICATE.match(rest.strip()):
        return []  # "Paris is a beautiful city", "Traffic is heavy": no one's fact
    return named_statement(name, rest, clause, ctx)


#: What the user says of someone they name that is that person's fact: a taste, a diet, an
#: allergy, a status, what they have ("Ayesha likes sushi", "Jo is allergic to bees").
_NAMED_PREDICATE = re.compile(
    r"^(?:(?:also|really|absolutely|still|now|just|totally)\s+)*(?:likes|loves|hates|enjoys|"
    r"adores|plays|speaks|studies|teaches|collects|can't\s+eat|cannot\s+eat|doesn't\s+eat|"
    r"doesn't\s+drink|(?:is|'s)\s+(?:(?:also|now|still|severely|very)\s+)?(?:allergic|vegan|"
    r"vegetarian|pescatarian|coeliac|celiac|diabetic|married|engaged|divorced|pregnant|expecting|"
    r"afraid|scared|terrified|obsessed|into|studying|training)|has\s+(?:a|an|two|three|four|\d)"
    r"\s|(?:just\s+|recently\s+)?turned\s+\d|is\s+\d{1,3}\b)",
    re.IGNORECASE,
)


RULES: tuple[Rule, ...] = (statement,)
