"""Rules for who the user is: name, preferred name, pronouns, nationality, languages, timezone."""

from __future__ import annotations

import re

from memory_core.extract.base import Candidate
from memory_core.extract.lexicon import (
    CONDITION_ADJECTIVES,
    COUNTRIES,
    DIETS,
    JOB_WORDS,
    LANGUAGES,
    NATIONALITIES,
    NOT_NAMES,
    TIMEZONE_ABBREVIATIONS,
    TIMEZONE_NAMES,
)
from memory_core.extract.rule import Context, Rule, fact
from memory_core.extract.text import NUMBER, clean_phrase, number_value, slug
from memory_core.values import Category

_I_AM = r"(?:i'm|i\s+am|im)"
_NOT_A_NAME = NOT_NAMES | NATIONALITIES | LANGUAGES | JOB_WORDS | COUNTRIES
_NOT_A_NAME |= frozenset(DIETS) | frozenset(CONDITION_ADJECTIVES)
_NAME_WORD = re.compile(r"^[^\W\d_][\w'.-]*$")


def person_name(
    raw: str, ctx: Context, *, strict: bool, max_words: int = 3, named: bool = False
) -> str | None:
    """A personal name from the start of ``raw`` ("Eva", "Ana Silva"), or None. ``named``:
    said as a name ("my name is Dev"), so a word that is also a job or a nationality
    ("Dev", "Mason", "Dane") may be one."""
    phrase = clean_phrase(raw, max_words=max_words + 4)
    if phrase is None:
        return None
    words = phrase.split()
    # "my sister Aoife's new flat": the possessive ends the name ("Aoife", never "Aoife S").
    possessive = next((i for i, w in enumerate(words) if re.search(r"(?<=\w)'s?$", w)), None)
    if possessive is not None:
        words = words[: possessive + 1]
        words[-1] = re.sub(r"'s?$", "", words[-1])
        phrase = " ".join(words)
    if len(words) > max_words:
        return None
    for w in words:
        capital = named and w[:1].isupper()  # "Dev", "Mason": a name; "vegan": no name
        if not _NAME_WORD.match(w) or w.lower() in (NOT_NAMES if capital else _NOT_A_NAME):
            return None
    if strict and not all(w[0].isupper() or not w[0].islower() for w in words):
        return None
    return ctx.proper(phrase, strict=strict, lenient=not strict)


_NAME_IS = re.compile(
    r"^(?:my\s+(?:full\s+|real\s+|first\s+|actual\s+)?name\s+is|my\s+name's|"
    r"(?:the\s+)?name's|the\s+name\s+is|people\s+know\s+me\s+as|"
    rf"{_I_AM}\s+called)\s+(?P<v>.+)$",
    re.IGNORECASE,
)
_I_AM_NAME = re.compile(
    rf"^(?:{_I_AM}|this\s+is)\s+(?P<v>[^\s,.!;]+(?:\s+[^\s,.!;]+)?)"
    r"(?:\s*[,.!;].*|\s+(?:from|and|here)\b.*)?$",
    re.IGNORECASE,
)


def _job_word_name(said: str) -> str | None:
    """ "I'm Dev", "I'm Mason": one capitalised word that is also a job's word, said with no
    article, is a name (a job is said "a dev")."""
    word = said.strip()
    if not re.fullmatch(r"(?-i:[A-Z][a-z]+)", word):
        return None
    low = word.lower()
    return word if low in JOB_WORDS and low not in _NOT_A_NAME - JOB_WORDS else None


def name(clause: str, ctx: Context) -> list[Candidate]:
    """Reads "My name is Ana", "I'm Ana" → ``name``."""
    m = _NAME_IS.match(clause)
    hint = 0.85
    value = person_name(m.group("v"), ctx, strict=False, named=True) if m else None
    if m is None:
        m = _I_AM_NAME.match(clause)
        value = person_name(m.group("v"), ctx, strict=True, max_words=2) if m else None
        value = value or (_job_word_name(m.group("v")) if m else None)
        hint = 0.6
    if value is None:
        return []
    return fact("name", f"{ctx.subject}'s name is {value}.", Category.IDENTITY, hint, value)


