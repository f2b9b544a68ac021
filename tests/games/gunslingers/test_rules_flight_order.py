"""Tailing and illuminating aircraft move right after the aircraft they follow, whatever
its movement category (Flight Phase notes, GS-30)."""

from __future__ import annotations

from airwar.games.gunslingers.model.tasks import Ask
from airwar.games.gunslingers.referee import GsState
from tests.games.gunslingers.scenario_builder import scenario
from tests.games.gunslingers.scripted import play

WINGMAN = {
    "id": "Wingman",
    "side": "Blue",
    "type": "F-15C",
    "hex": [0, 1],
    "heading": 2,
    "altitude": 10,
    "speed": 1,
    "tailing": "Eagle",
    "status": ["disoriented"],
}


def _moves(events: list[dict], turn: int) -> list[str]:
    return [e["aircraft"] for e in events if e["type"] == "move" and e["turn"] == turn]


def test_a_disoriented_wingman_tailing_waits_for_its_leader_of_a_later_category() -> None:
    """The Wingman is disoriented (Flight step 3), its leader the Eagle moves in step 8 or
    later: 'Tailing aircraft move immediately after tailees do'."""
    data = scenario(sams=[], ewrs=[])
    data["aircraft"].append(dict(WINGMAN))
    played = play(data, turns=2)
    for turn in (1, 2):
        moved = _moves(played.events, turn)
        assert moved.index("Wingman") == moved.index("Eagle") + 1, moved
    assert {e["category"] for e in played.of_type("move", aircraft="Wingman")} == {"disoriented"}


def test_aircraft_tailing_each_other_both_move_in_their_own_category() -> None:
    data = scenario(sams=[], ewrs=[])
    data["aircraft"].append(dict(WINGMAN))
    data["aircraft"][0]["tailing"] = "Wingman"
    data["aircraft"][0]["status"] = ["disoriented"]
    played = play(data, turns=1)
    moved = _moves(played.events, 1)
    assert moved[:2] in (["Eagle", "Wingman"], ["Wingman", "Eagle"])


def test_an_illuminating_shooter_waits_for_its_missiles_target() -> None:
    """The Eagle locks on to the Flanker with its radar in turn 1, launches an RH missile
    in turn 2 and illuminates it in turn 3, while disoriented (Flight step 3): it moves
    right after the Flanker (step 8 or later), 'Illuminating aircraft move when their
    targets do'."""
    data = scenario(sams=[], ewrs=[])
    eagle = data["aircraft"][0]
    eagle["missiles"] = [
        {"type": "AIM-7", "guidance": "RH", "count": 2, "launch": 9, "max_range": 10,
         "time_of_flight": 3}
    ]  # fmt: skip
    eagle["heading"] = 3

    def decide(state: GsState, ask: Ask) -> str | None:
        if ask.subject == "Eagle" and ask.verb == "modes":
            return "modes Eagle IFF,radar"
        if ask.subject == "Eagle" and ask.verb == "radar":
            return "radar Eagle Flanker"
        if ask.subject == "Eagle" and ask.verb == "lock":
            return "lock Eagle Flanker"
        if ask.subject == "Eagle" and ask.verb == "launch":
            return "launch Eagle AIM-7:Flanker"
        if ask.verb == "logs" and state.turn == 2:
            done = any(e["type"] == "status" and e["aircraft"] == "Eagle" for e in state.log)
            return "logs aircraft done" if done else "logs aircraft Eagle +disoriented"
        if ask.verb == "result" and state.results[ask.subject]["kind"] == "missile":
            return f"result {ask.subject} flies"
        if ask.subject == "Eagle" and ask.verb == "move":
            p = state.forces.planes["Eagle"]
            return f"move Eagle {p.hex} h{p.heading} a{p.altitude}"
        return None

    def dice(state: GsState) -> int | None:
        check = state.pending_check()
        if check is None:
            return None
        name = check.name
        if "lock-on" in name and ("Break" in name or "breaks" in name):
            return 10
        return 1

    played = play(data, decide, dice, turns=3)
    assert played.of_type("launch", by="Eagle", kind="aam")
    lit = played.of_type("declare", what="illuminating", aircraft="Eagle")
    assert [e["turn"] for e in lit] == [3]
    moved = _moves(played.events, 3)
    assert moved.index("Eagle") == moved.index("Flanker") + 1, moved
