"""Extraction evaluation on crowd-written persona sentences (for ``membot eval extraction``).

How often does an extractor learn something from how people actually describe themselves, and
how often is what it learns wrong? The sentences (the MSC personas, ``"I have two pet snakes."``)
are split deterministically by a hash of each sentence into a *tune* part, for developing rules,
and a *held-out* part that only scores them. Coverage is measured on both parts automatically;
precision needs a person: a sample drawn from the held-out part is labelled by hand (one JSON
line per sentence, each produced fact marked ``correct`` or ``wrong`` with a reason) and scored
here. Labels name the exact fact text they judged, so a label whose fact the extractor no longer
produces is reported stale instead of silently counted.

Only what the learner would store counts: candidates marked temporary or secret are dropped
by the pipeline on an ordinary (not explicit) turn, so they are no facts here either.
"""

from __future__ import annotations

import hashlib
import json
import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from memory_core.extract.base import Candidate, Extractor, TurnInput
from memory_core.read import people
from memory_core.values import SECRET_CATEGORIES

#: Share of the sentences held out from tuning (by hash, so it is stable across runs).
HELD_OUT_SHARE = 0.30
#: The turn time every sentence is extracted at (dates in a sentence resolve against it).
EVAL_TIME = datetime(2026, 3, 2, 9, 30, tzinfo=UTC)
#: Where the hand labels live (one JSON object per line).
LABELS_PATH = Path(__file__).parent / "labels" / "extraction_labels.jsonl"
#: Targets of issue 14, goal 1 (coverage on the held-out part, precision of the labels).
TARGETS: dict[str, float] = {"coverage": 0.85, "precision": 0.95}
CORRECT = "correct"
WRONG = "wrong"


# ---- the sentences ----------------------------------------------------------------------------


def load_persona_sentences(path: Path) -> list[str]:
    """The distinct persona sentences of an MSC personas file, whitespace-collapsed, sorted."""
    raw = json.loads(path.read_text(encoding="utf-8"))
    groups: Iterable[Any] = raw.values() if isinstance(raw, dict) else [raw]
    found: set[str] = set()
    for group in groups:
        for item in group:
            for speaker in ("Speaker 1", "Speaker 2"):
                for sentence in item.get(speaker, ()):
                    text = " ".join(str(sentence).split())
                    if text:
                        found.add(text)
    return sorted(found)


def _bucket(sentence: str, salt: str = "") -> int:
    digest = hashlib.sha256((salt + sentence).encode("utf-8")).hexdigest()
    return int(digest[:12], 16)


def is_held_out(sentence: str, share: float = HELD_OUT_SHARE) -> bool:
    """True when ``sentence`` belongs to the held-out part (a hash of its text decides)."""
    return _bucket(sentence) % 10_000 < round(share * 10_000)


def split(sentences: Iterable[str], share: float = HELD_OUT_SHARE) -> tuple[list[str], list[str]]:
    """(tune, held_out): the sentences to develop on, and the ones that only score."""
    tune: list[str] = []
    held: list[str] = []
    for sentence in sentences:
        (held if is_held_out(sentence, share) else tune).append(sentence)
    return tune, held


def draw_sample(sentences: Iterable[str], n: int, salt: str = "label-sample") -> list[str]:
    """``n`` sentences in a stable pseudo-random order (a salted hash), for hand labelling."""
    return sorted(set(sentences), key=lambda s: (_bucket(s, salt), s))[:n]


# ---- running an extractor ---------------------------------------------------------------------


def stored(candidates: Iterable[Candidate]) -> list[Candidate]:
    """The candidates the learner would keep from an ordinary turn of a new user (no
    temporary, no secret; people filed as learning files them, strangers' tastes dropped)."""
    kept = [
        c
        for c in candidates
        if not c.temporary and not (c.sensitive and c.category in SECRET_CATEGORIES)
    ]
    return people.rekey(kept, ()) if any(people.parse_key(c.key) for c in kept) else kept


