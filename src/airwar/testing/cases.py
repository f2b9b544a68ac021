"""What is checked: one game with one option set (a :class:`Case`), and how far its
plays go (:class:`Limits`).

Every registered game gives its cases through ``Game.samples()``: option sets that
show its range (scenarios, matchups, variants). No game is named here.
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from airwar.core.game import Game
from airwar.core.registry import game_class, game_names


@dataclass(frozen=True)
class Limits:
    """How far a check plays one game: at most ``decisions`` decisions through the
    driver, ``session_decisions`` through the play session (each one saved), and in
    either case no new decision after ``seconds`` (a large scenario is cut short;
    what was played is checked all the same)."""

    decisions: int = 3000
    session_decisions: int = 80
    seconds: float = 1.5


class Budget:
    """A play's allowance: a number of decisions and a time, whichever ends first."""

    def __init__(self, decisions: int, seconds: float) -> None:
        self.decisions = decisions
        self.until = time.monotonic() + seconds

    def spent(self, made: int) -> bool:
        return made >= self.decisions or time.monotonic() > self.until


@dataclass(frozen=True, repr=False)
class Case:
    """One game to hold to the contract: its registered name and one option set."""

    game: str
    options: Mapping[str, Any] = field(default_factory=dict)
    index: int = 0
    """Which of the game's samples this is (its place in ``Game.samples()``)."""
    limits: Limits = field(default_factory=Limits)

    @property
    def id(self) -> str:
        """A short name: the game's and the sample's number (``duel#1``)."""
        return f"{self.game}#{self.index}"

    def load(self) -> Game:
        return game_class(self.game)(self.options)

    def describe(self) -> str:
        """The case in words for a message: its id and its short options."""
        shown = [f"{k}={v!r}" for k, v in self.options.items() if _short(v)]
        long = [k for k, v in self.options.items() if not _short(v)]
        shown += [f"{k}=..." for k in long]
        return f"{self.id} ({', '.join(shown)})" if shown else f"{self.id} (its defaults)"

    def __repr__(self) -> str:  # a scenario's whole content is too much to print
        return f"Case({self.id!r})"


def _short(value: Any) -> bool:
    return isinstance(value, bool | int | float) or (isinstance(value, str) and len(value) <= 24)


def _name_of(game: str | type[Game]) -> str:
    """The registered name of ``game`` (a class must be the one registered under its name)."""
    if isinstance(game, str):
        game_class(game)  # UnknownGame names the registered ones
        return game
    registered = game_class(game.name) if game.name in game_names() else None
    if registered is not game:
        raise AssertionError(
            f"{game.__qualname__} is not registered as {game.name!r}: decorate it with "
            "@register_game and declare its package in the airwar.games entry-point group"
        )
    return game.name


def case_for(
    game: str | type[Game],
    options: Mapping[str, Any] | None = None,
    limits: Limits | None = None,
) -> list[Case]:
    """The cases of one game: the ``options`` given, or else each of its samples."""
    name = _name_of(game)
    samples = [options] if options is not None else list(game_class(name).samples())
    if not samples:
        raise AssertionError(f"{name}: Game.samples() gives no option set")
    return [Case(name, dict(s), i, limits or Limits()) for i, s in enumerate(samples)]


def cases(modules: tuple[str, ...] | None = None, limits: Limits | None = None) -> Iterator[Case]:
    """Every sample of every registered game, by name (``modules``: only games whose
    class is defined in one of these packages, e.g. those of the installed game
    packages rather than toy games a test registered)."""
    for name in game_names():
        module = game_class(name).__module__
        if modules is not None and not any(
            module == m or module.startswith(m + ".") for m in modules
        ):
            continue
        yield from case_for(name, limits=limits)
