"""Answer or abstain by meaning (``memory_core.answering``) and the memory block's score floor."""

from __future__ import annotations

from dataclasses import replace

import pytest

from memory_core import answering
from memory_core.memory import Memory
from memory_core.read.answer import (
    FEATURES,
    AnswerConfig,
    asks_two_things,
    features,
    judged,
    plain_question,
    probability,
    relevant,
)
from memory_core.read.retrieve import dedup
from memory_core.text.domains import AREAS, named_areas
from memory_core.types import message_of
from memory_core.values import Category, NewFact, SearchHit, Status
from tests.factories import fact


def hit(id: int, vector: float, lexical: float = 0.0, topic: float = 0.0) -> SearchHit:
    return SearchHit("facts", id, f"fact {id}", 0.5, lexical, vector, topic=topic)


def test_the_best_hit_answers_when_it_stands_out_from_the_rest() -> None:
    hits = [hit(1, 0.85, topic=0.6), hit(2, 0.77), hit(3, 0.76), hit(4, 0.75)]
    assert [h.id for h in answering(hits)] == [1]


def test_close_runners_up_answer_too() -> None:
    """ "do I have any pets?": the cat and the dog."""
    hits = [
        hit(1, 0.85, topic=0.8),
        hit(2, 0.845, topic=0.7),
        hit(3, 0.76, topic=0.2),
        hit(4, 0.75),
        hit(5, 0.75),
    ]
    assert [h.id for h in answering(hits)] == [1, 2]


def test_nothing_standing_out_is_an_abstention() -> None:
    assert answering([hit(1, 0.80), hit(2, 0.795), hit(3, 0.79), hit(4, 0.79)]) == []
    assert answering([hit(1, 0.75), hit(2, 0.70), hit(3, 0.70)]) == []
    assert answering([]) == []


def test_matching_words_tip_the_balance() -> None:
    config = AnswerConfig(min_margin=0.02, min_cosine=0.8, lexical_bonus=0.02, weights=())
    hits = [hit(1, 0.81), hit(2, 0.80, lexical=1.0), hit(3, 0.78), hit(4, 0.78)]
    assert [h.id for h in answering(hits, config)][:1] == [2]


def test_the_answer_score_tells_a_standout_from_a_crowd() -> None:
    """The calibrated score (``probability``) of the best hit: high when it stands out from
    the rest and its area agrees, low when every hit is alike."""
    standout = judged([hit(1, 0.86, topic=0.8), hit(2, 0.78), hit(3, 0.77), hit(4, 0.77)])
    crowd = judged([hit(1, 0.80, topic=0.3), hit(2, 0.795, topic=0.3), hit(3, 0.79), hit(4, 0.79)])
    assert len(features(standout.ranked, standout.base)) == len(FEATURES)
    assert probability(standout.ranked, standout.base) > 0.75  # refit: was 0.84, now 0.79
    assert probability(crowd.ranked, crowd.base) < 0.2


def test_without_vectors_only_a_word_match_answers() -> None:
    assert [h.id for h in answering([hit(1, 0.0, lexical=1.0), hit(2, 0.0)])] == [1]
    assert answering([hit(1, 0.0), hit(2, 0.0)]) == []


def test_a_fact_with_no_vector_yet_answers_on_its_words() -> None:
    hits = [hit(1, 0.0, lexical=1.0), hit(2, 0.78), hit(3, 0.77), hit(4, 0.77)]
    assert [h.id for h in answering(hits)] == [1]


def test_the_block_floor_keeps_similar_or_matching_hits() -> None:
    hits = [hit(1, 0.82), hit(2, 0.77, lexical=1.0), hit(3, 0.77), hit(4, 0.70, lexical=1.0)]
    assert [h.id for h in relevant(hits)] == [1, 2]
    # Similar in absolute terms, but far below what the question is about.
    assert [h.id for h in relevant([hit(1, 0.89), hit(2, 0.80), hit(3, 0.84)])] == [1, 3]
    assert [h.id for h in relevant([hit(5, 0.0, lexical=1.0), hit(6, 0.0)])] == [5]


async def test_a_question_about_lectures_injects_no_unrelated_memories(memory: Memory) -> None:
    """Seed 003 §6 / 004: the block holds only what is relevant to the question."""
    for key, text in (
        ("ui.theme", "The user prefers dark mode."),
        ("locker_code", "The user's gym locker code is 4512."),
        ("study.physics", "The user attends physics lectures on Tuesday mornings."),
    ):
        await memory.remember("u1", NewFact(key, text, Category.OTHER, 0.8))
    recall = await memory.recall("u1", "when are my physics lectures?", chat_id="c", group=False)
    shown = [h.fact.value_text for h in recall.hits if h.fact is not None]
    assert any("physics" in t for t in shown), shown
    assert not any("dark mode" in t or "locker" in t for t in shown), shown
    relevant_part = recall.block.text.split("## Relevant memories", 1)[1]
    assert "dark mode" not in relevant_part and "locker" not in relevant_part
    assert len(recall.candidates) >= len(recall.hits)


async def test_the_memory_that_answers_a_question_leads_the_block(memory: Memory) -> None:
    """The LLM path gets the fact the offline answer would quote, asked in other words and
    another language; the unrelated ones stay out."""
    for key, text in (
        ("job_title", "The user is an electrician."),
        ("pet.cat.name", "The user's cat is named Mochi."),
        ("allergy.penicillin", "The user is allergic to penicillin."),
        ("home_city", "The user lives in Galway."),
        ("habit.fiddle", "The user plays the fiddle in a band."),
    ):
        await memory.remember("u1", NewFact(key, text, Category.OTHER, 0.8))
    recall = await memory.recall("u1", "Was ist mein Beruf?", chat_id="c", group=False)
    assert recall.hits and recall.hits[0].fact is not None
    assert "electrician" in recall.hits[0].fact.value_text
    relevant_part = recall.block.text.split("## Relevant memories", 1)[1]
    assert "electrician" in relevant_part and "Mochi" not in relevant_part


def test_everyday_names_are_said_plainly() -> None:
    assert plain_question("what does my other half do for a living?") == (
        "what does my partner do for a living?"
    )
    assert plain_question("what's my trade again?") == "what's my job?"
    assert plain_question("any furry friends at home?") == "any pets at home?"
    assert plain_question("where do I live?") == "where do I live?"
    # "again" in the other languages: no part of the attribute the question names ("déjà"
    # made "C'est quoi mon métier déjà ?" ask for a memory naming "métier déjà": none did).
    assert plain_question("C'est quoi mon métier déjà ?") == "C'est quoi mon métier ?"
    assert plain_question("Wie heißt mein Hund nochmal?") == "Wie heißt mein Hund?"
    assert plain_question("¿Cuál es mi trabajo otra vez?") == "¿Cuál es mi trabajo?"


