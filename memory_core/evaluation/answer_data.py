"""Questions by topic for the answer-or-abstain evaluation (``membot eval answers``).

Each topic has a pattern that finds the persona sentences answering it (written for MSC-style
first-person sentences: "I have two cats.", "I work at a bank.") and many phrasings of a question
about it, hand-written, in English, German, Spanish and French — plain and paraphrased ("what's
my trade again?"). Nothing here is a sentence of the persona file: the questions are generic, and
which persona sentence answers which question is decided by the pattern at run time.

Phrasings are split by position: even ones tune the answer threshold, odd ones are held out
(with the personas' own split), so a held-out figure is measured on wordings tuning never saw.
"""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Topic:
    """One thing a user may ask about themselves."""

    name: str
    #: Matches a persona sentence that answers a question of this topic.
    answers: re.Pattern[str]
    #: (language, question) pairs, plain and paraphrased.
    questions: tuple[tuple[str, str], ...]
    #: The topic's words: a sentence with them answers it too ("I work from home" for "where
    #: do I work?"), and a user with none of them cannot be answered.
    related: re.Pattern[str]


#: A sentence that says the opposite or the past does not answer "do I have a dog?".
NEGATED = re.compile(
    r"\b(?:not|never|no|don't|do not|didn't|used to|hate|hates|dislike|want to|would like|"
    r"wish|someday|one day|allergic to (?:cats|dogs))\b",
    re.IGNORECASE,
)


def _topic(name: str, answers: str, **questions: list[str]) -> Topic:
    pairs = tuple((lang, q) for lang, qs in questions.items() for q in qs)
    related = re.compile(RELATED[name], re.IGNORECASE)
    return Topic(name, re.compile(answers, re.IGNORECASE), pairs, related)


RELATED = {
    "pets": r"\b(?:pets?|dogs?|cats?|pupp(?:y|ies)|kittens?|snakes?|hamsters?|parrots?|birds?|"
    r"horses?|rabbits?|bunn(?:y|ies)|turtles?|lizards?|fish|animals?|vet)\b",
    "job": r"\b(?:work|works|worked|working|job|jobs|career|profession|employ\w*|business|boss|"
    r"office|retired|worker|shift|salary|clients?|company|hired|unemployed)\b",
    "home": r"\b(?:live|lives|living|home|house|apartment|city|town|moved|from|grew up|"
    r"neighbou?rhood|country|state)\b",
    "diet": r"\b(?:diet|vegan|vegetarian|allerg\w*|eat|eats|eating|meat|gluten|dairy|"
    r"intolerant|food)\b",
    "children": r"\b(?:kids?|children|child|sons?|daughters?|baby|babies|parent|dad|mom|mother|"
    r"father|twins)\b",
    "partner": r"\b(?:married|wife|husband|spouse|boyfriend|girlfriend|fianc\w*|partner|"
    r"divorced|single|widow\w*|dating|relationship)\b",
    "parents": r"\b(?:mom|mother|dad|father|parents?|mum|family|raised|orphan)\b",
    "siblings": r"\b(?:sisters?|brothers?|siblings?|twins?|only child|family)\b",
    "music": r"\b(?:music|band|bands|sing|singing|songs?|guitar|piano|drums|violin|concerts?|"
    r"jazz|rock|rap|pop|metal|country|classical|instrument|album|singer|choir)\b",
    "sport": r"\b(?:sports?|play|plays|ball|basketball|soccer|football|tennis|baseball|golf|"
    r"hockey|run|running|runner|marathon|swim\w*|gym|yoga|hike|hiking|bike|biking|cycling|"
    r"exercise|workout|work out|fitness|treadmill|team|athlete|surf\w*|ski\w*|dance|dancing)\b",
    "car": r"\b(?:car|cars|truck|drive|drives|driving|vehicle|motorcycle|bike|jeep|van)\b",
    "study": r"\b(?:school|college|university|student|study|studies|studying|degree|major|"
    r"graduat\w*|class|classes|teacher|professor|learn\w*|course)\b",
    "reading": r"\b(?:read|reads|reading|books?|novels?|author|library|poetry|comics?|writer|"
    r"write)\b",
    "food": r"\b(?:food|eat|eats|eating|cook|cooking|bake|baking|favorite (?:meal|dish)|"
    r"pizza|pasta|sushi|tacos?|burgers?|steak|chocolate|ice cream|cheese|chicken|cake|"
    r"cookies|bacon|restaurant|meal|dish|snacks?|vegan|vegetarian|coffee|candy)\b",
}


