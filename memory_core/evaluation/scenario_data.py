"""The scripted conversations of ``membot eval scenarios``: the step language and the suite.

A :class:`Scenario` is one or two users talking to the bot (in their private chats or one group
chat), tapping conflict buttons and letting time pass, followed by what memory must look like at
the end. Facts are matched by key (a glob; ``|`` separates alternatives, so the rules' keys and an
LLM's keys can both match) and a case-insensitive substring of the fact's text or bare value.

Wording is everyday chat, not the rules' templates: a scenario the offline extractor misses is a
finding, not a typo to fix here.
"""

from __future__ import annotations

from dataclasses import dataclass

from memory_core.learn.resolve import Choice

ANA = "telegram:1001"
BEN = "telegram:1002"
#: Display names the extractor sees (``user_name``).
NAMES: dict[str, str] = {ANA: "Ana", BEN: "Ben"}
#: The chat id of "the user's private chat"; any other chat id is a group chat.
DM = "dm"
GROUP = "group:-10042"


@dataclass(frozen=True, slots=True)
class Say:
    """The user sends ``text`` (a minute after the previous step).

    ``explicit`` marks what the bot routes as an explicit request (``/remember …``,
    "remember that …"); ``reply`` is what the assistant answered in the same turn (context only).
    """

    text: str
    user: str = ANA
    chat: str = DM
    explicit: bool = False
    reply: str = ""


@dataclass(frozen=True, slots=True)
class Tap:
    """The user taps a button on their latest open conflict question."""

    choice: Choice
    user: str = ANA


@dataclass(frozen=True, slots=True)
class Wait:
    """Time passes (conflicts and "only for now" values whose time is up expire)."""

    days: float = 0.0
    hours: float = 0.0


Step = Say | Tap | Wait


@dataclass(frozen=True, slots=True)
class FactSpec:
    """A fact to look for: key glob(s), a value substring, whose, and optional checks."""

    key: str
    contains: str
    user: str = ANA
    sensitive: bool | None = None
    min_confidence: float = 0.0
    #: The date (``YYYY-MM-DD``) the fact must hold from (``valid_from``) or say it happened
    #: or will (``event_time``): relative times resolved against the turn.
    since: str | None = None
    happened: str | None = None

    def label(self) -> str:
        """A short human description (``home_city~Lisbon``)."""
        who = "" if self.user == ANA else f"{NAMES.get(self.user, self.user)}:"
        return f"{who}{self.key.split('|')[0]}~{self.contains}"


@dataclass(frozen=True, slots=True)
class Scenario:
    """One scripted conversation and what memory must hold afterwards.

    - ``facts``: must be active at the end.
    - ``wrong``: must not be active — a value that replaced the right one (a wrong overwrite).
    - ``stale``: must not be active any more (the user said it changed or ended).
    - ``false``: never true of the user (questions, hypotheticals, third parties, the
      assistant's words): must be neither active nor pending.
    - ``ephemeral``: scoped to now ("for now", "just this once"): must not be stored at all.
    - ``secrets``: substrings that must appear in no stored fact (text, value or excerpt).
    - ``pending``: how many confirmation questions the user should be asked.
    """

    name: str
    topic: str
    steps: tuple[Step, ...]
    facts: tuple[FactSpec, ...] = ()
    wrong: tuple[FactSpec, ...] = ()
    stale: tuple[FactSpec, ...] = ()
    false: tuple[FactSpec, ...] = ()
    ephemeral: tuple[FactSpec, ...] = ()
    secrets: tuple[str, ...] = ()
    pending: int = 0
    users: tuple[str, ...] = ()

    def all_users(self) -> tuple[str, ...]:
        """Everyone who speaks or is expected to have facts, in first-seen order."""
        seen: dict[str, None] = dict.fromkeys(self.users)
        for step in self.steps:
            if isinstance(step, Say | Tap):
                seen.setdefault(step.user, None)
        for spec in (*self.facts, *self.wrong, *self.stale, *self.false, *self.ephemeral):
            seen.setdefault(spec.user, None)
        return tuple(seen) or (ANA,)


