"""Decisions sent twice and games reopened after the end, tried as an outsider would:
through HTTP only (issue 26, items 1 and 3)."""

from __future__ import annotations

import threading
from typing import Any

from fastapi.testclient import TestClient

from tests.web.helpers import first_choice, settle, tokens

ENGAGEMENT = "migs-engagement"


def hot_seat(client: TestClient) -> tuple[str, dict[str, str]]:
    r = client.post(
        "/api/games",
        json={
            "game": ENGAGEMENT,
            "seats": {"Allied": "human", "Communist": "human"},
            "options": {"first": "active"},
        },
    )
    assert r.status_code == 201, r.text
    return r.json()["id"], tokens(r.json())


def to_act(client: TestClient, gid: str, toks: dict[str, str]) -> tuple[str, dict[str, Any]]:
    """The token of the seat to act and its game JSON."""
    for token in toks.values():
        data = client.get(f"/api/games/{gid}", params={"seat": token}).json()
        if data["my_turn"]:
            return token, data
    raise AssertionError("nobody is to act")


def test_a_decision_sent_twice_is_applied_once(client: TestClient) -> None:
    gid, toks = hot_seat(client)
    token, game = to_act(client, gid, toks)
    step = first_choice(game["view"])
    body = {"seat": token, "actions": [step], "version": game["version"]}
    first = client.post(f"/api/games/{gid}/actions", json=body)
    assert first.status_code == 200, first.text
    again = client.post(f"/api/games/{gid}/actions", json=body)  # a double-click, a retry
    assert again.status_code == 409, again.text
    assert "sent twice" in again.json()["detail"]
    assert client.get(f"/api/games/{gid}").json()["decisions"] == first.json()["decisions"]
    # the version the answer carries is the one to decide at next
    token, game = to_act(client, gid, toks)
    assert game["version"] == first.json()["version"] or token != body["seat"]
    nxt = {"seat": token, "actions": [first_choice(game["view"])], "version": game["version"]}
    assert client.post(f"/api/games/{gid}/actions", json=nxt).status_code == 200


def test_the_same_decision_raced_is_applied_once(client: TestClient) -> None:
    for _round in range(20):
        gid, toks = hot_seat(client)
        token, game = to_act(client, gid, toks)
        body = {"seat": token, "actions": [first_choice(game["view"])], "version": game["version"]}
        codes: list[int] = []
        start = threading.Barrier(2)

        def send(
            body: dict[str, Any], gid: str, codes: list[int], start: threading.Barrier
        ) -> None:
            start.wait()
            codes.append(client.post(f"/api/games/{gid}/actions", json=body).status_code)

        threads = [threading.Thread(target=send, args=(body, gid, codes, start)) for _ in range(2)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert sorted(codes) == [200, 409]
        assert client.get(f"/api/games/{gid}").json()["decisions"] == 1


def test_a_decision_at_a_wrong_or_odd_version_is_refused_cleanly(client: TestClient) -> None:
    gid, toks = hot_seat(client)
    token, game = to_act(client, gid, toks)
    step = first_choice(game["view"])
    url = f"/api/games/{gid}/actions"
    for version in (game["version"] + 1, 0):
        r = client.post(url, json={"seat": token, "actions": [step], "version": version})
        assert r.status_code == 409 and "version" in r.json()["detail"]
    for version in (-1, 2**52, "5", True, 1.5):
        r = client.post(url, json={"seat": token, "actions": [step], "version": version})
        assert r.status_code == 422, (version, r.text)
    assert client.get(f"/api/games/{gid}").json()["decisions"] == 0


def test_an_undo_sent_twice_takes_back_one_move(client: TestClient) -> None:
    r = client.post(
        "/api/games",
        json={
            "game": ENGAGEMENT,
            "seats": {"Allied": "human", "Communist": "ai:random"},
            "options": {"first": "active"},
        },
    )
    gid, token = r.json()["id"], tokens(r.json())["Allied"]
    for _ in range(2):
        game = settle(client, gid, token)
        step = first_choice(game["view"])
        body = {"seat": token, "actions": [step], "version": game["version"]}
        assert client.post(f"/api/games/{gid}/actions", json=body).status_code == 200
    game = settle(client, gid, token)
    assert game["status"] == "running" and game["can_undo"]
    undo = {"seat": token, "version": game["version"]}
    first = client.post(f"/api/games/{gid}/undo", json=undo)
    assert first.status_code == 200, first.text
    again = client.post(f"/api/games/{gid}/undo", json=undo)
    assert again.status_code == 409, again.text
    assert client.get(f"/api/games/{gid}").json()["decisions"] == first.json()["decisions"]


def finished_against_the_ai(client: TestClient) -> tuple[str, str]:
    r = client.post(
        "/api/games",
        json={
            "game": ENGAGEMENT,
            "seats": {"Allied": "human", "Communist": "ai:random"},
            "options": {"first": "active", "turn_limit": 3},
        },
    )
    assert r.status_code == 201, r.text
    gid, token = r.json()["id"], tokens(r.json())["Allied"]
    for _ in range(200):
        game = settle(client, gid, token)
        if game["status"] == "finished":
            return gid, token
        body = {"seat": token, "actions": [first_choice(game["view"])]}
        assert client.post(f"/api/games/{gid}/actions", json=body).status_code == 200
    raise AssertionError("the game did not end")


def test_a_finished_game_whose_seed_is_out_is_never_reopened(client: TestClient) -> None:
    gid, token = finished_against_the_ai(client)
    record = client.get(f"/api/games/{gid}/record", params={"seat": token}).json()
    assert record["seed"] is not None and record["fairness"]["salt"]
    game = client.get(f"/api/games/{gid}", params={"seat": token}).json()
    assert game["can_undo"] is False
    before = game["decisions"]
    r = client.post(f"/api/games/{gid}/undo", json={"seat": token})
    assert r.status_code == 409, r.text
    assert "rematch" in r.json()["detail"] and "seed" in r.json()["detail"]
    after = client.get(f"/api/games/{gid}", params={"seat": token}).json()
    assert after["status"] == "finished" and after["decisions"] == before
