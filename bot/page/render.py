"""The memory page's HTML, rendered on the server: the shell, the sections and the fact view.

Every text goes through the message catalogue and every value through ``html.escape``; there
is no inline script or style (the Content-Security-Policy forbids both): behaviour lives in
``static/page.js``, looks in ``static/page.css``. Every form that changes something carries the
session's CSRF token. Facts arrive here already as the user's private audience may see them
(secrets masked by memory_core).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import lru_cache
from html import escape
from string import Template

from bot import texts
from bot.commands import EXPORT_TITLES, HISTORY_EVENTS
from bot.i18n import N_, clauses, day_text, t, tn
from bot.wording import person_label, person_said, yours
from memory_core.types import Conflict, Person, is_note
from memory_core.values import Category, Fact, HistoryEntry, Status

#: The category sections of the fact list, in display order, with their titles.
CATEGORY_TITLES: dict[Category, str] = {
    c: title for c, title in EXPORT_TITLES.items() if c != Category.PROCEDURAL
}
#: What a secret looks like once memory_core masked it.
_MASK = "••••"
#: Flash messages after a change (the redirect carries the code, never a value).
FLASH = {
    "forgotten": N_("Forgotten."),
    "undone": N_("Undone."),
    "nothing_to_undo": N_("There's nothing to undo."),
    "saved": N_("Saved."),
    "same": N_("I already had that — nothing changed."),
    "confirm": N_("That's an important memory: confirm the change below."),
    "pinned": N_("Pinned: it won't fade."),
    "unpinned": N_("Unpinned."),
    "restored": N_("Restored."),
    "settled": N_("Done."),
    "already": N_("That was already settled."),
    "paused": N_("Paused: I won't learn from our chat until you resume. /remember still works."),
    "resumed": N_("Resumed: I'll learn from our chat again."),
    "imported": N_("Imported."),
    "import_cancelled": N_("Import cancelled — nothing changed."),
    "import_same": N_("That file matches what I already have — nothing to change."),
    "import_left_out": N_(
        "Nothing to add from that file: its lines hold a password, PIN or code, or what you "
        "asked me to forget."
    ),
    "stale": N_("Your memory changed since — please look again."),
    "erase_typed": N_("Type the word exactly as shown to erase everything."),
}
#: The page's words (module constants: the catalogue's extractor reads no f-string).
T_PINNED = N_("Pinned")
T_NOT_CONFIRMED_YET = N_("not confirmed yet")
T_REVEAL = N_("Reveal")
T_FORGET = N_("Forget")
T_I_HAVE_NOTHING_ABOUT = N_("I have nothing about {topic}.")
T_NO_MEMORIES_YET = N_("No memories yet.")
T_NO_ONE_YET = N_("No one yet.")
T_NO_PLANS_YET = N_("No plans yet.")
T_NOTHING_HAS_FADED = N_("Nothing has faded.")
T_RESTORE = N_("Restore")
T_WAITING_FOR_YOUR_ANSWER = N_("Waiting for your answer")
T_SEARCH_YOUR_MEMORY = N_("Search your memory")
T_SEARCH = N_("Search")
T_NO_NOTES_YET = N_("No notes yet.")
T_LEARNING_IS_PAUSED_I = N_("Learning is paused: I only store what you /remember.")
T_I_LEARN_FROM_OUR = N_("I learn from our chat as we talk.")
T_TYPE_WORD_TO_DELETE = N_(
    "Type {word} to delete everything I know about you. It cannot be undone."
)
T_DELETE_EVERYTHING = N_("Delete everything")
T_YOUR_MEMORY = N_("Your memory")
T_SECTIONS = N_("Sections")
T_MEMORIES = N_("Memories")
T_PEOPLE = N_("People")
T_NOTES = N_("Notes")
T_PLANS = N_("Plans")
T_FADED = N_("Faded")
T_UNUSED_FOR_A_LONG = N_("Unused for a long time: not in my answers, but not forgotten.")
T_WHAT_I_SEE = N_("What I see")
T_A_MESSAGE_TO_ME = N_("A message to me")
T_SHOW_WHAT_I_D = N_("Show what I'd remember")
T_EXPORT_AND_IMPORT = N_("Export and import")
T_DOWNLOAD_MEMORY_MD = N_("Download MEMORY.md")
T_AN_EDITED_MEMORY_MD = N_("An edited MEMORY.md")
T_OR_PASTE_IT_HERE = N_("or paste it here")
T_PREVIEW_CHANGES = N_("Preview changes")
T_SETTINGS = N_("Settings")
T_THE_RIGHT_VALUE_AS = N_("The right value, as you would say it in chat")
T_E_G_I_LIVE = N_("e.g. I live in Porto")
T_SAVE = N_("Save")
T_ITS_STORY = N_("Its story")
T_CHANGE_IT = N_("Change it")
T_HERE_S_WHAT_YOUR = N_("Here's what your file changes:")
T_APPLY_THESE_CHANGES = N_("Apply these changes?")
T_OPEN_MY_MEMORY = N_("Open my memory")
T_OPEN_THIS_PAGE_FROM = N_("Open this page from your private chat with me in Telegram.")
T_OPENING = N_("Opening…")

#: The word typed to erase everything (translated, so the user types it in their language).
ERASE_WORD = N_("ERASE")


@dataclass(frozen=True, slots=True)
class Ctx:
    """What every part of a page needs: language, the user's name, the CSRF token, the base
    path and whether the page is a Telegram Mini App."""

    lang: str
    name: str | None
    csrf: str
    base: str
    telegram: bool = False

    def t(self, msgid: str, /, **fields: object) -> str:
        """``msgid`` translated and escaped for HTML."""
        return escape(t(self.lang, msgid, **fields))


_SHELL = Template(
    """<!doctype html>
