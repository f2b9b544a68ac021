"""The library of types (GS-60 to GS-66): every entry valid, every number a house value
with its reason, every card rendered, and a broken file reported in one line a problem
naming the file, the entry and the field."""

from __future__ import annotations

import copy
import json
import tomllib
from typing import Any

import pytest

from airwar.games.gunslingers.model.typecards import card_data, card_text, listing
from airwar.games.gunslingers.model.typelib import build_library, library
from airwar.games.gunslingers.model.typeschema import DESCRIPTIVE, KINDS, SCHEMAS, LibraryError
from airwar.games.gunslingers.tables import LIBRARY

FILES = {kind: tomllib.loads(LIBRARY.text(kind)) for kind in KINDS}
CARDS = [(c.kind, c.name) for c in library().cards()]

REQUIRED = {
    "aircraft": ["F-4", "F-15", "F-16", "F-105", "A-10", "EF-111", "MiG-17", "MiG-21", "MiG-23",
                 "MiG-29", "Su-24"],
    "weapons": ["AIM-7", "AIM-9", "AIM-120", "AA-2", "AA-8", "AA-10", "AGM-45", "AGM-88"],
    "sams": ["SA-2", "SA-3", "SA-6", "SA-8", "SA-11", "SA-13", "ZSU-23-4"],
    "radars": ["Spoon Rest", "Flat Face"],
}  # fmt: skip


def broken(file: str, name: str, **change: Any) -> dict[str, Any]:
    """The library's files with one entry changed (a value of None removes the field)."""
    files = copy.deepcopy(FILES)
    entry = files[file]["types"][name]
    for key, value in change.items():
        if value is None:
            entry.pop(key, None)
        else:
            entry[key] = value
    return files


def problems(files: dict[str, Any]) -> list[str]:
    with pytest.raises(LibraryError) as info:
        build_library(files)
    return info.value.problems


def test_the_library_validates_and_covers_the_types_the_issue_names() -> None:
    lib = build_library(FILES)
    for kind, names in REQUIRED.items():
        for name in names:
            assert lib.find(kind, name) is not None, f"{kind}: {name}"
    assert lib.find("aircraft", "F-16C") is not None  # a variant
    assert {c.role for c in lib.types["radars"].values()} == {"air", "fire_control", "ewr", "gci"}


@pytest.mark.parametrize(("kind", "name"), CARDS, ids=[n for _, n in CARDS])
def test_every_number_is_a_house_value_with_its_reason_on_the_card(kind: str, name: str) -> None:
    card = library().find(kind, name)
    assert card is not None
    data = card_data(card)
    numbers = [f for f in data["fields"] if isinstance(f["value"], int)
               and not isinstance(f["value"], bool)]  # fmt: skip
    assert numbers or kind == "radars"
    for f in data["fields"]:
        is_number = isinstance(f["value"], int) and not isinstance(f["value"], bool)
        assert (f["house"] is not None) == is_number, f
        if is_number:
            assert f["house"].startswith("house value"), f
    text = card_text(card)
    assert text.startswith(f"{name}: {card.entry.name}")
    for f in numbers:
        line = next(x for x in text.splitlines() if x.split()[0] == f["field"])
        assert f"{f['value']}  [{f['house']}]" in line
    assert "house value" in text
    json.dumps(data)  # the card is plain JSON


def test_a_variant_takes_what_it_does_not_give_from_its_base() -> None:
    lib = library()
    base, variant = lib.find("aircraft", "F-16"), lib.find("aircraft", "F-16C")
    assert base is not None and variant is not None
    assert variant.values["radar"] == "APG-68" and base.values["radar"] == "APG-66"
    for key in ("speed", "climb", "visibility", "fly_by_wire", "chaff", "flares"):
        assert variant.values[key] == base.values[key]
    assert variant.entry.aliases == [] and base.entry.aliases == ["F-16A"]  # names stay
    assert set(variant.values["loads"]) == set(base.values["loads"])


def test_aliases_lead_to_their_type() -> None:
    lib = library()
    found = lib.find("weapons", "R-73")
    assert found is not None and found.name == "AA-11"
    card = lib.lookup("f-16c")  # a name typed in another case
    assert card is not None and card.name == "F-16C"
    assert lib.lookup("EF-111A") is lib.find("aircraft", "EF-111")
    assert lib.closest("F-61")[:2] == ["F-16", "F-15"]


def test_every_field_is_read_or_descriptive() -> None:
    """Each schema field is copied into a scenario's units, or checked, or is descriptive."""
    from airwar.games.gunslingers.model import typeresolve, typeschema

    read = (
        set(typeresolve._AIRCRAFT_COPY) | set(typeresolve._RADAR_COPY) | set(typeresolve._AAM_COPY)
        | {f for fields in typeresolve._SAM_COPY.values() for f in fields}
        | {"crew", "radar", "load", "loads", "kind", "role", "range", "guided", "result",
           "eccm", "launch"}
        | typeschema.SCORED
    )  # fmt: skip
    for kind, model in SCHEMAS.items():
        for name in model.model_fields:
            assert name in read or name in DESCRIPTIVE, f"{kind}.{name} is read by nothing"


def test_the_listing_has_one_row_a_type() -> None:
    rows = listing()
    assert len(rows) == sum(len(library().types[k]) for k in KINDS)
    f16c = {"name": "F-16C", "kind": "aircraft", "role": "aircraft",
            "title": "F-16C Fighting Falcon", "variant_of": "F-16", "aliases": []}  # fmt: skip
    assert f16c in rows


