"""Engagement files: reading and every kind of malformed file (BIA-11)."""

from __future__ import annotations

import pytest

from airwar.games.bia.airdefence import FirerKind, Speed
from airwar.games.bia.errors import ScenarioError
from airwar.games.bia.scenario import target_of
from airwar.games.bia.scenario_file import parse_scenario
from airwar.games.bia.tables import DATA
from tests.examples import BIA_EXAMPLES

EXAMPLE = BIA_EXAMPLES / "ford-crossing.toml"

GOOD = """
title = "Test"
turns = 2

[[aircraft]]
name = "Jet"
side = "red"
speed = "fast"
manoeuvrability = "good"
present = [1, 2]

[[aircraft]]
name = "Blimp"
side = "red"
speed = "very-slow"
manoeuvrability = "poor"
present = [2]

[[aircraft]]
name = "Guard"
side = "blue"
speed = "slow"
manoeuvrability = "medium"
pilot = "ace"
present = [1]
system = "air-to-air-missile"
targets = ["Jet"]
range_km = 5

[[ground]]
name = "SAM"
side = "blue"
system = "vehicle-sam"
targets = ["Jet", "Blimp"]
range_km = 10
"""


def test_good_file() -> None:
    sc = parse_scenario(GOOD, "good.toml")
    assert (sc.title, sc.turns, sc.seed) == ("Test", 2, None)
    assert [a.name for a in sc.aircraft] == ["Jet", "Blimp", "Guard"]
    guard = sc.aircraft_named("Guard")
    assert guard.pilot_modifier == -2
    assert guard.fire is not None and guard.fire.range_m == 5000
    assert sc.ground[0].firer.kind is FirerKind.SURFACE
    assert sc.ground[0].fire.targets == ("Jet", "Blimp")


def test_example_and_bundled_files_parse() -> None:
    example = parse_scenario(EXAMPLE.read_text("utf-8"), str(EXAMPLE))
    assert example.seed == 2024 and example.turns == 4
    assert any(g.firer.kind is FirerKind.ORBITAL for g in example.ground)
    bundled = parse_scenario(DATA.text("default_engagement"))
    assert bundled.turns == 3


def test_target_of_counts_passes_and_loiter() -> None:
    sc = parse_scenario(GOOD)
    jet, blimp = sc.aircraft_named("Jet"), sc.aircraft_named("Blimp")
    assert target_of(jet, passes=1, umbrella_turns=1).first_pass
    second = target_of(jet, passes=2, umbrella_turns=2)
    assert not second.first_pass and second.loiter_turns == 0
    assert target_of(blimp, passes=3, umbrella_turns=3).loiter_turns == 3
    assert blimp.speed is Speed.VERY_SLOW


# (replace this text, with this, expected words in the one-line error)
BROKEN = [
    ("turns = 2", "turns = 0", "top level, key 'turns': 0 is not between 1 and 100"),
    ("turns = 2", 'turns = "two"', "key 'turns': 'two' is not a whole number"),
    ("turns = 2", 'turns = 2\nweather = "rain"', "top level, key 'weather': unknown key"),
    ('title = "Test"\nturns = 2', 'title = "Test"', "key 'turns': missing"),
    ('speed = "fast"', 'speed = "supersonic"', "[[aircraft]] #1 ('Jet'), key 'speed': unknown"),
    ('manoeuvrability = "good"', 'manoeuvrability = "agile"', "key 'manoeuvrability'"),
    ('pilot = "ace"', 'pilot = "hotshot"', "[[aircraft]] #3 ('Guard'), key 'pilot'"),
    ("present = [1, 2]", "present = [2, 1]", "key 'present': turn numbers must be increasing"),
    (
        "present = [1, 2]",
        "present = [1, 5]",
        "key 'present': turn numbers must lie between 1 and 2",
    ),
    ("present = [1, 2]", 'present = ["one"]', "key 'present': must be a list of whole"),
    ('side = "red"', 'side = "green"', "key 'side': 'green' is not a side (allowed: red, blue)"),
    ('name = "Blimp"', 'name = "Jet"', "[[aircraft]] #2 ('Jet'), key 'name': 'Jet' is used twice"),
    ('system = "vehicle-sam"', 'system = "flak"', "[[ground]] #1 ('SAM'), key 'system'"),
    ("range_km = 10", "range_km = 25", "key 'range_km': 25 km is out of range of Vehicle SAM"),
    ("range_km = 10", "range_km = -1", "key 'range_km': -1 is negative"),
    ('targets = ["Jet", "Blimp"]', 'targets = ["Ghost"]', "key 'targets': 'Ghost' is not an"),
    ('targets = ["Jet", "Blimp"]', "targets = []", "key 'targets': must be a non-empty list"),
    ('targets = ["Jet"]', 'targets = ["Guard"]', "'Guard' is on the same side (blue)"),
    ('system = "air-to-air-missile"\n', "", "key 'system': missing (an aircraft on Air Defence"),
    ('name = "SAM"', 'name = "SAM"\nfirer = "orbital"', "'Jet' is Fast: orbital-to-air fire"),
    ('name = "SAM"', 'name = "SAM"\nfirer = "space"', "key 'firer': 'space' is not surface"),
    ("present = [1]\n", "present = [1]\ndogfighting = true\n", "key 'dogfighting': only Fast"),
    ("present = [2]\n", 'present = [2]\npacifier = "yes"\n', "key 'pacifier': 'yes' is not true"),
    ("[[ground]]", "[[ground]]\nspeed = 'fast'", "[[ground]] #1 ('SAM'), key 'speed': unknown key"),
    ("turns = 2", "turns = 2\naircraft = 3\n[x]", "not valid TOML"),
]


@pytest.mark.parametrize(("old", "new", "expected"), BROKEN)
def test_malformed_file_names_file_table_and_key(old: str, new: str, expected: str) -> None:
    assert old in GOOD
    text = GOOD.replace(old, new, 1)
    with pytest.raises(ScenarioError) as info:
        parse_scenario(text, "raid.toml")
    message = str(info.value)
    assert message.startswith("raid.toml: ")
    assert "\n" not in message
    assert expected in message


def test_range_km_is_optional() -> None:
    sc = parse_scenario(GOOD.replace("range_km = 5\n", "", 1))
    fire = sc.aircraft_named("Guard").fire
    assert fire is not None and fire.range_m is None


def test_no_aircraft() -> None:
    with pytest.raises(ScenarioError, match="at least one"):
        parse_scenario("turns = 1\naircraft = []\n", "empty.toml")
