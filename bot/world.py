"""Questions about the world, not about the user ("What's the capital of France?", "Wie spät
ist es?", "¿Quién ganó el mundial?"): offline, the bot knows only what the user told it, so
such a question, when no memory answers it, gets an honest "I can't look that up" in the
user's language, never "tell me and I'll remember it". That no memory answers it only because
it is near by meaning (a home town for a capital) is the engine's rule
(``memory_core.answering``)."""

from __future__ import annotations

import re

from memory_core.types import names_someone_told, names_the_user

__all__ = ["about_the_world", "names_someone_told"]

#: Spanish drops the pronoun ("¿Dónde vivo?", "¿En qué trabajo?"): a word ending in "-o" may
#: be the user's verb; these common ones are not.
_SPANISH_NOT_MY_VERB = frozenset(
    """cuánto cuanto cómo como todo algo eso esto ello mundo tiempo año centro caso modo resto
    pero nuevo primero último mismo otro mucho poco largo tanto cuarto medio dinero partido
    equipo juego premio precio siglo libro nombre número numero presidente gobierno país""".split()
)
_ARTICLE = frozenset("el un del al este ese aquel cada otro ningún primer".split())
#: ... and the user's verbs that do not end in "-o" ("¿De qué equipo soy?", "¿Dónde estoy?").
_SPANISH_MY_VERB = frozenset("soy estoy voy doy sé he hice fui tuve estuve quise supe".split())
#: ... and words ending in a stressed "-é" or "-í" that are no verb of the user's past.
_NOT_MY_PAST = frozenset("aquí allí ahí así café bebé jabalí maniquí esquí rubí colibrí".split())
_WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?")


def about_the_world(question: str, lang: str) -> bool:
    """Whether ``question`` asks about the world rather than the user: no word of theirs (or,
    in Spanish, a verb that may be theirs) in it."""
    if names_the_user(question):
        return False
    if lang == "es":
        words = [w.lower() for w in _WORD.findall(question)]
        for before, word in zip(["", *words], words, strict=False):
            # "el río", "un libro": a noun after its article is nobody's verb.
            if word.endswith("o") and word not in _SPANISH_NOT_MY_VERB and before not in _ARTICLE:
                return False
            if word in _SPANISH_MY_VERB or word.endswith(("amos", "emos", "imos")):
                return False  # "¿Dónde vivimos?": the user and their household
            if len(word) >= 4 and word.endswith(("é", "í")) and word not in _NOT_MY_PAST:
                return False  # "¿Dónde nací?", "¿Qué estudié?": the user's past
    return True
