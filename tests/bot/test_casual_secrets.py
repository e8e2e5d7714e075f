"""Secrets as people say them ("lol my gmail pw is …", "door code is four seven seven one"):
found, redacted before anything is stored, indexed or sent to the model, and masked in the
model's answer (streamed and stored) — the issue's four messages leave no trace anywhere."""

from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path

import pytest

from memory_core.extract.sensitive import find_sensitive, redact
from tests.bot.test_streaming import Recorder, llm_bot
from tests.factories import START, message
from tests.fakes.anthropic_server import FakeAnthropic

#: The issue's four messages and the secret strings each one holds.
MESSAGES = {
    "lol my gmail pw is sunshine99, don't tell anyone": ("sunshine99",),
    "my bank login is ana.k / Passw0rd!": ("ana.k", "Passw0rd"),
    "the alarm code is 1 9 8 4": ("1 9 8 4",),
    "door code is four seven seven one": ("four seven seven one",),
    # No keyword at all: a user name and a password, a password and what it is for.
    "ana.k / Passw0rd!": ("ana.k", "Passw0rd"),
    "it's hunter2 for the router": ("hunter2",),
}
SECRETS = [s for found in MESSAGES.values() for s in found]


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("lol my gmail pw is sunshine99, don't tell anyone", "sunshine99"),
        ("my bank login is ana.k / Passw0rd", "ana.k / Passw0rd"),
        ("the alarm code is 1 9 8 4", "1 9 8 4"),
        ("door code is four seven seven one", "four seven seven one"),
        ("my pin is 4821", "4821"),
        ("the PIN for my card is 0000 lol", "0000"),
        ("passcode: 2468", "2468"),
        ("wifi pw = CoffeeTime", "CoffeeTime"),
        ("the gate code is 4-4-1-9", "4-4-1-9"),
        ("my locker combo is 12 34 56", "12 34 56"),
        ("login: bob / hunter2", "bob / hunter2"),
        ("my phone pin is one two three four", "one two three four"),
        ("Our door code is 7 7 3 1, don't tell anyone", "7 7 3 1"),
        ("my netflix pwd is 'blue lagoon'", "blue lagoon"),
        ("the safe combination is six one eight", "six one eight"),
        # No "is": the keyword, then a value that looks like a secret.
        ("type the root password hunter2-Xq9", "hunter2-Xq9"),
        ("use wifi pw CoffeeTime42 at the cafe", "CoffeeTime42"),
        ("enter PIN 4821 and press OK", "4821"),
        ("the gate code 4 4 1 9 works after 8pm", "4 4 1 9"),
        ("admin passcode Tr0ub4dor&3", "Tr0ub4dor&3"),
        # The bot's other languages, with what the secret is for between keyword and value:
        # these were missed, and "пароль от вайфая kot2020" redacted "от", not the password.
        ("das Passwort für das WLAN ist Sonne2020", "Sonne2020"),
        ("der PIN für die Karte ist 4417", "4417"),
        ("la contraseña de mi correo es luna2020", "luna2020"),
        ("el PIN del móvil es 4417", "4417"),
        ("le mot de passe du wifi est chat2020", "chat2020"),
        ("пароль от вайфая kot2020", "kot2020"),
        ("код от домофона 4417", "4417"),
        ("el código de la puerta es 4417", "4417"),
        # "c'est" instead of "est"; Russian names what the code is for in the genitive, with no
        # preposition ("пин-код карты …").
        ("le code de la porte c'est 5813", "5813"),
        ("пин-код карточки 5813", "5813"),
        # Identity-document numbers in the other languages.
        ("meine Reisepassnummer ist C4F7K2L91", "C4F7K2L91"),
        ("meine Steuer-ID ist 47 036 892 815", "47 036 892 815"),
        ("mi número de pasaporte es XDA729311", "XDA729311"),
        ("mon numéro de passeport est 21FR45872", "21FR45872"),
        ("мой ИНН 771234567890", "771234567890"),
        # No keyword: a user name with a password, a password with what it unlocks, a keypad
        # thing with its digits, a keyword whose value follows a few words and a colon.
        ("ana.k / Passw0rd!", "ana.k / Passw0rd"),
        ("our netflix is sara@mail.com / popcorn77", "sara@mail.com / popcorn77"),
        ("it's hunter2 for the router", "hunter2"),
        ("use Starling#4 for the admin panel", "Starling#4"),
        ("hey the wifi is Moonpie_4451", "Moonpie_4451"),
        ("wifi: Tigerlily22", "Tigerlily22"),
        ("the laptop unlocks with Kiwi!2020", "Kiwi!2020"),
        ("alarm's 7 3 1 9, disarm it when you get in", "7 3 1 9"),
        ("the wifi pw is on the fridge: tigerlily22", "tigerlily22"),
        ("user bob pass hunter2", "bob pass hunter2"),
        ("username marta_g password Lila2023", "marta_g password Lila2023"),
        ("c'est Soleil89 pour le wifi", "Soleil89"),
        ("le mdp du wifi c'est Soleil#89", "Soleil#89"),
        ("es ist Sonne2020x fürs WLAN", "Sonne2020x"),
        # German contractions (fürs, beim, ins, am) between the keyword and "ist", and the
        # es/fr/ru equivalents of "my password for work is …".
        ("Mein Passwort fürs Büro ist Tanne77", "Tanne77"),
        ("der Code beim Tor ist 4417", "4417"),
        ("das Kennwort ins Intranet ist Blume55", "Blume55"),
        ("mi contraseña del trabajo es pino2019", "pino2019"),
        ("mon mot de passe du boulot c'est chaton88", "chaton88"),
        ("mon code au bureau est 5521", "5521"),
        ("мой пароль от почты — lisa1990", "lisa1990"),
        # Issue 22, re-attacked: digits said as words in the other languages, a one-time
        # code, "password's", a login for something.
        ("mein PIN ist sieben drei null zwei", "sieben drei null zwei"),
        ("la clave es seis ocho uno cuatro", "seis ocho uno cuatro"),
        ("le digicode c'est trois un quatre un", "trois un quatre un"),
        ("пин-код — девять ноль ноль два", "девять ноль ноль два"),
        ("the bank texted me a one-time code, it's 660 913", "660 913"),
        ("OTP: 4417 21", "4417 21"),
        ("my work password's Fjord!2024 now", "Fjord!2024"),
        ("the login for the vpn is mkr pass Tundra77", "mkr pass Tundra77"),
        # Re-attacked (h-audit22): sent to the model and kept in clear before. A word between
        # "is" and the value, a question mark after the keyword, Russian digit words after
        # the thing in the genitive, a keypad's "#", a gate or door with its code.
        ("password is literally 'password123' lol", "password123"),
        ("my netflix password is still Marmite77", "Marmite77"),
        ("my PIN? 3141. dont tell", "3141"),
        ("код домофона один два три четыре", "один два три четыре"),
        ("keypad: 7731#", "7731"),  # the digits: a model's "7731" is masked too
        ("my social is 123 45 6789", "123 45 6789"),
        ("gate is 1-9-8-4 btw", "1-9-8-4"),
        ("the garage door is 5 5 2 0", "5 5 2 0"),
    ],
)
def test_secrets_as_people_say_them_are_found(text: str, secret: str) -> None:
    assert [s.text_in(text) for s in find_sensitive(text)] == [secret]
    assert secret not in redact(text)


