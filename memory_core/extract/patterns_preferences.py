"""Rules for tastes: likes, dislikes, "X over Y" preferences, favourites, diet, reply language."""

from __future__ import annotations

import re

from memory_core.extract.base import Candidate
from memory_core.extract.lexicon import (
    ASSISTANT_TOPICS,
    DIETS,
    FAMILY,
    LANGUAGES,
    PEOPLE,
    PET_SPECIES,
    PREFERENCE_TOPICS,
)
from memory_core.extract.rule import Context, Rule, fact, usable_object
from memory_core.extract.text import clean_phrase, slug, split_list
from memory_core.values import Category

_ADV = (
    r"(?:(?:really|absolutely|just|also|truly|totally|genuinely|honestly|do|still|kinda|"
    r"kind\s+of|quite|so|very\s+much|actually)\s+)*"
)
_I_AM = r"(?:i'm|i\s+am|im|we're|we\s+are)"


_POINTING = re.compile(r"\b(?:it|this|that|you|your|yours)\b", re.IGNORECASE)
_NOT_A_TASTE = re.compile(
    r"^to\s+(?:think|say|know|admit|believe|be\s+honest|hear|see|ask|tell)\b", re.IGNORECASE
)


def _object(raw: str, ctx: Context, *, as_list: bool = False) -> str | None:
    limit = 16 if as_list else 8
    phrase = usable_object(clean_phrase(raw, max_words=limit, keep_commas=as_list))
    if phrase is None:
        return None
    words = phrase.lower().split()
    if words[0] in {"my", "our"} and len(words) > 1 and words[1] in FAMILY | PET_SPECIES:
        return None  # "I love my wife" is not a taste
    if _POINTING.search(phrase) or _NOT_A_TASTE.match(phrase):
        return None  # "I hate to say it", "I like to think …"
    if _CLAUSE_VERB.search(phrase):
        return None  # "Sesame Street and the count is my favourite": a clause, not a thing
    return phrase


_CLAUSE_VERB = re.compile(
    r"\b(?:is|are|was|were|i|i'm|my|me)\b(?!\s+(?:a\s+)?(?:fan|friend)\b)", re.IGNORECASE
)
# "games, mainly computer games": the hedge is no part of the item.
_ITEM_LEAD = re.compile(
    r"^(?:mainly|mostly|especially|particularly|like|such\s+as|including|even|but\s+also)\s+",
    re.IGNORECASE,
)
_SECOND_VERB = re.compile(
    r"\band\s+(?:also\s+)?(?:plan|want|hope|try|need|have|own|work|live|play|am|go)\s+"
    r"(?:to|a|an|the|my|him|her|it|them|\d+)\b",
    re.IGNORECASE,
)
_RELATIVE = re.compile(r"^\s*,?\s*(?:who|that|which|whose|whom)\b", re.IGNORECASE)
#: A remark after the taste ("…, they're slimy", "…, never could", "…, its so calming"): why
#: or how long, no second thing liked.
_REMARK = re.compile(
    r"\s*[,;—–]\s*(?:they|they're|theyre|it|it's|its|that's|thats|never|always|ever|so|too|"
    r"though|tbh|lol)(?![\w'-]).*$",
    re.IGNORECASE,
)
_PREPOSITION_LEAD = re.compile(r"^(?:from|in|at|on|of|by|with|for|about|during)\b", re.I)
# "spending time with my husband": who with is part of what they like.
_COMPANY = re.compile(r"^\s+with\s+my\s+(?P<who>[\w\s'-]{2,40}?)\s*$", re.IGNORECASE)


#: What a taste is had by ("to eat", "listening to"): "likes to eat french fries" and "likes
#: french fries" are one taste, under one key.
_HAVING = re.compile(
    r"^(?:eat|eating|drink|drinking|have|having|listen\s+to|listening\s+to|watch|watching|"
    r"read|reading)\s+(?=\S)"
)


