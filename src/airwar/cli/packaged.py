"""What a command finds in the installed package: the examples it ships, the extras it needs.

- :func:`example_or_file`: a command's file argument is a path, or the name
  of an example the package ships (``dogfight-2v2``, ``ford-crossing``). A
  path that exists wins; otherwise a known example; otherwise one line naming
  both, and exit code 2.
- :func:`need_extra`: a command that needs an optional part of airwar (the
  ``lab`` or ``research`` extra) says so in one line, with the command that
  installs it, and exits with code 2 before it does any work.
"""

from __future__ import annotations

from pathlib import Path

import typer

from airwar.cli.common import fail
from airwar.core.extras import MissingExtra, require
from airwar.games.examples import UnknownFile, resolve_file


def example_or_file(package: str, text: str | Path, what: str) -> Path:
    """The file ``text`` names: an existing path, else the example of ``package`` so named."""
    try:
        return resolve_file(package, text, what)
    except UnknownFile as exc:
        fail(str(exc))


def need_extra(extra: str, command: str) -> None:
    """Exit with one line if the ``extra`` that ``command`` needs is not installed."""
    try:
        require(extra, command)
    except MissingExtra as exc:
        fail(str(exc))


def dask_scheduler(ctx: typer.Context, value: str | None) -> str | None:
    """Option callback of ``--scheduler``: running on a Dask cluster needs the lab extra."""
    if value is not None:
        need_extra("lab", f"{ctx.command_path} --scheduler")
    return value
