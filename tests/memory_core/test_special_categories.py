"""The one sensitivity model on the special categories: statements are private, mentions are not,
and what is private is kept out of a group however a fact was stored."""

from __future__ import annotations

from dataclasses import replace

import pytest

from memory_core.extract.sensitivity import classified, is_self_harm, sensitive_topic
from memory_core.read.disclosure import PRIVATE_LABEL, is_private, shown, shown_text
from memory_core.values import Audience, Category, Topic
from tests.factories import fact as make_fact

T = Topic


@pytest.mark.parametrize(
    ("text", "topic"),
    [
        # The leaks, as the attack phrased them.
        ("Some days I think about ending it all", T.SELF_HARM),
        ("I am HIV positive and take antiretrovirals", T.HEALTH),
        ("I was arrested for shoplifting in 2018", T.CRIMINAL),
        ("I'm gay", T.SEX_LIFE),
        ("I'm a practising Catholic", T.RELIGION),
        ("I vote Green", T.POLITICS),
        ("I'm undocumented", T.IMMIGRATION),
        ("I'm in the nurses' union", T.UNION),
        ("We're under serious financial strain", T.FINANCE),
        ("Don't tell anyone, but I'm quitting next month", T.CONFIDED),
        # Third person and fact style.
        ("Ana is a lesbian.", T.SEX_LIFE),
        ("The user is a devout Muslim.", T.RELIGION),
        ("Ben is on parole.", T.CRIMINAL),
    ],
)
def test_statements_of_a_special_category_are_private(text: str, topic: Topic) -> None:
    assert sensitive_topic(text) == topic
    category, sensitive = classified(Category.OTHER, False, text)
    assert sensitive
    # A special category has no fact category of its own: the fact keeps "other".
    if topic not in (T.HEALTH, T.SELF_HARM, T.FINANCE):
        assert category == Category.OTHER


@pytest.mark.parametrize(
    "text",
    [
        "I watched a documentary about religion",
        "my friend is a lawyer for immigrants",
        "We're going to Union Square tomorrow",
        "The office politics at my job are exhausting",
        "This traffic is killing me",
        "I work as a prison guard",
        "The church on our street has a lovely bell tower",
        "I'm straight up exhausted today",
        "I'm reading a crime novel",
        # A colour is no party: a weekly reflection lost "likes.tea is green" to politics.
        "Ana's likes.tea is green",
        "My new bike is green and silver",
    ],
)
def test_mentions_of_a_topic_are_not_private(text: str) -> None:
    assert sensitive_topic(text) is None


def test_self_harm_is_told_apart() -> None:
    assert is_self_harm("i dont want to be here anymore")
    assert not is_self_harm("I'm dying to see the new Dune film")


def test_short_and_foreign_self_harm_is_read_by_the_rules_and_its_look_alikes_are_not() -> None:
    """What the meaning reader, made stricter on instructions, no longer flags is read by the
    rules: short indirect wordings and German, French and Spanish (not the tune sentences'
    words alone: each has a harmless look-alike beside it)."""
    for text in (
        "honestly I don't want to wake up again",
        "there's no point carrying on like this",
        "I've made a plan for when I'll end my life",
        "Ich möchte nicht mehr leben",
        "je veux plus vivre, c'est trop dur",
        "a veces quiero quitarme la vida",
    ):
        assert is_self_harm(text), text
    for text in (
        "I don't want to wake up early again",
        "no point carrying on with the trip in this rain",
        "I have a plan for when I'll do the taxes",
        "Ich möchte nicht mehr in München leben",
        "je ne veux plus vivre à Lyon",
        "no quiero vivir en el centro",
    ):
        assert not is_self_harm(text), text


def test_a_fact_stored_unflagged_is_still_private_in_a_group() -> None:
    """A fact written before its topic was known (or by a path that did not classify it)."""
    fact = replace(make_fact(1, "I'm bi and my parents don't know"), sensitive=False)
    assert fact.category not in (Category.HEALTH, Category.FINANCE)
    assert is_private(fact)
    assert shown(fact, Audience.GROUP).value_text == PRIVATE_LABEL
    assert shown(fact, Audience.PRIVATE).value_text == fact.value_text
    # An /import line under an "Other" heading: the text decides, not the heading.
    line = "I was arrested for shoplifting in 2018"
    assert shown_text(line, Category.OTHER, Audience.GROUP, False) == PRIVATE_LABEL
    assert shown_text(line, Category.OTHER, Audience.PRIVATE, False) == line


