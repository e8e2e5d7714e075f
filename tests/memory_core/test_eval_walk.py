"""``membot eval walk``: the blind scripts stay blind, and the walk scores what it sees."""

from __future__ import annotations

import functools
import json
import re
from collections import Counter
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from memory_core.evaluation.life import START
from memory_core.evaluation.walk import (
    ASK9_PATH,
    ASK10_PATH,
    ASK11_PATH,
    ASK12_PATH,
    ASK13_PATH,
    ASK14_PATH,
    ASK15_PATH,
    ASK16_PATH,
    ASK17_PATH,
    BLIND2_PATH,
    BLIND3_PATH,
    BLIND4_PATH,
    BLIND5_PATH,
    BLIND6_PATH,
    BLIND7_PATH,
    BLIND8_PATH,
    BLIND9_PATH,
    BLIND10_PATH,
    BLIND11_PATH,
    BLIND12_PATH,
    BLIND_PATH,
    WalkFact,
    WalkScript,
    WalkUser,
    load_script,
    right_after,
    walk,
)
from tests.blind_sets import is_blind_set

ROOT = Path(__file__).parents[2]
#: Where the rules that read statements and questions, and the data they were tuned on, live.
BLIND_SETS = (
    BLIND_PATH,
    BLIND2_PATH,
    BLIND3_PATH,
    BLIND4_PATH,
    BLIND5_PATH,
    ASK9_PATH,
    ASK10_PATH,
    ASK11_PATH,
    ASK12_PATH,
    ASK13_PATH,
    ASK14_PATH,
    ASK15_PATH,
    ASK16_PATH,
    ASK17_PATH,
    BLIND9_PATH,
    BLIND10_PATH,
    BLIND11_PATH,
    BLIND12_PATH,
)
RULE_SOURCES = (
    *ROOT.glob("memory_core/extract/**/*.py"),
    *ROOT.glob("memory_core/read/**/*.py"),
    *ROOT.glob("memory_core/text/**/*.py"),
    *ROOT.glob("memory_core/learn/**/*.py"),
    *ROOT.glob("bot/*.py"),
    *ROOT.glob("memory_core/evaluation/*.py"),
    *(
        p
        for p in ROOT.glob("memory_core/evaluation/labels/*")
        # The walks and other blind sets are only scored, never tuned on ("I support Celtic."
        # is in both a walk and statements_blind9, written apart; a fresh sensitivity batch's
        # look-alike praises a toolbox in a walk's words).
        if p not in BLIND_SETS and not is_blind_set(p)
    ),
)
#: The second walk is also kept out of every module of bot/, memory_core's answering and the
#: tests (but this file, which only loads it).
RULE_SOURCES_2 = (
    *RULE_SOURCES,
    *ROOT.glob("bot/**/*.py"),
    *ROOT.glob("memory_core/answer*/**/*.py"),
    *ROOT.glob("memory_core/*.py"),
    *(p for p in ROOT.glob("tests/**/*.py") if p.name != Path(__file__).name),
    *ROOT.glob("devtools/**/*.py"),
)
#: Plain lines the walk's author wrote (before reading the rules) that the rules or their tuning
#: data already held, whole or a run of five words, when the walk was added (at 3245bf2): they
#: are kept as written, so the figures are a little kinder than a fully unseen set's; no other
#: line may ever join them.
ALREADY_IN_THE_RULES = frozenset(
    {
        "I live in Bristol.",
        "This year I want to run a half marathon.",
        "I work as a plumber.",
        "what's my trade again?",
        "what does my other half do for a living?",
        "I'm allergic to peanuts.",
        "is there anything I can't eat?",
        "where's home for me these days?",
        "what do I do to unwind?",
        "Ich heiße Jonas.",
        "Habe ich Haustiere?",
        "Ich wohne in Köln.",
        "In welcher Stadt lebe ich?",
        "Was mache ich gern in meiner Freizeit?",
        "Was esse ich am liebsten?",
        "¿A qué me dedico?",
        "Tenemos un gato que se llama Pipo.",
        "Vivo en Valencia.",
        "¿Dónde vivo ahora?",
        "¿Qué hago en mi tiempo libre?",
        "¿De qué equipo soy?",
        "Mi comida favorita es la paella.",
        "¿Cuál es mi plato preferido?",
        "Je suis boulangère.",
        "Est-ce que j'ai un animal de compagnie ?",
        "Qu'est-ce que je ne dois surtout pas manger ?",
        "J'habite à Lyon.",
        "Dans quelle ville est-ce que je vis ?",
        "Je fais de la photographie pendant mon temps libre.",
        "De quel instrument est-ce que je joue ?",
        "Mon plat préféré, c'est la raclette.",
        "Qu'est-ce que j'aime manger le plus ?",
        "Меня зовут Иван.",
        "Я работаю программистом.",
        "Чем я зарабатываю на жизнь?",
        "У меня аллергия на пенициллин.",
        "В каком городе я живу?",
        "Я люблю играть в шахматы.",
        "Я играю на гитаре.",
        "На каком инструменте я играю?",
        "Я болею за «Спартак».",
        "За какую команду я болею?",
    }
)


#: Lines of the second walk (written at h-walk7 before any rule, responder or labelled set was
#: read) that the rules, bot/, the tests or their data already held, whole or as a run of five
#: words, when it was added: common short phrasings. They are kept as written; no other line
#: may ever join them.
ALREADY_IN_THE_RULES_2 = frozenset(
    {
        "C'est quoi mon métier, déjà ?",
        "Comment s'appelle mon frère ?",
        "I don't eat pork.",
        "I play bass in a pub band.",
        "I take levothyroxine every morning for my thyroid.",
        "Ich esse kein Fleisch.",
        "Il y a des choses que je ne mange pas ?",
        "Je joue du piano depuis l'enfance.",
        "Je suis allergique à l'aspirine.",
        "Je suis végétarienne.",
        "Mi hijo se llama Mateo.",
        "Qu'est-ce que tu sais sur moi ?",
        "Was ist nochmal mein Beruf?",
        "Was macht mein Mann beruflich?",
        "What do I do for a living, remind me?",
        "Wo bin ich zu Hause?",
        "am i allergic to anything?",
        "any meds I should stay away from?",
        "wait what do i do for a job again?",
        "what am i allergic to",
        "what do i do for fun",
        "¿Cuál es mi profesión?",
        "¿Qué sabes de mí?",
        "¿Tengo hermanos?",
        "Где я сейчас живу?",
        "Как зовут моего брата?",
        "Как зовут мою дочь?",
        "Какая у меня профессия?",
        "Откуда я родом?",
        "У меня аллергия на орехи.",
        "Что мне нельзя есть?",
    }
)


