"""Statements in German, Spanish, French and Russian (``membot eval statements``).

What an ordinary user says in a first week — where they live or moved to, job and employer,
partner, children and pets with names, age, allergies and diet, languages, hobbies, favourite
things, birthday, studies — written for membot in a chat register (lower case, missing
accents, fillers), each with the question the user would ask about it later.

Two labelled sets (``labels/intl_statements_tune.jsonl`` to develop the rules,
``labels/intl_statements_heldout.jsonl`` written first and only scored). A row is ``user``
(rows of one user are told to the same bot user, so an answer must pick the right one of
several facts), ``lang``, ``say``, ``ask``, ``slots`` (key pattern → value, ``null`` for any
value: the slots the statement must fill), ``not`` (key patterns that must not be filled:
"ich studiere …" is no job) and ``answer`` (patterns the reply must hold, all of them, in
lower case without accents). Optional: ``nothing`` (``true``: the line must store nothing — a
question, a hypothetical, someone else's plan; scored as **junk**) and ``ack_not`` (patterns the
bot's acknowledgement of ``say`` must not hold, in lower case without accents). Other sets in
the same shape (``labels/statements_blind9.jsonl``) are scored with ``--set PATH``, which also
gives **facts** (single expected facts found), **wrong values** (a fact's key filled with another
value) and **junk** per language.

Scores per set: **slots** (rows whose every expected slot is filled with its value), **wrong**
(rows that filled a forbidden slot, or a value spanning two clauses), **kept** (rows from which
something was stored — a slot or a note: nothing said is lost), **answered** (the reply to the
question names what was told) and **in language** (replies in the user's language).
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path
from typing import Any

from memory_core.evaluation.extraction import facts_of
from memory_core.evaluation.life import START, LifeChat, reply_language
from memory_core.extract.base import Candidate, Extractor

LABELS = Path(__file__).parent / "labels"
TUNE_PATH = LABELS / "intl_statements_tune.jsonl"
HELDOUT_PATH = LABELS / "intl_statements_heldout.jsonl"
Progress = Callable[[str, int, int], None]


@dataclass(frozen=True, slots=True)
class Row:
    """One statement, the slots it must fill and the question asked about it."""

    user: str
    lang: str
    say: str
    ask: str
    slots: dict[str, str | None]
    forbidden: tuple[str, ...]
    answer: tuple[str, ...]
    #: A line that must store nothing (a question, a hypothetical, someone else's plan).
    nothing: bool = False
    #: Patterns the acknowledgement of ``say`` must not hold ("which they service yourself").
    ack_not: tuple[str, ...] = ()


def load_rows(path: Path) -> list[Row]:
    """The labelled rows of one set."""
    rows: list[Row] = []
    for raw in path.read_text(encoding="utf-8").splitlines():
        if raw.strip():
            r = json.loads(raw)
            rows.append(
                Row(
                    r["user"],
                    r["lang"],
                    r["say"],
                    r.get("ask", ""),
                    dict(r.get("slots", {})),
                    tuple(r.get("not", ())),
                    tuple(r.get("answer", ())),
                    bool(r.get("nothing", False)),
                    tuple(r.get("ack_not", ())),
                )
            )
    return rows


def plain(text: str) -> str:
    """``text`` in lower case without accents ("Köln" → "koln", "Артём" → "артем")."""
    decomposed = unicodedata.normalize("NFKD", text.lower())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


#: "family.son.mateo.name" is also "family.son.name" for a pattern that names no person.
_PERSON_KEY = re.compile(r"^(family\.[^.]+)\.[^.]+\.(name|age|job)$")
#: A value that runs over a clause boundary ("Köln und arbeite", "Bath, which suits me",
#: "a nurse though I").
_CLAUSE = re.compile(
    r",|;|\s(?:und|y|e|et|и|and|pero|mais|aber|но|but|which|though|although|because|obwohl"
    r"|weil|aunque|porque|хотя|потому|который|которая|которое)\s",
    re.IGNORECASE,
)


def _key_matches(pattern: str, key: str) -> bool:
    keys = {key, _PERSON_KEY.sub(r"\1.\2", key)}
    return any(re.fullmatch(pattern, k) for k in keys)


def _slot_ok(pattern: str, value: str | None, found: Sequence[Candidate]) -> bool:
    for cand in found:
        if _key_matches(pattern, cand.key) and (
            value is None or plain(cand.value or "") == plain(value)
        ):
            return True
    return False


@dataclass(slots=True)
class StatementScore:
    """One set's figures."""

    rows: int = 0
    nothing_rows: int = 0
    asked: int = 0
    slots_expected: int = 0
    slots_right: int = 0
    wrong: int = 0
    kept: int = 0
    answered: int = 0
    in_language: int = 0
    by_lang: dict[str, list[int]] = field(default_factory=dict)  # lang → [slots, answered, n]
    #: Single expected facts (a row may expect several), those whose key was filled with
    #: another value, lines meant to store nothing that stored something, and
    #: acknowledgements holding a forbidden pattern.
    facts_expected: int = 0
    facts_right: int = 0
    wrong_values: int = 0
    junk: int = 0
    bad_acks: int = 0
    #: lang → [facts right, facts expected, wrong values, junk, lines to store nothing]
    facts_by_lang: dict[str, list[int]] = field(default_factory=dict)
    misses: list[str] = field(default_factory=list)

    def as_json(self) -> dict[str, Any]:
        """Counts, per language too, and the first misses."""
        out: dict[str, Any] = {
            "rows": self.rows,
            "slots": f"{self.slots_right}/{self.slots_expected}",
            "wrong": self.wrong,
            "kept": f"{self.kept}/{self.rows - self.nothing_rows}",
            "answered": f"{self.answered}/{self.asked}",
            "in_language": f"{self.in_language}/{self.asked}",
            "by_language": {
                lang: {"slots": f"{s}/{e}", "answered": f"{a}/{n}"}
                for lang, (s, e, a, n) in sorted(self.by_lang.items())
            },
        }
        if self.nothing_rows or self.bad_acks or self.facts_expected > self.slots_expected:
            out["facts"] = f"{self.facts_right}/{self.facts_expected}"
            out["wrong_values"] = self.wrong_values
            out["junk"] = f"{self.junk}/{self.nothing_rows}"
            out["bad_acks"] = self.bad_acks
            out["facts_by_language"] = {
                lang: {"facts": f"{r}/{e}", "wrong_values": w, "junk": f"{j}/{n}"}
                for lang, (r, e, w, j, n) in sorted(self.facts_by_lang.items())
            }
        out["misses"] = self.misses
        return out