TOPICS: tuple[Topic, ...] = (
    _topic(
        "pets",
        r"\bI (?:have|own|got|adopted)\b.*\b(?:dogs?|cats?|pupp(?:y|ies)|kittens?|pets?|snakes?|"
        r"hamsters?|parrots?|horses?|rabbits?|bunn(?:y|ies)|turtles?|lizards?|goldfish)\b",
        en=[
            "do I have any pets?",
            "what pets do I have?",
            "have I got any animals at home?",
            "tell me about my pets",
            "what kind of animal do I keep?",
            "remind me what pet I own",
            "any furry friends in my house?",
            "what animals live with me?",
        ],
        de=[
            "Habe ich Haustiere?",
            "Welche Tiere habe ich zu Hause?",
            "Was für ein Haustier habe ich?",
        ],
        es=["¿Tengo mascotas?", "¿Qué animales tengo en casa?", "¿Qué mascota tengo?"],
        fr=[
            "Est-ce que j'ai des animaux ?",
            "Quel animal de compagnie ai-je ?",
            "Quels animaux vivent chez moi ?",
        ],
        ru=["У меня есть домашние животные?", "Какие у меня питомцы?"],
    ),
    _topic(
        "job",
        r"\bI (?:work (?:as|at|in|for)|am employed|am an? (?:\w+ )?(?:teacher|nurse|doctor|lawyer|"
        r"engineer|chef|cook|waiter|waitress|accountant|mechanic|cashier|electrician|"
        r"police officer|firefighter|programmer|developer|manager|truck driver|plumber|"
        r"carpenter|librarian|pilot|farmer|dentist|banker|salesman|secretary|barista))\b",
        en=[
            "what do I do for a living?",
            "what's my job?",
            "what's my trade again?",
            "where do I work?",
            "what line of work am I in?",
            "remind me what my profession is",
            "how do I earn my money?",
            "what's my occupation?",
        ],
        de=["Was ist mein Beruf?", "Als was arbeite ich?", "Wo arbeite ich?"],
        es=["¿En qué trabajo?", "¿Cuál es mi profesión?", "¿Dónde trabajo?"],
        fr=[
            "Quel est mon métier ?",
            "Où est-ce que je travaille ?",
            "Qu'est-ce que je fais dans la vie ?",
        ],
        ru=["Кем я работаю?", "Где я работаю?"],
    ),
    _topic(
        "home",
        r"\bI (?:live in|live on|am from|'m from|grew up in|moved to|reside in)\b",
        en=[
            "where do I live?",
            "where am I based?",
            "what city is home for me?",
            "where's home for me these days?",
            "which place do I live in?",
            "remind me where I'm living",
            "where did I say I live?",
            "what town am I in?",
        ],
        de=["Wo wohne ich?", "In welcher Stadt lebe ich?", "Wo ist mein Zuhause?"],
        es=["¿Dónde vivo?", "¿En qué ciudad vivo?", "¿De dónde soy?"],
        fr=["Où est-ce que j'habite ?", "Dans quelle ville je vis ?", "D'où je viens ?"],
        ru=["Где я живу?", "В каком городе я живу?"],
    ),
    _topic(
        "diet",
        r"\b(?:I am (?:a )?(?:vegan|vegetarian|pescatarian|gluten[- ]free|lactose intolerant)|"
        r"I'm (?:a )?(?:vegan|vegetarian)|I am allergic to|I'm allergic to|I have an? \w* ?allergy|"
        r"I (?:do not|don't) eat (?:meat|pork|beef|fish|dairy))\b",
        en=[
            "is there anything I can't eat?",
            "do I have a special diet?",
            "what should you remember when cooking for me?",
            "am I allergic to anything?",
            "any foods I should stay away from?",
            "what are my dietary restrictions?",
            "is there something I must avoid eating?",
            "what's my diet like?",
        ],
        de=[
            "Gibt es etwas, das ich nicht essen darf?",
            "Bin ich gegen etwas allergisch?",
            "Wie ernähre ich mich?",
        ],
        es=["¿Hay algo que no pueda comer?", "¿Soy alérgico a algo?", "¿Sigo alguna dieta?"],
        fr=[
            "Y a-t-il quelque chose que je ne mange pas ?",
            "Suis-je allergique à quelque chose ?",
            "Quel est mon régime alimentaire ?",
        ],
        ru=["Есть ли что-то, что мне нельзя есть?", "У меня есть аллергия?"],
    ),
    _topic(
        "children",
        r"\bI have (?:a|an|one|two|three|four|five|\d+) (?:\w+ )?(?:\w+ )?(?:kids?|children|sons?|"
        r"daughters?|boys?|girls?)\b|\bmy (?:son|daughter|kids?|children)\b",
        en=[
            "do I have kids?",
            "tell me about my children",
            "how many children do I have?",
            "remind me about my kid",
            "do I have a son or a daughter?",
            "what do you know about my kids?",
            "am I a parent?",
            "who are my children?",
        ],
        de=["Habe ich Kinder?", "Wie viele Kinder habe ich?", "Was weißt du über meine Kinder?"],
        es=["¿Tengo hijos?", "¿Cuántos hijos tengo?", "¿Qué sabes de mis hijos?"],
        fr=[
            "Est-ce que j'ai des enfants ?",
            "Combien d'enfants ai-je ?",
            "Que sais-tu de mes enfants ?",
        ],
        ru=["У меня есть дети?", "Что ты знаешь о моих детях?"],
    ),
    _topic(
        "partner",
        r"\b(?:I am married|I'm married|my (?:wife|husband|spouse|boyfriend|girlfriend|fiance|"
        r"fiancee|partner)|I have a (?:wife|husband|boyfriend|girlfriend))\b",
        en=[
            "am I married?",
            "tell me about my partner",
            "do I have a boyfriend or girlfriend?",
            "who is my other half?",
            "what do you know about my spouse?",
            "am I in a relationship?",
            "remind me about my significant other",
            "who do I share my life with?",
        ],
        de=["Bin ich verheiratet?", "Was weißt du über meinen Partner?", "Habe ich einen Partner?"],
        es=["¿Estoy casado?", "¿Qué sabes de mi pareja?", "¿Tengo pareja?"],
        fr=["Suis-je marié ?", "Que sais-tu de mon conjoint ?", "Est-ce que j'ai un partenaire ?"],
        ru=["Я женат?", "Что ты знаешь о моём партнёре?"],
    ),
    _topic(
        "parents",
        r"\bmy (?:mom|mother|dad|father|parents|mum)\b",
        en=[
            "what do you know about my parents?",
            "tell me about my mom",
            "what did I say about my father?",
            "remind me about my folks",
            "what's my mother like?",
            "anything about my dad?",
            "what do my parents do?",
            "who are my parents?",
        ],
        de=[
            "Was weißt du über meine Eltern?",
            "Was habe ich über meine Mutter erzählt?",
            "Was macht mein Vater?",
        ],
        es=["¿Qué sabes de mis padres?", "¿Qué te conté de mi madre?", "¿Qué hace mi padre?"],
        fr=["Que sais-tu de mes parents ?", "Qu'ai-je dit de ma mère ?", "Que fait mon père ?"],
        ru=["Что ты знаешь о моих родителях?", "Чем занимается мой отец?"],
    ),
    _topic(
        "siblings",
        r"\bmy (?:sister|brother|siblings?|twin)\b|\bI have (?:a|an|one|two|three|\d+) "
        r"(?:\w+ )?(?:sisters?|brothers?|siblings)\b",
        en=[
            "do I have siblings?",
            "tell me about my brothers and sisters",
            "how many siblings do I have?",
            "what do you know about my sister?",
            "do I have a brother?",
            "remind me about my siblings",
            "who are my brothers or sisters?",
            "am I an only child?",
        ],
        de=[
            "Habe ich Geschwister?",
            "Was weißt du über meine Schwester?",
            "Habe ich einen Bruder?",
        ],
        es=["¿Tengo hermanos?", "¿Qué sabes de mi hermana?", "¿Tengo un hermano?"],
        fr=[
            "Est-ce que j'ai des frères et sœurs ?",
            "Que sais-tu de ma sœur ?",
            "Ai-je un frère ?",
        ],
        ru=["У меня есть братья или сёстры?", "Что ты знаешь о моей сестре?"],
    ),
    _topic(
        "music",
        r"\b(?:I (?:play|love|like|enjoy|listen to) (?:the )?(?:guitar|piano|drums|violin|"
        r"bass|saxophone|cello|flute|music|jazz|rock|country|rap|pop|classical|metal|hip hop)|"
        r"I sing\b|favorite (?:band|singer|music))",
        en=[
            "what music do I like?",
            "do I play an instrument?",
            "what kind of music am I into?",
            "what do I listen to?",
            "who's my favourite band?",
            "tell me about my taste in music",
            "am I musical?",
            "what songs do I enjoy?",
        ],
        de=["Welche Musik mag ich?", "Spiele ich ein Instrument?", "Was höre ich gern?"],
        es=["¿Qué música me gusta?", "¿Toco algún instrumento?", "¿Qué escucho?"],
        fr=[
            "Quelle musique j'aime ?",
            "Est-ce que je joue d'un instrument ?",
            "Qu'est-ce que j'écoute ?",
        ],
        ru=["Какую музыку я люблю?", "Играю ли я на каком-нибудь инструменте?"],
    ),
    _topic(
        "sport",
        r"\bI (?:play|love playing|enjoy playing|like playing) (?:basketball|soccer|football|"
        r"tennis|baseball|volleyball|golf|hockey|rugby|softball|racquetball|badminton)\b|"
        r"\bI (?:run|swim|surf|ski|box|bike|cycle|hike|go hiking|go running|go swimming|"
        r"do yoga|lift weights|work out|go to the gym|run marathons)\b",
        en=[
            "what sports do I play?",
            "how do I keep fit?",
            "do I do any sport?",
            "what do I do to stay in shape?",
            "what's my favourite way to exercise?",
            "am I sporty?",
            "what physical activities do I do?",
            "what exercise do I like?",
        ],
        de=["Welchen Sport mache ich?", "Wie halte ich mich fit?", "Treibe ich Sport?"],
        es=["¿Qué deporte practico?", "¿Cómo me mantengo en forma?", "¿Hago ejercicio?"],
        fr=[
            "Quel sport je pratique ?",
            "Comment je garde la forme ?",
            "Est-ce que je fais du sport ?",
        ],
        ru=["Каким спортом я занимаюсь?", "Как я поддерживаю форму?"],
    ),
    _topic(
        "car",
        r"\bI (?:drive|own|have|bought) (?:a|an|my) (?:\w+ ){0,3}(?:car|truck|jeep|van|"
        r"motorcycle|mustang|corvette|camaro|honda|toyota|ford|bmw|tesla|chevy|prius|sedan|suv)\b",
        en=[
            "what car do I drive?",
            "what do I drive?",
            "what vehicle do I have?",
            "remind me what my car is",
            "what are my wheels?",
            "do I own a car?",
            "what kind of car is mine?",
            "how do I get around?",
        ],
        de=["Welches Auto fahre ich?", "Was für ein Fahrzeug habe ich?", "Habe ich ein Auto?"],
        es=["¿Qué coche tengo?", "¿Qué conduzco?", "¿Tengo coche?"],
        fr=[
            "Quelle voiture je conduis ?",
            "Quel véhicule ai-je ?",
            "Est-ce que j'ai une voiture ?",
        ],
        ru=["Какая у меня машина?", "На чём я езжу?"],
    ),
    _topic(
        "study",
        r"\bI (?:am|'m) (?:in|at) (?:college|university|high school|school|grad school)|"
        r"\bI (?:study|studied|major in|majored in|graduated|go to college|"
        r"attend (?:college|university|school|classes))\b|"
        r"\bI (?:am|'m) a (?:\w+ )?student\b|\bI have a (?:\w+ )?degree\b",
        en=[
            "what did I study?",
            "am I a student?",
            "where did I go to school?",
            "what's my education?",
            "what's my degree in?",
            "tell me about my studies",
            "what was my major?",
            "am I at university?",
        ],
        de=["Was habe ich studiert?", "Bin ich Student?", "Welche Ausbildung habe ich?"],
        es=["¿Qué estudié?", "¿Soy estudiante?", "¿Qué formación tengo?"],
        fr=[
            "Qu'est-ce que j'ai étudié ?",
            "Est-ce que je suis étudiant ?",
            "Quelle est ma formation ?",
        ],
        ru=["Что я изучал?", "Я студент?"],
    ),
    _topic(
        "reading",
        r"\bI (?:love|like|enjoy) (?:to )?(?:read|reading|books|novels)|"
        r"\bfavorite (?:book|author)\b|\bI read\b",
        en=[
            "do I like reading?",
            "what books do I enjoy?",
            "who's my favourite author?",
            "what do I like to read?",
            "am I a bookworm?",
            "what kind of books am I into?",
            "do I read much?",
            "what's on my bookshelf?",
        ],
        de=["Lese ich gern?", "Welche Bücher mag ich?", "Wer ist mein Lieblingsautor?"],
        es=["¿Me gusta leer?", "¿Qué libros me gustan?", "¿Quién es mi autor favorito?"],
        fr=["Est-ce que j'aime lire ?", "Quels livres j'aime ?", "Qui est mon auteur préféré ?"],
        ru=["Я люблю читать?", "Какие книги мне нравятся?"],
    ),
    _topic(
        "food",
        r"\b(?:my favorite (?:food|meal|dish|snack)|I (?:love|like|enjoy) (?:eating |to eat )?"
        r"(?:pizza|pasta|sushi|tacos|burgers|steak|chocolate|ice cream|cheese|spicy food|"
        r"chinese food|italian food|mexican food|seafood|chicken|cake|cookies|bacon))\b",
        en=[
            "what's my favourite food?",
            "what do I like to eat?",
            "what dish would make me happy?",
            "what should you cook for me?",
            "what food do I love?",
            "what's my go-to meal?",
            "what are my favourite snacks?",
            "what cuisine do I enjoy?",
        ],
        de=["Was ist mein Lieblingsessen?", "Was esse ich gern?", "Welche Küche mag ich?"],
        es=["¿Cuál es mi comida favorita?", "¿Qué me gusta comer?", "¿Qué cocina me gusta?"],
        fr=[
            "Quel est mon plat préféré ?",
            "Qu'est-ce que j'aime manger ?",
            "Quelle cuisine j'aime ?",
        ],
        ru=["Какая моя любимая еда?", "Что я люблю есть?"],
    ),
)


