"""Answer or abstain, by meaning (``membot eval answers``): calibrates ``memory_core.read.answer``.

Users are MSC development personas (the ``train`` pairs tune, the ``valid`` pairs are held
out). Each persona sentence is stored as the bot would keep it: what the offline extractor
makes of it, or — when it makes nothing — the sentence itself as a note in the user's words.
Every user is then asked one question per topic of ``answer_data.TOPICS``, in a wording
rotating over English, German, Spanish and French (even wordings tune, odd ones are held out):
a question is *answerable* when one of the user's sentences matches the topic's pattern (those
sentences' memories are the right answers) and *unanswerable* when none does (the bot must
abstain). One search per question is read once; every threshold setting is scored on it.

A *same-language* part (``labels/same_language_tune.jsonl`` and ``…_heldout.jsonl``): MSC
development personas of the same two splits written by hand in German, Spanish, French and
Russian as a chat user would tell them, stored the same way and asked in their own language.
Users of those languages tell their facts in it, and e5 puts a question closer to every memory
in its own language (unrelated ones at 0.82–0.85), so a score calibrated on English facts alone
abstains on their right answers. Which translated sentence answers which topic is read from the
English sentence it translates (the personas file), by the same patterns.

Scores: precision (answers whose best memory is a right one, of all answers), recall (right
answers of answerable questions), abstention (unanswerable questions left unanswered).
"""

from __future__ import annotations

import asyncio
import itertools
import json
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import numpy as np

from memory_core import Memory
from memory_core.embed import Embedder
from memory_core.evaluation.answer_data import (
    FRESH,
    NEGATED,
    TOPICS,
    UNSEEN,
    Topic,
    answers_the_wording,
)
from memory_core.evaluation.answer_stages import stage
from memory_core.extract.base import Extractor, TurnInput
from memory_core.read.answer import (
    ANSWER_K,
    DEFAULT_ANSWER,
    FEATURES,
    AnswerConfig,
    answering,
    features,
    judged,
    plain_question,
    probability,
    relevance,
)
from memory_core.read.search import search_on_thread
from memory_core.runtime.executors import Lane
from memory_core.values import NewFact, SearchHit

#: Where the MSC personas live (read, never committed; see its README).
MSC_PATH = (
    Path(__file__).resolve().parents[2] / ".." / "shared" / "data" / "msc" / "msc_personas_dev.json"
)
#: The same-language personas (hand-written translations of MSC development personas, one
#: JSON object a line: ``lang``, ``split``, ``persona`` — the index in ``load_personas``'s
#: list of that split — and ``sentences``, one per English sentence, in its order).
LABELS = Path(__file__).resolve().parent / "labels"
SAME_LANGUAGE_TUNE = LABELS / "same_language_tune.jsonl"
SAME_LANGUAGE_HELDOUT = LABELS / "same_language_heldout.jsonl"
#: Hits read per question (as deep as the reply's search goes).
READ_K = ANSWER_K
Progress = Callable[[str, int, int], None]


@dataclass(frozen=True, slots=True)
class Asked:
    """One question put to one user, and the search it got."""

    user: str
    topic: str
    lang: str
    question: str
    right: frozenset[int]  # the memories that answer it (empty: unanswerable)
    hits: tuple[SearchHit, ...]
    #: The right memories by the sentence they came from (two sentences: a two-fact answer,
    #: "do I have any pets?" of a user with a cat and a dog).
    groups: tuple[frozenset[int], ...] = ()
    #: The persona sentences (English) those memories came from, in the order of ``groups``.
    told: tuple[str, ...] = ()
    #: ``groups`` by the finer labels (``answer_data.answers_the_wording``: a wording that
    #: asks about one relative is not answered by a sentence about another of its kind).
    fine: tuple[frozenset[int], ...] = ()
    #: Whether one of the ``fine`` sentences matches the topic's pattern (``Topic.answers``),
    #: not only its words (``Topic.related``: "I play video games." for "Treibe ich Sport?").
    fine_sure: bool = True
    #: Whether the question counts for recall when ``right`` (``finer``: not when only the
    #: topic's words put it on the topic — an answer to it still counts for precision).
    sure: bool = True