@pytest.mark.parametrize(
    "text",
    [
        "my zip code is 10115",
        "the dress code is smart casual",
        "I forgot my password again",
        "the code is on github",
        "my pw is too weak",
        "I won one two three races",
        "the score was 1 2 3",
        "login is broken today",
        "my pin is in the other wallet",
        "my code is a mess",
        "the area code is 0 2 1",
        "don't tell anyone, but I got the job",
        "the flight number is 4 5 6",
        "I passed the exam with 9 8 7 points",
        "my password manager is great",
        "I reset my password twice this week",
        "the password reset link expired",
        "use code SAVE20 at checkout",
        "my pin number changed last week",
        "error code 404 again",
        "I have password fatigue from 2 factor logins",
        "the code review took 3 hours",
        "el código postal es 28013",
        "пароль от почты простой",
        "код города 495",
        "der Code für den Rabatt ist SOMMER24",
        "пароль должен быть длиннее",
        "mein Reisepass ist abgelaufen",
        "паспорт выдан 12 мая",
        # Look like a keyword-less password, are none.
        "see you at 10 / 11",
        "we split it 50/50",
        "he scored 3/10",
        "the answer is yes/no",
        "TCP/IP4 is old",
        "page 12/40 of the report done",
        "he's ana.k on instagram",
        "the router is a tp-link, works fine",
        "the wifi is 5GHz",
        "the app is v2.3 now",
        "the drive: Q3-report.pdf",
        "my email is bob@gmail.com",
        "my account is @ana_k2",
        "the alarm is 7:30",
        "la clave del éxito es la constancia",
        "The user's passport was renewed",
        "user bob passed the test",
        "my visa is H-1B / L1 pending",
        "we counted uno dos tres and jumped",
        "the lease expires 10/27",
        "my card expired last week",
        "the login for the portal is broken",
        "my password's too weak",
        "the sms code came late",
        "I came back from Crete with a tan in 2024",
        "my password is just too weak",
        "my password is literally the worst",
        "what's my PIN? I forgot",
        "the gate is 14 at terminal 2",
        "our door is 2 flights up",
        "код домофона не работает",
        "Social 101 is my favourite class",
        "my social is at 8 tonight",
    ],
)
def test_words_that_only_look_like_secrets_are_left_alone(text: str) -> None:
    assert find_sensitive(text) == []