#: A second held-out set of wordings, written before any tuning of this round and never tuned
#: on: everyday paraphrases and German, Spanish and French questions (four per topic), asked of
#: the held-out personas only and reported in aggregate (``membot eval answers``: "fresh").
FRESH: dict[str, tuple[tuple[str, str], ...]] = {
    "pets": (
        ("en", "is there an animal waiting for me when I get home?"),
        ("de", "Lebt bei mir ein Tier?"),
        ("es", "¿Tengo algún animal en casa?"),
        ("fr", "Ai-je un animal de compagnie ?"),
    ),
    "job": (
        ("en", "what do I do all day at work?"),
        ("de", "Womit verdiene ich mein Geld?"),
        ("es", "¿Cuál es mi oficio?"),
        ("fr", "C'est quoi mon boulot ?"),
    ),
    "home": (
        ("en", "which part of the world do I call home?"),
        ("de", "Wo bin ich zu Hause?"),
        ("es", "¿En qué lugar resido?"),
        ("fr", "Où est-ce que je vis ?"),
    ),
    "diet": (
        ("en", "what can't I eat?"),
        ("de", "Worauf muss ich beim Essen achten?"),
        ("es", "¿Tengo alguna alergia?"),
        ("fr", "Est-ce que je suis végétarien ?"),
    ),
    "children": (
        ("en", "have I got any little ones?"),
        ("de", "Bin ich Vater oder Mutter?"),
        ("es", "¿Cómo se llaman mis hijos?"),
        ("fr", "Ai-je des gosses ?"),
    ),
    "partner": (
        ("en", "is there someone special in my life?"),
        ("de", "Wer ist mein Ehepartner?"),
        ("es", "¿Con quién estoy casado?"),
        ("fr", "Est-ce que je suis en couple ?"),
    ),
    "parents": (
        ("en", "what did I tell you about my mum and dad?"),
        ("de", "Was habe ich dir über meine Mama erzählt?"),
        ("es", "¿Qué sabes de mi mamá?"),
        ("fr", "Que sais-tu de mon père ?"),
    ),
    "siblings": (
        ("en", "do I have a sister?"),
        ("de", "Was weißt du über meinen Bruder?"),
        ("es", "¿Cuántos hermanos tengo?"),
        ("fr", "Est-ce que j'ai une sœur ?"),
    ),
    "music": (
        ("en", "what's on my playlist?"),
        ("de", "Welches Instrument spiele ich?"),
        ("es", "¿Qué tipo de música escucho?"),
        ("fr", "Quel genre de musique j'écoute ?"),
    ),
    "sport": (
        ("en", "how do I work out?"),
        ("de", "Was mache ich, um fit zu bleiben?"),
        ("es", "¿Practico algún deporte?"),
        ("fr", "Quel sport est-ce que j'aime ?"),
    ),
    "car": (
        ("en", "what am I driving these days?"),
        ("de", "Welchen Wagen fahre ich?"),
        ("es", "¿Qué vehículo manejo?"),
        ("fr", "C'est quoi ma bagnole ?"),
    ),
    "study": (
        ("en", "what did I go to college for?"),
        ("de", "Was studiere ich?"),
        ("es", "¿Dónde estudio?"),
        ("fr", "Est-ce que je vais à l'université ?"),
    ),
    "reading": (
        ("en", "what kind of stuff do I read?"),
        ("de", "Was lese ich gern?"),
        ("es", "¿Qué tipo de libros leo?"),
        ("fr", "Qu'est-ce que j'aime lire ?"),
    ),
    "food": (
        ("en", "what meal do I like best?"),
        ("de", "Was ist mein Lieblingsgericht?"),
        ("es", "¿Qué plato me encanta?"),
        ("fr", "Qu'est-ce que je mange volontiers ?"),
    ),
}


