"""Turn free user text into a safe FTS5 query: user text never reaches MATCH raw.

Every token is double-quoted (FTS5 string syntax), so quotes, ``*``, ``NEAR(``, ``-``, ``:``,
``AND/OR/NOT`` and parentheses are plain words. Stop words are dropped (they make BM25 slow and
noisy); the query is capped so a 10,000-character paste stays cheap. ``tokens`` and ``jaccard``
measure how much two texts overlap, with the index's own idea of a token.
"""

from __future__ import annotations

import re
from collections.abc import Set as AbstractSet

from memory_core.db.backend import MatchExpression

__all__ = ["MatchExpression"]  # re-exported: built here, read by the backends

# Letters/digits of any script; CJK runs stay whole (unicode61 does the same on the index side).
_TOKEN = re.compile(r"[^\W_]+", re.UNICODE)
MAX_QUERY_TERMS = 32

STOP_WORDS = frozenset(
    [
        "a",
        "about",
        "above",
        "after",
        "again",
        "against",
        "all",
        "am",
        "an",
        "and",
        "any",
        "are",
        "as",
        "at",
        "be",
        "because",
        "been",
        "before",
        "being",
        "below",
        "between",
        "both",
        "but",
        "by",
        "can",
        "could",
        "did",
        "do",
        "does",
        "doing",
        "down",
        "during",
        "each",
        "few",
        "for",
        "from",
        "further",
        "had",
        "has",
        "have",
        "having",
        "he",
        "her",
        "here",
        "hers",
        "herself",
        "him",
        "himself",
        "his",
        "how",
        "i",
        "if",
        "in",
        "into",
        "is",
        "it",
        "its",
        "itself",
        "just",
        "me",
        "more",
        "most",
        "my",
        "myself",
        "no",
        "nor",
        "not",
        "now",
        "of",
        "off",
        "on",
        "once",
        "only",
        "or",
        "other",
        "our",
        "ours",
        "ourselves",
        "out",
        "over",
        "own",
        "same",
        "she",
        "should",
        "so",
        "some",
        "such",
        "than",
        "that",
        "the",
        "their",
        "theirs",
        "them",
        "themselves",
        "then",
        "there",
        "these",
        "they",
        "this",
        "those",
        "through",
        "to",
        "too",
        "under",
        "until",
        "up",
        "very",
        "was",
        "we",
        "were",
        "what",
        "when",
        "where",
        "which",
        "while",
        "who",
        "whom",
        "why",
        "will",
        "with",
        "would",
        "you",
        "your",
        "yours",
        "yourself",
        "yourselves",
        "s",
        "t",
        "d",
        "ll",
        "m",
        "re",
        "ve",
        "y",
        "also",
        "did",
        "does",
        "ever",
        "tell",
        "know",
        "like",
    ]
)

#: The same kind of words in the other languages the bot speaks: pronouns, articles,
#: prepositions, question words and the commonest verbs. A question's "ich", "je", "yo", "я"
#: matched every note its user told in that language, so each note looked like a word match
#: (BM25 > 0) and outranked the one that answers. French elisions ("j'ai", "l'accordéon")
#: tokenise to a lone letter. Words that are also English content words ("son", "era", "hat",
#: "war", "fast", "plus", "gift") are left out: they would stop matching in English text.
FOREIGN_STOP_WORDS = frozenset(
    """
    ich mich mir mein meine meiner meinen meinem meines du dich dir dein deine deiner deinen
    deinem er es wir uns unser unsere unserer unseren ihr ihre ihrer ihren ihm ihn sie
    der das dem den des ein eine einer einen einem eines und oder aber auch noch nochmal
    schon sehr nicht kein keine keinen ist sind bin bist waren habe hast haben hatte hatten
    wird werden wurde zu zum zur von vom mit bei beim im ins auf aus für fuer über ueber nach
    wie wo wer wen wem wann welche welcher welches welchen welchem warum dass gern gerne ja
    nein doch denn mal eigentlich weißt weisst erinnerst
    yo mí mis mío mía tú te ti tu tus su sus él ella ellos ellas nosotros nosotras nos
    nuestro nuestra nuestros nuestras el la los las lo un una unos unas y o pero que qué
    quien quién quienes cual cuál cuales cuáles como cómo donde dónde cuando cuándo cuanto
    cuánto cuántos cuántas de del al en con por para sobre es soy eres está estoy
    están estar ser tengo tienes tiene hay muy más ya también le les esta este esto ese esa
    eso acuerdas sabes
    je j moi mon ma mes toi ton ta tes t il elle nous notre nos vous votre vos ils elles
    les l une du d au aux et ou mais qu qui quoi quel quelle quels quelles est es suis sont
    ai avons ont être avoir ce c cette ces dans sur pour avec sans pas ne n très aussi s
    déjà comment où quand pourquoi combien sais souviens rappelle
    я меня мне мной мой моя моё мое мои моего моей моих моим моему ты тебя тебе твой твоя
    твоё твое твои он она оно мы нас нам наш наша наше наши вы вас вам ваш они их его её ее
    и или а но не ни да нет в во на с со к ко о об от до по за из у для при про что кто
    где когда как какой какая какое какие какую каком какой чем кем чей сколько это этот
    эта эти то тот та же ли бы уже ещё еще очень так есть был была было были быть помнишь
    знаешь напомни
    """.split()
)
STOP_WORDS = STOP_WORDS | FOREIGN_STOP_WORDS


