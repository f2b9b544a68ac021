"""``POST /api/games/{id}/rematch``: the same options and players with the sides swapped, once
the game is over, for the browser that made it; everything else is refused with a reason."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from tests.web.helpers import seeded_game, settle, tokens


def finish(client: TestClient, game_id: str, token: str) -> dict[str, Any]:
    """Play the person's seat (fire when it can, else the first step) until the end."""
    data = settle(client, game_id, token)
    for _ in range(300):
        if data["status"] == "finished":
            return data
        if data["my_turn"]:
            acts = data["view"]["engagement"]["legal_actions"]
            choice = "fire" if any(a["action"] == "fire" for a in acts) else acts[0]["action"]
            r = client.post(
                f"/api/games/{game_id}/actions", json={"seat": token, "actions": [choice]}
            )
            assert r.status_code == 200, r.text
        data = settle(client, game_id, token)
    raise AssertionError("the game did not end")


def test_a_rematch_swaps_the_sides_and_keeps_the_options_and_hints(client: TestClient) -> None:
    options = {"active": "F-86", "listed": "MiG-15", "turn_limit": 2, "first": "active"}
    made = client.post(
        "/api/games",
        json={
            "game": "migs-engagement",
            "seats": {"Communist": "human", "Allied": "ai:random"},
            "options": options,
            "hints": {"Communist": "after"},
        },
    ).json()
    tok = tokens(made)["Communist"]
    # not before the end
    early = client.post(f"/api/games/{made['id']}/rematch", json={"seat": tok})
    assert early.status_code == 409
    assert "still being played" in early.json()["detail"]
    finish(client, made["id"], tok)
    r = client.post(f"/api/games/{made['id']}/rematch", json={"seat": tok})
    assert r.status_code == 201, r.text
    new = r.json()
    assert new["id"] != made["id"] and new["commitment"] != made["commitment"]
    links = {link["seat"]: link for link in new["links"]}
    assert set(links) == {"Allied"} and links["Allied"]["kind"] == "human"
    data = client.get(f"/api/games/{new['id']}", params={"seat": tokens(new)["Allied"]}).json()
    assert data["seats"] == {"Communist": "ai:random", "Allied": "human"}
    assert data["hints"] == "after"
    record = client.get(f"/api/games/{new['id']}/record", params={"seat": tokens(new)["Allied"]})
    assert record.json()["options"] == {**record.json()["options"], **options}


def test_a_rematch_between_two_browsers_gives_the_host_both_new_links(
    client: TestClient,
) -> None:
    made = seeded_game(
        client,
        "migs-engagement",
        {"Communist": "human", "Allied": "remote"},
        5,
        turn_limit=1,
        first="active",
    )
    tok = tokens(made)
    # the guest's browser opens its link first, and so holds the Allied seat
    other = TestClient(client.app, base_url=str(client.base_url))
    data = other.get(f"/api/games/{made['id']}", params={"seat": tok["Allied"]}).json()
    browsers = {"Communist": client, "Allied": other}
    for _ in range(100):
        if data["status"] == "finished":
            break
        seat = data["to_act"]
        mine = browsers[seat].get(f"/api/games/{made['id']}", params={"seat": tok[seat]}).json()
        acts = mine["view"]["engagement"]["legal_actions"]
        choice = "fire" if any(a["action"] == "fire" for a in acts) else acts[0]["action"]
        r = browsers[seat].post(
            f"/api/games/{made['id']}/actions", json={"seat": tok[seat], "actions": [choice]}
        )
        assert r.status_code == 200, r.text
        data = r.json()
    assert data["status"] == "finished"
    # the second browser may not start it (it would get the host's new link)
    refused = other.post(f"/api/games/{made['id']}/rematch", json={"seat": tok["Allied"]})
    assert refused.status_code == 403
    assert "browser that created this game" in refused.json()["detail"]
    r = client.post(f"/api/games/{made['id']}/rematch", json={"seat": tok["Communist"]})
    assert r.status_code == 201, r.text
    kinds = {link["seat"]: link["kind"] for link in r.json()["links"]}
    assert kinds == {"Communist": "remote", "Allied": "human"}
    # each player's browser holds the seat it takes in the rematch, and only that browser
    new, new_tok = r.json()["id"], tokens(r.json())
    assert other.get(f"/api/games/{new}", params={"seat": new_tok["Communist"]}).status_code == 200
    assert client.get(f"/api/games/{new}", params={"seat": new_tok["Allied"]}).status_code == 200
    for browser, seat in ((client, "Communist"), (other, "Allied")):
        taken = browser.get(f"/api/games/{new}", params={"seat": new_tok[seat]})
        assert taken.status_code == 403 and "seat is taken" in taken.json()["detail"]
    third = TestClient(client.app, base_url=str(client.base_url))
    for seat in ("Communist", "Allied"):
        assert third.get(f"/api/games/{new}", params={"seat": new_tok[seat]}).status_code == 403


def test_bad_rematch_requests_are_refused_with_a_reason(client: TestClient) -> None:
    made = client.post(
        "/api/games",
        json={"game": "migs-engagement", "seats": {"Communist": "human", "Allied": "ai:random"}},
    ).json()
    url = f"/api/games/{made['id']}/rematch"
    wrong = client.post(url, json={"seat": "x" * 20})
    assert wrong.status_code == 403
    assert "does not play any seat" in wrong.json()["detail"]
    missing = client.post("/api/games/nosuchgame/rematch", json={"seat": "x" * 20})
    assert missing.status_code == 404
    for body, field in (
        ({}, "seat"),
        ({"seat": "short"}, "seat"),
        ({"seat": "y" * 65}, "seat"),
        ({"seat": tokens(made)["Communist"], "extra": 1}, "extra"),
    ):
        r = client.post(url, json=body)
        assert r.status_code == 422, (body, r.text)
        assert field in str(r.json()["detail"])
    assert len(client.get("/api/games").json()) == 1  # nothing new was made
