"""Postures with their own speed (BIA-18), passes at any speed (BIA-19) and how passes and
loiter turns are counted across posture changes (BIA-20), played through engagements."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

import pytest

from airwar.core import Driver, GameRecord, replay
from airwar.core.dice import Roll
from airwar.games.bia.airdefence import Speed
from airwar.games.bia.engagement import BiaEngagementGame, BiaEngagementState
from airwar.games.bia.errors import ScenarioError
from airwar.games.bia.scenario_file import parse_scenario
from airwar.games.bia.tables import air_defence_table
from tests.examples import BIA_EXAMPLES

# The Harrier flies Fast on turn 1, Slow on turns 2 and 3, Fast again on turn 4; the
# airship slows from Slow to Very Slow; the Hawk on Air Defence slows from Fast to Slow.
POSTURES = """
turns = 4

[[aircraft]]
name = "Harrier"
side = "red"
speed = ["fast", "slow"]
manoeuvrability = "good"
present = [1, 2, 3, 4]

[[aircraft.posture]]
from_turn = 1
speed = "fast"

[[aircraft.posture]]
from_turn = 2
speed = "slow"

[[aircraft.posture]]
from_turn = 4
speed = "fast"

[[aircraft]]
name = "Airship"
side = "red"
speed = ["slow", "very-slow"]
manoeuvrability = "poor"
present = [1, 2]

[[aircraft.posture]]
from_turn = 1
speed = "slow"

[[aircraft.posture]]
from_turn = 2
speed = "very-slow"

[[aircraft]]
name = "Hawk"
side = "blue"
speed = ["fast", "slow"]
manoeuvrability = "medium"
present = [1, 2]
system = "air-to-air-missile"
targets = ["Harrier"]

[[aircraft.posture]]
from_turn = 1
speed = "fast"

[[aircraft.posture]]
from_turn = 2
speed = "slow"

[[ground]]
name = "SAM"
side = "blue"
system = "vehicle-sam"
targets = ["Harrier"]

