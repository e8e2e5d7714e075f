"""Which area of life a text is about, by meaning: a reranking signal for answers.

e5-small's cosine similarities of short texts are compressed (a right answer 0.80–0.86, an
unrelated memory 0.78–0.83), so "what's my trade again?" sits about as close to "The user has a
cat." as to "The user is a waiter." A second, coarser question separates them: which areas of
life (work, home, pets, family, music…) is each text about? Both the question and a memory are
compared with short descriptions of ``DOMAINS`` (embedded once with the same model, so it works
across languages), each similarity profile is standardised and turned into a distribution, and
their *agreement* (the Bhattacharyya coefficient, 0–1) is added to a hit's relevance in
``memory_core.read.answer``. The list is a general map of what people tell about themselves, not the
evaluation's topics; its weight and temperature are tuned by ``membot eval answers`` (tune split).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from memory_core.embed import Vectors

#: Areas of life a user's memories and questions are about (embedded as passages).
DOMAINS: tuple[str, ...] = (
    "job, work, occupation, profession, career, employer, workplace, trade, earning a living",
    "home, where one lives, city, town, country, house, apartment, neighbourhood, moving",
    "where one is from, grew up, hometown, nationality, birthplace",
    "pets and animals at home: dog, cat, bird, fish, hamster, horse",
    "partner, spouse, wife, husband, girlfriend, boyfriend, marriage, dating",
    "children, kids, son, daughter, baby, being a parent",
    "parents, mother, father, mom, dad, family background",
    "siblings, brother, sister, twin",
    "friends, best friend, social life",
    "health, illness, allergy, medicine, doctor, disability, condition",
    "diet, foods one avoids or cannot eat, vegan, vegetarian, allergy to food",
    "favourite food, cooking, baking, meals, dishes, restaurants, drinks",
    "music, songs, bands, singers, concerts, playing an instrument, guitar, piano",
    "sport, exercise, fitness, running, gym, team, playing football or basketball",
    "reading, books, novels, authors, writing",
    "school, college, university, studies, degree, education, students",
    "car, truck, vehicle, driving, motorcycle, bicycle, commuting",
    "travel, trips, holidays, visiting places, vacations",
    "hobbies, free time, crafts, games, collecting, gardening",
    "movies, films, tv shows, series, video games, youtube",
    "name, what someone is called",
    "age, how old, birthday, born",
    "appearance, looks, height, hair, tattoo, clothes",
    "religion, faith, church, god, beliefs",
    "money, income, savings, debt, rich or poor",
    "languages spoken",
    "personality, character, feelings, mood, shy, funny",
    "nature, outdoors, hiking, camping, the beach, weather, seasons",
    "art, painting, drawing, photography, design",
    "computers, technology, programming, phones, the internet",
    "favourite colour",
    "plans, goals, dreams, wishes for the future",
)

#: Softmax temperature over the standardised similarities (lower: sharper profiles).
TEMPERATURE = 0.5


def profiles(domains: Vectors, vectors: Vectors, temperature: float = TEMPERATURE) -> Vectors:
    """Each row of ``vectors`` as a distribution over ``domains`` (rows sum to 1)."""
    # Broadcast dot products, not ``@``: BLAS helper threads spin after each call and slow
    # everything else on small machines (see ``MatrixCache._similarities``).
    sims = np.vecdot(np.atleast_2d(vectors)[:, None, :], domains[None, :, :])
    z = (sims - sims.mean(axis=1, keepdims=True)) / (sims.std(axis=1, keepdims=True) + 1e-9)
    e = np.exp((z - z.max(axis=1, keepdims=True)) / temperature)
    out: Vectors = (e / e.sum(axis=1, keepdims=True)).astype(np.float32)
    return out


def agreement(domains: Vectors, query: Vectors, items: Sequence[Vectors]) -> list[float]:
    """How far each item is about the same areas of life as the query (0–1; Bhattacharyya
    coefficient of their domain distributions)."""
    if not items:
        return []
    q = np.sqrt(profiles(domains, np.asarray(query, dtype=np.float32))[0])
    rows = np.sqrt(profiles(domains, np.stack([np.asarray(v, dtype=np.float32) for v in items])))
    return [float(x) for x in np.vecdot(rows, q)]