def _topic(thing: str) -> str:
    """A taste's key segment: what is liked, without "to" or the verb it is had by."""
    low = re.sub(r"^(?:to\s+)", "", thing.lower().strip())
    return slug(_HAVING.sub("", low), 40)


_LIKE = re.compile(
    rf"^(?:i|we)\s+{_ADV}(?P<verb>love|like|adore|enjoy|dig)\s+(?P<o>.+)$"
    rf"|^{_I_AM}\s+{_ADV}(?P<fan>(?:a\s+)?(?:big\s+|huge\s+|massive\s+)?fan\s+of|"
    r"(?:(?:big|huge|massively|super|heavily|well)\s+)?into|obsessed\s+with|"
    r"passionate\s+about|crazy\s+about|keen\s+on|fond\s+of|addicted\s+to)\s+(?P<f>.+)$",
    re.IGNORECASE,
)
_LIKE_VERB = {"love": "loves", "like": "likes", "adore": "adores", "enjoy": "enjoys", "dig": "digs"}


#: "I'm a huge Radiohead fan": a fan of what is named, said before "fan" (a team with a sport
#: named is read as the sport it is: "a huge NBA team fan").
_NAMED_FAN = re.compile(
    rf"^{_I_AM}\s+(?:a\s+)?(?P<how>(?:big|huge|massive|die-?hard|lifelong|mad|keen)\s+)?"
    r"(?P<x>(?-i:[A-Z])[\w'.&-]*(?:\s+(?-i:[A-Z])[\w'.&-]*){0,2})\s+fan\s*(?:[,;—–-].*)?[.!]?$",
    re.IGNORECASE,
)
_SPORT_WORDS = re.compile(
    r"\b(?:team|club|fc|football|soccer|basketball|baseball|hockey|rugby|cricket|nba|nfl|nhl|mlb)\b",
    re.IGNORECASE,
)


def likes(clause: str, ctx: Context) -> list[Candidate]:
    """Reads "I love green tea", "I'm into climbing" → ``likes.<thing>`` (one per listed item)."""
    fan = _NAMED_FAN.match(clause)
    if fan is not None and not _SPORT_WORDS.search(fan["x"]):
        text = f"{ctx.subject} is a {(fan['how'] or '').lower()}{fan['x']} fan."
        return fact(f"likes.{_topic(fan['x'])}", text, Category.SOFT_PREFERENCE, 0.6, fan["x"])
    m = _LIKE.match(clause)
    if m is None:
        return []
    if m.group("verb"):
        verb = m.group("verb").lower()
        phrase, hint = _LIKE_VERB[verb], (0.7 if verb in {"love", "adore"} else 0.6)
        raw = m.group("o")
    else:
        phrase, hint = "is " + re.sub(r"\s+", " ", m.group("fan").lower()), 0.6
        raw = m.group("f")
    raw = _REMARK.sub("", raw)
    thing = _object(raw, ctx, as_list=True)
    if thing is None or re.match(r"(?:to\s+)?be\s+called\b", thing, re.IGNORECASE):
        return []
    if raw.startswith(thing) and _RELATIVE.match(raw[len(thing) :]):
        return []  # "I like people who like cheese": the whole statement, not "people"
    if _SECOND_VERB.search(thing):
        return []  # "I like dogs and plan to work with them": two statements, not one taste
    out: list[Candidate] = []
    items = split_list(thing)[:5]
    company = (
        _COMPANY.match(raw[len(thing) :]) if len(items) == 1 and raw.startswith(thing) else None
    )
    for item in items:
        if _CONTRARY.match(item):
            out += dislikes("I " + item, ctx)  # "love techno, hate country": a second taste
            continue
        item_object = _object(_ITEM_LEAD.sub("", item), ctx)
        if item_object is None or _PREPOSITION_LEAD.match(item_object):
            continue  # "… particularly from the 1800s" qualifies, it names nothing
        said = item_object + (f" with my {company.group('who')}" if company else "")
        text = f"{ctx.subject} {phrase} {ctx.third(said)}."
        out += fact(
            f"likes.{_topic(item_object)}", text, Category.SOFT_PREFERENCE, hint, item_object
        )
    return out


