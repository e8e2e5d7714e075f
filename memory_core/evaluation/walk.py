"""Blind walk of the 60-day loop (``membot eval walk``): hand-written users, scored only.

The users of ``labels/walk_blind.json`` (two English, one each German, Spanish, French and
Russian) were written before the extraction and answering rules were read, the way issue 23's
testers wrote theirs: about twelve plain facts told on day 0 in the user's own words (job,
partner and their job, children by name, a pet, an allergy or medicine, the city, a hobby, an
instrument, a team, a food, a goal), small talk on days 3 and 20, every nightly job running on a
manual clock in between, and on day 60 ``/profile`` and one question per fact in *other* words
("what's my trade again?", "what does my spouse do for work?"). No rule may be tuned on them:
``tests/memory_core/test_eval_walk.py`` checks that their sentences stay out of the rules.

Scores: **answered** (the reply names what was told, and is no "I don't know"), **kept**
(``/profile`` on day 60 still names it), **acknowledged** (the reply right after telling names
it, or says privately that it was noted), **still-true questions** sent in the 60 days (and
which were about the name), **reply language** (the day-60 replies written in the user's
language), and, on a fresh bot, **answered right after** (each question asked just after its
statement).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from babel.dates import get_month_names

from memory_core.evaluation.life import (
    QUESTION_DAY,
    REFLECTION_MARK,
    START,
    STILL_TRUE_MARK,
    LifeChat,
    reply_language,
)

#: The blind scripts (scored, never tuned on).
BLIND_PATH = Path(__file__).parent / "labels" / "walk_blind.json"
#: The second blind walk: eight users, four English registers and one each in de/es/fr/ru.
BLIND2_PATH = Path(__file__).parent / "labels" / "walk_blind2.json"
#: The third blind walk: a formal letter-writer, a non-native speaker, Indian and Australian
#: English told in little stories, and one informal user each in de/es/fr (Québec)/ru.
BLIND3_PATH = Path(__file__).parent / "labels" / "walk_blind3.json"
#: The fourth blind walk: a teenager texting, a very polite elderly user, a Scottish speaker, a
#: user who corrects themselves, and one formal user each in de (Sie)/es (Spain)/fr/ru.
BLIND4_PATH = Path(__file__).parent / "labels" / "walk_blind4.json"
#: The blind question-paraphrase set: ten users (four English, two each German and Spanish, one
#: each French and Russian), twelve plain facts each asked three ways on day 60, and six
#: questions each about things never told (which must be abstained from).
ASK9_PATH = Path(__file__).parent / "labels" / "walk_ask9.json"
#: The fifth blind walk: facts told over several days (a run-on talker, a user correcting a
#: fact days later), asked on days 30-60 with two never-told questions each; de (du, Sie), es
#: (Latin American), fr and ru (informal, names in oblique cases) users.
BLIND5_PATH = Path(__file__).parent / "labels" / "walk_blind5.json"
#: The sixth blind walk: facts told over days 0-30 in chatty messages, a correction, a fact
#: forgotten with /forget and taught again, and a fact repeated weeks later per user; asked on
#: days 46-68 (two en, two de, es, fr, two ru).
BLIND6_PATH = Path(__file__).parent / "labels" / "walk_blind6.json"
#: The seventh blind walk: about seven facts per user told on day 0 (several per message), one
#: corrected or changed on days 9-18 for six users, small talk on days 3, 20 and 40, asked on days
#: 61-88 (two each en, de, fr, ru; Spain Spanish and a Spanish-English mixing user).
BLIND7_PATH = Path(__file__).parent / "labels" / "walk_blind7.json"
#: The eighth blind walk: seven facts per user told in everyday messages over days 0-10 (small
#: talk, two or three facts in one message, lead-ins, a move or correction for five users), asked
#: on days 58-64 in other words, two never-told questions each (two each en, de, es, fr, ru).
BLIND8_PATH = Path(__file__).parent / "labels" / "walk_blind8.json"
#: The ninth blind walk: seven users (two English, one texting; German, German mixed with English,
#: Spanish, French, Russian), ten to thirteen facts each told over days 0-36 (name and age,
#: employer, relatives by name and age, a plan with a date, a move, a corrected age or name),
#: asked on days 62-72 in other words, three never-told questions each.
BLIND9_PATH = Path(__file__).parent / "labels" / "walk_blind9.json"
#: The second blind question set: twelve users (three English, three German, two each
#: Spanish, French and Russian), five to eight facts each asked three ways on day 60 (several
#: named relatives, groups holding the one asked about), and five never-told questions each
#: near a told area.
ASK10_PATH = Path(__file__).parent / "labels" / "ask_blind10.json"
#: The third blind question set: twelve users (three English, two each German and Spanish, three
#: French, two Russian), seven facts each asked three ways on day 60 (relatives named by slang or
#: kin words and then asked about by job or home, a doctor in every language, questions with no
#: area word), and five never-told questions each near a told area.
ASK11_PATH = Path(__file__).parent / "labels" / "ask_blind11.json"
#: The fourth blind question set: twelve users (three English, two each German and Spanish, three
#: French, two Russian), seven facts each asked three ways on day 60 (partners and children by
#: slang or rank — "the missus", "our eldest", "mi costilla", "мой мелкий" —, a doctor asked
#: without "my", a blood type, relatives' jobs and homes), and five never-told questions each near
#: a told area (two-word attributes, a doctor of one who told none).
ASK12_PATH = Path(__file__).parent / "labels" / "ask_blind12.json"
#: The fifth blind question set: twelve users (three English, two each German and Spanish, three
#: French, two Russian), seven facts each asked three ways on day 60 — in other words and slang,
#: without "my", lower-case names, no question mark, two facts asked at once, listing questions
#: ("any pets at mine") over two or three pets, children or grandchildren told in one message —,
#: and five never-told questions each near a told area.
ASK13_PATH = Path(__file__).parent / "labels" / "ask_blind13.json"
#: The sixth blind question set: ten users (two each en, de, es, fr, ru; Canadian and Indian
#: English, a formal retired German and a trainee, Spain and Argentina, a formal notary and a
#: texter, two Russians), seven facts each asked three ways on day 60 (employers, relatives'
#: jobs and studies, lists of children and pets), and five never-told questions each.
ASK14_PATH = Path(__file__).parent / "labels" / "ask_blind14.json"
#: The tenth blind walk: eight users (two each en, de, ru; es, fr), seven to nine facts each told
#: over days 0-27 in everyday messages holding several facts (chat spelling, typos, lead-ins), a
#: move or a job change for every user, asked on days 61-70 in other words, three never-told
#: questions each.
BLIND10_PATH = Path(__file__).parent / "labels" / "walk_blind10.json"
#: The seventh blind question set: ten users (two each en, de, es, fr, ru; slang, chat style and
#: formal registers), seven facts each asked three ways on day 60 (jobs, partners' jobs and
#: studies, children, pets by name or kind, illnesses and medicines, diets, hobbies, teams), and
#: five never-told questions each near a told area.
ASK15_PATH = Path(__file__).parent / "labels" / "ask_blind15.json"
#: The eleventh blind walk: thirteen users (three each en, de, ru; two each es, fr; chat spelling,
#: slang, typos and formal registers), five to seven facts each told over days 0-10 in ordinary
#: chat messages with small talk between (an age corrected days later), asked on days 40-60 in
#: other words, two never-told questions each.
BLIND11_PATH = Path(__file__).parent / "labels" / "walk_blind11.json"
#: The eighth blind question set: ten users (two each en, de, es, fr, ru; Scots spelling, Chilean
#: and French slang, formal registers), seven facts each asked three ways on day 60 (jobs,
#: employers, studies, partners' jobs, children, grandchildren, pets, illnesses, a medicine,
#: diets, teams, hobbies, homes), and five never-told questions each near a told area.
ASK16_PATH = Path(__file__).parent / "labels" / "ask_blind16.json"
#: The twelfth blind walk: ten users (two each en, de, es, fr, ru; chat spelling, slang, typos
#: and formal registers), five facts each told over days 0-12 (several facts per message,
#: relatives' jobs, pets, health, medicines, tastes, a corrected value for four users) with small
#: talk between, asked on days 38-57 in other words, two never-told questions each.
BLIND12_PATH = Path(__file__).parent / "labels" / "walk_blind12.json"
#: The ninth blind question set: ten users (two each en, de, es, fr, ru; slang, chat style and
#: formal registers), six facts each asked three ways on day 60 (jobs, employers, studies,
#: partners' jobs, children, grandchildren, pets, illnesses, medicines, diets, teams, hobbies,
#: tastes, homes), and four never-told questions each near a told area.
ASK17_PATH = Path(__file__).parent / "labels" / "ask_blind17.json"
Progress = Callable[[str, int, int], None]
#: Replies that say the bot does not know (any language the bot speaks).
_UNKNOWN = re.compile(
    r"don't know|haven't told me|weiß ich noch nicht|noch nicht gesagt|todavía no|aún no"
    r"|je ne sais pas|pas encore|не знаю|ещё не",
    re.IGNORECASE,
)
#: The bot's private acknowledgement of a sensitive fact ("Noted — I'll keep that private."),
#: which by design does not repeat it.
_PRIVATE = re.compile(r"keep that private|unter uns|en privado|pour moi|между нами", re.IGNORECASE)

#: A "still true?" question about the user's name, in the languages of the script.
_ABOUT_NAME = re.compile(r"\b(name|nombre|nom|prénom|heißt|llamas|зовут|имя)\b", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class WalkFact:
    """One fact a user tells on day 0 and asks about on day 60 in other words."""

    topic: str
    say: str
    ask: str
    expect: tuple[str, ...]
    all: bool = False
    #: More ways of asking the same thing on day 60 (scored with ``ask`` as paraphrases).
    also: tuple[str, ...] = ()
    #: The day it is told (0 unless the script says). An empty ``say`` means the fact was told
    #: in the same message as the fact before it (a run-on message holding several facts).
    day: int = 0
    #: What the user said first and corrects in ``say`` (told on ``earlier_day``), and the
    #: words of it whose naming in an answer makes the answer wrong.
    earlier: str = ""
    earlier_day: int = 0
    stale: tuple[str, ...] = ()

    def named_in(self, text: str) -> bool:
        """Whether ``text`` names the fact (one expected word, or all of them when ``all``);
        the day an answer says it was told is no value."""
        text = without_days(text, told_only=True)  # a birthday said is the value itself
        found = [re.search(rf"(?<!\w){re.escape(w)}", text, re.IGNORECASE) for w in self.expect]
        return all(found) if self.all else any(found)

    def names_stale(self, text: str) -> bool:
        """Whether ``text`` names what the user corrected (the old value), as a whole word and
        not inside a date ("15" is no old age in "on 15 March 2026")."""
        text = without_days(text)
        return any(
            re.search(rf"(?<!\w){re.escape(w)}(?!\w)", text, re.IGNORECASE) for w in self.stale
        )


def _days(*, year: bool = False) -> re.Pattern[str]:
    """A day of a month as the bot writes it in its languages ("15 March 2026", "15. März",
    "15 de marzo de 2026", "1er mars", "15 марта"), the month names Babel's; ``year``: only
    one said with its year (the day a fact was told, "On 2 March 2026 you said …")."""
    months = {
        name.casefold()
        for lang in LANGUAGES
        for context in ("format", "stand-alone")
        for name in get_month_names("wide", context=context, locale=lang).values()
    }
    names = "|".join(sorted((re.escape(m) for m in months), key=len, reverse=True))
    said_year = r"(?:\s+(?:de\s+)?\d{4})" + ("" if year else "?")
    return re.compile(
        rf"(?<!\w)\d{{1,2}}(?:er)?\.?\s+(?:de\s+)?(?:{names})(?!\w){said_year}",
        re.IGNORECASE,
    )


#: The languages the bot writes dates in.
LANGUAGES = ("en", "de", "es", "fr", "ru")
_DAY = _days()
_TOLD_DAY = _days(year=True)


def without_days(text: str, *, told_only: bool = False) -> str:
    """``text`` without the days it names (an answer says the day a fact was told);
    ``told_only``: only the days said with their year (a birthday said is a value)."""
    return (_TOLD_DAY if told_only else _DAY).sub(" ", text)


@dataclass(frozen=True, slots=True)
class WalkUser:
    """One scripted user: who, their language, what they tell."""

    user: str
    lang: str
    facts: tuple[WalkFact, ...]
    #: A "what do you know about me?" asked on day 60 (scored by the facts it names).
    overview: str = ""
    #: Questions on day 60 about things never told: the right reply is "I don't know".
    never: tuple[str, ...] = ()
    #: The day this user asks (``/profile``, overview, questions); day 60 unless the script says
    #: (a later day makes the walk run on to it).
    ask_day: int = QUESTION_DAY
    #: This user's own small talk (day → messages), besides their language's.
    talk: dict[int, tuple[str, ...]] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class WalkScript:
    """The users and each language's small talk (day → messages)."""

    users: tuple[WalkUser, ...]
    small_talk: dict[str, dict[int, tuple[str, ...]]]

    @property
    def last_day(self) -> int:
        """The day the walk ends: day 60, or the last day a user asks or talks."""
        days = [QUESTION_DAY]
        for u in self.users:
            days += [u.ask_day, *u.talk, *(f.day for f in u.facts)]
        return max(days)


