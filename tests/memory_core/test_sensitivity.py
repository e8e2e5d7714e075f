"""The sensitivity classifier (health, finance, identity documents) and its labelled evaluation."""

from __future__ import annotations

import time

import pytest

from memory_core.errors import InvalidInputError
from memory_core.evaluation.sensitivity import (
    FRESH_BATCHES,
    SELECTION_BATCHES,
    TUNE_BATCHES,
    LabelledSentence,
    evaluate,
    load_labels,
    parse_labels,
    split_for,
)
from memory_core.extract.sensitivity import sensitive_topic
from memory_core.values import Category, Topic

H, F, D = Category.HEALTH, Category.FINANCE, Category.IDENTITY_DOCUMENT

# ---- the issue's sentences --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "category"),
    [
        ("My HIV test came back positive", H),
        ("Ana's HIV test came back positive.", H),
        ("The user is hiv positive.", H),
        ("I take insulin", H),
        ("Ana takes insulin.", H),
        ("I'm on antidepressants", H),
        ("The user is on antidepressants.", H),
        ("I'm on sertraline", H),
        ("Ana is on sertraline.", H),
        ("I'm in rehab", H),
        ("Ana is in rehab.", H),
        ("I earn 85000 a year", F),
        ("Ana earns 85000 a year.", F),
        ("I owe the bank 20000 euros", F),
        ("Ana owes the bank 20000 euros.", F),
    ],
)
def test_the_issues_sentences_are_flagged_with_their_category(
    text: str, category: Category
) -> None:
    """The six cases stored as ``other`` in the issue, in first and third person."""
    assert sensitive_topic(text) == category


@pytest.mark.parametrize(
    ("text", "category"),
    [
        ("Ana was diagnosed with bipolar disorder.", H),
        ("I suffer from migraines", H),
        ("Ana takes lisinopril.", H),  # -pril
        ("I'm on bisoprolol", H),  # -olol
        ("The user takes atorvastatin.", H),  # -statin
        ("Ana gets adalimumab injections.", H),  # -mab
        ("i take lorazepam", H),  # -azepam
        ("I take sumatriptan", H),  # -triptan
        ("Ana is on omeprazole.", H),  # -prazole
        ("I see a therapist every Tuesday", H),
        ("Ana has been sober for three years.", H),
        ("Ich bin seit Weihnachten trocken.", H),
        ("Llevo seis meses sin beber.", H),
        ("Je suis sobre depuis l'an dernier.", H),
        ("Не пью уже полтора года.", H),
        ("I rely on a couple of beers every evening to cope.", H),
        ("We're doing IVF", H),
        ("Ana had a miscarriage last year.", H),
        ("My dog takes insulin", H),
        ("My salary is 3200 euros a month", F),
        ("I have 3000 euros in savings", F),
        ("Ana is paying off a car loan.", F),
        ("I went bankrupt in 2015", F),
        ("Ana's passport expires in May.", D),
        ("I don't have a driver's license", D),
        ("I gave them my social security number", D),
        ("Mi NIE caduca en mayo", D),
        ("todavía no tengo el nie", D),
        # Twelfth round (classes of tune rows the rules missed): operations, money at risk.
        ("I've had two back operations", H),
        ("ich wurde letztes Jahr an der Hüfte operiert", H),
        ("me van a operar de la rodilla", H),
        ("j'ai été opérée du dos en mars", H),
        ("меня прооперировали в мае", H),
        ("the mortgage is two months behind", F),
        ("we might be losing our flat", F),
        ("wir leben von Hartz 4", F),
        ("моя мама живёт на пособие", F),
        ("no tenemos ni dinero para el bus", F),
        ("l'huissier est passé hier", F),
    ],
)
def test_health_finance_and_documents_are_read_broadly(text: str, category: Category) -> None:
    """Conditions, drug stems, therapy, addiction, pregnancy; income, debt, savings; documents."""
    assert sensitive_topic(text) == category


@pytest.mark.parametrize(
    ("text", "category"),
    [
        ("My wifi password is hunter2", Category.CREDENTIAL),
        ("My IBAN is DE89 3704 0044 0532 0130 00", F),
        ("My SSN is 123-45-6789", D),
    ],
)
def test_secret_values_decide_through_find_sensitive(text: str, category: Category) -> None:
    """A credential, IBAN or document number found by ``find_sensitive`` gives its category."""
    assert sensitive_topic(text) == category


