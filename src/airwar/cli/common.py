"""Helpers every ``airwar`` sub-command shares: the database option, options, errors.

Command-line mistakes (an unknown square, an option out of range, an unknown
game id, a damaged save) end the command with one line on standard error,
``error: ...``, and exit code 2, whether the command runs under
``airwar.cli.main`` or directly (tests).
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable
from typing import Annotated, NoReturn, ParamSpec, TypeVar

import typer
from rich.console import Console

from airwar.core.errors import AirwarError, OptionError
from airwar.store import Store

EXIT_USAGE = 2
"""Exit code of a command-line error (the same as click's usage errors)."""

P = ParamSpec("P")
R = TypeVar("R")

DatabaseUrl = Annotated[
    str | None,
    typer.Option(
        "--database-url",
        help="SQLAlchemy URL of the saved-games database "
        "(default: $AIRWAR_DATABASE_URL, else airwar.sqlite in the user data folder).",
        show_default=False,
    ),
]

OptionPairs = Annotated[
    list[str] | None,
    typer.Option(
        "--option",
        "-o",
        help="A game option as name=value (repeat for several).",
        show_default=False,
    ),
]


def fail(message: str) -> NoReturn:
    """Print ``error: message`` on standard error and exit with code 2."""
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(EXIT_USAGE)


def reports_errors(command: Callable[P, R]) -> Callable[P, R]:
    """Turn airwar's own errors in ``command`` into one line and exit code 2."""

    @functools.wraps(command)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return command(*args, **kwargs)
        except AirwarError as exc:
            fail(str(exc))

    return wrapper


def open_store(url: str | None) -> Store:
    """The saved-games store at ``url`` (None: the default database)."""
    return Store(url)


def parse_option_pairs(pairs: list[str] | None) -> dict[str, str]:
    """``["sorties=5", "scoring=base-value"]`` -> ``{"sorties": "5", ...}``.

    Values stay text; the game's parameters convert and check them.
    """
    out: dict[str, str] = {}
    for pair in pairs or []:
        name, sep, value = pair.partition("=")
        name = name.strip()
        if not sep or not name:
            raise OptionError(f"option {pair!r} is not written as name=value")
        out[name] = value.strip()
    return out


def make_console(*, stderr: bool = False) -> Console:
    """A rich console that writes plain text when the output is not a terminal."""
    stream = sys.stderr if stderr else sys.stdout
    return Console(file=stream, highlight=False, soft_wrap=True)
