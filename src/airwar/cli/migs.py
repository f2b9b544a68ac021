"""`airwar migs`: commands are added by the issue that builds this part."""

from __future__ import annotations

import typer

app = typer.Typer(help="migs commands.", no_args_is_help=True)
