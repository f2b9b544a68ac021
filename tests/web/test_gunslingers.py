"""Gunslingers through the API: examples, uploads with their problems, a game's choices."""

from __future__ import annotations

from pathlib import Path

from fastapi.testclient import TestClient

from airwar.games.gunslingers.game import options_for_file
from tests.examples import GUNSLINGERS_EXAMPLES
from tests.web.helpers import first_declaration, seeded_game, settle, tokens

ROOT = Path(__file__).resolve().parents[2]
DOGFIGHT = "dogfight-2v2.toml"


def test_examples_are_listed(client: TestClient) -> None:
    names = {e["name"] for e in client.get("/api/gunslingers/examples").json()}
    assert DOGFIGHT in names


def test_an_uploaded_scenario_is_previewed(client: TestClient) -> None:
    text = (GUNSLINGERS_EXAMPLES / DOGFIGHT).read_text()
    r = client.post("/api/gunslingers/preview", json={"scenario_toml": text})
    assert r.status_code == 200
    body = r.json()
    assert body["seats"] == ["Blue", "Red", "referee"]
    assert any(u["id"] == "Ford-1" for u in body["units"])


def test_a_broken_upload_lists_its_problems(client: TestClient) -> None:
    r = client.post("/api/gunslingers/preview", json={"scenario_toml": "[scenario]\nname = 1\n"})
    assert r.status_code == 422
    detail = r.json()["detail"][0]
    assert detail["loc"] == ["body", "scenario_toml"]
    assert "sides" in detail["msg"]
    r = client.post("/api/gunslingers/preview", json={"scenario_toml": "not = = toml"})
    assert "not valid TOML" in r.json()["detail"][0]["msg"]
    r = client.post("/api/gunslingers/preview", json={"example": "nothing.toml"})
    assert "unknown example" in r.json()["detail"][0]["msg"]


def test_a_game_asks_only_legal_declarations(client: TestClient) -> None:
    # two people (Blue and the referee at one browser): known dice only server-side
    options = options_for_file(GUNSLINGERS_EXAMPLES / DOGFIGHT, turns=2)
    made = seeded_game(
        client,
        "gunslingers",
        {"Blue": "human", "Red": "ai:random", "referee": "human"},
        3,
        **options,
    )
    toks = tokens(made)
    assert set(toks) == {"Blue", "referee"}
    gid = made["id"]
    data = client.get(f"/api/games/{gid}", params={"seat": toks["Blue"]}).json()
    assert data["my_turn"]
    assert data["hotseat"] == {
        "referee": next(x["url"] for x in made["links"] if x["seat"] == "referee")
    }
    decision = data["view"]["decision"]
    subtree = data["choices"][decision["verb"]][decision["subject"]]
    choice = next(k for k in subtree if k != "$")
    text = f"{decision['verb']} {decision['subject']} {choice}"
    r = client.post(f"/api/games/{gid}/actions", json={"seat": toks["Blue"], "actions": [text]})
    assert r.status_code == 200
    assert r.json()["decisions"] >= 1
    after = settle(client, gid, toks["Blue"])["decisions"]  # the AI replies in the background
    r = client.post(
        f"/api/games/{gid}/actions", json={"seat": toks["Blue"], "actions": ["fly Viper-1 away"]}
    )
    assert r.status_code in (409, 422)
    assert (
        client.get(f"/api/games/{gid}", params={"seat": toks["Blue"]}).json()["decisions"] == after
    )


def test_a_side_does_not_read_the_other_sides_declarations(client: TestClient) -> None:
    """Double-blind: Blue's log holds its own declarations only; the referee's holds all."""
    made = client.post(
        "/api/gunslingers/games",
        json={
            "example": DOGFIGHT,
            "seats": {"Blue": "human", "Red": "remote", "referee": "remote"},
        },
    ).json()
    gid, toks = made["id"], tokens(made)
    for _ in range(12):
        # whose turn it is from the referee, who sees all: Blue is shown only whom it waits
        # for, not the referee at work between two of Red's decisions (GS-73)
        data = client.get(f"/api/games/{gid}", params={"seat": toks["referee"]}).json()
        seat = data["to_act"]
        mine = client.get(f"/api/games/{gid}", params={"seat": toks[seat]}).json()
        text = first_declaration(mine["choices"])
        r = client.post(f"/api/games/{gid}/actions", json={"seat": toks[seat], "actions": [text]})
        assert r.status_code == 200, r.text
    blue = client.get(f"/api/games/{gid}", params={"seat": toks["Blue"]}).json()["log"]
    referee = client.get(f"/api/games/{gid}", params={"seat": toks["referee"]}).json()["log"]
    said = {e["seat"] for e in referee if e["type"] == "decision"}
    assert {"Blue", "Red"} <= said
    assert {e["seat"] for e in blue if e["type"] == "decision"} == {"Blue"}
    assert all(e["line"] for e in blue)