_PREFERRED = re.compile(
    r"^(?:(?:you\s+can|please|pls|just|do|feel\s+free\s+to|i'd\s+like\s+you\s+to|"
    r"i\s+want\s+you\s+to|i\s+prefer\s+you|you\s+should|you\s+may)\s+)*call\s+me\s+(?P<v>.+)$"
    r"|^(?:i\s+go\s+by|i\s+prefer\s+to\s+be\s+called|i'd\s+(?:like|prefer|rather)\s+to\s+be\s+"
    r"called|i\s+like\s+to\s+be\s+called|my\s+nickname\s+is|my\s+preferred\s+name\s+is|"
    r"(?:everyone|everybody|people|my\s+friends)\s+calls?\s+me|refer\s+to\s+me\s+as|"
    r"address\s+me\s+as)\s+(?P<w>.+)$",
    re.IGNORECASE,
)


# "My name is Robert but everyone calls me Bob": the nickname follows another statement.
_CALLED_BY_OTHERS = re.compile(
    r"\b(?:but|and|though)\s+(?:everyone|everybody|people|my\s+friends)\s+calls?\s+me\s+(?P<w>.+)$",
    re.IGNORECASE,
)


def preferred_name(clause: str, ctx: Context) -> list[Candidate]:
    """Reads "Call me Alex", "I go by Alex" → ``preferred_name``."""
    m = _PREFERRED.match(clause) or _CALLED_BY_OTHERS.search(clause)
    if m is None:
        return []
    raw = m.groupdict().get("v") or m.group("w")
    if "/" in raw:
        return []  # "I go by she/her" names pronouns
    value = person_name(raw, ctx, strict=False, max_words=3)
    if value is None:
        return []
    text = f"{ctx.subject} prefers to be called {value}."
    return fact("preferred_name", text, Category.IDENTITY, 0.85, value)


_PRONOUN_SET = (
    r"(?P<p>(?:she|he|they|xe|ze|ey|fae|it)\s*(?:/|\s+and\s+)\s*"
    r"(?:her|him|them|hers|his|theirs|xem|xir|zir|hir|em|faer|its)(?:\s*/\s*\w+)?|"
    r"any\s+pronouns|any\s+pronoun)"
)
_PRONOUNS = re.compile(
    r"^(?:my\s+pronouns\s+are|my\s+pronouns:|pronouns:?|i\s+use|i\s+go\s+by|i\s+prefer|"
    r"please\s+use|use|refer\s+to\s+me\s+(?:as|with|using))\s+" + _PRONOUN_SET,
    re.IGNORECASE,
)


def pronouns(clause: str, ctx: Context) -> list[Candidate]:
    """Reads "My pronouns are she/her" → ``pronouns``."""
    m = _PRONOUNS.match(clause)
    if m is None:
        return []
    value = re.sub(r"\s*(?:/|\s+and\s+)\s*", "/", m.group("p").lower())
    if value.startswith("any"):
        text, value = f"{ctx.subject} is fine with any pronouns.", "any"
    else:
        text = f"{ctx.subject} uses {value} pronouns."
    return fact("pronouns", text, Category.IDENTITY, 0.9, value)


_NATIONALITY = re.compile(rf"^{_I_AM}\s+(?:a\s+)?(?P<v>[a-z]+(?:\s+[a-z]+)?)\s*$", re.IGNORECASE)


def nationality(clause: str, ctx: Context) -> list[Candidate]:
    """Reads "I'm German" → ``nationality``."""
    m = _NATIONALITY.match(clause.rstrip(" .!"))
    if m is None or m.group("v").lower() not in NATIONALITIES:
        return []
    value = m.group("v").title()
    return fact("nationality", f"{ctx.subject} is {value}.", Category.IDENTITY, 0.75, value)