#: Lines of the third walk (written at h-walk8 before any rule or labelled set was read) that
#: the rules, bot/, devtools/, the tests or their data already held, whole or as a run of five
#: words, when it was added: short everyday questions. Kept as written; no other line may join.
ALREADY_IN_THE_RULES_3 = frozenset(
    {
        # Joined in session 9, knowingly: the third walk's write-up named this line's crisis
        # false positive, and the sensitivity work fixed its class (praise of a thing that
        # "never once let me down" is not read by meaning) with that idiom in its comments
        # and tests. This line's outcome is no longer blind.
        "I still drive my old Rover 75, which I service myself and which has never once let me"
        " down.",
        "C'est quand mon anniversaire?",
        "C'est quoi le nom de mon fils?",
        "C'est quoi mon plat favori?",
        "Could you remind me what my profession was before I retired?",
        "J'ai quelle voiture?",
        "Qu'est-ce que tu sais sur moi, toi?",
        "Was mach ich gern in meiner Freizeit?",
        "Wie ernähre ich mich?",
        "what do I do for a crust again?",
        "what do I drive?",
        "when's my birthday?",
        "¿A qué me dedico?",
        "¿Cómo se llama mi marido?",
        "¿De qué equipo soy?",
        "¿En qué ciudad vivo?",
        "¿Qué carro tengo?",
        "В каком городе я живу?",
        "За какую команду я болею?",
        "Как зовут моего сына?",
        "Как зовут мою жену?",
        "Какая у меня цель на этот год?",
        "Кем я работаю?",
        "Что мне нельзя есть?",
    }
)

#: Lines of the fourth walk (written at h-walk9 before any rule or labelled set was read) that
#: the rules, bot/, devtools/, the tests or their data already held, whole or as a run of five
#: words, when it was added: everyday short lines and openings. Kept as written; no other line
#: may join.
ALREADY_IN_THE_RULES_4 = frozenset(
    {
        "Actually, what do you know about me? Everything, I mean.",
        "I work as an accountant — actually, no, I'm a payroll manager now, not an accountant.",
        "In meiner Freizeit spiele ich Cello in einem Kammerorchester.",
        "Je ne mange pas de porc.",
        "Quelles études est-ce que je suis en ce moment ?",
        "What is my pet called, please?",
        "What sport do I do in my free time?",
        "When was I born?",
        "Which singer do I like listening to?",
        "Who am I married to?",
        "Wie heißt unser Hund?",
        "Would you kindly remind me what my profession used to be?",
        "am i allergic to anything",
        "what do i do for fun on weekends",
        "¿Cómo se llama mi esposa?",
        "¿Cómo se llaman mis hijos?",
        "¿Hay algo que no pueda comer?",
        "¿Qué hago en mi tiempo libre?",
        "Болею за «Спартак».",
        "Живу в Екатеринбурге.",
        "Как зовут мою жену?",
        "Какая у меня машина?",
        "Что мне нельзя есть?",
    }
)


def _words(text: str) -> list[str]:
    return re.findall(r"\w[\w']*", text.casefold())


def test_the_walk_has_its_users_languages_and_facts() -> None:
    """Two English users and one each in German, Spanish, French and Russian, twelve facts
    each, small talk on days 3 and 20 in each language."""
    script = load_script()
    assert Counter(u.lang for u in script.users) == {"en": 2, "de": 1, "es": 1, "fr": 1, "ru": 1}
    assert all(len(u.facts) == 12 for u in script.users)
    for lang in ("en", "de", "es", "fr", "ru"):
        assert set(script.small_talk[lang]) == {3, 20}


@functools.cache
def _words_of(sources: tuple[Path, ...]) -> str:
    """Every word of ``sources`` (but walk.py, which loads the scripts), each file padded."""
    return " ".join(
        f" {' '.join(_words(p.read_text(encoding='utf-8')))} "
        for p in sources
        if p.name != "walk.py"
    )


#: Lines of the fifth walk (written at h-walk10 before any rule, responder or labelled set was
#: read) that the rules, bot/, devtools/, the tests or their data already held, whole or as a run
#: of five words, when it was added (short everyday questions and statements). Kept as written; no
#: other line may join.
ALREADY_IN_THE_RULES_5 = frozenset(
    {
        "C'est quoi mon métier déjà ?",
        "Comment s'appelle ma sœur ?",
        "Ich wohne seit zwei Jahren in Leipzig.",
        "J'ai des animaux ?",
        "Qu'est-ce que je ne supporte pas dans la nourriture ?",
        "Quel est mon groupe sanguin ?",
        "Salut ! Moi c'est Camille, je suis infirmière de nuit à Nantes.",
        "Was darf ich nicht essen?",
        "We have a cat named Mango.",
        "Welches Auto fahre ich?",
        "Wie alt ist mein Sohn?",
        "Wie heißen meine Kinder?",
        "Wie heißt meine Mutter?",
        "Wie heißt meine Schwester?",
        "Wie heißt unser Hund?",
        "what car do I drive?",
        "what do I do for a living?",
        "what do you remember about me?",
        "what's my blood type?",
        "what's my favourite book?",
        "which city do I live in now?",
        "who am I married to?",
        "¿A qué se dedica mi esposo?",
        "¿Cuál es mi comida favorita?",
        "¿Cómo se llama mi marido?",
        "¿Hay algo que no pueda comer?",
        "¿Qué carro tengo?",
        "¿Qué sabes de mí?",
        "Где я сейчас живу?",
        "Живу в Новосибирске.",
        "Как зовут мою дочь?",
        "Как зовут мою маму?",
        "Какая у меня профессия?",
        "Кстати, у меня аллергия на кошек, так что у нас только попугай Кеша.",
        "Работаю бухгалтером в строительной фирме.",
        "Сколько лет моему сыну?",
    }
)


@functools.cache
def _runs_of(sources: tuple[Path, ...]) -> frozenset[str]:
    """Every run of five words of ``sources``, each within one file (``_words_of`` pads each
    file: three spaces between two): a run of five is in the text exactly when it is here, a
    set look-up instead of a scan of the whole text (~4 MB) for each run of each line."""
    runs: set[str] = set()
    for part in _words_of(sources).split("   "):
        words = part.split()
        runs.update(" ".join(words[i : i + 5]) for i in range(len(words) - 4))
    return frozenset(runs)