def finer(asked: Sequence[Asked]) -> list[Asked]:
    """``asked`` labelled by the finer rules: a wording asking about one relative is not
    answered by a sentence about another (``answer_data.answers_the_wording``), and a
    question on its topic only by the topic's words is neither answerable nor unanswerable
    (its answer is right when one of those sentences, wrong otherwise; no answer: neither)."""
    return [
        replace(a, right=frozenset(i for g in a.fine for i in g), groups=a.fine, sure=a.fine_sure)
        for a in asked
    ]


@dataclass(slots=True)
class Score:
    """Answer-or-abstain counts of one threshold setting on one set of questions."""

    answerable: int = 0
    unanswerable: int = 0
    answered: int = 0
    right: int = 0
    abstained_unanswerable: int = 0
    #: Answerable questions whose search ranks a right memory first (no threshold).
    first_right: int = 0
    #: Answerable questions whose right memories come from two sentences or more, and the
    #: answers to them that name right memories of at least two of those sentences.
    multi: int = 0
    multi_complete: int = 0
    #: Answers that carry a memory besides right ones (a right first memory, a wrong second).
    extra_wrong: int = 0
    #: Questions neither answerable nor unanswerable (``Asked.sure``), and the right answers
    #: to them (counted in ``right``, for precision; not for recall).
    uncertain: int = 0
    uncertain_right: int = 0
    by_lang: dict[str, list[int]] = field(default_factory=dict)  # lang → [right, answerable]
    answered_by_lang: dict[str, int] = field(default_factory=dict)  # lang → answers given
    #: lang → [unanswerable questions left unanswered, unanswerable questions]
    abstained_by_lang: dict[str, list[int]] = field(default_factory=dict)

    @property
    def precision(self) -> float:
        """Right answers of all answers given."""
        return self.right / self.answered if self.answered else 1.0

    @property
    def recall(self) -> float:
        """Right answers of answerable questions."""
        sure = self.right - self.uncertain_right
        return sure / self.answerable if self.answerable else 0.0

    @property
    def abstention(self) -> float:
        """Unanswerable questions left unanswered."""
        return self.abstained_unanswerable / self.unanswerable if self.unanswerable else 1.0

    def f(self, beta: float = 0.5) -> float:
        """F-beta of precision and recall (β < 1 weighs precision: a wrong answer is worse
        than an honest "I don't know")."""
        p, r = self.precision, self.recall
        return (1 + beta**2) * p * r / (beta**2 * p + r) if p + r else 0.0

    def as_json(self) -> dict[str, Any]:
        """Counts and rates."""
        return {
            "answerable": self.answerable,
            "unanswerable": self.unanswerable,
            "answered": self.answered,
            "right": self.right,
            "precision": round(self.precision, 4),
            "recall": round(self.recall, 4),
            "abstention": round(self.abstention, 4),
            "search_hit_at_1": round(self.first_right / self.answerable, 4)
            if self.answerable
            else 0.0,
            "multi_fact": f"{self.multi_complete}/{self.multi}",
            "uncertain": self.uncertain,
            "uncertain_right": self.uncertain_right,
            "answers_with_a_wrong_extra": self.extra_wrong,
            "recall_by_language": {
                lang: round(r / n, 4) if n else 0.0 for lang, (r, n) in sorted(self.by_lang.items())
            },
            "precision_by_language": {
                lang: round(r / self.answered_by_lang[lang], 4)
                if self.answered_by_lang.get(lang)
                else 1.0
                for lang, (r, _) in sorted(self.by_lang.items())
            },
            "abstention_by_language": {
                lang: round(a / n, 4) if n else 1.0
                for lang, (a, n) in sorted(self.abstained_by_lang.items())
            },
        }


def score(asked: Sequence[Asked], config: AnswerConfig) -> Score:
    """Score ``config`` on questions read once."""
    return _count(
        asked, [answering(a.hits, config, question=plain_question(a.question)) for a in asked]
    )