[[ground]]
name = "Sat"
side = "blue"
system = "heavy-sam"
firer = "orbital"
targets = ["Airship"]
"""


def game(text: str, **options: Any) -> BiaEngagementGame:
    return BiaEngagementGame({"scenario": text, **options})


def play(state: BiaEngagementState, rolls: list[int]) -> None:
    for r in rolls:
        state.apply(Roll(r))


def shots(state: BiaEngagementState) -> list[dict[str, Any]]:
    return [e for e in state.log if e["type"] == "roll" and e.get("kind") == "air_defence"]


def odds(e: dict[str, Any]) -> tuple[Fraction, Fraction, Fraction]:
    return Fraction(e["p_shot_down"]), Fraction(e["p_damaged"]), Fraction(e["p_miss"])


def d10(hit_number: int) -> tuple[Fraction, Fraction, Fraction]:
    """Shot down, damaged, miss on 1d10 (BIA-4): at or under hits, under a quarter kills."""
    hits = [r for r in range(1, 11) if r <= hit_number]
    down = [r for r in hits if r < Fraction(hit_number, 4)]
    return (
        Fraction(len(down), 10),
        Fraction(len(hits) - len(down), 10),
        Fraction(10 - len(hits), 10),
    )


def test_each_posture_flies_its_own_speed() -> None:
    """BIA-18: the speed of the posture flown that turn is the target's row, the firer's
    column, and whether orbital fire may be aimed at it; BIA-20 counts on across it."""
    sc = parse_scenario(POSTURES, "postures.toml")
    harrier = sc.aircraft_named("Harrier")
    assert harrier.speeds == (Speed.FAST, Speed.SLOW)
    assert [harrier.speed_at(t) for t in (1, 2, 3, 4)] == [
        Speed.FAST,
        Speed.SLOW,
        Speed.SLOW,
        Speed.FAST,
    ]
    state = game(POSTURES).new_initial_state()
    # turn 1: SAM, Hawk; turn 2: SAM, Sat, Hawk; turn 3: SAM; turn 4: SAM
    play(state, [10, 10, 10, 6, 10, 10, 10])
    assert state.is_terminal()
    fired = [(e["turn"], e["firer"], e["target"], e["hit_number"]) for e in shots(state)]
    assert fired == [
        # Fast on its first pass vs Surface: 0 + 1 (Good) - 2 (BIA-2)
        (1, "SAM", "Harrier", 0 + 1 - 2),
        # the Hawk is Fast: Fast target vs Fast firer 4, Good vs Medium 1, first pass -2
        (1, "Hawk", "Harrier", 4 + 1 - 2),
        # Slow now, and loitering: turn 1 in the umbrella as a loiterer (BIA-20)
        (2, "SAM", "Harrier", 2 + 1 + 1),
        # Very Slow now, so the orbital unit fires: Surface column 4 + 4, loiter turn 2
        (2, "Sat", "Airship", 4 + 4 + 2),
        # the Hawk is Slow too: Slow target vs Slow firer 4, Good vs Medium 1, loiter 1
        (2, "Hawk", "Harrier", 4 + 1 + 1),
        (3, "SAM", "Harrier", 2 + 1 + 2),
        # Fast again: its second pass, no modifier (BIA-2, BIA-20)
        (4, "SAM", "Harrier", 0 + 1 + 0),
    ]
    rolls = shots(state)
    for e in rolls:
        if e["system"] == "vehicle-sam" or e["system"] == "air-to-air-missile":
            assert odds(e) == d10(e["hit_number"])
    # Heavy SAM at 10 on 1d6: always hits, shot down on 1 and 2 (below 10/4)
    assert odds(rolls[3]) == (Fraction(1, 3), Fraction(2, 3), Fraction(0))
    assert rolls[3]["effect"] == "damaged"
    held = [e for e in state.log if e["type"] == "holds_fire" and e["unit"] == "Sat"]
    assert held[0]["turn"] == 1 and "not Very Slow this turn" in held[0]["reason"]
    turns = [e["present"] for e in state.log if e["type"] == "turn"]
    assert turns[0][0] == {"aircraft": "Harrier", "status": "untouched", "pass": 1, "speed": "fast"}
    assert turns[1][0]["speed"] == "slow" and turns[1][0]["umbrella_turns"] == 1
    assert turns[3][0] == {"aircraft": "Harrier", "status": "untouched", "pass": 2, "speed": "fast"}


@pytest.mark.parametrize("seed", range(6))
def test_every_roll_agrees_with_the_tables_at_the_speed_flown(seed: int) -> None:
    """Whatever the rolls, each shot's speed part is the table's cell for the target's
    speed that turn and the firer's (Surface, or the firing aircraft's speed that turn)."""
    table = air_defence_table()["speed"]
    sc = parse_scenario(POSTURES)
    driver = Driver(game(POSTURES), seed)
    for e in driver.events:
        if e["type"] != "roll" or e.get("kind") != "air_defence":
            continue
        target = sc.aircraft_named(e["target"]).speed_at(e["turn"]).value
        firer = next((a for a in sc.aircraft if a.name == e["firer"]), None)
        column = "surface" if firer is None else firer.speed_at(e["turn"]).value
        part = e["modifiers"][0]
        assert (part["rule"], part["value"]) == ("BIA-1", table[target][column])
        assert sum(m["value"] for m in e["modifiers"]) == e["hit_number"]


ORDER = """
turns = 2

[[aircraft]]
name = "Target"
side = "red"
speed = "very-slow"
manoeuvrability = "poor"
present = [1, 2]

[[aircraft]]
name = "Hawk"
side = "blue"
speed = ["fast", "slow"]
manoeuvrability = "medium"
present = [1, 2]
system = "sla3"
targets = ["Target"]

[[aircraft.posture]]
from_turn = 1
speed = "slow"

[[aircraft.posture]]
from_turn = 2
speed = "fast"

