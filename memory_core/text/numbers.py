"""Numbers said as words, in the bot's five languages: one vocabulary for every reader that
counts or reads an age ("mein Sohn ist sieben", "zwei Katzen, Mimi und Tiger",
"tres nietos", "двое сыновей", "en la semana doce").
"""

from __future__ import annotations

#: 0 to 20, in order.
_WORDS = {
    "en": "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
    "fifteen sixteen seventeen eighteen nineteen twenty",
    "de": "null eins zwei drei vier fünf sechs sieben acht neun zehn elf zwölf dreizehn vierzehn "
    "fünfzehn sechzehn siebzehn achtzehn neunzehn zwanzig",
    "es": "cero uno dos tres cuatro cinco seis siete ocho nueve diez once doce trece catorce "
    "quince dieciséis diecisiete dieciocho diecinueve veinte",
    "fr": "zéro un deux trois quatre cinq six sept huit neuf dix onze douze treize quatorze "
    "quinze seize dix-sept dix-huit dix-neuf vingt",
    "ru": "ноль один два три четыре пять шесть семь восемь девять десять одиннадцать двенадцать "
    "тринадцать четырнадцать пятнадцать шестнадцать семнадцать восемнадцать девятнадцать "
    "двадцать",
}
#: Other forms of a number: the article-like "one" by gender and case, the feminine "две".
_FORMS = {
    "de": {1: "ein eine einen einer"},
    "es": {1: "un una"},
    "fr": {1: "une"},
    "ru": {1: "одна одного одну", 2: "две"},
}
#: Russian counts of people said with a collective numeral ("двое детей", "трое внуков").
_COLLECTIVE = {"ru": {2: "двое", 3: "трое", 4: "четверо", 5: "пятеро", 6: "шестеро"}}

#: Other words for a digit when a number is read out digit by digit ("oh" for zero, German
#: "zwo", Russian "нуль"; the feminine "une"/"одна"/"две" of a code said aloud). Not the
#: article-like "ein"/"un": "un, dos, tres" counted out loud is no code.
_READ_OUT = {"en": "oh", "de": "zwo", "fr": "une", "ru": "нуль одна две"}

#: Words for one that are the indefinite article too ("ein Hund", "un perro", "une chatte"):
#: a count of one only when said as the number.
ARTICLES = frozenset("ein eine einen einer un una une".split())

#: The languages besides English (the other languages' rules read them all at once).
LANGUAGES = tuple(lang for lang in _WORDS if lang != "en")


def values(lang: str, *, low: int = 0, high: int = 20, collective: bool = False) -> dict[str, int]:
    """The number words of ``lang`` → their value, ``low`` to ``high``; ``collective``: the
    Russian collective numerals too ("двое")."""
    out = {w: n for n, w in enumerate(_WORDS[lang].split())}
    for n, words in _FORMS.get(lang, {}).items():
        out |= dict.fromkeys(words.split(), n)
    if collective:
        for n, word in _COLLECTIVE.get(lang, {}).items():
            out[word] = n
    return {w: n for w, n in out.items() if low <= n <= high}


def all_values(*, low: int = 0, high: int = 20, collective: bool = False) -> dict[str, int]:
    """``values`` of every language at once (a word means one number in all of them)."""
    out: dict[str, int] = {}
    for lang in LANGUAGES:
        out |= values(lang, low=low, high=high, collective=collective)
    return out


def digit_words() -> frozenset[str]:
    """Every word a digit is said with when a number is read out ("four seven seven one",
    "eins neun acht vier", "oh"), in all five languages."""
    out: set[str] = set()
    for lang, words in _WORDS.items():
        out |= set(words.split()[:10])
        out |= set(_READ_OUT.get(lang, "").split())
    return frozenset(out)
