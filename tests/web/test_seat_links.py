"""Claim-once seat links, tried as an attacker would through HTTP, in both games.

The first browser to open a seat link holds the seat. The creator who handed the link
out, a third browser and a request with no browser cookie are then refused with the
same clear message on every route that reads or acts for a seat, and shown nothing of
it. Only the holder moves its seat, with a move link that works once; a rematch gives
each player's browser its new seat; a restarted server keeps who holds what. With the
default Gunslingers seats, no referee link exists and the automatic referee decides,
a GS-14 result among its decisions (GS-70).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from airwar.games.gunslingers.autoplayer import auto_decision
from airwar.web.app import create_app
from tests.games.gunslingers.scenario_builder import scenario, seat_text
from tests.web.conftest import LOCAL
from tests.web.helpers import BROWSER_COOKIE, RELAXED, seeded_game, settle, tokens

TAKEN = "seat is taken"

GAMES = {
    "migs": (
        "/api/games",
        {
            "game": "migs-engagement",
            "seats": {"Allied": "human", "Communist": "remote"},
            "options": {"first": "active"},
        },
        "Allied",
        "Communist",
    ),
    "gunslingers": ("/api/gunslingers/games", {"example": "dogfight-2v2.toml"}, "Blue", "Red"),
}
"""Each game with its default seats for two browsers: the create route and body, the
host's seat and the guest's."""


@pytest.fixture
def url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'seats.sqlite'}"


@pytest.fixture
def browsers(url: str) -> Iterator[Callable[[], TestClient]]:
    """New browsers (each its own cookies) on one app on a fresh SQLite file."""
    app = create_app(url, limits=RELAXED)
    made: list[TestClient] = []

    def new() -> TestClient:
        c = TestClient(app, base_url=LOCAL)
        c.__enter__()
        made.append(c)
        return c

    yield new
    for c in made:
        c.__exit__(None, None, None)
    app.state.store.close()


def start(host: TestClient, game: str) -> tuple[str, dict[str, str], dict[str, Any], str, str]:
    route, body, mine, theirs = GAMES[game]
    made = host.post(route, json=body)
    assert made.status_code == 201, made.text
    return made.json()["id"], tokens(made.json()), made.json(), mine, theirs


def routes(gid: str, tok: str) -> dict[str, Callable[[TestClient], httpx.Response]]:
    """Every route that reads or acts for the seat of a link, as one request each."""
    seat = {"seat": tok}
    return {
        "game JSON": lambda c: c.get(f"/api/games/{gid}", params=seat),
        "actions": lambda c: c.post(f"/api/games/{gid}/actions", json={**seat, "actions": ["x"]}),
        "undo": lambda c: c.post(f"/api/games/{gid}/undo", json=seat),
        "stream": lambda c: c.get(f"/api/games/{gid}/stream", params=seat),
        "replay": lambda c: c.get(f"/api/games/{gid}/replay", params={**seat, "step": 0}),
        "record": lambda c: c.get(f"/api/games/{gid}/record", params=seat),
        "rematch": lambda c: c.post(f"/api/games/{gid}/rematch", json=seat),
        "move": lambda c: c.post(f"/api/games/{gid}/move", json=seat),
        "play page": lambda c: c.get(f"/games/{gid}", params=seat),
        "replay page": lambda c: c.get(f"/games/{gid}/replay", params=seat),
    }


def assert_refused(r: httpx.Response, where: str, secrets: list[str]) -> None:
    """A 403 that says the seat is taken, and carries nothing of the game."""
    assert r.status_code == 403, (where, r.status_code, r.text[:300])
    assert TAKEN in r.text, (where, r.text[:300])
    for word in ('"view"', '"log"', '"actions"', '"choices"', "data-game=", *secrets):
        assert word not in r.text, (where, word)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_claimed_link_shows_nothing_to_its_creator_nor_to_anyone_else(
    browsers: Callable[[], TestClient], game: str
) -> None:
    host, guest, third = browsers(), browsers(), browsers()
    gid, toks, _made, mine, theirs = start(host, game)
    # the guest opens its link: the page is its seat's, and it holds the seat from now on
    page = guest.get(f"/games/{gid}", params={"seat": toks[theirs]})
    assert page.status_code == 200 and BROWSER_COOKIE in guest.cookies
    assert guest.get(f"/api/games/{gid}", params={"seat": toks[theirs]}).json()["seat"] == theirs
    nobody = TestClient(host.app, base_url=LOCAL)
    for name, call in routes(gid, toks[theirs]).items():
        for who, c in (("creator", host), ("third browser", third), ("no cookie", nobody)):
            if who == "no cookie":
                c.cookies.clear()
            assert_refused(call(c), f"{who}, {name}", [toks[mine]])
    # the analysis of a running game is open to nobody, seat or none
    assert host.post(f"/api/games/{gid}/analysis").status_code == 409
    # the guest still plays its seat, and the host's own seat is the host's only
    assert guest.get(f"/api/games/{gid}", params={"seat": toks[theirs]}).status_code == 200
    for c in (guest, third):
        assert_refused(c.get(f"/api/games/{gid}", params={"seat": toks[mine]}), "host's", [])


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_host_sees_joined_instead_of_the_link(
    browsers: Callable[[], TestClient], game: str
) -> None:
    host, guest = browsers(), browsers()
    gid, toks, made, mine, theirs = start(host, game)
    link = next(x["url"] for x in made["links"] if x["seat"] == theirs)
    before = host.get(f"/api/games/{gid}", params={"seat": toks[mine]}).json()
    assert (before["invites"], before["joined"]) == ({theirs: link}, [])
    guest.get(f"/games/{gid}", params={"seat": toks[theirs]})
    after = host.get(f"/api/games/{gid}", params={"seat": toks[mine]}).json()
    assert (after["invites"], after["joined"]) == ({}, [theirs])
    assert toks[theirs] not in json.dumps(after)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_only_the_holder_moves_its_seat_and_the_move_link_works_once(
    browsers: Callable[[], TestClient], game: str
) -> None:
    host, guest, tablet, thief = browsers(), browsers(), browsers(), browsers()
    gid, toks, _made, mine, theirs = start(host, game)
    guest.get(f"/api/games/{gid}", params={"seat": toks[theirs]})
    # nobody but the holder may ask for a move link of the seat
    for c in (host, tablet):
        assert_refused(c.post(f"/api/games/{gid}/move", json={"seat": toks[theirs]}), "move", [])
    moved = guest.post(f"/api/games/{gid}/move", json={"seat": toks[theirs]})
    assert moved.status_code == 200, moved.text
    assert moved.json()["seat"] == theirs
    move_url = moved.json()["url"]
    assert toks[theirs] not in move_url
    # the tablet opens the move link: it is sent to the seat's page and holds the seat
    opened = tablet.get(move_url, follow_redirects=False)
    assert opened.status_code == 303
    assert opened.headers["location"] == f"/games/{gid}?seat={toks[theirs]}"
    assert tablet.get(f"/api/games/{gid}", params={"seat": toks[theirs]}).status_code == 200
    # the old browser has lost it, on every route
    for name, call in routes(gid, toks[theirs]).items():
        assert_refused(call(guest), f"old holder, {name}", [])
    # the move link works once, whoever opens it next (the tablet too)
    for c in (thief, guest, tablet):
        again = c.get(move_url, follow_redirects=False)
        assert again.status_code == 403 and "move link has been used" in again.text
    assert tablet.get(f"/api/games/{gid}", params={"seat": toks[theirs]}).status_code == 200
    # a newer move link replaces an older one
    first = tablet.post(f"/api/games/{gid}/move", json={"seat": toks[theirs]}).json()["url"]
    second = tablet.post(f"/api/games/{gid}/move", json={"seat": toks[theirs]}).json()["url"]
    assert thief.get(first, follow_redirects=False).status_code == 403
    assert thief.get(second, follow_redirects=False).status_code == 303
    assert_refused(tablet.get(f"/api/games/{gid}", params={"seat": toks[theirs]}), "moved", [])
    # the host moves its own seat the same way
    hosted = host.post(f"/api/games/{gid}/move", json={"seat": toks[mine]}).json()["url"]
    assert tablet.get(hosted, follow_redirects=False).status_code == 303
    assert_refused(host.get(f"/api/games/{gid}", params={"seat": toks[mine]}), "host moved", [])


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_restarted_server_keeps_who_holds_each_seat(url: str, game: str) -> None:
    first = create_app(url, limits=RELAXED)
    with TestClient(first, base_url=LOCAL) as host, TestClient(first, base_url=LOCAL) as guest:
        gid, toks, _made, mine, theirs = start(host, game)
        assert guest.get(f"/games/{gid}", params={"seat": toks[theirs]}).status_code == 200
        cookies = {"host": dict(host.cookies), "guest": dict(guest.cookies)}
    first.state.store.close()
    again = create_app(url, limits=RELAXED)  # a new server on the same database
    with TestClient(again, base_url=LOCAL) as host, TestClient(again, base_url=LOCAL) as guest:
        host.cookies.update(cookies["host"])
        guest.cookies.update(cookies["guest"])
        assert guest.get(f"/api/games/{gid}", params={"seat": toks[theirs]}).status_code == 200
        assert host.get(f"/api/games/{gid}", params={"seat": toks[mine]}).status_code == 200
        assert_refused(host.get(f"/api/games/{gid}", params={"seat": toks[theirs]}), "host", [])
        assert_refused(guest.get(f"/api/games/{gid}", params={"seat": toks[mine]}), "guest", [])
    again.state.store.close()


def test_the_default_gunslingers_seats_hand_out_no_referee_link(
    browsers: Callable[[], TestClient],
) -> None:
    host, guest = browsers(), browsers()
    gid, toks, made, _mine, _theirs = start(host, "gunslingers")
    assert {x["seat"]: x["kind"] for x in made["links"]} == {"Blue": "human", "Red": "remote"}
    live = host.app.state.service.get(gid)  # type: ignore[attr-defined]
    assert live.seats["referee"] == "ai:gunslingers-auto"
    assert "referee" not in live.tokens  # no link exists to leak
    guest.get(f"/games/{gid}", params={"seat": toks["Red"]})
    answers = [
        host.get(f"/api/games/{gid}", params={"seat": toks["Blue"]}).text,
        host.get(f"/games/{gid}", params={"seat": toks["Blue"]}).text,
        host.get(f"/api/games/{gid}/record", params={"seat": toks["Blue"]}).text,
        host.get("/api/games").text,
        guest.get(f"/api/games/{gid}", params={"seat": toks["Red"]}).text,
    ]
    for text in answers:
        assert "seat=" not in text.replace(f"seat={toks['Blue']}", "")
    # the preview and the form offer a person as referee only as a choice, after the automatic
    preview = host.post("/api/gunslingers/preview", json={"example": "dogfight-2v2.toml"}).json()
    assert preview["default_seats"]["referee"] == "ai:gunslingers-auto"
    assert preview["seat_kinds"]["referee"][0] == "ai:gunslingers-auto"
    assert "remote" in preview["seat_kinds"]["referee"]
    chosen = host.post(
        "/api/gunslingers/games",
        json={"example": "dogfight-2v2.toml", "seats": {"referee": "remote"}},
    )
    assert chosen.status_code == 201
    assert {x["seat"] for x in chosen.json()["links"]} == {"Blue", "Red", "referee"}


def test_the_automatic_referee_rolls_and_enters_a_gs14_result_itself(
    browsers: Callable[[], TestClient],
) -> None:
    """A strafing attack has no table in this scenario: the automatic referee enters its
    result (GS-70); each side acts from its own browser and nobody is asked to referee."""
    host, guest = browsers(), browsers()
    data = scenario()
    data["aircraft"][0]["altitude"] = 2  # strafing from low enough (GS-47)
    made = seeded_game(host, "gunslingers", {}, 1, scenario_data=data, turns=0)
    gid, toks = made["id"], tokens(made)
    assert set(toks) == {"Blue", "Red"}
    at = {"Blue": host, "Red": guest}
    svc = host.app.state.service  # type: ignore[attr-defined]
    attacked = False
    for _ in range(400):
        state = wait(host, gid, toks["Blue"])
        seat = state["to_act"]
        assert seat in ("Blue", "Red"), f"the game waits on {seat}: a person was asked"
        mine = at[seat].get(f"/api/games/{gid}", params={"seat": toks[seat]}).json()
        decision = mine["view"].get("decision") or {}
        # the seat writes the enemy under its own labels (GS-71)
        now = svc.get(gid).state
        if seat == "Blue" and decision.get("verb") == "attack" and not attacked:
            text, attacked = seat_text(now, "attack Eagle strafe:Depot"), True
        else:
            text = seat_text(now, str(auto_decision(now)))
        r = at[seat].post(f"/api/games/{gid}/actions", json={"seat": toks[seat], "actions": [text]})
        assert r.status_code == 200, r.text
        if attacked:
            wait(host, gid, toks["Blue"])
            actions = svc.get(gid).driver.record.actions
            if any(s == 2 and t.startswith("result ") for s, t in actions):
                break
    else:
        raise AssertionError("no strafing result was entered")
    outcome = [e for e in svc.get(gid).state.log if e.get("type") == "outcome"]
    assert any(e.get("kind") == "strafe" and e.get("rule") == "GS-14" for e in outcome)


def wait(client: TestClient, gid: str, tok: str) -> dict[str, Any]:
    """The game once the automatic referee has stopped deciding (in the background; a side
    is not shown that it works, GS-73, so the server's own service is asked)."""
    return settle(client, gid, tok, timeout=60)


def test_a_gunslingers_rematch_gives_each_player_its_new_seat(
    browsers: Callable[[], TestClient],
) -> None:
    """The host plays Blue, the guest Red, the automatic referee the rest; after one turn
    the host's rematch swaps the sides, and each browser holds the side it now plays."""
    host, guest, third = browsers(), browsers(), browsers()
    made = host.post(
        "/api/gunslingers/games", json={"example": "dogfight-2v2.toml", "turns": 1}
    ).json()
    gid, toks = made["id"], tokens(made)
    at = {"Blue": host, "Red": guest}
    svc = host.app.state.service  # type: ignore[attr-defined]
    for _ in range(600):
        state = wait(host, gid, toks["Blue"])
        if state["status"] == "finished":
            break
        seat = state["to_act"]
        now = svc.get(gid).state
        text = seat_text(now, str(auto_decision(now)))  # under the seat's labels (GS-71)
        r = at[seat].post(f"/api/games/{gid}/actions", json={"seat": toks[seat], "actions": [text]})
        assert r.status_code == 200, r.text
    else:
        raise AssertionError("one turn did not end")
    refused = guest.post(f"/api/games/{gid}/rematch", json={"seat": toks["Red"]})
    assert refused.status_code == 403
    again = host.post(f"/api/games/{gid}/rematch", json={"seat": toks["Blue"]})
    assert again.status_code == 201, again.text
    new, new_toks = again.json()["id"], tokens(again.json())
    kinds = {x["seat"]: x["kind"] for x in again.json()["links"]}
    assert kinds == {"Blue": "remote", "Red": "human"}  # still no referee link
    assert guest.get(f"/api/games/{new}", params={"seat": new_toks["Blue"]}).status_code == 200
    assert host.get(f"/api/games/{new}", params={"seat": new_toks["Red"]}).status_code == 200
    for c, seat in ((host, "Blue"), (guest, "Red"), (third, "Blue"), (third, "Red")):
        assert_refused(c.get(f"/api/games/{new}", params={"seat": new_toks[seat]}), seat, [])


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("first", ["refused move", "undo", "game JSON"])
def test_a_browsers_first_request_holds_the_seat_even_when_it_is_refused(
    browsers: Callable[[], TestClient], game: str, first: str
) -> None:
    """A browser without a cookie is given one by its first use of a link, on the answer
    whatever it is (a refused move, an undo refused), and holds the seat with it."""
    host, guest, third = browsers(), browsers(), browsers()
    gid, toks, _made, _mine, theirs = start(host, game)
    tok = toks[theirs]
    if first == "refused move":
        r = guest.post(f"/api/games/{gid}/actions", json={"seat": tok, "actions": ["x"]})
        assert r.status_code in (409, 422), r.text
    elif first == "undo":
        r = guest.post(f"/api/games/{gid}/undo", json={"seat": tok})
        assert r.status_code == 409, r.text
    else:
        r = guest.get(f"/api/games/{gid}", params={"seat": tok})
        assert r.status_code == 200, r.text
    assert BROWSER_COOKIE in r.headers.get("set-cookie", "")
    assert guest.get(f"/api/games/{gid}", params={"seat": tok}).json()["seat"] == theirs
    for c in (host, third):
        assert_refused(c.get(f"/api/games/{gid}", params={"seat": tok}), first, [])
