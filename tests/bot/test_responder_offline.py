"""The offline responder quotes the user's own words back in the second person."""

from __future__ import annotations

import dataclasses

import pytest

from bot.responder import OfflineResponder, TurnContext
from bot.wording import second_person, yours
from memory_core.types import Candidate
from memory_core.values import Category, Fact
from tests.factories import candidate, fact


@pytest.mark.parametrize(
    ("said", "quoted"),
    [
        ("I live in Lisbon.", "you live in Lisbon"),
        ("My favourite colour is teal.", "your favourite colour is teal"),
        ("I'm vegetarian!", "you're vegetarian"),
        ("We moved to Oslo", "you moved to Oslo"),
        ("Our dog is called Rex", "your dog is called Rex"),
        ("Lisbon is my home", "Lisbon is your home"),
        ("Yesterday I met my sister", "Yesterday you met your sister"),
        # An English note in the user's words: the bot they spoke to is "me".
        (
            "I told you two nephews but there are three now",
            "you told me two nephews but there are three now",
        ),
        ("Me and my brother never miss a race", "you and your brother never miss a race"),
    ],
)
def test_second_person_reads_mid_sentence(said: str, quoted: str) -> None:
    assert second_person(said) == quoted


@pytest.mark.parametrize(
    ("stored", "said"),
    [
        ("The user moved to Lisbon and lives there.", "you moved to Lisbon and live there"),
        ("Marta's brother Marco lives in Rome.", "your brother Marco lives in Rome"),
        ("Marco is a chef.", "Marco is a chef"),
        # The user's own words with no "I" first (an English note).
        ("Sold the bike, climbing is my thing now.", "Sold the bike, climbing is your thing now"),
    ],
)
def test_stored_facts_are_said_to_their_owner(stored: str, said: str) -> None:
    assert yours(stored, "Marta") == said


def _fact(id: int, key: str, text: str, value: str | None = None) -> Fact:
    return fact(id, text, Category.RELATIONSHIP, key=key, value=value)


PEOPLE = [
    _fact(1, "family.wife.ana.name", "Marta's wife is named Ana.", "Ana"),
    _fact(2, "family.wife.ana.job", "Marta's wife Ana is a nurse."),
    _fact(3, "family.brother.marco.name", "Marta's brother is named Marco.", "Marco"),
    _fact(4, "family.brother.marco.home", "Marta's brother Marco lives in Rome.", "Rome"),
    _fact(5, "family.brother.marco.job", "Marco is a chef.", "chef"),
    fact(6, "Marta is a software engineer.", Category.IDENTITY, key="job_title"),
    _fact(7, "family.sister.lia.name", "Marta's sister is named Lia.", "Lia"),
    _fact(
        8,
        "family.sister.lia.runs_bakery_old_town",
        "Marta's sister Lia runs a bakery in the old town.",
    ),
    _fact(10, "family.wife.ana.employer", "Ana works at St Luke's hospital.", "St Luke's"),
]
#: The same people without the wife's employer.
NO_EMPLOYER = PEOPLE[:-1]


async def test_where_someone_works_is_their_employer() -> None:
    """Job and employer told: "where does my wife work?" names the employer, not the job."""
    for question in ("where does my wife work?", "where does Ana work?"):
        ctx = TurnContext(question, "Marta", "", (), (), (), False, known=PEOPLE)
        answer = (await OfflineResponder().respond(ctx)).text
        assert "St Luke's" in answer and "nurse" not in answer, answer


