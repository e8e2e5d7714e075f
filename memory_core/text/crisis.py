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
only upgrades a reading to self-harm — a text the rules or the other reader left unread, read
as health, or that the rules read as confided ("between us, I think about not waking up") — and
never for a message addressed to the bot or one that says death only as a figure of speech
(:func:`speaks_figuratively`: "I'm dying to see it", "my boss will kill me if …", a goal revised
downwards); such a figure also turns the other reader's self-harm reading into health (private,
no crisis reply). It never lowers anything else.
Deterministic, one dot product per vector; without its weights or with another embedder it is
off, and the crisis reply follows the sensitivity model's self-harm reading as before.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import numpy.typing as npt
import structlog

log = structlog.get_logger("memory_core.sensitivity")

#: The weights shipped with the package (written by ``devtools/train_crisis.py``).
CRISIS_PATH = Path(__file__).parent / "crisis_weights.npz"

Matrix = npt.NDArray[np.float64]

#: Death and killing said as a figure of speech, in the bot's languages: longing, laughter,
#: hunger or tiredness said as dying ("I'm dying to see it", "me muero de ganas", "je meurs de
#: faim", "ich lach mich tot", "умираю, как хочу в отпуск", "dead tired", "вымотан до
#: смерти"); a boss's threat over a deadline ("my boss will kill me if …", "me va a matar si",
#: "va me tuer si", "убьёт, если"); dying or killing in a game ("killed the final boss", "меня
#: убили в катке"); sleeping forever after an effort ("I could sleep forever after that
#: hike"); and (``_GOAL`` with ``_REVISED`` below) a goal revised downwards ("twelve books
#: by June — okay, six"). Both readers by meaning took such sentences for self-harm and
#: brought the crisis reply (the tune rows of batch 111 and the look-alikes the lead probed);
#: the words of death in them are the idiom, not the speaker's.
_FIGURE = re.compile(
    # longing, laughter, hunger, boredom, tiredness said as dying
    r"\bdying\s+(?:to|for)\b|\b(?:die|died|dying|dead)\s+(?:of|from)\s+(?:laughter|laughing|"
    r"boredom|hunger|embarrassment|shame|curiosity|thirst|heat|cold)\b|\b(?:die|died|dying)\s+"
    r"laughing\b|\bdead\s+(?:tired|on\s+my\s+feet)\b|\bso\s+hungry\s+i\s+could\s+die\b"
    r"|\bme\s+muero\s+(?:de|por)\s+(?:ganas|risa|hambre|sed|sueño|frío|calor|aburrimiento|"
    r"vergüenza|envidia|curiosidad)\b|\bmuert[oa]s?\s+de\s+(?:risa|hambre|sed|sueño|cansancio|"
    r"frío|calor|aburrimiento|vergüenza)\b"
    r"|\bmeurs\s+(?:d['’]envie|de\s+(?:faim|soif|rire|chaud|froid|fatigue|sommeil|honte|"
    r"curiosité|ennui))\b|\bmort(?:e|s|es)?\s+de\s+(?:rire|faim|fatigue|soif|honte|froid|chaud|"
    r"ennui)\b|\bmourir\s+de\s+rire\b"
    r"|\btot(?:lachen|gelacht|müde)\b|\blach\w*\s+mich\s+(?:noch\s+)?tot\b|\bsterbe\s+"
    r"(?:gleich\s+|fast\s+)?vor\s+(?:hunger|durst|langeweile|neugier|lachen|hitze|kälte|"
    r"müdigkeit|scham)\b"
    r"|\bумира(?:ю|ем),?\s+(?:как\s+хоч|с\s+голоду|от\s+(?:скуки|жары|холода|смеха|"
    r"любопытства))|\bсо\s+смеху\b|\b(?:устал|вымотан|замучен|задолбал)\w*\s+до\s+смерти\b"
    r"|\bдо\s+смерти\s+(?:устал|хочу|надоел)\w*|\bсмертельно\s+устал\w*"
    # someone will kill me if … (a deadline, a mess)
    r"|\b(?:will|'ll|gonna|going\s+to)\s+(?:kill|murder|strangle)\s+me\s+(?:if|when|unless)\b"
    r"|\bme\s+(?:va|van)\s+a\s+matar\s+si\b|\bme\s+matar(?:á|án)\s+si\b"
    r"|\b(?:va|vont)\s+me\s+tuer\s+si\b|\bme\s+tuer(?:a|ont)\s+si\b"
    r"|\b(?:bringt|bringen)\s+mich\s+um,?\s+wenn\b|\bwird\s+mich\s+umbringen,?\s+wenn\b"
    r"|\bубь(?:ё|е)т,?\s+если\b|\bубьют,?\s+если\b"
    # sleeping forever after an effort
    r"|\b(?:could|would|'d)\s+(?:happily\s+)?sleep\s+(?:forever|for\s+(?:a\s+)?(?:week|days|"
    r"ever|year|month|hundred\s+years))\b.{0,40}\bafter\b"
    r"|\bafter\b.{0,60}\b(?:could|would|'d)\s+(?:happily\s+)?sleep\s+(?:forever|for\s+(?:a\s+)?"
    r"(?:week|days|ever))\b"
    r"|\bdormir(?:ía|ia)\s+(?:para\s+siempre|una\s+semana)\b.{0,30}\b(?:después|tras)\b"
    r"|\bdormir(?:ais|ait)\s+(?:pour\s+toujours|une\s+semaine)\b.{0,30}\baprès\b"
    r"|\baprès\b.{0,60}\bdormir(?:ais|ait)\s+(?:pour\s+toujours|une\s+semaine)\b"
    r"|\bnach\b.{0,60}\b(?:könnte|würde)\s+(?:ich\s+)?(?:ewig|eine\s+woche|tagelang)\s+"
    r"schlafen\b|\b(?:könnte|würde)\s+(?:ich\s+)?(?:ewig|eine\s+woche|tagelang)\s+schlafen\b"
    r".{0,30}\bnach\b"
    r"|\bпосле\b.{0,60}\b(?:спал|спала|проспал|проспала)\w*\s+(?:бы\s+)?(?:вечно|неделю|сутки)"
    r"|\bпосле\b.{0,60}\bбы\s+(?:мог\w*\s+)?(?:спал|спала|проспал\w*|спать)\s+(?:вечно|неделю|"
    r"сутки)"
    # dying or killing in a game (words only games use: a boss, a respawn, a raid, a squad)
    r"|\b(?:kill\w*|died|dying|убил\w*|убива\w*|умер\w*|mat\w+|tu[ée]\w*|tuer|gekillt|"
    r"gestorben|getötet)\b.{0,60}\b(?:boss|bosses|raid|squad|respawn\w*|elden\s+ring|fortnite|"
    r"valorant|minecraft|dota|endboss|jefe\s+final|boss\s+final|босс\w*|катк\w*)\b"
    r"|\b(?:boss|raid|endboss|jefe\s+final|boss\s+final|босс\w*|катк\w*)\b.{0,60}"
    r"\b(?:kill\w*|died|dying|gekillt|gestorben|mat\w+|tu[ée]\w*|убил\w*|убили|умер\w*)\b",
    re.IGNORECASE,
)

