"""Dump, once, every tune question that reached the answer score, with what answering and
abstaining would each have said: the data ``devtools.answer_calibration`` fits the score on.

    PYTHONPATH=$PWD .venv/bin/python -m devtools.answer_dump walk labels/walk_ask9.json \
        labels/ask_blind10.json labels/ask_blind11.json labels/ask_blind12.json --out /tmp/walks.pkl
    PYTHONPATH=$PWD .venv/bin/python -m devtools.answer_dump msc \
        --data ../shared/data/msc/msc_personas_dev.json --out /tmp/msc.pkl

Only **tune** data: the walk and question scripts given (no longer blind: ``walk_ask9``,
``ask_blind10``–``12``; never the set reported as held-out) and, for ``msc``, the ``train``
MSC personas and ``same_language_tune.jsonl`` asked their even wordings (``eval answers``'s
tune split; the held-out split is never read).

A question counts when ``read.answer.answering`` reached the answer score (the floors passed):
its hits as answering ranked them and their baseline are kept (``features`` can be computed
again from them, with features added later), with the outcome when the score lets it through
(``open``) and when it does not (``closed``) — for a walk, the offline responder's reply played
both ways (``read.answer.probability`` forced to 1, then to 0) and scored as ``eval walk``
scores it: ``right``, ``wrong``, ``abstained``; for a never-told question ``answered`` or
``abstained``; for MSC, by the topic labels (``right``, ``wrong``, ``answered`` for an
unanswerable one, ``abstained``) and by the finer ones (``fine_open``; ``uncertain …``).
The walk the eval scores is the real one (the reply under the shipped score); the figures it
gives are printed.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import pickle
import tempfile
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot import responder
from memory_core.read import answer as A
from memory_core.read.answer import DEFAULT_ANSWER, plain_question
from memory_core.values import SearchHit


@dataclass(slots=True)
class _Probe:
    """What ``read.answer.probability`` does while a question is played: record the hits it
    is given (``record``), or force the decision (``open``: 1, ``closed``: 0)."""

    mode: str | None = None
    seen: list[tuple[list[SearchHit], float]] = field(default_factory=list)


@contextmanager
def probing() -> Iterator[_Probe]:
    """``read.answer.probability`` replaced by a probe (``answering`` looks it up by name)."""
    probe = _Probe()
    real = A.probability

    def probability(
        ranked: Sequence[SearchHit],
        base: float,
        config: A.AnswerConfig = DEFAULT_ANSWER,
        rivals: Sequence[SearchHit] = (),
    ) -> float:
        if probe.mode == "open":
            return 1.0
        if probe.mode == "closed":
            return 0.0
        if probe.mode == "record":
            probe.seen.append((list(ranked), base))
        return real(ranked, base, config, rivals)

    A.probability = probability
    try:
        yield probe
    finally:
        A.probability = real


@dataclass(slots=True)
class Played:
    """One question the offline responder answered, played three ways."""

    reply: str
    ranked: list[SearchHit] | None = None
    base: float = 0.0
    open: str = ""
    closed: str = ""


def _watch(probe: _Probe, played: dict[tuple[str, str], Played]) -> Any:
    original = responder.OfflineResponder._answer

    def spy(self: Any, ctx: responder.TurnContext, text: str, name: str | None) -> str:
        probe.mode, probe.seen = "record", []
        try:
            reply = original(self, ctx, text, name)
            row = Played(reply)
            if probe.seen:
                row.ranked, row.base = probe.seen[-1]
                probe.mode = "open"
                row.open = original(self, ctx, text, name)
                probe.mode = "closed"
                row.closed = original(self, ctx, text, name)
        finally:
            probe.mode = None
        played[(ctx.user_id.split(":", 1)[-1], ctx.user_text.strip())] = row
        return reply

    responder.OfflineResponder._answer = spy  # type: ignore[method-assign]
    return original


async def dump_walk(path: Path) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Play one walk script (day 60, as ``eval walk``) watched; its figures and its rows."""
    from bot.cli.common import figures_settings
    from bot.cli.life import life_bot
    from memory_core.evaluation.walk import (
        _UNKNOWN,
        WalkFact,
        _answered,
        load_script,
        script_path,
        walk,
    )

    script = load_script(script_path(path))
    played: dict[tuple[str, str], Played] = {}
    with probing() as probe:
        original = _watch(probe, played)
        try:
            async with life_bot(figures_settings()) as chat:
                score = await walk(chat, script)
        finally:
            responder.OfflineResponder._answer = original  # type: ignore[method-assign]
    rows: list[dict[str, Any]] = []

    def judge(fact: WalkFact | None, reply: str) -> str:
        if fact is None:  # never told
            return "abstained" if _UNKNOWN.search(reply) else "answered"
        if _answered(fact, reply):
            return "right"
        return "abstained" if _UNKNOWN.search(reply) else "wrong"

    for u in script.users:
        asked: list[tuple[str, WalkFact | None]] = [
            (q, f) for f in u.facts for q in (f.ask, *f.also)
        ]
        asked += [(q, None) for q in u.never]
        for q, fact in asked:
            p = played.get((u.user, q.strip()))
            if p is None or p.ranked is None:
                continue
            rows.append(
                {
                    "source": path.stem,
                    "user": u.user,
                    "lang": u.lang,
                    "question": q,
                    "never": fact is None,
                    "ranked": p.ranked,
                    "base": p.base,
                    "shipped": judge(fact, p.reply),
                    "open": judge(fact, p.open),
                    "closed": judge(fact, p.closed),
                }
            )
    return score.as_json(), rows