[[aircraft]]
name = "Kite"
side = "blue"
speed = "slow"
manoeuvrability = "medium"
present = [1, 2]
system = "sla3"
targets = ["Target"]
"""


def test_the_firing_order_takes_the_speed_of_the_posture() -> None:
    """BIA-5's "faster" is the speed flown that turn: equal on turn 1, the Hawk first on 2."""
    state = game(ORDER).new_initial_state()
    play(state, [2, 5])  # turn 1: both Slow, Medium, pilot 0: roll-off, Kite rolls higher
    play(state, [20, 20])
    play(state, [20, 20])  # turn 2: the Hawk is Fast now, so it fires first without a roll
    orders = [e["order"] for e in state.log if e["type"] == "firing_order"]
    assert orders == [["Kite", "Hawk"], ["Hawk", "Kite"]]
    assert len([e for e in state.log if e["type"] == "roll_off"]) == 2
    by_turn = {(e["turn"], e["firer"]): e["hit_number"] for e in shots(state)}
    # Very Slow target: vs a Slow firer 2, vs a Fast firer 0; Poor vs Medium 4; loiter +turn
    assert by_turn[(1, "Hawk")] == 2 + 4 + 1
    assert by_turn[(2, "Hawk")] == 0 + 4 + 2
    assert by_turn[(2, "Kite")] == 2 + 4 + 2


BOMBER = """
turns = 4

[[aircraft]]
name = "Bomber"
side = "red"
speed = "slow"
manoeuvrability = "poor"
passes = true
present = [1, 3]

[[aircraft]]
name = "Lifter"
side = "red"
speed = "very-slow"
manoeuvrability = "poor"
present = [1, 2, 3, 4]

[[aircraft.posture]]
from_turn = 1

[[aircraft.posture]]
from_turn = 3
passes = true

[[ground]]
name = "ManPAD"
side = "blue"
system = "manpad"
targets = ["Bomber", "Lifter"]

[[ground]]
name = "Guns"
side = "blue"
system = "multi-cannon"
targets = ["Lifter"]
"""


@pytest.mark.parametrize("all_speeds", [False, True])
def test_slower_aircraft_make_passes(all_speeds: bool) -> None:
    """BIA-19: "those that need to make several passes" may be Slow or Very Slow; the
    first-pass -2 is the text's for Fast aircraft, and the option's for the others."""
    state = game(BOMBER, first_pass_all_speeds=all_speeds).new_initial_state()
    # turn 1: ManPAD, Guns; turn 2: ManPAD, Guns; turn 3: ManPAD, Guns; turn 4: both
    play(state, [12] * 8)
    first = -2 if all_speeds else 0
    fired = [(e["turn"], e["firer"], e["target"], e["hit_number"]) for e in shots(state)]
    assert fired == [
        # a Slow/Poor bomber on its first pass: 2 + 4, no loiter bonus
        (1, "ManPAD", "Bomber", 2 + 4 + first),
        # the Lifter loiters on turns 1 and 2: Very Slow/Poor vs Surface 4 + 4, +1 a turn
        (1, "Guns", "Lifter", 4 + 4 + 1),
        (2, "ManPAD", "Lifter", 4 + 4 + 2),
        (2, "Guns", "Lifter", 4 + 4 + 2),
        # the bomber's second pass: no modifier
        (3, "ManPAD", "Bomber", 2 + 4 + 0),
        # the Lifter makes passes from turn 3: its first pass (BIA-20), no loiter bonus
        (3, "Guns", "Lifter", 4 + 4 + first),
        (4, "ManPAD", "Lifter", 4 + 4 + 0),
        (4, "Guns", "Lifter", 4 + 4 + 0),
    ]
    bomber_first = shots(state)[0]
    two_d6 = Fraction(sum(1 for a in range(1, 7) for b in range(1, 7) if a + b <= 6 + first), 36)
    assert Fraction(bomber_first["p_damaged"]) == two_d6  # 6/4 and 4/4 are below 2: no kill
    assert Fraction(bomber_first["p_shot_down"]) == 0
    assert two_d6 == (Fraction(1, 6) if all_speeds else Fraction(5, 12))
    pass_mod = bomber_first["modifiers"][-1]
    assert (pass_mod["value"], pass_mod["rule"]) == (first, "BIA-19")
    assert "making passes, first pass" in pass_mod["reason"]
    turns = [e["present"] for e in state.log if e["type"] == "turn"]
    assert [p.get("pass") for p in turns[2]] == [2, 1]
    assert turns[1][0] == {
        "aircraft": "Lifter",
        "status": "untouched",
        "umbrella_turns": 2,
        "speed": "very-slow",
    }


