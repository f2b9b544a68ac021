"""Helpers every ``airwar`` sub-command shares: the database option, options, errors.

Command-line mistakes (an unknown square, an option out of range, an unknown
game id, a damaged save) end the command with one line on standard error,
``error: ...``, and exit code 2, whether the command runs under
``airwar.cli.main`` or directly (tests). Every number an option takes is
bounded by what it can mean: :func:`int_range`, :func:`float_range` and
:func:`check_seed` are option callbacks that refuse the rest with the reason.
"""

from __future__ import annotations

import contextlib
import functools
import math
import sys
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Annotated, Any, NoReturn, ParamSpec, TypeVar

import typer
from rich.console import Console
from typer.core import TyperArgument, TyperCommand, TyperGroup, TyperOption

from airwar.core.errors import AirwarError, OptionError

if TYPE_CHECKING:
    from airwar.store import Store

EXIT_USAGE = 2
"""Exit code of a command-line error (the same as click's usage errors)."""

P = ParamSpec("P")
R = TypeVar("R")
T = TypeVar("T")

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


MAX_SEED_LENGTH = 64
"""The longest seed, in characters (a whole number: its digits and sign)."""

MAX_GAMES = 100_000
"""The most games of one Monte Carlo run or row: the standard error of a rate is
then under 0.16 points, finer than the one decimal of a percentage printed."""

MAX_AI_DELAY = 60.0
"""The longest pause after a bot's step, in seconds: a pause to watch, not to wait."""

MAX_MESSAGE = 1000
"""The longest error line, in characters (a value quoted in it is cut short)."""


MAX_WORD = 300
"""The longest word of an error line: a longer value quoted in it is cut in the middle.

A file's path is one word and names where the problem is, so the bound leaves a
path of deep folders whole (a test's temporary folder alone is some 90
characters); only a value far longer than any path is cut."""


def one_line(message: str) -> str:
    """``message`` on one line of at most :data:`MAX_MESSAGE` characters."""
    words = [w if len(w) <= MAX_WORD else f"{w[:200]}...{w[-40:]}" for w in message.split()]
    text = " ".join(words)
    return text if len(text) <= MAX_MESSAGE else text[: MAX_MESSAGE - 3] + "..."


def shown(value: object) -> str:
    """A number for a message: a huge one is described, not printed in full."""
    text = str(value)
    if isinstance(value, int) and len(text) > 24:
        return f"a number of {len(text.lstrip('-'))} digits"
    return text


def fail(message: str) -> NoReturn:
    """Print ``error: message`` on standard error and exit with code 2."""
    typer.echo(f"error: {one_line(message)}", err=True)
    raise typer.Exit(EXIT_USAGE)


def check_seed(value: T) -> T:
    """Option callback: a seed (text or a whole number) of at most 64 characters.

    The seed is hashed with every roll, so a longer one only slows the game
    and cannot be saved with it.
    """
    if value is not None and len(str(value)) > MAX_SEED_LENGTH:
        raise typer.BadParameter(
            f"a seed is at most {MAX_SEED_LENGTH} characters, not {len(str(value))}"
        )
    return value


def int_range(lo: int, hi: int, why: str) -> Callable[[int | None], int | None]:
    """Option callback: a whole number from ``lo`` to ``hi``; ``why`` says why not more."""

    def check(value: int | None) -> int | None:
        if value is not None and not lo <= value <= hi:
            raise typer.BadParameter(f"{shown(value)} is not from {lo} to {hi}: {why}")
        return value

    return check


def int_list_range(lo: int, hi: int, why: str) -> Callable[[list[int] | None], list[int] | None]:
    """Option callback: each of a repeated option's whole numbers from ``lo`` to ``hi``."""
    one = int_range(lo, hi, why)

    def check(values: list[int] | None) -> list[int] | None:
        for value in values or []:
            one(value)
        return values

    return check


def float_range(lo: float, hi: float, why: str) -> Callable[[float | None], float | None]:
    """Option callback: a finite number from ``lo`` to ``hi``; ``why`` says why not more."""

    def check(value: float | None) -> float | None:
        if value is not None and not (math.isfinite(value) and lo <= value <= hi):
            raise typer.BadParameter(f"{value:g} is not from {lo:g} to {hi:g}: {why}")
        return value

    return check


