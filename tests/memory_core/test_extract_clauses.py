"""Clause splitting, dense introductions and noise in the offline extractor (issue 23, item 2).

Each case stands for a class of sentences: one subject shared by several statements, a list
of facts after "I'm", a lead-in before the fact, people named in passing, hyperbole and
passing moments that must not be kept. No stored value may span a clause boundary.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memory_core.extract.base import Candidate, TurnInput
from memory_core.extract.rules import extract_rules

NOW = datetime(2026, 3, 2, 9, 30, tzinfo=UTC)


def facts(text: str, user_name: str | None = None) -> dict[str, Candidate]:
    """What the offline extractor would keep from ``text`` (no temporary candidates)."""
    found = extract_rules(TurnInput(user_text=text, time=NOW, user_name=user_name))
    return {c.key: c for c in found if not c.temporary}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "I live in Toronto and work as a software engineer at Shopify",
            {"home_city": "Toronto", "job_title": "software engineer", "employer": "Shopify"},
        ),
        (
            "I live in Leeds and work as a plumber",
            {"home_city": "Leeds", "job_title": "plumber"},
        ),
        (
            "I'm vegetarian and allergic to shellfish",
            {"diet": "vegetarian", "allergy.shellfish": "shellfish"},
        ),
        ("I'm vegan and allergic to peanuts", {"diet": "vegan", "allergy.peanuts": "peanuts"}),
        ("I'm Tom and I'm 35", {"name": "Tom", "age": "35"}),
    ],
)
def test_one_subject_several_statements(text: str, expected: dict[str, str]) -> None:
    """ "I live in X and work as Y": every statement is kept, each value within its clause."""
    found = facts(text)
    for key, value in expected.items():
        assert key in found, f"{text!r}: {key} missing from {sorted(found)}"
        assert found[key].value == value
    for cand in found.values():
        assert " and " not in (cand.value or "").lower().replace("trinidad and tobago", "")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "I'm Frank, 41, a sales manager in Chicago",
            {"name": "Frank", "age": "41", "job_title": "sales manager", "home_city": "Chicago"},
        ),
        (
            "Hi! I'm Priya, 29, software developer from Pune, living in Berlin now",
            {
                "name": "Priya",
                "age": "29",
                "job_title": "software developer",
                "home_city": "Berlin",
            },
        ),
        ("I'm Dana, 52, a nurse", {"name": "Dana", "age": "52", "job_title": "nurse"}),
        ("I am 29 years old", {"age": "29"}),
        ("I just turned 30", {"age": "30"}),
    ],
)
def test_dense_introduction(text: str, expected: dict[str, str]) -> None:
    """Name, age, job and city said in one breath are all kept."""
    found = facts(text)
    assert {k: found[k].value for k in expected if k in found} == expected, sorted(found)


def test_an_age_is_dated_and_implausible_numbers_are_not_ages() -> None:
    """An age holds from the turn it was said; "I'm 3" or "I'm 500" is no age."""
    assert facts("I'm 41")["age"].valid_from == NOW
    assert "age" not in facts("I'm 3")
    assert "age" not in facts("I'm 500 years old")


def test_a_place_ends_where_the_next_statement_starts() -> None:
    """ "Toronto and love it" is no city; "Trinidad and Tobago" is one."""
    assert facts("I live in Toronto and love it")["home_city"].value == "Toronto"
    assert facts("I live in Trinidad and Tobago")["home_city"].value == "Trinidad and Tobago"


@pytest.mark.parametrize(
    "text",
    ["I like salt and pepper", "I'm fluent in German and French", "I love rock and roll"],
)
def test_a_list_is_not_split_into_statements(text: str) -> None:
    """ "and" inside one object keeps it whole: no stray fact about "French" or "pepper"."""
    found = facts(text)
    assert "nationality" not in found
    assert len(found) <= 2, sorted(found)


def test_a_later_clause_with_its_own_subject_is_kept() -> None:
    """ "…, and we have a beagle called Biscuit": the clause after the comma is read too, and
    people named in passing are kept under their relation."""
    found = facts(
        "I moved here last year with my partner Tom and our little boy Oisín, "
        "and we have a beagle called Biscuit"
    )
    assert found["pet.dog.name"].value == "Biscuit"
    assert found["family.partner.tom.name"].value == "Tom"
    assert found["family.son.oisin.name"].value == "Oisín"


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("Something I don't tell many people: I'm terrified of heights.", "terrified"),
        ("Here's a thing you might not know about me: I play the cello", "cello"),
        ("Not many people know this: I'm allergic to latex", "latex"),
    ],
)
def test_a_lead_in_does_not_hide_the_fact(text: str, key: str) -> None:
    """A lead-in before a colon is dropped; the statement after it is read."""
    found = facts(text)
    assert any(key in c.key for c in found.values()), sorted(found)


@pytest.mark.parametrize(
    "text",
    [
        "Hiya, it's Niamh again.",
        "Hi, it's me again",
        "Hello again!",
    ],
)
def test_a_greeting_is_no_fact(text: str) -> None:
    """Greeting the bot (and saying who is back) stores nothing, with or without a name (a
    name said in a greeting for the first time is kept: test_extract_session13)."""
    assert facts(text) == {}
    assert facts(text, user_name="Niamh") == {}


@pytest.mark.parametrize(
    "text",
    [
        "My laptop is a million years old",
        "I literally died laughing at that meme",
        "My boss basically lives in the office",
        "I listened to a podcast on the way in",
        "Traffic is heavy on I-90 today",
        "I saw a video of a cat playing piano",
        "I've been waiting forever for this bus",
        "my sister practically lives at the gym",
    ],
)
def test_hyperbole_passing_moments_and_the_world_are_no_facts(text: str) -> None:
    """Figures of speech, passing moments and remarks about the world are not kept."""
    assert facts(text) == {}


def test_a_plain_fact_with_a_passing_word_is_still_kept() -> None:
    """The noise filter reads figures of speech, not topics: a podcast host is a job."""
    assert facts("I host a podcast about gardening")
    assert facts("I work as a video editor")["job_title"].value == "video editor"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # The name said without "I'm": "Name's …", "… here", a lower-case name before an age.
        ("Name's Ines, I'm 33 and I teach yoga", {"name": "Ines", "age": "33"}),
        (
            "Bram here, 58, a carpenter from Ghent living in Antwerp",
            {"name": "Bram", "age": "58", "job_title": "carpenter", "home_city": "Antwerp"},
        ),
        ("hey im lou, 24, a nurse", {"name": "Lou", "age": "24", "job_title": "nurse"}),
        # The age said inside the job ("a 47-year-old baker") or in brackets.
        (
            "Hi, I'm Ottavio, a 47-year-old baker in Parma.",
            {"name": "Ottavio", "age": "47", "job_title": "baker", "home_city": "Parma"},
        ),
        ("I'm a 31 year old welder", {"age": "31", "job_title": "welder"}),
        ("I'm Wen (44), a pharmacist", {"name": "Wen", "age": "44", "job_title": "pharmacist"}),
        (
            "Im Rhea, 30 and a dentist in Hull",
            {"name": "Rhea", "age": "30", "job_title": "dentist"},
        ),
        # The age in words, or turned lately.
        ("I am forty-two and work as a chef", {"age": "42", "job_title": "chef"}),
        ("I turned 60 on Sunday", {"age": "60"}),
    ],
)
def test_introductions_in_other_shapes(text: str, expected: dict[str, str]) -> None:
    """Names and ages said the many ways people introduce themselves are kept, and no value
    holds the age ("a 47-year-old baker" is a baker aged 47)."""
    found = facts(text)
    assert {k: found[k].value for k in expected if k in found} == expected, {
        k: c.value for k, c in found.items()
    }


@pytest.mark.parametrize(
    "text",
    [
        "hey im tired, 14 hours on my feet today",
        "I'm done, 3 reports finished",
        "I live in a 200-year-old farmhouse",
    ],
)
def test_no_name_or_age_read_into_ordinary_words(text: str) -> None:
    """A lower-case word before a number is a name only when it is no ordinary word; an old
    house is no age."""
    found = facts(text)
    assert "name" not in found and "age" not in found, sorted(found)


@pytest.mark.parametrize(
    "text",
    [
        # Hyperbole: the user cannot have died; "I could …" wishes; "I swear" exaggerates.
        "I nearly died when the bill came",
        "I'm dead, that joke got me",
        "I could murder a curry",
        "My landlord is about a hundred years old, I swear",
        # Sarcasm: a marker, then a "love" that means the opposite.
        "Oh brilliant, the lift is broken again. I just adore stairs.",
        "Yeah right, I totally love queueing for an hour",
        # How the user feels or where they are stuck right now.
        "I'm famished, skipped breakfast",
        "I'm absolutely soaked",
        "I was stuck on the tarmac for two hours",
        "I'm stuck in a queue at the bank",
        # A passing moment of the day.
        "I spilled tea all over my keyboard",
        "I saw a hilarious clip of a goat on a trampoline",
        "I grabbed a quick latte before the meeting",
        "I forgot my umbrella and got drenched",
        "I overslept and missed the train",
        # Someone else's mood today; a road, not the user.
        "My manager is in a foul mood",
        "The I-5 was closed for hours",
        "Traffic on I-80 is brutal",
        "Traffic is heavy on I-94 near the exit",
    ],
)
def test_figures_of_speech_and_passing_moments_are_not_kept(text: str) -> None:
    """Hyperbole, sarcasm, passing states and events, and remarks about the world store
    nothing (a road named "I-5" is no "I")."""
    assert facts(text) == {}, {k: c.value_text for k, c in facts(text).items()}


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("I just got married", "married"),
        ("I had chemo last year", "chemo"),
        ("I love spending Saturdays at the allotment", "allotment"),
        ("I spilled the beans about the surprise party", "beans"),
        ("My grandmother is a hundred years old", "hundred"),
        ("My dad is always in a good mood", "mood"),
        ("I could read before I could walk", "read"),
    ],
)
def test_lasting_statements_near_the_noise_are_kept(text: str, word: str) -> None:
    """The noise rules read figures of speech and moments, not topics: a wedding, an
    illness, a hobby, a great age or a sunny temper is still kept."""
    found = facts(text)
    assert any(word in c.value_text.lower() for c in found.values()), sorted(found)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # Telegraphic introductions: fragments after the name are the user's.
        (
            "Name's Walt. 63. Welder out of Pittsburgh.",
            {"name": "Walt", "age": "63", "job_title": "welder"},
        ),
        (
            "Hi, I'm Imke. 39 years old, midwife, live in Bremen.",
            {"name": "Imke", "age": "39", "job_title": "midwife", "home_city": "Bremen"},
        ),
        # Other greetings and separators before "… here".
        ("Sup, Milo here, 23, barista from Leeds", {"name": "Milo", "age": "23"}),
        ("Hey, Ines here - 41, architect in Porto", {"name": "Ines", "age": "41"}),
        # Where the user works or studies ends before what they do there and the town.
        (
            "I'm a postdoc at Caltech researching lasers",
            {"job_title": "postdoc", "employer": "Caltech"},
        ),
        (
            "I'm a designer at Spotify in Stockholm",
            {"job_title": "designer", "employer": "Spotify", "home_city": "Stockholm"},
        ),
    ],
)
def test_telegraphic_introductions(text: str, expected: dict[str, str]) -> None:
    """Fragments after an introduction, other greetings, and a workplace named with its town
    keep each fact in its own slot."""
    found = facts(text)
    assert {k: found[k].value for k in expected if k in found} == expected, {
        k: c.value for k, c in found.items()
    }


def test_a_fragment_without_an_introduction_is_not_the_users() -> None:
    """ "63." or "Welder out of Pittsburgh." alone, with no introduction before, says nothing."""
    assert "age" not in facts("Wow. 63. That's a lot of birthdays.")


def test_the_household_has_what_we_have() -> None:
    """ "We've got two boys" tells about the user's family as "I have" does."""
    found = facts("My husband Raj is a chef and we've got three daughters.")
    assert any("three daughters" in c.value_text for c in found.values()), sorted(found)


