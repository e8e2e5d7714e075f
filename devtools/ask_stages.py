"""Where each missed question of a walk script is lost: the stage of every failure.

    PYTHONPATH=$PWD .venv/bin/python -m devtools.ask_stages labels/ask_blind13.json [--json OUT]

Plays a walk script (``memory_core/evaluation/labels/*.json``, the format of ``membot eval
walk``) on a fresh offline bot exactly as the eval does — facts on their days, small talk, every
nightly job on a manual clock, ``/profile`` and the questions on the asking day — while the
offline responder's question path is watched: for every question it keeps the turn's context
(the hybrid search's hits as the responder saw them). After the walk, each day-60 question about
a told fact (``ask`` and ``also``) that was not answered right, and each never-told question that
was answered, is given its **stage**:

- **a not kept** — no memory of the user (``Memory.list_facts``: facts and notes, any area)
  names the expected word (for a question that must name several — a listing, two facts at
  once — one of the words it missed);
- **b not retrieved** — kept, but no hit of the turn's search (``TurnContext.candidates``, the
  hits answering judges, ``ANSWER_K`` deep) names it; its rank in a 50-deep hybrid search of
  the same words is given;
- **c withheld** — among the hits (its rank and cosine given) but not said: by which layer —
  the message not read as a question, a slot template answering first, the responder's
  filter of whom the question asks about, ``answering``'s gates (about the world, a named
  attribute, what one eats, allergies, medicines, another person asked about, what is asked of
  them), the calibrated thresholds (best cosine, margin, answer score), the spread that lets
  runners-up answer, the reorderings, or the reply's wording losing the word;
- **d wrong** — the reply said another memory instead (the memory said, and where the right one
  stood).

A never-told question answered is a **wrong never-told**, given with the memory that answered
and by which layer. The trace of ``answering`` mirrors ``memory_core.read.answer.judged`` step
by step; where the mirror disagrees with ``answering`` itself the row says ``trace differs``
(update the mirror).

Prints the stage counts, then every row; ``--json`` writes them too. Development tooling (not in
the wheel); it runs as long as ``membot eval walk`` on the same script.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot import responder
from bot.cli.common import figures_settings
from bot.cli.life import LifeBot, life_bot
from memory_core.evaluation.walk import (
    _UNKNOWN,
    WalkFact,
    WalkScore,
    load_script,
    script_path,
    walk,
)
from memory_core.read import answer as A
from memory_core.read.answer import DEFAULT_ANSWER, plain_question, relevance
from memory_core.read.people import is_person_key
from memory_core.text.domains import RESTRICTION
from memory_core.values import Fact, SearchHit

#: The offline line for a question about the world ("I can't look that up …"), in the five
#: languages: the walk scores it as an answer, not an abstention.
_WORLD_LINE = re.compile(
    r"can't look that up|nicht nachschlagen|no puedo buscar|peux pas chercher|не могу это узнать"
)
#: How deep the search is read to say where a memory not among the turn's hits ranks.
DEEP_K = 50


@dataclass(slots=True)
class Seen:
    """One question as the offline responder's question path saw it."""

    ctx: responder.TurnContext
    text: str
    name: str | None
    reply: str


@dataclass(slots=True)
class Row:
    """One failed question and its stage."""

    user: str
    lang: str
    question: str
    told: str
    reply: str
    stage: str
    gate: str = ""
    detail: str = ""
    never: bool = False

    def as_json(self) -> dict[str, Any]:
        """The row as a JSON object."""
        return {
            "user": self.user,
            "lang": self.lang,
            "question": self.question,
            "told": self.told,
            "reply": self.reply,
            "stage": self.stage,
            "gate": self.gate,
            "detail": self.detail,
            "never": self.never,
        }


@dataclass(slots=True)
class Watch:
    """The questions the responder answered, by (user, message)."""

    seen: dict[tuple[str, str], Seen] = field(default_factory=dict)