@pytest.mark.parametrize(
    ("question", "plain"),
    [
        ("what do I do for a crust?", "what do I do for a living?"),
        ("what colour is my ute?", "what colour is my car?"),
        ("when's my bday?", "when's my birthday?"),
        ("which pills do I take at night?", "which medication do I take at night?"),
        ("which rugby side do I barrack for?", "which rugby side do I support?"),
        ("what's my fave film?", "what's my favourite film?"),
        ("Когда у брата днюха?", "Когда у брата день рождения?"),
        ("C'est quand ma fête ?", "C'est quand mon anniversaire ?"),
    ],
)
def test_regional_and_chat_names_are_said_plainly(question: str, plain: str) -> None:
    """Australian, Indian, Québec and chat words for a job, a car, a birthday, medicines and
    supporting a team are said plainly before the question is matched."""
    assert plain_question(question) == plain


def test_a_team_or_an_all_time_favourite_is_an_areas_attribute() -> None:
    """ "Quelle est mon équipe ?", "what's my all-time favourite food?" name an area of life
    (sport, food): any memory about it may answer, not only one repeating the word."""
    from memory_core.read.answer import _asked_attribute

    for question in (
        "Quelle est mon équipe ?",
        "what's my all time favourite food?",
        "Quels sont mes passe-temps ?",  # the hobbies, not a time that passes
    ):
        assert _asked_attribute(question) is None, question
    assert _asked_attribute("what's my blood type?") is not None


def test_an_attribute_no_area_names_is_answered_only_by_a_memory_naming_it() -> None:
    """ "What's my blood type?": the allergy is about health too, but says nothing of it."""
    allergy = SearchHit("facts", 1, "Grace is allergic to penicillin.", 0.5, 0.0, 0.81, topic=0.9)
    others = [hit(2, 0.79), hit(3, 0.78), hit(4, 0.78)]
    assert [h.id for h in answering([allergy, *others])] == [1]
    assert answering([allergy, *others], question="what's my blood type?") == []
    blood = SearchHit("facts", 5, "Grace's blood type is O negative.", 0.5, 1.0, 0.86, topic=0.9)
    chosen = answering([blood, allergy, *others], question="what's my blood type?")
    assert [h.id for h in chosen] == [5]
    # An area's own word ("job", "trade", "kids") leaves the answer to the areas' agreement.
    job = SearchHit("facts", 6, "Grace is an electrician.", 0.5, 0.0, 0.81, topic=0.9)
    assert [h.id for h in answering([job, *others], question="what's my trade?")] == [6]


def keyed(
    id: int, key: str, text: str, vector: float, topic: float = 0.0, **told: str
) -> SearchHit:
    """A fact hit with a key (and ``source_turn_id`` / ``source_excerpt`` when told)."""
    return SearchHit(
        "facts", id, text, 0.5, 0.0, vector, fact=fact(id, text, key=key, **told), topic=topic
    )


def test_two_facts_differing_in_the_value_their_keys_name_are_not_near_duplicates() -> None:
    """ "Ana's child is named Emil." and "… Greta." are two children (the search kept one,
    and "Wie heißen meine Kinder?" named Emil only); a restatement is still one."""
    emil = keyed(1, "family.child.emil.name", "Ana's child is named Emil.", 0.83)
    greta = keyed(2, "family.child.greta.name", "Ana's child is named Greta.", 0.82)
    assert [h.id for h in dedup([emil, greta], 0.7)] == [1, 2]
    again = keyed(3, "likes.hiking_2", "Ana really likes hiking a lot.", 0.8)
    once = keyed(4, "likes.hiking", "Ana really likes hiking a lot!", 0.8)
    assert [h.id for h in dedup([once, again], 0.7)] == [4]


def test_a_persons_name_and_age_are_not_near_duplicates() -> None:
    """ "Ana's daughter is named Маша." and "Ana's daughter Маша is 6.": the age's sentence
    names her too since session 16, and the search's dedup hid it ("Сколько лет Маше?" → "I
    don't know that about Маша yet")."""
    name = keyed(1, "family.daughter.маша.name", "Ana's daughter is named Маша.", 0.83)
    age = keyed(2, "family.daughter.маша.age", "Ana's daughter Маша is 6.", 0.82)
    assert [h.id for h in dedup([name, age], 0.5)] == [1, 2]


def test_a_slot_and_the_note_of_one_message_are_no_tie() -> None:
    """ "Vivo en Bilbao desde hace cinco años." kept as the home and as a note: near-equal
    hits of one message are one answer (the runner-up is the best of another message)."""
    turn = {"source_turn_id": "t1"}
    note = keyed(
        1, "note.es.vivo_en_bilbao", "Vivo en Bilbao desde hace cinco años.", 0.86, 0.5, **turn
    )
    home = keyed(2, "home_city", "Ana lives in Bilbao.", 0.857, 0.3, **turn)
    kids = keyed(3, "note.es.tengo_dos_hijos", "Tengo dos hijos.", 0.83, 0.06, source_turn_id="t2")
    pablo = keyed(4, "family.child.pablo.name", "Ana's child is named Pablo.", 0.78, 0.1)
    alone = judged([note, home, kids, pablo])
    gap = features(alone.ranked, alone.base)[FEATURES.index("gap")]
    assert gap > 0.1
    assert features(alone.ranked, alone.base)[FEATURES.index("keyed")] == 1.0
    # A whole import is no one message: its facts are judged one by one.
    imported = {"source_turn_id": "import:memory_md:1"}
    a = keyed(5, "note.a", "Ana likes jazz.", 0.8, **imported)
    b = keyed(6, "job_title", "Ana is a nurse.", 0.79, **imported)
    assert message_of(a) != message_of(b)


def test_a_question_about_a_group_is_answered_with_all_of_it() -> None:
    kids = [
        keyed(1, "family.child.sam.name", "Ana's child is named Sam.", 0.84, 0.95),
        keyed(2, "family.child.ella.name", "Ana's child is named Ella.", 0.80, 0.9),
        keyed(3, "family.child.joe.name", "Ana's child is named Joe.", 0.79, 0.9),
    ]
    others = [keyed(4, "home_city", "Ana lives in Leeds.", 0.76), keyed(5, "name", "Ana.", 0.75)]
    assert [h.id for h in answering([*kids, *others], question="Wie heißen meine Kinder?")] == [
        1,
        2,
        3,
    ]
    # One named: that one ("what's my cat's name?" is not answered with the dog).
    pets = [
        keyed(6, "pet.cat.name", "Ana's cat is named Mochi.", 0.86, 0.95),
        keyed(7, "pet.dog.name", "Ana's dog is named Rex.", 0.80, 0.6),
    ]
    assert [h.id for h in answering([*pets, *others], question="what's my cat's name?")] == [6]
    asked = answering([*pets, *others], question="Est-ce que j'ai des animaux ?")
    assert [h.id for h in asked] == [6, 7]


