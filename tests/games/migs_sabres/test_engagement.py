"""One engagement: first move, MP, steps, refusals, fire, return fire, end (MS-5..MS-11)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from airwar.core import CHANCE, TERMINAL, Driver, EventLog, IllegalAction, OptionError
from airwar.core.dice import Roll
from airwar.games.migs_sabres import (
    Engagement,
    EngagementGame,
    Facing,
    Fire,
    HoldFire,
    Plane,
    Square,
    Step,
    StepKind,
    parse_path,
    plane_type,
)
from airwar.games.migs_sabres.engagement import (
    mp_check,
    opposed_first_check,
    red_die_check,
)
from airwar.games.migs_sabres.views import engagement_view


def setup(
    active: str = "F-86 c3 N",
    listed: str = "MiG-15 c5 N",
    *,
    first: str = "active",
    mp_roll: int | None = 1,
    turn_limit: int = 20,
    active_ace: bool = False,
) -> tuple[Engagement, EventLog]:
    def plane(text: str, role: str, ace: bool = False) -> Plane:
        t, sq, f = text.split()
        return Plane(plane_type(t), role, Square.parse(sq), Facing.parse(f), ace)

    e = Engagement(
        plane(active, "active", active_ace),
        plane(listed, "listed"),
        first=first,
        turn_limit=turn_limit,
    )
    log = EventLog()
    e.start(log)
    if mp_roll is not None:
        e.apply_roll(Roll(mp_roll), log)
    return e, log


def play(e: Engagement, log: EventLog, path: str) -> None:
    for a in parse_path(path):
        e.apply_decision(a, log)


# -- the checks and their exact probabilities -----------------------------------


@pytest.mark.parametrize(
    ("red", "p_blue_first"),
    [(1, Fraction(5, 6)), (3, Fraction(1, 2)), (6, Fraction(0))],
)
def test_opposed_first_roll(red: int, p_blue_first: Fraction) -> None:
    check = opposed_first_check(red)
    assert check.probability() == p_blue_first and check.rule == "MS-5"
    assert red_die_check("x", "MS-5").probability() == 1


@pytest.mark.parametrize(
    ("t", "ace", "mods"), [("F-86", False, 6), ("F-84", True, 5), ("Yak-9", False, 2)]
)
def test_mp_check(t: str, ace: bool, mods: int) -> None:
    check = mp_check(plane_type(t), ace)
    assert check.probability() == Fraction(1) and check.modifier_total == mods
    assert check.rule == "MS-7"


# -- movement ----------------------------------------------------------------------


def test_mp_roll_and_steps() -> None:
    e, log = setup(active="F-86 a1 N", listed="MiG-15 k14 S", mp_roll=2)
    assert e.mp_left == 8 and e.phase == "move"
    play(e, log, "F WR")
    assert (str(e.planes[0].square), str(e.planes[0].facing), e.mp_left) == ("b2", "E", 4)
    assert Step(StepKind.WL) not in e.legal_actions()
    steps = [ev for ev in log if ev["type"] == "step"]
    assert [s["step"] for s in steps] == ["F", "WR"]
    assert steps[-1]["mp_left"] == 4 and steps[-1]["wing_over_used"] is True


def test_ace_adds_one_mp() -> None:
    e, _ = setup(active_ace=True, mp_roll=3)
    assert e.mp_left == 10


def test_move_ends_when_no_affordable_step() -> None:
    e, log = setup(active="F-86 a1 N", listed="MiG-15 k14 S", mp_roll=1)  # 7 MP
    play(e, log, "F F F F F F F")
    assert e.mover == 1 and e.phase == "mp"
    end = [ev for ev in log if ev["type"] == "move_end"][-1]
    assert end["square"] == "a8" and end["mp_lost"] == 0


@pytest.mark.parametrize(
    ("setup_kw", "path", "action", "reason"),
    [
        ({"active": "F-86 a1 N"}, "", Step(StepKind.L), "would leave the board (MS-8)"),
        ({"active": "F-86 c3 N"}, "WR", Step(StepKind.WL), "wing-over twice"),
        (
            {"active": "F-86 c3 N"},
            "WR",
            Step(StepKind.R),
            "costs 2 MP and only 1 MP are left (MS-7)",
        ),
        ({"active": "F-86 c4 N"}, "", Step(StepKind.F), "c5 is the MiG-15's square (MS-8)"),
        ({"active": "F-86 c4 N"}, "", Fire(), "at least one step before firing (MS-9)"),
        ({"active": "F-86 a1 N"}, "F", Fire(), "no target ahead"),
        ({"active": "F-86 a1 N"}, "", HoldFire(), "no shot to hold"),
    ],
)
def test_refusals_say_why(setup_kw: dict[str, str], path: str, action: object, reason: str) -> None:
    e, log = setup(**setup_kw, mp_roll=1)  # type: ignore[arg-type]
    e.mp_left = 4
    if path:
        play(e, log, path)
    assert action not in e.legal_actions()
    assert reason in e.explain_illegal(action)
    with pytest.raises(IllegalAction, match=r"MS-|hold"):
        e.apply_decision(action, log)


def test_no_legal_first_step_loses_the_turn() -> None:
    e, log = setup(active="F-86 a14 NW", listed="MiG-15 f7 N", mp_roll=6)
    lost = [ev for ev in log if ev["type"] == "turn_lost"]
    assert lost and lost[0]["rule"] == "MS-8"
    assert e.mover == 1 and e.planes[0].turns == 1


# -- fire ----------------------------------------------------------------------------


def test_fire_from_behind_and_kill() -> None:
    e, log = setup(active="F-86 c3 N", listed="MiG-15 c5 N")
    play(e, log, "F")
    assert Fire() in e.legal_actions()
    e.apply_decision(Fire(), log)
    check = e.pending_check()
    assert check is not None and check.probability() == Fraction(2, 3)
    e.apply_roll(Roll(3), log)
    assert e.over and e.end_reason == "shot down"
    assert e.killer_side is not None and e.killer_side.value == "allied"
    fire = next(ev for ev in log if ev["type"] == "fire")
    assert fire["aspect"] == "rear" and fire["mp_discarded"] == 6
    roll = next(ev for ev in log if ev["type"] == "roll" and ev["rule"] == "MS-10")
    assert (roll["target"], roll["p_success"], roll["roll"], roll["success"]) == (
        3,
        "2/3",
        3,
        True,
    )
    assert log[-1]["type"] == "engagement_end" and log[-1]["reason"] == "shot down"


def test_hold_fire_at_the_end_of_a_move() -> None:
    # with 7 MP and F: c4 faces the MiG at c5; no affordable step? give 1 MP only
    e, log = setup(active="F-86 c3 N", listed="MiG-15 c5 N")
    e.mp_left = 1
    play(e, log, "F")
    assert e.legal_actions() == [Fire(), HoldFire()]
    e.apply_decision(HoldFire(), log)
    assert e.mover == 1 and not e.planes[0].fired


def test_missed_head_on_attack_allows_return_fire() -> None:
    e, log = setup(active="F-86 e3 N", listed="MiG-15 e5 S")
    play(e, log, "F fire")
    assert e.attack is not None and e.attack[1] == "front"
    e.apply_roll(Roll(5), log)  # miss: needs 6
    assert e.phase == "return_fire" and e.mover == 1
    assert e.legal_actions() == [Fire(), HoldFire()]
    assert "return fire or hold" in e.explain_illegal(Step(StepKind.F))
    e.apply_decision(Fire(), log)
    assert e.pending_check() is not None
    e.apply_roll(Roll(2), log)
    assert e.over and e.end_reason == "both fired" and e.shot_down is None
    fire = [ev for ev in log if ev["type"] == "fire"][-1]
    assert fire["return_fire"] is True and fire["aspect"] == "front"


def test_return_fire_may_be_held() -> None:
    e, log = setup(active="F-86 e3 N", listed="MiG-15 e5 S")
    play(e, log, "F fire")
    e.apply_roll(Roll(1), log)
    e.apply_decision(HoldFire(), log)
    assert e.phase == "mp" and e.mover == 1
    e.apply_roll(Roll(1), log)
    assert e.phase == "move"


def test_one_plane_may_fire_several_times() -> None:
    e, log = setup(active="F-86 c3 N", listed="MiG-15 c5 N")
    play(e, log, "F fire")
    e.apply_roll(Roll(1), log)
    assert not e.over and e.planes[0].fired and not e.planes[1].fired


def test_turn_limit_ends_the_engagement() -> None:
    e, log = setup(active="F-86 a1 N", listed="MiG-15 k14 S", turn_limit=1, mp_roll=1)
    play(e, log, "F F F F F F F")
    e.apply_roll(Roll(1), log)
    play(e, log, "F F F F F F F")
    assert e.over and e.end_reason == "turn limit"
    assert log[-1]["rule"] == "MS-11"


def test_rolled_first_move_with_a_tie() -> None:
    e = Engagement(
        Plane(plane_type("F-86"), "active", Square.parse("a1"), Facing.N),
        Plane(plane_type("MiG-15"), "listed", Square.parse("k14"), Facing.S),
    )
    log = EventLog()
    e.start(log)
    e.apply_roll(Roll(4), log)
    e.apply_roll(Roll(4), log)
    assert e.phase == "first_red"
    e.apply_roll(Roll(2), log)
    e.apply_roll(Roll(5), log)  # blue (Allied F-86) higher: it moves first
    assert e.mover == 0 and e.phase == "mp"
    assert [ev["type"] for ev in log if ev["type"] in ("reroll", "first_mover")] == [
        "reroll",
        "first_mover",
    ]


# -- the game object ----------------------------------------------------------------------


def test_engagement_game_options() -> None:
    with pytest.raises(OptionError, match=r"on the allied side"):
        EngagementGame({"active": "F-86", "listed": "F-51"})
    g = EngagementGame({"active": "MiG-15", "listed": "F-51", "first": "listed"})
    d = Driver(g, seed=3)
    assert d.state.current_actor() == 1  # the Allied F-51 moves first
    view = d.state.view(1)
    assert view["phase"] == "engagement"
    eng = view["engagement"]
    assert eng["planes"]["listed"]["square"] == "k14" and eng["to_move"] == "listed"
    assert {a["action"] for a in eng["legal_actions"]} == {"F", "R", "WR"}
    f = next(a for a in eng["legal_actions"] if a["action"] == "F")
    assert f["square"] == "k13" and f["facing"] == "S"
    with pytest.raises(IllegalAction, match="leave the board"):
        d.act("L")


def test_engagement_game_chance_and_terminal() -> None:
    d = Driver(EngagementGame({"first": "active"}), seed=1, auto_chance=False)
    assert d.state.current_actor() == CHANCE
    assert sum(p for _, p in d.state.chance_outcomes()) == 1
    check = d.state.pending_check()
    assert check is not None and "Movement points" in check.name
    d.resolve_chance()
    assert d.state.current_actor() == 1
    while not d.state.is_terminal():
        d.act(d.state.legal_actions()[0])
        d.resolve_chance()
    assert d.state.current_actor() == TERMINAL
    assert d.events[-1]["type"] == "game_end"


def test_view_lists_steps_and_the_exact_shot() -> None:
    e, log = setup(active="F-86 c3 N", listed="MiG-15 c5 N")
    play(e, log, "F")
    view = engagement_view(e)
    fire = next(a for a in view["legal_actions"] if a["action"] == "fire")
    assert (fire["aspect"], fire["kill_on"], fire["p_kill"]) == ("rear", 3, "2/3")
    steps = {a["action"]: a for a in view["legal_actions"] if "square" in a}
    assert steps["L"] == {
        "action": "L",
        "kind": "diagonal left",
        "square": "b5",
        "facing": "NW",
        "mp_left": 4,
    }
    assert "F" not in steps  # c5 is the MiG-15's square
    assert view["mp_left"] == 6 and view["stepped"] and view["to_move"] == "active"


@pytest.mark.parametrize("seed", range(40))
def test_an_engagement_without_a_turn_limit_always_ends(seed: int) -> None:
    """MS-25: two planes stuck for good no longer lose turns for ever when there is no limit."""
    import random

    from airwar.core.driver import Driver
    from airwar.core.registry import load_game

    d = Driver(load_game("migs-engagement", {"turn_limit": 0}), seed)
    chooser = random.Random(seed)
    for _ in range(5_000):
        if d.state.is_terminal():
            break
        d.act(chooser.choice(d.state.legal_actions()))
    assert d.state.is_terminal()
    assert d.events[-1]["reason"] in ("shot down", "both fired", "neither plane can move")
