"""What the text names but leaves to the full rules (issue 12 item 5): pre-emptions
(GS-52), shoot-outs (GS-53), disengagement (GS-54) and operational movement (GS-55)."""

from __future__ import annotations

from typing import Any

import pytest

from airwar.core.errors import IllegalAction
from airwar.games.gunslingers.model.actions import Decision
from airwar.games.gunslingers.model.tasks import Ask
from airwar.games.gunslingers.referee import GsState
from tests.games.gunslingers.scenario_builder import scenario
from tests.games.gunslingers.scripted import play, result_for


def _stay(state: GsState, ask: Ask) -> str | None:
    if ask.verb == "move":
        p = state.forces.planes[ask.subject]
        return f"move {p.id} {p.hex} h{p.heading} a{p.altitude}"
    return None


def _moves(played: Any, turn: int) -> list[str]:
    return [e["aircraft"] for e in played.events if e["type"] == "move" and e["turn"] == turn]


def _asked(verb: str, subject: str | None = None) -> Any:
    def stop(state: GsState) -> bool:
        ask = state.pending_ask()
        return ask is not None and ask.verb == verb and subject in (None, ask.subject)

    return stop


# -- pre-emption (GS-52) -------------------------------------------------------------------


def test_the_referee_pre_empts_an_aircraft_out_of_its_order() -> None:
    data = scenario(sams=[], ewrs=[])
    plain = _moves(play(data, _stay, turns=1), 1)
    first, last = plain[0], plain[-1]

    def decide(state: GsState, ask: Ask) -> str | None:
        if ask.verb == "preempt":
            done = any(e["type"] == "preemption" for e in state.log)
            return "preempt flight done" if done else f"preempt flight {last}:{first}:defensive"
        return _stay(state, ask)

    played = play(data, decide, turns=1)
    moved = _moves(played, 1)
    assert moved[:2] == [last, first]
    event = played.of_type("pre_empts", aircraft=last, before=first)
    assert event and event[0]["reason"] == "defensive" and event[0]["rule"] == "GS-52"
    assert {e["category"] for e in played.of_type("move", aircraft=last)} == {"pre-empting"}


def test_with_the_sides_option_each_side_pre_empts_its_own_aircraft_only() -> None:
    data = scenario(sams=[], ewrs=[])
    played = play(data, _stay, options={"preemption": "sides"}, until=_asked("preempt", "Red"))
    state = played.state
    assert state.pending_ask().seat == state.seat_of("Red")  # type: ignore[union-attr]
    state.check_decision(Decision("preempt", "Red", ("Flanker:Eagle:defensive",)))
    with pytest.raises(IllegalAction, match="not an aircraft of Red"):
        state.check_decision(Decision("preempt", "Red", ("Eagle:Flanker:defensive",)))
    with pytest.raises(IllegalAction, match="not a reason here"):
        state.check_decision(Decision("preempt", "Red", ("Flanker:Eagle:referee",)))


def test_pre_emption_can_be_switched_off() -> None:
    played = play(scenario(sams=[], ewrs=[]), _stay, turns=1, options={"preemption": "off"})
    assert not [v for _, v, _ in played.asks if v == "preempt"]


# -- shoot-outs (GS-53) --------------------------------------------------------------------


def _guided_strike(interceptor: str, result: str) -> Any:
    data = scenario(ewrs=[])
    data["aircraft"][0]["ground_weapons"] = [{"type": "GBU-12", "count": 1, "guided": True}]
    data["sams"][0]["rails"] = 2
    data["aircraft"][2]["hex"] = [3, -1]  # the Fishbed within a move and a gun shot of the Depot

    def decide(state: GsState, ask: Ask) -> str | None:
        if ask.verb == "attack" and ask.subject == "Eagle":
            done = any(e["type"] == "attack" and e["aircraft"] == "Eagle" for e in state.log)
            return "attack Eagle done" if done else "attack Eagle bomb:GBU-12:Depot"
        if ask.verb == "lockon":
            return f"lockon {ask.subject} none"
        if ask.verb == "shootout":
            return f"shootout {ask.subject} {interceptor}"
        ctx = result_for(state, ask)
        if ctx is not None and ctx["kind"] == "shootout":
            return f"result {ask.subject} {result}"
        return _stay(state, ask)

    return play(data, decide, turns=2)


def test_a_sam_unit_meets_a_guided_weapon_in_a_shoot_out_and_destroys_it() -> None:
    played = _guided_strike("SA-2", "destroyed")
    launch = played.of_type("launch", by="Eagle", kind="a2g")
    assert launch and launch[0]["turn"] == 1
    wid = launch[0]["weapon"]
    shoot = played.of_type("shootout", weapon=wid)
    assert shoot and shoot[0]["interceptor"] == "SA-2" and shoot[0]["rule"] == "GS-53"
    assert played.of_type("outcome", kind="shootout", result="destroyed")
    assert not played.of_type("outcome_pending", kind="ground_attack", what="GBU-12 strikes")
    assert played.state.forces.sams["SA-2"].rails == 1


