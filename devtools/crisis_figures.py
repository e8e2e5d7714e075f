"""Crisis replies on the labelled lists: how many self-harm statements get the caring reply and
how many other sentences get it by mistake (for docs/privacy.md).

    PYTHONPATH=$PWD .venv/bin/python -m devtools.crisis_figures [FILE ...] [--mistakes]

The crisis reply is what the bot sends when the sensitivity model reads a message as
``Topic.SELF_HARM`` (the rules, then the linear reader and the crisis reader, as in chat). Per
split of the shipped lists (``tune``, ``test``) and per extra label FILE (a blind batch kept out
of the shipped lists), it prints the self-harm statements answered (recall), the replies that
answered one (precision) and the replies given to sentences labelled harmless (no topic), per
language when a row names its ``lang``.
"""

from __future__ import annotations

import argparse
import json
from collections import defaultdict
from pathlib import Path

from bot import app
from bot.cli.common import figures_settings
from memory_core import evaluation
from memory_core.evaluation.sensitivity import LabelledSentence, parse_labels
from memory_core.values import Topic


def _line(name: str, rows: list[LabelledSentence], crisis: dict[str, bool]) -> str:
    wanted = [r for r in rows if r.expected == Topic.SELF_HARM]
    harmless = [r for r in rows if r.expected is None]
    replies = [r for r in rows if crisis[r.text]]
    hit = sum(1 for r in wanted if crisis[r.text])
    right = sum(1 for r in replies if r.expected == Topic.SELF_HARM)
    false_harmless = sum(1 for r in harmless if crisis[r.text])
    recall = hit / len(wanted) if wanted else 1.0
    precision = right / len(replies) if replies else 1.0
    return (
        f"{name:<14} self-harm answered {hit}/{len(wanted)} (R {recall:.3f})  "
        f"replies right {right}/{len(replies)} (P {precision:.3f})  "
        f"replies to harmless {false_harmless}/{len(harmless)}"
    )


def _read(path: Path) -> tuple[str, list[LabelledSentence], dict[str, str]]:
    """A label file's name, rows and each text's ``lang`` (blank when it names none)."""
    lines = [line for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    langs = {(obj := json.loads(line))["text"]: str(obj.get("lang", "")) for line in lines}
    return path.stem, parse_labels(lines), langs


def _report(
    name: str, rows: list[LabelledSentence], langs: dict[str, str], crisis: dict[str, bool]
) -> None:
    print(_line(name, rows, crisis))
    by_lang: dict[str, list[LabelledSentence]] = defaultdict(list)
    for row in rows:
        by_lang[langs.get(row.text, "")].append(row)
    if len(by_lang) > 1:
        for lang, some in sorted(by_lang.items()):
            print("  " + _line(lang or "?", some, crisis))


def _mistakes(name: str, rows: list[LabelledSentence], crisis: dict[str, bool]) -> None:
    for row in rows:
        if crisis[row.text] != (row.expected == Topic.SELF_HARM):
            kind = "missed" if row.expected == Topic.SELF_HARM else f"false ({row.expected})"
            print(f"    {name} {kind}: {row.text}")


def main() -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*", type=Path, help="extra label files (blind batches)")
    parser.add_argument("--mistakes", action="store_true", help="list the wrong sentences")
    args = parser.parse_args()
    shipped = evaluation.load_sensitivity_labels()
    extra = [_read(path) for path in args.files]
    model = evaluation.sensitivity_model(app.build_embedder(figures_settings()))
    if model is None:
        raise SystemExit("no sensitivity model for this embedder")
    texts = sorted({r.text for r in shipped} | {r.text for _, rows, _ in extra for r in rows})
    crisis = {
        t: topic == Topic.SELF_HARM for t, topic in zip(texts, model.topics(texts), strict=True)
    }
    for split in ("tune", "test"):
        print(_line(split, [r for r in shipped if r.split == split], crisis))
    for name, rows, langs in extra:
        _report(name, rows, langs, crisis)
    if args.mistakes:
        for name, rows, _ in extra:
            _mistakes(name, rows, crisis)
        _mistakes("test", [r for r in shipped if r.split == "test"], crisis)


if __name__ == "__main__":
    main()
