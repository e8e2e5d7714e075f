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


#: The tens from twenty to ninety (several words where a country says it its own way: Belgian
#: and Swiss "septante", "nonante"), and a hundred.
_TENS = {
    "en": {
        20: "twenty",
        30: "thirty",
        40: "forty",
        50: "fifty",
        60: "sixty",
        70: "seventy",
        80: "eighty",
        90: "ninety",
        100: "hundred",
    },
    "de": {
        20: "zwanzig",
        30: "dreißig dreissig",
        40: "vierzig",
        50: "fünfzig",
        60: "sechzig",
        70: "siebzig",
        80: "achtzig",
        90: "neunzig",
        100: "hundert einhundert",
    },
    "es": {
        20: "veinte",
        30: "treinta",
        40: "cuarenta",
        50: "cincuenta",
        60: "sesenta",
        70: "setenta",
        80: "ochenta",
        90: "noventa",
        100: "cien",
    },
    "fr": {
        20: "vingt",
        30: "trente",
        40: "quarante",
        50: "cinquante",
        60: "soixante",
        70: "septante",
        80: "quatre-vingts quatre-vingt huitante octante",
        90: "nonante",
        100: "cent",
    },
    "ru": {
        20: "двадцать",
        30: "тридцать",
        40: "сорок",
        50: "пятьдесят",
        60: "шестьдесят",
        70: "семьдесят",
        80: "восемьдесят",
        90: "девяносто",
        100: "сто",
    },
}
#: Spanish 21–29 in one word ("veintinueve"), with and without their accents.
_ES_TWENTIES = (
    "veintiuno veintidós veintitrés veinticuatro veinticinco veintiséis veintisiete veintiocho "
    "veintinueve"
)


def _joined(lang: str, word: str, tens: int, unit: str, u: int) -> dict[str, int]:
    """``tens`` (said ``word``) and a unit ``u`` (said ``unit``) as ``lang`` joins them."""
    if lang == "en":
        return {f"{word}-{unit}": tens + u, f"{word} {unit}": tens + u}
    if lang == "de":
        return {f"{'ein' if u == 1 else unit}und{word}": tens + u}
    if lang == "es":
        return {f"{word} y {unit}": tens + u} if tens > 20 else {}
    if lang == "fr":
        if word == "quatre-vingts":
            return {}
        if u == 1:
            return {f"{word}-et-{unit}": tens + u, f"{word} et {unit}": tens + u}
        return {f"{word}-{unit}": tens + u}
    return {f"{word} {unit}": tens + u}  # ru


def _compounds(lang: str) -> dict[str, int]:
    """21 to 99 said in words, as each language joins its tens and units ("forty-two",
    "zweiunddreißig", "treinta y dos", "trente-cinq", "soixante-douze", "сорок один")."""
    units = {w: n for n, w in enumerate(_WORDS[lang].split()) if 0 < n < 10}
    for n, words in _FORMS.get(lang, {}).items():
        units |= dict.fromkeys(words.split(), n)
    out: dict[str, int] = {}
    for tens, words in _TENS[lang].items():
        for word in words.split():
            out[word] = tens
            if tens < 100:
                for unit, u in units.items():
                    out |= _joined(lang, word, tens, unit, u)
    return out | _own_words(lang)


def _own_words(lang: str) -> dict[str, int]:
    """The numbers a language says its own way: Spanish 21–29 in one word, French 70–79 and
    90–99 as sixty and eighty with ten to nineteen."""
    out: dict[str, int] = {}
    if lang == "es":
        for u, word in enumerate(_ES_TWENTIES.split(), 21):
            out[word] = out[word.translate(str.maketrans("éó", "eo"))] = u
    if lang == "fr":  # soixante-dix … soixante-dix-neuf, quatre-vingt-dix … -dix-neuf
        teens = _WORDS["fr"].split()[10:20]
        for base, tens in (("soixante", 60), ("quatre-vingt", 80)):
            for u, teen in enumerate(teens, 10):
                out[f"{base}-{teen}"] = tens + u
            out[f"{base} et onze"] = out[f"{base}-et-onze"] = tens + 11
    return out


def values(lang: str, *, low: int = 0, high: int = 20, collective: bool = False) -> dict[str, int]:
    """The number words of ``lang`` → their value, ``low`` to ``high`` (up to a hundred:
    "forty-two", "zweiunddreißig", "veintinueve", "trente-cinq", "сорок два"); ``collective``:
    the Russian collective numerals too ("двое")."""
    out = {w: n for n, w in enumerate(_WORDS[lang].split())}
    for n, words in _FORMS.get(lang, {}).items():
        out |= dict.fromkeys(words.split(), n)
    if high > 20:
        out = _compounds(lang) | out
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
