"""Rules that now play as the text is written (GS-76..GS-79), each played as a small
scenario through the game, its decisions and dice chosen, its events checked.

- GS-76: guns, rockets, strafing and bombs need a target the attacking side sights;
- GS-77: passdown modifier d counts half the target's own BJM (an escort's only by option);
- GS-78: a side tracks an aircraft with its ground radars and SAM units only through a
  line of sight;
- GS-79: a SAM unit whose radar a stand-off jammer beats this turn does not launch.
"""

from __future__ import annotations

from typing import Any

import pytest

from airwar.games.gunslingers.knowledge import knowledge
from airwar.games.gunslingers.model.actions import Decision
from airwar.games.gunslingers.model.scenario import parse_scenario_text
from airwar.games.gunslingers.model.tasks import Ask
from airwar.games.gunslingers.phases.attacks import NOT_SIGHTED, attack_refusal
from airwar.games.gunslingers.referee import GsState
from tests.games.gunslingers.scripted import as_seat, play

# -- GS-76: an attack needs a sighted target -----------------------------------------------

STRAFE = """
[scenario]
name = "Low pass"
turns = 1

[map]
radius = 8

[[sides]]
name = "Blue"

[[sides]]
name = "Red"

[[aircraft]]
id = "Viper"
side = "Blue"
type = "F-16C"
hex = [0, 0]
heading = 4
altitude = 2
speed = 1
ground_weapons = [{ type = "Mk-82", count = 2 }]

[[aircraft]]
id = "Bandit"
side = "Red"
type = "MiG-21"
hex = [1, 0]
heading = 4
altitude = 2
speed = 1

[[ground_units]]
id = "Depot"
side = "Red"
hex = [0, 1]

[[ground_units]]
id = "Tanks"
side = "Red"
hex = [-1, 1]
camouflaged = true
"""


def _low_pass(search_air: bool, camo_roll: int, resight_roll: int) -> tuple[Any, dict[str, Any]]:
    """Viper over Depot (open) and Tanks (camouflaged), Bandit right ahead in its gun arcs;
    both stay where they are. Viper searches the ground; it is a designated search
    aircraft for air targets only when ``search_air``. The dice of the camouflage roll and
    the re-sighting roll are given; every other roll is the seed's."""
    seen: dict[str, Any] = {}

    def decide(state: GsState, ask: Ask) -> str | None:
        if ask.verb == "search" and ask.subject == "Viper":
            return "search Viper yes"
        if ask.verb == "searcher" and ask.subject == "Viper":
            return f"searcher Viper {'yes' if search_air else 'no'}"
        if ask.verb == "move":
            p = state.forces.planes[ask.subject]
            return f"move {p.id} {p.hex} h{p.heading} a{p.altitude}"
        if ask.verb == "attack" and ask.subject == "Viper":
            if "choices" not in seen:
                seen["choices"] = [str(c) for c in state.seat_choices()]
                seen["refusals"] = {
                    what: state.explain_illegal(
                        Decision.parse(as_seat(state, ask, f"attack Viper {what}"))
                    )
                    for what in ("gun:Bandit", "strafe:Tanks", "bomb:Mk-82:Tanks", "gun:Ghost")
                }
                seen["referee"] = {
                    t: attack_refusal(state, state.forces.planes["Viper"], k, state.unit(t))
                    for k, t in (("gun", "Bandit"), ("strafe", "Tanks"))
                }
            return "attack Viper done"
        return None

    def dice(state: GsState) -> int | None:
        check = state.pending_check()
        if check is None:
            return None
        if "amouflage" in check.name:
            return camo_roll
        if "ighting" in check.name or "sight" in check.name.lower():
            return resight_roll
        return None

    played = play(parse_scenario_text(STRAFE), decide, dice)
    return played, seen


