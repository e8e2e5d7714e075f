"""/import is all or nothing: the whole file is validated before it is shown, applied in one
transaction, and an export always imports back unchanged."""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from pathlib import Path
from typing import Any, Protocol

import pytest

from adapters.types import ButtonPress
from bot import app, commands, texts
from memory_core import Memory
from memory_core.clock import ManualClock
from memory_core.user import imports as imports_mod
from memory_core.user import memory_md
from memory_core.values import NewFact


class Console(Protocol):
    """What these tests use of a session opened by the ``console`` fixture."""

    runtime: app.Runtime | None
    adapter: Any
    out: Any

    async def say(self, *lines: str) -> str: ...


async def _export(s: Console, tmp_path: Path) -> str:
    out = await s.say("/export")
    assert "MEMORY.md" in out
    return (tmp_path / "MEMORY.md").read_text()


async def _import(s: Console, tmp_path: Path, text: str) -> str:
    path = tmp_path / "edited.md"
    path.write_text(text)
    return await s.say(f"/import {path}")


async def _values(s: Console) -> list[str]:
    assert s.runtime is not None
    return sorted(f.value_text for f in await s.runtime.memory.list_facts("console:ana"))


async def test_a_missing_file_or_one_without_memory_lines_changes_nothing(
    tmp_path: Path, clock: ManualClock, console: Callable[..., AbstractAsyncContextManager[Console]]
) -> None:
    async with console(tmp_path / "m.db", clock) as s:
        await s.say("/remember I live in Porto", "/remember I play the cello")
        before = await _values(s)
        out = await s.say(f"/import {tmp_path / 'nowhere.md'}")
        assert "can't read" in out and "Nothing changed" in out
        out = await _import(s, tmp_path, "# Memory of Ana\n\nJust some notes, no list.\n")
        assert "no memory lines" in out and "[1]" not in out
        assert await _values(s) == before


@pytest.mark.parametrize(
    ("line", "reason"),
    [("- \x01\x02\x03\x04", "nothing to remember"), ("- " + "x" * 1200, "too long")],
)
async def test_one_bad_line_refuses_the_whole_file(
    tmp_path: Path,
    clock: ManualClock,
    line: str,
    reason: str,
    console: Callable[..., AbstractAsyncContextManager[Console]],
) -> None:
    async with console(tmp_path / "m.db", clock) as s:
        await s.say("/remember I live in Porto")
        md = await _export(s, tmp_path)
        out = await _import(s, tmp_path, md + "- Ana plays the cello.\n" + line + "\n")
        assert "changed nothing" in out and reason in out and "[1]" not in out
        assert not any("cello" in v for v in await _values(s))


async def test_a_duplicated_id_is_refused(
    tmp_path: Path, clock: ManualClock, console: Callable[..., AbstractAsyncContextManager[Console]]
) -> None:
    async with console(tmp_path / "m.db", clock) as s:
        await s.say("/remember I live in Porto")
        md = await _export(s, tmp_path)
        tagged = next(line for line in md.splitlines() if line.startswith("- "))
        fid = tagged.rsplit("[#", 1)[1].rstrip("]")
        out = await _import(s, tmp_path, md + f"- Ana lives in Lisbon. [#{fid}]\n")
        assert "appears twice" in out
        assert any("Porto" in v for v in await _values(s))


async def test_an_export_with_masked_secrets_imports_back_unchanged(
    tmp_path: Path, clock: ManualClock, console: Callable[..., AbstractAsyncContextManager[Console]]
) -> None:
    async with console(tmp_path / "m.db", clock) as s:
        await s.say("/remember my bank card PIN is 4921", "/remember I live in Porto")
        before = await _values(s)
        md = await _export(s, tmp_path)
        assert "4921" not in md  # masked in the export
        out = await _import(s, tmp_path, md)
        assert "matches what I already have" in out
        assert await _values(s) == before  # the PIN was not overwritten by its mask


async def test_first_person_lines_are_stored_in_third_person(
    tmp_path: Path, clock: ManualClock, console: Callable[..., AbstractAsyncContextManager[Console]]
) -> None:
    async with console(tmp_path / "m.db", clock) as s:
        await s.say("/remember I live in Porto")
        md = await _export(s, tmp_path)
        await _import(s, tmp_path, md + "- I play the cello\n")
        assert "1 added" in await s.say("/tap 1")
        assert any(v.startswith("Ana plays the cello") for v in await _values(s))


