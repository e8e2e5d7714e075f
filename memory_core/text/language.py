"""Which language a chat message is written in (py3langid's bundled model, no network).

Measured on 125 short chat messages in en/de/es/fr/ru (docs/understanding.md): py3langid
limited to the languages below was right on 116 (and on every one of the 87 it was at least
0.8 sure of) at 0.06 ms a message; lingua-language-detector was as good only when limited the
same way, 5x slower, and took 1 GB with all its languages loaded; CLD2 abstains on most short
messages. A one-word message ("merci !", "ок") is often ambiguous, so a guess below
``MIN_CONFIDENCE`` is no answer: callers keep the user's last known language.
"""

from __future__ import annotations

import re
import threading
from dataclasses import dataclass
from typing import Any

#: The languages the bot speaks (the message catalogue's), in ISO 639-1.
SPOKEN: tuple[str, ...] = ("en", "de", "es", "fr", "ru")
#: Every language a message is told apart from: the spoken ones and their usual look-alikes
#: (a Portuguese or Ukrainian message must not pass for Spanish or Russian).
CANDIDATES: tuple[str, ...] = (*SPOKEN, "it", "pt", "nl", "pl", "uk", "tr", "sv")
#: Below this probability a guess is no answer (tuned on the short-message set: 0.7 kept
#: 98/100 decided right; 0.8 kept 87/87).
MIN_CONFIDENCE = 0.7

_UKRAINIAN_LETTERS = re.compile(r"[іїєґІЇЄҐ]")
_RUSSIAN_LETTERS = re.compile(r"[ыэъёЫЭЪЁ]")
_LETTER = re.compile(r"[^\W\d_]")
_CYRILLIC = re.compile(r"[\u0400-\u04ff]")

_lock = threading.Lock()
_identifier: Any = None


@dataclass(frozen=True, slots=True)
class Detected:
    """A message's language (ISO 639-1) and how sure the model is of it (0–1)."""

    code: str
    confidence: float


def _model() -> Any:
    global _identifier
    if _identifier is not None:
        # Loaded: no lock. The event loop asks on every message, and a reply thread's
        # commit holding the lock kept it waiting (~1.2 ms a call under load).
        return _identifier
    with _lock:
        if _identifier is None:
            from py3langid.langid import MODEL_DIR, MODEL_FILE, LanguageIdentifier

            ident = LanguageIdentifier.from_modelpath(MODEL_DIR / MODEL_FILE, norm_probs=True)
            ident.set_languages(list(CANDIDATES))
            _identifier = ident
        return _identifier


def guess(text: str) -> Detected | None:
    """The most likely language of ``text`` and its probability, or None without letters."""
    if not _LETTER.search(text):
        return None
    code, confidence = _model().classify(text)
    letters = _LETTER.findall(text)
    if sum(1 for c in letters if _CYRILLIC.match(c)) * 2 > len(letters):
        # Of the candidates only Russian and Ukrainian are written in Cyrillic, and Ukrainian
        # text nearly always has one of its own letters (і, ї, є, ґ): the script decides
        # where the model hesitates on a short message ("до завтра", "ок").
        ukrainian = bool(_UKRAINIAN_LETTERS.search(text)) and not _RUSSIAN_LETTERS.search(text)
        code, confidence = ("uk" if ukrainian else "ru"), max(float(confidence), 0.9)
    if confidence < MIN_CONFIDENCE and (marked := _marked(text)) is not None:
        code, confidence = marked, max(float(confidence), MIN_CONFIDENCE)
    return Detected(str(code), round(float(confidence), 3))