def test_an_unsighted_enemy_is_neither_offered_nor_attacked() -> None:
    # the camouflage roll fails (9 > 5) and Viper does not search the air: it sights Depot
    played, seen = _low_pass(search_air=False, camo_roll=9, resight_roll=1)
    assert played.of_type("sighted", side="Blue", unit="Depot", how="openly")
    assert not played.of_type("sighted", side="Blue", unit="Tanks")
    assert not played.of_type("sighted", side="Blue", target="Bandit")
    # the choices name only Depot (under Blue's label for it), never Tanks nor Bandit
    assert seen["choices"]
    assert all("Contact" in c or c.endswith("done") for c in seen["choices"])
    assert any(c.startswith("attack Viper strafe:") for c in seen["choices"])
    assert not any("gun:" in c for c in seen["choices"])
    assert len([c for c in seen["choices"] if c.startswith("attack Viper strafe:")]) == 1
    # Blue's refusals are the same words, whether the unit is hidden, tracked or missing
    refusals = set(seen["refusals"].values())
    assert len(refusals) == 1, seen["refusals"]
    (words,) = refusals
    assert "GS-72" in words and "Tanks" not in words and "Bandit" not in words
    # the referee's own check names the rule
    assert seen["referee"] == {"Bandit": NOT_SIGHTED, "Tanks": NOT_SIGHTED}
    attacks = played.of_type("attack", aircraft="Viper")
    assert attacks == []


def test_a_sighted_enemy_is_offered_and_attacked() -> None:
    # the camouflage roll succeeds (2 <= 5) and the re-sighting roll too: all three sighted
    played, seen = _low_pass(search_air=True, camo_roll=2, resight_roll=1)
    assert played.of_type("sighted", side="Blue", unit="Tanks", how="camouflaged")
    assert played.of_type("sighted", side="Blue", target="Bandit", how="anew")
    kinds = sorted(c.split()[2].split(":")[0] for c in seen["choices"] if ":" in c)
    assert kinds.count("gun") == 1 and kinds.count("strafe") == 2 and kinds.count("bomb") == 2
    assert seen["referee"] == {"Bandit": None, "Tanks": None}


def test_no_attack_is_asked_when_only_unsighted_enemies_are_in_reach() -> None:
    """Before GS-76 Blue was asked to attack with 'done' its only choice, and so learned
    that an enemy it did not see was in reach."""
    data = parse_scenario_text(STRAFE)
    data["ground_units"] = [u for u in data["ground_units"] if u["id"] == "Tanks"]

    def decide(state: GsState, ask: Ask) -> str | None:
        if ask.verb == "searcher":
            return f"searcher {ask.subject} no"
        if ask.verb == "move":
            p = state.forces.planes[ask.subject]
            return f"move {p.id} {p.hex} h{p.heading} a{p.altitude}"
        return None

    played = play(data, decide, lambda s: 9 if s.pending_check() is not None else None)
    assert played.asked("attack", "Viper") == []
    assert played.asked("move", "Viper") == [1]


# -- GS-77: passdown modifier d is half the target's own BJM --------------------------------

PASSDOWN = """
[scenario]
name = "Passdowns under noise"
turns = 1

[map]
radius = 12

[[sides]]
name = "Blue"

[[sides]]
name = "Red"

[[aircraft]]
id = "Striker"
side = "Blue"
type = "F-16C"
hex = [0, 0]
heading = 4
altitude = 10
speed = 1

[[aircraft]]
id = "Jammer"
side = "Blue"
type = "EF-111A"
crew = [{ quality = "regular" }, { quality = "regular" }]
hex = [-1, 0]
heading = 4
altitude = 10
speed = 1
bjm = { type = "D", number = 6 }

[[ewrs]]
id = "Ash"
side = "Red"
hex = [8, 0]
eccm = 0

[[sams]]
id = "Site-1"
side = "Red"
hex = [5, 0]
guidance = "CG"
radar = "active"
eccm = 0

[[sams]]
id = "Site-2"
side = "Red"
hex = [5, 1]
guidance = "CG"
radar = "active"
eccm = 0
"""


