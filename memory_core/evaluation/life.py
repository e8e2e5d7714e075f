"""Long-horizon evaluation (``membot eval life``): scripted users over simulated months.

Each user is an MSC development persona (``train`` personas tune, ``valid`` ones are held out):
on day 0 they tell the bot the persona sentences that answer one of ``answer_data.TOPICS``
(at most ``facts_per_user``, one per topic), in their own words, one message each; on days 3 and
20 they make small talk; every day in between the clock moves on and every scheduled job runs
(consolidation, decay, dedup, reflection…); on day 60 they open ``/profile`` and ask one question
per told fact, in a paraphrase in their language (English, German, Spanish, French or Russian,
by rotation; even wordings for tune users, odd ones for held-out users).

Scores per split: **answered** (a question whose reply names what the user told), **kept**
(told facts still shown by ``/profile`` on day 60), **still-true questions** the bot sent in the
60 days (and how many of them were about the user's name), and **reply language** (replies to
the day-60 questions written in the user's language, by a stop-word vote).

The bot is driven through :class:`LifeChat` (the application implements it around its real
runtime on a ``ManualClock``): the engine knows nothing of bots.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, Protocol

from memory_core.evaluation.answer_data import NEGATED, TOPICS, Topic
from memory_core.evaluation.answers import load_personas
from memory_core.extract.base import TurnInput
from memory_core.extract.rules import extract_rules

#: Day 0 of every life (a Monday morning).
START = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
LANGUAGES = ("en", "de", "es", "fr", "ru")
SMALL_TALK = {
    3: ("hi!", "long week at work, phew", "thanks, bye"),
    20: ("hello again", "the weather is awful today", "ok, talk later"),
}
QUESTION_DAY = 60
Progress = Callable[[str, int, int], None]
#: How the bot says a fact of a known slot in a language, around the value the user gave
#: (``(lang, key, value)`` → "tu grupo favorito: the who"; ``None``: no such phrase).
Phrasing = Callable[[str, str, str], str | None]


class LifeChat(Protocol):
    """The bot as the evaluation talks to it (one runtime, a manual clock)."""

    def now(self) -> datetime:
        """The bot's clock."""
        ...

    async def say(self, user: str, text: str) -> list[str]:
        """Send ``text`` as ``user`` in their private chat at the clock's time; the replies."""
        ...

    async def advance(self, when: datetime) -> list[tuple[str, str]]:
        """Move the clock to ``when`` and let due work run; (user, text) of what was sent
        unasked meanwhile."""
        ...


@dataclass(frozen=True, slots=True)
class Told:
    """One persona sentence told on day 0, the topic it answers, the words that show it, and
    what it says as facts: (key, value) as the offline rules read it (value ``""``: a fact
    said as a sentence, "I drive a bmw.")."""

    sentence: str
    topic: Topic
    words: frozenset[str]
    facts: tuple[tuple[str, str], ...] = ()

    @property
    def value_words(self) -> frozenset[str]:
        """The words an answer must name (one of them): the facts' values' content words and
        numbers ("pizza with black olives": pizza, black, olives), or — for a fact said as a
        sentence — the sentence's, without the words that only say what kind of fact it is
        ("favorite", "like", "work": a different favourite or job would have them too)."""
        values = [v for _, v in self.facts if v]
        if values:
            return frozenset(w for v in values for w in _content(v))
        return frozenset(_content(self.sentence))


@dataclass(frozen=True, slots=True)
class LifeUser:
    """One scripted user."""

    user: str
    lang: str
    told: tuple[Told, ...]


@dataclass(slots=True)
class LifeScore:
    """One split's figures."""

    users: int = 0
    questions: int = 0
    answered: int = 0
    told: int = 0
    kept: int = 0
    #: Questions about a fact ``/profile`` still showed, and how many of those were answered
    #: (answering apart from forgetting).
    asked_kept: int = 0
    answered_kept: int = 0
    still_true: int = 0
    still_true_about_name: int = 0
    in_language: int = 0
    by_lang: dict[str, list[int]] = field(default_factory=dict)  # lang → [answered, asked]
    misses: list[str] = field(default_factory=list)

    def as_json(self) -> dict[str, Any]:
        """Counts and rates."""
        return {
            "users": self.users,
            "answered": f"{self.answered}/{self.questions}",
            "answered_rate": round(self.answered / self.questions, 4) if self.questions else 0.0,
            "kept": f"{self.kept}/{self.told}",
            "kept_rate": round(self.kept / self.told, 4) if self.told else 0.0,
            "answered_of_kept": f"{self.answered_kept}/{self.asked_kept}",
            "still_true_questions": self.still_true,
            "still_true_about_name": self.still_true_about_name,
            "replies_in_language": f"{self.in_language}/{self.questions}",
            "answered_by_language": {
                lang: f"{a}/{n}" for lang, (a, n) in sorted(self.by_lang.items())
            },
            "misses": self.misses[:20],
        }