@dataclass(frozen=True, slots=True)
class StatementsReport:
    """Both sets."""

    tune: StatementScore
    heldout: StatementScore

    def as_json(self) -> dict[str, Any]:
        """Everything, for ``--json``."""
        return {"tune": self.tune.as_json(), "heldout": self.heldout.as_json()}


def _spans_clause(cand: Candidate) -> bool:
    value = cand.value or ""
    return not cand.key.startswith("note.") and bool(_CLAUSE.search(value))


async def score_extraction(
    rows: Sequence[Row], extractor: Extractor, score: StatementScore
) -> None:
    """The slot, wrong and kept counts of ``rows`` (the extractor alone, no bot)."""
    for row in rows:
        found = await facts_of(row.say, extractor)
        lang = score.by_lang.setdefault(row.lang, [0, 0, 0, 0])
        facts = score.facts_by_lang.setdefault(row.lang, [0, 0, 0, 0, 0])
        score.rows += 1
        if row.nothing:
            score.nothing_rows += 1
            facts[4] += 1
            if found:
                score.junk += 1
                facts[3] += 1
                got = {c.key: c.value for c in found}
                score.misses.append(f"junk {row.lang} {row.say!r}: {got}")
            continue
        lang[3] += 1  # the rows asked about: a line that stores nothing has no question
        score.kept += bool(found)
        for pattern, value in row.slots.items():
            score.facts_expected += 1
            facts[1] += 1
            if _slot_ok(pattern, value, found):
                score.facts_right += 1
                facts[0] += 1
            elif _slot_ok(pattern, None, found):
                score.wrong_values += 1
                facts[2] += 1
        if row.slots:
            score.slots_expected += 1
            lang[1] += 1
            missing = [p for p, v in row.slots.items() if not _slot_ok(p, v, found)]
            if not missing:
                score.slots_right += 1
                lang[0] += 1
            else:
                got = {c.key: c.value for c in found}
                score.misses.append(f"slots {row.lang} {row.say!r}: missing {missing}, got {got}")
        bad = [c.key for c in found if any(_key_matches(p, c.key) for p in row.forbidden)]
        bad += [c.key for c in found if _spans_clause(c)]
        if bad:
            score.wrong += 1
            score.misses.append(f"wrong {row.lang} {row.say!r}: {bad}")


