"""English first-person statements the offline extractor keeps nothing of (issue 23, "nothing
said is lost"), and the junk lines at risk when such statements are kept as notes.

``python -m devtools.unread_english [--data PATH] [--show N] [--part tune|held-out]``
prints, on the MSC persona sentences (tune part by default: only it may be read to tune), how
many yield no stored fact and how many of those are kept as a note; and, for the junk lines of
``eval intros`` and ``eval statements`` said in English in the first person, how many keep
something (must stay 0). ``--show`` prints sentences that keep nothing (tune part only).
"""

from __future__ import annotations

import argparse
import re
from datetime import UTC, datetime
from pathlib import Path

from memory_core.evaluation import intros, statements
from memory_core.evaluation.extraction import load_persona_sentences, split, stored
from memory_core.extract.base import TurnInput
from memory_core.extract.rules import extract_rules

_NOW = datetime(2026, 11, 24, 12, 0, tzinfo=UTC)
_BLIND_STATEMENTS = sorted(statements.LABELS.glob("statements_blind*.jsonl"))
_FIRST_PERSON = re.compile(r"\b(?:i|i'm|im|i've|my|me|we|our)\b", re.IGNORECASE)


def _kept(sentence: str) -> list[str]:
    return [c.key for c in stored(extract_rules(TurnInput(user_text=sentence, time=_NOW)))]


def main() -> None:
    """Print the counts (and, with ``--show``, tune sentences that keep nothing)."""
    parser = argparse.ArgumentParser()
    parser.add_argument(
        "--data", type=Path, default=Path("../shared/data/msc/msc_personas_dev.json")
    )
    parser.add_argument("--show", type=int, default=0)
    parser.add_argument("--part", choices=("tune", "held-out"), default="tune")
    args = parser.parse_args()
    tune, held = split(load_persona_sentences(args.data))
    sentences = tune if args.part == "tune" else held
    nothing: list[str] = []
    noted: list[str] = []
    for sentence in sentences:
        keys = _kept(sentence)
        if not keys:
            nothing.append(sentence)
        elif all(k.startswith("note.en.") for k in keys):
            noted.append(sentence)
    print(
        f"msc {args.part}: {len(sentences)} sentences, {len(nothing)} keep nothing, "
        f"{len(noted)} only a note"
    )
    if args.show and args.part == "tune":
        for sentence in nothing[: args.show]:
            print("   nothing:", sentence)
        for sentence in noted[: args.show]:
            print("   note:", sentence)
    junk = [(line.part, t) for line in intros.load_all() if line.junk for t in line.turns] + [
        ("statements", row.say)
        for path in (statements.TUNE_PATH, statements.HELDOUT_PATH, *_BLIND_STATEMENTS)
        for row in statements.load_rows(path)
        if row.nothing
    ]
    english = [(p, t) for p, t in junk if _FIRST_PERSON.search(t)]
    leaks = [(p, t, k) for p, t in english if (k := _kept(t))]
    print(
        f"junk lines: {len(junk)}, English first person {len(english)}, "
        f"keeping something {len(leaks)}"
    )
    for part, _text, keys in leaks:
        print(f"   {part}: {keys}")  # the line itself is not printed: blind parts stay unread


if __name__ == "__main__":
    main()
