"""The trust model, tried as an attacker would: through HTTP and the terminal only.

Each test reproduces a way the app could be abused (a stranger taking seats,
dice known in advance, a double-blind game leaking, two interfaces
corrupting one game, writers racing on SQLite) and shows it is closed.
"""

from __future__ import annotations

import json
import threading
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from airwar.cli.main import app as cli_app
from airwar.core.fairness import commitment
from airwar.session import verify_record
from airwar.web.app import create_app
from tests.examples import GUNSLINGERS_EXAMPLES
from tests.web.conftest import LOCAL
from tests.web.helpers import first_choice, first_declaration, settle, tokens

ENGAGEMENT = "migs-engagement"
ROOT = Path(__file__).resolve().parents[2]


def stranger(client: TestClient) -> TestClient:
    """Another browser on the same server: no cookie, no links."""
    other = TestClient(client.app, base_url=LOCAL)
    other.cookies.clear()
    return other


def host_game(client: TestClient, seats: dict[str, str], **extra: Any) -> dict[str, Any]:
    r = client.post(
        "/api/games",
        json={"game": ENGAGEMENT, "seats": seats, "options": {"first": "active"}} | extra,
    )
    assert r.status_code == 201, r.text
    return dict(r.json())


def test_a_stranger_cannot_list_resume_or_read_the_invitations(client: TestClient) -> None:
    made = host_game(client, {"Allied": "human", "Communist": "remote"})
    gid, toks = made["id"], tokens(made)
    # the host's browser sees its game, its resume link works, and it is shown the invitation
    assert [g["id"] for g in client.get("/api/games").json()] == [gid]
    assert client.get(f"/games/{gid}/resume", follow_redirects=False).status_code == 303
    host = client.get(f"/api/games/{gid}", params={"seat": toks["Allied"]}).json()
    assert set(host["invites"]) == {"Communist"}

    eve = stranger(client)
    assert eve.get("/api/games").json() == []
    r = eve.get(f"/games/{gid}/resume", follow_redirects=False)
    assert r.status_code == 403 and "location" not in r.headers
    assert eve.get(f"/games/{gid}/resume?to=replay", follow_redirects=False).status_code == 403
    watched = eve.get(f"/api/games/{gid}").json()
    assert watched["seat"] is None and watched["invites"] == {} and watched["hotseat"] == {}
    text = json.dumps(watched)
    assert toks["Allied"] not in text and toks["Communist"] not in text
    # a guessed link acts for nobody
    r = eve.post(f"/api/games/{gid}/actions", json={"seat": "A" * 22, "actions": ["F"]})
    assert r.status_code == 403
    # the host's own seat link, used from another browser, shows nothing: the host holds it
    taken = eve.get(f"/api/games/{gid}", params={"seat": toks["Allied"]})
    assert taken.status_code == 403 and "seat is taken" in taken.json()["detail"]
    assert "invites" not in taken.text and toks["Communist"] not in taken.text


def test_a_public_game_is_listed_without_any_link(client: TestClient) -> None:
    made = host_game(client, {"Allied": "human", "Communist": "ai:random"}, public=True)
    eve = stranger(client)
    listed = eve.get("/api/games").json()
    assert [g["id"] for g in listed] == [made["id"]]
    assert listed[0]["mine"] is False
    assert tokens(made)["Allied"] not in json.dumps(listed)


def test_no_client_receives_the_seed_of_a_running_game(client: TestClient) -> None:
    made = host_game(client, {"Allied": "human", "Communist": "ai:random"})
    gid, tok = made["id"], tokens(made)["Allied"]
    seed = client.app.state.service.get(gid).driver.seed  # the server's secret
    data = client.get(f"/api/games/{gid}", params={"seat": tok}).json()
    client.post(
        f"/api/games/{gid}/actions", json={"seat": tok, "actions": [first_choice(data["view"])]}
    )
    seen = [
        client.get(f"/api/games/{gid}", params={"seat": tok}).text,
        client.get(f"/api/games/{gid}/replay", params={"step": 1, "seat": tok}).text,
        client.get(f"/api/games/{gid}/record", params={"seat": tok}).text,
        stranger(client).get(f"/api/games/{gid}").text,
        client.get("/api/games").text,
    ]
    for text in seen:
        assert str(seed) not in text
    own = client.get(f"/api/games/{gid}/record", params={"seat": tok}).json()
    assert own["seed"] is None and own["redacted"] is True
    assert own["fairness"]["commitment"] == made["commitment"]
    # a spectator of a running game gets no record at all
    assert stranger(client).get(f"/api/games/{gid}/record").status_code == 403
    assert client.get(f"/api/games/{gid}/record").status_code == 403


def test_a_game_between_two_people_takes_no_seed_from_a_client(client: TestClient) -> None:
    for seats in (
        {"Allied": "human", "Communist": "human"},
        {"Allied": "human", "Communist": "remote"},
    ):
        r = client.post("/api/games", json={"game": ENGAGEMENT, "seats": seats, "seed": 7})
        assert r.status_code == 422
        assert r.json()["detail"][0]["loc"] == ["body", "seed"]
    assert client.get("/api/games").json() == []
    # a solo game may be seeded (there is nobody to cheat)
    solo = {"game": ENGAGEMENT, "seats": {"Allied": "human", "Communist": "ai:random"}, "seed": 7}
    assert client.post("/api/games", json=solo).status_code == 201


