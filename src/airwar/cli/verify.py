"""``airwar verify RECORD``: check a finished game's record on this computer.

The record is a JSON file, e.g. downloaded from the browser app once a game
is over. The game is replayed from its seed and decisions
(:func:`airwar.session.verify_record`): every decision must be legal, every
roll follows from the seed, and the log must be the very one the game was
saved with; a game whose seed was committed to at its start must reveal the
seed and salt that open that commitment. The findings are printed and the
command exits 0; anything else (a record that does not replay, a running
game's record, a seed that does not open its commitment, a file that is not
a record) is one line, ``error: ...``, and exit code 2.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from airwar.cli.common import reports_errors
from airwar.core.errors import RecordError
from airwar.games import load_all
from airwar.session import verify_record

MAX_RECORD_BYTES = 16 * 1024 * 1024
"""A record larger than this is refused unread (a real one is a few hundred kilobytes)."""


@reports_errors
def verify(
    record: Annotated[
        Path,
        typer.Argument(
            help="A game record as JSON (e.g. the browser app's record of a finished game).",
            show_default=False,
        ),
    ],
) -> None:
    """Replay a finished game's record and check that its dice were fair."""
    where = record.name or str(record)
    try:
        if record.stat().st_size > MAX_RECORD_BYTES:
            raise RecordError(f"{where}: larger than {MAX_RECORD_BYTES} bytes, not a record")
        text = record.read_text("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise RecordError(f"{where}: cannot read the record ({reason})") from None
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, RecursionError) as exc:
        raise RecordError(f"{where}: not a record, not valid JSON ({exc})") from None
    if not isinstance(data, dict):
        raise RecordError(f"{where}: not a game record (expected a JSON object)")
    load_all()
    try:
        findings = verify_record(data)
    except RecordError as exc:
        raise RecordError(f"{where}: {exc}") from None
    typer.echo(f"{where}: a finished game of {data.get('game')}, seed {data.get('seed')!r}")
    for line in findings:
        typer.echo(f"  {line}")
    typer.echo(f"{where}: verified")


app = typer.Typer(add_completion=False)
"""The ``verify`` command, which the root loads when it is named."""
app.command("verify")(verify)