def test_the_others_of_a_group_told_in_the_same_message_answer_with_it() -> None:
    """Asked in a word no list holds ("Wer sind meine Racker?", "mes bébêtes, c'est qui ?"),
    the rest of a group the user named in one message is named too; one told in another
    message still needs the group's word."""
    turn = {"source_turn_id": "t7"}
    kids = [
        keyed(1, "family.child.mila.name", "Ana's child is named Mila.", 0.84, 0.95, **turn),
        keyed(2, "family.child.nico.name", "Ana's child is named Nico.", 0.79, 0.9, **turn),
        keyed(3, "family.child.otto.name", "Ana's child is named Otto.", 0.79, 0.9),
    ]
    others = [keyed(4, "home_city", "Ana lives in Leeds.", 0.76), keyed(5, "name", "Ana.", 0.75)]
    asked = answering([*kids, *others], question="Wer sind meine Racker?")
    assert [h.id for h in asked] == [1, 2]
    pets = [
        keyed(6, "pet.rabbit.name", "Ana's rabbit is named Flocke.", 0.85, 0.9, **turn),
        keyed(7, "pet.hamster.name", "Ana's hamster is named Krümel.", 0.80, 0.8, **turn),
        keyed(8, "job_title", "Ana is a baker.", 0.77, 0.0, **turn),
    ]
    asked = answering([*pets, *others], question="mes bébêtes, c'est qui ?")
    assert [h.id for h in asked] == [6, 7]
    asked = answering([*pets, *others], question="what's my rabbit called?")
    assert [h.id for h in asked] == [6]


def test_two_things_asked_at_once_are_answered_with_all_their_message_said() -> None:
    """ "¿Mi chamba y mi pueblo, cuáles son?" of one who said "Soy panadero y vivo en Soria": the
    job and the home, read from one message, answer together, though the home alone stands
    out; a question asking one thing is answered with the one that stands out."""
    turn = {"source_turn_id": "t3"}
    home = keyed(1, "home_city", "Ana lives in Soria.", 0.83, 0.95, **turn)
    job = keyed(2, "job_title", "Ana works as panadero.", 0.79, 0.3, **turn)
    others = [
        keyed(3, "likes.jazz", "Ana likes jazz.", 0.78),
        keyed(4, "name", "Ana.", 0.76),
        keyed(5, "pet.dog.name", "Ana's dog is named Rex.", 0.76),
    ]
    both = answering([home, job, *others], question="¿Mi chamba y mi pueblo, cuáles son?")
    assert {h.id for h in both} == {1, 2}
    assert asks_two_things("¿Mi chamba y mi pueblo, cuáles son?")
    one = answering([home, job, *others], question="¿Dónde vivo?")
    assert [h.id for h in one] == [1]
    assert not asks_two_things("¿Dónde vivo?")


def test_a_question_for_the_job_title_is_not_answered_with_the_employer() -> None:
    bank = keyed(1, "employer", "Ana works at a bank.", 0.83, 0.99)
    title = keyed(2, "job_title", "Ana is an accountant.", 0.82, 0.98)
    home = keyed(3, "home_city", "Ana lives in Leeds.", 0.76)
    name = keyed(4, "name", "Ana's name is Ana.", 0.75)
    hits = [bank, title, home, name]
    assert [h.id for h in answering(hits, question="Кем я работаю?")] == [2]
    assert [h.id for h in answering(hits, question="Als was arbeite ich?")] == [2]
    assert [h.id for h in answering(hits, question="Wo arbeite ich?")] == [1]


def test_a_question_naming_an_area_in_its_words_is_placed_there() -> None:
    """e5 reads "Est-ce que j'ai des animaux ?" as health; its word names the pets."""

    def areas(question: str) -> list[str]:
        return [AREAS[i].description.split(",")[0].split(" ")[0] for i in named_areas(question)]

    assert areas("Est-ce que j'ai des animaux ?") == ["pets"]
    assert areas("Was ist mein Lieblingsessen?") == ["favourite"]
    assert areas("Кем я работаю?") == ["job"]
    assert areas("what kind of animal do I keep?") == ["pets"]  # "kind" is no child
    assert areas("how old is Leo?") == []  # nor is "Leo" reading
    assert areas("Was habe ich vergessen?") == []  # nor "vergessen" food


def test_german_typed_without_umlauts_is_respelled() -> None:
    assert plain_question("Was hoere ich gern?") == "Was höre ich gern?"
    assert plain_question("Wie heisst mein Hund noch mal?") == "Wie heißt mein Hund?"
    assert plain_question("Was weisst du ueber meine Brueder?") == (
        "Was weißt du über meine Brüder?"
    )
    assert plain_question("Trinke ich neue Wasser?") == "Trinke ich neue Wasser?"


def test_chat_kin_words_are_said_plainly() -> None:
    """ "my sis", "my big bro": the sister and the brother the templates and the search know."""
    from memory_core.read.answer import plain_question

    assert plain_question("who did my sis marry?") == "who did my sister marry?"
    assert plain_question("where does my big bro live?") == "where does my brother live?"
    assert plain_question("sisyphus is hard") == "sisyphus is hard"


def test_what_the_user_must_not_eat_is_answered_with_the_allergy_not_a_dish() -> None:
    """A dish the user loves may be nearer to "eat" than their allergy is; a question about
    what they must not eat or take is answered with allergies and intolerances first."""
    sushi = keyed(1, "ability.eat_sushi_every_day", "Ana could eat sushi every day.", 0.85, 0.9)
    nuts = keyed(2, "allergy.walnuts", "Ana is allergic to walnuts.", 0.81, 0.85)
    others = [keyed(3, "home_city", "Ana lives in Leeds.", 0.77), keyed(4, "name", "Ana.", 0.76)]
    hits = [sushi, nuts, *others]
    assert [h.id for h in answering(hits, question="what must I avoid eating?")] == [2]
    assert [h.id for h in answering(hits, question="what do I love to eat?")][:1] == [1]


def test_what_the_user_does_not_tolerate_is_no_diet_they_chose() -> None:
    veggie = keyed(1, "diet", "Ana is vegetarian.", 0.85, 0.9)
    lactose = SearchHit(
        "facts",
        2,
        "Ich vertrage keinen Milchzucker, ich habe eine Laktoseintoleranz.",
        0.5,
        0.0,
        0.82,
        fact=fact(2, "Ich habe eine Laktoseintoleranz.", key="note.de.ich_habe_eine"),
        topic=0.8,
    )
    others = [keyed(3, "home_city", "Ana lives in Ulm.", 0.77), keyed(4, "name", "Ana.", 0.76)]
    chosen = answering([veggie, lactose, *others], question="Was vertrage ich nicht?")
    assert [h.id for h in chosen] == [2]
    # "What can't I eat?": the intolerance first, the diet too.
    chosen = answering([veggie, lactose, *others], question="Was darf ich nicht essen?")
    assert [h.id for h in chosen] == [2, 1]


def test_what_the_user_studies_is_the_subject_not_the_school() -> None:
    """ "Estudio medicina en la Universidad de Granada" keeps the school and the note of the
    whole: "¿qué estudio?" is answered with the note, "¿dónde estudio?" with the school."""
    turn = {"source_turn_id": "t1"}
    school = keyed(1, "school", "Ana studies at Universidad de Granada.", 0.86, 0.9, **turn)
    note = keyed(
        2,
        "note.es.estudio_medicina_en_la",
        "Estudio medicina en la Universidad de Granada.",
        0.85,
        0.9,
        **turn,
    )
    others = [keyed(3, "home_city", "Ana lives in Jaén.", 0.77), keyed(4, "name", "Ana.", 0.76)]
    hits = [school, note, *others]
    assert [h.id for h in answering(hits, question="¿Qué estudio?")][:1] == [2]
    assert [h.id for h in answering(hits, question="Was studiere ich?")][:1] == [2]
    assert [h.id for h in answering(hits, question="¿Dónde estudio?")][:1] == [1]


