"""Pure checks that decide whether a statement may become a fact, and how its text must read.

Shared by every extractor (the rules now, the LLM's output later): ephemeral instructions
(seed 004), questions, hypotheticals, sensitive values (seed 001 §8, re-exported from
``sensitive``) and the writing constraints of seed 003 §9.
"""

from __future__ import annotations

import re
import unicodedata

from memory_core.extract.base import MAX_VALUE_TEXT
from memory_core.extract.sensitive import (
    REDACTED,
    SensitiveSpan,
    find_sensitive,
    iban_valid,
    luhn_valid,
    redact,
)
from memory_core.text import kin
from memory_core.text.asking import asks_unmarked
from memory_core.text.spelling import plainly

__all__ = [
    "REDACTED",
    "SensitiveSpan",
    "find_sensitive",
    "iban_valid",
    "is_ephemeral",
    "is_exaggerated",
    "is_hypothetical",
    "is_noise",
    "is_question",
    "is_sarcastic",
    "luhn_valid",
    "normalize_value_text",
    "redact",
]

_WEEKDAY = r"monday|tuesday|wednesday|thursday|friday|saturday|sunday"
_MONTH = (
    r"jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|"
    r"sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?"
)
_EPHEMERAL = re.compile(
    rf"""\b(?:
      (?:just|only)\s+(?:for\s+)?this\s+once | this\s+once | just\s+once
    | (?:at\s+least\s+)?for\s+now | for\s+the\s+time\s+being | for\s+the\s+moment
    | (?:just\s+|only\s+)?this\s+time | next\s+time\s+only
    | (?:for\s+)?today\s+only | (?:only|just)\s+(?:for\s+)?today | for\s+today
    | (?:for\s+)?tonight | right\s+now | temporarily | temporary
    | for\s+this\s+(?:session|conversation|chat|task|message|answer|reply|one|question|
        week|weekend|month|trip|meeting|call)
    | (?:in|during)\s+this\s+(?:chat|conversation|session|answer|reply)
    | this\s+(?:week|weekend|morning|afternoon|evening)
    | for\s+(?:the\s+)?(?:next\s+)?(?:few|couple\s+of|\d+|two|three)\s+(?:days|hours|minutes|weeks)
    | (?:until|till|til)\s+(?:tomorrow|tonight|next|the\s+end|{_WEEKDAY}|{_MONTH}|\d)
    )\b""",
    re.IGNORECASE | re.VERBOSE,
)


def is_ephemeral(text: str) -> bool:
    """True when ``text`` scopes itself to now ("just this once", "for now", "this time" …).

    "I prefer dark mode" is durable; "Don't use PPT this time" is not.
    """
    return bool(_EPHEMERAL.search(text))


_WH = r"what|what's|whats|where|where's|when|who|who's|whom|whose|why|how|how's|which"
_AUX = (
    r"do|does|did|am|is|are|was|were|can|could|will|would|should|shall|may|might|have|has|"
    r"had|don't|doesn't|didn't|isn't|aren't|wasn't|won't|can't|wouldn't|shouldn't|haven't"
)
_QUESTION_START = re.compile(
    rf"""^(?:
      (?:{_AUX})\s+(?:i|you|u|we|he|she|they|it|my|your|there|this|that|anyone)\b
    | (?:{_WH})\b(?:\s+(?!(?:i|you|we|he|she|they|it|my|your|our)\b)\S+){{0,2}}?
      \s+(?:{_AUX}|'s|'re|'m)\b
    | (?:what's|whats|where's|who's|how's|hows|how\s+come|what\s+about)\b
    | (?:tell\s+me|remind\s+me)\s+(?:what|where|who|when|how|which|my|about)\b
    | (?:erinnere\s+mich\s+(?:an|daran)|sag\s+mir|recu[ée]rdame|dime|rappelle[- ]moi
      |dis[- ]moi|напомни(?:те)?|скажи(?:те)?)\b
    | (?:i\s+wonder|i\s+was\s+wondering|i'm\s+wondering|any\s+idea)\b
    | (?:is\s+it\s+true|do\s+you\s+know|do\s+you\s+remember)\b
    )""",
    re.IGNORECASE | re.VERBOSE,
)
# "Could you call me Alex?" is a request phrased as a question.
_POLITE_REQUEST = re.compile(
    r"^(?:can|could|would|will)\s+you\s+(?:please\s+)?(?:call\s+me|refer\s+to\s+me|"
    r"address\s+me|use\s+\w+/\w+|remember|note|keep\s+in\s+mind|always|never|stop)\b",
    re.IGNORECASE,
)