#: A listed item that is a dislike said without its "I" ("love techno, hate country").
_CONTRARY = re.compile(
    r"^(?:hate|dislike|detest|loathe|despise|can't\s+stand|cannot\s+stand|can't\s+bear)\s+\S",
    re.IGNORECASE,
)
_DISLIKE = re.compile(
    rf"^(?:i|we)\s+{_ADV}(?P<verb>hate|dislike|detest|loathe|despise|abhor|can't\s+stand|"
    r"cannot\s+stand|can\s+not\s+stand|can't\s+bear|don't\s+like|do\s+not\s+like|don't\s+enjoy|"
    r"do\s+not\s+enjoy|don't\s+care\s+for)\s+(?P<o>.+)$"
    rf"|^{_I_AM}\s+(?P<fan>not\s+(?:really\s+)?(?:a\s+)?(?:big\s+|huge\s+)?fan\s+of|"
    r"not\s+(?:really\s+|that\s+|too\s+)?(?:into|keen\s+on)|sick\s+of|tired\s+of)\s+(?P<f>.+)$",
    re.IGNORECASE,
)
_DISLIKE_VERB = {"don't": "doesn't", "do not": "does not", "can't": "can't", "cannot": "cannot"}


def dislikes(clause: str, ctx: Context) -> list[Candidate]:
    """Reads "I hate olives", "I can't stand jazz" → ``dislikes.<thing>``."""
    m = _DISLIKE.match(clause)
    if m is None:
        return []
    if m.group("verb"):
        verb = re.sub(r"\s+", " ", m.group("verb").lower())
        for first, third in _DISLIKE_VERB.items():
            if verb.startswith(first):
                verb = third + verb[len(first) :]
                break
        else:
            verb += "s"
        raw, hint = m.group("o"), 0.7
    else:
        verb, raw, hint = "is " + re.sub(r"\s+", " ", m.group("fan").lower()), m.group("f"), 0.6
    thing = _object(_REMARK.sub("", raw), ctx, as_list=True)
    if thing is None:
        return []
    out: list[Candidate] = []
    for item in split_list(thing)[:5]:
        item_object = _object(item, ctx)
        if item_object is None:
            continue
        text = f"{ctx.subject} {verb} {ctx.third(item_object)}."
        key = f"dislikes.{_topic(item_object)}"
        out += fact(key, text, Category.SOFT_PREFERENCE, hint, item_object)
    return out


_PREFER_PAIR = re.compile(
    rf"^(?:i|we)\s+{_ADV}(?:generally\s+|usually\s+|much\s+|definitely\s+|always\s+)*prefer\s+"
    r"(?P<x>.+?)\s+(?P<sep>over|to|rather\s+than|instead\s+of|more\s+than|than)\s+(?P<y>.+)$"
    r"|^(?:i|we)(?:'d|\s+would)\s+(?:much\s+|really\s+)?rather\s+(?:have\s+|drink\s+|eat\s+|"
    r"use\s+|do\s+)?(?P<rx>.+?)\s+than\s+(?P<ry>.+)$",
    re.IGNORECASE,
)
_PREFER = re.compile(
    rf"^(?:i|we)\s+{_ADV}(?:generally\s+|usually\s+|much\s+|definitely\s+|always\s+)*prefer\s+(?P<x>.+)$",
    re.IGNORECASE,
)


def _preference_key(x: str, y: str | None) -> str:
    topics = {PREFERENCE_TOPICS.get(x.lower())} | (
        {PREFERENCE_TOPICS.get(y.lower())} if y else set()
    )
    if len(topics) == 1 and None not in topics:
        return f"preference.{topics.pop()}"
    if y is None:
        return f"preference.{_topic(x)}"
    pair = sorted((_topic(x)[:30], _topic(y)[:30]))
    return f"preference.{pair[0]}_vs_{pair[1]}"


