"""Gunslingers seats over HTTP, tried as an attacker would: the default seats (an
automatic referee with no link, GS-70), the automatic referee that asks its person only
for GS-14 results when a person is chosen to referee (GS-66), and the referee's
take-back (GS-65): a side's link cannot take back, a take-back after a roll is refused,
and a side never reads the referee's view nor the text of another side's decision."""

from __future__ import annotations

import json
import re
import time
from typing import Any

from fastapi.testclient import TestClient

from airwar.games.gunslingers.autoplayer import auto_decision
from airwar.games.gunslingers.game import options_for_file
from tests.examples import GUNSLINGERS_EXAMPLES
from tests.games.gunslingers.scenario_builder import scenario
from tests.web.helpers import first_declaration, seeded_game, tokens

TABLE = {"Blue": "remote", "Red": "remote", "referee": "assist:gunslingers-auto"}


def named(word: str, text: str) -> bool:
    """Whether ``text`` names ``word`` as a whole word (``Viper-1`` is not in ``Viper-10``)."""
    return re.search(r"(?<![\w-])" + re.escape(word) + r"(?![\w-])", text) is not None


def service(client: TestClient) -> Any:
    """The server's own game service: the oracle, not the channel under test."""
    app: Any = client.app
    return app.state.service


def settle(client: TestClient, gid: str, tok: str) -> dict[str, Any]:
    """The game once no bot is thinking (the helper plays in the background)."""
    deadline = time.monotonic() + 30
    while True:
        data: dict[str, Any] = client.get(f"/api/games/{gid}", params={"seat": tok}).json()
        if not data.get("bots_thinking") or time.monotonic() > deadline:
            return data
        time.sleep(0.05)


def new_game(client: TestClient, **body: Any) -> tuple[str, dict[str, str], dict[str, Any]]:
    made = client.post("/api/gunslingers/games", json={"example": "dogfight-2v2.toml", **body})
    assert made.status_code == 201, made.text
    return made.json()["id"], tokens(made.json()), made.json()


def person_acts(
    client: TestClient, gid: str, toks: dict[str, str], *, auto: bool = False
) -> tuple[str, str]:
    """The seat to act makes a legal decision through its link: its first one, or
    (``auto``) the one the automatic player would make in its place."""
    data = settle(client, gid, toks["referee"])
    seat = data["to_act"]
    mine = client.get(f"/api/games/{gid}", params={"seat": toks[seat]}).json()
    if auto:
        text = str(auto_decision(service(client).get(gid).state))
    else:
        text = first_declaration(mine["choices"])
    r = client.post(f"/api/games/{gid}/actions", json={"seat": toks[seat], "actions": [text]})
    assert r.status_code == 200, r.text
    settle(client, gid, toks["referee"])
    return seat, text


def undo(client: TestClient, gid: str, tok: str) -> Any:
    return client.post(f"/api/games/{gid}/undo", json={"seat": tok})


def test_the_default_seats_give_nobody_a_side_and_the_referee(client: TestClient) -> None:
    preview = client.post("/api/gunslingers/preview", json={"example": "dogfight-2v2.toml"})
    expected = {"Blue": "human", "Red": "remote", "referee": "ai:gunslingers-auto"}
    assert preview.json()["default_seats"] == expected
    assert preview.json()["seat_kinds"]["referee"][0] == "ai:gunslingers-auto"
    gid, toks, made = new_game(client)
    # the automatic referee (GS-70) holds no link: nobody is given one to open
    assert {link["seat"]: link["kind"] for link in made["links"]} == {
        "Blue": "human",
        "Red": "remote",
    }
    blue = client.get(f"/api/games/{gid}", params={"seat": toks["Blue"]}).json()
    # the creator plays Blue, and is given Red's link to send, and no other
    assert set(blue["invites"]) == {"Red"}
    assert blue["view"]["seat"] == "Blue"
    bad = client.post(
        "/api/gunslingers/games",
        json={"example": "dogfight-2v2.toml", "seats": {"referee": "assist:nobody"}},
    )
    assert bad.status_code == 422 and "assist:nobody" in bad.text


