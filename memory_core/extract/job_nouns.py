"""A job title's head noun read by its shape, for the trades no list names.

The lists (``data/job_words.txt``, ``data/occupations.txt``) name the common jobs; people also
introduce themselves as "upholsterer", "signwriter", "lift operator", "gunsmith",
"farmhand" or "radiographer". A word is read as a worker's noun when it is
lower-case and shaped like one: an agent suffix ("-er", "-or", "-ist", "-ician", "-eer",
"-grapher", "-ologist"), a trade's compound ("-smith", "-wright", "-keeper", "-hand",
"-man", "-writer"), or a generic head after a word that says which work ("IT tech",
"factory worker", "lift operator", "parking attendant"). Words of that shape that
name no job ("lover", "reader", "optimist", "older", "gentleman") are refused
(``data/not_job_agents.txt``), and so is any word of a trait or a state.
"""

from __future__ import annotations

import re

from memory_core.extract.wordlists import words

NOT_JOB_AGENTS = words("not_job_agents")
#: Heads that name a job only after a word saying which work ("an IT tech", "a factory worker").
_HEADS = frozenset(
    """tech technologist worker operator operative servant visitor attendant assistant
    adjuster installer fitter hand aide officer rep clerk handler controller coordinator
    inspector tester buyer planner""".split()
)
#: What may stand before a generic head and say no work: "a hard worker", "a good tech".
_NOT_WHICH_WORK = frozenset(
    """a an the my our his her their this that hard good great bad quick fast slow real total
    big little old young new best worst fellow""".split()
)
_SHAPE = re.compile(
    r"^[a-z][a-z-]{2,}(?:er|or|ist|ician|eer|grapher|ologist|smith|wright|keeper|hand|man|"
    r"woman|person|monger)$"
)
#: "-ier" and "-ist" shapes too often an adjective's or a belief's: only with these endings.
_COMPARATIVE = re.compile(r"(?:ier|est)$")


def agent_noun(word: str) -> bool:
    """Whether a lower-case word is shaped like a worker's noun and is no known non-job
    ("upholsterer", "gunsmith", "radiographer"; not "lover", "older", "optimist")."""
    return bool(_SHAPE.match(word)) and word not in NOT_JOB_AGENTS and not _COMPARATIVE.search(word)


#: Words no job title holds: a title is a noun and the words before it ("a sleepover").
_FUNCTION_WORDS = frozenset(
    """a an the my our his her their your this that these those of to for with in on at by
    and or but not no very so too""".split()
)


def _words(phrase: str) -> list[str] | None:
    """The title's words in lower case ("IT tech" → it, tech), or ``None`` when a
    word is capitalised (a name: "Tom Newman"), not a word, or has digits."""
    parts = phrase.split()
    if not parts or not all(re.fullmatch(r"[a-z][a-z'-]*|[A-Z]{2,5}", p) for p in parts[:-1]):
        return None
    if not re.fullmatch(r"[a-z][a-z'-]*", parts[-1]):
        return None
    return [p.lower() for p in parts]


def headed_title(phrase: str) -> bool:
    """Whether a title is a generic head after a word that says which work ("IT tech",
    "factory worker", "parking attendant", "CCTV installer"; not "a hard worker")."""
    parts = _words(phrase)
    if parts is None or len(parts) < 2 or parts[-1] not in _HEADS:
        return False
    return parts[-2] not in _NOT_WHICH_WORK and not any(p in NOT_JOB_AGENTS for p in parts)


def shaped_title(phrase: str) -> bool:
    """Whether a lower-case title no list names reads as a job by its shape: its last word a
    worker's noun ("upholsterer", "gunsmith"), or a generic head after a word that says
    which work ("IT tech", "lift operator")."""
    parts = _words(phrase)
    if parts is None or any(p in NOT_JOB_AGENTS or p in _FUNCTION_WORDS for p in parts):
        return False  # "a cat lover", "having a sleepover"
    if parts[-1] in _HEADS:
        return headed_title(phrase)
    return agent_noun(parts[-1])
