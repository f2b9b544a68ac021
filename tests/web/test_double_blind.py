"""Gunslingers double-blind through HTTP: nothing a side can fetch names what it may not know.

For each example scenario, the two sides play from two seat links (the
referee is the automatic player). After every decision, everything each
side's link can fetch is collected: the game JSON with the whole log, the
replay at every step, the record, and the stream. None of it may name an
enemy unit the side has neither sighted nor holds on radar, show a secret
plotted fire before it is revealed, or give the text of the other side's
declarations. The words to look for come from the server's own referee
state (``hidden_from``): the oracle, not the channel under test.
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.examples import GUNSLINGERS_EXAMPLES
from tests.web.helpers import first_declaration, server_busy, tokens

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted(p.name for p in GUNSLINGERS_EXAMPLES.glob("*.toml"))
DECISIONS = {"dogfight-2v2.toml": 24, "strike-sam-belt.toml": 16, "large-battle.toml": 8}


def named(word: str, text: str) -> bool:
    """Whether ``text`` names ``word`` as a whole word (``Viper-1`` is not in ``Viper-10``)."""
    return re.search(r"(?<![\w-])" + re.escape(word) + r"(?![\w-])", text) is not None


def settle(client: TestClient, gid: str, tok: str) -> dict[str, Any]:
    """The game once no bot is thinking (bots may play in the background; a side is not
    shown that they are, GS-73, so the server's own service says)."""
    deadline = time.monotonic() + 30
    while True:
        busy = server_busy(client, gid)
        data: dict[str, Any] = client.get(f"/api/games/{gid}", params={"seat": tok}).json()
        if not busy or time.monotonic() > deadline:
            return data
        time.sleep(0.05)


def fetched_by(client: TestClient, gid: str, tok: str, steps: int) -> dict[str, str]:
    """Everything the seat of ``tok`` can fetch now, by channel."""
    out = {
        "game": client.get(f"/api/games/{gid}", params={"seat": tok}).text,
        "record": client.get(f"/api/games/{gid}/record", params={"seat": tok}).text,
    }
    for step in range(steps + 1):
        out[f"replay {step}"] = client.get(
            f"/api/games/{gid}/replay", params={"step": step, "seat": tok}
        ).text
    return out


@pytest.mark.parametrize("example", EXAMPLES)
def test_a_side_fetches_nothing_it_may_not_know(client: TestClient, example: str) -> None:
    made = client.post(
        "/api/gunslingers/games",
        json={
            "example": example,
            "seats": {"Blue": "human", "Red": "remote", "referee": "ai:gunslingers-auto"},
            "turns": 1,
        },
    )
    assert made.status_code == 201, made.text
    gid, toks = made.json()["id"], tokens(made.json())
    live = client.app.state.service.get(gid)
    sides = {name: live.seat_index(name) for name in ("Blue", "Red")}
    hidden_checked = 0
    for _ in range(DECISIONS[example]):
        data = settle(client, gid, toks["Blue"])
        if data["status"] != "running" or data["to_act"] not in toks:
            break
        seat = data["to_act"]
        mine = client.get(f"/api/games/{gid}", params={"seat": toks[seat]}).json()
        text = first_declaration(mine["choices"])
        r = client.post(f"/api/games/{gid}/actions", json={"seat": toks[seat], "actions": [text]})
        assert r.status_code == 200, r.text
        settle(client, gid, toks["Blue"])
        live = client.app.state.service.get(gid)
        if live.finished:
            break
        actions = live.driver.record.actions
        for name, index in sides.items():
            secret = live.state.hidden_from(index)
            others = {
                t for s, t in actions if s != index and not live.state.decision_visible(index, s, 0)
            }
            for channel, body in fetched_by(client, gid, toks[name], len(actions)).items():
                for word in secret:
                    assert not named(word, body), f"{name}'s {channel} names hidden {word!r}"
                for said in others:
                    assert f'"{said}"' not in body, f"{name}'s {channel} shows {said!r}"
                hidden_checked += len(secret)
    assert hidden_checked > 0, "the scenario hid nothing from either side"


def test_the_stream_and_a_spectator_name_no_unit(client: TestClient) -> None:
    made = client.post(
        "/api/gunslingers/games",
        json={
            "example": "dogfight-2v2.toml",
            "seats": {"Blue": "remote", "Red": "remote", "referee": "ai:gunslingers-auto"},
            "turns": 1,
        },
    ).json()
    gid = made["id"]
    live = client.app.state.service.get(gid)
    units = {u for s in ("Blue", "Red") for u in live.state.hidden_from(live.seat_index(s))}
    eve = TestClient(client.app, base_url=str(client.base_url))
    eve.cookies.clear()
    watched = eve.get(f"/api/games/{gid}").json()
    assert watched["log"] == [] and set(watched["view"]) <= {"actor", "terminal"}
    body = json.dumps(watched) + eve.get(f"/api/games/{gid}/replay", params={"step": 0}).text
    assert not any(named(u, body) for u in units)
    assert eve.get(f"/api/games/{gid}/record").status_code == 403
    with eve.stream("GET", f"/api/games/{gid}/stream") as stream:
        for line in stream.iter_lines():
            if line.startswith("data:"):
                assert not any(named(u, line) for u in units)
                assert set(json.loads(line[5:])) <= {"version", "decisions", "bots_thinking"}
                break
