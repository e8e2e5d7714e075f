"""Closed word lists the rules check values against (languages, places, jobs, conditions …).

Data only, lower-case. Lists keep the rules honest: "I speak my mind" names no language and
"I'm a big fan" names no job.
"""

from __future__ import annotations

from memory_core.extract import health


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
    stepson, stepdaughter, stepsister, stepbrother, twin, spouse, baby, kid, child,
    little boy, little girl, baby boy, baby girl"""
)
#: Spoken forms folded into one key ("mom" and "mum" are both "mother").
FAMILY_CANONICAL = {
    "little boy": "son",
    "baby boy": "son",
    "little girl": "daughter",
    "baby girl": "daughter",
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

#: Chronic conditions recognised after "I have …" / "I suffer from …" (health_conditions.txt).
CONDITIONS = health.CHRONIC
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

#: More occupations for "I am a fisherman" (the last word of a title, like ``JOB_WORDS``; kept
#: apart because "Mason" or "Judge" may still be a name).
OCCUPATIONS = JOB_WORDS | _words(
    """fisherman, fisher, firefighter, fireman, policeman, police officer, cop, sheriff,
    deputy, detective, guard, bodyguard, security guard, trucker, truck driver, cabbie,
    mailman, postman, mail carrier, logger, lumberjack, rancher, cowboy, shepherd,
    beekeeper, zookeeper, dog walker, groomer, trainer, veterinarian, vet tech, paramedic,
    emt, doula, caretaker, housekeeper, maid, babysitter, daycare worker, social worker,
    social worker, factory worker, construction worker, office worker, farm worker,
    retail worker, employee, laborer, labourer, roofer, mason, bricklayer, contractor, handyman,
    landscaper, machinist, mechanic, engineer, architect, inspector, accountant, cashier,
    bank teller, teller, clerk, bagger, stocker, manager, supervisor, foreman, ceo,
    shop owner, business owner, store owner, restaurant owner, executive, banker, broker,
    realtor, landlord,
    lawyer, attorney, paralegal, judge, politician, senator, mayor, diplomat, ambassador,
    dancer, ballerina, singer, songwriter, rapper, drummer, guitarist, pianist, violinist,
    bassist, dj, composer, conductor, actor, comedian, magician, clown, model, stylist,
    barber, cosmetologist, makeup artist, tattoo artist, photographer, filmmaker, director,
    animator, cartoonist, novelist, author, blogger, vlogger, podcaster, reporter,
    journalist, anchor, editor, publisher, critic, professor, teacher, educator,
    principal, tutor, coach, lecturer, scientist, researcher, biologist, chemist,
    astronomer, astronaut, meteorologist, archaeologist, paleontologist, zoologist,
    botanist, nurse, surgeon, dentist, hygienist, orthodontist, optometrist, pharmacist,
    pediatrician, physician, doctor, therapist, psychologist, counselor, chiropractor,
    pilot, flight attendant, stewardess, captain, sailor, fisherman, soldier, marine,
    airman, sergeant, lieutenant, officer, ranger, firefighter, lifeguard,
    chef, cook, baker, butcher, bartender, barista, waiter, waitress, server, host,
    hostess, dishwasher, janitor, custodian, cleaner, plumber, electrician, carpenter,
    welder, painter, farmer, gardener, florist, jeweler, tailor, seamstress, cobbler,
    programmer, developer, coder, analyst, consultant, designer, technician, nanny,
    footballer, wrestler, boxer, jockey, professional athlete,
    pro gamer, streamer, youtuber, influencer, entrepreneur, freelancer, intern,
    apprentice, receptionist, secretary, assistant, librarian, archivist, curator,
    translator, interpreter, salesman, saleswoman, sales rep, telemarketer, courier,
    driver, chauffeur, mover, miner, driller, oil rigger, auctioneer, appraiser,
    undertaker, mortician, priest, minister, preacher, reverend, missionary, chaplain"""
)

#: People the user names by their role but who are not family: facts about them get
#: ``people.<role>.*`` keys, never the user's own.
PEOPLE = _words(
    """friend, best friend, bestie, bff, buddy, pal, roommate, room mate, flatmate,
    housemate, neighbor, neighbour, boss, manager, coworker, co-worker, co worker,
    colleague, teammate, classmate, teacher, professor, coach, doctor, therapist,
    landlord, tenant, employee, employer, client, mentor, ex, ex-wife, ex-husband,
    ex-boyfriend, ex-girlfriend, crush, date, godmother, godfather, godson, goddaughter,
    stepmom, stepdad, in-laws, father-in-law, mother-in-law, sister-in-law,
    brother-in-law, son-in-law, daughter-in-law"""
)

#: Plural relations ("my parents are …") and collective ones ("my family").
FAMILY_GROUPS = _words(
    """parents, siblings, kids, children, sons, daughters, sisters, brothers, grandparents,
    grandkids, grandchildren, grandsons, granddaughters, twins, cousins, aunts, uncles,
    nieces, nephews, family, folks, relatives, in-laws, babies, stepkids, stepchildren,
    grandchild, grandkid, grandson, granddaughter, sibling, parent, great grandmother,
    great grandfather, step mom, step dad, stepmom, stepdad, mommy, daddy, papa, mama,
    momma, ma, pa, hubby, bf, gf, fiance"""
)
#: Spoken plural or collective relations folded into one key segment.
FAMILY_GROUP_CANONICAL = {
    "kids": "children",
    "stepkids": "stepchildren",
    "grandkids": "grandchildren",
    "folks": "parents",
    "mommy": "mother",
    "momma": "mother",
    "mama": "mother",
    "ma": "mother",
    "daddy": "father",
    "papa": "father",
    "pa": "father",
    "hubby": "husband",
    "bf": "boyfriend",
    "gf": "girlfriend",
    "step mom": "stepmother",
    "stepmom": "stepmother",
    "step dad": "stepfather",
    "stepdad": "stepfather",
    "grandkid": "grandchild",
}

#: Common English verbs in their base form, for reading a clause's structure without a parser
#: (a coordinated "… and read poetry" is a second verb of the same subject).
BASE_VERBS = _words(
    """accept, act, add, admire, adopt, advise, afford, agree, aim, allow, answer, appear,
    apply, argue, arrange, arrive, ask, attend, avoid, bake, bark, bathe, battle, be,
    beat, become, begin, believe, belong, bike, binge, blog, boil, borrow, bowl, box,
    break, breed, bring, brew, browse, build, burn, buy, call, camp, care, carry, carve,
    catch, celebrate, change, chase, chat, cheer, chew, choose, clean, climb, coach,
    collect, color, colour, come, compete, complain, compose, cook, cope, copy, cosplay,
    cost, count, craft, crave, crochet, cross, cry, cuddle, cut, cycle, dance, date,
    deal, decorate, defend, deliver, design, develop, die, dig, dine, direct, discover,
    dislike, dive, do, donate, draw, dream, dress, drink, drive, drop, dye, earn, eat,
    edit, embroider, enjoy, enter, escape, exercise, expect, explore, fail, fall, farm,
    fear, feed, feel, fight, fill, film, find, finish, fish, fit, fix, fly, focus,
    follow, forget, forgive, foster, garden, gather, get, give, go, golf, graduate, grill,
    grow, guard, hang, hate, have, head, heal, hear, help, hide, hike, hire, hit, hold,
    host, hug, hunt, hurry, hurt, ice skate, imagine, improve, install, invent, invest,
    iron, jog, join, judge, juggle, jump, keep, kick, kill, kiss, knit, know, lack, land,
    last, laugh, lead, learn, leave, lend, lie, lift, like, listen, live, load, lose,
    love, maintain, make, manage, marry, match, meditate, meet, mentor, miss, mix, model,
    mow, move, need, nurse, obey, offer, open, order, organize, organise, own, pack,
    paddle, paint, park, party, pass, pay, perform, pick, plan, plant, play, post,
    pour, practice, practise, pray, prefer, prepare, produce, program, protect, publish,
    pull, purchase, push, quilt, race, raise, rap, reach, read, rebuild, receive,
    recycle, refuse, relax, remember, remodel, rent, repair, rescue, research, rest,
    restore, retire, review, ride, rock, row, rule, run, sail, save, say, scuba, search,
    see, sell, send, serve, sew, shave, shoot, shop, show, sing, sit, skate, sketch, ski,
    skip, sleep, smell, smile, smoke, snack, snowboard, solve, speak, spend, spin, sponsor,
    spray, stand, start, stay, steal, stick, stop, stream, study, suffer, support,
    surf, swim, take, talk, taste, teach, tend, text, think, throw, tour, trade, train,
    travel, treat, try, tutor, type, understand, use, vacation, visit, volunteer, vote,
    wait, wake, walk, want, wash, watch, water, wear, weave, weigh, win, wish, work,
    worry, write, yell"""
)

#: "-ing" activities that describe this very moment ("I'm eating dinner"), not a lasting fact.
MOMENTARY_ACTIVITIES = _words(
    """eating, having, drinking, sitting, lying, laying, standing, waiting, watching,
    listening, heading, walking, driving, cooking, making, sipping, relaxing, chilling,
    resting, wearing, holding, typing, texting, messaging, chatting, talking, sleeping,
    napping, showering, bathing, cleaning, doing, getting, leaving, packing, eating,
    enjoying, celebrating, sitting, hanging, feeling, thinking, wondering, hoping,
    looking, trying to decide, procrastinating, bored"""
)

#: How someone feels right now ("I'm tired"): no lasting fact on its own.
TRANSIENT_STATES = _words(
    """tired, exhausted, sleepy, hungry, thirsty, full, bored, busy, sick, ill, cold, hot,
    warm, wet, sad, happy, glad, upset, angry, mad, annoyed, nervous, anxious, stressed,
    excited, thrilled, curious, confused, lost, sorry, fine, good, great, ok, okay, well,
    alright, all right, awesome, cool, back, here, there, home, ready, done, late, early,
    sure, not sure, unsure, afraid, scared, worried, free, available, awake, up,
    listening, kidding, joking, serious, grateful, thankful, blessed, lucky, relieved,
    proud, jealous, lonely, hyped, pumped, stuck, broke, drunk, high, hungover, sore,
    impressed, amazed, surprised, shocked, jealous, offended, flattered, honored,
    honoured, pleased, delighted, fascinated, intrigued, disappointed, embarrassed"""
)
#: How the body feels this hour ("I'm famished, skipped breakfast"): passing, even with a
#: reason after it.
PASSING_SENSATIONS = _words(
    """starving, famished, ravenous, peckish, stuffed, freezing, frozen, boiling, roasting,
    sweating, sweaty, soaked, drenched, soaked through, knackered, shattered, wiped, wiped out,
    beat, wrecked, jetlagged, jet-lagged, hangry, swamped, slammed, snowed under, frazzled,
    running late, in a rush, in a hurry, thirsty, sleepy, exhausted, cold, hot, wet"""
)
TRANSIENT_STATES = TRANSIENT_STATES | PASSING_SENSATIONS

#: Breeds and kinds named instead of the species ("I have a poodle" is a dog).
PET_BREEDS = {
    **dict.fromkeys(
        _words(
            """poodle, labrador, lab, golden retriever, retriever, german shepherd, husky,
        siberian husky, beagle, bulldog, french bulldog, pug, corgi, chihuahua, dachshund,
        yorkie, yorkshire terrier, terrier, pitbull, pit bull, rottweiler, doberman, boxer,
        great dane, collie, border collie, shih tzu, pomeranian, schnauzer, spaniel,
        cocker spaniel, maltese, greyhound, mastiff, dalmatian, sheepdog, shepherd,
        bloodhound, basset hound, hound, mutt, pup, doggo"""
        ),
        "dog",
    ),
    **dict.fromkeys(["siamese", "persian cat", "tabby", "maine coon", "kitty"], "cat"),
    **dict.fromkeys(["python", "boa", "corn snake", "cobra"], "snake"),
    **dict.fromkeys(["cockatiel", "parakeet", "canary", "macaw", "cockatoo", "finch"], "bird"),
    **dict.fromkeys(["stallion", "mare", "foal"], "horse"),
    "beta fish": "fish",
    "betta": "fish",
    "guppy": "fish",
    "tarantula": "spider",
    "spider": "spider",
    "frog": "frog",
    "cow": "cow",
    "cows": "cow",
    "sheep": "sheep",
    "llama": "llama",
    "alpaca": "alpaca",
    "donkey": "donkey",
}

#: Opinions of someone rather than facts about them ("my wife is amazing").
EVALUATIVE = _words(
    """amazing, awesome, great, wonderful, fantastic, incredible, perfect, the best, best,
    the worst, worst, cool, nice, sweet, lovely, cute, adorable, annoying, terrible,
    horrible, awful, crazy, weird, funny, hilarious, stupid, dumb, smart, brilliant, gorgeous,
    beautiful, pretty, handsome, ugly, a genius, an angel, a saint, the greatest, so cool,
    so sweet, so cute, so funny, the cutest, the sweetest, the love of my life, my rock,
    my everything, my world, a pain, a nightmare, a blessing, a gift, a keeper, a dinosaur,
    a legend, a beast, a machine, a monster, a robot, a rockstar, a rock star, a clown,
    a joke, a snake, a menace, a hero, a gem, a treasure, a dream, a star, a unicorn,
    a character, a piece of work, a walking encyclopedia, a saint,
    a slave driver, a control freak, a drama queen, a pain in the neck"""
)

#: Things one has on a given day, not for good ("I have a meeting at 3").
EVENT_NOUNS = _words(
    """meeting, appointment, date, call, exam, test, quiz, interview, party, game, match,
    shift, class, lesson, flight, deadline, presentation, conference, errand, errands,
    question, idea, headache, hangover, cold, fever, cough, plan, plans, day off, break,
    busy day, long day, rough day, bad day, good day, great day, nice day,
    moment, chance, reservation, booking, surprise, feeling, dream, nightmare, doubt"""
)

#: Turns of phrase that say nothing literal ("I speak my mind", "I live in fear of …").
#: (What follows "I" in them.)
IDIOMS = _words(
    """speak my mind, lose my mind, change my mind, make up my mind, mind my own business,
    do my best, try my best, live in fear, live in denial, live in the moment, live my life,
    live my best life, live life to the fullest, have a point, have no idea, have no clue,
    have a feeling, have a question, have fun, get it, got it, get the point, see the point,
    mean it, go with the flow, call it a day, play it by ear, take it easy, hear you,
    see what you mean, know what you mean, know right, know the feeling"""
)
