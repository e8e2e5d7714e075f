"""The message catalogue and replies in the user's language (en, de, es, fr, ru)."""

from __future__ import annotations

import re
import string
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from adapters.types import Attachment, ButtonPress
from bot import app, texts
from bot.config import Settings
from bot.i18n import Languages, supported, t, tn
from bot.responder import TurnContext, language_note
from bot.router import Router
from devtools import locales
from memory_core.clock import ManualClock
from tests.bot.conftest import ConsoleSession, Harness
from tests.factories import START, message
from tests.fakes.anthropic_server import FakeAnthropic


def fields(text: str) -> set[str]:
    """The ``str.format`` fields of a text."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


# ---- the catalogue -------------------------------------------------------------------------


def test_every_msgid_in_the_code_is_translated_in_every_catalogue_with_its_placeholders() -> None:
    template = [entry for entry in locales.template() if entry.id]
    assert len(template) > 100  # the extractor found the marked texts
    assert "line {number}: {problem}" in {e.id for e in template}  # and the engine's reasons
    for lang in locales.LANGUAGES:
        catalog = locales.read(lang)
        forms = catalog.num_plurals
        for entry in template:
            found = catalog.get(entry.id)
            assert found is not None, f"{lang}: no entry for {entry.id!r}"
            assert not found.fuzzy, f"{lang}: fuzzy {entry.id!r}"
            if isinstance(entry.id, tuple):  # plural: every form, the same fields but {n}
                assert isinstance(found.string, tuple) and len(found.string) == forms
                wanted = set().union(*map(fields, entry.id)) - {"n"}
                for form in found.string:
                    assert form, f"{lang}: empty plural form of {entry.id[0]!r}"
                    assert fields(form) - {"n"} == wanted, f"{lang}: {form!r}"
            else:
                assert isinstance(found.string, str) and found.string.strip(), (
                    f"{lang}: untranslated {entry.id!r}"
                )
                assert fields(found.string) == fields(entry.id), f"{lang}: {found.string!r}"
        stale = {m.id for m in catalog if m.id} - {m.id for m in template}
        assert not stale, f"{lang}: entries no code uses (run make locales): {stale}"


def test_the_shipped_mo_files_are_the_compiled_po_files() -> None:
    for lang in locales.LANGUAGES:
        mo = locales.po_path(lang).with_suffix(".mo")
        assert mo.read_bytes() == locales.compiled(locales.read(lang)), (
            f"{mo} is stale: run `make locales`"
        )


def test_plural_forms_follow_each_language() -> None:
    one, many = "You've mentioned it once.", "You've mentioned it {n} times."
    assert [tn("ru", one, many, n) for n in (1, 3, 5, 21)] == [
        "В твоих сообщениях это встречалось 1 раз.",
        "В твоих сообщениях это встречалось 3 раза.",
        "В твоих сообщениях это встречалось 5 раз.",
        "В твоих сообщениях это встречалось 21 раз.",
    ]
    assert tn("de", one, many, 1) == "Du hast es einmal erwähnt."
    assert tn("en", one, many, 2) == "You've mentioned it 2 times."


def test_language_codes_are_normalised_and_unknown_ones_fall_back_to_english() -> None:
    assert supported("de-AT") == "de" and supported("FR_ca") == "fr" and supported("pt") is None
    assert t("pt-BR", "Done") == "Done" and t("es-MX", "Done") == "Hecho"
    langs = Languages(default="fr", capacity=2)
    assert langs.of("u1") == "fr" and langs.of("u1", hint="ru") == "ru"
    langs.note("u1", "de")
    assert langs.of("u1", hint="ru") == "de"  # what they wrote in beats the app's language
    langs.note("u2", "es")
    langs.note("u3", "ru")
    assert langs.of("u1") == "fr"  # bounded: the oldest is dropped


# ---- replies through the router ------------------------------------------------------------

#: (language, command, words the reply must hold)
COMMANDS = [
    ("de", "/help", "Ich bin membot"),
    ("es", "/help", "Soy membot"),
    ("fr", "/help", "Je suis membot"),
    ("ru", "/help", "Я membot"),
    ("de", "/pause", "Pausiert"),
    ("es", "/profile", "Todavía no sé nada de ti"),
    ("fr", "/undo", "Il n'y a rien à annuler."),
    ("ru", "/frobnicate", "Я не знаю команду /frobnicate"),
    ("de", "/why", "So geht's: /why"),
    ("es", "/memories", "Todavía no hay recuerdos."),
]


@pytest.mark.parametrize(("lang", "command", "expected"), COMMANDS)
async def test_commands_answer_in_the_users_language(
    harness: Harness, lang: str, command: str, expected: str
) -> None:
    replies = await harness.bot.on_message(message(command, language=lang))
    assert expected in replies[0].text


async def test_an_import_preview_is_worded_in_the_users_language(harness: Harness) -> None:
    md = "# Memory of Ana\n\n## Other\n- Ana plays the cello\n- Ana has a cat\n"
    upload = Attachment("MEMORY.md", md.encode(), "text/markdown")
    replies = await harness.bot.on_message(message("/import", language="de", attachment=upload))
    assert "Hinzufügen (2):\n  • Ana plays the cello" in replies[0].text, replies[0].text
    assert replies[0].text.endswith("Diese Änderungen übernehmen?")


async def test_why_the_engine_refuses_a_file_is_said_in_the_users_language(
    harness: Harness,
) -> None:
    """The engine's reasons (memory_core's ``Reason``) go through the catalogue, nested ones
    too: "I changed nothing: line 4: that is too long …" in German."""
    md = "# Memory of Ana\n\n## Other\n- " + "x" * 1200 + "\n"
    upload = Attachment("MEMORY.md", md.encode(), "text/markdown")
    replies = await harness.bot.on_message(message("/import", language="de", attachment=upload))
    assert replies[0].text == (
        "Tut mir leid — damit kann ich nichts anfangen: ich habe nichts geändert: "
        "Zeile 4: das ist zu lang zum Merken (1200 > 1000 Zeichen)."
    )


async def test_the_console_says_its_own_texts_in_the_default_language() -> None:
    """The console's hints (no app language in a terminal) come from the catalogue."""
    from io import StringIO

    from adapters.console import ConsoleAdapter
    from adapters.types import Button, Reply
    from bot.i18n import words

    out = StringIO()
    console = ConsoleAdapter(
        None,  # type: ignore[arg-type]  # nothing here reaches the bot
        user="ana",
        now=lambda: START,
        out=out,
        words=words("de"),
    )
    console.show(Reply("?", buttons=((Button("a", "1"), Button("b", "2"), Button("c", "3")),)))
    await console.handle_line("/tap 7")
    await console.handle_line("/import /nonexistent/MEMORY.md")
    printed = out.getvalue()
    assert "(tippe 1, 2 oder 3 zum Auswählen)" in printed, printed
    assert "So geht's: /tap N, mit N zwischen 1 und 3." in printed
    assert "Ich kann /nonexistent/MEMORY.md nicht lesen:" in printed


