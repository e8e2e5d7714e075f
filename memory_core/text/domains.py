"""Which area of life a text is about, by meaning: a reranking signal for answers.

e5-small's cosine similarities of short texts are compressed (a right answer 0.80–0.86, an
unrelated memory 0.78–0.83), so "what's my trade again?" sits about as close to "The user has a
cat." as to "The user is a waiter." A second, coarser question separates them: which areas of
life (work, home, pets, family, music…) is each text about? Each area of ``AREAS`` has a short
description and labelled examples — questions people ask about themselves and statements about a
user, in English, German, Spanish, French and Russian — embedded once with the same model. A
question is read against the area's example *questions* (question-to-question similarity is far
sharper than question-to-statement, across languages too), a memory against its example
*statements*, both plus the description; each profile is standardised and turned into a
distribution, and their *agreement* (the Bhattacharyya coefficient, 0–1) is added to a hit's
relevance in ``memory_core.read.answer``. The areas are a general map of what people tell about
themselves, and the examples are not the evaluation's wordings; the weights are tuned by
``membot eval answers`` (tune split).
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import numpy as np

from memory_core.embed import Embedder, Vectors
from memory_core.text import kin
from memory_core.text.area_vocabulary import ANIMAL_WORDS, TOLD_AREAS


@dataclass(frozen=True, slots=True)
class Area:
    """One area of life: a description, example questions about it, example statements."""

    description: str
    questions: tuple[str, ...]
    statements: tuple[str, ...]


#: Areas of life a user's memories and questions are about.
AREAS: tuple[Area, ...] = (
    Area(
        "job, work, occupation, profession, career, employer, workplace, trade, earning a living",
        (
            "what is my job title?",
            "who is my employer?",
            "what kind of work do I do?",
            "which company am I working for?",
            "what was my profession again?",
            "when did I start my job?",
            "how long have I worked there?",
            "Seit wann arbeite ich dort?",
            "¿Cuándo empecé a trabajar allí?",
            "Bei welcher Firma bin ich angestellt?",
            "¿A qué me dedico?",
            "Quel travail je fais ?",
            "Какая у меня профессия?",
            "Was arbeite ich?",
            "Welchen Job habe ich?",
            "Bei welchem Arbeitgeber bin ich?",
            "¿Cuál es mi trabajo?",
            "¿Para qué empresa trabajo?",
            "C'est quoi mon travail ?",
            "Je travaille pour quelle entreprise ?",
            "Какая у меня работа?",
            "В какой компании я работаю?",
        ),
        (
            "Maria works as a nurse.",
            "The user is a software developer at a bank.",
            "Tom runs a small bakery.",
            "The user is a truck driver.",
            "Priya got promoted at the office.",
            "I work as an accountant.",
            "Ich arbeite als Krankenpfleger.",
            "Trabajo de profesora.",
            "Je suis plombier.",
            "Я работаю инженером.",
        ),
    ),
    Area(
        "home, where one lives, city, town, country, house, apartment, neighbourhood, moving",
        (
            "which city do I live in?",
            "what's my address?",
            "where is my house?",
            "which country do I live in now?",
            "where did I move to?",
            "when did I move into my flat?",
            "how long have I lived here?",
            "Depuis quand j'habite ici ?",
            "Когда я переехал?",
            "In welchem Land wohne ich?",
            "¿Dónde está mi casa?",
            "Où se trouve ma maison ?",
            "В какой стране я живу?",
            "Welche Stadt ist mein Wohnort?",
            "In welchem Land lebe ich jetzt?",
            "Lebe ich in einer Großstadt?",
            "Wo ist meine Wohnung?",
            "In welchem Ort wohne ich?",
            "¿Cuál es mi ciudad?",
            "¿Dónde tengo mi piso?",
            "Quelle est ma ville ?",
            "J'habite dans quel quartier ?",
            "Какой у меня адрес?",
            "Где находится мой дом?",
        ),
        (
            "The user lives in Chicago.",
            "Lukas rents an apartment downtown.",
            "The user moved to Spain last year.",
            "Aisha lives in a small village.",
            "I live in Berlin.",
            "Ich wohne in München.",
            "Vivo en Madrid.",
            "J'habite à Lyon.",
            "Я живу в Москве.",
        ),
    ),
    Area(
        "where one is from, grew up, hometown, nationality, birthplace",
        (
            "where was I born?",
            "where am I originally from?",
            "what's my hometown?",
            "where did I grow up?",
            "what's my nationality?",
            "Woher komme ich ursprünglich?",
            "¿Dónde nací?",
            "Où suis-je né ?",
            "Откуда я родом?",
            "Wo bin ich geboren?",
            "Aus welchem Land stamme ich?",
            "¿De qué país vengo?",
            "¿Cuál es mi nacionalidad?",
            "Quelle est ma nationalité ?",
            "Où ai-je grandi ?",
            "Где я родился?",
            "Где я вырос?",
        ),
        (
            "The user grew up in Ohio.",
            "Carlos was born in Brazil.",
            "The user is originally from Ireland.",
            "I'm from Texas.",
            "Ich komme aus Österreich.",
            "Soy de México.",
            "Je viens du Maroc.",
            "Я родом из Сибири.",
        ),
    ),
    Area(
        "pets and animals at home: dog, cat, bird, fish, hamster, horse",
        (
            "what's my dog's name?",
            "how many cats do I have?",
            "what animals do I own?",
            "what is my pet called?",
            "what breed is my dog?",
            "when did I get my cat?",
            "Wie heißt mein Hund?",
            "¿Cómo se llama mi gato?",
            "Comment s'appelle mon chien ?",
            "Как зовут мою кошку?",
            "Was für einen Hund habe ich?",
            "Wie viele Katzen habe ich?",
            "¿Cuántos perros tengo?",
            "¿De qué raza es mi perro?",
            "Combien de chats j'ai ?",
            "Quel est le nom de mon chien ?",
            "Сколько у меня кошек?",
            "Какой породы моя собака?",
        ),
        (
            "Yuki has a dog named Max.",
            "The user owns two cats.",
            "The user's parrot is called Kiwi.",
            "Olga has a pet rabbit.",
            "I have a golden retriever.",
            "Wir haben einen Hund.",
            "Tengo un gato que se llama Luna.",
            "J'ai un chat.",
            "У меня есть собака.",
        ),
    ),
    Area(
        "partner, spouse, wife, husband, girlfriend, boyfriend, marriage, dating",
        (
            "what's my wife's name?",
            "who is my husband?",
            "do I have a girlfriend?",
            "who am I dating?",
            "when did I get married?",
            "how long have I been with my partner?",
            "Wie heißt meine Frau?",
            "¿Cómo se llama mi novio?",
            "Comment s'appelle ma femme ?",
            "Как зовут мою жену?",
            "Wie heißt mein Mann?",
            "Seit wann bin ich verheiratet?",
            "¿Cómo se llama mi esposa?",
            "¿Desde cuándo estoy casada?",
            "Comment s'appelle mon copain ?",
            "Depuis quand je suis mariée ?",
            "Как зовут моего мужа?",
            "Я замужем?",
        ),
        (
            "The user is married.",
            "The user's wife is called Anna.",
            "Sam has a boyfriend.",
            "The user is engaged to Sam.",
            "My husband is a pilot.",
            "Ich bin verheiratet.",
            "Mi novia se llama Laura.",
            "Mon mari s'appelle Paul.",
            "Моя жена — врач.",
        ),
    ),
    Area(
        "children, kids, son, daughter, baby, being a parent",
        (
            "what's my son's name?",
            "how old is my daughter?",
            "how many kids have I got?",
            "what are my children called?",
            "when was my baby born?",
            "Wie heißt mein Sohn?",
            "¿Cómo se llama mi hija?",
            "Comment s'appelle mon fils ?",
            "Как зовут мою дочь?",
            "Wie alt ist meine Tochter?",
            "Wie heißen meine Kinder?",
            "¿Cuántos años tiene mi hijo?",
            "¿Cómo se llaman mis niños?",
            "Quel âge a ma fille ?",
            "Comment s'appellent mes enfants ?",
            "Сколько лет моему сыну?",
            "Как зовут моих детей?",
        ),
        (
            "Fatima has two kids.",
            "The user's son is called Ben.",
            "The user has a baby daughter.",
            "Jonas is a mother of three.",
            "My daughter is six.",
            "Ich habe zwei Kinder.",
            "Mi hijo tiene diez años.",
            "J'ai une fille.",
            "У меня двое детей.",
        ),
    ),
    Area(
        "parents, mother, father, mom, dad, family background",
        (
            "what does my mother do?",
            "where do my parents live?",
            "what's my dad's name?",
            "is my father still alive?",
            "Wo wohnen meine Eltern?",
            "¿Cómo se llama mi padre?",
            "Où habitent mes parents ?",
            "Как зовут мою маму?",
            "Wie heißt meine Mutter?",
            "Leben meine Eltern noch?",
            "¿Dónde viven mis padres?",
            "¿A qué se dedica mi madre?",
            "Comment s'appelle mon père ?",
            "Mes parents sont à la retraite ?",
            "Где живут мои родители?",
            "Моя мама работает?",
        ),
        (
            "The user's mother is a teacher.",
            "The user's dad owns a farm.",
            "The user's parents live in Florida.",
            "My mom is retired.",
            "Meine Mutter ist Ärztin.",
            "Mi padre es mecánico.",
            "Mes parents habitent à Paris.",
            "Мой отец — военный.",
        ),
    ),
    Area(
        "siblings, brother, sister, twin",
        (
            "what's my brother's name?",
            "how many sisters do I have?",
            "where does my sister live?",
            "is my brother older than me?",
            "Wie heißt mein Bruder?",
            "¿Cuántas hermanas tengo?",
            "Comment s'appelle mon frère ?",
            "Как зовут моего брата?",
            "Wie viele Geschwister habe ich?",
            "Wo wohnt meine Schwester?",
            "¿Cómo se llama mi hermana?",
            "¿Dónde vive mi hermano?",
            "Combien de frères et sœurs j'ai ?",
            "Où habite ma sœur ?",
            "Как зовут мою сестру?",
            "Сколько у меня братьев и сестёр?",
        ),
        (
            "The user has a younger brother.",
            "The user's sister lives in London.",
            "Elena has three siblings.",
            "The user is a twin.",
            "My brother is a nurse.",
            "Ich habe eine Schwester.",
            "Tengo dos hermanos.",
            "Ma sœur est avocate.",
            "У меня есть брат.",
        ),
    ),
    Area(
        "friends, best friend, social life",
        (
            "who is my best friend?",
            "what are my friends' names?",
            "who do I hang out with?",
            "Wer ist mein bester Freund?",
            "¿Quién es mi mejor amiga?",
            "Qui est mon meilleur ami ?",
            "Wie heißt meine beste Freundin?",
            "Mit wem treffe ich mich am Wochenende?",
            "¿Cómo se llaman mis amigos?",
            "Avec qui je sors le week-end ?",
            "Кто мой лучший друг?",
            "Как зовут моих друзей?",
        ),
        (
            "The user's best friend is Tom.",
            "Kwame has a lot of friends.",
            "The user meets friends every Friday.",
            "Meine beste Freundin heißt Lea.",
            "Mi mejor amigo vive cerca.",
            "Mon meilleur ami s'appelle Luc.",
        ),
    ),
    Area(
        "health, illness, allergy, medicine, doctor, disability, condition",
        (
            "what medication do I take?",
            "what illness do I have?",
            "do I have high blood pressure?",
            "do I have any medical conditions?",
            "what did the doctor tell me?",
            "Welche Krankheit habe ich?",
            "¿Qué medicamentos tomo?",
            "Quels médicaments je prends ?",
            "Какие лекарства я принимаю?",
            "Welche Medikamente nehme ich?",
            "Habe ich Asthma?",
            "Bin ich krank?",
            "¿Tengo alguna enfermedad?",
            "¿Qué me dijo el médico?",
            "Est-ce que j'ai une maladie ?",
            "J'ai des problèmes de santé ?",
            "Чем я болею?",
            "Что мне сказал врач?",
        ),
        (
            "Lena is allergic to penicillin.",
            "The user has asthma.",
            "Maria takes insulin for diabetes.",
            "The user had knee surgery.",
            "Tom suffers from migraines.",
            "Ich habe Bluthochdruck.",
            "Tengo diabetes.",
            "Je suis allergique à l'aspirine.",
            "У меня астма.",
        ),
    ),
    Area(
        "diet, foods one avoids or cannot eat, vegan, vegetarian, allergy to food",
        (
            "what foods am I allergic to?",
            "do I eat meat?",
            "am I on a diet?",
            "is there food I'm not allowed to have?",
            "can I eat gluten?",
            "Esse ich Fleisch?",
            "¿Como carne?",
            "Est-ce que je mange de la viande ?",
            "Я ем мясо?",
            "Darf ich Gluten essen?",
            "Trinke ich Milch?",
            "¿Puedo comer gluten?",
            "¿Como pescado?",
            "Est-ce que je peux manger des noix ?",
            "Je bois du lait ?",
            "Можно мне глютен?",
            "Я пью молоко?",
        ),
        (
            "The user is vegetarian.",
            "Priya is allergic to peanuts.",
            "The user doesn't eat pork.",
            "The user is lactose intolerant.",
            "Lukas is on a gluten-free diet.",
            "Ich bin allergisch gegen Nüsse.",
            "Soy alérgico al marisco.",
            "Je suis allergique au lait.",
            "У меня аллергия на орехи.",
            "Ich esse kein Fleisch.",
            "Soy vegana.",
            "Je ne mange pas de porc.",
            "Я не ем мясо.",
        ),
    ),
    Area(
        "favourite food, cooking, baking, meals, dishes, restaurants, drinks",
        (
            "what's my favourite dish?",
            "what do I like to cook?",
            "which restaurant do I love?",
            "what's my favourite drink?",
            "what do I usually eat for dinner?",
            "Was koche ich gern?",
            "¿Cuál es mi plato preferido?",
            "Qu'est-ce que j'aime cuisiner ?",
            "Какое моё любимое блюдо?",
            "Welches Gericht koche ich am liebsten?",
            "Was trinke ich gern?",
            "¿Qué me gusta cocinar?",
            "¿Cuál es mi bebida favorita?",
            "Quelle est ma boisson préférée ?",
            "Quel restaurant j'adore ?",
            "Что я люблю готовить?",
            "Какой мой любимый напиток?",
        ),
        (
            "The user loves pizza.",
            "The user's favourite food is sushi.",
            "Aisha enjoys cooking Italian food.",
            "The user likes chocolate cake.",
            "Carlos drinks a lot of coffee.",
            "Ich esse gern Pasta.",
            "Me encantan los tacos.",
            "J'adore le fromage.",
            "Я люблю борщ.",
        ),
    ),
    Area(
        "music, songs, bands, singers, concerts, playing an instrument, guitar, piano",
        (
            "which band do I love?",
            "what instrument can I play?",
            "who is my favourite singer?",
            "what genre of music do I like?",
            "do I play the guitar?",
            "how long have I played the piano?",
            "Welche Band mag ich?",
            "¿Qué grupo de música me gusta?",
            "Quel est mon chanteur préféré ?",
            "Какая моя любимая группа?",
            "Wer ist mein Lieblingssänger?",
            "Spiele ich Gitarre?",
            "¿Quién es mi cantante favorito?",
            "¿Toco la guitarra?",
            "Quel groupe j'adore ?",
            "Est-ce que je joue du piano ?",
            "Кто мой любимый певец?",
            "Я играю на гитаре?",
        ),
        (
            "The user plays the guitar.",
            "Yuki loves jazz.",
            "The user's favourite band is Queen.",
            "The user sings in a choir.",
            "Olga listens to country music.",
            "Ich spiele Klavier.",
            "Me gusta el rock.",
            "Je joue du violon.",
            "Я слушаю классическую музыку.",
        ),
    ),
    Area(
        "sport, exercise, fitness, running, gym, team, playing football or basketball",
        (
            "which team do I support?",
            "do I go to the gym?",
            "what sport am I good at?",
            "how often do I go running?",
            "do I play football?",
            "since when do I go running?",
            "Welchen Verein unterstütze ich?",
            "¿Qué deporte me gusta?",
            "Quel est mon sport préféré ?",
            "Какой мой любимый вид спорта?",
            "Gehe ich ins Fitnessstudio?",
            "Spiele ich Fußball?",
            "¿Voy al gimnasio?",
            "¿De qué equipo soy?",
            "Est-ce que je vais à la salle de sport ?",
            "Je cours souvent ?",
            "Я хожу в спортзал?",
            "За какую команду я болею?",
        ),
        (
            "The user plays basketball.",
            "Sam runs every morning.",
            "The user supports Liverpool.",
            "Fatima goes to the gym.",
            "The user swims three times a week.",
            "Ich spiele Fußball.",
            "Corro maratones.",
            "Je fais du vélo.",
            "Я занимаюсь плаванием.",
        ),
    ),
    Area(
        "reading, books, novels, authors, writing",
        (
            "what's my favourite book?",
            "what am I reading at the moment?",
            "which novels do I like?",
            "who do I like to read?",
            "Was ist mein Lieblingsbuch?",
            "¿Cuál es mi libro favorito?",
            "Quel est mon livre préféré ?",
            "Какая моя любимая книга?",
            "Was lese ich gerade?",
            "Welche Art von Romanen mag ich?",
            "¿Qué estoy leyendo ahora?",
            "¿Qué tipo de novelas me gustan?",
            "Qu'est-ce que je lis en ce moment ?",
            "Quel genre de romans j'aime ?",
            "Что я сейчас читаю?",
            "Кто мой любимый писатель?",
        ),
        (
            "Jonas loves reading.",
            "The user's favourite author is Stephen King.",
            "The user reads mystery novels.",
            "Elena is in a book club.",
            "Ich lese gern Krimis.",
            "Me encanta leer novelas.",
            "J'aime lire.",
            "Я люблю читать книги.",
        ),
    ),
    Area(
        "school, college, university, studies, degree, education, students",
        (
            "which university did I go to?",
            "what subject am I studying?",
            "what degree do I have?",
            "when did I graduate?",
            "what school do I attend?",
            "An welcher Uni studiere ich?",
            "¿Qué carrera estudié?",
            "Quelles études j'ai faites ?",
            "Где я учился?",
            "Welches Fach studiere ich?",
            "Habe ich einen Abschluss?",
            "¿En qué universidad estudié?",
            "¿Tengo un título?",
            "Dans quelle université j'ai étudié ?",
            "Quel diplôme j'ai ?",
            "Какое у меня образование?",
            "Что я изучаю в университете?",
        ),
        (
            "The user studies biology at university.",
            "Kwame is a college student.",
            "The user graduated in law.",
            "Lena is in high school.",
            "The user has a master's degree.",
            "Ich studiere Medizin.",
            "Estudio en la universidad.",
            "Je suis étudiant en droit.",
            "Я учусь в университете.",
        ),
    ),
    Area(
        "car, truck, vehicle, driving, motorcycle, bicycle, commuting",
        (
            "what kind of car do I have?",
            "which car did I buy?",
            "do I ride a motorbike?",
            "how do I get to work?",
            "Was für ein Auto habe ich?",
            "¿Qué coche conduzco?",
            "Quelle voiture j'ai ?",
            "Какой марки моя машина?",
            "Welche Automarke fahre ich?",
            "Fahre ich Motorrad?",
            "¿Qué marca de coche tengo?",
            "¿Tengo moto?",
            "Quelle marque est ma voiture ?",
            "J'ai une moto ?",
            "У меня есть мотоцикл?",
        ),
        (
            "The user drives a Toyota.",
            "Maria owns a pickup truck.",
            "The user rides a motorcycle.",
            "Tom bought a new car.",
            "Ich fahre einen VW.",
            "Tengo un coche rojo.",
            "Je conduis une Renault.",
            "У меня есть машина.",
        ),
    ),
    Area(
        "travel, trips, holidays, visiting places, vacations",
        (
            "where did I go on holiday?",
            "which countries have I visited?",
            "where am I travelling next?",
            "Wohin bin ich gereist?",
            "¿A dónde viajé?",
            "Où suis-je parti en vacances ?",
            "Куда я ездил в отпуск?",
            "Wo war ich im Urlaub?",
            "Welche Länder habe ich besucht?",
            "¿Qué países he visitado?",
            "Quels pays j'ai visités ?",
            "Какие страны я посетил?",
        ),
        (
            "The user went to Japan last summer.",
            "Priya loves travelling.",
            "The user has visited twenty countries.",
            "Ich reise gern.",
            "Viajé a Italia.",
            "J'ai visité le Canada.",
            "Я люблю путешествовать.",
        ),
    ),
    Area(
        "hobbies, free time, crafts, games, collecting, gardening",
        (
            "what are my hobbies?",
            "what do I do in my free time?",
            "what do I collect?",
            "Was mache ich in meiner Freizeit?",
            "¿Cuáles son mis aficiones?",
            "Quels sont mes loisirs ?",
            "Какое у меня хобби?",
            "Was sind meine Hobbys?",
            "Was sammle ich?",
            "¿Qué hago en mi tiempo libre?",
            "Qu'est-ce que je fais pendant mon temps libre ?",
            "Чем я занимаюсь в свободное время?",
        ),
        (
            "Lukas collects stamps.",
            "The user knits in their free time.",
            "Aisha enjoys gardening.",
            "The user plays chess.",
            "Ich bastle gern.",
            "Me gusta la jardinería.",
            "Je fais des puzzles.",
            "Я собираю марки.",
        ),
    ),
    Area(
        "movies, films, tv shows, series, video games, youtube",
        (
            "what's my favourite film?",
            "which tv series do I watch?",
            "what video games do I play?",
            "Was ist mein Lieblingsfilm?",
            "¿Cuál es mi película favorita?",
            "Quel est mon film préféré ?",
            "Какой мой любимый фильм?",
            "Welche Serie schaue ich?",
            "Welche Videospiele spiele ich?",
            "¿Qué series veo?",
            "Quelle série je regarde ?",
            "Какие сериалы я смотрю?",
        ),
        (
            "Carlos loves horror movies.",
            "The user watches anime.",
            "Yuki plays video games.",
            "The user's favourite show is Friends.",
            "Ich schaue gern Serien.",
            "Me gustan las películas de acción.",
            "Je regarde beaucoup de films.",
            "Я люблю смотреть сериалы.",
        ),
    ),
    Area(
        "name, what someone is called",
        (
            "what's my name?",
            "what do people call me?",
            "what's my surname?",
            "Wie heiße ich?",
            "¿Cómo me llamo?",
            "Comment je m'appelle ?",
            "Как меня зовут?",
            "Wie ist mein Nachname?",
            "¿Cuál es mi apellido?",
            "Quel est mon nom de famille ?",
            "Какая у меня фамилия?",
        ),
        (
            "The user's name is Sarah.",
            "The user is called Mike.",
            "My name is John.",
            "Ich heiße Jonas.",
            "Me llamo Carmen.",
            "Je m'appelle Julie.",
            "Меня зовут Иван.",
        ),
    ),
    Area(
        "age, how old, birthday, born",
        (
            "how old am I?",
            "when's my birthday?",
            "what year was I born?",
            "Wie alt bin ich?",
            "¿Cuántos años tengo?",
            "Quel âge j'ai ?",
            "Сколько мне лет?",
            "Wann habe ich Geburtstag?",
            "¿Cuándo es mi cumpleaños?",
            "Quand est mon anniversaire ?",
            "Когда у меня день рождения?",
        ),
        (
            "Olga is 34 years old.",
            "The user's birthday is in May.",
            "The user was born in 1990.",
            "Ich bin 40 Jahre alt.",
            "Tengo 25 años.",
            "J'ai trente ans.",
            "Мне 30 лет.",
        ),
    ),
    Area(
        "appearance, looks, height, hair, tattoo, clothes",
        (
            "how tall am I?",
            "what colour is my hair?",
            "do I have a tattoo?",
            "what do I look like?",
            "Wie groß bin ich?",
            "¿De qué color tengo el pelo?",
            "De quelle couleur sont mes cheveux ?",
            "Welche Haarfarbe habe ich?",
            "¿Cuánto mido?",
            "Est-ce que j'ai un tatouage ?",
            "Какого я роста?",
        ),
        (
            "Sam has red hair.",
            "The user is very tall.",
            "Fatima has a tattoo on their arm.",
            "The user wears glasses.",
            "Ich habe blaue Augen.",
            "Soy alto.",
            "J'ai les cheveux bruns.",
            "У меня светлые волосы.",
        ),
    ),
    Area(
        "religion, faith, church, god, beliefs",
        (
            "what's my religion?",
            "do I go to church?",
            "do I believe in god?",
            "Welche Religion habe ich?",
            "¿Soy religioso?",
            "Quelle est ma religion ?",
            "Какая у меня религия?",
            "Gehe ich in die Kirche?",
            "¿Voy a misa?",
            "Est-ce que je crois en Dieu ?",
            "Я хожу в церковь?",
        ),
        (
            "Jonas is Catholic.",
            "The user goes to church every Sunday.",
            "Elena is an atheist.",
            "Ich bin Muslim.",
            "Soy cristiano.",
            "Je suis bouddhiste.",
            "Я верующий.",
        ),
    ),
    Area(
        "money, income, savings, debt, rich or poor",
        (
            "how much do I earn?",
            "how much debt do I have?",
            "am I saving money?",
            "Wie viel verdiene ich?",
            "¿Cuánto gano?",
            "Combien je gagne ?",
            "Сколько я зарабатываю?",
            "Habe ich Schulden?",
            "¿Tengo deudas?",
            "Est-ce que j'ai des dettes ?",
            "У меня есть долги?",
        ),
        (
            "The user is saving for a house.",
            "Kwame has student debt.",
            "The user earns a good salary.",
            "Ich habe Schulden.",
            "Ahorro dinero cada mes.",
            "Je gagne peu d'argent.",
            "Я коплю деньги.",
        ),
    ),
    Area(
        "languages spoken",
        (
            "which languages do I speak?",
            "am I learning a language?",
            "Welche Sprachen spreche ich?",
            "¿Qué idiomas hablo?",
            "Quelles langues je parle ?",
            "На каких языках я говорю?",
            "Lerne ich eine Sprache?",
            "¿Estoy aprendiendo algún idioma?",
            "Est-ce que j'apprends une langue ?",
            "Какой язык я учу?",
        ),
        (
            "Lena speaks French and Spanish.",
            "The user is learning Japanese.",
            "Maria is bilingual.",
            "Ich spreche drei Sprachen.",
            "Hablo inglés.",
            "Je parle allemand.",
            "Я говорю по-английски.",
        ),
    ),
    Area(
        "personality, character, feelings, mood, shy, funny",
        (
            "am I an introvert?",
            "what's my personality like?",
            "am I a shy person?",
            "Bin ich schüchtern?",
            "¿Cómo es mi carácter?",
            "Quel est mon caractère ?",
            "Was für ein Mensch bin ich?",
            "¿Soy tímido?",
            "Est-ce que je suis timide ?",
            "Какой у меня характер?",
        ),
        (
            "The user is shy.",
            "Tom is very outgoing.",
            "The user is a perfectionist.",
            "Priya gets anxious easily.",
            "Ich bin sehr geduldig.",
            "Soy muy tímido.",
            "Je suis bavard.",
            "Я очень спокойный.",
        ),
    ),
    Area(
        "nature, outdoors, hiking, camping, the beach, weather, seasons",
        (
            "do I like hiking?",
            "do I enjoy camping?",
            "what's my favourite season?",
            "Gehe ich gern wandern?",
            "¿Me gusta la playa?",
            "Est-ce que j'aime la randonnée ?",
            "Gehe ich gern campen?",
            "¿Me gusta acampar?",
            "Quelle est ma saison préférée ?",
            "Я люблю походы?",
        ),
        (
            "The user loves hiking in the mountains.",
            "Lukas goes camping every summer.",
            "The user loves the beach.",
            "The user's favourite season is autumn.",
            "Ich wandere gern.",
            "Me encanta el mar.",
            "J'aime la montagne.",
            "Я люблю ходить в походы.",
        ),
    ),
    Area(
        "art, painting, drawing, photography, design",
        (
            "do I paint?",
            "what kind of art do I make?",
            "do I take photos?",
            "Male ich?",
            "¿Me gusta dibujar?",
            "Est-ce que je fais de la photo ?",
            "Fotografiere ich gern?",
            "¿Pinto cuadros?",
            "Est-ce que je dessine ?",
            "Я занимаюсь фотографией?",
        ),
        (
            "Aisha paints watercolours.",
            "The user is a photographer.",
            "Carlos likes to draw.",
            "Ich male gern.",
            "Me gusta pintar.",
            "Je fais de la photographie.",
            "Я рисую.",
        ),
    ),
    Area(
        "computers, technology, programming, phones, the internet",
        (
            "what phone do I have?",
            "which programming language do I use?",
            "what computer do I own?",
            "Welches Handy habe ich?",
            "¿Qué ordenador tengo?",
            "Quel téléphone j'ai ?",
            "Welchen Computer habe ich?",
            "¿Qué móvil tengo?",
            "Quel langage de programmation j'utilise ?",
            "Какой у меня телефон?",
        ),
        (
            "The user codes in Python.",
            "Yuki has an iPhone.",
            "The user builds computers.",
            "Ich programmiere gern.",
            "Uso un portátil Mac.",
            "J'adore la technologie.",
            "Я программист.",
        ),
    ),
    Area(
        "favourite colour",
        (
            "what's my favourite colour?",
            "which colour do I like best?",
            "Was ist meine Lieblingsfarbe?",
            "¿Cuál es mi color favorito?",
            "Quelle est ma couleur préférée ?",
            "Какой мой любимый цвет?",
            "Welche Farbe mag ich am liebsten?",
            "¿Qué color me gusta más?",
            "Quelle couleur j'aime le plus ?",
            "Какой цвет мне нравится?",
        ),
        (
            "The user's favourite colour is blue.",
            "Olga loves the colour green.",
            "Meine Lieblingsfarbe ist Rot.",
            "Mi color favorito es el morado.",
            "Ma couleur préférée est le jaune.",
            "Мой любимый цвет — синий.",
        ),
    ),
    Area(
        "plans, goals, dreams, wishes for the future",
        (
            "what are my plans for next year?",
            "what's my dream?",
            "what goal am I working towards?",
            "Was sind meine Pläne?",
            "¿Cuáles son mis planes?",
            "Quels sont mes projets ?",
            "Какие у меня планы?",
            "Wovon träume ich?",
            "¿Cuál es mi sueño?",
            "Quel est mon rêve ?",
            "О чём я мечтаю?",
        ),
        (
            "The user wants to open a restaurant.",
            "Sam plans to move abroad.",
            "The user dreams of becoming a pilot.",
            "Fatima hopes to retire early.",
            "Ich möchte ein Haus kaufen.",
            "Quiero aprender a bucear.",
            "Je veux voyager en Asie.",
            "Я хочу стать врачом.",
        ),
    ),
)

#: The areas' descriptions (embedded as passages).
DOMAINS: tuple[str, ...] = tuple(a.description for a in AREAS)

#: Softmax temperature over the standardised similarities (lower: sharper profiles).
TEMPERATURE = 0.3
#: A question's score for an area: the mean of its best this many example questions' similarities.
QUESTION_TOP = 2
#: A memory's score for an area: the mean of its best this many example statements'.
STATEMENT_TOP = 3
#: × the similarity to the area's description, added to the examples' score.
DESCRIPTION_WEIGHT = 1.0


@dataclass(frozen=True, slots=True)
class DomainMap:
    """The areas embedded: descriptions, and the examples padded to one block per area."""

    descriptions: Vectors  # (areas, dim)
    questions: Vectors  # (areas, most examples, dim), zero rows past an area's own
    question_mask: np.ndarray  # (areas, most examples): a real example
    statements: Vectors
    statement_mask: np.ndarray


def _padded(groups: Sequence[Vectors]) -> tuple[Vectors, np.ndarray]:
    width = max(len(g) for g in groups)
    dim = groups[0].shape[1]
    out = np.zeros((len(groups), width, dim), dtype=np.float32)
    mask = np.zeros((len(groups), width), dtype=bool)
    for i, g in enumerate(groups):
        out[i, : len(g)] = g
        mask[i, : len(g)] = True
    return out, mask


#: The areas embedded by the bundled model, shipped so that no process spends seconds embedding
#: ~500 examples (``python -m devtools.embed_areas`` writes it; used only when the model, its
#: size and every text match).
VECTORS_PATH = Path(__file__).parent / "domain_vectors.npz"


def digest(areas: Sequence[Area] = AREAS) -> str:
    """A fingerprint of every text of ``areas`` (the shipped vectors must match it)."""
    h = hashlib.sha256()
    for a in areas:
        for text in (a.description, *a.questions, "\x1e", *a.statements, "\x1d"):
            h.update(text.encode("utf-8") + b"\x1f")
    return h.hexdigest()


def save_vectors(path: Path, model_id: str, vectors: dict[str, Vectors]) -> None:
    """Write the embedded texts of ``AREAS`` (descriptions, questions, statements; float16)."""
    arrays: dict[str, np.ndarray] = {k: v.astype(np.float16) for k, v in vectors.items()}
    arrays |= {"model_id": np.array(model_id), "digest": np.array(digest())}
    np.savez(path, allow_pickle=False, **arrays)


def _shipped(embedder: Embedder, areas: Sequence[Area]) -> dict[str, Vectors] | None:
    if areas is not AREAS or not VECTORS_PATH.is_file():
        return None
    with np.load(VECTORS_PATH) as data:
        if str(data["model_id"]) != embedder.model_id or str(data["digest"]) != digest():
            return None
        out = {k: data[k].astype(np.float32) for k in ("descriptions", "questions", "statements")}
    return out if out["descriptions"].shape[1] == embedder.dim else None


def embed_texts(embedder: Embedder, areas: Sequence[Area] = AREAS) -> dict[str, Vectors]:
    """The areas' texts embedded (questions as queries, the rest as passages)."""
    return {
        "descriptions": embedder.embed_passages([a.description for a in areas]),
        "questions": embedder.embed_queries([q for a in areas for q in a.questions]),
        "statements": embedder.embed_passages([s for a in areas for s in a.statements]),
    }