def preference(clause: str, ctx: Context) -> list[Candidate]:
    """Reads "I prefer tea over coffee" → ``preference.coffee_vs_tea`` = tea; "I prefer X"."""
    m = _PREFER_PAIR.match(clause)
    if (
        m is not None
        and m.group("x")
        and m.group("sep").lower() == "to"
        and m.group("x").lower().startswith("to ")
    ):
        m = None  # "I prefer to walk to work": one preference, not a pair
    x = y = None
    if m is not None:
        x = _object(m.group("x") or m.group("rx"), ctx)
        y = _object(m.group("y") or m.group("ry"), ctx)
    if x is None or y is None:
        single = _PREFER.match(clause)
        if single is None:
            return []
        x, y = _object(single.group("x"), ctx), None
    if x is None or re.match(r"(?:to\s+)?be(?:ing)?\s+(?:called|addressed)\b", x, re.IGNORECASE):
        return []
    key = _preference_key(x, y)
    topic = key.split(".", 1)[1]
    category = Category.HARD_PREFERENCE if topic in ASSISTANT_TOPICS else Category.SOFT_PREFERENCE
    text = f"{ctx.subject} prefers {ctx.third(x)}"
    text += f" over {ctx.third(y)}." if y else "."
    return fact(key, text, category, 0.75, x)


_FAVOURITE = re.compile(
    r"^my\s+(?:all[- ]time\s+|absolute\s+)?(?:favou?rite|fav|fave)\s+"
    r"(?P<topic>[^\W\d_]+(?:\s+[^\W\d_]+){0,4}?)"
    r"\s+(?P<be>is|are)\s+(?P<v>.+)$"
    r"|^(?P<w>.+?)\s+(?P<be2>is|are)\s+my\s+(?:all[- ]time\s+|absolute\s+)?(?:favou?rite|fav|fave)"
    r"(?:\s+(?P<t>[^\W\d_]+(?:\s+[^\W\d_]+)?))?\s*[.!]?$",
    re.IGNORECASE,
)


_CORRECTING = re.compile(r"^(?:(?:actually|now|still|really|definitely|obviously)\s+)+", re.I)


def favourite(clause: str, ctx: Context) -> list[Candidate]:
    """Reads "My favourite colour is green" → ``favorite.color``; "Jazz is my favourite" → likes."""
    m = _FAVOURITE.match(clause)
    if m is None:
        return []
    # "… is actually green": a correction's adverb is no part of the value.
    raw = _CORRECTING.sub("", m.group("v") or m.group("w"))
    if m.group("w") and re.search(r"\b(?:i|i'm|my|me)\b", m.group("w"), re.IGNORECASE):
        return []  # "I like X and Y is my favourite": a statement, not a favourite's name
    # "red, white, and black": the whole list is the favourite.
    listed = m.group("v") and (raw.count(",") >= 2 or re.search(r",\s*(?:and|or|&)\s", raw))
    value = _object(raw, ctx, as_list=bool(listed))
    if value is None:
        return []
    topic = m.group("topic") or m.group("t")
    if not topic:
        text = f"{ctx.subject} loves {ctx.third(value)}."
        return fact(f"likes.{_topic(value)}", text, Category.SOFT_PREFERENCE, 0.7, value)
    spoken = re.sub(r"\s+", " ", topic.lower())
    verb = (m.group("be") or m.group("be2")).lower()
    key_topic = slug(spoken.replace("colour", "color").replace("favourite", "favorite"))
    if m.group("w"):
        # "Koalas are my favourite animal": the user's word order keeps the verb agreeing.
        text = f"{ctx.third(value)} {verb} {ctx.possessive_within} favourite {spoken}."
    else:
        text = f"{ctx.possessive} favourite {spoken} {verb} {ctx.third(value)}."
    return fact(f"favorite.{key_topic}", text, Category.SOFT_PREFERENCE, 0.75, value)