@pytest.fixture
async def rules(db_path: Path, clock: ManualClock) -> AsyncIterator[Router]:
    """The bot with the real offline rules (no embedder)."""
    async with ConsoleSession(db_path, clock, embedder="none") as session:
        assert session.runtime is not None
        yield session.runtime.router


async def test_a_statement_and_a_question_are_answered_in_russian(rules: Router) -> None:
    """The offline path: an acknowledgement, then "I don't know", in the message's language
    (detected from the text: the app's hint is English here)."""
    noted = await rules.on_message(
        message("Я живу в Лиссабоне и работаю медсестрой.", language="en")
    )
    assert noted[0].text.startswith("Принято — "), noted[0].text
    unknown = await rules.on_message(message("Какой у меня размер обуви?", language="en"))
    assert unknown[0].text.startswith("Этого я пока не знаю."), unknown[0].text
    # English text gets English, whatever the app's language.
    english = await rules.on_message(message("what is my shoe size?", language="ru"))
    assert english[0].text.startswith("I don't know that yet."), english[0].text


async def test_a_russian_town_and_job_are_slots_in_the_nominative(
    db_path: Path, clock: ManualClock
) -> None:
    """ "Я живу в Берлине", "Я работаю врачом": Russian inflects the town and the job; they are
    read in the nominative into the home and job slots (not kept only as notes), and asked
    for in other words they are said back in Russian."""
    async with ConsoleSession(db_path, clock, user="olga") as session:
        assert session.runtime is not None
        told = await session.say("Я живу в Берлине.", "Я работаю врачом.")
        assert "ты живёшь в городе Берлин" in told and "твоя профессия — врач" in told, told
        await session.runtime.settle()
        home = await session.say("В каком городе я живу?")
        assert "в городе Берлин" in home, home
        job = await session.say("Какая у меня профессия?")
        assert "врач" in job, job