#: Words only one of the spoken languages uses, that open the short messages the model
#: hesitates on ("Hallo!" read as Italian at 0.15, "¡Hola!" as German, "Merci !" as Italian,
#: "Je m'appelle Omar." as French at only 0.65): greetings, thanks, goodbyes and the way an
#: introduction starts. Spanish is also told by its opening "¡" / "¿". A short statement
#: about oneself opens with the language's own first person ("Je supporte le Stade Rennais.",
#: "Estudio medicina.", "Soy del Atleti." were no language at all, and so never kept).
_MARKERS = {
    "de": r"hallo|servus|moin|danke(?:sch[öo]n)?|tsch[üu]ss?|ich\s+hei(?:ß|ss)e|mein\s+name"
    # A possessive that opens a line of three words or more ("Mein Bruder Tom ist 30."; "Ma
    # vie" alone is no statement), and an age said the way only this language says it (the
    # possessives of the languages share no form).
    r"|^(?:mein|meine|meinen|meinem|meiner|unser|unsere)\s+\S+\s+\S|\d+\s+jahre"
    r"|ich\s+(?:bin|habe|hab|wohne|arbeite|spiele|studiere|mag|liebe|esse|komme|gehe|fahre)"
    # …and a question's first words ("Wie alt ist Paula?" was no language: a reply in English)
    r"|wie\s+(?:alt|hei(?:ß|ss)t|viele?|lange)|wo\s+(?:arbeitet|wohnt|lebt)|was\s+(?:macht|ist|sind)"
    r"|welche[rsnm]?|wann\s+(?:ist|hat|war)",
    "es": r"[¡¿]|hola|gracias|adi[óo]s|buenas|me\s+llamo|mi\s+nombre"
    r"|^(?:mi|mis)\s+\S+\s+\S|\d+\s+a[ñn]os"
    r"|soy|estoy|tengo|vivo|trabajo|estudio|juego|toco|me\s+gusta|me\s+encanta"
    # …and the first person plural ("Tenemos dos perros." was Portuguese at 0.53)
    r"|somos|estamos|tenemos|vivimos|trabajamos|nuestr[oa]s?|nos\s+(?:gusta|encanta)"
    r"|qu[ée]\s+(?:edad|hace)|cu[áa]nt[oa]s\s+años|d[óo]nde\s+(?:vive|trabaja)|cu[áa]l\s+es",
    "fr": r"bonjour|bonsoir|salut|coucou|merci|au\s+revoir|je\s+m['’]appelle|j['’]habite"
    # "Mon ami Julien a 41 ans." (French at 0.43), "Mon fils a 5 ans." (English at 0.37)
    r"|^(?:mon|ma|mes)\s+\S+\s+\S|\d+\s+ans"
    r"|je\s+(?:suis|joue|supporte|travaille|fais|vis|mange|aime|adore|parle|viens|vais)"
    r"|j['’](?:ai|aime|adore|[ée]tudie)"
    r"|quel(?:le)?s?\s+(?:[âa]ge|est|sont|m[ée]tier|travail)|o[ùu]\s+(?:travaille|habite|vit|est)"
    r"|qu['’]est[-\s]ce|est[-\s]ce\s+que|combien\s+d",
}
_MARKER = {
    lang: re.compile(rf"(?:^|(?<=\W))(?:{words})(?!\w)", re.I) for lang, words in _MARKERS.items()
}


def _marked(text: str) -> str | None:
    """The one spoken language whose marker words ``text`` opens with, or None."""
    head = text.strip()[:24]
    found = [lang for lang, marker in _MARKER.items() if marker.search(head)]
    return found[0] if len(found) == 1 else None


def detect_language(text: str, *, min_confidence: float = MIN_CONFIDENCE) -> str | None:
    """The ISO 639-1 code of the language ``text`` is written in, or None when unsure."""
    return decided(guess(text), min_confidence=min_confidence)


def decided(found: Detected | None, *, min_confidence: float = MIN_CONFIDENCE) -> str | None:
    """The language of a guess (``guess``), or None when it is not sure enough."""
    return found.code if found is not None and found.confidence >= min_confidence else None


def warm_up() -> None:
    """Load the model now (~2 s of CPU: its LZMA-packed tables) rather than on the first
    message."""
    _model()
