"""The special categories said in German, Spanish, French and Russian, as context rules.

Data only, in the form of :mod:`memory_core.extract.special_categories` (``(triggers, regex)``
pairs that :mod:`memory_core.extract.sensitivity` files under their trigger words and tries on the
lower-cased text): what a person says of themselves or of someone close in the bot's other
languages — "ich bin schwanger", "estoy de cinco meses", "je suis endetté", "у меня долги",
"ich ritze mich", "je me scarifie", "soy atea", "je vais à la messe", "ich bin vorbestraft",
"j'ai fait mon coming out", "mein Reisepass läuft ab", "потеряла водительские права".

A rule reads a statement about a person, not a mention of the topic: "die Gewerkschaft ruft zum
Streik auf", "la oficina del DNI abre a las 9", "je meurs de faim", "me corto el pelo", "une
enceinte bluetooth", "ich bin links abgebogen" say nothing private. Triggers are the inflected
forms a rule needs (the trigger index looks words up whole).
"""

from __future__ import annotations

# ---------------------------------------------------------------------------------------------
#: Self-harm and suicidal thoughts (a rule's reading brings the crisis reply: kept tight).
SELF_HARM: tuple[tuple[str, str], ...] = (
    # German
    (
        "ritze ritzt ritzen geritzt",
        r"\b(?:ritze|ritzt|ritzen)\s+(?:\w+\s+){0,2}?(?:mich|sich)\b"
        r"|\b(?:mich|sich)\s+(?:\w+\s+){0,3}?(?:geritzt|ritzen)\b|\bich\s+ritze\b",
    ),
    (
        "selbstmord selbstmordgedanken suizid suizidgedanken suizidal suizidale",
        r"\b(?:an|über)\s+(?:\w+\s+)?(?:selbstmord|suizid)\b|\bselbstmordgedanken\b"
        r"|\bsuizidgedanken\b|\bsuizidal\w*|\b(?:selbstmord|suizid)\s+(?:zu\s+)?begehen\b"
        r"|\b(?:selbstmord|suizid)versuch\w*",
    ),
    ("umbringen töten", r"\bmich\s+(?:\w+\s+){0,2}?(?:umbringen|töten)\b(?!\s+mit\b)"),
    (
        "verletze verletzen verletzt selbst",
        r"\b(?:verletze|verletzen|verletzt)\s+mich\s+selbst\b|\bmich\s+selbst\s+(?:zu\s+)?verletz\w*",
    ),
    ("tot", r"\b(?:will|möchte|wäre|wär)\s+(?:\w+\s+){0,2}?(?:lieber\s+)?tot\b"),
    ("sterben", r"\b(?:will|möchte|wollte)\s+(?:ich\s+)?(?:einfach\s+|nur\s+)?sterben\b"),
    ("aufwachen", r"\b(?:nicht\s+mehr|nie\s+(?:wieder|mehr))\s+aufwachen\b"),
    ("anzutun antun", r"\b(?:mir|sich)\s+(?:etwas|was)\s+(?:anzutun|antun)\b"),
    ("leben", r"\bkeine\s+(?:lust|kraft)\s+mehr\s+(?:zu\s+)?leben\b"),
    (
        "aufgeschnitten pulsadern",
        r"\b(?:arme?|handgelenke?|pulsadern)\s+(?:\w+\s+)?aufgeschnitten\b"
        r"|\bpulsadern\s+(?:\w+\s+)?(?:aufschneiden|aufgeschnitten)\b",
    ),
    # Spanish
    ("matarme", r"\bmatarme\b|\bme\s+quiero\s+matar\b"),
    ("morirme morir", r"\b(?:quiero|quisiera|me\s+quiero)\s+morir(?:me)?\b(?!\s+de\b)"),
    ("suicidio suicida", r"\bsuicid(?:io|a|as)\b"),
    (
        "corto corté cortaba cortarme cortes",
        r"\bme\s+(?:corto|corté|cortaba)\s+(?:los\s+|las\s+)?(?:brazos|muñecas|piernas|venas)\b"
        r"|\bcortarme\s+(?:los\s+|las\s+)?(?:brazos|muñecas|piernas|venas)\b"
        r"|\b(?:me\s+)?(?:hago|hice|hacía|volví\s+a\s+hacer)\s+cortes\b",
    ),
    ("autolesiono autolesión autolesiones autolesionarme autolesiona", r"\bautolesi\w+"),
    ("daño", r"\b(?:me\s+hago|hacerme|me\s+hice)\s+daño\b(?!\s+(?:en|al|con|jugando)\b)"),
    (
        "despertar despertarme",
        r"\bno\s+(?:volver\s+a\s+)?despertar(?:me)?\b(?!\s+(?:temprano|tarde)\b)",
    ),
    ("existir", r"\bmejor\s+no\s+existir\b"),
    # French
    ("suicidaire suicidaires", r"\bsuicidaires?\b"),
    ("mourir", r"\b(?:veux|voudrais|aimerais|envie\s+de)\s+mourir\b"),
    (
        "tuer",
        r"\b(?:veux|voudrais|envie\s+de|pense\s+à|pensé\s+à|penser\s+à|vais|aller)\s+me\s+tuer\b"
        r"(?!\s+(?:à\s+la\s+tâche|au\s+travail|de\s+rire|à\s+(?:force|bosser|travailler)))",
    ),
    (
        "coupe coupais couper scarifie scarifier scarifiée scarifiais automutile automutilation "
        "mutile",
        r"\bme\s+(?:coupe|coupais|couper)\s+(?:les\s+)?(?:bras|poignets|veines|cuisses)\b"
        r"|\bme\s+scarifi\w*|\bautomutil\w*|\bme\s+mutil\w*",
    ),
    ("mal", r"\bme\s+(?:fais|faire|suis\s+fait|suis\s+faite)\s+du\s+mal\b(?!\s+(?:au|à|en)\b)"),
    (
        "réveiller",
        r"(?:\bne\s+plus\s+(?:jamais\s+)?me\s+réveiller|\bjamais\s+me\s+réveiller)\b"
        r"(?!\s+(?:à\s+\d|(?:aussi\s+tôt|si\s+tôt|tôt|avant|pour\s+(?:le|la|aller)|en\s+retard)\b))",
    ),
    (
        "jeter",
        r"\bme\s+jeter\s+(?:sous\s+un|du\s+haut|par\s+la\s+fenêtre|d'un\s+pont|d'un\s+immeuble)\b",
    ),
    # Russian
    ("просыпаться", r"\bне\s+хочу\s+(?:больше\s+|завтра\s+)?просыпаться\b"),
    ("окно", r"\b(?:выйти|выпрыгнуть|шагнуть)\s+(?:в|из)\s+окн[оа]\b"),
    ("выброситься", r"\bвыброситься\b"),
    ("вены", r"\b(?:вскрыть|вскрою|вскрыла?|резать|режу)\s+(?:себе\s+)?вены\b"),
    # English slang
    (
        "hurt cut burned burnt",
        r"\b(?:hurt|cut|burned|burnt)\s+myself\b[^.!?]{0,40}\bon\s+purpose\b",
    ),
    ("kms unalive", r"\b(?:wanna|want\s+to|gonna|going\s+to)\s+kms\b|\bunalive\s+myself\b"),
    # Chat phrasings (tune batch 18), de/es/fr/ru.
    ("verletze verletzt", r"\bverletz\w*\s+mich\s+(?:selbst|absichtlich)\b"),
    ("abschiedsbrief", r"\babschiedsbrief\b"),
    (
        "quemo corto pego golpeo lastimo",
        r"\bme\s+(?:quemo|corto|pego|golpeo|lastimo)\s+(?:\w+\s+){0,2}?(?:los|las|el|la|mis)\s+"
        r"(?:brazos?|piernas?|muñecas?|muslos?)\b",
    ),
    (
        "frappe mutile griffe brûle coupe",
        r"\bje\s+me\s+(?:frappe|mutile|griffe)\b"
        r"|\bje\s+me\s+(?:brûle|coupe)\s+(?:les\s+)?(?:bras|poignets|cuisses|jambes)\b",
    ),
    ("exister", r"\b(?:ne\s+)?veux\s+plus\s+exister\b"),
    ("lettre d'adieu", r"\blettre\s+d'adieu\b"),
    (
        "прощальную прощальная прощальное прощальное прощальное",
        r"прощальн\w+\s+(?:записк|письм)\w*",
    ),
    # Passive wishes not to live in de/es/fr/ru (tune batch 20): the others better off without
    # one, hoping it is the last day, no reason to go on, pills put aside, a method looked up.
    (
        "ohne besser leichter glücklicher",
        r"^(?!.*\b(?:pflanzen?|kakte(?:en)?|kaktus(?:se)?|orchideen?|blumen?|katze|hund|team|projekt|firma|"
        r"büro)\b)"
        r".*(?:\bohne\s+mich\s+(?:\w+\s+)?(?:besser|leichter|glücklicher)\b"
        r"|\b(?:besser|leichter|glücklicher)\s+(?:dran\s+)?ohne\s+mich\b)",
    ),
    (
        "tot leben",
        r"\bwenn\s+ich\s+(?:\w+\s+){0,2}?(?:tot|nicht\s+mehr\s+(?:am\s+leben|da|hier)|für\s+immer\s+weg)\s+"
        r"wäre\b(?!\s+(?:im|am|auf|bei|in)\b)",
    ),
    (
        "grund sinn",
        r"\bkeinen\s+(?:grund|sinn)\s+mehr\s*,?\s*(?:\w+\s+)?(?:weiterzumachen|zu\s+leben|"
        r"weiter\s+zu\s+leben|aufzustehen)\b",
    ),
    ("letzte", r"\bhoffe\b[^.!?]{0,30}\b(?:der|die|das)\s+letzte\s+(?:ist|sein\s+wird)\b"),
    (
        "sin mí estuviera existiera estuviese",
        r"^(?!.*\b(?:plantas?|cactus|suculentas?|orquídeas?|flores|gato|perro|equipo|proyecto|empresa|"
        r"oficina)\b)"
        r".*(?:\b(?:mejor|mejores|más\s+felices|más\s+tranquil[oa]s)\s+sin\s+mí\b"
        r"|\b(?:mejor|mejores|felices|tranquil[oa]s|nadie)\b[^.!?]{0,40}\bsi\s+yo\s+no\s+"
        r"(?:estuviera|existiera|estuviese)\b)",
    ),
    ("corto", r"\bme\s+corto\s+(?:cuando|para|otra\s+vez|de\s+nuevo)\b"),
    (
        "dolor sufrir",
        r"\bc[óo]mo\s+(?:hacerlo|morir|matarme|quitarme\s+la\s+vida)\s+sin\s+(?:dolor|sufrir)\b",
    ),
    (
        "finir",
        r"\b(?:pensé|penser|pense|veux|voudrais)\s+(?:à\s+)?en\s+finir\b"
        r"(?!\s+avec\s+(?:ce|cette|ces|le|la|les|mon|ma|mes|ton|ta|tes|son|sa|ses|un|une|du|des)\b)"
        r"|\b(?:envie|besoin)\s+d'en\s+finir\b"
        r"(?!\s+avec\s+(?:ce|cette|ces|le|la|les|mon|ma|mes|ton|ta|tes|son|sa|ses|un|une|du|des)\b)",
    ),
    (
        "moi",
        r"^(?!.*\b(?:plantes?|cactus|orchidées?|fleurs|chat|chien|équipe|projet|boîte|bureau)\b)"
        r".*\bmieux\s+sans\s+moi\b",
    ),
    (
        "étais existais partais disparaissais",
        r"\bsi\s+je\s+n'?(?:étais|existais)\s+plus\s+(?:là|ici|en\s+vie|au\s+monde)\b"
        r"|\bsi\s+je\s+(?:partais|disparaissais)\s+pour\s+(?:de\s+bon|toujours)\b",
    ),
    ("vivre", r"\bplus\s+(?:envie|la\s+force)\s+de\s+vivre\b"),
    ("exister", r"\bne\s+plus\s+exister\b"),
    (
        "côté",
        r"\b(?:mis|mets|garde|gardé)\s+de\s+côté\s+(?:des|mes|plein\s+de)\s+(?:cachets|médicaments|"
        r"comprimés)\b",
    ),
    (
        "будет станет",
        r"\b(?:когда|если)\s+меня\s+(?:не\s+будет|не\s+станет)\b"
        r"(?!\s+(?:дома|на|в|во|рядом|завтра|неделю|пару|несколько|с|у)\b)",
    ),
    ("открою проснусь", r"\bне\s+(?:открою\s+глаза|проснусь)\b(?!\s+(?:до|раньше|вовремя|рано)\b)"),
    (
        "шагну прыгну спрыгну",
        r"\b(?:шагну|прыгну|спрыгну)\s+(?:с|из)\s+(?:крыши|моста|окна|балкона)\b",
    ),
)