def test_a_finished_game_reveals_seed_and_salt_and_verifies(
    client: TestClient, tmp_path: Path
) -> None:
    made = host_game(client, {"Allied": "ai:random", "Communist": "ai:random"}, seed=None)
    gid = made["id"]
    assert settle(client, gid)["status"] == "finished"  # the AIs play in the background
    record = client.get(f"/api/games/{gid}/record").json()
    fair = record["fairness"]
    assert fair["commitment"] == made["commitment"]
    assert commitment(record["seed"], fair["salt"]) == made["commitment"]
    assert any("fair" in line for line in verify_record(record))
    # the documented command checks it too, and refuses a tampered seed
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    runner = CliRunner()
    ok = runner.invoke(cli_app, ["verify", str(path)])
    assert ok.exit_code == 0, ok.output
    record["seed"] = "0" * 32
    path.write_text(json.dumps(record))
    bad = runner.invoke(cli_app, ["verify", str(path)])
    assert bad.exit_code == 2 and "Traceback" not in bad.output


def test_racing_writers_on_sqlite_get_one_winner_and_clean_409s(tmp_path: Path) -> None:
    """Two server processes on one SQLite file, both sent the same move at once."""
    url = f"sqlite:///{tmp_path / 'race.sqlite'}"
    apps = [create_app(url), create_app(url)]
    clients = [TestClient(a, base_url=LOCAL) for a in apps]
    try:
        made = (
            clients[0]
            .post(
                "/api/games",
                json={
                    "game": ENGAGEMENT,
                    "seats": {"Allied": "human", "Communist": "human"},
                    "options": {"first": "active"},
                },
            )
            .json()
        )
        gid, toks = made["id"], tokens(made)
        # one browser, whose requests reach either process: it holds both seats in each
        clients[1].cookies.update(clients[0].cookies)
        statuses: list[int] = []
        for _round in range(6):
            data = clients[0].get(f"/api/games/{gid}", params={"seat": toks["Allied"]}).json()
            if data["status"] != "running":
                break
            seat = data["to_act"]
            for c in clients:  # both processes hold the same position
                c.get(f"/api/games/{gid}", params={"seat": toks[seat]})
            view = clients[0].get(f"/api/games/{gid}", params={"seat": toks[seat]}).json()["view"]
            move = {"seat": toks[seat], "actions": [first_choice(view)]}
            got: list[int] = []
            barrier = threading.Barrier(2)

            def send(
                c: TestClient,
                move: dict[str, Any] = move,
                got: list[int] = got,
                barrier: threading.Barrier = barrier,
            ) -> None:
                barrier.wait()
                got.append(c.post(f"/api/games/{gid}/actions", json=move).status_code)

            threads = [threading.Thread(target=send, args=(c,)) for c in clients]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            statuses += got
            assert sorted(got) in ([200, 200], [200, 409]), got
            assert 503 not in got and 500 not in got
        assert 409 in statuses or statuses  # at least one round ran
        stored = apps[0].state.store.load(gid)
        from airwar.core.driver import replay

        replay(stored.record)  # the saved game still replays exactly
    finally:
        for c, a in zip(clients, apps, strict=True):
            c.close()
            a.state.store.close()


def test_browser_and_terminal_take_turns_on_one_game(tmp_path: Path) -> None:
    """A game moved between the browser and the terminal keeps loading and replaying."""
    url = f"sqlite:///{tmp_path / 'both.sqlite'}"
    app = create_app(url)
    client = TestClient(app, base_url=LOCAL)
    runner = CliRunner()
    try:
        made = client.post(
            "/api/games",
            json={
                "game": "migs-sabres",
                "seats": {"Communist": "human", "Allied": "ai:random"},
                "seed": 5,
                "options": {"sorties": 1},
            },
        ).json()
        gid, tok = made["id"], tokens(made)["Communist"]
        moved_at_terminal = 0
        for _turn in range(3):
            data = settle(client, gid, tok)
            if data["status"] != "running":
                break
            if data["my_turn"]:
                r = client.post(
                    f"/api/games/{gid}/actions",
                    json={"seat": tok, "actions": [first_declaration(data["choices"])]},
                )
                assert r.status_code == 200, r.text
            # the terminal carries on the same game for one decision, then quits
            data = settle(client, gid, tok)  # once the browser's AI has replied
            if data["status"] != "running" or not data["my_turn"]:
                continue
            out = runner.invoke(
                cli_app,
                ["migs", "play", "--resume", gid, "--database-url", url],
                input=f"{first_declaration(data['choices'])}\nquit\n",
            )
            assert out.exit_code == 0, out.output
            after = client.get(f"/api/games/{gid}", params={"seat": tok}).json()
            assert after["decisions"] > data["decisions"]
            moved_at_terminal += 1
        assert moved_at_terminal >= 2
        # the browser still loads it, and both replays agree
        assert client.get(f"/api/games/{gid}", params={"seat": tok}).status_code == 200
        r = runner.invoke(cli_app, ["migs", "replay", gid, "--database-url", url])
        assert r.exit_code == 0, r.output
    finally:
        client.close()
        app.state.store.close()


@pytest.fixture
def gunslingers_example() -> Path:
    return GUNSLINGERS_EXAMPLES / "strike-sam-belt.toml"


def test_a_bot_that_cannot_play_the_options_is_refused_at_creation(client: TestClient) -> None:
    """The expert solves at most a 30-turn limit (MS-24): say so before the game exists."""
    r = client.post(
        "/api/games",
        json={
            "game": ENGAGEMENT,
            "seats": {"Allied": "human", "Communist": "ai:expert"},
            "options": {"turn_limit": 40},
        },
    )
    assert r.status_code == 422
    assert "MS-24" in r.json()["detail"][0]["msg"]
    assert client.get("/api/games").json() == []
