"""The scenario editor's routes over HTTP: the three examples load and save back unchanged
in meaning, what is saved the CLI's ``validate`` accepts, problems come with their places,
and hostile content gets a 4xx naming the place, never a 5xx."""

from __future__ import annotations

import copy
import json
import tomllib
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from airwar.cli.main import app as cli
from airwar.games.gunslingers import parse_scenario
from airwar.games.gunslingers.model.field_schema import unit_fields
from airwar.games.gunslingers.model.scenario import read_scenario_data
from airwar.web.app import create_app
from tests.examples import GUNSLINGERS_EXAMPLES
from tests.web.conftest import LOCAL
from tests.web.helpers import RELAXED

EXAMPLES = sorted(p.name for p in GUNSLINGERS_EXAMPLES.glob("*.toml"))
SMALL: dict[str, Any] = {
    "scenario": {"name": "Two and a SAM", "turns": 3, "library": True},
    "map": {"radius": 10, "terrain": [{"hex": [1, 1], "height": 3}]},
    "sides": [{"name": "Blue"}, {"name": "Red"}],
    "aircraft": [
        {
            "id": "F-16C-1",
            "side": "Blue",
            "type": "F-16C",
            "hex": [-4, 0],
            "heading": 2,
            "altitude": 10,
        },
        {
            "id": "MiG-29-1",
            "side": "Red",
            "type": "MiG-29",
            "hex": [4, 0],
            "heading": 8,
            "altitude": 10,
        },
    ],
    "sams": [{"id": "SAM-1", "side": "Red", "type": "SA-2", "hex": [5, -1]}],
}


@pytest.fixture(scope="module")
def web(tmp_path_factory: pytest.TempPathFactory) -> Any:
    db = tmp_path_factory.mktemp("editor") / "web.sqlite"
    app = create_app(f"sqlite:///{db}", limits=RELAXED)
    with TestClient(app, base_url=LOCAL, raise_server_exceptions=False) as c:
        yield c
    app.state.store.close()


def check(web: TestClient, data: Any) -> dict[str, Any]:
    r = web.post("/api/gunslingers/scenario/check", json={"scenario": data})
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    return out


@pytest.mark.parametrize("name", EXAMPLES)
def test_an_example_loads_and_saves_back_unchanged_in_meaning(web: TestClient, name: str) -> None:
    r = web.post("/api/gunslingers/scenario/load", json={"example": name})
    assert r.status_code == 200, r.text
    loaded = r.json()
    assert loaded["filename"] == name and loaded["problems"] == []
    # through JSON, as the page holds it
    data = json.loads(json.dumps(loaded["scenario"]))
    r = web.post("/api/gunslingers/scenario/toml", json={"scenario": data})
    assert r.status_code == 200, r.text
    saved = tomllib.loads(r.json()["toml"])
    original = read_scenario_data(GUNSLINGERS_EXAMPLES / name)
    assert saved == original
    assert parse_scenario(saved, name) == parse_scenario(original, name)


@pytest.mark.parametrize("name", EXAMPLES)
def test_a_file_uploaded_loads_as_its_example_does(web: TestClient, name: str) -> None:
    text = (GUNSLINGERS_EXAMPLES / name).read_text(encoding="utf-8")
    r = web.post("/api/gunslingers/scenario/load", json={"scenario_toml": text})
    assert r.status_code == 200, r.text
    assert r.json()["scenario"] == read_scenario_data(GUNSLINGERS_EXAMPLES / name)


def test_what_the_editor_saves_the_cli_validates(web: TestClient, tmp_path: Path) -> None:
    assert check(web, SMALL) == {"ok": True, "problems": [], "more": 0}
    r = web.post("/api/gunslingers/scenario/toml", json={"scenario": SMALL})
    assert r.status_code == 200, r.text
    out = r.json()
    assert out["filename"] == "two-and-a-sam.toml"
    path = tmp_path / out["filename"]
    path.write_text(out["toml"], encoding="utf-8")
    result = CliRunner().invoke(cli, ["gunslingers", "validate", str(path)])
    assert result.exit_code == 0, result.output
    assert result.output.strip().endswith("two-and-a-sam.toml: ok")
    # and a game starts from it
    r = web.post(
        "/api/gunslingers/games",
        json={"scenario_toml": out["toml"], "seats": {"Blue": "human", "Red": "ai:random"}},
    )
    assert r.status_code == 201, r.text