def script_path(path: Path) -> Path:
    """``path``, or the same name under this package (``labels/walk_blind2.json``)."""
    if path.is_file() or path.is_absolute():
        return path
    return Path(__file__).parent / path


def load_script(path: Path = BLIND_PATH) -> WalkScript:
    """The scripted users of ``path``."""
    raw = json.loads(path.read_text(encoding="utf-8"))
    users = tuple(
        WalkUser(
            u["user"],
            u["lang"],
            tuple(
                WalkFact(
                    f["topic"],
                    f["say"],
                    f["ask"],
                    tuple(f["expect"]),
                    f.get("all", False),
                    tuple(f.get("also", ())),
                    int(f.get("day", 0)),
                    f.get("earlier", ""),
                    int(f.get("earlier_day", 0)),
                    tuple(f.get("stale", ())),
                )
                for f in u["facts"]
            ),
            u.get("overview", ""),
            tuple(u.get("never", ())),
            int(u.get("ask_day", QUESTION_DAY)),
            {int(day): tuple(lines) for day, lines in u.get("talk", {}).items()},
        )
        for u in raw["users"]
    )
    talk = {
        lang: {int(day): tuple(lines) for day, lines in days.items()}
        for lang, days in raw["small_talk"].items()
    }
    return WalkScript(users, talk)