@pytest.mark.parametrize(
    ("question", "wanted", "unwanted"),
    [
        (
            "who is Marco?",
            "Marco is your brother. You told me your brother Marco lives in Rome "
            "and Marco is a chef.",
            None,
        ),
        ("What does my wife do?", "You told me your wife Ana is a nurse.", None),
        ("where does my brother live", "You told me your brother Marco lives in Rome.", None),
        ("how old is my brother?", "I don't know that about your brother Marco yet", None),
        ("what does my mom do?", "You haven't told me about your mom yet.", None),
        # What they do said as a verb answers it (it said "I don't know that about your
        # sister Lia yet — only that your sister Lia runs a bakery …").
        (
            "what does my sister do for work?",
            "You told me your sister Lia runs a bakery in the old town.",
            "don't know",
        ),
        ("What do I do for a living?", "You told me you're a software engineer.", "nurse"),
        ("Who is Bob?", "I don't know anyone called Bob yet.", None),
        # Where someone works asks the place: a job title alone is no answer (it was "You
        # told me your wife Ana is a nurse.").
        ("where does my wife work?", "I don't know that about your wife Ana yet", None),
        ("where does Ana work?", "I don't know that about Ana yet", None),
        ("who does my brother work for?", "I don't know that about your brother Marco", None),
    ],
)
async def test_questions_are_answered_from_the_right_persons_facts(
    question: str, wanted: str, unwanted: str | None
) -> None:
    ctx = TurnContext(question, "Marta", "", (), (), (), False, known=NO_EMPLOYER)
    answer = (await OfflineResponder().respond(ctx)).text
    assert wanted in answer, answer
    assert unwanted is None or unwanted not in answer


async def test_an_acknowledgement_names_a_person_once() -> None:
    noted = [
        candidate("family.wife.ana.name", "Marta's wife is named Ana.", value="Ana"),
        candidate("family.wife.ana.job", "Marta's wife Ana is a nurse."),
    ]
    ctx = TurnContext("My wife Ana is a nurse", "Marta", "", (), noted, (), False)
    assert (await OfflineResponder().respond(ctx)).text == "Got it — your wife Ana is a nurse."


async def test_an_answer_by_meaning_never_quotes_a_reflection() -> None:
    """The weekly reflection is the bot's words: "you told me" must not quote it."""
    from memory_core.values import SearchHit

    reflection = fact(9, "Week of 2 Mar. New: Ana works at a school.", kind="reflection")
    hits = [SearchHit("facts", 9, reflection.value_text, 0.9, 0.0, 0.86, fact=reflection)]
    hits += [
        SearchHit("facts", i, f"fact {i}", 0.1, 0.0, 0.75, fact=fact(i, f"The user likes {i}."))
        for i in range(1, 5)
    ]
    ctx = TurnContext(
        user_text="what happened at school this week?",
        user_name="Ana",
        memory_block="",
        hits=[],
        noted=[],
        history=[],
        group=False,
        candidates=hits,
    )
    answer = await OfflineResponder().respond(ctx)
    assert "Week of" not in answer.text and "told me on" not in answer.text, answer.text


async def test_a_statement_that_opens_like_a_question_is_acknowledged() -> None:
    """It noted something and has no "?": a statement, whatever its first word."""
    noted = [candidate("job_title", "The user is a baker.")]
    ctx = TurnContext(
        "Where I live it rains a lot, and I work as a baker.", "Marta", "", (), noted, (), False
    )
    assert (await OfflineResponder().respond(ctx)).text == "Got it — you're a baker."
    asked = TurnContext("Where do I live?", "Marta", "", (), (), (), False)
    assert "Got it" not in (await OfflineResponder().respond(asked)).text


async def test_a_change_waiting_for_confirmation_is_said_as_such() -> None:
    """What waits for the user's confirmation is never acknowledged as saved; a group hears
    no old value, and a sensitive one is never said back."""
    home = fact(1, "Marta lives in Berlin.", Category.IDENTITY, key="home_city", value="Berlin")
    cork = candidate("home_city", "Marta lives in Cork.", Category.IDENTITY, value="Cork")
    noted = [candidate("job_title", "Marta is a nurse.", value="nurse")]
    said = "I moved to Cork and I'm a nurse"
    ctx = TurnContext(said, "Marta", "", (), noted, (), False, waiting=[(home, cork)])
    assert (await OfflineResponder().respond(ctx)).text == (
        "Got it — you're a nurse. You told me before that you live in Berlin, and now that "
        "you live in Cork — I'll change that only once you confirm."
    )
    group = TurnContext("I moved to Cork", "Marta", "", (), (), (), True, waiting=[(home, cork)])
    text = (await OfflineResponder().respond(group)).text
    assert text == "I'll change what you told me before only once you confirm."
    # Sensitive on either side: neither value is said back, even in private.
    ill = fact(2, "Marta has asthma.", Category.HEALTH, key="health.condition", value="asthma")
    new = candidate("health.condition", "Marta has COPD.", Category.HEALTH, value="COPD")
    for before, now in ((dataclasses.replace(ill, sensitive=True), new), (ill, sensitive(new))):
        private = TurnContext("It's COPD", "Marta", "", (), (), (), False, waiting=[(before, now)])
        text = (await OfflineResponder().respond(private)).text
        assert text == "I'll change what you told me before only once you confirm.", text
        assert "COPD" not in text and "asthma" not in text


