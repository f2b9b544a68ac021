"""The Gunslingers tactical AI as a seat over HTTP: ``ai:tactical`` (and its levels) is a seat
kind of a new game, and while the game runs a side's JSON, replay and record never hold the
enemy bot's reasons; its own side reads them in its decisions, and everyone after the end
(GS-91)."""

from __future__ import annotations

import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.web.helpers import first_declaration, server_busy, tokens


def settle(client: TestClient, gid: str, tok: str) -> dict[str, Any]:
    deadline = time.monotonic() + 60
    while True:
        busy = server_busy(client, gid)
        data: dict[str, Any] = client.get(f"/api/games/{gid}", params={"seat": tok}).json()
        if not busy or time.monotonic() > deadline:
            return data
        time.sleep(0.05)


@pytest.mark.parametrize("kind", ["ai:tactical", "ai:tactical:easy", "ai:tactical:hard"])
def test_the_tactical_ai_is_a_seat_kind(client: TestClient, kind: str) -> None:
    made = client.post(
        "/api/gunslingers/games",
        json={"example": "dogfight-2v2.toml", "seats": {"Blue": "human", "Red": kind}, "turns": 1},
    )
    assert made.status_code == 201, made.text


def test_a_side_never_reads_the_enemy_bots_reasons(client: TestClient) -> None:
    made = client.post(
        "/api/gunslingers/games",
        json={
            "example": "dogfight-2v2.toml",
            "seats": {"Blue": "human", "Red": "ai:tactical", "referee": "ai:gunslingers-auto"},
            "turns": 2,
        },
    )
    assert made.status_code == 201, made.text
    gid, toks = made.json()["id"], tokens(made.json())
    blue = toks["Blue"]
    checked = 0
    for _ in range(200):
        data = settle(client, gid, blue)
        live = client.app.state.service.get(gid)  # type: ignore[attr-defined]
        reasons = [
            e["reason"] for e in live.state.log if e.get("type") == "decision" and e.get("reason")
        ]
        if data["status"] != "running":
            break
        bodies = [
            client.get(f"/api/games/{gid}", params={"seat": blue}).text,
            client.get(f"/api/games/{gid}/record", params={"seat": blue}).text,
            client.get(f"/api/games/{gid}/replay", params={"seat": blue, "step": 1}).text,
        ]
        for said in reasons:
            for body in bodies:
                assert said not in body, f"Blue reads Red's reason {said!r}"
                checked += 1
        assert data["to_act"] == "Blue", data
        text = first_declaration(data["choices"])
        r = client.post(f"/api/games/{gid}/actions", json={"seat": blue, "actions": [text]})
        assert r.status_code == 200, r.text
    assert checked > 0, "the tactical AI gave no reason to hide"
    live = client.app.state.service.get(gid)  # type: ignore[attr-defined]
    assert live.finished
    after = client.get(f"/api/games/{gid}", params={"seat": blue}).json()
    assert any("#" in str(e.get("text", "")) or e.get("reason") for e in after["log"])