@dataclass(slots=True)
class WalkScore:
    """The walk's figures, overall and per language."""

    users: int = 0
    facts: int = 0
    answered: int = 0
    kept: int = 0
    acknowledged: int = 0
    acknowledged_privately: int = 0
    #: On a fresh bot, each question asked right after its statement (issue 23 item 6).
    right_after: int = 0
    in_language: int = 0
    #: Facts named by the reply to "what do you know about me?" (of the users asking it).
    overview: int = 0
    overview_of: int = 0
    still_true: list[str] = field(default_factory=list)
    by_lang: dict[str, dict[str, int]] = field(default_factory=dict)
    misses: list[str] = field(default_factory=list)
    lost: list[str] = field(default_factory=list)
    unacknowledged: list[str] = field(default_factory=list)
    missed_right_after: list[str] = field(default_factory=list)
    other_language: list[str] = field(default_factory=list)
    #: Every day-60 question about a told fact (``ask`` and ``also``), per language:
    #: right / wrong / abstained / in_language / asked.
    paraphrases: dict[str, dict[str, int]] = field(default_factory=dict)
    #: Questions about things never told, per language: abstained / wrong / asked.
    never_told: dict[str, dict[str, int]] = field(default_factory=dict)
    #: Paraphrases answered with something else, and never-told questions answered at all.
    wrong: list[str] = field(default_factory=list)
    wrong_never: list[str] = field(default_factory=list)
    #: Each user's ``/profile`` on their asking day, and whether it is in their language.
    profiles: dict[str, str] = field(default_factory=dict)
    profiles_in_language: int = 0
    #: The weekly reflections sent (user, text), and how many were in the user's language.
    reflections: list[str] = field(default_factory=list)
    reflections_in_language: int = 0
    #: Every message of the walk and the bot's replies: (user, day, message, replies).
    transcript: list[tuple[str, int, str, list[str]]] = field(default_factory=list)

    def count(self, lang: str, what: str) -> None:
        """One more ``what`` for ``lang``."""
        row = self.by_lang.setdefault(lang, {})
        row[what] = row.get(what, 0) + 1

    @property
    def still_true_about_name(self) -> int:
        """ "Still true?" questions that name the user's name."""
        return sum(1 for t in self.still_true if _ABOUT_NAME.search(t))

    def as_json(self) -> dict[str, Any]:
        """Counts, per language, and every failure with its message and reply."""
        n = self.facts
        return {
            "users": self.users,
            "answered": f"{self.answered}/{n}",
            "kept": f"{self.kept}/{n}",
            "acknowledged": f"{self.acknowledged}/{n}",
            "acknowledged_privately": f"{self.acknowledged_privately}/{n}",
            "answered_right_after": f"{self.right_after}/{n}",
            "replies_in_language": f"{self.in_language}/{n}",
            "overview": f"{self.overview}/{self.overview_of}",
            "still_true_questions": len(self.still_true),
            "still_true_about_name": self.still_true_about_name,
            "profiles_in_language": f"{self.profiles_in_language}/{len(self.profiles)}",
            "reflections_in_language": f"{self.reflections_in_language}/{len(self.reflections)}",
            "by_language": {
                lang: {k: f"{v}/{row['facts']}" for k, v in row.items() if k != "facts"}
                for lang, row in sorted(self.by_lang.items())
            },
            "still_true": self.still_true,
            "misses": self.misses,
            "lost": self.lost,
            "unacknowledged": self.unacknowledged,
            "missed_right_after": self.missed_right_after,
            "other_language": self.other_language,
            "paraphrases": _tally(self.paraphrases),
            "paraphrases_by_language": {
                k: _tally({k: v}) for k, v in sorted(self.paraphrases.items())
            },
            "never_told": _tally(self.never_told),
            "never_told_by_language": {
                k: _tally({k: v}) for k, v in sorted(self.never_told.items())
            },
            "wrong": self.wrong,
            "wrong_never": self.wrong_never,
            "profiles": self.profiles,
            "reflections": self.reflections,
        }


