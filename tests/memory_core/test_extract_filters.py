"""The shared extraction filters: ephemeral, questions, hypotheticals, secrets, writing rules."""

from __future__ import annotations

import pytest

from memory_core.extract import (
    find_sensitive,
    is_ephemeral,
    is_hypothetical,
    is_question,
    luhn_valid,
    normalize_value_text,
    redact,
)
from memory_core.extract.filters import iban_valid
from memory_core.values import Category

# ---- ephemeral (seed 004) -------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Don't use PPT this time",
        "Skip the introduction for now",
        "just this once, use bullet points",
        "Answer in French today only",
        "for today, keep it short",
        "I'm busy right now",
        "Temporarily switch to English",
        "for the time being I'm in Rome",
        "I'm in Rome this week",
        "only for this conversation, call me Bob",
        "I'm staying here until Friday",
        "until tomorrow please be brief",
        "for the next few days I'm offline",
        "tonight I'm cooking",
    ],
)
def test_ephemeral_wording_is_detected(text: str) -> None:
    assert is_ephemeral(text)


@pytest.mark.parametrize(
    "text",
    [
        "I prefer dark mode",
        "Call me Alex",
        "I live in Berlin",
        "My birthday is today",
        "I've lived in Berlin for a while",
        "I'm working on a compiler",
        "Timely answers matter to me",
        "",
    ],
)
def test_durable_wording_is_not_ephemeral(text: str) -> None:
    assert not is_ephemeral(text)


# ---- questions ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Do I live in Berlin?",
        "where do I live",
        "what's my name?",
        "Whats my dogs name",
        "Who is my sister",
        "How old am I",
        "Is it true that I like jazz",
        "Do you know my birthday",
        "Do you remember where I live",
        "Tell me what I like",
        "I wonder if I'm allergic to cats",
        "I live in Berlin, right?",
        "Am I vegetarian？",
        "Can I call you Bob",
        # Spoken lead-ins before an unmarked question.
        "hang on, ok so what's my niece called",
        "um where do i work",
        "hey, who is my boss",
    ],
)
def test_questions_are_detected(text: str) -> None:
    assert is_question(text)


@pytest.mark.parametrize(
    "text",
    [
        "I live in Berlin",
        "When I was young I lived in Paris",
        "What I love is jazz",
        "Could you call me Alex?",
        "Can you remember that I'm vegan?",
        "Can't stand olives",
        "so I work nights now",
        "ok well I moved to Derby",
        "",
        "???",
    ],
)
def test_statements_and_requests_are_not_questions(text: str) -> None:
    assert not is_question(text)


# ---- hypotheticals --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "if I lived in Paris",
        "I wish I lived in Paris",
        "What if my name was Bob",
        "Maybe I'll move to Lisbon",
        "I might be allergic to cats",
        "Imagine I was a pilot",
        "I would be a doctor in another life",
        "I'd be happier in Rome",
    ],
)
def test_hypotheticals_are_detected(text: str) -> None:
    assert is_hypothetical(text)


@pytest.mark.parametrize(
    "text",
    [
        "I live in Berlin",
        "I would like to run a marathon",
        "I'd love to visit Japan",
        "I'd rather have tea than coffee",
        "I live in Berlin, if that matters",
    ],
)
def test_plain_statements_are_not_hypothetical(text: str) -> None:
    assert not is_hypothetical(text)


# ---- writing constraints (seed 003 §9) --------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Ana lives in Berlin", "Ana lives in Berlin."),
        ("  Ana   lives\n in\tBerlin.  ", "Ana lives in Berlin."),
        ("the user likes tea", "The user likes tea."),
        ("Ana loves jazz!", "Ana loves jazz."),
        ("Ana asked: is it ready?", "Ana asked: is it ready?"),
        (
            'Ana\'s favourite song is "All You Need Is Love"',
            'Ana\'s favourite song is "All You Need Is Love".',
        ),
        ('Ana said "I love it."', 'Ana said "I love it."'),
        ("Ana works at St Mary's…", "Ana works at St Mary's…"),
        ("東京に住んでいる", "東京に住んでいる."),
    ],
)
def test_normalize_accepts_third_person(text: str, expected: str) -> None:
    assert normalize_value_text(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "...",
        "🙂🙂",
        "I live in Berlin",
        "i live in berlin",
        "I'm vegan",
        "My sister is Eva",
        "Ana told me about it",
        "Ana and I went home",
        "You live in Berlin",
        "Ana likes your answers",
        "Ana asked you to be brief",
    ],
)
def test_normalize_rejects_empty_first_or_second_person(text: str) -> None:
    assert normalize_value_text(text) is None


