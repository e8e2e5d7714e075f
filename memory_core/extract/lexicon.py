"""Closed word lists the rules check values against (languages, places, jobs, conditions …).

Data only, lower-case. Lists keep the rules honest: "I speak my mind" names no language and
"I'm a big fan" names no job.
"""

from __future__ import annotations


def _words(text: str) -> frozenset[str]:
    return frozenset(w.strip() for w in text.split(",") if w.strip())


LANGUAGES = _words(
    """english, portuguese, spanish, french, german, italian, dutch, swedish, norwegian,
    danish, finnish, icelandic, polish, czech, slovak, hungarian, romanian, bulgarian, greek,
    turkish, russian, ukrainian, belarusian, serbian, croatian, bosnian, slovenian,
    macedonian, albanian, lithuanian, latvian, estonian, georgian, armenian, azerbaijani,
    kazakh, uzbek, arabic, hebrew, persian, farsi, urdu, hindi, bengali, punjabi, gujarati,
    marathi, tamil, telugu, kannada, malayalam, sinhala, nepali, chinese, mandarin,
    cantonese, japanese, korean, vietnamese, thai, lao, khmer, burmese, malay, indonesian,
    tagalog, filipino, swahili, amharic, yoruba, igbo, hausa, zulu, xhosa, afrikaans,
    somali, catalan, basque, galician, welsh, irish, gaelic, scottish gaelic, latin,
    esperanto, maltese, luxembourgish, mongolian, tibetan, pashto, kurdish, quechua,
    guarani, hawaiian, maori, samoan, yiddish, sign language, asl, bsl, libras, klingon"""
)

COUNTRIES = _words(
    """afghanistan, albania, algeria, andorra, angola, argentina, armenia, australia,
    austria, azerbaijan, bahamas, bahrain, bangladesh, barbados, belarus, belgium, belize,
    benin, bhutan, bolivia, bosnia, botswana, brazil, brunei, bulgaria, burkina faso,
    burundi, cambodia, cameroon, canada, cape verde, chad, chile, china, colombia, congo,
    costa rica, croatia, cuba, cyprus, czechia, czech republic, denmark, djibouti,
    dominican republic, ecuador, egypt, el salvador, england, eritrea, estonia, ethiopia,
    fiji, finland, france, gabon, gambia, georgia, germany, ghana, greece, guatemala,
    guinea, guyana, haiti, honduras, hungary, iceland, india, indonesia, iran, iraq,
    ireland, israel, italy, ivory coast, jamaica, japan, jordan, kazakhstan, kenya, kosovo,
    kuwait, kyrgyzstan, laos, latvia, lebanon, lesotho, liberia, libya, liechtenstein,
    lithuania, luxembourg, madagascar, malawi, malaysia, maldives, mali, malta, mauritania,
    mauritius, mexico, moldova, monaco, mongolia, montenegro, morocco, mozambique, myanmar,
    namibia, nepal, netherlands, the netherlands, holland, new zealand, nicaragua, niger,
    nigeria, north korea, north macedonia, northern ireland, norway, oman, pakistan,
    palestine, panama, paraguay, peru, philippines, the philippines, poland, portugal,
    puerto rico, qatar, romania, russia, rwanda, san marino, saudi arabia, scotland,
    senegal, serbia, seychelles, sierra leone, singapore, slovakia, slovenia, somalia,
    south africa, south korea, korea, spain, sri lanka, sudan, suriname, sweden,
    switzerland, syria, taiwan, tajikistan, tanzania, thailand, togo, trinidad, tunisia,
    turkey, türkiye, turkmenistan, uganda, ukraine, united arab emirates, uae,
    united kingdom, the united kingdom, uk, the uk, great britain, britain,
    united states, the united states, usa, the usa, us, the us, america, uruguay,
    uzbekistan, venezuela, vietnam, wales, yemen, zambia, zimbabwe"""
)

NATIONALITIES = _words(
    """american, argentinian, argentine, australian, austrian, belgian, brazilian, british,
    bulgarian, canadian, chilean, chinese, colombian, croatian, cuban, czech, danish, dutch,
    egyptian, english, estonian, ethiopian, filipino, finnish, french, german, ghanaian,
    greek, hungarian, icelandic, indian, indonesian, iranian, irish, israeli, italian,
    jamaican, japanese, kenyan, korean, latvian, lebanese, lithuanian, malaysian, mexican,
    moroccan, nigerian, norwegian, pakistani, peruvian, polish, portuguese, romanian,
    russian, scottish, serbian, singaporean, slovak, slovenian, south african, spanish,
    swedish, swiss, syrian, taiwanese, thai, turkish, ukrainian, venezuelan, vietnamese,
    welsh"""
)

