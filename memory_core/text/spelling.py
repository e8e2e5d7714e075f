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
    # "wots his job", "wot's her name", "whit's yer name" (Scots): the same "what's".
    "wot": "what",
    "wots": "what's",
    "wot's": "what's",
    "wat's": "what's",
    "whit's": "what's",
    "whits": "what's",
    "abt": "about",
    "abour": "about",
    "bout": "about",
    "fav": "favourite",
    "fave": "favourite",
    "favourit": "favourite",
    "favorit": "favourite",
    "tryna": "trying to",
    "tix": "tickets",
    # A dropped apostrophe ("hes 17", "shes a nurse", "wheres my …"); never "dont" (a French
    # word) nor "wont" (an English one).
    "hes": "he's",
    "shes": "she's",
    "cant": "can't",
    "didnt": "didn't",
    "doesnt": "doesn't",
    "isnt": "isn't",
    "wasnt": "wasn't",
    "wheres": "where's",
    "thats": "that's",
    "ive": "I've",
}
#: French chat spelling said as one whole word ("jsuis", "chui", "jhabite", "j'peux"),
#: and its plain words: none of them is a word of another language the bot reads.
_FRENCH_CHAT_WORDS = {
    "jsuis": "je suis",
    "jsui": "je suis",
    "j'suis": "je suis",
    "chui": "je suis",
    "chuis": "je suis",
    "jhabite": "j'habite",
    "jai": "j'ai",
    "jadore": "j'adore",
    "jaime": "j'aime",
    "jtravaille": "je travaille",
    "j'travaille": "je travaille",
    "jbosse": "je bosse",
    "j'bosse": "je bosse",
    "jfais": "je fais",
    "j'fais": "je fais",
    "jpeux": "je peux",
    "j'peux": "je peux",
    "jsais": "je sais",
    "j'sais": "je sais",
    "jvais": "je vais",
    "j'vais": "je vais",
    "jvis": "je vis",
    "j'vis": "je vis",
    "jmappelle": "je m'appelle",
    "jm'appelle": "je m'appelle",
    "jsp": "je sais pas",
    "tjrs": "toujours",
    "tjs": "toujours",
    "bcp": "beaucoup",
    "pk": "pourquoi",
    "pq": "pourquoi",
}
#: French words after which a chat "c" is "c'est" and a "g" is "j'ai" ("c koi ton avis", "g un
#: chat"): at the start of a clause, an article or possessive may follow; inside one, only a
#: question word ("ta rue c laquelle"), so "vitamine c le matin" keeps its letter.
_FRENCH_ASKED = (
    r"koi|quoi|ki|qui|laquelle|lequel|lesquels|lesquelles|où|ou|quand|comment|combien|quel|"
    r"quelle|pas|trop|ouf"
)
_FRENCH_OPENING = r"un|une|le|la|les|mon|ma|mes|ton|ta|tes|ça|ca|moi|toi|lui|elle|eux|vrai|fini"
_FRENCH_HAVE = (
    r"un|une|des|deux|trois|quatre|pas|plus|jamais|toujours|faim|soif|envie|mal|peur|besoin|"
    r"été|eu|fait|dit|vu|trop|une?\s+allergie"
)
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
            # "livin w my parents", "flat share w 2 others": "w" before whom.
            (
                r"(?<![\w'-])w(?=\s+(?:my|me|our|the|a|an|\d+|two|three|some|friends|mates|"
                r"him|her|them)(?![\w'-]))",
                "with",
                re.IGNORECASE,
            ),
            # "Kai is 15 n still …": "n" between two words is "and".
            (r"(?<=\w)\s+n\s+(?=[a-z])", " and ", 0),
            # "im 22", "hey im Jo", "im a nurse": only where "im" cannot be German.
            (
                r"(?:(?<=^)|(?<=[\s,]))im(?=\s+(?:\d+(?![.\d])|a|an|so|not|from|just|really|"
                r"very|gonna|going|kinda|allergic|vegan|vegetarian|married|single|still|"
                r"obsessed|literally|also|moving|living|working|trying|at|on)(?![\w'-]))",
                "I'm",
                0,
            ),
            (
                r"(?P<g>(?<![\w'-])(?:hey+|hiya|yo|hi+)[,!]*\s+)im(?=\s)",
                r"\g<g>I'm",
                re.IGNORECASE,
            ),
            # "aye so am a roofer", "am a nurse by trade": chat and Scots drop the "I" before
            # "am" opening the message ("Am I a …" asks, and keeps its "I").
            (
                r"^(?P<g>\s*(?:(?:so|aye|well|ok|okay|yeah|yep|and|but|oh|right)[,!]*\s+)*)am"
                r"(?=\s+(?:a|an|now|still|retired|originally|currently)\s)",
                r"\g<g>I'm",
                re.IGNORECASE,
            ),
            # "my lil bro", "our big sis": the plain kin word (as ``kin.plain_kin`` says it).
            (
                r"(?<![\w'-])(?P<m>my|our)\s+(?:(?:little|lil|big|baby)\s+)?bro(?![\w'-])",
                r"\g<m> brother",
                re.IGNORECASE,
            ),
            (
                r"(?<![\w'-])(?P<m>my|our)\s+(?:(?:little|lil|big|baby)\s+)?sis(?![\w'-])",
                r"\g<m> sister",
                re.IGNORECASE,
            ),
            (r"(?<![\w'-])lil(?=\s+[a-z])", "little", 0),
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
                r"hoose|car|weans|bairns|maw|da|mum|dad|brother|sister|favourite|team|pal|trade|work|name|"
                r"age|boys|laddies|lassies|lad|lass|back|hobby|doctor)\b)",
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


