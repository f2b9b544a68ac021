"""Hints are a seat's setting: the server never sends the solver's numbers to a seat
that has them off. Read through HTTP, as any client would.

A real solve of a reduced matchup (the ``cached`` fixture) is in the cache, so
every ``null`` below is the setting at work, not a missing solution.
"""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.web.helpers import settle, tokens

OPTIONS = {"active": "Yak-9", "listed": "F-51", "turn_limit": 1, "first": "active"}


def new_game(
    client: TestClient, seats: dict[str, str], hints: dict[str, str] | None = None
) -> tuple[dict[str, Any], dict[str, str]]:
    body: dict[str, Any] = {"game": "migs-engagement", "seats": seats, "options": OPTIONS}
    if "remote" not in seats.values() and list(seats.values()).count("human") == 1:
        body["seed"] = 11
    if hints is not None:
        body["hints"] = hints
    made = client.post("/api/games", json=body)
    assert made.status_code == 201, made.text
    return made.json(), tokens(made.json())


def read(client: TestClient, game_id: str, token: str | None) -> dict[str, Any]:
    params = {"seat": token} if token else {}
    r = client.get(f"/api/games/{game_id}", params=params)
    assert r.status_code == 200, r.text
    data: dict[str, Any] = r.json()
    return data


def no_hints(data: dict[str, Any]) -> None:
    """No solver value, kill chance of optimal play or best move anywhere in the JSON."""
    assert data["solver"] is None
    text = str(data)
    for word in ("p_kill_active", "p_kill_listed", "move_details", "'best'"):
        assert word not in text


@pytest.mark.usefixtures("cached")
@pytest.mark.parametrize(
    "seats",
    [
        {"Communist": "human", "Allied": "remote"},
        {"Communist": "human", "Allied": "human"},
    ],
)
def test_a_game_between_people_sends_no_hints_to_any_seat(
    client: TestClient, seats: dict[str, str]
) -> None:
    made, tok = new_game(client, seats)
    for name in seats:
        data = read(client, made["id"], tok[name])
        assert data["hints"] == "off"
        no_hints(data)
    no_hints(read(client, made["id"], None))


@pytest.mark.usefixtures("cached")
def test_against_the_ai_hints_are_off_unless_chosen(client: TestClient) -> None:
    made, tok = new_game(client, {"Communist": "human", "Allied": "ai:random"})
    data = read(client, made["id"], tok["Communist"])
    assert data["my_turn"] and data["hints"] == "off"
    no_hints(data)


@pytest.mark.usefixtures("cached")
def test_always_sends_every_number_and_a_spectator_gets_none(client: TestClient) -> None:
    made, tok = new_game(
        client, {"Communist": "human", "Allied": "ai:random"}, {"Communist": "always"}
    )
    data = read(client, made["id"], tok["Communist"])
    assert data["hints"] == "always"
    info = data["solver"]
    assert info is not None and info["best"] is not None and info["moves"]
    # another browser without the link: a spectator, no hints
    other = TestClient(client.app, base_url=str(client.base_url))
    no_hints(read(other, made["id"], None))


@pytest.mark.usefixtures("cached")
def test_after_my_move_sends_no_advice_while_it_is_my_turn(client: TestClient) -> None:
    made, tok = new_game(
        client, {"Communist": "human", "Allied": "ai:random"}, {"Communist": "after"}
    )
    data = read(client, made["id"], tok["Communist"])
    assert data["my_turn"] and data["hints"] == "after"
    no_hints(data)
    # a whole move, then the position it left is valued (never a move to make)
    while data["my_turn"] and data["status"] == "running":
        step = data["view"]["engagement"]["legal_actions"][0]["action"]
        r = client.post(
            f"/api/games/{made['id']}/actions",
            json={"seat": tok["Communist"], "actions": [step]},
        )
        assert r.status_code == 200, r.text
        data = r.json()
    # the AI replies in the background: the answer to the move is the position it left
    assert data["status"] == "running" and not data["my_turn"]
    info = data["solver"]
    assert info is not None
    assert info["moves"] == {} and info["move_details"] == {} and info["best"] is None
    settle(client, made["id"], tok["Communist"])


@pytest.mark.usefixtures("cached")
def test_hints_go_once_the_game_is_over(client: TestClient) -> None:
    made, tok = new_game(
        client, {"Communist": "human", "Allied": "ai:random"}, {"Communist": "always"}
    )
    data = read(client, made["id"], tok["Communist"])
    for _ in range(200):
        if data["status"] == "finished":
            break
        if data["my_turn"]:
            acts = data["view"]["engagement"]["legal_actions"]
            choice = "fire" if any(a["action"] == "fire" for a in acts) else acts[0]["action"]
            r = client.post(
                f"/api/games/{made['id']}/actions",
                json={"seat": tok["Communist"], "actions": [choice]},
            )
            assert r.status_code == 200, r.text
        data = settle(client, made["id"], tok["Communist"])
    assert data["status"] == "finished"
    assert data["hints"] == "off"
    # no advice any more; only the rating of the seat's last move stays beside the result
    # (MS-33): a move already made, as the review open to all then rates it (MS-32)
    last = data["move_review"]
    assert last is not None and last["plane"] == "Yak-9"
    no_hints({**data, "move_review": None})