async def test_a_failure_half_way_is_resumed_and_applies_every_line_once(
    tmp_path: Path,
    clock: ManualClock,
    monkeypatch: pytest.MonkeyPatch,
    console: Callable[..., AbstractAsyncContextManager[Console]],
) -> None:
    """Apply is the commit point: a batch that fails rolls back with its journal entry, the
    batches before it stay, and pressing Apply again resumes where the journal says — every
    line applied exactly once (see test_import_crash.py for kill -9).

    Batches end at 8 rows only: not at a batch's time (``import_batch_ms``), nor when a reply
    is being answered (the press's own reads linger as one) — under load either cut a batch
    after a row or two, and where the failing batch began was the machine's speed. And the
    press waits for the import however slow the machine (``import_answer_within_s``: past
    it, the failure would happen in the background instead of on the press)."""
    monkeypatch.setattr(imports_mod, "GIVE_WAY_AFTER_S", float("inf"))
    pinned = {"import_batch_ms": 60000, "import_answer_within_s": 60.0}
    async with console(tmp_path / "m.db", clock, import_batch_rows=8, **pinned) as s:
        assert s.runtime is not None
        await s.say("/remember I live in Porto", "/remember I play the cello")
        md = await _export(s, tmp_path)
        edited = "\n".join(line for line in md.splitlines() if "Porto" not in line)
        edited += "\n" + "\n".join(f"- Ana has read book number {i}." for i in range(50))
        assert "Add (50)" in await _import(s, tmp_path, edited + "\n")
        assert s.adapter is not None
        apply = s.adapter._last_buttons[0]
        press = ButtonPress("console", "console", "ana", "Ana", apply.data, clock.now(), None, True)
        calls = {"n": 0}
        real = imports_mod.remember_in

        def crash_at_the_20th(*args: object, **kwargs: object) -> object:
            calls["n"] += 1
            if calls["n"] == 20:
                raise RuntimeError("killed half-way")
            return real(*args, **kwargs)  # type: ignore[arg-type]

        monkeypatch.setattr(imports_mod, "remember_in", crash_at_the_20th)
        with pytest.raises(RuntimeError):
            await s.runtime.router.on_button(press)
        progress = await s.runtime.memory.import_progress("console:ana", 1)
        # Batches of 8 rows: the two before the failing row (the 21st: the removal, then 19
        # adds) stay, the failing one (rows 17-24) is gone.
        assert progress is not None and (progress.done, progress.total) == (16, 51)
        monkeypatch.setattr(imports_mod, "remember_in", real)
        again = await s.runtime.router.on_button(press)  # resumes from the journal's row
        assert again.edit is not None and f"Still importing: {progress.done} of 51" in again.edit
        await s.runtime.imports.drain()
        assert await s.runtime.memory.import_progress("console:ana", 1) is None
        values = await _values(s)
        assert sorted(v for v in values if "book number" in v) == sorted(
            f"Ana has read book number {i}." for i in range(50)
        )
        assert not any("Porto" in v for v in values)
        done = await s.runtime.router.on_button(press)  # a third press changes nothing
        assert done.notice == texts.STALE_CONFIRMATION and await _values(s) == values


def test_a_ten_thousand_memory_export_fits_the_import_limit() -> None:
    lines = [
        f"- Ana remembers a fairly long detail number {i} about her garden. [#{i}]"
        for i in range(10000)
    ]
    raw = ("# Memory of Ana\n\n## Other\n" + "\n".join(lines) + "\n").encode()
    assert memory_md.decode(raw)


async def test_a_long_import_prints_progress_in_the_console_and_a_quick_one_does_not(
    tmp_path: Path,
    clock: ManualClock,
    monkeypatch: pytest.MonkeyPatch,
    console: Callable[..., AbstractAsyncContextManager[Console]],
) -> None:
    import adapters.console.adapter

    lines = "\n".join(f"- Ana has read book number {i}." for i in range(30))
    # Batches of 10 rows: progress is told after each batch.
    async with console(tmp_path / "m.db", clock, import_batch_rows=10) as s:
        assert "Add (30)" in await _import(s, tmp_path, f"# Memory of Ana\n\n{lines}\n")
        monkeypatch.setattr(adapters.console.adapter, "PROGRESS_EVERY_S", 3600.0)
        quick = await s.say("/tap 1")  # done within PROGRESS_EVERY_S: only the answer
        assert "30 added" in quick and " of 30 (" not in quick
        # Every line is "long".
        monkeypatch.setattr(adapters.console.adapter, "PROGRESS_EVERY_S", 0.0)
        more = "\n".join(f"- Ana has seen film number {i}." for i in range(40))
        md = await _export(s, tmp_path)
        assert "Add (40)" in await _import(s, tmp_path, md + more + "\n")
        out = await s.say("/tap 1")
    shown = [line for line in out.splitlines() if " of 40 (" in line]
    # After each batch: at most 10 rows (fewer when one gave way to a reply being answered).
    first = int(shown[0].split("… ")[1].split(" of")[0])
    assert 0 < first <= 10 and shown[0] == f"bot> … {first} of 40 ({first * 100 // 40}%)"
    assert shown[-1] == "bot> … 40 of 40 (100%)"
    assert out.index("40 of 40") < out.index("40 added")  # progress, then the answer