#: A question tagged on at the end ("ugh, Fridays, am I right", "…, you know?").
_TAG_QUESTION = re.compile(
    r"(?:^|,\s*|\s)(?:am\s+i\s+right|amirite|right\?|you\s+know\?)\W*$", re.I
)


def is_question(text: str) -> bool:
    """True when ``text`` asks rather than tells ("Do I live in Berlin?", "where do I live")."""
    # "wat car do i drive", "whit dae I drink": asked in chat shorthand or Scots.
    stripped = plainly(re.sub(r"^[\W_]+", "", text.strip()))
    if not stripped:
        return False
    if _POLITE_REQUEST.match(stripped):
        return False
    if re.search(r"[?？]\W*$", stripped) or _TAG_QUESTION.search(stripped):
        return True
    asked = QUESTION_LEAD_IN.sub("", stripped)
    # "whos my dentist", "any siblings on dads side", "the car, what colour is it": asked in
    # chat without "?" (what the reader answers as a question is never kept as a statement).
    return bool(_QUESTION_START.match(asked) or asks_unmarked(asked))


#: Words a spoken question may start with before it asks ("hang on, who's my dentist", "ok so where
#: do I live", "hey, what do I do for work", "а где я живу", "oye, dónde vivo"): no part of
#: the question (a statement after them stays one: "so I work as a nurse").
QUESTION_LEAD_IN = re.compile(
    r"^(?:(?:wait|hey|hi|ok|okay|oh|ah|so|um+|uh+|hm+|erm|and|but|btw|anyway|yo|well|right|"
    r"lol|quick\s+question|sorry|hang\s+on|sag\s+mal|moment|na|also|oye|bueno|pues|y|alors|bon|dis|et|"
    r"а|ну|слушай|так)(?![\w'-])[\s,.!:;]*)+",
    re.IGNORECASE,
)


_HYPOTHETICAL = re.compile(
    r"""\b(?:
      if\s+(?:i|i'm|i'd|i\s+were|we|my|only|ever) | even\s+if | what\s+if
    | suppose | supposing | imagine | imagining | pretend | pretending | hypothetically
    | in\s+theory | wish(?:ed)? | might | maybe | perhaps | in\s+case | let's\s+say
    | assuming | in\s+(?:a\s+parallel\s+universe|another\s+life|a\s+dream)
    | would(?!\s+(?:really\s+)?(?:like|love|prefer|rather))
    | wouldn't | could\s+have | should\s+have | would\s+have
    )\b
    | \bi'd\b(?!\s+(?:really\s+)?(?:like|love|prefer|rather))""",
    re.IGNORECASE | re.VERBOSE,
)


def is_hypothetical(text: str) -> bool:
    """True for wishes and what-ifs ("if I lived in Paris", "maybe I'll move"): no facts."""
    return bool(_HYPOTHETICAL.search(text))


_CONTROL = re.compile(r"[\x00-\x1f\x7f\u200b-\u200f\u2028\u2029\ufeff]")
_QUOTED = re.compile(r"\"[^\"]*\"|“[^”]*”|«[^»]*»|„[^“”]*[“”]")
_FIRST_PERSON = re.compile(
    r"(?<![\w'’])(?:I(?:['’](?:m|ve|d|ll))?|i(?:['’](?:m|ve|d|ll))?)(?![\w'’])(?![.-]\w)"
    r"|(?<![\w'’])(?:me|my|mine|myself)(?![\w'’])",
)
_FIRST_PERSON_CI = re.compile(r"(?<![\w'’])(?:my|mine|myself)(?![\w'’])", re.IGNORECASE)
_SECOND_PERSON = re.compile(
    r"(?<![\w'’])(?:you|your|yours|yourself|yourselves)(?![\w])", re.IGNORECASE
)
_SENTENCE_BREAK = re.compile(r"[.!?](?=\s)")


