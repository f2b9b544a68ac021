"""The game contract as checks a game's author runs: importable, like PettingZoo's
``api_test``, and run over every registered game like OpenSpiel's API tests.

>>> from airwar.testing import check_game
>>> check_game(MyGame)  # or its registered name  # doctest: +SKIP
['options', 'random play', 'declared information', 'hidden words', ...]

:func:`check_game` holds one game (its class or registered name) to every check
of :data:`CHECKS`, for each of its sample option sets (``Game.samples()``) or the
options given; a broken promise raises :class:`AssertionError` naming the check,
the game, the options and the seed. ``python -m airwar.testing GAME`` does the
same at the terminal, one line per check. :func:`cases` lists every registered
game's samples, so a test suite can parametrize over them without naming a game.

This package is a test aid: it imports the session and the store, and nothing
in airwar imports it. It needs no test framework.
"""

from airwar.testing.cases import Case, Limits, case_for, cases
from airwar.testing.run import CHECKS, Check, check_case, check_game

__all__ = ["CHECKS", "Case", "Check", "Limits", "case_for", "cases", "check_case", "check_game"]
