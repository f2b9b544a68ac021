"""Movement as the Flight Phase gives it (issue 22 items 3 to 6), each played as a small
scenario: radar detection by ground radars (GS-80), the guiding aircraft moving at step 7
(GS-81), barrage along a move's path (GS-82, GS-83) and pre-emption as aircraft move
(GS-84)."""

from __future__ import annotations

import tomllib
from typing import Any

from airwar.core.errors import IllegalAction
from airwar.games.gunslingers.model.actions import Decision
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


# -- a move's path and barrage fire along it (GS-82, GS-83) ---------------------------------

BARRAGE_TOML = """
[scenario]
name = "through the flak"
turns = 1

[map]
radius = 20

[[sides]]
name = "Blue"

[[sides]]
name = "Red"

[[aircraft]]
id = "Hog"
side = "Blue"
type = "A-10A"
hex = [0, -2]
heading = 6
altitude = 4
speed = 4
climb = 4

[[aircraft]]
id = "Flanker"
side = "Red"
type = "Su-27"
hex = [15, -5]
heading = 8
altitude = 10
speed = 1

[[aaa]]
id = "Flak"
side = "Red"
hex = [0, 0]
fire = "barrage"
range = 1
max_altitude = 5
"""


def _through(move: str) -> Any:
    def decide(state: GsState, ask: Ask) -> str | None:
        if ask.verb == "barrage":
            return f"barrage {ask.subject} yes"
        if ask.verb == "move" and ask.subject == "Hog":
            return move
        if ask.verb == "move":
            p = state.forces.planes[ask.subject]
            return f"move {p.id} {p.hex} h{p.heading} a{p.altitude}"
        return None

    return play(tomllib.loads(BARRAGE_TOML), decide)


def test_barrage_attacks_an_aircraft_that_flies_through_its_zone_and_ends_outside() -> None:
    """The Hog flies south over the Flak and ends two hexes past it, out of its range: the
    barrage attacks it on the way, at the first hex of its path inside (GS-51, GS-82)."""
    played = _through("move Hog 0,2 h6 a4")
    (move,) = played.of_type("move", aircraft="Hog")
    assert move["path"] == ["0,-1", "0,0", "0,1", "0,2"]
    (attack,) = played.of_type("barrage_attack", aircraft="Hog")
    assert (attack["unit"], attack["hex"]) == ("Flak", "0,-1")


def test_a_path_given_hex_by_hex_is_flown_and_kept_in_the_record() -> None:
    """Round the Flak's zone by a path of the player's: no barrage; the record keeps the
    path as typed and the move event the hexes flown."""
    path = "1,-2>2,-2>2,-1>2,0"
    played = _through(f"move Hog {path} h6 a4")
    (move,) = played.of_type("move", aircraft="Hog")
    assert move["path"] == path.split(">") and move["to"] == "2,0"
    assert not played.of_type("barrage_attack")
    assert f"move Hog {path} h6 a4" in [text for _, text in played.driver.record.actions]


def test_altitude_changes_evenly_along_the_path() -> None:
    """Climbing from 4 to 8 over 4 hexes, the Hog is at 5, 6, 7 and 8 hex by hex (GS-83):
    straight over the Flak it is at 5 over the first hex in its zone, within the ceiling of
    5; along the zone's edge it is first inside at 6, above the fire, and is not attacked,
    though at altitude 4 the same path is."""
    (attack,) = _through("move Hog 0,2 h6 a8").of_type("barrage_attack", aircraft="Hog")
    assert attack["hex"] == "0,-1"
    edge = "1,-2>1,-1>1,0>1,1"
    assert not _through(f"move Hog {edge} h6 a8").of_type("barrage_attack")
    (low,) = _through(f"move Hog {edge} h6 a4").of_type("barrage_attack")
    assert low["hex"] == "1,-1"


def test_a_path_must_be_flown_hex_by_hex_within_the_speed() -> None:
    played = play(tomllib.loads(BARRAGE_TOML), until=lambda s: _asks_move(s, "Hog"))
    state = played.state
    refusals = {
        "move Hog 0,-1>0,1 h6 a4": "is not next to 0,-1: a path goes hex by hex",
        "move Hog 0,-1>1,-1>1,0>1,1>0,2 h6 a4": "the path is 5 hexes long: its speed is 4",
        "move Hog 1,-2>1,-1>x h6 a4": "",
    }
    for text, words in refusals.items():
        reason = state.explain_illegal(Decision.parse(text))
        assert words in reason and "is legal" not in reason, (text, reason)
    assert state.explain_illegal(Decision.parse("move Hog 0,-1>1,-1>1,0 h4 a4")).endswith(
        "is legal"
    )