def test_an_interceptor_aircraft_meets_the_weapon_as_it_moves_and_a_survivor_strikes() -> None:
    played = _guided_strike("Fishbed", "flies")
    events = played.events
    moved = next(i for i, e in enumerate(events) if e["type"] == "move"
                 and e["aircraft"] == "Fishbed" and e["turn"] == 2)  # fmt: skip
    shoot = next(i for i, e in enumerate(events) if e["type"] == "outcome_pending"
                 and e["kind"] == "shootout")  # fmt: skip
    strike = next(i for i, e in enumerate(events) if e["type"] == "outcome_pending"
                  and e.get("what") == "GBU-12 strikes")  # fmt: skip
    assert moved < shoot < strike


def test_shoot_outs_can_be_switched_off() -> None:
    data = scenario(ewrs=[])
    data["aircraft"][0]["ground_weapons"] = [{"type": "GBU-12", "count": 1, "guided": True}]

    def decide(state: GsState, ask: Ask) -> str | None:
        if ask.verb == "attack" and ask.subject == "Eagle":
            done = any(e["type"] == "attack" and e["aircraft"] == "Eagle" for e in state.log)
            return "attack Eagle done" if done else "attack Eagle bomb:GBU-12:Depot"
        return _stay(state, ask)

    played = play(data, decide, turns=2, options={"shootouts": False})
    assert not [v for _, v, _ in played.asks if v == "shootout"]
    assert played.of_type("outcome_pending", kind="ground_attack", what="GBU-12 strikes")


# -- disengagement (GS-54) -----------------------------------------------------------------


def test_an_aircraft_at_bingo_fuel_disengages() -> None:
    data = scenario(sams=[], ewrs=[])
    data["aircraft"][1]["fuel"] = 2
    played = play(data, _stay, turns=3)
    gone = played.of_type("disengaged", aircraft="Flanker")
    assert [(e["turn"], e["reason"], e["rule"]) for e in gone] == [(2, "Bingo fuel", "GS-54")]
    kept = play(data, _stay, turns=3, options={"bingo_disengages": False})
    assert not kept.of_type("disengaged")
    assert [e["turn"] for e in kept.of_type("note", aircraft="Flanker", rule="GS-54")] == [2, 3]


def test_an_aircraft_on_the_edge_may_leave_and_the_referee_may_call_one_out() -> None:
    data = scenario(sams=[], ewrs=[])
    data["aircraft"][0]["hex"] = [-20, 10]  # on the edge of a map of radius 20

    def decide(state: GsState, ask: Ask) -> str | None:
        if ask.verb == "disengage" and ask.subject == "Eagle":
            return "disengage Eagle yes"
        if ask.verb == "disengage" and ask.subject == "referee":
            done = any(e["type"] == "disengaged" and e["aircraft"] == "Fishbed"
                       for e in state.log)  # fmt: skip
            return "disengage referee done" if done else "disengage referee Fishbed"
        return _stay(state, ask)

    played = play(data, decide, turns=1)
    reasons = {e["aircraft"]: e["reason"] for e in played.of_type("disengaged")}
    assert reasons == {"Eagle": "left by the map's edge", "Fishbed": "the referee's call"}
    assert not played.state.forces.planes["Eagle"].alive
    plain = play(data, _stay, turns=1, options={"edge_disengagement": False})
    assert plain.asked("disengage", "Eagle") == []


# -- operational movement (GS-55) ----------------------------------------------------------


def _far_flight(scale: int | None) -> dict[str, Any]:
    data = scenario(sams=[], ewrs=[], map={"radius": 30})
    if scale is not None:
        data["scenario"]["operational_scale"] = scale
    data["aircraft"][0]["hex"] = [-25, 0]
    data["aircraft"].append(
        {"id": "Wingman", "side": "Blue", "type": "F-15C", "hex": [-25, 1], "heading": 2,
         "altitude": 10, "speed": 1, "tailing": "Eagle"}
    )  # fmt: skip
    for a in data["aircraft"][1:3]:
        a["hex"] = [20, a["hex"][1]]
    return data


def test_the_referee_moves_a_whole_flight_at_operational_scale() -> None:
    def decide(state: GsState, ask: Ask) -> str | None:
        if ask.verb == "opmove":
            done = any(e["type"] == "operational_move" for e in state.log)
            return "opmove flights done" if done else "opmove flights Eagle:-21,0"
        return _stay(state, ask)

    played = play(_far_flight(5), decide, turns=1)
    move = played.of_type("operational_move", flight="Eagle")
    assert move and move[0]["rule"] == "GS-55"
    assert {m["aircraft"]: m["to"] for m in move[0]["moves"]} == {
        "Eagle": "-21,0",
        "Wingman": "-21,1",
    }
    planes = played.state.forces.planes
    assert (str(planes["Eagle"].hex), str(planes["Wingman"].hex)) == ("-21,0", "-21,1")


def test_an_operational_move_beyond_the_scale_or_of_a_flight_in_contact_is_refused() -> None:
    played = play(_far_flight(5), _stay, until=_asked("opmove"))
    state = played.state
    with pytest.raises(IllegalAction, match="the operational scale is 5"):
        state.check_decision(Decision("opmove", "flights", ("Eagle:-19,0",)))
    with pytest.raises(IllegalAction, match="does not lead a flight free"):
        state.check_decision(Decision("opmove", "flights", ("Wingman:-24,1",)))


def test_no_operational_scale_no_operational_movement() -> None:
    played = play(_far_flight(None), _stay, turns=1)
    assert not [v for _, v, _ in played.asks if v == "opmove"]
    notes = [e for e in played.events if e["type"] == "note" and "operational" in e["text"]]
    assert notes
