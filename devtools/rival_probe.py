"""Play walk scripts once, each day-60 question answered twice: with the hits the people
gates leave out as the answer score's runner-up (``read.answer._rivals``; the reply the walk
scores) and without them (``_rivals`` forced empty); prints, per script, the walk's figures,
the right / wrong / abstained of both, and the questions whose reply changed, with the
answer score's view of each (a JSON line per script).

    PYTHONPATH=$PWD .venv/bin/python -m devtools.rival_probe labels/ask_blind15.json …
"""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path
from typing import Any

from bot import responder
from memory_core.read import answer as A


def _none(everyone: Any, kept: Any) -> list[Any]:
    return []


def _seen(log: list[dict[str, Any]]) -> Any:
    real = A.judged

    def spy(hits: Any, config: Any = A.DEFAULT_ANSWER, question: Any = None) -> Any:
        j = real(hits, config, question)
        if question and j.ranked:
            log.append(
                {
                    "q": question,
                    "p": round(A.probability(j.ranked, j.base, config, j.rivals), 3),
                    "base": round(j.base, 3),
                    "top": [(h.text[:70], round(A.relevance(h, config), 3)) for h in j.ranked[:3]],
                    "rivals": [
                        (h.text[:70], round(A.relevance(h, config), 3))
                        for h in sorted(j.rivals, key=A.relevance, reverse=True)[:2]
                    ],
                }
            )
        return j

    return spy


def _judge(fact: Any, reply: str) -> str:
    from memory_core.evaluation.walk import _UNKNOWN, _answered

    if fact is None:
        return "abstained" if _UNKNOWN.search(reply) else "answered"
    if _answered(fact, reply):
        return "right"
    return "abstained" if _UNKNOWN.search(reply) else "wrong"


async def play(path: Path) -> dict[str, Any]:
    from bot.cli.common import figures_settings
    from bot.cli.life import life_bot
    from memory_core.evaluation.walk import load_script, script_path, walk

    script = load_script(script_path(path))
    played: dict[tuple[str, str], tuple[str, str, list[dict[str, Any]]]] = {}
    original = responder.OfflineResponder._answer
    real_rivals, real_judged = A._rivals, A.judged

    def spy(self: Any, ctx: Any, text: str, name: str | None) -> str:
        A._rivals = _none
        try:
            off = original(self, ctx, text, name)
        finally:
            A._rivals = real_rivals
        log: list[dict[str, Any]] = []
        A.judged = _seen(log)
        try:
            on = original(self, ctx, text, name)
        finally:
            A.judged = real_judged
        played[(ctx.user_id.split(":", 1)[-1], ctx.user_text.strip())] = (off, on, log)
        return on

    responder.OfflineResponder._answer = spy  # type: ignore[method-assign]
    try:
        async with life_bot(figures_settings()) as chat:
            score = await walk(chat, script)
    finally:
        responder.OfflineResponder._answer = original  # type: ignore[method-assign]

    tally: dict[str, dict[str, int]] = {"off": {}, "on": {}}
    changed: list[dict[str, Any]] = []
    never: list[dict[str, Any]] = []
    for u in script.users:
        asked: list[tuple[str, Any]] = [(q, f) for f in u.facts for q in (f.ask, *f.also)]
        asked += [(q, None) for q in u.never]
        for q, fact in asked:
            p = played.get((u.user, q.strip()))
            if p is None:
                continue
            kind = "never" if fact is None else "told"
            a, b = _judge(fact, p[0]), _judge(fact, p[1])
            for side, v in (("off", a), ("on", b)):
                k = f"{kind}:{v}"
                tally[side][k] = tally[side].get(k, 0) + 1
            row = {"user": u.user, "q": q, "off": [a, p[0]], "on": [b, p[1]], "seen": p[2]}
            if p[0] != p[1]:
                changed.append(row)
            if kind == "never" and "answered" in (a, b):
                never.append(row)
    return {
        "script": path.stem,
        "eval": {
            "paraphrases": score.as_json()["paraphrases"],
            "never_told": score.as_json()["never_told"],
        },
        "tally": tally,
        "changed": changed,
        "never_answered": never,
    }


def main() -> None:
    for arg in sys.argv[1:]:
        out = asyncio.run(play(Path(arg)))
        print(json.dumps(out, ensure_ascii=False), flush=True)


if __name__ == "__main__":
    main()
