"""Find secrets and regulated identifiers in text, and redact them.

Credentials (passwords, PINs, API keys and tokens, long hex/base64 secrets), payment data
(Luhn-checked card numbers, IBANs, account numbers, CVVs) and identity documents (passport,
national id, SSN …) are stored only on an explicit ``/remember`` (seed 001 §8) and never reach a
log or an excerpt in clear. Detection is pattern based and errs on the side of flagging.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from memory_core.text import numbers
from memory_core.values import Category

REDACTED = "[redacted]"


@dataclass(frozen=True, slots=True)
class SensitiveSpan:
    """One sensitive value found in a text: where it is, what it is, and what it is called."""

    start: int
    end: int
    category: Category
    label: str

    def text_in(self, text: str) -> str:
        """The sensitive value itself, cut from the text it was found in."""
        return text[self.start : self.end]


def luhn_valid(number: str) -> bool:
    """True when ``number`` (digits, spaces or dashes) is 13–19 digits and passes Luhn."""
    digits = re.sub(r"[ -]", "", number)
    if not digits.isascii() or not digits.isdigit() or not 13 <= len(digits) <= 19:
        return False
    total = 0
    for i, char in enumerate(reversed(digits)):
        d = int(char)
        if i % 2 == 1:
            d = d * 2 - 9 if d > 4 else d * 2
        total += d
    return total % 10 == 0


def iban_valid(iban: str) -> bool:
    """True when ``iban`` (spaces allowed) has a plausible length and a valid mod-97 check."""
    compact = re.sub(r"\s", "", iban).upper()
    if not 15 <= len(compact) <= 34 or not re.fullmatch(r"[A-Z]{2}\d{2}[A-Z0-9]+", compact):
        return False
    rotated = compact[4:] + compact[:4]
    numeric = "".join(str(int(c, 36)) for c in rotated)
    return int(numeric) % 97 == 1


# Tokens with a recognisable vendor prefix: always secrets.
_PREFIXED = re.compile(
    r"""
    -----BEGIN[A-Z\ ]{0,20}PRIVATE\ KEY-----[\s\S]{0,8000}?
      (?:-----END[A-Z\ ]{0,20}PRIVATE\ KEY-----|$)
    | \bsk-(?:ant-|proj-|live-|test-)?[A-Za-z0-9_-]{16,}
    | \b(?:pk|rk|sk)_(?:live|test)_[A-Za-z0-9]{16,}
    | \b(?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{20,}
    | \bgithub_pat_[A-Za-z0-9_]{20,}
    | \bglpat-[A-Za-z0-9_-]{16,}
    | \bxox[abprs]-[A-Za-z0-9-]{10,}
    | \bAKIA[0-9A-Z]{16}\b
    | \bAIza[0-9A-Za-z_-]{30,}
    | \beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}
    | \b\d{8,10}:[A-Za-z0-9_-]{35}\b
    """,
    re.VERBOSE,
)
_HEX = re.compile(r"\b[0-9a-fA-F]{32,}\b")
_B64 = re.compile(r"(?<![\w/+=-])[A-Za-z0-9+/_-]{32,}={0,2}(?![\w/+=-])")

_SECRET_WORDS = (
    r"password|passwd|pwd|pw|pword|passcode|passphrase|pass\s?word|pin(?:\s+(?:code|number))?|"
    r"code|combination|combo|secret|api[\s_-]?key|token|access\s+key|secret\s+key|"
    r"recovery\s+(?:phrase|code)|seed\s+phrase|login\s+code|"
    # The bot's other languages: de, es, fr, ru.
    r"passwort|kennwort|geheimzahl|zugangscode|contraseña|código\s+secreto|código|mot\s+de\s+passe|"
    r"code\s+secret|digicode|mdp|пароль|пин-код|пин|код|"
    # Said for a network: "the wifi key", "der WLAN-Schlüssel", "la clave del wifi".
    r"(?:wifi|wi-fi|wlan|network|netzwerk)[\s-]?(?:key|schlüssel)|clave"
)
#: What a secret is for, between its keyword and its value ("the PIN for my card is …", "das
#: Passwort für das WLAN ist …", "la contraseña de mi correo es …", "пароль от вайфая …"),
#: German contractions included ("fürs Büro", "beim Tor", "ins Netz").
_FOR = (
    r"(?:for|to|of|on|at|für|fürs|zum|zur|vom|von|beim|bei|ans|ins|am|im|del|de|du|des|au|aux|"
    r"pour|à|al|para|от|для|к|на)\s+(?:(?:the|my|our|your|his|"
    r"her|das|die|der|den|dem|mein|meine|meinem|meinen|meiner|unser|unsere|unserem|el|la|los|"
    r"las|mi|mis|tu|le|les|mon|ma|mes|l')\s*)?"
)
#: Digits said as words, in the bot's five languages (a PIN said aloud: "four seven seven one",
#: "eins neun acht vier"): ``memory_core.text.numbers``.
_NUMBER_WORDS = numbers.digit_words()
_NUMBER_WORD = "(?:" + "|".join(sorted(_NUMBER_WORDS, key=lambda w: (-len(w), w))) + ")"
#: A code said aloud: spaced or dashed digits ("1 9 8 4") or digits as words ("four seven…").
_SPOKEN_CODE = (
    rf"(?:\d{{1,4}}(?:[ .-]\d{{1,4}}){{1,7}}\b|{_NUMBER_WORD}(?:[ ,-]+{_NUMBER_WORD}){{2,11}}\b)"
)
#: Three or more digits said as words in a row ("six one three zero", "four-seven-seven").
_SPOKEN_DIGITS = re.compile(rf"\b{_NUMBER_WORD}(?:[\s,-]+{_NUMBER_WORD}){{2,}}\b", re.IGNORECASE)
_QUOTED_OR_WORD = (
    rf"(?:\"[^\"\n]{{1,100}}\"|'[^'\n]{{1,100}}'|“[^”\n]{{1,100}}”|{_SPOKEN_CODE}|[^\s,;]{{1,200}})"
)
#: Words that name a secret only when a secret-looking value follows "is" ("the wifi pass is
#: BlueMoon#77", "our house alarm is 3 3 0 9"; not "my bus pass is expired", "my alarm is set
#: for 7"): never read bare, without "is" (see :func:`_loose_value_is_secret`).
_LOOSE_SECRET_WORDS = ("pass", "alarm")
_KEYWORD_SECRET = re.compile(
    # What it is for: after a preposition, or (Russian) a noun in the genitive ("пин-код карты").
    rf"\b(?P<kw>{_SECRET_WORDS}|{'|'.join(_LOOSE_SECRET_WORDS)})(?:\s+(?:{_FOR}|(?=[а-яё]))"
    rf"(?P<for>[\w'’-]+(?:\s(?!{_NUMBER_WORD}\b)[\w'’-]+)?))?\s*(?:\bis\b|\bwas\b|=|:|\b(?:seems|appears)\s+to\s+be\b"
    r"|(?<=\w)['’]s\b"  # "my email password's 'sunflower!88'"
    r"|\b(?:ist|lautet|war|es|era|est|c'est|c’est|était|sont|sind)\b|\s[—–]|(?<=пароль)(?=\s)"
    r"|(?<=пин)(?=\s)"
    # Russian says no "is": after a Cyrillic word, a value with a digit or a symbol.
    r"|(?<=[а-яё])(?=\s+\S*[\d!@#$%^&*+=?~_])"
    # … or digits said as words ("код домофона один два три четыре").
    rf"|(?<=[а-яё])(?=\s+{_NUMBER_WORD}(?:[\s,-]+{_NUMBER_WORD}){{2}}))"
    rf"\s*(?P<v>{_QUOTED_OR_WORD})",
    re.IGNORECASE,
)
#: "type the root password hunter2-Xq9", "enter PIN 4821": the keyword, then a value with no
#: "is" between; kept only when the value looks like a secret (:func:`_bare_value_is_secret`).
_BARE_SECRET = re.compile(
    rf"\b(?P<kw>{_SECRET_WORDS})\??\s+(?P<v>{_SPOKEN_CODE}|[^\s,;]{{4,200}})",
    re.IGNORECASE,
)
#: Symbols a typed password holds and a word does not.
_PASSWORD_SYMBOLS = frozenset("!@#$%^&*+=?~_")
# Values that follow "my password is …" without being one ("my password is too weak").
_NOT_A_SECRET = frozenset(
    """a an the too very not so really quite weak strong secure safe long short expired wrong
    incorrect correct same different set changed reset required saved stored in on at for my
    your this that it its something nothing easy hard simple complicated broken working ready
    done new old mine yours here there written below above attached fine ok okay good bad
    great terrible zu sehr nicht neu alt falsch richtig sicher unsicher ein eine der die das
    muy demasiado nuevo nueva viejo vieja falso un una el la trop très nouveau nouvelle faux
    bon mauvais une le слишком очень новый старый неправильный правильный не от для к""".split()
)
_DIGITY_SECRETS = ("code", "combination", "combo", "pin", "código", "код", "digicode")
#: Keywords a public code shares ("zip code", "código postal", "код города").
_CODE_WORDS = frozenset({"code", "código", "код"})
# "my zip code is 10115" names a code that is no secret.
_PUBLIC_CODES = frozenset(
    """zip postal post area country promo discount coupon qr source status error dress colour
    color iso language airport bar tax product course class room flight booking confirmation
    tracking reference order postal descuento promocional rabatt gutschein réduction promo
    города страны""".split()
)

_CARD = re.compile(r"(?<![\d-])(?:\d[ -]?){12,18}\d(?![\d-])")
_CVV = re.compile(
    r"\b(?:cvv2?|cvc2?|card\s+security\s+code)\s*(?:is|:|=)?\s*(?P<v>\d{3,4})\b", re.I
)
#: A card's last digits said with the card ("card ending 4417", "my visa's last four are
#: 1 2 3 4", "die Karte endet auf 4417"): with its expiry, enough to pass many phone checks.
_CARD_TAIL = re.compile(
    r"\b(?:card|visa|mastercard|amex|debit|credit|karte|tarjeta|carte|карт[аыуое]?)\b"
    r"[\w'’ ]{0,24}?\b(?:ending(?:\s+(?:in|with))?|ends\s+(?:in|with)|last\s+(?:four|4|digits)"
    r"(?:\s+digits)?(?:\s+(?:are|is))?|endet\s+(?:auf|mit)|termina\s+en|se\s+termine\s+par|"
    r"finissant\s+par|заканчивается\s+на)\s*:?\s*(?P<v>\d(?:[ -]?\d){3})(?![\d])",
    re.IGNORECASE,
)
_CARD_WORD = re.compile(
    r"\b(?:card|visa|mastercard|amex|debit|credit|karte|tarjeta|carte|карт[аыуое]?)\b", re.I
)
#: A card's expiry ("exp 09/28", "expires 11/27", "gültig bis 03/29", "caduca 05/27"), read
#: only when a card is named (:data:`_CARD_WORD`): "the lease expires 10/27" is no secret.
_EXPIRY = re.compile(
    r"\b(?:exp(?:iry|ires|iration)?|valid\s+(?:thru|through|until)|gültig\s+bis|caduca|"
    r"vence|expire|срок)\b\.?\s*(?:date\s*)?(?:is|:|on|en|le|до)?\s*"
    r"(?P<v>(?:0?[1-9]|1[0-2])\s*[/.-]\s*(?:\d{2}|20\d{2}))(?![\d/])",
    re.IGNORECASE,
)
#: A one-time code: what a bank or a site texts to log in ("the OTP they sent is 771204",
#: "verification code 482 913", "der Bestätigungscode ist 5521 90") — its words may stand a few
#: words before it.
_ONE_TIME = re.compile(
    r"\b(?:otps?|one[\s-]?time\s+(?:codes?|pass(?:word|code)?s?|pins?)|(?:verification|security|"
    r"confirmation|auth(?:entication)?|sms|2fa|two[\s-]factor|login|access)\s+codes?|(?-i:TAN)|"
    # "the code my bank just texted is …": a code someone sent.
    r"codes?(?=[^\d\n.!?]{0,30}?\b(?:texted|sent|emailed|received)\b)|"
    r"bestätigungscode|sicherheitscode|código\s+de\s+(?:verificación|seguridad|confirmación)|"
    r"code\s+de\s+(?:vérification|confirmation|sécurité)|код\s+(?:подтверждения|из\s+смс))\b"
    r"(?:[^\d\n.!?]{0,40}?)(?P<v>\d(?:[ -]?\d){3,7})(?![\d])",
    re.IGNORECASE,
)
_IBAN = re.compile(r"\b[A-Za-z]{2}\d{2}(?:\s?[A-Za-z0-9]{4}){2,7}(?:\s?[A-Za-z0-9]{1,4})?\b")
_ACCOUNT = re.compile(
    r"\b(?P<kw>(?:bank\s+)?account|acct|routing|sort\s+code|bsb)"
    r"(?:\s+(?:number|no\.?|num|#|code))?\s*(?:is|:|=)?\s*(?P<v>[A-Za-z]{0,4}\d(?:[\d-]|\s(?=\d)){3,34})",
    re.IGNORECASE,
)
#: "my bank login is ana.k / Passw0rd!": a user name and its password, both secret.
_LOGIN = re.compile(
    r"\b(?P<kw>login|log-?in|credentials|creds|user(?:name)?\s*(?:and|&|/)\s*pass(?:word)?|"
    r"username\s+and\s+pw)"
    rf"(?:\s+{_FOR}[\w'’-]+)?"  # "the login for the portal is jdoe pass qwerty123"
    r"\s*(?:details\s+)?(?:is|are|=|:)\s*"
    r"(?P<v>[^\s,;]{1,100}\s*(?:/|\||,|\band\b|\bpw\b|\bpass(?:word)?\b)\s*(?::\s*)?[^\s,;]{1,100})",
    re.IGNORECASE,
)
_SSN = re.compile(r"\b\d{3}-\d{2}-\d{4}\b")
#: "my social is 123 45 6789": a social security number said short, in its 3-2-4 shape.
_SOCIAL = re.compile(r"\bsocial(?:\s+is|\s*[:#])\s*(?P<v>\d{3}[ -]?\d{2}[ -]?\d{4})\b", re.I)
_ID_DOC = re.compile(
    r"\b(?P<kw>passport|ssn|social\s+security(?:\s+number)?|national\s+(?:id|insurance)"
    r"(?:\s+number)?|id\s+(?:card\s+)?number|identity\s+(?:card\s+)?number|"
    r"driver'?s?\s+licen[cs]e(?:\s+number)?|tax\s+(?:id|number)|nif|nie|dni|cpf|aadhaar|nino|bsn|"
    # The bot's other languages: de, es, fr, ru.
    r"reisepass(?:nummer)?|(?:personal)?ausweis(?:nummer)?|steuer-?id|steuernummer|"
    r"sozialversicherungsnummer|n[uú]mero\s+de\s+(?:pasaporte|la\s+seguridad\s+social)|pasaporte|"
    r"num[ée]ro\s+de\s+(?:passeport|carte\s+d'identit[ée]|s[ée]curit[ée]\s+sociale)|passeport|"
    r"(?:номер\s+|серия\s+)?(?:моего\s+)?(?:загран)?паспорта?|снилс|инн)"
    r"(?:\s+(?:number|no\.?|num|#|id|nummer|número|numéro|номер|серия))?\s*"
    r"(?:(?:is|ist|lautet|es|est|c'est|c’est)\b|[:=—–])?\s*"
    r"(?P<v>[A-Za-z]{0,3}\s?\d(?:[\dA-Za-z.-]|\s(?=\d)){2,24})",
    re.IGNORECASE,
)
#: A value that is a plain Russian word, and the marks that say one is a secret all the same.
_CYRILLIC_WORD = re.compile(r"[а-яёА-ЯЁ]+")
_SAID_AS = re.compile(r"(?:[:=—–]|\bэто)\s*$")
_LABEL_BEFORE = re.compile(r"(?:\b(?:my|our|the|his|her|their)\s+)((?:[\w'’-]+\s+){0,3})$", re.I)


def _digits(text: str) -> int:
    return sum(c.isdigit() for c in text)


def _looks_random(token: str) -> bool:
    """A long token with digits and both cases: an encoded secret, not a word."""
    return (
        any(c.isdigit() for c in token)
        and any(c.isupper() for c in token)
        and any(c.islower() for c in token)
    )


def _label(text: str, start: int, keyword: str, extra: str | None) -> str:
    """Name a keyword secret from the words before it: "my wifi password" → "wifi password"."""
    keyword = re.sub(r"\s+", " ", keyword.lower())
    before = _LABEL_BEFORE.search(text[max(0, start - 60) : start])
    words = before.group(1).split() if before else []
    words = [w.lower() for w in words if w.lower() not in {"is", "was", "and", "a", "an"}]
    parts = [*words, keyword]
    if extra:
        parts.append(extra.lower())
    return " ".join(parts)


def _public_code(text: str, start: int, label: str, between: str = "") -> bool:
    """Whether a "code" keyword at ``start`` names a public code: its label, the word said
    right before it or the words ``between`` it and its value ("zip code for the form: 10115",
    "code postal pour le formulaire : 75011") hold one."""
    before = re.findall(r"[\w'’-]+", text[max(0, start - 30) : start].lower())[-1:]
    return bool(_PUBLIC_CODES.intersection([*label.split(), *before, *between.lower().split()]))


def _strip_quotes(text: str, start: int, end: int) -> tuple[int, int]:
    value = text[start:end]
    if len(value) >= 2 and value[0] in "\"'“" and value[-1] in "\"'”":
        return start + 1, end - 1
    while end > start and text[end - 1] in ".!?)]}'\"”":
        end -= 1
    return start, end


def _spoken_digits(value: str) -> int:
    """Digits in a value, counting digits said as words ("four seven seven one" has four)."""
    words = re.findall(r"[^\W\d_]+", value.lower())
    return _digits(value) + sum(1 for w in words if w in _NUMBER_WORDS)


def _login_spans(text: str) -> list[SensitiveSpan]:
    spans: list[SensitiveSpan] = []
    for m in _LOGIN.finditer(text):
        start, end = _strip_quotes(text, m.start("v"), m.end("v"))
        if text[start : start + len(REDACTED)].lower() == REDACTED:
            continue  # taken out already: "[redacted] and your cat …" is no "user / password"
        label = _label(text, m.start("kw"), "login", None)
        spans.append(SensitiveSpan(start, end, Category.CREDENTIAL, label))
    return spans


def _keyword_value(text: str, m: re.Match[str]) -> tuple[int, int]:
    """Where the value after a secret's keyword lies (empty: none there)."""
    start, end = _strip_quotes(text, m.start("v"), m.end("v"))
    if text[start : start + len(REDACTED)].lower() == REDACTED:
        end = start + len(REDACTED)  # taken out already: the marker whole, not "[redacted"
    if text[start:end].endswith(":"):
        end -= 1  # "my password is weak: …" — a word that introduces what follows
        if not _digits(text[start:end]) and not _PASSWORD_SYMBOLS.intersection(text[start:end]):
            end = start  # the value after the colon is read by _keyword_colon_spans
    return start, end