_DIET_WORDS = "|".join(re.escape(w) for w in sorted(DIETS, key=len, reverse=True))
_DIET = re.compile(
    rf"^{_I_AM}\s+(?:a\s+|an\s+)?(?P<adv>strict\s+|full\s+|mostly\s+|now\s+|also\s+|fully\s+|"
    rf"100%\s+)*(?P<d>{_DIET_WORDS})(?:\s+diet)?(?=\s*$|\s*[,.!;]|\s+(?:for|since|now|too|also|"
    r"and|but|as|because|these|at|mostly|nowadays|again|anyway|until|till|this|today|"
    r"temporarily|right|just)\b)"
    rf"|^(?:i|we)\s+(?:eat|follow|keep|am\s+on|'m\s+on|'m\s+following|am\s+following|live)\s+"
    rf"(?:a\s+|an\s+)?(?:strict\s+|mostly\s+)?(?P<e>{_DIET_WORDS})(?:\s+(?:diet|lifestyle))?\b",
    re.IGNORECASE,
)
_NO_EAT = re.compile(
    r"^(?:i|we)\s+(?:don't|do\s+not|never|no\s+longer|can't|cannot)\s+eat\s+(?P<o>.+)$",
    re.IGNORECASE,
)
_STYLE_DIETS = frozenset({"keto", "paleo", "low-carb", "gluten-free", "dairy-free", "lactose-free"})
_STYLE_DIETS |= {"plant-based", "carnivore"}


def diet(clause: str, ctx: Context) -> list[Candidate]:
    """Reads "I'm vegetarian", "I don't eat pork" → ``diet`` / ``food_restriction.<food>``."""
    m = _DIET.match(clause)
    if m is not None:
        value = DIETS[re.sub(r"\s+", " ", (m.group("d") or m.group("e")).lower())]
        hint = 0.6 if m.group("adv") and "mostly" in m.group("adv").lower() else 0.85
        if value in {"kosher", "halal"}:
            text = f"{ctx.subject} keeps {value}."
        elif value in _STYLE_DIETS:
            text = f"{ctx.subject} follows a {value} diet."
        else:
            text = f"{ctx.subject} is {value}."
        return fact("diet", text, Category.HARD_PREFERENCE, hint, value)
    n = _NO_EAT.match(clause)
    if n is None:
        return []
    food = _object(n.group("o"), ctx)
    if food is None:
        return []
    low = food.lower()
    if low in {"meat", "any meat", "red meat or poultry"}:
        return fact(
            "diet", f"{ctx.subject} is vegetarian.", Category.HARD_PREFERENCE, 0.6, "vegetarian"
        )
    if low in {"animal products", "anything from animals", "meat or dairy", "meat, eggs or dairy"}:
        return fact("diet", f"{ctx.subject} is vegan.", Category.HARD_PREFERENCE, 0.6, "vegan")
    text = f"{ctx.subject} doesn't eat {ctx.third(food)}."
    return fact(f"food_restriction.{_topic(food)}", text, Category.HARD_PREFERENCE, 0.7, food)


_REPLY_LANGUAGE = re.compile(
    r"^(?:(?:always|from\s+now\s+on|in\s+(?:the\s+)?future|going\s+forward)\s*,?\s+)?"
    r"(?:(?:please|pls|kindly)\s+)?(?:always\s+)?(?:answer|reply|respond|talk|write|speak)\s+(?:to\s+me\s+)?in\s+(?P<lang>[^\W\d_]+)(?P<rest>.*)$"
    r"|^(?:i|we)\s+(?:prefer|want|like)\s+(?:your\s+)?(?:answers|replies|responses|it)\s+in\s+"
    r"(?P<pl>[^\W\d_]+)",
    re.IGNORECASE,
)