_FRENCH_PLAIN: tuple[tuple[re.Pattern[str], str | Callable[[re.Match[str]], str]], ...] = (
    _whole_words(_FRENCH_CHAT_WORDS),
    (
        re.compile(
            rf"(?:(?<=^)|(?<=[,;:!?.]\s)|(?<=^\s))c(?=\s+(?:{_FRENCH_ASKED}|{_FRENCH_OPENING})"
            r"(?![\w'-]))",
            re.IGNORECASE,
        ),
        "c'est",
    ),
    (re.compile(rf"(?<=\w\s)c(?=\s+(?:{_FRENCH_ASKED})(?![\w'-]))", re.IGNORECASE), "c'est"),
    (
        re.compile(
            rf"(?:(?<=^)|(?<=[,;:!?.]\s))g(?=\s+(?:{_FRENCH_HAVE})(?![\w'-]))", re.IGNORECASE
        ),
        "j'ai",
    ),
    # A tail that says only how the user feels ("jpp", "mdr", "ptdr"): nothing of the fact.
    (re.compile(r"\s+(?:jpp|mdr|ptdr)(?=\s*(?:$|[,.!?]))", re.IGNORECASE), ""),
    (re.compile(r"(?<=c'est\s)koi(?![\w'-])", re.IGNORECASE), "quoi"),
    (re.compile(r"(?<=c'est\s)ki(?![\w'-])", re.IGNORECASE), "qui"),
)


def french_plainly(text: str) -> str:
    """``text`` with French chat spelling said plainly ("jsuis serveuse" → "je suis serveuse",
    "c koi ton avis" → "c'est quoi ton avis", "g un chat" → "j'ai un chat"); unchanged when it
    has none (no other language's words are touched)."""
    for pattern, plain in _FRENCH_PLAIN:
        text = pattern.sub(plain, text)
    return text


def plainly(text: str) -> str:
    """``text`` with chat shorthand and Scots words said in plain English ("wat car do i
    drive" → "what car do i drive", "the dug's name" → "the dog's name"), and French chat
    spelling in plain French; unchanged when it has none."""
    for pattern, plain in _PLAIN:
        text = pattern.sub(plain, text)
    return french_plainly(text)
