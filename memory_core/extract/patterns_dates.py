"""Rules for dates in the user's life: birthdays (theirs and their people's), anniversaries."""

from __future__ import annotations

import re
from datetime import timedelta

from memory_core.extract.base import Candidate
from memory_core.extract.dates import DateMention, next_occurrence, parse_date
from memory_core.extract.patterns_people import ADJ, REL, SPECIES, bare_name, prefix_of, species_key
from memory_core.extract.rule import Context, Rule, fact
from memory_core.extract.text import slug
from memory_core.values import Category

_BIRTHDAY = r"(?:birthday|bday|b-day|birth\s+day)"
_OWN_BIRTHDAY = re.compile(
    # "My birthday's on …", "my bday falls on …": the contraction and "falls" too.
    rf"^my\s+{_BIRTHDAY}(?:\s+is|'s|’s|\s+falls)(?:\s+(?=on\b))?\s+(?P<d>.+)$"
    r"|^(?:i\s+was\s+|i\s+am\s+|i'm\s+)?born\s+on\s+(?P<b>.+)$"
    r"|^my\s+(?:date\s+of\s+birth|dob|birth\s*date)\s+is\s+(?P<o>.+)$"
    rf"|^i\s+celebrate\s+my\s+{_BIRTHDAY}\s+on\s+(?P<c>.+)$",
    re.IGNORECASE,
)
_BIRTH_YEAR = re.compile(
    r"^i\s+was\s+born\s+in\s+(?:(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+)?"
    r"(?P<y>(?:19|20)\d{2})\b",
    re.IGNORECASE,
)


def _usable(when: DateMention | None) -> DateMention | None:
    return None if when is None or when.approximate else when


def birthday(clause: str, ctx: Context) -> list[Candidate]:
    """Reads "My birthday is on 3 May", "born on 1990-05-03" → ``birthday`` (or ``birth_year``)."""
    m = _OWN_BIRTHDAY.match(clause)
    if m is not None:
        said = m.group("d") or m.group("b") or m.group("o") or m.group("c")
        when = _usable(parse_date(said, ctx.time))
        if when is None and "," in said:
            # "on Bonfire Night, the 5th of November": a day's name, then its date.
            when = _usable(parse_date(said.rsplit(",", 1)[1], ctx.time))
        if when is None:
            return []
        if when.year is not None and (m.group("b") or m.group("o")):
            text = f"{ctx.subject} was born on {when.spoken()}."
            event = when.when()
        else:
            when = DateMention(when.month, when.day)  # "my birthday is tomorrow": no birth year
            text = f"{ctx.possessive} birthday is on {when.spoken()}."
            event = None
        return fact("birthday", text, Category.IDENTITY, 0.85, when.iso(), event_time=event)
    y = _BIRTH_YEAR.match(clause)
    if y is not None and int(y.group("y")) <= ctx.time.year:
        text = f"{ctx.subject} was born in {y.group('y')}."
        return fact("birth_year", text, Category.IDENTITY, 0.8, y.group("y"))
    return []


_OTHER_BIRTHDAY = re.compile(
    rf"^(?:my|our)\s+{ADJ}(?:{REL}|{SPECIES})(?:\s+(?P<n>(?-i:[A-Z])[\w-]*))?'s?\s+{_BIRTHDAY}"
    r"\s+is\s+(?P<d>.+)$",
    re.IGNORECASE,
)
#: "Aoife's birthday is on 3 May": someone named without a relation (learning files it under
#: the person the user named before, see ``memory_core.people``).
_NAMED_BIRTHDAY = re.compile(
    rf"^(?P<n>(?-i:[A-Z])[\w-]*)'s\s+{_BIRTHDAY}\s+is\s+(?P<d>.+)$", re.IGNORECASE
)


