"""The special categories people expect to stay private (GDPR Art. 9 and 10), as context rules.

Data only: each topic is a tuple of ``(triggers, regex)`` rules that
:mod:`memory_core.extract.sensitivity` files under their trigger words (a rule runs only when the
text holds one of them) and tries on the lower-cased text after its near misses ("a book about
…", "works as a …") were blanked out. The topics:

- self-harm and suicidal thoughts ("some days I think about ending it all", "не хочу больше жить"),
- sex life, sexual orientation and gender identity ("I'm bi", "came out to my parents"),
- religion and beliefs, atheism included ("I'm Muslim", "I go to church every Sunday"),
- political opinions ("I vote Labour", "I'm a lifelong Republican"),
- trade-union membership ("I'm a shop steward for the GMB", "je suis syndiquée", "член профсоюза"),
- criminal records and offences ("I was arrested for shoplifting in 2018", "I'm on parole"),
- immigration status ("I'm undocumented", "I overstayed my visa"),
- and words that say a thing is told in confidence ("don't tell anyone").

A rule reads a *statement about a person*, not a mention of the topic: "I watched a documentary
about religion", "my friend is a lawyer for immigrants", "Union Square", "office politics" and
"this traffic is killing me" say nothing private.
"""

from __future__ import annotations

#: A form of "to be" that ties a person to what follows ("I'm", "Ana is", "might be").
BE = r"(?:i'm|im|i\s+am|am|is|was|are|were|'s|'re|be|been|being|identify\s+as|identifies\s+as)"
#: Where a short statement ends: the text's end, punctuation, or a word starting a new clause.
_END = (
    r"(?=\s*(?:$|[,.;:!?()]|(?:and|but|so|too|now|btw|though|since|myself|actually|honestly|"
    r"lol|haha|tbh|really|anymore|again|already|yet|for|from|in|at|like|because)\b))"
)
_SELF = r"(?:myself|herself|himself|themselves|themself)"
_ADVERB = (
    r"(?:(?:openly|also|totally|fully|kinda|kind\s+of|quite|very|pretty|definitely|proudly)\s+)?"
)

