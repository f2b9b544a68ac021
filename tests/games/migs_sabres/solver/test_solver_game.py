"""The solver against expectimax through the rules package's own game API.

On the full Battle Board, in the last movement turn of a turn limit of one
per plane (MS-11; several turns deep is the reduced-board brute force's job,
as the game tree grows too fast for a quick test), an expectimax written only
with ``clone``/``apply``/``legal_actions``/``chance_outcomes``/``returns`` of
``migs-engagement`` must give the solver's values, move by move, and at every phase (MP roll,
mid-move, III.G return fire, kill roll).
"""

from __future__ import annotations

from typing import Any

import pytest

from airwar.core.events import EventLog
from airwar.core.game import CHANCE, GameState
from airwar.games.migs_sabres import EngagementGame, Facing, Square
from airwar.games.migs_sabres.solver import ACTIVE, LISTED, Matchup, Solution, SolverOptions, solve
from airwar.games.migs_sabres.terms import Phase

GAME_OPTIONS = {"active": "Yak-9", "listed": "F-51", "turn_limit": 1, "first": "active"}


@pytest.fixture(scope="module")
def solution() -> Solution:
    return solve(Matchup("Yak-9", "F-51"), SolverOptions(turn_limit=1), cache=False)


def memo_key(state: Any) -> tuple[Any, ...]:
    e = state.engagement
    planes = tuple((p.square, p.facing, p.fired, p.turns) for p in e.planes)
    return (
        e.phase,
        e.mover,
        planes,
        e.mp_left,
        e.wing_over_used,
        e.stepped,
        tuple(e.return_fire),
        e.attack,
        e.shot_down,
    )


def expectimax(state: GameState, seat: int, memo: dict[tuple[Any, ...], float]) -> float:
    """The value for ``seat`` under optimal play of both seats (plain game-tree search)."""
    if state.is_terminal():
        return state.returns()[seat]
    key = memo_key(state)
    if key in memo:
        return memo[key]
    actor = state.current_actor()
    if actor == CHANCE:
        total = 0.0
        for outcome, p in state.chance_outcomes():
            child = state.clone()
            child.apply(outcome)
            total += float(p) * expectimax(child, seat, memo)
        value = total
    else:
        values = []
        for action in state.legal_actions():
            child = state.clone()
            child.apply(action)
            values.append(expectimax(child, seat, memo))
        value = max(values) if actor == seat else min(values)
    memo[key] = value
    return value


def placed(
    active: str, listed: str, mover: int, turns: tuple[int, int], fired: tuple[bool, bool]
) -> GameState:
    state = EngagementGame(GAME_OPTIONS).new_initial_state()
    state.log = EventLog()
    e = state.engagement
    for plane, text in zip(e.planes, (active, listed), strict=True):
        sq, f = text.split(":")
        plane.square, plane.facing = Square.parse(sq), Facing.parse(f)
    for plane, t, fl in zip(e.planes, turns, fired, strict=True):
        plane.turns, plane.fired = t, fl
    e.mover = mover
    e.phase = Phase.MP
    e._legal = None
    return state


POSITIONS = [
    ("e5:N", "e8:S", ACTIVE, (1, 1), (False, False)),
    ("e5:NE", "g7:W", LISTED, (1, 1), (False, False)),
    ("c3:E", "f4:SW", ACTIVE, (1, 1), (False, True)),
    ("d4:N", "d6:N", LISTED, (1, 1), (True, False)),
    ("e5:N", "e7:S", ACTIVE, (1, 1), (False, False)),
]


@pytest.mark.parametrize("where", POSITIONS)
def test_values_equal_game_tree_search(
    solution: Solution, where: tuple[str, str, int, tuple[int, int], tuple[bool, bool]]
) -> None:
    state = placed(*where)
    seat = state.engagement.planes[ACTIVE].side.seat
    want = expectimax(state, seat, {})
    assert solution.value(state).value == pytest.approx(want, abs=2e-6)


def test_every_phase_and_move_value_along_a_game(solution: Solution) -> None:
    """Walk one game: at every node the solver's value equals the search's."""
    state = placed("e5:N", "e7:S", ACTIVE, (1, 1), (False, False))
    seat = state.engagement.planes[ACTIVE].side.seat
    memo: dict[tuple[Any, ...], float] = {}
    phases = set()
    script = iter([5, 1, 6, 2, 3, 4, 1, 6])
    while not state.is_terminal():
        phases.add(state.engagement.phase)
        got = solution.value(state).value
        assert got == pytest.approx(expectimax(state, seat, memo), abs=2e-6)
        if state.current_actor() == CHANCE:
            outcomes = state.chance_outcomes()
            roll = next(script, 1)
            state.apply(outcomes[min(roll, len(outcomes)) - 1][0])
            continue
        values = solution.move_values(state)
        assert set(values) == {str(a) for a in state.legal_actions()}
        for action in state.legal_actions():
            child = state.clone()
            child.apply(action)
            assert values[str(action)].value == pytest.approx(
                expectimax(child, seat, memo), abs=2e-6
            )
        best = solution.best_move(state)
        state.apply(state.game.parse_action(best or ""))
    phases.add("over")
    assert {"mp", "move", "over"} <= phases
    assert solution.value(state).value == state.returns()[seat]


def test_return_fire_choice_matches_search(solution: Solution) -> None:
    """III.G: head-on miss, then the target chooses fire or hold before its MP roll."""
    state = placed("e5:N", "e6:S", LISTED, (1, 1), (True, False))
    e = state.engagement
    e.return_fire[LISTED] = True
    e.phase = Phase.RETURN_FIRE
    e._legal = None
    seat = e.planes[ACTIVE].side.seat
    memo: dict[tuple[Any, ...], float] = {}
    assert solution.value(state).value == pytest.approx(expectimax(state, seat, memo), abs=2e-6)
    values = solution.move_values(state)
    assert set(values) == {"fire", "hold"}
    for action in state.legal_actions():
        child = state.clone()
        child.apply(action)
        assert values[str(action)].value == pytest.approx(expectimax(child, seat, memo), abs=2e-6)


def test_first_mover_roll_is_an_even_chance(solution: Solution) -> None:
    state = EngagementGame({**GAME_OPTIONS, "first": "roll"}).new_initial_state()
    v = solution.value(state)
    va = solution.turn_value(ACTIVE, solution.start_positions(), (False, False), 2)
    vl = solution.turn_value(LISTED, solution.start_positions(), (False, False), 2)
    # far apart with two movement turns in all: nobody can be shot at, both are 0
    assert v.value == pytest.approx(0.5 * va[0] - 0.5 * vl[0]) == 0.0