async def test_remember_forget_and_the_button_press_speak_french(
    rules: Router, clock: ManualClock
) -> None:
    # (Its words are French: a command's own words set the reply's language, as chat's do.)
    saved = await rules.on_message(message("/remember J'habite à Lyon.", language="fr"))
    assert saved[0].text.startswith("C'est noté — je retiens : Tu habites à Lyon.")
    picks = await rules.on_message(message("/forget Lyon", language="fr"))
    assert picks[0].text == "Lequel dois-je oublier ?"
    labels = [b.label for row in picks[0].buttons for b in row]
    assert labels[0].startswith("Oublier : ") and labels[-1] == "Annuler"
    # The press carries no language: the one the user last wrote in is used.
    pick = picks[0].buttons[0][0]
    press = ButtonPress("console", "console", "ana", "Ana", pick.data, clock.now())
    result = await rules.on_button(press)
    assert result.notice == "Oublié" and result.edit is not None
    assert result.edit.startswith("Oublié : Tu habites à Lyon.")


async def test_a_sensitive_statement_is_acknowledged_privately(rules: Router) -> None:
    """Saved, never repeated back, and no "I'm running offline" brush-off."""
    reply = await rules.on_message(message("I have asthma.", language="es"))
    assert reply[0].text == "Noted — I'll keep that private.", reply[0].text  # English text


# ---- the LLM path --------------------------------------------------------------------------


async def test_the_model_is_told_to_answer_in_the_users_language(tmp_path: Path) -> None:
    async with FakeAnthropic() as fake:
        settings = Settings(
            _env_file=None,
            db=tmp_path / "m.db",  # type: ignore[call-arg]
            anthropic_api_key="sk-test",
            anthropic_base_url=fake.base_url,
            anthropic_max_retries=0,
        )
        _extractor, _auditor, responder = app.build_learning(settings)
        fake.text("Hallo Jonas!")
        ctx = TurnContext(
            user_text="Wie heißt meine Katze?",
            user_name="Jonas",
            memory_block="",
            hits=[],
            noted=[],
            history=[],
            group=False,
            language="de",
        )
        answer = await responder.respond(ctx)
        assert answer.text == "Hallo Jonas!"
        body = fake.requests[-1]
        assert "reply_language" in str(body["system"])  # the stable, cached rule
        turn = str(body["messages"][-1]["content"])
        assert language_note("de") in turn and "answer in German" in turn
        # A failure is explained in the user's language too.
        fake.error(500)
        failed = await responder.respond(ctx)
        assert failed.text.startswith("Tut mir leid — ich erreiche mein Sprachmodell gerade nicht.")


async def test_a_detected_language_wins_and_carries_over_to_commands_and_presses(
    harness: Harness,
) -> None:
    """The ``detect_language`` hook (memory_core's detector in production): plain chat in the
    language it finds; then commands and button presses (which say nothing about a language)
    in the one the user last wrote in, over the app's language hint."""
    router = harness.bot
    seen: list[str] = []

    def detect(text: str, *, min_confidence: float = 0.7) -> str | None:
        seen.append(text)
        return "es" if "hola" in text.lower() else None

    router.detect_language = detect
    chat = await router.on_message(message("hola, what is my shoe size?", language="de"))
    assert chat[0].text.startswith("Eso todavía no lo sé.")
    helped = await router.on_message(message("/help", language="de"))
    assert helped[0].text.startswith("Soy membot") and seen == ["hola, what is my shoe size?"]
    # Too short to tell: the last language written in, not the hint.
    unsure = await router.on_message(message("what is my shoe size?", language="de"))
    assert unsure[0].text.startswith("Eso todavía no lo sé.")
    forged = ButtonPress("console", "console", "ana", "Ana", "xx", harness.clock.now())
    assert (await router.on_button(forged)).notice == t("es", texts.INVALID_BUTTON)
    # Another user the detector knows nothing about: their app's language.
    other = await router.on_message(message("/help", user="bo", language="fr"))
    assert other[0].text.startswith("Je suis membot")


def test_the_extractor_finds_texts_marked_inside_f_strings_and_other_calls(tmp_path: Path) -> None:
    """Babel's extractor skips a marker inside an f-string or another call's arguments; the
    catalogue must still hold those texts (else they are never translated)."""
    code = tmp_path / "m.py"
    code.write_text(
        "a = f\"{t(lang, 'People')}\"\n"
        'b = t(lang, EVENTS.get(e, N_("changed")))\n'
        "c = f\"{tn(lang, '{n} day', '{n} days', n)} {_say('Hi')}\"\n"
        "d = t(lang, name)\n"
    )
    assert locales.unseen_by_babel(code) == [
        (1, "People"),
        (2, "changed"),
        (3, ("{n} day", "{n} days")),
        (3, "Hi"),
    ]
    ids = {entry.id for entry in locales.template()}
    assert "changed" in ids and "You also told me {facts}." in ids


