"""The public lookups of :mod:`airwar.games.migs_sabres.solver` on live game states.

Each lookup is checked against the game's own rules, not against another
lookup of the solver: a chance node's value is the probability-weighted mean
of the values after each outcome the *game* produces (``clone``/``apply``),
and a decision point's value is the best of the values after each legal
decision, also reached by applying the decision to a copy of the state.
"""

from __future__ import annotations

import random

import pytest

from airwar.core.game import CHANCE, GameState
from airwar.games.migs_sabres import EngagementGame
from airwar.games.migs_sabres.solver import Matchup, Solution, SolverOptions, matchup_of, solve

OPTIONS = {"active": "Yak-9", "listed": "F-51", "turn_limit": 1, "first": "roll"}


@pytest.fixture(scope="module")
def solution() -> Solution:
    return solve(Matchup("Yak-9", "F-51"), SolverOptions(turn_limit=1), cache=False)


def states(seed: int, n: int) -> list[GameState]:
    """Every state along ``n`` random games of ``migs-engagement`` (turn limit 1)."""
    rng = random.Random(seed)
    out: list[GameState] = []
    for _ in range(n):
        state = EngagementGame(OPTIONS).new_initial_state()
        while not state.is_terminal():
            out.append(state.clone())
            if state.current_actor() == CHANCE:
                outcomes = state.chance_outcomes()
                state.apply(rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0])
            else:
                state.apply(rng.choice(state.legal_actions()))
        out.append(state)
    return out


def test_the_matchup_of_a_live_state() -> None:
    state = EngagementGame(OPTIONS).new_initial_state()
    assert matchup_of(state) == Matchup("Yak-9", "F-51")


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_lookups_agree_with_the_game_one_step_on(solution: Solution, seed: int) -> None:
    for state in states(seed, 4):
        v = solution.value_of(state)
        if state.is_terminal():
            assert solution.decision_values(state) == {}
            assert solution.chance_values(state) == {}
            continue
        if state.current_actor() == CHANCE:
            faces = solution.chance_values(state)
            assert solution.decision_values(state) == {}
            assert sum(p for p, _ in faces.values()) == pytest.approx(1.0)
            mean = 0.0
            for roll, p in state.chance_outcomes():
                child = state.clone()
                child.apply(roll)
                after = solution.value_of(child)
                got_p, got = faces[roll.value]  # type: ignore[attr-defined]
                assert got_p == pytest.approx(float(p))
                assert got.value == pytest.approx(after.value, abs=1e-6)
                assert got.p_kill_active == pytest.approx(after.p_kill_active, abs=1e-6)
                mean += float(p) * after.value
            assert v.value == pytest.approx(mean, abs=1e-6)
        else:
            decisions = solution.decision_values(state)
            assert set(decisions) == {str(a) for a in state.legal_actions()}
            mover = state.current_actor()
            for action in state.legal_actions():
                child = state.clone()
                child.apply(action)
                assert decisions[str(action)].value == pytest.approx(
                    solution.value_of(child).value, abs=1e-6
                )
            best = max(d.for_role(mover) for d in decisions.values())
            assert v.for_role(mover) == pytest.approx(best, abs=1e-6)
            chosen = solution.best_decision(state)
            assert chosen is not None
            assert decisions[chosen].for_role(mover) == pytest.approx(best, abs=1e-6)
        assert 0.0 <= v.p_kill_active <= 1.0 and 0.0 <= v.p_kill_listed <= 1.0
