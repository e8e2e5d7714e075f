"""Canonical words a memory stores that a reply in another language says in its own words: the
languages a user speaks and, for French, a condition with the article it is said with.

These are vocabulary, not the user's words (docs/languages.md): "language.portuguese" is the
same fact whether it was told as "I speak Portuguese" or "Je parle portugais", so a French
reply says "tu parles portugais". A value no table names is said as the user told it, quoted
when they told it in another language than the reply's (``bot.slots``).
"""

from __future__ import annotations

#: A language's key segment → its name in each reply language, in the form the slot's phrase
#: wants: German and Spanish the noun, French the bare name ("tu parles portugais"), Russian
#: the prepositional after "на" ("ты говоришь на португальском").
LANGUAGE_NAMES: dict[str, dict[str, str]] = {
    "english": {"de": "Englisch", "es": "inglés", "fr": "anglais", "ru": "английском"},
    "german": {"de": "Deutsch", "es": "alemán", "fr": "allemand", "ru": "немецком"},
    "spanish": {"de": "Spanisch", "es": "español", "fr": "espagnol", "ru": "испанском"},
    "french": {"de": "Französisch", "es": "francés", "fr": "français", "ru": "французском"},
    "russian": {"de": "Russisch", "es": "ruso", "fr": "russe", "ru": "русском"},
    "italian": {"de": "Italienisch", "es": "italiano", "fr": "italien", "ru": "итальянском"},
    "portuguese": {
        "de": "Portugiesisch",
        "es": "portugués",
        "fr": "portugais",
        "ru": "португальском",
    },
    "dutch": {
        "de": "Niederländisch",
        "es": "neerlandés",
        "fr": "néerlandais",
        "ru": "нидерландском",
    },
    "polish": {"de": "Polnisch", "es": "polaco", "fr": "polonais", "ru": "польском"},
    "ukrainian": {"de": "Ukrainisch", "es": "ucraniano", "fr": "ukrainien", "ru": "украинском"},
    "turkish": {"de": "Türkisch", "es": "turco", "fr": "turc", "ru": "турецком"},
    "greek": {"de": "Griechisch", "es": "griego", "fr": "grec", "ru": "греческом"},
    "swedish": {"de": "Schwedisch", "es": "sueco", "fr": "suédois", "ru": "шведском"},
    "arabic": {"de": "Arabisch", "es": "árabe", "fr": "arabe", "ru": "арабском"},
    "hebrew": {"de": "Hebräisch", "es": "hebreo", "fr": "hébreu", "ru": "иврите"},
    "hindi": {"de": "Hindi", "es": "hindi", "fr": "hindi", "ru": "хинди"},
    "chinese": {"de": "Chinesisch", "es": "chino", "fr": "chinois", "ru": "китайском"},
    "mandarin": {"de": "Mandarin", "es": "mandarín", "fr": "mandarin", "ru": "мандаринском"},
    "japanese": {"de": "Japanisch", "es": "japonés", "fr": "japonais", "ru": "японском"},
    "korean": {"de": "Koreanisch", "es": "coreano", "fr": "coréen", "ru": "корейском"},
}

#: A condition's key segment → how French says having it, with its article ("tu as de
#: l'asthme", "tu as du diabète"): "tu as asthme" is no French.
FRENCH_CONDITIONS: dict[str, str] = {
    "diabetes": "du diabète",
    "asthma": "de l'asthme",
    "epilepsy": "de l'épilepsie",
    "migraines": "des migraines",
    "celiac_disease": "la maladie cœliaque",
    "crohn_s_disease": "la maladie de Crohn",
    "arthritis": "de l'arthrite",
    "osteoarthritis": "de l'arthrose",
    "high_blood_pressure": "de l'hypertension",
    "depression": "une dépression",
    "anxiety_disorder": "un trouble anxieux",
    "adhd": "un TDAH",
    "autism": "un trouble autistique",
    "psoriasis": "du psoriasis",
    "eczema": "de l'eczéma",
    "lupus": "un lupus",
    "multiple_sclerosis": "une sclérose en plaques",
    "parkinson_s_disease": "la maladie de Parkinson",
    "hiv": "le VIH",
    "hepatitis": "une hépatite",
    "anaemia": "de l'anémie",
    "hypothyroidism": "une hypothyroïdie",
    "endometriosis": "de l'endométriose",
    "fibromyalgia": "de la fibromyalgie",
    "sleep_apnoea": "de l'apnée du sommeil",
    "tinnitus": "des acouphènes",
    "cancer": "un cancer",
    "lactose_intolerance": "une intolérance au lactose",
    "bipolar_disorder": "un trouble bipolaire",
}

#: An allergy's key segment → the allergen in the form each language's phrase wants (German
#: after "gegen", Spanish after "a" with its article, French after "allergie :", Russian in the
#: accusative after "на"). A language left out of an entry quotes the value told in English.
ALLERGENS: dict[str, dict[str, str]] = {
    "peanuts": {"de": "Erdnüsse", "es": "los cacahuetes", "fr": "arachides", "ru": "арахис"},
    "nuts": {"de": "Nüsse", "es": "los frutos secos", "fr": "fruits à coque", "ru": "орехи"},
    "tree_nuts": {"de": "Nüsse", "es": "los frutos secos", "fr": "fruits à coque", "ru": "орехи"},
    "penicillin": {
        "de": "Penicillin",
        "es": "la penicilina",
        "fr": "pénicilline",
        "ru": "пенициллин",
    },
    "shellfish": {
        "de": "Meeresfrüchte",
        "es": "los mariscos",
        "fr": "fruits de mer",
        "ru": "морепродукты",
    },
    "seafood": {
        "de": "Meeresfrüchte",
        "es": "los mariscos",
        "fr": "fruits de mer",
        "ru": "морепродукты",
    },
    "gluten": {"de": "Gluten", "fr": "gluten", "ru": "глютен"},
    "pollen": {"de": "Pollen", "fr": "pollen", "ru": "пыльцу"},
    "lactose": {"de": "Laktose", "es": "la lactosa", "fr": "lactose", "ru": "лактозу"},
    "cats": {"de": "Katzen", "es": "los gatos", "fr": "chats", "ru": "кошек"},
    "dogs": {"de": "Hunde", "es": "los perros", "fr": "chiens", "ru": "собак"},
    "eggs": {"de": "Eier", "es": "los huevos", "fr": "œufs", "ru": "яйца"},
    "bees": {"de": "Bienen", "es": "las abejas", "fr": "abeilles", "ru": "пчёл"},
    "dust": {"de": "Staub", "fr": "poussière", "ru": "пыль"},
}