def test_a_goal_asked_with_its_time_is_no_attribute_the_answer_must_name() -> None:
    """ "What's my goal for this year?": the time is no word the memory must share."""
    goal = keyed(1, "note.ru.в_этом_году", "В этом году я хочу сдать на права.", 0.86, 0.9)
    others = [keyed(2, "home_city", "Ana lives in Omsk.", 0.77), keyed(3, "name", "Ana.", 0.76)]
    chosen = answering([goal, *others], question="Какая у меня цель на это лето?")
    assert [h.id for h in chosen] == [1]


def test_a_question_for_the_users_name_is_not_answered_with_a_pets() -> None:
    """ "Caramel's name is …" is about a name too, and a little nearer by chance."""
    pet = keyed(1, "pet.dog.name", "Ana's dog is named Filou.", 0.85, 0.75)
    own = keyed(2, "name", "Ana's name is Ana.", 0.84, 0.76)
    others = [keyed(3, "home_city", "Ana lives in Lyon.", 0.77), keyed(4, "job_title", "A.", 0.76)]
    for asked in ("Tu te rappelles mon prénom ?", "what's my name?", "Как меня зовут?"):
        assert [h.id for h in answering([pet, own, *others], question=asked)] == [2], asked


def test_the_users_name_asked_in_so_many_words_is_theirs_whatever_its_score() -> None:
    """ "c'est quoi mon prénom ?" scored below the floor beside its note (one short fact among
    few) and got "I don't know"; a user who told only their dog's name got the dog's."""
    own = keyed(1, "name", "Ana's name is Ana.", 0.62, 0.2)
    note = keyed(2, "note.fr.moi_c_est_ana", "salut, moi c'est Ana", 0.63, 0.2)
    for asked in ("c'est quoi mon prénom ?", "Weißt du meinen Vornamen?", "¿Recuerdas mi nombre?"):
        assert [h.id for h in answering([note, own], question=asked)] == [1], asked
    pet = keyed(3, "pet.dog.name", "Ana's dog is named Rex.", 0.86, 0.8)
    for asked in ("what's my name?", "c'est quoi mon prénom ?", "Как меня зовут?"):
        assert answering([pet], question=asked) == [], asked


def test_what_the_user_loves_to_eat_is_never_their_allergy() -> None:
    """The allergy's key is about food too, and may rank above the dish."""
    nuts = keyed(1, "allergy.walnuts", "Ana is allergic to walnuts.", 0.84, 0.7)
    dish = keyed(2, "note.fr.j_adore_le_cassoulet", "J'adore le cassoulet.", 0.85, 0.6)
    others = [keyed(3, "home_city", "Ana lives in Albi.", 0.78), keyed(4, "name", "Ana.", 0.77)]
    for asked in ("Qu'est-ce que j'aime manger ?", "what do I love to eat most?"):
        chosen = answering([nuts, dish, *others], question=asked)
        assert [h.id for h in chosen] == [2], asked


def test_a_child_said_as_boy_girl_or_kid_is_the_son_the_daughter_the_child() -> None:
    from memory_core.read.answer import plain_question

    assert plain_question("what's my boy called?") == "what's my son called?"
    assert plain_question("how tall is my little girl now") == "how tall is my daughter now"
    assert plain_question("how old is my kid?") == "how old is my child?"
    assert plain_question("Wie alt ist meine Kleine?") == "Wie alt ist meine Tochter?"
    assert plain_question("Il a quel âge, mon petit ?") == "Il a quel âge, mon fils ?"
    # A grandchild, a niece, a cousin ("ma petite-fille", "mon petit-neveu") is no little one.
    for untouched in (
        "where does my boyfriend work?",
        "my kids' names?",
        "mon petit ami",
        "Quel âge a ma petite-nièce ?",
        "Où habite mon petit-cousin ?",
    ):
        assert plain_question(untouched) == untouched


def test_a_spanish_question_in_the_first_person_plural_is_about_the_user() -> None:
    """ "¿Dónde vivimos?" names the user only by its verb, as "¿Dónde vivo?" does."""
    from memory_core.read.answer import about_the_user

    assert about_the_user("¿En qué ciudad vivimos ahora?")
    assert about_the_user("¿Qué coche tenemos?")
    assert not about_the_user("¿Cuál es la capital de Portugal?")


def _areas(text: str) -> set[str]:
    return {AREAS[i].description.split(",")[0] for i in named_areas(text)}


def test_medicines_asked_as_pills_or_tablets_are_about_health() -> None:
    for q in (
        "which pills do I take?",
        "any meds I'm on?",
        "Welche Tabletten vertrage ich nicht?",
        "¿Qué pastillas tomo?",
        "Quels comprimés je prends le matin ?",
        "Какие таблетки мне нельзя?",
    ):
        assert "health" in _areas(q), q


def test_where_one_settled_is_the_home_and_a_living_is_work() -> None:
    for q in ("Je suis installé où ?", "where am I based now?", "¿Dónde estoy instalado?"):
        assert _areas(q) == {"home"}, q
    assert "home" not in _areas("what does my cousin do for a living?")
    assert "job" in _areas("what does my cousin do for a living?")


def test_how_someone_makes_their_money_asks_what_they_do_for_work() -> None:
    assert plain_question("how does Nina make her money?") == "what does Nina do for work?"
    assert plain_question("hows my uncle earn his living") == "what does my uncle do for work"
    # Not the user's own money, nor money in the world.
    assert plain_question("how do I make money?") == "how do I make money?"
    assert plain_question("how does a bank make money?") == "how does a bank make money?"


def test_a_team_named_without_a_sport_word_is_told_as_sport() -> None:
    from memory_core.text.domains import told_areas

    sport = next(i for i, a in enumerate(AREAS) if a.description.startswith("sport"))
    for said in (
        "The user is a massive gunners fan.",
        "The user follows Celtic.",
        "Soy del Espanyol de toda la vida.",
        "Ich halte zu Hertha.",
    ):
        assert sport in told_areas(said), said
    assert sport not in told_areas("Soy de Valencia.")


def test_a_medicine_said_by_how_it_is_taken_is_told_as_health() -> None:
    from memory_core.text.domains import told_areas

    health = next(i for i, a in enumerate(AREAS) if a.description.startswith("health"))
    for said in (
        "The user takes warfarin every evening.",
        "Ich nehme jeden Morgen Bisoprolol.",
        "Je prends du Doliprane tous les soirs.",
        "Принимаю аторвастатин.",
    ):
        assert health in told_areas(said), said
    assert health not in told_areas("The user takes the train every day.")


def test_a_question_about_one_relation_is_not_answered_with_another() -> None:
    """ "Как зовут мою сестру?" of a user who told of a brother abstains; one partner asked
    with the other partner's word ("супруга" is also the wife's) is still the partner."""
    brother = keyed(1, "family.brother.name", "Ola's brother is called Pyotr.", 0.86, 0.9)
    husband = keyed(2, "family.husband.name", "Ola's husband is called Gleb.", 0.85, 0.9)
    home = keyed(3, "home_city", "Ola lives in Tver.", 0.78)
    job = keyed(4, "job_title", "Ola is a pharmacist.", 0.77)
    hits = [brother, husband, home, job]
    assert 1 not in [h.id for h in answering(hits, question="Как зовут мою сестру?")]
    assert [h.id for h in answering(hits, question="Как зовут мою жену?")][:1] == [2]
    assert 4 not in [h.id for h in answering(hits, question="What does my brother do?")]


