"""The smaller rules of issue 12 item 4, each from a small scenario played through the game:
barrage fire (GS-51), lock-on attempts by radar kind (GS-46), ARM launch numbers and
failed launches (GS-50), the same-hex option in every arc (GS-18), the attack geometry
(GS-47), no attacks or launches while departed, stalled or GLOC'd (GS-48), passdowns only
to regular radar SAM units (GS-49), and the one failed launch prerequisite named (GS-37)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from airwar.core.dice import Roll
from airwar.core.errors import IllegalAction
from airwar.games.gunslingers.model.actions import Decision
from airwar.games.gunslingers.model.tasks import Ask
from airwar.games.gunslingers.phases.attacks import attack_options
from airwar.games.gunslingers.referee import GsState
from tests.games.gunslingers.scenario_builder import act, scenario
from tests.games.gunslingers.scripted import play, result_for


def _stay(state: GsState, ask: Ask) -> str | None:
    if ask.verb == "move":
        p = state.forces.planes[ask.subject]
        return f"move {p.id} {p.hex} h{p.heading} a{p.altitude}"
    return None


def _asked(verb: str, subject: str | None = None) -> Any:
    def stop(state: GsState) -> bool:
        ask = state.pending_ask()
        return ask is not None and ask.verb == verb and subject in (None, ask.subject)

    return stop


# -- barrage fire (GS-51) -------------------------------------------------------------


def test_barrage_fire_attacks_an_aircraft_ending_its_move_in_reach() -> None:
    data = scenario(sams=[], ewrs=[], aaa=[
        {"id": "S-60", "side": "Red", "hex": [1, -1], "fire": "barrage", "range": 3,
         "max_altitude": 12},
    ])  # fmt: skip

    def decide(state: GsState, ask: Ask) -> str | None:
        ctx = result_for(state, ask)
        if ctx is not None and ctx["kind"] == "barrage":
            return f"result {ask.subject} destroyed"
        return _stay(state, ask)

    played = play(data, decide, turns=1)
    assert played.of_type("marker", action="place", kind="barrage", unit="S-60")
    shots = played.of_type("barrage_attack", unit="S-60")
    assert [s["aircraft"] for s in shots] == ["Eagle"]
    assert played.of_type("destroyed", unit="Eagle", by="S-60")
    assert played.of_type("kill", side="Red", victim="Eagle")


def test_barrage_fire_does_not_reach_above_its_altitude_and_rolls_a_table() -> None:
    data = scenario(
        sams=[], ewrs=[],
        aaa=[{"id": "S-60", "side": "Red", "hex": [1, -1], "fire": "barrage", "range": 3,
              "max_altitude": 9}],
        outcomes={"barrage": {"target": 4, "success": "damaged", "failure": "no_effect"}},
    )  # fmt: skip
    assert not play(data, _stay, turns=1).of_type("barrage_attack")
    data["aaa"][0]["max_altitude"] = 10

    def at_barrage_roll(state: GsState) -> bool:
        check = state.pending_check()
        return check is not None and "barrage" in check.name

    played = play(data, _stay, turns=1, until=at_barrage_roll)
    check = played.state.pending_check()
    assert check is not None and check.rule == "GS-14"
    assert check.probability() == Fraction(2, 5)


# -- lock-on attempts by radar kind (GS-46) ---------------------------------------------


@pytest.mark.parametrize(("kind", "most"), [("tws", 1), ("limited_tws", 1), ("mtt", 2)])
def test_only_a_multi_target_track_radar_attempts_several_lock_ons(kind: str, most: int) -> None:
    data = scenario(sams=[], ewrs=[])
    eagle = data["aircraft"][0]
    eagle["radar"] = {"kind": kind, "eccm": 1, "detection": 8, "lock_on": 8, "range": 12,
                      "capacity": 2}  # fmt: skip
    eagle["heading"] = 3

    def decide(state: GsState, ask: Ask) -> str | None:
        if ask.verb == "modes" and ask.subject == "Eagle":
            return "modes Eagle IFF,radar"
        if ask.verb == "radar" and ask.subject == "Eagle":
            return "radar Eagle Fishbed,Flanker"
        return _stay(state, ask)

    def dice(state: GsState) -> int | None:
        return 1 if state.pending_check() is not None else None

    played = play(data, decide, dice, until=_asked("lock", "Eagle"))
    legal = played.state.legal_actions()
    assert max(len(d.items()) for d in legal if isinstance(d, Decision)) == most
    if most == 1:
        with pytest.raises(IllegalAction, match="1 lock-on attempt"):
            played.state.check_decision(Decision("lock", "Eagle", ("Fishbed,Flanker",)))


# -- ARMs (GS-50) -------------------------------------------------------------------------


def _weasel_data(**arm: Any) -> dict[str, Any]:
    data = scenario(ewrs=[])
    data["aircraft"].append(
        {"id": "Weasel", "side": "Blue", "type": "F-4G", "hex": [3, 0], "heading": 2,
         "altitude": 10, "speed": 1, "arms": 2, **arm}
    )  # fmt: skip
    return data


def _lock_on_the_weasel(state: GsState, ask: Ask) -> str | None:
    if ask.verb == "lockon":
        return "lockon SA-2 Weasel"
    return _stay(state, ask)


def test_an_arm_launch_rolls_the_weapons_own_number_and_a_failure_keeps_the_missile() -> None:
    def dice(state: GsState) -> int | None:
        check = state.pending_check()
        if check is None:
            return None
        return 10 if "ARM" in check.name else 1

    played = play(_weasel_data(arm_launch=3), _lock_on_the_weasel, dice,
                  until=_asked("arm", "Weasel"))  # fmt: skip
    d = played.driver
    act(d, "arm Weasel SA-2")
    check = played.state.pending_check()
    assert check is not None and check.target == 3 and check.probability() == Fraction(3, 10)
    played.state.apply(Roll(10))
    assert played.state.forces.planes["Weasel"].arms == 2
    assert played.of_type("launch_failed", by="Weasel", kind="arm")


def test_an_arm_without_its_own_number_takes_the_house_value() -> None:
    played = play(_weasel_data(), _lock_on_the_weasel, lambda s: 1 if s.pending_check() else None,
                  until=_asked("arm", "Weasel"))  # fmt: skip
    act(played.driver, "arm Weasel SA-2")
    check = played.state.pending_check()
    assert check is not None and check.probability() == Fraction(7, 10)


# -- same hex in every arc (GS-18) --------------------------------------------------------


def test_the_same_hex_option_puts_an_optical_sam_in_the_sun_clutter_arc() -> None:
    sam = {"id": "Tigercat", "side": "Red", "hex": [0, 0], "guidance": "OG", "lock_on": 5}
    data = scenario(sams=[sam], ewrs=[])
    data["scenario"]["sun"] = 8  # the Eagle (heading 2) has its clutter arc at 180

    def lock_on_check(options: dict[str, Any]) -> list[int]:
        played = play(data, _stay, options=options, until=_asked("lockon", "Tigercat"))
        act(played.driver, "lockon Tigercat Eagle")
        check = played.state.pending_check()
        assert check is not None
        return [m.value for m in check.modifiers]

    assert lock_on_check({}) == []
    assert lock_on_check({"same_hex_in_arcs": True}) == [3]


# -- attack geometry (GS-47, GS-48) ------------------------------------------------------


def _at_attack(**eagle: Any) -> GsState:
    data = scenario(sams=[], ewrs=[])
    data["aircraft"][0].update(eagle)
    data["aircraft"][1].update({"hex": [2, 0], "altitude": eagle.get("altitude", 10)})
    data["aircraft"][2]["hex"] = [-12, 5]
    played = play(data, _stay, _sight_anew, turns=1, until=_asked("attack", "Eagle"))
    return played.state


def _sight_anew(state: GsState) -> int | None:
    """A 1 for each roll to sight a target anew (Visual Sighting 9): the Flanker is sighted,
    as a gun attack needs (GS-76); the seed's die otherwise."""
    check = state.pending_check()
    return 1 if check is not None and "anew" in check.name else None


