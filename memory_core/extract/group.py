"""Statements about a group, not about the speaker: plans, decisions, schedules, rules and
shared facts said in a group chat ("our book club meets on Thursdays at 7", "we decided to go
to Lisbon in May", "the rota: Ana does the shopping this week"), read off as the group's own
candidate facts (``docs/group-memory.md``).

A statement is the group's when it speaks for the group (we, our, us, let's, everyone, the
group/team/club, a rota or a rule) and says something to keep (a day, a time, a month, a
decision, an arrangement). Questions, hypotheticals and anything sensitive or secret (one
sensitivity model: ``extract.sensitivity``, ``extract.sensitive``) are not the group's to
keep. The words are English, German, Spanish, French and Russian (the bot's languages).
"""

from __future__ import annotations

import re

from memory_core.extract.base import MAX_EXCERPT, MAX_VALUE_TEXT, Candidate
from memory_core.extract.sensitive import find_sensitive
from memory_core.extract.sensitivity import classified, sensitive_topic
from memory_core.extract.text import slug
from memory_core.values import Category

#: Who speaks for the group: en, de, es, fr, ru.
_FOR_THE_GROUP = re.compile(
    r"\b(we|we're|we've|we'll|we'd|our|ours|us|let's|lets|everyone|everybody|all of us|"
    r"the (?:group|team|club|band|class|crew|squad))\b|^\s*(?:the )?(?:rota|rule|rules|schedule)"
    r"\b|\brota\b|\bhouse rules?\b|\b(?:dienstplan|ist\s+dran|turno|le\s+toca|tour\s+de)\b"
    r"|(?<!\w)очередь(?!\w)"
    r"|\b(?:wir|unser|unsere|unseren|unserem|unserer|unseres|uns|lasst\s+uns|alle|"
    r"die\s+gruppe|das\s+team|der\s+verein|der\s+club|die\s+band|die\s+klasse)\b"
    r"|\b(?:nosotros|nosotras|nuestro|nuestra|nuestros|nuestras|vamos\s+a|todos|todas|"
    r"el\s+grupo|el\s+equipo|el\s+club|la\s+banda|la\s+clase|decidimos|acordamos|quedamos|"
    r"nos\s+reunimos|elegimos|votamos)\b"
    r"|\b(?:nous|notre|nos|tout\s+le\s+monde|le\s+groupe|l['’]équipe|le\s+club|la\s+classe)\b"
    # French "on" (we) only before a verb: English "on Sundays" is not the group speaking.
    r"|\bon\s+(?:se|s['’]|va|vas|fait|a|part|prend|joue|mange|vient|est|sera|doit|peut|"
    r"commence|finit|apporte|retrouve|réunit|décide|décidé|choisit|vote|garde|laisse|fera)\b"
    r"|(?<!\w)(?:мы|наш|наша|наше|наши|нашем|нашей|нашего|нас|нам|давайте|все|группа|команда|"
    r"клуб)(?!\w)",
    re.IGNORECASE,
)
_DAYS = (
    r"monday|tuesday|wednesday|thursday|friday|saturday|sunday|mondays|tuesdays|wednesdays|"
    r"thursdays|fridays|saturdays|sundays|weekend|weekends|tonight|tomorrow|weekly|monthly|daily|"
    r"montags?|dienstags?|mittwochs?|donnerstags?|freitags?|samstags?|sonntags?|wochenende|"
    r"morgen|wöchentlich|monatlich|täglich|heute\s+abend|"
    r"lunes|martes|miércoles|jueves|viernes|sábados?|domingos?|fin\s+de\s+semana|mañana|"
    r"semanal|mensual|esta\s+noche|"
    r"lundis?|mardis?|mercredis?|jeudis?|vendredis?|samedis?|dimanches?|week-end|demain|"
    r"ce\s+soir|hebdomadaire|mensuel|"
    r"понедельник\w*|вторник\w*|сред[аыу]|четверг\w*|пятниц\w+|суббот\w+|воскресень\w+|"
    r"выходны\w+|завтра|сегодня\s+вечером|еженедельно|ежемесячно"
)
_MONTHS = (
    r"january|february|march|april|may|june|july|august|september|october|november|december|"
    r"januar|februar|märz|mai|juni|juli|oktober|dezember|"
    r"enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre|"
    r"janvier|février|mars|avril|juin|juillet|août|septembre|octobre|novembre|décembre|"
    r"январ\w+|феврал\w+|март\w*|апрел\w+|ма[йяе]|июн\w+|июл\w+|август\w*|сентябр\w+|"
    r"октябр\w+|ноябр\w+|декабр\w+"
)
_KEEPABLE = re.compile(
    rf"(?<!\w)(?:{_DAYS}|{_MONTHS}|\d{{1,2}}(?::\d\d)?\s*(?:am|pm|h|uhr)\b|at \d{{1,2}}\b|o'clock|"
    r"noon|decided|agreed|agree on|settled on|chose|chosen|voted|plan|plans|planning|meet|meets|"
    r"meeting|gather|rota|rule|rules|schedule|deadline|budget|every|always|never|"
    r"going to|trip|turn to|in charge of|responsible for|does the|brings?|hosts?|hosting|"
    # de
    r"beschlossen|entschieden|vereinbart|abgestimmt|geplant|plan|treffen|trifft|termin|"
    r"dienstplan|regeln?|immer|nie|niemals|ausflug|reise|ist\s+dran|zuständig\s+für|bringt|"
    r"um\s+\d{1,2}|jeden|jede|"
    # es
    r"decidimos|acordamos|elegimos|votamos|planes|quedamos|nos\s+reunimos|se\s+reúne|reunión|"
    r"turno|le\s+toca|reglas?|normas?|siempre|nunca|viaje|encargad[oa]\s+de|trae|a\s+las\s+\d|"
    r"cada|"
    # fr
    r"décidé|convenu|choisi|voté|prévu|se\s+retrouve|réunion|se\s+réunit|rendez-vous|tour\s+de|"
    r"règles?|toujours|jamais|voyage|s['’]occupe\s+de|responsable\s+de|apporte|à\s+\d{1,2}\s*h|"
    r"chaque|"
    # ru
    r"решили|договорились|выбрали|проголосовали|план\w*|встреч\w+|собира\w+|правил\w*|всегда|"
    r"никогда|поездк\w+|очередь|отвечает\s+за|приносит|в\s+\d{1,2}(?::\d\d)?|кажд\w+)(?!\w)",
    re.IGNORECASE,
)
_MEETING = re.compile(
    r"\b(?:meet|meets|meeting|meetings|gather|gathers|get together|trifft|treffen|termin|"
    r"se\s+reúne|nos\s+reunimos|reunión|quedamos|se\s+retrouve|se\s+réunit|réunion|"
    r"rendez-vous)\b|(?<!\w)(?:встреч\w+|собира\w+)",
    re.I,
)
_ROTA = re.compile(
    r"\b(?:rota|turn to|in charge of|does the|responsible for|dienstplan|ist\s+dran|"
    r"zuständig\s+für|turno|le\s+toca|encargad[oa]\s+de|tour\s+de|s['’]occupe\s+de|"
    r"responsable\s+de)\b|(?<!\w)(?:очередь|отвечает\s+за)",
    re.I,
)
_RULE = re.compile(
    r"\b(?:rules?|always|never|no one|nobody may|must|regeln?|immer|nie|niemals|reglas?|normas?|"
    r"siempre|nunca|règles?|toujours|jamais)\b|(?<!\w)(?:правил\w*|всегда|никогда)",
    re.I,
)
_DECISION = re.compile(
    r"\b(?:decided|agreed|settled on|chose|voted|going to|trip|plan|beschlossen|entschieden|"
    r"vereinbart|abgestimmt|geplant|ausflug|reise|decidimos|acordamos|elegimos|votamos|viaje|"
    r"vamos\s+a|décidé|convenu|choisi|voté|prévu|voyage)\b"
    r"|(?<!\w)(?:решили|договорились|выбрали|проголосовали|поездк\w+|план\w*)",
    re.I,
)
_QUESTION = re.compile(
    r"[?？]\s*$|^\s*¿|^\s*(?:what|when|where|who|which|how|why|do|does|did|shall|should|can|"
    r"could|would|will|is|are|am|wann|was|wo|wer|wie|warum|welche[rsn]?|sollen|können|"
    r"qué|cuándo|dónde|quién|cómo|por\s+qué|quand|quoi|où|qui|comment|pourquoi|quel(?:le)?s?|"
    r"est-ce\s+que)\b|^\s*(?:когда|что|где|кто|как|почему|какой|какая|какие)(?!\w)",
    re.IGNORECASE,
)
_HYPOTHETICAL = re.compile(
    r"\b(?:if we|maybe|perhaps|might|what if|should we|could we|would we|i wonder|not sure|"
    r"vielleicht|eventuell|falls|wenn\s+wir|könnten|sollten\s+wir|quizás?|tal\s+vez|"
    r"a\s+lo\s+mejor|si\s+(?:nosotros|vamos|quedamos)|peut-être|éventuellement|si\s+on|"
    r"si\s+nous)\b|(?<!\w)(?:если|может\s+быть|возможно|наверное)(?!\w)",
    re.IGNORECASE,
)
#: "Don't tell anyone", "between us": a secret about someone is never the group's to keep.
_CONFIDENTIAL = re.compile(
    r"\b(?:secret|don't tell|do not tell|between us|confidential|keep (?:it|this) quiet|"
    r"off the record|geheim|nicht\s+weitersagen|unter\s+uns|vertraulich|secreto|"
    r"no\s+se\s+lo\s+digas|entre\s+nosotros|confidencial|ne\s+le\s+dis\s+pas|entre\s+nous|"
    r"confidentiel)\b|(?<!\w)(?:секрет\w*|никому\s+не\s+говори|между\s+нами|конфиденциально)",
    re.IGNORECASE,
)
_STOP = frozenset(
    "a an the we our us let's lets to on at in of and or for is are be will we're we've we'll "
    "decided agreed going go this that it every".split()
)