POSTURE_ROW = """
turns = 3

[[aircraft]]
name = "Harrier"
side = "red"
speed = ["fast", "slow"]
manoeuvrability = "good"
present = [1, 2, 3]

[[aircraft.posture]]
from_turn = 1
speed = "fast"

[[aircraft.posture]]
from_turn = 2
speed = "slow"

[[ground]]
name = "SAM"
side = "blue"
system = "vehicle-sam"
targets = ["Harrier"]
"""

PLACE = "p.toml: [[aircraft]] #1 ('Harrier')"
POSTURE_2 = f"{PLACE}, [[aircraft.posture]] #2"


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        (
            'present = [1, 2, 3]\n\n[[aircraft.posture]]\nfrom_turn = 1\nspeed = "fast"\n\n'
            '[[aircraft.posture]]\nfrom_turn = 2\nspeed = "slow"\n',
            "present = [1, 2, 3]\n",
            f"{PLACE}, key 'speed': capable of 2 speeds (fast, slow): \"this should be "
            'specified when their posture is chosen", so give [[aircraft.posture]] tables '
            "with from_turn and speed (BIA-18)",
        ),
        (
            'from_turn = 2\nspeed = "slow"',
            'from_turn = 2\nspeed = "very-slow"',
            f"{POSTURE_2}, key 'speed': very-slow is not a speed this aircraft can fly "
            "(its key 'speed': fast, slow, BIA-18)",
        ),
        (
            'from_turn = 2\nspeed = "slow"',
            'from_turn = 1\nspeed = "slow"',
            f"{POSTURE_2}, key 'from_turn': turn 1 does not come after turn 1",
        ),
        (
            'from_turn = 2\nspeed = "slow"',
            'from_turn = 4\nspeed = "slow"',
            f"{POSTURE_2}, key 'from_turn': 4 is not a turn from 1 to 3",
        ),
        (
            'from_turn = 2\nspeed = "slow"',
            "from_turn = 2",
            f"{POSTURE_2}, key 'speed': missing",
        ),
        (
            'from_turn = 2\nspeed = "slow"',
            'from_turn = 2\nspeed = "slow"\naltitude = 3',
            f"{POSTURE_2}, key 'altitude': unknown key",
        ),
        (
            'from_turn = 2\nspeed = "slow"',
            'from_turn = 2\nspeed = "slow"\ndogfighting = true',
            f"{POSTURE_2}, key 'dogfighting': only Fast aircraft dogfight outside the area, "
            "not a Slow one (BIA-2)",
        ),
        (
            'from_turn = 1\nspeed = "fast"',
            'from_turn = 1\nspeed = "fast"\ndogfighting = true\npasses = true',
            "[[aircraft.posture]] #1, key 'passes': a Fast aircraft dogfighting outside the "
            "area loiters: no passes (BIA-2)",
        ),
        (
            'present = [1, 2, 3]\n\n[[aircraft.posture]]\nfrom_turn = 1\nspeed = "fast"\n',
            "present = [1, 2, 3]\n",
            "[[aircraft.posture]] #1, key 'from_turn': the aircraft is in the umbrella on "
            "turn 1, before its first posture (from turn 2)",
        ),
        (
            'manoeuvrability = "good"',
            'manoeuvrability = "good"\npasses = true',
            f"{PLACE}, key 'passes': with [[aircraft.posture]] tables it belongs to each posture",
        ),
        ('speed = ["fast", "slow"]', "speed = []", f"{PLACE}, key 'speed': an empty list"),
        ('speed = ["fast", "slow"]', 'speed = ["fast", "fast"]', "fast is listed twice"),
        ('speed = ["fast", "slow"]', 'speed = ["fast", 2]', "key 'speed': 2 is not a speed"),
        ('speed = ["fast", "slow"]', 'speed = ["fast", "warp"]', "unknown speed 'warp'"),
        (
            'name = "SAM"',
            'name = "SAM"\nfirer = "orbital"',
            "[[ground]] #1 ('SAM'), key 'targets': 'Harrier' is Fast/Slow: orbital-to-air fire "
            "only at Very Slow aircraft (BIA-4)",
        ),
    ],
)
def test_a_bad_posture_is_one_line_naming_its_place(old: str, new: str, expected: str) -> None:
    assert old in POSTURE_ROW
    with pytest.raises(ScenarioError) as info:
        parse_scenario(POSTURE_ROW.replace(old, new, 1), "p.toml")
    message = str(info.value)
    assert "\n" not in message and message.count("p.toml") == 1
    assert expected in message


