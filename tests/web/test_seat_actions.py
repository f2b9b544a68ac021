"""Seat actions between people, through the API as two browsers use it (and as an attacker
would): resign, offer / accept / decline a draw, propose and accept a rematch, on SQLite
and PostgreSQL. A resignation and an accepted draw are decisions of the record, so the
finished record verifies and replays to the same result; nothing one seat must not know
(the other's link, the seed of a running game) reaches it."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from airwar.core.driver import replay
from airwar.core.record import GameRecord
from airwar.session import verify_record
from airwar.session.offers import MAX_DRAW_OFFERS
from airwar.web.app import create_app
from tests.web.conftest import LOCAL, database
from tests.web.helpers import RELAXED, tokens

ENGAGEMENT = {"active": "F-86", "listed": "MiG-15", "first": "active", "turn_limit": 12}


@pytest.fixture(params=["sqlite", "postgresql"])
def host(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[TestClient]:
    """The app on a fresh SQLite file or PostgreSQL database, called as the host's browser."""
    with database(request.param, tmp_path) as url:
        app = create_app(url, limits=RELAXED)
        with TestClient(app, base_url=LOCAL) as c:
            yield c
        app.state.store.close()


def guest_of(host: TestClient) -> TestClient:
    """Another browser (its own cookie) on the same app."""
    return TestClient(host.app, base_url=str(host.base_url))


def two_people(host: TestClient, game: str = "migs-engagement") -> tuple[str, dict[str, str]]:
    """A game between the host (Communist) and a guest on another browser (Allied), made
    by the host, whose guest has opened its link (so its browser holds the seat)."""
    options = ENGAGEMENT if game == "migs-engagement" else {"sorties": 2}
    made = host.post(
        "/api/games",
        json={
            "game": game,
            "seats": {"Communist": "human", "Allied": "remote"},
            "options": options,
        },
    )
    assert made.status_code == 201, made.text
    return made.json()["id"], tokens(made.json())


def post(client: TestClient, game_id: str, route: str, body: dict[str, Any]) -> Any:
    r = client.post(f"/api/games/{game_id}/{route}", json=body)
    assert r.status_code < 500, r.text
    return r


def step(client: TestClient, game_id: str, token: str) -> dict[str, Any]:
    """The seat of ``token`` makes its first legal decision."""
    data = client.get(f"/api/games/{game_id}", params={"seat": token}).json()
    assert data["my_turn"], data["to_act"]
    acts = data["view"]["engagement"]["legal_actions"]
    r = post(client, game_id, "actions", {"seat": token, "actions": [acts[0]["action"]]})
    assert r.status_code == 200, r.text
    return dict(r.json())


def checked_record(client: TestClient, game_id: str, token: str) -> dict[str, Any]:
    """The finished game's record, verified as ``airwar verify`` does and replayed."""
    record = client.get(f"/api/games/{game_id}/record", params={"seat": token}).json()
    lines = verify_record(record)
    assert lines[0].startswith("replays:")
    return dict(record)


