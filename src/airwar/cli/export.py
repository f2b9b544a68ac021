"""``airwar export ID``: a saved game's record, the file the browser app's download gives.

Every game, played in the browser or at the terminal, is kept in the same
database; this writes a finished one's record (its decisions, seed, salt and
commitment: ``docs/record-format.md``) to standard output or to ``-o FILE``,
byte for byte what the play page's "record" link downloads. ``airwar verify``
checks the file, or the saved game itself by its id.

A running game's record is not given: its seed stays secret until the end (in
the browser a seat gets its own redacted copy, which nothing can verify).
Anything wrong (no such game, a running game, a file that cannot be written) is
one line, ``error: ...``, and exit code 2; nothing is written then.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Annotated, Any

import typer

from airwar.cli.common import DatabaseUrl, Typer, fail, open_store, reports_errors
from airwar.core.errors import RecordError

GAME_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")
"""What a saved game's id may be (the browser app's routes take the same)."""


def is_game_id(text: str) -> bool:
    """Whether ``text`` could be a saved game's id (letters, digits, '-', '_'; 1 to 64)."""
    return GAME_ID.fullmatch(text) is not None


def saved_record(game_id: str, database_url: str | None) -> dict[str, Any]:
    """The record of the finished game ``game_id``: what the browser app gives for it.

    The database is only read (nothing is created or changed)."""
    from airwar.core.driver import replay
    from airwar.games import load_all
    from airwar.session import PlaySession

    if not is_game_id(game_id):
        raise RecordError(
            f"{game_id[:80]!r} is not a game id (letters, digits, '-' and '_', as airwar "
            "migs games and the saved-games page show them)"
        )
    with open_store(database_url, create=False) as store:
        stored = store.load(game_id)
    load_all()  # the rules that replay it
    live = PlaySession(
        stored.id, stored.title, dict(stored.seats), dict(stored.meta or {}), replay(stored.record)
    )
    if not live.finished:
        raise RecordError(
            f"game {game_id} is still running: its record, with the seed that checks its "
            "dice, is given once the game is over"
        )
    return live.record_for(None)


def record_text(record: dict[str, Any]) -> str:
    """A record as the browser app sends it: compact JSON, UTF-8 text as it is."""
    return json.dumps(record, ensure_ascii=False, allow_nan=False, separators=(",", ":"))


@reports_errors
def export(
    game_id: Annotated[
        str,
        typer.Argument(
            help="The saved game's id (airwar migs games, the saved-games page, or the id "
            "a terminal game printed when it started).",
            show_default=False,
        ),
    ],
    output: Annotated[
        Path | None,
        typer.Option(
            "--output",
            "-o",
            help="Write the record to this file (default: standard output).",
            show_default=False,
        ),
    ] = None,
    database_url: DatabaseUrl = None,
) -> None:
    """Write a finished game's record, as the browser app downloads it (airwar verify reads it)."""
    text = record_text(saved_record(game_id, database_url))
    if output is None:
        typer.echo(text)
        return
    try:
        output.write_text(text, encoding="utf-8")  # as the download: no newline added
    except OSError as exc:
        fail(f"cannot write the record to {str(output)!r}: {exc.strerror or exc}")
    typer.echo(f"game {game_id}: record written to {output}", err=True)


app = Typer(add_completion=False)
"""The ``export`` command, which the root loads when it is named."""
app.command("export")(export)