# ---------------------------------------------------------------------------------------------
SELF_HARM: tuple[tuple[str, str], ...] = (
    ("suicide suicidal suicides", r"\bsuicid(?:e|al|es)\b"),
    ("self harm harming harms harmed selfharm", r"\bself[\s-]?harm(?:s|ed|ing)?\b"),
    (
        "kill killing killed kills",
        rf"\b(?:kill|killing|killed|kills)\s+{_SELF}\b(?!\s+(?:laughing|working|studying))",
    ),
    (
        "own life",
        r"\b(?:take|takes|took|taking|end|ends|ended|ending)\s+(?:my|his|her|their)\s+(?:own\s+)?"
        r"life\b",
    ),
    ("ways", r"\bways\s+to\s+(?:die|kill\s+myself|end\s+it|end\s+my\s+life|disappear)\b"),
    ("knife blade razor", r"\b(?:knife|blade|razor)\s+to\s+my\s+(?:wrists?|arms?|throat|skin)\b"),
    (
        "stockpiled stockpiling stockpile hoarding saved",
        r"\b(?:stockpil(?:e|ed|ing)|hoard(?:ed|ing)?|sav(?:ed|ing)\s+up)\s+(?:my\s+|some\s+)?"
        r"(?:pills|meds|tablets|painkillers|sleeping\s+pills)\b",
    ),
    (
        "end ending ended life",
        r"\b(?:end|ending|ended)\s+(?:it\s+all|my\s+life|things|everything|it\s+for\s+good)\b"
        r"|\b(?:it\s+all|everything)\s+to\s+(?:end|stop)\b",
    ),
    (
        "die dead",
        r"\b(?:want|wanted|wants|wanna)\s+to\s+die\b|\bwish\s+(?:i|she|he)\s+(?:was|were)\s+dead\b",
    ),
    (
        "anymore longer",
        r"\b(?:don't|dont|do\s+not|doesn't|didn't)\s+want\s+to\s+(?:be\s+here|live|exist|be\s+alive|"
        r"wake\s+up|go\s+on)\s+(?:anymore|any\s+more|any\s+longer)\b",
    ),
    ("wake", r"\b(?:not|never)\s+wake\s+up\b|\bwish\s+i\s+(?:wouldn't|won't|didn't)\s+wake\s+up\b"),
    (
        "disappear disappearing vanish vanishing",
        r"\bwish\s+i\s+could\s+(?:just\s+)?disappear\b"
        r"|\b(?:disappear|disappearing|vanish|vanishing)\s+(?:for\s+good|forever|for\s+ever)\b",
    ),
    (
        "burden easier",
        r"\b(?:i'm|im|i\s+am|i\s+feel\s+like|feel\s+like)\s+(?:such\s+)?a\s+burden\s+(?:to|on)\b"
        r"|\b(?:easier|better)\s+for\s+(?:everyone|everybody|them|my\s+family)\s+if\s+i\s+"
        r"(?:wasn't|weren't|was\s+gone|were\s+gone|died|disappeared)\b",
    ),
    ("end", r"\bto\s+end\s+it(?:\s+all)?\s*(?:$|[,.;!?])"),
    (
        "worth",
        r"\b(?:life|living|it)\s+(?:isn't|is\s+not|ain't|is\s+no\s+longer|isnt)\s+worth\s+"
        r"(?:living|it\s+any\s*more)\b|\bnot\s+worth\s+living\b",
    ),
    (
        "scars scar cuts cutting",
        r"\b(?:scars?|cuts)\s+on\s+(?:my|her|his|their)\s+(?:wrists?|arms?|thighs?|legs?)\b"
        r"|\bscars?\b[^.;!?]{0,30}\bfrom\s+(?:cutting|self[\s-]?harm)",
    ),
    (
        "better without",
        r"^(?!.*\b(?:plants?|houseplants?|cact(?:us|i|uses)|succulents?|orchids?|ferns?|basil|herbs?|"
        r"flowers?|bonsai|garden|cats?|dogs?|pets?|fish|team|project|code|"
        r"company|band|office|printer|class)\b).*\bbetter\s+(?:off\s+)?without\s+me\b",
    ),
    (
        "reason point",
        r"\bno\s+(?:reason|point)\s+(?:to|in)\s+(?:go(?:ing)?\s+on|liv(?:e|ing)|carry(?:ing)?\s+on|"
        r"being\s+alive|being\s+here)\b|\bsee\s+the\s+point\s+(?:in|of)\s+(?:living|life|being\s+alive)\b",
    ),
    ("tired sick living", r"\b(?:tired|sick)\s+of\s+(?:living|being\s+alive|life)\b"),
    (
        "cutting hurting burning harming starving cut cuts hurt hurts burn burns",
        rf"\b(?:cutting|hurting|burning|harming|starving|punishing)\s+{_SELF}\b"
        rf"|\b(?:cut|cuts|hurt|hurts|burn|burns|burnt|burned)\s+{_SELF}\s+"
        r"(?:when|on\s+purpose|again|deliberately|to\s+cope|to\s+feel)\b",
    ),
    (
        "overdose overdosed overdosing od'd",
        r"\b(?:overdos(?:e|ed|es|ing)|od'd)\s+(?:on\s+purpose|deliberately|to\s+(?:die|end))\b"
        r"|\b(?:tried|try|trying|attempted)\s+to\s+overdose\b",
    ),
    ("pills", r"\btoo\s+many\s+(?:pills|tablets|painkillers)\b"),
    ("note letter", r"\b(?:goodbye|suicide)\s+(?:note|letter)\b"),
    (
        "jump jumping jumped",
        r"\bjump(?:ing|ed)?\s+off\s+(?:the|a|my|that)\s+(?:bridge|roof|building|balcony|cliff|tower)\b",
    ),
    ("bleed bleeds", r"\buntil\s+(?:it|they|i)\s+bleeds?\b"),
    (
        "gone dead died",
        r"\b(?:notice|care|miss\s+me)\s+if\s+i\s+(?:was|were|'m|am)\s+(?:gone|dead)\b"
        r"|\b(?:notice|care)\s+if\s+i\s+died\b",
    ),
    (
        "gone dead wasn't weren't",
        r"\b(?:fine|better|happier|okay|ok)\s+(?:off\s+)?if\s+i\s+(?:was|were|wasn't|weren't)\s+"
        r"(?:gone|dead|here|around)\b",
    ),
    ("stop", r"\b(?:pain|it|everything|all\s+of\s+it)\s+to\s+stop\s+(?:forever|for\s+good)\b"),
    (
        "around",
        r"\b(?:won't|will\s+not|think\s+i'll|not\s+going\s+to)\s+be\s+around\s+(?:for\s+)?much\s+"
        r"longer\b(?!\s+(?:tonight|today|at|in|here))",
    ),
    ("bled", r"\buntil\s+(?:it|they|i)\s+bled\b"),
    # Short indirect wordings, and the same thoughts in German, French and Spanish.
    (
        "wake",
        r"\b(?:don't|dont|do\s+not)\s+want\s+to\s+wake\s+up\s+(?:tomorrow|again|ever)\b",
    ),
    (
        "point going",
        r"\bno\s+point\s+(?:going|carrying)\s+on\b"
        r"(?!\s+(?:a|an|the|with|about|at|in|to|holiday|vacation|trips?|dates?)\b)",
    ),
    (
        "plan",
        r"\bplan\s+(?:for\s+)?(?:how|when)\s+(?:i'd|i\s+would|i'll|i\s+will|i'm\s+going\s+to)\s+"
        r"(?:end\s+it|end\s+my\s+life|kill\s+myself)\b",
    ),
    (
        "leben umbringen",
        r"\b(?:will|möchte|mag|kann)\s+nicht\s+mehr\s+leben\b|\bmich\s+umbringen\b"
        r"|\bmir\s+das\s+leben\s+(?:zu\s+)?nehmen\b",
    ),
    (
        "vivre suicider finir",
        r"\b(?:ne\s+)?veux\s+plus\s+vivre\b"
        r"(?!\s+(?:à|a|en|au|aux|dans|avec|chez|ici|là|comme|sans|seule?)\b)|\bme\s+suicider\b|\ben\s+finir\s+avec\s+la\s+vie\b",
    ),
    (
        "vida vivir suicidarme",
        r"\bquitarme\s+la\s+vida\b|\bno\s+quiero\s+(?:seguir\s+)?vivir\b"
        r"(?!\s+(?:en|con|cerca|aquí|allí|allá|lejos|sol[oa])\b)|\bsuicidarme\b",
    ),
    # Questions of whether to go on (the reader by meaning gives a question no crisis reply).
    (
        "living alive going carrying",
        r"(?:\bwhat(?:'?s|\s+is)\s+the\s+point\s+(?:of|in)\s+(?:living|going\s+on|carrying\s+on|"
        r"being\s+alive|staying\s+alive)"
        r"|\bwhy\s+(?:should|would|do|did)\s+i\s+(?:even\s+)?(?:keep\s+|bother\s+|go\s+on\s+)?"
        r"(?:living|going\s+on|staying\s+alive)"
        r"|\b(?:any|a)\s+reason\s+to\s+(?:keep\s+)?(?:living|go\s+on|stay\s+alive))\b"
        r"(?!\s+(?:in|at|on|with|near|here|there|like|without|abroad|alone)\b)",
    ),
    # Russian (the trigger index reads words of any script).
    (
        "жить",
        r"\b(?:не\s+хочу|не\s+хочется|нет\s+сил|незачем|нет\s+смысла)\s+(?:больше\s+|дальше\s+|"
        r"уже\s+)?жить\b(?!\s+(?:в|во|на|с|со|у|рядом|здесь|там|тут|так|одн\w*|с\s+ним\w*)\b)"
        r"|\bжить\s+(?:больше\s+|уже\s+)?не\s+хочется\b",
    ),
    (
        "жизнью",
        r"\b(?:свести|свела|свёл|свел)\s+сч[её]ты\s+с\s+жизнью\b|\bпоконч\w*\s+с\s+жизнью\b",
    ),
    ("собой", r"\bпоконч\w*\s+с\s+собой\b"),
    (
        "себя себе",
        r"\b(?:убить|убью|убила?|убиваю|порезать|порежу|режу|резать|резала?|порезала?|калечу|"
        r"калечить|наказываю|избиваю)\s+себя\b"
        r"|\b(?:режу|резать|порезать|порезала?|резала?|порежу|вскрыть|вскрою|вскрыла?)\s+(?:себе\s+)?"
        r"(?:руки|вены|запястья|бёдра|бедра|ноги)\b(?!\s+(?:от|с)\b)"
        r"|\bпричин\w*\s+себе\s+(?:вред|боль)\b|\bналожить\s+на\s+себя\s+руки\b",
    ),
    (
        "самоубийство самоубийства самоубийстве самоубийством самоубийстве суицид суицида "
        "суициде суицидом суицидальные суицидальных суицидальный суицидальная суицидальное",
        r"\bсамоубийств\w*|\bсуицид\w*",
    ),
    (
        "умереть умерла умер было",
        r"\b(?:хочу|хочется|хотела?\s+бы|мечтаю|хочу\s+просто)\s+умереть\b(?!\s+(?:от|со)\b)"
        r"|\bлучше\s+бы\s+я\s+умерл?а?\b|\bлучше\s+бы\s+меня\s+не\s+было\b",
    ),
    (
        "проснуться просыпаться",
        r"\b(?:уснуть|заснуть|лечь|усну|засну)\s+и\s+(?:больше\s+)?не\s+проснуться\b"
        r"|\bне\s+хочу\s+больше\s+просыпаться\b|\bне\s+проснуться\s+(?:утром|никогда)\b",
    ),
    (
        "таблетки таблеток",
        r"\b(?:выпить|выпью|наглотаться|наглотаюсь|наглоталась|наглотался)\s+(?:все\s+)?"
        r"(?:таблетки|таблеток)\b|\bкоплю\s+таблетки\b",
    ),
    ("без", r"\b(?:всем|им|семье|родным)\s+(?:\w+\s+){0,2}?лучше\s+без\s+меня\b"),
    ("навсегда", r"\bисчезнуть\s+навсегда\b"),
    (
        "прыгнуть спрыгнуть выброситься шагнуть",
        r"\b(?:прыгнуть|спрыгнуть|выброситься|шагнуть)\s+(?:с|из)\s+(?:крыши|моста|окна|балкона)\b",
    ),
    (
        "hang hanged hanging drown drowning poison poisoned poisoning suffocate strangle strangled",
        r"\b(?:hang|hanged|hanging|drown|drowning|poison|poisoned|poisoning|suffocate|strangle|"
        r"strangled)\s+myself\b",
    ),
    # Chat phrasings (tune batch 18): hurting oneself on purpose, a goodbye note, a plan, pills
    # put aside, wishing to be hit.
    (
        "burn burns burning hit hits hitting punch punching scratch scratching bite biting hurt",
        r"\b(?:burn|hit|punch|scratch|bite|hurt)(?:s|ing)?\s+myself\s+(?:[\w']+\s+){0,4}?"
        r"(?:until|till|when\s+(?:i|it)|to\s+(?:feel|cope|calm)|on\s+purpose)\b",
    ),
    (
        "goodbye suicide farewell",
        r"\b(?:wrote|writing|write|written|left|leaving)\s+(?:a|my|the|all\s+my)\s+"
        r"(?:goodbye|suicide|farewell)\s+(?:note|letter)s?\b",
    ),
    (
        "how",
        r"\b(?:thought|thinking|planned|planning|worked\s+out)\s+(?:about\s+)?how\s+"
        r"(?:i'?d|i\s+would|i'?ll|to)\s+(?:do|end)\s+it\b",
    ),
    ("end", r"\bend\s+it\s+(?:all|tonight|this\s+week(?:end)?|tomorrow|soon)\b"),
    (
        "stockpiling stockpile stockpiled saving saved hoarding hoarded stash stashing",
        r"\b(?:stockpil\w*|sav(?:e|ed|ing)\s+up|hoard\w*|stash\w*)\s+(?:all\s+)?(?:of\s+)?"
        r"(?:my\s+)?(?:old\s+)?(?:pills|meds|tablets|antidepressants|sleeping\s+pills|"
        r"painkillers|insulin)\b",
    ),
    (
        "wish",
        r"\bwish\s+(?:a|the|some)\s+(?:car|bus|truck|lorry|train)\s+would\s+(?:just\s+)?hit\s+me\b",
    ),
    (
        "without",
        r"\b(?:world|everyone|everybody|family|they)\s+(?:would|will|'d)\s+be\s+(?:so\s+much\s+|much\s+)?"
        r"(?:better|lighter|easier|happier)\s+(?:off\s+)?without\s+me\b",
    ),
    ("exist", r"\b(?:don'?t|do\s+not)\s+want\s+to\s+exist\b"),
    # Passive wishes not to live (tune batch 20): hoping not to wake, the others better off or
    # relieved once one is gone, death sounding peaceful. A subject that is a thing, a pet or a
    # team ("my houseplants would be better off without me") reads as a joke, not a wish.
    (
        "wake eyes comes",
        r"\b(?:hope|hoping|hopes|wish|wishing|pray|praying)\b[^.!?]{0,40}?\b(?:(?:not|never|won't|"
        r"wouldn't|don't)\s+(?:wake\s+up|open\s+my\s+eyes)(?!\s+(?:early|before|at|till|until|"
        r"late|with|in\s+time|on\s+time|the|my|your|his|her|our|their|him|them|us|anyone|anybody|"
        r"everyone|everybody|someone|somebody)\b)"
        r"|morning\s+(?:just\s+)?never\s+comes)\b",
    ),
    (
        "woke survived",
        r"\b(?:disappointed|sad|upset|gutted)\s+(?:that\s+)?i\s+(?:woke\s+up|survived)\b"
        r"(?!\s+(?:at\s+\d|so\s+early|this|before|late|early|to\s+(?:the|a|my)))",
    ),
    (
        "asleep sleep",
        r"\b(?:fell|fall|go|went|falling)\s+(?:to\s+)?(?:asleep|sleep)\s+and\s+(?:just\s+)?"
        r"(?:stayed\s+asleep|never\s+(?:woke|wake)|not\s+wake|skip(?:ped)?\s+the\s+rest\s+of\s+my\s+life)\b",
    ),
    (
        "miss notice care",
        r"\b(?:no\s+one|nobody|noone|no-one)\s+(?:would|will|'d)\s+(?:even\s+)?(?:really\s+)?"
        r"(?:miss\s+me\b(?!\s+(?:at|in|on|during|for|while|if\s+i\s+(?:left|skip|miss)))"
        r"|(?:notice|care)\s+(?:if|when)\s+i\s+(?:was\s+|were\s+|'m\s+|am\s+)?(?:gone|dead|died|"
        r"vanished|disappeared|not\s+(?:here|around|alive))\b)",
    ),
    (
        "happier easier lighter better",
        r"^(?!.*\b(?:plants?|houseplants?|cact(?:us|i|uses)|succulents?|orchids?|ferns?|basil|herbs?|"
        r"flowers?|bonsai|garden|cats?|dogs?|pets?|fish|team|project|code|"
        r"company|band|office|printer|class)\b)"
        r".*\b(?:would|will|'d)\s+(?:all\s+)?(?:be|have\s+it)\s+(?:so\s+much\s+|much\s+|a\s+lot\s+)?"
        r"(?:better|lighter|easier|happier)\b[^.!?]{0,30}?\b(?:without\s+me|(?:if|once|when)\s+"
        r"i(?:'m|\s+am|\s+was|\s+were)\s+(?:gone|dead|not\s+(?:here|around|alive))\b(?!\s+(?:for|on|to|"
        r"away|abroad|next|this))|if\s+i\s+(?:wasn't|weren't)\s+(?:here|around|in\s+the\s+picture|"
        r"alive)|with\s+me\s+(?:out\s+of\s+the\s+way|gone))",
    ),
    (
        "dead death dying",
        r"\b(?:being\s+dead|death|dying)\s+(?:sounds|seems|feels|would\s+be|looks)\s+(?:so\s+|kind\s+of\s+|"
        r"kinda\s+)?(?:peaceful|nice|like\s+a\s+relief|easier|better|restful|tempting)\b",
    ),
    (
        "relief funeral",
        r"\brelief\b[^.!?]{0,20}\bnot\s+(?:to\s+)?be\s+(?:around|alive|here)\s+any\s*more\b"
        r"|\bpictur\w*\s+my\s+(?:own\s+)?funeral\b",
    ),
    (
        "tired fighting trying",
        r"\btired\s+of\s+(?:fighting|trying)\s+to\s+(?:stay\s+alive|live|keep\s+(?:myself\s+)?alive)\b",
    ),
    ("painlessly pain", r"\bhow\s+to\s+(?:do\s+it|die|end\s+it)\s+(?:painlessly|without\s+pain)\b"),
)

