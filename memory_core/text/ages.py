"""A line that says nothing but an age, in the bot's five languages.

"Sorry, I'm 34, not 33", "perdona, tengo 41, no 40", "Entschuldigung, ich bin 52", "en fait
j'ai 29 ans", "извини, мне 37, а не 36", "Kim is 26.": an age told or corrected, with an
apology or an "actually" before it. The sensitivity reader by meaning took such short lines
with a bare number for a secret or money ("Money details and passwords I keep only when you
ask" after an age corrected, and the age held back); nothing in them is private.
"""

from __future__ import annotations

import re

#: The words such a line may hold beside its numbers: apologies and "actually", the frames
#: of an age ("I'm", "tengo … años", "ich bin … Jahre alt", "j'ai … ans", "мне … лет") and
#: the correction's "not".
_FRAME_WORDS = frozenset(
    """
    sorry oops sry actually no not nope i i'm im am is turned turn just now years year old yo
    y/o perdona perdón perdon disculpa disculpe perdone ay en realidad tengo tiene cumplí años
    año ya no entschuldigung sorry eigentlich ich bin nicht nein jahre jahr alt schon
    pardon désolé désolée desole oups en fait j'ai j ai a ans an pas non déjà
    извини извините простите прости ой вообще-то на самом деле мне не а нет лет года год уже
    ist es est tiene hat
    """.split()
)
#: A number an age may be (1 to 120), written with digits.
_AGE = re.compile(r"^(?:[1-9]\d?|1[01]\d|120)$")
#: The words of a line: numbers, words with their apostrophes and hyphens.
_WORD = re.compile(r"[\w'’/-]+")
#: At most this many words: an age said, not a story with an age in it.
_MAX_WORDS = 10


def tells_only_an_age(text: str) -> bool:
    """Whether ``text`` says an age and nothing else (an apology, "actually", the age it
    replaces may stand beside it; one capitalised name may open it: "Kim is 26.")."""
    words = [w.replace("’", "'") for w in _WORD.findall(text)]
    if not words or len(words) > _MAX_WORDS:
        return False
    if len(words) > 1 and words[0][:1].isupper() and words[1].lower() in ("is", "ist", "es", "est"):
        words = words[1:]  # "Kim is 26.": the user's name, as a fact's text says it
    ages = [w for w in words if w.isdigit()]
    if not ages or not all(_AGE.match(w) for w in ages):
        return False
    return all(w.isdigit() or w.lower() in _FRAME_WORDS for w in words)
