"""Procedural memory (seed 003 §12): how the user likes things done, as numbered steps.

A procedure is a fact of its own kind (``procedure``) and category (``procedural``) under the key
``procedure.<topic>`` ("remember how I like my reports: …" → ``procedure.reports``); its text is
"The user likes their reports done this way: 1. … 2. …", the steps in the imperative mood.

It is created only on an explicit trigger — "remember how I like my X: …", or ``/remember`` with
steps — or a high-confidence detection: "how I like my X done: 1. … 2. …" (the phrase, a colon
and at least two numbered steps). Everything else a turn says stays with the usual extractor;
a procedure turn is a procedure only, so its steps never pollute the semantic facts.

It never enters the default context (the profile slice and the search exclude the category
unless asked for it): the turn that asks how the user likes something done ("how do I like my
reports done?") reads it (:func:`asked_topic`, ``Recall.procedures``), and the model's
``memory_query(categories=["procedural"])`` fetches it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from memory_core.extract.base import EXPLICIT_HINT, MAX_PROCEDURE_VALUE_TEXT, Candidate
from memory_core.extract.sensitivity import classified
from memory_core.extract.text import slug
from memory_core.values import Category, Fact

KIND = "procedure"
KEY_PREFIX = "procedure."
#: At most this many steps, each at most this long (a pasted document is not a procedure).
MAX_STEPS = 12
MAX_STEP_CHARS = 200
#: The confidence of a procedure found without an explicit request (the phrase, a colon and
#: numbered steps leave little doubt).
DETECTED_HINT = 0.85

_DONE = (
    r"done|written|made|handled|formatted|prepared|set\s+up|organi[sz]ed|structured|cooked|"
    r"packed|planned|run|reviewed|edited|sent|laid\s+out|presented"
)
#: Any other participle after the topic ("the server deployed", "my shirts ironed", "the lawn
#: mown"): how it is done is the steps; the topic is the thing.
_PARTICIPLE = (
    r"(?!(?:speed|breed|greed|creed|tweed|steed|embed|hundred|kindred)\b)[a-z]{3,}ed|"
    r"written|eaten|taken|given|driven|chosen|frozen|beaten|broken|hidden|proven|shaken|spoken|"
    r"woken|bitten|forgotten|ridden|shown|sewn|mown|sown|drawn|grown|thrown|blown|cut|put|set|"
    r"kept|built|sent|spent|lit|hung|fed"
)
_TOPIC = (
    rf"(?:my\s+|the\s+|our\s+)?(?P<topic>[^:\n—–]{{2,60}}?)"
    rf"(?:\s+(?:to\s+be\s+)?(?:{_DONE}|{_PARTICIPLE}))?"
)
#: "remember how I like my reports: …", "how I want my code reviewed — …".
_HOW_I_LIKE = re.compile(
    rf"^\s*(?P<remember>(?:please\s+)?(?:remember|note|keep\s+in\s+mind|save)\s*,?\s+)?"
    rf"(?:this\s+is\s+|here'?s\s+)?how\s+i\s+(?:like|want|prefer|need)\s+{_TOPIC}\s*"
    r"(?:[:—–]|-\s|\bis\b:?)\s*(?P<steps>.+)$",
    re.IGNORECASE | re.DOTALL,
)
#: "/remember my report routine: 1. … 2. …" (an explicit request only).
_ROUTINE = re.compile(
    r"^\s*(?:please\s+)?(?:remember\s*,?\s+)?(?:my|our|the)\s+(?P<topic>[^:\n]{2,60}?)\s+"
    r"(?:routine|process|workflow|procedure|checklist|steps|method|recipe)\s*:\s*(?P<steps>.+)$",
    re.IGNORECASE | re.DOTALL,
)
#: The explicit trigger in the bot's other languages ("merk dir, wie ich meine Berichte mag:",
#: "recuerda cómo me gustan mis informes:", "souviens-toi comment j'aime mes rapports :",
#: "запомни, как я люблю свои отчёты:"): an explicit request, so one step is enough.
_OTHER_LANGUAGES = tuple(
    re.compile(pattern, re.IGNORECASE | re.DOTALL)
    for pattern in (
        r"^\s*(?:bitte\s+)?merk\s+dir,?\s+wie\s+ich\s+(?:meine[nrs]?\s+|mein\s+|die\s+|den\s+)?"
        r"(?P<topic>[^:\n]{2,60}?)\s+(?:mag|möchte|haben\s+will|gerne\s+habe)\s*:\s*(?P<steps>.+)$",
        r"^\s*(?:por\s+favor,?\s+)?recuerda\s+c[oó]mo\s+(?:me\s+gusta[n]?|quiero)\s+"
        r"(?:mis?\s+|el\s+|la\s+|los\s+|las\s+)?(?P<topic>[^:\n]{2,60}?)\s*:\s*(?P<steps>.+)$",
        r"^\s*(?:souviens-toi|rappelle-toi|retiens|note)\s+(?:de\s+)?comment\s+j['’]\s*aime\s+"
        r"(?:mes\s+|mon\s+|ma\s+|les\s+)?(?P<topic>[^:\n]{2,60}?)\s*:\s*(?P<steps>.+)$",
        r"^\s*запомни,?\s+как\s+я\s+люблю\s+(?:сво[июйё]\s+|мои\s+|мой\s+|мою\s+)?"
        r"(?P<topic>[^:\n]{2,60}?)\s*:\s*(?P<steps>.+)$",
    )
)
_NUMBERED = re.compile(r"(?:^|(?<=\s))(?:\d{1,2}|[a-z])[.)]\s+", re.IGNORECASE)
_SEPARATORS = re.compile(
    r"\s*(?:\n+\s*[-*•]?|;|→|->|,?\s+and\s+then\s+|,\s*then\s+|\.\s+then\s+|"
    r",?\s+(?:und\s+)?dann\s+|,?\s+(?:y\s+)?luego\s+|,?\s+(?:et\s+)?puis\s+|,?\s+(?:а\s+)?затем\s+|"
    r",?\s+(?:а\s+)?потом\s+|,\s*(?:and\s+)?finally\s+|,\s*(?:et\s+)?enfin\s+|,\s*zuletzt\s+|"
    r",\s*(?:y\s+)?por\s+último\s+|,\s*(?:и\s+)?в\s+конце\s+)\s*",
    re.IGNORECASE,
)
_LEAD = re.compile(
    r"^(?:(?:and|first(?:ly)?|then|after\s+that|afterwards|finally|lastly|also|"
    r"please|you\s+(?:should|must|need\s+to|have\s+to)|i\s+(?:want|like|need)\s+you\s+to|"
    r"always\s+make\s+sure\s+to|make\s+sure\s+(?:to|you)|zuerst|dann|danach|zuletzt|primero|"
    r"luego|después|al\s+final|d['’]abord|puis|ensuite|enfin|сначала|затем|потом|в\s+конце)"
    r"(?![\w'])[,:]?\s*)+",
    re.IGNORECASE,
)
#: "How do I like my reports done?", "how should you write my reports?", "what's my report
#: routine?".
_ASKED = (
    re.compile(
        rf"\bhow\s+(?:do|did)\s+i\s+(?:like|want|prefer|need)\s+{_TOPIC}\s*\??\s*$", re.IGNORECASE
    ),
    re.compile(
        r"\bhow\s+(?:should|do|would)\s+you\s+(?:do|write|make|prepare|handle|format|plan|run)\s+"
        r"(?:my|our|the)\s+(?P<topic>[^?\n]{2,60}?)\s*\??\s*$",
        re.IGNORECASE,
    ),
    re.compile(
        r"\bwie\s+(?:mag|möchte|will)\s+ich\s+(?:meine[nrs]?\s+|mein\s+|die\s+|den\s+)?"
        r"(?P<topic>[^?\n]{2,60}?)(?:\s+haben)?\s*\??\s*$",
        re.IGNORECASE,
    ),
    re.compile(
        r"c[oó]mo\s+(?:me\s+gusta[n]?|quiero)\s+(?:mis?\s+|el\s+|la\s+|los\s+|las\s+)?"
        r"(?P<topic>[^?\n]{2,60}?)\s*\??\s*$",
        re.IGNORECASE,
    ),
    re.compile(
        r"\bcomment\s+(?:est-ce\s+que\s+)?j['’]\s*aime\s+(?:mes\s+|mon\s+|ma\s+|les\s+)?"
        r"(?P<topic>[^?\n]{2,60}?)\s*\??\s*$",
        re.IGNORECASE,
    ),
    re.compile(
        r"как\s+я\s+люблю\s+(?:сво[июйё]\s+|мои\s+|мой\s+|мою\s+)?(?P<topic>[^?\n]{2,60}?)"
        r"\s*\??\s*$",
        re.IGNORECASE,
    ),
    re.compile(
        r"\bwhat(?:'s|\s+is|\s+are)\s+(?:my|our)\s+(?P<topic>[^?\n]{2,60}?)\s+"
        r"(?:routine|process|workflow|procedure|checklist|steps|method|recipe)\s*\??\s*$",
        re.IGNORECASE,
    ),
)


def steps_of(text: str) -> list[str]:
    """The steps in ``text``: numbered ("1. … 2. …") or one per line, ";", "then"; each in the
    imperative ("then you should add a summary" → "Add a summary.")."""
    body = text.strip()
    marks = _in_sequence(list(_NUMBERED.finditer(body)))
    if len(marks) >= 2:
        ends = [n.start() for n in marks[1:]] + [len(body)]
        parts = [body[m.end() : end] for m, end in zip(marks, ends, strict=True)]
    else:
        if marks and marks[0].start() == 0:
            body = body[marks[0].end() :]
        if body.count(",") >= 2 and not re.search(r"[\n;→]", body):
            parts = body.split(",")  # "a summary, the numbers, and finally next steps"
        else:
            parts = _SEPARATORS.split(body)
    steps = []
    for part in parts:
        step = _LEAD.sub("", " ".join(part.split()).strip(" .,;-–—")).strip(" .,;")
        if len(step) < 2:
            continue
        step = step[:MAX_STEP_CHARS].rstrip()
        steps.append(step[:1].upper() + step[1:] + ("" if step[-1] in ".!?" else "."))
    return steps[:MAX_STEPS]


def _label(mark: re.Match[str]) -> int:
    """A step mark's number ("3." → 3, "c)" → 3)."""
    label = mark.group(0).strip()[:-1].lower()
    return int(label) if label.isdigit() else ord(label) - ord("a") + 1


