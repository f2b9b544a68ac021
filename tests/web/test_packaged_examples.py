"""The Gunslingers page's examples come from the installed package, not from the checkout.

The app runs in an empty folder (as ``pip install . && airwar serve`` does
from anywhere): the list holds every packaged example, and each one loads by
its name, with or without ``.toml``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from airwar.games.examples import GUNSLINGERS, example_files

TITLES = {
    "dogfight-2v2.toml": "Dogfight 2 v 2",
    "large-battle.toml": "Large battle (60 aircraft)",
    "strike-sam-belt.toml": "Strike on the SAM belt",
}


@pytest.fixture(autouse=True)
def elsewhere(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    empty = tmp_path / "elsewhere"
    empty.mkdir()
    monkeypatch.chdir(empty)


def test_the_list_holds_every_packaged_example(client: TestClient) -> None:
    r = client.get("/api/gunslingers/examples")
    assert r.status_code == 200
    assert {e["name"]: e["title"] for e in r.json()} == TITLES
    assert list(example_files(GUNSLINGERS)) == list(TITLES)


@pytest.mark.parametrize("name", ["strike-sam-belt.toml", "strike-sam-belt"])
def test_an_example_loads_by_name(client: TestClient, name: str) -> None:
    r = client.post("/api/gunslingers/preview", json={"example": name})
    assert r.status_code == 200, r.text
    assert r.json()["name"] == "Strike on the SAM belt"


def test_a_game_starts_from_an_example(client: TestClient) -> None:
    seats = {"Blue": "human", "Red": "human", "referee": "human"}
    r = client.post("/api/gunslingers/games", json={"example": "dogfight-2v2.toml", "seats": seats})
    assert r.status_code == 201, r.text
    game = client.get(f"/api/games/{r.json()['id']}").json()
    assert game["title"] == "Gunslingers: Dogfight 2 v 2"


def test_an_unknown_example_names_the_known_ones(client: TestClient) -> None:
    r = client.post("/api/gunslingers/preview", json={"example": "dogfight"})
    assert r.status_code == 422
    detail = r.json()["detail"][0]
    assert detail["loc"] == ["body", "example"]
    assert detail["msg"].endswith(f"(known: {', '.join(TITLES)})")