async def facts_of(
    sentence: str, extractor: Extractor, now: datetime = EVAL_TIME
) -> list[Candidate]:
    """What ``extractor`` would store from ``sentence`` said as one ordinary turn."""
    return stored(await extractor.extract(TurnInput(user_text=sentence, time=now)))


@dataclass(frozen=True, slots=True)
class ExtractionReport:
    """Coverage of one set of sentences: how many yielded a fact, and of which kinds."""

    sentences: int
    covered: int
    facts: int
    seconds: float
    by_category: dict[str, int] = field(default_factory=dict)
    by_kind: dict[str, int] = field(default_factory=dict)

    @property
    def coverage(self) -> float:
        """Share of the sentences that yielded at least one stored fact."""
        return self.covered / self.sentences if self.sentences else 0.0

    @property
    def sentences_per_second(self) -> float:
        """Extraction speed over the whole set."""
        return self.sentences / self.seconds if self.seconds > 0 else 0.0

    def as_json(self) -> dict[str, Any]:
        """Counts, ratios and the breakdowns (most frequent first)."""
        return {
            "sentences": self.sentences,
            "covered": self.covered,
            "coverage": round(self.coverage, 4),
            "facts": self.facts,
            "seconds": round(self.seconds, 3),
            "sentences_per_second": round(self.sentences_per_second, 1),
            "by_category": self.by_category,
            "by_kind": self.by_kind,
        }


def key_kind(key: str) -> str:
    """The family of a fact key: its first segment ("family.sister.name" → "family")."""
    return key.split(".", 1)[0]


async def evaluate(
    sentences: Sequence[str], extractor: Extractor, now: datetime = EVAL_TIME
) -> ExtractionReport:
    """Run ``extractor`` on each sentence as its own ordinary turn and count what it stores."""
    categories: Counter[str] = Counter()
    kinds: Counter[str] = Counter()
    covered = facts = 0
    started = time.perf_counter()
    for sentence in sentences:
        found = await facts_of(sentence, extractor, now)
        covered += bool(found)
        facts += len(found)
        categories.update(c.category.value for c in found)
        kinds.update(key_kind(c.key) for c in found)
    seconds = time.perf_counter() - started
    return ExtractionReport(
        sentences=len(sentences),
        covered=covered,
        facts=facts,
        seconds=seconds,
        by_category=dict(categories.most_common()),
        by_kind=dict(kinds.most_common()),
    )


# ---- hand labels ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class LabelledFact:
    """One produced fact and the verdict on it."""

    key: str
    value_text: str
    label: str
    reason: str = ""


@dataclass(frozen=True, slots=True)
class LabelledSentence:
    """A sampled sentence, the facts the extractor stored from it, and their labels."""

    sentence: str
    facts: tuple[LabelledFact, ...]

    def as_json(self) -> dict[str, Any]:
        """One JSON line of the labels file."""
        return {
            "sentence": self.sentence,
            "facts": [
                {"key": f.key, "value_text": f.value_text, "label": f.label, "reason": f.reason}
                for f in self.facts
            ],
        }


def parse_labels(lines: Iterable[str]) -> list[LabelledSentence]:
    """Labelled sentences from JSON lines (blank lines skipped)."""
    out: list[LabelledSentence] = []
    for line in lines:
        if not line.strip():
            continue
        row = json.loads(line)
        facts = tuple(
            LabelledFact(f["key"], f["value_text"], f.get("label", ""), f.get("reason", ""))
            for f in row.get("facts", ())
        )
        out.append(LabelledSentence(row["sentence"], facts))
    return out


def load_labels(path: Path = LABELS_PATH) -> list[LabelledSentence]:
    """The hand labels file (empty when it does not exist)."""
    if not path.exists():
        return []
    return parse_labels(path.read_text(encoding="utf-8").splitlines())


