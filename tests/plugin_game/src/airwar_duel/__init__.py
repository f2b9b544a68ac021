"""Duel: a test-only game for airwar, in a package of its own.

Importing the package registers the game ``duel``; airwar finds the package
through the ``airwar.games`` entry point its ``pyproject.toml`` declares.
"""

from airwar_duel.game import DuelGame, DuelState

__all__ = ["DuelGame", "DuelState"]