@pytest.mark.parametrize("game", ["migs-engagement", "migs-sabres"])
def test_a_seat_resigns_out_of_turn_and_the_record_replays_it(host: TestClient, game: str) -> None:
    game_id, tok = two_people(host, game)
    guest = guest_of(host)
    data = guest.get(f"/api/games/{game_id}", params={"seat": tok["Allied"]}).json()
    client = {"Communist": host, "Allied": guest}
    # the seat that is not to act resigns: out of turn is allowed
    quitter = "Communist" if data["to_act"] == "Allied" else "Allied"
    winner = "Allied" if quitter == "Communist" else "Communist"
    assert data["table"]["can_resign"]
    r = post(client[quitter], game_id, "resign", {"seat": tok[quitter]})
    assert r.status_code == 200, r.text
    out = r.json()
    assert out["status"] == "finished"
    assert out["view"]["ended_by"] == f"{quitter} resigned"
    assert out["view"]["returns"] == ([1.0, -1.0] if winner == "Communist" else [-1.0, 1.0])
    assert not out["table"]["can_resign"] and not out["table"]["can_offer_draw"]
    listed = {g["id"]: g for g in host.get("/api/games").json()}
    assert listed[game_id]["summary"]["ended_by"] == f"{quitter} resigned"
    assert listed[game_id]["summary"]["result"] == winner.lower()
    record = checked_record(host, game_id, tok["Communist"])
    seat = 0 if quitter == "Communist" else 1
    assert record["actions"][-1] == [seat, "resign"]
    again = replay(GameRecord.from_dict(record))
    assert again.state.is_terminal() and again.state.returns() == out["view"]["returns"]
    # a second resignation, or a draw offer or acceptance, after the end: a clear 409
    for who, route, answer in (
        ("Communist", "resign", None),
        ("Allied", "resign", None),
        ("Communist", "draw", "offer"),
        ("Allied", "draw", "accept"),
    ):
        body = {"seat": tok[who]} | ({"answer": answer} if answer else {})
        late = post(client[who], game_id, route, body)
        assert late.status_code == 409, late.text
    assert "over" in post(host, game_id, "resign", {"seat": tok["Communist"]}).json()["detail"]


def test_a_draw_offer_is_answered_once_and_the_draw_is_a_decision(host: TestClient) -> None:
    game_id, tok = two_people(host)
    guest = guest_of(host)
    guest.get(f"/api/games/{game_id}", params={"seat": tok["Allied"]})
    offered = post(host, game_id, "draw", {"seat": tok["Communist"], "answer": "offer"})
    assert offered.status_code == 200, offered.text
    mine = offered.json()["table"]
    assert mine["draw_offer"] == "Communist" and not mine["can_answer_draw"]
    # one offer at a time; the offerer cannot accept its own
    again = post(host, game_id, "draw", {"seat": tok["Communist"], "answer": "offer"})
    assert again.status_code == 409 and "stands" in again.json()["detail"]
    own = post(host, game_id, "draw", {"seat": tok["Communist"], "answer": "accept"})
    assert own.status_code == 409 and "your own" in own.json()["detail"]
    theirs = guest.get(f"/api/games/{game_id}", params={"seat": tok["Allied"]}).json()["table"]
    assert theirs["draw_offer"] == "Communist" and theirs["can_answer_draw"]
    accepted = post(guest, game_id, "draw", {"seat": tok["Allied"], "answer": "accept"})
    assert accepted.status_code == 200, accepted.text
    out = accepted.json()
    assert out["status"] == "finished" and out["view"]["ended_by"] == "drawn by agreement"
    assert out["view"]["returns"] == [0.0, 0.0]
    record = checked_record(guest, game_id, tok["Allied"])
    assert record["actions"][-1] == [1, "draw-agreed"]
    assert replay(GameRecord.from_dict(record)).state.returns() == [0.0, 0.0]


def test_a_draw_offer_lapses_when_its_seat_moves_and_offers_are_bounded(
    host: TestClient,
) -> None:
    game_id, tok = two_people(host)
    guest = guest_of(host)
    guest.get(f"/api/games/{game_id}", params={"seat": tok["Allied"]})
    draw = "draw"
    # the active plane (Communist's F-86? the host's seat moves first: first=active)
    first = host.get(f"/api/games/{game_id}", params={"seat": tok["Communist"]}).json()
    mover = first["to_act"]
    client = {"Communist": host, "Allied": guest}
    other = "Allied" if mover == "Communist" else "Communist"
    assert post(client[mover], game_id, draw, {"seat": tok[mover], "answer": "offer"}).is_success
    step(client[mover], game_id, tok[mover])  # the offerer decides: its offer lapses
    seen = client[other].get(f"/api/games/{game_id}", params={"seat": tok[other]}).json()
    assert seen["table"]["draw_offer"] is None
    lapsed = post(client[other], game_id, draw, {"seat": tok[other], "answer": "accept"})
    assert lapsed.status_code == 409 and "no draw offer stands" in lapsed.json()["detail"]
    assert seen["status"] == "running"
    # declined: not again before the offerer has decided since
    assert post(client[other], game_id, draw, {"seat": tok[other], "answer": "offer"}).is_success
    no = post(client[mover], game_id, draw, {"seat": tok[mover], "answer": "decline"})
    assert no.status_code == 200 and no.json()["table"]["draw_offer"] is None
    flood = post(client[other], game_id, draw, {"seat": tok[other], "answer": "offer"})
    assert flood.status_code == 409 and "declined" in flood.json()["detail"]