async def test_a_german_profile_says_the_users_people_in_german(
    db_path: Path, clock: ManualClock
) -> None:
    """The people section of /profile names each person and what was said of them in the
    user's language ("Lena, deine Tochter: Lena ist 7 Jahre alt"), not in English."""
    async with ConsoleSession(db_path, clock, user="jonas", embedder="none") as session:
        assert session.runtime is not None
        await session.say("Meine Tochter Lena ist 7 und mein Bruder heißt Tim.")
        await session.runtime.settle()
        profile = await session.say("/profile")
    people = profile.split("Menschen", 1)[1]
    assert "Lena, deine Tochter: Lena ist 7 Jahre alt" in people, people
    # Known by name only: the label alone, not "Tim, dein Bruder: dein Bruder heißt Tim".
    assert "• Tim, dein Bruder\n" in people + "\n" and "heißt Tim" not in people, people
    for english in ("your", "named", "The user", " is "):
        assert english not in people, people


async def test_a_french_profile_spaces_its_colons_as_french_does(
    db_path: Path, clock: ManualClock
) -> None:
    """French typography puts a space before ":" and ";" ("Tom, ton frère : …"); the people
    line of /profile took its ": " and "; " from the code, not from the catalogue."""
    async with ConsoleSession(db_path, clock, user="lea", embedder="none") as session:
        assert session.runtime is not None
        await session.say("Mon frère Tom a 12 ans.")
        await session.runtime.settle()
        profile = await session.say("/profile")
    people = profile.split("Personnes", 1)[1]
    assert "Tom, ton frère : Tom a 12 ans" in people, people
    assert "Tom, ton frère:" not in people, people


#: (language, what the user says, what the reply holds): the chat paths a person takes first,
#: with no app language to go by (the console's), after "my name is Omar" and "my brother is
#: called Tom".
CHAT_PATHS = {
    "de": (
        ("Mein Name ist Omar.", "Omar"),
        ("Mein Bruder heißt Tom.", "Tom"),
        ("Hallo!", "Hallo Omar!"),
        ("Danke!", "Gern geschehen!"),
        ("Was weißt du über mich?", "du heißt Omar"),
        ("Wer ist Tom?", "Tom ist dein Bruder."),
        ("Tschüss!", "Bis bald"),
    ),
    "es": (
        ("Me llamo Omar.", "Omar"),
        ("Mi hermano se llama Tom.", "Tom"),
        ("¡Hola!", "¡Hola, Omar!"),
        ("¡Gracias!", "¡De nada!"),
        ("¿Qué sabes de mí?", "te llamas Omar"),
        ("¿Quién es Tom?", "Tom es tu hermano."),
        ("¿Qué tal?", "Estoy bien"),
        ("Adiós", "¡Hasta pronto!"),
    ),
    "fr": (
        ("Je m'appelle Omar.", "Omar"),
        ("Mon frère s'appelle Tom.", "Tom"),
        ("Bonjour !", "Salut Omar !"),
        ("Merci !", "Avec plaisir !"),
        ("Que sais-tu de moi ?", "tu t'appelles Omar"),
        ("Qui est Tom ?", "Tom est ton frère."),
        ("Au revoir !", "À bientôt"),
    ),
    "ru": (
        ("Меня зовут Омар.", "Омар"),
        ("Моего брата зовут Том.", "Том"),
        ("Привет!", "Привет, Омар!"),
        ("Спасибо!", "Пожалуйста!"),
        ("Что ты знаешь обо мне?", "тебя зовут Омар"),
        ("Кто такой Том?", "Том — твой брат."),
        ("Пока!", "Пока!"),
    ),
}


@pytest.mark.parametrize("lang", ["de", "es", "fr", "ru"])
async def test_greetings_thanks_goodbyes_and_questions_about_me_in_each_language(
    db_path: Path, clock: ManualClock, lang: str
) -> None:
    """ "Hallo!", "Danke!", "Was weißt du über mich?", "Wer ist Tom?" were answered with the
    English "I'm running offline…" (a one-word greeting tells the detector no language) or
    the offline line, a quote of some fact, or the user's name for "who is Tom?": each is
    answered as its English twin is, in the user's language and by the name they gave."""
    async with ConsoleSession(db_path, clock, user="sam_k", embedder="none") as session:
        assert session.runtime is not None
        for said, expected in CHAT_PATHS[lang]:
            reply = await session.say(said)
            await session.runtime.settle()
            assert expected in reply, (said, reply)
            assert not english_in(reply.replace("bot>", "")), (said, reply)


