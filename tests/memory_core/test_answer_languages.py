"""Answering by meaning for users who write in German, Spanish, French and Russian: notes told
in the user's language are found by their words and their area of life, a pronoun matches no
note, and a question about the world is answered with none of the user's facts."""

from __future__ import annotations

import re

from memory_core import answering
from memory_core.memory import Memory
from memory_core.read.answer import about_the_user, about_the_world, plain_question
from memory_core.read.search import search_on_thread
from memory_core.runtime.executors import Lane
from memory_core.store import fts
from memory_core.store.vectors import fact_vector_text
from memory_core.text.domains import AREAS, named_areas, told_areas
from memory_core.text.language import detect_language
from memory_core.values import Category, NewFact, SearchHit


def _area(text: str, *, question: bool = False) -> list[str]:
    found = named_areas(text) if question else told_areas(text)
    return [AREAS[i].description.split(",")[0].split(" ")[0] for i in found]


def test_pronouns_and_articles_of_every_language_match_no_memory() -> None:
    """ "ich", "je", "yo", "я" and French elisions are stop words; English content words
    that other languages use as small words ("son", "hat", "plus") are still searched."""
    assert fts.terms("Was spiele ich gern am Wochenende?") == ["spiele", "wochenende"]
    assert fts.terms("¿Qué deporte practico yo?") == ["deporte", "practico"]
    assert fts.terms("Quel sport j'aime ?") == ["sport", "aime"]
    assert fts.terms("Какой спорт я люблю?") == ["спорт", "люблю"]
    assert fts.terms("my son's hat plus a gift") == ["son", "hat", "plus", "gift"]


def test_a_team_an_instrument_a_pet_are_read_in_a_memorys_words() -> None:
    """e5 places a fan of a club anywhere but sport, and a team's name is no word of it."""
    for said in (
        "Ich bin Fan von Hertha BSC.",
        "Soy hincha del Sevilla.",
        "Je supporte le Stade Rennais.",
        "Я болею за «Зенит».",
        "Omar supports Arsenal.",
        "Omar is a huge Leeds fan.",
    ):
        assert _area(said) == ["sport"], said
    assert _area("Je ne supporte pas le gluten.") == ["diet"]  # not standing it is no sport
    assert _area("He supports my decisions.") == []
    assert _area("Ich spiele Geige.") == ["music"]
    assert _area("Toco la flauta.") == ["music"]
    assert _area("Я играю на скрипке.") == ["music"]
    assert _area("Wir haben ein Kaninchen.") == ["pets"]
    assert _area("Мы хорошо живём в Омске.") == ["home"]  # "хорошо" is no choir


def test_a_questions_words_name_the_team_the_free_time_and_the_goal() -> None:
    for asked in (
        "which club do I cheer for?",
        "Welche Mannschaft unterstütze ich?",
        "¿De qué equipo es mi corazón?",
        "Pour quelle équipe je vibre ?",
        "За какую команду болеешь?",
    ):
        assert _area(asked, question=True) == ["sport"], asked
    assert _area("Was mache ich in der Freizeit?", question=True) == ["hobbies"]
    # "métier", "quartier" are no German "Tier" (an animal).
    assert _area("C'est quoi, mon métier ?", question=True) == ["job"]
    assert _area("Welche Haustiere hab ich?", question=True) == ["pets"]
    assert "pets" not in _area("Dans quel quartier j'habite ?", question=True)
    # Keeping fit is sport in Spanish and Russian too ("fit" named it in English and German).
    assert _area("¿Qué hago para estar en forma?", question=True) == ["sport"]
    assert _area("Что я делаю, чтобы держать форму?", question=True) == ["sport"]
    assert _area("Quel est mon objectif ?", question=True) == ["plans"]
    # What one must not eat is no favourite dish.
    assert _area("Was darf ich nicht essen?", question=True) == ["diet"]
    # ... nor what one loves to eat a diet.
    assert _area("What do I like to eat?", question=True) == ["favourite"]
    assert _area("Was esse ich?", question=True) == ["diet", "favourite"]