def _tally(rows: dict[str, dict[str, int]]) -> dict[str, str]:
    """Each count of ``rows`` summed over the languages, as "n/asked"."""
    total: dict[str, int] = {}
    for row in rows.values():
        for k, v in row.items():
            total[k] = total.get(k, 0) + v
    asked = total.pop("asked", 0)
    return {k: f"{v}/{asked}" for k, v in sorted(total.items())}


def _is_still_true(text: str) -> bool:
    return text.startswith(STILL_TRUE_MARK) or "still true" in text.lower()


class _Recorded:
    """A chat that writes every message and its replies into a score's transcript."""

    def __init__(self, chat: LifeChat, score: WalkScore, start: datetime) -> None:
        self.chat, self.score, self.start = chat, score, start

    def now(self) -> datetime:
        """The bot's clock."""
        return self.chat.now()

    async def say(self, user: str, text: str) -> list[str]:
        """The bot's replies to ``text``, recorded."""
        replies = await self.chat.say(user, text)
        day = (self.chat.now() - self.start).days
        self.score.transcript.append((user, day, text, replies))
        return replies

    async def advance(self, when: datetime) -> list[tuple[str, str]]:
        """Move the clock; what was sent unasked, recorded."""
        sent = await self.chat.advance(when)
        day = (self.chat.now() - self.start).days
        self.score.transcript.extend((user, day, "", [text]) for user, text in sent)
        return sent


