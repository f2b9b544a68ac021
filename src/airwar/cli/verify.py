"""``airwar verify RECORD``: check a finished game's record on this computer.

The record is a JSON file, e.g. downloaded from the browser app once a game
is over. It is read strictly (:mod:`airwar.session.verifying`: every key
present, no other, every type exact) and replayed from its seed and
decisions: every decision must be legal and written as the game writes it,
every roll follows from the seed, and the log must be the very one the game
was saved with; the seed and salt must open the commitment published at the
start, and the one the player was shown when ``--commitment`` gives it. The
findings are printed, the commitment whole, and the command exits 0; anything
else (a record without a commitment: "not verifiable"; a record that does
not replay, a running game's record, a seed that does not open its
commitment, a file that is not a record or not a regular file) is one line,
``error: ...``, and exit code 2.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from airwar.cli.common import Typer, reports_errors
from airwar.core.errors import RecordError
from airwar.core.files import read_capped
from airwar.games import load_all
from airwar.session.verifying import HEX_COMMITMENT, load_record_text, verify_record

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
        Path,
        typer.Argument(
            help="A game record as JSON (e.g. the browser app's record of a finished game).",
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
) -> None:
    """Replay a finished game's record and check that its dice were fair."""
    where = record.name or str(record)
    try:
        raw = read_capped(record, MAX_RECORD_BYTES)
        if len(raw) > MAX_RECORD_BYTES:
            raise RecordError(f"{where}: larger than {MAX_RECORD_BYTES} bytes, not a record")
        text = raw.decode("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise RecordError(f"{where}: cannot read the record ({reason})") from None
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


app = Typer(add_completion=False)
"""The ``verify`` command, which the root loads when it is named."""
app.command("verify")(verify)