def test_a_short_statement_is_told_by_its_first_person() -> None:
    """Too short for the model: kept in the user's language, not lost as no language."""
    assert detect_language("Je supporte le PSG.") == "fr"
    assert detect_language("Estudio medicina.") == "es"
    assert detect_language("Soy del Atleti.") == "es"


def test_a_notes_vector_is_its_words() -> None:
    """Its key (its own first words, slugged, after "note") moved its area; a slot keeps its
    key's words."""
    assert fact_vector_text("note.fr.je_joue_de_la_harpe", "Je joue de la harpe.") == (
        "Je joue de la harpe."
    )
    assert fact_vector_text("job_title", "Ana is a nurse.") == "job title: Ana is a nurse."


def test_a_question_about_the_world_is_none_of_the_users() -> None:
    home = SearchHit("facts", 1, "Ana lives in Paris.", 0.5, 0.0, 0.84, topic=0.6)
    for world in (
        "What's the capital of France?",
        "Was ist die Hauptstadt von Frankreich?",
        "¿Cuál es la capital de Francia?",
        "Quelle est la capitale de la France ?",
        "Какая столица Франции?",
        "Who won the world cup?",
    ):
        assert not about_the_user(world), world
        assert about_the_world(world, [home]), world
        assert answering([home], question=world) == [], world
    for mine in ("¿Dónde vivo?", "¿Qué estudié?", "Где я живу?", "Wo wohnen wir?", "any pets?"):
        assert not about_the_world(mine, [home]), mine
    # A name the user's memories hold is theirs: "who is Tom?".
    tom = SearchHit("facts", 2, "Tom is Ana's brother.", 0.5, 1.0, 0.8)
    assert not about_the_world("who is Tom?", [tom])


NOTES = {
    "fr": (
        "Je joue de la harpe.",
        "Je supporte le Stade Rennais.",
        "Nous avons un chien nommé Filou.",
        "Je fais de la poterie le samedi.",
        "J'adore le cassoulet.",
        "Je travaille comme infirmière à Nantes.",
    ),
    "de": (
        "Ich bin Fan von Hertha BSC.",
        "Ich spiele Geige im Orchester.",
        "Samstags gehe ich gern angeln.",
        "Wir haben eine Katze namens Minka.",
        "Ich arbeite als Schreiner.",
        "Mein Sohn heißt Paul.",
    ),
    "es": (
        "Soy hincha del Sevilla.",
        "Toco la flauta en una banda.",
        "Los domingos hago senderismo.",
        "Tengo una tortuga que se llama Lola.",
        "Trabajo de enfermera en un hospital.",
        "Mi hermana vive en Lima.",
    ),
}
ASKED = (
    ("fr", "Quel club est-ce que je soutiens ?", "Rennais"),
    ("fr", "De quoi est-ce que je joue ?", "harpe"),
    ("de", "Welche Mannschaft unterstütze ich?", "Hertha"),
    ("de", "Welches Instrument spiele ich?", "Geige"),
    ("es", "¿De qué equipo soy aficionada?", "Sevilla"),
    ("es", "¿Qué instrumento toco?", "flauta"),
)


async def test_a_note_told_in_the_users_language_answers(memory: Memory) -> None:
    """The team and the instrument, asked in other words: the note that says them ranks
    first and answers (before, the team read as a colour or religion, and "je" matched every
    note)."""
    for lang, notes in NOTES.items():
        for said in notes:
            key = "note." + lang + "." + re.sub(r"\W+", "_", said.lower()).strip("_")[:40]
            await memory.remember(
                f"u-{lang}", NewFact(key, said, Category.OTHER, 0.6, source_excerpt=said)
            )
    await memory.run(Lane.BACKGROUND, memory.vectors.sync)
    for lang, question, expected in ASKED:
        query = plain_question(question)
        hits = await memory.run(
            Lane.REPLY, search_on_thread, memory, f"u-{lang}", query, k=8, topics=True
        )
        chosen = answering(hits, question=query)
        assert chosen and expected in chosen[0].text, (question, [(h.text, h.topic) for h in hits])
