"""Draw the hand-labelled sample of extraction outputs, and score the labels.

    python scripts/extraction_labels.py draw  [--personas PATH] [--n 200]
    python scripts/extraction_labels.py score [--personas PATH]

``draw`` takes ``n`` sentences from the *held-out* part of the MSC personas file (a salted hash
orders them, so the sample is the same on every run), runs the offline rules extractor on each,
and writes ``memory_core/evaluation/labels/extraction_labels.jsonl``: one line per sentence with
the facts it stored. A fact that is unchanged since the last draw keeps its label; a new or
changed one has an empty label and must be judged by hand (``correct`` or ``wrong``, with a
short reason). ``score`` prints the precision of the labels (and any stale ones) as JSON.
"""

from __future__ import annotations

import argparse
import asyncio
import json
from pathlib import Path

from memory_core.evaluation.extraction import (
    LABELS_PATH,
    draw_sample,
    dump_labels,
    labelled_precision,
    load_labels,
    load_persona_sentences,
    relabel,
    split,
    stale_sentences,
)
from memory_core.extract.rules import RulesExtractor

PERSONAS = Path(__file__).resolve().parents[2] / "shared" / "data" / "msc" / "msc_personas_dev.json"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=("draw", "score"))
    parser.add_argument("--personas", type=Path, default=PERSONAS)
    parser.add_argument("--labels", type=Path, default=LABELS_PATH)
    parser.add_argument("--n", type=int, default=200)
    args = parser.parse_args()
    extractor = RulesExtractor()
    previous = load_labels(args.labels)
    if args.command == "draw":
        _tune, held_out = split(load_persona_sentences(args.personas))
        rows = asyncio.run(relabel(draw_sample(held_out, args.n), extractor, previous))
        args.labels.parent.mkdir(parents=True, exist_ok=True)
        args.labels.write_text(dump_labels(rows), encoding="utf-8")
        todo = sum(1 for r in rows for f in r.facts if not f.label)
        facts = sum(len(r.facts) for r in rows)
        print(f"{len(rows)} sentences, {facts} facts, {todo} to label in {args.labels}")
        return
    stale = asyncio.run(stale_sentences(previous, extractor))
    print(json.dumps(labelled_precision(previous, stale).as_json(), indent=2, ensure_ascii=False))


if __name__ == "__main__":
    main()