_WHEN = re.compile(rf"\b(?:{_DAYS}|{_MONTHS})\b|\b\d{{1,2}}(?::\d\d)?\b", re.IGNORECASE)


def schedule_of(text: str) -> frozenset[str]:
    """The days, months and times ``text`` names ("Thursdays at 7" → {thursday, 7}): two
    statements of one plan in other words name the same ones."""
    return frozenset(w.lower().removesuffix("s") for w in _WHEN.findall(text))


def _slug(text: str) -> str:
    words = [w for w in slug(text, max_len=120).split("_") if w and w not in _STOP]
    return "_".join(words[:4]) or "note"


def _key(text: str) -> str:
    """The group fact's key: one meeting time, one rota (a change asks, see the conflict
    policy), and a key per decision, rule or other shared fact (several coexist)."""
    if _MEETING.search(text):
        return "group.meeting"
    if _ROTA.search(text):
        return "group.rota"
    if _RULE.search(text):
        return f"group.rule.{_slug(text)}"
    if _DECISION.search(text):
        return f"group.plan.{_slug(text)}"
    return f"group.fact.{_slug(text)}"


def _sentence(text: str) -> str:
    said = " ".join(text.split())
    said = said[:1].upper() + said[1:]
    return said if said.endswith((".", "!")) else f"{said}."


def is_private_statement(text: str) -> bool:
    """Whether ``text`` holds something a group must never keep: a sensitive topic, a
    secret value, a special category, or words asking for confidence."""
    _category, sensitive = classified(Category.OTHER, False, text)
    return (
        sensitive
        or sensitive_topic(text) is not None
        or bool(find_sensitive(text))
        or _CONFIDENTIAL.search(text) is not None
    )


def group_candidate(text: str) -> Candidate | None:
    """The group's candidate fact in ``text`` (a statement for the group with something to
    keep), or ``None``: not about the group, a question, a maybe, or private."""
    said = text.strip()
    if not said or len(said) > MAX_VALUE_TEXT or said.startswith("/"):
        return None
    if _QUESTION.search(said) or _HYPOTHETICAL.search(said):
        return None
    if not _FOR_THE_GROUP.search(said) or not _KEEPABLE.search(said):
        return None
    if is_private_statement(said):
        return None
    key = _key(said)
    return Candidate(
        key=key,
        value_text=_sentence(said),
        category=Category.TASK_CONTEXT,
        confidence_hint=0.9,
        value=said[:120],
        sensitive=False,
        multi_valued=False,
        source_excerpt=said[:MAX_EXCERPT],
        stated=True,
    )