def dump_labels(rows: Iterable[LabelledSentence]) -> str:
    """The labels file's text: one JSON object per line."""
    return "".join(json.dumps(r.as_json(), ensure_ascii=False) + "\n" for r in rows)


async def relabel(
    sample: Sequence[str],
    extractor: Extractor,
    previous: Iterable[LabelledSentence] = (),
    now: datetime = EVAL_TIME,
) -> list[LabelledSentence]:
    """The sample's current outputs, keeping a previous label only where the fact is unchanged.

    A fact whose key or text changed gets an empty label: it must be judged again.
    """
    known = {(r.sentence, f.key, f.value_text): f for r in previous for f in r.facts}
    out: list[LabelledSentence] = []
    for sentence in sample:
        facts = []
        for cand in await facts_of(sentence, extractor, now):
            old = known.get((sentence, cand.key, cand.value_text))
            facts.append(old or LabelledFact(cand.key, cand.value_text, ""))
        out.append(LabelledSentence(sentence, tuple(facts)))
    return out


@dataclass(frozen=True, slots=True)
class PrecisionReport:
    """What the hand labels say: how many stored facts are right, and how many sentences got one."""

    sentences: int
    sentences_with_facts: int
    sentences_with_correct: int
    facts: int
    correct: int
    wrong: int
    unlabelled: int
    stale: tuple[str, ...] = ()
    wrong_examples: tuple[tuple[str, str, str], ...] = ()

    @property
    def precision(self) -> float:
        """Correct facts over labelled facts."""
        judged = self.correct + self.wrong
        return self.correct / judged if judged else 0.0

    @property
    def correct_coverage(self) -> float:
        """Share of the sampled sentences that yielded at least one correct fact."""
        return self.sentences_with_correct / self.sentences if self.sentences else 0.0

    def as_json(self) -> dict[str, Any]:
        """Counts, ratios, the stale sentences and the wrong facts with their reasons."""
        return {
            "sentences": self.sentences,
            "sentences_with_facts": self.sentences_with_facts,
            "sentences_with_correct": self.sentences_with_correct,
            "correct_coverage": round(self.correct_coverage, 4),
            "facts": self.facts,
            "correct": self.correct,
            "wrong": self.wrong,
            "unlabelled": self.unlabelled,
            "precision": round(self.precision, 4),
            "stale": list(self.stale),
            "wrong_examples": [
                {"sentence": s, "value_text": t, "reason": r} for s, t, r in self.wrong_examples
            ],
        }


def labelled_precision(
    labelled: Sequence[LabelledSentence], stale: Sequence[str] = ()
) -> PrecisionReport:
    """Score the hand labels (facts with no ``correct``/``wrong`` verdict count as unlabelled)."""
    correct = wrong = unlabelled = with_facts = with_correct = 0
    wrong_examples: list[tuple[str, str, str]] = []
    for row in labelled:
        with_facts += bool(row.facts)
        row_correct = False
        for f in row.facts:
            if f.label == CORRECT:
                correct += 1
                row_correct = True
            elif f.label == WRONG:
                wrong += 1
                wrong_examples.append((row.sentence, f.value_text, f.reason))
            else:
                unlabelled += 1
        with_correct += row_correct
    return PrecisionReport(
        sentences=len(labelled),
        sentences_with_facts=with_facts,
        sentences_with_correct=with_correct,
        facts=correct + wrong + unlabelled,
        correct=correct,
        wrong=wrong,
        unlabelled=unlabelled,
        stale=tuple(stale),
        wrong_examples=tuple(wrong_examples),
    )


async def stale_sentences(
    labelled: Sequence[LabelledSentence], extractor: Extractor, now: datetime = EVAL_TIME
) -> list[str]:
    """Labelled sentences whose current output is not exactly the facts that were judged."""
    out: list[str] = []
    for row in labelled:
        current = [(c.key, c.value_text) for c in await facts_of(row.sentence, extractor, now)]
        if current != [(f.key, f.value_text) for f in row.facts]:
            out.append(row.sentence)
    return out