@pytest.mark.parametrize(
    "text",
    [
        "I work at a bank",
        "I love Bank Holiday weekends",
        "I watch House MD",
        "my brother is a nurse",
        "I run a pharmacy",
        "I ran a marathon",
        "I'm a diabetes nurse",
        "Ana is a therapist.",
        "I'm a mortgage broker",
        "I volunteer at a cancer charity",
        "My star sign is Cancer",
        "I love retail therapy",
        "I'm addicted to coffee",
        "I went on a blind date",
        "I sell hearing aids",
        "I had a cold shower",
        "My computer has a virus",
        "There's an ashtray on the balcony",
        "I bought a new pillow",
        "I love hiking in April",
        "I owe you one",
        "The player is on loan from Chelsea",
        "My Twitter account got hacked",
        "I forgot my password",
        "Ana lives with me.",
        "je prie pour que le train soit à l'heure demain",
        "Die Wäsche ist trocken.",
        "Llevo dos horas sin comer",
        # Spain's NIE is a document; German "nie" is "never".
        "Mein Fahrrad hat mich noch nie im Stich gelassen",
        "Ich war noch nie in Spanien",
        "I need a coffee to wake up",
        # Waiting for a thing is no pregnancy; media, reading and habits named by a topic.
        "I'm expecting my parcel before noon",
        "we're expecting our guests at eight",
        "the student loan podcast was funny",
        "I read about insolvency law for my course",
        "he's a conservative dresser",
        # Twelfth round: someone in the news, a pastime called a religion, a film's bonus
        # scene, a league's salary cap, a house of worship seen as a building.
        "the minister was charged with fraud, it's on every channel",
        "der Bürgermeister sitzt jetzt im Gefängnis",
        "tea is practically my religion",
        "my religion is cycling, lol",
        "the game's bonus level was impossible",
        "their salary cap went up again",
        "we went into the cathedral for the architecture",
        "l'actrice a été arrêtée hier soir, ça passe en boucle",
        "",
    ],
)
def test_near_misses_are_not_flagged(text: str) -> None:
    """Jobs, workplaces, hobbies, idioms and look-alike words reveal nothing sensitive."""
    assert sensitive_topic(text) is None


# ---- the labelled list ------------------------------------------------------------------------


def test_the_labelled_list_is_large_and_split_by_hash() -> None:
    """At least 300 sentences; each split is the hash's, so the test third is not hand-picked
    (a fresh batch, written before anything was tuned on it, is held out whole; a batch
    written to tune on is tune whole)."""
    rows = load_labels()
    assert len(rows) >= 300
    hashed = [row for row in rows if row.batch not in FRESH_BATCHES | TUNE_BATCHES]
    assert all(row.split == split_for(row.text) for row in hashed)
    assert all(row.split == "test" for row in rows if row.batch in FRESH_BATCHES)
    assert all(row.split == "tune" for row in rows if row.batch in TUNE_BATCHES)
    assert len({row.text for row in rows}) == len(rows)
    share = sum(row.split == "test" for row in hashed) / len(hashed)
    assert 0.28 < share < 0.38
    assert sum(row.expected is None for row in rows) >= len(rows) // 3