def embed_map(embedder: Embedder, areas: Sequence[Area] = AREAS) -> DomainMap:
    """The areas embedded by ``embedder``: the shipped vectors when they are its own, else
    embedded now (one batch each for descriptions, questions and statements)."""
    vectors = _shipped(embedder, areas) or embed_texts(embedder, areas)
    descriptions, questions, statements = (
        vectors["descriptions"],
        vectors["questions"],
        vectors["statements"],
    )

    def split(vectors: Vectors, sizes: list[int]) -> list[Vectors]:
        ends = np.cumsum(sizes)
        return [vectors[end - n : end] for n, end in zip(sizes, ends, strict=True)]

    q, q_mask = _padded(split(questions, [len(a.questions) for a in areas]))
    s, s_mask = _padded(split(statements, [len(a.statements) for a in areas]))
    return DomainMap(descriptions, q, q_mask, s, s_mask)


def _example_scores(vectors: Vectors, examples: Vectors, mask: np.ndarray, top: int) -> Vectors:
    """(rows, areas): the mean similarity of each row's ``top`` nearest examples of each area."""
    # Broadcast dot products, not ``@``: BLAS helper threads spin after each call and slow
    # everything else on small machines (see ``MatrixCache._similarities``).
    sims = np.vecdot(vectors[:, None, None, :], examples[None, :, :, :])
    sims = np.where(mask[None], sims, -np.inf)
    best = -np.sort(-sims, axis=2)[:, :, :top]
    out: Vectors = np.where(np.isfinite(best), best, 0.0).mean(axis=2)
    return out