# ---------------------------------------------------------------------------------------------
_ORIENTATION = (
    r"(?:gay|lesbian|bi|bisexual|pansexual|pan|asexual|ace|aromantic|demisexual|greysexual|"
    r"graysexual|queer|homosexual|trans|"
    r"transgender|non-?binary|enby|genderqueer|genderfluid|gender\s+fluid|intersex|a\s+trans\s+"
    r"(?:man|woman)|not\s+straight|questioning)"
)
_PARTNER = (
    r"(?:boyfriend|girlfriend|husband|wife|partner|crush|in\s+love|dating|date|dated|kissed|"
    r"fancy|fell\s+for)"
)
SEX_LIFE: tuple[tuple[str, str], ...] = (
    (
        "gay lesbian bi bisexual pansexual pan asexual ace aromantic demisexual greysexual "
        "graysexual queer homosexual trans "
        "transgender non binary nonbinary enby genderqueer genderfluid fluid intersex straight "
        "questioning",
        rf"\b{BE}\s+(?:an?\s+)?(?:still\s+|not\s+)?{_ADVERB}{_ORIENTATION}"
        r"(?:\s+(?:man|woman|guy|girl|person|dude|lady))?" + _END,
    ),
    (
        "came come coming comes out",
        r"\b(?:came|come|coming|comes)\s+out\s+(?:as|to|at)\b"
        # out together (tune batch 37): "the first time we're out as a couple"
        r"|\b(?:we're|we\s+are|we\s+were|being)\s+out\s+as\s+a\s+couple\b(?!\s+of)",
    ),
    ("closet closeted", r"\b(?:in|out\s+of)\s+the\s+closet\b|\bcloseted\b"),
    (
        "transitioning transition transitioned",
        r"\b(?:started|start|starting|began|am|i'm|is|she's|he's|been)\s+transition(?:ing|ed)?\b",
    ),
    (
        "both like too crush love dating date dated kissed fancy fell",
        rf"\b{_PARTNER}\b.*\b(?:both\s+(?:men|women|guys|girls|male|female)|(?:girl|guy|woman|man)"
        rf"\s+like\s+me|i'm\s+a\s+(?:woman|girl|guy|man)\s+too)\b"
        rf"|\b(?:both\s+(?:men|women|guys|girls)|(?:girl|guy|woman|man)\s+like\s+me)\b.*\b{_PARTNER}\b",
    ),
    (
        "guy man woman girl",
        rf"\b{_PARTNER}\b.*\bi'm\s+a\s+(?:guy|man|dude)\b(?=.*\b(?:boyfriend|husband)\b)"
        rf"|\b(?:boyfriend|husband)\b.*\(?i'm\s+a\s+(?:guy|man|dude)\b"
        rf"|\b(?:girlfriend|wife)\b.*\bi'm\s+a\s+(?:woman|girl)\b",
    ),
    ("grindr scruff her lex feeld", r"\b(?:grindr|scruff|feeld)\b|\bthe\s+(?:her|lex)\s+app\b"),
    (
        "hook hooking hooked hookup hookups",
        r"\bhook(?:ing|ed|s)?\s+up\s+with\b|\bhookups?\b",
    ),
    ("stand stands", r"\bone[\s-]night\s+stands?\b"),
    ("relationship relationships", r"\b(?:open|poly|polyamorous)\s+relationships?\b"),
    ("polyamorous polyamory poly", r"\bpolyamor(?:ous|y)\b|\b(?:we're|we\s+are|i'm|am)\s+poly\b"),
    (
        "threesome threesomes bdsm kink kinks kinky fetish fetishes",
        r"\b(?:threesomes?|bdsm|kinks?|kinky|fetish(?:es)?)\b",
    ),
    (
        "worker workers escort escorting onlyfans",
        r"\bsex\s+workers?\b|\bescorting\b|\b(?:do|does|doing|on|have|run)\s+onlyfans\b",
    ),
    (
        "sex virgin virginity",
        r"\bnever\s+had\s+sex\b|\b(?:i'm|im|i\s+am|is|still)\s+a\s+virgin\b|\bvirginity\b",
    ),
    (
        "bedroom",
        r"\b(?:stuff|things|problems|issues|experimenting|experiment|fun|spice|kinky)\s+"
        r"(?:\w+\s+)?in\s+the\s+bedroom\b",
    ),
    (
        "sex",
        r"\b(?:my|our|his|her|their)\s+sex\s+(?:life|drive)\b"
        r"|\bsex\s+with\s+(?:my|his|her|a|strangers)\b"
        r"|\b(?:haven't|have\s+not|hasn't|didn't|don't|never|we|i)\s+(?:had|have|having)\s+sex\b(?!\s+ed)",
    ),
    (
        "cheated cheating cheat affair",
        r"\b(?:cheated|cheating|cheat)\s+on\s+(?:my|his|her|their)\b|\b(?:having|had|have)\s+an\s+affair\b",
    ),
    (
        "sexuality orientation",
        r"\b(?:my|his|her|their)\s+(?:sexuality|sexual\s+orientation|gender\s+identity)\b",
    ),
    ("attracted", r"\battracted\s+to\s+(?:men|women|guys|girls|both|the\s+same\s+sex)\b"),
    (
        "into",
        r"\b(?:i'm|im|i\s+am|she's|he's|is)\s+(?:only\s+|also\s+|mostly\s+|just\s+)?into\s+"
        r"(?:men|women|guys|girls|dudes|both)\b",
    ),
    (
        "swing swingers swinger",
        r"\b(?:and\s+i|we)\s+swing\s*(?:$|[,.;!?])|\bswingers?\s+(?:club|party|parties|lifestyle)\b"
        r"|\b(?:we're|we\s+are)\s+swingers\b",
    ),
    ("sugar", r"\bsugar\s+(?:daddy|daddies|baby|babies|mommy|mummy)\b"),
    (
        "sex",
        r"\b(?:active|great|good|bad|boring|healthy|dead|non-?existent|amazing|no)\s+sex\s+life\b",
    ),
    # Chat phrasings (tune batch 18).
    (
        "pansexual pansexuel pansexuelle pansexuell demisexual omnisexual aromantic",
        r"\b(?:pansexu\w+|demisexual|omnisexual|aromantic)\b",
    ),
    ("trouble problems issues", r"\b(?:trouble|problems|issues)\s+in\s+(?:the\s+)?bed(?:room)?\b"),
    # A couple's sex life and a hidden relationship, said in passing.
    (
        "sleeping",
        r"\bwe(?:'ve|\s+have|'re|\s+are|\s+aren't|\s+haven't)?\s+(?:\w+\s+){0,2}?sleeping\s+"
        r"together\b(?!\s+in\s+(?:one|the|a)\s+(?:room|bed|tent))",
    ),
    ("secret", r"\b(?:a|my)\s+secret\s+(?:boyfriend|girlfriend|affair|lover|relationship)\b"),
)