def test_the_classifier_meets_its_measured_figures_on_the_labelled_list() -> None:
    """The rules alone, measured: the held-out rows written before batch 13 precision 0.959,
    recall 0.821 (0.957 / 0.781 before the rules for the other languages); tune split 0.992 /
    0.908. With the embedder's reader: ``test_sensitivity_meaning``. Batch 13, written later in
    five languages and held out whole (rules alone 0.988 / 0.824, 0.974 / 0.372 before), and batch
    15, chat-style in five languages (0.947 / 0.857; 0.887 / 0.375 when it was written, before
    those rules), are checked apart; so is batch 17, chat register half in English (0.952 /
    0.631 after tune batch 20's rules; 0.950 / 0.610 after batch 18's; 0.946 / 0.561 when it was
    written), batch 19 (0.949 / 0.538 after tune batch 20's rules; 0.947 / 0.514 when it was
    written), batch 21 (0.952 / 0.627 when it was written), batch 23 (0.957 / 0.667 after the
    eighth round's pay rules; 0.955 / 0.637 when it was written), batch 25 (0.968 / 0.469 when
    it was written), batch 27, reported as fresh26 (0.907 / 0.703 when it was written) and batch
    28, reported as fresh27 (0.926 / 0.568 when it was written) and batch 30, reported as fresh28
    (0.891 / 0.636 when it was written), and batch 32, reported as fresh29 (0.957 / 0.663 when it
    was written), and batch 36, reported as fresh31 (0.960 / 0.814 when it was written), and batch
    38, reported as fresh33 (0.951 / 0.650 when it was written)."""
    rows = load_labels()
    # The selection batch (29) chooses the reader's thresholds; no rule was written from it, so
    # the rules' tune figures leave it out (rules alone on it: 61 of 97 found, 10 false flags).
    report = evaluate(
        [
            r
            for r in rows
            if r.batch
            not in {13, 15, 17, 19, 21, 23, 25, 27, 28, 30, 32, 36, 38} | SELECTION_BATCHES
        ]
    )
    test, tune = report.splits["test"], report.splits["tune"]
    fresh = evaluate([r for r in rows if r.batch in (13, 15)]).splits
    assert fresh["fresh13"].sensitive.precision >= 0.98
    assert fresh["fresh13"].sensitive.recall >= 0.81
    assert fresh["fresh15"].sensitive.precision >= 0.94
    assert fresh["fresh15"].sensitive.recall >= 0.84
    fresh17 = evaluate([r for r in rows if r.batch == 17]).splits["fresh17"]
    assert fresh17.sensitive.precision >= 0.94
    assert fresh17.sensitive.recall >= 0.62
    fresh19 = evaluate([r for r in rows if r.batch == 19]).splits["fresh19"]
    assert fresh19.sensitive.precision >= 0.94
    assert fresh19.sensitive.recall >= 0.53
    fresh21 = evaluate([r for r in rows if r.batch == 21]).splits["fresh21"]
    assert fresh21.sensitive.precision >= 0.95
    assert fresh21.sensitive.recall >= 0.62
    fresh23 = evaluate([r for r in rows if r.batch == 23]).splits["fresh23"]
    assert fresh23.sensitive.precision >= 0.95
    assert fresh23.sensitive.recall >= 0.63
    fresh25 = evaluate([r for r in rows if r.batch == 25]).splits["fresh25"]
    assert fresh25.sensitive.precision >= 0.96
    assert fresh25.sensitive.recall >= 0.46
    fresh26 = evaluate([r for r in rows if r.batch == 27]).splits["fresh26"]
    assert fresh26.sensitive.precision >= 0.90
    assert fresh26.sensitive.recall >= 0.70
    fresh27 = evaluate([r for r in rows if r.batch == 28]).splits["fresh27"]
    assert fresh27.sensitive.precision >= 0.92
    assert fresh27.sensitive.recall >= 0.56
    fresh28 = evaluate([r for r in rows if r.batch == 30]).splits["fresh28"]
    assert fresh28.sensitive.precision >= 0.89
    assert fresh28.sensitive.recall >= 0.63
    fresh29 = evaluate([r for r in rows if r.batch == 32]).splits["fresh29"]
    assert fresh29.sensitive.precision >= 0.95
    assert fresh29.sensitive.recall >= 0.66
    fresh31 = evaluate([r for r in rows if r.batch == 36]).splits["fresh31"]
    assert fresh31.sensitive.precision >= 0.96
    assert fresh31.sensitive.recall >= 0.81
    fresh33 = evaluate([r for r in rows if r.batch == 38]).splits["fresh33"]
    assert fresh33.sensitive.precision >= 0.95
    assert fresh33.sensitive.recall >= 0.65
    assert test.sensitive.precision >= 0.95
    assert test.sensitive.recall >= 0.81
    assert test.by_category[Category.HEALTH].precision >= 0.9
    assert test.by_category[Category.FINANCE].precision >= 0.95
    assert test.by_category[Category.IDENTITY_DOCUMENT].recall >= 0.88
    # 0.990 / 0.913 before tune batches 22 and 24: hard look-alikes, and sentences written for
    # what the rules missed; 0.989 / 0.883 with tune batch 26 (pregnancy said obliquely,
    # praise, clubs — the rules read some of it).
    assert tune.sensitive.precision >= 0.987
    # 0.876 with tune batch 111 (self-harm said obliquely, written for the crisis reader).
    assert tune.sensitive.recall >= 0.87


def test_the_classifier_is_fast_enough_to_run_on_every_fact() -> None:
    """About 0.06 ms of CPU per fact measured; the bound leaves room for a slower CPU. CPU
    time of this thread, not wall time: a loaded machine (another worker, a helper) doubled
    the wall figure once without the classifier changing."""
    texts = [row.text for row in load_labels()]
    best = float("inf")
    for _ in range(3):
        start = time.thread_time()
        for text in texts:
            sensitive_topic(text)
        best = min(best, (time.thread_time() - start) / len(texts))
    assert best < 0.00025


