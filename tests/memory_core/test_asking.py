"""Questions without a question mark are read as questions — by the reader, which answers them,
and by the learner, which never keeps them as statements — and statements stay statements."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memory_core.extract import notes
from memory_core.extract.base import TurnInput
from memory_core.extract.filters import is_question as english_question
from memory_core.extract.rules import extract_rules
from memory_core.read.recall import is_question
from memory_core.text.asking import asks_unmarked

UNMARKED_QUESTIONS = [
    # French: the question word last, or after a preposition, or "quel" anywhere.
    "tu bosses où en ce moment",
    "elle s'appelle comment ta cousine",
    "on mange quoi chez mes parents dimanche",
    "le chien du voisin il a quel âge",
    "dans quel quartier je loge",
    "avec qui je pars en vacances",
    "qui est mon parrain",
    # ... "est-ce que" anywhere, or the verb and its pronoun inverted first.
    "est-ce qu'on a un lapin",
    "et mon neveu, est-ce qu'il vit toujours à Brest",
    "avons-nous un poisson rouge",
    "y a-t-il des cousins du côté de ma mère",
    "ai-je un rendez-vous chez l'ophtalmo",
    # Spanish without accents, or after a preposition.
    "cuantos primos tengo por parte de papa",
    "en que barrio vive mi suegra",
    "a que hora entro al curro",
    "que pelicula vimos el sabado",
    # German: verb first, "was" before a verb, a question word after a preposition.
    "Trinke ich zu viel Kaffee",
    "Spielen wir am Freitag Tennis",
    "was koch ich morgen fuer die Gaeste",
    "Bei welcher Bank bin ich Kunde",
    "Wofür spare ich eigentlich",
    # Russian: "ли", a question word after a preposition, "что я", "как звать".
    "Пью ли я витамины",
    "С кем я ездила в Сочи",
    "За какую партию я голосую",
    "что я читаю перед сном",
    "как звать моего тренера",
    # English texters.
    "whos my dentist these days",
    "any siblings on dads side",
    "anything i need to avoid at the dentist",
    "the new flat, where is it",
    "the wedding venue, remind me",
    "Кличка собаки и порода, напомни",
    # A request to name or list, a "please" after what is asked, the question word last.
    "list my cousins for me",
    "name of my boss, please",
    "my brother studies what, again",
    "Nennen Sie mir meine Neffen.",
    "Zähl mir mal meine Tanten auf",
    "Nómbrame a mis sobrinos",
    "El nombre de mi jefe, por favor",
    "Cite-moi mes neveux",
    "Перечисли моих племянников.",
    # "any …" with what the user said of it after, no verb of the sentence's own; the same
    # asked in the other languages ("irgendwelche …", "algún … que …", "des … que j'ai",
    # "какие-нибудь …"), and "did I tell you how/where …" with the question inside.
    "any snacks i said im off",
    "any meds i take",
    "anything i'm allergic to",
    "any allergies i told you about",
    "anything about my sister",
    "irgendwelche Allergien die ich habe",
    "alguna alergia que tenga",
    "algún alimento que no puedo comer",
    "des allergies que j'ai",
    "какие-нибудь аллергии у меня есть",
    "какие у меня болезни",
    "hab ich dir gesagt wie mein Hund heißt",
    "te dije cómo se llama mi perro",
    "te conte donde vive mi hermana",
    "je t'ai dit comment s'appelle mon chien",
    "я говорил, как зовут мою собаку",
    "я тебе рассказывала, где работает тётя",
]

STATEMENTS = [
    "Je travaille à Lyon, dans la ville où mes parents habitent.",
    "J'ai un ami qui habite à Marseille.",
    "Je suis content quand mon fils vient me voir.",
    "Je ne sais pas comment ma mère fait tout ça.",
    "Vivo en un barrio tranquilo de Sevilla.",
    "Was ich am liebsten esse, ist Lasagne.",
    "Am Wochenende spiele ich Handball.",
    "Hab ich dir doch gesagt, ich bin Lehrerin.",
    "Я пью чай без сахара.",
    "Any time I eat shrimp I get hives.",
    "Anyone who knows me knows I love jazz.",
    "I'm a nurse, what about you.",
    "Sam, who is a doctor, lives in Leeds.",
    "I have a dentist appointment on Friday, remind me.",
    "Vivo en Valladolid con mi pareja.",
    # Russian drops "я": what is thought after a verb of thinking asks nothing.
    "часто думаю, что мне лучше бы уйти из жизни",
    "знаю, где мои ключи",
    "List of my meds: ibuprofen and an inhaler.",
    "I name my plants after poets.",
    "Nenne ich ihn Max, lacht er.",
    "Rendez-vous chez le kiné jeudi à 18h.",
    "On a un lapin nain à la maison.",
    "Peut-être qu'on déménage à Rennes.",
    # "any …" with a verb of its own after what the user said of it, "that" after a verb of
    # telling (the value is told), "some … I have" with a verb after.
    "Any food I eat makes me sick.",
    "Anything I cook turns out salty",
    "any exercise i do helps my back",
    "Anything I want, I get",
    "Algunos amigos que tengo viven en Madrid.",
    "Te dije que tengo un perro.",
    "Je t'ai dit que j'ai un chat.",
    "Я говорил, что у меня есть собака.",
    "Ich hab dir gesagt, wie sehr ich Jazz mag.",
    "Irgendwas stimmt mit meinem Auto nicht.",
    "Des amis que j'ai rencontrés à Lyon viennent dîner.",
    "Какой у меня был день",
]


@pytest.mark.parametrize("text", UNMARKED_QUESTIONS)
def test_a_question_without_a_question_mark_is_read_as_one(text: str) -> None:
    """The reader answers it, and the learner keeps nothing of it as a statement."""
    assert asks_unmarked(text)
    assert is_question(text)
    assert notes.is_question(text) or english_question(text)
    said = TurnInput(text, datetime(2026, 3, 2, tzinfo=UTC), user_name="Kim")
    assert extract_rules(said) == []


@pytest.mark.parametrize("text", STATEMENTS)
def test_a_statement_stays_a_statement(text: str) -> None:
    """Relative clauses, a question word that asks nothing, and a statement with a request
    after it are not questions."""
    assert not asks_unmarked(text)