#: Words said between "is" and the value ("password is literally 'password123'", "my pw is
#: still Marmite77"): the value is the word after them, kept only when it looks like one.
_FILLERS = frozenset(
    "literally just still now actually basically simply always currently again also".split()
)
_NEXT_VALUE = re.compile(rf"\s+(?P<v>{_QUOTED_OR_WORD})")


def _after_filler(text: str, kw: str, end: int) -> tuple[int, int] | None:
    """Where the value after a filler word lies, or ``None`` when what follows is no secret
    ("my password is just too weak")."""
    m = _NEXT_VALUE.match(text, end)
    if m is None:
        return None
    start, stop = _strip_quotes(text, m.start("v"), m.end("v"))
    quoted = (start, stop) != (m.start("v"), m.end("v"))
    value = text[start:stop]
    if value.lower() in _NOT_A_SECRET or not (quoted or _bare_value_is_secret(kw, value)):
        return None
    return start, stop


def _keyword_spans(text: str) -> list[SensitiveSpan]:
    spans: list[SensitiveSpan] = []
    for m in _KEYWORD_SECRET.finditer(text):
        start, end = _keyword_value(text, m)
        value = text[start:end]
        kw = m.group("kw").lower()
        if value.lower() in _FILLERS:
            after = _after_filler(text, kw, end)
            if after is None:
                continue
            start, end = after
            value = text[start:end]
        if not value or value.lower() in _NOT_A_SECRET:
            continue
        if _CYRILLIC_WORD.fullmatch(value) and not _SAID_AS.search(text, 0, start):
            continue  # "пароль должен быть длинным": a Russian word, said with no ":" or "—"
        if kw.startswith(_DIGITY_SECRETS) and (_spoken_digits(value) < 3 or len(value) > 80):
            continue  # "my code is a mess" is no secret; "the door code is 4512" is
        if kw in _LOOSE_SECRET_WORDS and not _loose_value_is_secret(kw, value):
            continue  # "my bus pass is expired", "my alarm is at 6 30"
        if kw.startswith(("recovery", "seed")):
            end = len(text) if len(text) - start < 300 else start + 300
        label = _label(text, m.start("kw"), kw, m.group("for"))
        if kw in _CODE_WORDS and _public_code(text, m.start("kw"), label):
            continue
        spans.append(SensitiveSpan(start, end, Category.CREDENTIAL, label))
    return spans