@dataclass
class LifeReport:
    """Both splits."""

    tune: LifeScore
    heldout: LifeScore
    days: int = QUESTION_DAY

    def as_json(self) -> dict[str, Any]:
        """Everything, for ``--json``."""
        return {"days": self.days, "tune": self.tune.as_json(), "heldout": self.heldout.as_json()}


_STOP = frozenset(
    """i i'm im a an the my me and or to of in on at for with from is am are was be have has had
    do does did not no it its this that very really like love enjoy just also so but all some
    one two three four five go going get got who what when where how which""".split()
)


def _words(text: str) -> list[str]:
    return re.findall(r"[^\W\d_][\w'-]*", text.lower())


def distinctive(sentence: str) -> frozenset[str]:
    """The words that show an answer quotes ``sentence`` (its content words)."""
    return frozenset(w for w in _words(sentence) if w not in _STOP and len(w) >= 3)


#: Words that say what kind of fact a sentence is, not which one ("My favorite band is…",
#: "I work at…"): naming them is not naming the fact.
_KIND = frozenset(
    """favorite favourite fav fave like likes liked love loves loved enjoy enjoys want wants
    work works working live lives living have has own owns named called name am""".split()
)


def _content(text: str) -> list[str]:
    """The content words and numbers of ``text`` (lower case)."""
    numbers = re.findall(r"\d+", text)
    return [w for w in distinctive(text) if w not in _KIND] + numbers


def told_facts(sentence: str) -> tuple[tuple[str, str], ...]:
    """(key, value) of what the offline rules read in ``sentence`` (the judge's reference:
    the same for every bot under test)."""
    found = extract_rules(TurnInput(sentence, START))
    return tuple((c.key, c.value or "") for c in found if not c.temporary)


def build_users(
    personas: Sequence[Sequence[str]],
    split: str,
    count: int,
    facts_per_user: int,
) -> list[LifeUser]:
    """``count`` users with at least three topics told, languages by rotation."""
    users: list[LifeUser] = []
    for sentences in personas:
        if len(users) >= count:
            break
        told: list[Told] = []
        used: set[str] = set()
        for sentence in dict.fromkeys(sentences):
            if NEGATED.search(sentence):
                continue
            topic = next(
                (t for t in TOPICS if t.name not in used and t.answers.search(sentence)), None
            )
            if topic is None:
                continue
            used.add(topic.name)
            told.append(Told(sentence, topic, distinctive(sentence), told_facts(sentence)))
        if len(told) < 3:
            continue
        n = len(users)
        users.append(
            LifeUser(f"{split}-{n}", LANGUAGES[n % len(LANGUAGES)], tuple(told[:facts_per_user]))
        )
    return users


_LANG_WORDS = {
    "en": "the you your i told me that is are and what don't know yet".split(),
    "de": "du dein deine ich ist und nicht das die der mir hast weiß noch".split(),
    "es": "tú tu tus me que es y no el la dijiste sé todavía eres".split(),
    "fr": "tu ton ta tes je que est et ne pas le la m'as dit sais encore".split(),
}


#: The user's own words quoted in a reply ("Am 2. März hast du mir gesagt: “I work in
#: marketing”."): what they said, in whatever language they said it, not the reply's language.
_QUOTED = re.compile(r"“[^”]*”|«[^»]*»|„[^“”]*[“”]")


def reply_language(text: str) -> str:
    """The language a reply is written in, by a stop-word vote (Cyrillic: Russian), the user's
    quoted words left out."""
    text = _QUOTED.sub(" ", text)
    letters = re.findall(r"[^\W\d_]", text)
    if letters and sum("\u0400" <= c <= "\u04ff" for c in letters) > len(letters) / 2:
        return "ru"
    words = _words(text)
    votes = {lang: sum(w in vocab for w in words) for lang, vocab in _LANG_WORDS.items()}
    return max(votes, key=lambda lang: votes[lang])


def _wording(topic: Topic, lang: str, heldout: bool, n: int) -> str:
    """A question of ``topic`` in ``lang`` from the split's wordings (rotating by ``n``)."""
    pool = [q for i, (lg, q) in enumerate(topic.questions) if lg == lang]
    split = [q for i, q in enumerate(pool) if i % 2 == int(heldout)] or pool
    return split[n % len(split)]


