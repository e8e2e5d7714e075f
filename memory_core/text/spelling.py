"""Chat shorthand and Scots words said plainly, before a message is read.

People text the way they talk: "wat", "u", "abt", "fav", "tryna", "ngl … rn", "no cap"; Scots
speakers write their own words ("whit dae ye think", "the dug", "ma mum", "I bide in …",
"a wee terrier cried …"). The rules and the embedder read English: these words are said
in it first, a whole word at a time, and only where the word cannot mean anything else
("ken" only after "ye", "dug" only after "the"/"my"/"a", "cried" only before a name).
"""

from __future__ import annotations

import re
from collections.abc import Callable

#: Chat shorthand said as one whole word, and its plain word.
_CHAT_WORDS = {
    "wat": "what",
    "wats": "what's",
    "whats": "what's",
    "abt": "about",
    "abour": "about",
    "bout": "about",
    "fav": "favourite",
    "fave": "favourite",
    "favourit": "favourite",
    "favorit": "favourite",
    "tryna": "trying to",
}
#: Scots said as one whole word, and its plain word (read after "ma", whose test looks at the
#: Scots words themselves: "ma hoose", "ma weans").
_SCOTS_WORDS = {
    "whit": "what",
    "dae": "do",
    "aboot": "about",
    "oot": "out",
    "cannae": "can't",
    "canna": "can't",
    "dinnae": "don't",
    "dinna": "don't",
    "wasnae": "wasn't",
    "isnae": "isn't",
    "hoose": "house",
    "weans": "kids",
    "bairns": "kids",
    "wean": "kid",
    "bairn": "kid",
    "twa": "two",
    "auld": "old",
    "aulder": "older",
    "jist": "just",
    "fitba": "football",
    "scran": "food",
}


def _whole_words(plain: dict[str, str]) -> tuple[re.Pattern[str], Callable[[re.Match[str]], str]]:
    """One pass saying each of ``plain``'s words (a whole word, any case) plainly."""
    alternation = "|".join(sorted(map(re.escape, plain), key=len, reverse=True))
    pattern = re.compile(rf"(?<![\w'-])(?:{alternation})(?![\w'-])", re.IGNORECASE)
    return pattern, lambda m: plain[m.group(0).lower()]


#: (pattern, plain): each pattern matches a word (or two) of chat or Scots where it can mean
#: nothing else, in this order.
_PLAIN: tuple[tuple[re.Pattern[str], str | Callable[[re.Match[str]], str]], ...] = (
    _whole_words(_CHAT_WORDS),
    *(
        (re.compile(pattern, flags), plain)
        for pattern, plain, flags in (
            # Chat shorthand.
            (r"(?<![\w'-])u(?=\s+(?:know|remember|got|have|think|recall|kept|r|are)\b)", "you", 0),
            (
                r"(?<![\w'-])(?P<v>do|did|can|could|would|will|have|are|r|thank|tell|told)\s+u"
                r"(?![\w'-])",
                r"\g<v> you",
                re.IGNORECASE,
            ),
            (
                r"(?<![\w'-])(?P<v>obsessed|into|in\s+love|hooked)\s+w(?=\s)",
                r"\g<v> with",
                re.IGNORECASE,
            ),
            # Tails and openings that say only how sure or how current ("ngl", "tbh", "rn",
            # "no cap", "fr", "til i die"): nothing of the fact.
            (
                r"(?:^|(?<=[\s,]))(?:ngl|tbh|tbf|imo|lowkey|highkey|no\s+cap|fr\s+fr)"
                r"(?=$|[\s,.!?])[,]?\s*",
                "",
                re.IGNORECASE,
            ),
            (r"\s+(?:rn|atm)(?=\s*(?:$|[,.!?]))", "", re.IGNORECASE),
            (r"\s+(?:till?|'?til|until)\s+i\s+die(?=\s*(?:$|[,.!?]))", "", re.IGNORECASE),
            # Scots.
            (r"(?<![\w'-])(?:ye|youse)\s+ken(?![\w'-])", "you know", re.IGNORECASE),
            (
                r"(?<![\w'-])ma(?=\s+(?:birthday|wife|man|husband|son|daughter|dug|dog|cat|job|"
                r"hoose|car|weans|bairns|maw|da|mum|dad|brother|sister|favourite|team|pal)\b)",
                "my",
                re.IGNORECASE,
            ),
        )
    ),
    _whole_words(_SCOTS_WORDS),
    *(
        (re.compile(pattern, flags), plain)
        for pattern, plain, flags in (
            (
                r"(?<![\w'-])(?P<a>the|my|a|our|wee)\s+dug(?=(?:'s|s)?(?!\w))",
                r"\g<a> dog",
                re.IGNORECASE,
            ),
            (r"(?<![\w'-])(?P<a>a|an|my|our|the|ma)\s+wee(?=\s)", r"\g<a> little", re.IGNORECASE),
            (r"(?<![\w'-])tae(?=\s+trade\b)", "by", re.IGNORECASE),
            (r"(?<![\w'-])tae(?=\s+[a-z])", "to", 0),
            (r"(?<![\w'-])wi'?(?=\s)", "with", re.IGNORECASE),
            (r"(?<![\w'-])o'(?=\s)", "of", re.IGNORECASE),
            (r"(?<![\w'-])(?:bide|bides)\s+(?=in\b)", "live ", re.IGNORECASE),
            # "Her pal's cried Shona", "a wee terrier cried Rab": called, before a name.
            (r"(?<![\w'-])cried(?=\s+(?-i:[A-Z])\w)", "called", re.IGNORECASE),
        )
    ),
)


def plainly(text: str) -> str:
    """``text`` with chat shorthand and Scots words said in plain English ("wat car do i
    drive" → "what car do i drive", "the dug's name" → "the dog's name"); unchanged when it
    has none."""
    for pattern, plain in _PLAIN:
        text = pattern.sub(plain, text)
    return text