#: A third held-out set (session 4), written before that session's tuning and never tuned on:
#: questions as people ask them, six per topic — English paraphrases and German (two of one,
#: one of the other, alternating by topic), Spanish, French and Russian — asked of the held-out
#: personas only (``membot eval answers``: "unseen"). None is a wording above, an example of
#: the areas of life (``memory_core.text.domains``) or of a note category; a test checks it.
UNSEEN: dict[str, tuple[tuple[str, str], ...]] = {
    "pets": (
        ("en", "have I got a pet or not?"),
        ("en", "what kind of critters do I look after?"),
        ("de", "Hab ich ein Haustier?"),
        ("es", "¿Tengo perro o gato?"),
        ("fr", "J'ai des bêtes à la maison ?"),
        ("ru", "Есть ли у меня кот или собака?"),
    ),
    "job": (
        ("en", "what do I do for work?"),
        ("de", "Was mache ich beruflich?"),
        ("de", "Wo bin ich angestellt?"),
        ("es", "¿De qué trabajo?"),
        ("fr", "Je bosse dans quoi déjà ?"),
        ("ru", "Чем я зарабатываю на жизнь?"),
    ),
    "home": (
        ("en", "where am I living right now?"),
        ("en", "which city did I tell you I live in?"),
        ("de", "Wo lebe ich eigentlich?"),
        ("es", "¿En qué parte vivo?"),
        ("fr", "Où est-ce que j'habite déjà ?"),
        ("ru", "Где я сейчас живу?"),
    ),
    "diet": (
        ("en", "do I have any food allergies?"),
        ("de", "Vertrage ich irgendwas nicht?"),
        ("de", "Esse ich vegetarisch?"),
        ("es", "¿Qué no puedo comer?"),
        ("fr", "Il y a des aliments que j'évite ?"),
        ("ru", "Какие продукты мне нельзя?"),
    ),
    "children": (
        ("en", "have I got children?"),
        ("en", "anything you know about my son or daughter?"),
        ("de", "Hab ich Nachwuchs?"),
        ("es", "¿Soy padre o madre?"),
        ("fr", "Combien j'ai de gamins ?"),
        ("ru", "Сколько у меня детей?"),
    ),
    "partner": (
        ("en", "do I have a husband or a wife?"),
        ("de", "Bin ich in einer Beziehung?"),
        ("de", "Mit wem bin ich zusammen?"),
        ("es", "¿Tengo novio o novia?"),
        ("fr", "Est-ce que je suis marié ou célibataire ?"),
        ("ru", "У меня есть жена или муж?"),
    ),
    "parents": (
        ("en", "what do you remember about my mother?"),
        ("en", "did I mention anything about my dad?"),
        ("de", "Was weißt du über meinen Vater?"),
        ("es", "¿Qué te dije de mis papás?"),
        ("fr", "Qu'est-ce que tu sais de ma mère ?"),
        ("ru", "Что я рассказывал о своей маме?"),
    ),
    "siblings": (
        ("en", "how many brothers and sisters have I got?"),
        ("de", "Hab ich einen Bruder oder eine Schwester?"),
        ("de", "Was habe ich dir über meine Geschwister erzählt?"),
        ("es", "¿Qué sabes de mi hermano?"),
        ("fr", "J'ai des frères ?"),
        ("ru", "Есть ли у меня брат?"),
    ),
    "music": (
        ("en", "what sort of music do I listen to?"),
        ("en", "who do I like listening to?"),
        ("de", "Was für Musik höre ich?"),
        ("es", "¿Qué instrumento toco?"),
        ("fr", "Je joue de quel instrument ?"),
        ("ru", "Какую музыку я слушаю?"),
    ),
    "sport": (
        ("en", "do I play any sports?"),
        ("de", "Mache ich Sport?"),
        ("de", "Welche Sportart betreibe ich?"),
        ("es", "¿Qué hago para estar en forma?"),
        ("fr", "Je fais quoi comme sport ?"),
        ("ru", "Я занимаюсь спортом?"),
    ),
    "car": (
        ("en", "what kind of car have I got?"),
        ("en", "do I have a truck or a car?"),
        ("de", "Was für einen Wagen habe ich?"),
        ("es", "¿Qué carro tengo?"),
        ("fr", "J'ai quelle voiture ?"),
        ("ru", "Есть ли у меня машина?"),
    ),
    "study": (
        ("en", "did I go to college?"),
        ("de", "Wo habe ich studiert?"),
        ("de", "Gehe ich noch zur Schule?"),
        ("es", "¿Qué carrera hice?"),
        ("fr", "J'ai fait quelles études ?"),
        ("ru", "Где я учусь?"),
    ),
    "reading": (
        ("en", "am I much of a reader?"),
        ("en", "what do I read in my free time?"),
        ("de", "Was für Bücher lese ich?"),
        ("es", "¿Leo mucho?"),
        ("fr", "Est-ce que je lis beaucoup ?"),
        ("ru", "Что я люблю читать?"),
    ),
    "food": (
        ("en", "what food do I like best?"),
        ("de", "Was esse ich am liebsten?"),
        ("de", "Welches Essen mag ich?"),
        ("es", "¿Cuál es mi comida preferida?"),
        ("fr", "C'est quoi mon plat favori ?"),
        ("ru", "Что мне нравится из еды?"),
    ),
}