# ---------------------------------------------------------------------------------------------
_FAITHS = (
    r"(?:muslim|moslem|christian|catholic|roman\s+catholic|protestant|jewish|a\s+jew|jew|hindu|"
    r"buddhist|sikh|atheist|agnostic|mormon|lds|jehovah's\s+witness|jehovah\s+witness|"
    r"evangelical|orthodox|baptist|methodist|anglican|lutheran|pentecostal|quaker|pagan|"
    r"wiccan|shia|shiite|sunni|religious|spiritual|a\s+believer|believer|scientologist|"
    r"rastafarian|rasta|jain|bahai|baha'i|zoroastrian|amish|adventist|seventh[\s-]day\s+"
    r"adventist|unitarian|presbyterian|calvinist|coptic|born[\s-]again(?:\s+christian)?|"
    r"christian\s+scientist|hare\s+krishna|taoist|shinto|druid|satanist)"
)
_FAITH_TRIGGERS = (
    "muslim moslem christian catholic protestant jewish jew hindu buddhist sikh atheist "
    "agnostic mormon lds jehovah's jehovah evangelical orthodox baptist methodist anglican "
    "lutheran pentecostal quaker pagan wiccan shia shiite sunni religious spiritual believer "
    "scientologist rastafarian rasta jain bahai baha'i zoroastrian amish adventist unitarian "
    "presbyterian calvinist coptic born taoist shinto druid satanist krishna"
)
_WORSHIP = (
    r"(?:church|mass|mosque|synagogue|shul|temple|gurdwara|kingdom\s+hall|chapel|service|"
    r"services|prayers|friday\s+prayers|bible\s+study|confession)"
)
RELIGION: tuple[tuple[str, str], ...] = (
    (
        _FAITH_TRIGGERS,
        # "… name is Christian" names a person, not a faith.
        rf"(?<!\bname\s)\b(?:{BE}|became|become|becoming|turned)\s+(?:an?\s+)?(?:not\s+|no\s+longer\s+|still\s+)?"
        r"(?:(?:practising|practicing|devout|"
        r"observant|lapsed|non-?practising|non-?practicing|strict|proud|committed|orthodox|"
        r"secular|cultural|culturally|ex|former|lifelong|very|quite|deeply|fairly|pretty|a\s+bit)\s+)?"
        rf"{_FAITHS}\b",
    ),
    (
        _FAITH_TRIGGERS,
        rf"\b(?:raised|brought\s+up|born|grew\s+up)\s+(?:as\s+)?(?:an?\s+)?{_FAITHS}\b",
    ),
    (
        "church mass mosque synagogue shul temple gurdwara hall chapel service services prayers "
        "study confession",
        r"\b(?:go|goes|going|went|attend|attends|attending|attended|pray|prays|praying)\s+"
        rf"(?:to|at|in)?\s*(?:the\s+|my\s+|our\s+|a\s+local\s+)?{_WORSHIP}\b"
        r"(?!\s+(?:for\s+(?:a|my|our|his|her|their)\s+(?:friend|cousin|wedding|funeral)|"
        r"wedding|funeral|concert))",
    ),
    (
        "church mosque synagogue temple parish congregation pastor imam rabbi priest vicar "
        "minister guru faith religion",
        r"(?<!\bis\s)(?<!\bare\s)\b(?:my|our)\s+(?:local\s+)?(?:church|mosque|synagogue|temple|"
        r"parish|congregation|pastor|imam|rabbi|priest|vicar|minister|guru|faith|religion)\b"
        r"(?<!faith(?=\s+in\s+(?:humanity|people|you|him|her|them|myself|the\s+(?:team|system))\b))",
    ),
    (
        "pray prays prayed praying",
        r"\bpray(?:s|ed|ing)?\s+(?:[\w']+\s+){0,3}?(?:every|daily|times\s+a\s+day|to\s+(?:god|allah|"
        r"jesus|mary|the\s+lord)|before\s+(?:meals|bed|eating)|the\s+rosary|at\s+(?:the\s+)?"
        r"(?:mosque|church|temple))\b|\b(?:i|we)\s+pray\s*(?:$|[.!,])",
    ),
    (
        "ramadan lent yom kippur fast fasting",
        r"\b(?:fast|fasting|fasted|observe|observing|keep|keeping)\s+(?:for|during)?\s*"
        r"(?:the\s+)?(?:ramadan|lent|yom\s+kippur|navratri|ekadashi)\b"
        r"|\b(?:ramadan|lent)\s+(?:fast|fasting)\b",
    ),
    (
        "kosher halal",
        r"\b(?:keep|keeps|kept|keeping|eat|eats|only\s+eat)\s+(?:only\s+)?(?:kosher|halal)\b",
    ),
    (
        "hijab niqab burqa burka turban kippah kippa yarmulke headscarf cross",
        r"\b(?:wear|wears|wearing|wore|started\s+wearing)\s+(?:a|the|my|her|his)\s+"
        r"(?:hijab|niqab|burqa|burka|turban|kippah|kippa|yarmulke|headscarf|cross)\b",
    ),
    (
        "bible quran koran torah scripture gita",
        r"\b(?:read|reads|reading|study|studies|studying|recite|recites)\s+(?:the\s+)?(?:bible|quran|"
        r"koran|qur'an|torah|scripture|scriptures|gita|bhagavad\s+gita)\s+(?:every|daily|each|at|"
        r"before|with\s+my)\b",
    ),
    (
        "convert converted converting",
        r"\bconvert(?:ed|ing|s)?\s+to\s+(?:islam|judaism|christianity|catholicism|buddhism|hinduism|"
        r"sikhism|orthodoxy|mormonism)\b",
    ),
    (
        "faith god gods believe belief beliefs",
        r"\b(?:lost|losing|found|finding|keep|kept|my|his|her|their)\s+(?:my\s+|his\s+|her\s+)?faith\b"
        r"(?!\s+in\s+(?:humanity|people|the\s+(?:team|system|government)))"
        r"|\b(?:don't|dont|do\s+not|doesn't|never)\s+believe\s+in\s+(?:any\s+)?(?:god|gods|religion|an\s+afterlife)\b"
        r"|\bbeliev(?:e|es|ed|ing)\s+in\s+(?:god|allah|jesus|the\s+lord|reincarnation|karma|"
        r"an\s+afterlife)\b"
        r"|\bgod\s+is\s+(?:the\s+cent(?:re|er)|everything|my|at\s+the)\b"
        r"|\b(?:my|his|her|their)\s+(?:religious\s+)?beliefs?\b",
    ),
    (
        "church scientology baptised baptized mitzvah confirmation",
        r"\bchurch\s+of\s+(?:scientology|jesus\s+christ|latter|england|scotland)\b"
        r"|\b(?:got|was|been|getting)\s+(?:baptised|baptized)\b|\b(?:bar|bat)\s+mitzvah\b",
    ),
    ("religious", r"\b(?:not|non)[\s-]religious\b"),
    (
        "sabbath shabbat shabbos",
        r"\b(?:keep|keeps|kept|keeping|observe|observes|observing)\s+(?:the\s+)?"
        r"(?:sabbath|shabbat|shabbos)\b",
    ),
    ("faith", r"\b(?:my\s+)?faith\s+(?:keeps|kept|gets|got|helps|helped|carries|carried)\s+me\b"),
    (
        "religion faith god prayer church",
        r"\b(?:religion|faith|god|prayer|church|islam|my\s+faith)\s+(?:is|means)\s+(?:[\w']+\s+){0,4}?"
        r"(?:part\s+of\s+(?:my|our)\s+(?:life|lives)|to\s+me|in\s+my\s+life|for\s+me|everything)\b",
    ),
    # Chat phrasings (tune batch 18).
    (
        "prayers jummah jumah masjid",
        r"\b(?:go\s+to|do|attend|pray\s+at|went\s+to)\s+(?:\w+\s+){0,2}?(?:friday\s+prayers|"
        r"jumu?'?ah|the\s+masjid)\b",
    ),
    (
        "mass",
        r"\b(?:go|goes|went|going|attend\w*|take\s+\w+(?:\s+\w+)?|took\s+\w+(?:\s+\w+)?)\s+"
        r"to\s+mass\b",
    ),
    # Observance said in passing (tune batches 20, 24, 26): "lent starts, so no …", "we light
    # the menorah", "i do my prayers on a mat", "we're observant".
    (
        "lent",
        r"\blent\s+(?:starts|begins|started)\b[^.;!?]*\b(?:no|without)\b",
    ),
    # Lent kept, said in passing: "giving up crisps for Lent", "no meat for me, it's Lent"
    # (not "lent" the verb: "she lent me her car").
    (
        "lent",
        r"\b(?:give|gave|giving|given|gives)\s+up\s+(?:[\w'-]+\s+){1,3}?for\s+lent\b"
        r"|\b(?:it'?s|during|over|for)\s+lent\b(?!\s+(?:me|him|her|us|them|you|it|to|out|a|an|the)\b)"
        r"[^.;!?]*$",
    ),
    # Observance kept by oneself or one's children, said in passing (tune batches 31, 35):
    # "my kids go to Sunday school", "never miss Sunday mass", "we do the puja at home".
    (
        "sunday miss misses missed puja pooja",
        r"\b(?:go|goes|went|going|take|takes|took|send|sends|sent)\s+(?:\w+\s+){0,2}?(?:to\s+)?"
        r"sunday\s+school\b(?!\s+(?:teacher|building|hall|room))"
        r"|\bnever\s+miss(?:es|ed)?\s+(?:a\s+|the\s+)?(?:sunday\s+|friday\s+|morning\s+)?"
        r"(?:mass|church|service|prayers|shabbat|jumu?'?ah)\b"
        r"|\b(?:i|we)\s+(?:\w+\s+)?(?:do|does|did|perform|performed)\s+(?:\w+\s+){0,2}?"
        r"(?:puja|pooja)\b",
    ),
    (
        "menorah candles diya diyas",
        r"\b(?:light|lit|lighting|lights)\s+(?:the\s+|our\s+)?(?:menorah|hanukkah\s+candles|"
        r"shabbat\s+candles|diyas?)\b",
    ),
    (
        "prayers namaz salah salat rosary",
        r"\b(?:do|does|did|say|says|said|doing|saying)\s+(?:my|our)\s+(?:daily\s+)?(?:prayers|"
        r"namaz|salah|salat|rosary)\b",
    ),
    (
        "observant",
        r"\b(?:we're|we\s+are|i'm|i\s+am)\s+(?:very\s+|quite\s+)?observant\s*(?:$|[,.;!])",
    ),
    (
        "left leaving quit renounced",
        r"\b(?:left|leaving|quit|renounced)\s+(?:islam|christianity|judaism|mormonism|"
        r"my\s+(?:faith|religion))\b",
    ),
)