def test_a_note_naming_another_of_the_users_people_or_animals_does_not_answer() -> None:
    """A note in the user's words that names one of their people (or animals) answers a
    question about that one or a group holding them ("Meine Eltern …" for the mother), never
    one about another ("¿Y cómo se llama mi hermana?" of a note about the brother, the
    grandfather of a note about the parents, the dog of a note about the cats)."""

    def note(id: int, text: str, vector: float) -> SearchHit:
        return keyed(id, f"note.x.n{id}", text, vector, 0.6)

    filler = [keyed(9, "job_title", "Eva is a baker.", 0.76), keyed(8, "k8", "x", 0.75)]
    brother = [note(1, "Mi hermano Rubén trabaja en Vigo.", 0.87), *filler]
    assert answering(brother, question="¿Y cómo se llama mi hermana?") == []
    assert [h.id for h in answering(brother, question="¿En qué trabaja mi hermano?")] == [1]
    parents = [note(2, "Мои родители живут под Тулой.", 0.87), *filler]
    assert answering(parents, question="А где живёт мой дед?") == []
    assert [h.id for h in answering(parents, question="А где живёт мой отец?")] == [2]
    cats = [note(3, "Wir haben zwei Kater, Max und Moritz.", 0.87), *filler]
    assert answering(cats, question="Wie heißt denn unser Hund?") == []
    assert [h.id for h in answering(cats, question="Wie heißen unsere Kater?")] == [3]
    # A note naming none of the user's people may still answer ("Tengo una hija, Alba."
    # names the daughter without "my"; "The family farm …" names a group holding everyone).
    family = [note(4, "Nuestra familia tiene una granja en Lugo.", 0.87), *filler]
    assert [h.id for h in answering(family, question="¿Y mi madre dónde vive?")] == [4]
    daughter = [note(5, "Tengo una hija, Alba, de seis años.", 0.87), *filler]
    assert [h.id for h in answering(daughter, question="¿Cuántos años tiene mi hija?")] == [5]


def test_a_name_alone_does_not_answer_what_ones_people_do_or_where_they_live() -> None:
    """ "Wo arbeitet eigentlich mein Mann?" of a user who told only the husband's name
    abstains (the name is no job), in a slot or a note; the name still answers what he is
    called."""
    named = keyed(1, "family.husband.name", "Ute's husband is called Olaf.", 0.87, 0.6)
    note = keyed(2, "note.ru.n2", "Жену мою зовут Вера.", 0.87, 0.6)
    filler = [keyed(9, "job_title", "Ute is a baker.", 0.76), keyed(8, "k8", "x", 0.75)]
    assert answering([named, *filler], question="Wo arbeitet eigentlich mein Mann?") == []
    assert answering([named, *filler], question="How old is my husband now?") == []
    assert [h.id for h in answering([named, *filler], question="Wie heißt denn mein Mann?")] == [1]
    assert answering([note, *filler], question="А где работает моя жена?") == []
    assert [h.id for h in answering([note, *filler], question="А как зовут мою жену?")] == [2]


def test_a_team_supported_answers_whom_one_supports_and_a_sport_done_what_one_plays() -> None:
    """Both are sport: "Welches Team unterstütze ich denn?" is answered with the club the
    user is a fan of, not the volleyball they play (ranked first), and "what sport do I
    play?" with the volleyball, not the team."""
    plays = keyed(1, "note.de.n1", "Ich spiele Volleyball im Verein.", 0.87, 0.8)
    fan = keyed(2, "note.de.n2", "Ich bin Fan vom VfL Bochum.", 0.85, 0.8)
    filler = [keyed(9, "job_title", "Kai is a baker.", 0.76), keyed(8, "k8", "x", 0.75)]
    hits = [plays, fan, *filler]
    assert [h.id for h in answering(hits, question="Welches Team unterstütze ich denn?")] == [2]
    assert [h.id for h in answering(hits, question="Welche Sportart mache ich selbst?")][:1] == [1]
    plays_en = keyed(3, "note.en.n3", "I play five-a-side on Tuesdays.", 0.84, 0.8)
    fan_en = keyed(4, "note.en.n4", "I'm a huge Celtic supporter.", 0.86, 0.8)
    hits = [plays_en, fan_en, *filler]
    assert [h.id for h in answering(hits, question="what sport do I play myself?")][:1] == [3]
    assert [h.id for h in answering(hits, question="which side do I shout for?")] == [4]
    # "do" beside another verb is no sport done: the team asked is the one supported.
    assert [h.id for h in answering(hits, question="what hockey team do I stan?")] == [4]
    assert [h.id for h in answering(hits, question="and which sport is it I do?")] == [3]


def test_handwork_is_a_hobby_not_a_job() -> None:
    job = next(i for i, a in enumerate(AREAS) if a.description.startswith("job,"))
    assert job not in named_areas("Welche Handarbeiten liebe ich?")
    assert job in named_areas("Welche Arbeit mache ich?")


def test_the_name_of_one_of_the_users_people_is_answered_only_by_a_memory_of_someone() -> None:
    """ "what's my doctor called?" of a user who told a medicine and no doctor abstains: a
    memory naming none of the user's people says no one's name (a note naming the one asked
    about, or a group holding them, still answers)."""
    pills = keyed(1, "note.en.n1", "I take sertraline every night.", 0.87, 0.7)
    med = keyed(2, "medication", "Ann takes sertraline.", 0.86, 0.7)
    filler = [keyed(9, "job_title", "Ann is a baker.", 0.76), keyed(8, "k8", "x", 0.75)]
    assert answering([pills, med, *filler], question="and what's my doctor called?") == []
    assert answering([pills, *filler], question="Wie heißt eigentlich meine Schwester?") == []
    nephew = keyed(3, "note.en.n3", "My nephew Rory is training to be a vet.", 0.87, 0.7)
    assert [h.id for h in answering([nephew, *filler], question="what's my nephew called?")] == [3]


def test_a_word_beside_an_area_word_need_not_be_named() -> None:
    """ "what's my main goal?" asks for the goal: a plan that does not say "main" answers."""
    plan = keyed(1, "goal.run", "Ann wants to run a marathon.", 0.87, 0.8)
    filler = [keyed(9, "job_title", "Ann is a baker.", 0.76), keyed(8, "k8", "x", 0.75)]
    assert [h.id for h in answering([plan, *filler], question="what's my main goal?")] == [1]


def test_a_memory_of_the_users_family_answers_about_one_of_their_relatives() -> None:
    """ "who are my parents?" of a user whose family "has bred goats for ages" is answered
    with it (a group holding the one asked about), not "what's my wife called?"."""
    family = keyed(
        1, "family.family.bred_goats", "Zoe's family has bred goats for ages.", 0.87, 0.7
    )
    filler = [keyed(9, "job_title", "Zoe is a baker.", 0.76), keyed(8, "k8", "x", 0.75)]
    hits = [family, *filler]
    assert [h.id for h in answering(hits, question="who are my parents again?")] == [1]
    assert [h.id for h in answering(hits, question="tell me about my grandma")] == [1]
    assert answering(hits, question="and what's my wife called?") == []


