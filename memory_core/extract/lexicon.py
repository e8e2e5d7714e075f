"""Closed word lists the rules check values against (languages, places, jobs, conditions …).

Lower-case; the lists are data files, one concept a file (``data/<concept>.txt``, read once by
``wordlists``), the names here are what the rules import. Lists keep the rules honest: "I speak
my mind" names no language and "I'm a big fan" names no job.
"""

from __future__ import annotations

from memory_core.extract import health
from memory_core.extract.wordlists import mapping, words
from memory_core.text import animals, kin

LANGUAGES = words("languages")
COUNTRIES = words("countries")
NATIONALITIES = words("nationalities")

#: Last word of a job title ("software engineer" → "engineer").
JOB_WORDS = words("job_words")

#: Relations whose member gets a ``family.<relation>.*`` key: the English words of the shared
#: vocabulary (``memory_core.text.kin``: "granddaughter", "half-brother", "hubby") and the
#: extractor's own phrases ("little boy").
#: Relations said of several at once ("my parents", "my grandkids") stay the extractor's groups
#: (``FAMILY_GROUPS``): their keys keep the plural.
_COLLECTIVE = frozenset({"parent", "sibling", "grandparent", "grandchild", "stepchild"})
_KIN_FAMILY = {
    w: r
    for w, r in kin.relation_words("en", group="family", plural=False).items()
    if r not in _COLLECTIVE
}
FAMILY = words("family") | frozenset(_KIN_FAMILY)
#: Spoken forms folded into one key ("mom" and "mum" are both "mother", "hubby" "husband").
FAMILY_CANONICAL = {
    **{w: r for w, r in _KIN_FAMILY.items() if w != r and w in FAMILY},
    **mapping("family_canonical"),
}

#: Pet species ("my dog Rex") and the words folded into one ("puppy" → "dog"): the English words
#: of the shared vocabulary (``memory_core.text.animals``).
PET_SPECIES = frozenset(animals.words("en"))
PET_CANONICAL = {w: species for w, species in animals.words("en").items() if w != species}

#: Chronic conditions recognised after "I have …" / "I suffer from …" (health_conditions.txt).
CONDITIONS = health.CHRONIC
#: Short illnesses: worth a temporary note at most.
ACUTE_CONDITIONS = words("acute_conditions")
#: "I'm diabetic" → diabetes.
CONDITION_ADJECTIVES = mapping("condition_adjectives")

DIETS = mapping("diets")

TIMEZONE_ABBREVIATIONS = words("timezone_abbreviations")
#: Spoken names of US/EU zones.
TIMEZONE_NAMES = mapping("timezone_names")

#: "I prefer dark mode" and "I prefer light mode" share the key ``preference.theme``.
PREFERENCE_TOPICS = mapping("preference_topics")
#: Preference topics about how the assistant behaves: hard preferences.
ASSISTANT_TOPICS = frozenset(
    {"theme", "answer_length", "answer_format", "units", "temperature_unit", "tone"}
    | {"reply_language"}
)

#: Names that are really ordinary words ("I'm Fine", "call me Later").
NOT_NAMES = words("not_names")

#: More occupations for "I am a fisherman" (the last word of a title, like ``JOB_WORDS``; kept
#: apart because "Mason" or "Judge" may still be a name).
OCCUPATIONS = JOB_WORDS | words("occupations")

#: People the user names by their role but who are not family: facts about them get
#: ``people.<role>.*`` keys, never the user's own. The shared vocabulary's English words of
#: the ``people`` group ("friend", "landlady", "mother-in-law"; "in-laws", said only of
#: several) and the extractor's own roles (``people.txt``: "tenant", "client", "crush").
PEOPLE = words("people") | frozenset(
    w
    for w, r in kin.relation_words("en", group="people").items()
    if w in kin.RELATIONS[r].singular.get("en", ()) or not kin.RELATIONS[r].singular.get("en")
)

#: Plural relations ("my parents are …") and collective ones ("my family"): the vocabulary's
#: plain plurals of the family one counts ("sisters", "grandkids", "half-sisters"), the words
#: of its collective relations ("sibling", "grandchild") and the extractor's own
#: (``family_groups.txt``: "parents", "aunts", "relatives", "family").
#: A partner said with "the" for the user's own ("the missus", "the hubby", "the other half",
#: "the wife"): the shared vocabulary's colloquial English words for a partner and the plain
#: "wife", "husband". Not "the kids": any children.
PARTNER_SAID_WITH_THE = frozenset(
    w for r in kin.of_kind("partner") for w in kin.RELATIONS[r].colloquial.get("en", {})
) | {"wife", "husband"}
FAMILY_GROUPS = (
    words("family_groups")
    | kin.plural_words("en", group="family", plain=True)
    | frozenset(w for w, r in kin.relation_words("en", group="family").items() if r in _COLLECTIVE)
)
#: Spoken plural or collective relations folded into one key segment: the vocabulary's
#: collective words ("grandkid" → "grandchild") and the extractor's own plurals ("kids" →
#: "children").
FAMILY_GROUP_CANONICAL = {
    **{
        w: r
        for w, r in kin.relation_words("en", group="family", plural=False).items()
        if r in _COLLECTIVE and w != r
    },
    **mapping("family_group_canonical"),
}

#: Common English verbs in their base form, for reading a clause's structure without a parser
#: (a coordinated "… and read poetry" is a second verb of the same subject).
BASE_VERBS = words("base_verbs")

#: "-ing" activities that describe this very moment ("I'm eating dinner"), not a lasting fact.
MOMENTARY_ACTIVITIES = words("momentary_activities")

#: How the body feels this hour ("I'm famished, skipped breakfast"): passing, even with a
#: reason after it.
PASSING_SENSATIONS = words("passing_sensations")
#: How someone feels right now ("I'm tired"): no lasting fact on its own.
TRANSIENT_STATES = words("transient_states") | PASSING_SENSATIONS

#: Breeds and kinds named instead of the species ("I have a poodle" is a dog).
PET_BREEDS = mapping("pet_breeds")

#: Opinions of someone rather than facts about them ("my wife is amazing").
EVALUATIVE = words("evaluative")

#: Things one has on a given day, not for good ("I have a meeting at 3").
EVENT_NOUNS = words("event_nouns")

#: Turns of phrase that say nothing literal ("I speak my mind", "I live in fear of …").
#: (What follows "I" in them.)
IDIOMS = words("idioms")

#: Relations a pronoun of the other gender cannot stand for ("he" is never "my sister").
NOT_FOR_PRONOUN = {
    "he": frozenset(
        """sister mum mom mam mother mommy mummy daughter wife girlfriend aunt auntie niece
        grandmother gran granny nan nana grandma stepmother stepdaughter stepsister fiancée
        sis""".split()
    ),
    "she": frozenset(
        """brother dad father daddy son husband boyfriend uncle nephew grandfather grandpa
        granddad grandad stepfather stepson stepbrother fiancé bro""".split()
    ),
}
