"""Scenarios that use the library (GS-60 to GS-66): a unit's type fills what it leaves
out, overrides win and stay bounded (GS-42), hostile inputs are named in one line, the
examples resolve as their inline versions did, weapons roll their own tables, and a game
may start with targets sighted and radar contacts held."""

from __future__ import annotations

import copy
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from airwar.games.gunslingers import GunslingersGame
from airwar.games.gunslingers.model.fields import house
from airwar.games.gunslingers.model.scenario import (
    load_scenario,
    parse_scenario,
    read_scenario_data,
)
from airwar.games.gunslingers.model.scenario_schema import UNIT_LISTS, ScenarioError
from airwar.games.gunslingers.model.tasks import CheckTask
from airwar.games.gunslingers.model.typelib import library
from airwar.games.gunslingers.model.typeresolve import resolve_scenario, unknown_types
from airwar.games.gunslingers.model.units import Weapon
from airwar.games.gunslingers.phases.outcomes import resolve, table_for
from airwar.games.gunslingers.referee import GsState
from tests.examples import GUNSLINGERS_EXAMPLES

FIXTURES = Path(__file__).parent / "library_fixtures"

BASE: dict[str, Any] = {
    "scenario": {"name": "library test", "turns": 3, "library": True},
    "map": {"radius": 20},
    "sides": [{"name": "Blue"}, {"name": "Red"}],
    "aircraft": [
        {"id": "Viper", "side": "Blue", "type": "F-16C", "hex": [0, 0], "heading": 2,
         "altitude": 10},
        {"id": "Bandit", "name": "Bandit 1", "side": "Red", "type": "MiG-21", "hex": [4, -2],
         "heading": 8, "altitude": 10},
    ],
    "sams": [{"id": "S2", "side": "Red", "type": "SA-2", "hex": [8, 0]}],
}  # fmt: skip


def scenario(**changes: Any) -> dict[str, Any]:
    """BASE with the Bandit's fields changed (a value of None removes one)."""
    data = copy.deepcopy(BASE)
    for key, value in changes.items():
        if value is None:
            data["aircraft"][1].pop(key, None)
        else:
            data["aircraft"][1][key] = value
    return data


def problems(data: dict[str, Any]) -> list[str]:
    with pytest.raises(ScenarioError) as info:
        parse_scenario(data, "t.toml")
    return info.value.problems


def test_a_type_with_a_dotted_override_resolves_to_its_card_and_the_override() -> None:
    sc = parse_scenario(scenario(radar={"eccm": 1}))
    bandit = sc.aircraft[1]
    card = library().find("aircraft", "MiG-21")
    rp22 = library().find("radars", "RP-22")
    aa2 = library().find("weapons", "AA-2")
    assert card is not None and rp22 is not None and aa2 is not None
    assert bandit.radar is not None
    assert bandit.radar.eccm == 1  # the override
    for key in ("kind", "detection", "lock_on", "range"):
        assert getattr(bandit.radar, key) == rp22.values[key], key
    assert (bandit.speed, bandit.climb, bandit.visibility) == (
        card.values["speed"], card.values["climb"], card.values["visibility"]
    )  # fmt: skip
    assert bandit.blind_arcs == ["0"]
    [atoll] = bandit.missiles
    assert (atoll.type, atoll.count, atoll.guidance, atoll.launch, atoll.max_range) == (
        "AA-2", 2, "IR", aa2.values["launch"], aa2.values["max_range"]
    )  # fmt: skip
    assert atoll.result is not None and atoll.result.target == aa2.values["result"]["target"]
    assert [c.quality for c in bandit.crew] == ["regular"]


def test_the_same_override_as_a_toml_dotted_key_and_as_a_table() -> None:
    import tomllib

    dotted = tomllib.loads("radar.eccm = 1\nspeed = 6\n")
    assert dotted == {"radar": {"eccm": 1}, "speed": 6}
    a = parse_scenario(scenario(**dotted)).aircraft[1]
    b = parse_scenario(scenario(radar={"eccm": 1}, speed=6)).aircraft[1]
    assert a == b