#: What a user may type, each in the language's own session (a statement first, so the
#: commands have memories to show).
WALK = (
    "/start", "/help", "/profile", "/memories", "/memories web", "/why", "/why {town}",
    "/undo", "/restore", "/restore #999", "/export", "/pause", "/resume", "/new", "/reflections",
    "/reflections off", "/reflections on", "/link", "/link 123456", "/unlink", "/groupmemory",
    "/forget", "/forget {town}", "/remember", "/remember {fact}", "/forgetme", "/frobnicate",
    "/import", "/undo",
)  # fmt: skip
SESSIONS = {
    "de": ("Ich wohne in Köln und arbeite bei Ford.", "Köln", "Mein Hund heißt Bruno"),
    "es": ("Vivo en Sevilla y trabajo en Telefónica.", "Sevilla", "Mi perro se llama Toby"),
    "fr": ("J'habite à Lyon et je travaille chez Renault.", "Lyon", "Mon chien s'appelle Filou"),
    "ru": ("Я живу в Казани и работаю в Сбербанке.", "Казань", "Мою собаку зовут Шарик"),
}
#: English words a reply in another language must not hold (outside the user's own quoted
#: words, command names and their literal arguments).
_ENGLISH_WORDS = re.compile(
    r"\b(?:the|[Yy]ou|[Yy]our|[Yy]ours|[Yy]ou're|[Yy]ou've|and|with|what|which|this|that|have|not|yet|memory|memories|"
    r"saved|remember|forget|got it|please|done|nothing|here|there|is|are|were|will|"
    r"can|don't|can't|i'm|i'll|my|it|of|to|for|from|about|yes|keep|delete|cancel|[Ss]orry|"
    r"[Tt]hanks|[Oo]kay|[Oo]ops)\b"
)
_NOT_PROSE = re.compile(
    r"/\w+(?:\s+(?:forget|on|off|web|on\|off|<[^>]*>|#\w+|\[[^\]]*\]))*|<[^>]*>|„[^“]*“|«[^»]*»|"
    r"\"[^\"]*\"|MEMORY\.md|JSON|Telegram|Discord|membot|https?://\S+|#\d+"
)


def english_in(text: str) -> list[str]:
    """English words left in ``text`` (a reply meant for another language)."""
    return _ENGLISH_WORDS.findall(_NOT_PROSE.sub(" ", text))


def test_no_translation_in_the_catalogues_holds_an_english_word() -> None:
    """A German reply opened with "Sorry —": every msgstr of de/es/fr/ru is scanned (outside
    its placeholders, commands and their arguments) for the English words above."""
    bad = []
    for lang in locales.LANGUAGES:
        for entry in filter(lambda e: e.id, locales.read(lang)):
            forms = entry.string if isinstance(entry.string, tuple) else (entry.string,)
            for form in forms:
                prose = re.sub(r"\{[^}]*\}|forget <#id>", " ", form or "")
                if left := english_in(prose):
                    bad.append((lang, form, left))
    assert not bad, "\n".join(map(repr, bad))


def test_the_english_scan_finds_english() -> None:
    assert english_in("Got it — you live in Köln.") == ["it", "you"]
    assert english_in("Alles klar — du wohnst in „my flat“. /reflections on|off") == []
    assert english_in("#9 You sing in a choir.") == ["You"]  # at a line's start too


@pytest.mark.parametrize("lang", ["de", "es", "fr", "ru"])
async def test_every_command_speaks_the_users_language(
    db_path: Path, clock: ManualClock, lang: str
) -> None:
    """Every command of the catalogue, with and without its argument, and the buttons under
    its reply, after a statement the real offline rules learn: nothing English in a German,
    Spanish, French or Russian session."""
    statement, town, fact = SESSIONS[lang]
    bad: list[tuple[str, str, list[str]]] = []
    async with ConsoleSession(db_path, clock, embedder="none") as session:
        assert session.runtime is not None
        bot = session.runtime.router
        for reply in await bot.on_message(message(statement, language=lang)):
            bad += [(statement, reply.text, left) for left in [english_in(reply.text)] if left]
        await session.runtime.settle()
        for typed in WALK:
            command = typed.format(town=town, fact=fact)
            for reply in await bot.on_message(message(command, language=lang)):
                labels = [b.label for row in reply.buttons for b in row]
                for shown in (reply.text, *labels):
                    if left := english_in(shown):
                        bad.append((command, shown, left))
            await session.runtime.settle()
    assert not bad, "\n".join(map(repr, bad))