@pytest.mark.parametrize("text", ["My boss is a dinosaur, seriously", "My brother is a legend"])
def test_a_person_called_names_is_no_fact(text: str) -> None:
    """A metaphor about someone ("a dinosaur", "a legend") is an opinion, not their fact."""
    assert facts(text) == {}


def test_the_households_pets_are_the_users() -> None:
    """ "We have two cats" is kept as the user's (as "we have a dog called Rufus" is)."""
    assert facts("We have two cats")["pet.cat"].value_text == "The user has two cats."


@pytest.mark.parametrize(
    "text",
    ["We just adopted a kitten! Her name is Pip.", "Got a rabbit last week. He's called Thumper."],
)
def test_a_pet_named_in_the_next_sentence(text: str) -> None:
    """ "… a kitten! Her name is Pip.": the pronoun is the pet just mentioned."""
    found = facts(text)
    assert [c.value for k, c in found.items() if k.startswith("pet.")] == [
        text.split()[-1].rstrip(".")
    ], sorted(found)


def test_a_workplace_said_with_our_is_kept() -> None:
    """ "I work for our local garage": the workplace is kept, as "a local garage" is."""
    found = facts("I work at our local garage.")
    assert found["employer"].value_text == "The user works at the local garage."


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "Me: Alex, 30, UX designer, Berlin.",
            {"name": "Alex", "age": "30", "job_title": "UX designer", "home_city": "Berlin"},
        ),
        ("I'm 35, married, two kids", {"age": "35", "relationship.married": None}),
        ("barista in leeds", {"job_title": "barista", "home_city": "Leeds"}),
        ("nurse in Cardiff, 31", {"job_title": "nurse", "home_city": "Cardiff", "age": "31"}),
        (
            "Name: Carlos. Age: 38. Job: electrician. City: Seville.",
            {"name": "Carlos", "age": "38", "job_title": "electrician", "home_city": "Seville"},
        ),
    ],
)
def test_an_introduction_said_as_a_card_keeps_every_fact(
    text: str, expected: dict[str, str | None]
) -> None:
    found = facts(text)
    for key, value in expected.items():
        assert key in found, (text, key, sorted(found))
        assert value is None or found[key].value == value
    assert "relationship.married_kids" not in found  # no value spans two fragments