# ---------------------------------------------------------------------------------------------
#: Sexual orientation, gender identity and sex life.
SEX_LIFE: tuple[tuple[str, str], ...] = (
    # Polyamory and open relationships, said of oneself (thirteenth round, from a tune row the
    # rules missed): "somos poliamorosos", "wir leben polyamor", "on est en couple libre",
    # "у нас открытые отношения".
    (
        "poliamoroso poliamorosa poliamorosos poliamorosas poliamor polyamor polyamorös "
        "polyamoröse polyamoureux polyamoureuse polyamour полиамор полиаморы полиаморная "
        "полиаморный",
        r"\b(?:poliamor\w*|polyamor\w*|polyamour\w*|полиамор\w*)",
    ),
    (
        "relación pareja beziehung relation couple отношения",
        r"\b(?:(?:tenemos|tengo|estamos\s+en)\s+una\s+(?:relación|pareja)\s+abierta"
        r"|(?:führen|habe|haben|leben\s+in)\s+(?:eine[rn]?\s+)?offene[rn]?\s+beziehung"
        r"|(?:on\s+est|nous\s+sommes|je\s+suis)\s+en\s+(?:couple|relation)\s+(?:libre|ouverte)"
        r"|у\s+(?:нас|меня)\s+(?:\w+\s+)?(?:открыт|свободн)\w+\s+отношени\w*)",
    ),
    (
        "schwul schwuler schwule lesbisch lesbische bi bisexuell trans transgender queer nonbinär "
        "nicht binär asexuell pansexuell homosexuell",
        r"\b(?:bin|ist|sind|war|bist)\s+(?:\w+\s+){0,2}?(?:schwul|lesbisch|bi|bisexuell|trans|"
        r"transgender|queer|nonbinär|nicht-binär|asexuell|pansexuell|homosexuell)\b"
        r"|\b(?:mein|meine|meinem|meiner)\s+(?:schwuler|schwule|lesbische)\b"
        r"|\b(?:schwuler|schwule|lesbische)\s+(?:bruder|schwester|sohn|tochter|freund|freundin|"
        r"nachbar|nachbarin|kollege|kollegin|cousin|cousine)\b",
    ),
    (
        "geoutet outing coming",
        r"\b(?:mich|sich)\s+(?:\w+\s+){0,4}?geoutet\b"
        r"|\b(?:bin|ist|sind|war)\s+(?:\w+\s+){0,3}?geoutet\b|\bmein\s+(?:coming-?out|outing)\b",
    ),
    (
        "steh stehe frauen männer",
        r"\b(?:ich|er|sie)\s+steh\w*\s+(?:\w+\s+)?auf\s+(?:frauen|männer)\b",
    ),
    (
        "gay lesbiana lesbianas bisexual bi trans transexual homosexual queer asexual pansexual",
        r"\b(?:soy|es|somos|son|era)\s+(?:\w+\s+)?(?:gay|lesbiana|bisexual|bi|trans|transexual|"
        r"homosexual|queer|asexual|pansexual|no\s+binari[oae])\b",
    ),
    ("armario", r"\bsal(?:í|ió|imos|ieron|ir)\s+del\s+armario\b|\ben\s+el\s+armario\b"),
    (
        "lesbienne lesbiennes homo homosexuel homosexuelle bi bisexuel bisexuelle trans gay "
        "non-binaire binaire queer",
        r"\b(?:suis|est|sommes|sont|était)\s+(?:\w+\s+){0,2}?(?:lesbienne|homo|homosexuel(?:le)?|"
        r"bi|bisexuel(?:le)?|trans|gay|non-binaire|non\s+binaire|queer|une\s+femme\s+trans|"
        r"un\s+homme\s+trans)\b",
    ),
    ("coming", r"\bmon\s+coming[\s-]?out\b|\bfait\s+(?:mon|son|leur)\s+coming[\s-]?out\b"),
    (
        "гей лесбиянка бисексуал бисексуалка трансгендер транс квир асексуал асексуалка",
        r"\b(?:я|он|она|брат|сестра|сын|дочь)\s+(?:\w+\s+)?(?:гей|лесбиянка|бисексуал|бисексуалка|"
        r"трансгендер|транс|квир|асексуал|асексуалка)\b",
    ),
    ("каминг", r"\bкаминг[\s-]?аут\w*"),
    (
        "девушки парни мужчины женщины",
        r"\bмне\s+нравятся\s+(?:девушки|женщины)\b.*\bя\s+(?:сама\s+)?девушка\b",
    ),
    # Chat phrasings (tune batch 18), es/ru.
    ("acuesto", r"\bme\s+acuesto\s+con\b"),
    ("би", r"(?:^|\s)я\s+би\b"),
    # Gender identity said with a noun ("soy una mujer trans", "je suis un homme trans").
    (
        "trans transgénero transgenre transgender трансгендер",
        r"\b(?:soy|je\s+suis|ich\s+bin|я)\s+(?:una?\s+|une?\s+|eine?\s+)?(?:mujer|hombre|chica|chico|"
        r"femme|homme|fille|garçon|frau|mann|женщина|мужчина)?\s*(?:trans|transgénero|transgenre|"
        r"transgender|трансгендер\w*)\b",
    ),
)