def _named_birthday(clause: str, ctx: Context) -> list[Candidate]:
    m = _NAMED_BIRTHDAY.match(clause)
    name = bare_name(m.group("n"), ctx) if m else None
    when = _usable(parse_date(m.group("d"), ctx.time)) if m and name else None
    if name is None or when is None:
        return []
    when = DateMention(when.month, when.day, when.year)
    text = f"{name}'s birthday is on {when.spoken()}."
    return fact(f"person.{slug(name)}.birthday", text, Category.RELATIONSHIP, 0.75, when.iso())


def their_birthday(clause: str, ctx: Context) -> list[Candidate]:
    """Reads "My sister's birthday is 4 July" → ``family.sister.birthday`` (pets too; "my
    brother Cian's …" → ``family.brother.cian.birthday``; "Cian's …" → ``person.cian.…``)."""
    m = _OTHER_BIRTHDAY.match(clause)
    if m is None:
        return _named_birthday(clause, ctx)
    when = _usable(parse_date(m.group("d"), ctx.time))
    if when is None:
        return []
    if m.group("rel"):
        name = m.group("n")
        who = m.group("rel").lower() + (f" {name}" if name else "")
        key = f"{prefix_of(m.group('rel'), name)}.birthday"
    else:
        who, key = m.group("sp").lower(), f"pet.{species_key(m.group('sp'))}.birthday"
    key = key.replace("pet.pet.", "pet.")
    when = DateMention(when.month, when.day, when.year)
    text = f"{ctx.possessive} {who}'s birthday is on {when.spoken()}."
    return fact(key, text, Category.RELATIONSHIP, 0.8, when.iso())


_RECURRING = r"(?:wedding\s+)?anniversary|name\s+day|saint's\s+day"
_ONE_OFF = (
    r"wedding|graduation|(?:final\s+|driving\s+|written\s+|oral\s+)?exam|(?:job\s+)?interview|"
    r"surgery|operation|(?:doctor's\s+|dentist\s+|dental\s+|hospital\s+)?appointment|flight|"
    r"due\s+date|deadline|(?:thesis\s+)?defen[cs]e|moving\s+day|trip|vacation|holiday|"
    r"presentation|driving\s+test|race|marathon|concert|party|exam\s+date|first\s+day|"
    r"last\s+day|move"
)
_EVENT_IS = re.compile(
    rf"^(?:my|our)\s+(?:next\s+|big\s+|upcoming\s+)?(?P<ev>{_RECURRING}|{_ONE_OFF})"
    r"(?:\s+(?:is|will\s+be|falls)\s+|\s+(?=on\s))(?P<d>.+)$",
    re.IGNORECASE,
)
_HAVE_EVENT = re.compile(
    rf"^(?:i|we)\s+(?:have|'ve\s+got|have\s+got|got)\s+(?:a|an|my|our)\s+(?P<ev>{_ONE_OFF})\s+"
    r"(?P<d>(?:on|this|next|tomorrow|today|in|the\s+day)\b.+)$",
    re.IGNORECASE,
)


def events(clause: str, ctx: Context) -> list[Candidate]:
    """Reads "Our anniversary is on 12 June", "my exam is on Friday" → ``date.<event>``."""
    m = _EVENT_IS.match(clause) or _HAVE_EVENT.match(clause)
    if m is None:
        return []
    when = _usable(parse_date(m.group("d"), ctx.time))
    if when is None:
        return []
    spoken_event = re.sub(r"\s+", " ", m.group("ev").lower())
    key = f"date.{slug(spoken_event)}"
    if re.fullmatch(_RECURRING, spoken_event):
        text = (
            f"{ctx.possessive} {spoken_event} is on {DateMention(when.month, when.day).spoken()}."
        )
        return fact(key, text, Category.RELATIONSHIP, 0.8, when.iso(), event_time=when.when())
    when = next_occurrence(when, ctx.time)
    start = when.when()
    text = f"{ctx.possessive} {spoken_event} is on {when.spoken()}."
    end = start + timedelta(days=1) if start else None
    return fact(key, text, Category.TASK_CONTEXT, 0.75, when.iso(), event_time=start, valid_to=end)


RULES: tuple[Rule, ...] = (birthday, their_birthday, events)