def answers(reply: str, row: Row) -> bool:
    """Whether ``reply`` holds every pattern of the row's answer, each at a word's start."""
    text = plain(reply)
    return all(re.search(rf"(?<!\w)(?:{p})", text) for p in row.answer)


async def score_answers(chat: LifeChat, rows: Sequence[Row], score: StatementScore) -> None:
    """Tell each user their statements, a minute apart, then ask each question."""
    await chat.advance(START)
    by_user: dict[str, list[Row]] = {}
    for row in rows:
        by_user.setdefault(row.user, []).append(row)
    for user, told in by_user.items():
        for row in told:
            ack = plain(" ".join(await chat.say(user, row.say)))
            if any(re.search(p, ack) for p in row.ack_not):
                score.bad_acks += 1
                score.misses.append(f"ack {row.lang} {row.say!r} → {ack!r}")
            await chat.advance(chat.now() + timedelta(minutes=1))
    await chat.advance(chat.now() + timedelta(hours=1))
    for user, told in by_user.items():
        for row in told:
            if not row.ask:
                continue
            score.asked += 1
            reply = " ".join(await chat.say(user, row.ask))
            if answers(reply, row):
                score.answered += 1
                score.by_lang[row.lang][2] += 1
            else:
                score.misses.append(f"answer {row.lang} {row.ask!r} (told {row.say!r}) → {reply!r}")
            score.in_language += reply_language(reply) == row.lang


async def run_statements(
    extractor: Extractor,
    make_chat: Callable[[str], Any],
    *,
    tune_path: Path = TUNE_PATH,
    heldout_path: Path = HELDOUT_PATH,
    progress: Progress | None = None,
) -> StatementsReport:
    """Both sets: the extractor on each statement, then each set told to and asked of a fresh
    bot from ``make_chat(split)`` (an async context manager giving a :class:`LifeChat`)."""
    scores: list[StatementScore] = []
    paths = (("tune", tune_path), ("heldout", heldout_path))
    for n, (split, path) in enumerate(paths, 1):
        rows = load_rows(path)
        score = StatementScore()
        await score_extraction(rows, extractor, score)
        async with make_chat(split) as chat:
            await score_answers(chat, rows, score)
        scores.append(score)
        if progress:
            progress("sets", n, len(paths))
    return StatementsReport(scores[0], scores[1])


async def run_statement_sets(
    extractor: Extractor,
    make_chat: Callable[[str], Any],
    paths: Sequence[Path],
    *,
    progress: Progress | None = None,
) -> dict[str, StatementScore]:
    """Any labelled sets (``--set labels/statements_blind9.jsonl``), each scored like the
    shipped two and told to a fresh bot; keyed by the file's stem."""
    scores: dict[str, StatementScore] = {}
    for n, path in enumerate(paths, 1):
        rows = load_rows(path)
        score = StatementScore()
        await score_extraction(rows, extractor, score)
        async with make_chat(path.stem) as chat:
            await score_answers(chat, rows, score)
        scores[path.stem] = score
        if progress:
            progress("sets", n, len(paths))
    return scores