@dataclass(frozen=True, slots=True)
class Relative:
    """One relative a wording of the ``parents`` or ``siblings`` topic may ask about alone
    ("Qu'ai-je dit de ma mère ?", "Что ты знаешь о моей сестре?")."""

    name: str
    topic: str
    #: Its words in a question (the five languages).
    asked: re.Pattern[str]
    #: Its words in an English persona sentence.
    told: re.Pattern[str]


def _relative(name: str, topic: str, asked: str, told: str) -> Relative:
    return Relative(name, topic, re.compile(asked, re.IGNORECASE), re.compile(told, re.IGNORECASE))


RELATIVES = (
    _relative(
        "mother",
        "parents",
        r"\b(?:mom|mum|mother|mommy|mutter|mama|mami|madre|mamá|m[èe]re|maman)\b|"
        r"\bмам(?:а|ы|е|у|ой)\b|\bмат(?:ь|ери|ерью)\b",
        r"\b(?:moms?|mums?|mothers?|mommy|mama|step-?(?:mom|mother))\b",
    ),
    _relative(
        "father",
        "parents",
        r"\b(?:dad|father|daddy|vater|papa|papi|padre|papá|p[èe]re)\b|"
        r"\bпап(?:а|ы|е|у|ой)\b|\bот(?:ец|ца|цу|цом|це)\b",
        r"\b(?:dads?|fathers?|daddy|papa|pops|step-?(?:dad|father))\b",
    ),
    _relative(
        "sister",
        "siblings",
        r"\b(?:sister|sis|schwester|hermana|s(?:œ|oe)ur)\b|\bсест(?:ра|ры|ре|ру|рой)\b",
        r"\b(?:sisters?|sis|step-?sisters?)\b",
    ),
    _relative(
        "brother",
        "siblings",
        r"\b(?:brother|bro|bruder|hermano|fr[èe]re)\b|\bбрат(?:а|у|ом|е)?\b",
        r"\b(?:brothers?|bro|step-?brothers?)\b",
    ),
)
#: Words that name the whole of a topic's relatives ("my parents", "my siblings").
_ALL_OF_THEM = {
    "parents": re.compile(r"\b(?:parents|folks)\b", re.IGNORECASE),
    "siblings": re.compile(r"\bsiblings\b", re.IGNORECASE),
}