def _count(asked: Sequence[Asked], answers: Sequence[Sequence[SearchHit]]) -> Score:
    """The counts of ``asked`` answered with ``answers`` (one a question; empty: abstained)."""
    out = Score()
    for a, chosen in zip(asked, answers, strict=True):
        lang = out.by_lang.setdefault(a.lang, [0, 0])
        if a.right and not a.sure:
            out.uncertain += 1
        elif a.right:
            out.answerable += 1
            lang[1] += 1
            out.first_right += bool(a.hits) and a.hits[0].id in a.right
        else:
            out.unanswerable += 1
            silent = out.abstained_by_lang.setdefault(a.lang, [0, 0])
            silent[1] += 1
            if not chosen:
                out.abstained_unanswerable += 1
                silent[0] += 1
        if len(a.groups) >= 2:
            out.multi += 1
            ids = {h.id for h in chosen}
            out.multi_complete += sum(1 for g in a.groups if g & ids) >= 2
        if chosen:
            out.answered += 1
            out.answered_by_lang[a.lang] = out.answered_by_lang.get(a.lang, 0) + 1
            out.extra_wrong += any(h.id not in a.right for h in chosen[1:])
            if chosen[0].id in a.right:
                out.right += 1
                if a.sure:
                    lang[0] += 1
                else:
                    out.uncertain_right += 1
    return out


@dataclass
class AnswersReport:
    """The tuned thresholds, and the defaults and tuned ones scored on both splits."""

    tuned: AnswerConfig
    default_tune: Score
    default_heldout: Score
    tuned_tune: Score
    tuned_heldout: Score
    lexical_heldout: Score
    vector_heldout: Score
    #: The held-out personas asked ``answer_data.FRESH`` (wordings never tuned on).
    fresh_heldout: Score
    #: ... and asked ``answer_data.UNSEEN`` (a third set, with Russian; never tuned on).
    unseen_heldout: Score
    users: dict[str, int]
    #: The defaults on the fresh and unseen wordings (before / after a refit, in one run).
    default_fresh: Score = field(default_factory=Score)
    default_unseen: Score = field(default_factory=Score)
    #: The same-language personas (facts and questions in German, Spanish, French, Russian):
    #: tune split, held-out split, and held-out asked the fresh and unseen wordings of their
    #: language; each with the defaults and with the tuned thresholds.
    same: dict[str, tuple[Score, Score]] = field(default_factory=dict)
    seconds: float = 0.0
    #: The English personas by the finer labels (``finer``): tune and held-out, each with
    #: the defaults and the tuned thresholds.
    english_fine: dict[str, tuple[Score, Score]] = field(default_factory=dict)
    #: Only the same-language part was run (``only_same_language``): no English scores, and
    #: no tuning (it reads the English tune split too) — ``same`` holds the defaults twice.
    same_only: bool = False

    def as_json(self) -> dict[str, Any]:
        """Everything, for ``--json``."""
        if self.same_only:
            return {
                "users": self.users,
                "same_language": {
                    name: {"default": d.as_json()} for name, (d, _) in self.same.items()
                },
                "seconds": round(self.seconds, 1),
            }
        t = self.tuned
        return {
            "users": self.users,
            "tuned": {
                "min_margin": t.min_margin,
                "min_cosine": t.min_cosine,
                "weights": dict(zip(FEATURES, t.weights, strict=True)),
                "min_probability": t.min_probability,
            },
            "default": {
                "tune": self.default_tune.as_json(),
                "heldout": self.default_heldout.as_json(),
                "fresh_heldout": self.default_fresh.as_json(),
                "unseen_heldout": self.default_unseen.as_json(),
            },
            "tuned_scores": {
                "tune": self.tuned_tune.as_json(),
                "heldout": self.tuned_heldout.as_json(),
            },
            "lexical_only_heldout": self.lexical_heldout.as_json(),
            "vector_only_heldout": self.vector_heldout.as_json(),
            "fresh_heldout": self.fresh_heldout.as_json(),
            "unseen_heldout": self.unseen_heldout.as_json(),
            "same_language": {
                name: {"default": d.as_json(), "tuned": t.as_json()}
                for name, (d, t) in self.same.items()
            },
            "english_fine_labels": {
                name: {"default": d.as_json(), "tuned": t.as_json()}
                for name, (d, t) in self.english_fine.items()
            },
            "seconds": round(self.seconds, 1),
        }