def test_a_team_alone_does_not_answer_what_sport_one_does() -> None:
    """ "what sport do I play myself?" of a user who told only the team they support
    abstains: supporting is no sport done."""
    fan = keyed(4, "note.en.n4", "I'm a huge Celtic supporter.", 0.87, 0.8)
    filler = [keyed(9, "job_title", "Kai is a baker.", 0.76), keyed(8, "k8", "x", 0.75)]
    assert answering([fan, *filler], question="what sport do I play myself?") == []


def test_a_question_about_medicines_is_answered_with_what_one_takes_not_the_doctor() -> None:
    """ "Welche Medikamente bekomme ich?" of a user who told only their GP abstains (the doctor
    is health, but no medicine); what they take answers it, and "any medicine to
    avoid?" is answered with an allergy."""
    doctor = keyed(1, "note.de.n1", "Mein Hausarzt heißt Dr. Kuhn.", 0.87, 0.8)
    pills = keyed(2, "note.de.n2", "Abends nehme ich Ramipril.", 0.85, 0.8)
    allergy = keyed(3, "allergy.penicillin", "Ann is allergic to penicillin.", 0.86, 0.8)
    filler = [keyed(9, "job_title", "Kai is a baker.", 0.76), keyed(8, "k8", "x", 0.75)]
    assert answering([doctor, *filler], question="Welche Medikamente bekomme ich?") == []
    assert answering([doctor, allergy, *filler], question="which meds do I use?") == []
    hits = [doctor, pills, *filler]
    assert [h.id for h in answering(hits, question="Welche Medikamente bekomme ich?")][:1] == [2]
    asked = "are there any medicine to avoid?"
    assert [h.id for h in answering([allergy, *filler], question=asked)][:1] == [3]


def test_a_note_naming_the_family_holds_the_relative_asked_about() -> None:
    """ "A mi familia no le cae bien mi prometido." names the fiancé and the family: a
    question about the mother may be answered with it (the family holds her), as a key's
    "family" does."""
    note = keyed(1, "note.es.n1", "A mi familia no le cae bien mi prometido.", 0.87, 0.7)
    filler = [keyed(9, "job_title", "Eva is a baker.", 0.76), keyed(8, "k8", "x", 0.75)]
    assert [h.id for h in answering([note, *filler], question="¿Qué te conté de mi madre?")] == [1]
    brother = keyed(2, "note.es.n2", "Tengo un hermano.", 0.87, 0.7)
    assert answering([brother, *filler], question="¿Qué sabes de mi hermana?") == []


def test_a_relatives_job_asked_by_relation_or_name_is_not_the_users_own() -> None:
    """ "Was arbeitet eigentlich mein Freund?" was answered with the user's own "Ich arbeite als
    Altenpflegerin …" (a note naming none of their people), and "¿En qué trabaja Chuy?" (a
    name said only in a note, "Mi carnal Chuy …") with the user's own job slot."""
    own = keyed(1, "note.de.n1", "Ich bin Köchin in einer Kantine.", 0.87, 0.8)
    his = keyed(2, "note.de.n2", "Sven fährt Taxi in Bremen.", 0.84, 0.8)
    filler = [keyed(9, "k9", "y", 0.76), keyed(8, "k8", "x", 0.75)]
    assert [
        h.id
        for h in answering([own, his, *filler], question="Was arbeitet eigentlich mein Freund?")
    ][:1] == [2]
    assert answering([own, *filler], question="Was arbeitet eigentlich mein Freund?") == []
    assert [h.id for h in answering([own, *filler], question="Als was arbeite ich?")] == [1]
    job = keyed(3, "job_title", "Ramiro works as a mechanic.", 0.87, 0.8)
    beto = keyed(4, "note.es.n4", "Mi carnal Chuy reparte pizzas.", 0.84, 0.8)
    assert [h.id for h in answering([job, beto, *filler], question="¿En qué trabaja Chuy?")][
        :1
    ] == [4]


def test_a_question_about_allergies_is_not_answered_with_the_doctor() -> None:
    """ "Je suis allergique à un truc, moi ?" of a user who told their doctor and no allergy
    abstains."""
    doctor = keyed(1, "note.fr.n1", "Mon généraliste s'appelle Dr Roux.", 0.87, 0.8)
    shrimp = keyed(2, "note.fr.n2", "Je fais une allergie aux noix de cajou.", 0.84, 0.8)
    filler = [keyed(9, "k9", "y", 0.76), keyed(8, "k8", "x", 0.75)]
    assert answering([doctor, *filler], question="Je suis allergique à un truc, moi ?") == []
    hits = [doctor, shrimp, *filler]
    assert [h.id for h in answering(hits, question="Je suis allergique à un truc, moi ?")][:1] == [
        2
    ]


def test_a_name_alone_answers_only_who_they_are() -> None:
    """ "¿Y mi carnal qué hace?", "Mon frère vit où maintenant ?" of a user who told only the
    brother's name abstain (no job or home word was needed: "hace", "vit"); what the user
    told of him and whether they have one are still answered with it."""
    named = keyed(1, "family.brother.name", "Ana's brother is called Beto.", 0.87, 0.6)
    filler = [keyed(9, "job_title", "Ana is a baker.", 0.76), keyed(8, "k8", "x", 0.75)]
    hits = [named, *filler]
    assert answering(hits, question="¿Y mi carnal qué hace?") == []
    assert answering(hits, question="Mon frère vit où maintenant ?") == []
    assert [h.id for h in answering(hits, question="¿Qué sabes de mi hermano?")] == [1]
    assert [h.id for h in answering(hits, question="do I have a brother?")] == [1]


def test_medicines_to_stay_away_from_are_answered_with_a_drug_allergy() -> None:
    """ "which meds to stay away from?" of a user "Allergic to aspirin-type drugs." was answered
    before the medicine rule and abstained with it (walk_blind2): staying away is avoiding."""
    sulfa = keyed(1, "allergy.sulfa_drugs", "Allergic to aspirin-type drugs.", 0.87, 0.8)
    filler = [keyed(9, "job_title", "Kai is a baker.", 0.76), keyed(8, "k8", "x", 0.75)]
    asked = plain_question("which meds to stay away from?")
    assert [h.id for h in answering([sulfa, *filler], question=asked)][:1] == [1]


def test_a_medicine_not_to_take_and_a_name_given_are_still_answered() -> None:
    """walk_ask9: "¿Hay pastillas que no me convienen?" (a negation, no word of
    avoiding) is answered with the penicillin allergy, "¿Qué nombre le pusimos a nuestro niño?"
    (a verb of naming) with the son's name."""
    allergy = keyed(1, "allergy.penicillin", "Lucia is allergic to penicillin.", 0.87, 0.8)
    son = keyed(2, "family.son.name", "Diego's son is called Santiago.", 0.87, 0.6)
    filler = [keyed(9, "job_title", "Kai is a baker.", 0.76), keyed(8, "k8", "x", 0.75)]
    asked = "¿Hay pastillas que no me convienen?"
    assert [h.id for h in answering([allergy, *filler], question=asked)][:1] == [1]
    asked = "¿Qué nombre le pusimos a nuestro niño?"
    assert [h.id for h in answering([son, *filler], question=asked)][:1] == [2]


