"""Run as a script: which keys of the rule tables the code reads, printed as JSON.

Every ``tomllib.load`` of a table file is made to return mappings that record
each key read (``d[k]``, ``d.get(k)``, or every key when the whole mapping is
iterated or copied), before any game module is imported, so the tables read
at import time are tracked too. Then every installed game is played (found
through the ``airwar.games`` entry points, never by name): its automatic player
or random moves, over several seeds, with its defaults and each of its sample
option sets. Every rule table of every game is also loaded through the one loader first
(``airwar.core.tables``), so one
that those games never reach is tracked all the same.
``tests/games/test_table_keys.py`` runs it and compares.
"""

from __future__ import annotations

import json
import sys
import tomllib
from pathlib import Path
from typing import Any, BinaryIO

SEEN: set[str] = set()
ALL: set[str] = set()
_load = tomllib.load


def wrap(value: Any, path: str) -> Any:
    if isinstance(value, dict):
        return Tracked(value, path)
    if isinstance(value, list):
        return [wrap(v, f"{path}[]") for v in value]
    return value


class Tracked(dict):  # type: ignore[type-arg]
    """A dict that notes which of its keys are read (by their dotted path)."""

    def __init__(self, data: dict[str, Any], path: str) -> None:
        self._path = path
        for k in data:
            ALL.add(f"{path}.{k}")
        super().__init__({k: wrap(v, f"{path}.{k}") for k, v in data.items()})

    def _all(self) -> None:
        SEEN.update(f"{self._path}.{k}" for k in dict.__iter__(self))

    def __getitem__(self, key: Any) -> Any:
        SEEN.add(f"{self._path}.{key}")
        return super().__getitem__(key)

    def get(self, key: Any, default: Any = None) -> Any:
        SEEN.add(f"{self._path}.{key}")
        return super().get(key, default)

    def __iter__(self) -> Any:
        self._all()
        return super().__iter__()

    def keys(self) -> Any:
        self._all()
        return super().keys()

    def items(self) -> Any:
        self._all()
        return super().items()

    def values(self) -> Any:
        self._all()
        return super().values()


def tracked_load(fh: BinaryIO, **kwargs: Any) -> dict[str, Any]:
    data = _load(fh, **kwargs)
    name = getattr(fh, "name", "")
    if not name:
        return data
    path = Path(name)
    return Tracked(data, f"{path.parent.name}/{path.name}")


def installed_games() -> list[str]:
    """The games of the installed game packages (the ``airwar.games`` entry points)."""
    import airwar.games
    from airwar.core.registry import game_class, game_names

    airwar.games.load_all()
    packages = tuple(airwar.games.packages().values())
    return [
        n
        for n in game_names()
        if any(game_class(n).__module__.startswith(p + ".") for p in packages)
    ]


def play() -> None:
    """Every installed game, with its defaults and each sample option set (``samples()``:
    the options that select other table rows), over several seeds; each seat played by
    the game's own automatic player where it declares one, else by random moves."""
    from airwar.bots.registry import make_bot
    from airwar.core.driver import play_bots
    from airwar.core.registry import game_class

    for name in installed_games():
        cls = game_class(name)
        bot = cls.game_type.assistant or "random"
        option_sets = {json.dumps(o, sort_keys=True): o for o in ({}, *cls.samples())}
        for options in option_sets.values():
            for seed in range(4):
                game = cls(options)
                bots = {s: make_bot(bot, f"{seed}:{s}") for s in range(game.num_players)}
                play_bots(game, bots, seed)


def import_every_module() -> None:
    """Every module of the game packages, so the tables read at import time are tracked
    (the MiGs solver's move costs, read by no game while it plays)."""
    import importlib
    import pkgutil

    import airwar.games

    for package in airwar.games.packages().values():
        top = importlib.import_module(package)
        for info in pkgutil.walk_packages(top.__path__, package + "."):
            importlib.import_module(info.name)


def main() -> None:
    tomllib.load = tracked_load  # before any game module is imported
    import_every_module()  # the MiGs solver reads the move costs when imported
    from airwar.core.tables import data_folders
    from airwar.games import load_all

    load_all()
    # every rule table through the one loader, also those the games below never reach;
    # the loader keeps the parsed (recording) mapping itself, so every read is noted
    for folder in data_folders():
        for name in folder.rule_tables():
            folder.load(name)
    play()
    # infantry fire (not in the engagements above) reads its whole weapons table
    from airwar.games.bia import infantry

    infantry.weapons()
    json.dump({"all": sorted(ALL), "seen": sorted(SEEN)}, sys.stdout)


if __name__ == "__main__":
    main()