def load_personas(path: Path) -> dict[str, list[list[str]]]:
    """``{"train": [sentences of one speaker], "valid": [...]}`` from the MSC file."""
    data = json.loads(path.read_text(encoding="utf-8"))
    return {
        split: [item[who] for item in items for who in ("Speaker 1", "Speaker 2")]
        for split, items in data.items()
    }


@dataclass(frozen=True, slots=True)
class Translated:
    """An MSC persona as a user of another language tells it (``SAME_LANGUAGE_*``)."""

    lang: str
    persona: int
    #: What the user says, in their language.
    sentences: tuple[str, ...]
    #: The persona file's sentences they translate, in the same order: the topics' patterns
    #: read these to decide which memories answer a question.
    english: tuple[str, ...]


def load_same_language(path: Path, personas: Sequence[Sequence[str]]) -> list[Translated]:
    """The translated personas of one split (``personas``: that split of ``load_personas``)."""
    out: list[Translated] = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        row = json.loads(line)
        english = tuple(personas[row["persona"]])
        said = tuple(row["sentences"])
        if len(said) != len(english):
            raise ValueError(f"{path.name}: persona {row['persona']} has {len(said)} sentences")
        out.append(Translated(row["lang"], row["persona"], said, english))
    return out


#: The same-language users' first names, by rotation.
SAME_NAMES = {
    "de": ("Jonas", "Lena", "Felix", "Mia"),
    "es": ("Lucía", "Mateo", "Carmen", "Javier"),
    "fr": ("Camille", "Hugo", "Léa", "Louis"),
    "ru": ("Иван", "Ольга", "Дмитрий", "Анна"),
}


def _wordings(topic: Topic, heldout: bool) -> list[tuple[str, str]]:
    """The topic's wordings of one split (even positions tune, odd ones are held out)."""
    return [q for i, q in enumerate(topic.questions) if i % 2 == int(heldout)]


#: The personas' first names (the bot writes a fact about a named user with their name:
#: "Grace is an electrician.", as on a platform that gives one), by rotation.
NAMES = ("Grace", "Omar", "Lucia", "Ben", "Mei", "Tariq", "Hanna", "Diego", "Zoe", "Ivan")


async def _store(
    memory: Memory, extractor: Extractor, user: str, sentences: Sequence[str], name: str
) -> dict[str, list[int]]:
    """Store a persona as the bot keeps it; returns sentence → its memories' ids."""
    now = memory.clock.now()
    out: dict[str, list[int]] = {}
    for n, sentence in enumerate(dict.fromkeys(sentences)):
        found = await extractor.extract(TurnInput(sentence, now, user_name=name))
        news = [
            NewFact(c.key, c.value_text, c.category, c.confidence_hint, source_excerpt=sentence)
            for c in found
            if not c.temporary
        ] or [NewFact(f"note.{n}", sentence, source_excerpt=sentence)]
        ids = [(await memory.remember(user, new, reason="evaluation")).id for new in news]
        out[sentence] = ids
    return out


async def _store_translated(
    memory: Memory, extractor: Extractor, user: str, persona: Translated, name: str
) -> dict[str, list[int]]:
    """Store a translated persona as the bot keeps it; returns the English sentence each
    sentence translates → its memories' ids (what the topics' patterns read)."""
    said = await _store(memory, extractor, user, persona.sentences, name)
    return {en: said[own] for en, own in zip(persona.english, persona.sentences, strict=True)}


