"""The state as plain data: what lasts one turn is rebuilt as each turn begins."""

from __future__ import annotations

from airwar.games.gunslingers import GunslingersGame
from airwar.games.gunslingers.game import options_for_file
from airwar.games.gunslingers.model.state import PER_TURN_STATUSES, Turn, new_turn
from airwar.games.gunslingers.model.units import PlaneTurn, SamTurn
from airwar.games.gunslingers.referee import GsState
from tests.examples import GUNSLINGERS_EXAMPLES


def strike() -> GsState:
    game = GunslingersGame(options_for_file(GUNSLINGERS_EXAMPLES / "strike-sam-belt.toml", 1))
    state = game.new_initial_state()
    assert isinstance(state, GsState)
    return state


def test_a_new_turn_replaces_every_per_turn_object_and_keeps_the_rest() -> None:
    state = strike()
    plane = next(iter(state.forces.planes.values()))
    sam = next(iter(state.forces.sams.values()))
    # a turn's worth of declarations, and what outlasts a turn
    state.this_turn.order = [plane.id]
    state.this_turn.preemptions = {plane.id: {"x": "why"}}
    plane.padlocks = ("bandit",)
    plane.used = {"gun": 1}
    plane.moved = True
    plane.status |= {*PER_TURN_STATUSES, "stalled"}
    plane.initiative = 4
    sam.jammed = True
    sam.guided = True
    state.passdowns = {sam.id: plane.id}
    new_turn(state)
    assert state.this_turn == Turn()
    assert plane.this_turn == PlaneTurn()
    assert (plane.padlocks, plane.used, plane.moved) == ((), {}, False)
    assert sam.this_turn == SamTurn() and not sam.jammed and not sam.guided
    assert "stalled" in plane.status and not set(PER_TURN_STATUSES) & plane.status
    assert plane.initiative == 4  # the last roll stays on the unit card
    assert state.passdowns == {sam.id: plane.id}  # until SAM step 7 of the next turn


def test_a_units_per_turn_attributes_read_and_write_its_this_turn_object() -> None:
    plane = next(iter(strike().forces.planes.values()))
    plane.detection_rolls += 2
    plane.attacks["gun"] = 1
    assert plane.this_turn.detection_rolls == 2 and plane.this_turn.attacks == {"gun": 1}


def test_a_copy_of_a_state_shares_the_game_and_scenario_and_owns_its_turn() -> None:
    state = strike()
    copy = state.clone()
    assert copy.game is state.game and copy.scenario is state.scenario
    assert copy.this_turn is not state.this_turn and copy.this_turn == state.this_turn
    plane = next(iter(state.forces.planes))
    assert copy.forces.planes[plane].this_turn is not state.forces.planes[plane].this_turn
    before = state.forces.planes[plane].moved
    copy.forces.planes[plane].moved = not before
    assert state.forces.planes[plane].moved == before