def _distribution(scores: Vectors, temperature: float) -> Vectors:
    z = (scores - scores.mean(axis=1, keepdims=True)) / (scores.std(axis=1, keepdims=True) + 1e-9)
    e = np.exp((z - z.max(axis=1, keepdims=True)) / temperature)
    out: Vectors = (e / e.sum(axis=1, keepdims=True)).astype(np.float32)
    return out


def profiles(domains: DomainMap, vectors: Vectors, *, question: bool = False) -> Vectors:
    """Each row of ``vectors`` (questions, or memories) as a distribution over the areas
    (rows sum to 1)."""
    rows = np.atleast_2d(np.asarray(vectors, dtype=np.float32))
    described = np.vecdot(rows[:, None, :], domains.descriptions[None, :, :])
    if question:
        examples = _example_scores(rows, domains.questions, domains.question_mask, QUESTION_TOP)
    else:
        examples = _example_scores(rows, domains.statements, domains.statement_mask, STATEMENT_TOP)
    return _distribution(examples + DESCRIPTION_WEIGHT * described, TEMPERATURE)


#: The area a fact's key names ("job_title" and "work.nurse" are work, "pet.dog" pets,
#: "family.sister.job" a sibling), by the first word of the area's description.
KEY_AREAS: tuple[tuple[str, str], ...] = (
    (r"^(?:job_title|employer|work\.|job\b|occupation|profession)", "job"),
    (r"^(?:home_city|home_country|home\.|address)", "home"),
    (r"^(?:origin|nationality|hometown)", "where one is from"),
    (r"^pets?\.", "pets and animals at home: dog"),
    # The user's people by the shared vocabulary's kinds (``memory_core.text.kin``).
    (
        rf"^(?:relationship\.|partner|spouse|family\.(?:{kin.key_pattern(kin.of_kind('partner'))})"
        r"(?![a-z]))",
        "partner",
    ),
    (rf"^family\.(?:{kin.key_pattern(kin.of_kind('child'))})(?![a-z])", "children"),
    (rf"^family\.(?:{kin.key_pattern(kin.of_kind('parent'))})(?![a-z])", "parents"),
    (rf"^family\.(?:{kin.key_pattern(kin.of_kind('sibling'))})(?![a-z])", "siblings"),
    (r"^(?:diet|allerg)", "diet"),
    (r"^(?:health|medical|condition|medication)", "health"),
    (r"^favou?rite\.(?:food|meal|dish|snack|drink|cuisine|restaurant)", "favourite food"),
    (r"^(?:favou?rite\.(?:band|singer|song|music|genre|album|instrument)|music\.)", "music"),
    (r"^(?:sport|favou?rite\.(?:sport|team))", "sport"),
    (r"^(?:education|school|study|studies)", "school"),
    (r"^favou?rite\.(?:book|author|novel)", "reading"),
    (r"^(?:car|vehicle)\b", "car"),
    (r"^(?:name|preferred_name)$", "name"),
    (r"^(?:age|birthday|birth_year)$", "age"),
    (r"^favou?rite\.colou?r", "favourite colour"),
    (r"^(?:plans?|goals?)\.", "plans"),
    (r"^languages?\b", "languages spoken"),
)
_KEY_AREAS = tuple(
    (re.compile(pattern), next(i for i, a in enumerate(AREAS) if a.description.startswith(head)))
    for pattern, head in KEY_AREAS
)
#: How much a memory's key speaks for its area (the rest: its text's profile); tuned by
#: ``membot eval answers`` (tune split).
KEY_PRIOR = 0.3


