"""The tune split's lost questions of ``membot eval answers``, counted and listed by stage.

    .venv/bin/python -m bot eval answers --data …/msc_personas_dev.json --questions /tmp/q.jsonl
    PYTHONPATH=$PWD .venv/bin/python -m devtools.answer_losses /tmp/q.jsonl [--part english]
        [--fine] [--stage 'withheld by'] [--list]

Counts each part's (``english``, ``same-language``) outcomes and its losses (missed, wrong,
unanswerable ones answered) by the stage that lost them (``answer_stages.stage``: not
retrieved, withheld by which gate, outranked, withheld by the score, reordered); ``--list``
prints the questions of the stages chosen (``--stage``: the ones starting with it), with the
sentences their label rests on, the answer and the hits (``*``: a right one). Only the tune
split is written to the file: held-out questions are counted, never read one by one.
"""

from __future__ import annotations

import argparse
import json
import re
from collections import Counter
from pathlib import Path

_SCORE = re.compile(r" \d\.\d+$")


def main() -> None:
    """Print the counts (and, with ``--list``, the questions)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", type=Path, help="the file `eval answers --questions` wrote")
    parser.add_argument("--part", help="english or same-language (default: both)")
    parser.add_argument("--fine", action="store_true", help="by the finer labels")
    parser.add_argument("--stage", default="", help="only stages starting with this")
    parser.add_argument("--list", action="store_true", help="print the questions too")
    args = parser.parse_args()
    rows = [json.loads(line) for line in args.file.read_text(encoding="utf-8").splitlines()]
    rows = [r for r in rows if args.part in (None, r.get("part", "same-language"))]
    key = "fine_stage" if args.fine else "stage"
    for part in sorted({r.get("part", "same-language") for r in rows}):
        mine = [r for r in rows if r.get("part", "same-language") == part]
        outcomes = Counter(r["fine" if args.fine else "outcome"] for r in mine)
        print(f"== {part}: {len(mine)} questions: {dict(sorted(outcomes.items()))}")
        # The answer score's value is the question's, not the class's.
        stages = Counter(
            _SCORE.sub("", r[key]) for r in mine if r[key] not in ("right", "abstained")
        )
        for name, n in stages.most_common():
            print(f"  {n:4d}  {name}")
        if not args.list:
            continue
        for r in mine:
            if r[key] in ("right", "abstained") or not r[key].startswith(args.stage):
                continue
            print(f"\n[{r[key]}] {r['lang']} {r['topic']} {r['user']}: {r['question']}")
            for told in r["told"]:
                print(f"    told: {told}")
            print(f"    answer: {r['answer']}")
            for hit in r["hits"]:
                print(f"      {hit}")


if __name__ == "__main__":
    main()