# ---------------------------------------------------------------------------------------------
_DE_FAITHS = (
    r"(?:muslim|muslima|muslimisch|katholisch|evangelisch|protestantisch|christ|christin|"
    r"christlich|jüdisch|jude|jüdin|buddhist|buddhistin|hindu|atheist|atheistin|agnostiker|"
    r"agnostikerin|orthodox|religiös|gläubig|freikirchlich|zeuge\s+jehovas)"
)
_ES_FAITHS = (
    r"(?:católic[oa]|musulm[aá]n[a]?|cristian[oa]|evangélic[oa]|protestante|judí[oa]|budista|"
    r"hindú|ate[oa]|agnóstic[oa]|creyente|practicante|mormón|mormona|testigo\s+de\s+jehová|"
    r"ortodox[oa]|religios[oa])"
)
_FR_FAITHS = (
    r"(?:catholique|catho|musulman[e]?|chrétien(?:ne)?|protestant[e]?|juif|juive|bouddhiste|"
    r"hindou[e]?|athée|agnostique|croyant[e]?|pratiquant[e]?|évangélique|orthodoxe|"
    r"témoin\s+de\s+jéhovah|religieux|religieuse)"
)
_RU_FAITHS = (
    r"(?:православн\w+|католи[кч]\w*|мусульман\w*|христиан\w*|иуде\w*|еврейк\w*|буддист\w*|"
    r"атеист\w*|агностик\w*|верующ\w+|протестант\w*|баптист\w*|индуист\w*)"
)
#: Religion and beliefs, non-belief included.
RELIGION: tuple[tuple[str, str], ...] = (
    # A faith said in the first person plural (tune batch 39): "los testigos de Jehová no
    # celebramos cumpleaños", "los musulmanes no comemos cerdo", "nous, les catholiques, …".
    (
        "católicos católicas musulmanes musulmanas judíos judías testigos evangélicos mormones "
        "cristianos cristianas catholiques musulmans juifs protestants",
        r"\blos\s+(?:católic[oa]s|musulman[ea]s|judí[oa]s|testigos\s+de\s+jehov[aá]|"
        r"evangélic[oa]s|mormones|cristian[oa]s)\s+(?:no\s+|nunca\s+|siempre\s+)?"
        r"\w+(?:amos|emos|imos)\b"
        r"|\bnous(?:\s*,)?\s+les\s+(?:catholiques|musulmans|juifs|protestants|témoins\s+de\s+"
        r"jéhovah)\b",
    ),
    (
        "muslim muslima muslimisch katholisch evangelisch protestantisch christ christin "
        "christlich jüdisch jude jüdin buddhist buddhistin hindu atheist atheistin agnostiker "
        "agnostikerin orthodox religiös gläubig freikirchlich zeuge",
        rf"\b(?:bin|ist|sind|war|wurde|bist)\s+(?:\w+\s+){{0,2}}?{_DE_FAITHS}\b"
        rf"|\b{_DE_FAITHS}\s+(?:aufgewachsen|erzogen|getauft)\b",
    ),
    ("gott", r"\b(?:glaube|glaubt|glauben)\s+(?:\w+\s+){0,2}?(?:nicht\s+)?(?:mehr\s+)?an\s+gott\b"),
    (
        "kirche moschee synagoge tempel gottesdienst messe",
        r"\b(?:gehe|geht|gehen|ging)\s+(?:\w+\s+){0,3}?(?:in\s+die\s+kirche|in\s+die\s+moschee|"
        r"in\s+die\s+synagoge|in\s+den\s+tempel|zum\s+gottesdienst|zur\s+messe|in\s+die\s+messe)\b"
        r"(?!\s+(?:für|zur\s+hochzeit|zu\s+einer))",
    ),
    ("kirche ausgetreten", r"\baus\s+der\s+kirche\s+ausgetreten\b"),
    (
        "bete beten",
        r"\b(?:ich\s+)?bete\s+(?:\w+\s+){0,2}?(?:am\s+tag|täglich|jeden|zu\s+gott|vor\s+dem)\b",
    ),
    ("kopftuch kippa", r"\b(?:trage|trägt|tragen)\s+(?:\w+\s+)?(?:kopftuch|kippa)\b"),
    (
        "ramadan fasten faste",
        r"\b(?:faste|fasten|fastet)\s+(?:\w+\s+)?(?:im|zum|an|den)\s+ramadan\b|\bmache\s+ramadan\b",
    ),
    (
        "católico católica musulmán musulmana cristiano cristiana evangélico evangélica "
        "protestante judío judía budista hindú ateo atea agnóstico agnóstica creyente "
        "practicante mormón mormona testigo ortodoxo ortodoxa religioso religiosa",
        rf"\b(?:soy|es|somos|era|fui|me\s+hice|me\s+volví)\s+(?:\w+\s+){{0,2}}?{_ES_FAITHS}\b",
    ),
    ("dios", r"\bno\s+creo\s+en\s+dios\b|\bcreo\s+en\s+dios\b|\bdejé\s+de\s+creer\b"),
    (
        "iglesia misa mezquita sinagoga culto templo",
        r"\b(?:voy|va|vamos|iba|fui)\s+(?:\w+\s+){0,2}?(?:a\s+)?(?:la\s+iglesia|a\s+misa|misa|"
        r"la\s+mezquita|la\s+sinagoga|al\s+culto|al\s+templo)\b"
        r"(?!\s+(?:para\s+(?:la|una)\s+boda|por\s+(?:la|una)\s+boda|de\s+\w+\s+para))",
    ),
    ("ramadán ramadan", r"\b(?:hago|hacemos|cumplo)\s+(?:el\s+)?ramad[aá]n\b"),
    (
        "catholique catho musulman musulmane chrétien chrétienne protestant protestante juif "
        "juive bouddhiste hindou hindoue athée agnostique croyant croyante pratiquant "
        "pratiquante évangélique orthodoxe témoin religieux religieuse",
        rf"\b(?:suis|est|sommes|était|devenu|devenue)\s+(?:\w+\s+){{0,2}}?{_FR_FAITHS}\b",
    ),
    ("dieu", r"\b(?:ne\s+)?crois\s+(?:plus\s+|pas\s+)?(?:en|à)\s+dieu\b"),
    (
        "messe église l'église mosquée synagogue temple culte",
        r"\b(?:vais|va|allons|allais|suis\s+allée?)\s+(?:\w+\s+){0,2}?(?:à\s+la\s+messe|à\s+l'église|"
        r"à\s+la\s+mosquée|à\s+la\s+synagogue|au\s+temple|au\s+culte)\b"
        r"(?!\s+(?:pour\s+(?:un|le|une)\s+(?:mariage|baptême|enterrement)))",
    ),
    ("ramadan carême", r"\b(?:fais|faisons|fait)\s+(?:le\s+)?(?:ramadan|carême)\b"),
    (
        "православный православная католик католичка мусульманин мусульманка христианин "
        "христианка иудей иудейка буддист буддистка атеист атеистка агностик верующий верующая "
        "протестант баптист",
        rf"\b(?:я|он|она|мы)\s+(?:\w+\s+)?{_RU_FAITHS}",
    ),
    ("бога бог", r"\bне\s+верю\s+в\s+бога\b|\bверю\s+в\s+бога\b"),
    (
        "церковь мечеть синагогу храм",
        r"\b(?:хожу|ходим|ходила?|езжу)\s+(?:\w+\s+){0,3}?в\s+(?:церковь|мечеть|синагогу|храм)\b"
        r"(?!\s+на\s+(?:венчание|свадьбу|экскурсию))",
    ),
    ("пост посты постимся пощусь", r"\b(?:соблюдаю|держу)\s+пост\b|\bпощусь\b"),
    # Chat phrasings (tune batch 18), ru.
    ("соблюдаю соблюдаем соблюдает", r"\bсоблюда\w*\s+(?:шаббат|субботу|пост|посты|рамадан|уразу)"),
    ("старовер староверка староверы", r"\bстаровер\w*"),
    # Worship and belief said in passing (tune batch 20).
    (
        "gottesdienst bete",
        r"\b(?:gehe|geh|gehen|ging)\s+(?:\w+\s+){0,3}?in\s+den\s+gottesdienst\b|\bich\s+bete\b",
    ),
    (
        "congregación parroquia misa culto rezo",
        r"\b(?:mi|nuestra)\s+(?:congregación|parroquia)\b"
        r"|\b(?:voy|vamos|fui|iba)\s+(?:\w+\s+)?a\s+(?:misa|la\s+mezquita|la\s+sinagoga|el\s+culto)\b"
        r"|\brezo\s+(?:cada|todas|todos|el\s+rosario|por)\b",
    ),
    (
        "paroisse congrégation croyant croyante pratiquant pratiquante prie",
        r"\b(?:ma|notre)\s+(?:paroisse|congrégation)\b"
        r"|\bje\s+suis\s+(?:\w+\s+)?(?:croyante?|pratiquante?)\b|\bje\s+prie\b(?!\s+pour\s+qu)",
    ),
    (
        "крещёная крещёный крещена крещен верующая верующий молюсь",
        r"\bя\s+(?:\w+\s+)?(?:крещён\w*|крещен\w*|верующ\w*)\b|\bмолюсь\b"
        r"|\b(?:хожу|ходим)\s+в\s+(?:церковь|мечеть|синагогу|храм)\b",
    ),
)

# ---------------------------------------------------------------------------------------------
_PARTIES_INTL = (
    r"(?:cdu|csu|spd|fdp|afd|bsw|grüne|grünen|die\s+linke|linke|linkspartei|piraten|"
    r"psoe|pp|vox|podemos|sumar|bildu|erc|junts|ciudadanos|"
    r"rn|lfi|la\s+france\s+insoumise|ps|lr|les\s+républicains|renaissance|les\s+verts|verts|eelv|"
    r"pcf|reconquête|macron|mélenchon|melenchon|le\s+pen|zemmour|"
    r"единую\s+россию|единая\s+россия|кпрф|лдпр|яблоко|коммунистов|навального|путина|оппозицию)"
)
#: Political opinions: votes, membership, leaning said of oneself.
POLITICS: tuple[tuple[str, str], ...] = (
    # One's vote at an election said to have gone to someone (tune batch 39): "aux européennes
    # mon vote est allé au RN", "bei der Wahl ging meine Stimme an …", "en las generales mi voto
    # fue para …", "на выборах мой голос ушёл …", "my vote went to … in the election"; not a
    # vote at a bake-off (an election is named) — and "milito en un partido".
    (
        "vote voto stimme голос",
        r"(?=.*\b(?:élections?|européennes|présidentielles?|législatives|municipales|"
        r"régionales|wahl|wahlen|bundestagswahl|landtagswahl|europawahl|elecciones|generales|"
        r"autonómicas|municipales|выбор\w*|election|elections|referendum|ballot)\b)"
        r".*\b(?:mon\s+vote\s+(?:est\s+)?(?:allé|va|ira)|(?:ging|geht|bekam|bekommt)\s+meine\s+"
        r"stimme|meine\s+stimme\s+(?:ging|geht|bekommt|"
        r"bekam|kriegt|kriegte)|mi\s+voto\s+(?:fue|va|irá|se\s+lo\s+llev[óa])|мой\s+голос\s+"
        r"(?:ушёл|ушел|получил\w*|достал\w*)|my\s+vote\s+(?:went|goes|is\s+going))\b",
    ),
    ("milito militaba militó", r"\bmilit(?:o|aba|é|ó)\s+en\s+(?:un|el|la)\s+partido\b"),
    # Campaigning said of oneself (thirteenth round, from a tune row the rules missed):
    # "Wahlkampf für die Grünen", "hice campaña por …", "j'ai tracté pour …", "агитировал за".
    (
        "wahlkampf flyer campaña propaganda folletos campagne tracté tracter tractais tractage "
        "агитировал агитировала агитирую агитирую",
        r"\b(?:wahlkampf|flyer)\s+(?:\w+\s+){0,2}?(?:für|bei)\s+(?:die|den|der)\s+\w+"
        r"|\b(?:hice|hago|hicimos|haciendo)\s+campaña\s+(?:por|para)\b"
        r"|\brepart\w+\s+(?:propaganda|folletos|panfletos)\s+(?:de|del|para|por)\b"
        r"|\b(?:fait|fais|faisais|faire)\s+campagne\s+pour\b|\btract(?:é|er|ais|ait|e)\s+pour\b"
        r"|\bагитирова?\w*\s+за\b",
    ),
    (
        "wähle wählen gewählt wählte",
        rf"\b(?:wähle|wählen|gewählt|wählte)\s+(?:\w+\s+){{0,2}}?(?:die\s+|den\s+)?{_PARTIES_INTL}\b"
        rf"|\b{_PARTIES_INTL}\s+(?:\w+\s+)?gewählt\b",
    ),
    (
        "mitglied parteimitglied partei",
        rf"\bmitglied\s+(?:der|in\s+der|bei\s+der)\s+{_PARTIES_INTL}\b|\bparteimitglied\b"
        rf"|\b(?:bin|ist)\s+(?:\w+\s+){{0,2}}?in\s+der\s+{_PARTIES_INTL}\b"
        r"|\b(?:cdu|csu|spd|fdp|afd|grünen|linken)-mitglied\b",
    ),
    (
        "links rechts konservativ liberal grün sozialist sozialistin kommunist kommunistin",
        r"\b(?:ich\s+bin|bin\s+ich|ich\s+war)\s+(?:\w+\s+){0,2}?(?:links|rechts|linksliberal|"
        r"konservativ|sozialist(?:in)?|kommunist(?:in)?|anarchist(?:in)?|linksradikal|rechtsradikal)\b"
        r"(?!\s+(?:abgebogen|gefahren|gegangen|abbiegen))",
    ),
    (
        "voto voté votaré votamos votado votaría",
        rf"\b(?:voto|voté|votaré|votamos|he\s+votado)\s+(?:a\s+|al\s+|por\s+(?:el\s+)?)?{_PARTIES_INTL}\b",
    ),
    (
        "militante afiliado afiliada",
        rf"\b(?:militante|afiliad[oa])\s+(?:de|del|al|a)\s+{_PARTIES_INTL}\b",
    ),
    (
        "izquierdas derechas izquierda derecha",
        r"\b(?:soy|somos|es)\s+(?:\w+\s+)?de\s+(?:izquierdas?|derechas?)\b",
    ),
    (
        "comunista socialista conservador conservadora liberal anarquista",
        r"\b(?:soy|somos)\s+(?:\w+\s+)?(?:comunista|socialista|conservador[a]?|anarquista|"
        r"independentista|feminista)\b",
    ),
    (
        "vote voté votais votons",
        rf"\b(?:vote|voté|votais|votons|votera[is]?)\s+(?:\w+\s+)?(?:pour\s+)?(?:le\s+|la\s+|les\s+)?"
        rf"(?:{_PARTIES_INTL}|à\s+gauche|à\s+droite|extrême\s+(?:gauche|droite))\b",
    ),
    (
        "gauche droite",
        r"\b(?:suis|sommes|est)\s+(?:\w+\s+)?(?:de\s+gauche|de\s+droite|d'extrême\s+(?:gauche|droite))\b",
    ),
    (
        "membre militant militante encarté encartée adhérent adhérente",
        rf"\b(?:membre|militante?|encartée?|adhérente?)\s+(?:du\s+|de\s+la\s+|au\s+|chez\s+(?:les\s+)?|à\s+)?"
        rf"{_PARTIES_INTL}\b|\bmilitante?\s+(?:au|du)\s+parti\b"
        r"|\bmilitante?s?\s+(?:insoumise?s?|[ée]colos?|socialistes?|communistes?|"
        r"r[ée]publicaine?s?|macronistes?|lepenistes?|anarchistes?)\b",
    ),
    (
        "communiste socialiste écolo anarchiste",
        r"\b(?:suis|sommes)\s+(?:\w+\s+)?(?:communiste|socialiste|écolo|anarchiste|gaulliste)\b",
    ),
    (
        "голосую голосует голосуем голосуют голосовал голосовала голосовали",
        rf"\bголос(?:ую|ует|уем|уют|овал|овала|овали)\s+(?:\w+\s+)?за\s+{_PARTIES_INTL}",
    ),
    (
        "поддерживаю поддерживал поддерживала",
        rf"\bподдержива\w*\s+(?:\w+\s+)?{_PARTIES_INTL}",
    ),
    ("коммунистов", r"\bя\s+за\s+(?:коммунистов|либералов|оппозицию)\b"),
    (
        "либерал коммунист патриот монархист анархист социалист",
        r"\bя\s+(?:\w+\s+)?(?:либерал|коммунист|монархист|анархист|социалист)\w*",
    ),
    ("митинги митинг", r"\b(?:хожу|ходил[аи]?|был[аи]?)\s+на\s+(?:\w+\s+)?митинг\w*"),
    # Chat phrasings (tune batch 18): "ich wähl die FDP", "bin in der CDU".
    (
        "wähl wähle wählen gewählt",
        r"\b(?:wähl|wähle|wählen|gewählt)\b(?:\s+\w+){0,4}?\s+(?:die\s+|der\s+)?(?:cdu|csu|spd|"
        r"fdp|afd|grünen|linke|bsw|freien\s+wähler)\b",
    ),
    (
        "cdu csu spd fdp afd linken linkspartei partei",
        r"\b(?:bin|ist|sind|war)\s+(?:\w+\s+){0,2}?in\s+der\s+(?:cdu|csu|spd|fdp|afd|linken|"
        r"linkspartei|partei)\b",
    ),
    # Votes said in passing (tune batch 20).
    (
        "голосую голосовал голосовала проголосовал проголосовала галочку",
        r"\b(?:голосую|голосовал\w*|проголосовал\w*|(?:ставлю|поставил\w*)\s+галочку)\s+"
        r"(?:\w+\s+){0,2}?за\s+(?:коммунист\w*|кпрф|яблоко|единую\s+россию|лдпр|навальн\w*|"
        r"оппозици\w*|путин\w*|партию|новых\s+людей)",
    ),
    (
        "voto",
        r"\bsiempre\s+voto\s+(?:a|al|por)\b"
        r"|\bvoto\s+(?:a|al)\s+(?:la\s+)?(?:izquierda|derecha|pp|psoe|vox|podemos|sumar)\b",
    ),
    (
        "droite gauche vote",
        r"\bje\s+suis\s+(?:plutôt\s+|très\s+)?de\s+(?:droite|gauche)\b"
        r"|\bje\s+vote\s+(?:toujours\s+)?(?:à\s+)?(?:droite|gauche|rn|lfi|ps|écolo|macron)\b",
    ),
)

