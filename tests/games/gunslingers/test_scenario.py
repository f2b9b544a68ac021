"""Scenario validation: a table of bad files and the messages they give; the examples."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

from airwar.games.gunslingers.model.fields import unit_defaults
from airwar.games.gunslingers.model.scenario import load_scenario, parse_scenario
from airwar.games.gunslingers.model.scenario_schema import ScenarioError
from airwar.games.gunslingers.tables import PACKAGE_FILES
from tests.examples import GUNSLINGERS_EXAMPLES
from tests.games.gunslingers.scenario_builder import BASE

EXAMPLES = sorted(GUNSLINGERS_EXAMPLES.glob("*.toml"))


def _with(path: list[Any], value: Any) -> dict[str, Any]:
    data = copy.deepcopy(BASE)
    node: Any = data
    for key in path[:-1]:
        node = node[key]
    if value is _DELETE:
        del node[path[-1]]
    else:
        node[path[-1]] = value
    return data


_DELETE = object()

BAD = [
    (
        ["aircraft", 0, "radar", "eccm"],
        -1,
        "aircraft[0] (Eagle).radar.eccm: must be an integer >= 0",
    ),
    (
        ["aircraft", 0, "heading"],
        12,
        "aircraft[0] (Eagle).heading: must be an integer from 0 to 11",
    ),
    (["aircraft", 0, "altitude"], "high", "aircraft[0] (Eagle).altitude: must be an integer >= 0"),
    (["aircraft", 0, "side"], "Green", "aircraft[0] (Eagle).side: unknown side 'Green'"),
    (["aircraft", 0, "hex"], [1], "aircraft[0] (Eagle).hex: must be a hex [q, r]"),
    (["aircraft", 0, "hex"], [40, 0], "aircraft[0] (Eagle).hex: [40, 0] is off the map"),
    (["aircraft", 0, "radar", "kind"], "pulse", "aircraft[0] (Eagle).radar.kind: must be one of"),
    (["aircraft", 0, "radar", "capacity"], 2, "a regular radar tracks one target only"),
    (["aircraft", 0, "dds"], "P9", "aircraft[0] (Eagle).dds: no DDS program named 'P9'"),
    (["aircraft", 0, "blind_arcs"], ["45L"], "aircraft[0] (Eagle).blind_arcs[0]: must be an arc"),
    (["aircraft", 0, "bjm", "type"], "E", "aircraft[0] (Eagle).bjm.type: must be one of"),
    (["aircraft", 0, "crew"], [{"quality": "ace"}], "crew[0].quality: must be one of"),
    (["aircraft", 0, "status"], ["stalled_vertical"], "stalled_vertical needs stalled too"),
    (["aircraft", 0, "tailing"], "Ghost", "aircraft[0] (Eagle).tailing: no aircraft 'Ghost'"),
    (["aircraft", 0, "wings"], 2, "aircraft[0] (Eagle).wings: is not a known field"),
    (["aircraft", 0, "type"], _DELETE, "aircraft[0] (Eagle).type: is required"),
    (["aircraft", 1, "id"], "Eagle", "aircraft[1] (Eagle).id: 'Eagle' is already used"),
    (["aircraft", 0, "id"], "Eagle 1", "must be a short id"),
    (["sams", 0, "guidance"], "SARH", "sams[0] (SA-2).guidance: must be one of"),
    (["sams", 0, "radar"], _DELETE, "sams[0] (SA-2).radar: a CG SAM needs a radar state"),
    (["sams", 0, "ccu"], "CCU-9", "sams[0] (SA-2).ccu: no CCU 'CCU-9' in ccus"),
    (["sams", 0, "lock_on"], 11, "sams[0] (SA-2).lock_on: must be an integer from 0 to 10"),
    (["ewrs", 0, "radar"], "on", "ewrs[0] (EWR).radar: must be one of active, alerted or shutdown"),
    (["sides", 1, "training"], "bad", "sides[1] (Red).training: must be one of excellent"),
    (["sides"], [{"name": "Blue"}], "sides: needs at least 2 entries"),
    (["markers"], [{"kind": "smoke_3", "hex": [0, 0]}], "markers[0].kind: must be one of"),
    (["markers"], [{"kind": "barrage"}], "markers[0] (barrage): needs a hex or a unit"),
    (["markers"], [{"kind": "barrage", "unit": "X"}], "markers[0] (barrage).unit: no unit 'X'"),
    (["scenario", "sun"], 13, "scenario.sun: must be an integer from 0 to 11"),
    (
        ["outcomes"],
        {"missile": {"target": 4, "success": "kill", "failure": "miss"}},
        "outcomes.missile.success: 'kill' is not a result",
    ),
    (["outcomes"], {"laser": {"target": 4, "success": "x", "failure": "y"}}, "outcomes.laser"),
]


@pytest.mark.parametrize(("path", "value", "message"), BAD)
def test_bad_scenarios_name_file_place_and_problem(
    path: list[Any], value: Any, message: str
) -> None:
    with pytest.raises(ScenarioError) as info:
        parse_scenario(_with(path, value), "strike.toml")
    assert any(
        line.startswith("strike.toml: ") and message in line for line in info.value.problems
    ), info.value.problems


def test_every_problem_is_reported() -> None:
    data = _with(["aircraft", 0, "heading"], 12)
    data["aircraft"][1]["altitude"] = -3
    data["sams"][0]["ccu"] = "nowhere"
    with pytest.raises(ScenarioError) as info:
        parse_scenario(data, "x.toml")
    assert len(info.value.problems) == 3


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_examples_validate(path: Path) -> None:
    sc = load_scenario(path)
    assert len(sc.aircraft) >= 4


def test_the_large_example_is_large() -> None:
    sc = load_scenario(GUNSLINGERS_EXAMPLES / "large-battle.toml")
    assert len(sc.aircraft) >= 60
    assert len(sc.sams) + len(sc.aaa) + len(sc.infantry_sams) >= 30


def test_unit_defaults_are_marked_and_whole_numbers() -> None:
    text = PACKAGE_FILES.text("unit_defaults")
    assert "HOUSE value" in text
    for section in unit_defaults().values():
        assert all(isinstance(v, int) for v in section.values())