# ---------------------------------------------------------------------------------------------
_PARTIES = (
    r"(?:labour|labor|tory|tories|conservatives?|republicans?|democrats?|dems|greens?|"
    r"lib\s+dems?|liberal\s+democrats?|liberals?|snp|plaid|reform(?:\s+uk)?|ukip|leave|remain|"
    r"brexit|trump|biden|harris|obama|clinton|sanders|bernie|aoc|desantis|macron|le\s+pen|"
    r"melenchon|mélenchon|afd|cdu|csu|spd|fdp|die\s+linke|bsw|podemos|sumar|vox|psoe|pp|chega|"
    r"bloco|psd|lula|bolsonaro|milei|modi|bjp|ndp|maga|sinn\s+fein|sinn\s+féin|dup|"
    r"the\s+(?:\w+\s+)?party|fidesz|pis|m5s|lega|meloni|wilders|pvv|corbyn|starmer|farage|"
    r"sunak|johnson|the\s+left|the\s+right)"
)
_PARTY_TRIGGERS = (
    "labour labor tory tories conservative conservatives republican republicans democrat "
    "democrats dems green greens lib liberal liberals snp plaid reform ukip leave remain brexit "
    "trump biden harris obama clinton sanders bernie aoc desantis macron le pen melenchon "
    "mélenchon afd cdu csu spd fdp linke bsw podemos sumar vox psoe pp chega bloco psd lula "
    "bolsonaro milei modi bjp ndp maga sinn dup party fidesz pis m5s lega meloni wilders pvv "
    "corbyn starmer farage sunak johnson left right"
)
_LEANINGS = (
    r"(?:republican|democrat|conservative|liberal|socialist|social\s+democrat|communist|marxist|"
    r"leninist|maoist|anarchist|libertarian|tory|leftist|lefty|progressive|centrist|nationalist|"
    r"fascist|monarchist|republican|trumpist|maga|populist|neoliberal|labour|zionist|"
    r"anti-?zionist|separatist|unionist|loyalist|feminist|eco-?socialist|far[\s-]left|far[\s-]right|"
    r"left[\s-]wing|right[\s-]wing|centre[\s-]left|center[\s-]left|centre[\s-]right|"
    r"center[\s-]right|left[\s-]leaning|right[\s-]leaning|(?:very|pretty|quite|fairly|so)\s+"
    r"(?:left|right|liberal|conservative))"
)
_LEANING_TRIGGERS = (
    "republican democrat conservative liberal socialist communist marxist leninist maoist "
    "anarchist libertarian tory leftist lefty progressive centrist nationalist fascist "
    "monarchist trumpist maga populist neoliberal labour zionist anti separatist unionist "
    "loyalist feminist eco far left right wing centre center leaning"
)
POLITICS: tuple[tuple[str, str], ...] = (
    (
        "vote votes voted voting voter voters",
        rf"\b(?:vote|votes|voted|voting|always\s+vote|will\s+vote)\s+(?:for\s+)?(?:the\s+)?{_PARTIES}\b"
        rf"|\b{_PARTIES}\s+voters?\b",
    ),
    (
        _LEANING_TRIGGERS,
        rf"\b{BE}\s+(?:an?\s+)?(?:(?:lifelong|registered|proud|staunch|die-?hard|card-?carrying|"
        r"committed|true|hardcore|moderate|radical|life-?long|very|pretty|quite|fairly|kind\s+of|"
        rf"kinda|a\s+bit|an?)\s+)*{_LEANINGS}\b"
        r"(?:\s+(?:on\s+\w+|voter|supporter|activist|member|through\s+and\s+through))?",
    ),
    (
        "politics political views",
        r"\b(?:my|his|her|their)\s+(?:politics|political\s+(?:views|beliefs|leanings|opinions|party))\b|\bpolitically\s+(?:i'm|im|i\s+am|she's|he's)\b",
    ),
    (
        "member members party",
        r"\b(?:member|members)\s+of\s+the\s+(?:[\w'-]+\s+){1,3}party\b"
        r"|\bparty\s+(?:member|membership|card)\b",
    ),
    (
        "donate donates donated donating",
        rf"\bdonat(?:e|es|ed|ing)\s+(?:\w+\s+)?to\s+(?:the\s+)?(?:{_PARTIES}|[\w'-]+\s+(?:party|campaign))\b",
    ),
    (
        "campaign campaigned campaigning canvass canvassed canvassing",
        rf"\b(?:campaign(?:ed|ing|s)?|canvass(?:ed|ing)?)\s+for\s+(?:the\s+)?(?:{_PARTIES}|\w+\s+in\s+\d{{4}}|[\w'-]+\s+(?:party|campaign))\b",
    ),
    # Leaflets for a party or a candidate ("handed out flyers for the labour candidate").
    (
        "flyers leaflets fliers pamphlets leafleted leafleting leafletted leafletting",
        rf"\b(?:flyers|leaflets|fliers|pamphlets)\s+for\s+(?:the\s+|a\s+)?(?:{_PARTIES}|"
        r"[\w'-]+\s+(?:candidate|party|campaign|mp|councillor))\b"
        rf"|\bleaflett?(?:ed|ing)\s+for\s+(?:the\s+)?(?:{_PARTIES}|[\w'-]+\s+(?:candidate|party|campaign))\b",
    ),
    (
        "support supports supported supporting",
        rf"\bsupport(?:s|ed|ing)?\s+(?:the\s+)?{_PARTIES}\b(?!\s+(?:fans?|team))",
    ),
    (
        "protest protests rally rallies march marches marched demonstrations demos",
        r"\b(?:go|goes|going|went|attend|attends|attended|join|joined|march|marches|marched|"
        r"marching)\s+(?:to|at|in)\s+(?:every\s+|the\s+|a\s+|all\s+the\s+)?(?:\w+\s+)?"
        r"(?:protests?|rally|rallies|marches|demonstrations?|demos?)\b",
    ),
    ("rebellion", r"\bextinction\s+rebellion\b"),
    (
        "pro anti",
        rf"\b{BE}\s+(?:very\s+|strongly\s+|pretty\s+)?(?:pro|anti)[\s-]"
        r"(?:brexit|eu|trump|life|choice|abortion|palestine|palestinian|israel|immigration|"
        r"monarchy|gun|guns|union)\b",
    ),
    ("activist activists", rf"\b{BE}\s+an?\s+(?:[\w-]+\s+){{0,2}}activist\b"),
    (
        "supporter supporters voter voters activist activists fan",
        rf"\b{_PARTIES}\s+(?:supporter|supporters|voter|voters|activist|activists|fan)\b",
    ),
    # Chat phrasings (tune batch 18).
    (
        "committee branch",
        rf"\b(?:on|in)\s+(?:the|my|our)\s+(?:local\s+)?{_PARTIES}\s+(?:party\s+)?(?:committee|branch)\b",
    ),
    (
        "young jusos junge",
        r"\b(?:member\s+of|in|joined)\s+(?:the\s+)?(?:young\s+(?:liberals|conservatives|greens|"
        r"labour|republicans|democrats|socialists)|jusos|junge\s+union|junge\s+liberale)\b",
    ),
    ("knocked knocking", r"\bknock(?:ed|ing)\s+(?:on\s+)?doors\s+for\s+(?!charity\b)"),
    (
        _LEANING_TRIGGERS,
        rf"^(?:a\s+)?(?:proud|lifelong|staunch|die-?hard)\s+{_LEANINGS}\b",
    ),
)