# ---------------------------------------------------------------------------------------------
#: Trade-union membership (beside the rules in ``special_categories``).
UNION: tuple[tuple[str, str], ...] = (
    ("betriebsrat", r"\b(?:bin|ist|sitze|sitzt)\s+(?:\w+\s+)?im\s+betriebsrat\b"),
    (
        "verdi ver metall",
        r"\b(?:bin|ist)\s+(?:\w+\s+){0,3}?(?:bei|in\s+der)\s+(?:ver\.?\s?di|ig\s+metall|gew)\b",
    ),
    (
        "sindicato sindicado sindicada",
        r"\b(?:soy|estoy)\s+(?:del\s+sindicato|sindicad[oa])\b|\bme\s+apunté\s+al\s+sindicato\b",
    ),
    (
        "representante élu élue",
        r"\brepresentante\s+sindical\b|\bélue?\s+(?:cgt|cfdt|fo|syndical)\b",
    ),
    (
        "cgt cfdt fo unsa",
        r"\b(?:suis|est)\s+(?:à\s+la\s+|chez\s+)(?:cgt|cfdt|unsa|fsu)\b|\badhéré\s+à\s+la\s+(?:cgt|cfdt)\b",
    ),
    (
        "профсоюз профкома профком взносы",
        r"\bпредседатель\s+профкома\b|\bвзносы\s+в\s+профсоюз\b|\bвступил[аи]?\s+в\s+профсоюз\b",
    ),
    # Chat phrasings (tune batch 18), de/es/fr.
    ("vertrauensfrau vertrauensmann vertrauensleute", r"\bvertrauens(?:frau|mann|leute)\b"),
    (
        "gew metall bce verdi ver evg ngg gdl",
        r"\b(?:bin|ist|sind)\s+(?:\w+\s+){0,2}?(?:in\s+der|bei\s+der)\s+(?:gew|ig\s+metall|ig\s+bce|"
        r"verdi|ver\.di|evg|ngg|gdl)\b",
    ),
    # Dues paid to a union: "ich zahle Beitrag bei der GEW" (tune batch 26).
    (
        "beitrag beiträge mitgliedsbeitrag",
        r"\b(?:mitglieds)?beitr(?:ag|äge)\s+(?:\w+\s+){0,2}?(?:bei\s+der|in\s+der|an\s+die)\s+"
        r"(?:gew|ig\s+metall|ig\s+bce|verdi|ver\.di|evg|ngg|gdl|gewerkschaft)\b",
    ),
    (
        "delegado delegada afiliado afiliada militante",
        r"\b(?:delegad[oa]|afiliad[oa]|militante)\s+(?:de|a|en)\s+(?:ccoo|ugt|comisiones\s+obreras|"
        r"cgt|cnt|usos|csif|el\s+sindicato)\b",
    ),
    (
        "cgt cfdt fo unsa sud cftc fsu",
        r"\b(?:je\s+suis|suis)\s+(?:\w+\s+){0,2}?(?:à|a|chez)\s+(?:la\s+)?(?:cgt|cfdt|fo|unsa|sud|"
        r"cftc|fsu)\b",
    ),
)

# ---------------------------------------------------------------------------------------------
#: Criminal records and offences.
CRIMINAL: tuple[tuple[str, str], ...] = (
    (
        "knast gefängnis haft jva",
        r"\b(?:im|in\s+den|aus\s+dem|ins)\s+(?:knast|gefängnis)\b|\bin\s+haft\b|\b(?:sitzt|saß|sitze|sass)\s+(?:\w+\s+){0,3}?(?:im\s+)?(?:knast|gefängnis|ein)\b",
    ),
    ("vorbestraft vorstrafe vorstrafen", r"\bvorbestraft\b|\bvorstrafen?\b"),
    (
        "verurteilt angezeigt festgenommen verhaftet",
        r"\b(?:wurde|wurden|bin|ist|war)\s+(?:\w+\s+){0,4}?(?:verurteilt|angezeigt|festgenommen|verhaftet)\b",
    ),
    ("bewährung", r"\b(?:auf|unter)\s+bewährung\b|\bbewährungsstrafe\b|\bnoch\s+bewährung\b"),
    ("erwischt", r"\bbeim\s+(?:klauen|stehlen|dealen|schwarzfahren)\s+erwischt\b"),
    (
        "preso presa presos cárcel prisión antecedentes",
        r"\b(?:estuve|estuvo|está|estoy|estaba|estuvieron)\s+(?:\w+\s+)?(?:pres[oa]s?|en\s+(?:la\s+)?"
        r"(?:cárcel|prisión))\b|\bantecedentes(?:\s+penales)?\b",
    ),
    (
        "condenaron condenado condenada detuvieron detenido detenida arrestaron arrestado",
        r"\b(?:me|le|lo|la|nos|les)\s+(?:condenaron|detuvieron|arrestaron|pillaron)\b"
        r"|\b(?:fui|fue|estoy|está)\s+(?:condenad[oa]|detenid[oa]|arrestad[oa])\b",
    ),
    ("condicional", r"\blibertad\s+condicional\b"),
    ("pillaron", r"\bme\s+pillaron\s+(?:robando|con\s+droga|vendiendo)\b"),
    (
        "casier prison condamné condamnée arrêté arrêtée garde vue",
        r"\bcasier\s+judiciaire\b|\b(?:fait|faire)\s+de\s+la\s+prison\b|\ben\s+prison\b"
        r"|\b(?:été|suis|est)\s+(?:condamnée?|arrêtée?|interpellée?)\b|\ben\s+garde\s+à\s+vue\b",
    ),
    ("conditionnelle sursis", r"\bliberté\s+conditionnelle\b|\bavec\s+sursis\b|\bdu\s+sursis\b"),
    (
        "тюрьме тюрьму сидел сидела сидит судимость судили осуждён осужден арестовали задержали "
        "условный срок",
        r"\bв\s+тюрьм[еу]\b|\bсудимост\w*|\bсудили\s+за\b|\bосужд[её]н\w*"
        r"|\b(?:меня|его|её|ее|брата|сына|мужа)\s+(?:\w+\s+)?(?:арестовали|задержали|посадили)\b"
        r"|\bусловн\w+\s+срок\w*|\b(?:я|он|брат|муж|сын|отец)\s+(?:\w+\s+)?сид(?:ел|ела|ит)\b"
        r"(?!\s+(?:дома|на|за\s+(?:столом|компьютером)|в\s+(?:кафе|офисе)))",
    ),
    # Chat phrasings (tune batch 18), de/es/fr/ru.
    ("sozialstunden", r"\bsozialstunden\b"),
    ("knast", r"\b(?:im|in\s+den|aus\s+dem|vom)\s+knast\b"),
    ("condicional", r"\b(?:tengo|estoy\s+en|con)\s+(?:la\s+)?(?:libertad\s+)?condicional\b"),
    ("détention detention", r"\ben\s+d[ée]tention\b"),
    ("уголовное", r"(?:завели|возбудили)\s+(?:\w+\s+){0,2}уголовное\s+дело"),
    ("колонии", r"(?:срок|лет|года?|год)\s+колонии\b"),
    # Time served, an ankle tag, a judge's order (tune batches 14, 26).
    ("отсидел отсидела отсидели", r"\bотсидел[аи]?\b"),
    ("fußfessel", r"\bfußfessel\b"),
    (
        "juge",
        r"\ble\s+juge\s+m['’]a\s+(?:\w+\s+){0,2}?(?:interdit|condamnée?|ordonné|obligée?|"
        r"placée?|mise?)\b",
    ),
)