def test_russian_self_harm_is_read_by_the_rules_and_its_look_alikes_are_not() -> None:
    """The trigger index reads words of any script: Russian self-harm is read by the rules,
    not left to the reader by meaning (each wording has a harmless look-alike beside it)."""
    for text in (
        "мне не хочется больше жить",
        "думаю покончить с собой",
        "вчера опять резала себе руки",
        "хочу уснуть и не проснуться",
        "иногда мечтаю умереть",
        "мысли о суициде не отпускают",
        "всем будет лучше без меня",
        "хочу наложить на себя руки",
    ):
        assert is_self_harm(text), text
    for text in (
        "не хочу больше жить в этом городе",
        "надо покончить с этим отчётом",
        "порезала палец, когда резала хлеб",
        "хочу уснуть пораньше сегодня",
        "я умираю от смеха",
        "убить время до поезда",
        "без меня они справятся с уборкой",
    ):
        assert not is_self_harm(text), text


@pytest.mark.parametrize(
    "text",
    [
        "Ich bin seit Jahren Mitglied bei der IG Metall",
        "ich bin gewerkschaftlich organisiert",
        "meine Gewerkschaft zahlt den Anwalt",
        "soy afiliada a CCOO desde 2015",
        "estoy en el sindicato de mi empresa",
        "mi marido es delegado sindical",
        "je suis syndiquée depuis mes vingt ans",
        "je paie ma cotisation syndicale chaque mois",
        "il est adhérent à la CFDT",
        "я член профсоюза с девяностых",
        "муж вступил в профсоюз на заводе",
        "плачу профсоюзные взносы",
    ],
)
def test_union_membership_is_read_in_german_spanish_french_and_russian(text: str) -> None:
    assert sensitive_topic(text) == T.UNION


@pytest.mark.parametrize(
    "text",
    [
        "Die Gewerkschaft hat für Montag zum Streik aufgerufen",
        "el sindicato convocó una huelga de transporte",
        "le syndicat des copropriétaires se réunit jeudi",
        "on est passés au syndicat d'initiative",
        "профсоюз объявил забастовку на заводе",
    ],
)
def test_a_union_in_the_news_or_a_look_alike_is_not_membership(text: str) -> None:
    assert sensitive_topic(text) is None


def test_a_question_of_whether_to_go_on_living_is_read_by_the_rules() -> None:
    """The reader by meaning gives no crisis reply to a question: the usual questions of
    whether to go on living are read by the rules instead (their look-alikes are not)."""
    for text in (
        "what's the point of living anymore?",
        "whats the point in going on",
        "why should I keep living?",
        "is there any reason to keep living?",
    ):
        assert is_self_harm(text), text
    for text in (
        "what's the point of living in London if you never go out?",
        "why should I keep living with roommates at 35?",
        "any reason to keep going on with this diet?",
    ):
        assert not is_self_harm(text), text