def key_area(key: str) -> int | None:
    """The index in ``AREAS`` of the area a fact's key names (``None``: a free key, a note)."""
    return next((i for pattern, i in _KEY_AREAS if pattern.search(key)), None)


#: Words of the areas' descriptions that name no area ("where one lives", "being a parent";
#: "favourite" alone is no more food than a colour or a tv show).
_NOT_AREA_WORDS = frozenset(
    "the and one or of at to a in on for with what someone is being how who favourite".split()
)
#: Words meet by their first letters ("work", "works", "worked"; "vegan", "vegetarian").
_WORD_STEM = 4
#: Texts whose area words are kept (pure functions of the text; a few MB at most).
TEXT_MEMO = 4096


def _word_stems(text: str) -> set[str]:
    return {
        w[:_WORD_STEM]
        for w in re.findall(r"[^\W\d_]+", text.lower())
        if len(w) >= 3 and w not in _NOT_AREA_WORDS
    }


#: Each area's own words, from its description ("job, work, occupation…").
AREA_WORDS: tuple[frozenset[str], ...] = tuple(frozenset(_word_stems(a.description)) for a in AREAS)


def area_words(question: Vectors, texts: Sequence[str]) -> list[float]:
    """How far each memory's text names the words of the areas the question is about (0–1):
    the question's share (its area distribution, ``question``) of the areas whose
    description shares a word with the text, or whose words in the five languages it says
    (``told_areas``). A second, lexical reading of the areas: a question in any language is
    placed by meaning, a memory by its words ("Gibt es etwas, das ich nicht essen darf?" is
    about diet; "Mei eats out a lot" names "eat", "Grace doesn't like sports" no word of it,
    though e5 puts both near the diets; "Toco la flauta." names music)."""
    dist = np.asarray(question, dtype=np.float32)
    out: list[float] = []
    for text in texts:
        said = _word_stems(text)
        named = set(told_areas(text))
        out.append(
            float(sum(dist[i] for i, words in enumerate(AREA_WORDS) if i in named or words & said))
        )
    return out


