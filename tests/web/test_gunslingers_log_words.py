"""A side's page log over HTTP: every line in words, and each turn closed by that side's
own summary (GS-57), which names nothing hidden from it."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient

from airwar.games.gunslingers.autoplayer import GunslingersAuto
from tests.web.helpers import first_declaration, tokens

DUMP = re.compile(r"[A-Za-z_]=\S|[{}\[\]]|\bNone\b|\bTrue\b|\bFalse\b")


def test_a_sides_log_reads_in_words_and_each_turn_ends_with_its_summary(
    client: TestClient,
) -> None:
    made = client.post(
        "/api/gunslingers/games",
        json={
            "example": "strike-sam-belt.toml",
            "turns": 3,
            "seats": {"Blue": "remote", "Red": "remote", "referee": "remote"},
        },
    ).json()
    gid, toks = made["id"], tokens(made)
    svc = client.app.state.service  # type: ignore[attr-defined]
    bot = GunslingersAuto()
    blue: list[dict[str, object]] = []
    for _ in range(400):
        blue = client.get(f"/api/games/{gid}", params={"seat": toks["Blue"]}).json()["log"]
        if sum(e["type"] == "turn_summary" for e in blue) >= 1:
            break
        live = svc.get(gid)
        seat = live.state.current_actor()
        name = live.seat_names()[seat]
        text = str(bot.choose(live.state, seat))
        if len(text) > 40:  # longer than a decision sent over HTTP may be: the first choice
            mine = client.get(f"/api/games/{gid}", params={"seat": toks[name]}).json()
            text = first_declaration(mine["choices"])
        r = client.post(f"/api/games/{gid}/actions", json={"seat": toks[name], "actions": [text]})
        assert r.status_code == 200, r.text
    summaries = [e for e in blue if e["type"] == "turn_summary"]
    assert summaries and summaries[0]["side"] == "Blue"
    line = str(summaries[0]["line"])
    assert line.startswith("SUMMARY of turn 1 for Blue: ") and line.endswith("(GS-57)")
    for e in blue:
        assert e.get("line"), e
        assert not DUMP.search(str(e["line"])), e["line"]
    live = svc.get(gid)
    assert not live.state.is_terminal()
    hidden = live.state.hidden_from(0)
    assert hidden
    for word in hidden:
        assert not re.search(rf"(?<![A-Za-z0-9_]){re.escape(word)}(?![A-Za-z0-9_])", line)