def _bare_value_is_secret(kw: str, value: str) -> bool:
    """Whether a value said right after a secret's keyword, with no "is", is one: a code of
    three or more digits (typed, spaced or said as words) after "PIN"/"code"/"combo"; after
    "password", "pw", "token" … four or more digits, or letters mixed with digits or symbols
    ("hunter2-Xq9"), never a plain word ("my password manager", "the code review")."""
    if kw.startswith(_DIGITY_SECRETS):
        compact = re.sub(r"[ .-]", "", value)
        return (compact.isdigit() and len(compact) >= 3) or (
            not compact.isdigit() and _spoken_digits(value) >= 3 and not _digits(value)
        )
    letters = any(c.isalpha() for c in value)
    digits = _digits(value)
    if not letters:
        return digits >= 4 and digits == len(re.sub(r"[ .-]", "", value))
    return bool(digits) or bool(_PASSWORD_SYMBOLS.intersection(value))


def _loose_value_is_secret(kw: str, value: str) -> bool:
    """After "pass": what a password looks like (letters with digits or symbols, or four or
    more digits); after "alarm": a code of four or more digits, typed, spaced or said as words
    (a time such as "6 30" or "7am" is none)."""
    if kw == "alarm":
        compact = re.sub(r"[ .-]", "", value)
        spoken = compact.isdigit() or not _digits(value)
        return spoken and _spoken_digits(value) >= 4 and not re.search(r"[ap]m\b", value, re.I)
    return _bare_value_is_secret("password", value)