@pytest.mark.parametrize(
    ("text", "topic"),
    [
        # Twelfth round: time served, a tag, a judge's order, observance, union dues.
        ("я отсидела два года за кражу", T.CRIMINAL),
        ("seit Mai trage ich eine Fußfessel", T.CRIMINAL),
        ("le juge m'a placé sous contrôle judiciaire", T.CRIMINAL),
        ("community service each sunday until june", T.CRIMINAL),
        ("we lit the diyas on the balcony", T.RELIGION),
        ("I say my rosary on the bus", T.RELIGION),
        ("lent started so no meat on fridays", T.RELIGION),
        ("Beiträge an die GEW zahle ich seit 2010", T.UNION),
        # German
        ("meine schwester ist schwanger, 9. ssw", T.HEALTH),
        ("ich hab mich letzte woche wieder geritzt", T.SELF_HARM),
        ("hab in letzter zeit suizidgedanken", T.SELF_HARM),
        ("ich bin seit zwei jahren geoutet, mein chef weiß es nicht", T.SEX_LIFE),
        ("ich bin evangelisch getauft, aber glaube nicht an gott", T.RELIGION),
        ("ich hab letztes mal die grünen gewählt", T.POLITICS),
        ("mein cousin sitzt seit märz im knast", T.CRIMINAL),
        ("wir haben nur eine duldung bekommen", T.IMMIGRATION),
        ("ich hab 8000 euro schulden bei der bank", T.FINANCE),
        ("mein reisepass ist seit april abgelaufen", T.IDENTITY_DOCUMENT),
        # Spanish
        ("mi novia está embarazada de gemelos", T.HEALTH),
        ("a veces me corto los brazos cuando no puedo más", T.SELF_HARM),
        ("mi prima es lesbiana, pero sus padres no lo saben", T.SEX_LIFE),
        ("soy católica practicante", T.RELIGION),
        ("siempre he votado al psoe", T.POLITICS),
        ("mi tío tiene antecedentes penales", T.CRIMINAL),
        ("vivo aquí sin papeles desde 2018", T.IMMIGRATION),
        ("no puedo pagar la hipoteca este mes", T.FINANCE),
        ("perdí mi pasaporte en el aeropuerto", T.IDENTITY_DOCUMENT),
        # French
        ("ma copine est enceinte de trois mois", T.HEALTH),
        ("je me scarifie quand ça ne va pas", T.SELF_HARM),
        ("mon frère est gay et il l'a dit à mes parents", T.SEX_LIFE),
        ("je suis juive pratiquante", T.RELIGION),
        ("je suis de gauche depuis toujours", T.POLITICS),
        ("j'ai un casier judiciaire pour vol", T.CRIMINAL),
        ("mes parents sont sans-papiers", T.IMMIGRATION),
        ("on est surendettés depuis le divorce", T.FINANCE),
        ("mon passeport expire dans un mois", T.IDENTITY_DOCUMENT),
        # Russian
        ("сестра беременна третьим", T.HEALTH),
        ("не хочу больше просыпаться по утрам", T.SELF_HARM),
        ("мой брат гей", T.SEX_LIFE),
        ("я православный, хожу в церковь по праздникам", T.RELIGION),
        ("голосовал за кпрф на прошлых выборах", T.POLITICS),
        ("у отца судимость за мошенничество", T.CRIMINAL),
        ("мы живём здесь нелегально", T.IMMIGRATION),
        ("у меня долги по трём кредиткам", T.FINANCE),
        ("потерял паспорт в поезде", T.IDENTITY_DOCUMENT),
    ],
)
def test_first_person_statements_are_read_in_german_spanish_french_and_russian(
    text: str, topic: Topic
) -> None:
    """What people say of themselves or someone close in the bot's other languages is read by
    the rules (the reader by meaning once had to carry these alone)."""
    assert sensitive_topic(text) == topic


@pytest.mark.parametrize(
    "text",
    [
        "ich bin links abgebogen, dann geradeaus",
        "die cdu hat einen neuen vorsitzenden",
        "unsere katze ist schwanger mit ideen, sagt mein sohn",
        "das bringt mich noch um, dieser stau",
        "ich schneide die haare meines sohnes selbst",
        "mein bibliotheksausweis ist abgelaufen",
        "me corto el pelo los sábados",
        "me muero de hambre",
        "la oficina del dni cierra a las dos",
        "el sindicato de estudiantes organiza una fiesta",
        "tourne à droite après la mairie",
        "ce boulot va me tuer",
        "j'ai acheté une enceinte bluetooth",
        "le bureau des passeports est fermé le lundi",
        "кошка беременна, скоро котята",
        "поверни налево у аптеки",
        "я сижу дома весь день",
        "читаю статью про госдолг",
    ],
)
def test_look_alikes_in_the_other_languages_are_not_private(text: str) -> None:
    assert sensitive_topic(text) is None


@pytest.mark.parametrize(
    ("text", "topic"),
    [
        ("i hit myself until i bruise, it's the only thing that helps", T.SELF_HARM),
        ("wrote my goodbye note last night", T.SELF_HARM),
        ("gonna end it this weekend i think", T.SELF_HARM),
        ("sometimes i wish a car would just hit me", T.SELF_HARM),
        ("j'ai écrit une lettre d'adieu hier soir", T.SELF_HARM),
        ("me quemo los brazos con cigarros cuando me agobio", T.SELF_HARM),
        ("i'm out on bail till the trial", T.CRIMINAL),
        ("my probation officer moved my check-in to thursday", T.CRIMINAL),
        ("war zwei jahre im knast", T.CRIMINAL),
        ("на меня завели уголовное дело", T.CRIMINAL),
        ("knocked on doors for our candidate in the primaries", T.POLITICS),
        ("bin in der cdu, schon seit der schulzeit", T.POLITICS),
        ("our local is voting on the contract and i'm on the bargaining committee", T.UNION),
        ("ich bin in der gew, der lehrergewerkschaft", T.UNION),
        ("je suis à sud rail depuis 5 ans", T.UNION),
        ("we do friday prayers at the masjid", T.RELIGION),
        ("соблюдаю шаббат", T.RELIGION),
        ("je suis pansexuel", T.SEX_LIFE),
        ("ich bin geflüchtet und warte auf meinen bescheid", T.IMMIGRATION),
        ("behind on the car payments, they might repo it", T.FINANCE),
        ("i make about 14 an hour before tax", T.FINANCE),
        ("je dois 2000 balles à mon pote", T.FINANCE),
        ("two pink lines this morning, not telling anyone till 12 weeks", T.HEALTH),
        ("у меня задержка, боюсь делать тест", T.HEALTH),
    ],
)
def test_chat_phrasings_of_tune_batch_18_are_read_by_the_rules(text: str, topic: Topic) -> None:
    """Said the way people chat, in five languages (none was read before batch 18)."""
    assert sensitive_topic(text) == topic