async def walk(
    chat: LifeChat,
    script: WalkScript,
    *,
    start: datetime = START,
    progress: Progress | None = None,
) -> WalkScore:
    """Play the script's users through ``chat`` (day by day, all at once) and score them."""
    score = WalkScore(users=len(script.users))
    chat = _Recorded(chat, score, start)
    unasked: list[tuple[str, str]] = []
    await chat.advance(start)
    for u in script.users:
        unasked.extend(await _tell(chat, u, 0, score))
    last = script.last_day
    for day in range(1, last + 1):
        unasked.extend(await chat.advance(start + timedelta(days=day)))
        for u in script.users:
            unasked.extend(await _tell(chat, u, day, score))
            lines = (*script.small_talk.get(u.lang, {}).get(day, ()), *u.talk.get(day, ()))
            for line in lines:
                unasked.extend((u.user, t) for t in await chat.say(u.user, line))
            if u.ask_day == day < last:
                await _day_sixty(chat, u, score)
        if progress:
            progress("days", day, last)
    for u in script.users:
        if u.ask_day >= last:
            await _day_sixty(chat, u, score)
    score.still_true = [f"{user}: {t}" for user, t in unasked if _is_still_true(t)]
    _reflections(score, script, unasked)
    return score


def _reflections(score: WalkScore, script: WalkScript, unasked: list[tuple[str, str]]) -> None:
    """The weekly reflections among what was sent unasked, and which were in the user's
    language."""
    langs = {u.user: u.lang for u in script.users}
    for user, text in unasked:
        if text.startswith(REFLECTION_MARK):
            score.reflections.append(f"{user}: {text}")
            score.reflections_in_language += reply_language(text) == langs.get(user)


