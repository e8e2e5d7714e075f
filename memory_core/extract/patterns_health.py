"""Rules for health: allergies and conditions. Always category health and sensitive."""

from __future__ import annotations

import re

from memory_core.extract.base import Candidate
from memory_core.extract.lexicon import ACUTE_CONDITIONS, CONDITION_ADJECTIVES, CONDITIONS
from memory_core.extract.rule import Context, Rule, fact, usable_object
from memory_core.extract.text import clean_phrase, slug
from memory_core.values import Category

_I_AM = r"(?:i'm|i\s+am|im)"
_DEGREE = r"(?:(?:very|severely|deathly|highly|mildly|slightly|also|extremely|super|really)\s+)*"
_ALLERGY = re.compile(
    rf"^{_I_AM}\s+{_DEGREE}allergic\s+to\s+(?P<a>.+)$"
    r"|^i(?:'ve|\s+have)?\s+(?:also\s+)?(?:have|got)\s+(?:a|an)\s+(?:severe\s+|mild\s+|serious\s+|"
    r"bad\s+)?(?P<b>[^\W\d_][\w -]{1,40}?)\s+allergy\b"
    r"|^i(?:'ve|\s+have)?\s+(?:also\s+)?(?:have|got)\s+(?:an\s+|severe\s+|bad\s+)?allerg(?:y|ies)\s+to\s+(?P<c>.+)$"
    r"|^my\s+(?P<d>[^\W\d_][\w -]{1,40}?)\s+allergy\b",
    re.IGNORECASE,
)


_REMARK = re.compile(
    r"\s+(?:which|that's|so|because|bc|cos|though|lol|haha|unfortunately|sadly)\b", re.IGNORECASE
)


def allergy(clause: str, ctx: Context) -> list[Candidate]:
    """Reads "I'm allergic to peanuts and shellfish" → ``allergy.peanuts``, ``…shellfish``."""
    m = _ALLERGY.match(clause)
    if m is None:
        return []
    raw = m.group("a") or m.group("b") or m.group("c") or m.group("d")
    # "allergic to dogs which is sad bc i love them": the allergen ends where a remark starts.
    raw = _REMARK.split(raw, maxsplit=1)[0]
    phrase = usable_object(clean_phrase(raw, max_words=8))
    if phrase is None:
        return []
    out: list[Candidate] = []
    for item in re.split(r"\s*(?:,|\band\b|&|\bor\b|/)\s*", phrase)[:5]:
        thing = usable_object(clean_phrase(item, max_words=4))
        if thing is None:
            continue
        text = f"{ctx.subject} is allergic to {ctx.third(thing)}."
        out += fact(f"allergy.{slug(thing)}", text, Category.HEALTH, 0.85, thing, sensitive=True)
    return out


_CONDITION = re.compile(
    r"^i(?:'ve|\s+have|'m|\s+am)?\s+(?:also\s+|just\s+|recently\s+|been\s+|currently\s+|"
    r"always\s+|still\s+)*(?P<verb>have|has|got|live\s+with|living\s+with|suffer\s+from|"
    r"suffering\s+from|struggle\s+with|struggling\s+with|deal\s+with|dealing\s+with|"
    r"(?:was|got|been)\s+diagnosed\s+with|diagnosed\s+with)\s+(?P<c>.+)$",
    re.IGNORECASE,
)
_ADJECTIVE_WORDS = "|".join(
    re.escape(w).replace(r"\ ", r"\s+") for w in sorted(CONDITION_ADJECTIVES, key=len, reverse=True)
)
_CONDITION_ADJ = re.compile(
    rf"^{_I_AM}\s+(?:also\s+|a\s+bit\s+|partially\s+|type\s+[12]\s+)?(?P<adj>{_ADJECTIVE_WORDS}|pregnant)"
    r"(?:\s*$|\s*[,.!]|\s+(?:in|since|from|and|too|as\s+well)\b)",
    re.IGNORECASE,
)
_QUALIFIERS = re.compile(r"^(?:mild|severe|chronic|bad|really\s+bad|terrible|some|type\s+[12])\s+")


def _lookup(condition: str) -> tuple[str, bool] | None:
    """(condition, acute) when ``condition`` is a known illness."""
    low = condition.lower()
    for form in (low, _QUALIFIERS.sub("", low), re.sub(r"^(?:a|an)\s+", "", low)):
        if form in CONDITIONS:
            return condition, False
        if form in ACUTE_CONDITIONS:
            return condition, True
    return None


_VERB_TEXT = {
    "have": "has",
    "has": "has",
    "got": "has",
    "live with": "lives with",
    "living with": "lives with",
    "suffer from": "suffers from",
    "suffering from": "suffers from",
    "struggle with": "struggles with",
    "struggling with": "struggles with",
    "deal with": "deals with",
    "dealing with": "deals with",
}


_COUNT = r"(?:\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|a\s+few)"
#: "I'm 8 weeks along", "we're expecting our first", "I'm pregnant with twins": a pregnancy
#: said by how far along or what is expected (the word "pregnant" alone is read above).
_PREGNANCY = re.compile(
    rf"^{_I_AM}\s+(?:now\s+|about\s+|almost\s+|nearly\s+|already\s+|only\s+)?"
    rf"(?P<n>{_COUNT})\s*(?P<unit>weeks?|wks?|months?)\s+(?:pregnant\b|along\b(?!\s+(?:in|on|into|with)\b))"
    rf"|^(?:{_I_AM}|we're|we\s+are)\s+(?:now\s+|finally\s+)?(?:pregnant\s+with|expecting)\s+"
    r"(?P<what>(?:our|my)\s+(?:first|second|third|fourth|1st|2nd|3rd|4th)\b|(?:a\s+)?(?:baby|twins)\b)",
    re.IGNORECASE,
)