def _bare_spans(text: str) -> list[SensitiveSpan]:
    spans: list[SensitiveSpan] = []
    for m in _BARE_SECRET.finditer(text):
        start, end = _strip_quotes(text, m.start("v"), m.end("v"))
        if text[end - 1] in ".?!" and re.fullmatch(r"[\d .-]+", text[start : end - 1]):
            end -= 1  # "my PIN? 3141. dont tell": the code, not the sentence's end
        value, kw = text[start:end], re.sub(r"\s+", " ", m.group("kw").lower())
        if value.lower() in _NOT_A_SECRET or value.lower() == REDACTED:
            continue
        if not _bare_value_is_secret(kw, value):
            continue
        label = _label(text, m.start("kw"), kw, None)
        if kw == "code" and _public_code(text, m.start("kw"), label):
            continue
        spans.append(SensitiveSpan(start, end, Category.CREDENTIAL, label))
    return spans


def _finance_spans(text: str) -> list[SensitiveSpan]:
    spans: list[SensitiveSpan] = []
    for m in _CARD.finditer(text):
        if luhn_valid(m.group(0)):
            spans.append(SensitiveSpan(m.start(), m.end(), Category.FINANCE, "card number"))
    for m in _CVV.finditer(text):
        spans.append(SensitiveSpan(m.start("v"), m.end("v"), Category.FINANCE, "card cvv"))
    for m in _CARD_TAIL.finditer(text):
        spans.append(
            SensitiveSpan(m.start("v"), m.end("v"), Category.FINANCE, "card's last digits")
        )
    for m in _EXPIRY.finditer(text) if _CARD_WORD.search(text) else ():
        spans.append(SensitiveSpan(m.start("v"), m.end("v"), Category.FINANCE, "card expiry"))
    for m in _IBAN.finditer(text):
        if iban_valid(m.group(0)):
            spans.append(SensitiveSpan(m.start(), m.end(), Category.FINANCE, "iban"))
    for m in _ACCOUNT.finditer(text):
        if _digits(m.group("v")) >= 4:
            kw = re.sub(r"\s+", " ", m.group("kw").lower())
            label = "account number" if "account" in kw or kw == "acct" else kw
            spans.append(SensitiveSpan(m.start("v"), m.end("v"), Category.FINANCE, label))
    return spans