def test_one_of_the_users_people_asked_without_my_is_still_theirs() -> None:
    """ "which physician do I visit?", "Bei welchem Arzt war ich zuletzt?", "Где учится
    дочь?" ask about the user's own doctor or daughter though no "my" is said (an article or a
    question word before the word, or in Russian the word alone); someone else's is not
    ("Who is the mother of Hamlet?", "Кто муж Анны?")."""
    from memory_core.read.answer import asked_relation

    assert asked_relation("which physician do I visit?") == "doctor"
    assert asked_relation("Bei welchem Arzt war ich zuletzt?") == "doctor"
    assert asked_relation("Где учится дочь?") == "daughter"
    assert asked_relation("what is the missus up to today?") == "wife"
    assert asked_relation("Who is the mother of Hamlet?") is None
    assert asked_relation("Кто муж Анны?") is None
    assert asked_relation("what is the capital of Peru?") is None
    # ... so the user's own allergy does not answer it, their doctor does.
    doctor = keyed(1, "note.en.n1", "I see Dr Patel at the clinic on Elm Street.", 0.85, 0.8)
    allergy = keyed(2, "allergy.latex", "Sam is allergic to latex.", 0.87, 0.8)
    filler = [keyed(9, "k9", "y", 0.76), keyed(8, "k8", "x", 0.75)]
    asked = "which physician do I visit?"
    assert answering([allergy, *filler], question=asked) == []
    assert [h.id for h in answering([allergy, doctor, *filler], question=asked)][:1] == [1]


def test_the_other_parent_of_the_users_children_is_their_partner() -> None:
    """ "the dad of my kids", "la madre de mis hijas", "le père de mes enfants" ask about the
    partner, and a note saying so names the partner, not a parent."""
    from memory_core.read.answer import asked_relation, relations_named

    assert asked_relation("what's the dad of my kids called?") == "partner"
    assert asked_relation("¿Dónde trabaja la madre de mis hijas?") == "partner"
    assert asked_relation("Le père de mes enfants, il fait quoi ?") == "partner"
    assert relations_named("Jana is the mum of my children.") == {"partner"}
    assert relations_named("My mum lives in Cork.") == {"mother"}


def test_a_name_or_a_job_is_no_age_of_someone_asked_by_name() -> None:
    """ "¿Cuántos años tiene Iván?" of a user who told only "Mi cuñado se llama Iván." and
    "Wie alt ist Lars?" of one who told what Lars does abstain: a name is no age, asked by
    relation or by name, nor is a job; a relative's home is no job either."""
    named = keyed(1, "note.es.n1", "Mi cuñado se llama Iván.", 0.87, 0.6)
    filler = [keyed(9, "k9", "y", 0.76), keyed(8, "k8", "x", 0.75)]
    assert answering([named, *filler], question="¿Cuántos años tiene Iván?") == []
    lars = keyed(2, "family.brother.name", "Lars", 0.84, 0.6)
    job = keyed(3, "family.brother.job_title", "Pia's brother Lars works as a roofer.", 0.87, 0.6)
    assert answering([lars, job, *filler], question="Wie alt ist Lars?") == []
    home = keyed(4, "family.mother.home_city", "Pia's mother lives in Graz.", 0.87, 0.6)
    assert answering([home, *filler], question="¿En qué trabaja mi mamá?") == []


def test_a_blood_type_asked_in_any_form_is_answered_only_by_a_blood_type() -> None:
    """ "which blood group am I in?", "Welche Blutgruppe hab ich denn?", "Mon groupe
    sanguin, déjà ?" of a user who told a thyroid medicine abstain (being about health is not
    enough); a memory naming the blood type answers."""
    pills = keyed(1, "note.en.n1", "I take levothyroxine for my thyroid.", 0.87, 0.8)
    blood = keyed(2, "note.en.n2", "My blood group is A positive.", 0.84, 0.8)
    filler = [keyed(9, "k9", "y", 0.76), keyed(8, "k8", "x", 0.75)]
    for asked in (
        "which blood group am I in?",
        "Welche Blutgruppe hab ich denn?",
        "Mon groupe sanguin, c'est lequel ?",
        "Группа крови у меня какая, помнишь?",
    ):
        assert answering([pills, *filler], question=asked) == [], asked
    assert [
        h.id for h in answering([pills, blood, *filler], question="which blood group am I in?")
    ] == [2]


def test_an_animal_asked_is_not_answered_with_the_users_own_home() -> None:
    """ "Un lapin, j'en ai un ?" of a user who told only where they live abstains."""
    home = keyed(1, "home_city", "Zoé lives in Nantes.", 0.87, 0.6)
    filler = [keyed(9, "k9", "y", 0.76), keyed(8, "k8", "x", 0.75)]
    assert answering([home, *filler], question="Un lapin, j'en ai un ?") == []


def test_a_form_of_address_names_no_relative_and_a_doctors_title_names_the_doctor() -> None:
    """ "zu Frau Dr. Seidel" names no wife; "Dr Patel" is a doctor."""
    from memory_core.read.answer import relations_named

    assert relations_named("Seit Jahren gehe ich zu Frau Dr. Seidel.") == {"doctor"}
    assert relations_named("Meine Frau arbeitet in Kiel.") == {"wife"}
    assert relations_named("I see Dr Patel twice a year.") == {"doctor"}


def test_work_said_in_slang_names_the_job() -> None:
    """ "Je taffe où, moi ?", "¿Y de qué chambeo yo?", "Кем я там вкалываю?" are about work."""
    job = next(i for i, a in enumerate(AREAS) if a.description.startswith("job,"))
    for asked in ("Je taffe où, moi ?", "¿Y de qué chambeo yo?", "Кем я там вкалываю?"):
        assert job in named_areas(asked), asked


def test_a_spanish_note_opening_with_the_users_verb_is_theirs_alone() -> None:
    """ "Curro de camarera en un bar." speaks of the user though no "yo" is said: it does not
    answer "¿En qué trabaja Nacho?" of a user whose brother is Nacho; a note opening with the
    name asked still may."""
    own = keyed(1, "note.es.n1", "Curro de camarera en un bar del centro.", 0.87, 0.8)
    his = keyed(2, "note.es.n2", "Nacho trabaja en una imprenta.", 0.84, 0.8)
    brother = keyed(3, "family.brother.nacho.name", "Nacho", 0.74, 0.2)
    filler = [brother, keyed(9, "k9", "y", 0.76), keyed(8, "k8", "x", 0.75)]
    assert answering([own, *filler], question="¿En qué trabaja Nacho?") == []
    assert [h.id for h in answering([own, his, *filler], question="¿En qué trabaja Nacho?")][
        :1
    ] == [2]


def test_a_relatives_age_is_no_job_or_home() -> None:
    """ "What does my son do these days?" of a user who told only his age abstains."""
    age = keyed(1, "family.son.age", "Kim's son is 17.", 0.87, 0.6)
    filler = [keyed(9, "k9", "y", 0.76), keyed(8, "k8", "x", 0.75)]
    assert answering([age, *filler], question="what job does my son have these days?") == []
    assert [h.id for h in answering([age, *filler], question="how old is my son?")] == [1]