# ---------------------------------------------------------------------------------------------
_UNIONS = (
    r"(?:unite|gmb|unison|teamsters?|nea|aft|seiu|uaw|afl-?cio|verdi|ver\.di|ig\s+metall|cgt|"
    r"cfdt|ccoo|ugt|rmt|neu|nasuwt|ucu|cwu|usdaw|bma|rcn|pcs|aslef|fbu|nurses\s+united|cupe|"
    r"afscme|ibew|ilwu|fnv|cgil)"
)
_UNION_TRIGGERS = (
    "unite gmb unison teamsters teamster nea aft seiu uaw afl cio verdi ver ig metall cgt cfdt "
    "ccoo ugt rmt neu nasuwt ucu cwu usdaw bma rcn pcs aslef fbu nurses cupe afscme ibew ilwu "
    "fnv cgil"
)
UNION: tuple[tuple[str, str], ...] = (
    (
        "union unions",
        r"\b(?:member|members|membership)\s+of\s+(?:the|a|my|our)\s+(?:[\w'-]+\s+){0,2}?unions?\b"
        r"|\b(?:joined|join|joining|in|belong|belongs|belonged|organi[sz](?:e|es|ed|ing)|form|"
        r"forming|formed|start|starting|started|unionising|unionizing)\s+(?:to\s+)?(?:a|the|my|"
        r"our)\s+(?:(?!european|student|students'?|credit|rugby|soviet|postal|african|customs|"
        r"civil|monetary|banking)[\w'-]+\s+){0,2}?unions?\b"
        r"|(?<!credit\s)(?<!student\s)\bunion\s+(?:rep|reps|representative|dues|card|member|"
        r"membership|steward|official|"
        r"meeting|meetings|organi[sz]er|delegate|branch)\b"
        r"|\b(?:trade|labou?r)\s+unionist\b",
    ),
    ("steward stewards", r"\bshop\s+stewards?\b"),
    ("committee", r"\bstrike\s+committee\b"),
    ("union", rf"\b{BE}\s+union\b(?:\s+member)?" + _END),
    (
        _UNION_TRIGGERS,
        rf"\b(?:joined|join|member\s+of|belong\s+to|rep\s+for|steward\s+for|in)\s+(?:the\s+)?{_UNIONS}\b"
        rf"|\b{_UNIONS}\s+(?:member|members|membership|rep|steward)\b",
    ),
    ("unionized unionised", r"\bunioni[sz]ed\b"),
    ("unionist unionists", r"\b(?:trade|labou?r)\s+unionists?\b"),
    # Not a union of friends or of families ("my union of friends from school", tune batch 11).
    (
        "union",
        r"\b(?:my|our)\s+union\b(?!\s+(?:jack|square|station|of\s+(?:\w+\s+){0,2}?(?:friends|mates|"
        r"pals|families|souls|hearts|minds|two)\b))",
    ),
    # German, Spanish, French and Russian: membership said of a person, not a union in the news
    # ("die Gewerkschaft ruft zum Streik auf", "le syndicat des copropriétaires").
    (
        "gewerkschaft gewerkschaftlich gewerkschaftsmitglied gewerkschafter gewerkschafterin "
        "gewerkschaftsbeitrag gewerkschaftsbeiträge ver verdi metall gew evg ngg",
        r"\b(?:meine[rm]?|unsere[rm]?)\s+gewerkschaft\b|\bgewerkschaftlich\s+organisiert\b"
        r"|\bgewerkschaftsmitglied\b|\bgewerkschaftsbeitr(?:ag|äge)\b"
        r"|\b(?:bin|ist|sind|war|wurde|bleibe)\s+(?:\w+\s+){0,3}?(?:gewerkschafter(?:in)?\b|in\s+der\s+"
        r"gewerkschaft\b)|\b(?:in\s+die|der)\s+gewerkschaft\s+(?:\w+\s+)?(?:eingetreten|beigetreten)\b"
        r"|\bmitglied\s+(?:der|in\s+der|bei\s+der|bei|von)\s+(?:gewerkschaft|ver\.?\s?di|ig\s+metall|"
        r"gew|evg|ngg|ig\s+bce)\b|\bbei\s+(?:ver\.?\s?di|der\s+ig\s+metall)\s+(?:organisiert|"
        r"mitglied)\b",
    ),
    (
        "sindicato sindical sindicalista ccoo ugt cnt csif comisiones afiliado afiliada "
        "afiliados afiliadas afilié afiliarme",
        r"\b(?:afiliad[oa]s?|me\s+afilié|me\s+he\s+afiliado|me\s+he\s+afiliada|afiliarme)\s+"
        r"(?:a|al|en)\s+(?:un\s+|el\s+|la\s+)?(?:sindicato|ccoo|ugt|cgt|cnt|csif|comisiones\s+"
        r"obreras)\b|\b(?:estoy|soy|sigo|entré|entro|estuve|está|es)\s+en\s+(?:el|un)\s+sindicato\b"
        r"|\bdelegad[oa]s?\s+(?:sindical(?:es)?|del\s+sindicato)\b|\bcuota\s+(?:sindical|del\s+"
        r"sindicato|de\s+(?:ccoo|ugt|cgt|cnt))\b|\bmi\s+sindicato\b|\b(?:soy|es)\s+sindicalista\b",
    ),
    (
        "syndiqué syndiquée syndiqués syndiquées syndical syndicale syndicaux syndicales "
        "syndicat syndicaliste adhérent adhérente adhère membre",
        r"\b(?:suis|es|est|sommes|sont|était|étais)\s+(?:\w+\s+){0,2}?syndiqu[ée]e?s?\b"
        r"|\bdélégu[ée]e?s?\s+(?:syndica(?:l|le|ux|les)|du\s+personnel)\b"
        r"|\b(?:carte|cotisation)\s+(?:syndicale|au\s+syndicat)\b"
        r"|\b(?:adhérente?|adhère|adhéré|membre)\s+(?:à|au|de|du|d')\s*(?:la\s+|l')?(?:syndicat|"
        r"cgt|cfdt|fo|force\s+ouvrière|unsa|fsu|snes|cfe-cgc)\b(?!\s+(?:des\s+copropriétaires|"
        r"d'initiative|de\s+copropriété|intercommunal|mixte))"
        r"|\bmon\s+syndicat\b(?!\s+(?:de\s+copropriété|des\s+copropriétaires))"
        r"|\b(?:suis|est)\s+syndicaliste\b",
    ),
    (
        "профсоюз профсоюза профсоюзе профсоюзу профсоюзом профсоюзы профсоюзов профсоюзный "
        "профсоюзная профсоюзные профсоюзных профсоюзного профсоюзной профорг профорга "
        "профоргом профоргу",
        r"\b(?:состою|состоит|состоим|состоял[аи]?|вступил[аи]?|вступила|вступаю|вступлю|"
        r"член[аом]?|членом|членство)\s+(?:\w+\s+){0,2}?(?:в\s+)?профсоюз\w*"
        r"|\bпрофсоюзн\w+\s+(?:взнос\w*|билет\w*|активист\w*)|\bпрофорг\w*"
        r"|\b(?:мой|моём|моем|нашем|наш)\s+профсоюз\w*"
        r"|\b(?:я|мы|он|она|они)\s+(?:\w+\s+){0,2}?в\s+профсоюзе\b",
    ),
    # Chat phrasings (tune batch 18).
    ("bargaining", r"\bbargaining\s+(?:committee|team|unit)\b"),
    (
        "signed union",
        r"\bsigned\s+up\s+(?:with|for|to)\s+(?:the|a|my|our)\s+(?:\w+\s+)?union\b",
    ),
)

