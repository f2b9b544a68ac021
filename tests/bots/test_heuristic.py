"""The heuristic MiGs and Sabres bot: its reply model and its play."""

from __future__ import annotations

import pytest

from airwar.bots import HeuristicBot, RandomBot
from airwar.bots.heuristic import NEIGHBOUR, P_KILL, min_costs, mp_values, shot_chance
from airwar.core import play_bots
from airwar.games.migs_sabres import EngagementGame, Facing, Square, plane_type
from airwar.games.migs_sabres.engagement import Plane
from airwar.games.migs_sabres.movement import explore, pack


def sq(text: str) -> int:
    return Square.parse(text).index


def test_kill_chances_by_bearing() -> None:
    # offset 0 is the front (6), 4 directly behind (3+); the ace adds one pip
    assert P_KILL[0] == (1 / 6, 2 / 6)
    assert P_KILL[4] == (4 / 6, 5 / 6)
    assert P_KILL[2] == P_KILL[6] == (2 / 6, 3 / 6)


def test_min_costs_hand_checked() -> None:
    costs = min_costs(pack(Square.parse("c3"), Facing.N), 6)
    assert costs[pack(Square.parse("c4"), Facing.N)] == 1  # F
    assert costs[pack(Square.parse("d4"), Facing.NE)] == 2  # R
    assert costs[pack(Square.parse("d3"), Facing.E)] == 3  # WR
    assert costs[pack(Square.parse("c3"), Facing.N)] > 6  # needs a loop
    assert NEIGHBOUR[sq("a1")][int(Facing.S)] == -1


@pytest.mark.parametrize("mp", [3, 5, 8])
def test_min_costs_agree_with_the_move_generator(mp: int) -> None:
    start = pack(Square.parse("f7"), Facing.E)
    costs = min_costs(start, mp)
    far = sq("a14")  # a target out of the way: nothing blocks
    ends, fires = explore(start, mp, False, far)
    assert all(costs[p] <= mp for p in ends | fires)


def test_shot_chance_of_a_plane_right_behind() -> None:
    # F-86 at c3 N with at least 7 MP; target at c5 facing N: F puts it behind (3+)
    costs = min_costs(pack(Square.parse("c3"), Facing.N), 12)
    assert shot_chance(costs, sq("c5"), int(Facing.N), False, [7, 8, 9]) == pytest.approx(4 / 6)
    assert shot_chance(costs, sq("c5"), int(Facing.N), True, [7]) == pytest.approx(5 / 6)


def test_mp_values() -> None:
    p = Plane(plane_type("F-84"), "listed", Square.parse("a1"), Facing.N, ace=True)
    assert mp_values(p) == [6, 7, 8, 9, 10, 11]


def test_heuristic_beats_random_in_every_seat() -> None:
    kills = {"heuristic": 0, "random": 0}
    for i in range(24):
        game = EngagementGame(
            {"active": "F-86" if i % 2 else "MiG-15", "listed": "MiG-15" if i % 2 else "F-80"}
        )
        h_seat = (i // 2) % 2
        d = play_bots(game, {h_seat: HeuristicBot(i), 1 - h_seat: RandomBot(i)}, seed=i)
        e = d.state.engagement  # type: ignore[attr-defined]
        if e.killer_side is not None:
            kills["heuristic" if e.killer_side.seat == h_seat else "random"] += 1
    assert kills["heuristic"] >= 20 and kills["random"] <= 2


def test_only_plays_migs_and_sabres() -> None:
    from tests.core.toy_game import ToyGame

    with pytest.raises(ValueError, match="MiGs and Sabres"):
        HeuristicBot().choose(ToyGame().new_initial_state(), 0)