def test_a_seat_makes_only_so_many_draw_offers(host: TestClient) -> None:
    game_id, tok = two_people(host)
    guest = guest_of(host)
    guest.get(f"/api/games/{game_id}", params={"seat": tok["Allied"]})
    made, refusals = 0, []
    for _ in range(MAX_DRAW_OFFERS + 2):
        data = host.get(f"/api/games/{game_id}", params={"seat": tok["Communist"]}).json()
        while not data["my_turn"]:
            step(guest, game_id, tok["Allied"])
            data = host.get(f"/api/games/{game_id}", params={"seat": tok["Communist"]}).json()
        r = post(host, game_id, "draw", {"seat": tok["Communist"], "answer": "offer"})
        if r.status_code == 200:
            made += 1
            no = post(guest, game_id, "draw", {"seat": tok["Allied"], "answer": "decline"})
            assert no.status_code == 200, no.text
        else:
            assert r.status_code == 409, r.text
            refusals.append(r.json()["detail"])
        step(host, game_id, tok["Communist"])  # decided since: it may offer again
    assert made == MAX_DRAW_OFFERS
    assert refusals and all(f"its {MAX_DRAW_OFFERS} draw offers" in t for t in refusals)


def test_an_attacker_is_refused_with_4xx_and_never_5xx(host: TestClient) -> None:
    game_id, tok = two_people(host)
    guest = guest_of(host)
    guest.get(f"/api/games/{game_id}", params={"seat": tok["Allied"]})
    # resign for the other seat: its link is held by the other browser
    stolen = post(host, game_id, "resign", {"seat": tok["Allied"]})
    assert stolen.status_code == 403 and "seat is taken" in stolen.json()["detail"]
    for route, body, code in (
        ("resign", {"seat": "x" * 20}, 403),
        ("resign", {}, 422),
        ("resign", {"seat": tok["Communist"], "extra": 1}, 422),
        ("draw", {"seat": tok["Communist"], "answer": "maybe"}, 422),
        ("draw", {"seat": tok["Communist"], "answer": 1}, 422),
        ("draw", {"seat": tok["Communist"]}, 422),
        ("draw", {"seat": tok["Communist"], "answer": "accept"}, 409),
        ("rematch-offer", {"seat": tok["Communist"], "answer": "offer"}, 409),
        ("rematch-offer", {"seat": tok["Communist"], "answer": "accept"}, 409),
    ):
        r = post(host, game_id, route, body)
        assert r.status_code == code, (route, body, r.text)
        assert r.json()["detail"]
    assert post(host, "nosuchgame", "resign", {"seat": tok["Communist"]}).status_code == 404
    # nothing above changed the game
    data = host.get(f"/api/games/{game_id}", params={"seat": tok["Communist"]}).json()
    assert data["status"] == "running" and data["decisions"] == 0


def test_against_the_ai_a_seat_resigns_but_offers_no_draw(host: TestClient) -> None:
    made = host.post(
        "/api/games",
        json={
            "game": "migs-engagement",
            "seats": {"Communist": "human", "Allied": "ai:random"},
            "options": ENGAGEMENT,
        },
    ).json()
    tok = tokens(made)["Communist"]
    r = post(host, made["id"], "draw", {"seat": tok, "answer": "offer"})
    assert r.status_code == 409 and "AI takes no draw" in r.json()["detail"]
    table = host.get(f"/api/games/{made['id']}", params={"seat": tok}).json()["table"]
    assert table["can_resign"] and not table["can_offer_draw"]
    assert post(host, made["id"], "resign", {"seat": tok}).json()["view"]["returns"] == [-1, 1]