_TOLD_AREAS = tuple(
    (
        re.compile(pattern, re.IGNORECASE),
        next(i for i, a in enumerate(AREAS) if a.description.startswith(head)),
    )
    for pattern, head in TOLD_AREAS
)
#: How much of a memory's area distribution the areas its own words name take
#: (``told_areas``; a key that names an area takes ``KEY_PRIOR`` instead).
TEXT_PRIOR = 0.3


def told_areas(text: str) -> list[int]:
    """The areas of ``AREAS`` a memory's words name, in the five languages ("Ich bin Fan von
    Hertha BSC.": sport; "Je joue de la harpe.": music)."""
    return list(_told_areas(text))


@lru_cache(maxsize=TEXT_MEMO)
def _told_areas(text: str) -> tuple[int, ...]:
    # ~60 µs of patterns a text, read twice for each of a question's 32 candidates (its
    # agreement and its words): a user's memories are the same texts turn after turn.
    return tuple(sorted({i for pattern, i in _TOLD_AREAS if pattern.search(text)}))


#: Words that name an area of life in a question, in the languages the bot speaks (German
#: compounds by their last part: "Lieblingsessen", "Haustiere"; Russian by the stem). e5-small
#: places some plain questions in the wrong area ("Est-ce que j'ai des animaux ?" reads as
#: health, and the allergy answered): a question that names an area says so.
NAMED_AREAS: tuple[tuple[str, str], ...] = (
    (
        r"\b(?:jobs?|work|career|occupation|profession|employer|beruf\w*|(?!hand)\w*arbeit|arbeite\w*|"
        r"arbeitgeber|stelle|trabajo|trabajas?|empleo|profesi[oó]n|oficio|empresa|m[ée]tier|"
        r"travail\w*|boulot|emploi|bosse|работ\w*|професси\w*|должност\w*|зарабатыва\w*|"
        r"earn|verdiene|verdienst|verdienen|gano|gagne|for\s+a\s+living|beruflich|"
        # slang: "Je taffe où, moi ?", "¿Y de qué chambeo yo?", "Кем я там вкалываю?"
        r"taf|taffe[sr]?|curro|curras|chambe\w*|chamba|jale|вкалыва\w*|тружусь|пашу|"
        # earning one's living: "what I do for money", "pay the bills", "Lebensunterhalt",
        # "Geld verdient", "a qué me dedico", "gagne ma vie" (money itself is no job).
        r"do\s+for\s+(?:money|cash)|pay\s+(?:the|my)\s+bills|pay-?check|verdient|"
        r"lebensunterhalt\w*|dedic(?:o|as|a|an)|gagne\s+(?:ma|ta|sa)\s+vie)\b",
        "job",
    ),
    (
        r"\b(?:live|(?<!a\s)living|(?<!at\s)home|address|wohne\w*|wohnung|wohnort|zuhause|vivo|vives|resido|"
        r"domicilio|habite\w*|domicile|живу|живёшь|живешь|адрес|based|settled|"
        r"(?:je\s+suis|on\s+est|nous\s+sommes)\s+install[ée]e?s?|instalad[oa]s?|je\s+vis|"
        r"обосновал\w*|поселил\w*)\b",
        "home",
    ),
    (
        r"\b(?:pets?|animals?|dogs?|cats?|(?!m[ée]tier|quartier|chantier)\w*tier(?:e|en)?|hunde?|katzen?|mascotas?|animales?|"
        r"perros?|gatos?|animaux|animal|b[êe]tes?|chiens?|chats?|питом\w*|животн\w*|кошк\w*|"
        # every plain word of the animal vocabulary ("Kater", "perrita", "пса"), and a pet's name
        rf"кот|кота|собак\w*|кличк\w*|{ANIMAL_WORDS})\b",
        "pets and animals at home",
    ),
    # The user's people: the shared vocabulary's words for a kind (``memory_core.text.kin``).
    (
        rf"\b(?:{kin.relation_pattern(kin.of_kind('child'))}|kindes|nachwuchs)\b",
        "children",
    ),
    (rf"\b(?:{kin.relation_pattern(kin.of_kind('sibling'))})\b", "siblings"),
    (rf"\b(?:{kin.relation_pattern(kin.of_kind('parent'))})\b", "parents"),
    (
        r"\b(?:allerg\w*|medicines?|medication|meds|pills?|tablets?|prescriptions?|illness|"
        r"gesundheit|medikament\w*|tabletten|pillen?|krankheit|alergia\w*|medicamentos?|"
        r"pastillas?|p[íi]ldoras?|salud|m[ée]dicaments?|comprim[ée]s?|cachets?|pilules?|sant[ée]|"
        r"аллерги\w*|лекарств\w*|таблет\w*|здоровь\w*|medicinas?|arznei\w*|препарат\w*)\b",
        "health",
    ),
    (
        r"\b(?:eat|eats|eating|esse|isst|essen|como|comer|mange|manger|ем|есть|"
        r"intoleran\w*|vertrage\w*|\w*verträglich\w*|tolero|supporte|переношу|непереносим\w*|"
        r"diet|diät|dieta|"
        r"régime|диет\w*|vegan\w*|vegetari\w*|végétarien\w*|вегетариан\w*)\b",
        "diet",
    ),
    (
        r"\b(?:music|instruments?|band|songs?|musik|\w*instrument|lieder|m[úu]sica|"
        r"musique|chansons?|музык\w*|инструмент\w*|listen\w*|höre|hören|hörst|escucho|"
        r"escuchar|écoute|écouter|слушаю|слушать)\b",
        "music",
    ),
    (
        r"\b(?:sports?|fitness|workout|gym|\w*sport(?:art)?|fit|deportes?|ejercicio|"
        r"(?:in|into|good)\s+shape|exercis\w*|en\s+forme|in\s+form\b|"
        r"en\s+forma|(?:держ|поддержива)\w*\s+форму|в\s+форме|спорт\w*|teams?|clubs?|(?:root|shout)\s+for|cheer\s+(?:for|on)|support|fan|verein\w*|"
        r"mannschaft|equipo|hincha|[ée]quipe|encourage|supporte\w*|команд(?:а|у|ы|е|ой)|"
        r"боле(?:ю|ешь)\s+за|болельщи\w*)\b",
        "sport",
    ),
    (
        r"\b(?:hobby|hobbies|free\s+time|spare\s+time|unwind|hobbys?|freizeit|handarbeit\w*|"
        r"afici[oó]n\w*|pasatiempos?|tiempo\s+libre|loisirs?|passe-temps|temps\s+libre|"
        r"хобби|свободное\s+время|увлека\w*|crafts?|manualidades|рукодели\w*)\b",
        "hobbies",
    ),
    (
        r"\b(?:goals?|plans?|dreams?|ziel\w*|vorhaben|vorsätze|metas?|objetivos?|"
        r"prop[óo]sitos?|objectifs?|projets?|(?:mon|ton)\s+but|r[êe]ves?|цел[ьи]|план\w*|"
        r"мечт\w*)\b",
        "plans",
    ),
    (
        r"\b(?:books?|reading|reader|authors?|\w*bücher|\w*buch|\w*autor(?:in)?|lese|lesen|"
        r"libros?|autor|livres?|lire|lis|auteur|книг\w*|читать|читаю)\b",
        "reading",
    ),
    (
        r"\b(?:cars?|truck|vehicle|auto|wagen|fahrzeug|coche|carro|veh[íi]culo|voiture|bagnole|"
        r"машин\w*|автомобил\w*|drive|driving|fahre|manejo|conduzco|conduis|езжу|езди\w*|вожу)\b",
        "car",
    ),
    (
        r"\b(?:lieblings(?:essen|gericht|speise)|essen|esse|isst|eat|\w*gericht|küche|comida|plato|"
        r"plat|cuisine|еда|еды|блюд\w*)\b",
        "favourite food",
    ),
)
_NAMED_AREAS = tuple(
    (
        re.compile(pattern, re.IGNORECASE),
        next(i for i, a in enumerate(AREAS) if a.description.startswith(head)),
    )
    for pattern, head in NAMED_AREAS
)
#: How much of a question's area distribution the areas its words name take.
NAMED_WEIGHT = 0.5


