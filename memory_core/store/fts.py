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