def test_the_guest_proposes_a_rematch_and_each_seat_gets_only_its_own_link(
    host: TestClient,
) -> None:
    game_id, tok = two_people(host)
    guest = guest_of(host)
    guest.get(f"/api/games/{game_id}", params={"seat": tok["Allied"]})
    assert post(guest, game_id, "resign", {"seat": tok["Allied"]}).is_success
    seen = guest.get(f"/api/games/{game_id}", params={"seat": tok["Allied"]}).json()["table"]
    assert not seen["rematch_direct"] and seen["can_propose_rematch"]
    hosts = host.get(f"/api/games/{game_id}", params={"seat": tok["Communist"]}).json()["table"]
    assert hosts["rematch_direct"]
    # the guest's browser cannot start it directly: it proposes
    direct = post(guest, game_id, "rematch", {"seat": tok["Allied"]})
    assert direct.status_code == 403
    assert post(
        guest, game_id, "rematch-offer", {"seat": tok["Allied"], "answer": "offer"}
    ).is_success
    twice = post(guest, game_id, "rematch-offer", {"seat": tok["Allied"], "answer": "offer"})
    assert twice.status_code == 409
    own = post(guest, game_id, "rematch-offer", {"seat": tok["Allied"], "answer": "accept"})
    assert own.status_code == 409 and "your own" in own.json()["detail"]
    asked = host.get(f"/api/games/{game_id}", params={"seat": tok["Communist"]}).json()["table"]
    assert asked["rematch_by"] == "Allied" and asked["can_accept_rematch"]
    yes = post(host, game_id, "rematch-offer", {"seat": tok["Communist"], "answer": "accept"})
    assert yes.status_code == 200, yes.text
    host_url = yes.json()["table"]["rematch_url"]
    guest_view = guest.get(f"/api/games/{game_id}", params={"seat": tok["Allied"]})
    guest_url = guest_view.json()["table"]["rematch_url"]
    assert host_url and guest_url and host_url != guest_url
    host_token, guest_token = host_url.split("seat=")[1], guest_url.split("seat=")[1]
    # each seat's answer holds its own new link only
    assert guest_token not in yes.text and host_token not in guest_view.text
    spectator = TestClient(host.app, base_url=str(host.base_url))
    watched = spectator.get(f"/api/games/{game_id}")
    assert host_token not in watched.text and guest_token not in watched.text
    assert watched.json()["table"]["rematch_url"] is None
    new_id = host_url.split("/games/")[1].split("?")[0]
    # the sides are swapped, each browser holds its own new seat, and no other
    mine = host.get(f"/api/games/{new_id}", params={"seat": host_token}).json()
    theirs = guest.get(f"/api/games/{new_id}", params={"seat": guest_token}).json()
    assert mine["seat"] == "Allied" and theirs["seat"] == "Communist"
    assert host.get(f"/api/games/{new_id}", params={"seat": guest_token}).status_code == 403
    assert guest.get(f"/api/games/{new_id}", params={"seat": host_token}).status_code == 403
    # the new game's seed is secret: its record (running) has none
    record = guest.get(f"/api/games/{new_id}/record", params={"seat": guest_token}).json()
    assert record["seed"] is None
    # the stream tells each seat that the rematch is made, never a link
    for client, seat in ((host, "Communist"), (guest, "Allied")):
        with client.stream(
            "GET", f"/api/games/{game_id}/stream", params={"seat": tok[seat]}
        ) as stream:
            line = next(x for x in stream.iter_lines() if x.startswith("data:"))
        assert host_token not in line and guest_token not in line and tok["Allied"] not in line
        told = json.loads(line[5:])["table"]
        assert told["rematch_made"] is True
        assert set(told["presence"]) <= {"Communist", "Allied"} - {seat}
        assert all(isinstance(here, bool) for here in told["presence"].values())
    # one rematch: no second one
    late = post(guest, game_id, "rematch-offer", {"seat": tok["Allied"], "answer": "offer"})
    assert late.status_code == 409 and "has been made" in late.json()["detail"]


