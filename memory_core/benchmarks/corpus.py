"""Generated benchmark data: realistic-looking facts and queries from a seeded vocabulary.

Texts come from ~30 fact templates whose slots draw from small word lists, so a query's terms
appear in a few per cent of a user's facts (as in real memories), never in every row.
"""

from __future__ import annotations

import random
from string import Formatter

import numpy as np

from memory_core.embed import Vectors
from memory_core.values import Category

# Slot vocabularies (space-separated; "_" joins a multi-word entry).
_SLOTS: dict[str, list[str]] = {
    k: [w.replace("_", " ") for w in v.split()]
    for k, v in {
        "name": "Anna Ben Carlos Dana Elif Farid Greta Hugo Ines Jonas Kenji Lena Mateo Nadia "
        "Omar Priya Quinn Rosa Sven Tara Umar Vera Wen Yusuf Zoe Maya Leo Ivan Sofia Aiko "
        "Bruno Chloe Diego Emma Felix Hana Igor Julia Karim Lucia Marco Nora Oskar Paula",
        "city": "Lisbon Porto Berlin Munich Hamburg Vienna Prague Warsaw Krakow Madrid Seville "
        "Valencia Paris Lyon Marseille Rome Milan Naples Turin Athens Oslo Bergen Helsinki "
        "Tallinn Dublin Cork Edinburgh Glasgow Leeds Bristol Toronto Montreal Boston Denver "
        "Austin Seattle Kyoto Osaka Seoul Busan Tokyo Nairobi Lagos Cairo Istanbul Izmir",
        "pet": "dog cat parrot rabbit hamster tortoise ferret goldfish puppy kitten beagle "
        "labrador terrier",
        "adj": "small old lazy playful grumpy shy noisy fluffy tiny rescued clever",
        "job": "nurse teacher plumber architect accountant pharmacist chef electrician "
        "journalist translator data_analyst physiotherapist librarian pilot dentist lawyer "
        "baker carpenter designer engineer",
        "company": "Siemens Bosch Zalando a_hospital a_bakery a_startup the_city_council "
        "a_law_firm a_school a_bank an_airline a_pharmacy a_museum a_newspaper a_hotel",
        "cuisine": "Thai Italian Mexican Japanese Indian Greek Lebanese Ethiopian Korean "
        "Vietnamese Turkish Peruvian Spanish French Georgian",
        "dish": "ramen curry tacos risotto dumplings falafel paella pho moussaka bibimbap "
        "lasagne sushi biryani ceviche goulash",
        "allergen": "peanuts shellfish penicillin pollen cats gluten lactose eggs sesame "
        "walnuts bee_stings latex",
        "sport": "tennis squash football basketball volleyball badminton chess padel "
        "climbing golf hockey rugby",
        "relation": "sister brother mother father daughter son cousin partner wife husband "
        "grandmother uncle aunt niece nephew colleague neighbour",
        "weekday": "Monday Tuesday Wednesday Thursday Friday Saturday Sunday",
        "month": "January February March April May June July August September October "
        "November December",
        "drink": "espresso green_tea black_coffee oat_latte matcha chai hot_chocolate "
        "orange_juice kombucha mint_tea",
        "manner": "without_sugar with_honey with_oat_milk iced very_strong decaf",
        "genre": "jazz techno folk hip_hop classical metal reggae blues punk indie_pop flamenco",
        "activity": "running cooking working studying driving cleaning painting",
        "book_genre": "crime fantasy science_fiction historical romance horror mystery",
        "author": "Tolstoy Atwood Murakami Ferrante Ishiguro Morrison Borges Le_Guin "
        "Pratchett Christie Tokarczuk Saramago",
        "tech": "Python Rust React Flutter Django Kotlin Swift Go",
        "purpose": "tracking_expenses planning_meals booking_climbing_gyms learning_vocabulary "
        "sharing_recipes logging_workouts finding_parking",
        "language": "Spanish Japanese German Portuguese Korean Italian Arabic Polish Greek "
        "Mandarin Swahili Dutch",
        "appointment": "dentist doctor physiotherapy eye_test vet haircut therapy "
        "passport_office bank",
        "food_avoid": "pork beef meat fish dairy mushrooms onions spicy_food sugar",
        "reason": "religious_reasons health_reasons ethical_reasons taste",
        "home": "flat house studio cottage loft houseboat",
        "home_adj": "tiny rented shared renovated old sunny",
        "landmark": "station river park harbour cathedral university market stadium",
        "color": "red blue silver black white green",
        "car": "Golf Corolla Civic Model_3 Fiesta Clio Octavia Prius Panda",
        "goal": "run_a_marathon read_fifty_books lose_weight learn_to_swim save_money "
        "visit_Japan finish_the_thesis quit_smoking",
        "med": "ibuprofen insulin levothyroxine an_inhaler antihistamines vitamin_D iron_tablets",
        "condition": "migraines diabetes asthma hay_fever anaemia back_pain insomnia",
        "purchase": "house car wedding sabbatical new_laptop bicycle piano",
        "amount": "500_euros 2000_euros 5000_euros 10000_euros 300_pounds 1500_dollars",
        "show_genre": "crime comedy documentary cooking fantasy sci-fi",
        "team": "Benfica Arsenal Celtic Napoli Ajax Sevilla Dortmund Galatasaray",
        "subject": "biology history mathematics law medicine philosophy chemistry "
        "economics architecture music",
        "plant": "tomatoes basil chillies strawberries orchids succulents lavender",
        "gift": "watch scarf book camera bicycle concert_ticket board_game",
        "dislike": "loud_music cold_weather long_meetings cilantro horror_films crowds",
        "instrument": "guitar piano violin drums cello saxophone ukulele trumpet",
        "transport": "bike train bus tram car ferry",
        "number": "10 15 20 25 30 40 45 50 60 90",
        "day": " ".join(str(d) for d in range(1, 29)),
    }.items()
}