#: Parts of the body (their age in chat is how they feel: "my hips feel eighty").
_BODY = (
    r"(?:knees?|back|feet|legs?|joints|bones|body|hips?|neck|shoulders?|hands?|eyes|ankles?|"
    r"wrists?|spine)"
)
#: Figures of speech: what they say is not meant literally ("is a million years old",
#: "literally died laughing", "basically lives in the office", "I nearly died when …").
_HYPERBOLE = re.compile(
    r"\b(?:literally|basically|practically|virtually|figuratively)\b"
    r"|\b(?:a|like\s+a)\s+(?:million|billion|zillion|gazillion|bajillion|thousand)\s+"
    r"(?:years?|times|miles|hours|things)\b"
    r"|\b(?:died|dying|dead|die)\s+(?:laughing|of\s+(?:laughter|embarrassment|boredom|shame))\b"
    r"|\b(?:to|half\s+to)\s+death\b|\bkilling\s+me\b|\btakes?\s+forever\b"
    r"|\b(?:waited|waiting|been)\s+(?:for\s+)?(?:ages|forever)\b"
    r"|\b(?:is|are|was|'s)\s+(?:a\s+|an\s+|such\s+a\s+|total\s+|complete\s+)*(?:disaster|"
    r"mess|nightmare|zoo|circus|dumpster\s+fire|car\s+park)\b"
    # The user, alive and typing, "died" or "is dead" of a reaction, not of an illness or in a
    # crash ("I nearly died when the bill came", "I'm dead, that joke …", "I'm dying to go").
    r"|\bi(?:'m|\s+am|\s+was)?\s+(?:(?:literally|actually|nearly|almost|just|so|totally|"
    r"absolutely|completely)\s+)*(?:(?:died|dead)(?=\s*(?:$|[,.!;]))|(?:died|dead|dying)"
    r"(?=\s*(?:when\b|at\b|inside\b|laughing\b|to\s+\w|lol|haha|😂)))"
    # "I could eat a horse", "I could murder a curry": a craving said as an ability (not "I
    # could eat meatloaf every night", a taste).
    r"|^i\s+could\s+(?:(?:easily|happily|totally|so)\s+)?(?:murder|kill|eat|sleep|drink|"
    r"scream|cry|strangle)\b(?!.*\b(?:every|always|all\s+the\s+time|daily)\b)"
    # "I'm so tired I could sleep on the floor", "so happy I could cry": a feeling measured
    # by what it could make the user do.
    r"|\bso\s+(?:[\w-]+\s+){1,2}(?:that\s+)?i\s+could\b"
    # "older than dirt", "since the stone age": an age or a wait
    # no one means.
    r"|\bolder\s+than\s+(?:dirt|time|the\s+(?:hills|internet|dinosaurs|universe|sun|pyramids))\b"
    r"|\bsince\s+the\s+(?:stone\s+age|beginning\s+of\s+time|ice\s+age)\b"
    # A thing older than a person ("my kettle's older than my gran"; a brother older than the
    # user is a fact).
    r"|\bmy\s+(?:car|laptop|phone|computer|pc|house|flat|fridge|tv|telly|jeans|coat|van|bike|"
    r"sofa|couch|kettle|printer|boiler|shoes)\s+(?:is|'s)\s+older\s+than\b"
    # A head that has stopped working ("my brain is mush", "my head is fried").
    r"|\bmy\s+(?:brain|head|mind)\s+(?:is|'s|feels)\s+(?:(?:completely|totally|absolutely|so|"
    r"just|literally|officially)\s+)*(?:mush|fried|jelly|scrambled|toast|porridge|melting|gone)\b"
    # … or measured in percent ("my head is 80% memes").
    r"|\bmy\s+(?:brain|head|mind|heart)\s+(?:is|'s)\s+(?:like\s+|about\s+)?\d{1,3}\s*%"
    # A loyalty sworn for life ("Celtic till the day I die").
    r"|\b(?:till|until|'til|til)\s+(?:i|the\s+day\s+i)\s+die\b"
    # Banter that ranks someone ("my sister is the smart one", "he's the funny one").
    r"|\b(?:is|'s|was)\s+the\s+(?:smart|clever|funny|pretty|sensible|responsible|good|bad|"
    r"wild|crazy|quiet|loud|golden|favou?rite|normal|sane|sporty|brainy)\s+one\b"
    # A body's part as old as no one is ("my wrists are about eighty", "my spine feels ancient").
    rf"|\bmy\s+{_BODY}\s+(?:is|are|'s|feels?)\s+(?:like\s+)?(?:a\s+)?[\w-]+(?:\s+[\w-]+)?"
    r"\s+(?:years?\s+old|too\s+old)\b|\bmy\s+" + _BODY + r"\s+(?:is|are|feels?)\s+(?:ancient|"
    r"a\s+hundred)\b"
    # "a literal angel", "a literal toddler": what no one is.
    r"|\b(?:a|an)\s+literal\s+\w+"
    # A thing on fire in chat: "the work chat is on fire", "my notifications are on fire".
    r"|\b(?:is|are|'s)\s+(?:(?:literally|absolutely|totally)\s+)?on\s+fire\b"
    # "a zombie before coffee", "a total wreck today": how the user is this hour.
    r"|\b(?:a|like\s+a)\s+(?:total\s+|complete\s+|walking\s+)?(?:zombie|corpse|wreck)\b"
    # A pet or a child who thinks it is something else ("our puppy thinks he's a horse").
    r"|\bthinks?\s+(?:s?he|it|they)(?:'s|\s+is|'re|\s+are)\s+(?:a|an|the)\s+\w+"
    # A threat no one means ("this commute will be the death of me", "mondays are gonna kill
    # me") and a tiredness said as death ("we were dead on our feet").
    r"|\b(?:will|'ll|gonna|going\s+to)\s+(?:(?:literally|actually|honestly)\s+)?"
    r"(?:be\s+the\s+death\s+of|kill|murder|finish\s+off)\s+(?:me|us)\b"
    r"|\bdead\s+on\s+(?:my|our)\s+feet\b",
    re.IGNORECASE,
)
#: A passing moment of the day or something just seen: chat, not a lasting fact ("listened
#: to a podcast on the way in", "that meme", "spilled tea on my keyboard", "grabbed a latte").
#: Someone's people, in English: every word of the shared vocabulary (``memory_core.text.kin``).
_THEIR_PEOPLE = "|".join(
    re.escape(w).replace(r"\ ", r"\s+")
    for w in sorted(kin.relation_words("en"), key=len, reverse=True)
)
_PASSING = re.compile(
    r"\bon\s+(?:the|my)\s+(?:way|commute|drive|ride|walk)\s+(?:in|here|home|back|over|to\s+\w+)\b"
    r"|\bon\s+my\s+(?:commute|lunch\s+break|break)\b"
    r"|\b(?:binged|binge-watched|binge\s+watched)\b"
    r"|\b(?:this|that|these|those)\s+(?:meme|memes|video|clip|tweet|post|article|gif|thread|"
    r"reel|tiktok|headline)\b"
    r"|\b(?:listened|listening)\s+to\s+(?:a|an|some|this|that)\s+(?:podcast|episode|song|"
    r"audiobook)\b"
    r"|\b(?:watched|saw|read|seen|found|came\s+across)\s+(?:a|an|some)\s+(?:[\w-]+\s+){0,2}?"
    r"(?:video|clip|meme|tweet|post|article|reel|tiktok|gif|thread|headline)s?\b"
    # A chore being done right now ("I'm hoovering the landing", "just doing the dishes").
    r"|^(?:i'm|i\s+am|im)\s+(?:just\s+|currently\s+|busy\s+|still\s+)?(?:hoovering|vacuuming|"
    r"mopping|ironing|dusting|tidying|scrubbing|sweeping|washing\s+up|doing\s+the\s+(?:dishes|"
    r"washing(?:\s+up)?|ironing|laundry|hoovering|hoover|vacuuming|school\s+run|food\s+shop|"
    r"shopping|cleaning)|cleaning\s+(?:the|my|our|up))\b"
    # Where the user is right now ("I'm at the vet with the dog", "I'm in the queue at the bank").
    r"|^(?:i'm|i\s+am|im)\s+(?:just\s+|currently\s+|still\s+|sat\s+|stuck\s+)?(?:at|in)\s+the\s+"
    r"(?:dentist|doctor|gp|hairdresser|barber|vet|gym|shops?|supermarket|pub|airport|station|"
    r"hospital|post\s+office|bank|library|cinema|garage|pharmacy|chemist|queue)(?:'s)?\b"
    r"(?!.*\b(?:every|each|most|a\s+lot|often|usually|always|daily|weekly|twice|times)\b)"
    # Small mishaps of the day.
    r"|\b(?:spilled|spilt)\s+(?!the\s+beans\b)|\b(?:overslept|stubbed)\b"
    # Sleep had last night and how long the day has been ("running on two hours of
    # sleep", "been up since dawn").
    r"|\brunning\s+on\s+(?:\w+\s+){1,2}(?:hours?|minutes?)\s+(?:of\s+)?sleep\b"
    r"|\b(?:awake|up)\s+since\s+(?:like\s+|about\s+|around\s+)?(?:\d|dawn|\w+\s+(?:am|o'clock))"
    # A stranger seen or met in passing ("the lady behind me at the till", "my cab driver").
    r"|^(?:the|this|some|a)\s+(?:guy|man|woman|lady|girl|boy|bloke|dude|kid|person|couple|"
    r"family|people)\s+(?:next\s+to|behind|in\s+front\s+of|across\s+from|opposite|beside|"
    r"sitting|who\s+sat)\b"
    r"|\bmy\s+(?:uber|taxi|cab|lyft|bus|delivery)\s+(?:driver|guy|man)\b"
    r"|\bmy\s+(?:waiter|waitress|server|cashier|barista)\s+(?:was|today|just)\b"
    # Someone of someone the user knows ("my mate's sister", "my boss's cat").
    r"|\bmy\s+(?:friend|mate|pal|neighbou?r|colleague|coworker|co-worker|boss|manager|"
    rf"flatmate|roommate|housemate|classmate)'s\s+(?:{_THEIR_PEOPLE}|dog|cat)\b"
    # What someone else says or reckons ("a cousin who works at the bank says rates will
    # fall"): their view, not the user's fact.
    r"|^(?:a|an|my|our|the|some)\s+(?:[\w'-]+\s+){0,7}?(?:says|said|reckons|reckoned|claims|"
    r"claimed|swears|insists)\s+(?:that\s+)?(?:(?:the|a|an|everyone|everybody|nobody|it|it's|"
    r"there|they|we|you|most|all|this|that|these|those)\b|(?!(?:i|i'm|im|me|my|no)\b)\w+\s+"
    r"(?:\w+\s+)?(?:is|are|was|were|will|won't|can't|should)\b)"
    r"|\blocked\s+myself\s+out\b|\bgot\s+(?:soaked|drenched|sunburn[td]?|lost\s+on\s+the\s+way)\b"
    r"|\bmissed\s+(?:the|my)\s+(?:bus|train|tram|connection|stop|exit|turn)\b"
    r"|\b(?:forgot|lost|left)\s+my\s+(?:keys|umbrella|phone|wallet|lunch|charger|badge|glasses|"
    r"headphones)\b(?!\s+(?:for\s+good|forever))"
    # A snack or a drink had once ("I just had a great burger"); not a coffee machine or shop.
    r"|\b(?:had|ate|grabbed|drank|ordered|got)\s+(?:a|an|some|my|the\s+best|the\s+worst)\s+"
    r"(?:(?!(?:lot|lots|ton|pet|dog|cat|named|called|of)\b)[a-z-]+\s+){0,2}?"
    r"(?-i:coffee|tea|latte|cappuccino|espresso|flat\s+white|sandwich|burger|pizza|salad|snack|"
    r"pint|beer|taco|burrito|bagel|croissant|muffin|donut|doughnut|smoothie|takeaway|takeout|"
    r"kebab|curry|ice\s+cream|cookie|sushi|noodles)s?\b"
    r"(?!\s+(?:machine|maker|shop|place|business|truck|van|oven|farm|plantation|allergy))",
    re.IGNORECASE,
)