# ---- shorthands -------------------------------------------------------------------------------


def say(text: str, *, user: str = ANA, group: bool = False, reply: str = "") -> Say:
    """A chat message (in the group chat when ``group``)."""
    return Say(text, user=user, chat=GROUP if group else DM, reply=reply)


def ben(text: str, *, group: bool = True) -> Say:
    """Ben speaks (in the group chat unless told otherwise)."""
    return say(text, user=BEN, group=group)


def remember(text: str, *, user: str = ANA) -> Say:
    """An explicit ``/remember …`` (or "remember that …", which the bot routes the same way)."""
    return Say(text, user=user, explicit=True)


def tap(choice: str, *, user: str = ANA) -> Tap:
    """Tap "update", "keep", "now" or "both" on the latest conflict question."""
    return Tap(Choice(choice), user=user)


def f(key: str, contains: str, **kw: object) -> FactSpec:
    """A fact spec for Ana (``user=BEN`` for Ben's)."""
    return FactSpec(key, contains, **kw)  # type: ignore[arg-type]


HOME = "home_city|home.city|location.city|city"
COUNTRY = "home_country|home.country|location.country|country"
JOB = "job_title|job.title|job|occupation|profession"
EMPLOYER = "employer|job.employer|work.employer|company"
DIET = "diet|diet.*|food.diet"
BIRTHDAY = "birthday|birth_date|date_of_birth|birthday.*"


# ---- the suite --------------------------------------------------------------------------------

