"""The optional parts of airwar, and the one line that says one is missing.

``pip install airwar`` installs what the browser app, the terminal games and
the expert AI need. Three extras add the research and lab parts and PostgreSQL:

- ``lab``: Dask (Monte Carlo on a cluster, ``airwar analyze ... --scheduler``)
  and matplotlib (the plots of ``airwar analyze report``);
- ``research``: OpenSpiel and PettingZoo (:mod:`airwar.adapters.openspiel`,
  :mod:`airwar.adapters.pettingzoo`);
- ``postgres``: psycopg, the driver of a PostgreSQL database
  (``--database-url postgresql://...``; SQLite needs nothing more).

Code that needs one imports it where it is used. When it is missing, it
raises :class:`MissingExtra`: one line naming what needs the extra and the
command that installs it. ``MissingExtra`` is an airwar error (a command ends
with that line and exit code 2) and an ``ImportError`` (importing an adapter
without its extra fails as an import does).

>>> print(MissingExtra("lab", "airwar analyze report"))
airwar analyze report needs the lab extra: pip install 'airwar[lab]'
"""

from __future__ import annotations

import importlib

from airwar.core.errors import AirwarError

EXTRAS: dict[str, tuple[str, ...]] = {
    "lab": ("dask.distributed", "matplotlib"),
    "research": ("pyspiel", "pettingzoo"),
    "postgres": ("psycopg",),
}
"""Each extra (as ``pyproject.toml`` names it) and the modules that show it is installed."""


def install_command(extra: str) -> str:
    """The command that installs ``extra``."""
    return f"pip install 'airwar[{extra}]'"


class MissingExtra(AirwarError, ImportError):
    """An optional part of airwar that is not installed; the message says how to install it."""

    def __init__(self, extra: str, what: str) -> None:
        super().__init__(f"{what} needs the {extra} extra: {install_command(extra)}")
        self.extra = extra
        self.what = what


def missing(extra: str, *modules: str) -> str | None:
    """The first of ``modules`` (default: the extra's) that cannot be imported, or None."""
    for name in modules or EXTRAS[extra]:
        try:
            importlib.import_module(name)
        except ImportError:
            return name
    return None


def require(extra: str, what: str, *modules: str) -> None:
    """Raise :class:`MissingExtra` unless ``modules`` (default: all the extra's) import."""
    if missing(extra, *modules) is not None:
        raise MissingExtra(extra, what)
