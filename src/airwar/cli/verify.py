"""``airwar verify RECORD``: check a finished game's record on this computer.

The record is a JSON file, downloaded from the browser app once a game is over
or written by ``airwar export ID``; or RECORD is a saved game's id, whose
record is read from the database (``--database-url``) as ``airwar export``
writes it. A file that exists wins over an id. It is read strictly
(:mod:`airwar.session.verifying`: every key present, no other, every type
exact) and replayed from its seed and decisions: every decision must be legal
and written as the game writes it, every roll follows from the seed, and the
log must be the very one the game was saved with; the seed and salt must open
the commitment published at the start, and the one the player was shown when
``--commitment`` gives it. The findings are printed, the commitment whole, and
the command exits 0; anything else (a record without a commitment: "not
verifiable"; a record that does not replay, a running game's record, a seed
that does not open its commitment, a file that is not a record or not a regular
file) is one line, ``error: ...``, and exit code 2.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from airwar.cli.common import DatabaseUrl, Typer, reports_errors
from airwar.cli.export import is_game_id, record_text, saved_record
from airwar.core.errors import RecordError
from airwar.core.files import read_capped
from airwar.games import load_all
from airwar.session.verifying import HEX_COMMITMENT, load_record_text, verify_record
from airwar.store.errors import StoreError

MAX_RECORD_BYTES = 16 * 1024 * 1024
"""A record larger than this is refused (a real one is a few hundred kilobytes)."""


def check_commitment_option(value: str | None) -> str | None:
    """Option callback: a commitment is 64 hex digits, as the game shows it."""
    import re

    if value is not None and not re.fullmatch(HEX_COMMITMENT, value.strip().lower()):
        raise typer.BadParameter("a commitment is the 64 hex digits the game showed at its start")
    return value


@reports_errors
def verify(
    record: Annotated[
        str,
        typer.Argument(
            help="A game record as JSON (the browser app's download of a finished game, or "
            "airwar export's), or a saved game's id (with --database-url).",
            show_default=False,
        ),
    ],
    commitment: Annotated[
        str | None,
        typer.Option(
            "--commitment",
            help="The commitment you were shown when the game started (64 hex digits): "
            "the record must open this one.",
            show_default=False,
            callback=check_commitment_option,
        ),
    ] = None,
    database_url: DatabaseUrl = None,
) -> None:
    """Replay a finished game's record and check that its dice were fair."""
    path = Path(record)
    if not exists(path) and is_game_id(record):  # a file that exists wins
        where = f"game {record}"
        try:
            text = record_text(saved_record(record, database_url))
        except StoreError as exc:  # GameNotFound too
            raise RecordError(f"{record!r} is no record file, nor a saved game: {exc}") from None
    else:
        where = path.name or record
        text = read_record(path, where)
    load_all()
    try:
        data = load_record_text(text)
        findings = verify_record(data, commitment)
    except RecordError as exc:
        raise RecordError(f"{where}: {exc}") from None
    typer.echo(f"{where}: a finished game of {data['game']}, seed {data['seed']!r}")
    for line in findings:
        typer.echo(f"  {line}")
    typer.echo(f"{where}: verified")


def exists(path: Path) -> bool:
    """Whether ``path`` names anything (a name no file can have does not)."""
    try:
        return path.exists()
    except (OSError, ValueError):
        return False


def read_record(record: Path, where: str) -> str:
    """The text of the record file ``record`` (at most :data:`MAX_RECORD_BYTES`)."""
    try:
        raw = read_capped(record, MAX_RECORD_BYTES)
        if len(raw) > MAX_RECORD_BYTES:
            raise RecordError(f"{where}: larger than {MAX_RECORD_BYTES} bytes, not a record")
        text = raw.decode("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise RecordError(f"{where}: cannot read the record ({reason})") from None
    return text


app = Typer(add_completion=False)
"""The ``verify`` command, which the root loads when it is named."""
app.command("verify")(verify)