#: Said of a whole sentence: what it states is exaggerated ("…, I swear", "no joke").
_EXAGGERATED = re.compile(
    r"(?:,|\s[-–—])\s*(?:i\s+swear(?:\s+to\s+god)?|i\s+kid\s+you\s+not|no\s+joke|"
    r"not\s+even\s+joking|no\s+lie|said\s+no\s*(?:one|body)\s+ever)\W*$",
    re.IGNORECASE,
)
#: Openings whose sarcasm says the opposite of the whole sentence ("Yeah right, I'm totally a
#: morning person"), unlike "Oh great, …", which may also open good news ("Oh great, I got the
#: job!").
_OPPOSITE_LEADS = (
    r"(?:yeah|yea|ya)\s*,?\s+(?:right|sure)\b|as\s+if\b|sure\s*,?\s+because\b"
    # "Wow, great, the kettle died again": the joy said of a mishap.
    r"|(?:oh|ah|well|wow)\s*,?\s+(?:great|lovely|perfect|brilliant|fantastic|wonderful|"
    r"marvell?ous|super|fab|awesome)\b(?=.*\b(?:again|broken|cancell?ed|jammed|late|another)\b)"
)
_OPPOSITE = re.compile(rf"^\W*(?:{_OPPOSITE_LEADS})", re.IGNORECASE)
#: Sarcasm markers: a love or a joy that means the opposite ("Oh great, another Monday. I
#: just love Mondays.", "Yeah right, I totally love queueing").
_SARCASM = re.compile(
    rf"^\W*(?:{_OPPOSITE_LEADS}"
    r"|(?:oh|ah|well|wow)\s*,?\s+(?:great|wonderful|fantastic|brilliant|perfect|joy|goody|"
    r"lovely|super|marvell?ous|terrific|splendid|fabulous|awesome|yay)\b"
    r"|(?:oh|ah)\s*,?\s+sure\b"
    r"|just\s+(?:great|perfect|wonderful|brilliant|what\s+i\s+needed)\b"
    r"|(?:great|perfect|fantastic|wonderful|brilliant)\s*,?\s+(?:just\s+)?(?:another|more)\b"
    r"|because\s+(?:i|that)\s+(?:totally|definitely|really)\b)"
    r"|\blove\s+that\s+for\s+me\b|\bwhat\s+a\s+(?:joy|treat|delight)\b(?=.*\b(?:again|another)\b)",
    re.IGNORECASE,
)


