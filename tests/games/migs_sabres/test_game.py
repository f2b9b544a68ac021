"""The whole game: opening roll, sorties, the exact-22 rule, scoring, pilots (MS-2..MS-14)."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

import pytest

from airwar.core import CHANCE, Dice, Driver, IllegalAction, OptionError, load_game
from airwar.core.dice import Roll
from airwar.games.migs_sabres import Facing, Fire, MigsGame, MigsState, Square, Step, StepKind
from airwar.games.migs_sabres.actions import ChartDraw
from airwar.games.migs_sabres.game import campaign_check, marker_check, pilot_check
from airwar.games.migs_sabres.planes import Side

# squares: 1 MiG-15, 2 -, 3 F-86, 4 -, 5 Yak-9, 6 F-84, 7 -, 8 MiG-15, 9 F-80, 10 -,
# 11 Meteor, 12 MiG-15, 13 F-51, 14 -, 15 Yak-9, 16 F-86, 17 -, 18 MiG-15, 19 -, 20 -,
# 21 Yak-9, 22 F-86
CHART = (
    "MiG-15,-,F-86,-,Yak-9,F-84,-,MiG-15,F-80,-,Meteor,"
    "MiG-15,F-51,-,Yak-9,F-86,-,MiG-15,-,-,Yak-9,F-86"
)


def new(**options: Any) -> MigsState:
    opts: dict[str, Any] = {"chart": CHART, "first": "active", **options}
    state = MigsGame(opts).new_initial_state()
    assert isinstance(state, MigsState)
    return state


def opening(state: MigsState, red: int, blue: int) -> None:
    state.apply(Roll(red))
    state.apply(Roll(blue))


def fight(state: MigsState, outcome: str) -> None:
    """Resolve the engagement: "active" or "listed" shoots the other down, "none": both miss."""
    e = state.engagement
    assert e is not None and e.phase == "mp" and e.mover == 0
    a, listed = e.planes
    a.square, a.facing = Square.parse("c3"), Facing.N
    listed.square = Square.parse("c5")
    listed.facing = Facing.N if outcome == "active" else Facing.S
    state.apply(Roll(1))
    state.apply(Step(StepKind.F))
    state.apply(Fire())
    if outcome == "active":
        state.apply(Roll(6))
        return
    state.apply(Roll(1))
    state.apply(Fire())  # III.G return fire
    state.apply(Roll(6 if outcome == "listed" else 1))


def events(state: MigsState, kind: str) -> list[dict[str, Any]]:
    return [e for e in state.log if e["type"] == kind]


@pytest.mark.parametrize(
    ("check", "p"),
    [
        (marker_check(Side.ALLIED), Fraction(1)),
        (pilot_check(Side.COMMUNIST), Fraction(1)),
        (campaign_check(Dice(2, 6)), Fraction(1)),
    ],
)
def test_bookkeeping_rolls_cannot_fail(check: Any, p: Fraction) -> None:
    assert check.probability() == p


def test_opening_roll_ties_are_rerolled() -> None:
    s = new()
    opening(s, 4, 4)
    assert s.phase == "opening_red"
    opening(s, 5, 2)
    assert s.first_side is Side.COMMUNIST and s.phase == "marker"
    start = events(s, "sortie_start")[0]
    assert (start["side"], start["sortie"], start["of"]) == ("communist", 1, 3)


def test_marker_landing_squares_and_pairing() -> None:
    s = new()
    opening(s, 5, 2)
    s.apply(Roll(1))  # square 1: a friendly MiG-15
    s.apply(Roll(1))  # square 2: empty
    assert [m["result"] for m in events(s, "marker_move")] == ["friendly", "empty"]
    s.apply(Roll(1))  # square 3: an F-86 -> engagement, MiG-15 against F-86 (MS-4)
    assert s.phase == "engagement"
    start = events(s, "engagement_start")[0]
    assert (start["active"]["type"], start["listed"]["type"], start["chart_square"]) == (
        "MiG-15",
        "F-86",
        3,
    )
    assert s.current_actor() == CHANCE
    fight(s, "active")
    assert s.scores == {Side.COMMUNIST: 1, Side.ALLIED: 0} and s.phase == "marker"


def test_kill_by_the_listed_plane_scores_for_its_side() -> None:
    s = new()
    opening(s, 5, 2)
    s.apply(Roll(3))
    fight(s, "listed")
    assert s.scores == {Side.COMMUNIST: 0, Side.ALLIED: 1}
    assert events(s, "score")[0]["shot_down"] == "MiG-15"


def test_base_value_scoring() -> None:
    s = new(scoring="base-value")
    opening(s, 5, 2)
    s.apply(Roll(3))  # F-86 (6)
    fight(s, "active")
    s.apply(Roll(3))  # square 6: F-84 (4)
    fight(s, "active")
    assert s.scores[Side.COMMUNIST] == 10 and s.kills[Side.COMMUNIST] == 2


def test_exact_22_resolves_then_ends_the_sortie() -> None:
    s = new()
    opening(s, 5, 2)
    for roll in (6, 6, 6):  # 6, 12, 18: F-84 (fight), MiG-15, MiG-15
        s.apply(Roll(roll))
        if s.phase == "engagement":
            fight(s, "none")
    s.apply(Roll(4))  # 22: F-86
    assert s.phase == "engagement"
    fight(s, "none")
    end = events(s, "sortie_end")[0]
    assert (end["side"], end["reason"]) == ("communist", "landed on the last square")
    assert s.active_side is Side.ALLIED and s.marker == 0


def test_passing_22_ends_the_sortie() -> None:
    s = new()
    opening(s, 5, 2)
    for roll in (2, 6, 6, 6):  # 2, 8, 14, 20: all empty or friendly
        s.apply(Roll(roll))
    s.apply(Roll(3))  # 23
    assert events(s, "marker_move")[-1]["result"] == "passed the last square"
    assert events(s, "sortie_end")[0]["reason"] == "around the chart"


def run_sorties(s: MigsState) -> None:
    """Fly sorties that never meet an enemy... or fight and miss when they do."""
    while s.phase != "over":
        if s.phase == "engagement":
            fight(s, "none")
        else:
            s.apply(Roll(6))


def test_sides_alternate_whole_sorties() -> None:
    s = new(sorties=2)
    opening(s, 2, 5)
    run_sorties(s)
    starts = [(e["side"], e["sortie"]) for e in events(s, "sortie_start")]
    assert starts == [("allied", 1), ("communist", 1), ("allied", 2), ("communist", 2)]
    end = s.log[len(s.log) - 1]
    assert end["type"] == "game_end" and end["winner"] is None
    assert s.returns() == [0.0, 0.0]


def test_campaign_length_rolled() -> None:
    s = new(sorties_dice="2d6")
    assert s.phase == "campaign"
    assert len(s.chance_outcomes()) == 11
    s.apply(Roll(7))
    assert s.sorties_per_side == 7


def test_pilots_aces_and_replacements() -> None:
    s = new(pilots=True)
    opening(s, 5, 2)
    rosters = s.rosters
    assert rosters is not None
    kills = 0
    while kills < 5:
        s.apply(Roll(1) if s.marker < 20 else Roll(6))
        if s.phase == "pilot":
            s.apply(Roll(2))  # pilot number 2 flies every engagement
            fight(s, "active")
            kills += 1
        elif s.phase != "marker":
            run_sorties(s)
            break
    pilot = rosters[Side.COMMUNIST].pilots[1]
    assert kills == pilot.kills == 5
    assert pilot.ace and events(s, "ace")[0]["pilot"] == pilot.name
    s2 = new(pilots=True)
    opening(s2, 5, 2)
    s2.apply(Roll(3))
    s2.apply(Roll(4))
    name = rosters[Side.COMMUNIST].pilots[3].name
    fight(s2, "listed")
    assert s2.rosters is not None and s2.rosters[Side.COMMUNIST].pilots[3].name != name
    assert events(s2, "pilot_replaced")[0]["lost"] == name


def test_ace_flies_with_plus_one() -> None:
    s = new(pilots=True)
    opening(s, 5, 2)
    assert s.rosters is not None
    s.rosters[Side.COMMUNIST].pilots[0].ace = True
    s.apply(Roll(3))
    s.apply(Roll(1))
    e = s.engagement
    assert e is not None and e.planes[0].ace and e.planes[0].pilot == "Kozhedub"
    check = e.pending_check()
    assert check is not None and check.modifier_total == 7


def test_listed_pilots_option() -> None:
    with pytest.raises(OptionError, match="needs the option pilots"):
        MigsGame({"listed_pilots": True})
    s = new(pilots=True, listed_pilots=True)
    opening(s, 5, 2)
    s.apply(Roll(3))
    s.apply(Roll(1))
    assert s.phase == "listed_pilot"
    s.apply(Roll(2))
    e = s.engagement
    assert e is not None and e.planes[1].pilot == "Jabara"


def test_random_chart_is_drawn_as_chance_nodes() -> None:
    s = MigsGame().new_initial_state()
    assert isinstance(s, MigsState) and s.phase == "chart"
    outcomes = s.chance_outcomes()
    assert sum(p for _, p in outcomes) == 1
    with pytest.raises(IllegalAction):
        s.apply(Roll(3))
    for _ in range(22):
        s.apply(next(a for a, _ in s.chance_outcomes() if isinstance(a, ChartDraw)))
    assert s.phase == "opening_red" and len(events(s, "sortie_chart")) == 1


def test_bad_chart_option() -> None:
    with pytest.raises(OptionError, match="option chart"):
        MigsGame({"chart": "F-86"})


def test_view_has_everything_an_interface_draws() -> None:
    d = Driver(load_game("migs-sabres", {"chart": CHART}), seed=5)
    while d.state.view()["phase"] != "engagement":
        d.roll()
    v = d.state.view(0)
    for key in ("chart", "markers", "scores", "pilots", "engagement", "sortie", "active_side"):
        assert key in v
    assert len(v["chart"]) == 22 and v["phase"] == "engagement"
    eng = v["engagement"]
    assert set(eng["planes"]) == {"active", "listed"}
    assert "mp_left" in eng and "wing_over_used" in eng and "return_fire_pending" in eng
    assert v["markers"][v["active_side"]] > 0
    json.dumps(v)  # JSON-ready
    d.resolve_chance()
    acts = d.state.view()["engagement"]["legal_actions"]
    assert acts and all("action" in a for a in acts)


@pytest.mark.parametrize(("strike", "listed"), [(False, "F-86"), (True, None)])
def test_strike_from_chart_option(strike: bool, listed: str | None) -> None:
    s = new(strike_from_chart=strike)
    opening(s, 5, 2)
    s.apply(Roll(3))
    fight(s, "active")
    assert s.view()["chart"][2]["listed"] == listed
    assert bool(events(s, "chart_square_cleared")) is strike