def sensitive(cand: Candidate) -> Candidate:
    """``cand`` read as sensitive."""
    return dataclasses.replace(cand, sensitive=True)


@pytest.mark.parametrize(
    ("question", "whom"),
    [
        ("¿Dónde trabaja mi novia?", "kin"),
        ("Rappelle-moi le prénom de mon enfant.", "kin"),
        ("Как зовут моего ребёнка?", "kin"),
        ("Erinnere mich an den Namen meines Kindes.", "kin"),
        ("Who am I married to?", "kin"),
        # Without "my": the children are the user's people all the same.
        ("do I have kids?", "kin"),
        ("¿Tengo hijos?", "kin"),
        ("Habe ich Geschwister?", "kin"),
        ("¿A qué me dedico?", "me"),
        ("Tu te souviens de mon prénom ?", "me"),
        ("what's my cat's name?", "me"),
        ("Was macht Priya beruflich?", None),
        ("who do I live with?", None),
    ],
)
def test_whom_a_question_is_about(question: str, whom: str | None) -> None:
    """A question naming one of the user's people is not answered with the user's own job or
    name ("¿Dónde trabaja mi novia?" was answered with the user's own employer), and one about the
    user not with their people's ("¿A qué me dedico?" was answered with the husband's job)."""
    from bot.responder import _about_whom

    assert _about_whom(question) == whom


@pytest.mark.parametrize(
    "asked",
    [
        "what else do ya know about me?",
        "ok so what do u really know about me lol",
        "Tell me all you've stored on me.",
        "anything you recall of me?",
        "Could you sum up what you've learned about me so far?",
        "what've u got on me?",
        "Was weißt du denn so über mich?",
        "¿Qué más sabes de mí?",
        "А что ты уже знаешь про меня?",
        # Said formally (Sie, usted, vous, вы), in chat shorthand or in Scots.
        "Können Sie mir sagen, was Sie alles über mich wissen?",
        "Was wissen Sie eigentlich über mich?",
        "¿Qué sabe usted sobre mí?",
        "¿Y vosotros qué sabéis de mí?",
        "Que savez-vous de moi ?",
        "Dites-moi ce que vous savez sur moi.",
        "Что вы знаете обо мне?",
        "wat do u remember abt me",
        "whit dae youse ken aboot me then?",
        # Said with another verb ("gemerkt", "retenu", "acuerdas", "запомнил") or the question
        # word last ("Tu sais quoi …").
        "Was hast du dir eigentlich über mich gemerkt?",
        "Vous savez quoi de moi, au juste ?",
        "Qu'est-ce que tu as retenu sur moi ?",
        "¿Qué te acuerdas de mí?",
        "Что ты запомнил про меня?",
    ],
)
async def test_what_do_you_know_about_me_however_typed(asked: str) -> None:
    """Asking what the bot holds about the user, in chat spelling or other words, gets the
    summary of what it knows, not "I don't know that yet"."""
    ctx = TurnContext(asked, "Marta", "", (), (), (), False, known=PEOPLE)
    answer = (await OfflineResponder().respond(ctx)).text
    assert "software engineer" in answer and "don't know" not in answer, answer