#: Someone else's words quoted ("my cousin said "I'm off to Rome"", "she was like "I'm so
#: done""): the "I" in the quote is not the user.
_REPORTED = re.compile(
    r"\b(?:say|says|said|saying|goes|went|told\s+(?:me|us)|asked|replied|texted|wrote|"
    r"like|was\s+like)\s*[,:]?\s*[\"“„«]",
    re.IGNORECASE,
)


def is_reported(sentence: str) -> bool:
    """True for a sentence that quotes what someone said ("she said "I'm a vegan now"")."""
    return bool(_REPORTED.search(sentence))


def says_the_opposite(sentence: str) -> bool:
    """True for a sentence whose sarcasm inverts all it says ("Yeah right, I'm a morning
    person", "As if I'd ever run a marathon")."""
    return bool(_OPPOSITE.search(sentence))


#: Sung, not said: a line ending in a chant of vocables ("…, oh oh", "…, hey hey", "ooh").
_CHANT = re.compile(
    r"(?:,|\s[-–—])\s*(?:(?:oh|ooh+|hey|la|na|yeah|whoa|woah|doo|da|ah)(?:[\s,-]+|\W*$)){2,}$"
    r"|(?:,|\s[-–—])\s*(?:ooh+|whoa+|woah+|oh-oh|la-la|na-na)\W*$",
    re.IGNORECASE,
)