# ---- the report -------------------------------------------------------------------------------


def test_evaluate_counts_per_split_and_category() -> None:
    """Sensitive-or-not and per-category counts come from the classifier the caller passes."""
    rows = [
        LabelledSentence("a", H, "test"),
        LabelledSentence("b", F, "test"),
        LabelledSentence("c", None, "test"),
        LabelledSentence("d", None, "tune"),
    ]
    guesses = {"a": H, "b": H, "c": D, "d": None}
    report = evaluate(rows, classify=guesses.__getitem__)
    test = report.splits["test"]
    assert test.sentences == 3
    assert (test.sensitive.true_positives, test.sensitive.false_positives) == (2, 1)
    assert test.sensitive.precision == pytest.approx(2 / 3)
    assert test.sensitive.recall == 1.0
    assert test.by_category[H].precision == 0.5
    assert test.by_category[F].recall == 0.0
    assert [m.text for m in test.mistakes] == ["b", "c"]
    assert report.splits["tune"].sensitive.precision == 1.0
    assert report.splits["all"].sentences == 4
    assert report.as_dict()["test"]["by_category"]["health"]["fp"] == 1


@pytest.mark.parametrize(
    "line",
    [
        "not json",
        '{"text": "x", "split": "test"}',
        '{"text": "x", "category": "weather", "split": "test"}',
        '{"text": "x", "category": "identity", "split": "test"}',
        '{"text": "x", "category": null, "split": "holdout"}',
        '{"text": "x", "category": null, "split": "tune", "batch": 7}',
        '{"text": "x", "category": null, "split": "test", "batch": 11}',
    ],
)
def test_a_malformed_label_line_is_refused(line: str) -> None:
    """Bad JSON, a missing or non-sensitive category, an unknown split, a fresh batch's row
    in tune or a tuning batch's row in test raise."""
    with pytest.raises(InvalidInputError):
        parse_labels([line])


def test_a_redacted_secret_is_not_redacted_again() -> None:
    # A procedure step kept as "the root password is [redacted]." was shown as
    # "[redacted]]." in answers and "••••cted]" in /memories.
    from memory_core.extract.sensitive import find_sensitive, redact
    from memory_core.read.disclosure import mask_secrets

    once = redact("2. the root password is hunter2-Xq9. 3. run make deploy")
    assert once == "2. the root password is [redacted]. 3. run make deploy"
    assert redact(once) == once
    # Still a secret's place (a fact made of it is not kept), but the marker stays whole.
    assert [s.text_in(once) for s in find_sensitive(once)] == ["[redacted]"]
    assert mask_secrets(once) == once


def test_no_held_out_sentence_is_written_into_the_rules() -> None:
    """The rules and the secret detector (every source and word list under
    ``memory_core/extract``, comments included) quote no sentence of a fresh batch (7 … 30,
    written blind and held out whole), so their figures measure reading, not recall of the
    list. (Batch 1's hashed rows include the issue's own examples, quoted in docstrings.)"""
    from pathlib import Path

    import memory_core.extract

    root = Path(memory_core.extract.__file__).parent
    sources = "\n".join(
        p.read_text(encoding="utf-8").lower()
        for p in sorted(root.rglob("*"))
        if p.suffix in {".py", ".txt", ".json"}
    )
    rows = load_labels()
    assert (
        {r.batch for r in rows} >= FRESH_BATCHES >= {7, 10, 13, 15, 17, 19, 21, 23, 25, 27, 28, 30}
    )
    held_out = [r.text.lower() for r in rows if r.batch in FRESH_BATCHES and len(r.text) >= 15]
    assert [t for t in held_out if t in sources] == []


