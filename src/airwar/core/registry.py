"""The game registry: games find each other by name, never by import."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from airwar.core.errors import UnknownGame
from airwar.core.game import Game

G = TypeVar("G", bound=type[Game])

_GAMES: dict[str, type[Game]] = {}


def register_game(cls: G) -> G:
    """Class decorator: make ``cls`` available under ``cls.name``."""
    existing = _GAMES.get(cls.name)
    if existing is not None and existing is not cls:
        raise ValueError(f"two games are registered as {cls.name!r}")
    _GAMES[cls.name] = cls
    return cls


def game_class(name: str) -> type[Game]:
    try:
        return _GAMES[name]
    except KeyError:
        known = ", ".join(sorted(_GAMES)) or "none"
        raise UnknownGame(f"unknown game {name!r} (registered: {known})") from None


def load_game(name: str, options: Mapping[str, Any] | None = None) -> Game:
    return game_class(name)(options)


def game_names() -> list[str]:
    return sorted(_GAMES)


GameFactory = Callable[[Mapping[str, Any] | None], Game]