#: A question about what the user must not eat or take, in the languages the bot speaks
#: ("is there anything I can't eat?", "Was vertrage ich nicht?", "¿Qué no puedo comer?",
#: "Qu'est-ce que je ne dois pas manger ?", "Что мне нельзя есть?"): a diet or an allergy,
#: never a favourite dish.
RESTRICTION = re.compile(
    r"\b(?:can'?t|cannot|can\s+not|shouldn'?t|should\s+not|mustn'?t|must\s+not|not\s+allowed|"
    r"avoid\w*|stay\s+away|steer\s+clear|keep\s+away|"
    r"nicht\s+(?:essen|trinken|nehmen|vertrag\w*)|vertrage\s+ich\s+nicht|"
    r"darf\s+ich\s+nicht|(?:ver)?meiden|no\s+(?:puedo|debo|tolero|me\s+sienta\w*)|evitar|"
    r"ne\s+(?:peux|dois|supporte)\s+(?:\w+\s+)?pas|[ée]viter|нельзя|не\s+могу|не\s+переношу|"
    r"избега\w*)\b",
    re.IGNORECASE,
)
#: The areas of the favourite food and the diet (``AREAS`` indices).
FAVOURITE_FOOD = next(i for i, a in enumerate(AREAS) if a.description.startswith("favourite food"))
DIET = next(i for i, a in enumerate(AREAS) if a.description.startswith("diet"))


