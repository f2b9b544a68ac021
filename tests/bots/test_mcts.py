"""The MCTS bot: legal, reproducible, budgeted, and it takes an obvious kill."""

from __future__ import annotations

import time

import pytest

from airwar.bots.mcts import MctsBot, kill_reward
from airwar.bots.random_bot import RandomBot
from airwar.core.driver import play_bots
from airwar.core.events import EventLog
from airwar.core.game import GameState
from airwar.games.migs_sabres import EngagementGame, Facing, Square, Step, StepKind

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
    e.phase = "move"
    e.mp_left = 8
    e.stepped = False
    e._legal = None
    return state


def test_chooses_legal_actions_reproducibly() -> None:
    state = placed("e5:N", "e9:N", 0, (False, False))
    a = MctsBot(3, iterations=60).choose(state, 1 - state.engagement.planes[0].side.seat)
    b = MctsBot(3, iterations=60).choose(state, 1 - state.engagement.planes[0].side.seat)
    seat = state.current_actor()
    c = MctsBot(5, iterations=60).choose(state, seat)
    assert a == b
    assert c in state.legal_actions()


def test_takes_the_shot_that_cannot_be_answered() -> None:
    """One step puts the F-86 behind the MiG (3+ kills, MS-10), which has already fired."""
    state = placed("e5:N", "e7:N", 0, (False, True))
    seat = state.current_actor()
    bot = MctsBot(1, iterations=300)
    first = bot.choose(state, seat)
    assert first == Step(StepKind.F)
    state.apply(first)
    assert str(bot.choose(state, seat)) == "fire"


def test_time_budget_is_kept() -> None:
    state = placed("e5:N", "e9:N", 0, (False, False))
    bot = MctsBot(0, seconds=0.05)
    t0 = time.perf_counter()
    bot.choose(state, state.current_actor())
    assert time.perf_counter() - t0 < 1.0


def test_plays_whole_engagements_against_random() -> None:
    game = EngagementGame({**OPTIONS, "turn_limit": 3})
    for seed in range(3):
        d = play_bots(game, {0: MctsBot(seed, iterations=20), 1: RandomBot(seed)}, seed=seed)
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