def is_exaggerated(sentence: str) -> bool:
    """True for a sentence that says it exaggerates ("she's a hundred years old, I swear"), or
    that is sung rather than said (a line of a song ending in "…, oh oh")."""
    return bool(_EXAGGERATED.search(sentence) or _CHANT.search(sentence))


def is_sarcastic(sentence: str) -> bool:
    """True for a sentence that opens with a sarcasm marker ("Oh great, …", "Yeah right, …"):
    a love said in its turn means the opposite."""
    return bool(_SARCASM.search(sentence))


#: A clause that only comments on the rest ("…, I can tell", "…, I guess", "I think so"):
#: a way of speaking, nothing about the user.
_ASIDE_ONLY = re.compile(
    r"^(?:i|we)\s+(?:(?:can|could)\s+(?:tell|see|imagine)|guess|think|reckon|suppose|bet|know|"
    r"hope|mean|swear|must\s+say)(?:\s+(?:so|that|it))?\W*$",
    re.IGNORECASE,
)


#: Talk about the chat itself ("I’ve changed my mind on removing it", "disregard that one,
#: wrong window", "never mind", "ich hab's mir anders überlegt", "cambié de opinión", "j'ai
#: changé d'avis", "я передумал"): about what was said or asked, not about the user.
_META_TALK = re.compile(
    r"\b(?:changed|change|changing)\s+my\s+mind\s+(?:about|on)\s+(?:deleting|removing|"
    r"forgetting|saving|keeping|remembering|asking|sending|that|this|it|what\s+i)\b"
    r"|\b(?:ignore|disregard|scratch)\s+(?:my|that|the|this)\s+(?:last\s+|previous\s+|"
    r"earlier\s+)?(?:message|msg|text|question|one)\b"
    r"|\bwrong\s+(?:chat|window|conversation|thread|tab)\b"
    r"|^\W*(?:never\s*mind|nvm|forget\s+i\s+(?:said|asked)\s+(?:that|anything))\W*$"
    r"|(?<!\w)(?:anders\s+überlegt|cambi[ée]\s+de\s+(?:opinión|opinion|idea)|"
    r"chang[ée]\s+d['’]avis|передумал\w*|falsche[nr]?\s+(?:chat|fenster)|"
    r"(?:chat|conversación)\s+equivocad[oa]|trompée?\s+de\s+(?:conversation|discussion|chat)|"
    r"не\s+(?:тот|в\s+тот)\s+чат|ignoriere?\s+meine\s+letzte|ignora\s+mi\s+último|"
    r"ignore\s+mon\s+dernier|забудь\s+(?:моё|мое)\s+последнее)",
    re.IGNORECASE,
)
#: A request to forget something, or not to keep it, said at a sentence's start in the bot's
#: five languages ("please forget that I have HIV", "olvida que vivo en Madrid", "vergiss bitte,
#: dass …", "don't save that …", "ne retiens pas que …", "не запоминай, что …"): talk about
#: the memory, never a statement of what follows ("don't forget that …", "no olvides que …"
#: ask the opposite and are no match).
_NOT_TO_KEEP = re.compile(
    r"^\W*(?:(?:please|pls|plz|bitte|por\s+favor|s['’]il\s+te\s+pla[iî]t|пожалуйста|"
    r"(?:can|could|would)\s+you(?:\s+please)?)[\s,]+)?"
    r"(?:(?:forget|delete|erase|remove|wipe|unlearn)\s+(?:that|about\s+(?!it\b)|what)"
    r"|(?:don['’]?t|do\s+not|never)\s+(?:remember|save|store|keep|note|record|memori[sz]e)"
    r"\s+(?:that|this|what|about)"
    r"|(?:vergiss|lösch\w*|entfern\w*)(?:\s+bitte)?,?\s+(?:dass|das\s+mit)"
    r"|(?:du\s+sollst\s+)?nicht\s+(?:speichern|merken|notieren|behalten)\b"
    r"|(?:merk|speicher|notier)\w*\s+(?:dir\s+)?(?:das\s+)?nicht\b"
    r"|(?:olvida|olvídate\s+de|olvidate\s+de|borra|elimina)\s+(?:que|lo\s+de)"
    r"|no\s+(?:guardes|recuerdes|anotes|apuntes|memorices)\b"
    r"|(?:oublie|efface|supprime)\s+(?:que|qu['’]|ce\s+que)"
    r"|(?:ne\s+|n['’])(?:retiens|enregistre|garde|note|mémorise)\w*\s+pas\b"
    r"|(?:забудь|удали|сотри)\w*,?\s+(?:что|про|о\s+том)"
    r"|не\s+(?:запоминай|сохраняй|записывай)\w*)",
    re.IGNORECASE,
)