def _user_of(user_id: str) -> str:
    return user_id.split(":", 1)[-1]


def _watch(watch: Watch) -> Any:
    """Wrap ``OfflineResponder._answer`` so every question's context is kept."""
    original = responder.OfflineResponder._answer

    def spy(self: Any, ctx: responder.TurnContext, text: str, name: str | None) -> str:
        reply = original(self, ctx, text, name)
        watch.seen[(_user_of(ctx.user_id), ctx.user_text.strip())] = Seen(ctx, text, name, reply)
        return reply

    responder.OfflineResponder._answer = spy  # type: ignore[method-assign]
    return original


def _words_of(hit_or_fact: SearchHit | Fact) -> str:
    fact = hit_or_fact.fact if isinstance(hit_or_fact, SearchHit) else hit_or_fact
    text = hit_or_fact.text if isinstance(hit_or_fact, SearchHit) else hit_or_fact.value_text
    if fact is None:
        return text
    return f"{text} {fact.value_text} {fact.source_excerpt or ''}"


def _held(hit: SearchHit) -> str:
    """A memory's own words (not the sentence it was learned from)."""
    return f"{hit.text} {hit.fact.value_text}" if hit.fact is not None else hit.text


def _names(word: str, text: str) -> bool:
    return re.search(rf"(?<!\w){re.escape(word)}", text, re.IGNORECASE) is not None


def _short(text: str, n: int = 70) -> str:
    text = " ".join(text.split())
    return text if len(text) <= n else text[: n - 1] + "…"


def _hit_line(hit: SearchHit, rank: int | None = None) -> str:
    where = f"#{rank} " if rank is not None else ""
    key = hit.fact.key if hit.fact is not None else hit.kind
    return f"{where}{key} «{_short(hit.text, 50)}» cos {hit.vector:.3f} rel {relevance(hit):.3f}"


def _judged_trace(
    hits: Sequence[SearchHit], question: str, targets: set[int]
) -> tuple[str | None, list[SearchHit], list[SearchHit]]:
    """``answer.judged`` step by step: the first step that left every target out (or
    ``None``), the hits left, and the hits before the person filters (the baseline's)."""

    def gone(rest: Sequence[SearchHit]) -> bool:
        return not any(h.id in targets for h in rest)

    steps: list[tuple[str, list[SearchHit]]] = []
    hits = list(hits)
    hits = A._naming_the_attribute(hits, question)
    steps.append(("gate: a named attribute the memory does not name", hits))
    if A._asks_what_one_likes_to_eat(question):
        hits = [h for h in hits if A._restricts(h) != A._ALLERGY_OR_INTOLERANCE]
    steps.append(("gate: a favourite food is no allergy", hits))
    if A._ASKS_ALLERGY.search(question):
        hits = [h for h in hits if A._restricts(h)]
    steps.append(("gate: an allergy question wants an allergy or diet", hits))
    if A._ASKS_MEDICINE.search(question) or A._ASKS_TAKEN.search(question):
        avoid = bool(RESTRICTION.search(question) or A._NEGATED.search(question))
        hits = [h for h in hits if A._takes(h) or (avoid and A._restricts(h))]
    steps.append(("gate: a medicine question wants something taken", hits))
    everyone = hits
    hits = [h for h in hits if not A._about_another(h, question, everyone)]
    steps.append(("gate: about another (person, animal, the user)", hits))
    hits = A._saying_what_is_asked(hits, question, everyone)
    steps.append(("gate: not what is asked of that person", hits))
    first = next((name for name, rest in steps if gone(rest)), None)
    return first, hits, everyone