def _in_sequence(marks: list[re.Match[str]]) -> list[re.Match[str]]:
    """The marks that number the steps 1, 2, 3 … in order: a step ending in a number ("boil
    the water for 5. 2. steep") holds a "5." that is no mark. Of several marks with the next
    number, the last before the one after it."""
    kept: list[re.Match[str]] = []
    rest = marks
    while rest:
        want = _label(kept[-1]) + 1 if kept else _label(rest[0])
        same = [m for m in rest if _label(m) == want]
        if not same:
            break
        after = [m for m in rest if _label(m) == want + 1 and m.start() > same[0].start()]
        before_next = [m for m in same if not after or m.start() < after[0].start()]
        kept.append(before_next[-1] if after else same[0])
        rest = [m for m in rest if m.start() > kept[-1].start()]
    return kept


def _topic(raw: str) -> str:
    """The topic as said ("my weekly reports" → "weekly reports")."""
    words = " ".join(raw.split()).strip(" .,!?")
    return re.sub(r"^(?:my|the|our)\s+", "", words, flags=re.IGNORECASE)


def topic_slug(topic: str) -> str:
    """The key segment of a topic, singular ("reports" → "report", "code reviews" →
    "code_review"), so "my report" and "my reports" are one procedure."""
    words = slug(topic).split("_")
    if words and len(words[-1]) > 3 and words[-1].endswith("s") and not words[-1].endswith("ss"):
        words[-1] = words[-1][:-1]
    return "_".join(w for w in words if w)


