"""The rules kernel: dice, checks, events, states, the game loop, records.

It knows no game and imports nothing else of airwar.
"""

from airwar.core.bot import BaseBot, Bot
from airwar.core.checks import Check, Comparison, Modifier, ModifierTarget, fraction_text
from airwar.core.dice import D6, D10, Dice
from airwar.core.driver import Driver, play_bots, replay
from airwar.core.errors import (
    AirwarError,
    IllegalAction,
    InvalidNotation,
    OptionError,
    OutOfTurn,
    RecordError,
    UnknownGame,
)
from airwar.core.events import Event, EventLog
from airwar.core.game import CHANCE, TERMINAL, Action, Advisor, Game, GameState, GameType
from airwar.core.options import Parameter, resolve_options
from airwar.core.record import GameRecord, log_digest
from airwar.core.registry import game_class, game_names, load_game, register_game
from airwar.core.rng import SeededRng, new_seed

__all__ = [
    "CHANCE",
    "D6",
    "D10",
    "TERMINAL",
    "Action",
    "Advisor",
    "AirwarError",
    "BaseBot",
    "Bot",
    "Check",
    "Comparison",
    "Dice",
    "Driver",
    "Event",
    "EventLog",
    "Game",
    "GameRecord",
    "GameState",
    "GameType",
    "IllegalAction",
    "InvalidNotation",
    "Modifier",
    "ModifierTarget",
    "OptionError",
    "OutOfTurn",
    "Parameter",
    "RecordError",
    "SeededRng",
    "UnknownGame",
    "fraction_text",
    "game_class",
    "game_names",
    "load_game",
    "log_digest",
    "new_seed",
    "play_bots",
    "register_game",
    "replay",
    "resolve_options",
]