def reports_errors(command: Callable[P, R]) -> Callable[P, R]:
    """Turn airwar's own errors in ``command`` into one line and exit code 2."""

    @functools.wraps(command)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return command(*args, **kwargs)
        except AirwarError as exc:
            fail(str(exc))

    return wrapper


def open_store(url: str | None, *, create: bool = True) -> Store:
    """The saved-games store at ``url`` (None: the default database); a command that only
    reads passes ``create=False``, and then nothing is made (no file, no folder)."""
    from airwar.store import Store  # here, not at the top: commands without a database skip it

    return Store(url, create=create)


def parse_seed(text: str | None) -> int | str | None:
    """A seed as typed: digits make an integer seed, anything else a text seed."""
    if text is None:
        return None
    t = text.strip()
    return int(t) if t.lstrip("-").isdigit() else t


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


class CleanHelp:
    """The help of an airwar command as a reader expects it: a flag shows no type (not
    ``<bool>``), and the usage line names an argument as ``RECORD``, or ``[SCENARIO]``
    when it may be left out (not ``{record}``, which reads as a set or a template)."""

    def get_params(self, ctx: Any) -> list[Any]:
        params: list[Any] = super().get_params(ctx)  # type: ignore[misc]
        for param in params:
            if isinstance(param, TyperOption) and param.is_flag and param.metavar is None:
                param.metavar = ""  # the type column stays empty: a flag takes no value
        return params

    def collect_usage_pieces(self, ctx: Any) -> list[str]:
        named = {
            param._usage_display_name(): usage_name(param)
            for param in self.get_params(ctx)
            if isinstance(param, TyperArgument)
        }
        pieces: list[str] = super().collect_usage_pieces(ctx)  # type: ignore[misc]
        return [named.get(piece, piece) for piece in pieces]


def usage_name(argument: TyperArgument) -> str:
    """An argument in the usage line: ``RECORD``, ``[SCENARIO]``, ``FILES...``."""
    name = (argument.metavar or argument.name or "value").upper()
    name = name if argument.required else f"[{name}]"
    return f"{name}..." if argument.nargs != 1 else name


class Command(CleanHelp, TyperCommand):
    """Every airwar command (:class:`Typer` makes its commands of this class)."""


class Group(CleanHelp, TyperGroup):
    """Every airwar group of commands."""


class Typer(typer.Typer):
    """``typer.Typer`` whose commands and groups have clean help (:class:`CleanHelp`)."""

    def __init__(self, *args: Any, cls: type[TyperGroup] | None = None, **kwargs: Any) -> None:
        super().__init__(*args, cls=cls or Group, **kwargs)

    def command(  # type: ignore[override]
        self, name: str | None = None, *, cls: type[TyperCommand] | None = None, **kwargs: Any
    ) -> Callable[[Callable[P, R]], Callable[P, R]]:
        return super().command(name, cls=cls or Command, **kwargs)


@contextlib.contextmanager
def games_progress(
    total: int, label: str, *, quiet: bool = False
) -> Iterator[Callable[[int], None]]:
    """A progress bar of the games played, on standard error when it is a terminal.

    ``quiet`` (a run printing JSON for another program) or a redirected standard
    error draws nothing; a JSON run on a terminal may still show it, as the JSON
    goes to standard output. The callable advances the bar by that many games.
    """
    if quiet or not sys.stderr.isatty():
        yield lambda _n: None
        return
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn

    with Progress(
        "[bold]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        "games",
        TimeElapsedColumn(),
        console=make_console(stderr=True),
        transient=True,
    ) as bar:
        task = bar.add_task(label, total=total)
        yield lambda n: bar.advance(task, n)


# The options every command that plays a saved game takes, spelled once.
GameSeed = Annotated[
    str | None,
    typer.Option("--seed", help="The game's seed (default: a fresh one).", callback=check_seed),
]
GameTitle = Annotated[str | None, typer.Option("--title", help="A title for the saved game.")]
ResumeId = Annotated[
    str | None, typer.Option("--resume", help="Continue the saved game with this id.")
]
AiDelay = Annotated[
    float,
    typer.Option(
        "--ai-delay",
        help=f"Seconds to pause after each AI step (0 to {MAX_AI_DELAY:g}).",
        callback=float_range(0, MAX_AI_DELAY, "a pause to watch each step"),
    ),
]