def test_strafing_and_bombing_respect_altitude() -> None:
    low = _at_attack(altitude=3)
    opts = attack_options(low, low.forces.planes["Eagle"])
    assert "strafe:Depot" in opts and "bomb:Mk-82:Depot" in opts
    mid = _at_attack(altitude=10)
    opts = attack_options(mid, mid.forces.planes["Eagle"])
    assert "strafe:Depot" not in opts and "bomb:Mk-82:Depot" in opts
    with pytest.raises(IllegalAction, match="strafes from altitude 3 or lower, not 10"):
        mid.check_decision(Decision("attack", "Eagle", ("strafe:Depot",)))


def test_bombing_from_too_high_is_refused() -> None:
    data = scenario(sams=[], ewrs=[])
    data["aircraft"][0]["altitude"] = 16
    played = play(data, _stay, turns=1)
    assert "attack" not in {v for _, v, s in played.asks if s == "Eagle"}


def test_a_gun_attack_fires_only_into_the_nose_arcs() -> None:
    ahead = _at_attack(heading=4)  # the Flanker at 2,0 lies at bearing 120: dead ahead
    assert "gun:Flanker" in attack_options(ahead, ahead.forces.planes["Eagle"])
    behind = _at_attack(heading=10)
    assert "gun:Flanker" not in attack_options(behind, behind.forces.planes["Eagle"])
    with pytest.raises(IllegalAction, match="not in the 150\\+ arcs"):
        behind.check_decision(Decision("attack", "Eagle", ("gun:Flanker",)))


