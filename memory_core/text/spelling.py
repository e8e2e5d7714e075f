"""Chat shorthand and Scots words said plainly, before a message is read.

People text the way they talk: "wat", "u", "abt", "fav", "tryna", "ngl … rn", "no cap"; Scots
speakers write their own words ("whit dae ye think", "the dug", "ma mum", "I bide in …",
"a wee terrier cried …"). The rules and the embedder read English: these words are said
in it first, a whole word at a time, and only where the word cannot mean anything else
("ken" only after "ye", "dug" only after "the"/"my"/"a", "cried" only before a name).
"""

from __future__ import annotations

import re

#: (pattern, plain): each pattern matches a whole word (or two) of chat or Scots.
_PLAIN: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern, flags), plain)
    for pattern, plain, flags in (
        # Chat shorthand.
        (r"(?<![\w'-])wat(?![\w'-])", "what", re.IGNORECASE),
        (r"(?<![\w'-])wats(?![\w'-])", "what's", re.IGNORECASE),
        (r"(?<![\w'-])whats(?![\w'-])", "what's", re.IGNORECASE),
        (r"(?<![\w'-])(?:abt|abour|bout)(?![\w'-])", "about", re.IGNORECASE),
        (r"(?<![\w'-])u(?=\s+(?:know|remember|got|have|think|recall|kept|r|are)\b)", "you", 0),
        (
            r"(?<![\w'-])(?P<v>do|did|can|could|would|will|have|are|r|thank|tell|told)\s+u(?![\w'-])",
            r"\g<v> you",
            re.IGNORECASE,
        ),
        (r"(?<![\w'-])(?:fav|fave|favourit|favorit)(?![\w'-])", "favourite", re.IGNORECASE),
        (r"(?<![\w'-])tryna(?![\w'-])", "trying to", re.IGNORECASE),
        (
            r"(?<![\w'-])(?P<v>obsessed|into|in\s+love|hooked)\s+w(?=\s)",
            r"\g<v> with",
            re.IGNORECASE,
        ),
        # Tails and openings that say only how sure or how current ("ngl", "tbh", "rn", "no
        # cap", "fr", "til i die"): nothing of the fact.
        (
            r"(?:^|(?<=[\s,]))(?:ngl|tbh|tbf|imo|lowkey|highkey|no\s+cap|fr\s+fr)"
            r"(?=$|[\s,.!?])[,]?\s*",
            "",
            re.IGNORECASE,
        ),
        (r"\s+(?:rn|atm)(?=\s*(?:$|[,.!?]))", "", re.IGNORECASE),
        (r"\s+(?:till?|'?til|until)\s+i\s+die(?=\s*(?:$|[,.!?]))", "", re.IGNORECASE),
        # Scots.
        (r"(?<![\w'-])whit(?![\w'-])", "what", re.IGNORECASE),
        (r"(?<![\w'-])dae(?![\w'-])", "do", re.IGNORECASE),
        (r"(?<![\w'-])(?:ye|youse)\s+ken(?![\w'-])", "you know", re.IGNORECASE),
        (r"(?<![\w'-])aboot(?![\w'-])", "about", re.IGNORECASE),
        (r"(?<![\w'-])oot(?![\w'-])", "out", re.IGNORECASE),
        (r"(?<![\w'-])(?:cannae|canna)(?![\w'-])", "can't", re.IGNORECASE),
        (r"(?<![\w'-])(?:dinnae|dinna)(?![\w'-])", "don't", re.IGNORECASE),
        (r"(?<![\w'-])(?:wasnae)(?![\w'-])", "wasn't", re.IGNORECASE),
        (r"(?<![\w'-])(?:isnae)(?![\w'-])", "isn't", re.IGNORECASE),
        (
            r"(?<![\w'-])ma(?=\s+(?:birthday|wife|man|husband|son|daughter|dug|dog|cat|job|hoose|car|"
            r"weans|bairns|maw|da|mum|dad|brother|sister|favourite|team|pal)\b)",
            "my",
            re.IGNORECASE,
        ),
        (r"(?<![\w'-])hoose(?![\w'-])", "house", re.IGNORECASE),
        (
            r"(?<![\w'-])(?P<a>the|my|a|our|wee)\s+dug(?=(?:'s|s)?(?!\w))",
            r"\g<a> dog",
            re.IGNORECASE,
        ),
        (r"(?<![\w'-])(?:weans|bairns)(?![\w'-])", "kids", re.IGNORECASE),
        (r"(?<![\w'-])(?:wean|bairn)(?![\w'-])", "kid", re.IGNORECASE),
        (r"(?<![\w'-])twa(?![\w'-])", "two", re.IGNORECASE),
        (r"(?<![\w'-])(?P<a>a|an|my|our|the|ma)\s+wee(?=\s)", r"\g<a> little", re.IGNORECASE),
        (r"(?<![\w'-])auld(?![\w'-])", "old", re.IGNORECASE),
        (r"(?<![\w'-])aulder(?![\w'-])", "older", re.IGNORECASE),
        (r"(?<![\w'-])jist(?![\w'-])", "just", re.IGNORECASE),
        (r"(?<![\w'-])fitba(?![\w'-])", "football", re.IGNORECASE),
        (r"(?<![\w'-])scran(?![\w'-])", "food", re.IGNORECASE),
        (r"(?<![\w'-])tae(?=\s+trade\b)", "by", re.IGNORECASE),
        (r"(?<![\w'-])tae(?=\s+[a-z])", "to", 0),
        (r"(?<![\w'-])wi'?(?=\s)", "with", re.IGNORECASE),
        (r"(?<![\w'-])o'(?=\s)", "of", re.IGNORECASE),
        (r"(?<![\w'-])(?:bide|bides)\s+(?=in\b)", "live ", re.IGNORECASE),
        # "Her pal's cried Shona", "a wee terrier cried Rab": called, before a name.
        (r"(?<![\w'-])cried(?=\s+(?-i:[A-Z])\w)", "called", re.IGNORECASE),
    )
)


def plainly(text: str) -> str:
    """``text`` with chat shorthand and Scots words said in plain English ("wat car do i
    drive" → "what car do i drive", "the dug's name" → "the dog's name"); unchanged when it
    has none."""
    for pattern, plain in _PLAIN:
        text = pattern.sub(plain, text)
    return text