@pytest.mark.parametrize(
    ("seats", "hints", "where", "says"),
    [
        (
            {"Communist": "human", "Allied": "remote"},
            {"Communist": "always"},
            "hints",
            "between people",
        ),
        (
            {"Communist": "human", "Allied": "ai:random"},
            {"Allied": "after"},
            "hints",
            "only a seat played here by a person",
        ),
        (
            {"Communist": "human", "Allied": "ai:random"},
            {"Pilot": "always"},
            "hints",
            "unknown seat 'Pilot'",
        ),
        ({"Communist": "human", "Allied": "ai:random"}, {"Communist": "sometimes"}, "hints", ""),
        ({"Communist": "human", "Allied": "ai:random"}, {"Communist": 1}, "hints", ""),
        (
            {"Communist": "human", "Allied": "ai:random"},
            {f"s{i}": "off" for i in range(9)},
            "hints",
            "",
        ),
    ],
)
def test_bad_hint_settings_are_refused_with_the_field_and_the_reason(
    client: TestClient, seats: dict[str, str], hints: dict[str, Any], where: str, says: str
) -> None:
    body = {"game": "migs-engagement", "seats": seats, "hints": hints}
    r = client.post("/api/games", json=body)
    assert r.status_code == 422, r.text
    detail = r.json()["detail"]
    assert detail[0]["loc"][:2] == ["body", where]
    assert says in detail[0]["msg"]
    assert client.get("/api/games").json() == []  # nothing was made


def take_my_move(client: TestClient, game_id: str, token: str) -> list[dict[str, Any]]:
    """One whole move of the Communist plane, a step at a time; each answer in order."""
    answers = []
    data = read(client, game_id, token)
    assert data["my_turn"]
    while data["my_turn"] and data["status"] == "running":
        step = data["view"]["engagement"]["legal_actions"][-1]["action"]
        r = client.post(f"/api/games/{game_id}/actions", json={"seat": token, "actions": [step]})
        assert r.status_code == 200, r.text
        data = r.json()
        answers.append(data)
    return answers


@pytest.mark.usefixtures("cached")
@pytest.mark.parametrize("mode", ["after", "always"])
def test_once_my_move_is_made_it_is_rated_and_stays_until_my_next(
    client: TestClient, mode: str
) -> None:
    """With its hints on, a seat gets its last finished move rated (value before and after,
    the best move, each decision's mark as the analysis gives it), never a move half made,
    and the same review until its next move is finished."""
    made, tok = new_game(
        client,
        {"Communist": "human", "Allied": "ai:random"},
        {"Communist": mode},
    )
    gid, me = made["id"], tok["Communist"]
    start = read(client, gid, me)
    assert start["move_review"] is None  # no move made yet
    answers = take_my_move(client, gid, me)
    # while the move is being flown, nothing about it is said
    for half in answers[:-1]:
        assert half["my_turn"] and half["move_review"] is None
    done = answers[-1]
    review = done["move_review"]
    assert review is not None
    assert review["plane"] == "Yak-9" and review["role"] == "active" and review["turn"] == 1
    assert len(review["path"]) == len(answers)
    assert review["best_path"] and review["scoring"] == "kills"
    # Yak-9 v F-51 with one turn each: nobody can be shot down (test_solver_values.py
    # works it by hand), so every value is 0 and nothing is lost or marked
    assert review["before"] == 0.0 and review["after"] == 0.0 and review["loss"] == 0.0
    assert review["mark"] is None
    assert [d["index"] for d in review["decisions"]] == list(range(1, len(answers) + 1))
    assert all(d["loss"] == 0.0 and d["mark"] is None for d in review["decisions"])
    # the AI answers and the engagement ends (one turn each): the rating of the last move
    # stays beside the result, though no other hint does
    later = settle(client, gid, me)
    assert later["status"] == "finished" and later["hints"] == "off"
    assert later["solver"] is None
    assert later["move_review"] == review
    other = TestClient(client.app, base_url=str(client.base_url))
    assert read(other, gid, None)["move_review"] is None  # a spectator: no hints


@pytest.mark.usefixtures("cached")
def test_no_review_with_hints_off_or_between_people(client: TestClient) -> None:
    for seats, hints in (
        ({"Communist": "human", "Allied": "ai:random"}, None),
        ({"Communist": "human", "Allied": "remote"}, None),
    ):
        made, tok = new_game(client, seats, hints)
        gid = made["id"]
        take_my_move(client, gid, tok["Communist"])
        assert read(client, gid, tok["Communist"])["move_review"] is None