def _trace(seen: Seen, targets: set[int]) -> tuple[str, str]:
    """Which layer of the offline question path kept the targets from the reply (a gate and
    its detail): the responder's templates and whom-filter, then ``answering``."""
    ctx, text, name = seen.ctx, seen.text, seen.name
    every = [*ctx.hits, *ctx.candidates]
    facts = responder._unique(
        [*(h.fact for h in every if h.fact is not None), *ctx.known, *ctx.about]
    )
    people = responder._people_answer(text, facts, name)
    if people is not None and people[1]:
        return "template: one of the user's people", _short(people[0])
    if ctx.about and responder._WHO_IS.match(text):
        return "template: who is", ""
    own = responder._own_answer(text, facts, name)
    if own is not None:
        return "template: the user's own slot", _short(own)
    told = [
        h
        for h in ctx.candidates or ctx.hits
        if h.fact is not None and h.fact.kind not in responder._NOT_TOLD
    ]
    whom = responder._about_whom(text)
    if whom == "kin":
        told = [h for h in told if h.fact is None or responder._not_own_slot(h.fact)]
    elif whom == "me":
        told = [h for h in told if h.fact is None or not is_person_key(h.fact.key)]
    if not any(h.id in targets for h in told):
        return f"responder: asked about {whom!r}, the memory left out", ""
    gate, detail, chosen = _answering_gate(told, text, targets)
    if gate:
        return gate, detail
    if people is not None or responder._is_own_question(text):
        # The responder leaves a relative's memory out of an answer about the user.
        kept = [h for h in chosen if h.fact is None or not is_person_key(h.fact.key)]
        if not any(h.id in targets for h in kept):
            return "responder: a person's memory left out of an own question", detail
    return "said, but the reply's words lose it", detail


def _threshold_gate(
    ranked: list[SearchHit], base: float, targets: set[int], where: str
) -> tuple[str, str, list[SearchHit]]:
    """The calibrated thresholds and the spread of ``answering``: the gate that kept every
    target out (``""``: none), where it stood with the answer score, the hits chosen."""
    config = DEFAULT_ANSWER
    top = relevance(ranked[0], config)
    p = A.probability(ranked, base, config)
    where = f"p {p:.2f}; {where}"
    if ranked[0].vector < config.min_cosine:
        return "threshold: best cosine", where, []
    if top - base < config.min_margin:
        return "threshold: margin", where, []
    if config.weights and p < config.min_probability:
        return "threshold: answer score", where, []
    floor = max(top - config.spread, base + config.runner_margin)
    chosen = [ranked[0], *(h for h in ranked[1:] if relevance(h, config) >= floor)]
    if not any(h.id in targets for h in chosen):
        return "outranked: below the spread", f"floor {floor:.3f}; {where}", []
    chosen = chosen[: config.max_facts]
    if not any(h.id in targets for h in chosen):
        return "outranked: beyond max_facts", where, []
    return "", where, chosen


def _answering_gate(
    told: list[SearchHit], text: str, targets: set[int]
) -> tuple[str, str, list[SearchHit]]:
    """``answer.answering`` step by step: the gate that kept every target out (``""``: none),
    where the target stood, and the hits chosen."""
    if A.about_the_world(text, told):
        return "gate: about the world", "", []
    step, hits, everyone = _judged_trace(told, text, targets)
    if step is not None:
        return step, "", []
    config = DEFAULT_ANSWER
    if all(h.vector <= 0 for h in hits):
        return "no vectors yet", "", []
    ranked = sorted(hits, key=lambda h: relevance(h, config), reverse=True)
    base = A.baseline(everyone, config)
    rank = next(i for i, h in enumerate(ranked) if h.id in targets)
    where = f"target {_hit_line(ranked[rank], rank + 1)}; base {base:.3f}"
    where += "" if rank == 0 else f"; best {_hit_line(ranked[0], 1)}"
    gate, where, chosen = _threshold_gate(ranked, base, targets, where)
    if gate:
        return gate, where, []
    steps: tuple[tuple[str, Any], ...] = (
        ("reorder: the asked key first", A._asked_key_first),
        ("reorder: restriction first", A._restriction_first),
        ("reorder: subject first", None),
        ("reorder: relation first", A._relation_first),
        ("reorder: team or sport first", A._team_or_sport_first),
    )
    for gate, step_fn in steps:
        if step_fn is None:
            chosen = A._subject_first(chosen, ranked, text)
        else:
            chosen = step_fn(chosen, ranked, base, config, text)
        if not any(h.id in targets for h in chosen):
            return gate, where, []
    chosen = [*chosen, *A._rest_of_group(chosen, ranked, base, config, text)]
    if {h.id for h in chosen} != {h.id for h in A.answering(told, question=text)}:
        return "trace differs", where, []
    return "", where, chosen


