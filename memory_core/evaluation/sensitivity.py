"""Score a sensitivity classifier against a labelled list of sentences (precision and recall).

The lists (``labels/sensitivity_*.jsonl``) hold one JSON object per line: ``text``, the
expected ``category`` (a :class:`~memory_core.values.Topic`: ``health``, ``self_harm``,
``finance``, ``identity_document``, ``credential``, ``sex_life``, ``religion``, ``politics``,
``union``, ``criminal``, ``immigration``; or ``null``), ``split``, ``batch`` and an optional
``area`` (``mental_health``, ``pregnancy``, ``debt`` …, reported as recall). The split is drawn
from a hash of the text (:func:`split_for`), so about a third of the sentences form a held-out
``test`` part that nobody picked by hand and the classifier was not tuned on. Batch 1 was written
before the classifier existed, batch 2 after its first version; batch 4 (the special categories,
``sensitivity_special_tune.jsonl`` / ``sensitivity_special_test.jsonl``) before their rules,
which were tuned on the tune file only. Batch 7 (``sensitivity_special_fresh.jsonl``) was
written after that, before its failures were read and before the rules were widened or the
embedding stage was trained: all of it is held out (``test``, whatever its hash says), and it
is also reported alone as the ``fresh`` split. Batch 10 (``sensitivity_special_fresh10.jsonl``,
special categories in five languages and harmless look-alikes) was written the same way before the
second round of tuning, and is reported alone as ``fresh10``. Batch 11
(``sensitivity_special_tune11.jsonl``) was written *for* tuning, after reading which kinds of
sentence the model missed on the tune rows: all of it is ``tune``, whatever its hash says, so that
nothing written with that knowledge lands in a held-out split; so is batch 12
(``sensitivity_special_tune12.jsonl``: instructions, steps and routines the reader by meaning
took for self-harm). Batch 13 (``sensitivity_special_fresh13.jsonl``: every category in
en/de/es/fr/ru as people type it, and harmless look-alikes — body features, hobbies and work on a
topic, news, idioms, people in public roles) was written before the third round of tuning, held
out whole and reported alone as ``fresh13``; batch 14 (``sensitivity_special_tune14.jsonl``:
harmless look-alikes and special categories in five languages, written after fresh13's first
figure) is tune whole. Batch 15 (``sensitivity_special_fresh15.jsonl``: every category in
en/de/es/fr/ru typed the way people chat — lowercase, slang, typos, lead-ins — with as many hard
look-alikes, third parties labelled as the earlier batches do) was written before the fourth round
of tuning, held out whole and reported alone as ``fresh15``; batch 16
(``sensitivity_special_tune16.jsonl``: first-person statements in de/es/fr/ru and look-alikes in
the same languages, written after fresh15's first figure) is tune whole. Batch 17
(``sensitivity_special_fresh17.jsonl``: every category, half in English and half in de/es/fr/ru,
chat register with indirect wording, and look-alikes) was written before the fifth round of tuning,
its figure taken before any change; it is held out whole and reported alone as ``fresh17``.
Batch 18 (``sensitivity_special_tune18.jsonl``: the weak topics — self-harm, debt, politics,
union, credentials said with no keyword, criminal record — and their look-alikes, in five
languages, written after fresh17's first figure and checked to repeat no sentence of another
list) is tune whole. Batch 19 (``sensitivity_special_fresh19.jsonl``: every category with
self-harm, debt, income and pregnancy, half in English and half in de/es/fr/ru, chat register with
some 40% look-alikes) was written before the sixth round of tuning, its figure taken before any
change; it is held out whole and reported alone as ``fresh19``. Batch 20
(``sensitivity_special_tune20.jsonl``: self-harm said as a passive wish in five languages, debts
being collected, worship and votes said in passing, and look-alikes of each — "i could sleep
forever after that hike", "the id number of my order is …", "zip for the shipping label: …";
written after fresh19's first figure, never from its sentences, and checked to come within a few
characters of no sentence of another list) is tune whole. Batch 21
(``sensitivity_special_fresh21.jsonl``: every category, pregnancy also said indirectly, ~55%
English and the rest in de/es/fr/ru, 40% look-alikes — supporting a team, church as a building,
votes in a TV show; checked to come within a few characters of no sentence of another list) was
written before the seventh round of tuning, its figure taken before any change; it is held out
whole and reported alone as ``fresh21``. Batch 23 (``sensitivity_special_fresh23.jsonl``: every
category with mental health, pregnancy, debt and income apart, said indirectly and casually with
typos, ~55% English and the rest de/es/fr/ru, ~40% look-alikes sharing words with them; checked to
come within a few characters of no sentence of another list) was written before the eighth round
of tuning and before its author read the rules or the earlier batches, its figure taken before any
change; it is held out whole and reported alone as ``fresh23``. Batch 24
(``sensitivity_special_tune24.jsonl``: religion and politics said in passing, debt, income with
its amount and pregnancy said indirectly in five languages, self-harm, health, and look-alikes;
written after fresh23's first figure from its per-topic figures only, rows near a held-out
sentence dropped) is tune whole. Batch 25 (``sensitivity_special_fresh25.jsonl``: every special
category with mental health, pregnancy, debt and income apart, said casually and obliquely, ~55%
English and the rest de/es/fr/ru, ~40% look-alikes — praise of a car or a tool, clubs, churches
as buildings, political TV, jobs in finance; rows near another list's sentence rewritten) was
written before the ninth round, its figure taken before any change; it is held out whole and
reported alone as ``fresh25``. Batch 26 (``sensitivity_special_tune26.jsonl``: pregnancy said
obliquely, the weak topics, and look-alikes — praise of things that never let one down, cars,
clubs and gyms — in five languages, written after fresh25's first figure and never from its
mistakes, rows near a held-out sentence dropped) is tune whole. Batch 27
(``sensitivity_special_fresh26.jsonl``, reported as ``fresh26``: every special category in
en/de/es/fr/ru, ~60% English, mental health, pregnancy, debt and income apart, said in chat
register, with ~36% look-alikes — a pregnancy test or IVF in a film, a shop or a lesson, "dying
to", churches and chapels as places, the student union, jobs on a ward; written before the tenth
round and before its author read the rules, every row checked to share no five-word run with
another list) is held out whole and reported alone as ``fresh26``. Batch 28
(``sensitivity_special_fresh27.jsonl``, reported as ``fresh27``: every special category in
en/de/es/fr/ru, ~60% English, mental health, pregnancy, debt and income apart, said casually and
indirectly, with ~38% look-alikes — a team supported, a cathedral visited, "expecting" a parcel,
a vote at a bake-off, a tourist office's "syndicat", jobs on a ward or at a consulate; written
before the eleventh round and before its author read the rules, every row checked to share no
five-word run with another list, the sources or the docs) is held out whole. Batch 29
(``sensitivity_special_tune29.jsonl``: every special category said casually in five languages
and ~38% look-alikes, written after fresh27's first figure and never from its sentences or
mistakes, rows sharing a five-word run with another list dropped) is tune whole and a selection
batch (:data:`SELECTION_BATCHES`): no rule is written from it and the reader is not fitted on it;
it only chooses the reader's thresholds. Batch 30
(``sensitivity_special_fresh28.jsonl``, reported as ``fresh28``: every special category in
en/de/es/fr/ru, about half English, mental health, pregnancy, debt and income apart, and ~52%
look-alikes — idioms of dying and killing, "my religion", money talk, order and ticket numbers, a
password changed, jobs on a ward or in finance, third parties in the news, a pregnant cat; written
before the twelfth round and before its author read the rules, every row checked to share no
five-word run with another list, the sources, the tests or the docs) is held out whole. Batch 31
(``sensitivity_special_tune31.jsonl``: religion, union membership, sex life, criminal records,
health and money said plainly in five languages, and look-alikes — third parties in the news,
jobs, strikes, churches visited, idioms; written after fresh28's first figure and never from its
mistakes, rows sharing a five-word run with another list dropped) is tune whole: the reader is
fitted on it, no rule was written from it. Batch 32 (``sensitivity_special_fresh29.jsonl``,
reported as ``fresh29``: 199 sentences of every special category in en/de/es/fr/ru, about half
English, mental health, pregnancy, debt and income apart, and 182 look-alikes — "record",
"party", "pass", a visa card, a church wedding's photographer, the student union, idioms of
dying, order and ticket numbers, a password reset, jobs on a ward or at the central bank, pets
expecting, and plain synthetic lines; written before the thirteenth round and before its author
read the rules, every row checked to share no five-word run with another list, the sources, the
tests or the docs) is held out whole. Batch 33 (``sensitivity_special_tune33.jsonl``: 91
look-alikes — words of health, money, numbers, faith, politics, unions and crime used in everyday
talk in five languages — and 17 sensitive sentences, written by fresh29's author after its first
figure and after reading its mistakes, from the classes the tune rows and the issue name; rows
sharing a five-word run with another list dropped) is tune whole: the reader is fitted on it, no
rule was written from it. Batch 35 (``sensitivity_special_tune35.jsonl``: 98 look-alikes —
health words said in passing in five languages: a low mood at a holiday's end, pregnancy tests on
a shop's shelf, a habit given up, a nuisance called a headache, a game's character, a first-aid
kit, nerves before a test, tiredness said as dying or sleeping like the dead, a clergy job, a
surgery's opening hours, a condition's name as a joke, a paint said to cause cancer — and 30
sensitive sentences with the same words; written by h-sens14 for the fourteenth round's classes,
rows sharing a five-word run with another list rewritten) is tune whole. Batch 36
(``sensitivity_special_fresh31.jsonl``, reported as ``fresh31``: 120 everyday look-alikes
written from situations — errands, sport, family logistics, work, pets at the vet, cooking,
school, travel, tiredness, appointments made for others — and 59 special-category sentences said
in the middle of the same situations, in en/de/es/fr/ru, about 60% English; written by h-sens15
before the fifteenth round and before its author read the rules, every row checked to share no
five-word run with another list, the sources, the tests or the docs; rules and reader 0.905 /
0.966, the rules alone 0.960 / 0.814 when it was written) is held out whole. Batch 37
(``sensitivity_special_tune37.jsonl``: 190 everyday look-alikes written from situations —
errands, sport, family logistics, work, pets at the vet, cooking, school, travel, tiredness,
appointments made for others — and 76 special-category sentences said in the same situations,
in five languages, written by h-sens15 after fresh31's first figure and never from its rows;
rows sharing a five-word run with another list rewritten) is tune whole. Batch 38
(``sensitivity_special_fresh33.jsonl``, reported as ``fresh33``: 60 special-category sentences
— every category, mental health, pregnancy, debt and income apart, said in chat register — and
61 everyday look-alikes sharing their words — a vet's antibiotics, a baby shower, a pub quiz's
politics round, a church hall, a mock election, a recipe, a strike that cancelled a train — 48
rows in English and 73 in de/es/fr/ru; written by h-sens16 before the sixteenth round, after
reading only this docstring and docs/privacy.md, every row checked to share no five-word run with
another list, the sources, the tests or the docs; rules and reader 0.926 / 0.833, the rules
alone 0.951 / 0.650 when it was written) is held out whole. Batch 39
(``sensitivity_special_tune39.jsonl``: 109 everyday look-alikes sharing words with the categories
that bind on the held-out rows — medicine fetched for a relative, tiredness after a school
evening, churches as venues, class and club votes, strikes, order and booking numbers, pets'
routine care, idioms of crime — and 85 special-category sentences as people say them, politics,
religion, sex life, criminal records and union membership most, in five languages; written by
h-sens16 after fresh33's first figure and never from its rows, from the test split's
per-category figures only; rows sharing a five-word run with another list rewritten, but the two
look-alikes the brief named) is tune whole. Batch 41
(``sensitivity_special_tune41.jsonl``: 96 rows written by h-sens17 — one's age said or put right
in five languages ("tengo 26, no 25") and ages beside a special category, numbers that are no
one's money, special categories said as people say them and the tune rows' missed phrasings
said anew, pets expecting, votes at a bake-off; rows sharing a five-word run with another list
rewritten) is tune whole. Batch 111
(``sensitivity_crisis_tune111.jsonl``: look-alikes of self-harm — goals revised downwards,
quitting for good, "I'm done with", dying of hunger or laughter, a boss's "will kill me if",
game deaths, sleeping forever, endings, fasting — and self-harm said obliquely, in five
languages, written for the crisis reply after the blind ``crisis_lookalikes_blind10.jsonl``,
which is not a ``sensitivity_*`` list and never loaded here) is tune whole. Everything here is
a pure function of the rows it is given.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from memory_core.errors import InvalidInputError
from memory_core.extract.sensitivity import sensitive_topic
from memory_core.values import Topic

#: The labelled sentences shipped with the package (every ``sensitivity_*.jsonl`` beside it).
LABELS_DIR = Path(__file__).parent / "labels"
SPLITS: tuple[str, ...] = ("tune", "test")
#: Batches written before anything was tuned on them: held out whole, and each reported alone
#: under its name.
FRESH_REPORTS: dict[int, str] = {
    7: "fresh",
    10: "fresh10",
    13: "fresh13",
    15: "fresh15",
    17: "fresh17",
    19: "fresh19",
    21: "fresh21",
    23: "fresh23",
    25: "fresh25",
    27: "fresh26",
    28: "fresh27",
    30: "fresh28",
    32: "fresh29",
    36: "fresh31",
    38: "fresh33",
}
FRESH_BATCHES: frozenset[int] = frozenset(FRESH_REPORTS)
#: Batches written to tune on: all ``tune``, whatever the hash says.
TUNE_BATCHES: frozenset[int] = frozenset(
    {11, 12, 14, 16, 18, 20, 22, 24, 26, 29, 31, 33, 35, 37, 39, 41, 111}
)
#: Tune batches that choose the reader's thresholds and nothing else: no rule is written from
#: them and no weight fitted on them (``devtools/train_sensitivity.py``), so the rules miss of
#: them what they miss of sentences they have never seen — unlike the other tune rows, written
#: to tune the rules on, of which they find nearly all.
SELECTION_BATCHES: frozenset[int] = frozenset({29})
#: Every topic a labelled sentence may expect, in report order.
REPORTED_CATEGORIES: tuple[Topic, ...] = tuple(t for t in Topic if t != Topic.CONFIDED)
#: ``classify(text)`` → the sensitive topic, or None.
Classifier = Callable[[str], Topic | None]


def split_for(text: str) -> str:
    """``"test"`` for about one sentence in three, chosen by a hash of its text; else ``"tune"``."""
    digest = hashlib.sha256(text.encode("utf-8")).digest()
    return "test" if int.from_bytes(digest[:8], "big") % 3 == 0 else "tune"


@dataclass(frozen=True, slots=True)
class LabelledSentence:
    """One sentence of the list and the category a reader expects for it (None: not sensitive)."""

    text: str
    expected: Topic | None
    split: str
    batch: int = 1
    area: str | None = None


@dataclass(frozen=True, slots=True)
class Scores:
    """Counts for one question ("is it sensitive?", "is it health?") and their ratios."""

    true_positives: int
    false_positives: int
    false_negatives: int

    @property
    def precision(self) -> float:
        """Share of the flagged sentences that deserved it (1.0 when nothing was flagged)."""
        flagged = self.true_positives + self.false_positives
        return self.true_positives / flagged if flagged else 1.0

    @property
    def recall(self) -> float:
        """Share of the sentences that deserved a flag that got it (1.0 when none did)."""
        wanted = self.true_positives + self.false_negatives
        return self.true_positives / wanted if wanted else 1.0

    def as_dict(self) -> dict[str, float | int]:
        """Counts and ratios, for ``--json`` output."""
        return {
            "tp": self.true_positives,
            "fp": self.false_positives,
            "fn": self.false_negatives,
            "precision": round(self.precision, 4),
            "recall": round(self.recall, 4),
        }


@dataclass(frozen=True, slots=True)
class Mistake:
    """A sentence the classifier got wrong: what was expected and what it said."""

    text: str
    expected: Topic | None
    predicted: Topic | None


@dataclass(frozen=True, slots=True)
class SplitReport:
    """Scores on one split: sensitive vs not, then per category, and the mistakes."""

    split: str
    sentences: int
    sensitive: Scores
    by_category: dict[Topic, Scores]
    mistakes: tuple[Mistake, ...]
    #: Recall per labelled area (``mental_health``, ``pregnancy``, ``debt`` …): a sentence of
    #: the area counts as found when it was flagged at all.
    by_area: dict[str, Scores]
    #: Recall per expected topic, a sentence counting as found when it was flagged at all (what
    #: keeps it from a group, whichever topic it was read as).
    flagged_by_topic: dict[Topic, Scores]

    def as_dict(self) -> dict[str, Any]:
        """The split's figures and mistakes, for ``--json`` output."""
        return {
            "split": self.split,
            "sentences": self.sentences,
            "sensitive": self.sensitive.as_dict(),
            "by_category": {c.value: s.as_dict() for c, s in self.by_category.items()},
            "by_area": {a: s.as_dict() for a, s in self.by_area.items()},
            "flagged_by_topic": {c.value: s.as_dict() for c, s in self.flagged_by_topic.items()},
            "mistakes": [
                {
                    "text": m.text,
                    "expected": m.expected.value if m.expected else None,
                    "predicted": m.predicted.value if m.predicted else None,
                }
                for m in self.mistakes
            ],
        }


