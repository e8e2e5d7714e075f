"""The README's commands run as written: every shell line of its ``sh`` code blocks that needs
no token, network or system service is run through ``bash`` from a copy of the checkout's
layout, on a temporary database, and must exit 0 — so the README cannot rot."""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"

#: Lines that are not run here, each with the reason (a line must match exactly one).
SKIPPED = {
    r"^make ": "builds .venv/ (network) and runs the suite or an interactive chat",
    r"--platform ": "needs a platform token and the network",
    r"^(docker|systemctl|journalctl|pip) ": "a system service or a package index",
    r"postgresql://": "needs a PostgreSQL server",
}
#: Variables a developer's shell may hold that would change what a line does.
_FOREIGN = ("MEMBOT_", "TELEGRAM_", "DISCORD_", "ANTHROPIC_")


def shell_lines(markdown: str) -> list[str]:
    """Every command line of the ``sh`` fenced blocks (indented ones too), in order."""
    lines, inside = [], False
    for raw in markdown.splitlines():
        stripped = raw.strip()
        if stripped.startswith("```"):
            inside = not inside and stripped[3:].strip() in ("sh", "bash", "shell")
            continue
        if inside and stripped and not stripped.startswith("#"):
            lines.append(stripped)
    return lines


def _reason(line: str) -> str | None:
    reasons = [why for pattern, why in SKIPPED.items() if re.search(pattern, line)]
    assert len(reasons) <= 1, f"ambiguous skip for {line!r}: {reasons}"
    return reasons[0] if reasons else None


def test_readme_shell_lines_are_found_and_the_skips_are_few() -> None:
    lines = shell_lines(README.read_text(encoding="utf-8"))
    run = [line for line in lines if _reason(line) is None]
    assert any(line.startswith("./membot ") for line in run)
    assert len(run) >= 8, run  # most of what the README shows is run below
    assert not [line for line in run if line.startswith("membot ")], (
        "the README says `./membot …` (the launcher): a bare `membot` is not on PATH"
    )


def test_every_token_free_readme_command_runs_as_written(tmp_path: Path) -> None:
    if not (ROOT / ".venv" / "bin" / "membot").exists():
        pytest.skip("no .venv/ here (`make test` makes it); the launcher would install one")
    # The checkout's layout (no .env, no data/ of the developer's), on a temporary database.
    checkout = tmp_path / "checkout"
    checkout.mkdir()
    for entry in ROOT.iterdir():
        if entry.name not in (".env", "data", ".git"):
            (checkout / entry.name).symlink_to(entry)
    env = {k: v for k, v in os.environ.items() if not k.startswith(_FOREIGN)}
    env |= {
        "MEMBOT_DB": str(tmp_path / "data" / "membot.db"),
        "MEMBOT_LOG_FILE": str(tmp_path / "membot.log"),
        "PYTHONPATH": str(ROOT),  # this tree's code, whichever checkout .venv was made for
        "COLUMNS": "120",
    }
    ran = 0
    for line in shell_lines(README.read_text(encoding="utf-8")):
        if _reason(line) is not None:
            continue
        result = subprocess.run(
            ["bash", "-o", "pipefail", "-c", line],
            cwd=checkout,
            env=env,
            capture_output=True,
            text=True,
            stdin=subprocess.DEVNULL,
            timeout=300,
        )
        assert result.returncode == 0, f"{line}\n{result.stdout[-2000:]}\n{result.stderr[-2000:]}"
        ran += 1
    assert ran >= 8
    assert (tmp_path / "data" / "membot.db").exists()  # what they did landed there


def _anchors(markdown: str) -> set[str]:
    """GitHub's anchors of a document's headings."""
    out = set()
    for line in markdown.splitlines():
        if line.startswith("#"):
            title = line.lstrip("#").strip().lower()
            out.add(re.sub(r"[^\w\- ]", "", title).replace(" ", "-"))
    return out


def test_links_between_the_readme_and_docs_resolve() -> None:
    """Moving text between the README and docs/ broke no link: files and headings exist."""
    for doc in [README, *sorted((ROOT / "docs").glob("*.md"))]:
        text = doc.read_text(encoding="utf-8")
        for target in re.findall(r"\]\(([^)\s]+)\)", text):
            if target.startswith(("http://", "https://")):
                continue
            path, _, anchor = target.partition("#")
            linked = (doc.parent / path).resolve() if path else doc
            assert linked.exists(), f"{doc.name}: {target}"
            if anchor and linked.suffix == ".md":
                assert anchor in _anchors(linked.read_text(encoding="utf-8")), (
                    f"{doc.name}: {target}"
                )
