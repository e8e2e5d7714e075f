"""The crisis reader: whether a message says its speaker may harm themselves (the crisis reply).

The sensitivity model's linear reader (:mod:`memory_core.text.sensitivity_meaning`) decides what
is private; its self-harm column also decided the crisis reply, so one threshold served two
aims. Look-alikes of self-harm ("I could sleep forever after that hike") pushed that threshold
up to keep the column's flags precise, and the crisis reply then answered fewer people who needed
it. This reader is calibrated for the crisis reply alone: a logistic regression over the same
passage vectors, self-harm against everything else (other special categories, mental health
included, and harmless look-alikes), trained by ``devtools/train_crisis.py`` on the ``tune`` rows
of the labelled lists only; its threshold is the lowest at which the cross-validated crisis
replies (the rules' self-harm readings and this reader's) stay ``CRISIS_PRECISION`` right. It
only upgrades a reading to self-harm — a text the rules or the other reader left unread or read
as health — and never for a message addressed to the bot; it never lowers anything.
Deterministic, one dot product per vector; without its weights or with another embedder it is
off, and the crisis reply follows the sensitivity model's self-harm reading as before.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np
import numpy.typing as npt
import structlog

log = structlog.get_logger("memory_core.sensitivity")

#: The weights shipped with the package (written by ``devtools/train_crisis.py``).
CRISIS_PATH = Path(__file__).parent / "crisis_weights.npz"

Matrix = npt.NDArray[np.float64]


def sigmoid(scores: Matrix) -> Matrix:
    """Element-wise logistic function, stable for large scores."""
    out: Matrix = np.exp(-np.logaddexp(0.0, -scores))
    return out


@dataclass(frozen=True, slots=True)
class CrisisWeights:
    """A trained crisis reader: the embedder it belongs to, the input scaling, one weight
    vector and bias, and the threshold on P(self-harm)."""

    model_id: str
    mean: Matrix
    scale: Matrix
    weights: Matrix
    bias: float
    threshold: float

    def scores(self, vectors: npt.ArrayLike) -> Matrix:
        """Each vector's P(self-harm)."""
        x = (np.asarray(vectors, dtype=np.float64) - self.mean) / self.scale
        return sigmoid(x @ self.weights + self.bias)

    def crisis(self, vectors: npt.ArrayLike) -> list[bool]:
        """Whether each vector's text calls for the crisis reply."""
        return [bool(s >= self.threshold) for s in self.scores(vectors)]

    def save(self, path: Path) -> None:
        """Write the weights as an ``.npz`` file (no pickled objects)."""
        np.savez_compressed(
            path,
            model_id=np.array(self.model_id),
            mean=self.mean.astype(np.float32),
            scale=self.scale.astype(np.float32),
            weights=self.weights.astype(np.float32),
            bias=np.array(self.bias),
            threshold=np.array(self.threshold),
        )


def load_crisis(path: Path = CRISIS_PATH) -> CrisisWeights | None:
    """The crisis reader in ``path``, or None when the file is missing or unreadable."""
    if not path.is_file():
        return None
    try:
        with np.load(path, allow_pickle=False) as data:
            return CrisisWeights(
                model_id=str(data["model_id"]),
                mean=data["mean"].astype(np.float64),
                scale=data["scale"].astype(np.float64),
                weights=data["weights"].astype(np.float64),
                bias=float(data["bias"]),
                threshold=float(data["threshold"]),
            )
    except (OSError, KeyError, ValueError) as exc:
        log.warning("crisis_weights_ignored", error=str(exc))
        return None
