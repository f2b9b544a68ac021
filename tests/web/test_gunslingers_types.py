"""The library's data cards over HTTP: ``GET /api/gunslingers/types`` and
``GET /api/gunslingers/types/{name}`` (a clear 404 for an unknown name, never a 5xx)."""

from __future__ import annotations

import json
import urllib.error
import urllib.parse
import urllib.request

import pytest
from fastapi.testclient import TestClient

from airwar.games.gunslingers.model.typecards import card_data, listing
from airwar.games.gunslingers.model.typelib import TypeCard, library
from tests.web.conftest import Server


def test_the_listing_is_every_type(client: TestClient) -> None:
    res = client.get("/api/gunslingers/types")
    assert res.status_code == 200
    assert res.json() == listing()


@pytest.mark.parametrize("card", list(library().cards()), ids=lambda c: c.name)
def test_every_card_is_served_as_the_library_holds_it(client: TestClient, card: TypeCard) -> None:
    res = client.get(f"/api/gunslingers/types/{urllib.parse.quote(card.name)}")
    assert res.status_code == 200
    body = res.json()
    assert body == card_data(card)
    numbers = [f for f in body["fields"] if type(f["value"]) is int]
    assert all(f["house"].startswith("house value") for f in numbers)


def test_an_alias_leads_to_its_card(client: TestClient) -> None:
    assert client.get("/api/gunslingers/types/R-27R").json()["name"] == "AA-10"


@pytest.mark.parametrize(
    ("name", "detail"),
    [
        ("F-61", "no type 'F-61' in the library; closest: F-16, F-15, F-16C"),
        ("Spoon Rust", "no type 'Spoon Rust' in the library; closest: Spoon Rest"),
        ("qqqq", "no type 'qqqq' in the library"),
    ],
)
def test_an_unknown_name_is_a_404_naming_it(client: TestClient, name: str, detail: str) -> None:
    res = client.get(f"/api/gunslingers/types/{urllib.parse.quote(name)}")
    assert res.status_code == 404
    assert res.json() == {"detail": detail}


def test_a_huge_name_is_refused_with_a_4xx(client: TestClient) -> None:
    res = client.get("/api/gunslingers/types/" + "x" * 5000)
    assert res.status_code == 422
    assert res.json()["detail"][0]["loc"] == ["path", "name"]


def test_the_card_routes_on_a_real_server(server: Server) -> None:
    with urllib.request.urlopen(f"{server.url}/api/gunslingers/types/F-16C", timeout=30) as r:
        card = json.loads(r.read())
    assert (card["name"], card["variant_of"]) == ("F-16C", "F-16")
    with pytest.raises(urllib.error.HTTPError) as info:
        urllib.request.urlopen(f"{server.url}/api/gunslingers/types/MiG-99", timeout=30)
    assert info.value.code == 404
    assert json.loads(info.value.read())["detail"].startswith("no type 'MiG-99' in the library")


LIBRARY_SCENARIO = """
[scenario]
library = true
[[sides]]
name = "Blue"
[[sides]]
name = "Red"
[[aircraft]]
id = "V1"
side = "Blue"
type = "F-16C"
hex = [0, 0]
heading = 2
altitude = 10
radar.eccm = 2
[[aircraft]]
id = "M1"
side = "Red"
type = "MiG-21"
hex = [4, 0]
heading = 8
altitude = 10
"""


def test_an_uploaded_library_scenario_previews_and_a_bad_override_is_a_422(
    client: TestClient,
) -> None:
    ok = client.post("/api/gunslingers/preview", json={"scenario_toml": LIBRARY_SCENARIO})
    assert ok.status_code == 200
    assert [u["id"] for u in ok.json()["units"]] == ["V1", "M1"]
    bad = LIBRARY_SCENARIO.replace("radar.eccm = 2", 'radar.eccm = 21\nload = "SEAD"')
    res = client.post("/api/gunslingers/preview", json={"scenario_toml": bad})
    assert res.status_code == 422
    [problem] = res.json()["detail"]
    assert problem["loc"] == ["body", "scenario_toml"]
    assert problem["msg"] == (
        "uploaded scenario: aircraft[0] (V1).load: F-16C has no load 'SEAD' (loads: CAP, "
        "strike, heavy, LGB, CBU); uploaded scenario: aircraft[0] (V1).radar.eccm: 21 is more "
        "than 20: a countermeasure or ECCM number above 20 changes no d10 roll, even halved "
        "(GS-2, GS-42)"
    )
