"""Held-out figures of the sensitivity model, per split and topic (for docs/privacy.md).

    PYTHONPATH=$PWD .venv/bin/python -m devtools.sensitivity_figures [--rules-only]

``membot eval sensitivity`` reports the splits as they are now; this adds the ``test`` split as
it was before batch 10, 13, 15, 17, 19, 21, 23, 25, 27 (fresh26) and 28 (fresh27) were written
(to compare with earlier figures) and, per topic, the share of held-out sentences flagged at all
(what keeps them from a group) beside the exact-topic precision and recall, and the held-out
figures per language.
"""

from __future__ import annotations

import argparse

from bot import app
from bot.cli.common import figures_settings
from memory_core import evaluation
from memory_core.evaluation.sensitivity import (
    REPORTED_CATEGORIES,
    Classifier,
    LabelledSentence,
    SplitReport,
)
from memory_core.extract.sensitivity import sensitive_topic
from memory_core.text.language import detect_language
from memory_core.values import Topic


def main() -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules-only", action="store_true", help="the rules alone")
    args = parser.parse_args()
    rows = evaluation.load_sensitivity_labels()
    classify: Classifier | None = None
    if not args.rules_only:
        model = evaluation.sensitivity_model(app.build_embedder(figures_settings()))
        if model is not None:
            topics = dict(
                zip([r.text for r in rows], model.topics([r.text for r in rows]), strict=True)
            )
            classify = topics.__getitem__
    before = evaluation.evaluate_sensitivity(
        [r for r in rows if r.batch not in (10, 13, 15, 17, 19, 21, 23, 25)], classify=classify
    )
    before13 = evaluation.evaluate_sensitivity(
        [r for r in rows if r.batch not in (13, 15, 17, 19, 21, 23, 25)], classify=classify
    )
    before17 = evaluation.evaluate_sensitivity(
        [r for r in rows if r.batch not in (17, 19, 21, 23, 25)], classify=classify
    )
    before19 = evaluation.evaluate_sensitivity(
        [r for r in rows if r.batch not in (19, 21, 23, 25)], classify=classify
    )
    before21 = evaluation.evaluate_sensitivity(
        [r for r in rows if r.batch not in (21, 23, 25)], classify=classify
    )
    before23 = evaluation.evaluate_sensitivity(
        [r for r in rows if r.batch not in (23, 25)], classify=classify
    )
    before25 = evaluation.evaluate_sensitivity(
        [r for r in rows if r.batch not in (25, 27)], classify=classify
    )
    before26 = evaluation.evaluate_sensitivity(
        [r for r in rows if r.batch not in (27, 28)], classify=classify
    )
    before27 = evaluation.evaluate_sensitivity(
        [r for r in rows if r.batch != 28], classify=classify
    )
    now = evaluation.evaluate_sensitivity(rows, classify=classify)
    splits: dict[str, SplitReport] = {
        "test before batch 10": before.splits["test"],
        "fresh (batch 7)": now.splits["fresh"],
        "fresh10 (batch 10)": now.splits["fresh10"],
        "held out before batch 13": before13.splits["test"],
        "fresh13 (batch 13)": now.splits["fresh13"],
        "fresh15 (batch 15)": now.splits["fresh15"],
        "held out before batch 17": before17.splits["test"],
        "fresh17 (batch 17)": now.splits["fresh17"],
        "held out before batch 19": before19.splits["test"],
        "fresh19 (batch 19)": now.splits["fresh19"],
        "held out before batch 21": before21.splits["test"],
        "fresh21 (batch 21)": now.splits["fresh21"],
        "held out before batch 23": before23.splits["test"],
        "fresh23 (batch 23)": now.splits["fresh23"],
        "held out before batch 25": before25.splits["test"],
        "fresh25 (batch 25)": now.splits["fresh25"],
        "held out before fresh26": before26.splits["test"],
        "fresh26 (batch 27)": now.splits["fresh26"],
        "held out before fresh27": before27.splits["test"],
        "fresh27 (batch 28)": now.splits["fresh27"],
        "test (all held out)": now.splits["test"],
        "tune": now.splits["tune"],
    }
    for name, split in splits.items():
        scores = split.sensitive
        print(f"{name}: n={split.sentences} P {scores.precision:.3f} R {scores.recall:.3f}")
    print("| topic | " + " | ".join(splits) + " |")
    for topic in REPORTED_CATEGORIES:
        cells = []
        for split in splits.values():
            flagged, exact = split.flagged_by_topic.get(topic), split.by_category[topic]
            wanted = exact.true_positives + exact.false_negatives
            cells.append(
                f"{flagged.recall:.2f} ({exact.precision:.2f}/{exact.recall:.2f}, {wanted})"
                if flagged
                else "—"
            )
        print(f"| {topic.value} | " + " | ".join(cells) + " |")
    for name, split in splits.items():
        print(name, "areas:", {a: round(s.recall, 2) for a, s in split.by_area.items()})
    _crisis_figures(rows, classify)
    _language_figures(rows, classify)


def _crisis_figures(rows: list[LabelledSentence], classify: Classifier | None) -> None:
    """The crisis reply on the held-out rows: how many self-harm rows get it, and how many
    others do (harmless look-alikes and other topics apart)."""
    read = classify or sensitive_topic
    for name, batches in (
        ("all held out", None),
        ("fresh27", {28}),
        ("fresh26", {27}),
        ("fresh25", {25}),
        ("fresh23", {23}),
        ("fresh21", {21}),
        ("fresh19", {19}),
    ):
        held = [r for r in rows if r.split == "test" and (batches is None or r.batch in batches)]
        crisis = [r for r in held if read(r.text) == Topic.SELF_HARM]
        wanted = [r for r in held if r.expected == Topic.SELF_HARM]
        right = sum(1 for r in crisis if r.expected == Topic.SELF_HARM)
        harmless = sum(1 for r in crisis if r.expected is None)
        other = len(crisis) - right - harmless
        print(
            f"crisis reply, {name}: R {right}/{len(wanted)} = {right / max(1, len(wanted)):.2f}, "
            f"P {right}/{len(crisis)} = {right / max(1, len(crisis)):.2f} "
            f"(on look-alikes {harmless}, on other topics {other})"
        )


def _language_figures(rows: list[LabelledSentence], classify: Classifier | None) -> None:
    """Precision and recall ("sensitive at all") per language the row is written in, on every
    held-out row and on the last blind batch (the language as the bot's detector reads it)."""
    for name, batches in (
        ("all held out", None),
        ("fresh27", {28}),
        ("fresh26", {27}),
        ("fresh25", {25}),
        ("fresh23", {23}),
    ):
        held = [r for r in rows if r.split == "test" and (batches is None or r.batch in batches)]
        by_language: dict[str, list[LabelledSentence]] = {}
        for row in held:
            found = detect_language(row.text)
            language = found if found in {"en", "de", "es", "fr", "ru"} else "other"
            by_language.setdefault(language, []).append(row)
        for language, chosen in sorted(by_language.items()):
            scores = evaluation.evaluate_sensitivity(chosen, classify=classify).splits["all"]
            print(
                f"language {language}, {name}: n={len(chosen)} "
                f"P {scores.sensitive.precision:.3f} R {scores.sensitive.recall:.3f}"
            )


if __name__ == "__main__":
    main()
