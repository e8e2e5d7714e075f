"""An import's preview in words, and applying confirmed imports in the background, so a big
one never holds a button press (or anyone else) waiting: a small import is answered on the
press; a big one says it is under way and the user gets a private message when it is done.
Imports a dead process left half-applied resume at start (memory_core.user.imports keeps them all
or nothing)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import structlog

from adapters.types import Reply
from bot.i18n import N_, t, tn
from bot.notifier import Notifier
from bot.quotas import HeavyQuota
from bot.wording import yours
from memory_core import Memory
from memory_core.types import ImportPlan, ImportSummary

log = structlog.get_logger("bot.imports")


def summary_text(done: ImportSummary, lang: str = "en") -> str:
    """What an applied import did, in words (in ``lang``)."""
    return t(
        lang,
        "Imported: {added} added, {changed} changed, {removed} forgotten.",
        added=done.added,
        changed=done.changed,
        removed=done.removed,
    )


#: Lines a preview lists per heading (the rest are counted).
PREVIEW_LINES = 8
#: A preview line is cut to this many characters.
PREVIEW_WIDTH = 120


def preview_text(shown: ImportPlan, lang: str = "en", who: str | None = None) -> str:
    """What an import would change, in words (in ``lang``): each heading with its count and
    its first lines, said to the user (``who``: the name the lines call them); ``shown`` holds
    the texts as the audience may read them."""

    def said(text: str) -> str:
        if lang != "en":  # the stored English sentence, not English turned half around
            return text
        words = yours(text, who)
        return words[:1].upper() + words[1:] + "."

    parts: list[str] = []
    for title, rows in (
        (N_("Add ({n}):"), [said(text) for _, text in shown.add]),
        (N_("Change ({n}):"), [f"{said(old)} → {said(new)}" for _, old, new in shown.change]),
        (N_("Forget ({n}):"), [said(text) for _, text in shown.remove]),
    ):
        if not rows:
            continue
        listed = [f"  • {row[:PREVIEW_WIDTH]}" for row in rows[:PREVIEW_LINES]]
        if len(rows) > PREVIEW_LINES:
            listed.append("  " + t(lang, "… and {n} more", n=len(rows) - PREVIEW_LINES))
        parts.append("\n".join([t(lang, title, n=len(rows)), *listed]))
    parts += _left_out(shown, lang)
    return "\n".join(parts)


def _left_out(plan: ImportPlan, lang: str) -> list[str]:
    """The lines of a file an import leaves out, counted (never quoted): what the user asked
    to forget, and secrets."""
    parts: list[str] = []
    if plan.forgotten:
        parts.append(
            tn(
                lang,
                "Not added ({n}): you asked me to forget it (/remember brings one back).",
                "Not added ({n}): you asked me to forget them (/remember brings one back).",
                plan.forgotten,
            )
        )
    if plan.secrets:
        parts.append(
            tn(
                lang,
                "Not added ({n}): it holds a password, PIN or code (say /remember … to keep one).",
                "Not added ({n}): they hold a password, PIN or code (say /remember … to keep one).",
                plan.secrets,
            )
        )
    return parts


def left_out_text(plan: ImportPlan, lang: str = "en") -> str:
    """What to say of a file that changes nothing because every line of it was left out (as a
    secret, or as something the user asked to forget); "" when none was."""
    parts = _left_out(plan, lang)
    if not parts:
        return ""
    return "\n".join([t(lang, "Nothing to add from that file."), *parts])


class ImportRunner:
    """Owns the tasks applying imports (one per import); ``drain`` waits for them."""

    def __init__(
        self, memory: Memory, notifier: Notifier, quota: HeavyQuota, *, answer_within_s: float
    ) -> None:
        self.memory = memory
        self.notifier = notifier
        self.quota = quota
        self.answer_within_s = answer_within_s
        self._tasks: dict[int, asyncio.Task[ImportSummary | None]] = {}
        self._notify: set[int] = set()

    async def apply(
        self,
        user_id: str,
        import_id: int,
        progress: Callable[[int, int], None] | None = None,
    ) -> str | None:
        """Apply a taken import, holding the user's heavy-operation slot (taken by the caller)
        until it is done. Returns the summary when it finished within ``answer_within_s``, or
        ``None``: it goes on in the background and the user is told when it is done."""
        task = self._start(user_id, import_id, progress)
        done, _ = await asyncio.wait({task}, timeout=self.answer_within_s)
        if task in done:
            summary = task.result()
            return (
                None
                if summary is None
                else summary_text(summary, self.notifier.languages.of(user_id))
            )
        self._notify.add(import_id)
        return None

    async def resume(self) -> int:
        """Finish every import a dead process left half-applied (in the background); returns
        how many were resumed."""
        found = await self.memory.unfinished_imports()
        for user_id, import_id in found:
            if import_id in self._tasks:
                continue
            log.info("import_resumed", user_id=user_id, import_id=import_id)
            self.quota.hold(user_id)  # it must finish: held whatever the limits say
            self._notify.add(import_id)
            self._start(user_id, import_id)
        return len(found)

    def running(self, import_id: int) -> bool:
        """Whether this process is applying the import now (or telling the user it is done)."""
        return import_id in self._tasks

    def _start(
        self,
        user_id: str,
        import_id: int,
        progress: Callable[[int, int], None] | None = None,
    ) -> asyncio.Task[ImportSummary | None]:
        task = asyncio.create_task(
            self._run(user_id, import_id, progress), name=f"import-{import_id}"
        )
        self._tasks[import_id] = task
        return task

    async def _run(
        self,
        user_id: str,
        import_id: int,
        progress: Callable[[int, int], None] | None = None,
    ) -> ImportSummary | None:
        try:
            try:
                summary = await self.memory.apply_import(user_id, import_id, progress=progress)
            except Exception:
                # The journal keeps its place: pressing Apply again, or the next start, resumes.
                log.exception("import_failed", user_id=user_id, import_id=import_id)
                raise
            finally:
                self.quota.end(user_id)
            if summary is not None and import_id in self._notify:
                self._notify.discard(import_id)
                target = await self.notifier.private_target(user_id)
                if target is not None:
                    lang = self.notifier.languages.of(user_id)
                    await self.notifier.deliver(target, Reply(summary_text(summary, lang)))
            return summary
        finally:
            # Only now: ``drain`` waits for the user to be told, not just for the rows.
            self._tasks.pop(import_id, None)

    async def drain(self) -> None:
        """Wait until every import being applied is done."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks.values()), return_exceptions=True)

    async def aclose(self) -> None:
        """Stop applying (the journal keeps the place; the next start resumes)."""
        tasks = list(self._tasks.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