@pytest.mark.parametrize(
    ("change", "place", "path", "words"),
    [
        (
            lambda d: d["aircraft"][0].update(altitude=999),
            "aircraft[0] (F-16C-1).altitude",
            ["aircraft", 0, "altitude"],
            "999 is more than",
        ),
        (
            lambda d: d["aircraft"][1].update(side="Green"),
            "aircraft[1] (MiG-29-1).side",
            ["aircraft", 1, "side"],
            "unknown side 'Green'",
        ),
        (
            lambda d: d["sams"][0].update(hex=[40, 0]),
            "sams[0] (SAM-1).hex",
            ["sams", 0, "hex"],
            "off the map",
        ),
        (
            lambda d: d["map"]["terrain"].append({"hex": [1, 1], "height": 2}),
            "map.terrain[1].hex",
            ["map", "terrain", 1, "hex"],
            "is already map.terrain[0]",
        ),
        (
            lambda d: d["scenario"].update(turns=0),
            "scenario.turns",
            ["scenario", "turns"],
            "must be an integer",
        ),
        (
            lambda d: d["aircraft"][0].update(name=None),
            "aircraft[0].name",
            ["aircraft", 0, "name"],
            "null",
        ),
        (
            lambda d: d["aircraft"][0].update(wings=2),
            "aircraft[0] (F-16C-1).wings",
            ["aircraft", 0, "wings"],
            "is not a known field",
        ),
        (
            lambda d: d["sams"][0].update(type="SA-99"),
            "sams[0] (SAM-1).type",
            ["sams", 0, "type"],
            "'SA-99' in the library",
        ),
    ],
)
def test_a_problem_comes_with_its_place(
    web: TestClient, change: Any, place: str, path: list[Any], words: str
) -> None:
    data = copy.deepcopy(SMALL)
    change(data)
    found = check(web, data)
    assert not found["ok"]
    here = [p for p in found["problems"] if p["place"] == place]
    assert here, found["problems"]
    assert here[0]["path"] == path
    assert words in here[0]["message"]
    assert here[0]["text"] == f"{place}: {here[0]['message']}"
    # saving refuses it, naming the place
    r = web.post("/api/gunslingers/scenario/toml", json={"scenario": data})
    assert r.status_code == 422
    assert any(
        d["loc"][:2] == ["body", "scenario"] and place in d["msg"] for d in r.json()["detail"]
    )


def test_a_problem_of_the_whole_file_has_no_place(web: TestClient) -> None:
    found = check(web, {"scenario": {"name": "x"}})
    assert [p["path"] for p in found["problems"]] == [["sides"]]
    deep: Any = 1
    for _ in range(12):
        deep = [deep]
    found = check(web, {"sides": deep})
    assert found["problems"][0]["place"] is None
    assert "nest more than" in found["problems"][0]["message"]


@pytest.mark.parametrize(
    ("body", "status", "where"),
    [
        ({"scenario": SMALL, "extra": 1}, 422, ["body", "extra"]),
        ({"scenario": [1, 2]}, 422, ["body", "scenario"]),
        ({}, 422, ["body", "scenario"]),
    ],
)
def test_a_malformed_body_is_refused_with_its_place(
    web: TestClient, body: Any, status: int, where: list[str]
) -> None:
    for route in ("check", "toml"):
        r = web.post(f"/api/gunslingers/scenario/{route}", json=body)
        assert r.status_code == status
        assert r.json()["detail"][0]["loc"][: len(where)] == where