@pytest.mark.parametrize(
    "text",
    [
        "wrote a goodbye card for my coworker who's leaving",
        "gonna end this call, talk later",
        "i burned myself on the stove making pasta",
        "the credit union branch closes at 4",
        "i left the church after the wedding and went to the reception",
        "knocking on doors for charity this weekend",
        "i'm expecting a call from the landlord",
        "my pin got blocked after 3 tries, need to call the bank",
        "me corto el pelo los sábados",
        "je me coupe souvent en cuisinant",
    ],
)
def test_look_alikes_of_tune_batch_18_are_not_private(text: str) -> None:
    assert sensitive_topic(text) is None


@pytest.mark.parametrize(
    ("text", "topic"),
    [
        # Passive wishes not to live, in five languages: the crisis reply follows a rule's
        # reading whatever the reader by meaning says.
        ("some mornings i'm disappointed i woke up at all", T.SELF_HARM),
        ("no one would miss me, they'd get over it in a week", T.SELF_HARM),
        ("my partner would be happier with me out of the way for good", T.SELF_HARM),
        ("being dead sounds peaceful honestly", T.SELF_HARM),
        ("ich sehe keinen grund mehr, weiterzumachen", T.SELF_HARM),
        ("ich hoffe jeden abend, dass es der letzte ist", T.SELF_HARM),
        ("me corto cuando me siento así", T.SELF_HARM),
        ("mi familia estaría mejor si yo no estuviera", T.SELF_HARM),
        ("j'ai pensé à en finir ce week-end", T.SELF_HARM),
        ("j'ai mis de côté des cachets, au cas où", T.SELF_HARM),
        ("родным станет легче, когда меня не будет", T.SELF_HARM),
        ("иногда представляю, как шагну с крыши", T.SELF_HARM),
        # Debts being collected, worship and votes said in passing.
        ("the council sent a final demand for unpaid tax", T.FINANCE),
        ("meine kreditkarte ist komplett überzogen", T.FINANCE),
        ("tengo la cuenta en números rojos otra vez", T.FINANCE),
        ("je suis fiché à la banque de france", T.FINANCE),
        ("задолжал за квартиру уже полгода", T.FINANCE),
        ("ich gehe jeden sonntag in den gottesdienst", T.RELIGION),
        ("я крещёная, но в церковь не хожу", T.RELIGION),
        ("на выборах всегда ставлю галочку за яблоко", T.POLITICS),
        ("soy una mujer trans", T.SEX_LIFE),
        ("we've stopped sleeping together", T.SEX_LIFE),
    ],
)
def test_chat_phrasings_of_tune_batch_20_are_read_by_the_rules(text: str, topic: Topic) -> None:
    """Tune batch 20's rows the rules had missed (none of them a held-out sentence)."""
    assert sensitive_topic(text) == topic


@pytest.mark.parametrize(
    "text",
    [
        "my houseplants would be better off without me, i keep forgetting to water them",
        "the team will be fine without me next week",
        "nobody would miss me at the party if i left early",
        "nobody would notice if i left early",
        "i hope i don't wake up early tomorrow",
        "je voudrais ne plus me réveiller à 6h pour le boulot",
        "je veux en finir avec ce projet",
        "когда меня не будет дома, покорми кота",
        "si yo no estuviera aquí mañana, llama a mi madre",
        "dying my hair sounds fun",
        "my faith in humanity is restored",
        "les impayés de la boîte",
        "the id number of my order is 4471-22",
        "code postal pour le formulaire : 75011",
        "he is a debt collector",
        "the kids are sleeping together in one room tonight",
        "my secret santa gift arrived",
    ],
)
def test_look_alikes_of_tune_batch_20_are_not_private(text: str) -> None:
    assert sensitive_topic(text) is None