def _ask_all(
    memory: Memory,
    personas: Sequence[tuple[str, dict[str, list[int]]]],
    *,
    heldout: bool,
    progress: Progress | None,
    mode: str = "hybrid",
    wordings: dict[str, tuple[tuple[str, str], ...]] | None = None,
    langs: dict[str, str] | None = None,
) -> list[Asked]:
    """One question per (user, topic), read once (on the calling worker thread); ``wordings``:
    a held-out set by topic (``answer_data.FRESH``, ``UNSEEN``) instead of the split's own;
    ``langs``: user → the only language they are asked in (a topic without a wording in it
    is not asked)."""
    asked: list[Asked] = []
    pools = {
        t.name: list(wordings.get(t.name, ())) if wordings else _wordings(t, heldout)
        for t in TOPICS
    }
    turn = itertools.count()
    for done, (user, stored) in enumerate(personas):
        lang_of = langs.get(user) if langs else None
        answerable: list[tuple[Topic, tuple[str, ...]]] = []
        unanswerable: list[tuple[Topic, tuple[str, ...]]] = []
        for topic in TOPICS:
            matching = [s for s in stored if topic.answers.search(s) or topic.related.search(s)]
            if matching and all(NEGATED.search(s) for s in matching):
                continue  # "I do not have a dog anymore": neither clearly answerable nor not
            told = tuple(s for s in matching if not NEGATED.search(s))
            (answerable if told else unanswerable).append((topic, told))
        # As many questions it cannot answer as ones it can (at least one): people mostly
        # ask about what they told, and a set of mostly unanswerable ones rewards silence.
        shift = done % len(unanswerable) if unanswerable else 0
        unanswerable = (unanswerable[shift:] + unanswerable[:shift])[: max(1, len(answerable))]
        for topic, told in answerable + unanswerable:
            pool = [q for q in pools[topic.name] if lang_of in (None, q[0])]
            if not pool:
                continue
            lang, question = pool[next(turn) % len(pool)]
            hits = search_on_thread(
                memory.ctx,
                user,
                plain_question(question),
                k=READ_K,
                mode=mode,  # type: ignore[arg-type]
                topics=True,
            )
            groups = tuple(frozenset(stored[s]) for s in told)
            kept = [s for s in told if answers_the_wording(topic.name, question, s)]
            fine = tuple(frozenset(stored[s]) for s in kept)
            sure = any(topic.answers.search(s) for s in kept)
            right = frozenset(i for g in groups for i in g)
            asked.append(
                Asked(
                    user, topic.name, lang, question, right, tuple(hits), groups, told, fine, sure
                )
            )
        if progress:
            progress("ask", done + 1, len(personas))
    return asked


@dataclass(frozen=True, slots=True)
class Gated:
    """One question's answer with ``read.answer.answering``'s floors and answer score open
    (``opened``) and closed (``closed``), and what those gates read: the best ranked hit's
    cosine, its relevance above the baseline and its answer score (``None``: nothing ranked,
    no gate reached). Nothing after the gates reads ``min_cosine``, ``min_margin`` or
    ``min_probability``, so ``answer`` is ``answering``'s answer under any of them."""

    opened: tuple[SearchHit, ...]
    closed: tuple[SearchHit, ...]
    cosine: float | None = None
    margin: float = 0.0
    chance: float = 1.0

    def answer(self, config: AnswerConfig) -> tuple[SearchHit, ...]:
        """The answer under ``config``'s floors and threshold (its other settings: the ones
        this was read with)."""
        if self.cosine is None:
            return self.opened
        passes = (
            self.cosine >= config.min_cosine
            and self.margin >= config.min_margin
            and (not config.weights or self.chance >= config.min_probability)
        )
        return self.opened if passes else self.closed


def gated(asked: Sequence[Asked], weights: tuple[float, ...]) -> list[Gated]:
    """Each question of ``asked`` read once for the grid of ``tune`` (``weights``: the
    answer score's)."""
    wide = replace(DEFAULT_ANSWER, min_margin=-9.0, min_cosine=-9.0, weights=())
    shut = replace(wide, min_cosine=9.0)
    scored = replace(DEFAULT_ANSWER, weights=weights)
    out: list[Gated] = []
    for a in asked:
        q = plain_question(a.question)
        opened = tuple(answering(a.hits, wide, question=q))
        closed = tuple(answering(a.hits, shut, question=q))
        j = judged(a.hits, DEFAULT_ANSWER, q)
        if not j.ranked or opened == closed:
            out.append(Gated(opened, closed))
            continue
        top = j.ranked[0]
        chance = probability(j.ranked, j.base, scored, j.rivals) if weights else 1.0
        margin = relevance(top, DEFAULT_ANSWER) - j.base
        out.append(Gated(opened, closed, top.vector, margin, chance))
    return out