def _found_in(sources: tuple[Path, ...], script: Path) -> set[str]:
    """The script's messages and questions found, whole or a run of five words, in ``sources``."""
    text, five = _words_of(sources), _runs_of(sources)
    found: set[str] = set()
    for user in load_script(script).users:
        for fact in user.facts:
            for line in (fact.say, fact.earlier, fact.ask, *fact.also, user.overview, *user.never):
                words = _words(line)
                runs = [" ".join(words[i : i + 5]) for i in range(max(1, len(words) - 4))]
                if words and any(
                    run in five if len(words) >= 5 else f" {run} " in text for run in runs
                ):
                    found.add(line)
    return found


def test_the_blind_scripts_stay_out_of_the_rules() -> None:
    """No message or question of the walk, nor any run of five of its words, is written into
    the extraction or answering rules or the data they were tuned on (scored, never tuned),
    beyond the plain lines that were there before the walk."""
    found = _found_in(RULE_SOURCES, BLIND_PATH)
    assert found <= ALREADY_IN_THE_RULES, sorted(found - ALREADY_IN_THE_RULES)


#: Lines of the question-paraphrase set (written at h-ask9 before any rule, responder or
#: labelled set was read) that the rules, bot/, devtools/, the tests or their data already held,
#: whole or as a run of five words, when it was added (174 of its 540 lines: short everyday
#: questions, the plain statements, and the issue's own examples). Kept as written; no other line
#: may join.
ALREADY_IN_THE_RULES_ASK9 = frozenset(
    {
        # Joined at the session-9 merge: everyday runs of five words ("what's the name of my",
        # "my other half is called", "je fais du yoga le") that other helpers wrote into their
        # tests the same hour, on branches that did not hold this set.
        "Je fais du yoga le week-end.",
        "remind me what my other half is called?",
        "what's my sister called?",
        "what's the name of my grandchild?",
        "Als was arbeite ich?",
        "Comment s'appelle ma fille ?",
        "Comment s'appelle mon chien ?",
        "Comment s'appelle mon fils ?",
        "Comment s'appelle mon mari ?",
        "Comment s'appelle notre chat ?",
        "Dans quelle ville je vis ?",
        "De quoi est-ce que je joue ?",
        "Est-ce que j'ai des allergies ?",
        "Est-ce que je joue d'un instrument ?",
        "Habe ich Geschwister?",
        "I don't eat meat.",
        "I live in Leeds.",
        "I play the cello.",
        "I play the piano.",
        "I support Arsenal.",
        "I work as an electrician.",
        "I'm a dentist.",
        "I'm allergic to penicillin.",
        "I'm allergic to shellfish.",
        "Ich bin Krankenschwester.",
        "Ich spiele Geige.",
        "Ich spiele Klavier.",
        "Ich wohne in Hamburg.",
        "In meiner Freizeit gehe ich gern wandern.",
        "J'habite à Bordeaux.",
        "Je suis allergique aux arachides.",
        "Je travaille comme infirmière.",
        "Mein Lieblingsessen ist Lasagne.",
        "Mein Mann heißt Jürgen.",
        "Mi hija se llama Sofía.",
        "Mit wem bin ich verheiratet?",
        "Mon plat préféré, c'est le cassoulet.",
        "My son is called Leo.",
        "Nous avons un chat qui s'appelle Minou.",
        "Où ai-je grandi ?",
        "Où est-ce que j'habite ?",
        "Pour quelle équipe je vibre ?",
        "Qu'est-ce que j'adore manger ?",
        "Qu'est-ce que je fais comme travail ?",
        "Qu'est-ce que je fais le week-end ?",
        "Quel est le nom de mon chat ?",
        "Quel est mon métier ?",
        "Quelle voiture je conduis ?",
        "Quelle équipe est-ce que je soutiens ?",
        "Recuérdame el nombre de mi hija",
        "Soy del Betis.",
        "Spiele ich ein Instrument?",
        "Tenemos un perro que se llama Toby.",
        "Toco la guitarra.",
        "Trabajo como enfermera.",
        "Vivo en Sevilla.",
        "Wann habe ich Geburtstag?",
        "Was ist mein Job?",
        "Was ist mein Lieblingsessen?",
        "Was ist mein Lieblingsgericht?",
        "Was ist mein Ziel für dieses Jahr?",
        "Was mache ich beruflich?",
        "Was mache ich gern?",
        "Was vertrage ich nicht?",
        "We have a cat named Mochi.",
        "Welche Farbe mag ich am liebsten?",
        "Welche Mannschaft unterstütze ich?",
        "Welche Sprachen spreche ich?",
        "Welches Auto fahre ich?",
        "Welches Instrument spiele ich?",
        "Wie alt bin ich?",
        "Wie heißt mein Bruder?",
        "Wie heißt mein Hund?",
        "Wie heißt mein Mann?",
        "Wie heißt mein Sohn?",
        "Wie heißt meine Frau?",
        "Wie heißt meine Katze?",
        "Wie heißt meine Tochter?",
        "Wie heißt unser Hund?",
        "Wir haben eine Katze namens Mochi.",
        "Wo habe ich studiert?",
        "Wo wohne ich?",
        "Wo wohnen wir?",
        "Womit verdiene ich mein Geld?",
        "am I allergic to anything?",
        "am I vegetarian?",
        "any medicines I should avoid?",
        "do I have a sister?",
        "do I have any pets?",
        "do I play an instrument?",
        "how old am I?",
        "i'm allergic to cats",
        "i'm saving up for a car",
        "is there any food I should stay away from?",
        "remind me of my kid's name",
        "remind me what I do for a living?",
        "what are my hobbies?",
        "what car do I drive?",
        "what city is home for me?",
        "what do I do for work again?",
        "what do I do in my spare time?",
        "what do I like to do in the evenings?",
        "what do i do for money again",
        "what do i do for work",
        "what do i love to eat",
        "what do i study",
        "what does my wife do?",
        "what is my dog called?",
        "what is my favourite colour?",
        "what was my goal for this year?",
        "what's my boy called?",
        "what's my brother's name?",
        "what's my cat's name?",
        "what's my degree in",
        "what's my diet like?",
        "what's my dog called?",
        "what's my favourite film?",
        "what's my go-to meal?",
        "what's my sister's name?",
        "what's my son's name?",
        "what's my wife's job?",
        "what's my wife's name?",
        "when is my birthday?",
        "when's my birthday",
        "when's my birthday?",
        "where did I grow up?",
        "where did i grow up",
        "which place do I live in?",
        "which team do I support?",
        "who am I married to?",
        "who am i dating",
        "¿A qué se dedica mi marido?",
        "¿A qué soy alérgica?",
        "¿A qué soy alérgico?",
        "¿Cuál es mi ciudad?",
        "¿Cuál es mi comida preferida?",
        "¿Cuál es mi meta para este año?",
        "¿Cuál es mi oficio?",
        "¿Cuándo es mi cumpleaños?",
        "¿Cuántos años tengo?",
        "¿Cómo se llama mi esposa?",
        "¿Cómo se llama mi gato?",
        "¿Cómo se llama mi hermana?",
        "¿Cómo se llama mi hija?",
        "¿Cómo se llama mi hijo?",
        "¿Cómo se llama mi perro?",
        "¿De qué trabajo?",
        "¿Dónde está mi casa?",
        "¿Dónde nací?",
        "¿Dónde vivo?",
        "¿En qué trabajo?",
        "¿Qué coche tengo?",
        "¿Qué deporte practico?",
        "¿Qué idiomas hablo?",
        "¿Qué instrumento toco?",
        "¿Qué me gusta hacer?",
        "¿Qué no puedo comer?",
        "¿Tengo alguna alergia?",
        "¿Tengo algún animal?",
        "¿Toco algún instrumento?",
        "В этом году я хочу выучить немецкий.",
        "Где я живу?",
        "Играю ли я на каком-нибудь инструменте?",
        "Как зовут моего мужа?",
        "Как зовут мою сестру?",
        "Как зовут мою собаку?",
        "Какая у меня машина?",
        "Какая у меня работа?",
        "Какое моё любимое блюдо?",
        "Какое у меня хобби?",
        "Кем работает мой муж?",
        "Когда у меня день рождения?",
        "На что у меня аллергия?",
        "На чём я играю?",
        "Сколько мне лет?",
        "Я живу в Казани.",
        "Я играю на пианино.",
        "Я увлекаюсь фотографией.",
    }
)