@pytest.mark.parametrize(
    "said",
    [
        "Swapped the allotment for a window box, the herbs do fine there",
        "Ich hab ewig nach einer Wohnung mit Garten gesucht",
    ],
)
async def test_a_statement_that_kept_nothing_is_not_said_to_be_remembered(said: str) -> None:
    """Nothing was saved from it: the reply says so and how to keep it (/remember), never
    "I remember what you tell me" as if it had been kept."""
    history: tuple[tuple[str, str], ...] = ()
    for _ in range(3):  # in any of its wordings
        ctx = TurnContext(said, "Marta", "", (), (), history, False)
        answer = (await OfflineResponder().respond(ctx)).text
        assert "I remember what you tell me" not in answer, answer
        assert "/remember" in answer and "offline" in answer, answer
        history += (("user", said), ("assistant", answer))


def _history(turns: int) -> tuple[tuple[str, str], ...]:
    """A session of ``turns`` earlier lines."""
    return tuple(("user" if i % 2 == 0 else "assistant", "…") for i in range(turns))


@pytest.mark.parametrize(
    "said",
    [
        "Ich hab heute ewig im Stau gestanden",
        "the traffic was terrible this morning",
        "ugh, long day at work",
        "I'm so tired today",
        "estoy agotada",
        "je suis crevé",
        "я так устала",
        "haha",
        "jajaja",
        "lol ok",
    ],
)
async def test_a_mood_a_laugh_or_a_moment_of_the_day_is_answered_without_talk_of_saving(
    said: str,
) -> None:
    """ "ugh, long day at work", "haha", "the traffic was terrible this morning" hold nothing
    to keep: a short friendly reply, not "I didn't save that — I'm running offline …"."""
    ctx = TurnContext(said, "Marta", "", (), (), (), False)
    answer = (await OfflineResponder().respond(ctx)).text
    assert "/remember" not in answer and "offline" not in answer, answer
    assert len(answer) < 70, answer


async def test_small_talk_replies_vary_over_a_conversation_and_repeat_for_the_same_turn() -> None:
    """The same kind of chat line later in a conversation gets another wording (it got the
    same "I didn't save that — I'm running offline …" every time); the same line after the
    same conversation gets the same reply, so a test or a replay reads the same."""
    lines = ("ugh, long day at work", "Swapped the allotment for a window box", "haha", "ok")
    for said in lines:
        history: list[tuple[str, str]] = [("user", "hi"), ("assistant", "Hi Marta!")]
        replies = []
        for _ in range(2):
            ctx = TurnContext(said, "Marta", "", (), (), tuple(history), False)
            reply = (await OfflineResponder().respond(ctx)).text
            assert (await OfflineResponder().respond(ctx)).text == reply
            replies.append(reply)
            history += [("user", said), ("assistant", reply)]
        assert replies[0] != replies[1], (said, replies)


@pytest.mark.parametrize(
    "said", ["tell me a joke", "what do you think about football", "erzähl mir einen Witz"]
)
async def test_asked_to_chat_the_offline_bot_says_it_is_offline(said: str) -> None:
    """Being offline matters here: the reply says so, and what it can do."""
    ctx = TurnContext(said, "Marta", "", (), (), _history(5), False)
    answer = (await OfflineResponder().respond(ctx)).text
    assert "offline" in answer and "/help" in answer, answer


async def test_the_first_short_chat_line_hears_what_the_offline_bot_can_do() -> None:
    """ "ok" opening a session: what the offline bot can do; later, a short "ok" back."""
    first = TurnContext("ok", "Marta", "", (), (), (), False)
    assert "/help" in (await OfflineResponder().respond(first)).text
    later = TurnContext("ok", "Marta", "", (), (), _history(6), False)
    answer = (await OfflineResponder().respond(later)).text
    assert "/help" not in answer and len(answer) < 20, answer


async def test_with_a_model_learning_later_no_statement_is_said_unsaved() -> None:
    """The offline reply after a model failed: learning decides later, so "nothing noted" is
    no "nothing saved"."""
    said = "Swapped the allotment for a window box, the herbs do fine there"
    ctx = TurnContext(said, "Marta", "", (), (), (), False, read_offline=False)
    answer = (await OfflineResponder().respond(ctx)).text
    assert "didn't save" not in answer, answer