@pytest.mark.parametrize("status", ["departed", "stalled"])
def test_departed_and_stalled_aircraft_make_no_gun_attacks(status: str) -> None:
    data = scenario(sams=[], ewrs=[])
    data["aircraft"][0].update({"heading": 4, "altitude": 3, "status": [status]})
    data["aircraft"][1].update({"hex": [2, 0], "altitude": 3})

    def decide(state: GsState, ask: Ask) -> str | None:
        if ask.verb == "reverse":
            return f"reverse {ask.subject} no"
        return _stay(state, ask)

    def dice(state: GsState) -> int | None:  # never recovers, always departs
        check = state.pending_check()
        return None if check is None else 10

    played = play(data, decide, dice, turns=1)
    assert "attack" not in {v for _, v, s in played.asks if s == "Eagle"}


# -- statuses entered as the move ends (GS-48) ---------------------------------------------


def test_an_aircraft_that_gloc_s_in_its_move_neither_attacks_nor_launches() -> None:
    data = scenario(sams=[], ewrs=[])
    data["aircraft"][0]["heading"] = 3

    def decide(state: GsState, ask: Ask) -> str | None:
        if ask.verb == "flightstatus" and ask.subject == "Eagle":
            p = state.forces.planes["Eagle"]
            return "flightstatus Eagle done" if "gloc" in p.status else "flightstatus Eagle +gloc"
        if ask.verb == "result":
            return None
        return _stay(state, ask)

    def dice(state: GsState) -> int | None:
        return 1 if state.pending_check() is not None else None

    played = play(data, decide, dice, turns=1)
    assert played.asked("flightstatus", "Eagle") == [1, 1]
    status = played.of_type("status", aircraft="Eagle", rule="GS-48")
    assert status and "gloc" in status[0]["status"]
    assert played.asked("attack", "Eagle") == []
    assert played.asked("launch", "Eagle") == []
    assert not played.of_type("launch_prerequisites", aircraft="Eagle")


def test_without_the_option_statuses_wait_for_the_logs() -> None:
    played = play(scenario(sams=[], ewrs=[]), _stay, turns=1, options={"status_on_move": False})
    assert not [v for _, v, _ in played.asks if v == "flightstatus"]


