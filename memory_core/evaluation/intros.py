"""Dense introductions and chat noise: does one chat line keep every fact it states, and no junk?

The labelled lines (``labels/intros_noise.jsonl``, written for membot, one JSON object per line)
are of two kinds: an introduction or plain statement with the facts it must yield (``expect``:
key → value, compared case-insensitively), and *junk* (``"junk": true``: hyperbole, sarcasm,
passing moments, remarks about the world, greetings, hypotheticals) from which nothing may be
stored. A line is split by a hash of its text into a *tune* part, for developing the rules,
and a *held-out* part that only scores them (``membot eval intros``).

A row is either one message (``"text"``) or a short chat (``"messages"``: each one an ordinary
turn of its own, the chat scored on the union of what its turns keep).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fnmatch import fnmatchcase
from pathlib import Path
from typing import Any

from memory_core.evaluation.extraction import EVAL_TIME, facts_of, is_held_out
from memory_core.extract.base import Extractor

LABELS_PATH = Path(__file__).parent / "labels" / "intros_noise.jsonl"
#: Lines written to develop the rules on (all in the tune part).
TUNE_PATH = Path(__file__).parent / "labels" / "intros_tune.jsonl"
#: The blind lines: held out whatever their hash, never tuned on.
BLIND_PATH = Path(__file__).parent / "labels" / "intros_blind.jsonl"
#: The second blind batch: chats in the peer-card style (lower case, emoji, typos, a junk
#: sentence inside an introduction), written before the rules that score it were changed.
BLIND2_PATH = Path(__file__).parent / "labels" / "intros_blind2.jsonl"
#: The third blind batch: dense chat introductions (short names, jobs no list names, ages in
#: many shapes, study and place) and junk lines, written before the rules were read.
BLIND3_PATH = Path(__file__).parent / "labels" / "intros_blind3.jsonl"
#: The fourth blind batch: chats of one to four messages (introductions in many shapes, eight
#: in German, Spanish, French and Russian, noise inside and alone), written before the rules
#: were read.
BLIND4_PATH = Path(__file__).parent / "labels" / "intros_blind4.jsonl"
#: The fifth blind batch: dense profile cards and first messages (name, age, job, city,
#: family, pets, languages in one or two lines; eight or more chats each in German, Spanish,
#: French and Russian, written natively) and noise that must store nothing, written before
#: any rule, other label set or test sentence was read.
BLIND5_PATH = Path(__file__).parent / "labels" / "intros_blind5.jsonl"
#: The parts that only score, whatever a line's hash.
BLIND_PARTS = ("blind", "blind2", "blind3", "blind4", "blind5")
#: Share of the lines held out from tuning.
HELD_OUT_SHARE = 0.5


@dataclass(frozen=True, slots=True)
class Line:
    """One labelled chat line: what it must yield, or that it is junk."""

    text: str
    expect: dict[str, str]
    junk: bool
    #: The part its file puts it in (``tune`` or a blind part), or ``""``: a hash of
    #: its text.
    fixed: str = ""
    #: Words no kept fact may hold: the junk inside a statement ("… the bus was late AGAIN").
    never: tuple[str, ...] = ()
    #: A chat's messages, each its own turn (empty: ``text`` is the one message).
    messages: tuple[str, ...] = ()
    #: Its line number in its file (1-based): how a report names a blind line.
    number: int = 0

    @property
    def id(self) -> str:
        """``<part>:<line number>`` ("blind3:7")."""
        return f"{self.part}:{self.number}"

    @property
    def turns(self) -> tuple[str, ...]:
        """The messages said, one turn each."""
        return self.messages or (self.text,)

    @property
    def held_out(self) -> bool:
        """True when the line only scores (a blind line always; else a hash of its text)."""
        if self.fixed:
            return self.fixed in BLIND_PARTS
        return is_held_out(self.text, HELD_OUT_SHARE)

    @property
    def part(self) -> str:
        """``tune``, ``held_out`` or a blind part (``blind`` … ``blind5``)."""
        return self.fixed or ("held_out" if self.held_out else "tune")


def load_lines(path: Path = LABELS_PATH, *, part: str = "") -> list[Line]:
    """The labelled lines of one file (``part``: the part they all belong to, if one)."""
    out: list[Line] = []
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if raw.strip():
            row = json.loads(raw)
            expect = dict(row.get("expect", {}))
            never = tuple(row.get("never", ()))
            messages = tuple(row.get("messages", ()))
            text = row.get("text") or " | ".join(messages)
            junk = bool(row.get("junk"))
            out.append(Line(text, expect, junk, part, never, messages, number))
    return out


def load_all() -> list[Line]:
    """The lines split by hash, the tune-only ones, then the blind batches."""
    return [
        *load_lines(),
        *load_lines(TUNE_PATH, part="tune"),
        *load_lines(BLIND_PATH, part="blind"),
        *load_lines(BLIND2_PATH, part="blind2"),
        *load_lines(BLIND3_PATH, part="blind3"),
        *load_lines(BLIND4_PATH, part="blind4"),
        *load_lines(BLIND5_PATH, part="blind5"),
    ]


def _value_matches(expected: str, value: str, text: str) -> bool:
    want = expected.casefold()
    if want.startswith("~"):
        return want[1:] in text.casefold()
    return want in (value.casefold(), text.casefold())


def _kept_matches(
    pattern: str, expected: str, kept: Mapping[str, str], texts: Mapping[str, str]
) -> bool:
    return any(
        _value_matches(expected, value, texts.get(key, value))
        for key, value in kept.items()
        if any(fnmatchcase(key, alt) for alt in pattern.split("|"))
    )


@dataclass(frozen=True, slots=True)
class LineResult:
    """What the extractor kept from one line, and whether that holds."""

    line: Line
    kept: dict[str, str]
    #: Each kept key's whole fact text (for ``~`` values).
    texts: dict[str, str] = field(default_factory=dict)

    @property
    def missing(self) -> dict[str, str]:
        """Expected facts not kept with the expected value."""
        return {
            k: v
            for k, v in self.line.expect.items()
            if not _kept_matches(k, v, self.kept, self.texts)
        }

    @property
    def junk_kept(self) -> dict[str, str]:
        """Kept facts that are junk: all of a junk line's; a statement's that hold a word it
        names as never to be kept."""
        if self.line.junk:
            return dict(self.kept)
        words = [w.casefold() for w in self.line.never]
        return {
            k: v
            for k, v in self.kept.items()
            if any(w in f"{k} {v} {self.texts.get(k, '')}".casefold() for w in words)
        }

    @property
    def holds(self) -> bool:
        """Junk: nothing kept; a statement: every expected fact kept, and no junk."""
        return not self.junk_kept and (self.line.junk or not self.missing)


@dataclass(frozen=True, slots=True)
class IntrosReport:
    """Per part (tune, held-out): lines that hold, expected facts found, junk facts stored."""

    results: tuple[LineResult, ...]

    def part(self, name: str | bool) -> dict[str, Any]:
        """The figures of one part (``tune``, ``held_out`` or a blind part; a bool means
        tune or held-out, as before the blind parts). Junk facts count those kept from junk
        lines and the junk kept inside statements."""
        if isinstance(name, bool):
            name = "held_out" if name else "tune"
        rows = [r for r in self.results if r.line.part == name]
        statements = [r for r in rows if not r.line.junk]
        junk = [r for r in rows if r.line.junk]
        expected = sum(len(r.line.expect) for r in statements)
        found = expected - sum(len(r.missing) for r in statements)
        return {
            "lines": len(rows),
            "hold": sum(r.holds for r in rows),
            "statements": len(statements),
            "statements_hold": sum(r.holds for r in statements),
            "expected_facts": expected,
            "found_facts": found,
            "junk_lines": len(junk),
            "junk_facts": sum(len(r.junk_kept) for r in rows),
        }

    def as_json(self, *, blind_lines: bool = False) -> dict[str, Any]:
        """Every part's figures and every line that does not hold; a blind line by its id
        and counts, its words only with ``blind_lines`` (a blind line read is no longer
        blind)."""
        return {
            "tune": self.part("tune"),
            "held_out": self.part("held_out"),
            "blind": self.part("blind"),
            "blind2": self.part("blind2"),
            "blind3": self.part("blind3"),
            "blind4": self.part("blind4"),
            "blind5": self.part("blind5"),
            "failures": [
                _failure(r) if blind_lines or r.line.part not in BLIND_PARTS else _counted(r)
                for r in self.results
                if not r.holds
            ],
        }

    def lines(self, *, blind_lines: bool = False) -> list[str]:
        """The human report (a failing blind line by its id, as in ``as_json``)."""
        out = []
        for part in ("tune", "held_out", *BLIND_PARTS):
            name = part.replace("_", "-")
            p = self.part(part)
            if not p["lines"]:
                continue
            out.append(
                f"{name:<9} {p['hold']}/{p['lines']} lines hold; statements "
                f"{p['statements_hold']}/{p['statements']} "
                f"({p['found_facts']}/{p['expected_facts']} facts); "
                f"junk {p['junk_facts']} facts from {p['junk_lines']} junk lines"
            )
        for r in self.results:
            if r.holds:
                continue
            if blind_lines or r.line.part not in BLIND_PARTS:
                said = f"{r.line.text!r}: missing {r.missing}, kept {r.kept}"
                out.append(f"  [{r.line.id.replace('_', '-')}] {said}")
            else:
                c = _counted(r)
                out.append(
                    f"  [{r.line.id}] missing {c['missing']}, kept {c['kept']}, junk {c['junk']}"
                )
        return out


def _failure(r: LineResult) -> dict[str, Any]:
    """A failing line with its words, what it expects that was missed, and what was kept."""
    return {
        "id": r.line.id,
        "text": r.line.text,
        "held_out": r.line.held_out,
        "part": r.line.part,
        "missing": r.missing,
        "kept": r.kept,
    }


def _counted(r: LineResult) -> dict[str, Any]:
    """A failing blind line by its id and counts: facts missed, kept, junk kept."""
    return {
        "id": r.line.id,
        "part": r.line.part,
        "held_out": r.line.held_out,
        "missing": len(r.missing),
        "kept": len(r.kept),
        "junk": len(r.junk_kept),
    }


async def run_intros_eval(
    extractor: Extractor, lines: Sequence[Line] | None = None
) -> IntrosReport:
    """Run ``extractor`` on each labelled line (every part by default), each message of it as
    one ordinary turn."""
    results = []
    for line in load_all() if lines is None else lines:
        kept: dict[str, str] = {}
        texts: dict[str, str] = {}
        for turn in line.turns:
            for c in await facts_of(turn, extractor):
                kept[c.key] = c.value or c.value_text
                texts[c.key] = c.value_text
        results.append(LineResult(line, kept, texts))
    return IntrosReport(tuple(results))


__all__ = [
    "BLIND2_PATH",
    "BLIND3_PATH",
    "BLIND4_PATH",
    "BLIND5_PATH",
    "BLIND_PATH",
    "EVAL_TIME",
    "TUNE_PATH",
    "IntrosReport",
    "Line",
    "load_all",
    "load_lines",
    "run_intros_eval",
]