#: Last word of a job title ("software engineer" → "engineer").
JOB_WORDS = _words(
    """accountant, actor, actress, administrator, advisor, adviser, agent, analyst,
    architect, artist, assistant, attorney, auditor, baker, banker, barber, barista,
    bartender, biologist, bookkeeper, builder, butcher, carpenter, cashier, ceo, cfo, chef,
    chemist, cleaner, clerk, coach, consultant, cook, counselor, counsellor, courier, cto,
    coo, curator, dentist, designer, detective, developer, dietitian, director, doctor,
    driver, economist, editor, electrician, engineer, entrepreneur, farmer, firefighter,
    founder, freelancer, gardener, geologist, hairdresser, historian, illustrator,
    instructor, intern, investor, janitor, journalist, judge, lawyer, lecturer, librarian,
    lifeguard, linguist, manager, mathematician, mechanic, midwife, miner, musician, nanny,
    nurse, officer, optician, painter, paralegal, paramedic, pharmacist, photographer,
    physician, physicist, physiotherapist, pilot, plumber, poet, policeman, policewoman,
    postdoc, producer, professor, programmer, psychiatrist, psychologist, realtor,
    receptionist, recruiter, representative, researcher, retiree, salesman, saleswoman,
    salesperson, scientist, secretary, sociologist, soldier, specialist, statistician,
    student, surgeon, surveyor, tailor, teacher, technician, therapist, trader, translator,
    tutor, veterinarian, vet, waiter, waitress, welder, writer, pm, sre, devops, ux, qa,
    tester, dev, coder, hacker, streamer, youtuber, influencer, caregiver, carer, pastor,
    priest, rabbi, imam, monk, nun, phd student, undergraduate, grad student, housewife,
    homemaker, stay-at-home mom, stay-at-home dad, pensioner, sailor, marine, veteran"""
)

#: Relations whose member gets a ``family.<relation>.*`` key.
FAMILY = _words(
    """sister, brother, mother, father, mom, mum, dad, wife, husband, partner, boyfriend,
    girlfriend, fiance, fiancé, fiancee, fiancée, son, daughter, grandmother, grandfather,
    grandma, grandpa, granny, aunt, uncle, cousin, niece, nephew, stepmother, stepfather,
    stepson, stepdaughter, stepsister, stepbrother, twin, spouse, baby, kid, child"""
)
#: Spoken forms folded into one key ("mom" and "mum" are both "mother").
FAMILY_CANONICAL = {
    "mom": "mother",
    "mum": "mother",
    "dad": "father",
    "grandma": "grandmother",
    "granny": "grandmother",
    "grandpa": "grandfather",
    "fiancé": "fiance",
    "fiancee": "fiance",
    "fiancée": "fiance",
    "kid": "child",
}

PET_SPECIES = _words(
    """dog, cat, puppy, kitten, rabbit, bunny, hamster, guinea pig, parrot, budgie, bird,
    fish, goldfish, turtle, tortoise, horse, pony, snake, lizard, gecko, ferret, rat, mouse,
    chinchilla, hedgehog, pig, goat, chicken, duck, iguana, axolotl, pet"""
)
PET_CANONICAL = {"puppy": "dog", "kitten": "cat", "bunny": "rabbit", "budgie": "parrot"}

#: Chronic conditions recognised after "I have …" / "I suffer from …".
CONDITIONS = _words(
    """asthma, diabetes, type 1 diabetes, type 2 diabetes, adhd, add, autism, depression,
    anxiety, epilepsy, migraines, migraine, hypertension, high blood pressure, arthritis,
    rheumatoid arthritis, celiac disease, coeliac disease, crohn's disease, crohn's, ibs,
    colitis, cancer, long covid, eczema, psoriasis, insomnia, dyslexia, dyspraxia, ptsd,
    ocd, bipolar disorder, bipolar, hiv, lupus, multiple sclerosis, parkinson's,
    heart disease, a heart condition, sleep apnea, sleep apnoea, tinnitus, scoliosis,
    gout, anemia, anaemia, hypothyroidism, hyperthyroidism, fibromyalgia, chronic pain,
    chronic fatigue, endometriosis, pcos, glaucoma, hearing loss, a pacemaker,
    lactose intolerance, gluten intolerance, a peanut allergy, allergies, hay fever,
    cystic fibrosis, sickle cell disease, kidney disease, dementia, alzheimer's, copd"""
)
#: Short illnesses: worth a temporary note at most.
ACUTE_CONDITIONS = _words(
    """a cold, the flu, flu, a headache, a fever, fever, a cough, a sore throat,
    a hangover, covid, a stomach bug, food poisoning, a migraine today, a sprained ankle,
    a toothache, a backache"""
)
#: "I'm diabetic" → diabetes.
CONDITION_ADJECTIVES = {
    "diabetic": "diabetes",
    "asthmatic": "asthma",
    "epileptic": "epilepsy",
    "celiac": "celiac disease",
    "coeliac": "celiac disease",
    "lactose intolerant": "lactose intolerance",
    "gluten intolerant": "gluten intolerance",
    "autistic": "autism",
    "dyslexic": "dyslexia",
    "bipolar": "bipolar disorder",
    "anemic": "anemia",
    "anaemic": "anemia",
    "deaf": "deafness",
    "hard of hearing": "hearing loss",
    "blind": "blindness",
    "colorblind": "color blindness",
    "colourblind": "color blindness",
    "color blind": "color blindness",
    "colour blind": "color blindness",
    "hiv positive": "hiv",
}

