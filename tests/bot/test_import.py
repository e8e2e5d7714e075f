"""/import is all or nothing: the whole file is validated before it is shown, applied in one
transaction, and an export always imports back unchanged."""

from __future__ import annotations

import re
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from pathlib import Path
from typing import Protocol

import pytest

from adapters.types import ButtonPress
from bot import app
from memory_core import Memory, memory_md
from memory_core.clock import ManualClock
from memory_core.values import Status


class Console(Protocol):
    """What these tests use of a session opened by the ``console`` fixture."""

    runtime: app.Runtime | None

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


async def test_a_crash_half_way_applies_none_of_the_import(
    tmp_path: Path,
    clock: ManualClock,
    monkeypatch: pytest.MonkeyPatch,
    console: Callable[..., AbstractAsyncContextManager[Console]],
) -> None:
    async with console(tmp_path / "m.db", clock) as s:
        assert s.runtime is not None
        await s.say("/remember I live in Porto", "/remember I play the cello")
        before = await _values(s)
        md = await _export(s, tmp_path)
        edited = "\n".join(line for line in md.splitlines() if "Porto" not in line)
        edited += "\n" + "\n".join(f"- Ana has read book number {i}." for i in range(50))
        assert "Add (50)" in await _import(s, tmp_path, edited + "\n")
        assert s.adapter is not None
        apply = s.adapter._last_buttons[0]
        press = ButtonPress("console", "console", "ana", "Ana", apply.data, clock.now(), None, True)
        calls = {"n": 0}
        real = Memory._remember_in

        def crash_at_the_20th(self: Memory, *args: object, **kwargs: object) -> object:
            calls["n"] += 1
            if calls["n"] == 20:
                raise RuntimeError("killed half-way")
            return real(self, *args, **kwargs)  # type: ignore[arg-type]

        monkeypatch.setattr(Memory, "_remember_in", crash_at_the_20th)
        with pytest.raises(RuntimeError):
            await s.runtime.router.on_button(press)
        assert await _values(s) == before  # Porto not forgotten, no book added
        monkeypatch.setattr(Memory, "_remember_in", real)
        done = await s.runtime.router.on_button(press)  # still pending: it applies now
        assert done.edit is not None and "50 added" in done.edit
        facts = await s.runtime.memory.list_facts("console:ana")
        assert not any("Porto" in f.value_text and f.status == Status.ACTIVE for f in facts)


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
    import adapters.console

    lines = "\n".join(f"- Ana has read book number {i}." for i in range(30))
    async with console(tmp_path / "m.db", clock) as s:
        assert "Add (30)" in await _import(s, tmp_path, f"# Memory of Ana\n\n{lines}\n")
        monkeypatch.setattr(adapters.console, "PROGRESS_EVERY_S", 3600.0)
        quick = await s.say("/tap 1")  # done within PROGRESS_EVERY_S: only the answer
        assert "30 added" in quick and " of 30 (" not in quick
        monkeypatch.setattr(adapters.console, "PROGRESS_EVERY_S", 0.0)  # every line is "long"
        more = "\n".join(f"- Ana has seen film number {i}." for i in range(40))
        md = await _export(s, tmp_path)
        assert "Add (40)" in await _import(s, tmp_path, md + more + "\n")
        out = await s.say("/tap 1")
    shown = [line for line in out.splitlines() if " of 40 (" in line]
    assert shown[0] == "bot> … 1 of 40 (2%)" and shown[-1] == "bot> … 40 of 40 (100%)"
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
    assert seen == [(i, 12) for i in range(1, 13)]


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
