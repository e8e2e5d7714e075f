"""The offline, deterministic extractor: split a user turn into clauses and run the pattern rules.

Per sentence: questions are skipped; per clause: hypotheticals are skipped, secrets are dropped
(or, on an explicit request, kept as sensitive candidates), the ``patterns_*`` rules run, and
ephemeral wording marks what they found ``temporary``. Only ``user_text`` is read: what the
assistant said is never a fact about the user.
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import UTC, datetime, timedelta

from memory_core.extract import (
    asides,
    cards_intl,
    corrections,
    endings,
    introductions,
    notes,
    patterns_dates,
    patterns_health,
    patterns_home_work,
    patterns_identity,
    patterns_intl,
    patterns_people,
    patterns_plans,
    patterns_preferences,
    patterns_statements,
    subject,
    when,
)
from memory_core.extract.base import (
    EXPLICIT_HINT,
    MAX_EXCERPT,
    MAX_STATED_CANDIDATES,
    Candidate,
    TurnInput,
)
from memory_core.extract.dates import next_occurrence, parse_date
from memory_core.extract.explicit import detect_explicit, note_candidate, sensitive_candidates
from memory_core.extract.filters import (
    REDACTED,
    asks_not_to_keep,
    find_sensitive,
    is_ephemeral,
    is_exaggerated,
    is_hypothetical,
    is_noise,
    is_question,
    is_reported,
    is_sarcastic,
    normalize_value_text,
    redact,
    says_the_opposite,
    without_meta_talk,
)
from memory_core.extract.lexicon import BASE_VERBS, FAMILY, NOT_NAMES, PEOPLE
from memory_core.extract.rule import Context, Rule, fact
from memory_core.extract.text import (
    adverbial_last,
    alternation,
    clean_input,
    collapse,
    first_person_agreement,
    split_clauses,
    split_sentences,
    strip_fillers,
    strip_trailing_fillers,
)
from memory_core.text import procedures
from memory_core.text.language import SPOKEN, Detected, decided
from memory_core.text.language import guess as guess_language
from memory_core.text.spelling import french_plainly
from memory_core.values import Category

#: Every rule, most specific first (a clause may feed several rules; keys are de-duplicated).
ALL_RULES: tuple[Rule, ...] = (
    *patterns_identity.RULES,
    *patterns_home_work.RULES,
    *patterns_people.RULES,
    *patterns_dates.RULES,
    *patterns_health.RULES,
    *patterns_preferences.RULES,
    *patterns_plans.RULES,
)
HEDGE_FACTOR = 0.75
TEMPORARY_CAP = 0.3
_CONDITIONAL_LEAD = re.compile(
    r"^(?:if|even\s+if|what\s+if|suppose|supposing|imagine|assuming|in\s+case|unless)\b",
    re.IGNORECASE,
)
_UNTIL = re.compile(r"\b(?:until|till|til)\s+(?P<d>.{1,40})", re.IGNORECASE)
#: "I'm no longer allergic to peanuts", "I don't have diabetes any more": a state that ended
#: (``positive`` is what was true until now). A plain "I'm not …" is no ending: it never held.
_ENDED = (
    re.compile(r"^(?:i'm|i\s+am|im)\s+no\s+longer\s+(?P<am>.+)$", re.IGNORECASE),
    re.compile(r"^(?:i'm|i\s+am|im)\s+not\s+(?P<am>.+?)\s+any\s*more$", re.IGNORECASE),
    re.compile(r"^i\s+no\s+longer\s+(?P<do>.+)$", re.IGNORECASE),
    re.compile(r"^i\s+(?:don't|do\s+not|dont)\s+(?P<do>.+?)\s+any\s*more$", re.IGNORECASE),
)


def _display_name(user_name: str | None) -> str | None:
    if not user_name:
        return None
    name = collapse(clean_input(user_name, limit=200))[:40].strip()
    if not name or normalize_value_text(f"{name} is here") is None:
        return None  # a name like "me" or "you" would make every sentence first/second person
    return name


def _is_lowercase(text: str) -> bool:
    """True when the user writes without capitals (a standalone "I" and words in capitals do
    not count)."""
    rest = re.sub(r"\bI(?:'(?:m|ve|d|ll))?\b", "", text)
    rest = re.sub(r"\b[A-Z]{2,}\b", "", rest)  # "AGAIN", "NYC": shouting and initials
    cased = [c for c in rest if c.isupper() or c.islower()]
    return bool(cased) and not any(c.isupper() for c in cased)


def _until(text: str, now: datetime) -> datetime | None:
    m = _UNTIL.search(text)
    when = parse_date(m.group("d"), now) if m else None
    if when is None:
        return None
    start = next_occurrence(when, now).when()
    return start + timedelta(days=1) if start else None


def _dated(cand: Candidate, ref: when.TimeRef | None, *, restated: bool) -> Candidate:
    """The time the clause names, on its fact: since when a state holds (a move, a new job,
    "since 2019") or when something happened or will (``restated``: the fact's text says the
    date, and a coming event lapses after it)."""
    if ref is None or cand.temporary:
        return cand
    if ref.since or (ref.past and cand.valid_from is not None):
        return replace(cand, valid_from=ref.start)
    if cand.event_time is not None:
        return cand
    if ref.past:
        return replace(cand, event_time=ref.start)
    # An age said with the birthday to come ("will be 8 on Friday") holds after the day too.
    lapses = restated and not cand.key.endswith(".age")
    valid_to = cand.valid_to or (ref.end + timedelta(days=1) if lapses else None)
    return replace(cand, event_time=ref.start, valid_to=valid_to)


_DATE_WORDS = frozenset(
    """january february march april may june july august september october november december
    week weekend summer winter spring autumn fall since""".split()
)


_YEARLY = re.compile(r"\b(?:birthday|anniversary|name\s*day|bday)\b", re.IGNORECASE)


def _restated(cand: Candidate, ref: when.TimeRef) -> Candidate:
    """A statement whose time became a date: its key without the date words ("past.went_paris"),
    and a coming one is a plan ("I'm moving to Rome next month": ``plan.moving_rome``, not a
    move yet)."""
    head, _, last = cand.key.rpartition(".")
    words = [w for w in last.split("_") if w not in _DATE_WORDS]
    key = f"{head}.{'_'.join(words)}" if head and words else cand.key
    if ref.past or ref.since or cand.category not in (Category.OTHER, Category.TASK_CONTEXT):
        return replace(cand, key=key)
    plan = "plan." + (key.split(".", 1)[1] if "." in key else key)
    return replace(cand, key=plan, category=Category.TASK_CONTEXT)


def _ended(clause: str, ctx: Context) -> list[Candidate]:
    """A state the user says ended ("I'm no longer allergic to peanuts"): the rules' reading of
    the positive statement ("I'm allergic to peanuts"), its key and value, valid until now — so
    arbitration ends the fact it contradicts instead of keeping a contradicting note."""
    for pattern in _ENDED:
        m = pattern.match(clause)
        if m is None:
            continue
        own = [c for rule in ALL_RULES for c in rule(clause, ctx)]
        if own and all(c.valid_to is not None for c in own):
            return own  # a rule reads this ending itself ("I no longer live in Berlin")
        am, do = m.groupdict().get("am"), m.groupdict().get("do")
        positive = f"I'm {am}" if am else f"I {do}"
        found = [c for rule in ALL_RULES for c in rule(positive, ctx) if not c.temporary]
        found = found or patterns_statements.statement(positive, ctx)  # "I take insulin"
        # Said back without conjugating: "… is no longer …", "… doesn't … any more".
        said = (
            f"{ctx.subject} is no longer {am}." if am else f"{ctx.subject} doesn't {do} any more."
        )
        return [
            replace(c, value_text=said, valid_to=ctx.time, multi_valued=False)
            for c in found
            if not c.temporary
        ]
    return []


def _datable(ref: when.TimeRef | None) -> when.TimeRef | None:
    """A time worth dating a fact by: not "today"/"tonight" (that is this moment's talk)."""
    return ref if ref is not None and ref.kind != "today" else None


def _finish(
    found: list[Candidate],
    raw: str,
    ctx: Context,
    *,
    temporary: bool,
    hedged: bool,
    ref: when.TimeRef | None = None,
    restated: bool = False,
) -> list[Candidate]:
    """Add the excerpt and the turn-level flags (temporary, hedged, explicit) to a rule's output."""
    excerpt = redact(collapse(raw))[:MAX_EXCERPT]
    out: list[Candidate] = []
    for cand in (_dated(c, ref, restated=restated) for c in found):
        hint = cand.confidence_hint * (HEDGE_FACTOR if hedged else 1.0)
        temp = temporary or cand.temporary
        if ctx.explicit and not temp:
            hint = max(hint, EXPLICIT_HINT)
        valid_to = cand.valid_to
        if temp:
            hint = min(hint, TEMPORARY_CAP)
            valid_to = valid_to or _until(raw, ctx.time)
        out.append(
            replace(
                cand,
                confidence_hint=round(hint, 3),
                temporary=temp,
                valid_to=valid_to,
                source_excerpt=excerpt,
                stated=True,
            )
        )
    return out


def _any_order(raw: str, ctx: Context, *, scoped: bool, note: bool) -> list[Candidate]:
    """What ``_clause`` reads of ``raw``, or — when nothing — of it with a when-or-how-often
    said first moved to its end ("In my spare time I paint miniatures"); a statement read as said
    keeps the user's order ("Most mornings I walk the dog")."""
    stripped = strip_fillers(raw)[0].rstrip(" .!;,…")
    moved = adverbial_last(stripped)
    plain = _said_plainly(moved)
    found = _clause(plain, ctx, scoped=scoped, note=note) if plain else []
    found = found or _clause(raw, ctx, scoped=scoped, note=note)
    if found and not _notes_only(found):
        return found
    # "On Sundays I bake bread" read only as a plain statement: the pastime its rule reads
    # when the "when" is said last ("I bake bread on Sundays") files it where it belongs.
    for said in dict.fromkeys((moved, *_reworded(moved))):
        if said != stripped:
            again = _clause(said, ctx, scoped=scoped, note=note)
            if again and (not found or not _notes_only(again)):
                return again
    return found


def _notes_only(found: list[Candidate]) -> bool:
    """Whether every candidate is a plain statement kept as a note (``about.…``)."""
    return all(c.key.startswith("about.") for c in found)


#: "I gave up beef", "we stopped eating pork": what the user no longer eats, a diet said as
#: "I don't eat …" (not a thing that ended: it holds from now on).
_GAVE_UP = re.compile(
    r"^(?P<s>i|we)(?:\s+have|'ve)?\s+(?:gave\s+up|given\s+up|stopped|quit|cut\s+out)\s+"
    r"(?:eating\s+)?(?!(?:my|our|his|her|their|the|a|an|on|with|at|to|\w+ing)\b)(?P<x>.+)$",
    re.IGNORECASE,
)
_EATING = re.compile(r"\b(?:stopped|quit)\s+eating\b|\b(?:gave|given)\s+up\b|\bcut\s+out\b", re.I)
#: How long ago or how fully something was given up ("… altogether some years ago").
_WHEN_GIVEN_UP = re.compile(
    r"\s*\b(?:altogether|completely|entirely|for\s+good|some|a\s+few|many|several|years?|"
    r"months?|last|ago|since|in\s+\d{4}|\d+|on|after|when|because|as)\b.*$",
    re.IGNORECASE,
)
#: ", which suits us fine", ", who …": an aside after a comma, said of what came before.
_ASIDE = re.compile(
    r",\s+(?:which|who|whom|where|maybe|perhaps|probably|hopefully|it(?:'s|\s+(?:is|has|have|was)))"
    r"\b.*$",
    re.IGNORECASE,
)


#: "My favourite painter has always been Turner": what the favourite is.
_FAVOURITE_SINCE = re.compile(
    r"^(?P<f>(?:my|our)\s+(?:all[- ]time\s+)?favou?rite\s+[\w' -]+?)\s+(?:has\s+(?:always\s+)?been|"
    r"was\s+always|will\s+always\s+be|remains|is\s+still|has\s+to\s+be)\s+(?P<x>.+)$",
    re.IGNORECASE,
)
#: "It's my ambition to sail …", "It has always been my dream to open …": the goal said
#: with "it".
_IT_IS_MY_GOAL = re.compile(
    r"^it(?:'s|\s+is|\s+has)\s+(?:always\s+)?(?:been\s+)?(?P<g>(?:my|our)\s+(?:\w+\s+)?"
    r"(?:ambition|dream|goal|aim|plan|hope|wish))\s+to\s+(?P<x>.+)$",
    re.IGNORECASE,
)


#: "I was a postman for twenty years before I retired", "I worked as a nurse until I
#: retired": the job the user retired from.
_BEFORE_RETIRING = re.compile(
    r"^i\s+(?:was|worked\s+as)\s+(?:a|an)\s+(?P<job>[\w-]+(?:\s+[\w-]+)?)\s+"
    r"(?:for\s+[\w-]+(?:\s+[\w-]+)?\s+years?\s+)?(?:before|until|till|up\s+until)\s+i\s+retired$",
    re.IGNORECASE,
)


def _said_plainly(clause: str) -> str | None:
    """A clause said the plain way the rules read first: a food given up as the diet it is
    ("I gave up beef years ago" → "I don't eat beef"), a favourite that "has always been" one
    ("… is …"), a goal said with "it" ("It's my ambition to …" → "My ambition is to …");
    ``None`` when it is said plainly already."""
    m = _GAVE_UP.match(clause)
    if m is not None and _EATING.search(clause):
        food = _WHEN_GIVEN_UP.sub("", m.group("x"))
        return f"{m.group('s')} don't eat {food}" if food else None
    m = _FAVOURITE_SINCE.match(clause)
    if m is not None:
        return f"{m.group('f')} is {m.group('x')}"
    m = _IT_IS_MY_GOAL.match(clause)
    if m is not None:
        return f"{m.group('g')} is to {m.group('x')}"
    m = _BEFORE_RETIRING.match(clause)
    if m is not None and patterns_home_work.job_title(m.group("job"), by_shape=True) is not None:
        return f"I'm a retired {m.group('job')}"
    m = _GETTING_INTO.match(clause)
    if m is not None:
        return f"I'm into {m.group('x')}"
    m = _PUT_ME_ON.match(clause)
    if m is not None:
        return f"I'm on {m.group('x')}"
    return None


#: "(the) doc put me on statins last spring for the cholesterol", "my GP has started me on
#: metformin": a medicine the user takes, said as what the doctor did.
_PUT_ME_ON = re.compile(
    r"^(?:the\s+|my\s+)?(?:doc|doctor|gp|dr\.?\s+\w+|consultant|cardiologist|psychiatrist|"
    r"specialist|dermatologist|nurse)\s+(?:has\s+|'s\s+|just\s+|finally\s+)*(?:put|started)\s+"
    r"me\s+on\s+(?P<x>(?!(?:a\s+)?(?:waiting\s+list|list|hold|notice|leave)\b)[\w'-]+"
    r"(?:\s+[\w'-]+)??)(?=\s+(?:last|this|in|for|a|two|three|since|after|because|again|"
    r"yesterday|today|recently)\b|\s*[,.!]|\s*$)",
    re.IGNORECASE,
)


#: "(I've) been getting into bouldering lately", "I'm getting really into chess": a pastime
#: taken up, said as being into it ("got into Oxford" is no pastime: only the progressive).
_GETTING_INTO = re.compile(
    r"^(?:(?:i'?ve|i\s+have|we'?ve|we\s+have)\s+)?(?:(?:i'?m|i\s+am|we'?re|been)\s+)?"
    r"(?:(?:really|slowly|properly|seriously)\s+)?getting\s+(?:(?:really|more|properly|big|"
    r"seriously)\s+)?into\s+(?P<x>(?!(?:it|that|this|trouble|debt|shape|bed|the\s+car|a\s+"
    r"routine)\b)[\w'-]+(?:\s+[\w'-]+)??)(?=\s*(?:lately|recently|these\s+days|again|now|"
    r"this\s+year|[,.!]|$))",
    re.IGNORECASE,
)


#: "I'm doing my MBA", "I'm doing a masters in economics": studying for a degree.
_DOING_A_DEGREE = re.compile(
    r"^(?P<s>i'm|i\s+am)\s+(?:(?:also|currently|now)\s+)?doing\s+(?P<x>(?:my|an?|the)\s+"
    r"(?:\w+\s+)?(?:mba|masters?|master's|phd|doctorate|degree|diploma|bachelor's|bachelors|"
    r"bsc|msc|ba|ma|llb|mbbs|b\.?tech|m\.?tech|a-levels|gcses|apprenticeship|certificate)\b.*)$",
    re.IGNORECASE,
)


def _reworded(clause: str) -> list[str]:
    """Other ways to read a clause no rule read: a degree one is "doing" as one studied for,
    and the clause without a trailing aside ("I rent a flat in Bath, which suits me")."""
    out = []
    degree = _DOING_A_DEGREE.match(clause)
    if degree is not None:
        out.append(f"{degree.group('s')} studying for {degree.group('x')}")
    cut = _ASIDE.sub("", clause)
    if cut != clause and len(cut.split()) >= 3:
        out.append(cut)
    return out


def _clause(raw: str, ctx: Context, *, scoped: bool, note: bool) -> list[Candidate]:
    clause, hedged = strip_fillers(raw)
    clause = first_person_agreement(strip_trailing_fillers(clause).rstrip(" .!;,…"))
    if not clause:
        return []
    spans = find_sensitive(clause)
    label = None if spans else _LABEL.match(clause)
    if label is not None:
        clause = clause[label.end() :]  # "Big news: we moved to Lisbon", "Correction: I live …"
    if spans:
        # Secrets are kept only when the user explicitly asked (seed 001 §8).
        found = sensitive_candidates(clause, spans, ctx) if ctx.explicit else []
        return _finish(found, raw, ctx, temporary=scoped, hedged=False)
    hypothetical = is_hypothetical(clause)
    ref = _datable(when.resolve(clause, ctx.time))
    # An ending first ("I don't like sushi any more" ends "likes sushi": no dislike of
    # "sushi any more"), then what the rules read off the clause as it is.
    found = [] if hypothetical else _ended(clause, ctx)
    if not found and not hypothetical:
        found = [cand for rule in ALL_RULES for cand in rule(clause, ctx)]
        found += _pastime_with_someone(clause, found, ctx)
        found += _business_town(clause, found, ctx)
    restated = False
    if not found and not hypothetical and not ctx.explicit and not is_noise(clause):
        # No specific rule read it: keep a plain statement about the user as it was said
        # (an explicit request keeps it as a note instead, below), its time said as a date
        # ("I went to Paris yesterday" → "… went to Paris on 23 November 2026").
        if ref is not None and _YEARLY.search(clause):
            ref = None  # "my birthday is next week": a yearly day is read by its own rule
        found = _got_a_pet(clause, ref, ctx)
        restated = ref is not None and not found
        if not found:
            said = when.absolute(clause, ref) if ref else clause
            found = patterns_statements.statement(said, ctx)
            found += _works_in_town(clause, ctx) if found else []
        if restated and ref is not None:
            found = [_restated(c, ref) for c in found]
    if not found and note:
        found = note_candidate(clause, ctx)
    temporary = scoped or is_ephemeral(_without_trip_length(clause, found))
    return _finish(found, raw, ctx, temporary=temporary, hedged=hedged, ref=ref, restated=restated)


#: "We got a rescue whippet last month", "I adopted two kittens in May": a pet come into the
#: user's life at a time said; "we keep three beagles": pets had.
_GOT_A_PET = re.compile(
    r"^(?:i|we)(?:'ve|\s+have)?\s+(?:just\s+|recently\s+|finally\s+)?(?:got|adopted|rescued|"
    r"bought|brought\s+home|took\s+in|keep)\s+",
    re.IGNORECASE,
)


#: "We adopted a greyhound", "I rescued two kittens", "we keep three beagles": the animal
#: alone after the verb (a time or place after it is read with the time, above).
_ADOPTED = re.compile(
    r"^(?:i|we)(?:'ve|\s+have)?\s+(?:just\s+|recently\s+|finally\s+)?"
    r"(?:adopted|rescued|took\s+in|keep)"
    r"\s+(?!.*\b(?:in|on|at|last|this|from|for|when|ago|yesterday|today|since)\b)[\w\s'-]+$",
    re.IGNORECASE,
)


def _got_a_pet(clause: str, ref: when.TimeRef | None, ctx: Context) -> list[Candidate]:
    """The pet a clause says the user got at a past time said: had since then (the time on
    the fact, ``valid_from``), said without it ("The user has a rescue whippet."). "We adopted
    a greyhound." says it without a time: had since then too."""
    if not _GOT_A_PET.match(clause):
        return []
    if ref is None:
        if not _ADOPTED.match(clause):
            return []
        bare = _GOT_A_PET.sub("I have ", clause, count=1)
        return [c for c in patterns_statements.statement(bare, ctx) if c.key.startswith("pet")]
    if not ref.past or ref.since:
        return []
    bare = _GOT_A_PET.sub("I have ", " ".join(clause.replace(ref.phrase, " ").split()), count=1)
    found = [c for c in patterns_statements.statement(bare, ctx) if c.key.startswith("pet")]
    return [replace(c, valid_from=ref.start) for c in found]


#: "I play golf with my brother Tom", "I go climbing with my mate Jo": a pastime.
_PASTIME = re.compile(
    r"^i\s+(?:(?:often|usually|always|sometimes|regularly)\s+)?(?:play|go|do)\s+\w", re.I
)


def _pastime_with_someone(clause: str, found: list[Candidate], ctx: Context) -> list[Candidate]:
    """The pastime of a clause whose companion's name the rules read, and nothing else ("I
    play golf with my brother Tom" → ``habit.play_golf`` beside the brother's name)."""
    if not found or not all(c.key.endswith(".name") for c in found):
        return []
    if not _PASTIME.match(clause) or not patterns_statements.COMPANION.search(clause):
        return []
    return [c for c in patterns_statements.statement(clause, ctx) if c.key.startswith("habit.")]


def _without_trip_length(clause: str, found: list[Candidate]) -> str:
    """``clause`` without how long a planned trip lasts when all it says is the trip ("we're
    off to Tenerife in March for two weeks": how long a trip lasts is no "for now")."""
    if found and all(c.key.startswith("plan.trip_") for c in found):
        return _TRIP_LENGTH.sub("", clause)
    if found and all(c.key in {"job_title", "employer"} for c in found):
        return _JOB_BEGUN.sub("", clause)  # "began last month as a barista": since when
    return clause


#: How long a planned trip lasts ("for two weeks", "for a few days", "for 10 nights").
_TRIP_LENGTH = re.compile(
    r"\bfor\s+(?:(?:a|the|about|around|roughly|just|only|a\s+good)\s+)?(?:few\s+|couple\s+of\s+|"
    r"\d+\s+|(?:one|two|three|four|five|six|seven|eight|nine|ten)\s+)?(?:days?|weeks?|nights?|"
    r"months?|fortnight)\b",
    re.IGNORECASE,
)
#: When a job began, said before its title ("began last week as …"): no "for now".
_JOB_BEGUN = re.compile(
    r"\b(?:started|began)\s+(?:this|last)\s+(?:week|month)(?=\s+as\s)", re.IGNORECASE
)
#: "I own a bakery in Leeds", "I do payroll for a school in Hull", "I'm studying law at
#: the uni in York", "I'm a senior at college in Boise": the user's own work or studies,
#: then the town it is in — where they live, as "I work at Zara in Madrid" says it.
_WORK_IN_TOWN = re.compile(
    r"^(?:i|i'm|i\s+am|im)\s+(?:(?:also\s+)?(?:run|own|manage|co-own|co-run)\s+(?:a|an|my|our|the)\s+"
    r"(?:[\w-]+\s+){0,2}?(?=(?:bakery|cafe|café|coffee\s+shop|shop|store|restaurant|bar|pub|salon|"
    r"business|company|firm|studio|agency|practice|clinic|gym|farm|hotel|garage|nursery|deli|"
    r"bistro|startup|bookshop|bookstore|florist|workshop)\b)"
    r"|do\s+(?:the\s+)?[\w-]+(?:\s+[\w-]+)?\s+for\s+(?:a|an|the)\s+"
    r"|(?:studying|doing\s+(?:a|my)\s+(?:degree|phd|masters|master's))\s+[^,;]*?\s+at\s+"
    r"|(?:a\s+)?(?:junior|senior|sophomore|freshman)\s+(?:in|at)\s+)"
    r"[^,;]*?\s+in\s+(?P<town>(?-i:[A-Z])[\w'-]+(?:\s+(?-i:[A-Z])[\w'-]+)?)$",
    re.IGNORECASE,
)


def _business_town(clause: str, found: list[Candidate], ctx: Context) -> list[Candidate]:
    """The home a clause names beside the user's own business ("I run a small cafe in Bristol"
    → ``job_title`` "cafe owner" and the town): as a statement of the same words says it."""
    if not any(c.key == "job_title" for c in found) or any(c.key == "home_city" for c in found):
        return []
    return _works_in_town(clause, ctx)


def _works_in_town(clause: str, ctx: Context) -> list[Candidate]:
    """The home a clause about the user's own work or studies names by its town, or nothing."""
    m = _WORK_IN_TOWN.match(clause)
    return patterns_home_work.works_in(m["town"], ctx) if m else []


_PURPOSE = re.compile(r"\bso(?:\s+that)?\s*$|\bin\s+order\s+(?:that\s*)?$", re.IGNORECASE)
_MODAL_START = re.compile(r"^i(?:\s+can|\s+could|\s+will|'ll|\s+would|'d|\s+may|\s+might)\b", re.I)


def _is_purpose(sentence: str, clause: str) -> bool:
    """True for "… so I can buy a truck": what the user could do, said as a purpose, no fact."""
    at = sentence.find(clause)
    return at > 0 and bool(_PURPOSE.search(sentence[:at])) and bool(_MODAL_START.match(clause))


def _sentence_note(sentence: str, ctx: Context, *, scoped: bool) -> list[Candidate]:
    """The whole sentence as one self-contained note (explicit requests no rule recognised)."""
    body = strip_fillers(sentence)[0].rstrip(" .!;,…")
    temporary = scoped or is_ephemeral(body)
    return _finish(note_candidate(body, ctx), sentence, ctx, temporary=temporary, hedged=False)


#: A short label before a first-person statement ("Big news:", "Correction:", "Update:").
_LABEL = re.compile(
    r"^[^\W\d_][\w' ]{1,60}:\s+(?=(?:i|i'm|i've|im|my|we|we're|we've|our|just)\b)",
    re.IGNORECASE,
)
#: "I live in Vienna — what's the weather like there?": a statement, then the question.
_THEN_QUESTION = re.compile(
    r"^(?P<s>.+?)\s*(?:[,;:]|\s[-–—]+)\s*(?:but\s+|so\s+|and\s+)?"
    r"(?P<q>(?:what|what's|where|when|who|why|how|which|do|does|did|can|could|would|will|is|"
    r"are|any|should|have|has)\b[^?]*\?+)\s*$",
    re.IGNORECASE,
)


#: "my nan, how old is she?", "the car, what colour was it?": a thing named (a possessive
#: or "the", a few words, no verb) before a question that points back at it …
_FRONTED = re.compile(
    r"^(?:and|so|oh|ok|okay|also|then)?\s*(?:my|our|your|the|(?-i:[A-Z])\w*'s)\s+"
    r"(?!.*\b(?:a|an|is|are|was|were|am|be|been|has|have|had|do|does|did|got|gets|can|will|"
    r"would|just|now|\w+ed)\b)[\w' -]{1,40}$",
    re.IGNORECASE,
)
#: … with "he", "she", "it", "they" (or "his", "her", "its", "their").
_POINTS_BACK = re.compile(r"\b(?:he|she|it|they|him|her|his|its|their|them)\b", re.IGNORECASE)


def _statement_of(sentence: str) -> str | None:
    """The part of a question sentence that states something, or None if it only asks (a
    thing named before a question about it is part of the question)."""
    m = _THEN_QUESTION.match(sentence)
    if m is None or is_question(m.group("s")):
        return None
    head = m.group("s").strip()
    if len(head.split()) <= 5 and _FRONTED.match(head) and _POINTS_BACK.search(m.group("q")):
        return None
    return m.group("s")


#: "… and he is a chef": a clause about someone just mentioned starts at the pronoun.
_PRONOUN_AHEAD = (
    r"(?!(?:he|she)(?:'s|\s+is)\s+(?:now\s+)?(?:called|named)\b)"  # "she's called Luna": a pet's
    r"(?=(?:he|she)(?:'s|\s+(?:is|was|has|works|lives|loves|likes|plays|just|also|still|now|"
    r"moved)\b))"
)
_PRONOUN_CLAUSE = re.compile(
    rf"\s*,\s*(?:and\s+|but\s+)?{_PRONOUN_AHEAD}|\s+(?:and|but)\s+{_PRONOUN_AHEAD}",
    re.IGNORECASE,
)


#: "shes 6", "hes a vet": the apostrophe chat leaves out.
_NO_APOSTROPHE = re.compile(r"\b(s?he)s\b", re.IGNORECASE)
#: "my son is called Leo he just turned 3": a name, then a new clause about them, no comma.
_RUN_ON = re.compile(
    r"(?<=[a-z])\s+(?=(?:he|she)(?:'s|\s+(?:is|was|just|turned|has|works|loves))\s)", re.IGNORECASE
)


def _run_on(part: str) -> list[str]:
    """``part`` split where a clause about someone just named starts without a comma."""
    for m in _RUN_ON.finditer(part):
        before = part[: m.start()].split()
        if len(before) >= 3 and before[-1][:1].isupper() and before[-1][1:].islower():
            return [part[: m.start()], *_run_on(part[m.end() :])]
    return [part]


def _clauses(sentence: str) -> list[str]:
    """The sentence's statements: a split-off "… and my sister" goes back to the clause it ends."""
    out: list[str] = []
    sentence = _NO_APOSTROPHE.sub(r"\1's", sentence)
    parts = [
        p
        for part in split_clauses(sentence)
        for piece in _PRONOUN_CLAUSE.split(part)
        if piece
        for p in _run_on(piece)
    ]
    for part in parts:
        if out and patterns_statements.is_bare_mention(part):
            at = sentence.find(part)
            joint = sentence[sentence.find(out[-1]) + len(out[-1]) : at] if at > 0 else " and "
            out[-1] = out[-1] + joint + part
        else:
            out.append(part)
    return out


_SUBJECT = re.compile(r"^(?P<s>i'm|i\s+am|im|i)\s+(?!and\b|but\b)", re.IGNORECASE)
#: "My name is Ana, 30, a teacher": the name said first, then what the user is.
_NAMED = re.compile(r"^(?:(?:my|the)\s+)?name(?:'s|\s+is)\s+[^\W\d_][\w'-]*\s*,", re.IGNORECASE)
_JOINT = re.compile(r"(\s*,\s*(?:and\s+|but\s+)?|\s+[–—]\s+|\s+(?:and|but)\s+)", re.IGNORECASE)
_HAVE = re.compile(r"^(?:i|we)(?:\s+(?:also\s+)?(?:have|own)|'ve\s+got|\s+have\s+got)\s+", re.I)
_ONLY_IT = re.compile(r"^\w+\s+(?:it|that|this|them)(?:\s+(?:a\s+lot|so\s+much|there))?\W*$", re.I)
_DANGLING = re.compile(r"\b(?:in|at|to|from|with|of|for|on|by|about|and|or)\s*$", re.IGNORECASE)
_AFTER_I_AM = re.compile(
    r"^(?:a|an|the|\d+|in|at|from|not|also|still|very|so|really|\w+ing)(?:\s|\W*$)", re.I
)
_NOW_IN = re.compile(r"^now\s+(?:living\s+|based\s+)?in\s+(?P<p>.+)$", re.IGNORECASE)
_A_THING = re.compile(r"^(?:a|an|the|one|two|three|four|five|\d+)(?:\s|\W*$)", re.IGNORECASE)


#: Keys a split-off part may not introduce: "I'm from Alsip, Illinois" names no "Illinois".
_NOT_AFTER_A_COMMA = frozenset({"name", "preferred_name"})


def _keys(clause: str, ctx: Context) -> set[str]:
    """The keys the specific rules read in ``clause`` (read, as ``_clause`` does, without the
    sentence's end: "… mechanic from Ohio.")."""
    clause = clause.rstrip(" .!;,…")
    return {cand.key for rule in ALL_RULES for cand in rule(clause, ctx)}


def _reads(clause: str, ctx: Context) -> bool:
    lead = strip_fillers(clause)[0]
    return bool(_keys(lead, ctx)) or bool(patterns_statements.statement(lead, ctx))


def _starts_with_verb(piece: str) -> bool:
    """ "work as a nurse", "don't eat meat", "also play golf": a predicate without its subject."""
    words = re.findall(r"[a-z']+", piece.lower())
    while words and words[0] in {"also", "still", "now", "currently", "really", "never", "often"}:
        words = words[1:]
    if words[:1] == ["like"] and re.match(
        r"like\s+(?:\d|a\s+(?:few|couple)\b|" + _HEDGED, piece.lower().lstrip()
    ):
        return False  # "…, like 8 yrs now": a hedge before a number, no second taste
    return bool(words) and (
        words[0] in BASE_VERBS
        or words[0] in {"don't", "do", "can't", "can"}
        or words[0] in _LIFE_PAST
    )


#: Number words a hedging "like" comes before ("…, like two years now").
_HEDGED = r"(?:one|two|three|four|five|six|seven|eight|nine|ten|twenty|half)\b)"


#: Past verbs of a life story that go on without their subject ("I was born in Lima but grew
#: up in Madrid", "… and moved to Leeds in 2019").
_LIFE_PAST = frozenset({"grew", "moved", "studied", "lived", "worked"})


def _reads_alone(forms: list[str], new: set[str], ctx: Context) -> bool:
    """Whether the keys a part adds when joined ("… and live in Cardiff with my wife Ellen")
    are read off the part alone too: then it is a statement of its own, not the end of the
    one before ("I work as a plumber")."""
    # "pop music, like Lady Gaga": a "like" after a comma gives examples, no second taste.
    return any(new <= _keys(form, ctx) for form in forms if not form.startswith("I like "))


def _apart(forms: list[str], piece: str, *, copula: bool, ctx: Context) -> bool:
    """Whether a part no specific rule reads may still stand alone: read by the general
    reading ("I'm 61 and retired", "… and play the drums") — after "I'm" only what can follow
    it ("a …", "in …", "studying …", one word) — or naming nothing ("… and love it")."""
    if not forms:
        return False
    if _ONLY_IT.match(piece):
        return True
    if (
        copula
        and forms[0].startswith("I'm ")
        and not (_AFTER_I_AM.match(piece) or len(piece.split()) == 1)
    ):
        return False  # "I'm tell people …", "I'm praise God": no statement
    # A part after a comma never names the user ("I'm a mum of two, Lea and Paul").
    lead = strip_fillers(forms[0])[0]
    return bool(_keys(lead, ctx) - _NOT_AFTER_A_COMMA) or bool(
        patterns_statements.statement(lead, ctx)
    )


def _share_subject(raw: str, ctx: Context) -> list[str]:
    """ "I live in Toronto and work at Shopify", "I'm Frank, 41, a sales manager": one subject
    for several statements. A part after "and" or a comma becomes its own clause, with the
    subject said again, when a specific rule reads it so and the rules read nothing more in
    the part joined to what came before ("I like salt and pepper", "fluent in German and
    French" stay whole)."""
    lead = strip_fillers(raw)[0]
    m = _SUBJECT.match(lead)
    have = _HAVE.match(lead)
    named = _NAMED.match(lead) is not None
    pieces = _JOINT.split(raw)
    if m is None and have is None and not named and len(pieces) >= 3:
        return _share_person(raw, pieces, ctx)
    if (m is None and have is None and not named) or len(pieces) < 3:
        return [raw]
    copula = named or (m is not None and m.group("s").lower() != "i")
    out: list[str] = []
    current = pieces[0]
    for sep, piece in zip(pieces[1::2], pieces[2::2], strict=True):
        if patterns_statements.HOW_LONG.match(piece):
            continue  # "I'm a vet nurse, 6 years now": how long, neither an age nor a part
        forms = _forms(piece, m, have, copula=copula)
        joined = current + sep + piece
        before, together = _keys(strip_fillers(current)[0], ctx), _keys(joined, ctx)
        if (
            together - before
            # joined, the part before loses what it read ("two kids, Ella (9) and Sam (6)" +
            # ", and a dog called …"): the piece is no part of it
            and not (
                have is not None and before - together and _reads(forms[-1] if forms else "", ctx)
            )
            and not _reads_alone(forms, together - before, ctx)
        ):
            current = joined  # the piece belongs to the statement before it
            continue
        # A part read into a slot the part before already fills ("a teacher and a baker")
        # stays with it: one slot cannot hold both.
        form = next((f for f in forms if _keys(f, ctx) - _NOT_AFTER_A_COMMA - before), None)
        if _DANGLING.search(current):
            current = joined  # "I was born in and currently live in France": one statement
        elif form is not None and (_reads(current, ctx) or not together):
            out.append(current)
            current = form
        elif before and not together and _apart(forms, piece, copula=copula, ctx=ctx):
            # Joined, the part before would lose its slot ("I'm 61 and retired", "I live in
            # Toronto and love it"): apart, each is read alone ("I love it" names nothing).
            out.append(current)
            current = forms[0]
        else:
            current = joined
    out.append(current)
    return out


def _forms(
    piece: str, m: re.Match[str] | None, have: re.Match[str] | None, *, copula: bool
) -> list[str]:
    """The ways a part after "and" or a comma may be said with the sentence's subject again
    ("work at Shopify" → "I work at Shopify", "a dog called Rufus" → "I have a dog …")."""
    if _CONSEQUENCE.match(piece):
        return []  # "…, so the waiter checked": what followed, no statement of the user's
    verb = _starts_with_verb(piece)
    forms = ["I'm " + piece] if copula and not verb else []
    if m is not None and verb:
        forms.append("I " + piece)
    if m is not None and (now := _NOW_IN.match(piece)) is not None:
        forms.append(f"I live in {now.group('p')}")  # "…, grew up in Cork, now in Leeds"
    if have is not None and _A_THING.match(piece):
        forms.append(f"{have.group(0).strip()} {piece}")  # "…, and a dog called Rufus"
    return forms


_CONSEQUENCE = re.compile(
    r"^(?:so|because|cos|coz|since)\s+(?:the|a|an|he|she|they|it|we|you|his|her|their|everyone)\b",
    re.IGNORECASE,
)


#: "my dad", "my sister Aoife": one of the user's people as a sentence's subject.
_PERSON_SUBJECT = re.compile(
    rf"^(?:my|our)\s+{patterns_people.ADJ}{patterns_people.REL}(?:\s+(?-i:[A-Z])[\w'-]*)?(?=\s)",
    re.IGNORECASE,
)
_THIRD_VERB = frozenset({"is", "has", "was", "works", "lives", "loves", "likes", "plays"})


def _share_person(raw: str, pieces: list[str], ctx: Context) -> list[str]:
    """ "My dad is 68 and lives in Sligo": each part after "and" that starts with a verb is
    its own statement about the same person, when a rule reads it so."""
    who = _PERSON_SUBJECT.match(strip_fillers(raw)[0])
    if who is None:
        return [raw]
    out, current = [], pieces[0]
    for sep, piece in zip(pieces[1::2], pieces[2::2], strict=True):
        first = piece.split()[0].lower() if piece.split() else ""
        form = f"{who.group(0)} {piece}"
        if "and" in sep.lower() and first in _THIRD_VERB and _keys(form, ctx):
            out.append(current)
            current = form
        else:
            current += sep + piece
    out.append(current)
    return out


def _resolve_pronouns(clauses: list[str], ctx: Context, seen: list[str]) -> list[str]:
    """ "My friend Marco lives in Rome and he is a chef": the pronoun stands for the person
    last mentioned in this turn (``seen``, updated), so the clause is about them."""
    out = []
    for raw in clauses:
        lead, _ = strip_fillers(raw)
        clause = patterns_people.resolve_pronoun(lead, seen[-1] if seen else None)
        if clause is not lead:
            raw = clause
        who = patterns_people.mentioned(lead, ctx)
        if who is not None:
            seen.append(who)
        elif re.match(r"^(?:i|i'm|i've|my|we|our)\b", lead, re.IGNORECASE):
            seen.clear()  # the user talks about themselves again: "he" is no longer clear
        out.append(raw)
    return out


#: "Hiya, it's Niamh again", "Hello again, it's me, Orla", "I'm back": the user greets the
#: bot and says who is there; nothing in it is a new fact.
_GREETING = re.compile(
    r"^(?:(?:hi|hey|hiya|hello|howdy|yo|morning|evening|good\s+(?:morning|afternoon|evening))"
    r"(?:\s+(?:again|there|all))?[\s,!.]*)*"
    r"(?:(?:it's|it\s+is|its)\s+(?:me|(?-i:[A-Z][\w'-]*))(?:\s+(?:again|here|back))?"
    r"(?:[\s,]+(?:me\s+)?(?-i:[A-Z][\w'-]*))?(?:[\s,]+(?:by\s+the\s+way|btw))?"
    r"|(?:i'm|i\s+am)\s+back|back\s+again|me\s+again)?"
    r"[\s,!.…]*$",
    re.IGNORECASE,
)
#: The name a greeting says ("Hey, it's Marta", "It's Marta here", "It's Marta, by the way"):
#: after a greeting word, or with "here" or "by the way" after it ("It's Friday!" alone is no
#: name; "…, it's Marta again" is one already known).
_GREETING_NAME = re.compile(
    r"^(?P<hi>(?:(?:hi|hey|hiya|hello|howdy|yo|morning|evening|good\s+(?:morning|afternoon|"
    r"evening))(?:\s+(?:again|there|all))?[\s,!.]*)*)(?:it's|it\s+is|its)\s+(?:me[\s,]+)?"
    r"(?P<n>(?-i:[A-Z][a-z'-]+))(?P<after>(?:\s+(?:again|here|back))?(?:[\s,]+(?:by\s+the\s+way|"
    r"btw))?)[\s,!.…]*$",
    re.IGNORECASE,
)


#: "Ana, my wife, is a vet": a name, then who they are to the user, said apart.
_NAME_THEN_WHO = re.compile(
    r"(?:^|(?<=[:;]\s))(?P<n>(?-i:[A-Z])[a-z'-]+),\s+(?P<p>my|our)\s+"
    rf"(?P<r>{alternation(FAMILY | PEOPLE)}),\s+(?=(?:is|was|works|lives|has|'s)\b)",
    re.IGNORECASE,
)


def _named_first(m: re.Match[str]) -> str:
    if not strip_fillers(m["n"])[0].strip(" ,"):
        return m[0]  # "Honestly, my husband, …": a filler, no name
    return f"{m['p']} {m['r']} {m['n']} "


def _greeting_name(sentence: str, ctx: Context) -> list[Candidate]:
    """The user's name said in a greeting ("Hey, it's Marta"), or nothing."""
    m = _GREETING_NAME.match(sentence.strip())
    if m is None or not (m["hi"].strip() or m["after"].strip()):
        return []
    if re.search(r"\b(?:again|back)\b", f"{m['hi']} {m['after']}", re.IGNORECASE):
        return []  # "Hiya, it's Niamh again", "Hello again, it's me, …": back; nothing new
    name = m["n"]
    if name.lower() in NOT_NAMES or name.lower() in _DATE_WORDS or name.lower() in _DAYS:
        return []
    return fact("name", f"{ctx.subject}'s name is {name}.", Category.IDENTITY, 0.8, name)


_DAYS = frozenset("monday tuesday wednesday thursday friday saturday sunday christmas".split())


def _sentence(sentence: str, ctx: Context, seen: list[str] | None = None) -> list[Candidate]:
    if _GREETING.match(sentence):
        return _greeting_name(sentence, ctx)
    sentence = introductions.normalise(sentence)
    # "Ana, my wife, is …" said as "my wife Ana is …", which the people rules read.
    sentence = _NAME_THEN_WHO.sub(_named_first, sentence)
    shared = [part for raw in _clauses(sentence) for part in _share_subject(raw, ctx)]
    clauses = _resolve_pronouns(shared, ctx, [] if seen is None else seen)
    lead, _ = strip_fillers(clauses[0])
    if _CONDITIONAL_LEAD.match(lead):
        # "If I lived in Paris, I'd …": nothing in the sentence is a fact.
        return _sentence_note(sentence, ctx, scoped=False) if ctx.explicit else []
    # "For now, I …" scopes the whole sentence.
    scoped = is_ephemeral(lead) and len(lead.split()) <= 5 and len(clauses) > 1
    found = [
        [] if _is_purpose(sentence, raw) else _any_order(raw, ctx, scoped=scoped, note=False)
        for raw in clauses
    ]
    if not ctx.explicit:
        return [cand for part in found for cand in part]
    if not any(found):
        return _sentence_note(sentence, ctx, scoped=scoped)
    out: list[Candidate] = []
    for raw, from_rules in zip(clauses, found, strict=True):
        out += from_rules or _any_order(raw, ctx, scoped=scoped, note=True)
    return out


_ONE_PET = re.compile(r"\bhas\s+an?\s+[\w\s'-]+\.$", re.IGNORECASE)


def _select(found: list[Candidate]) -> list[Candidate]:
    """One candidate per key (the surest), in the user's order.

    Every candidate here is stated (read off the user's own words), so none is dropped to fit
    the inferred-fact cap; ``MAX_STATED_CANDIDATES`` only bounds a huge pasted list. A
    candidate holding a secret taken out of the words ("My PIN is [redacted]") holds nothing:
    a secret is kept only when the user asks (``/remember``), never as its marker.
    """
    best: dict[str, int] = {}
    named = {c.key[:-5] for c in found if c.key.startswith("pet.") and c.key.endswith(".name")}
    for i, cand in enumerate(found):
        if REDACTED in cand.value_text.lower():
            continue
        if cand.key in named and cand.value is None and _ONE_PET.search(cand.value_text):
            continue  # "We adopted a kitten! Her name is Pip.": the named pet says it all
        j = best.get(cand.key)
        if j is None or cand.confidence_hint > found[j].confidence_hint:
            best[cand.key] = i
    surest = sorted(best.values(), key=lambda i: (-found[i].confidence_hint, i))
    keep = surest[:MAX_STATED_CANDIDATES]
    return [found[i] for i in sorted(keep)]


#: Greetings drawn out in chat ("holaaa", "heyyy", "coucouuu"), by their letters said once,
#: and the greeting the rules know.
_GREETINGS_ONCE = {
    "hi": "hi",
    "hey": "hey",
    "heya": "hey",
    "hiya": "hiya",
    "helo": "hello",
    "halo": "hallo",
    "hola": "hola",
    "salut": "salut",
    "coucou": "coucou",
    "moin": "moin",
    "привет": "привет",
    "приветик": "привет",
    "приветики": "привет",
}
_FIRST_WORD = re.compile(r"^\s*(?P<w>[^\W\d_]+)")


def _greeting_plainly(body: str) -> str:
    """``body`` with a drawn-out greeting first said the plain way ("holaaa" → "hola")."""
    m = _FIRST_WORD.match(body)
    if m is None:
        return body
    word = m.group("w")
    once = re.sub(r"(.)\1+", r"\1", word.lower())
    plain = _GREETINGS_ONCE.get(once)
    if plain is None or plain == word.lower():
        return body
    if word[:1].isupper():
        plain = plain[:1].upper() + plain[1:]
    return body[: m.start("w")] + plain + body[m.end("w") :]


def extract_rules(turn: TurnInput) -> list[Candidate]:
    """Candidate facts about the user in ``turn.user_text`` (never the assistant's text)."""
    text = clean_input(turn.user_text)
    if not text:
        return []
    explicit, body = detect_explicit(text, turn.explicit)
    if not body:
        return []
    body = french_plainly(body)  # "jsuis serveuse à Rennes", "g un chat": French chat spelling
    body = _greeting_plainly(body)  # "holaaa soy Inés", "hiii im Rufus", "приветик, я Гоша"
    # How the user likes something done: a procedure, and nothing else of the turn.
    procedure = procedures.detect(turn.user_text, explicit=turn.explicit)
    if procedure is not None:
        return [procedure]
    ctx = Context(
        name=_display_name(turn.user_name),
        time=turn.time.astimezone(UTC),
        explicit=explicit,
        lowercase=_is_lowercase(body),
        all_lower=_is_lowercase(body) and body.lstrip()[:1].islower(),
    )
    # One guess serves every reading of the message's language below.
    guessed = guess_language(body)
    language = decided(guessed)
    # "I love crème brûlée", "I scuba dive." may look French or Italian to the detector:
    # what the English rules read stands (an explicit request's catch-all note aside).
    if language == "en":
        found = _english(body, ctx, explicit=explicit, note=True)
        moved = endings.now_in(body, "en", found, ctx)
        return _select(found + _finish(moved, body, ctx, temporary=False, hedged=False))
    read = _english(body, replace(ctx, explicit=False), explicit=False)
    language, read = _settled(body, guessed, language, read, ctx)
    if language is None and not read and not explicit and _ENGLISH_SUBJECT.search(body):
        # Short, so the detector was unsure, and no other language's rules read it: what
        # the user said of themselves in English is kept as a note.
        read = _english(body, ctx, explicit=False, note=True)
    if language is None or read:
        return _select(read if not explicit else _english(body, ctx, explicit=explicit))
    # The rules read English: a statement in another language is kept as a note.
    found = []
    for greeting, sentence in _after_greetings(split_sentences(body), language):
        sentence = notes.without_tag_question(sentence)  # "…, ¿sabe usted?": still told
        # "Petite correction : …": the statement it makes, changing what was told before.
        # "Nein, ich bin 30", "En realidad tengo 30": a correction too ("Nein" is no name).
        corrects, sentence = corrections.lead_abroad(sentence)
        slots = (
            []
            if notes.is_question(sentence)
            or notes.is_noise_abroad(sentence)
            or asks_not_to_keep(sentence)
            else [
                c
                for part in asides.plain_statements_in(f"{greeting}{sentence}", language)
                for c in _read_abroad(part, language, ctx)
            ]
        )
        # "…, no 29": the rejected value is no part of what the sentence says (a note of it
        # would keep the old value beside the new one, shown while the change waits).
        bare = corrections.without_negated_tail_abroad(sentence)
        # "Perdona, crecí cerca de Lugo, no de Oviedo": an apology before it makes a note a
        # correction too (its note is the old one's, by the same words: never "no de Oviedo").
        apologised = notes.APOLOGY_LEAD.match(sentence) is not None
        corrects = corrects or (bare != sentence and (bool(slots) or apologised))
        # A correction's note says what it makes true, never the rejected value beside it.
        note = notes.note(bare if corrects else sentence, language, ctx, explicit=explicit)
        if slots and not notes.says_more(bare, slots):
            note = []  # "Me llamo Ana.": the slot holds all of it
        if corrects:
            rejected = corrections.rejected_in(sentence)
            slots = [replace(c, corrects=True, rejected=rejected) for c in slots]
        # ... and says it back as what it makes true ("Crecí … cerca de Lugo"), not the excuse.
        noted = notes.APOLOGY_LEAD.sub("", bare) if corrects and apologised else sentence
        found += _finish(slots, sentence, ctx, temporary=False, hedged=False)
        found += _finish(note, noted, ctx, temporary=False, hedged=False)
    moved = endings.now_in(body, language, found, ctx)
    return _select(found + _finish(moved, body, ctx, temporary=False, hedged=False))


def _after_greetings(sentences: list[str], language: str) -> list[tuple[str, str]]:
    """The sentences of a message, each with the greeting said alone just before it ("Moin!"
    "Ich bin Ole aus Kiel." → ("Moin! ", "Ich bin Ole aus Kiel."): German needs the greeting
    to read a name; the note keeps the sentence alone). A greeting alone is no sentence."""
    out: list[tuple[str, str]] = []
    greeting = ""
    for sentence in sentences:
        if patterns_intl.only_greets(sentence, language):
            greeting = f"{greeting}{sentence.strip()} "
            continue
        out.append((greeting, sentence))
        greeting = ""
    if greeting:
        out.append(("", greeting.strip()))
    return out


def _read_abroad(part: str, language: str, ctx: Context) -> list[Candidate]:
    """The slot readings of a statement in ``language``, what it says ended ("ya no vivo en
    Sevilla") read as ended, never as true."""
    ended, rest = endings.split(part, language)
    out = [c for said in ended for c in endings.ended(patterns_intl.read(said, language, ctx), ctx)]
    return out + (patterns_intl.read(rest, language, ctx) if rest.strip() else [])


#: The English words a statement about the user has (one of them at least; "me" is French
#: too).
_ENGLISH_SUBJECT = re.compile(r"\b(?:i|i'm|im|i've|i'd|i'll|my|mine|we|we're|our|us)\b", re.I)


def _settled(
    body: str, guessed: Detected | None, language: str | None, read: list[Candidate], ctx: Context
) -> tuple[str | None, list[Candidate]]:
    """The language a turn not surely English is read in, and what the English rules keep of
    it (nothing when another language's rules read it)."""
    card = _card_language(body, guessed, read, ctx)
    if card is not None:
        return card, []  # "Jana · 36 · Tierärztin · Graz": its words say which
    if read and language is not None and _foreign_without_english(body, guessed):
        read = []  # "Bon, je vais me coucher." is no English "about" statement
    if language is None and not read:
        language = _unsure_language(body, guessed, ctx)  # "Soy profesor.": too short to be sure of
    return language, read


#: What the English rules keep of words they do not read ("The user is hunde: …"): no slot.
_UNREAD_KEYS = ("trait.", "about.", "has.", "note.")


def _card_language(
    body: str, guessed: Detected | None, read: list[Candidate], ctx: Context
) -> str | None:
    """The language (de/es/fr/ru) of a profile card in ``body`` with no English word for the
    user, or ``None``. A card is short, so the detector's guess is often unsure or wrong
    ("Hugo · 41 ans · boulanger · Dijon" looks Dutch to it): the language guessed is taken
    when its card reader reads the card; else the language whose card reader fills more
    slots than the English rules did ("Iker | 33 | cocinero en …" is no English card of a
    name and numbers)."""
    if _ENGLISH_SUBJECT.search(body):
        return None
    sentences = split_sentences(body)
    if (
        guessed is not None
        and guessed.code in _INTL
        and any(cards_intl.is_card(s, guessed.code) for s in sentences)
    ):
        return guessed.code
    best, most = None, len({c.key for c in read if not c.key.startswith(_UNREAD_KEYS)})
    for code in _INTL:
        if any(cards_intl.is_card(s, code) for s in sentences):
            keys = {c.key for s in sentences for c in patterns_intl.read(s, code, ctx)}
            if len(keys) > most:
                best, most = code, len(keys)
    return best


def _foreign_without_english(body: str, guessed: Detected | None) -> bool:
    """True when ``body`` is surely (``guessed``) in another language the bot speaks and has no
    English word for the user: what the English rules read off it is a misreading ("Bon, je
    vais me coucher." read as a statement "Bon, je vais Callum coucher.")."""
    language = decided(guessed, min_confidence=0.9)
    if language == "de":
        body = _GERMAN_IM.sub(" ", body)  # "Im Mai …", "… im Garten": German, not "I'm"
    return language in SPOKEN and language != "en" and not _ENGLISH_SUBJECT.search(body)


#: German "im" (in dem), which the English rules would read as a typed "I'm".
_GERMAN_IM = re.compile(r"\bim\b", re.IGNORECASE)


#: How a short statement of what the user is, has, does or where they live starts.
_SAYS_WHAT_I_AM = re.compile(
    r"^(?:soy|estoy|tengo|vivo|trabajo|manejo|conduzco|hablo|juego|estudio|"
    r"no\s+(?:como|bebo|tomo)|je\s+suis|j['’]ai|j['’]habite|je\s+travaille|"
    r"je\s+(?:conduis|roule|joue|parle|fais|mange)|j['’]étudie|"
    r"ich\s+bin|ich\s+habe|ich\s+wohne|ich\s+arbeite|ich\s+(?:fahre|spiele|spreche|esse|lerne)|"
    r"я)\s",
    re.IGNORECASE,
)


def _unsure_language(body: str, guessed: Detected | None, ctx: Context) -> str | None:
    """The language a short message no English rule reads is likely in, when the detector's
    best guess is one the bot speaks and the message speaks of the user in it ("Soy
    profesor.", "Soy vegetariano."), or when one language's slot rules read it ("Mi grupo
    favorito es Queen", which the detector takes for Italian); else ``None``."""
    spoken = guessed is not None and guessed.code in SPOKEN and guessed.code != "en"
    if spoken and _SAYS_WHAT_I_AM.match(body) is not None:
        assert guessed is not None
        if notes.about_user(body, guessed.code):
            return guessed.code
    # "Je pense", "Me encanta": a fragment, not what the user is or has — unless a
    # language's own rules read a slot in it.
    order = ([guessed.code] if spoken and guessed is not None else []) + list(_INTL)
    for code in dict.fromkeys(order):
        # "Margot, ma fille, a sept ans": read as "ma fille Margot a sept ans".
        read = patterns_intl.read(asides.name_first(body.strip(), code) or body, code, ctx)
        # "Paula wohnt in Hamburg": one of the user's people, by name, said in that language.
        # "Divorciada desde enero.", "Diabétique depuis 2010.": a status or a condition
        # said alone is the user's.
        if read and (
            notes.about_user(body, code)
            or all(_of_someone(c) for c in read)
            or all(c.key.startswith(("relationship.", "health.")) for c in read)
        ):
            return code
    return None


_INTL = ("de", "es", "fr", "ru")


def _of_someone(cand: Candidate) -> bool:
    """A fact about one of the user's people by name (``person.<name>.…``)."""
    return cand.key.startswith("person.")


def _english(body: str, ctx: Context, *, explicit: bool, note: bool = False) -> list[Candidate]:
    """What the English rules read in a turn, sentence by sentence (``note``: a statement
    about the user no rule reads is kept as a note in their own words)."""
    found: list[Candidate] = []
    seen: list[str] = []  # people mentioned so far in the turn, for "he"/"she"
    body = introductions.tidy_chat(body, lowercase=ctx.lowercase)  # emoji, "w/", "@", "27yo"
    sentences = introductions.with_fragments(split_sentences(body), _is_title)
    # "Me: Alex, 30, UX designer, Berlin.", "barista in leeds": a card, said as sentences.
    sentences = introductions.with_cards(
        sentences,
        _is_title,
        lowercase=ctx.lowercase,
        reads=lambda said: _reads(said, ctx),
        slots=lambda said: bool(_keys(said, ctx) - _NOT_AFTER_A_COMMA),
    )
    sentences = _pet_named_next(sentences)
    for sentence in sentences:
        found += _english_sentence(sentence, ctx, seen, explicit=explicit, note=note)
    if not explicit and any(is_sarcastic(s) for s in sentences):
        # "Oh great, another Monday. I just love Mondays.": the love means the opposite.
        found = [c for c in found if not c.key.startswith(_LIKES)]
    return found


def _english_sentence(
    sentence: str, ctx: Context, seen: list[str], *, explicit: bool, note: bool = False
) -> list[Candidate]:
    """What the English rules read in one sentence of a turn (``seen``: the people mentioned
    so far, for "he"/"she"; ``note``: kept as a note in the user's words when no rule reads
    it)."""
    if not explicit and (
        is_exaggerated(sentence) or says_the_opposite(sentence) or is_reported(sentence)
    ):
        return []  # "… a hundred years old, I swear", "Yeah right, I'm a …", "she said "…""
    if not explicit:
        # "Scratch that last one — …": only what follows is said.
        sentence = without_meta_talk(sentence)
        if not sentence:
            return []
    if not explicit and is_question(sentence):
        statement = _statement_of(sentence)
        if statement is None:
            return []
        sentence = statement
    # "I live in Leeds, wait no, it's York": as the speaker meant it.
    # "We bought a flat in Derby — sorry, I'm half asleep": an apology, no value.
    sentence = corrections.before_apology(sentence) or corrections.self_corrected(sentence)
    moved = corrections.moved_date(sentence, ctx.time)
    if moved is not None:
        return [moved]  # "I moved in 2024, not 2023": the home's date, corrected
    said = corrections.without_lead_abroad(corrections.corrected(sentence))
    said = _object_named_again(said)  # "I love cats but I'm allergic to them"
    # "My uncle, who's a baker, is named Clive": each statement the sentence makes, alone.
    parts = asides.plain_statements(said)
    read = [c for part in parts for c in _sentence(part, ctx, seen)]
    restored = [subject.restored(part) for part in parts]
    if not read and not explicit and restored != parts:
        # "Support Hull City.", "we're big Packers fans", "the wife's called Morag": said
        # again with its subject (after the plain reading: "'s called" is "is called").
        read = [
            c
            for part in restored
            for plain in asides.plain_statements(part)
            for c in _sentence(plain, ctx, seen)
        ]
    if not read and note and not explicit:
        read = _english_note(said, ctx)
    if said != sentence:
        rejected = corrections.rejected_in(sentence)
        read = [replace(c, corrects=True, rejected=rejected) for c in read]
    return read


#: "I enjoy eating apples, but I am allergic to them", "I love cats but sadly I'm allergic
#: to them": what the user likes, then "them/it" for it in what they cannot have.
_LIKED_THEN_PRONOUN = re.compile(
    r"^(?P<a>(?:i|we)\s+(?:really\s+|absolutely\s+|do\s+)?(?:love|like|enjoy|adore)\s+"
    r"(?:eating\s+|drinking\s+|having\s+|being\s+around\s+|playing\s+with\s+)?"
    r"(?P<o>(?!(?:it|them|that|this|my|our|to|when|how|being)\b)[\w'-]+(?:\s+[\w'-]+){0,2}?)"
    r"\s*(?:,\s*|\s+)(?:but|though|although|yet)\s+(?:sadly\s+|unfortunately\s+)?"
    r"(?:i|we)(?:'m|\s+am|'re|\s+are)\s+(?:(?:very|severely|really|so|also|badly)\s+)?"
    r"(?P<b>allergic|intolerant)\s+to\s+)(?:them|it)\b",
    re.IGNORECASE,
)


#: "heads up, I cannot eat anything containing mustard, allergic", "can't eat shellfish as I'm
#: allergic to it": what the user cannot have, then why — an allergy to it.
_CANT_HAVE_ALLERGIC = re.compile(
    r"^(?:i\s+)?(?:can'?t|cannot|can\s+not)\s+(?:have|eat|take|touch|drink)\s+"
    r"(?:anything\s+(?:with|containing)\s+|any\s+)?(?P<o>(?!(?:it|them|that|this)\b)[\w'-]+"
    r"(?:\s+[\w'-]+){0,2}?)\s*(?:,\s*|\s+|\s*[-–—]\s*)(?:(?:as|because|cause|cos|bc|since)\s+)?"
    r"(?:i'?m\s+|i\s+am\s+)?(?:(?:very|severely|deathly|really|badly|super)\s+)?allergic"
    r"(?:\s+to\s+(?:it|them))?\s*[.!]*$",
    re.IGNORECASE,
)


def _object_named_again(sentence: str) -> str:
    """The sentence with "them/it" after "allergic to" said as what the user likes in the
    clause before (unchanged when no such pronoun follows a liking); what the user cannot
    have "because allergic" said as the allergy it is."""
    cannot = _CANT_HAVE_ALLERGIC.match(strip_fillers(sentence)[0])
    if cannot is not None:
        return f"I'm allergic to {cannot['o']}."
    m = _LIKED_THEN_PRONOUN.match(sentence.strip())
    if m is None:
        return sentence
    said = re.sub(r"\b(?:sadly|unfortunately)\s+", "", m["a"], flags=re.IGNORECASE)
    return said + m["o"] + sentence.strip()[m.end() :]


def _english_note(sentence: str, ctx: Context) -> list[Candidate]:
    """An English statement about the user no rule reads, as a note in their own words
    (``note.en.…``), under the other languages' notes' policies (``notes.keepable``); none
    for chat, a what-if, a moment of the day, words to the bot or a secret."""
    lead = strip_fillers(sentence)[0]
    if _CONDITIONAL_LEAD.match(lead) or is_question(sentence):
        return []
    said = sentence.strip().rstrip(" ,;")
    found = notes.note(said, "en", ctx)
    return _finish(found, sentence, ctx, temporary=is_ephemeral(said), hedged=False)


#: "Just got a puppy!": a pet just come into the user's life …
_NEW_PET = re.compile(
    r"\b(?:got|have|adopted|rescued|bought|brought\s+home|picked\s+up|getting|took(?:\s+in)?|"
    r"taken(?:\s+in)?)\s+(?:a|an|another|a\s+second|one\s+more|our|my)\s+"
    rf"(?:new\s+|little\s+|baby\s+|tiny\s+)?{patterns_people.SPECIES}\b",
    re.IGNORECASE,
)
#: … then "His name is Biscuit." / "She's called Pip." in the next sentence.
_ITS_NAME = re.compile(
    r"^(?:(?:his|her|its|their)\s+name(?:'s|\s+is)|(?:he|she|it)(?:'s|\s+is)\s+(?:called|named)|"
    r"(?:he|she|it)\s+answers\s+to(?:\s+the\s+name(?:\s+of)?)?)"
    r"\s+(?P<n>\S.*)$",
    re.IGNORECASE,
)


_NAME_CLAUSE = re.compile(
    r"\s*[,;]\s*(?:and\s+)?(?=(?:(?:his|her|its)\s+name(?:'s|\s+is)|(?:he|she|it)(?:'s|\s+is)\s+"
    r"(?:called|named)|(?:he|she|it)\s+answers\s+to)\s)",
    re.IGNORECASE,
)


def _name_apart(sentence: str) -> list[str]:
    """ "We took in a puppy from the rescue, his name is Max" as two sentences (a pet just come
    into the user's life, then its name); any other sentence whole ("We renamed the cat,
    she's called Luna now" is read as it is)."""
    parts = _NAME_CLAUSE.split(sentence)
    return parts if len(parts) > 1 and _NEW_PET.search(parts[0]) else [sentence]


_ONE_MORE = re.compile(r"\b(?:another|second|one\s+more)\b", re.IGNORECASE)


def _pet_named_next(sentences: list[str]) -> list[str]:
    """ "Just got a puppy! His name is Biscuit." → "… My puppy's name is Biscuit.": a pronoun
    right after a pet was mentioned names that pet."""
    out: list[str] = []
    pet: str | None = None
    # "We took in a puppy from the rescue, his name is Max": the name in a clause of its own.
    sentences = [part for s in sentences for part in _name_apart(s)]
    for sentence in sentences:
        named = _ITS_NAME.match(sentence.strip())
        if pet is not None and named is not None:
            # "is called": an age said after the name is read too ("…, she's 2").
            sentence = f"My {pet} is called {named.group('n')}"
        new = _NEW_PET.search(sentence)
        pet = new.group("sp") if new is not None else None
        if new is not None and _ONE_MORE.search(new.group(0)):
            pet = f"new {pet}"  # "We got another cat. Her name is Luna.": one more, not a rename
        out.append(sentence)
    return out


def _is_title(phrase: str) -> bool:
    """Whether ``phrase`` is a job title ("welder", "retired firefighter")."""
    return patterns_home_work.job_title(phrase, by_shape=True) is not None


#: Keys of what the user likes (a sarcastic turn's "love" is no liking).
_LIKES = ("likes.", "hobby.", "favorite.", "favourite.")


class RulesExtractor:
    """The offline :class:`~memory_core.extract.base.Extractor`: regex rules, no network."""

    async def extract(self, turn: TurnInput) -> list[Candidate]:
        """Propose candidate facts from ``turn`` (inline: a turn takes well under a millisecond)."""
        return extract_rules(turn)