def _one_time_spans(text: str) -> list[SensitiveSpan]:
    return [
        SensitiveSpan(m.start("v"), m.end("v"), Category.CREDENTIAL, "one-time code")
        for m in _ONE_TIME.finditer(text)
    ]


def _identity_spans(text: str) -> list[SensitiveSpan]:
    spans = [
        SensitiveSpan(m.start(), m.end(), Category.IDENTITY_DOCUMENT, "ssn")
        for m in _SSN.finditer(text)
    ]
    spans += [
        SensitiveSpan(m.start("v"), m.end("v"), Category.IDENTITY_DOCUMENT, "ssn")
        for m in _SOCIAL.finditer(text)
    ]
    for m in _ID_DOC.finditer(text):
        if _digits(m.group("v")) >= 3:
            kw = re.sub(r"\s+", " ", m.group("kw").lower())
            label = kw if kw.endswith("number") else f"{kw} number"
            spans.append(SensitiveSpan(m.start("v"), m.end("v"), Category.IDENTITY_DOCUMENT, label))
    return spans


def _token_spans(text: str) -> list[SensitiveSpan]:
    spans = [
        SensitiveSpan(m.start(), m.end(), Category.CREDENTIAL, "api key")
        for m in _PREFIXED.finditer(text)
    ]
    spans += [
        SensitiveSpan(m.start(), m.end(), Category.CREDENTIAL, "secret")
        for m in _HEX.finditer(text)
    ]
    spans += [
        SensitiveSpan(m.start(), m.end(), Category.CREDENTIAL, "secret")
        for m in _B64.finditer(text)
        if _looks_random(m.group(0))
    ]
    return spans