def render(topic: str, steps: Sequence[str]) -> str:
    """The stored text: "The user likes their reports done this way: 1. … 2. …"."""
    numbered = " ".join(f"{i}. {s}" for i, s in enumerate(steps, 1))
    return f"The user likes their {topic} done this way: {numbered}"


def detect(text: str, *, explicit: bool, excerpt_limit: int = 200) -> Candidate | None:
    """The procedure ``text`` states, or ``None``: an explicit request ("remember how I like
    …", ``/remember`` with steps) with one step or more, or — not explicit — the plain phrase
    with at least two numbered steps."""
    m = _HOW_I_LIKE.match(text)
    asked = explicit or bool(m and m.group("remember"))
    if m is None and explicit:
        m = _ROUTINE.match(text)
    if m is None:
        m = next((found for p in _OTHER_LANGUAGES if (found := p.match(text))), None)
        asked = m is not None
    if m is None:
        return None
    topic = _topic(m.group("topic"))
    key_part = topic_slug(topic)
    raw_steps = m.group("steps")
    steps = steps_of(raw_steps)
    if not key_part or not steps:
        return None
    if not asked and (len(steps) < 2 or len(_NUMBERED.findall(raw_steps)) < 2):
        return None  # a passing remark ("how I like my coffee: strong") is no procedure
    value_text = render(topic, steps)
    while len(value_text) > MAX_PROCEDURE_VALUE_TEXT and len(steps) > 1:
        steps = steps[:-1]
        value_text = render(topic, steps)
    # Steps that touch a sensitive topic ("take my insulin") make a sensitive procedure: never
    # said back in a group, nor repeated in an acknowledgement.
    _, sensitive = classified(Category.PROCEDURAL, False, value_text)
    return Candidate(
        key=f"{KEY_PREFIX}{key_part}",
        value_text=value_text[:MAX_PROCEDURE_VALUE_TEXT],
        category=Category.PROCEDURAL,
        sensitive=sensitive,
        confidence_hint=EXPLICIT_HINT if asked else DETECTED_HINT,
        value=topic,
        source_excerpt=" ".join(text.split())[:excerpt_limit],
        stated=True,
    )