def asks_not_to_keep(sentence: str) -> bool:
    """Whether ``sentence`` asks the bot to forget, or not to keep, what it goes on to say."""
    return bool(_NOT_TO_KEEP.match(sentence))


#: Where a clause ends: a comma, a dash, a sentence's end.
_CLAUSE_END = re.compile(r"(\s*(?:[,;.!?…]+|\s[—–-]+)\s*)")


def without_meta_talk(sentence: str) -> str:
    """``sentence`` without its clauses of talk about the chat itself ("Scratch that last
    one, I do keep bees" → "I do keep bees"); ``""`` when that is all it
    says, or when it asks to forget, or not to keep, what it says."""
    if asks_not_to_keep(sentence):
        return ""
    parts = _CLAUSE_END.split(sentence)
    kept = [
        (part, parts[i + 1] if i + 1 < len(parts) else "")
        for i, part in enumerate(parts)
        if i % 2 == 0 and part.strip() and not _META_TALK.search(part)
    ]
    if len(kept) == len([p for p in parts[::2] if p.strip()]):
        return sentence
    return "".join(part + end for part, end in kept).strip(" ,;—–-")


def is_noise(text: str) -> bool:
    """True for hyperbole, sarcasm and passing moments ("my laptop is a million years old",
    "I listened to a podcast on the way in"), and a clause that only comments ("I can tell"):
    nothing in them is a lasting fact to keep."""
    return bool(_HYPERBOLE.search(text) or _PASSING.search(text) or _ASIDE_ONLY.match(text.strip()))