def test_a_take_back_after_a_roll_is_refused_and_a_side_cannot_take_back(
    client: TestClient,
) -> None:
    gid, toks, _ = new_game(client, seats=TABLE, turns=1)
    nothing = undo(client, gid, toks["referee"])
    assert nothing.status_code == 409
    assert nothing.json()["detail"] == "no decision made by a person to take back"
    person_acts(client, gid, toks)  # Blue's search
    assert person_acts(client, gid, toks)[0] == "Red"  # Red's search: the sighting rolls follow
    refused = undo(client, gid, toks["referee"])
    assert refused.status_code == 409
    assert refused.json()["detail"].startswith("a roll was made since Red's last decision")
    ref = client.get(f"/api/games/{gid}", params={"seat": toks["referee"]}).json()
    assert ref["can_undo"] is False and ref["undo_label"] is None
    for side in ("Blue", "Red"):
        r = undo(client, gid, toks[side])
        assert (
            r.status_code == 409 and "only the referee takes a decision back" in r.json()["detail"]
        )
    assert undo(client, gid, "not-a-seat-token").status_code == 403


def test_the_referee_takes_back_and_each_seat_reads_only_what_it_may(client: TestClient) -> None:
    gid, toks, _ = new_game(client, seats=TABLE, turns=1)
    for _ in range(40):
        seat, text = person_acts(client, gid, toks)
        ref = client.get(f"/api/games/{gid}", params={"seat": toks["referee"]}).json()
        if seat == "Red" and ref["can_undo"]:
            break
    else:
        raise AssertionError("Red made no decision without a roll after it")
    assert ref["undo_label"] == "Take back Red's last decision"
    before = ref["decisions"]
    taken = undo(client, gid, toks["referee"])
    assert taken.status_code == 200, taken.text
    assert taken.json()["decisions"] < before and taken.json()["to_act"] == "Red"
    told = f"The referee took back Red's decision '{text}'"
    seen = {
        s: client.get(f"/api/games/{gid}", params={"seat": toks[s]}).json()
        for s in ("Blue", "Red", "referee")
    }
    assert seen["referee"]["notices"][0].startswith(told)
    assert seen["Red"]["notices"][0].startswith(told)
    assert seen["Blue"]["notices"] == ["Red's last decision was taken back by the referee."]
    # nothing Blue can fetch holds the text of Red's decision, nor the referee's view
    blue_all = [
        json.dumps(seen["Blue"]),
        client.get(f"/api/games/{gid}/record", params={"seat": toks["Blue"]}).text,
        client.get(
            f"/api/games/{gid}/replay",
            params={"seat": toks["Blue"], "step": seen["Blue"]["decisions"]},
        ).text,
    ]
    for body in blue_all:
        assert f"'{text}'" not in body and f'"{text}"' not in body
    # not the referee's view: no unit Blue has neither sighted nor tracks (the server's
    # own referee state says which), while the referee's view holds every unit
    assert seen["Blue"]["view"]["seat"] == "Blue"
    live = service(client).get(gid)
    hidden = live.state.hidden_from(live.seat_index("Blue"))
    assert hidden, "Blue has sighted every Red unit: nothing to check"
    ids = {u["id"] for u in seen["referee"]["view"]["aircraft"]}
    for word in hidden & ids:
        assert not any(named(word, body) for body in blue_all), word
    # Red decides again: the same legal choices, and the game goes on
    again = person_acts(client, gid, toks)
    assert again[0] == "Red"


