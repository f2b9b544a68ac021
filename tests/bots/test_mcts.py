"""The MCTS bot: legal, reproducible, budgeted, and it takes an obvious kill."""

from __future__ import annotations

import pytest

from airwar.bots.mcts import MctsBot, terminal_returns
from airwar.bots.migs_rewards import kill_reward, migs_mcts
from airwar.bots.random_bot import RandomBot
from airwar.core.driver import play_bots
from airwar.core.events import EventLog
from airwar.core.game import GameState
from airwar.games.migs_sabres import EngagementGame, Facing, Square, Step, StepKind
from airwar.games.migs_sabres.terms import Phase

OPTIONS = {"active": "F-86", "listed": "MiG-15", "turn_limit": 2, "first": "active"}


def placed(active: str, listed: str, mover: int, fired: tuple[bool, bool]) -> GameState:
    """An engagement with the planes put by hand, the mover about to step with 8 MP."""
    state = EngagementGame(OPTIONS).new_initial_state()
    state.log = EventLog()
    e = state.engagement
    for plane, text, fl in zip(e.planes, (active, listed), fired, strict=True):
        sq, f = text.split(":")
        plane.square, plane.facing, plane.fired = Square.parse(sq), Facing.parse(f), fl
    e.mover = mover
    e.phase = Phase.MOVE
    e.mp_left = 8
    e.stepped = False
    e._legal = None
    return state


def test_chooses_legal_actions_reproducibly() -> None:
    state = placed("e5:N", "e9:N", 0, (False, False))
    a = migs_mcts(3, iterations=60).choose(state, 1 - state.engagement.planes[0].side.seat)
    b = migs_mcts(3, iterations=60).choose(state, 1 - state.engagement.planes[0].side.seat)
    seat = state.current_actor()
    c = migs_mcts(5, iterations=60).choose(state, seat)
    assert a == b
    assert c in state.legal_actions()


def test_takes_the_shot_that_cannot_be_answered() -> None:
    """One step puts the F-86 behind the MiG (3+ kills, MS-10), which has already fired."""
    state = placed("e5:N", "e7:N", 0, (False, True))
    seat = state.current_actor()
    bot = migs_mcts(1, iterations=300)
    first = bot.choose(state, seat)
    assert first == Step(StepKind.F)
    state.apply(first)
    assert str(bot.choose(state, seat)) == "fire"


def test_a_time_budget_of_nothing_still_searches_once() -> None:
    """With ``seconds`` the budget is time (measured in benchmarks/mcts_budget.py, not here):
    even a budget already spent runs one simulation and answers a legal action."""
    state = placed("e5:N", "e9:N", 0, (False, False))
    bot = migs_mcts(0, seconds=0.0)
    assert bot.choose(state, state.current_actor()) in state.legal_actions()


def test_the_reward_is_an_argument() -> None:
    """The search knows no rule set: a reward that prefers a step it would never take wins."""
    state = placed("e5:N", "e9:N", 0, (False, False))
    seat = state.current_actor()
    legal = [str(a) for a in state.legal_actions()]
    assert "L" in legal

    def likes_left(sim: GameState, s: int) -> float:
        first = next((e for e in sim.log.since(0) if e.get("type") == "step"), None)
        return 1.0 if first is not None and first.get("step") == "L" else 0.0

    bot = MctsBot(0, iterations=200, reward=likes_left, horizon=lambda _s: True)
    assert str(bot.choose(state, seat)) == "L"
    # the default reward is the game's own returns at the end, 0 for a cut-short simulation
    assert terminal_returns(state, seat) == 0.0


def test_plays_whole_engagements_against_random() -> None:
    game = EngagementGame({**OPTIONS, "turn_limit": 3})
    for seed in range(3):
        d = play_bots(game, {0: migs_mcts(seed, iterations=20), 1: RandomBot(seed)}, seed=seed)
        assert d.state.is_terminal()


@pytest.mark.parametrize(
    ("attacker", "seat", "expected"),
    [("allied", 1, 1.0), ("allied", 0, -1.0), ("communist", 0, 1.0)],
)
def test_kill_reward_counts_kills_by_side(attacker: str, seat: int, expected: float) -> None:
    state = EngagementGame(OPTIONS).new_initial_state()
    state.log = EventLog()
    state.log.emit("kill", attacker_side=attacker, target_type="MiG-15")
    state.log.emit("miss", attacker="active", aspect="front")
    assert kill_reward(state, seat) == expected