#: ... and a question about what the user likes to eat most ("what do I like to eat?", "Was
#: esse ich am liebsten?", "Qu'est-ce que j'adore manger ?"): a favourite dish, not a diet.
PREFERENCE = re.compile(
    r"\b(?:like|love|enjoy|favou?rite|best|most|gern|gerne|liebsten|lieblings\w*|mag|"
    r"gusta|encanta|favorit[oa]s?|preferid[oa]s?|más|aime|adore|pr[ée]f[ée]r[ée]e?s?|plus|"
    r"люблю|любишь|любим\w*|больше\s+всего)\b",
    re.IGNORECASE,
)


def named_areas(text: str) -> list[int]:
    """The areas of ``AREAS`` a question's words name ("Est-ce que j'ai des animaux ?": pets)."""
    # One pattern per area: a word may name two ("eat": the diet and the favourite food).
    named = {i for pattern, i in _NAMED_AREAS if pattern.search(text)}
    if DIET in named and RESTRICTION.search(text):
        named.discard(FAVOURITE_FOOD)  # what one must not eat is no favourite dish
    elif DIET in named and PREFERENCE.search(text) and not _DIET_WORDS.search(text):
        named.discard(DIET)  # what one loves to eat is no diet ("j'aime manger")
        named.add(FAVOURITE_FOOD)
    return sorted(named)