#: The topics about the user's people (a sentence about one of them is on them).
PEOPLE_TOPICS = frozenset({"children", "partner", "parents", "siblings"})
#: A persona sentence about one of the user's people alone: opened by "my" and one of them,
#: the user not in the rest ("My dad works in a bank.", not "My wife and I run a bakery." nor
#: "My aunt gave me her car.").
_THEIRS = re.compile(
    r"^\W*my\s+(?:(?:older|younger|little|big|best|step|ex|late)[\s-]+)?(?:mom|mum|mother|"
    r"dad|father|parents|brothers?|sisters?|husband|wife|boyfriend|girlfriend|fianc[ée]e?|"
    r"partner|sons?|daughters?|kids|children|child|friends?|grand(?:ma|mother|pa|father)|"
    r"grandparents|uncle|aunt|cousins?|nephew|niece|in-laws)\b(?P<rest>.*)$",
    re.IGNORECASE,
)
_THE_USER = re.compile(r"\b(?:i|i'm|i've|me|we|we're|us|our|myself)\b", re.IGNORECASE)


def _theirs_alone(sentence: str) -> bool:
    m = _THEIRS.match(sentence)
    return m is not None and not _THE_USER.search(m["rest"])


def answers_the_wording(topic: str, question: str, sentence: str) -> bool:
    """Whether a persona sentence that answers a topic answers this wording of it too: a
    wording that asks about one relative alone ("¿Qué sabes de mi hermana?") is not answered
    by a sentence that names others of its kind and neither them nor all of them ("I have a
    brother."); one naming no one of that kind still answers ("My family raised horses.").
    A question about the user's own life (a topic not about their people: "Wo arbeite ich?")
    is not answered by a sentence about one of their people alone ("My dad works in a
    bank."). The finer labels of ``membot eval answers`` (the topic's pattern alone: the
    coarse ones)."""
    if topic not in PEOPLE_TOPICS and _theirs_alone(sentence):
        return False
    kind = [r for r in RELATIVES if r.topic == topic]
    asked = [r for r in kind if r.asked.search(question)]
    if len(asked) != 1 or asked[0].told.search(sentence):
        return True
    if _ALL_OF_THEM[topic].search(sentence):
        return True
    return not any(r.told.search(sentence) for r in kind)