# (key, category, text); keys are like the extractor's: dotted, words joined by "_".
_TEMPLATES: list[tuple[str, Category, str]] = [
    ("pet.{pet}", Category.RELATIONSHIP, "Has a {adj} {pet} called {name}"),
    ("job", Category.IDENTITY, "Works as a {job} at {company} in {city}"),
    ("food.favourite", Category.SOFT_PREFERENCE, "Loves {cuisine} food, especially {dish}"),
    ("health.allergy", Category.HEALTH, "Is allergic to {allergen}"),
    ("hobby.{sport}", Category.SOFT_PREFERENCE, "Plays {sport} with a {relation} on {weekday}s"),
    ("travel.plan", Category.TASK_CONTEXT, "Is planning a trip to {city} in {month}"),
    ("family.{relation}", Category.RELATIONSHIP, "Their {relation} {name} lives in {city}"),
    ("birthday", Category.RELATIONSHIP, "{name}, their {relation}, was born {month} {day}"),
    ("drink.morning", Category.SOFT_PREFERENCE, "Drinks {drink} {manner} every morning"),
    ("music", Category.SOFT_PREFERENCE, "Listens to {genre} while {activity}"),
    ("reading", Category.SOFT_PREFERENCE, "Is reading a {book_genre} novel by {author}"),
    ("project", Category.TASK_CONTEXT, "Is building a {tech} app for {purpose}"),
    ("learning", Category.TASK_CONTEXT, "Has been learning {language} for {number} weeks"),
    ("appointment", Category.TASK_CONTEXT, "Has a {appointment} appointment on {weekday}"),
    ("diet", Category.HARD_PREFERENCE, "Does not eat {food_avoid} for {reason}"),
    ("home", Category.IDENTITY, "Lives in a {home_adj} {home} near the {landmark} in {city}"),
    ("car", Category.OTHER, "Drives a {color} {car}"),
    ("goal", Category.TASK_CONTEXT, "Wants to {goal} before {month}"),
    ("health.medication", Category.HEALTH, "Takes {med} for {condition}"),
    ("savings", Category.FINANCE, "Is saving for a {purchase} and has {amount} put aside"),
    ("tv", Category.SOFT_PREFERENCE, "Is watching a {show_genre} series with their {relation}"),
    ("sport.team", Category.SOFT_PREFERENCE, "Supports {team} and never misses a match"),
    ("work.schedule", Category.TASK_CONTEXT, "Works from home on {weekday}s"),
    ("education", Category.IDENTITY, "Studied {subject} at university in {city}"),
    ("garden", Category.OTHER, "Grows {plant} on the balcony"),
    ("restaurant", Category.SOFT_PREFERENCE, "Favourite restaurant is a {cuisine} place in {city}"),
    ("gift.{relation}", Category.TASK_CONTEXT, "Wants to give their {relation} a {gift}"),
    ("dislike", Category.SOFT_PREFERENCE, "Cannot stand {dislike}"),
    ("instrument", Category.SOFT_PREFERENCE, "Plays the {instrument} in a {genre} band"),
    ("commute", Category.OTHER, "Commutes by {transport}, about {number} minutes each way"),
]

_QUERIES: list[str] = [
    "what is the name of the {pet}",
    "where does she work",
    "is he a {job}",
    "any food allergies",
    "allergic to {allergen}?",
    "when is {name}'s birthday",
    "trip to {city}",
    "what do they drink in the morning",
    "which sport on {weekday}",
    "favourite {cuisine} restaurant",
    "what book are they reading at the moment",
    "app written in {tech}",
    "does {name} live in {city}",
    "medication for {condition}",
    "saving up for a {purchase}",
    "which language is she learning",
    "{appointment} appointment this week",
    "what car do they drive",
    "gift for my {relation}",
    "music while {activity}",
    "plays the {instrument}",
    "how long is the commute by {transport}",
    "things they hate",
    "which football team",
    "does not eat {food_avoid}",
]


def _fill(template: str, rng: random.Random) -> str:
    out = template
    while "{" in out:
        start = out.index("{")
        end = out.index("}", start)
        out = out[:start] + rng.choice(_SLOTS[out[start + 1 : end]]) + out[end + 1 :]
    return out


def _fields(*templates: str) -> tuple[str, ...]:
    names = (name for t in templates for _, name, _, _ in Formatter().parse(t) if name)
    return tuple(dict.fromkeys(names))


_TEMPLATE_FIELDS = [_fields(key, text) for key, _, text in _TEMPLATES]


def generate_fact(rng: random.Random) -> tuple[str, Category, str]:
    """One realistic-looking fact: (key, category, text), from a seeded generator."""
    index = rng.randrange(len(_TEMPLATES))
    key, category, template = _TEMPLATES[index]
    # One draw per slot fills key and text alike, so "pet.dog" goes with "a dog".
    picks = {name: rng.choice(_SLOTS[name]) for name in _TEMPLATE_FIELDS[index]}
    body = template.format(**picks)
    return key.format(**picks).replace(" ", "_").lower(), category, body


def generate_queries(n: int, seed: int) -> list[str]:
    """A fixed, seeded set of ``n`` realistic search queries."""
    rng = random.Random(seed)
    return [_fill(_QUERIES[i % len(_QUERIES)], rng) for i in range(n)]


def random_unit_vectors(rng: np.random.Generator, n: int, dim: int) -> Vectors:
    """``n`` random float32 unit vectors of ``dim`` dimensions."""
    out = rng.standard_normal((n, dim), dtype=np.float32)
    out /= np.linalg.norm(out, axis=1, keepdims=True)
    return out
