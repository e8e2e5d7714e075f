"""Score a sensitivity classifier against a labelled list of sentences (precision and recall).

The list (``labels/sensitivity_labels.jsonl``) holds one JSON object per line: ``text``, the
expected ``category`` (``health``, ``finance``, ``identity_document``, ``credential`` or
``null``), ``split`` and ``batch``. The split is drawn from a hash of the text
(:func:`split_for`), so about a third of the sentences form a held-out ``test`` part that nobody
picked by hand and the classifier was not tuned on. Batch 1 was written before the classifier
existed, batch 2 after its first version (so batch 2's ``test`` rows are the least seen of all).
Everything here is a pure function of the rows it is given.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from memory_core.errors import InvalidInputError
from memory_core.extract.sensitivity import sensitive_category
from memory_core.values import SENSITIVE_CATEGORIES, Category

#: The labelled sentences shipped with the package.
LABELS_PATH = Path(__file__).parent / "labels" / "sensitivity_labels.jsonl"
SPLITS: tuple[str, ...] = ("tune", "test")
#: Every category a labelled sentence may expect, in report order.
REPORTED_CATEGORIES: tuple[Category, ...] = (
    Category.HEALTH,
    Category.FINANCE,
    Category.IDENTITY_DOCUMENT,
    Category.CREDENTIAL,
)
#: ``classify(text)`` → the sensitive category, or None.
Classifier = Callable[[str], Category | None]


def split_for(text: str) -> str:
    """``"test"`` for about one sentence in three, chosen by a hash of its text; else ``"tune"``."""
    digest = hashlib.sha256(text.encode("utf-8")).digest()
    return "test" if int.from_bytes(digest[:8], "big") % 3 == 0 else "tune"


@dataclass(frozen=True, slots=True)
class LabelledSentence:
    """One sentence of the list and the category a reader expects for it (None: not sensitive)."""

    text: str
    expected: Category | None
    split: str
    batch: int = 1


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
    expected: Category | None
    predicted: Category | None


@dataclass(frozen=True, slots=True)
class SplitReport:
    """Scores on one split: sensitive vs not, then per category, and the mistakes."""

    split: str
    sentences: int
    sensitive: Scores
    by_category: dict[Category, Scores]
    mistakes: tuple[Mistake, ...]

    def as_dict(self) -> dict[str, Any]:
        """The split's figures and mistakes, for ``--json`` output."""
        return {
            "split": self.split,
            "sentences": self.sentences,
            "sensitive": self.sensitive.as_dict(),
            "by_category": {c.value: s.as_dict() for c, s in self.by_category.items()},
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
    """One :class:`SplitReport` per split (``tune``, ``test``) and one for ``all`` rows."""

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
            expected = None if raw is None else Category(raw)
            split = obj["split"]
            batch = int(obj.get("batch", 1))
        except (ValueError, KeyError, TypeError) as exc:
            raise InvalidInputError(f"sensitivity labels line {number}: {exc}") from exc
        if not isinstance(text, str) or not text or split not in SPLITS:
            raise InvalidInputError(f"sensitivity labels line {number}: bad text or split")
        if expected is not None and expected not in SENSITIVE_CATEGORIES:
            raise InvalidInputError(f"sensitivity labels line {number}: {raw} is not sensitive")
        rows.append(LabelledSentence(text, expected, split, batch))
    return rows


def load_labels(path: Path | str = LABELS_PATH) -> list[LabelledSentence]:
    """The labelled sentences in ``path`` (by default the list shipped with the package)."""
    with Path(path).open(encoding="utf-8") as handle:
        return parse_labels(handle)


def _scores(pairs: Sequence[tuple[bool, bool]]) -> Scores:
    """Scores from (expected, predicted) booleans."""
    return Scores(
        true_positives=sum(1 for e, p in pairs if e and p),
        false_positives=sum(1 for e, p in pairs if p and not e),
        false_negatives=sum(1 for e, p in pairs if e and not p),
    )


def _split_report(
    name: str, rows: Sequence[LabelledSentence], predicted: Sequence[Category | None]
) -> SplitReport:
    outcomes = list(zip((r.expected for r in rows), predicted, strict=True))
    sensitive = _scores([(e is not None, p is not None) for e, p in outcomes])
    by_category = {c: _scores([(e == c, p == c) for e, p in outcomes]) for c in REPORTED_CATEGORIES}
    mistakes = tuple(
        Mistake(row.text, row.expected, guess)
        for row, guess in zip(rows, predicted, strict=True)
        if guess != row.expected
    )
    return SplitReport(name, len(rows), sensitive, by_category, mistakes)


def evaluate(
    rows: Sequence[LabelledSentence], classify: Classifier = sensitive_category
) -> SensitivityReport:
    """Run ``classify`` on every row and score it on each split and on all rows together.

    "sensitive" counts a sentence as right when both sides agree it is sensitive at all (any
    category); the per-category scores ask whether it was given that exact category.
    """
    predicted = [classify(row.text) for row in rows]
    splits: dict[str, SplitReport] = {}
    for name in SPLITS:
        chosen = [i for i, row in enumerate(rows) if row.split == name]
        picked_rows = [rows[i] for i in chosen]
        splits[name] = _split_report(name, picked_rows, [predicted[i] for i in chosen])
    splits["all"] = _split_report("all", rows, predicted)
    return SensitivityReport(splits)