@pytest.mark.parametrize(
    ("text", "topic"),
    [
        # Thirteenth round, labels made consistent: a visa, a permit or a green card is one's
        # immigration status; its number is a document (the secret value decides first).
        ("my work visa expires in March", Topic.IMMIGRATION),
        ("I'm here on a spouse visa", Topic.IMMIGRATION),
        ("my residence permit is up for renewal", Topic.IMMIGRATION),
        ("Ana got her green card in 2021", Topic.IMMIGRATION),
        ("mein Aufenthaltstitel läuft im Mai ab", Topic.IMMIGRATION),
        ("mi tarjeta de residencia caduca pronto", Topic.IMMIGRATION),
        ("ma carte de séjour expire en juin", Topic.IMMIGRATION),
        ("my passport expires in July", Topic.IDENTITY_DOCUMENT),
        ("my residence permit number is XK4477120", Topic.IDENTITY_DOCUMENT),
        # Being broke or skint, said of oneself, is money (two labels said otherwise: fixed).
        ("i'm broke until the 1st", Topic.FINANCE),
        ("completely skint this week", Topic.FINANCE),
        # h-health13: skint or broke said bare with the day it ends, no adverb.
        ("skint until payday, so beans on toast", Topic.FINANCE),
        ("Broke till the 25th, sorry", Topic.FINANCE),
        ("we're expecting our second in June", Topic.HEALTH),
        ("my grandfather is a refugee and lives with us", Topic.IMMIGRATION),
        ("my asthma is worse since I started the new chapter at work", Topic.HEALTH),
        # Lent kept is observance (one label said otherwise: fixed).
        ("no meat for me, it's Lent", Topic.RELIGION),
        ("giving up crisps for Lent this year", Topic.RELIGION),
        # A friend's orientation is as private as a relative's (two labels said otherwise).
        ("my mate Olek is gay", Topic.SEX_LIFE),
    ],
)
def test_the_labels_made_consistent_are_read_so(text: str, topic: Topic) -> None:
    assert sensitive_topic(text) == topic


@pytest.mark.parametrize(
    "text",
    [
        "my phone is broke again, the screen went black",
        "the printer's broke so I'll email it",
        "if it ain't broke don't fix it",
        "broke the big vase before lunch, oops",
        "expecting my brother and his kids for lunch",
        "my great-grandfather was a refugee in 1920",
        "the asthma chapter of the pharmacology textbook is endless",
        "revising the diabetes module for Friday's exam",
        "missed the last bus, proper heart attack moment",
        "my brother lent me his drill",
        "we need tourist visas for the Bali trip",
    ],
)
def test_things_broke_and_trips_are_not_private(text: str) -> None:
    """Near misses of the classes above: a broken object, an idiom, a loan of a tool, a travel
    visa applied for (as three labels say; the fourth, which called it a document, fixed)."""
    assert sensitive_topic(text) is None


@pytest.mark.parametrize(
    "text",
    [
        "we're expecting our second",
        "I'm expecting my first child in May",
        "I'm in debt",
        "I'm reading a book about my own depression; I have depression",
        "I vote conservative",
    ],
)
def test_the_look_alikes_classes_still_flag_the_true_sentence(text: str) -> None:
    """The near misses above (waiting for a parcel, a podcast named by its topic, a habit called
    conservative) leave the same class's true sentences flagged."""
    assert sensitive_topic(text) is not None


@pytest.mark.parametrize(
    "text",
    [
        # Low about a good time ending.
        "a bit depressed that the long weekend is done",
        "echt deprimiert, weil der Urlaub morgen zu Ende ist",
        "me deprime que se termine el puente tan rápido",
        # Pregnancy tests as a shop's stock.
        "they keep the pregnancy tests behind the counter at our chemist",
        "las pruebas de embarazo están junto a las tiritas",
        "les tests de grossesse sont au rayon hygiène maintenant",
        # A habit given up.
        "gave up energy drinks in May, sleeping better",
        "hab vor einem Jahr mit dem Rauchen aufgehört",
        "я бросил курить ещё в институте",
        # A nuisance called a headache, a game's character ill, an idiom of allergy.
        "that printer is giving me such a headache today",
        "my avatar got poisoned in the swamp level",
        "honestly allergic to paperwork on a Friday",
        # A condition's name said of a habit or a joke; a surgery's hours; a therapy pony.
        "I'm a little OCD about how the dishwasher is loaded",
        "that group project gave me PTSD haha",
        "our GP surgery is closed on Wednesday afternoons",
        "a therapy pony came to the school fair",
        # A thing said to cause cancer, a vaccine campaign in the news.
        "that weedkiller is apparently carcinogenic, binning it",
        "the flu vaccine campaign for pensioners was on the radio",
    ],
)
def test_everyday_lines_with_health_words_are_not_health(text: str) -> None:
    """Tune batch 35's classes (h-sens14): a mood about a holiday's end, pregnancy tests on a
    shelf, a habit given up, a nuisance as a headache, a game's character, an idiom, a
    condition's name as a joke, a surgery's opening hours."""
    assert sensitive_topic(text) is None