async def _tell(chat: _Recorded, u: WalkUser, day: int, score: WalkScore) -> list[tuple[str, str]]:
    """``u``'s statements of ``day`` (the corrected ones first), acknowledgements scored."""
    unasked: list[tuple[str, str]] = []
    for fact in u.facts:
        if fact.earlier and fact.earlier_day == day:
            replies = await chat.say(u.user, fact.earlier)
            unasked.extend((u.user, t) for t in replies[1:])
            unasked.extend(await chat.advance(chat.now() + timedelta(minutes=1)))
    ack = ""
    for fact in u.facts:
        if fact.day != day:
            continue
        if fact.say:
            replies = await chat.say(u.user, fact.say)
            unasked.extend((u.user, t) for t in replies[1:])
            ack = replies[0] if replies else ""
        score.facts += 1
        score.count(u.lang, "facts")
        if fact.named_in(ack):
            score.acknowledged += 1
            score.count(u.lang, "acknowledged")
        elif _PRIVATE.search(ack):
            score.acknowledged_privately += 1
        else:
            score.unacknowledged.append(f"{u.user} {(fact.say or fact.topic)!r} → {ack!r}")
        if fact.say:
            unasked.extend(await chat.advance(chat.now() + timedelta(minutes=1)))
    return unasked


async def _day_sixty(chat: LifeChat, u: WalkUser, score: WalkScore) -> None:
    """``/profile`` and the paraphrased questions of one user, scored."""
    profile = " ".join(await chat.say(u.user, "/profile"))
    score.profiles[u.user] = profile
    score.profiles_in_language += reply_language(profile) == u.lang
    if u.overview:
        told = " ".join(await chat.say(u.user, u.overview))
        named = sum(1 for fact in u.facts if fact.named_in(told))
        score.overview += named
        score.overview_of += len(u.facts)
        score.by_lang.setdefault(u.lang, {})
        score.by_lang[u.lang]["overview"] = score.by_lang[u.lang].get("overview", 0) + named
    said = ""
    for fact in u.facts:
        said = fact.say or said  # a fact told inside the message before it
        if fact.named_in(profile):
            score.kept += 1
            score.count(u.lang, "kept")
        else:
            score.lost.append(f"{u.user} {fact.topic}: {said!r}")
        reply = " ".join(await chat.say(u.user, fact.ask))
        _paraphrase(score, u, fact, fact.ask, reply, said)
        if _answered(fact, reply):
            score.answered += 1
            score.count(u.lang, "answered")
        else:
            score.misses.append(f"{u.user} {fact.ask!r} (told {said!r}) → {reply!r}")
        if reply_language(reply) == u.lang:
            score.in_language += 1
            score.count(u.lang, "in_language")
        else:
            score.other_language.append(f"{u.user} {fact.ask!r} → {reply!r}")
        for ask in fact.also:
            _paraphrase(score, u, fact, ask, " ".join(await chat.say(u.user, ask)), said)
    for ask in u.never:
        reply = " ".join(await chat.say(u.user, ask))
        row = score.never_told.setdefault(u.lang, {})
        row["asked"] = row.get("asked", 0) + 1
        kind = "abstained" if _UNKNOWN.search(reply) else "wrong"
        row[kind] = row.get(kind, 0) + 1
        if kind == "wrong":
            score.wrong_never.append(f"{u.user} {ask!r} → {reply!r}")