def test_a_load_a_removed_radar_and_an_empty_list() -> None:
    sc = parse_scenario(scenario(type="F-16C", load="LGB", radar=False, dds_programs=[]))
    falcon = sc.aircraft[1]
    assert falcon.radar is None and falcon.dds_programs == []
    assert [(w.type, w.count, w.guided) for w in falcon.ground_weapons] == [("GBU-12", 2, True)]
    assert [m.type for m in falcon.missiles] == ["AIM-9M"]
    weasel = parse_scenario(scenario(type="F-4G")).aircraft[1]
    harm = library().find("weapons", "AGM-88")
    assert harm is not None
    assert (weasel.arms, weasel.arm_type, weasel.arm_launch, weasel.arm_range) == (
        2, "AGM-88", harm.values["launch"], harm.values["range"]
    )  # fmt: skip


def test_a_missile_load_by_an_alias_keeps_its_name_and_takes_its_numbers() -> None:
    bandit = parse_scenario(scenario(missiles=[{"type": "R-73", "count": 1, "launch": 9}]))
    [archer] = bandit.aircraft[1].missiles
    assert (archer.type, archer.count, archer.launch, archer.guidance) == ("R-73", 1, 9, "IR")


# -- overrides: any value in bounds wins, any value out of bounds is named (GS-42) -------

SCALARS = {
    "speed": (1, 40), "climb": (0, 30), "visibility": (1, 40), "djm": (0, 20), "ajm": (0, 20),
    "chaff": (0, 2000), "flares": (0, 2000), "arms": (0, 300),
}  # fmt: skip
RADAR = {"eccm": (0, 20), "detection": (0, 10), "lock_on": (0, 10), "range": (1, 40)}


@settings(max_examples=60, deadline=None)
@given(field=st.sampled_from(sorted(SCALARS)), data=st.data())
def test_an_override_in_bounds_is_the_value_and_nothing_else_changes(
    field: str, data: st.DataObject
) -> None:
    lo, hi = SCALARS[field]
    value = data.draw(st.integers(lo, hi))
    plain = parse_scenario(scenario()).aircraft[1].model_dump()
    changed = parse_scenario(scenario(**{field: value})).aircraft[1].model_dump()
    assert changed[field] == value
    assert {k: v for k, v in changed.items() if k != field} == {
        k: v for k, v in plain.items() if k != field
    }


@settings(max_examples=60, deadline=None)
@given(field=st.sampled_from(sorted(RADAR)), data=st.data())
def test_a_radar_override_changes_that_number_only(field: str, data: st.DataObject) -> None:
    lo, hi = RADAR[field]
    value = data.draw(st.integers(lo, hi))
    plain = parse_scenario(scenario()).aircraft[1].radar
    changed = parse_scenario(scenario(radar={field: value})).aircraft[1].radar
    assert plain is not None and changed is not None
    assert getattr(changed, field) == value
    assert changed.model_copy(update={field: getattr(plain, field)}) == plain


@settings(max_examples=60, deadline=None)
@given(
    field=st.sampled_from(sorted(SCALARS) + [f"radar.{k}" for k in sorted(RADAR)]),
    above=st.integers(1, 10**30),
)
def test_an_override_out_of_bounds_is_one_line_naming_the_unit_and_field(
    field: str, above: int
) -> None:
    top, sub = field.partition(".")[::2]
    hi = RADAR[sub][1] if sub else SCALARS[top][1]
    value = hi + above
    data = scenario(**({top: {sub: value}} if sub else {top: value}))
    [line] = problems(data)
    assert line.startswith(f"t.toml: aircraft[1] (Bandit 1).{field}: ")
    assert " is more than " in line or "must be an integer from 0 to 10" in line
    [low] = problems(scenario(**({top: {sub: -1}} if sub else {top: -1})))
    assert low.startswith(f"t.toml: aircraft[1] (Bandit 1).{field}: must be an integer")