# ---------------------------------------------------------------------------------------------
#: Immigration status.
IMMIGRATION: tuple[tuple[str, str], ...] = (
    ("illegal", r"\b(?:bin|ist|sind|lebe|wohne|arbeite)\s+(?:\w+\s+){0,2}?illegal\b"),
    (
        "asyl asylantrag asylverfahren",
        r"\basyl\s+beantragt\b|\basylantrag\w*|\basylverfahren\w*|\basylbewerber\w*",
    ),
    ("duldung geduldet", r"\bduldung\b|\b(?:bin|ist|sind)\s+(?:\w+\s+)?geduldet\b"),
    (
        "visum aufenthaltserlaubnis aufenthaltstitel papiere",
        r"\b(?:mein|sein|ihr)\s+(?:visum|aufenthaltstitel|aufenthaltserlaubnis)\s+(?:ist\s+)?(?:abgelaufen|abgelehnt|entzogen)\b|\bkeine\s+(?:papiere|aufenthaltserlaubnis|arbeitserlaubnis)\b",
    ),
    (
        "ilegal irregular asilo papeles indocumentado indocumentada residencia estatus",
        r"\b(?:inmigrante|estoy|soy|vivo|trabajo)\s+(?:\w+\s+)?ilegal\b|\bsituación\s+irregular\b"
        r"|\b(?:solicité|pedí|pido|pedimos|solicitamos)\s+(?:el\s+)?asilo\b|\bsin\s+papeles\b"
        r"|\bno\s+tengo\s+papeles\b|\bindocumentad[oa]s?\b"
        r"|\bsin\s+(?:residencia|permiso\s+de\s+residencia|estatus)\s+legal\b"
        r"|\bsin\s+(?:permiso\s+de\s+residencia|residencia\s+legal)\b",
    ),
    (
        "visa permiso residencia",
        r"\b(?:se\s+me\s+)?(?:venció|caducó)\s+(?:la|el|mi)\s+(?:visa|visado|permiso)\b.*\b(?:sigo|me\s+quedé)\b"
        r"|\besperando\s+el\s+permiso\s+de\s+residencia\b",
    ),
    (
        "papiers irrégulière irrégulier asile d'asile l'asile demande demandé demandeur séjour "
        "oqtf",
        r"\bsans[\s-]papiers\b|\bsituation\s+irrégulière\b|\bdemande\s+d'asile\b|\bdemandeur\s+d'asile\b"
        r"|\b(?:demandé|demande)\s+l'asile\b|\btitre\s+de\s+séjour\s+(?:a\s+)?(?:expiré|refusé)\b|\boqtf\b",
    ),
    (
        "нелегал нелегально документов визу убежище беженец беженка",
        r"\bнелегал\w*|\bбез\s+документов\b|\bнет\s+(?:документов|вида\s+на\s+жительство|разрешения\s+на\s+работу)\b"
        r"|\bпросрочил[аи]?\s+визу\b|\bпросроченн\w+\s+виз\w+|\bубежищ\w+|\b(?:я|мы)\s+беженц?\w*",
    ),
    # Chat phrasings (tune batch 18), de/es/fr.
    ("geflüchtet geflüchtete geflüchteter", r"\b(?:bin|sind|ist)\s+(?:\w+\s+)?geflüchtet\w*"),
    ("irregular", r"\b(?:de\s+forma|en\s+situación)\s+irregular\b"),
    ("réfugié réfugiée réfugiés", r"\b(?:je\s+suis|suis|on\s+est)\s+(?:\w+\s+)?réfugié\w*"),
)

# ---------------------------------------------------------------------------------------------
#: Pregnancy and a few health statements the health lexicon does not read in these languages.
#: Conditions and treatments rarely named of anyone but oneself or one's people, by language.
#: Up to three words between a verb and a condition, none a preposition that makes the
#: condition a subject ("un documentaire sur le cancer", "einen Artikel über Diabetes").
_GAP = (
    r"(?:(?!(?:sur|sobre|über|zu|zum|zur|de|del|des|du|about|on|pour|para|por|für|vom|von|"
    r"contre|contra|gegen|vu|visto|gelesen|lu|le[ií]do)\b)[\w'-]+\s+){0,3}?"
)
_CONDITIONS_ES = (
    r"(?:diabetes|epilepsia|crisis\s+epil[eé]ptica|c[aá]ncer|tumor|leucemia|quimio(?:terapia)?|"
    r"radioterapia|marcapasos|[uú]lcera|hernia|vih|sida|hepatitis|esclerosis|p[aá]rkinson|"
    r"alzh[eé]imer|demencia|ictus|infarto|insulina|artritis|artrosis|fibromialgia|migra[ñn]as?|"
    r"celiaqu[ií]a|crohn|colitis|lupus|psoriasis|hipotiroidismo|hipertiroidismo|anemia|arritmia|"
    r"hipertensi[oó]n|apnea|endometriosis|tdah|autismo|esquizofrenia|trastorno\s+bipolar)"
)
_CONDITIONS_FR = (
    r"(?:diab[eè]te|[eé]pilepsie|crise\s+d'[eé]pilepsie|cancer|tumeur|leuc[eé]mie|"
    r"chimio(?:th[eé]rapie)?|radioth[eé]rapie|pacemaker|stimulateur\s+cardiaque|ulc[eè]re|hernie|"
    r"vih|sida|h[eé]patite|scl[eé]rose|parkinson|alzheimer|d[eé]mence|avc|infarctus|insuline|"
    r"arthrite|arthrose|fibromyalgie|migraines?|maladie\s+c[oœ]liaque|crohn|colite|lupus|"
    r"psoriasis|hypothyro[iï]die|an[eé]mie|arythmie|hypertension|apn[eé]e\s+du\s+sommeil|"
    r"endom[eé]triose|tdah|autisme|schizophr[eé]nie|trouble\s+bipolaire)"
)
_CONDITIONS_DE = (
    r"(?:diabetes|epilepsie|epileptische[nr]?\s+anfall|krebs(?!\s+als\s+sternzeichen)|tumor|"
    r"leuk[äa]mie|chemo(?:therapie)?|bestrahlung|(?:herz)?schrittmacher|magengeschw[üu]r|"
    r"bandscheibenvorfall|hiv|aids|hepatitis|multiple\s+sklerose|parkinson|alzheimer|demenz|"
    r"schlaganfall|herzinfarkt|insulin|arthritis|arthrose|rheuma|fibromyalgie|migr[äa]ne|"
    r"z[öo]liakie|morbus\s+crohn|colitis|lupus|schuppenflechte|schilddr[üu]sen\w+|an[äa]mie|"
    r"herzrhythmusst[öo]rungen|bluthochdruck|endometriose|adhs|autismus|schizophrenie|tinnitus|"
    r"neurodermitis)"
)
_CONDITIONS_RU = (
    r"(?:диабет\w*|эпилепси\w*|опухол\w*|лейкоз\w*|лейкеми\w*|химиотерапи\w*|кардиостимулятор\w*|"
    r"язв\w*|грыж\w*|вич|спид|гепатит\w*|рассеянн\w+\s+склероз\w*|паркинсон\w*|альцгеймер\w*|"
    r"деменци\w*|инсульт\w*|инфаркт\w*|артрит\w*|артроз\w*|мигрен\w*|астм\w*|целиаки\w*|"
    r"псориаз\w*|анеми\w*|аритми\w*|гипертони\w*|эндометриоз\w*|сдвг|аутизм\w*|шизофрени\w*|"
    r"биполярн\w+\s+расстройств\w*)\b"
)