#: How a :class:`LifeChat` marks a "still true?" question it recognised (by its buttons), so
#: one asked in German or Russian is counted too.
STILL_TRUE_MARK = "[still true?]"
#: How a :class:`LifeChat` marks the weekly reflection it sent (by its buttons).
REFLECTION_MARK = "[reflection]"


def _is_still_true(text: str) -> bool:
    return text.startswith(STILL_TRUE_MARK) or "still true" in text.lower()


async def live(
    chat: LifeChat,
    users: Sequence[LifeUser],
    *,
    heldout: bool,
    start: datetime = START,
    progress: Progress | None = None,
    phrasing: Phrasing | None = None,
) -> LifeScore:
    """Play ``users``' lives through ``chat`` (all at once, day by day) and score them
    (``phrasing``: the bot's slot phrases, which an answer may name a fact by)."""
    score = LifeScore(users=len(users))
    unasked: list[tuple[str, str]] = []

    def count(user: str, texts: Sequence[str]) -> None:
        unasked.extend((user, t) for t in texts)

    await chat.advance(start)
    for u in users:
        for told in u.told:
            count(u.user, await chat.say(u.user, told.sentence))
            unasked.extend(await chat.advance(chat.now() + timedelta(minutes=1)))
            score.told += 1
    for day in range(1, QUESTION_DAY + 1):
        unasked.extend(await chat.advance(start + timedelta(days=day)))
        for u in users:
            for line in SMALL_TALK.get(day, ()):
                count(u.user, await chat.say(u.user, line))
        if progress:
            progress("days", day, QUESTION_DAY)
    for u in users:
        profile = " ".join(await chat.say(u.user, "/profile")).lower()
        kept = [_shows(profile, t) for t in u.told]
        score.kept += sum(kept)
        for n, told in enumerate(u.told):
            question = _wording(told.topic, u.lang, heldout, n)
            reply = " ".join(await chat.say(u.user, question))
            lang = score.by_lang.setdefault(u.lang, [0, 0])
            lang[1] += 1
            score.questions += 1
            score.asked_kept += kept[n]
            if answers(reply, told, u.lang, phrasing):
                score.answered += 1
                score.answered_kept += kept[n]
                lang[0] += 1
            else:
                score.misses.append(f"{u.lang} {question!r} (told {told.sentence!r}) → {reply!r}")
            if reply_language(reply) == u.lang:
                score.in_language += 1
    still = [t for _, t in unasked if _is_still_true(t)]
    score.still_true = len(still)
    score.still_true_about_name = sum(1 for t in still if re.search(r"\bname\b", t, re.I))
    return score


def _shows(text: str, told: Told) -> bool:
    """Whether ``text`` (lower case) shows what ``told`` said: a fact's whole value, or half
    the sentence's content words."""
    if any(v and v.lower() in text for _, v in told.facts):
        return True
    if not told.words:
        return False
    found = sum(1 for w in told.words if re.search(rf"\b{re.escape(w)}", text))
    return found * 2 >= len(told.words)


def answers(reply: str, told: Told, lang: str = "en", phrasing: Phrasing | None = None) -> bool:
    """Whether a reply answers with what was told, however the slot around it is worded in
    the user's language: it names a told fact's value (the whole of it, "the who", or one of
    its content words or numbers), or says the fact in the bot's own phrase for it in
    ``lang``; and it is not an "I don't know". Naming a different fact is no answer, even one
    of the same kind ("your favourite colour: blue" for "My favorite band is the who.")."""
    low = reply.lower()
    if "don't know" in low or "haven't told me" in low:
        return False
    for key, value in told.facts:
        if value and re.search(rf"(?<!\w){re.escape(value.lower())}(?!\w)", low):
            return True
        said = phrasing(lang, key, value) if phrasing and value else None
        if said and said.lower() in low:
            return True
    return any(re.search(rf"\b{re.escape(w)}", low) for w in told.value_words)


async def run_life(
    make_chat: Callable[[str], Any],
    *,
    path: Path,
    users: int = 10,
    facts_per_user: int = 6,
    progress: Progress | None = None,
    phrasing: Phrasing | None = None,
) -> LifeReport:
    """Both splits' lives, each on a fresh bot from ``make_chat(split)`` (an async context
    manager giving a :class:`LifeChat`); ``phrasing``: the bot's slot phrases."""
    personas = load_personas(path)
    scores: dict[str, LifeScore] = {}
    for split, heldout in (("train", False), ("valid", True)):
        chosen = build_users(personas[split], split, users, facts_per_user)
        async with make_chat(split) as chat:
            scores[split] = await live(
                chat, chosen, heldout=heldout, progress=progress, phrasing=phrasing
            )
    return LifeReport(scores["train"], scores["valid"])
