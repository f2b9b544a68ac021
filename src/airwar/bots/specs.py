"""The bots airwar ships, each with the question which games it plays.

After OpenSpiel's MCTS, which reads ``game.get_type()`` and raises for a game it
cannot play: a bot is a :class:`BotSpec` whose :meth:`~BotSpec.plays` answers for a
game (with its options) before a bot is made, in one line naming the bot and the
game when the answer is no. A bot's module is named here, not imported: it is
imported when the first bot of its kind is made, so that naming the bots loads
neither the solver's compiler nor every rule set. The questions ask the game
itself (is it an instance of a MiGs and Sabres game class, of the Gunslingers one)
and never load a rule set to answer: a game whose package is not loaded is not one
of its games.

Each is declared in the ``airwar.bots`` entry-point group of ``pyproject.toml``
(``heuristic = "airwar.bots.specs:HEURISTIC"``), as another package declares its
own bots; the registry lists these first, in this order (the order players see).
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from airwar.core.bot import Bot
from airwar.core.game import Game

Plays = Callable[[Game], "str | None"]
"""Whether a bot plays ``game`` (with its options): None, or one line saying why not."""


@dataclass(frozen=True)
class BotSpec:
    """A bot of the registry: its ``name``, how one is made and which games it plays.

    ``factory`` is ``"module:attribute"`` (imported when the first bot is made) or the
    factory itself; it is called with the bot's seed, or with nothing when
    ``seeded`` is False (a player with no dice of its own). ``plays`` answers for a
    game: None when the bot plays it, else the one line that says why not.
    """

    name: str
    factory: str | Callable[..., Bot]
    plays: Plays
    seeded: bool = True

    def make(self, seed: int | str = 0) -> Bot:
        """A new bot of this kind with its own ``seed`` (whatever the game)."""
        maker = self.factory
        if isinstance(maker, str):
            module, _, attr = maker.partition(":")
            maker = getattr(importlib.import_module(module), attr)
        bot: Bot = maker(seed) if self.seeded else maker()
        return bot


def plays_every_game(game: Game) -> str | None:
    """A bot that asks nothing of the game (it picks among the legal actions)."""
    return None


def _loaded(module: str, *classes: str) -> tuple[type[Any], ...]:
    """The game classes of a rule set, if its package is loaded (else no game is one)."""
    found = sys.modules.get(module)
    return () if found is None else tuple(getattr(found, name) for name in classes)


def _migs_game(game: Game) -> bool:
    return isinstance(game, _loaded("airwar.games.migs_sabres", "MigsGame", "EngagementGame"))


def _gunslingers_game(game: Game) -> bool:
    return isinstance(game, _loaded("airwar.games.gunslingers", "GunslingersGame"))


def migs_only(name: str) -> Plays:
    """A bot of the MiGs and Sabres engagements (its evaluation or reward is theirs)."""

    def plays(game: Game) -> str | None:
        if _migs_game(game):
            return None
        return f"the {name} bot plays MiGs and Sabres games only, not {game.title}"

    return plays


def expert_plays(game: Game) -> str | None:
    """The expert plays MiGs and Sabres with a turn limit the solver takes (MS-24).

    Only a limit longer than the game's default is put to the solver (which loads its
    compiler, about a second): the default is one it takes (``tests/bots``), so that
    listing the bots of a game with its default options never loads it."""
    why = migs_only("expert")(game)
    if why is not None:
        return why
    limit = game.options.get("turn_limit")
    if not isinstance(limit, int) or isinstance(limit, bool) or limit <= default_turn_limit(game):
        return None
    from airwar.games.migs_sabres.solver import turn_limit_refusal

    return turn_limit_refusal(limit)


def default_turn_limit(game: Game) -> int:
    """The turn limit a game of MiGs and Sabres has when none is chosen (0: none)."""
    found = next((p.default for p in type(game).parameters if p.name == "turn_limit"), 0)
    return found if isinstance(found, int) else 0


def gunslingers_only(name: str) -> Plays:
    """A bot that reads a Gunslingers seat's view and declarations."""

    def plays(game: Game) -> str | None:
        if _gunslingers_game(game):
            return None
        return f"the {name} bot plays Gunslingers only, not {game.title}"

    return plays


RANDOM = BotSpec("random", "airwar.bots.random_bot:RandomBot", plays_every_game)
GUNSLINGERS_AUTO = BotSpec(
    "gunslingers-auto",
    "airwar.games.gunslingers.autoplayer:GunslingersAuto",
    gunslingers_only("gunslingers-auto"),
    seeded=False,
)
"""The rule set's own automatic player (it decides from its seat's view)."""
TACTICAL = BotSpec(
    "tactical",
    "airwar.bots.gunslingers_tactical:GunslingersTactical",
    gunslingers_only("tactical"),
    seeded=False,
)
"""The Gunslingers tactical AI at its three levels (GS-92)."""
TACTICAL_EASY = BotSpec(
    "tactical:easy",
    "airwar.bots.gunslingers_tactical:GunslingersTacticalEasy",
    gunslingers_only("tactical:easy"),
    seeded=False,
)
TACTICAL_HARD = BotSpec(
    "tactical:hard",
    "airwar.bots.gunslingers_tactical:GunslingersTacticalHard",
    gunslingers_only("tactical:hard"),
    seeded=False,
)
EXPERT = BotSpec("expert", "airwar.bots.expert:ExpertBot", expert_plays)
HEURISTIC = BotSpec("heuristic", "airwar.bots.heuristic:HeuristicBot", migs_only("heuristic"))
MCTS = BotSpec("mcts", "airwar.bots.migs_rewards:migs_mcts", migs_only("mcts"))
"""Monte Carlo tree search with the MiGs and Sabres reward: it plays no other game."""

SHIPPED = (
    RANDOM,
    GUNSLINGERS_AUTO,
    TACTICAL,
    TACTICAL_EASY,
    TACTICAL_HARD,
    EXPERT,
    HEURISTIC,
    MCTS,
)
"""The bots of this distribution, in the order players are shown them."""