HEALTH: tuple[tuple[str, str], ...] = (
    # A treatment under way, said with its preposition (tune batch 37): "je suis sous chimio",
    # "estoy en quimio", "bin gerade in der Chemo", "я на химии" — no verb before the condition.
    (
        "sous chimio chimiothérapie insuline antidépresseurs quimio quimioterapia chemo "
        "chemotherapie химии химиотерапии",
        r"\bsous\s+(?:chimio(?:th[ée]rapie)?|insuline|antid[ée]presseurs?|anxiolytiques?|"
        r"dialyse|morphine|m[ée]thadone)\b|\ben\s+(?:plena\s+)?quimio(?:terapia)?\b"
        r"|\bin\s+der\s+chemo(?:therapie)?\b|\bна\s+хими(?:и|отерапии)\b",
    ),
    # A replacement joint waited for or had (tune batch 37): "waiting for a new hip", "eine neue
    # Hüfte", "una prótesis de cadera", "une prothèse de hanche", "эндопротез".
    (
        "hip knee hips knees hüfte knie cadera rodilla hanche genou эндопротез",
        r"\b(?:new|replacement|artificial|titanium)\s+(?:hip|knee|hips|knees)\b"
        r"|\bneue[sn]?\s+(?:hüfte|kniegelenk|hüftgelenk)\b"
        r"|\bpr[óo]tesis\s+de\s+(?:cadera|rodilla)\b|\bproth[èe]se\s+de\s+(?:hanche|genou)\b"
        r"|\bэндопротез\w*",
    ),
    (
        "schwanger schwangere schwangeren schwangerschaft",
        r"\bschwanger\w*\b(?!\s+mit\s+(?:ideen|dem\s+gedanken))",
    ),
    ("ssw", r"\b\d{1,2}\.?\s*ssw\b|\bssw\s*\d"),
    ("fehlgeburt fehlgeburten", r"\bfehlgeburt\w*"),
    (
        "erwarten erwarte bekommen kriegen",
        r"\b(?:erwarten|erwarte|bekommen|kriegen)\s+(?:\w+\s+){0,2}?(?:ein\s+baby|ein\s+kind|"
        r"nachwuchs|zwillinge|unser\w*\s+(?:erstes|zweites|drittes)\s+kind)\b",
    ),
    ("embarazada embarazadas embarazo", r"\bembaraz(?:ada|adas|o|os)\b"),
    ("aborto", r"\baborto\s+espontáneo\b|\b(?:tuve|tuvo)\s+un\s+aborto\b"),
    (
        "meses semanas",
        r"\bestoy\s+de\s+(?:\d+|dos|tres|cuatro|cinco|seis|siete|ocho|nueve)\s+(?:meses|semanas)\b",
    ),
    (
        "esperando esperamos espero",
        r"\besper(?:o|amos|ando|a)\s+(?:un\s+|una\s+)?(?:bebé|bebe|hijo|hija|niño|niña|gemelos|mellizos)\b",
    ),
    (
        "enceinte",
        r"\b(?:suis|est|es|était|étais|tombée?)\s+enceinte\b|\benceinte\s+de\s+(?:\d|son|mon|notre|deux|trois|quatre|cinq|six|sept|huit)",
    ),
    ("fausse fausses couche couches", r"\bfausses?\s+couches?\b"),
    (
        "attend attends attendons",
        r"\battend(?:s|ons|ent)?\s+(?:un\s+)?(?:bébé|enfant|des\s+jumeaux|notre\s+premier)\b",
    ),
    (
        "беременна беременная беременности беременность беременны",
        r"(?<!кошка\s)(?<!собака\s)(?<!кошка\sснова\s)\bберемен\w*",
    ),
    ("выкидыш выкидыша выкидышем", r"\bвыкидыш\w*"),
    # Operated on: "ich wurde am Knie operiert", "me operaron del corazón", "j'ai été opérée",
    # "меня прооперировали", "после операции" (tune batch 11's English "three knee operations").
    ("operiert", r"\b(?:wurde|wurden|bin|worden|werde)\s+(?:\w+\s+){0,5}?operiert\b"),
    (
        "operaron operado operada operar operan",
        r"\bme\s+(?:\w+\s+)?(?:operaron|operar[aá]n|han\s+operado|van\s+a\s+operar|operan)\b"
        r"|\b(?:estoy|estuve|fui)\s+operad[oa]\b",
    ),
    (
        "opéré opérée opérer",
        r"\b(?:j['’]ai\s+été|je\s+me\s+suis\s+fait|on\s+m['’]a|je\s+vais\s+(?:me\s+faire|être)|"
        r"je\s+me\s+fais)\s+(?:\w+\s+)?opér(?:é|ée|er)\b",
    ),
    (
        "прооперировали оперировали операции операцию",
        r"\b(?:меня|мне)\s+(?:\w+\s+)?(?:прооперировали|оперировали|сделали\s+операцию)\b"
        r"|\bпосле\s+операции\b|\bперен[её]с\w*\s+(?:\w+\s+)?операци\w*",
    ),
    # "жду ребёнка" as well as "ждём ребёнка"; not a child waited for at the school gate
    # ("жду ребёнка из школы", "ждём сына с тренировки").
    (
        "ждём ждем жду",
        r"\bжд(?:[её]м|у)\s+(?:ребёнка|ребенка|малыша|двойню|сына|дочку|дочь)\b"
        r"(?!\s+(?:из|с|со|домой|после|у|возле|около)\b)",
    ),
    (
        "therapie therapeuten therapeutin psychiater psychiaterin",
        r"\b(?:in|zur|eine)\s+(?:\w+\s+)?therapie\b(?!\s+(?:für\s+(?:hunde|pferde)))|\bmein\w*\s+(?:therapeut|therapeutin|psychiater|psychiaterin)\b",
    ),
    # Sobriety said of oneself: "bin seit Ostern trocken", "llevo un año sin beber",
    # "je ne bois plus une goutte", "не пью уже два года" (the laundry being dry is no rule's).
    (
        "trocken alkohol",
        r"\b(?:bin|bleibe|bleib)\s+seit\s+(?:\w+\s+){1,3}?trocken\b(?!\s+gelaufen)"
        r"|\b(?:bin|bleibe|bleib)\s+(?:jetzt\s+|wieder\s+)?trocken\s+seit\b"
        r"|\b(?:trinke|anrühre)\s+(?:\w+\s+){0,2}?keinen\s+(?:tropfen\s+)?alkohol\s+mehr\b",
    ),
    (
        "beber bebo alcohol",
        r"\b(?:llevo|ya\s+llevo)\s+(?:\w+\s+){1,3}?sin\s+(?:beber|tomar\s+alcohol|probar\s+(?:el\s+)?alcohol)\b"
        r"|\bya\s+no\s+(?:bebo|tomo)\s+(?:nada\s+de\s+)?alcohol\b",
    ),
    (
        "bois buvais alcool sobre abstinent abstinente",
        r"\bje\s+ne\s+bois\s+plus\s+(?:une\s+goutte|d'alcool|du\s+tout)\b"
        r"|\b(?:suis|reste)\s+(?:\w+\s+){0,2}?(?:sobre|abstinente?)\s+depuis\b",
    ),
    (
        "пью завязал завязала",
        r"\bне\s+пью\s+(?:уже\s+)?(?:\w+\s+){0,2}?(?:год|года|лет|месяц\w*|недел\w*)\b"
        r"|\b(?:я\s+)?(?:в\s+)?завязал[аи]?\s+(?:с\s+)?(?:алкоголем|выпивкой|бухлом)\b",
    ),
    (
        "depressionen depression angststörung panikattacken krankgeschrieben alkoholiker "
        "alkoholikerin",
        r"\b(?:depressionen|angststörung\w*|panikattacken|krankgeschrieben|alkoholiker\w*)\b",
    ),
    (
        "depresión ansiedad antidepresivos ataques pánico psicólogo psicóloga psiquiatra",
        r"\b(?:depresión|ansiedad|antidepresivos|ataques\s+de\s+pánico|ansiolíticos)\b"
        r"|\b(?:voy\s+al?|mi)\s+(?:psicólog[oa]|psiquiatra)\b",
    ),
    (
        "dépression anxiolytiques antidépresseurs crises crise panique angoisse d'angoisse psy "
        "autiste",
        r"\b(?:dépression|anxiolytiques|antidépresseurs|autiste|crises?\s+(?:de\s+panique|d'angoisse))\b"
        r"|\b(?:vois|voit|consulte)\s+(?:un|une|mon|ma)\s+psy\w*",
    ),
    (
        "депрессия депрессии тревожность тревожности панические психотерапевту психотерапевт "
        "психиатр антидепрессанты",
        r"\bдепресси\w*|\bтревожност\w*|\bпаническ\w+\s+атак\w*"
        r"|\b(?:к|у|мой|моя|моему|моей)\s+(?:\w+\s+)?(?:психотерапевт\w*|психиатр\w*)"
        r"|\bантидепрессант\w*",
    ),
    (
        "fieber husten grippe erkältet",
        r"\b(?:hab|habe|hat)\s+(?:\w+\s+){0,3}?(?:fieber|grippe)\b|\b(?:bin|ist)\s+erkältet\b",
    ),
    (
        "resfriado resfriada gripe fiebre",
        r"\bestoy\s+resfriad[oa]\b|\btengo\s+(?:la\s+)?(?:gripe|fiebre)\b",
    ),
    ("grippe rhume fièvre", r"\bj'ai\s+(?:la\s+grippe|un\s+rhume|de\s+la\s+fièvre)\b"),
    ("рак", r"\bу\s+(?:\w+\s+){0,2}?рак\b|\bрак\s+(?:груди|лёгких|легких|кожи|крови|желудка)\b"),
    ("asma", r"\btengo\s+asma\b"),
    ("avc ictus", r"\b(?:fait|eu)\s+un\s+avc\b|\b(?:tuvo|tuve|sufrió)\s+un\s+ictus\b"),
    (
        "простыл простыла простудился температура грипп",
        r"\b(?:простыл[аи]?|простудил\w*)\b|\bу\s+меня\s+(?:грипп|температура)\b",
    ),
    # Chat phrasings (tune batch 18): pregnancy said indirectly, treatments, eating disorders.
    ("pink lines", r"\btwo\s+pink\s+lines\b"),
    ("полоски", r"\bдве\s+полоски\b"),
    (
        "due",
        r"\b(?:i'?m|she'?s|wife'?s|wife\s+is|gf'?s|girlfriend'?s|partner'?s)\s+due\s+in\s+"
        r"(?:january|february|march|april|may|june|july|august|september|october|november|"
        r"december|\d+\s+weeks)\b",
    ),
    (
        "expecting",
        r"\bexpecting\s+(?:our|my|a|her|their)\s+(?:first|second|third|fourth|baby|child|kid|twins)\b",
    ),
    ("задержка", r"\bзадержка\b(?:[\s,]+\w+){0,4}?[\s,]+тест"),
    # Pregnancy said indirectly (tune batch 22): the trimester, the bump, the midwife, the
    # scan, the due date, becoming parents, morning sickness, in five languages.
    ("trimester", r"\b(?:first|second|third|1st|2nd|3rd|last)\s+trimester\b"),
    (
        "bump",
        r"\b(?:the|my|her|baby)\s+bump\s+(?:is|has|was|'s)\s+(?:\w+\s+){0,2}?"
        r"(?:showing|growing|measur\w+|getting)\b|\b(?:measured|feel\w*|rubb\w*)\s+(?:the|my|her)\s+bump\b",
    ),
    ("sickness", r"\bmorning\s+sickness\b"),
    (
        "antenatal prenatal obstetrician midwife",
        r"\b(?:antenatal|prenatal)\s+(?:class\w*|appointment\w*|check\w*|scan\w*|care|vitamins)\b"
        r"|\b(?:my|her|the)\s+(?:obstetrician|midwife)\s+(?:\w+\s+){0,2}?(?:says|said|wants|thinks|"
        r"measured|checked|booked|told)\b",
    ),
    (
        "parents",
        r"\b(?:we're|we\s+are|we'll|we\s+will)\s+(?:going\s+to\s+)?(?:be|become)\s+(?:first-time\s+)?"
        r"parents\b|\bgoing\s+to\s+be\s+parents\b",
    ),
    (
        "waters",
        r"\bmy\s+waters?\s+(?:could|might|will|broke|break)\b",
    ),
    (
        "due",
        r"\b(?:the\s+)?baby'?s\s+due\b|\bmy\s+due\s+date\s+is\b(?![^.]*\b(?:essay|assignment|"
        r"paper|project|report|thesis|invoice|bill|tax|homework|book|library|form)\b)",
    ),
    ("heartbeat", r"\b(?:baby'?s|tiny|little)\s+heartbeat\b|\bheard\s+the\s+heartbeat\b"),
    ("geburtstermin entbindungstermin", r"\b(?:geburtstermin|entbindungstermin)\w*"),
    ("eltern", r"\b(?:wir\s+)?werden\s+(?:im\s+\w+\s+|bald\s+|zum\s+ersten\s+mal\s+)?eltern\b"),
    (
        "monat",
        r"\b(?:bin|ist)\s+im\s+(?:\d\.|zweiten|dritten|vierten|fünften|sechsten|siebten|achten|"
        r"neunten)\s+monat\b",
    ),
    ("cuentas", r"\bsal(?:go|e|imos)\s+de\s+cuentas\b"),
    ("matrona", r"\bla\s+matrona\s+(?:\w+\s+){0,2}?(?:dice|dijo|cree|ha)\b"),
    (
        "esperando esperamos",
        r"\besper(?:amos|ando)\s+(?:a\s+)?(?:nuestro|nuestra|mi)\s+(?:primer|segundo|tercer)?\w*\s*"
        r"(?:hij[oa]|bebé)\b",
    ),
    ("náuseas", r"\bnáuseas\s+(?:matutinas|por\s+las\s+mañanas|todas\s+las\s+mañanas)\b"),
    ("terme", r"\ble\s+terme\s+est\s+prévu\b"),
    ("nausées", r"\bnausées\s+matinales\b"),
    (
        "accouche j'accouche accoucher accouchement",
        r"\bj'accouche\b|\b(?:vais|va|doit)\s+accoucher\b",
    ),
    ("пдр", r"\bпдр\b"),
    ("токсикоз токсикоза токсикозом", r"\bтоксикоз\w*"),
    ("будет", r"\bу\s+нас\s+будет\s+(?:ребёнок|ребенок|малыш|двойня|сын|дочка)\b"),
    (
        "неделе месяце",
        r"\bя\s+на\s+(?:\d+|\w+(?:ой|ом))\s+(?:неделе|месяце)\b",
    ),
    # Pregnancy said indirectly (tune batch 26): a test, IVF, the weeks, the leave, the scan, a
    # due day, becoming grandparents or parents, in five languages.
    ("along", r"\b(?:\d{1,2}|\w+)\s+weeks\s+along\b"),
    ("eating", r"\beating\s+for\s+two\b"),
    (
        "stick test",
        r"\bpee\s+stick\b|\bpeed\s+on\s+a\s+stick\b"
        r"|\bpregnancy\s+test\s+(?:was|came\s+(?:back|up)|is|said|turned)\b",
    ),
    (
        "ivf fiv eko embryo",
        r"\b(?:doing|started|start|our|my|another|round\s+of|cycle\s+of|fait|fais|faisons|une)\s+"
        r"(?:ivf|fiv)\b|\bembryo\s+transfer\b|\b(?:делаем|делаю|на|сделали)\s+эко\b",
    ),
    (
        "having",
        r"\b(?:we're|we\s+are|i'm|i\s+am)\s+having\s+(?:a|our|my)\s+(?:\w+\s+)?"
        r"(?:girl|boy|baby|little\s+one|twins)\b",
    ),
    ("grandparents", r"\b(?:be|become|becoming)\s+grandparents\b"),
    (
        "due",
        r"\b(?:i'?m|she'?s|wife'?s|partner'?s|girlfriend'?s)\s+due\s+any\s+day\b",
    ),
    ("induction", r"\binduction\s+(?:is\s+)?(?:booked|scheduled|planned)\b"),
    (
        "maternity mutterschutz maternidad maternité декрет декрете",
        r"\b(?:my|on|going\s+on)\s+maternity\s+leave\b(?!\s+cover)|\bmutterschutz\b|\bbaja\s+(?:de|por)\s+maternidad\b"
        r"|\bcongé\s+(?:de\s+)?maternité\b|\bв\s+декрет\w*",
    ),
    ("hoffnung", r"\bguter\s+hoffnung\b"),
    (
        "ultraschall",
        r"\bultraschall\b.{0,40}?\b(?:herzschl\w*|baby|kind|fötus)\b|\bzwei\s+herzschläge\b",
    ),
    ("bauch", r"\bbauch\s+wird\s+(?:langsam\s+)?(?:rund|runder)\b"),
    ("papás padres", r"\bvamos\s+a\s+ser\s+(?:papás|padres|mamá|papá)\b"),
    ("semanas", r"\bestoy\s+de\s+\w+\s+semanas\b|\bsemanas\s+para\s+el\s+parto\b"),
    ("tripita tripa", r"\bse\s+me\s+nota\s+(?:ya\s+)?la\s+trip(?:it)?a\b"),
    (
        "échographie écho l'échographie l'écho",
        r"\b(?:première|deuxième|troisième|1re|2e|3e)\s+écho(?:graphie)?\b"
        r"|\béchographie\s+du\s+(?:premier|deuxième|second|troisième)\s+trimestre\b",
    ),
    (
        "attend attends attendons j'attends",
        r"\battend(?:s|ons)?\s+notre\s+(?:deuxième|second|troisième|premier)\s+(?:enfant|bébé)\b",
    ),
    ("скрининге скрининг", r"\bскрининг\w*\b.{0,40}?\b(?:мальчик|девочк\w*|малыш\w*)"),
    ("консультации консультация", r"\bженск\w+\s+консультаци\w*"),
    ("срок", r"\bсрок\s+(?:\d+|\w+)\s+недел\w*"),
    (
        "clean",
        r"\bclean\s+(?:off|from)\s+(?:\w+\s+)?(?:heroin|meth|crack|coke|cocaine|drugs|opioids|pills)\b",
    ),
    (
        "dialysis dialyse diálisis диализ диализе bulimie bulimia anorexie boulimie magersucht",
        r"\b(?:dialysis|dialyse|diálisis|диализ\w*|bulimi[ea]|boulimie|anorexie|magersucht)\b",
    ),
    # A condition or a treatment had, found or started, said of oneself or one's people
    # (thirteenth round, from tune rows the rules missed: a pacemaker fitted, chemo starting, an
    # ulcer found, an epileptic fit): "me han puesto un marcapasos", "mi madre empieza la
    # quimio", "on m'a trouvé un ulcère", "ich hab Diabetes", "у меня язва".
    (
        "tengo tiene tienen tuve tuvo padezco padece sufro sufre diagnosticaron detectaron "
        "encontraron puesto pusieron empiezo empieza empecé empezó",
        r"\b(?:tengo|tiene|tienen|tuve|tuvo|padezco|padece|sufro|sufre|"
        r"(?:me|le)\s+(?:han\s+)?(?:diagnosticad[oa]|diagnosticaron|detectad[oa]|detectaron|"
        r"encontrad[oa]|encontraron|puesto|pusieron)|empiezo|empieza|empecé|empezó)\s+"
        + _GAP
        + _CONDITIONS_ES
        + r"\b",
    ),
    (
        "j'ai a trouvé diagnostiqué détecté découvert posé atteint atteinte fais fait commence",
        r"\b(?:j'ai|(?:il|elle)\s+a|on\s+(?:m|lui)'a\s+(?:trouvé|diagnostiqué|détecté|découvert|"
        r"posé|mis)|(?:je\s+suis|(?:il|elle)\s+est)\s+atteinte?\s+d[e']|(?:je|il|elle)\s+"
        r"(?:fais|fait|commence)|j'ai\s+fait)\s+" + _GAP + _CONDITIONS_FR + r"\b",
    ),
    (
        "hab habe hat hatte hatten wurde leide leidet bekomme bekommt kriege kriegt",
        r"\b(?:hab|habe|hat|hatte|hatten|(?:mir|bei\s+(?:mir|ihm|ihr))\s+wurde|leide\s+an|"
        r"leidet\s+an|bekomme|bekommt|kriege|kriegt)\s+" + _GAP + _CONDITIONS_DE + r"\b",
    ),
    (
        "меня него неё нее мамы папы мужа жены сына дочери брата сестры мне прохожу проходит "
        "начинаю начинает начала начал",
        r"\bу\s+(?:меня|него|неё|нее|мамы|папы|мужа|жены|сына|дочери|брата|сестры)\s+(?:\w+\s+){0,2}?"
        + _CONDITIONS_RU
        + r"|\bмне\s+(?:поставили|диагностировали|нашли|делают|сделали|поставят)\s+(?:\w+\s+){0,2}?"
        + _CONDITIONS_RU
        + r"|\b(?:прохожу|проходит|начинаю|начинает|начала|начал)\s+(?:\w+\s+)?"
        r"(?:химиотерапи\w*|химию|лучев\w+|диализ\w*)",
    ),
)

