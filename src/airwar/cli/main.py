"""``airwar``: the command-line entry point. Each rule set has its own sub-command.

Whatever goes wrong, the command ends with one line on standard error and
never a traceback: airwar's own errors and command-line mistakes as
``error: ...`` with exit code 2, an unexpected failure as one line naming it
with exit code 1 (set ``AIRWAR_TRACEBACK=1`` to see its traceback).
"""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Sequence
from typing import Any

import typer
from typer.core import TyperCommand

from airwar import __version__
from airwar.cli.common import EXIT_USAGE, Group, Typer, one_line
from airwar.core.errors import AirwarError

EXIT_INTERNAL = 1
"""Exit code of an unexpected failure (a bug in airwar, not a mistake in the input)."""

SUBCOMMANDS: dict[str, tuple[str, str]] = {
    "play": (
        "airwar.cli.play",
        "Play any installed game at the terminal: each seat a person here or a bot.",
    ),
    "migs": ("airwar.cli.migs", "MiGs and Sabres: Korean War air combat, solo or two players."),
    "gunslingers": (
        "airwar.cli.gunslingers",
        "Gunslingers: the computer referee of the Expanded Sequence of Play.",
    ),
    "bia": ("airwar.cli.bia", "Bounce Into Action: air-defence and infantry fire with exact odds."),
    "analyze": (
        "airwar.cli.analyze",
        "The analysis lab: matchup odds, the designer's questions, campaigns, reports.",
    ),
    "serve": (
        "airwar.cli.serve",
        "Play, referee and calculate in your browser: the games are kept in the database.",
    ),
    "verify": (
        "airwar.cli.verify",
        "Replay a finished game's record and check that its dice were fair.",
    ),
    "export": (
        "airwar.cli.export",
        "Write a finished game's record, as the browser app downloads it (airwar verify reads it).",
    ),
}
"""Each command of the root: the module whose Typer ``app`` holds it, and the
line the root's help lists it with (the first of the command's own help).

A module is imported only when its command is named: a rule set's command
does not wait for the database layer, the solver's compiler and the other
rule sets to load (2 to 3 s, all of them), nor does the root's help."""


def _say(message: str) -> None:
    typer.echo(f"error: {one_line(message)}", err=True)


def _usage_line(exc: Exception) -> str:
    """A command-line mistake as one line: what is wrong, and where to read more."""
    format_message = getattr(exc, "format_message", None)
    text = format_message() if callable(format_message) else str(exc)
    ctx = getattr(exc, "ctx", None)
    path = getattr(ctx, "command_path", "")
    return f"{text} (see: {path} --help)" if path else text


class OneLineErrors(Group):
    """The root command: every error ends as one line on standard error, never a
    traceback. Its commands are loaded when named (:data:`SUBCOMMANDS`)."""

    _listing = False
    """Set while the root's help or a shell's completion of a command name is
    written: the commands are listed by name and line, not loaded."""

    # ctx and commands are click's, which typer may carry a copy of: left as Any
    def list_commands(self, ctx: Any) -> list[str]:
        return [*SUBCOMMANDS, *(n for n in super().list_commands(ctx) if n not in SUBCOMMANDS)]

    def format_help(self, ctx: Any, formatter: Any) -> None:
        self._listing = True
        try:
            super().format_help(ctx, formatter)
        finally:
            self._listing = False

    def shell_complete(self, ctx: Any, incomplete: str) -> Any:
        self._listing = True
        try:
            return super().shell_complete(ctx, incomplete)
        finally:
            self._listing = False

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        if cmd_name in SUBCOMMANDS and cmd_name not in self.commands:
            where, summary = SUBCOMMANDS[cmd_name]
            if self._listing:
                return TyperCommand(cmd_name, short_help=summary)
            command = typer.main.get_command(importlib.import_module(where).app)
            command.name = cmd_name
            self.add_command(command, cmd_name)
        return super().get_command(ctx, cmd_name)

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        windows_expand_args: bool = True,
        **extra: Any,
    ) -> Any:
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, False, windows_expand_args, **extra)
        try:
            code = super().main(args, prog_name, complete_var, False, windows_expand_args, **extra)
        except AirwarError as exc:
            _say(str(exc))
            sys.exit(EXIT_USAGE)
        except typer.Abort:
            typer.echo("Aborted!", err=True)
            sys.exit(1)
        except typer.TyperException as exc:  # click's usage errors (typer's own click)
            if type(exc).__name__ == "NoArgsIsHelpError":  # the help is already printed
                sys.exit(EXIT_USAGE)
            _say(_usage_line(exc))
            sys.exit(int(getattr(exc, "exit_code", EXIT_USAGE)))
        except RecursionError:
            _say("the input is nested too deeply to be read")
            sys.exit(EXIT_USAGE)
        except MemoryError:
            _say("the input asks for more memory than this computer has: give smaller numbers")
            sys.exit(EXIT_USAGE)
        except BrokenPipeError:
            # the reader went away (``airwar ... | head``): stop quietly
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
            sys.exit(1)
        except Exception as exc:
            if os.environ.get("AIRWAR_TRACEBACK"):
                raise
            _say(
                f"internal error, please report it with the command that caused it: "
                f"{type(exc).__name__}: {exc}"
            )
            sys.exit(EXIT_INTERNAL)
        sys.exit(code if isinstance(code, int) else 0)


app = Typer(
    name="airwar",
    cls=OneLineErrors,
    help="Tabletop air combat on the computer: MiGs and Sabres, Gunslingers, Bounce Into Action.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
)


@app.callback()
def root() -> None:
    """Makes the root a group of commands (Typer makes an app of one command that command)."""


@app.command()
def version() -> None:
    """Print the airwar version."""
    typer.echo(__version__)


def main() -> None:
    """Run the command; every error becomes one clear line (see :class:`OneLineErrors`)."""
    app()


if __name__ == "__main__":
    main()