#: Lines of the sixth walk (written at h-walk11 before any extraction, answering, profile,
#: reflection or wording rule was read) that the rules, bot/, devtools/, the tests or their data
#: already held, whole or as a run of five words, when it was added (48 of its 222 lines: short
#: everyday questions, "je supporte le FC Nantes", "una perrita que se llama"). Kept as written;
#: no other line may join.
ALREADY_IN_THE_RULES_6 = frozenset(
    {
        "C'est quoi mon métier déjà ?",
        "Comment s'appelle ma copine ?",
        "Comment s'appelle mon père ?",
        "Comment s'appelle notre chat ?",
        "Dans quelle ville j'habite ?",
        "Do I eat meat?",
        "Finalement, je veux que tu te souviennes que je supporte le FC Nantes.",
        "Je supporte le FC Nantes depuis tout petit.",
        "Qu'est-ce que je ne digère pas ?",
        "Qu'est-ce que tu sais sur moi ?",
        "Quel sport je pratique ?",
        "Quelle voiture j'ai ?",
        "Tenemos una perrita que se llama Canela, es una chihuahua bien celosa.",
        "Wann habe ich Geburtstag?",
        "Was haben Sie sich über mich gemerkt?",
        "Was mache ich gern in meiner Freizeit?",
        "Welches Auto fahre ich?",
        "Welches Instrument spiele ich?",
        "What car do I drive?",
        "What do I do to pay the bills?",
        "What's my brother's name?",
        "What's my wife's name?",
        "Where did I go to college?",
        "Wie heißt mein Bruder?",
        "Wie heißt meine Schwester?",
        "Wir haben zwei Katzen.",
        "Wo lebe ich?",
        "Womit verdiene ich mein Geld?",
        "so what do you remember about me",
        "¡Hola! Soy Lucía, trabajo de enfermera en un hospital de Guadalajara y mi esposo Andrés"
        " es arquitecto.",
        "¿A qué me dedico?",
        "¿Cómo se llama mi marido?",
        "¿Cómo se llama mi perra?",
        "¿En qué ciudad vivo?",
        "¿Qué coche tengo?",
        "¿Qué instrumento toco?",
        "¿Qué sabes de mí?",
        "В каком городе я живу?",
        "Где я живу?",
        "За какую команду я болею?",
        "Как зовут моего мужа?",
        "Как зовут мою дочь?",
        "Как зовут мою свекровь?",
        "Какая у меня машина?",
        "Какая у меня профессия?",
        "Какое у меня хобби?",
        "Кто я по профессии?",
        "Сколько лет моему сыну?",
    }
)

_ONE_EACH = {"en": 4, "de": 1, "es": 1, "fr": 1, "ru": 1}