# ---------------------------------------------------------------------------------------------
#: Debts and income said in these languages (the finance words read most amounts already).
FINANCE: tuple[tuple[str, str], ...] = (
    # Living on benefits or with nothing left: "ich lebe von Hartz IV", "живу на пособие",
    # "no tengo dinero ni para la comida", a bailiff's letter (tune batches 11, 22, 24).
    ("hartz", r"\bhartz\s*(?:iv|4)\b"),
    (
        "пособие пособии пособия",
        r"\b(?:живу|живём|живем|сижу|сидим|живёт|живет)\s+на\s+(?:\w+\s+)?пособи\w*",
    ),
    (
        "dinero duro plata",
        r"\bno\s+(?:tengo|tenemos)\s+(?:ni\s+)?(?:dinero|un\s+duro|plata|un\s+euro)\s+"
        r"(?:ni\s+)?para\b",
    ),
    ("huissier l'huissier", r"\b(?:l['’])?huissier\s+(?:m['’]a|nous\s+a|est\s+(?:passé|venu))\b"),
    # Next to nothing put by, an overdraft paid off over years (tune batches 24, 26): "wir
    # haben kaum was auf der hohen Kante", "ich stottere den Dispo seit zwei Jahren ab".
    (
        "kante dispo dispokredit",
        r"\b(?:nichts|kaum\s+(?:was|etwas)|wenig|null)\s+auf\s+der\s+hohen\s+kante\b"
        r"|\b(?:stottere|stottern|zahle|zahlen)\s+(?:\w+\s+){0,2}?(?:dispo|dispokredit)\w*\s+"
        r"(?:\w+\s+){0,4}?ab\b|\bim\s+dispo\b",
    ),
    (
        "raten kredit kredite schulden verschuldet minus insolvent pleite",
        r"\b(?:meine|die)\s+raten\s+(?:\w+\s+){0,6}?nicht\s+(?:mehr\s+)?(?:zahlen|bezahlen)\b"
        r"|\b(?:mein|unser)\s+konto\s+ist\s+(?:\w+\s+)?im\s+minus\b|\bverschuldet\b"
        r"|\b(?:bin|sind)\s+(?:\w+\s+)?(?:pleite|insolvent)\b",
    ),
    (
        "hipoteca préstamo deudas deuda",
        r"\bno\s+(?:puedo|podemos)\s+pagar\s+(?:la|el|mi)\s+(?:hipoteca|préstamo|alquiler|deuda|tarjeta)\b",
    ),
    (
        "découvert endetté endettée endettés endettées surendetté surendettée surendettés "
        "surendettées",
        r"\b(?:suis|sommes|est)\s+(?:\w+\s+)?(?:à\s+découvert|endetté\w*|surendetté\w*)\b",
    ),
    # Debts: "ich hab Schulden", "tengo deudas", "j'ai des dettes", "у меня долги".
    (
        "schulden kredit bürgergeld arbeitslosengeld hartz privatinsolvenz",
        r"\b(?:hab|habe|haben|hat|hatte|hatten)\s+(?:\w+\s+){0,3}?schulden\b(?!\s+bei\s+dir)"
        r"|\b\d[\d.,]*\s*(?:euro|€|tsd|k)?\s*(?:schulden|kredit)\b|\bkredit\s+(?:\w+\s+)?laufen\b"
        r"|\b(?:bekomme|bekommen|beziehe|kriege)\s+(?:\w+\s+)?(?:bürgergeld|arbeitslosengeld|hartz\s+iv)\b"
        r"|\bprivatinsolvenz\b",
    ),
    (
        "deudas deuda debo préstamo préstamos paro subsidio",
        r"\btengo\s+(?:\w+\s+)?deudas?\b|\bdeuda\s+de\s+\d|\bdebo\s+(?:\w+\s+){0,2}?(?:dinero|pasta|\d)"
        r"|\b(?:un|mi)\s+préstamo\s+de\s+\d|\b(?:estoy|sigo)\s+en\s+el\s+paro\b"
        r"|\b(?:cobro|cobrando)\s+(?:el\s+)?(?:paro|subsidio)\b",
    ),
    (
        "dettes dette prêt chômage rsa",
        r"\bj'ai\s+(?:\w+\s+)?dettes?\b|\bdettes?\s+de\s+\d|\bun\s+prêt\s+de\s+\d"
        r"|\b(?:suis|sommes)\s+au\s+chômage\b|\b(?:touche|touchons)\s+le\s+(?:rsa|chômage)\b",
    ),
    (
        "долг долги долгов должен должна банкрот",
        r"\bу\s+(?:меня|нас)\s+(?:\w+\s+)?долг(?:и|ов|а)?\b"
        r"|\b(?:должен|должна|должны)\s+(?:\w+\s+){0,2}?(?:банку|\d|деньги|денег)"
        r"|\b(?:я|мы)\s+банкрот\w*",
    ),
    # Income: "ich verdiene 4000", "mi sueldo es …", "je gagne 3000", "моя зарплата 150 тысяч".
    (
        "verdiene verdient gehalt lohn sueldo salario gano cobro gagne salaire зарплата "
        "получаю зарабатываю",
        r"\b(?:verdiene|verdien|verdienen|gano|ganamos|cobro|gagne|gagnons|получаю|зарабатываю)\s+"
        r"(?:\w+\s+){0,2}?\d"
        r"|\b(?:mein|meine|mi|mon|моя)\s+(?:gehalt|lohn|sueldo|salario|salaire|зарплата)\b",
    ),
    (
        "кредит кредиту ипотеку ипотека",
        r"\bу\s+меня\s+(?:\w+\s+)?(?:кредит|ипотека|займ|микрозайм)\w*|\b(?:платить|плачу|выплачивать)\s+(?:по\s+)?(?:кредиту|ипотеку)\b",
    ),
    # Chat phrasings (tune batch 18): debts and wages said in passing.
    ("bailiff bailiffs", r"\bbailiffs?\s+(?:are|were|is|came|come|coming|turned|sent|at)\b"),
    ("repo repoed repo'd", r"\brepo(?:'d|ed)?\s+(?:it|my|our|the\s+car)\b"),
    (
        "behind",
        r"\bbehind\s+(?:on|with)\s+(?:the\s+|my\s+|our\s+)?(?:\w+\s+)?(?:payments?|bills?|rent|"
        r"mortgage|loan|repayments|instal?lments?)\b",
    ),
    ("overdraft overdraft's", r"\bmy\s+overdraft\b|\boverdraft'?s?\s+(?:at|is)\b"),
    ("pawned pawning pawn", r"\bpawn(?:ed|ing)?\s+my\b"),
    (
        "declined rejected refused turned",
        r"\b(?:declined|rejected|turned\s+down|refused)\s+for\s+(?:a\s+)?(?:loan|mortgage|"
        r"credit\s+card|credit)\b",
    ),
    ("borrowed borrowing borrow", r"\bborrow(?:ed|ing)?\s+(?:\w+\s+){0,3}?to\s+(?:pay|cover)\b"),
    ("rent", r"\bto\s+make\s+rent\b"),
    (
        "hour",
        r"\b(?:make|earn|get\s+paid|on)\s+(?:about\s+|like\s+|around\s+|only\s+)?[£$€]?\d+(?:[.,]\d+)?"
        r"\s+(?:an|per|a)\s+hour\b",
    ),
    (
        "kredit autokredit darlehen raten",
        r"\bzahl\w*\s+(?:\w+\s+){0,3}?(?:auto)?(?:kredit|darlehen|raten?)\b",
    ),
    ("préstamo prestamo", r"\b(?:pedí|tengo|debo|pagar)\s+(?:un\s+)?préstamo\b"),
    ("salario sueldo", r"\b(?:gano|cobro|cobra|gana)\s+(?:el\s+)?(?:salario|sueldo)\s+mínimo\b"),
    ("llego", r"\bno\s+llego\s+a\s+fin\s+de\s+mes\b|\bporque\s+no\s+llego\b"),
    ("surendettement", r"\bsurendettement\b"),
    ("dois", r"\bje\s+(?:te\s+|lui\s+)?dois\s+\d[\d\s]*(?:€|euros?|balles)"),
    ("занимаю занимаем занимать", r"\bзанима\w*\s+(?:деньги\s+)?у\b"),
    ("зарплата", r"\bзарплата\s+\d+"),
    # Debts being collected, in five languages (tune batch 20): collectors, bailiffs, final
    # demands, an account run into the red, a bank's blacklist, money borrowed to get by.
    (
        "final debt collection collections overdrawn unpaid repayment",
        r"\bfinal\s+(?:demand|notice)\b|\bdebt\s+collect\w*|\bcollection\s+agenc\w*"
        r"|\b(?:i'm|im|i\s+am|we're|account\s+is|account's)\s+(?:\w+\s+)?overdrawn\b"
        r"|\bunpaid\s+(?:loan|loans|bills?|rent|tax|taxes|debts?|council\s+tax)\b"
        r"|\bdebt\s+(?:repayment|management)\s+plan\b",
    ),
    (
        "inkasso inkassobüro inkassofirma gerichtsvollzieher pfändung mahnbescheid schufa "
        "überzogen",
        r"\binkasso\w*|\bgerichtsvollzieher\w*|\bpfändung\w*|\bmahnbescheid\w*"
        r"|\b(?:negative[rn]?\s+)?schufa-?eintr[aä]g\w*"
        r"|\b(?:konto|karte|kreditkarte|dispo)\s+(?:\w+\s+){0,2}?überzogen\b",
    ),
    (
        "números moroso morosa morosos asnef embargaron embargo reclamando reclaman reclama "
        "prestado",
        r"\ben\s+números\s+rojos\b|\blista\s+de\s+morosos\b|\basnef\b"
        r"|\bembarg(?:aron|an|ado)\s+(?:el|la|mi|mis)\s+(?:sueldo|nómina|cuenta|piso|coche)\b"
        r"|\bme\s+(?:está[n]?\s+)?reclam(?:a|an|ando)\s+(?:el|la|un|una)\s+(?:préstamo|deuda|pago|factura)\b"
        r"|\b(?:pido|pedí|pedir)\s+dinero\s+prestado\b",
    ),
    (
        "huissier huissiers impayés impayé fiché fichée interdit saisie",
        r"\b(?:l'|les\s+)huissiers?\s+(?:est|sont|a|ont|va|vont|m'a|passe|vient|viennent)\b"
        r"|\b(?:mes|nos)\s+impayés\b|\b(?:pour|j'ai)\s+des\s+impayés\b|\bfiché\w*\s+(?:à\s+la\s+)?banque\s+de\s+france\b"
        r"|\binterdit\w*\s+bancaires?\b|\bsaisie\s+sur\s+(?:salaire|mon\s+compte)\b",
    ),
    (
        "просрочка просрочки просрочку коллекторы коллекторов задолжал задолжала задолжали "
        "микрозайм микрозаймы приставы",
        r"\bпросрочк\w*|\bколлектор(?:ы|ов|ам)\b|\bзадолжал\w*|\bмикрозайм\w*|\bприставы\b",
    ),
    # Pay said with its amount (tune batch 24): one's salary, take-home or paycheck and a sum,
    # a sum gross or net, an hourly wage, the minimum wage — in five languages.
    (
        "salary wage wages paycheck paycheque take-home take home comp compensation pay pays "
        "paying clear",
        r"\b(?:my|our)\s+(?:\w+\s+)?(?:salary|wages?|paycheck|paycheque|take-home(?:\s+pay)?|"
        r"comp|compensation)\b[^.;!?]{0,25}?\d"
        r"|\b(?:(?:pays|paying|pay)\s+(?:me|us)|(?:job|gig|role|position|company|it)\s+pays)\s+"
        r"(?:about\s+|like\s+|around\s+|only\s+)?"
        r"[£$€]?\d[\d,.]*\s?(?:k|grand|an\s+hour|a\s+year|a\s+month|per\s+\w+)\b"
        r"|\bclear\s+(?:about\s+|like\s+|around\s+)?[£$€]?\d[\d,.]*\s?(?:k|grand)?\s+a\s+"
        r"(?:month|year|week)\b",
    ),
    (
        "brutto netto stundenlohn monatslohn jahresgehalt limpios netos brutos net brut smic payé "
        "payée payés pagan cobro gano зарплата зарплату зарплатой руки платят получаю "
        "зарабатываю",
        r"\b\d[\d.,]*\s?(?:k|tsd|€|euro|euros|balles)?\s*(?:brutto|netto|limpios|netos|brutos|"
        r"net|brut)\b(?!\s*(?:gewicht|weight|poids|peso))"
        r"|\b(?:mein|meine)\s+(?:stundenlohn|monatslohn|jahresgehalt|nettolohn|bruttolohn)\b"
        r"|\b(?:gagne|touche|gagnons)\s+(?:\w+\s+)?(?:le\s+)?smic\b"
        r"|\b(?:je\s+suis|on\s+me)\s+pay[ée]e?s?\s+(?:\w+\s+)?\d"
        r"|\bme\s+pagan\s+(?:\w+\s+)?\d|\b(?:cobro|gano)\s+(?:\w+\s+){0,2}?\d[\d.,]*\s*"
        r"(?:€|euros?|pesos|dólares|mil)?\s*(?:al|por\s+)?(?:mes|año|hora)\b"
        r"|\bзарплат\w*\s+(?:у\s+меня\s+)?(?:\w+\s+)?\d|\b\d+\s?к?\s+на\s+руки\b"
        r"|\b(?:мне\s+платят|получаю|зарабатываю)\s+(?:\w+\s+){0,2}?(?:тысяч|долларов|евро|\d+\s?(?:к|тыс|руб|000))",
    ),
)