def test_normalize_trims_at_a_sentence_boundary() -> None:
    first = "Ana lives in Berlin with two cats and a very old dog named Rex. " * 3
    text = first + "She also " + "likes long walks by the river " * 10
    out = normalize_value_text(text)
    assert out is not None
    assert len(out) <= 280
    assert out.endswith("Rex.")


def test_normalize_trims_at_a_word_boundary_with_an_ellipsis() -> None:
    text = "Ana collects " + "very rare stamps and old coins " * 20
    out = normalize_value_text(text)
    assert out is not None
    assert len(out) <= 280
    assert out.endswith("…")
    assert not out[:-1].endswith(" ")
    assert out[:-1].split()[-1] in text.split()


def test_normalize_trims_text_without_spaces() -> None:
    out = normalize_value_text("東" * 1000)
    assert out is not None
    assert len(out) == 280


# ---- sensitive data -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "secret", "category"),
    [
        ("my password is hunter2", "hunter2", Category.CREDENTIAL),
        ("password: Tr0ub4dor&3", "Tr0ub4dor&3", Category.CREDENTIAL),
        ('my wifi password is "correct horse"', "correct horse", Category.CREDENTIAL),
        ("the door code is 4512", "4512", Category.CREDENTIAL),
        ("my pin is 0000.", "0000", Category.CREDENTIAL),
        ("key sk-ant-api03-abcdefghijklmnop", "sk-ant-api03-abcdefghijklmnop", Category.CREDENTIAL),
        (
            "ghp_abcdefghijklmnopqrstuvwxyz0123",
            "ghp_abcdefghijklmnopqrstuvwxyz0123",
            Category.CREDENTIAL,
        ),
        ("xoxb-1234567890-abcdefghij", "xoxb-1234567890-abcdefghij", Category.CREDENTIAL),
        ("AKIAABCDEFGHIJKLMNOP", "AKIAABCDEFGHIJKLMNOP", Category.CREDENTIAL),
        (
            "0123456789abcdef0123456789abcdef",
            "0123456789abcdef0123456789abcdef",
            Category.CREDENTIAL,
        ),
        (
            "secret aGVsbG8gd29ybGQgdGhpcyBpcyBhIHNlY3JldA3x",
            "aGVsbG8gd29ybGQgdGhpcyBpcyBhIHNlY3JldA3x",
            Category.CREDENTIAL,
        ),
        (
            "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.abcdefghijkl",
            "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.abcdefghijkl",
            Category.CREDENTIAL,
        ),
        ("card 4111 1111 1111 1111 is expired", "4111 1111 1111 1111", Category.FINANCE),
        ("card 4111-1111-1111-1111", "4111-1111-1111-1111", Category.FINANCE),
        ("5500005555555559", "5500005555555559", Category.FINANCE),
        ("the cvv is 123", "123", Category.FINANCE),
        ("GB82 WEST 1234 5698 7654 32", "GB82 WEST 1234 5698 7654 32", Category.FINANCE),
        ("account number: 12345678", "12345678", Category.FINANCE),
        ("my passport number is X1234567", "X1234567", Category.IDENTITY_DOCUMENT),
        ("SSN 123-45-6789", "123-45-6789", Category.IDENTITY_DOCUMENT),
        ("my national id is 12345678Z", "12345678Z", Category.IDENTITY_DOCUMENT),
    ],
)
def test_secrets_are_found_and_redacted(text: str, secret: str, category: Category) -> None:
    spans = find_sensitive(text)
    assert [(s.text_in(text), s.category) for s in spans] == [(secret, category)]
    redacted = redact(text)
    assert secret not in redacted
    assert "[redacted]" in redacted