def test_a_note_about_one_of_the_users_people_does_not_answer_about_the_user() -> None:
    """ "Где я работаю?" of a user who told "Мой муж трудоголик." abstains: a note opened by
    one of the user's people ("Mein Mann arbeitet …", "Mi novio trabaja …") is theirs; one
    where the user does it too ("Mon père et moi, on bosse chez HP.") or opened by the user
    still answers, and the note answers about that one."""

    def note(id: int, text: str) -> list[SearchHit]:
        filler = [keyed(9, "k9", "Eva mag Jazz.", 0.76), keyed(8, "k8", "x", 0.75)]
        return [keyed(id, f"note.x.n{id}", text, 0.87, 0.6), *filler]

    assert answering(note(1, "Мой муж трудоголик."), question="Где я работаю?") == []
    telecom = note(2, "Mein Mann arbeitet in der Telekommunikation.")
    assert answering(telecom, question="Wo arbeite ich?") == []
    nasa = note(3, "Mi novio trabaja en la NASA.")
    assert answering(nasa, question="¿Dónde trabajo?") == []
    assert [h.id for h in answering(nasa, question="¿Dónde trabaja mi novio?")] == [3]
    assert [h.id for h in answering(nasa, question="¿Tengo pareja?")] == [3]
    hp = note(4, "Mon père et moi, on bosse chez HP.")
    assert [h.id for h in answering(hp, question="Où est-ce que je travaille ?")] == [4]
    bar = note(5, "Trabajo con mi padre en su taller.")
    assert [h.id for h in answering(bar, question="¿Dónde trabajo?")] == [5]
    ohio = note(6, "My husband and I live in Ohio.")
    assert [h.id for h in answering(ohio, question="where do I live?")] == [6]
    # ... and so is a fact kept under one of them.
    keyed_job = keyed(7, "family.boyfriend.job", "Javier's boyfriend works at NASA.", 0.87, 0.6)
    filler = [keyed(9, "k9", "Eva mag Jazz.", 0.76), keyed(8, "k8", "x", 0.75)]
    assert answering([keyed_job, *filler], question="¿Cuál es mi profesión?") == []
    job = [h.id for h in answering([keyed_job, *filler], question="¿En qué trabaja mi novio?")]
    assert job == [7]


@pytest.mark.parametrize(
    "question",
    [
        "what does the woman I'm dating do for a living?",
        "¿Dónde vive la chica con la que salgo?",
        "Il a quel âge, le gars avec qui je sors ?",
        "Wie heißt die Frau, mit der ich zusammen bin?",
        "Сколько лет человеку, с которым я встречаюсь?",
    ],
)
def test_the_partner_said_by_what_the_user_does_with_them(question: str) -> None:
    """No relation word, only what the user does with them ("the one I'm seeing", "con la
    que salgo"): the partner is asked about, not the user (session 13: such a question was
    answered with the user's own name)."""
    from memory_core.read.answer import asked_relation

    assert asked_relation(question) == "partner"


def test_a_sweetheart_word_names_the_partner() -> None:
    """ "mon amoureux", "mon amoureuse": the boyfriend or girlfriend, not the user."""
    from memory_core.read.answer import asked_relation

    assert asked_relation("Il s'appelle comment, mon amoureux ?") == "boyfriend"
    assert asked_relation("Elle bosse où, mon amoureuse ?") == "girlfriend"


#: A note told, then corrected by one word (seven words alike: near-duplicates by Jaccard).
SAID = "Crecí en una granja lechera muy pequeña cerca de %s."


def test_a_pending_correction_is_no_near_duplicate_of_the_value_it_would_replace() -> None:
    """A note's correction waiting for the user's answer beside the note (one key, one word
    apart): both stay, or a question meanwhile hears the old one alone."""
    old = keyed(1, "note.es.creci_en_una_granja", SAID % "Oviedo", 0.86)
    new = SearchHit(
        "facts",
        2,
        SAID % "Lugo",
        0.5,
        0.0,
        0.85,
        fact=fact(
            2,
            SAID % "Lugo",
            key="note.es.creci_en_una_granja",
            status=Status.PENDING,
        ),
    )
    assert [h.id for h in dedup([old, new], 0.7)] == [1, 2]


def test_the_pending_value_of_an_answering_memory_answers_beside_it() -> None:
    """The old value answers; the correction of it the user has not confirmed yet (same key,
    pending) answers too, even below the runner-up's margin — and the other way round."""
    old = keyed(1, "note.de.ich_arbeite_als", "Ich arbeite als Lehrer.", 0.88, 0.9)
    new = SearchHit(
        "facts",
        2,
        "Ich arbeite als Koch.",
        0.5,
        0.0,
        0.80,
        fact=fact(2, "Ich arbeite als Koch.", key="note.de.ich_arbeite_als", status=Status.PENDING),
        topic=0.5,
    )
    rest = [keyed(3, "home_city", "Ana lives in Leeds.", 0.76), keyed(4, "name", "Ana.", 0.75)]
    assert [h.id for h in answering([old, new, *rest], question="Was ist mein Beruf?")] == [1, 2]
    first = replace(new, vector=0.88, topic=0.9)
    second = replace(old, vector=0.80, topic=0.5)
    assert [h.id for h in answering([first, second, *rest], question="Was ist mein Beruf?")] == [
        2,
        1,
    ]


def test_a_medicine_the_user_is_on_answers_which_medicines_they_take() -> None:
    """ "The user is on statins" (from "the doc put me on statins …") was no medicine taken:
    a question about their medicines got "I don't know that yet"."""
    on = keyed(1, "trait.statins", "Ana is on statins.", 0.8, 0.7)
    diet = keyed(2, "trait.diet", "Ana is on a diet.", 0.81, 0.7)
    home = keyed(3, "home_city", "Ana lives in Leeds.", 0.7)
    assert [
        h.id for h in answering([on, diet, home], question="which medication am I taking?")
    ] == [1]


def test_a_job_asked_in_slang_is_asked_as_the_job() -> None:
    from memory_core.read.answer import plain_question

    assert plain_question("tu te rappelles mon taf ?") == "tu te rappelles mon travail ?"
    assert plain_question("¿de qué es mi curro?") == "¿de qué es mi trabajo?"
    assert plain_question("Was ist mein Job?") == "Was ist mein Beruf?"


def test_grandchildren_of_either_sex_are_one_group() -> None:
    """ "Wie heißen meine Enkel?" of a grandson and a granddaughter told apart (the keys
    ``family.grandchild`` and ``family.granddaughter``) names both, not the first alone."""
    grandkids = [
        keyed(1, "family.granddaughter.name", "Ana's granddaughter is named Wilma.", 0.84, 0.95),
        keyed(2, "family.grandchild.name", "Ana's grandchild is named Anton.", 0.80, 0.9),
    ]
    others = [keyed(4, "home_city", "Ana lives in Leeds.", 0.76), keyed(5, "name", "Ana.", 0.75)]
    asked = answering([*grandkids, *others], question="Wie heißen meine Enkel?")
    assert [h.id for h in asked] == [1, 2]