HOSTILE = [
    (scenario(radar={"ecm": 1}), "t.toml: aircraft[1] (Bandit 1).radar.ecm: is not a known field"),
    (scenario(radr={"eccm": 1}), "t.toml: aircraft[1] (Bandit 1).radr: is not a known field"),
    (scenario(load="SEAD"), "t.toml: aircraft[1] (Bandit 1).load: MiG-21 has no load 'SEAD' "
     "(loads: CAP)"),
    (scenario(type="MiG-12", load="CAP"), "t.toml: aircraft[1] (Bandit 1).load: only a type of "
     "the library has loads; no aircraft type 'MiG-12' in the library (closest: MiG-29, MiG-23"),
    (scenario(missiles=[{"type": "Mk-82", "count": 2}]), "t.toml: aircraft[1] (Bandit 1)."
     "missiles[0].type: 'Mk-82' is an air-to-ground weapon, not an air-to-air missile"),
    (scenario(arm_type="AIM-9"), "t.toml: aircraft[1] (Bandit 1).arm_type: 'AIM-9': an "
     "air-to-air missile, not an anti-radiation missile"),
    (scenario(type=7), "t.toml: aircraft[1] (Bandit 1).type: must be non-empty text"),
    (scenario(missiles=[{"type": "AA-2", "count": 2, "max_range": 99}]),
     "t.toml: aircraft[1] (Bandit 1).missiles[0].max_range: 99 is more than 40"),
    (scenario(radar={"capacity": 3}), "t.toml: aircraft[1] (Bandit 1).radar.capacity: a regular "
     "radar tracks one target only"),
]  # fmt: skip


@pytest.mark.parametrize(("data", "line"), HOSTILE, ids=[line[:60] for _, line in HOSTILE])
def test_a_hostile_override_is_one_clear_line(data: dict[str, Any], line: str) -> None:
    found = problems(data)
    assert any(p.startswith(line) for p in found), found


def test_a_ground_unit_of_an_unknown_or_wrong_type_is_named() -> None:
    data = copy.deepcopy(BASE)
    data["sams"][0]["type"] = "SA-22"
    assert problems(data)[0] == (
        "t.toml: sams[0] (S2).type: no SAM unit 'SA-22' in the library (closest: SA-2, SA-9, SA-8)"
    )
    data["sams"][0]["type"] = "ZSU-23-4"
    assert problems(data)[0] == (
        "t.toml: sams[0] (S2).type: ZSU-23-4 is an AAA unit, not a SAM unit (list it in aaa)"
    )
    data["sams"] = []
    data["ewrs"] = [{"id": "E", "side": "Red", "hex": [9, 0], "type": "Fan Song"}]
    assert problems(data)[0] == (
        "t.toml: ewrs[0] (E).type: Fan Song is a fire-control radar, not an early-warning "
        "radar or GCI radar"
    )


def test_a_ground_unit_takes_its_system_and_radar() -> None:
    data = copy.deepcopy(BASE)
    data["sams"][0]["radar"] = "alerted"
    data["ewrs"] = [{"id": "E", "side": "Red", "hex": [9, 0], "type": "Flat Face"}]
    data["aaa"] = [{"id": "Z", "side": "Red", "hex": [7, 0], "type": "ZSU-23-4"}]
    data["infantry_sams"] = [{"id": "T", "side": "Red", "hex": [6, 0], "type": "SA-7"}]
    sc = parse_scenario(data)
    sa2, fan_song = library().find("sams", "SA-2"), library().find("radars", "Fan Song")
    assert sa2 is not None and fan_song is not None
    s = sc.sams[0]
    assert (s.guidance, s.eccm, s.radar, s.rails, s.range) == (
        "CG", fan_song.values["eccm"], "alerted", sa2.values["rails"], sa2.values["range"]
    )  # fmt: skip
    assert (sc.ewrs[0].range, sc.aaa[0].fire, sc.infantry_sams[0].reloads) == (30, "plotted", 2)