@pytest.mark.parametrize(
    "asked",
    [
        "Was hast du so alles über mich gespeichert?",
        "Sag mal, was weißt du eigentlich von mir?",
        "¿Qué has anotado sobre mí?",
        "Oye, ¿qué tienes guardado acerca de mí?",
        "Tu as noté quoi à mon sujet ?",
        "Qu'avez-vous enregistré me concernant ?",
        "Что ты успел записать про меня?",
        "Что у тебя сохранено обо мне?",
    ],
)
async def test_what_the_bot_kept_about_me_asked_with_any_verb_of_keeping(asked: str) -> None:
    """A question word, "about me" and a verb of knowing or keeping ("gespeichert", "anotado",
    "noté", "записать", "сохранено"), in any order, ask what the bot holds about the user (such
    an overview question was answered with one fact, or not at all, in de/es/fr/ru)."""
    ctx = TurnContext(asked, "Marta", "", (), (), (), False, known=PEOPLE)
    answer = (await OfflineResponder().respond(ctx)).text
    assert "software engineer" in answer, answer


@pytest.mark.parametrize(
    "asked",
    [
        "Was weißt du über meinen Hund?",
        "¿Qué sabes de mi hermano?",
        "Что ты знаешь про мою собаку?",
        "Qu'est-ce que tu as noté sur mon fils ?",
    ],
)
def test_what_the_bot_kept_about_someone_else_is_no_overview(asked: str) -> None:
    from bot.responder import asks_what_you_hold

    assert not asks_what_you_hold(asked)


async def test_two_things_asked_at_once_are_said_in_the_users_words() -> None:
    """ "mon quartier et ma bagnole, stp": the home slot stands out, but the note of the same
    message says both (the home and the car), so the note is what the answer quotes."""
    from memory_core.values import SearchHit

    turn = {"source_turn_id": "t9", "source_excerpt": "On habite à Brest et je roule en Twingo."}
    home = fact(1, "Inès lives in Brest.", key="home_city", value="Brest", **turn)
    note = fact(2, "On habite à Brest et je roule en Twingo.", key="note.fr.on_habite", **turn)
    hits = [
        SearchHit("facts", 1, home.value_text, 0.9, 0.0, 0.86, fact=home, topic=0.9),
        SearchHit("facts", 2, note.value_text, 0.8, 0.0, 0.82, fact=note, topic=0.4),
    ]
    hits += [
        SearchHit("facts", i, f"fact {i}", 0.1, 0.0, 0.76, fact=fact(i, f"Inès aime {i}."))
        for i in range(3, 7)
    ]
    ctx = TurnContext(
        "dis-moi mon quartier et ma bagnole, stp",
        "Inès",
        "",
        (),
        (),
        (),
        False,
        candidates=hits,
        language="fr",
    )
    answer = (await OfflineResponder().respond(ctx)).text
    assert "Brest" in answer and "Twingo" in answer, answer


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("de", "Ich bin heute so müde"),
        ("de", "hahaha"),
        ("es", "estoy agotada"),
        ("es", "¿Qué tal?"),
        ("fr", "je suis crevé"),
        ("fr", "ok"),
        ("ru", "я так устала"),
        ("ru", "Как дела?"),
    ],
)
async def test_small_talk_in_another_language_is_never_answered_in_english(
    lang: str, said: str
) -> None:
    """A wording the catalogue does not translate yet is not said: another one is (the old
    translated line, or a language-free emoji), never English to a German user."""
    from tests.bot.test_i18n import english_in

    history: tuple[tuple[str, str], ...] = (("user", "…"), ("assistant", "…")) * 3
    for turns in (history[:0], history):
        ctx = TurnContext(said, "Marta", "", (), (), turns, False, language=lang)
        answer = (await OfflineResponder().respond(ctx)).text
        assert not english_in(answer), answer