DIETS = {
    "vegetarian": "vegetarian",
    "veggie": "vegetarian",
    "vegan": "vegan",
    "pescatarian": "pescatarian",
    "pescetarian": "pescatarian",
    "flexitarian": "flexitarian",
    "keto": "keto",
    "ketogenic": "keto",
    "paleo": "paleo",
    "kosher": "kosher",
    "halal": "halal",
    "gluten-free": "gluten-free",
    "gluten free": "gluten-free",
    "dairy-free": "dairy-free",
    "dairy free": "dairy-free",
    "lactose-free": "lactose-free",
    "low-carb": "low-carb",
    "low carb": "low-carb",
    "plant-based": "plant-based",
    "plant based": "plant-based",
    "carnivore": "carnivore",
    "raw vegan": "raw vegan",
}

TIMEZONE_ABBREVIATIONS = _words(
    """utc, gmt, cet, cest, eet, eest, wet, west, bst, ist, est, edt, cst, cdt, mst, mdt,
    pst, pdt, akst, akdt, hst, jst, kst, aest, aedt, acst, acdt, awst, nzst, nzdt, sgt,
    hkt, msk, brt, art, wib, pht, ict, sast, cat, eat, wat, gst, pkt, npt"""
)
#: Spoken names of US/EU zones.
TIMEZONE_NAMES = {
    "pacific": "US/Pacific",
    "mountain": "US/Mountain",
    "central": "US/Central",
    "eastern": "US/Eastern",
    "central european": "CET",
    "eastern european": "EET",
    "western european": "WET",
    "greenwich mean": "GMT",
    "british summer": "BST",
}

#: "I prefer dark mode" and "I prefer light mode" share the key ``preference.theme``.
PREFERENCE_TOPICS = {
    "dark mode": "theme",
    "light mode": "theme",
    "dark theme": "theme",
    "light theme": "theme",
    "short answers": "answer_length",
    "short replies": "answer_length",
    "brief answers": "answer_length",
    "concise answers": "answer_length",
    "long answers": "answer_length",
    "detailed answers": "answer_length",
    "long replies": "answer_length",
    "detailed replies": "answer_length",
    "bullet points": "answer_format",
    "prose": "answer_format",
    "metric": "units",
    "metric units": "units",
    "imperial": "units",
    "imperial units": "units",
    "celsius": "temperature_unit",
    "fahrenheit": "temperature_unit",
    "email": "contact_channel",
    "phone calls": "contact_channel",
    "text messages": "contact_channel",
    "mornings": "time_of_day",
    "evenings": "time_of_day",
    "formal": "tone",
    "informal": "tone",
    "casual": "tone",
}
#: Preference topics about how the assistant behaves: hard preferences.
ASSISTANT_TOPICS = frozenset(
    {"theme", "answer_length", "answer_format", "units", "temperature_unit", "tone"}
    | {"reply_language"}
)

#: Names that are really ordinary words ("I'm Fine", "call me Later").
NOT_NAMES = _words(
    """fine, good, great, ok, okay, back, here, there, home, done, ready, sorry, sure,
    tired, busy, happy, sad, hungry, new, late, early, later, back, now, maybe, anytime,
    tomorrow, today, tonight, soon, crazy, old, young, lucky, not, so, very, just, also,
    still, glad, afraid, curious, confused, lost, in, on, at, out, off, up, down, bored,
    excited, alive, awake, asleep, sick, well, better, worse, free, available, interested,
    going, trying, working, looking, thinking, wondering, using, back then, when, if,
    whenever, sir, madam, mister, anything, something, everything, nothing, it, that, this,
    the, a, an, yes, no, what, who, bob's your uncle, kidding, joking, serious"""
)