# ---------------------------------------------------------------------------------------------
_OFFENCES = (
    r"(?:shoplifting|theft|stealing|robbery|burglary|fraud|assault|battery|drink[\s-]driving|"
    r"drunk[\s-]driving|dui|dwi|possession|dealing|drug\s+\w+|arson|vandalism|criminal\s+damage|"
    r"manslaughter|murder|embezzlement|tax\s+evasion|money\s+laundering|domestic\s+violence|"
    r"harassment|stalking|speeding|trespassing|gbh|abh|affray|smuggling|trafficking)"
)
CRIMINAL: tuple[tuple[str, str], ...] = (
    ("criminal", r"\bcriminal\s+(?:record|records|conviction|convictions|charges?|past|history)\b"),
    (
        "arrested arrest convicted conviction convictions charged sentenced jailed imprisoned "
        "indicted prosecuted locked booked",
        rf"\b(?:was|were|got|been|get|getting|i|he|she|they)\s+(?:\w+\s+)?(?:arrested|convicted|charged|"
        r"sentenced|jailed|imprisoned|indicted|prosecuted|locked\s+up|"
        r"booked(?!\s+(?:a|an|the|my|our|tickets?|flights?|tables?|in|into|for\s+(?:a|the|two|"
        r"dinner|lunch))\b))\b"
        rf"|\b(?:conviction|convictions|arrest|arrested|charged|convicted)\s+for\s+{_OFFENCES}\b"
        r"|\b(?:a|my|his|her|previous|prior|past|spent|an\s+old)\s+(?:\w+\s+)?convictions?\b",
    ),
    (
        "prison jail gaol cell custody juvie detention",
        r"\b(?:in|to|from|out\s+of|got\s+out\s+of|released\s+from|did|served|spent|doing)\s+"
        r"(?:\w+\s+){0,3}?(?:prison|jail|gaol|juvie|juvenile\s+detention|custody|a\s+cell|the\s+cells|"
        r"a\s+police\s+cell|young\s+offenders)\b",
    ),
    (
        "time sentence sentences",
        r"\b(?:did|served|serving|doing|done)\s+(?:\w+\s+){0,2}?(?:time|a\s+sentence|(?:a\s+)?\w+[\s-]year\s+sentence)\b"
        r"|\b(?:suspended|prison|jail|custodial|life|community)\s+sentences?\b",
    ),
    ("probation parole bail", r"\bon\s+(?:probation|parole|bail|licence|license)\b"),
    (
        "dui dwi",
        r"\b(?:a|my|his|her|got|two|three|second|first)\s+(?:dui|dwi)s?\b|\b(?:dui|dwi)\s+(?:charge|conviction|arrest)\b",
    ),
    (
        "caution cautioned",
        r"\b(?:police\s+)?caution\s+(?:from|by)\s+the\s+police\b|\bpolice\s+caution\b|\bcautioned\s+(?:by|for)\b",
    ),
    ("offender offenders", r"\b(?:sex|registered|young|repeat|violent|ex)[\s-]offenders?\b"),
    ("trial", r"\b(?:awaiting|await|facing|on)\s+trial\b"),
    ("tag monitor", r"\b(?:electronic|ankle)\s+(?:tag|monitor)\b"),
    (
        "guilty",
        r"\b(?:found|pleaded|pled|plead|pleading)\s+guilty\b",
    ),
    (
        "done nicked busted",
        rf"\b(?:done|nicked|busted|pulled\s+in|picked\s+up)\s+(?:by\s+the\s+police\s+)?for\s+"
        rf"{_OFFENCES}\b",
    ),
    (
        "caught",
        r"\bcaught\s+(?:stealing|shoplifting|dealing|drink[\s-]driving|with\s+(?:drugs|weed|coke|a\s+knife))\b",
    ),
    ("record", r"\b(?:my|his|her|their|a|clean|no)\s+(?:police|criminal)\s+record\b"),
    (
        "record conviction convictions charge charges arrest offence offense",
        rf"\brecord\s+for\s+{_OFFENCES}\b"
        rf"|\b{_OFFENCES}\s+(?:conviction|charge|arrest|offence|offense)s?\b",
    ),
    (
        "community service",
        r"\bcommunity\s+service\s+(?:for|order|hours)\b|\b(?:doing|did|do)\s+community\s+service\b"
        # "community service every saturday till august": a sentence being served.
        r"|\bcommunity\s+service\s+(?:every|each)\s+\w+\s+(?:till|until|for)\b",
    ),
    ("restraining order", r"\brestraining\s+order\s+against\s+(?:me|him|her|them|my)\b"),
    # Time served said by its length and the offence (tune batch 37): "did six months for
    # assault", "got two years for burglary".
    (
        "did served got spent months years",
        r"\b(?:did|served|got|spent|doing|serving)\s+(?:\w+\s+){0,2}?(?:months?|years?)\s+"
        rf"(?:inside\s+)?for\s+{_OFFENCES}\b",
    ),
    (
        "inside",
        r"\b(?:months?|years?|weeks?|time)\s+inside\s+for\b"
        r"|\b(?:spent|did|served)\s+(?:\w+\s+){1,3}inside\s*(?:$|[,.;!?]|\bfor\b)",
    ),
    (
        "court",
        rf"\bcourt\s+case\s+for\s+{_OFFENCES}\b|\b(?:pending|upcoming|criminal)\s+court\s+case\b",
    ),
    # Chat phrasings (tune batch 18).
    ("bail", r"\b(?:out\s+on|on|made|posted|granted|got)\s+bail\b"),
    ("busted", r"\bgot\s+busted\s+(?:for|with)\b"),
    ("caution", r"\bpolice\s+caution\b|\bcaution\s+from\s+the\s+police\b"),
    ("doing time", r"\bdoing\s+time\b"),
)
#: Checked on the text before near misses are blanked ("works as an escort" looks like a job).
SEX_LIFE_RAW: tuple[tuple[str, str], ...] = (
    (
        "escort stripper camgirl cam sex",
        r"\b(?:work|works|working|worked)\s+as\s+an?\s+(?:escort|sex\s+worker|stripper|"
        r"cam\s+girl|camgirl|cam\s+model)\b",
    ),
)
#: Checked on the text before near misses are blanked ("I sell weed" looks like a trade).
CRIMINAL_RAW: tuple[tuple[str, str], ...] = (
    (
        "sell sells sold selling deal deals dealt dealing",
        r"\b(?:sell|sells|sold|selling|deal|deals|dealt|dealing)\s+(?:some\s+)?(?:weed|drugs|coke|"
        r"cocaine|pills|molly|mdma|meth|heroin|pot|ketamine|steroids)\b",
    ),
    # "my probation officer" reads like a job before near misses are blanked.
    ("probation parole", r"\b(?:my|his|her)\s+(?:probation|parole)\s+officer\b"),
)

