"""``airwar``: the command-line entry point. Each rule set has its own sub-command."""

from __future__ import annotations

import sys

import typer

from airwar import __version__
from airwar.cli import analyze, bia, gunslingers, migs, serve, verify
from airwar.core.errors import AirwarError

app = typer.Typer(
    name="airwar",
    help="Tabletop air combat on the computer: MiGs and Sabres, Gunslingers, Bounce Into Action.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
)
app.add_typer(migs.app, name="migs")
app.add_typer(gunslingers.app, name="gunslingers")
app.add_typer(bia.app, name="bia")
app.add_typer(analyze.app, name="analyze")
serve.register(app)
verify.register(app)


@app.command()
def version() -> None:
    """Print the airwar version."""
    typer.echo(__version__)


def main() -> None:
    """Run the command; airwar's own errors become one clear line and exit code 2."""
    try:
        app()
    except AirwarError as exc:
        typer.echo(f"error: {exc}", err=True)
        sys.exit(2)


if __name__ == "__main__":
    main()
