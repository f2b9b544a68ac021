"""The expert bot plays the solver's optimal moves, and falls back to MCTS off its map."""

from __future__ import annotations

from pathlib import Path

import pytest

from airwar.bots.expert import ExpertBot
from airwar.bots.random_bot import RandomBot
from airwar.bots.registry import make_bot
from airwar.core.events import EventLog
from airwar.core.game import CHANCE, GameState
from airwar.games.migs_sabres import EngagementGame, Facing, Square
from airwar.games.migs_sabres.solver import (
    Matchup,
    SolverOptions,
    cached_solution,
    engagement_values,
    solve,
)
from airwar.games.migs_sabres.solver import cache as solver_cache
from airwar.games.migs_sabres.terms import Phase

OPTIONS = {"active": "Yak-9", "listed": "F-51", "turn_limit": 1, "first": "active"}


@pytest.fixture(scope="module", autouse=True)
def solved(tmp_path_factory: pytest.TempPathFactory) -> None:
    """Solve the matchup once into a temporary cache folder."""
    folder = tmp_path_factory.mktemp("solver-cache")
    with solver_cache.use(Path(folder)):
        solve(Matchup("Yak-9", "F-51"), SolverOptions(turn_limit=1))
        yield


def placed(active: str, listed: str, mover: int, options: dict[str, object]) -> GameState:
    state = EngagementGame(options).new_initial_state()
    state.log = EventLog()
    e = state.engagement
    for plane, text in zip(e.planes, (active, listed), strict=True):
        sq, f = text.split(":")
        plane.square, plane.facing = Square.parse(sq), Facing.parse(f)
        plane.turns = 1
    e.mover = mover
    e.phase = Phase.MP
    e._legal = None
    return state


def test_every_choice_has_the_best_value() -> None:
    bot = ExpertBot(0, solve_missing=False)
    for where in [("e5:N", "e8:S", 0), ("c3:E", "f4:SW", 1), ("e5:NE", "g7:W", 0)]:
        state = placed(*where, OPTIONS)
        for roll in range(1, 7):
            s = state.clone()
            s.apply(s.chance_outcomes()[roll - 1][0])
            while not s.is_terminal() and s.current_actor() != CHANCE:
                info = engagement_values(s)
                assert info is not None
                mover_sign = 1 if info["to_move"] == "active" else -1
                best = max(mover_sign * v for v in info["moves"].values())
                action = bot.choose(s, s.current_actor())
                assert mover_sign * info["moves"][str(action)] == pytest.approx(best, abs=1e-9)
                s.apply(action)
    assert bot.fallbacks == 0


def test_falls_back_to_mcts_without_a_turn_limit() -> None:
    state = placed("e5:N", "e8:S", 0, {**OPTIONS, "turn_limit": 0})
    state.apply(state.chance_outcomes()[3][0])
    bot = ExpertBot(1, fallback_iterations=10)
    action = bot.choose(state, state.current_actor())
    assert action in state.legal_actions()
    assert bot.fallbacks == 1
    assert engagement_values(state) is None


def test_interface_values_need_a_cached_solution() -> None:
    state = EngagementGame({**OPTIONS, "active": "MiG-15", "listed": "F-84"}).new_initial_state()
    assert engagement_values(state) is None
    ours = EngagementGame(OPTIONS).new_initial_state()
    info = engagement_values(ours)
    assert info is not None
    assert info["value"] == pytest.approx(engagement_values(ours.engagement)["value"])  # type: ignore[index]
    assert set(info) >= {"value", "p_kill_active", "p_kill_listed", "moves"}


def test_registry_knows_the_solver_bots() -> None:
    assert isinstance(make_bot("expert", 3), ExpertBot)
    assert make_bot("mcts", 3).name == "mcts"


def test_the_state_and_its_engagement_give_the_same_numbers_all_through_a_game() -> None:
    """The interfaces hand the state: every phase of a played engagement, the state's
    numbers are its engagement's, and the solution's own value."""
    from airwar.core.driver import Driver

    sol = cached_solution(Matchup("Yak-9", "F-51"), SolverOptions(turn_limit=1))
    assert sol is not None
    for seed in range(3):
        d = Driver(EngagementGame({**OPTIONS, "first": "roll"}), seed, auto_chance=False)
        bots = {0: ExpertBot(seed), 1: RandomBot(seed)}
        seen = set()
        while not d.state.is_terminal():
            by_state = engagement_values(d.state)
            by_view = engagement_values(d.state.engagement)
            assert by_state is not None and by_view is not None
            assert by_state["value"] == pytest.approx(sol.value_of(d.state).value, abs=1e-9)
            seen.add(d.state.engagement.phase)
            assert by_view["value"] == pytest.approx(by_state["value"], abs=1e-9)
            assert by_view["moves"] == pytest.approx(by_state["moves"], abs=1e-9)
            if d.state.current_actor() == CHANCE:
                d.roll()
            else:
                actor = d.state.current_actor()
                d.act(bots[actor].choose(d.state, actor), actor)
        assert {"first_red", "first_blue", "mp", "move"} <= seen