@pytest.mark.parametrize(
    "text",
    [
        "I live in Berlin",
        "my code is a mess",
        "my password is too weak",
        "my zip code is 10115",
        # A public code named before "code" with a "for …" after it, and a word before a
        # colon after "is" (it introduces what follows), were taken for secrets.
        "zip code for the form: 10115",
        "area code for the hotline: 0 2 1",
        "my password is weak: it is only six letters",
        "the pin is wrong: the card got blocked",
        "the error code is 500",
        "call me at +44 7911 123456",
        "my order number is 1234567812345678",  # not Luhn-valid
        "1234 5678 9012 3456",
        "I was born on 1990-05-03",
        "my account is locked since 2020",
        "my passport expires in 2027",
        "supercalifragilisticexpialidociousness",
        "",
    ],
)
def test_ordinary_text_is_not_sensitive(text: str) -> None:
    assert find_sensitive(text) == []
    assert redact(text) == text


def test_a_secret_after_a_colon_is_still_found() -> None:
    """Past the word that introduces it ("weak:", "is:"), the value itself is redacted."""
    assert redact("my password is weak: Tr0ub4dor") == "my password is weak: [redacted]"
    assert redact("my password is: Hunter2x!") == "my password is: [redacted]!"
    assert (
        redact("my password is Xy7#k2: keep it safe") == "my password is [redacted]: keep it safe"
    )
    assert redact("the door code for the flat: 4471") == "the door code for the flat: [redacted]"


def test_redact_keeps_the_words_around_every_secret() -> None:
    text = "pin is 9876 and card 4111 1111 1111 1111, thanks"
    assert redact(text) == "pin is [redacted] and card [redacted], thanks"


def test_keyword_secrets_are_labelled_by_what_they_open() -> None:
    (span,) = find_sensitive("my gym locker code is 4512")
    assert span.label == "gym locker code"


@pytest.mark.parametrize(
    ("number", "valid"),
    [
        ("4111111111111111", True),
        ("4111 1111 1111 1111", True),
        ("5500-0055-5555-5559", True),
        ("378282246310005", True),
        ("4111111111111112", False),
        ("1234", False),
        ("41111111111111111111", False),
        ("４１１１１１１１１１１１１１１１", False),
        ("abcd", False),
        ("", False),
    ],
)
def test_luhn(number: str, valid: bool) -> None:
    assert luhn_valid(number) is valid


@pytest.mark.parametrize(
    ("iban", "valid"),
    [
        ("DE89 3704 0044 0532 0130 00", True),
        ("GB82WEST12345698765432", True),
        ("DE89 3704 0044 0532 0130 01", False),
        ("XX00", False),
    ],
)
def test_iban_checksum(iban: str, valid: bool) -> None:
    assert iban_valid(iban) is valid


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("Mein Passwort ist hunter22", "hunter22"),
        ("das WLAN-Kennwort lautet Sonne2024", "Sonne2024"),
        ("mi contraseña es gato1234", "gato1234"),
        ("mon mot de passe est chat5678", "chat5678"),
        ("мой пароль: kotik99", "kotik99"),
        ("Мой пароль kotik99", "kotik99"),
    ],
)
def test_secrets_said_in_the_bots_other_languages_are_found(text: str, secret: str) -> None:
    """A password said in German, Spanish, French or Russian is a secret too."""
    spans = find_sensitive(text)
    assert [s.text_in(text) for s in spans] == [secret]


@pytest.mark.parametrize(
    "text",
    ["mein Passwort ist zu schwach", "mi contraseña es muy larga", "пароль слишком короткий"],
)
def test_talk_about_a_password_in_other_languages_is_no_secret(text: str) -> None:
    assert find_sensitive(text) == []


@pytest.mark.parametrize(
    "text",
    [
        "Erinnere mich an den Namen meines Kindes.",
        "Sag mir, wo ich wohne.",
        "Recuérdame el nombre de mi hija.",
        "Dime mi profesión.",
        "Rappelle-moi le prénom de mon enfant.",
        "Напомни, как зовут мою дочь.",
    ],
)
def test_asking_to_be_reminded_is_a_question_in_every_language(text: str) -> None:
    """ "Remind me of my kid's name" in German, Spanish, French or Russian asks: it was kept
    as a note in the user's words ("Alles klar — „Erinnere mich an…“") and then quoted as the
    answer to other questions."""
    from datetime import UTC, datetime

    from memory_core.extract import TurnInput, extract_rules

    assert not extract_rules(TurnInput(text, datetime(2026, 3, 2, tzinfo=UTC)))