def _paraphrase(
    score: WalkScore, u: WalkUser, fact: WalkFact, ask: str, reply: str, said: str
) -> None:
    """One day-60 question about ``fact`` (told in ``said``) scored right, wrong or abstained
    (and its language)."""
    row = score.paraphrases.setdefault(u.lang, {})
    row["asked"] = row.get("asked", 0) + 1
    if _answered(fact, reply):
        kind = "right"
    elif _UNKNOWN.search(reply):
        kind = "abstained"
    else:
        kind = "wrong"
        score.wrong.append(f"{u.user} {ask!r} (told {said!r}) → {reply!r}")
    row[kind] = row.get(kind, 0) + 1
    if reply_language(reply) == u.lang:
        row["in_language"] = row.get("in_language", 0) + 1


def _answered(fact: WalkFact, reply: str) -> bool:
    return fact.named_in(reply) and not _UNKNOWN.search(reply) and not fact.names_stale(reply)


async def right_after(chat: LifeChat, script: WalkScript, score: WalkScore) -> None:
    """Each fact told and at once asked about in other words (a fresh bot, day 0)."""
    await chat.advance(START)
    for u in script.users:
        said = ""
        for fact in u.facts:
            if fact.earlier:
                await chat.say(u.user, fact.earlier)
            if fact.say:
                said = fact.say
                await chat.say(u.user, said)
            reply = " ".join(await chat.say(u.user, fact.ask))
            if _answered(fact, reply):
                score.right_after += 1
            else:
                score.missed_right_after.append(f"{u.user} {said!r} → {fact.ask!r} → {reply!r}")


async def run_walk(
    make_chat: Callable[[], Any],
    *,
    path: Path = BLIND_PATH,
    progress: Progress | None = None,
) -> WalkScore:
    """The blind walk on a fresh bot from ``make_chat()`` (an async context manager giving a
    :class:`LifeChat`), then the questions right after telling on another fresh one."""
    script = load_script(path)
    async with make_chat() as chat:
        score = await walk(chat, script, progress=progress)
    async with make_chat() as chat:
        await right_after(chat, script, score)
    return score
