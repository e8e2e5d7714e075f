"""The options several ``membot`` commands share, each defined once, and how a user is named."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer


def check_db(value: str | None) -> str | None:
    """``--db``'s check: an SQLite path or a ``postgresql://`` URL; another scheme (``mysql://``)
    exits 2 with one line, its password hidden, before anything is opened or created."""
    if value is not None:
        from bot.cli.common import fail
        from bot.config import db_target, hide_password

        try:
            db_target(value)
        except ValueError as exc:
            raise fail(f"--db {hide_password(value)}: {exc}", 2) from None
    return value


#: ``--db``: the SQLite file, or the ``postgresql://`` URL, to work on (a string: a ``Path``
#: would fold the URL's ``//``).
DbOpt = Annotated[
    str | None,
    typer.Option(
        "--db", callback=check_db, help="SQLite file or postgresql:// URL (default: MEMBOT_DB)"
    ),
]
#: ``--json``: machine-readable output on stdout.
JsonOpt = Annotated[bool, typer.Option("--json", help="machine-readable output")]
#: ``--user``: whose memories (required).
UserOpt = Annotated[str, typer.Option("--user", "-u", help="platform:id, or a console name")]
#: ``--yes``: skip the confirmation prompt of a destructive command.
YesOpt = Annotated[bool, typer.Option("--yes", "-y", help="do not ask")]
#: ``--workdir``: where a benchmark's temporary database goes.
WorkdirOpt = Annotated[
    Path | None, typer.Option("--workdir", help="where the temporary database goes")
]


def user_id(raw: str) -> str:
    """``alice`` → ``console:alice``; ``telegram:123`` stays as it is."""
    raw = raw.strip()
    if not raw:
        raise typer.BadParameter("a user is required")
    return raw if ":" in raw else f"console:{raw}"