#: The words of a diet itself, beside the verbs of eating the diet's pattern also reads.
_DIET_WORDS = re.compile(
    r"\b(?:diet|diät|dieta|r[ée]gime|диет\w*|vegan\w*|vegetari\w*|v[ée]g[ée]\w*|вегетариан\w*|"
    r"intoleran\w*|vertrage\w*|tolero|supporte|переношу|непереносим\w*)\b",
    re.IGNORECASE,
)


def question_profile(domains: DomainMap, query: Vectors, text: str | None = None) -> Vectors:
    """The question's distribution over the areas (``profiles`` of one question); with its
    ``text``, ``NAMED_WEIGHT`` of it moves to the areas its words name."""
    row: Vectors = profiles(domains, np.asarray(query, dtype=np.float32), question=True)[0]
    named = named_areas(text) if text else []
    if named:
        row = row * (1.0 - NAMED_WEIGHT)
        row[named] += NAMED_WEIGHT / len(named)
    return row


def agreement(
    domains: DomainMap,
    query: Vectors,
    items: Sequence[Vectors],
    keys: Sequence[str | None] | None = None,
    prior: float = KEY_PRIOR,
    *,
    asked: Vectors | None = None,
    texts: Sequence[str] | None = None,
) -> list[float]:
    """How far each item is about the same areas of life as the query (0–1; Bhattacharyya
    coefficient of their area distributions); an item whose key names an area (``keys``,
    ``key_area``) has ``prior`` of its distribution on that area, else one whose words in
    ``texts`` name areas (``told_areas``) ``TEXT_PRIOR`` on them; ``asked``: the query's
    ``question_profile``, when already computed."""
    if not items:
        return []
    q = np.sqrt(question_profile(domains, query) if asked is None else asked)
    rows = profiles(domains, np.stack([np.asarray(v, dtype=np.float32) for v in items]))
    named = list(keys or ())
    said = list(texts or ())
    for n in range(len(items)):
        key = named[n] if n < len(named) else None
        area = key_area(key) if key else None
        if area is not None:
            rows[n] *= 1.0 - prior
            rows[n, area] += prior
            continue
        areas = told_areas(said[n]) if n < len(said) else []
        if areas:
            rows[n] *= 1.0 - TEXT_PRIOR
            rows[n, areas] += TEXT_PRIOR / len(areas)
    return [float(x) for x in np.vecdot(np.sqrt(rows), q)]
