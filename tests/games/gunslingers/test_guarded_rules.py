"""Rules that were guarded by a single test, each now by two independent ones: the check
function with hand-worked numbers, and a small scenario played through the game.

* GS-36, the most-kills initiative modifier: +1 only to a side with strictly more kills.
* GS-21, the launch retry: one more try only when every declared attempt failed, once.
* GS-10/GS-22, the ground identification range: d10 <= 10 - range, the range counting
  the altitude allowance (2 levels looking down = 1 hex), no roll from range 10 on.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from airwar.games.gunslingers.model.tasks import Ask
from airwar.games.gunslingers.referee import GsState
from airwar.games.gunslingers.rules.air import may_retry_launch
from airwar.games.gunslingers.rules.initiative import sides_with_most_kills
from airwar.games.gunslingers.rules.sighting import ground_id_check
from tests.games.gunslingers.scenario_builder import scenario
from tests.games.gunslingers.scripted import play

# -- GS-36: the side with most kills ----------------------------------------------------


@pytest.mark.parametrize(
    ("kills", "leaders"),
    [
        ({"Blue": 2, "Red": 1}, {"Blue"}),
        ({"Blue": 0, "Red": 1}, {"Red"}),
        ({"Blue": 1, "Red": 1}, set()),  # a tie: nobody
        ({"Blue": 0, "Red": 0}, set()),  # before any kill: nobody
        ({"A": 2, "B": 2, "C": 1}, set()),  # two lead together: nobody
        ({"A": 3, "B": 2, "C": 2}, {"A"}),
        ({}, set()),
    ],
)
def test_most_kills_goes_only_to_a_side_with_strictly_more(
    kills: dict[str, int], leaders: set[str]
) -> None:
    assert sides_with_most_kills(kills) == frozenset(leaders)


def _initiatives(blue_kills: int, red_kills: int) -> dict[str, dict[str, Any]]:
    data = scenario()
    data["sides"] = [
        {"name": "Blue", "training": "good", "kills": blue_kills},
        {"name": "Red", "kills": red_kills},
    ]
    played = play(data, turns=1)
    return {e["aircraft"]: e for e in played.of_type("initiative", turn=1)}


def _most_kills_bonus(event: dict[str, Any]) -> list[int]:
    return [m["value"] for m in event["modifiers"] if "most kills" in m["reason"]]


@pytest.mark.parametrize(
    ("blue", "red", "blue_bonus", "red_bonus"),
    [(2, 1, [1], []), (0, 1, [], [1]), (1, 1, [], []), (0, 0, [], [])],
)
def test_the_initiative_of_a_game_adds_one_for_most_kills(
    blue: int, red: int, blue_bonus: list[int], red_bonus: list[int]
) -> None:
    ini = _initiatives(blue, red)
    assert _most_kills_bonus(ini["Eagle"]) == blue_bonus
    assert _most_kills_bonus(ini["Flanker"]) == red_bonus
    assert _most_kills_bonus(ini["Fishbed"]) == red_bonus
    for event in ini.values():  # the number is the side's roll plus every modifier
        assert event["number"] == event["side_roll"] + sum(m["value"] for m in event["modifiers"])


# -- GS-21: one more launch try when every declared one failed --------------------------


@pytest.mark.parametrize(
    ("results", "retries_used", "allowed"),
    [
        ([False], 0, True),
        ([False, False], 0, True),
        ([True], 0, False),
        ([False, True], 0, False),  # one of two launched: no retry
        ([True, False], 0, False),
        ([False], 1, False),  # only once a turn
        ([False, False], 1, False),
        ([], 0, False),  # nothing declared, nothing to retry
    ],
)
def test_a_retry_is_allowed_only_when_every_declared_attempt_failed_once(
    results: list[bool], retries_used: int, allowed: bool
) -> None:
    assert bool(may_retry_launch(results, retries_used)) is allowed


def _launch_game(faces: list[int]) -> tuple[list[int], list[str]]:
    """Eagle launches an AIM-9 at the Flanker in turn 1 and retries when asked; the launch
    rolls get ``faces`` in order (launch number 9: a 10 fails). Returns the turns the
    retry was asked in turn 1 and the launch checks rolled then."""
    rolled: list[str] = []
    faces = list(faces)

    def decide(state: GsState, ask: Ask) -> str | None:
        if ask.verb in ("launch", "retry") and ask.subject == "Eagle":
            options = [str(a) for a in state.legal_actions()]  # as Blue writes them (GS-71)
            flanker = state.aliases["Blue"]["Flanker"]
            return next(o for o in options if o.endswith(f"AIM-9:{flanker}"))
        return None

    def dice(state: GsState) -> int | None:
        check = state.pending_check()
        if check is not None and check.name.startswith("Missile launch") and state.turn == 1:
            rolled.append(check.name)
            return faces.pop(0)
        return None

    played = play(scenario(), decide, dice, turns=1)
    return played.asked("retry", "Eagle"), rolled


def test_a_failed_launch_is_tried_once_more_and_no_more() -> None:
    asked, rolled = _launch_game([10, 10])
    assert asked == [1]
    assert rolled == ["Missile launch", "Missile launch (additional try)"]


def test_a_successful_launch_gets_no_retry() -> None:
    asked, rolled = _launch_game([1])
    assert asked == []
    assert rolled == ["Missile launch"]


def test_a_failed_launch_retried_with_success_ends_the_launches() -> None:
    asked, rolled = _launch_game([10, 9])  # 9 is the launch number: it succeeds
    assert asked == [1]
    assert rolled == ["Missile launch", "Missile launch (additional try)"]


# -- GS-10 / GS-22: identifying a ground unit, up to range 9 ----------------------------


@pytest.mark.parametrize("rng", range(12))
def test_ground_id_is_ten_minus_range_on_a_d10(rng: int) -> None:
    check = ground_id_check(rng)
    if rng >= 10:  # 10 - range is 0 or less: no chance, no roll
        assert check is None
    else:
        assert check is not None
        assert check.probability() == Fraction(10 - rng, 10)


def _id_rolls(horizontal: int, altitude: int) -> list[str]:
    """The ground ID chances rolled when Eagle, at ``altitude``, searches for a depot
    ``horizontal`` hexes away on the ground."""
    data = scenario()
    data["aircraft"][0]["altitude"] = altitude
    data["ground_units"] = [
        {"id": "Depot", "side": "Red", "hex": [0, -horizontal], "sighting_range": 20}
    ]
    chances: list[str] = []

    def decide(state: GsState, ask: Ask) -> str | None:
        return "search Eagle yes" if ask.verb == "search" else None

    def dice(state: GsState) -> int | None:
        check = state.pending_check()
        if check is not None and check.name == "Identify ground unit":
            chances.append(str(check.probability()))
        return None

    play(data, decide, dice, turns=1)
    return chances


@pytest.mark.parametrize(
    ("horizontal", "altitude", "chances"),
    [
        # altitude 10 looking down at the ground: 5 hexes more (GS-22)
        (1, 10, ["2/5"]),  # range 6: 4 in 10
        (4, 10, ["1/10"]),  # range 9: the last range with a roll
        (5, 10, []),  # range 10: no roll
        # altitude 2: 1 hex more
        (8, 2, ["1/10"]),
        (9, 2, []),
    ],
)
def test_a_searcher_identifies_a_ground_unit_out_to_range_nine(
    horizontal: int, altitude: int, chances: list[str]
) -> None:
    assert _id_rolls(horizontal, altitude) == chances