SCENARIOS: tuple[Scenario, ...] = (
    # -- moves -------------------------------------------------------------------------------
    Scenario(
        "move_confirmed_with_tap",
        "moves",
        (
            say("Hi! I live in Berlin with my partner."),
            Wait(days=40),
            say("We finally moved to Lisbon last weekend!"),
            tap("update"),
        ),
        facts=(f(HOME, "Lisbon"),),
        stale=(f(HOME, "Berlin"),),
        pending=1,
    ),
    Scenario(
        "move_rejected_with_keep",
        "moves",
        (
            say("I'm based in Munich."),
            Wait(days=3),
            say("I live in Vienna."),
            tap("keep"),
        ),
        facts=(f(HOME, "Munich", min_confidence=0.99),),
        wrong=(f(HOME, "Vienna"),),
        pending=1,
    ),
    Scenario(
        "move_only_for_now_then_back",
        "moves",
        (
            say("I live in Berlin."),
            Wait(days=10),
            say("I'm living in Madrid at the moment."),
            tap("now"),
            Wait(days=3),
        ),
        facts=(f(HOME, "Berlin"),),
        stale=(f(HOME, "Madrid"),),
        pending=1,
    ),
    Scenario(
        # Asked, and never answered: the move the user said in their own words stands once
        # the question lapses (session 14; it used to be dropped, the old home kept for good).
        "move_question_left_unanswered",
        "moves",
        (
            say("I live in Berlin."),
            Wait(days=20),
            say("We moved to Hamburg."),
            Wait(days=8),
        ),
        facts=(f(HOME, "Hamburg"),),
        stale=(f(HOME, "Berlin"),),
        pending=1,
    ),
    Scenario(
        # "Now", with no word of a move, may be a trip: unanswered, the told home stays.
        "now_somewhere_left_unanswered",
        "moves",
        (
            say("I live in Berlin."),
            Wait(days=20),
            say("We're in Rome now."),
            Wait(days=8),
        ),
        facts=(f(HOME, "Berlin"),),
        wrong=(f(HOME, "Rome"),),
        pending=1,
    ),
    Scenario(
        "no_longer_lives_there",
        "moves",
        (
            say("I live in Berlin."),
            Wait(days=30),
            say("I don't live in Berlin any more, long story."),
        ),
        stale=(f(HOME, "Berlin"),),
    ),
    Scenario(
        "moved_from_one_city_to_another",
        "moves",
        (say("We moved to Lisbon from Porto in January."),),
        facts=(f(HOME, "Lisbon"),),
        false=(f(HOME, "Porto"),),
    ),
    Scenario(
        "city_and_country_in_one_breath",
        "moves",
        (say("I live in Porto, Portugal, near the river."),),
        facts=(f(HOME, "Porto"), f(COUNTRY, "Portugal")),
    ),
    Scenario(
        "planned_move_is_not_a_move_yet",
        "moves",
        (
            say("I live in Berlin."),
            Wait(days=5),
            say("We're moving to Lisbon next month, so excited!"),
        ),
        facts=(f(HOME, "Berlin"),),
        wrong=(f(HOME, "Lisbon"),),
    ),
    Scenario(
        "move_announced_with_a_lead_in",
        "moves",
        (
            say("I live in Berlin."),
            Wait(days=60),
            say("Big news: we just moved to Lisbon!"),
            tap("update"),
        ),
        facts=(f(HOME, "Lisbon"),),
        stale=(f(HOME, "Berlin"),),
        pending=1,
    ),
    Scenario(
        "long_time_resident",
        "moves",
        (say("I've been living in Amsterdam for two years now."),),
        facts=(f(HOME, "Amsterdam"),),
    ),
    # -- pets --------------------------------------------------------------------------------
    Scenario(
        "pet_renamed",
        "pets",
        (
            say("My cat is called Tom."),
            Wait(days=5),
            say("We renamed the cat, she's called Luna now."),
        ),
        facts=(f("pet.cat.name|pet.cat|pet.name", "Luna"),),
        stale=(f("pet.*", "Tom"),),
    ),
    Scenario(
        "confident_pet_name_renamed_after_asking",
        "pets",
        (
            remember("my dog's name is Rex"),
            Wait(days=30),
            say("We renamed our dog to Max."),
            tap("update"),
        ),
        facts=(f("pet.dog.name|pet.dog|pet.name", "Max"),),
        stale=(f("pet.*", "Rex"),),
        pending=1,
    ),
    Scenario(
        "new_puppy_named_in_the_next_sentence",
        "pets",
        (say("Just got a puppy! His name is Biscuit."),),
        facts=(f("pet.dog*|pet.puppy*|pet.name*", "Biscuit"),),
    ),
    Scenario(
        "two_pets_in_one_message",
        "pets",
        (say("I have a dog named Rex and a cat called Mimi."),),
        facts=(f("pet.dog*|pet.name*", "Rex"), f("pet.cat*|pet.name*", "Mimi")),
    ),
    Scenario(
        "a_second_dog_said_as_one_more",
        "pets",
        (
            say("We have a dog called Bruno."),
            Wait(days=10),
            say("We also have a dog called Toby."),
        ),
        facts=(f("pet.dog*|pet.name*", "Bruno"), f("pet.dog*|pet.name*", "Toby")),
    ),
    Scenario(
        "another_name_for_the_son_asked_then_both",
        "contradictions",
        (
            say("My son is called Leo."),
            Wait(days=3),
            say("My son is called Sam."),
            tap("both"),
        ),
        facts=(f("family.son*", "Leo"), f("family.son*", "Sam")),
        pending=1,
    ),
    # -- jobs --------------------------------------------------------------------------------
    Scenario(
        "job_change_confirmed",
        "jobs",
        (
            say("I work as a teacher at Lincoln High."),
            Wait(days=60),
            say("I started a new job at Spotify as a data analyst."),
            tap("update"),
            tap("update"),
        ),
        facts=(f(EMPLOYER, "Spotify"), f(JOB, "data analyst")),
        stale=(f(EMPLOYER, "Lincoln"), f(JOB, "teacher")),
        pending=2,
    ),
    Scenario(
        "left_a_job",
        "jobs",
        (
            say("I work at Google."),
            Wait(days=100),
            say("I no longer work at Google."),
        ),
        stale=(f(EMPLOYER, "Google"),),
    ),
    Scenario(
        "promotion",
        "jobs",
        (
            say("I'm a junior developer at Acme."),
            Wait(days=200),
            say("I got promoted to senior developer!"),
            tap("update"),
        ),
        facts=(f(JOB, "senior developer"), f(EMPLOYER, "Acme")),
        stale=(f(JOB, "junior"),),
        pending=1,
    ),
    Scenario(
        "quit_to_join_a_startup",
        "jobs",
        (
            say("I work for Initrode as an accountant."),
            Wait(days=90),
            say("I quit Initrode to join a startup."),
        ),
        facts=(f(JOB, "accountant"),),
        stale=(f(EMPLOYER, "Initrode"),),
    ),
    Scenario(
        "new_job_said_without_a_subject",
        "jobs",
        (
            say("I work at Deloitte."),
            Wait(days=45),
            say("Started at Stripe on Monday, so nervous!"),
            tap("update"),
        ),
        facts=(f(EMPLOYER, "Stripe"),),
        stale=(f(EMPLOYER, "Deloitte"),),
        pending=1,
    ),
    # -- corrections -------------------------------------------------------------------------
    Scenario(
        "correction_of_the_city",
        "corrections",
        (
            say("I live in Lisbon."),
            say("Actually, no, I live in Porto — I mixed them up."),
            tap("update"),
        ),
        facts=(f(HOME, "Porto"),),
        stale=(f(HOME, "Lisbon"),),
        pending=1,
    ),
    Scenario(
        "correction_with_a_label",
        "corrections",
        (
            say("I live in Lisbon."),
            say("Correction: I live in Porto, not Lisbon."),
            tap("update"),
        ),
        facts=(f(HOME, "Porto"),),
        stale=(f(HOME, "Lisbon"),),
        pending=1,
    ),
    Scenario(
        "correction_of_a_favourite",
        "corrections",
        (
            say("My favourite colour is blue."),
            say("Wait, no, my favourite colour is actually green."),
        ),
        facts=(f("favorite.colo*|favourite.colo*|preference.colo*", "green"),),
        stale=(f("favorite.colo*|favourite.colo*|preference.colo*", "blue"),),
    ),
    Scenario(
        "correction_of_a_birthday",
        "corrections",
        (
            say("My birthday is March 3."),
            say("Sorry, I got that wrong, my birthday is March 13."),
            tap("update"),
        ),
        facts=(f(BIRTHDAY, "13"),),
        stale=(f(BIRTHDAY, "on 3 March"),),
        pending=1,
    ),
    Scenario(
        "correction_of_a_sisters_name",
        "corrections",
        (
            say("My sister is called Eva."),
            say("Sorry, typo, my sister's name is Ava."),
        ),
        facts=(f("family.sister*|sister*", "Ava"),),
        stale=(f("family.sister*|sister*", "Eva"),),
    ),
    # -- temporary instructions ---------------------------------------------------------------
    Scenario(
        "call_me_something_for_now",
        "temporary",
        (
            say("My name is Alexandra."),
            say("For now, call me Al — I'm testing something."),
        ),
        facts=(f("name", "Alexandra"),),
        ephemeral=(f("preferred_name|nickname|name.*", "Al"),),
    ),
    Scenario(
        "answer_in_french_just_this_once",
        "temporary",
        (
            say("I speak English and Portuguese."),
            say("Just this once, answer in French please."),
        ),
        facts=(f("language.english|language*", "English"), f("language.portug*", "Portuguese")),
        ephemeral=(f("preference.*|language*|reply*", "French"),),
    ),
    Scenario(
        "vegan_today_only",
        "temporary",
        (
            say("I'm vegetarian."),
            say("I'm eating vegan today only, there's a vegan festival in town."),
        ),
        facts=(f(DIET, "vegetarian"),),
        ephemeral=(f(DIET, "vegan"),),
    ),
    Scenario(
        "based_elsewhere_for_now",
        "temporary",
        (
            say("I live in Berlin."),
            Wait(days=2),
            say("For now I'm based in Madrid for a client project."),
        ),
        facts=(f(HOME, "Berlin"),),
        ephemeral=(f(HOME, "Madrid"),),
    ),
    Scenario(
        "bullet_points_this_time",
        "temporary",
        (
            say("I prefer short answers."),
            say("Use bullet points this time."),
        ),
        facts=(f("preference.*", "short"),),
        ephemeral=(f("preference.*", "bullet"),),
    ),
    # -- repeated facts -----------------------------------------------------------------------
    Scenario(
        "repeated_diet_gains_confidence",
        "repetition",
        (
            say("I'm vegetarian."),
            Wait(days=3),
            say("I'm vegetarian, so no meat please."),
            Wait(days=10),
            say("I'm a vegetarian."),
        ),
        facts=(f(DIET, "vegetarian", min_confidence=0.7),),
    ),
    Scenario(
        "same_taste_two_wordings",
        "repetition",
        (
            say("I love green tea."),
            Wait(days=4),
            say("Green tea is my favourite."),
        ),
        facts=(f("likes.*|favorite.*|preference.*", "green tea", min_confidence=0.55),),
    ),
    Scenario(
        "same_fact_in_two_chats",
        "repetition",
        (
            say("I work as a nurse."),
            Wait(days=1),
            say("I work as a nurse.", group=True),
        ),
        facts=(f(JOB, "nurse", min_confidence=0.55),),
    ),
    # -- contradictions of confident facts ------------------------------------------------------
    Scenario(
        "confident_home_contradicted",
        "contradictions",
        (
            remember("I live in Berlin"),
            Wait(days=14),
            say("I live in Hamburg."),
        ),
        facts=(f(HOME, "Berlin"),),
        wrong=(f(HOME, "Hamburg"),),
        pending=1,
    ),
    Scenario(
        "confident_diet_contradicted",
        "contradictions",
        (
            remember("I'm vegan"),
            Wait(days=7),
            say("I'm vegetarian."),
        ),
        facts=(f(DIET, "vegan"),),
        wrong=(f(DIET, "vegetarian"),),
        pending=1,
    ),
    Scenario(
        "confident_pet_name_kept",
        "contradictions",
        (
            remember("my dog is called Rex"),
            Wait(days=2),
            say("My dog's name is Max."),
            tap("keep"),
        ),
        facts=(f("pet.dog*|pet.name*", "Rex"),),
        wrong=(f("pet.dog*|pet.name*", "Max"),),
        pending=1,
    ),
    Scenario(
        "often_repeated_favourite_contradicted",
        "contradictions",
        (
            say("My favourite band is Radiohead."),
            Wait(days=7),
            say("Radiohead is my favourite band."),
            Wait(days=7),
            say("My favourite band is Radiohead."),
            Wait(days=7),
            say("Radiohead is my favourite band."),
            Wait(days=7),
            say("My favourite band is Radiohead, still."),
            Wait(days=7),
            say("My favourite band is Muse."),
        ),
        facts=(f("favorite.band|favourite.band|likes.*", "Radiohead"),),
        wrong=(f("favorite.band|favourite.band", "Muse"),),
        pending=1,
    ),
    # -- sensitive data --------------------------------------------------------------------------
    Scenario(
        "password_said_in_chat",
        "sensitive",
        (say("My email password is sunflower42, don't tell anyone lol"),),
        secrets=("sunflower42",),
    ),
    Scenario(
        "card_numbers_said_in_chat",
        "sensitive",
        (
            say("Can you check if my card 4111 1111 1111 1111 is still valid?"),
            say("My card number is 4242 4242 4242 4242 and the CVV is 123."),
        ),
        secrets=("4111 1111", "4242 4242", "CVV is 123"),
    ),
    Scenario(
        "pin_next_to_a_real_fact",
        "sensitive",
        (say("I live in Oslo and my PIN is 4821."),),
        facts=(f(HOME, "Oslo"),),
        secrets=("4821",),
    ),
    Scenario(
        "iban_said_in_chat",
        "sensitive",
        (say("My IBAN is DE89 3704 0044 0532 0130 00, please send the refund there."),),
        secrets=("DE89", "3704 0044"),
    ),
    Scenario(
        "password_explicitly_remembered",
        "sensitive",
        (remember("my wifi password is Tr0ub4dor&3"),),
        facts=(f("credential.*|password*|wifi*", "Tr0ub4dor&3", sensitive=True),),
    ),
    Scenario(
        "passport_explicitly_remembered",
        "sensitive",
        (remember("my passport number is X1234567"),),
        facts=(f("identity_document.*|passport*", "X1234567", sensitive=True),),
    ),
    # -- two users in one group chat ---------------------------------------------------------
    Scenario(
        "two_users_introduce_themselves",
        "group",
        (
            say("I live in Berlin and I work as a nurse.", group=True),
            ben("I live in Madrid and I'm a chef."),
        ),
        facts=(
            f(HOME, "Berlin"),
            f(JOB, "nurse"),
            f(HOME, "Madrid", user=BEN),
            f(JOB, "chef", user=BEN),
        ),
    ),
    Scenario(
        "same_key_for_two_users_is_no_conflict",
        "group",
        (
            say("My dog is called Rex.", group=True),
            ben("My dog is called Max."),
        ),
        facts=(f("pet.dog*|pet.name*", "Rex"), f("pet.dog*|pet.name*", "Max", user=BEN)),
    ),
    Scenario(
        "talking_about_the_other_user",
        "group",
        (
            ben("I live in Madrid."),
            say("Ben is a chef, you know.", group=True),
            say("Ben's sister lives in Rome.", group=True),
            say("I'm from Brazil.", group=True),
        ),
        facts=(f(HOME, "Madrid", user=BEN), f("origin|home*|nationality", "Brazil")),
        false=(f(JOB, "chef"), f(HOME, "Rome"), f("family.sister*", "Rome")),
    ),
    Scenario(
        "group_then_private_chat",
        "group",
        (
            say("I love jazz.", group=True),
            ben("I hate jazz."),
            Wait(days=2),
            say("I really love jazz."),
        ),
        facts=(f("likes.*", "jazz"), f("dislikes.*", "jazz", user=BEN)),
        false=(f("dislikes.*", "jazz"), f("likes.*", "jazz", user=BEN)),
    ),
    # -- questions, third parties, hypotheticals, the assistant's words ------------------------
    Scenario(
        "questions_are_not_facts",
        "questions",
        (
            say("Do I live in Berlin?"),
            say("What's my dog called?"),
            say("Should I move to Lisbon?"),
            say("Am I a vegetarian?"),
        ),
        false=(f(HOME, "Berlin"), f(HOME, "Lisbon"), f(DIET, "vegetarian")),
    ),
    Scenario(
        "statement_followed_by_a_question",
        "questions",
        (say("I live in Vienna — what's the weather like there?"),),
        facts=(f(HOME, "Vienna"),),
    ),
    Scenario(
        "friends_and_colleagues",
        "third_parties",
        (
            say("My friend lives in Rome."),
            say("My colleague Tom is vegan."),
            say("My boss hates meetings."),
        ),
        false=(f(HOME, "Rome"), f(DIET, "vegan"), f("dislikes.*", "meetings")),
    ),
    Scenario(
        "family_facts_stay_with_the_family",
        "third_parties",
        (say("My sister lives in Madrid and my brother is called Leo."),),
        facts=(f("family.sister*|sister*", "Madrid"), f("family.brother*|brother*", "Leo")),
        false=(f(HOME, "Madrid"),),
    ),
    Scenario(
        "family_member_moves",
        "third_parties",
        (
            say("My sister lives in Madrid."),
            Wait(days=90),
            say("My sister just moved to Paris."),
        ),
        facts=(f("family.sister*|sister*", "Paris"),),
        stale=(f("family.sister*|sister*", "Madrid"),),
        false=(f(HOME, "Paris"),),
    ),
    Scenario(
        "people_have_facts_of_their_own",
        "third_parties",
        (
            say("My wife Sofia is a doctor."),
            say("My friend Marco lives in Rome and he is a chef."),
            say("Julia is my best friend. She works at Google."),
        ),
        facts=(
            f("family.wife*", "doctor"),
            f("people.friend.marco*", "Rome"),
            f("people.friend.marco*", "chef"),
            f("people.best_friend.julia*", "Google"),
        ),
        false=(f(JOB, "doctor"), f(JOB, "chef"), f(HOME, "Rome"), f(EMPLOYER, "Google")),
    ),
    Scenario(
        "a_person_named_again_later",
        "third_parties",
        (
            say("My brother Luca lives in Milan."),
            say("Luca is a teacher."),
            say("My brother Pietro lives in Turin."),
        ),
        facts=(
            f("family.brother.luca*", "teacher"),
            f("family.brother.luca*", "Milan"),
            f("family.brother.pietro*", "Turin"),
        ),
        false=(f(JOB, "teacher"), f(HOME, "Milan"), f(HOME, "Turin")),
    ),
    Scenario(
        "relative_times_are_dated",
        "dates",
        (
            say("I moved to Lisbon last month."),
            say("I started at Stripe two weeks ago."),
            say("Last summer I went to Greece with my sister."),
            say("Next week I'm flying to Tokyo."),
        ),
        facts=(
            f(HOME, "Lisbon", since="2026-02-01"),
            f(EMPLOYER, "Stripe", since="2026-02-16"),
            f("past.*", "Greece", happened="2025-06-01"),
            f("plan.*", "Tokyo", happened="2026-03-09"),
        ),
        false=(f(HOME, "Tokyo"), f(HOME, "Greece")),
    ),
    Scenario(
        "hypotheticals_and_wishes",
        "hypotheticals",
        (
            say("If I lived in Paris I'd eat croissants every day."),
            say("I wish I were a pilot."),
            say("Maybe I'll move to Canada someday."),
        ),
        false=(f(HOME, "Paris"), f(JOB, "pilot"), f(COUNTRY, "Canada")),
    ),
    Scenario(
        "assistant_guesses_are_not_facts",
        "questions",
        (
            say(
                "Guess where I live!",
                reply="Let me guess: you live in Berlin and work as a teacher?",
            ),
            say("Nope, not even close."),
        ),
        false=(f(HOME, "Berlin"), f(JOB, "teacher")),
    ),
    # -- explicit remember ---------------------------------------------------------------------
    Scenario(
        "explicit_notes_and_dates",
        "explicit",
        (
            remember("my parking spot is B12"),
            remember("please remember that my anniversary is on 12 June"),
        ),
        facts=(f("*", "B12", min_confidence=0.9), f("*anniversary*", "12 June")),
    ),
    Scenario(
        "remember_asked_as_a_question",
        "explicit",
        (say("Can you remember that my daughter's name is Sofia?"),),
        facts=(f("family.daughter*|daughter*", "Sofia", min_confidence=0.9),),
    ),
    # -- multi-fact turns ----------------------------------------------------------------------
    Scenario(
        "introduction_with_five_facts",
        "multi_fact",
        (
            say(
                "Hi! I'm Ana, I'm from Brazil but I live in Berlin now, I work as a UX designer "
                "and I have a cat called Mimi."
            ),
        ),
        facts=(
            f("name", "Ana"),
            f("origin|nationality|home*", "Brazil"),
            f(HOME, "Berlin"),
            f(JOB, "UX designer"),
            f("pet.cat*|pet.name*", "Mimi"),
        ),
    ),
    Scenario(
        "family_in_one_sentence",
        "multi_fact",
        (say("My wife Maria is a teacher and our son Leo just turned 5."),),
        facts=(f("family.wife*|wife*|spouse*", "Maria"), f("family.son*|son*|child*", "Leo")),
        false=(f(JOB, "teacher"),),
    ),
    # -- tastes, diet, health --------------------------------------------------------------------
    Scenario(
        "likes_and_dislikes",
        "tastes",
        (
            say("I love hiking, cooking and jazz."),
            say("I can't stand olives."),
        ),
        facts=(
            f("likes.*|hobby*|hobbies*", "hiking"),
            f("likes.*|hobby*|hobbies*", "cooking"),
            f("likes.*", "jazz"),
            f("dislikes.*", "olives"),
        ),
    ),
    Scenario(
        "dislike_turns_into_a_like",
        "tastes",
        (
            say("I don't like sushi."),
            Wait(days=200),
            say("I love sushi now, my friend got me into it."),
        ),
        facts=(f("likes.*", "sushi"),),
        stale=(f("dislikes.*", "sushi"),),
    ),
    Scenario(
        "diet_change",
        "diet",
        (
            say("I'm vegetarian."),
            Wait(days=90),
            say("I'm vegan now."),
        ),
        facts=(f(DIET, "vegan"),),
        stale=(f(DIET, "vegetarian"),),
    ),
    Scenario(
        "allergies_remembered_and_mentioned",
        "diet",
        (
            remember("I'm allergic to peanuts"),
            Wait(days=3),
            say("I'm also allergic to shellfish, so no paella for me."),
        ),
        facts=(
            f("allergy.*|allergies*|health.*", "peanuts", sensitive=True),
            f("allergy.*|allergies*|health.*", "shellfish"),
        ),
    ),
    Scenario(
        "dietary_restrictions",
        "diet",
        (
            say("I'm lactose intolerant, so no milk in my coffee please."),
            say("I can't eat gluten."),
        ),
        facts=(
            f("health.*|allergy.*|diet*|food_restriction.*", "lactose"),
            f("food_restriction.*|diet*|allergy.*|health.*", "gluten"),
        ),
    ),
    # -- dates, languages, time zone, goals, identity --------------------------------------------
    Scenario(
        "birthdays",
        "dates",
        (
            say("My birthday is on the 3rd of May."),
            say("My mom's birthday is July 14."),
        ),
        facts=(f(BIRTHDAY, "3 May"), f("family.mother*|mother*|mom*", "14 July")),
    ),
    Scenario(
        "languages_and_reply_language",
        "languages",
        (
            say("I speak Portuguese and English, and I'm learning Japanese."),
            say("From now on, please answer in Spanish."),
        ),
        facts=(
            f("language.portug*", "Portuguese"),
            f("language.english", "English"),
            f("language.japanese", "Japanese"),
            f("preference.*language*|reply_language|language.reply*", "Spanish"),
        ),
    ),
    Scenario(
        "timezone_change",
        "timezone",
        (
            say("My timezone is CET."),
            Wait(days=30),
            say("I'm on Pacific time now."),
            tap("update"),
        ),
        facts=(f("timezone|time_zone|tz", "Pacific"),),
        stale=(f("timezone|time_zone|tz", "CET"),),
        pending=1,
    ),
    Scenario(
        "goals_and_projects",
        "goals",
        (
            say("My goal for this year is to run a half marathon."),
            say("I'm working on a board game called Hexfall."),
        ),
        facts=(f("goal.*", "half marathon"), f("project.*", "Hexfall")),
    ),
    Scenario(
        "name_and_nickname",
        "identity",
        (say("My name is Benjamin but everyone calls me Ben.", user=BEN),),
        facts=(f("name", "Benjamin", user=BEN), f("preferred_name|nickname", "Ben", user=BEN)),
    ),
    Scenario(
        "pronouns",
        "identity",
        (say("My pronouns are they/them."),),
        facts=(f("pronouns", "they/them"),),
    ),
)