#: What a password unlocks, when no keyword names it ("it's hunter2 for the router", "the wifi
#: is Moonpie_4451", "alarm's 7 3 1 9"): devices, networks, accounts and services, in the bot's
#: languages.
_THINGS = (
    r"(?:wi-?fi|wlan|router|hotspot|network|laptop|computer|pc|mac(?:book)?|ipad|tablet|"
    r"icloud|apple\s+id|gmail|e-?mail|inbox|mailbox|outlook|account|netflix|spotify|hulu|disney|"
    r"amazon|prime|paypal|banking|bank\s+app|app|portal|vpn|ssh|server|admin(?:\s+panel)?|"
    r"database|db|(?:shared\s+)?drive|dropbox|printer|alarm|safe|locker|padlock|bike\s+lock|"
    r"keypad|gate|garage(?:\s+door)?|(?:front\s+)?door|steam|xbox|playstation|ps[45]|instagram|insta|facebook|tiktok|vault|"
    r"handy|konto|postfach|tresor|alarmanlage|zugang|zugangsdaten|port[áa]til|m[óo]vil|correo|"
    r"cuenta|caja\s+fuerte|alarma|box|ordi|ordinateur|compte|bo[îi]te\s+mail|coffre|alarme|"
    r"вай-?фай|роутер|ноутбук|почт[аы]|аккаунт|сейф|сигнализаци[яи])"
)
#: Things whose code is digits alone ("the safe is 3141", "alarm's 7 3 1 9").
_KEYPAD_THINGS = frozenset(
    "alarm safe locker padlock keypad gate door garage tresor alarmanlage alarma alarme coffre "
    "сейф".split()
)
_DETERMINER = r"(?:the|my|our|your|his|her|das|die|der|den|dem|mein|meine|el|la|mi|le|mon|ma)"
#: "it's hunter2 for the router", "use Starling#4 for the admin panel", "c'est Soleil89 pour le
#: wifi": a value, then what it is for.
_VALUE_FOR_THING = re.compile(
    r"\b(?:it'?s|it\s+is|use|try|type|enter|es|c'est|c’est|ist|это)\s+(?P<v>[^\s,;]{3,100})\s+"
    r"(?:for|on|to|into|für|fürs|zum|para|pour|de|du|от|для|на)\s+"
    rf"(?:{_DETERMINER}\s+)?(?:[\w-]+\s+)?(?P<thing>{_THINGS})\b",
    re.IGNORECASE,
)
#: "the wifi is Moonpie_4451", "router: Tiger#22", "alarm's 7 3 1 9", "the laptop unlocks with
#: Kiwi!2020": the thing, then its value.
_THING_VALUE = re.compile(
    rf"\b(?P<thing>{_THINGS})(?:'s|’s|\s+(?:is|ist|es|est|c'est|это)|\s*[:=—–]|"
    r"\s+(?:unlocks?|opens?)\s+with)\s*(?::\s*)?"
    rf"(?P<v>{_SPOKEN_CODE}|[^\s,;]{{3,100}})",
    re.IGNORECASE,
)
#: "ana.k / Passw0rd!", "sara@mail.com / popcorn77": a user name and a password with no keyword.
_PAIR = re.compile(
    r"(?<![\w@./:+-])(?P<u>[\w.+-]{2,64}(?:@[\w-]+(?:\.[\w-]+)+)?)\s*/\s*(?P<v>[^\s,;/]{5,100})"
)
_DOCUMENT_WORD = re.compile(
    r"\b(?:passports?|visas?|permits?|licen[cs]es?|green\s+cards?|id\s+cards?|reisepass|ausweis|"
    r"pasaporte|passeport|паспорт\w*|виз\w*)\b",
    re.IGNORECASE,
)
_EMAIL_OR_LINK = re.compile(r"@[\w-]+\.|://|^www\.|^@", re.IGNORECASE)
#: A value after a thing that names no secret: a version, a file, a speed or a size.
_NOT_AFTER_THING = re.compile(
    r"^v?\d+(?:\.\d+)+$|\.[a-z]{2,4}$|\d(?:ghz|mhz|mbps|gbps|gb|mb|tb|kb)$", re.IGNORECASE
)
#: "the wifi pw is on the fridge: tigerlily22": a keyword, a few words, a colon, the value.
_KEYWORD_COLON = re.compile(
    rf"\b(?P<kw>{_SECRET_WORDS})\b(?:\s+[\w'’-]+){{1,5}}?\s*:\s*(?P<v>{_SPOKEN_CODE}|[^\s,;]{{3,100}})",
    re.IGNORECASE,
)
#: "user bob pass hunter2", "usuario: jruiz contraseña: Otoño#21": a user name before a
#: password keyword — both halves are the login.
_USER_THEN_PASSWORD = re.compile(
    r"\b(?:user(?:name)?|usuario|benutzer(?:name)?|identifiant|логин|login)(?![\w'’-])\s*[:=]?\s*"
    r"(?P<u>[^\s,;']{2,64})\s*,?\s+(?:and\s+|y\s+|et\s+|und\s+|и\s+)?(?:the\s+)?"
    r"(?:pass(?:word)?|pw|pwd|contraseña|clave|mdp|mot\s+de\s+passe|passwort|kennwort|пароль)"
    r"(?![\w'’-])\s*[:=]?\s*(?P<v>[^\s,;]{2,100})",
    re.IGNORECASE,
)


