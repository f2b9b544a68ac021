"""What the schema says and what the app enforces, tried through HTTP (issue 26, item 12):
whole numbers are whole numbers (not true, not "5"), the bounds the app enforces are in
its OpenAPI schema, and a 405 names every method of the path."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from airwar.web.hardening import SECURITY_HEADERS


@pytest.mark.parametrize("value", [True, False, "5", 5.0, "true"])
def test_an_integer_option_takes_only_a_whole_number(client: TestClient, value: Any) -> None:
    r = client.post(
        "/api/games",
        json={"game": "migs-engagement", "options": {"turn_limit": value}, "seats": {}},
    )
    assert r.status_code == 422, r.text
    locs = [e["loc"] for e in r.json()["detail"]]
    assert any(loc[:2] == ["body", "options"] for loc in locs), locs
    assert client.get("/api/games").json() == []


def test_a_true_or_false_option_takes_only_true_or_false(client: TestClient) -> None:
    catalog = client.get("/api/catalog").json()
    flags = [
        (g["name"], p["name"])
        for g in catalog["games"]
        for p in g["parameters"]
        if p["kind"] == "bool"
    ]
    assert flags
    game, name = flags[0]
    for value in (1, 0, "yes"):
        r = client.post("/api/games", json={"game": game, "options": {name: value}})
        assert r.status_code == 422, (name, value, r.text)


def test_the_schema_states_the_bounds_the_app_enforces(client: TestClient) -> None:
    schemas = client.get("/openapi.json").json()["components"]["schemas"]
    games = schemas["NewGame"]["properties"]["game"]["enum"]
    assert set(games) == {g["name"] for g in client.get("/api/catalog").json()["games"]}
    for model in ("Move", "SeatAt"):
        version = schemas[model]["properties"]["version"]["anyOf"][0]
        assert version["type"] == "integer" and version["minimum"] == 0
        assert version["exclusiveMaximum"] == 2**52


@pytest.mark.parametrize(
    ("method", "path", "allowed"),
    [
        ("DELETE", "/api/games", "GET, POST"),
        ("PUT", "/api/games/abc", "GET"),
        ("GET", "/api/games/abc/actions", "POST"),
    ],
)
def test_a_405_names_every_method_of_the_path(
    client: TestClient, method: str, path: str, allowed: str
) -> None:
    r = client.request(method, path)
    assert r.status_code == 405 and r.headers["allow"] == allowed
    for name, value in SECURITY_HEADERS:
        assert r.headers[name] == value