def test_an_unknown_aircraft_type_plays_with_the_house_defaults_as_before() -> None:
    data = scenario(type="MiG-25", radar={"kind": "regular"})
    bandit = parse_scenario(data).aircraft[1]
    assert (bandit.speed, bandit.visibility, bandit.missiles) == (None, None, [])
    assert unknown_types(data) == [
        "aircraft[1] (Bandit 1).type: 'MiG-25' is not in the library; house defaults fill "
        "what it leaves out (closest: MiG-29, MiG-23, MiG-21)"
    ]
    data = scenario(missiles=[{"type": "AA-6", "guidance": "RH", "count": 4}])
    [acrid] = parse_scenario(data).aircraft[1].missiles
    assert (acrid.launch, acrid.max_range, acrid.result) == (None, None, None)
    assert unknown_types(data) == [
        "aircraft[1] (Bandit 1).missiles[0].type: 'AA-6' is not in the library; house "
        "defaults fill what it leaves out (closest: AA-8, AA-7, AA-2)"
    ]


def test_without_library_true_a_scenario_keeps_its_meaning() -> None:
    data = scenario()
    del data["scenario"]["library"]
    data["sams"][0].update(guidance="CG", radar="active")
    sc = parse_scenario(data)
    bandit = sc.aircraft[1]
    assert (bandit.type, bandit.radar, bandit.speed, bandit.missiles) == ("MiG-21", None, None, [])
    assert sc.sams[0].rails == 2  # the model's default, not the SA-2's six rails
    assert resolve_scenario(data) == (data, [])
    data["aircraft"][1]["load"] = "CAP"
    assert problems(data) == [
        "t.toml: aircraft[1] (Bandit 1).load: loads come from the library; say library = true "
        "in [scenario] to use it (GS-60)"
    ]


# -- the examples: the same units as their inline versions -----------------------------

DELIBERATE = {
    # fields of the aircraft changed on purpose: the large battle's aircraft had one set
    # of generated placeholder numbers; they fly their F-16C and MiG-29 cards now (the
    # positions, crews and kinds of stores are the same)
    "large-battle": {"speed", "djm", "missiles", "visibility", "radar", "flares", "chaff",
                     "dds_programs"},
}  # fmt: skip


def given_fields(raw: Any, old: Any, new: Any, place: str) -> list[str]:
    """The places of the old file's given values that resolve differently now."""
    if isinstance(raw, dict):
        new = new or {}
        return [d for k, v in raw.items()
                for d in given_fields(v, old.get(k), new.get(k), f"{place}.{k}")]  # fmt: skip
    if isinstance(raw, list) and raw and all(isinstance(x, dict) for x in raw):
        if not isinstance(new, list) or len(new) != len(old):
            return [place]
        return [d for i, x in enumerate(raw)
                for d in given_fields(x, old[i], new[i], f"{place}[{i}]")]  # fmt: skip
    return [] if old == new else [place]


@pytest.mark.parametrize("name", ["dogfight-2v2", "strike-sam-belt", "large-battle"])
def test_a_rewritten_example_resolves_as_its_inline_version_did(name: str) -> None:
    raw = read_scenario_data(FIXTURES / f"{name}.before.toml")
    old = parse_scenario(raw)
    new = load_scenario(GUNSLINGERS_EXAMPLES / f"{name}.toml")
    assert (new.sides, new.map, new.markers, new.outcomes) == (
        old.sides, old.map, old.markers, old.outcomes
    )  # fmt: skip
    allowed = DELIBERATE.get(name, set())
    changed: list[str] = []
    for kind in UNIT_LISTS:
        assert len(getattr(new, kind)) == len(getattr(old, kind))
        for i, unit in enumerate(raw.get(kind, [])):
            a = getattr(old, kind)[i].model_dump(mode="json")
            b = getattr(new, kind)[i].model_dump(mode="json")
            mine = allowed if kind == "aircraft" else set()
            changed += [p for p in given_fields(unit, a, b, f"{kind}[{i}]")
                        if p.split(".")[1].split("[")[0] not in mine]  # fmt: skip
    assert changed == []
    lines_before = len((FIXTURES / f"{name}.before.toml").read_text().splitlines())
    lines_after = len((GUNSLINGERS_EXAMPLES / f"{name}.toml").read_text().splitlines())
    assert lines_after < lines_before


# -- weapons roll their own tables (GS-61) -----------------------------------------------


def state_of(data: dict[str, Any]) -> GsState:
    return GunslingersGame({"scenario_data": data}).new_initial_state()


