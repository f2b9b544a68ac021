"""The JSON API: games created, played, refused, undone, replayed and listed."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from airwar.core.driver import replay
from airwar.core.record import GameRecord
from tests.web.helpers import first_choice, seeded_game, settle, tokens

ENGAGEMENT = "migs-engagement"


def new_game(client: TestClient, seats: dict[str, str], seed: int = 7, **options: Any) -> Any:
    """A game with known dice: through the API when one person plays, else server-side."""
    people = [k for k in seats.values() if not k.startswith("ai:")]
    if len(people) > 1:
        return seeded_game(client, ENGAGEMENT, seats, seed, **options)
    r = client.post(
        "/api/games", json={"game": ENGAGEMENT, "seats": seats, "seed": seed, "options": options}
    )
    assert r.status_code == 201, r.text
    return r.json()


def play_until_my_turn_ends(client: TestClient, gid: str, tok: str) -> dict[str, Any]:
    """Play my decisions until the move passes to the AI, then wait for its replies."""
    data = settle(client, gid, tok)
    while data["status"] == "running" and data["my_turn"]:
        r = client.post(
            f"/api/games/{gid}/actions", json={"seat": tok, "actions": [first_choice(data["view"])]}
        )
        assert r.status_code == 200, r.text
        data = r.json()
    return settle(client, gid, tok)


def test_catalog_lists_every_option_and_seat_kind(client: TestClient) -> None:
    cat = client.get("/api/catalog").json()
    game = next(g for g in cat["games"] if g["name"] == ENGAGEMENT)
    assert game["seats"] == ["Communist", "Allied"]
    names = {p["name"] for p in game["parameters"]}
    assert {"active", "listed", "first", "turn_limit"} <= names
    assert {"human", "remote", "ai:random"} <= set(cat["seat_kinds"])


def test_a_whole_engagement_against_the_ai_is_kept_in_the_store(client: TestClient) -> None:
    made = new_game(client, {"Allied": "human", "Communist": "ai:random"})
    gid, tok = made["id"], tokens(made)["Allied"]
    data: dict[str, Any] = {"status": "running"}
    for _ in range(200):
        data = play_until_my_turn_ends(client, gid, tok)
        if data["status"] == "finished":
            break
    assert data["status"] == "finished"
    listed = {g["id"]: g for g in client.get("/api/games").json()}
    assert listed[gid]["status"] == "finished"
    assert listed[gid]["decisions"] == data["decisions"]
    record = GameRecord.from_dict(client.get(f"/api/games/{gid}/record").json())
    assert replay(record).state.is_terminal()


def test_a_path_is_applied_whole_or_not_at_all(client: TestClient) -> None:
    made = new_game(client, {"Allied": "human", "Communist": "human"}, first="active")
    gid, tok = made["id"], tokens(made)["Allied"]
    before = client.get(f"/api/games/{gid}", params={"seat": tok}).json()
    assert before["to_act"] == "Allied"
    r = client.post(
        f"/api/games/{gid}/actions", json={"seat": tok, "actions": ["F", "F", "WR", "WR"]}
    )
    assert r.status_code == 409
    assert "step 4 (WR)" in r.json()["detail"]
    after = client.get(f"/api/games/{gid}", params={"seat": tok}).json()
    assert after["decisions"] == before["decisions"] == 0
    assert after["view"] == before["view"]
    r = client.post(f"/api/games/{gid}/actions", json={"seat": tok, "actions": ["F", "F"]})
    assert r.status_code == 200
    assert r.json()["view"]["engagement"]["planes"]["active"]["square"] == "a3"


@pytest.mark.parametrize(
    ("body", "status", "field"),
    [
        ({"actions": ["X"]}, 422, "actions"),
        ({"actions": []}, 422, "actions"),
        ({"actions": ["F"], "extra": 1}, 422, "extra"),
        ({"actions": ["F"] * 65}, 422, "actions"),
    ],
)
def test_bad_actions_are_refused_with_the_field(
    client: TestClient, body: dict[str, Any], status: int, field: str
) -> None:
    made = new_game(client, {"Allied": "human", "Communist": "human"}, first="active")
    gid, tok = made["id"], tokens(made)["Allied"]
    r = client.post(f"/api/games/{gid}/actions", json={"seat": tok, **body})
    assert r.status_code == status
    assert field in str(r.json()["detail"])
    assert client.get(f"/api/games/{gid}", params={"seat": tok}).json()["decisions"] == 0


def test_wrong_seat_and_out_of_turn_are_refused(client: TestClient) -> None:
    made = new_game(client, {"Allied": "human", "Communist": "remote"}, first="active")
    gid, toks = made["id"], tokens(made)
    r = client.post(f"/api/games/{gid}/actions", json={"seat": toks["Communist"], "actions": ["F"]})
    assert r.status_code == 409
    assert "not Communist's turn" in r.json()["detail"]
    r = client.post(f"/api/games/{gid}/actions", json={"seat": "A" * 22, "actions": ["F"]})
    assert r.status_code == 403
    # without a seat link a page is a spectator: it sees the open board, and nothing to act on
    watcher = client.get(f"/api/games/{gid}")
    assert watcher.status_code == 200
    assert watcher.json()["seat"] is None and watcher.json()["choices"] == {}
    assert client.get(f"/api/games/{gid}", params={"seat": toks["Communist"]}).status_code == 200


def test_unknown_game_is_404_everywhere(client: TestClient) -> None:
    for r in (
        client.get("/api/games/nosuchgame"),
        client.get("/api/games/nosuchgame/replay"),
        client.get("/api/games/nosuchgame/record"),
        client.post("/api/games/nosuchgame/actions", json={"seat": "A" * 22, "actions": ["F"]}),
        client.post("/api/games/nosuchgame/undo", json={"seat": "A" * 22}),
        client.get("/games/nosuchgame"),
    ):
        assert r.status_code == 404
        assert "nosuchgame" in r.json()["detail"]


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"game": "chess"}, "game"),
        ({"game": ENGAGEMENT, "options": {"turn_limit": -1}}, "options"),
        ({"game": ENGAGEMENT, "options": {"listed": "F-84"}}, "options"),
        ({"game": ENGAGEMENT, "options": {"wings": 3}}, "options"),
        ({"game": ENGAGEMENT, "seats": {"Soviet": "human"}}, "seats"),
        ({"game": ENGAGEMENT, "seats": {"Allied": "ai:nobody"}}, "seats"),
        ({"game": ENGAGEMENT, "seed": -1}, "seed"),
    ],
)
def test_bad_new_games_are_refused_and_nothing_is_saved(
    client: TestClient, body: dict[str, Any], field: str
) -> None:
    r = client.post("/api/games", json=body)
    assert r.status_code == 422
    assert field in str(r.json()["detail"])
    assert client.get("/api/games").json() == []


def test_undo_takes_back_my_decision_and_the_same_rolls_come_back(client: TestClient) -> None:
    made = new_game(client, {"Allied": "human", "Communist": "ai:random"}, seed=11)
    gid, tok = made["id"], tokens(made)["Allied"]
    data = settle(client, gid, tok)
    # the decision count as each of my moves began, seen from outside: at least two moves
    starts: list[int] = []
    while data["status"] == "running" and data["my_turn"] and len(starts) < 3:
        starts.append(data["decisions"])
        data = play_until_my_turn_ends(client, gid, tok)
    assert len(starts) >= 2 and starts[0] < starts[1] < data["decisions"], starts
    done = data
    r = client.post(f"/api/games/{gid}/undo", json={"seat": tok})
    assert r.status_code == 200
    undone = r.json()
    assert undone["my_turn"]
    # exactly my last move and the AI's replies to it are gone, no more, no less
    assert undone["decisions"] == starts[-1]
    # the position and every roll before the undone decision are as they were
    again = client.get(f"/api/games/{gid}/replay", params={"step": undone["decisions"]}).json()
    assert again["log"] == undone["log"]
    assert done["log"][: len(undone["log"])] == undone["log"]
    # a second undo takes back the move before it
    r = client.post(f"/api/games/{gid}/undo", json={"seat": tok})
    assert r.status_code == 200
    assert r.json()["decisions"] == starts[-2]


def test_undo_is_refused_against_another_person(client: TestClient) -> None:
    made = new_game(client, {"Allied": "human", "Communist": "remote"}, first="active")
    gid, toks = made["id"], tokens(made)
    client.post(f"/api/games/{gid}/actions", json={"seat": toks["Allied"], "actions": ["F"]})
    r = client.post(f"/api/games/{gid}/undo", json={"seat": toks["Allied"]})
    assert r.status_code == 409
    assert "against the AI" in r.json()["detail"]


def test_replay_steps_through_the_game(client: TestClient) -> None:
    made = new_game(client, {"Allied": "human", "Communist": "human"}, first="active")
    gid, tok = made["id"], tokens(made)["Allied"]
    client.post(f"/api/games/{gid}/actions", json={"seat": tok, "actions": ["F", "R"]})
    squares = []
    for step in range(3):
        r = client.get(f"/api/games/{gid}/replay", params={"step": step})
        assert r.status_code == 200
        body = r.json()
        assert body["steps"] == 2
        squares.append(body["view"]["engagement"]["planes"]["active"]["square"])
    assert squares == ["a1", "a2", "b3"]
    assert client.get(f"/api/games/{gid}/replay", params={"step": 3}).status_code == 409


def test_pages_render(client: TestClient) -> None:
    made = new_game(client, {"Allied": "human", "Communist": "ai:random"})
    gid = made["id"]
    assert "New game" in client.get("/").text
    assert 'data-game="migs-engagement"' in client.get(f"/games/{gid}").text
    assert "Replay" in client.get(f"/games/{gid}/replay").text
    r = client.get(f"/games/{gid}/resume", follow_redirects=False)
    assert r.status_code == 303
    assert r.headers["location"] == made["links"][0]["url"]
    r = client.get(f"/games/{gid}/resume", params={"to": "replay"}, follow_redirects=False)
    assert r.headers["location"].startswith(f"/games/{gid}/replay?seat=")
    assert client.get(f"/games/{gid}/resume", params={"to": "x"}).status_code == 422


def test_two_seats_at_one_browser_share_their_links(client: TestClient) -> None:
    """Hot seat: each human seat's page knows the other's link; a remote seat's does not."""
    made = new_game(client, {"Allied": "human", "Communist": "human"}, first="active")
    gid, toks = made["id"], tokens(made)
    urls = {link["seat"]: link["url"] for link in made["links"]}
    allied = client.get(f"/api/games/{gid}", params={"seat": toks["Allied"]}).json()
    assert allied["hotseat"] == {"Communist": urls["Communist"]}
    made = new_game(client, {"Allied": "human", "Communist": "remote"}, first="active")
    gid, toks = made["id"], tokens(made)
    # the host finds the link to send to the player on the other browser until it is opened
    host = client.get(f"/api/games/{gid}", params={"seat": toks["Allied"]}).json()
    remote_url = next(x["url"] for x in made["links"] if x["seat"] == "Communist")
    assert host["hotseat"] == {}
    assert (host["invites"], host["joined"]) == ({"Communist": remote_url}, [])
    with TestClient(client.app, base_url=str(client.base_url)) as guest_browser:
        guest = guest_browser.get(f"/api/games/{gid}", params={"seat": toks["Communist"]}).json()
    assert (guest["hotseat"], guest["invites"], guest["joined"]) == ({}, {}, [])
    host = client.get(f"/api/games/{gid}", params={"seat": toks["Allied"]}).json()
    assert (host["invites"], host["joined"]) == ({}, ["Communist"])
