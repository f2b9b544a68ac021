"""Gunslingers over HTTP: a side reads and writes the enemy only by its own aliases (GS-71),
and a decision naming a unit it does not know is refused in the same words (GS-72).

Two sides play from their seat links (the referee is the automatic player). After every
decision, everything each side's link fetches (the game JSON with its log, choices and
narration, the record, the replay at every step) is searched for every id and name of the
enemy's units, taken from the server's own state. Crafted decisions naming a hidden enemy
id and an id that is nothing at all get the same 409, byte for byte.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from fastapi.testclient import TestClient

from airwar.games.gunslingers.autoplayer import auto_decision
from tests.web.helpers import first_declaration, settle, tokens

DECISIONS = {"dogfight-2v2.toml": 30, "strike-sam-belt.toml": 24}


def enemy_words(state: Any, side: str) -> set[str]:
    """Every id and name of ``side``'s enemy units and weapons (the server's own state)."""
    f = state.forces
    out: set[str] = set()
    for table in (f.planes, f.sams, f.radars, f.guns, f.ground):
        out |= {w for u in table.values() if u.side != side for w in (u.id, u.label)}
    out |= {w.id for w in state.weapons.values() if w.side != side}
    return out


def pattern(words: set[str]) -> re.Pattern[str]:
    alternatives = "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))
    return re.compile(rf"(?<![A-Za-z0-9_])(?:{alternatives})(?![A-Za-z0-9_])")


def new_game(client: TestClient, example: str, turns: int = 1) -> tuple[str, dict[str, str]]:
    made = client.post(
        "/api/gunslingers/games",
        json={
            "example": example,
            "seats": {"Blue": "human", "Red": "remote", "referee": "ai:gunslingers-auto"},
            "turns": turns,
        },
    )
    assert made.status_code == 201, made.text
    return made.json()["id"], tokens(made.json())


@pytest.mark.parametrize("example", sorted(DECISIONS))
def test_a_side_never_fetches_an_enemy_id_or_name(client: TestClient, example: str) -> None:
    gid, toks = new_game(client, example)
    checked = 0
    for _ in range(DECISIONS[example]):
        data = settle(client, gid, toks["Blue"])
        if data["status"] != "running" or data["to_act"] not in toks:
            break
        seat = data["to_act"]
        live = client.app.state.service.get(gid)
        steps = len(live.driver.record.actions)
        for side in ("Blue", "Red"):
            forbidden = pattern(enemy_words(live.state, side))
            bodies = {
                "game": client.get(f"/api/games/{gid}", params={"seat": toks[side]}).text,
                "record": client.get(f"/api/games/{gid}/record", params={"seat": toks[side]}).text,
            }
            for step in {0, steps // 2, steps}:
                bodies[f"replay {step}"] = client.get(
                    f"/api/games/{gid}/replay", params={"step": step, "seat": toks[side]}
                ).text
            for channel, body in bodies.items():
                hit = forbidden.search(body)
                assert hit is None, f"{side}'s {channel} names {hit.group(0)!r}"
                checked += 1
        mine = client.get(f"/api/games/{gid}", params={"seat": toks[seat]}).json()
        text = first_declaration(mine["choices"])
        r = client.post(f"/api/games/{gid}/actions", json={"seat": toks[seat], "actions": [text]})
        assert r.status_code == 200, r.text
    assert checked > 0


def test_a_hidden_enemy_and_a_missing_one_are_refused_alike(client: TestClient) -> None:
    gid, toks = new_game(client, "dogfight-2v2.toml", turns=3)
    refused: dict[str, list[str]] = {}
    for _ in range(200):
        data = settle(client, gid, toks["Blue"])
        if data["status"] != "running" or data["to_act"] not in toks:
            break
        seat = data["to_act"]
        mine = client.get(f"/api/games/{gid}", params={"seat": toks[seat]}).json()
        asked = mine["view"].get("decision") or {}
        verb, subject = asked.get("verb"), asked.get("subject")
        if verb in ("padlock", "lock", "launch", "attack", "radar") and verb not in refused:
            live = client.app.state.service.get(gid)
            other = "Red" if seat == "Blue" else "Blue"
            enemy = sorted(p.id for p in live.state.forces.planes.values() if p.side == other)[0]
            arg = {"launch": "AIM-9:{}", "attack": "gun:{}"}.get(verb, "{}")
            answers = []
            for name in (enemy, "Nobody-9"):
                r = client.post(
                    f"/api/games/{gid}/actions",
                    json={"seat": toks[seat], "actions": [f"{verb} {subject} {arg.format(name)}"]},
                )
                assert r.status_code == 409, r.text
                answers.append(r.text)
            assert answers[0] == answers[1]
            assert enemy not in answers[0] and "hexes" not in answers[0]
            refused[verb] = answers
        live = client.app.state.service.get(gid)
        text = str(auto_decision(live.state))  # what the automatic player, seated here, says
        r = client.post(f"/api/games/{gid}/actions", json={"seat": toks[seat], "actions": [text]})
        assert r.status_code == 200, r.text
    assert {"attack", "padlock"} & set(refused), f"no side named an enemy: {sorted(refused)}"