@dataclass(frozen=True, slots=True)
class SensitivityReport:
    """One :class:`SplitReport` per split (``tune``, ``test``), one per fresh batch (``fresh``,
    ``fresh10``, ``fresh13``, ``fresh15``, ``fresh17``, ``fresh19``, ``fresh21``, ``fresh23``,
    ``fresh25``: part of ``test``) when there are any, and one for ``all`` rows."""

    splits: dict[str, SplitReport]

    def as_dict(self) -> dict[str, Any]:
        """Every split's figures, for ``--json`` output."""
        return {name: report.as_dict() for name, report in self.splits.items()}


def parse_labels(lines: Iterable[str]) -> list[LabelledSentence]:
    """Rows from JSON lines (blank lines skipped); a bad line raises ``InvalidInputError``."""
    rows: list[LabelledSentence] = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
            text = obj["text"]
            raw = obj["category"]
            expected = None if raw is None else Topic(raw)
            split = obj["split"]
            batch = int(obj.get("batch", 1))
            area = obj.get("area")
        except (ValueError, KeyError, TypeError) as exc:
            raise InvalidInputError(f"sensitivity labels line {number}: {exc}") from exc
        if not isinstance(text, str) or not text or split not in SPLITS:
            raise InvalidInputError(f"sensitivity labels line {number}: bad text or split")
        if expected == Topic.CONFIDED:
            raise InvalidInputError(f"sensitivity labels line {number}: {raw} is not a category")
        if batch in FRESH_BATCHES and split != "test":
            raise InvalidInputError(f"sensitivity labels line {number}: a fresh batch is held out")
        if batch in TUNE_BATCHES and split != "tune":
            raise InvalidInputError(f"sensitivity labels line {number}: a tuning batch is tune")
        if area is not None and not isinstance(area, str):
            raise InvalidInputError(f"sensitivity labels line {number}: bad area")
        rows.append(LabelledSentence(text, expected, split, batch, area))
    return rows


