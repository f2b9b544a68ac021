"""Gunslingers: the Expanded Sequence of Play as a computer referee.

Importing the package registers the game ``gunslingers`` with the kernel.
"""

from airwar.games.gunslingers.game import GunslingersGame, options_for_file
from airwar.games.gunslingers.model.actions import Decision
from airwar.games.gunslingers.model.scenario import load_scenario, parse_scenario
from airwar.games.gunslingers.model.scenario_schema import Scenario, ScenarioError
from airwar.games.gunslingers.phases.sequence import PHASE_NAMES, SEQUENCE
from airwar.games.gunslingers.referee import GsState

__all__ = [
    "PHASE_NAMES",
    "SEQUENCE",
    "Decision",
    "GsState",
    "GunslingersGame",
    "Scenario",
    "ScenarioError",
    "load_scenario",
    "options_for_file",
    "parse_scenario",
]