@pytest.mark.parametrize(
    "text",
    [
        "Dad, 67, retired",  # someone else's card: no name "Dad"
        "pilot in command",
        "I'm a 12 year old girl.",  # what the user is, no child
        "Monday, 9am, dentist, ugh.",
        "Tom is a lecturer, not a teacher.",  # a correction about Tom: no jobs of the user's
    ],
)
def test_what_only_looks_like_a_card_is_not_read_as_one(text: str) -> None:
    found = facts(text)
    assert "name" not in found and "home_city" not in found
    assert not any(key.startswith(("family.", "has.")) for key in found)
    assert "job_title" not in found and not any(key.startswith("work.") for key in found)


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("I should probably mention that I take metformin twice a day.", "metformin"),
        ("I forgot to say, my sister is called Hannah.", "Hannah"),
        ("It's worth mentioning that I keep bees.", "bees"),
        ("I'd like to add that we have a parrot named Kiwi.", "Kiwi"),
        ("I hope you won't mind my mentioning that I keep chickens.", "chickens"),
        ("Hello there. I hope you won't mind me saying that I'm a retired pilot.", "pilot"),
    ],
)
def test_saying_one_is_about_to_tell_does_not_hide_the_fact(text: str, word: str) -> None:
    """ "I should mention that …", "I forgot to say, …": the statement after it is read."""
    found = facts(text)
    assert any(word.lower() in c.value_text.lower() for c in found.values()), sorted(found)


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("Since retiring I have taken up watercolours.", "watercolours"),
        ("In retirement I've taken up sailing.", "sailing"),
        ("On my GP's advice I cut out dairy last year.", "dairy"),
        ("In free time I go cycling.", "cycling"),
    ],
)
def test_a_fronted_circumstance_does_not_hide_the_fact(text: str, word: str) -> None:
    """A circumstance said first ("Since retiring", "On my GP's advice") is read at the end."""
    found = facts(text)
    assert any(word in c.value_text for c in found.values()), sorted(found)