# -- passdowns (GS-49) ---------------------------------------------------------------------


def test_passdowns_go_only_to_regular_radar_sam_units() -> None:
    sams = [
        {"id": "SA-2", "side": "Red", "hex": [6, 0], "guidance": "CG", "radar": "active"},
        {"id": "SA-8", "side": "Red", "hex": [6, 1], "guidance": "CG", "radar": "active",
         "quick_reaction": True},
        {"id": "Tigercat", "side": "Red", "hex": [5, 1], "guidance": "OG"},
        {"id": "SA-9", "side": "Red", "hex": [5, 2], "guidance": "IR"},
    ]  # fmt: skip
    data = scenario(sams=sams)

    def decide(state: GsState, ask: Ask) -> str | None:
        return "lockon " + ask.subject + " none" if ask.verb == "lockon" else _stay(state, ask)

    played = play(data, decide, until=_asked("passdown", "EWR"))
    pairs = {d.first for d in played.state.legal_actions() if isinstance(d, Decision)}
    receivers = {p.split(":")[0] for p in pairs if p != "done"}
    assert receivers == {"SA-2"}
    with pytest.raises(IllegalAction, match="regular radar SAM unit"):
        played.state.check_decision(Decision("passdown", "EWR", ("Tigercat:Eagle",)))


def test_no_passdown_to_a_jammed_sam_unit() -> None:
    data = scenario()

    data["aircraft"][0]["heading"] = 4  # the SA-2 at 6,0 dead ahead, in the 180 noise arc

    def decide(state: GsState, ask: Ask) -> str | None:
        if ask.verb == "jam":
            return "jam Eagle 180,30R,0,30L"
        if ask.verb == "standoff":
            return "standoff Eagle SA-2"
        return _stay(state, ask)

    def dice(state: GsState) -> int | None:
        check = state.pending_check()
        return None if check is None else 1

    played = play(data, decide, dice, turns=1)
    assert played.of_type("jammed", unit="SA-2")
    assert played.asked("passdown", "EWR") == []


# -- the launch refusal names the prerequisite that failed (GS-37) --------------------------


def test_the_launch_refusal_names_the_one_prerequisite_that_failed() -> None:
    data = scenario(sams=[], ewrs=[])
    data["aircraft"][0]["heading"] = 3
    data["aircraft"][1]["hex"] = [2, 0]
    data["aircraft"][2]["hex"] = [12, -5]

    def dice(state: GsState) -> int | None:
        return 1 if state.pending_check() is not None else None

    played = play(data, _stay, dice, until=_asked("launch", "Eagle"))
    with pytest.raises(IllegalAction) as err:
        played.state.check_decision(Decision("launch", "Eagle", ("AIM-9:Fishbed",)))
    assert "beyond the maximum range 8" in str(err.value)
    assert "sighted (IR) or locked on" not in str(err.value)
    with pytest.raises(IllegalAction, match="carries no AIM-120"):
        played.state.check_decision(Decision("launch", "Eagle", ("AIM-120:Flanker",)))


def test_an_unguided_bomb_rolls_its_own_table_as_it_is_dropped() -> None:
    """GS-61: a dropped bomb with a result table of its own rolls that table (6 in 10 here),
    not the scenario's ground-attack table, and without either the referee decides."""
    state = _at_attack(altitude=3)
    state.forces.planes["Eagle"].ground_results["Mk-82"] = {
        "target": 6, "success": "destroyed", "failure": "suppressed"
    }  # fmt: skip
    state.apply(Decision("attack", "Eagle", ("bomb:Mk-82:Depot",)))
    check = state.pending_check()
    assert check is not None and "Mk-82's own table" in check.name
    assert check.probability() == Fraction(6, 10)
    bare = _at_attack(altitude=3)
    bare.apply(Decision("attack", "Eagle", ("bomb:Mk-82:Depot",)))
    assert bare.pending_check() is None
    ask = bare.pending_ask()
    assert ask is not None and ask.verb == "result" and ask.seat == bare.referee