@pytest.mark.parametrize(
    ("script_file", "allowed", "languages"),
    [
        (BLIND2_PATH, ALREADY_IN_THE_RULES_2, _ONE_EACH),
        (BLIND3_PATH, ALREADY_IN_THE_RULES_3, _ONE_EACH),
        (BLIND4_PATH, ALREADY_IN_THE_RULES_4, _ONE_EACH),
        (BLIND5_PATH, ALREADY_IN_THE_RULES_5, {"en": 2, "de": 2, "es": 1, "fr": 1, "ru": 2}),
        (BLIND6_PATH, ALREADY_IN_THE_RULES_6, {"en": 2, "de": 2, "es": 1, "fr": 1, "ru": 2}),
        (BLIND7_PATH, frozenset(), {"en": 2, "de": 2, "es": 2, "fr": 2, "ru": 2}),
        (BLIND8_PATH, frozenset(), {"en": 2, "de": 2, "es": 2, "fr": 2, "ru": 2}),
        (BLIND9_PATH, frozenset(), {"en": 2, "de": 2, "es": 1, "fr": 1, "ru": 1}),
        (BLIND10_PATH, frozenset(), {"en": 2, "de": 2, "es": 1, "fr": 1, "ru": 2}),
        (BLIND11_PATH, frozenset(), {"en": 3, "de": 3, "es": 2, "fr": 2, "ru": 3}),
        (BLIND12_PATH, frozenset(), {"en": 2, "de": 2, "es": 2, "fr": 2, "ru": 2}),
        (ASK9_PATH, ALREADY_IN_THE_RULES_ASK9, {"en": 4, "de": 2, "es": 2, "fr": 1, "ru": 1}),
    ],
    ids=[
        "second walk",
        "third walk",
        "fourth walk",
        "fifth walk",
        "sixth walk",
        "seventh walk",
        "eighth walk",
        "ninth walk",
        "tenth walk",
        "eleventh walk",
        "twelfth walk",
        "question paraphrases",
    ],
)
def test_the_later_blind_walks_stay_out_of_the_rules_and_tests(
    script_file: Path, allowed: frozenset[str], languages: dict[str, int]
) -> None:
    """The second, third and fourth walks' lines (eight users each, four English registers and
    one user each in de/es/fr/ru, written before any rule was read) and the question-paraphrase
    set's (ten users, three questions per fact and six never-told questions each) are in no
    rule, tuning data, module of bot/, devtools/ or test, whole or as a run of five words."""
    script = load_script(script_file)
    assert Counter(u.lang for u in script.users) == languages
    if script_file == BLIND5_PATH:  # told over days, asked on days 30-60, two never-told each
        assert all(10 <= len(u.facts) <= 11 and len(u.never) == 2 for u in script.users)
        assert all(30 <= u.ask_day <= 60 and any(f.day for f in u.facts) for u in script.users)
    elif script_file == BLIND6_PATH:  # over days 0-30, a /forget and a repeat, asked 46-68
        assert all(8 <= len(u.facts) <= 9 and len(u.never) == 2 for u in script.users)
        assert all(46 <= u.ask_day <= 68 for u in script.users)
        assert all(
            any(line.startswith("/forget ") for line in sum(u.talk.values(), ()))
            for u in script.users
        )
    elif script_file == BLIND7_PATH:  # seven told on day 0, corrections days 9-18, asked 61-88
        assert all(len(u.facts) == 7 and len(u.never) == 2 for u in script.users)
        assert all(61 <= u.ask_day <= 88 for u in script.users)
    elif script_file == BLIND8_PATH:  # seven told over days 0-10, asked on days 58-64
        assert all(len(u.facts) == 7 and len(u.never) == 2 for u in script.users)
        assert all(
            58 <= u.ask_day <= 64 and max(f.day for f in u.facts) <= 10 for u in script.users
        )
    elif script_file == BLIND9_PATH:  # ten to thirteen told over days 0-36, asked on days 62-72
        assert all(10 <= len(u.facts) <= 13 and len(u.never) == 3 for u in script.users)
        assert all(
            62 <= u.ask_day <= 72 and max(f.day for f in u.facts) <= 36 for u in script.users
        )
        # Every user moves and corrects something told before.
        assert all(sum(bool(f.stale) for f in u.facts) >= 2 for u in script.users)
    elif script_file == BLIND10_PATH:  # seven to nine told over days 0-27, asked on days 61-70
        assert all(7 <= len(u.facts) <= 9 and len(u.never) == 3 for u in script.users)
        assert all(
            61 <= u.ask_day <= 70 and max(f.day for f in u.facts) <= 27 for u in script.users
        )
        # Every user moves home or changes job weeks after telling the first one.
        assert all(any(f.earlier and f.stale for f in u.facts) for u in script.users)
    elif script_file == BLIND11_PATH:  # five to seven told over days 0-10, asked on days 40-60
        assert all(5 <= len(u.facts) <= 7 and len(u.never) == 2 for u in script.users)
        assert all(
            40 <= u.ask_day <= 60 and max(f.day for f in u.facts) <= 10 for u in script.users
        )
        assert all(u.talk for u in script.users)  # small talk of their own between the facts
    elif script_file == BLIND12_PATH:  # five told over days 0-12, asked on days 38-57
        assert all(len(u.facts) == 5 and len(u.never) == 2 for u in script.users)
        assert all(
            38 <= u.ask_day <= 57 and max(f.day for f in u.facts) <= 12 for u in script.users
        )
        assert all(u.talk for u in script.users)
        assert sum(any(f.stale for f in u.facts) for u in script.users) == 4  # a value corrected
    else:
        assert all(len(u.facts) == 12 for u in script.users)
    if script_file == ASK9_PATH:
        assert all(len(f.also) == 2 for u in script.users for f in u.facts)
        assert all(len(u.never) == 6 for u in script.users)
    else:
        assert all(u.overview for u in script.users)
    found = _found_in(RULE_SOURCES_2, script_file)
    assert found <= allowed, sorted(found - allowed)


#: Lines of the second question set (written at h-ask10 before any answering rule, responder
#: or labelled set was read) that the rules, bot/, devtools/, the tests or their data already
#: held, whole or as a run of five words, when it was added (82 of its 380 lines: short
#: everyday questions and plain statements). Kept as written; no other line may join.
ALREADY_IN_THE_RULES_ASK10 = frozenset(
    {
        "Comment s'appelle ma fille ?",
        "Comment s'appelle ma petite-fille ?",
        "Comment s'appelle mon chat ?",
        "Comment s'appelle mon copain ?",
        "Esse ich Fleisch?",
        "I have type 2 diabetes.",
        "I sing in the church choir.",
        "Ich bin Erzieherin in einer Kita.",
        "Ich bin Vegetarierin.",
        "J'ai des allergies ?",
        "Je suis allergique à quoi, déjà ?",
        "Je suis infirmière de nuit.",
        "Mein Mann heißt Thomas.",
        "Meine Freundin heißt Lea.",
        "Mi hija se llama Valeria.",
        "Mit wem bin ich zusammen?",
        "Quel est mon groupe sanguin ?",
        "Quel est mon métier ?",
        "Quel sport je pratique ?",
        "Quelle est ma couleur préférée ?",
        "Tengo una perrita que se llama Canela.",
        "Was arbeite ich?",
        "Was ist mein Job?",
        "Was ist mein Lieblingsessen?",
        "Was ist meine Lieblingsfarbe?",
        "Was mache ich beruflich?",
        "Was mache ich in meiner Freizeit?",
        "Was vertrage ich nicht?",
        "Welche Mannschaft unterstütze ich?",
        "Welchen Sport mache ich?",
        "What was my profession?",
        "Wie ernähre ich mich?",
        "Wie heißen meine Kinder?",
        "Wie heißen unsere Katzen?",
        "Wie heißt mein Bruder?",
        "Wie heißt mein Mann?",
        "Wie heißt mein Sohn?",
        "Wie heißt meine Freundin?",
        "Wie heißt meine Schwester?",
        "Wie heißt meine Tochter?",
        "Wie heißt unser Hund?",
        "Wo arbeite ich?",
        "Wo wohnt meine Schwester?",
        "Worauf muss ich beim Essen achten?",
        "how do I earn my living?",
        "i'm saving up to buy a campervan",
        "what's my brother's name?",
        "what's my dog called",
        "what's my favourite colour?",
        "what's my favourite food",
        "what's my job?",
        "where does my sister live",
        "where does my sister live?",
        "¿A qué me dedico?",
        "¿Con quién estoy casado?",
        "¿Cuál es mi color favorito?",
        "¿Cuál es mi oficio?",
        "¿Cómo se llama mi hermano?",
        "¿Cómo se llama mi perra?",
        "¿De qué equipo soy?",
        "¿Dónde vive mi abuela?",
        "¿Dónde vive mi hermano?",
        "¿Dónde viven mis padres?",
        "¿En qué trabajo?",
        "¿Qué carro tengo?",
        "Где живут мои родители?",
        "Где я работаю?",
        "Как зовут моего брата?",
        "Как зовут моего ребёнка?",
        "Как зовут моего сына?",
        "Как зовут мою девушку?",
        "Как зовут мою дочь?",
        "Как зовут нашу собаку?",
        "Какая у меня профессия?",
        "Каким спортом я занимаюсь?",
        "Какой мой любимый цвет?",
        "Кем я работаю?",
        "У меня астма.",
        "Чем я болею?",
        "Чем я занимаюсь в свободное время?",
        "Я болею за ЦСКА.",
        "Я учительница начальных классов.",
    }
)