def test_a_weapon_rolls_its_own_table_before_the_scenarios_and_the_referee_decides_last() -> None:
    data = scenario()
    data["outcomes"] = {"missile": {"target": 9, "success": "destroyed", "failure": "miss"}}
    state = state_of(data)
    state.weapons["W1"] = Weapon("W1", "AIM-9M", "aam", "IR", "Viper", "Blue", "Bandit",
                                 state.forces.planes["Bandit"].hex, 10, 1)  # fmt: skip
    assert table_for(state, "missile", "Viper", "W1") == (
        "AIM-9M's own table",
        {"target": 4, "success": "destroyed", "failure": "miss"},
    )
    resolve(state, "missile", "Bandit", "Viper", "Viper's AIM-9M", "W1")
    head = state.queue[0]
    assert isinstance(head, CheckTask)
    assert head.check.target == 4 and head.check.probability() == Fraction(4, 10)
    assert "AIM-9M's own table" in head.check.name
    # a missile without a table of its own: the scenario's missile table (9 in 10)
    state.forces.planes["Viper"].missiles["AIM-9M"].result = None
    found = table_for(state, "missile", "Viper", "W1")
    assert found is not None and found[0] == "missile table of the scenario"
    assert found[1]["target"] == 9
    # neither: the referee decides
    state.forces.outcomes.clear()
    assert table_for(state, "missile", "Viper", "W1") is None


def test_a_sam_gun_arm_and_bomb_roll_their_own_tables() -> None:
    data = scenario(type="F-4G")
    data["aaa"] = [{"id": "Z", "side": "Red", "hex": [7, 0], "type": "ZSU-23-4"}]
    state = state_of(data)
    state.weapons["W2"] = Weapon("W2", "CG SAM", "sam", "CG", "S2", "Red", "Viper",
                                 state.forces.planes["Viper"].hex, 10, 1)  # fmt: skip
    sa2 = table_for(state, "missile", "S2", "W2")
    assert sa2 is not None and sa2[0] == "SA-2's own table" and sa2[1]["target"] == 3
    zsu = table_for(state, "plotted_fire", "Z")
    assert zsu is not None and zsu[0] == "ZSU-23-4's own table" and zsu[1]["target"] == 3
    harm = table_for(state, "arm", "Bandit")
    assert harm is not None and harm[0] == "AGM-88's own table" and harm[1]["target"] == 5
    state.forces.planes["Viper"].ground_results["Mk-84"] = {
        "target": 6, "success": "destroyed", "failure": "suppressed"
    }  # fmt: skip
    bomb = table_for(state, "ground_attack", "Viper", weapon_type="Mk-84")
    assert bomb is not None and bomb[1]["target"] == 6


def test_an_aircraft_without_an_arm_type_keeps_the_house_arm_numbers() -> None:
    state = state_of(scenario())
    bandit = state.forces.planes["Bandit"]
    assert (bandit.arm_type, bandit.arm_launch, bandit.arm_range) == (
        None, house("aircraft", "arm_launch"), house("attacks", "arm_range")
    )  # fmt: skip


# -- a game may start with targets sighted and radar contacts held (GS-64) ---------------


def test_the_initial_state_holds_the_sighted_targets_and_radar_contacts() -> None:
    data = scenario()
    data["sides"][0].update(sighted=["Bandit"], identified=["S2"])
    data["sides"][1]["sighted"] = ["Viper"]
    data["aircraft"][0].update(contacts=["Bandit"], locks=["Bandit"])
    state = state_of(data)
    blue, red = state.forces.sides["Blue"], state.forces.sides["Red"]
    assert blue.sighted == {"Bandit"} and blue.ground_sighted == {"S2"}
    assert blue.ground_identified == {"S2"} and red.sighted == {"Viper"}
    radar = state.forces.planes["Viper"].radar
    assert radar is not None and radar.contacts == {"Bandit"} and radar.locks == {"Bandit"}