async def dump_msc(data: Path, users: int) -> list[dict[str, Any]]:
    """The tune split of ``eval answers`` (English ``train`` personas, same-language tune),
    asked once; a row per question that reached the answer score."""
    from bot import app as composition
    from bot.cli.common import figures_settings
    from memory_core import Memory
    from memory_core.evaluation import answers as E
    from memory_core.runtime.executors import Lane

    settings = figures_settings()
    extractor, _auditor, _responder = composition.build_learning(settings)
    embedder = composition.build_embedder(settings)
    assert embedder is not None, "answering by meaning needs the embedder"
    personas = E.load_personas(data)
    asked: dict[str, list[E.Asked]] = {}
    with tempfile.TemporaryDirectory(prefix="membot-dump-") as tmp:
        memory = Memory.open(Path(tmp) / "dump.db", embedder)
        try:
            english = []
            for n, sentences in enumerate(personas["train"][:users]):
                user = f"eval:train-{n}"
                name = E.NAMES[n % len(E.NAMES)]
                english.append((user, await E._store(memory, extractor, user, sentences, name)))
            same = []
            for n, persona in enumerate(
                E.load_same_language(E.SAME_LANGUAGE_TUNE, personas["train"])
            ):
                user = f"eval:train-{persona.lang}-{persona.persona}"
                name = E.SAME_NAMES[persona.lang][n % len(E.SAME_NAMES[persona.lang])]
                same.append(
                    (user, await E._store_translated(memory, extractor, user, persona, name))
                )
            await memory.run(Lane.BACKGROUND, memory.vectors.sync)
            langs = E._user_langs(same)
            asked["english"] = await memory.run(
                Lane.REPLY, E._ask_all, memory, english, heldout=False, progress=None
            )
            asked["same-language"] = await memory.run(
                Lane.REPLY, E._ask_all, memory, same, heldout=False, progress=None, langs=langs
            )
        finally:
            memory.close()
    rows: list[dict[str, Any]] = []
    with probing() as probe:
        for part, questions in asked.items():
            for a in questions:
                q = plain_question(a.question)
                probe.mode, probe.seen = "record", []
                A.answering(a.hits, question=q)
                if not probe.seen:
                    probe.mode = None
                    continue
                ranked, base = probe.seen[-1]
                probe.mode = "open"
                opened = A.answering(a.hits, question=q)
                probe.mode = "closed"
                closed = A.answering(a.hits, question=q)
                probe.mode = None
                fine = frozenset(i for g in a.fine for i in g)
                rows.append(
                    {
                        "source": f"msc-{part}",
                        "user": a.user,
                        "lang": a.lang,
                        "question": a.question,
                        "never": not a.right,
                        "ranked": ranked,
                        "base": base,
                        "open": E._outcome(opened, a.right),
                        "closed": E._outcome(closed, a.right),
                        "fine_open": E._outcome(opened, fine, a.fine_sure),
                        "fine_closed": E._outcome(closed, fine, a.fine_sure),
                        "sure": a.sure,
                    }
                )
    return rows


def main() -> None:
    """``python -m devtools.answer_dump walk SCRIPT… --out F`` or ``… msc --data F --out F``."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("what", choices=("walk", "msc"))
    parser.add_argument("scripts", nargs="*", type=Path)
    parser.add_argument("--data", type=Path)
    parser.add_argument("--users", type=int, default=150)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    if args.what == "msc":
        rows = asyncio.run(dump_msc(args.data, args.users))
    else:
        rows = []
        for script in args.scripts:
            figures, mine = asyncio.run(dump_walk(script))
            rows += mine
            print(
                script.name, json.dumps(figures["paraphrases"]), json.dumps(figures["never_told"])
            )
    args.out.write_bytes(pickle.dumps(rows))
    print(f"{len(rows)} rows → {args.out}")


if __name__ == "__main__":
    main()
