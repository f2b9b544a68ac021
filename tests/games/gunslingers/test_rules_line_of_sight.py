"""Line of sight for SAM lock-ons, gun attacks and target ID (GS-16, GS-44, GS-45)."""

from __future__ import annotations

from typing import Any

import pytest

from airwar.core.errors import IllegalAction
from airwar.games.gunslingers.model.actions import Decision
from airwar.games.gunslingers.model.tasks import Ask
from airwar.games.gunslingers.phases.attacks import attack_options
from airwar.games.gunslingers.referee import GsState
from tests.games.gunslingers.scenario_builder import scenario
from tests.games.gunslingers.scripted import play

HILL = {"radius": 20, "terrain": [{"hex": [2, 0], "height": 20}]}
"""A hill between the Eagle at 0,0 (altitude 10) and a SAM site at 4,0."""


def _stay(state: GsState, ask: Ask) -> str | None:
    if ask.verb == "move":
        p = state.forces.planes[ask.subject]
        return f"move {p.id} {p.hex} h{p.heading} a{p.altitude}"
    return None


def _sam_behind_the_hill(guidance: str, **more: Any) -> dict[str, Any]:
    sam = {"id": "Site", "side": "Red", "hex": [4, 0], "guidance": guidance, "rails": 2}
    if guidance in ("CG", "BR", "CW", "TVM"):
        sam["radar"] = "active"
    sam.update(more)
    data = scenario(sams=[sam], ewrs=[], map=HILL)
    for a in data["aircraft"][1:]:
        a["hex"] = [12, -6] if a["id"] == "Flanker" else [12, -5]  # far from the site
    return data


@pytest.mark.parametrize("guidance", ["OG", "LG", "IR"])
def test_an_optical_laser_or_ir_sam_does_not_lock_on_through_a_hill(guidance: str) -> None:
    played = play(_sam_behind_the_hill(guidance), _stay, turns=1)
    assert played.asked("lockon", "Site") == []
    assert not played.of_type("lock_on", unit="Site")


def test_the_same_sam_site_locks_on_with_the_hill_gone() -> None:
    data = _sam_behind_the_hill("OG")
    data["map"] = {"radius": 20}
    played = play(data, _stay, turns=1)
    assert played.asked("lockon", "Site") == [1]


def test_a_radar_sam_is_masked_by_terrain_unless_the_option_lets_radar_through() -> None:
    data = _sam_behind_the_hill("CG")
    assert play(data, _stay, turns=1).asked("lockon", "Site") == []
    played = play(data, _stay, turns=1, options={"radar_line_of_sight": False})
    assert played.asked("lockon", "Site") == [1]


def test_an_optical_lock_on_is_lost_when_the_target_goes_behind_a_hill() -> None:
    data = _sam_behind_the_hill("OG")
    data["map"] = {"radius": 20, "terrain": [{"hex": [2, -1], "height": 20}]}
    data["aircraft"][0]["speed"] = 2

    def decide(state: GsState, ask: Ask) -> str | None:
        if ask.verb == "lockon" and state.turn == 1:
            return "lockon Site Eagle"
        if ask.verb == "samlaunch":
            return "samlaunch Site no"
        if ask.verb == "move" and ask.subject == "Eagle":
            return "move Eagle 0,-2 h0 a10"  # behind the hill at 2,-1 from the site
        return _stay(state, ask)

    def dice(state: GsState) -> int | None:
        check = state.pending_check()
        return None if check is None else (1 if "lock-on" in check.name else 10)

    played = play(data, decide, dice, turns=2)
    assert played.of_type("lock_on", unit="Site", target="Eagle")
    lost = played.of_type("lock_lost", unit="Site")
    assert lost and lost[0]["turn"] == 2 and lost[0]["rule"] == "GS-44"


def _gun_duel(terrain: list[dict[str, Any]]) -> GsState:
    data = scenario(sams=[], ewrs=[], map={"radius": 20, "terrain": terrain})
    eagle, flanker = data["aircraft"][0], data["aircraft"][1]
    eagle.update({"hex": [0, 0], "heading": 4, "altitude": 2, "guns": True})
    flanker.update({"hex": [2, 0], "altitude": 2})
    data["aircraft"][2]["hex"] = [12, -5]

    def at_eagles_attack(state: GsState) -> bool:
        ask = state.pending_ask()
        return ask is not None and ask.verb == "attack" and ask.subject == "Eagle"

    played = play(data, _stay, _sight_anew, turns=1, until=at_eagles_attack)
    return played.state


def _sight_anew(state: GsState) -> int | None:
    """A 1 for each roll to sight a target anew (Visual Sighting 9), the seed's otherwise."""
    check = state.pending_check()
    return 1 if check is not None and "anew" in check.name else None


def test_a_gun_attack_needs_a_line_of_sight() -> None:
    clear = _gun_duel([])
    assert "Flanker" in clear.forces.sides["Blue"].sighted
    assert "gun:Flanker" in attack_options(clear, clear.forces.planes["Eagle"])
    masked = _gun_duel([{"hex": [1, 0], "height": 5}])
    # the hill hides the Flanker from sight too; had Blue sighted it before the line was
    # lost (sighting is for the whole turn, GS-76), the gun attack still needs the line
    assert "Flanker" not in masked.forces.sides["Blue"].sighted
    masked.forces.sides["Blue"].sighted.add("Flanker")
    assert "gun:Flanker" not in attack_options(masked, masked.forces.planes["Eagle"])
    with pytest.raises(IllegalAction, match="line of sight"):
        masked.check_decision(Decision("attack", "Eagle", ("gun:Flanker",)))


def test_target_id_within_twice_the_visibility_needs_a_line_of_sight() -> None:
    """The Eagle sights the Flanker 8 hexes off (beyond 2 x visibility 3); the Wingman is
    5 hexes from it (range 3 and 8 levels looking up) but behind a ridge: no automatic ID."""
    ridge = [{"hex": [8, 1], "height": 15}, {"hex": [8, 2], "height": 15}]
    data = scenario(sams=[], ewrs=[], map={"radius": 20, "terrain": ridge})
    data["aircraft"][1].update({"hex": [8, 0], "visibility": 3})
    data["aircraft"][2]["hex"] = [-12, 5]
    data["aircraft"].append(
        {"id": "Wingman", "side": "Blue", "type": "F-15C", "hex": [8, 3], "heading": 0,
         "altitude": 2, "speed": 1}
    )  # fmt: skip

    def dice(state: GsState) -> int | None:
        return 1 if state.pending_check() is not None else None

    played = play(data, _stay, dice, turns=1)
    assert played.of_type("sighted", side="Blue", target="Flanker")
    assert not played.of_type("identified", side="Blue", target="Flanker")
    data["map"] = {"radius": 20}
    played = play(data, _stay, dice, turns=1)
    assert played.of_type("identified", side="Blue", target="Flanker", by="Wingman")