def _passdowns(options: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    """Jammer covers the EWR with noise (its nose arc) and attacks nothing; the EWR passes
    Striker down to Site-1 and Jammer down to Site-2, each roll a 5. The passdown rolls."""

    def decide(state: GsState, ask: Ask) -> str | None:
        if ask.verb == "jam":
            return "jam Jammer 180"
        if ask.verb == "standoff":
            return "standoff Jammer none"
        if ask.verb == "passdown":
            tried = state.passdown_tries
            if "Site-1" not in tried:
                return "passdown Ash Site-1:Striker"
            if "Site-2" not in tried:
                return "passdown Ash Site-2:Jammer"
            return "passdown Ash done"
        return None

    def dice(state: GsState) -> int | None:
        check = state.pending_check()
        return 5 if check is not None and check.name == "EWR/CCU passdown" else None

    played = play(parse_scenario_text(PASSDOWN), decide, dice, options=options)
    rolls = [e for e in played.events if e["type"] == "roll" and e["name"] == "EWR/CCU passdown"]
    assert [(e["sam"], e["against"]) for e in rolls] == [
        ("Site-1", "Striker"),
        ("Site-2", "Jammer"),
    ]
    return rolls


def _bjm(roll: dict[str, Any]) -> list[int]:
    return [m["value"] for m in roll["modifiers"] if "BJM" in m["reason"]]


def test_a_passdown_counts_half_the_targets_own_bjm() -> None:
    striker, jammer = _passdowns()
    # Striker jams nothing: no BJM modifier, and the 5 is a passdown (7-)
    assert _bjm(striker) == [] and striker["success"] is True
    assert striker["effective_target"] == 7
    # Jammer's own BJM 6, its noise arc over the EWR: +3 (half of 6 less ECCM 0), 5 + 3 > 7
    assert _bjm(jammer) == [3] and jammer["success"] is False
    assert "GS-77" in jammer["modifiers"][0]["rule"]


def test_the_escort_option_counts_the_strongest_covering_bjm() -> None:
    striker, jammer = _passdowns({"passdown_escort_jamming": True})
    assert _bjm(striker) == [3] and striker["success"] is False
    assert _bjm(jammer) == [3] and jammer["success"] is False


# -- GS-78: tracking needs a line of sight ---------------------------------------------------

RIDGE = """
[scenario]
name = "Under the ridge"
turns = 1

[map]
radius = 12
terrain = [{ hex = [3, 0], height = 3 }]

[[sides]]
name = "Blue"

[[sides]]
name = "Red"

[[aircraft]]
id = "Low"
side = "Blue"
type = "F-111"
hex = [0, 0]
heading = 4
altitude = 1
speed = 1

[[aircraft]]
id = "High"
side = "Blue"
type = "F-111"
hex = [0, 0]
heading = 4
altitude = 20
speed = 1

[[ewrs]]
id = "Ash"
side = "Red"
hex = [8, 0]

[[sams]]
id = "Site"
side = "Red"
hex = [5, 0]
guidance = "{guidance}"
{radar}
"""


def _ridge(
    guidance: str, options: dict[str, Any] | None = None, seen: list[Any] | None = None
) -> tuple[Any, list[set[str]]]:
    """Low flies under the ridge between it and the EWR and SAM unit, High above it; both
    stay. Red's tracks at each decision; Red's view and events at each of Red's into
    ``seen``."""
    radar = 'radar = "active"' if guidance == "CG" else ""
    text = RIDGE.replace("{guidance}", guidance).replace("{radar}", radar)
    tracks: list[set[str]] = []

    def decide(state: GsState, ask: Ask) -> str | None:
        tracks.append(set(knowledge(state, "Red").tracked))
        if seen is not None and ask.seat == 1:
            seen.append((state.view(1), state.visible_events(1)))
        if ask.verb == "move":
            p = state.forces.planes[ask.subject]
            return f"move {p.id} {p.hex} h{p.heading} a{p.altitude}"
        return None

    return play(parse_scenario_text(text), decide, options=options), tracks


@pytest.mark.parametrize("guidance", ["CG", "OG"])
def test_a_side_tracks_only_what_its_sensors_see(guidance: str) -> None:
    seen: list[Any] = []
    played, tracks = _ridge(guidance, seen=seen)
    assert tracks and all("Low" not in t for t in tracks)
    assert all("High" in t for t in tracks)
    # Red's view shows one contact (High, under its label) and never Low, nor its move
    assert seen
    for view, events in seen:
        assert len(view["aircraft"]) == 1, view["aircraft"]
        assert view["aircraft"][0]["altitude"] == 20
        assert "Low" not in str(view) and "Low" not in str(events)
    moves = [e for e in played.events if e["type"] == "move"]
    assert {e["aircraft"] for e in moves} == {"Low", "High"}
    # only High can be locked on
    assert all("Low" not in str(c) for c in _lock_targets(played))


def _lock_targets(played: Any) -> list[str]:
    return [e["target"] for e in played.events if e["type"] == "lock_on"]


def test_radar_sees_through_the_ridge_only_by_option() -> None:
    _, tracks = _ridge("CG", {"radar_line_of_sight": False})
    assert tracks and all({"Low", "High"} <= t for t in tracks)
    _, optical = _ridge("OG", {"radar_line_of_sight": False})
    # the EWR's radar sees through, the eyes of an optical SAM never do (GS-44)
    assert all({"Low", "High"} <= t for t in optical)


# -- GS-79: a jammed radar does not launch on the lock-on it holds --------------------------

JAMMED = """
[scenario]
name = "Jam before launch"
turns = 2

[map]
radius = 12

[[sides]]
name = "Blue"

[[sides]]
name = "Red"

[[aircraft]]
id = "Striker"
side = "Blue"
type = "F-16C"
hex = [0, 0]
heading = 4
altitude = 10
speed = 1

[[aircraft]]
id = "Jammer"
side = "Blue"
type = "EF-111A"
crew = [{ quality = "regular" }, { quality = "regular" }]
hex = [-1, 0]
heading = 4
altitude = 10
speed = 1
bjm = { type = "D", number = 6 }

[[sams]]
id = "Site"
side = "Red"
hex = [5, 0]
guidance = "CG"
radar = "active"
eccm = 0
lock_on = 6
"""


def _jam_before_launch(jam_turn_2: bool, blue: list[Any] | None = None) -> Any:
    """Site locks on to Striker in turn 1 (regular lock-on, a 1); in turn 2 Jammer covers
    Site with noise and, when ``jam_turn_2``, attacks it (a 1 beats BJM 6 - ECCM 0).
    Blue's events at each of its decisions into ``blue``."""

    def decide(state: GsState, ask: Ask) -> str | None:
        if blue is not None and ask.seat == 0:
            blue.append(state.visible_events(0))
        if ask.verb == "jam":
            return "jam Jammer 180" if state.turn == 2 and jam_turn_2 else "jam Jammer none"
        if ask.verb == "standoff":
            return "standoff Jammer Site"
        if ask.verb == "lockon":
            return "lockon Site Striker"
        if ask.verb == "samlaunch":
            return "samlaunch Site yes"
        if ask.verb == "move":
            p = state.forces.planes[ask.subject]
            return f"move {p.id} {p.hex} h{p.heading} a{p.altitude}"
        return None

    def dice(state: GsState) -> int | None:
        check = state.pending_check()
        if check is None:
            return None
        if check.name in ("BJM stand-off attack", "Regular radar SAM lock-on"):
            return 1
        return None

    return play(parse_scenario_text(JAMMED), decide, dice)


def test_a_jammed_radar_does_not_launch_on_its_lock() -> None:
    blue: list[Any] = []
    played = _jam_before_launch(True, blue)
    assert played.of_type("lock_on", unit="Site", target="Striker")
    assert len(played.of_type("jammed", unit="Site")) == 1
    assert played.asked("samlaunch", "Site") == []
    notes = [e for e in played.of_type("note", unit="Site") if e.get("rule") == "GS-79"]
    assert len(notes) == 1 and notes[0]["turn"] == 2
    assert not played.of_type("launch", by="Site")
    # the lock-on is kept: only the launch is denied (GS-28)
    assert not played.of_type("lock_lost", unit="Site")
    # the note is Red's business: Blue, moving after it, does not read it
    assert blue and any(e["type"] == "jammed" for e in blue[-1])
    assert all(e.get("rule") != "GS-79" for events in blue for e in events)


def test_an_unjammed_radar_launches_on_its_lock() -> None:
    played = _jam_before_launch(False)
    assert played.asked("samlaunch", "Site") == [2]
    assert not played.of_type("jammed", unit="Site")