def _failed(fact: WalkFact, reply: str) -> tuple[str, list[str]] | None:
    """``None`` when ``reply`` answers ``fact`` right; else "wrong" or "abstained" and the
    expected words it did not name."""
    if fact.named_in(reply) and not _UNKNOWN.search(reply) and not fact.names_stale(reply):
        return None
    missing = [w for w in fact.expect if not _names(w, reply)] or list(fact.expect)
    return ("abstained" if _UNKNOWN.search(reply) else "wrong"), missing


async def _stage(
    chat: LifeBot,
    watch: Watch,
    memories: dict[str, list[Fact]],
    user: str,
    lang: str,
    fact: WalkFact,
    question: str,
    told: str,
    reply: str,
) -> Row | None:
    failed = _failed(fact, reply)
    if failed is None:
        return None
    kind, missing = failed
    row = Row(user, lang, question, told, _short(reply, 160), "")
    told_facts = [m for m in memories[user] if m.kind not in responder._NOT_TOLD]
    kept = [w for w in missing if any(_names(w, _words_of(m)) for m in told_facts)]
    if len(kept) < len(missing) if fact.all else not kept:
        row.stage = "a not kept"
        row.detail = "missing " + ", ".join(w for w in missing if w not in kept)
        return row
    seen = watch.seen.get((user, question.strip()))
    if seen is None:
        row.stage = "c withheld"
        row.gate = "not read as a question"
        return row
    # The bot's own words (a weekly reflection lists everything told) answer nothing.
    hits = [
        h
        for h in seen.ctx.candidates or seen.ctx.hits
        if h.fact is None or h.fact.kind not in responder._NOT_TOLD
    ]
    want = kept if not fact.all else missing
    # A memory that holds the word itself; else one learned from a sentence saying it (the
    # slot "Hannah" of "two children, Felix and Hannah" does not hold Felix).
    targets = {h.id for h in hits if any(_names(w, _held(h)) for w in want)} or {
        h.id for h in hits if any(_names(w, _words_of(h)) for w in want)
    }
    if not targets or (
        fact.all and not all(any(_names(w, _words_of(h)) for h in hits) for w in want)
    ):
        deep = await chat.runtime.memory.search(f"life:{user}", plain_question(question), k=DEEP_K)
        deep = [h for h in deep if h.fact is None or h.fact.kind not in responder._NOT_TOLD]
        rank = next(
            (i + 1 for i, h in enumerate(deep) if any(_names(w, _words_of(h)) for w in want)),
            None,
        )
        row.stage = "b not retrieved"
        row.detail = f"rank {rank} of {DEEP_K}" if rank else f"not in the first {DEEP_K}"
        if rank:
            row.detail += "; " + _hit_line(deep[rank - 1])
        return row
    gate, detail = _trace(seen, targets)
    if _WORLD_LINE.search(reply):
        gate = f"world line ({gate})"
    if kind == "wrong" and not (fact.all and fact.named_in(reply.replace(missing[0], ""))):
        row.stage = "d wrong"
    else:
        row.stage = "c withheld"
    if fact.all and any(_names(w, reply) for w in fact.expect):
        gate = "partial: " + gate
    row.gate, row.detail = gate, detail
    return row


