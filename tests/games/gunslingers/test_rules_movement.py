"""Movement as the Flight Phase gives it (issue 22 items 3 to 6), each played as a small
scenario: radar detection by ground radars (GS-80), the guiding aircraft moving at step 7
(GS-81), barrage along a move's path (GS-82, GS-83) and pre-emption as aircraft move
(GS-84)."""

from __future__ import annotations

import tomllib
from typing import Any

from airwar.games.gunslingers.model.tasks import Ask
from airwar.games.gunslingers.referee import GsState
from tests.games.gunslingers.scripted import play

QUIET_TOML = """
[scenario]
name = "quiet approach"
turns = 1
operational_scale = 3

[map]
radius = 20

[[sides]]
name = "Blue"

[[sides]]
name = "Red"

[[aircraft]]
id = "Eagle"
side = "Blue"
type = "F-15C"
hex = [-12, 0]
heading = 2
altitude = 10
speed = 2

[[aircraft]]
id = "Flanker"
side = "Red"
type = "Su-27"
hex = [12, 0]
heading = 8
altitude = 10
speed = 2
"""

EWR_TOML = """
[[ewrs]]
id = "Tall-King"
side = "Red"
hex = [-6, 0]
range = 10
radar = "active"
eccm = 1
"""


def quiet(*extra: str) -> dict[str, Any]:
    return tomllib.loads(QUIET_TOML + "".join(extra))


def _categories(events: list[dict[str, Any]]) -> dict[str, str]:
    return {e["aircraft"]: e["category"] for e in events if e["type"] == "move"}


def test_a_flight_an_enemy_ewr_tracks_moves_as_radar_detected() -> None:
    """Flight step 9, 'Move unsighted but radar detected aircraft': the Red EWR covers the
    Eagle, so Red's map shows it and it moves at step 9, not step 10 (GS-80)."""
    played = play(quiet(EWR_TOML))
    assert _categories(played.events)["Eagle"] == "detected"
    assert _categories(played.events)["Flanker"] == "undetected"


def test_without_the_ewr_the_same_flight_moves_as_undetected() -> None:
    played = play(quiet())
    assert _categories(played.events)["Eagle"] == "undetected"


def test_a_flight_a_ground_radar_tracks_has_no_operational_move() -> None:
    """Operational movement is for flights nobody has detected (Aircraft Administrative
    6, GS-55, GS-80): the EWR's track keeps the Eagle out of it; the Flanker, found by
    nobody, may still move so."""
    seen: list[list[str]] = []

    def decide(state: GsState, ask: Ask) -> str | None:
        if ask.verb == "opmove":
            seen.append(sorted({str(d).split()[2].split(":")[0] for d in state.legal_actions()}))
            return "opmove flights done"
        return None

    play(quiet(EWR_TOML), decide)
    assert seen == [["Flanker", "done"]]


# -- Flight step 7: the guiding aircraft (GS-81) -------------------------------------------

STRIKE_TOML = """
[scenario]
name = "guided strike"
turns = 2

[map]
radius = 20

[[sides]]
name = "Blue"
sighted = ["Depot"]

[[sides]]
name = "Red"

[[aircraft]]
id = "Falcon"
side = "Blue"
type = "F-16C"
hex = [0, 2]
heading = 0
altitude = 10
speed = 1
ground_weapons = [{ type = "GBU-12", count = 1, guided = true }]

[[aircraft]]
id = "Fulcrum"
side = "Red"
type = "MiG-29"
hex = [15, -5]
heading = 8
altitude = 10
speed = 1

[[ground_units]]
id = "Depot"
side = "Red"
hex = [0, 0]
"""


def _strike_decide(state: GsState, ask: Ask) -> str | None:
    if ask.verb == "attack" and ask.subject == "Falcon":
        done = any(e["type"] == "attack" and e["aircraft"] == "Falcon" for e in state.log)
        return "attack Falcon done" if done else "attack Falcon bomb:GBU-12:Depot"
    if ask.verb == "move":
        p = state.forces.planes[ask.subject]
        return f"move {p.id} {p.hex} h{p.heading} a{p.altitude}"
    return None


def test_the_guiding_aircraft_moves_at_step_7_and_its_weapon_strikes_as_that_move_ends() -> None:
    """Flight step 1 moves the GBU-12 the Falcon dropped in turn 1; step 7, 'Move aircraft
    guiding air to ground weapons', moves the Falcon, still guiding it, and the weapon
    strikes as that move ends (GS-81)."""
    played = play(tomllib.loads(STRIKE_TOML), _strike_decide)
    launch = played.of_type("launch", by="Falcon", kind="a2g")
    assert [e["turn"] for e in launch] == [1]
    events = played.events
    turn2 = [(i, e) for i, e in enumerate(events) if e.get("turn") == 2]
    arrives = next(i for i, e in turn2 if e["type"] == "weapon_move")
    falcon = next((i, e) for i, e in turn2 if e["type"] == "move" and e["aircraft"] == "Falcon")
    strike = next(i for i, e in turn2 if e["type"] == "marker" and e["kind"] == "blast_zone")
    assert falcon[1]["category"] == "guiding"
    assert arrives < falcon[0] < strike
    steps = [e for i, e in turn2 if e["type"] == "step" and i < falcon[0]]
    assert steps[-1]["step"] == 7, steps[-1]