def _password_shaped(value: str) -> bool:
    """A typed password: letters with digits or symbols ("Moonpie_4451", "Soleil#89"),
    never a plain word, a number, an e-mail address or a link."""
    if _EMAIL_OR_LINK.search(value) or value.lower() == REDACTED:
        return False
    letters = any(c.isalpha() for c in value)
    return letters and (bool(_digits(value)) or bool(_PASSWORD_SYMBOLS.intersection(value)))


def _keypad_code(thing: str, value: str) -> bool:
    """A code of four or more digits (typed, spaced or said as words) for a keypad thing."""
    if thing.lower().split()[-1] not in _KEYPAD_THINGS:
        return False
    compact = re.sub(r"[ .-]", "", value).rstrip("#*")  # a keypad's enter key: "7731#"
    return (compact.isdigit() and len(compact) >= 4) or (
        not _digits(value) and _spoken_digits(value) >= 4
    )


def _thing_spans(text: str) -> list[SensitiveSpan]:
    """Passwords said with what they unlock and no keyword ("it's hunter2 for the router")."""
    spans: list[SensitiveSpan] = []
    for pattern in (_VALUE_FOR_THING, _THING_VALUE):
        for m in pattern.finditer(text):
            start, end = _strip_quotes(text, m.start("v"), m.end("v"))
            value, thing = text[start:end], m.group("thing")
            label = f"{thing.lower()} password"
            if _keypad_code(thing, value):
                end -= len(value) - len(value.rstrip("#*"))  # the code, not the enter key
                spans.append(SensitiveSpan(start, end, Category.CREDENTIAL, label))
            elif _password_shaped(value) and len(value) >= 6 and not _NOT_AFTER_THING.search(value):
                spans.append(SensitiveSpan(start, end, Category.CREDENTIAL, label))
    return spans


