"""Every game airwar plays: the rule sets of this distribution and any installed
package that declares one.

A game package registers its games (``@register_game``) when it is imported. The
packages are found through the ``airwar.games`` entry-point group, so a rule set
can live in a package of its own: its ``pyproject.toml`` names its package in
that group (``[project.entry-points."airwar.games"]``, ``NAME = "its.package"``)
and ``load_all()`` imports it with the three shipped here, which this
distribution declares the same way.
"""

from __future__ import annotations

import importlib
from importlib.metadata import entry_points

from airwar.core.errors import AirwarError

ENTRY_POINT_GROUP = "airwar.games"
"""The entry-point group in which a package names its game package."""


class GamePackageError(AirwarError):
    """An installed game package that cannot be loaded (named with its entry point)."""


def packages() -> dict[str, str]:
    """Every declared game package: entry-point name -> module, sorted by name."""
    found = {ep.name: ep.value for ep in entry_points(group=ENTRY_POINT_GROUP)}
    return dict(sorted(found.items()))


def load_all() -> None:
    """Import every declared game package so that each registers its games.

    A package that fails to import is named in one line with the reason; the
    games already loaded stay registered.
    """
    for name, module in packages().items():
        try:
            importlib.import_module(module)
        except ImportError as e:
            raise GamePackageError(
                f"game package {name!r} ({module}, entry point group {ENTRY_POINT_GROUP}) "
                f"cannot be imported: {e}"
            ) from e