def fit_weights(
    asked: Sequence[Asked], config: AnswerConfig = DEFAULT_ANSWER, *, l2: float = 0.01
) -> tuple[float, ...]:
    """The answer score's weights (``read.answer.FEATURES``) fitted on ``asked``: a logistic
    regression of "the best-ranked hit is a right answer" (standardised features, L2, plain
    gradient descent: deterministic), returned on the features' own scale."""
    rows: list[list[float]] = []
    labels: list[float] = []
    for a in asked:
        j = judged(a.hits, config, question=plain_question(a.question))
        if j.ranked:
            rows.append(features(j.ranked, j.base, config, j.rivals))
            labels.append(1.0 if j.ranked[0].id in a.right else 0.0)
    if not rows:
        return ()
    x = np.array(rows, dtype=np.float64)
    y = np.array(labels)
    mu, sd = x[:, 1:].mean(axis=0), x[:, 1:].std(axis=0) + 1e-9
    z = np.column_stack([x[:, 0], (x[:, 1:] - mu) / sd])
    w = np.zeros(z.shape[1])
    for _ in range(3000):
        p = 1.0 / (1.0 + np.exp(-(z @ w)))
        w -= 0.5 * (z.T @ (p - y) / len(y) + l2 * np.r_[0.0, w[1:]])
    raw = w[1:] / sd
    return (round(float(w[0] - raw @ mu), 4), *(round(float(v), 4) for v in raw))


#: The precision tuning must keep on the tune split (held-out precision runs a little lower):
#: a wrong answer — "your kid's name" answered with the cat's — misleads, an honest "I don't
#: know" invites the user to say it again. 0.875 was tried when the memories' area words
#: (``SearchHit.topic_words``) joined the score: held-out 0.830 / 0.620, unseen wordings
#: 0.824 / 0.646; at 0.85, held-out 0.802 / 0.683, unseen 0.796 / 0.700 — six points of
#: recall for three of precision, and precision at the level it had before the area words
#: (0.810). What a user feels most is a fact told and not found, so 0.85 stays.
TUNE_PRECISION = 0.85


def tune(asked: Sequence[Asked], parts: Sequence[Sequence[Asked]] = ()) -> AnswerConfig:
    """The answer score's weights fitted on ``asked``, then the floors and threshold with the
    best recall at a precision of at least ``TUNE_PRECISION`` on it and on each of ``parts``
    (the English and the same-language personas: the floor holds for both kinds of user,
    not on average; ties: the stricter)."""
    weights = fit_weights(asked)
    # Each question is answered once with the floors and the score open and once closed: a
    # setting of the grid only chooses between the two (``gated``), not ~250 readings.
    gates = gated(asked, weights)
    part_gates = [gated(p, weights) for p in parts]
    best: tuple[tuple[float, float], AnswerConfig] | None = None
    for margin in (0.0, 0.02, 0.04):
        for cosine in (0.70, 0.74, 0.76):
            for chance in [x / 100 for x in range(30, 86, 2)]:
                config = replace(
                    DEFAULT_ANSWER,
                    min_margin=margin,
                    min_cosine=cosine,
                    weights=weights,
                    min_probability=chance,
                )
                got = _count(asked, [g.answer(config) for g in gates])
                floor = min(
                    [
                        got.precision,
                        *(
                            _count(p, [g.answer(config) for g in pg]).precision
                            for p, pg in zip(parts, part_gates, strict=True)
                        ),
                    ]
                )
                rank = (got.recall if floor >= TUNE_PRECISION else 0.0, got.precision)
                if best is None or rank > best[0]:
                    best = (rank, config)
    assert best is not None
    return best[1]


#: The wordings the same-language held-out users are asked besides their split's own: the
#: fresh and unseen sets (never tuned on), in their language.
NEW_WORDINGS = {t.name: FRESH.get(t.name, ()) + UNSEEN.get(t.name, ()) for t in TOPICS}