_LEVEL = (
    r"(?:(?P<lvl>fluent|native|basic|some|a\s+little(?:\s+bit\s+of)?|a\s+bit\s+of|a\s+bit|"
    r"conversational|decent|good|broken|intermediate|beginner|advanced|passable|"
    r"rudimentary|okay|ok)\s+)?"
)
_SPEAK = re.compile(
    r"^(?:i|we)\s+(?:also\s+|can\s+|can\s+also\s+|only\s+|mostly\s+|natively\s+)*"
    r"(?P<verb>speak|understand|know)\s+(?P<v>.+)$"
    rf"|^{_I_AM}\s+(?:also\s+)?(?P<fluent>fluent|conversational|proficient)\s+in\s+(?P<f>.+)$"
    r"|^my\s+(?:native|first|mother)\s+(?:language|tongue)\s+is\s+(?P<n>.+)$"
    rf"|^{_I_AM}\s+a\s+native\s+(?P<ns>\w+)\s+speaker\b"
    rf"|^{_I_AM}\s+(?:currently\s+|also\s+|now\s+)?(?:learning|studying)\s+(?P<l>.+)$",
    re.IGNORECASE,
)
_ITEM = re.compile(rf"^{_LEVEL}(?P<lang>[^\W\d_]+(?:\s+[^\W\d_]+)?)", re.IGNORECASE)


def _languages(text: str) -> list[tuple[str | None, str]]:
    """(level, Language) pairs from "fluent Portuguese, some French and English"."""
    found: list[tuple[str | None, str]] = []
    for item in re.split(r"\s*(?:,|\band\b|&|/|\bplus\b|\bas\s+well\s+as\b)\s*", text):
        m = _ITEM.match(item.strip())
        if m is None:
            break
        words = m.group("lang").split()
        for n in (2, 1):
            lang = " ".join(words[:n]).lower()
            if len(words) >= n and lang in LANGUAGES:
                shown = lang.upper() if len(lang) <= 3 else lang.title()
                found.append((m.group("lvl"), shown))
                break
        else:
            break
    return found


def languages(clause: str, ctx: Context) -> list[Candidate]:
    """Reads "I speak Portuguese and English", "I'm learning Japanese" → ``language.<lang>``."""
    m = _SPEAK.match(clause)
    if m is None:
        return []
    out: list[Candidate] = []
    # Speaking a language is who one is; learning one is a goal under way (identity, high
    # risk, made "I'm learning Welsh now" ask instead of being taken).
    category = Category.TASK_CONTEXT if m.group("l") else Category.IDENTITY
    if m.group("ns"):
        pairs: list[tuple[str | None, str]] = _languages(m.group("ns"))
        template, hint = "{s} is a native {lang} speaker.", 0.85
    elif m.group("n"):
        pairs = _languages(m.group("n"))
        template, hint = "{s}'s native language is {lang}.", 0.85
    elif m.group("l"):
        pairs = _languages(m.group("l"))
        template, hint = "{s} is learning {lang}.", 0.7
    elif m.group("f"):
        pairs = _languages(m.group("f"))
        template, hint = "{s} is " + m.group("fluent").lower() + " in {lang}.", 0.85
    else:
        pairs = _languages(m.group("v"))
        verb = {"speak": "speaks", "understand": "understands", "know": "knows"}
        template = "{s} " + verb[m.group("verb").lower()] + " {lvl}{lang}."
        hint = 0.8
    for level, lang in pairs:
        lvl = " ".join(level.lower().split()) + " " if level else ""
        text = template.format(s=ctx.subject, lang=lang, lvl=lvl)
        out += fact(f"language.{slug(lang)}", text, category, hint, lang)
    return out


_TZ = (
    r"(?P<tz>(?:utc|gmt)\s*[+\-−]\s*\d{1,2}(?::?\d{2})?|"
    r"(?:europe|america|asia|africa|australia|pacific|atlantic|indian|etc|us)/[a-z_]+(?:/[a-z_]+)?|"
    r"(?:central|eastern|western)\s+european|greenwich\s+mean|british\s+summer|"
    r"pacific|mountain|central|eastern|[a-z]{2,5})"
)
_TZ_IS = re.compile(
    rf"^my\s+(?:time\s*zone|tz)\s+is\s+(?:the\s+)?{_TZ}(?:\s+time)?\b", re.IGNORECASE
)
_TZ_IN = re.compile(
    rf"^(?:{_I_AM}|we're|we\s+are|i\s+live|i\s+work)\s+(?:in|on)\s+(?:the\s+)?{_TZ}"
    r"(?P<suffix>\s+time(?:\s*zone)?)?(?:\s+(?:now|these\s+days|nowadays))?\s*$",
    re.IGNORECASE,
)