def _trim(text: str, limit: int) -> str:
    """Cut to ``limit`` at a sentence end if one is late enough, else at a word with "…"."""
    ends = [m.end() for m in _SENTENCE_BREAK.finditer(text) if m.end() <= limit]
    if ends and ends[-1] >= limit // 2:
        return text[: ends[-1]]
    head = text[: limit - 1]
    space = head.rfind(" ")
    if space >= limit // 2:
        head = head[:space]
    return head.rstrip(" ,;:-–—") + "…"


def normalize_value_text(text: str, *, own_words: bool = False) -> str | None:
    """Make ``text`` a storable fact sentence, or None when it cannot be one (seed 003 §9).

    Collapses whitespace, requires third person (no "I"/"my", nothing said to "you"; not
    for a note kept in the user's ``own_words`` in another language, where "me", "mi" are
    theirs: "Je me suis installé à Toulouse"), capitalises, ends with a period and trims to
    280 characters at a sentence or word boundary (with an ellipsis).
    """
    text = unicodedata.normalize("NFC", text)
    text = re.sub(r"\s+", " ", _CONTROL.sub(" ", text)).strip()
    if not text or not any(c.isalnum() for c in text):
        return None
    unquoted = "" if own_words else _QUOTED.sub(" ", text)
    if _FIRST_PERSON.search(unquoted) or _FIRST_PERSON_CI.search(unquoted):
        return None
    if _SECOND_PERSON.search(unquoted):
        return None
    text = text[0].upper() + text[1:]
    if text.endswith("!"):
        text = text.rstrip("!").rstrip() + "."
    if text[-1] not in ".?…" and not re.search(r"[.?…][\"”»')]$", text):
        text += "."
    if len(text) > MAX_VALUE_TEXT:
        text = _trim(text, MAX_VALUE_TEXT)
    return text