STARTING = [
    ({"sides": {0: {"sighted": ["Viper"]}}}, "t.toml: sides[0] (Blue).sighted: 'Viper' is a unit "
     "of Blue itself"),
    ({"sides": {0: {"identified": ["Ghost"]}}}, "t.toml: sides[0] (Blue).identified: no unit "
     "'Ghost'"),
    ({"aircraft": {0: {"contacts": ["S2"]}}}, "t.toml: aircraft[0] (Viper).contacts: no aircraft "
     "'S2' (radars hold aircraft)"),
    ({"aircraft": {1: {"locks": ["Viper"], "radar": False}}}, "t.toml: aircraft[1] (Bandit 1)."
     "contacts: an aircraft without a radar holds no contacts"),
    ({"aircraft": {1: {"locks": ["Viper", "Viper"]}}}, "t.toml: aircraft[1] (Bandit 1).locks: "
     "lists 'Viper' twice"),
]  # fmt: skip


@pytest.mark.parametrize(("change", "line"), STARTING, ids=[line[:60] for _, line in STARTING])
def test_starting_knowledge_that_cannot_be_is_named(change: dict[str, Any], line: str) -> None:
    data = scenario()
    for kind, units in change.items():
        for i, fields in units.items():
            data[kind][i].update(fields)
    assert line in problems(data)


def test_a_regular_radar_with_a_lock_holds_no_other_contact() -> None:
    data = scenario(type="MiG-21")
    data["aircraft"].append({"id": "Viper-2", "side": "Blue", "type": "F-16C", "hex": [1, 0],
                             "heading": 2, "altitude": 10})  # fmt: skip
    data["aircraft"][1].update(locks=["Viper"], contacts=["Viper-2"])
    assert problems(data) == [
        "t.toml: aircraft[1] (Bandit 1).contacts: a regular radar with a lock-on holds no other "
        "contact (Viper-2) (Air Radar Search 4, GS-13)"
    ]
    data["aircraft"][1].update(locks=["Viper", "Viper-2"], contacts=[])
    assert problems(data) == [
        "t.toml: aircraft[1] (Bandit 1).locks: 2 lock-ons, its radar holds at most 1"
    ]


# -- every type of the library makes a unit a game can start with -------------------------

AIRCRAFT_LOADS = [
    (c.name, load)
    for c in library().types["aircraft"].values()
    for load in (None, *c.values.get("loads", {}))
]


@pytest.mark.parametrize(
    ("name", "load"), AIRCRAFT_LOADS, ids=[f"{n}-{x}" for n, x in AIRCRAFT_LOADS]
)
def test_every_aircraft_type_and_load_makes_a_unit(name: str, load: str | None) -> None:
    data = scenario(type=name, **({"load": load} if load else {}))
    state = state_of(data)
    plane = state.forces.planes["Bandit"]
    card = library().find("aircraft", name)
    assert card is not None
    assert (plane.speed, plane.climb, plane.visibility) == (
        card.values["speed"], card.values["climb"], card.values["visibility"]
    )  # fmt: skip
    assert (plane.radar is None) == ("radar" not in card.values)
    stores = card.values.get("loads", {}).get(load or card.values.get("load"), {})
    assert sorted(plane.missiles) == sorted(m["type"] for m in stores.get("missiles", []))
    assert all(m.result is not None for m in plane.missiles.values())
    assert sorted(plane.ground_weapons) == sorted(
        w["type"] for w in stores.get("ground_weapons", [])
    )
    assert plane.arms == stores.get("arms", 0)


GROUND_TYPES = [(c.name, c.role) for c in library().types["sams"].values()] + [
    (c.name, c.role) for c in library().types["radars"].values() if c.role in ("ewr", "gci")
]
LIST_FOR = {"sam": "sams", "infantry": "infantry_sams", "aaa": "aaa", "ewr": "ewrs", "gci": "ccus"}


@pytest.mark.parametrize(("name", "role"), GROUND_TYPES, ids=[n for n, _ in GROUND_TYPES])
def test_every_ground_system_and_radar_makes_a_unit(name: str, role: str) -> None:
    data = copy.deepcopy(BASE)
    data["sams"] = []
    data[LIST_FOR[role]] = [{"id": "G", "side": "Red", "hex": [9, 0], "type": name}]
    state = state_of(data)
    unit = state.unit("G")
    assert unit is not None and unit.type == name
    if role in ("sam", "infantry", "aaa"):
        assert unit.result is not None