def _keyword_colon_spans(text: str) -> list[SensitiveSpan]:
    """A keyword, a few words, then the value after a colon ("pw is on the fridge: …")."""
    spans: list[SensitiveSpan] = []
    for m in _KEYWORD_COLON.finditer(text):
        start, end = _strip_quotes(text, m.start("v"), m.end("v"))
        kw, value = re.sub(r"\s+", " ", m.group("kw").lower()), text[start:end]
        if not _bare_value_is_secret(kw, value) or _EMAIL_OR_LINK.search(value):
            continue
        label = _label(text, m.start("kw"), kw, None)
        between = text[m.end("kw") : m.start("v")]
        if not (kw in _CODE_WORDS and _public_code(text, m.start("kw"), label, between)):
            spans.append(SensitiveSpan(start, end, Category.CREDENTIAL, label))
    return spans


def _pair_spans(text: str) -> list[SensitiveSpan]:
    """A user name and its password with no "login" ("ana.k / Passw0rd!", "user bob pass x")."""
    spans: list[SensitiveSpan] = []
    for m in _USER_THEN_PASSWORD.finditer(text):
        start, end = _strip_quotes(text, m.start("u"), m.end("v"))
        if text[m.start("v") : end].lower() not in _NOT_A_SECRET:
            spans.append(SensitiveSpan(start, end, Category.CREDENTIAL, "login"))
    if "/" not in text or _ID_DOC.search(text) or _DOCUMENT_WORD.search(text):
        return spans  # a document or visa beside a slash ("H-1B / F-1") is no login
    for m in _PAIR.finditer(text):
        start, end = _strip_quotes(text, m.start("u"), m.end("v"))
        user, value = m.group("u"), text[m.start("v") : end]
        if any(c.isalpha() for c in user) and _password_shaped(value) and len(value) >= 5:
            spans.append(SensitiveSpan(start, end, Category.CREDENTIAL, "login"))
    return spans


def find_sensitive(text: str) -> list[SensitiveSpan]:
    """Every sensitive value in ``text``, in order, without overlaps (the earliest, longest wins).

    Specific detectors (vendor tokens, cards, IBANs, documents) win over the generic
    "my password is …" reading of the same characters.
    """
    if not text:
        return []
    found = [
        *_token_spans(text),
        *_finance_spans(text),
        *_identity_spans(text),
        *_one_time_spans(text),
        *_login_spans(text),
        *_keyword_spans(text),
        *_bare_spans(text),
        *_thing_spans(text),
        *_keyword_colon_spans(text),
        *_pair_spans(text),
    ]
    found.sort(key=lambda s: (s.start, -(s.end - s.start)))
    kept: list[SensitiveSpan] = []
    for span in found:
        if kept and span.start < kept[-1].end:
            continue
        kept.append(span)
    return kept


def holds_spoken_code(text: str) -> bool:
    """Whether ``text`` holds a code said aloud: three or more digits said as words in a row
    ("six one three zero") — never to be said back, whatever its keyword."""
    return bool(_SPOKEN_DIGITS.search(text))


def redact(text: str) -> str:
    """``text`` with every sensitive value replaced by ``[redacted]`` (for logs and excerpts)."""
    out = text
    for span in reversed(find_sensitive(text)):
        out = out[: span.start] + REDACTED + out[span.end :]
    return out