@pytest.mark.parametrize(
    ("text", "secrets"),
    [
        ("card ending 5127, expiry 04/29", ("5127", "04/29")),
        ("my mastercard's last 4 digits are 8 8 1 0, exp. 12/28", ("8 8 1 0", "12/28")),
        ("die Karte endet auf 3391, gültig bis 07/28", ("3391", "07/28")),
        # With the full number, its expiry is taken out too (it was left in clear).
        ("card 4111 1111 1111 1111 exp 12/29", ("4111 1111 1111 1111", "12/29")),
    ],
)
def test_a_cards_last_digits_and_expiry_are_found(text: str, secrets: tuple[str, ...]) -> None:
    assert [s.text_in(text) for s in find_sensitive(text)] == list(secrets)


def _file_bytes(db: Path) -> bytes:
    wal = db.with_name(db.name + "-wal")
    return db.read_bytes() + (wal.read_bytes() if wal.exists() else b"")


async def test_the_issues_messages_leave_no_secret_anywhere(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    shown: list[str] = []
    async with FakeAnthropic(chunk_chars=4) as fake, llm_bot(tmp_path, fake) as rt:
        for n, (text, secrets) in enumerate(MESSAGES.items()):
            # The model repeats the secret back: masked while streamed and when stored.
            fake.text(f"Okay! I won't share {secrets[0]} with anyone.")
            stream = Recorder()
            at = START + timedelta(minutes=n)
            replies = await rt.router.on_message(
                message(text, message_id=f"m{n}", at=at), stream=stream
            )
            shown += [r.text for r in replies] + stream.shown
        await rt.settle()
        fake.text("Not much!")
        nxt = START + timedelta(minutes=10)
        shown += [
            r.text
            for r in await rt.router.on_message(message("what's new?", message_id="m9", at=nxt))
        ]
        for command in ("/memories", "/profile", "/why gmail", "/forget gmail", "/forget code"):
            at = START + timedelta(minutes=11)
            replies = await rt.router.on_message(message(command, at=at))
            shown += [r.text for r in replies]
            shown += [b.label for r in replies for b in (r.buttons or ())]
        sent = json.dumps(fake.requests)
        assert len(fake.requests) == len(MESSAGES) + 1
    data = _file_bytes(db)
    for secret in SECRETS:
        assert secret not in sent, secret
        assert all(secret not in text for text in shown), secret
        assert data.count(secret.encode()) == 0, secret


#: Issue 22 re-attacked (h-trust8): casual secrets nobody here had written, each with what
#: must leave no trace.
CASUAL = {
    "the code my bank just texted is 902 114, hang on": ("902 114",),
    "card ending 7702 exp 10/29": ("7702", "10/29"),
    "die PIN vom Handy ist fünf eins neun drei": ("fünf eins neun drei",),
    "el código del portal es cuatro cero siete siete": ("cuatro cero siete siete",),
    "le code de l'immeuble c'est six deux huit un": ("six deux huit un",),
    "код от сейфа — семь семь два ноль": ("семь семь два ноль",),
    "login for the intranet is kfox pass Marble#19": ("Marble#19",),
    "our router password's 'pebble-42' fyi": ("pebble-42",),
}


async def test_casual_secrets_in_five_languages_leave_no_trace(tmp_path: Path) -> None:
    """Through the LLM path: not in any request to the model (this turn's or the next's),
    not in what is streamed when the model repeats one, not in the database file."""
    db = tmp_path / "m.db"
    shown: list[str] = []
    secrets = [s for found in CASUAL.values() for s in found]
    async with FakeAnthropic(chunk_chars=4) as fake, llm_bot(tmp_path, fake) as rt:
        for n, (text, found) in enumerate(CASUAL.items()):
            fake.text(f"Sure, {found[0]} it is.")
            stream = Recorder()
            at = START + timedelta(minutes=n)
            replies = await rt.router.on_message(
                message(text, message_id=f"c{n}", at=at), stream=stream
            )
            shown += [r.text for r in replies] + stream.shown
        await rt.settle()
        fake.text("Hi!")
        await rt.router.on_message(
            message("hello", message_id="c99", at=START + timedelta(hours=1))
        )
        sent = json.dumps(fake.requests, ensure_ascii=False)
    data = _file_bytes(db)
    for secret in secrets:
        assert secret not in sent, secret
        assert all(secret not in text for text in shown), secret
        assert data.count(secret.encode()) == 0, secret


async def test_self_harm_to_the_model_gets_care_and_where_to_find_help(tmp_path: Path) -> None:
    """The model is told to answer with care; whatever it says, the help pointer follows, and
    a terse acknowledgement is not all the user gets."""
    from bot import texts
    from bot.responder import CARE_NOTE

    async with FakeAnthropic() as fake, llm_bot(tmp_path, fake) as rt:
        fake.text("Got it.")
        replies = await rt.router.on_message(
            message("Some days I think about ending it all", message_id="s1")
        )
        (reply,) = [r.text for r in replies]
        assert reply.endswith(texts.HELP_POINTER)
        last = fake.requests[-1]["messages"][-1]["content"]
        assert any(b.get("text") == CARE_NOTE for b in last)
        fake.text("Sure, Lisbon is lovely.")
        plain = await rt.router.on_message(message("tips for Lisbon?", message_id="s2"))
        assert texts.HELP_POINTER not in plain[0].text
        assert all(b.get("text") != CARE_NOTE for b in fake.requests[-1]["messages"][-1]["content"])


@pytest.mark.parametrize(
    ("text", "holds"),
    [
        ("six one three zero", True),
        ("Four-seven-seven-one", True),
        ("door is oh nine one two", True),
        ("I won one two three races", True),  # three digit words in a row: not said back
        ("one or two cats", False),
        ("my cat", False),
        ("", False),
    ],
)
def test_memory_core_says_whether_a_text_holds_a_code_said_aloud(text: str, holds: bool) -> None:
    """One check, in memory_core, shared by the secret detector and the bot's echo filter
    (through the facade)."""
    from memory_core import Memory

    assert Memory.holds_spoken_code(text) is holds