def _asks_move(state: GsState, subject: str) -> bool:
    ask = state.pending_ask()
    return ask is not None and ask.verb == "move" and ask.subject == subject


# -- pre-emption as aircraft come to move (GS-84) ---------------------------------------------

PREEMPT_TOML = """
[scenario]
name = "pre-emption"
turns = 1

[map]
radius = 20

[[sides]]
name = "Blue"
sighted = ["Flanker", "Fishbed"]

[[sides]]
name = "Red"

[[aircraft]]
id = "Eagle"
side = "Blue"
type = "F-15C"
hex = [-8, 0]
heading = 2
altitude = 10
visibility = 1
speed = 1

[[aircraft]]
id = "Flanker"
side = "Red"
type = "Su-27"
hex = [0, 0]
heading = 8
altitude = 10
visibility = 4
speed = 1

[[aircraft]]
id = "Fishbed"
side = "Red"
type = "MiG-21"
hex = [0, 1]
heading = 8
altitude = 10
visibility = 4
speed = 1

[[aircraft]]
id = "Ghost"
side = "Red"
type = "MiG-25"
hex = [19, -19]
heading = 8
altitude = 10
visibility = 1
speed = 1
"""


def test_a_side_pre_empts_an_enemy_as_it_comes_to_move_in_the_middle_of_the_phase() -> None:
    """With option preemption=sides, Blue is asked as each enemy aircraft it knows comes to
    move, not only at Flight step 1 (GS-84, the Flight Phase note 'Defensive Pre-emptions
    ... may alter the order of movement'): as the second of the two Red fighters comes to
    move, after the first has moved, Blue's Eagle pre-empts it and moves right before it.
    Blue is never asked about the Ghost, which it does not know."""
    moments: list[str | None] = []
    refusal: list[str] = []

    def decide(state: GsState, ask: Ask) -> str | None:
        if ask.verb != "preempt" or ask.subject != "Blue":
            return None
        now = state.this_turn.preempt_moment
        moments.append(now)
        red_moved = [q for q in ("Flanker", "Fishbed") if state.forces.planes[q].moved]
        if now in ("Flanker", "Fishbed") and red_moved:
            try:  # the referee's check, on the units' ids: the Ghost is still to move
                state.check_decision(Decision.parse("preempt Blue Eagle:Ghost:defensive"))
            except IllegalAction as exc:
                refusal.append(str(exc))
            if not state.forces.planes["Eagle"].moved and not state.this_turn.preemptions:
                return f"preempt Blue Eagle:{now}:defensive"
        return "preempt Blue done"

    played = play(tomllib.loads(PREEMPT_TOML), decide, options={"preemption": "sides"})
    assert None in moments  # Flight step 1, as before (GS-52)
    assert {"Flanker", "Fishbed"} <= set(moments) and "Ghost" not in moments
    (declared,) = played.of_type("preemption", aircraft="Eagle")
    second = declared["before"]
    moved = [e["aircraft"] for e in played.events if e["type"] == "move"]
    assert moved.index("Eagle") == moved.index(second) - 1
    assert moved.index(second) > min(moved.index("Flanker"), moved.index("Fishbed"))
    assert played.of_type("move", aircraft="Eagle")[0]["category"] == "pre-empting"
    assert refusal and "GS-84" in refusal[0]


def test_the_referee_is_asked_as_each_aircraft_comes_to_move() -> None:
    asked: list[str | None] = []

    def decide(state: GsState, ask: Ask) -> str | None:
        if ask.verb == "preempt":
            asked.append(state.this_turn.preempt_moment)
        return None

    play(tomllib.loads(PREEMPT_TOML), decide)
    assert asked[0] is None  # Flight step 1 (GS-52)
    later = [a for a in asked if a]
    assert len(later) == len(set(later)) == 3  # each but the last to move, once (GS-84)


def test_a_side_reads_the_paths_of_its_own_moves_and_of_no_enemy_it_did_not_see() -> None:
    """Each view holds the paths of the moves its seat read (GS-82, GS-43): Blue its
    Eagle's, never the Flanker's, which it never knew; the referee both."""

    def flanker_next(s: GsState) -> bool:
        return _asks_move(s, "Flanker") and s.forces.planes["Eagle"].moved

    s = play(quiet(), turns=1, until=flanker_next).state
    assert not s.is_terminal()
    assert [p["aircraft"] for p in s.view(0)["paths"]] == ["Eagle"]
    assert "Eagle" not in str(s.view(1)) and s.view(1)["paths"] == []
    assert [p["aircraft"] for p in s.view(None)["paths"]] == ["Eagle"]