def test_the_hosts_direct_rematch_gives_the_guest_its_own_link(host: TestClient) -> None:
    game_id, tok = two_people(host)
    guest = guest_of(host)
    guest.get(f"/api/games/{game_id}", params={"seat": tok["Allied"]})
    assert post(host, game_id, "resign", {"seat": tok["Communist"]}).is_success
    made = post(host, game_id, "rematch", {"seat": tok["Communist"]})
    assert made.status_code == 201, made.text
    new_tokens = tokens(made.json())
    seen = guest.get(f"/api/games/{game_id}", params={"seat": tok["Allied"]}).json()["table"]
    assert seen["rematch_url"].endswith("seat=" + new_tokens["Communist"])
    assert guest.get(seen["rematch_url"].replace("/games/", "/api/games/")).status_code == 200


def test_the_resignation_option_lets_the_score_decide(host: TestClient) -> None:
    """MS-35's option, chosen when the game is made: a resignation stops the game and the
    score so far decides (none in an engagement without a kill: a draw), and the rematch
    keeps the choice."""
    made = host.post(
        "/api/games",
        json={
            "game": "migs-engagement",
            "seats": {"Communist": "human", "Allied": "remote"},
            "options": ENGAGEMENT,
            "resignation": "score",
        },
    )
    assert made.status_code == 201, made.text
    game_id, tok = made.json()["id"], tokens(made.json())
    table = host.get(f"/api/games/{game_id}", params={"seat": tok["Communist"]}).json()["table"]
    assert table["resignation"] == "score"
    out = post(host, game_id, "resign", {"seat": tok["Communist"]}).json()
    assert out["status"] == "finished" and out["view"]["returns"] == [0.0, 0.0]
    assert out["view"]["ended_by"] == "Communist stopped the game; the score decides"
    record = checked_record(host, game_id, tok["Communist"])
    assert record["actions"][-1] == [0, "resign-scored"]
    again = post(host, game_id, "rematch", {"seat": tok["Communist"]})
    new_tok = tokens(again.json())["Allied"]
    new = host.get(f"/api/games/{again.json()['id']}", params={"seat": new_tok}).json()
    assert new["table"]["resignation"] == "score"


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"resignation": "forfeit"}, "resignation"),
        ({"resignation": True}, "resignation"),
    ],
)
def test_a_bad_resignation_option_is_refused(
    host: TestClient, body: dict[str, Any], field: str
) -> None:
    r = host.post(
        "/api/games",
        json={"game": "migs-engagement", "seats": {"Communist": "human"}, **body},
    )
    assert r.status_code == 422 and field in r.text


@pytest.mark.parametrize(("allied", "told"), [("remote", True), ("human", False)])
def test_a_seat_is_told_of_the_players_at_other_browsers_only(
    host: TestClient, allied: str, told: bool
) -> None:
    """Once the Communist's page has had its stream open, the Allied seat is told it is
    here, when the Allied plays at another browser; a hot-seat player (both sides at one
    browser) is told nothing of its own other seat."""
    made = host.post(
        "/api/games",
        json={
            "game": "migs-engagement",
            "seats": {"Communist": "human", "Allied": allied},
            "options": ENGAGEMENT,
        },
    ).json()
    game_id, tok = made["id"], tokens(made)
    allied_browser = guest_of(host) if allied == "remote" else host
    before = allied_browser.get(f"/api/games/{game_id}", params={"seat": tok["Allied"]})
    assert before.json()["table"]["presence"] == {}  # never seen: nothing said
    with host.stream("GET", f"/api/games/{game_id}/stream", params={"seat": tok["Communist"]}) as s:
        next(x for x in s.iter_lines() if x.startswith("data:"))
        seen = allied_browser.get(f"/api/games/{game_id}", params={"seat": tok["Allied"]})
    presence = seen.json()["table"]["presence"]
    assert presence == ({"Communist": {"here": True}} if told else {})