def pregnancy(clause: str, ctx: Context) -> list[Candidate]:
    """Reads "I'm 8 weeks along", "we're expecting our first" → ``health.pregnancy``
    (sensitive, like any health fact)."""
    m = _PREGNANCY.match(clause.strip())
    if m is None:
        return []
    if m.group("n"):
        unit = m.group("unit").lower()
        unit = "months" if unit.startswith("month") else "weeks"
        if m.group("n").lower() in {"one", "1"}:
            unit = unit.rstrip("s")
        text = f"{ctx.subject} is pregnant ({m.group('n').lower()} {unit} along)."
    else:
        what = re.sub(r"\b(?:our|my)\b", "their", m.group("what").lower())
        text = f"{ctx.subject} is pregnant (expecting {what})."
    return fact(
        "health.pregnancy",
        text,
        Category.HEALTH,
        0.8,
        "pregnancy",
        sensitive=True,
        valid_from=ctx.time,
    )


def condition(clause: str, ctx: Context) -> list[Candidate]:
    """Reads "I have asthma", "I was diagnosed with diabetes" → ``health.<condition>``."""
    adj = _CONDITION_ADJ.match(clause)
    if adj is not None:
        word = re.sub(r"\s+", " ", adj.group("adj").lower())
        noun = "pregnancy" if word == "pregnant" else CONDITION_ADJECTIVES[word]
        text = f"{ctx.subject} is {word}."
        return fact(f"health.{slug(noun)}", text, Category.HEALTH, 0.8, noun, sensitive=True)
    m = _CONDITION.match(clause)
    if m is None:
        return []
    verb = re.sub(r"\s+", " ", m.group("verb").lower())
    diagnosed = "diagnosed" in verb
    phrase = usable_object(clean_phrase(m.group("c"), max_words=6))
    if phrase is None or phrase.lower().startswith(("my ", "our ")):
        return []
    known = _lookup(phrase)
    if known is None and not diagnosed and verb not in {"suffer from", "suffering from"}:
        return []  # "I have a meeting", "I live with someone else" name no illness
    acute = known[1] if known else False
    if diagnosed:
        text = f"{ctx.subject} was diagnosed with {ctx.third(phrase)}."
    else:
        text = f"{ctx.subject} {_VERB_TEXT.get(verb, 'has')} {ctx.third(phrase)}."
    key = "health." + slug(re.sub(r"^(?:a|an)\s+", "", phrase.lower()))
    hint = 0.3 if acute else (0.85 if diagnosed else 0.75)
    return fact(key, text, Category.HEALTH, hint, phrase, temporary=acute, sensitive=True)


#: A part of the body an injury is said of ("my ACL", "my left wrist").
_BODY = (
    r"acl|mcl|pcl|meniscus|cartilage|knee|kneecap|ankle|wrist|arm|leg|hip|shoulder|back|neck|"
    r"elbow|foot|hand|finger|toe|collarbone|rib|ribs|nose|hamstring|achilles|achilles\s+tendon|"
    r"calf|thumb|rotator\s+cuff|jaw|spine|pelvis|thigh|shin|skull|cheekbone|ligaments?|"
    r"tendons?|groin|disc|vertebra|heel|eye\s+socket"
)
_INJURY = re.compile(
    r"^i(?:\s+have|'ve)?\s+(?:just\s+|recently\s+|once\s+|also\s+)?"
    r"(?P<v>tore|torn|ruptured|broke|broken|fractured|sprained|dislocated|snapped|damaged|"
    rf"injured)\s+(?:my|both)\s+(?P<p>(?:left\s+|right\s+)?(?:{_BODY}))(?P<rest>\s.*)?$",
    re.IGNORECASE,
)
_INJURED = {
    "tore": "torn",
    "broke": "broken",
    "ruptured": "ruptured",
    "fractured": "fractured",
    "sprained": "sprained",
    "dislocated": "dislocated",
    "snapped": "snapped",
    "damaged": "damaged",
    "injured": "injured",
}


_FROM_TODAY = re.compile(
    r"\s+(?:last\s+\w+|this\s+\w+|yesterday|recently|the\s+other\s+day|(?:a\s+few|a\s+couple"
    r"(?:\s+of)?|some|\d+|two|three|four|five|six)\s+\w+\s+ago)\W*$",
    re.IGNORECASE,
)


def injury(clause: str, ctx: Context) -> list[Candidate]:
    """Reads "I tore my ACL at netball", "I broke my wrist last year" → ``health.torn_acl`` (an
    injury, private like any health fact; never a habit)."""
    m = _INJURY.match(clause)
    if m is None:
        return []
    said = m["v"].lower()
    done = _INJURED.get(said, said)
    part = re.sub(r"\s+", " ", m["p"])
    part = part.upper() if part.lower() in ("acl", "mcl", "pcl") else part.lower()
    # A time said from today goes stale ("… last year", "… a few weeks ago"): the fact's date
    # keeps it; when in life ("when I was ten", "in 5th grade") stays in the words.
    rest = _FROM_TODAY.sub("", m["rest"] or "")
    rest = rest.rstrip(" .!,")
    verb = said if said in _INJURED else {"torn": "tore", "broken": "broke"}.get(said, said)
    text = f"{ctx.subject} {verb} {ctx.third('my ' + part + rest)}."
    value = f"{done} {part}"
    return fact(f"health.{slug(value)}", text, Category.HEALTH, 0.8, value, sensitive=True)


RULES: tuple[Rule, ...] = (allergy, pregnancy, condition, injury)