#: A goal or a resolution ("my goal is …", "I plan to …", "this year", "mein Vorsatz", "mi
#: propósito", "ma résolution", "моя цель") …
_GOAL = re.compile(
    r"\b(?:goal|resolution|aim|target|objective|(?:my|the|our)\s+plan|plan\s+to|planning\s+to|"
    r"ziel|vorsatz|meta|propósito|objetivo|objectif|résolution|цель|план\s+на|this\s+year|"
    r"next\s+year|dieses\s+jahr|este\s+año|cette\s+année|в\s+этом\s+году)\b",
    re.IGNORECASE,
)
#: … revised downwards in the same breath ("— no, five", ", well, cut back", "okay, maybe",
#: "scratch that", "let's be realistic", "bueno, seis", "enfin, disons", "ну ладно, на пять").
_REVISED = re.compile(
    r"(?:[—–-]|,)\s*(?:no|nah|okay|ok|well|fine|naja|na\s+gut|nein|bueno|vale|enfin|bon|non|"
    r"ну\s+ладно|ну\s+хорошо|ладно|нет)\s*,|\bscratch\s+that\b|\bmake\s+that\b"
    r"|\b(?:let['’]?s|let\s+us)\s+(?:be\s+(?:realistic|sensible)|not\s+kid\s+ourselves)\b"
    r"|\bseamos\s+realistas\b|\bsoyons\s+(?:réalistes|raisonnables)\b|\bbleiben\s+wir\s+"
    r"realistisch\b|\bбудем\s+реалистами\b",
    re.IGNORECASE,
)

