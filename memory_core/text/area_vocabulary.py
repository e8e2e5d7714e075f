"""The words that name an area of life in what a user told, in the languages the bot speaks.

``memory_core.text.domains`` places a memory in the areas of life (work, pets, sport…) by its
vector. e5-small does not know what every word names: "Ich bin Fan von Hertha BSC." reads as a
colour, "Mi equipo es el Sevilla." as religion, "Je joue de la harpe." with its note's key in
front as a hobby, and a team's name is no word of sport at all. A memory whose own
words name an area — a team's supporter ("fan of", "Fan von", "hincha", "supporte", "болею
за"), an instrument, a pet, a sibling — has part of its profile on that area
(``domains.TEXT_PRIOR``), and its words count as the area's (``domains.area_words``), in
English, German, Spanish, French and Russian alike.

Each entry is a pattern of words (German compounds by their last part, Russian by the stem)
and the first words of its area's description in ``domains.AREAS``. The words are everyday
vocabulary for the area, not the evaluation's wordings; a word that names two areas
("marathon": sport, and often a goal) may be in both.
"""

from __future__ import annotations

import re

from memory_core.text import animals, kin

#: Every plain word of the animal vocabulary, any language ("Kater", "perrita", "пёсик"), but
#: the fish one eats ("I don't eat fish" is the diet).
_EATEN = frozenset({"fish", "fisch", "pez", "peces", "poisson"})
ANIMAL_WORDS = "|".join(sorted(map(re.escape, set(animals.ASKED) - _EATEN), key=len, reverse=True))