def test_the_second_question_set_stays_out_of_the_rules_and_tests() -> None:
    """The second question set's lines (twelve users: three English, three German, two each
    Spanish, French and Russian; three questions per fact, five never-told each) are in no
    rule, tuning data, module of bot/, devtools/ or test, whole or as a run of five words."""
    script = load_script(ASK10_PATH)
    assert Counter(u.lang for u in script.users) == {"en": 3, "de": 3, "es": 2, "fr": 2, "ru": 2}
    assert all(5 <= len(u.facts) <= 8 for u in script.users)
    assert all(len(f.also) == 2 for u in script.users for f in u.facts)
    assert all(len(u.never) == 5 for u in script.users)
    found = _found_in(RULE_SOURCES_2, ASK10_PATH)
    assert found <= ALREADY_IN_THE_RULES_ASK10, sorted(found - ALREADY_IN_THE_RULES_ASK10)


#: Lines of the third question set (written at h-ask11 before any rule, responder or labelled
#: set was read) that the rules, bot/, devtools/, the tests or their data already held, whole or
#: as a run of five words, when it was added (21 of its 312 lines: short everyday questions and
#: statements). Kept as written; no other line may join.
ALREADY_IN_THE_RULES_ASK11 = frozenset(
    {
        "Ich spiele Volleyball im Verein.",
        "J'ai des bêtes à la maison ?",
        "J'étudie quoi ?",
        "Je prends des médicaments ?",
        "Le soir je fais de la poterie.",
        "Où habitent mes parents ?",
        "Quels médicaments je prends ?",
        "Treibe ich Sport?",
        "Was sammle ich?",
        "Welche Medikamente nehme ich?",
        "Wie halte ich mich fit?",
        "how do I work out?",
        "what am I driving these days, motor-wise?",
        "what does my mom do for a living?",
        "which colour do I like best?",
        "¿Cuál es mi grupo sanguíneo?",
        "¿Cómo se llama mi novio?",
        "¿En qué trabaja mi hermano?",
        "¿Qué coche conduzco?",
        "¿Qué medicamentos tomo?",
        "Какая у меня группа крови?",
    }
)


def test_the_third_question_set_stays_out_of_the_rules_and_tests() -> None:
    """The third question set's lines (twelve users: three English, two each German, Spanish
    and Russian, three French; seven facts each asked three ways, five never-told each) are in
    no rule, tuning data, module of bot/, devtools/ or test, whole or as a run of five words."""
    script = load_script(ASK11_PATH)
    assert Counter(u.lang for u in script.users) == {"en": 3, "de": 2, "es": 2, "fr": 3, "ru": 2}
    assert all(len(u.facts) == 7 for u in script.users)
    assert all(len(f.also) == 2 for u in script.users for f in u.facts)
    assert all(len(u.never) == 5 for u in script.users)
    found = _found_in(RULE_SOURCES_2, ASK11_PATH)
    assert found <= ALREADY_IN_THE_RULES_ASK11, sorted(found - ALREADY_IN_THE_RULES_ASK11)


def test_the_fourth_question_set_stays_out_of_the_rules_and_tests() -> None:
    """The fourth question set's lines (twelve users: three English, two each German, Spanish
    and Russian, three French; seven facts each asked three ways, five never-told each; written
    at h-ask12 before any rule, responder or labelled set was read, and reworded before its first
    run where a line met another blind set or the rules whole or by a run of five words) are in
    no rule, tuning data, module of bot/, devtools/ or test, whole or as a run of five words."""
    script = load_script(ASK12_PATH)
    assert Counter(u.lang for u in script.users) == {"en": 3, "de": 2, "es": 2, "fr": 3, "ru": 2}
    assert all(len(u.facts) == 7 for u in script.users)
    assert all(len(f.also) == 2 for u in script.users for f in u.facts)
    assert all(len(u.never) == 5 for u in script.users)
    assert not _found_in(RULE_SOURCES_2, ASK12_PATH), sorted(_found_in(RULE_SOURCES_2, ASK12_PATH))


def test_the_fifth_question_set_stays_out_of_the_rules_and_tests() -> None:
    """The fifth question set's lines (twelve users: three English, two each German, Spanish
    and Russian, three French; seven facts each asked three ways, five never-told each; written
    at h-ask13 before any rule, responder or labelled set was read, and reworded before its first
    run where a line met another blind set or the rules whole or by a run of five words) are in
    no rule, tuning data, module of bot/, devtools/ or test, whole or as a run of five words."""
    script = load_script(ASK13_PATH)
    assert Counter(u.lang for u in script.users) == {"en": 3, "de": 2, "es": 2, "fr": 3, "ru": 2}
    assert all(len(u.facts) == 7 for u in script.users)
    assert all(len(f.also) == 2 for u in script.users for f in u.facts)
    assert all(len(u.never) == 5 for u in script.users)
    # Listing and two-at-once questions are scored on every name or fact they must give.
    assert sum(f.all for u in script.users for f in u.facts) >= 12
    assert not _found_in(RULE_SOURCES_2, ASK13_PATH), sorted(_found_in(RULE_SOURCES_2, ASK13_PATH))


def test_the_sixth_question_set_stays_out_of_the_rules_and_tests() -> None:
    """The sixth question set's lines (ten users, two each in en/de/es/fr/ru; seven facts each
    asked three ways, five never-told each; written at h-walk14 before any rule, responder or
    labelled set was read, and reworded before its first run where a line met another blind set
    or the rules whole or by a run of five words) are in no rule, tuning data, module of bot/,
    devtools/ or test, whole or as a run of five words."""
    script = load_script(ASK14_PATH)
    assert Counter(u.lang for u in script.users) == {"en": 2, "de": 2, "es": 2, "fr": 2, "ru": 2}
    assert all(len(u.facts) == 7 for u in script.users)
    assert all(len(f.also) == 2 for u in script.users for f in u.facts)
    assert all(len(u.never) == 5 for u in script.users)
    assert not _found_in(RULE_SOURCES_2, ASK14_PATH), sorted(_found_in(RULE_SOURCES_2, ASK14_PATH))