def test_one_speed_needs_no_speed_in_its_postures() -> None:
    sc = parse_scenario(BOMBER)
    lifter = sc.aircraft_named("Lifter")
    assert [(p.from_turn, p.speed, p.passes) for p in lifter.postures] == [
        (1, Speed.VERY_SLOW, False),
        (3, Speed.VERY_SLOW, True),
    ]
    bomber = sc.aircraft_named("Bomber").postures
    assert len(bomber) == 1 and bomber[0].makes_passes and bomber[0].speed is Speed.SLOW


# The shots of the example at seed 2024 as airwar played them before postures: (turn,
# firer, target, hit number, roll).
SAVED_SHOTS = [
    (1, "Ridge SAM", "Strike 1", -1, 3),
    (1, "Track SAM", "Gunship", 5, 3),
    (1, "Ford guns", "Gunship", 5, 8),
    (1, "Rifle platoon", "Gunship", 5, 81),
    (1, "Escort", "Hawk 1", 7, 4),
    (1, "Hawk 1", "Strike 1", 5, 4),
    (1, "Hawk 2", "Escort", 5, 9),
    (2, "Ridge SAM", "Gunship", 6, 2),
    (2, "Track SAM", "Gunship", 6, 1),
    (2, "Escort", "Hawk 1", 8, 10),
    (2, "Hawk 2", "Escort", 6, 5),
    (2, "Hawk 1", "Escort", 6, 4),
    (3, "Ridge SAM", "Strike 1", 1, 6),
    (3, "Track SAM", "Strike 2", 2, 5),
    (3, "Ford guns", "Lifter", 10, 4),
    (3, "SLA team", "Lifter", 10, 93),
    (3, "Rifle platoon", "Lifter", 10, 14),
    (3, "Station Kestrel", "Lifter", 10, 3),
    (3, "Escort", "Hawk 1", 9, 4),
    (3, "Hawk 1", "Strike 1", 7, 1),
    (3, "Hawk 2", "Escort", 7, 1),
    (4, "Ford guns", "Lifter", 11, 2),
]


def test_a_record_saved_before_postures_replays() -> None:
    """A record saved before BIA-18..BIA-20 (its options without ``first_pass_all_speeds``,
    its digest over a log without decisions) replays to the very same shots and rolls."""
    text = (BIA_EXAMPLES / "ford-crossing.toml").read_text("utf-8")
    saved = {
        "format": GameRecord("x", {}, 0).to_dict()["format"],
        "version": 1,
        "game": "bia-engagement",
        "options": {
            "scenario": text,
            "loiter_from_second_turn": False,
            "damaged_twice_shot_down": False,
            "ground_fire": "first",
        },
        "seed": 2024,
        "actions": [],
        "log_digest": "c1-031696a29f1c0d0ed4f46011a881e792955eaae9",
    }
    driver = replay(GameRecord.from_json(json.dumps(saved)))
    assert driver.state.is_terminal()
    played = [
        (e["turn"], e["firer"], e["target"], e["hit_number"], e["roll"])
        for e in driver.events
        if e["type"] == "roll" and e.get("kind") == "air_defence"
    ]
    assert played == SAVED_SHOTS