@pytest.mark.parametrize(
    ("text", "food"),
    [
        ("I gave up beef some years ago.", "beef"),
        ("We stopped eating pork after the trip.", "pork"),
        ("I've given up dairy completely.", "dairy"),
    ],
)
def test_giving_a_food_up_is_a_diet(text: str, food: str) -> None:
    """ "I gave up beef": the user does not eat it (from now on), not a past event."""
    found = facts(text)
    restriction = [c for c in found.values() if c.key.startswith("food_restriction")]
    assert restriction and restriction[0].value_text.endswith(f"doesn't eat {food}."), sorted(found)


def test_giving_up_a_habit_is_no_diet() -> None:
    """ "I gave up smoking", "I gave up my job": nothing the user eats."""
    for text in ("I gave up smoking in 2010.", "I gave up my job last spring."):
        assert not any(k.startswith("food_restriction") for k in facts(text)), text


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("I live in a flat near Harrogate, which suits me fine.", "Harrogate"),
        ("My partner and I live on a barge near Oxford, which we love.", "Oxford"),
    ],
)
def test_an_aside_after_a_comma_does_not_hide_the_fact(text: str, word: str) -> None:
    """ ", which suits me fine": the statement before the aside is read."""
    found = facts(text)
    assert any(word in c.value_text for c in found.values()), sorted(found)


