"""Bots by name, and the games each plays: ``make_bot("heuristic", seed, game=game)``.

Every bot is a :class:`~airwar.bots.specs.BotSpec` that answers ``plays(game)``
(after OpenSpiel's MCTS, which checks the game type and raises for a game it
cannot play): :func:`bots_for` lists the bots that play a game, :func:`refusal`
says in one line why a bot does not, and :func:`make_bot` with ``game=`` refuses
with that line (:class:`BotRefused`, a ``ValueError`` the interfaces turn into a
4xx or exit code 2). No game names a bot.

The bots are found through the ``airwar.bots`` entry-point group, as the games
through ``airwar.games``: a package adds a bot by naming, in its
``pyproject.toml``, a ``BotSpec`` or a factory ``seed -> Bot`` (which plays every
game): ``[project.entry-points."airwar.bots"]``, ``NAME = "module:attribute"``.
The bots shipped here (:data:`~airwar.bots.specs.SHIPPED`) come first, in their
order, then the installed ones by name. A bot's module is imported when the first
bot of its kind is made, so that naming the bots does not load the solver's
compiler or every rule set.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from importlib.metadata import entry_points
from typing import Any

from airwar.bots.specs import SHIPPED, BotSpec, plays_every_game
from airwar.core.bot import Bot
from airwar.core.errors import AirwarError
from airwar.core.game import Game

ENTRY_POINT_GROUP = "airwar.bots"
"""The entry-point group in which a package names its bots."""
SHIPPED_MODULE = "airwar.bots.specs"
"""Where the shipped bots' specs are (their entry points name it)."""

BotFactory = Callable[[int | str], Bot]


class BotRefused(AirwarError, ValueError):
    """A bot asked to play a game it does not play (the message says why, in one line)."""


class BotPackageError(AirwarError):
    """An installed bot that cannot be loaded (named with its entry point)."""


_SPECS: dict[str, BotSpec] = {}
_LOADING = threading.Lock()


def _installed(name: str, value: str, found: Any) -> BotSpec:
    if isinstance(found, BotSpec):
        if found.name != name:
            raise BotPackageError(
                f"bot entry point {name!r} ({value}, group {ENTRY_POINT_GROUP}) names the "
                f"bot {found.name!r}: the two names must be the same"
            )
        return found
    if callable(found):
        return BotSpec(name, found, plays_every_game)
    raise BotPackageError(
        f"bot entry point {name!r} ({value}, group {ENTRY_POINT_GROUP}) is neither a "
        "BotSpec nor a factory of bots"
    )


def specs() -> dict[str, BotSpec]:
    """Every bot: name -> spec, the shipped ones first in their order, then those
    that installed packages declare, by name (each module loaded once, here)."""
    with _LOADING:
        if not _SPECS:
            found = {spec.name: spec for spec in SHIPPED}
            for ep in sorted(entry_points(group=ENTRY_POINT_GROUP), key=lambda e: e.name):
                if ep.name in found:
                    if ep.value.startswith(SHIPPED_MODULE + ":"):
                        continue  # a shipped bot, declared as any package declares its own
                    raise BotPackageError(
                        f"bot {ep.name!r} ({ep.value}, entry point group {ENTRY_POINT_GROUP}): "
                        "airwar ships a bot of that name; give yours another"
                    )
                try:
                    loaded = ep.load()
                except (ImportError, AttributeError) as exc:
                    raise BotPackageError(
                        f"bot {ep.name!r} ({ep.value}, entry point group {ENTRY_POINT_GROUP}) "
                        f"cannot be loaded: {exc}"
                    ) from exc
                found[ep.name] = _installed(ep.name, ep.value, loaded)
            _SPECS.update(found)
        return dict(_SPECS)


def bot_names() -> list[str]:
    """Every bot's name, sorted."""
    return sorted(specs())


def _spec(name: str) -> BotSpec:
    try:
        return specs()[name]
    except KeyError:
        raise ValueError(f"unknown bot {name!r} (known: {', '.join(bot_names())})") from None


def refusal(name: str, game: Game) -> str | None:
    """Why the bot ``name`` does not play ``game`` with its options (one line naming the
    bot and the game), or None when it does, or when no bot has that name (the seat
    checks name the bots there are)."""
    spec = specs().get(name)
    return None if spec is None else spec.plays(game)


def bots_for(game: Game) -> list[str]:
    """The bots that play ``game`` with its options, in the registry's order."""
    return [name for name, spec in specs().items() if spec.plays(game) is None]


class BotRegistry:
    """:func:`make_bot` with the registry's questions beside it: what an interface hands
    the play session (which imports no bot), so that the session makes the bots of the
    seats and checks the seats of a new game with one object."""

    def __call__(self, name: str, seed: int | str = 0, *, game: Game | None = None) -> Bot:
        """A new bot called ``name`` with its own ``seed``; with ``game``, only if it
        plays it (else :class:`BotRefused` with the one line of :func:`refusal`)."""
        spec = _spec(name)
        if game is not None:
            why = spec.plays(game)
            if why is not None:
                raise BotRefused(why)
        return spec.make(seed)

    @staticmethod
    def bots_for(game: Game) -> list[str]:
        return bots_for(game)

    @staticmethod
    def refusal(name: str, game: Game) -> str | None:
        return refusal(name, game)


make_bot = BotRegistry()
"""``make_bot(name, seed, game=None)``: a new bot (see :meth:`BotRegistry.__call__`)."""