BROKEN = [
    (broken("aircraft", "F-16", speed=0), "aircraft.toml: F-16.speed: must be an integer >= 1"),
    (
        broken("aircraft", "MiG-21", climb=99),
        "aircraft.toml: MiG-21.climb: 99 is more than 30: the ceiling, the highest altitude "
        "level (house value, GS-23)",
    ),
    (broken("aircraft", "F-4", radr="APQ-120"), "aircraft.toml: F-4.radr: is not a known field"),
    (
        broken("aircraft", "F-4", radar="APQ-12"),
        "aircraft.toml: F-4.radar: no air radar 'APQ-12' in radars.toml (closest: APQ-120",
    ),
    (
        broken("aircraft", "F-4", radar="Fan Song"),
        "aircraft.toml: F-4.radar: 'Fan Song' is a fire-control radar, not an air radar",
    ),
    (broken("aircraft", "F-4", load="SEAD"), "aircraft.toml: F-4.load: no load 'SEAD' in loads"),
    (broken("aircraft", "F-16C", variant_of="F-17"), "aircraft.toml: F-16C.variant_of: no type"),
    (
        broken("aircraft", "F-4", loads={"CAP": {"missiles": [{"type": "Mk-82", "count": 2}]}}),
        "aircraft.toml: F-4.loads.CAP.missiles[0].type: 'Mk-82' is an air-to-ground weapon, "
        "not an air-to-air missile",
    ),
    (
        broken(
            "weapons", "AIM-9", result={"target": 3, "success": "suppressed", "failure": "miss"}
        ),
        "weapons.toml: AIM-9.result.success: 'suppressed' is not a result of a missile outcome",
    ),
    (
        broken("weapons", "AIM-120", launch=11),
        "weapons.toml: AIM-120.launch: must be an integer from 0 to 10",
    ),
    (broken("weapons", "AIM-120", guidance=None), "weapons.toml: AIM-120.guidance: is required"),
    (
        broken("weapons", "AGM-88", guided=True),
        "weapons.toml: AGM-88.guided: an anti-radiation missile has no guided",
    ),
    (
        broken("sams", "SA-2", radar=None),
        "sams.toml: SA-2.radar: a CG SAM needs its fire-control radar",
    ),
    (broken("sams", "SA-6", rails=301), "sams.toml: SA-6.rails: 301 is more than 300"),
    (broken("radars", "Spoon Rest", eccm=21), "radars.toml: Spoon Rest.eccm: 21 is more than 20"),
    (
        broken("radars", "N019", capacity=2),
        "radars.toml: N019.capacity: a regular radar tracks one target",
    ),
    (
        broken("radars", "N019", house={"eccm": 5}),
        "radars.toml: N019.house.eccm: must be non-empty text",
    ),
]


@pytest.mark.parametrize(("files", "line"), BROKEN, ids=[line[:50] for _, line in BROKEN])
def test_a_broken_entry_is_named_with_its_file_entry_and_field(
    files: dict[str, Any], line: str
) -> None:
    found = problems(files)
    assert any(p.startswith(line) for p in found), found


def test_an_invalid_entry_is_reported_once_not_again_by_those_that_name_it() -> None:
    assert problems(broken("radars", "N019", kind="twss")) == [
        "radars.toml: N019.kind: must be one of regular, mtt, tws or limited_tws"
    ]


def test_a_number_without_a_reason_is_refused() -> None:
    files = copy.deepcopy(FILES)
    del files["aircraft"]["house"]["speed"]
    found = problems(files)
    assert "aircraft.toml: F-4.speed: a house value needs its reason, in [house] " in found[0]
    # every aircraft type (a variant takes its base's speed) but the EF-111, which gives
    # its own reason for its speed
    assert len([p for p in found if ".speed:" in p]) == len(library().types["aircraft"]) - 1


def test_a_loop_of_variants_and_a_clashing_alias_are_refused() -> None:
    files = broken("aircraft", "F-16", variant_of="F-16C")
    assert "aircraft.toml: F-16C.variant_of: F-16 -> F-16C -> F-16 is a loop" in problems(files)
    files = broken("weapons", "AA-2", aliases=["R-73"])
    assert any("AA-11.aliases: 'R-73' is already an alias of AA-2" in p
               or "AA-2.aliases: 'R-73' is already an alias of AA-11" in p
               for p in problems(files))  # fmt: skip


def test_a_file_with_a_stray_table_or_too_many_types_is_refused() -> None:
    files = copy.deepcopy(FILES)
    files["radars"]["radar"] = {}
    assert "radars.toml: radar: not a known table (house, types)" in problems(files)
    files = copy.deepcopy(FILES)
    files["radars"]["types"] = {f"R{i}": {"role": "ewr", "name": "x", "range": 5}
                                for i in range(501)}  # fmt: skip
    assert "radars.toml: types: 501 entries, at most 500" in problems(files)


def test_a_reason_for_no_number_is_refused() -> None:
    files = copy.deepcopy(FILES)
    files["weapons"]["house"]["lanch"] = "house value: a typo"
    assert "weapons.toml: house.lanch: no type has a number there" in problems(files)
    files = broken("sams", "SA-13", house={"lunch": "house value: a typo"})
    assert problems(files) == ["sams.toml: SA-13.house.lunch: SA-13 has no number there"]


def test_a_type_name_that_a_scenario_could_not_name_is_refused() -> None:
    files = copy.deepcopy(FILES)
    files["radars"]["types"]["Spoon Rest!"] = files["radars"]["types"].pop("Spoon Rest")
    assert problems(files) == [
        "radars.toml: types.Spoon Rest!: the name must be a type name (at most 40 characters) "
        "of letters, digits, spaces, '-', '_' or '.' (e.g. F-16C, Spoon Rest)"
    ]