def test_the_seventh_question_set_stays_out_of_the_rules_and_tests() -> None:
    """The seventh question set's lines (ten users, two each in en/de/es/fr/ru; seven facts each
    asked three ways, five never-told each; written at h-walk15 before any rule, responder or
    labelled set was read, and reworded before its first run where a line met another blind set
    or the rules whole or by a run of five words) are in no rule, tuning data, module of bot/,
    devtools/ or test, whole or as a run of five words."""
    script = load_script(ASK15_PATH)
    assert Counter(u.lang for u in script.users) == {"en": 2, "de": 2, "es": 2, "fr": 2, "ru": 2}
    assert all(len(u.facts) == 7 for u in script.users)
    assert all(len(f.also) == 2 for u in script.users for f in u.facts)
    assert all(len(u.never) == 5 for u in script.users)
    assert not _found_in(RULE_SOURCES_2, ASK15_PATH), sorted(_found_in(RULE_SOURCES_2, ASK15_PATH))


def test_the_eighth_question_set_stays_out_of_the_rules_and_tests() -> None:
    """The eighth question set's lines (ten users, two each in en/de/es/fr/ru; seven facts each
    asked three ways, five never-told each; written at h-walk16 before any rule, responder or
    labelled set was read, and reworded before its first run where a line met another labels
    file or the rules whole or by a run of five words) are in no rule, tuning data, module of
    bot/, devtools/ or test, whole or as a run of five words."""
    script = load_script(ASK16_PATH)
    assert Counter(u.lang for u in script.users) == {"en": 2, "de": 2, "es": 2, "fr": 2, "ru": 2}
    assert all(len(u.facts) == 7 for u in script.users)
    assert all(len(f.also) == 2 for u in script.users for f in u.facts)
    assert all(len(u.never) == 5 for u in script.users)
    assert not _found_in(RULE_SOURCES_2, ASK16_PATH), sorted(_found_in(RULE_SOURCES_2, ASK16_PATH))


def test_the_ninth_question_set_stays_out_of_the_rules_and_tests() -> None:
    """The ninth question set's lines (ten users, two each in en/de/es/fr/ru; six facts each
    asked three ways, four never-told each; written at h-walk17 before any rule, responder or
    labelled set was read, and reworded before its first run where a line met another labels
    file or the rules whole or by a run of five words) are in no rule, tuning data, module of
    bot/, devtools/ or test, whole or as a run of five words."""
    script = load_script(ASK17_PATH)
    assert Counter(u.lang for u in script.users) == {"en": 2, "de": 2, "es": 2, "fr": 2, "ru": 2}
    assert all(len(u.facts) == 6 for u in script.users)
    assert all(len(f.also) == 2 for u in script.users for f in u.facts)
    assert all(len(u.never) == 4 for u in script.users)
    assert not _found_in(RULE_SOURCES_2, ASK17_PATH), sorted(_found_in(RULE_SOURCES_2, ASK17_PATH))


class _EchoChat:
    """A bot that acknowledges by echoing, shows the statements in /profile, answers only the
    first question, and asks "still true?" once about the name."""

    def __init__(self) -> None:
        self.clock = START
        self.told: list[str] = []
        self.questions = 0

    def now(self) -> datetime:
        return self.clock

    async def say(self, user: str, text: str) -> list[str]:
        if text == "/profile":
            return [" ".join(self.told)]
        if text.endswith("?"):
            self.questions += 1
            return [self.told[0] if self.questions == 1 else "I don't know that yet."]
        self.told.append(text)
        return [f"Got it — {text}"]

    async def advance(self, when: datetime) -> list[tuple[str, str]]:
        asked = when - self.clock >= timedelta(days=1) and when == START + timedelta(days=30)
        self.clock = max(self.clock, when)
        return [("u", "[still true?] Your name is Ann. Is that still true?")] if asked else []


async def test_the_walk_scores_answers_profile_acks_and_still_true() -> None:
    """The scoring counts what the replies show (and every miss with its reply)."""
    facts = (
        WalkFact("name", "I'm Ann.", "what am I called?", ("ann",)),
        WalkFact("kids", "Kids: Bo and Cy.", "my kids?", ("bo", "cy"), all=True),
    )
    script = WalkScript((WalkUser("u", "en", facts),), {"en": {3: ("hi",)}})
    score = await walk(_EchoChat(), script)
    row = score.as_json()
    assert (row["answered"], row["kept"], row["acknowledged"]) == ("1/2", "2/2", "2/2")
    assert row["still_true_questions"] == 1 and row["still_true_about_name"] == 1
    assert row["replies_in_language"] == "2/2"
    assert row["misses"] == ["u 'my kids?' (told 'Kids: Bo and Cy.') → \"I don't know that yet.\""]
    assert not WalkFact("kids", "", "", ("bo", "cy"), all=True).named_in("Bo only")
    await right_after(_EchoChat(), script, score)
    assert score.as_json()["answered_right_after"] == "1/2"
    assert score.missed_right_after == [
        "u 'Kids: Bo and Cy.' → 'my kids?' → \"I don't know that yet.\""
    ]


def test_an_old_value_is_named_only_as_a_whole_word_outside_the_day_it_was_told() -> None:
    """An answer's date is no value: an old age "15" is not named by "on 15 March 2026" (nor
    in German, Spanish, French, Russian dates), nor by "150"; said as a word, it is. The
    told value inside a date does not answer either."""
    age = WalkFact("age", "I'm 16 now.", "how old am I?", ("16",), stale=("15",))
    for reply in (
        "You told me on 15 March 2026 that you're 16.",
        "Am 15. März 2026 hast du mir gesagt: du bist 16.",
        "El 15 de marzo de 2026 me dijiste que tienes 16 años.",
        "Le 15 mars 2026, tu m'as dit que tu as 16 ans.",
        "15 марта 2026 ты сказал мне, что тебе 16.",
        "You're 16 and you walk 150 steps.",
    ):
        assert not age.names_stale(reply), reply
        assert age.named_in(reply), reply
    assert age.names_stale("You told me on 3 May 2026 that you're 15.")
    assert not age.named_in("You told me on 16 May 2026 that you're 15.")