def terms(query: str, *, keep_stop_words: bool = False) -> list[str]:
    """Lower-cased, de-duplicated search terms of ``query`` (stop words dropped)."""
    out: list[str] = []
    seen: set[str] = set()
    for match in _TOKEN.finditer(query.lower()):
        tok = match.group(0)
        if tok in seen or (not keep_stop_words and tok in STOP_WORDS):
            continue
        seen.add(tok)
        out.append(tok)
        if len(out) >= MAX_QUERY_TERMS:
            break
    return out


def tokens(text: str) -> frozenset[str]:
    """Every distinct lower-cased token of ``text`` (stop words kept, no cap): for overlap."""
    return frozenset(m.group(0) for m in _TOKEN.finditer(text.lower()))


def jaccard(a: AbstractSet[str], b: AbstractSet[str]) -> float:
    """Jaccard similarity of two token sets (``tokens``); 0 when either is empty."""
    if not a or not b:
        return 0.0
    return len(a & b) / len(a | b)


def named_apart(key_a: str, a: AbstractSet[str], key_b: str, b: AbstractSet[str]) -> bool:
    """Two facts whose texts (their ``tokens``, which the caller has already) differ in the
    very value their keys name are two facts, however alike the sentences ("Ana's child is
    named Emil." under ``…emil.name`` and "… Greta." under ``…greta.name``: two children)."""
    if key_a == key_b:
        return False
    return bool((a - b) & tokens(key_a.replace("_", " "))) or bool(
        (b - a) & tokens(key_b.replace("_", " "))
    )


def told_apart(key_a: str, text_a: str, key_b: str, text_b: str) -> bool:
    """Two facts that are never one, however alike their sentences: two attributes of one
    person or animal ("… son is named Leo" under ``family.son.leo.name``, "… son Leo is 7"
    under ``….age``), two of the user's own slots ("home_city", "work_city"), or sentences
    whose numbers differ ("Leo is 7" and "Leo is 8": a change, which the learner asks about).
    The nightly dedup merged such a pair and the search's dedup hid one of them: "how old is
    my son?" had no answer."""
    head_a, _, last_a = key_a.rpartition(".")
    head_b, _, last_b = key_b.rpartition(".")
    if head_a == head_b and last_a != last_b and {last_a, last_b} <= _ATTRIBUTES:
        return True
    if not head_a and not head_b and last_a != last_b:
        return True
    return _NUMBER.findall(text_a) != _NUMBER.findall(text_b)


#: What the rules key about one person or animal ("family.son.leo.<attribute>").
_ATTRIBUTES = frozenset(
    "name age home job employer birthday origin school relation breed species pronouns".split()
)
_NUMBER = re.compile(r"\d+(?:[.,]\d+)?")


def quote(term: str) -> str:
    """Quote one term as an FTS5 string (embedded double quotes doubled)."""
    return '"' + term.replace('"', '""') + '"'


def match_expression(query: str, owner: str, *, all_terms: bool = False) -> MatchExpression | None:
    """A MATCH expression for ``query`` restricted to one owner token; ``None`` if no terms.

    Terms are OR-ed (BM25 ranks documents matching more of them first) unless ``all_terms``.
    """
    words = terms(query)
    if not words:
        words = terms(query, keep_stop_words=True)
    if not words:
        return None
    joiner = " AND " if all_terms else " OR "
    body = joiner.join(quote(w) for w in words)
    return MatchExpression(f"owner_token:{quote(owner)} AND ({body})", tuple(words), all_terms)