#: (words, the area's description's first words) — the areas a memory's text names.
TOLD_AREAS: tuple[tuple[str, str], ...] = (
    (
        r"\b(?:works?\s+(?:as|at|for)|job|employ\w*|career|profession\w*|beruf\w*|"
        r"arbeite[nt]?\s+(?:als|bei|in|für)|arbeitgeber\w*|firma|angestellt\w*|"
        r"trabaj[oa]\s+(?:como|de|en|para)|trabajo|profesi[oó]n|empleo|oficio|empresa|"
        r"travaille\w*|m[ée]tier|boulot|emploi|entreprise|"
        r"работа\w*|работу|професси\w*|должност\w*)\b",
        "job",
    ),
    (
        r"\b(?:wohne\w*|wohnung|vivo\s+en|vivimos|piso|apartamento|habite\w*|appartement|"
        r"je\s+vis|install[ée]e?s?\s+(?:à|a|en|au)|"
        r"живу|живём|живем|квартир\w*|"
        # Moving house ("we moved", "umgezogen", "nos mudamos", "déménagé", "переехала").
        r"moved|umgezogen|umziehen|(?:nos\s+)?mud(?:amos|é|ado|arnos)|trasteamos|"
        r"d[ée]m[ée]nag\w*|emm[ée]nag\w*|переехал\w*|переезд\w*)\b",
        "home",
    ),
    (
        r"\b(?:komme\s+(?:ursprünglich\s+)?aus|stamme\s+aus|soy\s+de|vengo\s+de|nac[ií]\s+en|"
        r"viens\s+d|originaire|родом|родил(?:ся|ась)\s+в|grew\s+up|aufgewachsen|crec[ií]|"
        r"j'ai\s+grandi|вырос(?:ла)?)\b",
        "where one is from",
    ),
    (
        r"\b(?:pets?|dogs?|cats?|puppy|kitten|rabbits?|parrots?|hamsters?|guinea\s+pigs?|"
        r"turtles?|tortoises?|horses?|\w*hund(?:e|in)?|\w*katzen?|kater|kaninchen|hasen?|"
        r"papagei\w*|wellensittich\w*|meerschweinchen|pferde?|haustier\w*|perr[oa]s?|gat[oa]s?|"
        r"conejos?|loros?|periquitos?|h[áa]mster|tortugas?|caballos?|mascotas?|chiens?|"
        r"chiennes?|chats?|chattes?|chatons?|lapins?|perroquets?|perruches?|cochons?\s+d'inde|"
        r"tortues?|chevaux|cheval|собак\w*|пёс|пес|щен\w*|кошк\w*|кот|кота|котик\w*|кролик\w*|"
        r"попуга\w*|хомяк\w*|черепах\w*|лошад\w*|питом\w*|"
        # A dog named by its breed, and "a pet" said formally ("домашнее животное").
        r"collies?|terriers?|spaniels?|labradors?|dackel|teckels?|galgos?|podencos?|"
        r"такс[аыу]|овчарк\w*|дворняг\w*|домашн\w+\s+животн\w*|"
        # More breeds, in the five languages ("корги", "хаски", "Mops", "beagle", "cocker").
        r"huskys?|хаски|corgis?|корги|pugs?|mops|мопс\w*|beagles?|бигл\w*|poodles?|pudel|"
        r"caniches?|пудел\w*|bulldogs?|bouledogues?|бульдог\w*|chihuahuas?|чихуахуа|"
        r"retrievers?|ретривер\w*|лабрадор\w*|cockers?|кокер\w*|sch[äa]ferhund\w*|"
        r"шпиц\w*|spitz|dalmat\w*|далматин\w*|"
        rf"{ANIMAL_WORDS})\b",
        "pets and animals at home",
    ),
    # The user's people: the shared vocabulary's words for a kind (``memory_core.text.kin``),
    # and the words that say one has a partner ("verheiratet", "замужем").
    (
        rf"\b(?:{kin.relation_pattern(kin.of_kind('partner'))}|{kin.married_pattern()}|"
        r"verlobt\w*|mari(?:é|ée|és|ées))\b",
        "partner",
    ),
    (rf"\b(?:{kin.relation_pattern(kin.of_kind('child'))})\b", "children"),
    (rf"\b(?:{kin.relation_pattern(kin.of_kind('parent'))})\b", "parents"),
    (rf"\b(?:{kin.relation_pattern(kin.of_kind('sibling'))})\b", "siblings"),
    (
        r"\b(?:best\s+friends?|beste[rn]?\s+freund\w*|mejor\s+amig[oa]|amig[oa]s|"
        r"meilleure?\s+amie?|лучш\w+\s+(?:друг|подруг\w*)|друзья\w*)\b",
        "friends",
    ),
    (
        r"\b(?:allerg\w*|asthma|diabet\w*|insulin\w*|migraines?|medication|"
        r"krankheit|krank|medikament\w*|asthma|migräne|bluthochdruck|tabletten|"
        r"enfermedad|medicamentos?|al[ée]rgic[oa]|asma|migrañas?|pastillas?|maladies?|"
        r"m[ée]dicaments?|allergique|diab[èe]te|asthme|болезн\w*|лекарств\w*|аллерги\w*|"
        r"диабет\w*|астм\w*|мигрен\w*|таблетк\w*|pills?|tablets?|meds|prescri\w*|thyroid|"
        r"blood\s+pressure|cholesterol|inhaler|schilddrüse|blutdruck|pillen?|tiroides|"
        r"presi[óo]n\s+arterial|comprim[ée]s?|thyro[ïi]de|hypertension|щитовидк\w*|от\s+давлени\w*|"
        # A medicine said by how it is taken ("I take X every morning", "Je prends du X tous
        # les matins", "Ich nehme jeden Tag X", "Tomo X cada noche", "Принимаю X").
        r"takes?\s+\w+\s+(?:every|each|twice|once|daily)|nehme\s+(?:jeden|täglich|morgens|abends)|"
        r"tomo\s+\w+\s+(?:cada|todas?|todos)|prends\s+(?:du|de\s+la|de\s+l'|des)\s*\w+\s+"
        r"(?:tous|toutes|chaque)|принимаю)\b",
        "health",
    ),
    (
        r"\b(?:vegan\w*|vegetari\w*|v[ée]g[ée]tarien\w*|v[ée]g[ée]talien\w*|gluten\w*|"
        r"lactose|laktose\w*|intoleran\w*|vertrage|(?:don'?t|doesn'?t|never)\s+eats?|"
        r"esse\s+kein\w*|no\s+como|ne\s+mange\s+pas|не\s+ем|halal|"
        r"kosher|koscher|unverträglich\w*|вегетариан\w*|веган\w*|непереносим\w*|лактоз\w*|глютен\w*)\b",
        "diet",
    ),
    (
        r"\b(?:eat|eats|eating|esse|isst|comer|manger|mange|ем|cook\w*|bak(?:e|es|ing)|"
        r"dish(?:es)?|lieblings(?:essen|gericht|speise)|koche\w*|"
        r"backe\w*|gericht|comida|plato|cocin\w*|plat|cuisine\w*|p[âa]tisserie|еда|еды|блюд\w*|"
        r"готов(?:ить|лю)|выпека\w*)\b",
        "favourite food",
    ),
    (
        r"\b(?:music\w*|band|choir|sing(?:s|er|ing)?|guitar\w*|piano|violin|cello|drums?|"
        r"trumpet|saxophone|flute|accordion|ukulele|harp|clarinet|"
        r"musik\w*|chor|singe|gitarre|klavier|geige|cello|schlagzeug|trompete|saxophon|flöte|"
        r"akkordeon|harfe|klarinette|m[úu]sica|coro|canto|guitarra|violín|violin|violonchelo|"
        r"bater[íi]a|trompeta|saxof[óo]n|flauta|acorde[óo]n|arpa|clarinete|toco\s+(?:el|la)|"
        r"musique|chorale|chante|guitare|violon|violoncelle|batterie|trompette|saxophone|"
        r"fl[ûu]te|accord[ée]on|harpe|clarinette|joue\s+(?:du|de\s+la|de\s+l)|"
        r"музык\w*|хор(?:е|а|ом)?|пою|гитар\w*|пианино|фортепиано|скрипк\w*|виолончел\w*|барабан\w*|"
        r"труб[ае]|саксофон\w*|флейт\w*|аккордеон\w*|баян\w*|играю\s+на|tocar\s+(?:el|la)|"
        # Genres and listening ("J'écoute du jazz", "Ich höre Blues", "Слушаю джаз").
        r"jazz|blues|reggae|techno|hip-hop|opera|op[ée]ra|oper|джаз\w*|listen(?:s|ing)?\s+to|"
        r"[ée]coute\w*|escucho|h[öo]re\w*|слушаю|"
        # ... a taste for a genre ("Me encanta el flamenco.", "loves рок"; not rock climbing)
        r"rock(?!\s+climb)|rock'n'roll|metal|heavy\s+metal|punk|rap|hip\s?hop|k-pop|"
        r"(?:el|la|le|du|de)\s+pop|pop\s?musi\w*|popmusik|classical|klassik|cl[áa]sica|"
        r"classique|flamenco|bachata|reggaet[óo]n|cumbia|tango|fado|schlager|volksmusik|"
        r"chanson\w*|funk|disco|country\s+music|folk|indie|electro|r&b|gospel|"
        r"рок\w*|поп|попс\w*|рэп|хип-хоп|метал\w*|панк\w*|блюз\w*|классик\w*|шансон\w*|"
        r"регги|техно|фолк)\b",
        "music",
    ),
    (
        r"\b(?:sports?|team|fans?\s+of\s+(?:the\s+)?(?-i:[A-Z])\w*|(?-i:[A-Z])\w*\s+fan|"
        r"supports?\s+(?:the\s+)?(?-i:[A-Z])\w*|supporters?\s+of|cheers?\s+(?:on|for)|"
        r"roots?\s+for|season\s+ticket|football|soccer|basketball|baseball|hockey|rugby|"
        r"(?:huge|big|massive|die-?hard|lifelong|loyal)\s+\w+\s+(?:fan|supporter)|"
        r"follows?\s+(?:the\s+)?(?-i:[A-Z])\w*|halte\s+(?:zu|zum)|"
        r"soy\s+(?:muy\s+|mucho\s+)?del\s+(?-i:[A-Z])\w*|"
        r"cricket|tennis|marathons?|gym|running|swims?|swimming|"
        # Exercise said by its activity ("into bouldering", "five-a-side on Tuesdays", "salgo
        # a nadar", "je cours le dimanche"): what one does to keep fit is sport too.
        # (not the stairs, a ladder or into bed: "climbs the stairs every day" is no sport)
        r"climb(?:s|ing)?(?!\s+(?:(?:up|down|into|onto|over|out|through)\b|(?:the\s+|a\s+|my\s+|"
        r"our\s+|\w+\s+)?(?:\w+\s+)?(?:stairs|steps|staircase|stairwell|ladders?)\b))|"
        r"boulder(?:s|ing)?|five-a-side|futsal|yoga|pilates|cycling|jog\w*|"
        r"(?:go|goes|went)\s+for\s+(?:a\s+)?(?:run|jog|swim)|nadar|nataci[óo]n|"
        r"je\s+cours|natation|course\s+[àa]\s+pied|йог\w*|"
        r"fan\s+(?:von|vom|des)|verein\w*|mannschaft|fußball|fussball|handball|sport\w*|"
        r"fitness\w*|jogg\w*|schwimme\w*|hincha|aficionad[oa]\s+del?|equipo|f[úu]tbol|"
        r"baloncesto|gimnasio|corro|nado|supporte(?:r|s)?\s+(?:le\s+|la\s+|les\s+|l')"
        r"(?-i:[A-Z])\w*|supporters?\s+(?:du|de|des)|[ée]quipe|(?:le|du|au)\s+foot|"
        r"fan\s+(?:du|de|des)|salle\s+de\s+sport|nage|footy|fitba|"
        # "Je soutiens l'OM", "je pratique l'aviron": supporting and doing a sport in French.
        r"soutien[st]?\s+(?:le\s+|la\s+|les\s+|l')(?-i:[A-Z])\w*|"
        r"pratique\s+(?:l'|le\s|la\s|du\s|de\s+la\s)(?!piano|guitare|violon|chant)|болею\s+за|болельщи\w*|фанат\w*|"
        r"команд(?:а|у|ы|е|ой)|футбол\w*|хокке\w*|спорт\w*|бега\w*|плава\w*|марафон\w*|"
        # A supporter in the plural or the feminine ("Anhängerin", "supportrice", "hinchas",
        # "aficionados del", "seguidora del"), and a club by its initials before its name
        # ("FC Metz", "der SC Freiburg", "el CD Tenerife", "ФК «Краснодар»"; "AC unit" is none).
        r"anh[äa]nger(?:in(?:nen)?)?|support(?:eur|euse|rice)s?|hinchas|"
        # Climbing and sailing in de/es/fr/ru ("gehe klettern", "hago escalada", "la voile").
        r"kletter\w*|klettre|bouldern|boulderhalle|segel\w*|segle|escalada|escalar|escalade|"
        r"(?:de\s+la|la)\s+voile|скалолаз\w*|парус\w*|"
        r"aficionad[oa]s\s+(?:del?|al)|seguidor(?:a|as|es)?\s+del?|"
        r"(?-i:FC|SC|SV|TSV|VfL|VfB|KSV|BSC|CF|CD|UD|RC|AS|AC|OGC|ФК|ХК)\s+[«\"„]?"
        r"(?-i:[A-ZÀ-ÝА-ЯЁ])\w*)\b",
        "sport",
    ),
    (
        r"\b(?:books?|novels?|reads?|reading|authors?|\w*bücher|\w*buch|romane?|krimis?|"
        r"autor(?:in)?|lese|libros?|novelas?|leer|livres?|romans?|lire|lis|auteur|"
        r"книг\w*|читать|читаю|роман\w*|писател\w*)\b",
        "reading",
    ),
    (
        r"\b(?:stud(?:y|ies|ying)|student|university|college|degree|school|studiere\w*|"
        r"studium|uni|universität|hochschule|schule|abschluss|estudi[oa]\w*|universidad|"
        r"carrera|colegio|facultad|[ée]tudi\w*|universit[ée]|fac|[ée]cole|lyc[ée]e|dipl[ôo]me|"
        r"учусь|изучаю|университет\w*|институт\w*|школ\w*|студент\w*)\b",
        "school",
    ),
    (
        r"\b(?:car|truck|motorbike|motorcycle|bicycle|bike|drives?|auto|wagen|motorrad|"
        r"fahrrad|coche|carro|moto|bici\w*|conduzco|voiture|v[ée]lo|conduis|машин\w*|"
        r"автомобил\w*|мотоцикл\w*|велосипед\w*|езжу|вожу)\b",
        "car",
    ),
    (
        r"\b(?:travel\w*|trips?|holidays?|vacations?|reise\w*|urlaub\w*|viaj\w*|vacaciones|"
        r"voyag\w*|vacances|путешеств\w*|отпуск\w*|поездк\w*)\b",
        "travel",
    ),
    (
        r"\b(?:hobby|hobbies|free\s+time|spare\s+time|weekends?|collect\w*|chess|fishing|"
        r"knit\w*|garden\w*|puzzles?|hobbys?|freizeit|wochenende\w*|sammle\w*|schach|angeln|"
        r"stricke\w*|garten\w*|basteln|bastle|afici[oó]n\w*|pasatiempos?|tiempo\s+libre|"
        r"fines?\s+de\s+semana|colecciono|ajedrez|pescar|pesca|tejer|jard[íi]n\w*|loisirs?|"
        r"passe-temps|temps\s+libre|week-ends?|collectionne\w*|[ée]checs|p[êe]che|tricot\w*|"
        r"jardin\w*|хобби|свободное\s+время|выходн\w*|коллекци\w*|шахмат\w*|рыбалк\w*|"
        r"вяза\w*|увлека\w*|"
        # Needlework said as what one does ("ich häkle", "hago ganchillo", "вяжу", "вышиваю").
        r"häkel\w*|häkle|ganchillo|crochet\w*|embroider\w*|bordar|bordado|brode\w*|вяж\w*|"
        r"вышива\w*|рукодели\w*)\b",
        "hobbies",
    ),
    (
        # A sport the user plays is how they spend their free time too ("Ich spiele Tennis
        # mit Kollegen" answers "Was mache ich in meiner Freizeit?").
        r"\b(?:i\s+play\s+(?:\w+\s+)?(?:football|soccer|basketball|tennis|rugby|hockey|"
        r"volleyball|handball|golf|cricket|squash|badminton|padel)|"
        r"ich\s+spiele\s+(?:\w+\s+)?(?:fußball|fussball|handball|tennis|basketball|volleyball|"
        r"hockey|golf|badminton|squash|tischtennis|padel)|"
        r"juego\s+(?:al|a)\s+(?:f[úu]tbol|tenis|baloncesto|p[áa]del|balonmano|voleibol|golf)|"
        r"je\s+joue\s+au\s+(?:foot\w*|tennis|basket\w*|rugby|hand\w*|volley\w*|golf|padel)|"
        r"играю\s+в\s+(?:футбол|теннис|баскетбол|волейбол|хоккей|гандбол|гольф))\b",
        "hobbies",
    ),
    (
        r"\b(?:films?|movies?|series|tv\s+shows?|video\s*games?|serien?|kino|videospiel\w*|"
        r"pel[íi]culas?|cine|videojuegos?|s[ée]ries?|cin[ée]ma|jeux?\s+vid[ée]o|фильм\w*|"
        r"сериал\w*|кино)\b",
        "movies",
    ),
    (
        r"\b(?:hiking|hikes?|camping|outdoors|beach|mountains?|wander\w*|berge[n]?|strand|"
        r"natur|senderismo|monta[ñn]as?|playa|naturaleza|randonn[ée]e\w*|montagnes?|plage|"
        r"nature|поход\w*|гор[ауы]?|пляж\w*|природ\w*|hillwalk\w*|munros?|fell-?walk\w*)\b",
        "nature",
    ),
    (
        r"\b(?:paint\w*|draw\w*|photograph\w*|malen|zeichne\w*|fotografi\w*|pint(?:ar|o)|"
        r"dibuj\w*|fotograf[íi]a|peins|peindre|peinture|dessin\w*|photo\w*|рису\w*|живопис\w*|"
        r"фотограф\w*)\b",
        "art",
    ),
    (
        r"\b(?:goals?|plans?|dreams?|ziel\w*|vorhaben|traum|will\s+ich|metas?|objetivos?|"
        r"sue[ñn]o|quiero|objectifs?|projets?|r[êe]ve|je\s+veux|цел[ьи]|план\w*|мечта\w*|"
        r"хочу|vorgenommen|vornehmen|ha(?:b|be)\s+vor)\b",
        "plans",
    ),
)