def reply_language(clause: str, ctx: Context) -> list[Candidate]:
    """Reads "Always answer in Portuguese" → ``preference.reply_language`` (a hard preference)."""
    m = _REPLY_LANGUAGE.match(clause)
    if m is None:
        return []
    lang = (m.group("lang") or m.group("pl")).lower()
    if lang not in LANGUAGES:
        return []
    lasting = re.search(
        r"\b(?:always|from now on|in (?:the )?future|going forward)\b", clause, re.I
    )
    if m.group("lang") and not lasting:
        return []  # "answer in French" alone is a one-off request
    value = lang.title()
    text = f"{ctx.subject} wants replies in {value}."
    return fact("preference.reply_language", text, Category.HARD_PREFERENCE, 0.85, value)


#: Who does a pastime, and the pastime ("a keen golfer" → golf).
_DOERS = {
    "golfer": "golf",
    "cyclist": "cycling",
    "runner": "running",
    "jogger": "jogging",
    "climber": "climbing",
    "swimmer": "swimming",
    "reader": "reading",
    "hiker": "hiking",
    "walker": "walking",
    "gamer": "gaming",
    "skier": "skiing",
    "snowboarder": "snowboarding",
    "surfer": "surfing",
    "sailor": "sailing",
    "gardener": "gardening",
    "cook": "cooking",
    "baker": "baking",
    "photographer": "photography",
    "birdwatcher": "birdwatching",
    "birder": "birdwatching",
    "knitter": "knitting",
    "angler": "fishing",
    "fisherman": "fishing",
    "dancer": "dancing",
    "painter": "painting",
    "traveller": "travelling",
    "traveler": "traveling",
    "camper": "camping",
    "rower": "rowing",
    "skater": "skating",
    "triathlete": "triathlons",
    "marathoner": "marathons",
}
_ENTHUSIAST = re.compile(
    rf"^(?:{_I_AM}\s+)?(?:a\s+|an\s+)?(?P<adj>keen|avid|passionate|enthusiastic|big|huge|"
    r"serious|lifelong|mad|dedicated)\s+(?:(?P<what>[a-z]+)\s+)?(?P<doer>[a-z]+)$",
    re.IGNORECASE,
)


def enthusiast(clause: str, ctx: Context) -> list[Candidate]:
    """Reads "I'm a keen golfer", "avid reader", "a big chess player" → ``likes.<pastime>``
    (only with a word of eagerness: "I'm a baker" is a job, "a keen baker" a pastime)."""
    m = _ENTHUSIAST.match(clause.strip())
    if m is None:
        return []
    doer, what = m.group("doer").lower(), (m.group("what") or "").lower()
    if doer == "player" and what:
        thing = what  # "a keen chess player", "a big tennis player"
    elif doer in _DOERS and not what:
        thing = _DOERS[doer]
    else:
        return []
    said = " ".join(w for w in (m.group("adj").lower(), what, doer) if w)
    text = f"{ctx.subject} is {'an' if said[0] in 'aeiou' else 'a'} {said}."
    return fact(f"likes.{slug(thing, 40)}", text, Category.SOFT_PREFERENCE, 0.6, thing)


#: "Pottery is my thing", "Chess is my biggest passion", "Origami is totally my jam": a pastime
#: named first, then said to be the user's (as "Le jardinage, c'est ma passion").
_MY_THING = re.compile(
    r"^(?P<x>[^\W\d_][\w'-]*(?:\s+[^\W\d_][\w'-]*){0,2}?)\s+(?:is|are|'s)\s+"
    r"(?:(?:really|totally|definitely|absolutely|very\s+much|kind\s+of|kinda|just)\s+)?"
    r"(?:my|our)\s+(?:(?:big|biggest|great|greatest|main|true|real|one|favou?rite|new)\s+)?"
    r"(?:thing|passion|hobby|jam|obsession)\s*[.!]*$",
    re.IGNORECASE,
)
#: What is no pastime called one's passion: a person, a pronoun, the user's people.
_NOT_A_PASTIME = re.compile(
    r"^(?:my|our|his|her|their|your|this|that|these|those|it|he|she|they|you|family|work|"
    r"life|money|god|food)\b",
    re.IGNORECASE,
)