def key_for(value_text: str) -> str:
    """The key of a procedure written without one (a line added to MEMORY.md): its topic,
    from "The user likes their reports done this way: …" or "My reports: …"."""
    m = re.match(r"^The user likes their (?P<t>.+?) done this way:", value_text)
    head = m.group("t") if m else value_text.split(":", 1)[0]
    # "Ana's emails: …" (an imported line, put in the third person): the topic is "emails".
    head = re.sub(r"^(?:the\s+user'?s|[A-Z][\w-]*['’]s)\s+", "", head.strip(), flags=re.I)
    return KEY_PREFIX + (topic_slug(_topic(head)[:60]) or "untitled")


def asked_topic(text: str) -> str | None:
    """The topic a message asks the user's procedure for ("how do I like my reports done?" →
    "reports"), or ``None``."""
    for pattern in _ASKED:
        m = pattern.search(text.strip())
        if m is not None:
            topic = _topic(m.group("topic"))
            if topic_slug(topic):
                return topic
    return None


_STEPS_WORDS = re.compile(
    rf"\b(?:{_DONE}|routine|process|workflow|procedure|checklist|steps|method|recipe)\b|"
    r"\bhow\s+(?:should|would)\s+you\b|\bmag\b|\bme\s+gusta|\bj['’]\s*aime|\bлюблю\b",
    re.IGNORECASE,
)


def asks_for_steps(text: str) -> bool:
    """Whether a question asks for a way of doing something ("… done?", "what's my packing
    routine?") rather than a plain preference ("how do I like my coffee?")."""
    return asked_topic(text) is not None and bool(_STEPS_WORDS.search(text))


def is_procedure(fact: Fact) -> bool:
    """True for a procedure fact."""
    return fact.kind == KIND or fact.category == Category.PROCEDURAL


def topic_of(key: str, value_text: str) -> str:
    """A procedure's topic in words ("reports"), from its text or key."""
    m = re.match(r"^The user likes their (?P<t>.+?) done this way:", value_text)
    if m:
        return m.group("t")
    return key.removeprefix(KEY_PREFIX).replace("_", " ")


def steps_in(value_text: str) -> list[str]:
    """A procedure's steps, read back from its text (an imported or edited line too)."""
    body = value_text.split(":", 1)[1] if ":" in value_text else value_text
    return steps_of(body)


def matching(procedures: Iterable[Fact], topic: str) -> list[Fact]:
    """The procedures about ``topic``: the same key, else sharing a word of the topic."""
    wanted = topic_slug(topic)
    found = list(procedures)
    exact = [f for f in found if f.key == f"{KEY_PREFIX}{wanted}"]
    if exact:
        return exact
    words = set(wanted.split("_"))
    return [
        f
        for f in found
        if words & set(topic_slug(topic_of(f.key, f.value_text)).split("_")) - {"and", "of"}
    ]