async def _store_all(
    memory: Memory,
    extractor: Extractor,
    personas: dict[str, list[list[str]]],
    users: int,
    progress: Progress | None,
) -> dict[str, list[tuple[str, dict[str, list[int]]]]]:
    """The English personas (``users`` of each split: ``train``, ``valid``) and the
    same-language ones (``same-train``, ``same-valid``), stored as the bot keeps them."""
    stored: dict[str, list[tuple[str, dict[str, list[int]]]]] = {}
    for split in ("train", "valid"):
        chosen = personas[split][:users]
        stored[split] = []
        for n, sentences in enumerate(chosen):
            user = f"eval:{split}-{n}"
            name = NAMES[n % len(NAMES)]
            stored[split].append((user, await _store(memory, extractor, user, sentences, name)))
            if progress:
                progress(f"store {split}", n + 1, len(chosen))
    for split, path in (("train", SAME_LANGUAGE_TUNE), ("valid", SAME_LANGUAGE_HELDOUT)):
        same = load_same_language(path, personas[split])
        stored[f"same-{split}"] = []
        for n, persona in enumerate(same):
            user = f"eval:{split}-{persona.lang}-{persona.persona}"
            name = SAME_NAMES[persona.lang][n % len(SAME_NAMES[persona.lang])]
            ids = await _store_translated(memory, extractor, user, persona, name)
            stored[f"same-{split}"].append((user, ids))
            if progress:
                progress(f"store same-language {split}", n + 1, len(same))
    return stored


def _user_langs(stored: Sequence[tuple[str, dict[str, list[int]]]]) -> dict[str, str]:
    """A same-language user → their language (``eval:valid-de-216`` → ``de``)."""
    return {user: user.split("-")[-2] for user, _ in stored}


async def run_answers_eval(
    extractor: Extractor,
    embedder: Embedder,
    *,
    path: Path,
    users: int = 150,
    workdir: Path | None = None,
    progress: Progress | None = None,
    same_language_only: bool = False,
    questions: Path | None = None,
    shipped_only: bool = False,
) -> AnswersReport:
    """Store ``users`` personas of each split and the same-language ones, ask, tune on the
    ``train`` ones of both, report on the ``valid`` ones.

    ``same_language_only``: store and ask the same-language personas alone, scored with the
    shipped thresholds (a quarter of the time; the search's word statistics then come from
    their memories alone, so a figure may differ by a question from the whole command's).
    ``questions``: where to write each *tune* question's outcome (JSON lines, ``outcomes``,
    with ``part``: ``english`` — not with ``same_language_only`` — or ``same-language``), to
    read its losses one by one; the held-out ones are only counted.
    ``shipped_only``: no tuning — the "tuned" scores are the shipped thresholds' too (the
    tuning grid now reads each question four times, ``gated``, not ~250: no longer most of
    the command's time)."""
    import time

    started = time.perf_counter()
    personas = load_personas(path)
    if same_language_only:
        users = 0
    with tempfile.TemporaryDirectory(prefix="membot-answers-", dir=workdir) as tmp:
        memory = Memory.open(Path(tmp) / "answers.db", embedder)
        try:
            stored = await _store_all(memory, extractor, personas, users, progress)
            await memory.run(Lane.BACKGROUND, memory.vectors.sync)

            async def ask(split: str, heldout: bool, **how: Any) -> list[Asked]:
                """One split's users asked one way (search mode, wordings, languages)."""
                return await memory.run(
                    Lane.REPLY,
                    _ask_all,
                    memory,
                    stored[split],
                    heldout=heldout,
                    progress=progress,
                    **how,
                )

            if not same_language_only:
                tune_set = await ask("train", False)
                held = await ask("valid", True)
                lexical = await ask("valid", True, mode="lexical")
                vector = await ask("valid", True, mode="vector")
                fresh = await ask("valid", True, wordings=FRESH)
                unseen = await ask("valid", True, wordings=UNSEEN)
            langs = _user_langs(stored["same-train"] + stored["same-valid"])
            same = {
                "tune": await ask("same-train", False, langs=langs),
                "heldout": await ask("same-valid", True, langs=langs),
                "new_wordings_heldout": await ask(
                    "same-valid", True, langs=langs, wordings=NEW_WORDINGS
                ),
            }
        finally:
            memory.close()
    if questions is not None:
        parts = [("same-language", same["tune"])]
        if not same_language_only:
            parts.insert(0, ("english", tune_set))
        rows = ({"part": part, **o} for part, asked in parts for o in outcomes(asked))
        lines = (json.dumps(o, ensure_ascii=False) for o in rows)
        text = "".join(f"{line}\n" for line in lines)
        await asyncio.to_thread(questions.write_text, text, encoding="utf-8")
    finely = {f"{name}_fine_labels": finer(asked) for name, asked in same.items()}
    if same_language_only:
        scored = {n: score(a, DEFAULT_ANSWER) for n, a in {**same, **finely}.items()}
        return AnswersReport(
            tuned=DEFAULT_ANSWER,
            default_tune=Score(),
            default_heldout=Score(),
            tuned_tune=Score(),
            tuned_heldout=Score(),
            lexical_heldout=Score(),
            vector_heldout=Score(),
            fresh_heldout=Score(),
            unseen_heldout=Score(),
            same={n: (s, s) for n, s in scored.items()},
            users={k: len(v) for k, v in stored.items() if v},
            seconds=time.perf_counter() - started,
            same_only=True,
        )
    tuned = (
        DEFAULT_ANSWER
        if shipped_only
        else tune([*tune_set, *same["tune"]], parts=(tune_set, same["tune"]))
    )
    return AnswersReport(
        tuned=tuned,
        default_tune=score(tune_set, DEFAULT_ANSWER),
        default_heldout=score(held, DEFAULT_ANSWER),
        tuned_tune=score(tune_set, tuned),
        tuned_heldout=score(held, tuned),
        lexical_heldout=score(lexical, DEFAULT_ANSWER),
        vector_heldout=score(vector, tuned),
        fresh_heldout=score(fresh, tuned),
        unseen_heldout=score(unseen, tuned),
        default_fresh=score(fresh, DEFAULT_ANSWER),
        default_unseen=score(unseen, DEFAULT_ANSWER),
        same={
            name: (score(asked, DEFAULT_ANSWER), score(asked, tuned))
            for name, asked in {**same, **finely}.items()
        },
        english_fine={
            name: (score(asked, DEFAULT_ANSWER), score(asked, tuned))
            for name, asked in (("tune", finer(tune_set)), ("heldout", finer(held)))
        },
        users={k: len(v) for k, v in stored.items()},
        seconds=time.perf_counter() - started,
    )