def load_labels(path: Path | str | None = None) -> list[LabelledSentence]:
    """The labelled sentences in ``path`` (by default every list shipped with the package)."""
    paths = [Path(path)] if path is not None else sorted(LABELS_DIR.glob("sensitivity_*.jsonl"))
    rows: list[LabelledSentence] = []
    for one in paths:
        with one.open(encoding="utf-8") as handle:
            rows += parse_labels(handle)
    return rows


def _scores(pairs: Sequence[tuple[bool, bool]]) -> Scores:
    """Scores from (expected, predicted) booleans."""
    return Scores(
        true_positives=sum(1 for e, p in pairs if e and p),
        false_positives=sum(1 for e, p in pairs if p and not e),
        false_negatives=sum(1 for e, p in pairs if e and not p),
    )


def _split_report(
    name: str, rows: Sequence[LabelledSentence], predicted: Sequence[Topic | None]
) -> SplitReport:
    outcomes = list(zip((r.expected for r in rows), predicted, strict=True))
    sensitive = _scores([(e is not None, p is not None) for e, p in outcomes])
    by_category = {c: _scores([(e == c, p == c) for e, p in outcomes]) for c in REPORTED_CATEGORIES}
    mistakes = tuple(
        Mistake(row.text, row.expected, guess)
        for row, guess in zip(rows, predicted, strict=True)
        if guess != row.expected
    )
    areas = sorted({r.area for r in rows if r.area})
    by_area = {
        a: _scores(
            [(True, p is not None) for r, p in zip(rows, predicted, strict=True) if r.area == a]
        )
        for a in areas
    }
    flagged = {
        c: _scores([(True, p is not None) for e, p in outcomes if e == c])
        for c in REPORTED_CATEGORIES
        if any(e == c for e, _ in outcomes)
    }
    return SplitReport(name, len(rows), sensitive, by_category, mistakes, by_area, flagged)


def evaluate(
    rows: Sequence[LabelledSentence], classify: Classifier | None = None
) -> SensitivityReport:
    """Run ``classify`` on every row and score it on each split and on all rows together.

    "sensitive" counts a sentence as right when both sides agree it is sensitive at all (any
    category); the per-category scores ask whether it was given that exact category.
    """
    classify = classify or sensitive_topic  # the rules alone by default
    predicted = [classify(row.text) for row in rows]
    splits: dict[str, SplitReport] = {}
    for name in SPLITS:
        chosen = [i for i, row in enumerate(rows) if row.split == name]
        picked_rows = [rows[i] for i in chosen]
        splits[name] = _split_report(name, picked_rows, [predicted[i] for i in chosen])
    for batch, name in FRESH_REPORTS.items():
        fresh = [i for i, row in enumerate(rows) if row.batch == batch]
        if fresh:
            splits[name] = _split_report(
                name, [rows[i] for i in fresh], [predicted[i] for i in fresh]
            )
    splits["all"] = _split_report("all", rows, predicted)
    return SensitivityReport(splits)