def test_hostile_content_gets_a_4xx_with_the_place(web: TestClient) -> None:
    huge = json.dumps({"scenario": {"map": {"radius": int("9" * 400)}}})
    r = web.post(
        "/api/gunslingers/scenario/check",
        content=huge,
        headers={"content-type": "application/json"},
    )
    assert r.status_code == 422 and "digits" in r.text
    big = {"scenario": {"name": "x" * (1024 * 1024)}}
    r = web.post("/api/gunslingers/scenario/toml", json=big)
    assert r.status_code == 413
    data = copy.deepcopy(SMALL)
    data["aircraft"][0]["altitude"] = 10**30
    found = check(web, data)
    assert "a number of 31 digits" in found["problems"][0]["message"]
    r = web.post("/api/gunslingers/scenario/toml", json={"scenario": data})
    assert r.status_code == 422
    assert r.json()["detail"][0]["loc"] == ["body", "scenario", "aircraft", 0, "altitude"]
    assert "aircraft[0] (F-16C-1).altitude: a number of 31 digits" in r.json()["detail"][0]["msg"]
    # nesting: deeper than any scenario (8) is a problem of the file; deeper than any body
    # the API takes (32) is refused before the route, naming the body
    deep: Any = 1
    for _ in range(10):
        deep = {"x": deep}
    r = web.post("/api/gunslingers/scenario/toml", json={"scenario": {"markers": deep}})
    assert r.status_code == 422 and "nest more than 8 deep" in r.text
    for _ in range(30):
        deep = [deep]
    r = web.post("/api/gunslingers/scenario/check", json={"scenario": {"markers": deep}})
    assert r.status_code == 422
    assert r.json()["detail"] == [
        {"loc": ["body"], "msg": "the body nests deeper than 32 levels", "type": "json_invalid"}
    ]
    # a field the format does not have, inside a unit
    data = copy.deepcopy(SMALL)
    data["sams"][0]["warheads"] = 3
    r = web.post("/api/gunslingers/scenario/toml", json={"scenario": data})
    assert r.status_code == 422
    assert r.json()["detail"][0]["loc"] == ["body", "scenario", "sams", 0, "warheads"]
    assert "sams[0] (SAM-1).warheads: is not a known field" in r.json()["detail"][0]["msg"]
    r = web.post("/api/gunslingers/scenario/load", json={"scenario_toml": "a = = 1"})
    assert r.status_code == 422 and "not valid TOML" in r.text
    r = web.post("/api/gunslingers/scenario/load", json={"example": "nothing"})
    assert r.status_code == 422 and "unknown example" in r.text


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**20), 10**20) | st.text(max_size=12),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4)
    ),
    max_leaves=25,
)
KEYS = st.sampled_from(
    [
        "scenario",
        "map",
        "sides",
        "aircraft",
        "sams",
        "ewrs",
        "ccus",
        "aaa",
        "infantry_sams",
        "ground_units",
        "markers",
        "outcomes",
        "x",
    ]
)


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.dictionaries(KEYS, JSON, max_size=6))
def test_any_content_is_answered_never_with_a_5xx(web: TestClient, data: dict[str, Any]) -> None:
    for route in ("check", "toml"):
        r = web.post(f"/api/gunslingers/scenario/{route}", json={"scenario": data})
        assert r.status_code in (200, 422), r.text


@pytest.mark.parametrize(
    "name",
    [
        "SA-2 site (north)",
        "a: colon (and) ((brackets)",
        "x" * 60,
        "Raven ).altitude: fake",
        "Ünïcode ✈ (lead)",
    ],
)
def test_a_unit_named_anything_has_its_problems_placed(web: TestClient, name: str) -> None:
    data = copy.deepcopy(SMALL)
    sam = data["sams"][0]
    sam.update(name=name, rails=-1, type="SA-99")

    def placed() -> list[tuple[str, list[Any]]]:
        return [(p["place"], p["path"]) for p in check(web, data)["problems"]]

    long = name if len(name) <= 40 else name[:37] + "..."
    # the library's problem names the unit by its first 40 characters, the model's cut short
    assert placed() == [
        (f"sams[0] ({name[:40]}).type", ["sams", 0, "type"]),
        (f"sams[0] ({long}).guidance", ["sams", 0, "guidance"]),
        (f"sams[0] ({long}).rails", ["sams", 0, "rails"]),
    ]
    sam.update(type="SA-2", rails=2, ccu="nothing")
    assert placed() == [(f"sams[0] ({long}).ccu", ["sams", 0, "ccu"])]


@pytest.mark.parametrize(
    ("key", "line"),
    [
        ("aircraft", "aircraft: has 20000 aircraft, at most 200: the most units of one kind"),
        ("markers", "markers: has 20000 markers, at most 200: the most units of one kind"),
        ("sides", "sides: has 20000 sides, at most 8: one seat per side at the table (GS-42)"),
    ],
)
def test_a_list_longer_than_any_scenario_is_one_problem_found_first(
    web: TestClient, key: str, line: str
) -> None:
    """Each entry is not checked (20,000 problems, seconds of work): the list's length is."""
    data = copy.deepcopy(SMALL)
    data[key] = [{}] * 20_000
    found = check(web, data)
    assert [p["text"][: len(line)] for p in found["problems"]] == [line]
    assert found["problems"][0]["path"] == [key] and found["more"] == 0


def test_terrain_longer_than_the_largest_map_is_one_problem(web: TestClient) -> None:
    data = copy.deepcopy(SMALL)
    data["map"]["terrain"] = [{"hex": [0, 0], "height": 1}] * 10_982
    found = check(web, data)
    assert [p["text"] for p in found["problems"]] == [
        "map.terrain: has 10982 hexes, at most 10981: the hexes of the largest map "
        "(radius 60, GS-42)"
    ]


def test_the_editor_asks_what_each_field_allows(web: TestClient) -> None:
    """The editor's bounds and choices are served from the scenario's models."""
    got = web.get("/api/gunslingers/scenario/fields")
    assert got.status_code == 200
    assert got.json() == json.loads(json.dumps(unit_fields()))
    assert got.json()["units"]["sams"]["eccm"] == {"kind": "integer", "min": 0, "max": 20}