<html lang="$lang"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="same-origin">
<title>$title</title>
<link rel="stylesheet" href="$base/static/page.css">
$head
<script src="$base/static/page.js" defer></script>
</head><body data-base="$base" data-csrf="$csrf"$body_attrs>
$body
</body></html>
"""
)


def shell(c: Ctx, title: str, body: str, *, head: str = "", body_attrs: str = "") -> str:
    """A whole page."""
    return _SHELL.substitute(
        lang=escape(c.lang),
        title=escape(title),
        base=escape(c.base),
        csrf=escape(c.csrf),
        head=head,
        body=body,
        body_attrs=body_attrs,
    )


def said(fact: Fact, c: Ctx) -> str:
    """A fact said to its owner in the page's language as /profile says it
    (``texts.listed_words``: a word told in another language, or a fact no phrase fits,
    quoted from the user's words), escaped."""
    slot = texts.slot_value(fact)
    value = str(slot) if isinstance(slot, str | int | float) else None
    needed = texts.needs_excerpt(c.lang, fact.key, fact.value_text, value)
    excerpt = texts.own_words(fact) if needed else None
    return _said(c.lang, fact.key, fact.value_text, value, c.name, excerpt)


@lru_cache(maxsize=16384)
def _said(
    lang: str, key: str, value_text: str, value: str | None, name: str | None, excerpt: str | None
) -> str:
    """A stored fact said to its owner, escaped (cached: every load lists every fact). A
    note is said as the user wrote it (the page lists notes apart); a fact whose words a
    note already quotes is quoted again here, not left out as /profile does: each row of the
    page is a memory to open, pin or forget."""
    words = texts.listed_words(lang, key, value_text, value, name, excerpt, in_notes=True)
    # A quote of the user's words stands alone, as in /profile (no stop after it).
    return escape(words if words.startswith(("“", "„", "«", '"')) else words + ".")


def _form(
    c: Ctx, action: str, label: str, *, cls: str = "", fields: str = "", aria: str = ""
) -> str:
    klass = f' class="{cls}"' if cls else ""
    # A screen reader hears which memory a row's button is for ("Forget: You live in Porto.").
    named = f' aria-label="{aria}"' if aria else ""
    return (
        f'<form method="post" action="{escape(c.base + action)}" class="inline">'
        f'<input type="hidden" name="csrf" value="{escape(c.csrf)}">{fields}'
        f'<button type="submit"{klass}{named}>{escape(label)}</button></form>'
    )


def fact_row(fact: Fact, c: Ctx) -> str:
    """One fact in a list: its text (a link to its story), pin mark, forget button."""
    pin = f' <span class="pin" title="{c.t(T_PINNED)}">📌</span>' if fact.pinned else ""
    pending = f" <em>({c.t(T_NOT_CONFIRMED_YET)})</em>" if fact.status == Status.PENDING else ""
    secret = (
        f' <a class="reveal" href="{escape(c.base)}/fact/{fact.id}">{c.t(T_REVEAL)}</a>'
        if _MASK in fact.value_text
        else ""
    )
    # One form around each list carries the CSRF token once (a page lists a thousand rows).
    forget = (
        f'<button type="submit" name="id" value="{fact.id}" class="quiet" '
        f'aria-label="{c.t(T_FORGET)}: {said(fact, c)}">{c.t(T_FORGET)}</button>'
    )
    return (
        f'<li class="fact" data-id="{fact.id}"><a href="{escape(c.base)}/fact/{fact.id}">'
        f"{said(fact, c)}</a>{pin}{pending}{secret} {forget}</li>"
    )


def forget_form(c: Ctx, inner: str) -> str:
    """A list of fact rows whose Forget buttons post to one form (with the CSRF token)."""
    return (
        f'<form method="post" action="{escape(c.base)}/forget" class="list">'
        f'<input type="hidden" name="csrf" value="{escape(c.csrf)}">{inner}</form>'
    )


def fact_list(facts: Sequence[Fact], c: Ctx, *, query: str = "") -> str:
    """The facts by category (or search results, best first, when ``query`` is set)."""
    if query:
        if not facts:
            return f'<p class="empty">{c.t(T_I_HAVE_NOTHING_ABOUT, topic=query[:60])}</p>'
        rows = "".join(fact_row(f, c) for f in facts)
        return forget_form(c, f'<ul class="facts">{rows}</ul>')
    if not facts:
        return f'<p class="empty">{c.t(T_NO_MEMORIES_YET)}</p>'
    parts: list[str] = []
    by_category: dict[Category, list[Fact]] = {}
    for fact in facts:
        by_category.setdefault(fact.category, []).append(fact)
    for category, title in CATEGORY_TITLES.items():
        found = by_category.get(category)
        if found:
            rows = "".join(fact_row(f, c) for f in found)
            parts.append(
                f'<h3>{c.t(title)} <span class="count">{len(found)}</span></h3>'
                f'<ul class="facts">{rows}</ul>'
            )
    return forget_form(c, "".join(parts))


def people_list(people: Sequence[Person], c: Ctx) -> str:
    """The user's people, each with what the user said about them."""
    if not people:
        return f'<p class="empty">{c.t(T_NO_ONE_YET)}</p>'
    items = []
    for person in people:
        about = clauses(c.lang, [escape(s) for s in person_said(person, c.name, c.lang)])
        label = escape(person_label(person, c.lang))
        strong = f"<strong>{label[:1].upper() + label[1:]}</strong>"
        items.append(f"<li>{t(c.lang, '{person}: {said}', person=strong, said=about)}</li>")
    return f'<ul class="people">{"".join(items)}</ul>'


def plans_list(plans: Sequence[Fact], c: Ctx) -> str:
    """Plans and dated things, soonest first."""
    if not plans:
        return f'<p class="empty">{c.t(T_NO_PLANS_YET)}</p>'
    rows = []
    for fact in plans:
        when = fact.event_time or fact.valid_to
        day = f"<time>{escape(day_text(c.lang, when))}</time> " if when else ""
        rows.append(f'<li>{day}<a href="{escape(c.base)}/fact/{fact.id}">{said(fact, c)}</a></li>')
    return f'<ul class="plans">{"".join(rows)}</ul>'


def conflict_box(conflict: Conflict, c: Ctx) -> str:
    """A pending conflict with the chat's choices (the same words as its buttons)."""

    def label(fact: Fact) -> str:
        value = fact.value_json.get("value") if isinstance(fact.value_json, dict) else None
        return texts.short(str(value) if value else fact.value_text, 30)

    def choice(text: str, value: str) -> str:
        return _form(c, f"/conflict/{conflict.id}/{value}", text)

    if conflict.ending:
        question = t(
            c.lang,
            "Earlier you told me {old}. Just now: {new}. Is that no longer true?",
            old=texts.said_back(conflict.old, c.lang),
            new=texts.said_back(conflict.new, c.lang),
        )
        choices = [
            choice(t(c.lang, "No longer true"), "update"),
            choice(t(c.lang, "Still true"), "keep"),
        ]
    else:
        question = t(
            c.lang,
            "Earlier you told me {old}. Just now: {new}. Which is right?",
            old=texts.said_back(conflict.old, c.lang),
            new=texts.said_back(conflict.new, c.lang),
        )
        choices = [
            choice(label(conflict.new), "update"),
            choice(label(conflict.old), "keep"),
            choice(t(c.lang, "Both"), "both")
            if conflict.several
            else choice(t(c.lang, "Only for now"), "now"),
        ]
    return (
        f'<div class="conflict" data-id="{conflict.id}"><p>{escape(question)}</p>'
        f'<div class="choices">{"".join(choices)}</div></div>'
    )


def faded_list(faded: Sequence[Fact], c: Ctx) -> str:
    """Faded facts, each with a restore button."""
    if not faded:
        return f'<p class="empty">{c.t(T_NOTHING_HAS_FADED)}</p>'
    rows = []
    for f in faded:
        restore = _form(
            c,
            f"/fact/{f.id}/restore",
            t(c.lang, "Restore"),
            aria=f"{c.t(T_RESTORE)}: {said(f, c)}",
        )
        rows.append(f'<li class="faded" data-id="{f.id}"><span>{said(f, c)}</span> {restore}</li>')
    return f'<ul class="facts">{"".join(rows)}</ul>'


def flash(c: Ctx, code: str | None) -> str:
    """The message after a change, with an undo button where a change can be undone."""
    if code not in FLASH:
        return ""
    undo = ""
    if code in ("forgotten", "saved", "restored", "imported", "pinned", "unpinned"):
        undo = " " + _form(c, "/undo", t(c.lang, "Undo"))
    return f'<div class="flash" role="status">{c.t(FLASH[code])}{undo}</div>'


def main_page(
    c: Ctx,
    *,
    facts: Sequence[Fact],
    query: str,
    people: Sequence[Person],
    plans: Sequence[Fact],
    conflicts: Sequence[Conflict],
    faded: Sequence[Fact],
    paused: bool,
    sample: str,
    block: str | None,
    flash_code: str | None,
    rev: int,
) -> str:
    """The memory page."""
    notes = [f for f in facts if is_note(f.key) or f.kind == "note"]
    listed = [f for f in facts if f not in notes] if not query else list(facts)
    nav = "".join(
        f'<a href="#{anchor}">{c.t(title)}</a>'
        for anchor, title in (
            ("facts", N_("Memories")),
            ("people", N_("People")),
            ("notes", N_("Notes")),
            ("plans", N_("Plans")),
            ("faded", N_("Faded")),
            ("preview", N_("What I see")),
            ("transfer", N_("Export and import")),
            ("settings", N_("Settings")),
        )
    )
    conflict_part = ""
    if conflicts:
        boxes = "".join(conflict_box(x, c) for x in conflicts)
        conflict_part = (
            f'<section id="conflicts"><h2>{c.t(T_WAITING_FOR_YOUR_ANSWER)}</h2>{boxes}</section>'
        )
    search = (
        f'<form method="get" action="{escape(c.base)}/" role="search" class="search">'
        f'<label for="q">{c.t(T_SEARCH_YOUR_MEMORY)}</label>'
        f'<input id="q" name="q" type="search" autocomplete="off" value="{escape(query)}" '
        f'placeholder="{c.t(T_SEARCH_YOUR_MEMORY)}">'
        f'<button type="submit">{c.t(T_SEARCH)}</button></form>'
    )
    count = tn(c.lang, "{n} memory", "{n} memories", len(listed))
    notes_part = (
        "".join(fact_row(f, c) for f in notes)
        if notes
        else f'<li class="empty">{c.t(T_NO_NOTES_YET)}</li>'
    )
    notes_list = forget_form(c, f'<ul class="facts">{notes_part}</ul>')
    block_part = ""
    if block is not None:
        shown = block or t(c.lang, "Nothing from memory would be used for that.")
        block_part = f'<pre class="block" aria-live="polite">{escape(shown)}</pre>'
    switch = (
        _form(c, "/resume", t(c.lang, "Resume learning"))
        if paused
        else _form(c, "/pause", t(c.lang, "Pause learning"))
    )
    state = c.t(T_LEARNING_IS_PAUSED_I) if paused else c.t(T_I_LEARN_FROM_OUR)
    word = t(c.lang, ERASE_WORD)
    erase = (
        f'<form method="post" action="{escape(c.base)}/erase" class="erase">'
        f'<input type="hidden" name="csrf" value="{escape(c.csrf)}">'
        f'<label for="confirm">{c.t(T_TYPE_WORD_TO_DELETE, word=word)}</label>'
        f'<input id="confirm" name="confirm" autocomplete="off" required>'
        f'<button type="submit" class="danger">{c.t(T_DELETE_EVERYTHING)}</button></form>'
    )
    body = f"""
<header><h1>{c.t(T_YOUR_MEMORY)}</h1><nav aria-label="{c.t(T_SECTIONS)}">{nav}</nav></header>
<main>
{flash(c, flash_code)}
{conflict_part}
<section id="facts" aria-labelledby="facts-title">
<h2 id="facts-title">{c.t(T_MEMORIES)}
<span class="count" id="fact-count">{escape(count)}</span></h2>
{search}
<div id="results" aria-live="polite">{fact_list(listed, c, query=query)}</div>
</section>
<section id="people"><h2>{c.t(T_PEOPLE)}</h2>{people_list(people, c)}</section>
<section id="notes"><h2>{c.t(T_NOTES)}</h2>{notes_list}</section>
<section id="plans"><h2>{c.t(T_PLANS)}</h2>{plans_list(plans, c)}</section>
<section id="faded"><h2>{c.t(T_FADED)}</h2>
<p class="hint">{c.t(T_UNUSED_FOR_A_LONG)}</p>
{faded_list(faded, c)}</section>
<section id="preview"><h2>{c.t(T_WHAT_I_SEE)}</h2>
<form method="get" action="{escape(c.base)}/#preview">
<label for="sample">{c.t(T_A_MESSAGE_TO_ME)}</label>
<input id="sample" name="sample" value="{escape(sample)}" autocomplete="off">
<button type="submit">{c.t(T_SHOW_WHAT_I_D)}</button></form>{block_part}</section>
<section id="transfer"><h2>{c.t(T_EXPORT_AND_IMPORT)}</h2>
<p><a href="{escape(c.base)}/export.md" download="MEMORY.md">{c.t(T_DOWNLOAD_MEMORY_MD)}</a></p>
<form method="post" action="{escape(c.base)}/import" enctype="multipart/form-data">
<input type="hidden" name="csrf" value="{escape(c.csrf)}">
<label for="file">{c.t(T_AN_EDITED_MEMORY_MD)}</label>
<input id="file" name="file" type="file" accept=".md,text/markdown,text/plain">
<label for="text">{c.t(T_OR_PASTE_IT_HERE)}</label>
<textarea id="text" name="text" rows="4"></textarea>
<button type="submit">{c.t(T_PREVIEW_CHANGES)}</button></form></section>
<section id="settings"><h2>{c.t(T_SETTINGS)}</h2><p>{state}</p>{switch}{erase}</section>
</main>
<input type="hidden" id="rev" value="{rev}">
"""
    return shell(c, t(c.lang, "Your memory"), body)


def fact_page(
    c: Ctx,
    fact: Fact,
    history: Sequence[HistoryEntry],
    *,
    revealed: str | None = None,
    flash_code: str | None = None,
) -> str:
    """One fact's story (what ``/why`` says) with edit, pin, forget and reveal."""
    learned = day_text(c.lang, fact.created_at)
    quote = texts.quotable_source(fact)
    imported = texts.imported_from(fact)
    if imported is not None:
        source = t(c.lang, "Imported from {source} on {day}.", source=imported, day=learned)
    elif quote is not None:
        source = t(
            c.lang, "I learned it on {day} from your message: “{quote}”", day=learned, quote=quote
        )
    else:
        source = t(c.lang, "I learned it on {day}.", day=learned)
    sure = t(
        c.lang, "How sure I am: {certainty}.", certainty=texts.certainty(fact.confidence, c.lang)
    )
    mentions = tn(
        c.lang,
        "You've mentioned it once.",
        "You've mentioned it {n} times.",
        max(fact.mention_count, 1),
    )
    story = "".join(
        f"<li><time>{escape(day_text(c.lang, e.ts))}</time>: "
        f"{c.t(HISTORY_EVENTS.get(e.event, N_('changed')))}{_history_value(e, c)}</li>"
        for e in history[-12:]
    )
    secret = ""
    if revealed is not None:
        secret = f'<p class="secret" role="status"><code>{escape(revealed)}</code></p>'
    elif _MASK in fact.value_text:
        secret = _form(c, f"/fact/{fact.id}/reveal", t(c.lang, "Reveal the secret"))
    editable = fact.status == Status.ACTIVE
    edit = ""
    if editable:
        edit = (
            f'<form method="post" action="{escape(c.base)}/fact/{fact.id}/edit" class="edit">'
            f'<input type="hidden" name="csrf" value="{escape(c.csrf)}">'
            f'<label for="value">{c.t(T_THE_RIGHT_VALUE_AS)}</label>'
            f'<input id="value" name="value" required maxlength="1000" autocomplete="off" '
            f'placeholder="{c.t(T_E_G_I_LIVE)}">'
            f'<button type="submit">{c.t(T_SAVE)}</button></form>'
        )
    pin = ""
    if editable:
        pin = (
            _form(c, f"/fact/{fact.id}/unpin", t(c.lang, "Unpin"))
            if fact.pinned
            else _form(c, f"/fact/{fact.id}/pin", t(c.lang, "Pin"))
        )
    forget = _form(c, f"/fact/{fact.id}/forget", t(c.lang, "Forget"), cls="danger")
    category = c.t(CATEGORY_TITLES.get(fact.category, N_("Other")))
    body = f"""
<header><p><a href="{escape(c.base)}/">← {c.t(T_YOUR_MEMORY)}</a></p>
<h1 id="fact-text">{said(fact, c)}</h1><p class="hint">{category}</p></header>
<main class="single">
{flash(c, flash_code)}
{secret}
<section id="story"><h2>{c.t(T_ITS_STORY)}</h2>
<p>{escape(source)}</p><p>{escape(sure)} {escape(mentions)}</p>
<ul class="history">{story}</ul></section>
<section id="change"><h2>{c.t(T_CHANGE_IT)}</h2>{edit}
<div class="actions">{pin}{forget}</div></section>
</main>
"""
    return shell(c, t(c.lang, "Your memory"), body)


def _history_value(entry: HistoryEntry, c: Ctx) -> str:
    state = entry.after or entry.before or {}
    value = str(state.get("value_text", ""))
    if not value:
        return ""
    text = yours(value, c.name)
    return " — " + escape((text[:1].upper() + text[1:])[:80])


def import_page(c: Ctx, import_id: int, description: str, rev: int) -> str:
    """An import's preview with Apply and Cancel."""
    rev_field = f'<input type="hidden" name="rev" value="{rev}">'
    body = f"""
<header><p><a href="{escape(c.base)}/">← {c.t(T_YOUR_MEMORY)}</a></p>
<h1>{c.t(T_HERE_S_WHAT_YOUR)}</h1></header>
<main class="single"><pre class="diff" id="import-preview">{escape(description)}</pre>
<p>{c.t(T_APPLY_THESE_CHANGES)}</p>
<div class="actions">
{_form(c, f"/import/{import_id}/apply", t(c.lang, "Apply"), fields=rev_field)}
{_form(c, f"/import/{import_id}/cancel", t(c.lang, "Cancel"))}
</div></main>
"""
    return shell(c, t(c.lang, "Your memory"), body)


def notice_page(c: Ctx, title: str, message: str) -> str:
    """A page with one message (signed out, refused, erased, not found)."""
    body = (
        f'<main class="notice"><h1>{escape(title)}</h1><p id="notice">{escape(message)}</p></main>'
    )
    return shell(c, title, body)


def open_page(c: Ctx, token: str) -> str:
    """The landing page of a signed link: one button that spends it (a link preview that
    fetches the URL does not)."""
    body = f"""
<main class="notice"><h1>{c.t(T_YOUR_MEMORY)}</h1>
<form method="post" action="{escape(c.base)}/open">
<input type="hidden" name="t" value="{escape(token)}">
<button type="submit" id="open">{c.t(T_OPEN_MY_MEMORY)}</button></form></main>
"""
    return shell(c, t(c.lang, "Your memory"), body)


def telegram_page(c: Ctx) -> str:
    """The Mini App's entry: Telegram's script hands ``initData`` to page.js, which signs in."""
    head = '<script src="https://telegram.org/js/telegram-web-app.js" async></script>'
    missing = c.t(T_OPEN_THIS_PAGE_FROM)
    refused = c.t(
        N_(
            "Telegram didn't confirm who you are. Close this and open it again from our "
            "private chat."
        )
    )
    body = f"""
<main class="notice"><h1>{c.t(T_YOUR_MEMORY)}</h1>
<p id="notice" data-missing="{missing}" data-refused="{refused}">{c.t(T_OPENING)}</p></main>
"""
    return shell(c, t(c.lang, "Your memory"), body, head=head, body_attrs=' data-telegram="1"')


def plans_of(facts: Iterable[Fact], now: datetime) -> list[Fact]:
    """The facts that are plans: what the user is working on or has coming, with a date
    when one is known (dated ones first, soonest first)."""
    found = [
        f
        for f in facts
        if f.kind == "fact"
        and (
            f.category == Category.TASK_CONTEXT
            or (f.event_time is not None and f.event_time >= now)
        )
    ]
    far = datetime.max.replace(tzinfo=now.tzinfo)
    return sorted(found, key=lambda f: (f.event_time or f.valid_to or far, f.id))