# ---------------------------------------------------------------------------------------------
#: Identity documents named without a number ("mein Reisepass ist abgelaufen").
IDENTITY_DOCUMENT: tuple[tuple[str, str], ...] = (
    (
        "reisepass reisepasses personalausweis ausweis führerschein reisepassnummer "
        "ausweisnummer sozialversicherungsnummer steuer steuernummer aufenthaltstitel",
        r"\b(?:mein|meine|meinen|meinem|sein|seine|ihr|ihre)\s+(?:\w+\s+)?(?:reisepass\w*|"
        r"personalausweis\w*|ausweis|führerschein\w*|aufenthaltstitel)\b"
        r"|\b(?:reisepassnummer|ausweisnummer|personalausweisnummer|sozialversicherungsnummer|"
        r"steuer-?id|steuernummer)\b",
    ),
    (
        "pasaporte dni nie carnet permiso tarjeta seguridad",
        r"\b(?:mi|mis|su|sus)\s+(?:\w+\s+)?(?:pasaporte|carnet\s+de\s+conducir|permiso\s+de\s+"
        r"conducir|tarjeta\s+de\s+residencia|dni|nie)\b|\bperdí\s+(?:el|mi)\s+(?:dni|pasaporte|carnet)\b"
        r"|\bn[uú]mero\s+de\s+(?:pasaporte|(?:la\s+)?seguridad\s+social)\b",
    ),
    (
        "passeport carte identité permis sécurité séjour",
        r"\b(?:mon|ma|son|sa)\s+(?:\w+\s+)?(?:passeport|carte\s+d'identité|permis\s+de\s+conduire|"
        r"carte\s+vitale|titre\s+de\s+séjour)\b|\bnuméro\s+de\s+(?:passeport|carte\s+d'identité|"
        r"sécurité\s+sociale)\b",
    ),
    (
        "паспорт паспорта загранпаспорт загранпаспорта права инн снилс",
        r"\b(?:мой|моего|моём|моем|свой|потерял[аи]?|просрочен\w*)\s+(?:\w+\s+)?(?:паспорт\w*|"
        r"загранпаспорт\w*|водительские\s+права|права|инн|снилс)\b"
        r"|\bпаспорт\w*\s+(?:\w+\s+)?(?:просрочен\w*|истёк|истек|потерял\w*)\b"
        r"|\b(?:номер|серия)\s+(?:моего\s+)?паспорта\b|\bпаспорт\s+серия\b|\bзагранпаспорт\w*",
    ),
)