def my_thing(clause: str, ctx: Context) -> list[Candidate]:
    """Reads "Pottery is my thing", "Chess is my passion" → ``likes.<thing>``."""
    m = _MY_THING.match(clause)
    if m is None or _NOT_A_PASTIME.match(m["x"]):
        return []
    thing = m["x"]
    words = thing.lower().split()
    if any(w in FAMILY or w in PEOPLE or w in PET_SPECIES for w in words):
        return []
    if thing[:1].isupper() and not thing[1:2].isupper():
        thing = thing[:1].lower() + thing[1:]  # the sentence's capital, no name's
    text = f"{ctx.subject} loves {thing}."
    return fact(f"likes.{_topic(thing)}", text, Category.SOFT_PREFERENCE, 0.7, thing)


#: "I'm more of a tea person", "I'm a coffee person", "definitely a cat person": which of two
#: the user prefers, said as the kind of person they are.
_X_PERSON = re.compile(
    rf"^(?:{_I_AM}\s+)?(?:(?:more|much\s+more|definitely|really|totally|very\s+much|always\s+"
    r"been|such)\s+)*(?:of\s+)?(?:a|an)\s+(?P<v>tea|coffee|wine|beer|gin|whisky|whiskey|"
    r"cocktail|dog|cat|beach|mountain|city|country|sweet|savou?ry|cheese|chocolate|book|"
    r"film|movie|summer|winter)\s+(?:person|guy|girl|gal|woman|man|lover)$",
    re.IGNORECASE,
)
_PERSON_PLURAL = frozenset({"dog", "cat", "book", "film", "movie", "cocktail"})


#: "Been listening to loads of jazz", "I've been listening to a lot of Bowie lately": music
#: listened to much, a taste (subject left out as chat does); not one podcast on the way in.
_LISTENING_TO_LOTS = re.compile(
    r"^(?:i(?:'ve|\s+have)\s+)?been\s+(?:(?:really|just)\s+)?listening\s+to\s+(?:loads|lots|"
    r"a\s+lot|tons|heaps|so\s+much|a\s+ton|plenty)\s+of\s+"
    r"(?P<v>[^\W\d_][\w'&-]*(?:\s+[^\W\d_][\w'&-]*){0,2}?)"
    r"(?:\s+(?:lately|recently|these\s+days|at\s+the\s+moment|again))?$",
    re.IGNORECASE,
)


def listening(clause: str, ctx: Context) -> list[Candidate]:
    """Reads "been listening to loads of jazz" → ``likes.jazz``."""
    m = _LISTENING_TO_LOTS.match(clause.strip())
    if m is None:
        return []
    thing = m["v"]
    text = f"{ctx.subject} has been listening to a lot of {thing}."
    return fact(f"likes.{_topic(thing)}", text, Category.SOFT_PREFERENCE, 0.6, thing)


def x_person(clause: str, ctx: Context) -> list[Candidate]:
    """Reads "I'm more of a tea person" → ``preference.tea``; "a dog person" → dogs."""
    m = _X_PERSON.match(clause.strip())
    if m is None:
        return []
    thing = m["v"].lower()
    said = f"{thing}s" if thing in _PERSON_PLURAL else thing
    text = f"{ctx.subject} prefers {said}."
    return fact(f"preference.{slug(said, 40)}", text, Category.SOFT_PREFERENCE, 0.7, said)


RULES: tuple[Rule, ...] = (
    diet,
    x_person,
    listening,
    reply_language,
    preference,
    favourite,
    likes,
    my_thing,
    dislikes,
    enthusiast,
)