# ---- the whole evaluation ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ExtractionEval:
    """Coverage on both parts, and precision from the hand labels."""

    tune: ExtractionReport
    held_out: ExtractionReport
    precision: PrecisionReport

    @property
    def targets_met(self) -> dict[str, bool]:
        """Held-out coverage and labelled precision against :data:`TARGETS`."""
        return {
            "coverage": self.held_out.coverage >= TARGETS["coverage"],
            "precision": self.precision.precision >= TARGETS["precision"]
            and not self.precision.stale
            and not self.precision.unlabelled,
        }

    def lines(self) -> list[str]:
        """The human report, one line each (what ``membot eval extraction`` prints)."""
        p = self.precision
        met = self.targets_met
        out = [
            f"{name:<9} {r.covered:>6}/{r.sentences:<6} sentences yield a fact "
            f"({r.coverage:.1%}), {r.facts} facts, {r.sentences_per_second:,.0f} sentences/s"
            for name, r in (("tune", self.tune), ("held-out", self.held_out))
        ]
        out.append(
            f"labels    {p.correct}/{p.correct + p.wrong} labelled facts correct "
            f"({p.precision:.1%}); {p.sentences_with_correct}/{p.sentences} sampled sentences "
            f"yield a correct fact ({p.correct_coverage:.1%})"
        )
        if p.unlabelled or p.stale:
            out.append(
                f"          {p.unlabelled} unlabelled facts, {len(p.stale)} stale sentences: "
                "run scripts/extraction_labels.py draw and label them"
            )
        out += [f"  wrong: {t}  ({r})" for _s, t, r in p.wrong_examples]
        verdict = "met" if all(met.values()) else "missed"
        out.append(
            f"targets {verdict}: held-out coverage {self.held_out.coverage:.1%} "
            f"(≥ {TARGETS['coverage']:.0%}: {'yes' if met['coverage'] else 'no'}), "
            f"precision {p.precision:.1%} (≥ {TARGETS['precision']:.0%}: "
            f"{'yes' if met['precision'] else 'no'})"
        )
        return out

    def as_json(self) -> dict[str, Any]:
        """``{"tune": …, "held_out": …, "labels": …, "targets": …}``."""
        return {
            "tune": self.tune.as_json(),
            "held_out": self.held_out.as_json(),
            "labels": self.precision.as_json(),
            "targets": {"wanted": dict(TARGETS), "met": self.targets_met},
        }


class _Counted:
    """An extractor that reports each sentence it is given: ``progress(done, total)``."""

    def __init__(self, inner: Extractor, total: int, progress: Callable[[int, int], None]) -> None:
        self.inner, self.total, self.progress, self.done = inner, total, progress, 0

    async def extract(self, turn: TurnInput) -> list[Candidate]:
        """The inner extractor's candidates; the count moves on by one."""
        try:
            return await self.inner.extract(turn)
        finally:
            self.done = min(self.done + 1, self.total)
            self.progress(self.done, self.total)


async def run_extraction_eval(
    personas: Path,
    extractor: Extractor,
    labels: Path = LABELS_PATH,
    progress: Callable[[int, int], None] | None = None,
) -> ExtractionEval:
    """Coverage of ``extractor`` on the tune and held-out parts of ``personas``, and the labels'
    precision (stale labels, whose fact the extractor no longer produces, are listed).
    ``progress(done, total)`` is told after each sentence."""
    tune, held = split(load_persona_sentences(personas))
    labelled = load_labels(labels)
    if progress is not None:
        total = len(tune) + len(held) + len(labelled)
        extractor = _Counted(extractor, total, progress)
    return ExtractionEval(
        tune=await evaluate(tune, extractor),
        held_out=await evaluate(held, extractor),
        precision=labelled_precision(labelled, await stale_sentences(labelled, extractor)),
    )