# ---------------------------------------------------------------------------------------------
IMMIGRATION: tuple[tuple[str, str], ...] = (
    ("undocumented", r"\bundocumented\b"),
    (
        "illegal illegally immigrant immigrants alien aliens",
        r"\billegal\s+(?:immigrants?|aliens?|migrants?|status)\b"
        r"|\b(?:illegally|without\s+(?:a\s+)?(?:visa|papers|permission))\s*(?:$|[,.;!?]|\b(?:in|here|since|for)\b)"
        r"|\b(?:came|come|entered|crossed|living|live|lives|stay|stayed|staying|work|working|"
        r"here|am|is|are)\s+(?:\w+\s+){0,3}?illegally\b",
    ),
    ("overstay overstayed overstaying overstays", r"\boverstay(?:ed|ing|s)?\b"),
    (
        "asylum",
        rf"\b{BE}\s+an?\s+asylum\s+seeker\b|\basylum\s+(?:claim|application|case|interview|"
        r"hearing|status|request|appeal)\b|\b(?:seeking|seek|sought|applying\s+for|applied\s+for|"
        r"apply\s+for|claim|claimed|claiming|granted|got|get|refused|denied)\s+asylum\b",
    ),
    (
        "refugee",
        rf"\b{BE}\s+(?:an?\s+|still\s+an?\s+)?refugees?\b|\brefugee\s+status\b|\bas\s+a\s+refugee\b",
    ),
    ("deported deportation deport deporting", r"\bdeport(?:ed|ation|ing)?\b(?!\s+(?:lawyer|law))"),
    (
        "papers status",
        r"\b(?:no|don't\s+have|dont\s+have|without|haven't\s+got|never\s+had)\s+(?:any\s+)?"
        r"(?:legal\s+)?(?:papers|documents|status|residency)\b(?=\s*(?:$|[,.;!?]|\b(?:here|in|yet|to)\b))",
    ),
    ("daca dreamer dreamers", r"\bdaca\b|\b{be}\s+a\s+dreamer\b".replace("{be}", BE)),
    ("stateless", rf"\b{BE}\s+stateless\b"),
    (
        "right",
        r"\bno\s+(?:legal\s+)?right\s+to\s+(?:work|live|stay|be|remain)\s+(?:here|in)\b",
    ),
    (
        "visa revoked cancelled canceled refused",
        r"\b(?:visa|permit|residency|green\s+card)\s+(?:was|got|has\s+been|is\s+being)\s+"
        r"(?:revoked|cancelled|canceled|refused|denied)\b|\bno\s+visa\b",
    ),
    (
        "removal detention raid order",
        r"\b(?:removal\s+order|immigration\s+(?:detention|raid|hearing|court|status|case))\b|\bdetention\s+cent(?:re|er)\b",
    ),
    (
        "ice immigration force",
        r"\b(?:ice|immigration|border\s+force)\s+(?:detained|arrested|raided|took|picked\s+up|"
        r"deported)\b",
    ),
    (
        "papers",
        r"\b(?:no|don't\s+have|dont\s+have|without)\s+(?:any\s+)?(?:legal\s+)?papers\s+to\s+"
        r"(?:work|stay|live)\b",
    ),
    (
        "visa",
        r"\bon\s+an?\s+(?:spousal|spouse|student|work|tourist|dependant|dependent|partner|"
        r"fianc[eé]e?|temporary|skilled\s+worker|humanitarian|expired)\s+visa\b",
    ),
    # Chat phrasings (tune batch 18).
    (
        "refugee refugees",
        r"\b(?:i'?m|i\s+am|we'?re|we\s+are|was|were|he'?s|she'?s)\s+(?:a\s+)?(?:\w+\s+)?refugees?\b",
    ),
    ("bridging", r"\bbridging\s+visa\b"),
    ("illegally", r"\bcross\w*\s+(?:the\s+)?border\s+illegally\b"),
    ("papers", r"\bpapers\s+(?:are\s+)?(?:still\s+)?(?:pending|being\s+processed)\b"),
)

# ---------------------------------------------------------------------------------------------
#: Words that say a statement is told in confidence: the statement stays private, whatever it is.
CONFIDED: tuple[tuple[str, str], ...] = (
    (
        "tell anyone anybody",
        r"\b(?:don't|dont|do\s+not|please\s+don't|never)\s+tell\s+(?:anyone|anybody|a\s+soul|"
        r"my\s+\w+|the\s+others|the\s+group)\b",
    ),
    (
        "secret secrets",
        r"\bkeep\s+(?:this|it|that)\s+(?:a\s+)?secret\b|\bmy\s+(?:big\s+)?secret\s+is\b",
    ),
    ("between", r"\b(?:just\s+)?between\s+(?:us|you\s+and\s+me|me\s+and\s+you)\b"),
    ("told", r"\bnever\s+told\s+(?:anyone|anybody)\b|\bhaven't\s+told\s+(?:anyone|anybody)\b"),
    ("confidential", r"\b(?:this\s+is|it's|strictly)\s+confidential\b"),
)