def _outcome(chosen: Sequence[SearchHit], right: frozenset[int], sure: bool = True) -> str:
    """One question's outcome (``outcomes``; ``uncertain …``: ``Asked.sure`` false)."""
    if not right:
        return "answered" if chosen else "abstained"
    said = "right" if chosen and chosen[0].id in right else "wrong" if chosen else "missed"
    return said if sure else f"uncertain {said}"


def outcomes(asked: Sequence[Asked], config: AnswerConfig = DEFAULT_ANSWER) -> list[dict[str, Any]]:
    """Each question's outcome under ``config``, to read a split's losses one by one:
    ``right``, ``wrong`` (answered first with a memory not among the right ones), ``missed``
    (answerable, no answer), ``abstained`` / ``answered`` (unanswerable); with the coarse
    and the finer labels (``fine``), where a loss was lost (``answer_stages.stage``: not
    retrieved, withheld by which gate, outranked…; ``fine_stage`` by the finer labels), the
    answer and the search's hits (``*``: a right one)."""
    out: list[dict[str, Any]] = []
    for a in asked:
        chosen = answering(a.hits, config, question=plain_question(a.question))
        fine = frozenset(i for g in a.fine for i in g)

        out.append(
            {
                "user": a.user,
                "lang": a.lang,
                "topic": a.topic,
                "question": a.question,
                "outcome": _outcome(chosen, a.right),
                "fine": _outcome(chosen, fine, a.fine_sure),
                "stage": stage(a.hits, a.right, a.question, config),
                "fine_stage": stage(a.hits, fine, a.question, config),
                "told": list(a.told),
                "answer": [h.text for h in chosen],
                "hits": [
                    f"{'*' if h.id in a.right else ' '} {h.vector:.3f} {h.text}" for h in a.hits
                ],
            }
        )
    return out


def run_blocking(**kwargs: Any) -> AnswersReport:
    """``run_answers_eval`` from synchronous code (the CLI)."""
    return asyncio.run(run_answers_eval(**kwargs))