def test_the_helper_answers_routine_asks_and_a_result_waits_for_the_person(
    client: TestClient,
) -> None:
    data = scenario()
    data["aircraft"][0]["altitude"] = 2  # strafing from low enough (GS-47)
    data["sides"][0]["sighted"] = ["Depot"]  # a side attacks what it sights (GS-72)
    made = seeded_game(client, "gunslingers", TABLE, 1, scenario_data=data, turns=0)
    gid, toks = made["id"], tokens(made)
    routine_seen = False
    for _ in range(300):
        state = settle(client, gid, toks["referee"])
        decision = state["view"].get("decision") or {}
        if state["to_act"] == "referee":
            # only a result the text leaves open is left to the referee's person
            assert decision.get("verb") == "result", decision
            raise AssertionError("a result was asked before the strafing attack")
        if decision.get("verb") == "attack" and decision.get("subject") == "Eagle":
            break
        person_acts(client, gid, toks, auto=True)
        record = client.get(f"/api/games/{gid}/record", params={"seat": toks["referee"]}).json()
        routine_seen |= any(seat == 2 for seat, _ in record["actions"])
    else:
        raise AssertionError("no strafing attack was asked")
    assert routine_seen, "the helper made none of the referee's routine decisions"
    depot = client.app.state.service.get(gid).state.aliases["Blue"]["Depot"]  # Blue's label
    r = client.post(
        f"/api/games/{gid}/actions",
        json={"seat": toks["Blue"], "actions": [f"attack Eagle strafe:{depot}"]},
    )
    assert r.status_code == 200, r.text
    state = settle(client, gid, toks["referee"])
    assert state["to_act"] == "referee" and state["my_turn"] is True
    assert state["view"]["decision"]["verb"] == "result"
    time.sleep(0.3)
    assert settle(client, gid, toks["referee"])["decisions"] == state["decisions"]
    choice = first_declaration(state["choices"])
    assert choice.startswith("result ")
    done = client.post(
        f"/api/games/{gid}/actions", json={"seat": toks["referee"], "actions": [choice]}
    )
    assert done.status_code == 200, done.text


def test_a_routine_decision_is_not_offered_to_the_assisted_person(client: TestClient) -> None:
    """While the helper is to make the referee's routine decision, the referee's page is
    offered no choices, and a decision sent for it is refused with the reason."""
    svc = service(client)
    options = options_for_file(GUNSLINGERS_EXAMPLES / "dogfight-2v2.toml", turns=1)
    live = svc.create("gunslingers", TABLE, options=options, run_bots=False)
    for _ in range(100):
        if live.to_act() == "referee":
            break
        actor = live.state.current_actor()
        svc.act(live, actor, [str(auto_decision(live.state))], run_bots=False)
    assert live.to_act() == "referee" and live.bot_to_act()
    tok = live.tokens["referee"]
    data = client.get(f"/api/games/{live.id}", params={"seat": tok}).json()
    assert data["to_act"] == "referee"
    assert data["my_turn"] is False and data["choices"] == {}
    text = str(auto_decision(live.state))
    r = client.post(f"/api/games/{live.id}/actions", json={"seat": tok, "actions": [text]})
    assert r.status_code == 409
    assert r.json()["detail"] == (
        "referee: this decision is routine, the automatic player makes it for you"
    )


def test_a_decision_of_300_characters_is_read_one_more_is_refused_by_its_length(
    client: TestClient,
) -> None:
    """A decision is bounded at 300 characters: a jammer's twelve arcs with long unit
    names run past 100 (the 40 that bounds a seat's kind refused legal jams)."""
    gid, toks, _ = new_game(client, seats={"Blue": "remote", "Red": "remote"})
    seat = settle(client, gid, toks["Blue"])["to_act"]
    arcs = ",".join(["180", "150R", "120R", "90R", "60R", "30R", "0", "30L", "60L", "90L"])
    for size, length_refused in ((61, False), (300, False), (301, True)):
        text = ("jam Raven-1 " + arcs + ",120L,150L" + " " * 300)[:size]
        text = text[:-1] + "x" if text.endswith(" ") else text
        sent = client.post(
            f"/api/games/{gid}/actions", json={"seat": toks[seat], "actions": [text]}
        )
        assert 400 <= sent.status_code < 500, sent.text
        said = json.dumps(sent.json())
        assert ("at most 300 characters" in said) is length_refused, said