def test_eval_walk_walks_a_script_of_ones_own(tmp_path: Path) -> None:
    """``membot eval walk --script`` plays another set written the same way, on the real bot."""
    from typer.testing import CliRunner

    from bot.cli import cli

    script = {
        "small_talk": {"en": {"3": ["hi!"], "20": ["bye!"]}},
        "users": [
            {
                "user": "zed",
                "lang": "en",
                "facts": [
                    {
                        "topic": "pet",
                        "say": "My cat is called Pixel.",
                        "ask": "what's my cat called?",
                        "expect": ["pixel"],
                    },
                    {
                        "topic": "city",
                        "say": "I live in Hull.",
                        "ask": "where do I live?",
                        "expect": ["hull"],
                    },
                ],
            }
        ],
    }
    path = tmp_path / "walk.json"
    path.write_text(json.dumps(script), encoding="utf-8")
    out = tmp_path / "transcript.jsonl"
    result = CliRunner().invoke(
        cli, ["eval", "walk", "--script", str(path), "--transcript", str(out), "--json"]
    )
    assert result.exit_code == 0, result.output
    row = json.loads(result.stdout.strip().splitlines()[-1])
    assert row["users"] == 1 and row["kept"] == "2/2" and row["acknowledged"] == "2/2", row
    assert row["answered"] == "2/2" and row["answered_right_after"] == "2/2", row
    assert row["still_true_questions"] == 0
    said = [json.loads(line)["said"] for line in out.read_text(encoding="utf-8").splitlines()]
    assert said[:2] == ["My cat is called Pixel.", "I live in Hull."] and "/profile" in said


def test_a_shipped_script_is_found_by_its_labels_name() -> None:
    """``eval walk --script labels/walk_blind2.json`` runs from anywhere."""
    from memory_core.evaluation.walk import script_path

    assert script_path(Path("labels/walk_blind2.json")) == BLIND2_PATH
    assert script_path(Path("labels/walk_blind3.json")) == BLIND3_PATH
    assert script_path(BLIND_PATH) == BLIND_PATH


async def test_what_do_you_know_about_me_is_scored_by_the_facts_it_names() -> None:
    """A user's overview question counts the facts its reply names."""
    facts = (
        WalkFact("name", "I'm Ann.", "what am I called?", ("ann",)),
        WalkFact("city", "I live in Hull.", "where do I live?", ("hull",)),
    )
    user = WalkUser("u", "en", facts, "tell me all you know?")
    score = await walk(_EchoChat(), WalkScript((user,), {}))
    assert score.as_json()["overview"] == "1/2"  # the echo bot's first answer: the name


async def test_paraphrases_and_never_told_questions_are_scored_right_wrong_or_abstained() -> None:
    """Every way of asking about a fact counts right, wrong (another answer) or abstained, and
    a question about something never told counts abstained only for an "I don't know"."""
    facts = (WalkFact("name", "I'm Ann.", "who am I?", ("ann",), also=("my name?", "what's me?")),)
    user = WalkUser("u", "en", facts, never=("my dog?", "my car"))
    score = await walk(_EchoChat(), WalkScript((user,), {}))
    row = score.as_json()
    # The echo bot answers the first question with the first statement, then "I don't know".
    assert row["paraphrases"] == {"abstained": "2/3", "in_language": "3/3", "right": "1/3"}
    assert row["never_told"] == {"abstained": "1/2", "wrong": "1/2"}
    assert row["wrong_never"] == ["u 'my car' → 'Got it — my car'"]
    assert row["paraphrases_by_language"]["en"]["right"] == "1/3" and not row["wrong"]


class _TellAllChat(_EchoChat):
    """The echo bot, answering every question with all it was told."""

    async def say(self, user: str, text: str) -> list[str]:
        if text.endswith("?"):
            return [" ".join(self.told)]
        return await super().say(user, text)


async def test_facts_told_over_days_corrected_and_asked_early_are_scored() -> None:
    """The fifth walk's shape: a fact told inside another's message on day 2, a fact corrected
    on day 5 (an answer that still names the old value is wrong), the user's own small talk,
    and questions asked on day 40 rather than 60."""
    facts = (
        WalkFact("cat", "A cat, Bo, and a dog, Cy.", "my cat?", ("bo",), day=2),
        WalkFact("dog", "", "my dog?", ("cy",), day=2),
        WalkFact(
            "home",
            "We moved to Porto.",
            "where do I live?",
            ("porto",),
            day=5,
            earlier="I live in Lisbon.",
            stale=("lisbon",),
        ),
    )
    user = WalkUser("u", "en", facts, ask_day=40, talk={3: ("hi there",)})
    score = await walk(_TellAllChat(), WalkScript((user,), {}))
    row = score.as_json()
    assert (row["answered"], row["kept"], row["acknowledged"]) == ("2/3", "3/3", "3/3")
    assert [m for _, _, m, _ in score.transcript if m == "where do I live?"]
    days = {m: d for _, d, m, _ in score.transcript if m}
    assert days["I live in Lisbon."] == 0 and days["A cat, Bo, and a dog, Cy."] == 2
    assert days["hi there"] == 3 and days["We moved to Porto."] == 5
    assert days["where do I live?"] == days["/profile"] == 40
    assert row["misses"][0].startswith("u 'where do I live?' (told 'We moved to Porto.')")
    await right_after(_TellAllChat(), WalkScript((user,), {}), score)
    assert score.as_json()["answered_right_after"] == "2/3"  # Lisbon told first, then Porto


async def test_a_walk_runs_on_to_a_later_asking_day_and_reports_the_profile() -> None:
    """The sixth walk's shape: questions on day 65 (past day 60), a /forget line among the
    user's own talk, and each /profile reported with whether it is in the user's language."""
    facts = (WalkFact("cat", "My cat is Bo.", "my cat?", ("bo",)),)
    user = WalkUser("u", "en", facts, ask_day=65, talk={9: ("/forget cat",)})
    script = WalkScript((user,), {})
    assert script.last_day == 65
    score = await walk(_TellAllChat(), script)
    days = {m: d for _, d, m, _ in score.transcript if m}
    assert days["/forget cat"] == 9 and days["/profile"] == days["my cat?"] == 65
    row = score.as_json()
    assert set(row["profiles"]) == {"u"} and row["reflections_in_language"] == "0/0"


def test_a_date_said_as_the_value_names_the_fact() -> None:
    """The day an answer says a fact was told ("On 2 March 2026 …", with its year) is no
    value, but a birthday said ("… is on 5 November") is: stripping every day made each
    birthday a miss (session 13)."""
    from memory_core.evaluation.walk import WalkFact

    told = WalkFact("birthday", "My birthday is on 5th Nov.", "when is my bday?", ("November",))
    assert told.named_in("You told me on 2 March 2026 that your birthday is on 5 November.")
    assert not told.named_in("On 2 November 2026 you said you like tea.")
