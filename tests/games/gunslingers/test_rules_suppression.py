"""Suppression takes effect while either side of its marker shows (End of Turn 3 and 5, GS-38)."""

from __future__ import annotations

from typing import Any

from airwar.games.gunslingers import GunslingersGame
from airwar.games.gunslingers.model.tasks import Ask
from airwar.games.gunslingers.referee import GsState
from tests.games.gunslingers.scenario_builder import scenario
from tests.games.gunslingers.scripted import play, result_for

SA13 = {
    "id": "SA-13",
    "side": "Red",
    "hex": [2, 0],
    "guidance": "IR",
    "quick_reaction": True,
    "rails": 4,
}


def _sa13_sighted() -> dict[str, Any]:
    """The test scenario with the SA-13 and no EWR, the SA-13 sighted by Blue from the
    start (GS-64): a side attacks only what it sights (GS-72)."""
    data = scenario(sams=[SA13], ewrs=[])
    data["sides"][0]["sighted"] = ["SA-13"]
    return data


def _bomb_the_sa13(state: GsState, ask: Ask) -> str | None:
    if ask.verb == "lockon":
        return "lockon SA-13 none" if state.turn == 1 else None
    if ask.verb == "move" and ask.subject == "Eagle":
        return "move Eagle 0,0 h2 a10"
    if ask.verb == "attack" and ask.subject == "Eagle":
        done = any(e["type"] == "attack" and e["aircraft"] == "Eagle" for e in state.log)
        return "attack Eagle done" if done else "attack Eagle bomb:Mk-82:SA-13"
    ctx = result_for(state, ask)
    if ctx is not None and ctx["target"] == "SA-13":
        return f"result {ask.subject} suppressed"
    return None


def test_a_bombed_and_suppressed_sam_unit_sits_out_the_next_turn() -> None:
    """Bombed in turn 1's Flight Phase: the marker flips to Suppression removal at End 5 of
    turn 1 and comes off at End 3 of turn 2, so the SA-13 may not lock on in turn 2, and may
    again in turn 3."""
    data = _sa13_sighted()
    played = play(data, _bomb_the_sa13, turns=3)
    assert played.of_type("marker", action="place", kind="suppression", unit="SA-13")
    assert 1 in played.asked("lockon", "SA-13")
    assert 2 not in played.asked("lockon", "SA-13")
    assert 3 in played.asked("lockon", "SA-13")
    notes = [e for e in played.events if e["type"] == "suppressed" and e["turn"] == 2]
    assert notes and all(e["rule"] == "GS-38" for e in notes)


def test_a_sam_unit_suppressed_while_holding_a_lock_loses_it_and_does_not_launch() -> None:
    data = _sa13_sighted()

    def decide(state: GsState, ask: Ask) -> str | None:
        if ask.verb == "lockon":
            return "lockon SA-13 Eagle" if state.turn == 1 else None
        if ask.verb == "samlaunch":
            return "samlaunch SA-13 no"
        return _bomb_the_sa13(state, ask)

    # every die a 1: the lock-on holds, nothing breaks it
    played = play(data, decide, lambda s: 1 if s.pending_check() is not None else None, turns=2)
    assert played.of_type("lock_on", unit="SA-13", target="Eagle")
    assert played.asked("samlaunch", "SA-13") == [1]
    lost = played.of_type("lock_lost", unit="SA-13")
    assert lost and lost[0]["turn"] == 2 and lost[0]["rule"] == "GS-38"


def test_plotted_fire_of_a_gun_suppressed_before_ground_step_3_is_not_resolved() -> None:
    data = scenario(sams=[], ewrs=[], aaa=[{"id": "ZSU", "side": "Red", "hex": [1, -1]}])
    data["aircraft"][0]["altitude"] = 2

    def decide(state: GsState, ask: Ask) -> str | None:
        if ask.verb == "plot":
            return "plot ZSU 0,0 a2"
        if ask.verb == "move" and ask.subject == "Eagle":
            return "move Eagle 0,0 h2 a2"
        if ask.verb == "attack" and ask.subject == "Eagle":
            done = any(e["type"] == "attack" and e["aircraft"] == "Eagle" for e in state.log)
            return "attack Eagle done" if done else "attack Eagle strafe:ZSU"
        ctx = result_for(state, ask)
        if ctx is not None and ctx["target"] == "ZSU":
            return f"result {ask.subject} suppressed"
        return None

    played = play(data, decide, turns=1)
    assert played.of_type("marker", action="place", kind="suppression", unit="ZSU")
    assert not played.of_type("outcome_pending", kind="plotted_fire")
    assert played.of_type("suppressed", unit="ZSU", rule="GS-38")


def test_a_radar_sam_suppressed_by_an_arm_neither_launches_nor_locks_on_next_turn() -> None:
    """SAM step 13 of turn 1: the Weasel's ARM suppresses the SA-2 that locked on to it; the
    SA-2 loses its lock-on and does not launch or lock on in turn 2, and may in turn 3."""
    data = scenario(ewrs=[])
    data["sams"][0]["rails"] = 4
    data["aircraft"].append(
        {"id": "Weasel", "side": "Blue", "type": "F-4G", "hex": [3, 0], "heading": 2,
         "altitude": 10, "speed": 1, "arms": 2}
    )  # fmt: skip

    def decide(state: GsState, ask: Ask) -> str | None:
        if ask.verb == "lockon":
            return "lockon SA-2 Weasel"
        if ask.verb == "samlaunch":
            return "samlaunch SA-2 no"
        if ask.verb == "arm":
            return "arm Weasel SA-2" if state.turn == 1 else "arm Weasel none"
        if ask.verb == "move":
            p = state.forces.planes[ask.subject]
            return f"move {p.id} {p.hex} h{p.heading} a{p.altitude}"
        ctx = result_for(state, ask)
        if ctx is not None and ctx["kind"] == "arm":
            return f"result {ask.subject} suppressed"
        return None

    def dice(state: GsState) -> int | None:
        check = state.pending_check()
        if check is None:
            return None
        return 10 if "Break" in check.name or "breaks" in check.name else 1

    played = play(data, decide, dice, turns=3)
    assert played.of_type("marker", action="place", kind="suppression", unit="SA-2")
    assert played.asked("lockon", "SA-2") == [1, 3]
    assert 2 not in played.asked("samlaunch", "SA-2")
    lost = played.of_type("lock_lost", unit="SA-2", rule="GS-38")
    assert [e["turn"] for e in lost] == [2]


def test_a_sam_unit_under_either_side_of_its_marker_tracks_nothing_for_its_side() -> None:
    """Double-blind (GS-43): a side tracks what its SAM units could lock on to now, and a
    suppressed one can lock on to nothing (GS-38), whichever side of its marker is up."""
    data = scenario(ewrs=[])
    for a in data["aircraft"][1:]:
        a["hex"] = [15, 5]  # too far for Red's aircraft to see anything
    for kind, hidden in ((None, False), ("suppression", True), ("suppression_removal", True)):
        if kind is not None:
            data["markers"] = [{"kind": kind, "unit": "SA-2"}]
        state = GunslingersGame({"scenario_data": data}).new_initial_state()
        assert isinstance(state, GsState)
        assert ("Eagle" in state.hidden_from(state.seat_of("Red"))) is hidden, kind