def _timezone_value(raw: str, typed_upper: bool, named_zone: bool) -> str | None:
    low = re.sub(r"\s+", " ", raw.lower().replace("−", "-"))
    offset = re.fullmatch(r"(?:utc|gmt) ?([+-]) ?(\d{1,2})(?::?(\d{2}))?", low)
    if offset:
        sign, hours, minutes = offset.groups()
        if int(hours) > 14 or (minutes and int(minutes) >= 60):
            return None
        return f"UTC{sign}{int(hours)}" + (f":{minutes}" if minutes and minutes != "00" else "")
    if "/" in low:
        return "/".join(p.title() if p != "us" else "US" for p in raw.split("/"))
    if low in TIMEZONE_NAMES:
        return TIMEZONE_NAMES[low] if named_zone else None
    if low in TIMEZONE_ABBREVIATIONS and (typed_upper or named_zone):
        return low.upper()
    return None


def timezone(clause: str, ctx: Context) -> list[Candidate]:
    """Reads "My timezone is CET", "I'm in UTC+2" → ``timezone``."""
    m = _TZ_IS.match(clause)
    if m is not None:
        value = _timezone_value(m.group("tz"), True, True)
    else:
        m = _TZ_IN.match(clause.rstrip(" .!"))
        if m is None:
            return []
        raw = m.group("tz")
        value = _timezone_value(raw, raw.isupper(), bool(m.group("suffix")))
    if value is None:
        return []
    text = f"{ctx.subject}'s timezone is {value}."
    return fact("timezone", text, Category.IDENTITY, 0.85, value)


#: When an age was reached, said of a recent day ("I turned 60 on Sunday", "… last week"):
#: the age holds now. ("I turned 30 in 2019" is no age today.)
_LATELY = (
    r"(?:now|today|this\s+year|yesterday|recently|lately|last\s+(?:week|weekend|month)|"
    r"on\s+(?:mon|tues|wednes|thurs|fri|satur|sun)day|(?:a\s+few|two|three|\d)\s+days\s+ago|"
    r"this\s+(?:week|month|past\s+weekend)|"
    # "I turned sixty in May": a month is within the year past, the age holds now.
    r"(?:in|back\s+in|last)\s+(?:january|february|march|april|may|june|july|august|september|"
    r"october|november|december))"
)
_AGE = re.compile(
    rf"^(?:{_I_AM}(?:\s+a)?|(?:i\s+)?(?:just\s+)?turned|i'm\s+turning|my\s+age\s+is|age)\s*:?\s+"
    rf"(?:now\s+|just\s+)?(?P<v>{NUMBER})(?:(?:\s*|-)(?:years?|yrs?)(?:[\s-]+old|\s+of\s+age)?|\s*y/?o)?"
    rf"(?:\s+{_LATELY})?\s*[.!]?$",
    re.IGNORECASE,
)


def age(clause: str, ctx: Context) -> list[Candidate]:
    """Reads "I'm 41", "I am forty-two", "I just turned 30" → ``age`` (as of the turn)."""
    m = _AGE.match(clause)
    years = number_value(m.group("v")) if m else None
    if m is None or years is None or not 5 <= years <= 110:
        return []  # "I'm 3" is a mood or a score more often than an age
    if not m.group("v")[0].isdigit() and re.match(rf"^{_I_AM}\s+a\b", clause, re.IGNORECASE):
        return []  # "I'm a hundred percent sure" (cut short): an age in words needs no "a"
    value = str(years)
    text = f"{ctx.subject} is {value}."
    return fact("age", text, Category.IDENTITY, 0.8, value, valid_from=ctx.time)


RULES: tuple[Rule, ...] = (pronouns, preferred_name, name, age, nationality, languages, timezone)
