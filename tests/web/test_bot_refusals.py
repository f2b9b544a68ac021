"""A bot that does not play a game is refused by the browser app with a 4xx naming the bot
and the game, and the bots each game offers its seats are those it offered before the
bots said which games they play."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

GS_TITLE = "Gunslingers: Expanded Sequence of Play"
MIGS_BOTS = ["expert", "heuristic", "mcts", "random"]
GS_BOTS = ["random", "gunslingers-auto", "tactical", "tactical:easy", "tactical:hard"]


@pytest.mark.parametrize("bot", ["mcts", "expert", "heuristic"])
def test_a_migs_bot_at_a_gunslingers_seat_is_refused_naming_both(
    client: TestClient, bot: str
) -> None:
    made = client.post(
        "/api/gunslingers/games",
        json={"example": "dogfight-2v2.toml", "seats": {"Red": f"ai:{bot}"}},
    )
    assert made.status_code == 422, made.text
    said = str(made.json()["detail"])
    assert f"seat Red: the {bot} bot plays MiGs and Sabres games only, not {GS_TITLE}" in said
    assert client.get("/api/games").json() == []


@pytest.mark.parametrize("bot", ["tactical", "gunslingers-auto"])
def test_a_gunslingers_bot_at_a_migs_seat_is_refused_naming_both(
    client: TestClient, bot: str
) -> None:
    made = client.post(
        "/api/games", json={"game": "migs-engagement", "seats": {"Communist": f"ai:{bot}"}}
    )
    assert made.status_code == 422, made.text
    said = str(made.json()["detail"])
    assert f"the {bot} bot plays Gunslingers only, not MiGs and Sabres: one engagement" in said
    assert client.get("/api/games").json() == []


def test_the_bots_offered_for_each_game_are_unchanged(client: TestClient) -> None:
    catalog = client.get("/api/catalog").json()
    assert catalog["bots"] == sorted([*MIGS_BOTS, *GS_BOTS[1:]])
    migs = [g for g in catalog["games"] if g["name"] in ("migs-sabres", "migs-engagement")]
    assert len(migs) == 2  # (another test's toy game may be registered in this process too)
    for game in migs:
        assert game["seat_kinds"] == ["human", "remote", *(f"ai:{b}" for b in MIGS_BOTS)]
    preview = client.post("/api/gunslingers/preview", json={"example": "dogfight-2v2.toml"})
    kinds = preview.json()["seat_kinds"]
    assert kinds["Blue"] == kinds["Red"] == ["human", "remote", *(f"ai:{b}" for b in GS_BOTS)]