def _overlap(hit: SearchHit, reply: str, question: str) -> int:
    """How many words of a memory (four letters or more, not the question's) a reply says."""
    asked = set(re.findall(r"\w{4,}", question.casefold()))
    words = set(re.findall(r"\w{4,}", _words_of(hit).casefold())) - asked
    return sum(1 for w in words if w in reply.casefold())


async def _never(watch: Watch, user: str, lang: str, question: str, reply: str) -> Row | None:
    if _UNKNOWN.search(reply):
        return None
    row = Row(user, lang, question, "", _short(reply, 160), "never told answered", never=True)
    seen = watch.seen.get((user, question.strip()))
    if seen is None:
        row.gate = "not read as a question"
        return row
    hits = [
        h
        for h in (seen.ctx.candidates or seen.ctx.hits)
        if h.fact is not None and h.fact.kind not in responder._NOT_TOLD
    ]
    said = sorted(hits, key=lambda h: _overlap(h, reply, question), reverse=True)[:1]
    said = [h for h in said if _overlap(h, reply, question) > 0]
    row.gate, row.detail = _trace(seen, {h.id for h in said} or {-1})
    if _WORLD_LINE.search(reply):
        row.gate, row.detail = "world line: asked about the user, read as about the world", ""
    if said:
        row.detail = "said " + _hit_line(said[0]) + (f"; {row.detail}" if row.detail else "")
    return row


async def stages(path: Path) -> tuple[WalkScore, list[Row]]:
    """Walk the script on a fresh bot, watching; the failed questions with their stages."""
    script = load_script(path)
    watch = Watch()
    original = _watch(watch)
    rows: list[Row] = []
    try:
        async with life_bot(figures_settings()) as chat:
            score = await walk(chat, script)
            replies = {(u, m): " ".join(r) for u, _, m, r in score.transcript if m}
            memories = {
                u.user: await chat.runtime.memory.list_facts(f"life:{u.user}", limit=500)
                for u in script.users
            }
            for u in script.users:
                said = ""
                for fact in u.facts:
                    said = fact.say or said
                    for q in (fact.ask, *fact.also):
                        row = await _stage(
                            chat,
                            watch,
                            memories,
                            u.user,
                            u.lang,
                            fact,
                            q,
                            said,
                            replies.get((u.user, q), ""),
                        )
                        if row is not None:
                            rows.append(row)
                for q in u.never:
                    row = await _never(watch, u.user, u.lang, q, replies.get((u.user, q), ""))
                    if row is not None:
                        rows.append(row)
    finally:
        responder.OfflineResponder._answer = original  # type: ignore[method-assign]
    return score, rows


def summary(score: WalkScore, rows: Sequence[Row]) -> dict[str, Any]:
    """The walk's paraphrase figures and the stage counts (and the gates of withheld ones)."""
    told = [r for r in rows if not r.never]
    return {
        "paraphrases": score.as_json()["paraphrases"],
        "never_told": score.as_json()["never_told"],
        "stages": dict(sorted(Counter(r.stage for r in told).items())),
        "gates": dict(
            Counter(r.gate for r in told if r.stage.startswith(("c", "d"))).most_common()
        ),
        "never_gates": dict(Counter(r.gate for r in rows if r.never).most_common()),
    }


def main() -> None:
    """``python -m devtools.ask_stages SCRIPT [--json OUT]``."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("script", type=Path)
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args()
    score, rows = asyncio.run(stages(script_path(args.script)))
    figures = summary(score, rows)
    print(json.dumps(figures, ensure_ascii=False, indent=1))
    for r in rows:
        print(f"[{r.stage}] {r.gate} | {r.user}: {r.question!r} → {r.reply!r} | {r.detail}")
    if args.json:
        args.json.write_text(
            json.dumps(
                {**figures, "rows": [r.as_json() for r in rows]}, ensure_ascii=False, indent=1
            ),
            encoding="utf-8",
        )


if __name__ == "__main__":
    main()
