"""`airwar bia`: commands are added by the issue that builds this part."""

from __future__ import annotations

import typer

app = typer.Typer(help="bia commands.", no_args_is_help=True)