async def test_settle_import_reports_each_line_to_its_progress_callback(
    tmp_path: Path, clock: ManualClock
) -> None:
    memory = Memory.open(tmp_path / "m.db", None, clock=clock)
    try:
        body = "\n".join(f"- Bo collects stamp number {i}." for i in range(12))
        pending = await memory.plan_import("console:bo", f"# Memory of Bo\n\n{body}\n".encode())
        assert pending.import_id is not None
        seen: list[tuple[int, int]] = []
        done = await memory.settle_import(
            "console:bo", pending.import_id, apply=True, progress=lambda d, t: seen.append((d, t))
        )
    finally:
        memory.close()
    assert done is not None and done.added == 12
    # After each batch (rows done, rows in all), ending with all of them.
    assert seen and seen[-1] == (12, 12) and seen == sorted(seen)


async def test_an_old_file_does_not_bring_back_what_was_forgotten(
    tmp_path: Path, clock: ManualClock, console: Callable[..., AbstractAsyncContextManager[Console]]
) -> None:
    """An export from before a forget is old material: its line is not added again (the
    preview says so); /remember brings it back."""
    async with console(tmp_path / "m.db", clock) as s:
        assert s.runtime is not None
        await s.say("/remember I live in Porto", "/remember I play the cello")
        old = await _export(s, tmp_path)
        (cello,) = [
            f for f in await s.runtime.memory.list_facts("console:ana") if "cello" in f.value_text
        ]
        await s.runtime.memory.forget("console:ana", cello.id)
        untagged = re.sub(r" \[#\d+\]", "", old)  # tags or not, the line is the same
        preview = await _import(s, tmp_path, untagged + "- I swim\n")
        assert "Not added (1): you asked me to forget it" in preview, preview
        await s.say("/tap 1")
        values = await _values(s)
        assert not any("cello" in v for v in values) and any("swim" in v for v in values)


async def test_an_export_is_never_cut_and_says_when_it_is_too_big_to_import_back(
    tmp_path: Path,
    clock: ManualClock,
    monkeypatch: pytest.MonkeyPatch,
    console: Callable[..., AbstractAsyncContextManager[Console]],
) -> None:
    """Issue 22: /export stopped at 50,000 facts without a word (here the limit is 30)."""
    monkeypatch.setattr(memory_md, "MAX_EXPORT", 30)
    monkeypatch.setattr(commands, "MAX_IMPORT_LINES", 30)
    async with console(tmp_path / "m.db", clock) as s:
        assert s.runtime is not None
        for i in range(35):
            await s.runtime.memory.remember(
                # (plain words: "the record number 33" reads as a credential by meaning since
                # the twelfth refit, and is then exported masked)
                "console:ana",
                NewFact(key="", value_text=f"Ana keeps a fern called Frond {i}."),
            )
        out = await s.say("/export")
        assert "35 items" in out and "can't be sent back as it is" in out
        md = (tmp_path / "MEMORY.md").read_text()
        assert all(f"called Frond {i}." in md for i in range(35)), md
        exported = json.loads((tmp_path / "memories.json").read_text())
        assert len(exported["facts"]) == 35


async def test_a_bot_stopped_mid_import_finishes_it_on_the_next_start_and_says_so(
    tmp_path: Path,
    clock: ManualClock,
    console: Callable[..., AbstractAsyncContextManager[Console]],
) -> None:
    slow = {"import_answer_within_s": 0, "import_batch_rows": 1, "import_rest_ratio": 30}
    lines = "\n".join(f"- Ana has read book number {i}." for i in range(12))
    async with console(tmp_path / "m.db", clock, **slow) as s:
        assert s.runtime is not None
        await _import(s, tmp_path, "## Other\n" + lines + "\n")
        apply = s.adapter._last_buttons[0]
        press = ButtonPress("console", "console", "ana", "Ana", apply.data, clock.now(), None, True)
        started = await s.runtime.router.on_button(press)
        assert started.edit is not None and "message you when it's done" in started.edit
        await asyncio.sleep(0.3)  # a few rows in; then the bot stops
    async with console(tmp_path / "m.db", clock) as s:  # starts: the import resumes
        assert s.runtime is not None
        # Polls the very state under test (no event to wait on): running ends after the message.
        while s.runtime.imports.running(1):  # noqa: ASYNC110
            await asyncio.sleep(0.001)
        assert "Imported: 12 added" in s.out.getvalue()  # done only once the user was told
        await s.runtime.imports.drain()
        values = await _values(s)
        assert sorted(values) == sorted(f"Ana has read book number {i}." for i in range(12))
        assert "Imported: 12 added" in s.out.getvalue()  # told privately when it was done