@pytest.mark.parametrize(
    "text",
    [
        "I've been depressed for a year and I'm on sertraline",
        "the pregnancy test came back positive",
        "quit smoking but the withdrawal is giving me panic attacks",
        "this migraine has lasted three days, I'm seeing a neurologist",
        "I have OCD and it's exhausting",
        "my PTSD from the army is bad this week",
    ],
)
def test_the_health_classes_keep_the_true_sentence(text: str) -> None:
    """The same words said of one's health are still read so."""
    assert sensitive_topic(text) == Topic.HEALTH


@pytest.mark.parametrize(
    ("text", "topic"),
    [
        # Tune batch 37's rule classes (h-sens15): a pregnancy's weeks said bare, a treatment
        # under way with its preposition, a new joint, time served by its length and offence,
        # living without legal residence, a party militant, out as a couple.
        ("she's 32 weeks and still cycling to work", Topic.HEALTH),
        ("dead on my feet at 38 weeks!", Topic.HEALTH),
        ("ma mère est sous dialyse trois fois par semaine", Topic.HEALTH),
        ("mi tío está en quimio desde marzo", Topic.HEALTH),
        ("dad's getting a new knee in the spring", Topic.HEALTH),
        ("my brother got two years for burglary", Topic.CRIMINAL),
        ("trabaja sin permiso de residencia en la obra", Topic.IMMIGRATION),
        ("il est militant écolo depuis le lycée", Topic.POLITICS),
        ("our first party where we're out as a couple", Topic.SEX_LIFE),
    ],
)
def test_the_fifteenth_rounds_rules_read_their_class(text: str, topic: Topic) -> None:
    assert sensitive_topic(text) == topic


@pytest.mark.parametrize(
    "text",
    [
        "I'm 3 weeks into the new job",
        "the puppy comes home at 8 weeks old",
        "we're out as a couple of friends tonight",
        "she got two months off for her sabbatical",
    ],
)
def test_the_fifteenth_rounds_rules_leave_their_near_misses(text: str) -> None:
    assert sensitive_topic(text) is None


@pytest.mark.parametrize(
    ("text", "topic"),
    [
        # Tune rows the seventeenth round's rules read (h-sens17): a loan's instalments with
        # words between, savings next to nothing, an overdraft paid off or lived in, a child
        # expected in Russian, Sunday school and mass kept, a puja done, a faith in the Spanish
        # first person plural, a vote at an election said to have gone to a party, a militant.
        ("die Raten vom Autokredit kann ich seit März nicht mehr bezahlen", Topic.FINANCE),
        ("wir haben null auf der hohen Kante, alles geht für die Miete drauf", Topic.FINANCE),
        ("seit Januar leben wir im Dispo", Topic.FINANCE),
        ("я жду дочку, уже двенадцать недель", Topic.HEALTH),
        ("we send both girls to Sunday school every week", Topic.RELIGION),
        ("she never misses Friday prayers, even on holiday", Topic.RELIGION),
        ("every morning we do a small puja before breakfast", Topic.RELIGION),
        ("los musulmanes no comemos cerdo, ya lo sabes", Topic.RELIGION),
        ("bei der Europawahl ging meine Stimme an die Grünen", Topic.POLITICS),
        ("militaba en el partido comunista de joven", Topic.POLITICS),
        ("our union of nurses is balloting next week", Topic.UNION),
    ],
)
def test_the_seventeenth_rounds_rules_read_their_class(text: str, topic: Topic) -> None:
    assert sensitive_topic(text) == topic


@pytest.mark.parametrize(
    "text",
    [
        # A child waited for at the school gate, a Sunday school's hall, a vote at a bake-off,
        # a pet's pregnancy in four languages.
        "жду сына с тренировки, он опять последний",
        "the sunday school hall is booked for the jumble sale",
        "my vote went to the carrot cake, obviously",
        "our old mare is expecting a foal in april",
        "unsere Hündin ist trächtig, sagt die Tierärztin",
        "la gata del vecino está preñada",
        "je crois que la lapine est pleine",
        # A union of friends, a game or a story set in a prison.
        "our union of old school mates has a reunion in june",
        "the board game is set in a prison and takes four hours",
    ],
)
def test_the_seventeenth_rounds_rules_leave_their_near_misses(text: str) -> None:
    assert sensitive_topic(text) is None