#: What a person in crisis says of themselves, in the bot's languages: a figure of speech
#: beside any of these is not read as one ("I'm dying to just disappear", "let's be honest,
#: everyone would be better off without me", "I'd sleep forever and never wake up").
_OWN_HARM = re.compile(
    r"suicid|selbstmord|суицид|myself|\bme\s+kill|\bend(?:ing)?\s+(?:it|things|everything|my\s+"
    r"life)\b|\bmy\s+life\b|\balive\b|\blive\b|\bliving\b|\bwake\s+up|\bwaking\b|\bpills?\b|"
    r"overdose|tablet|\bhurt|\bharm|\bcut(?:ting)?\s+my|\bblade|\brazor|\bbridge|\bjump|"
    r"disappear|without\s+me|better\s+off|no\s+point|goodbye|burden|\brope\b|\bhang|\bgone\b|"
    r"miss\s+me|\b(?:not|won['’]?t|wouldn['’]?t)\s+(?:be\s+)?(?:here|around)\b|\b(?:no\s*one|nobody)\s+would\b|"
    r"\bwant\s+to\s+die\b|\bwish\s+i\s+(?:was|were)\s+dead\b|\bif\s+i\s+died\b|"
    r"\bnever\s+wake\b"
    r"|matarme|quitarme|\bvivir|\bvida\b|\bmorir(?:me)?\b|despertar|pastillas|cortarme|"
    r"sin\s+mí|desaparecer|\bcarga\b|despedid|\btirarme\b"
    r"|me\s+tuer|\bvivre|\bvie\b|\bmourir\b(?!\s+de\s+rire)|réveill|médicament|cachets|"
    r"me\s+couper|scarif|sans\s+moi|dispara[iî]tre|fardeau|adieu|en\s+finir|me\s+jeter"
    r"|umbringen\s*$|mich\s+umbringen|\bleben|sterben\s+(?:will|möchte)|aufwach|tabletten|"
    r"ritz|ohne\s+mich|verschwinden|\b(?:eine|zur|nur)\s+last\b|abschied|brücke|springen"
    r"|покончить|убить\s+себя|\bжить|умереть|просну|таблет|порез|\bрежу|без\s+меня|исчезн|"
    r"обуз|прощальн|\bмост|прыгн|выпрыгн",
    re.IGNORECASE,
)


def speaks_figuratively(text: str) -> bool:
    """Whether ``text`` says death or killing only as a figure of speech (``_FIGURE``) or is a
    goal revised downwards (``_GOAL`` with ``_REVISED``), and nothing a person in crisis says of
    themselves (``_OWN_HARM``): neither reader by meaning gives it the crisis reply (the rules
    still read it; a self-harm reading becomes health)."""
    said = _FIGURE.search(text) is not None or (
        _GOAL.search(text) is not None and _REVISED.search(text) is not None
    )
    return said and _OWN_HARM.search(text) is None


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