@pytest.mark.parametrize("text", ["Tom is planning a party, I can tell.", "I guess so.", "I know."])
def test_a_clause_that_only_comments_is_no_fact(text: str) -> None:
    """ "…, I can tell", "I guess so": a way of speaking, nothing kept about the user."""
    assert facts(text) == {}


@pytest.mark.parametrize(
    ("text", "key", "name"),
    [
        ("We took in a puppy from the rescue, his name is Max.", "pet.dog.name", "Max"),
        ("We adopted a cat last year, her name is Luna, and she is shy.", "pet.cat.name", "Luna"),
    ],
)
def test_a_pet_named_in_the_next_clause(text: str, key: str, name: str) -> None:
    """A pet just taken in, then ", his name is Max" in the same sentence: the pet's name."""
    assert facts(text)[key].value == name


def test_a_pronoun_after_someone_elses_pet_names_nothing() -> None:
    """ "My sister has a dog, his name is Rex": not the user's dog."""
    assert "pet.dog.name" not in facts("My sister has a dog, his name is Rex.")


@pytest.mark.parametrize(
    ("text", "word"),
    [("I'm doing my PhD part-time.", "PhD"), ("I'm also doing a masters in law.", "masters")],
)
def test_doing_a_degree_is_studying(text: str, word: str) -> None:
    """ "I'm doing my PhD": what the user studies, kept."""
    found = facts(text)
    assert any(word in c.value_text for c in found.values()), sorted(found)
    assert facts("I'm doing my best.") == {}


def test_regional_trades_and_breeds_are_read() -> None:
    """ "I'm a sparky" is a job (an electrician); a kelpie is a dog."""
    assert facts("I'm a sparky.")["job_title"].value == "sparky"
    assert facts("Our heeler Bluey is a menace.")["pet.dog.name"].value == "Bluey"


@pytest.mark.parametrize(
    ("text", "key", "word"),
    [
        ("My favourite painter has always been Turner.", "favorite.painter", "Turner"),
        ("It's always been my dream to open a bakery.", "goal.", "bakery"),
        ("It's my ambition to sail round Ireland.", "goal.", "Ireland"),
        ("My plan is to open a garage, maybe in two years.", "goal.", "garage"),
    ],
)
def test_a_favourite_or_a_goal_said_another_way(text: str, key: str, word: str) -> None:
    """ "… has always been …" is the favourite; "It's my plan to …", "…, maybe in two
    years" are the goal."""
    found = facts(text)
    assert any(k.startswith(key) and word in c.value_text for k, c in found.items()), sorted(found)


def test_an_aside_about_the_thing_does_not_hide_it() -> None:
    """ "I drive an old Volvo, it has 300k on it": the car is kept."""
    found = facts("I drive old Volvo estate, it have already 250 thousand miles.")
    assert any("Volvo" in c.value_text for c in found.values()), sorted(found)


@pytest.mark.parametrize(
    ("text", "job"),
    [
        ("I was a postman for twenty years before I retired.", "retired postman"),
        ("I worked as a midwife until I retired.", "retired midwife"),
        # A trade no list names, read by its shape.
        ("I was a bookbinder for forty years before I retired.", "retired bookbinder"),
    ],
)
def test_the_job_one_retired_from_is_the_job(text: str, job: str) -> None:
    """ "I was a X for N years before I retired": the user is a retired X (it was kept as a
    past event no job question found)."""
    found = facts(text)
    assert any(job in c.value_text for c in found.values()), sorted(found)
    assert not any(k.startswith("past.") for k in found), sorted(found)


def test_a_state_before_retiring_is_no_job() -> None:
    assert "job_title" not in facts("I was a mess before I retired.")
