"""Small scenarios built in code for the engine tests, and a driver helper."""

from __future__ import annotations

import copy
from typing import Any

from airwar.core import Driver
from airwar.games.gunslingers import GunslingersGame
from airwar.games.gunslingers.aliases import decision_to_seat
from airwar.games.gunslingers.autoplayer import auto_decision
from airwar.games.gunslingers.model.actions import Decision
from airwar.games.gunslingers.referee import GsState

BASE: dict[str, Any] = {
    "scenario": {"name": "test", "turns": 3, "sun": 3},
    "map": {"radius": 20},
    "sides": [{"name": "Blue", "training": "good"}, {"name": "Red"}],
    "aircraft": [
        {
            "id": "Eagle",
            "side": "Blue",
            "type": "F-15C",
            "hex": [0, 0],
            "heading": 2,
            "altitude": 10,
            "iff": True,
            "chaff": 10,
            "dds_programs": [{"name": "C4", "chaff": 4}],
            "dds": "C4",
            "radar": {"kind": "regular", "eccm": 1, "detection": 8, "lock_on": 8, "range": 12},
            "missiles": [
                {"type": "AIM-9", "guidance": "IR", "count": 3, "launch": 9, "max_range": 8}
            ],
            "ground_weapons": [{"type": "Mk-82", "count": 3}],
            "bjm": {"type": "A", "number": 5},
            "speed": 1,
        },
        {
            "id": "Flanker",
            "side": "Red",
            "type": "Su-27",
            "hex": [7, -3],
            "speed": 1,
            "heading": 8,
            "altitude": 10,
        },
        {
            "id": "Fishbed",
            "side": "Red",
            "type": "MiG-21",
            "hex": [7, -2],
            "speed": 1,
            "heading": 8,
            "altitude": 10,
        },
    ],
    "ewrs": [{"id": "EWR", "side": "Red", "hex": [8, 0], "eccm": 1, "radar": "active"}],
    "sams": [
        {
            "id": "SA-2",
            "side": "Red",
            "hex": [6, 0],
            "guidance": "CG",
            "eccm": 1,
            "radar": "active",
            "lock_on": 6,
        }
    ],
    "ground_units": [{"id": "Depot", "side": "Red", "hex": [1, 0]}],
}


def scenario(**changes: Any) -> dict[str, Any]:
    """A deep copy of BASE with top-level sections replaced."""
    data = copy.deepcopy(BASE)
    data.update(changes)
    return data


def driver(
    data: dict[str, Any] | None = None, seed: int = 1, turns: int = 0, auto_chance: bool = True
) -> Driver:
    game = GunslingersGame({"scenario_data": data or scenario(), "turns": turns})
    return Driver(game, seed, auto_chance=auto_chance)


def advance_to(d: Driver, verb: str, subject: str | None = None, limit: int = 5000) -> GsState:
    """Let the automatic player answer everything until ``verb`` (for ``subject``) is asked."""
    for _ in range(limit):
        d.resolve_chance()
        state = d.state
        assert isinstance(state, GsState)
        ask = state.pending_ask()
        if ask is None:
            raise AssertionError(f"the game ended before '{verb}' was asked")
        if ask.verb == verb and (subject is None or ask.subject == subject):
            return state
        d.act(auto_decision(state), ask.seat)
    raise AssertionError(f"'{verb}' was not asked within {limit} decisions")


def advance_to_roll(d: Driver, name: str, limit: int = 5000) -> GsState:
    """Let the automatic player play (and the dice roll) until a check named ``name`` is due.

    The driver must have been made with ``auto_chance=False``.
    """
    for _ in range(limit):
        state = d.state
        assert isinstance(state, GsState)
        check = state.pending_check()
        if check is not None and name in check.name:
            return state
        if state.is_chance_node():
            d.roll()
            continue
        ask = state.pending_ask()
        if ask is None:
            raise AssertionError(f"the game ended before a '{name}' roll")
        d.act(auto_decision(state), ask.seat)
    raise AssertionError(f"no '{name}' roll within {limit} actions")


def seat_text(state: GsState, text: str) -> str:
    """A decision a test writes with the units' ids, as the seat to decide writes it: each
    enemy unit its side knows under its alias (GS-71); a unit it does not know stays as
    written, and is refused as a side's decision (GS-72)."""
    ask = state.pending_ask()
    if ask is None:
        return text
    return str(decision_to_seat(state, ask.seat, Decision.parse(text)))


def act(d: Driver, text: str, seat: int | None = None) -> None:
    """``d.act`` for a decision a test writes with the units' ids (see :func:`seat_text`)."""
    if d.auto_chance:
        d.resolve_chance()
    state = d.state
    assert isinstance(state, GsState)
    d.act(seat_text(state, text), seat)
