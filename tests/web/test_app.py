"""The app factory and its live-update channel (server-sent events)."""

from __future__ import annotations

from pathlib import Path

from fastapi.testclient import TestClient

from airwar.web.app import create_app
from tests.web.helpers import tokens


def test_the_stream_announces_each_change(tmp_path: Path) -> None:
    app = create_app(f"sqlite:///{tmp_path / 'stream.sqlite'}", stream_seconds=0.5)
    with TestClient(app, base_url="http://127.0.0.1") as client:
        made = client.post(
            "/api/games",
            json={
                "game": "migs-engagement",
                "seats": {"Allied": "human", "Communist": "remote"},
                "options": {"first": "active"},
            },
        ).json()
        gid, toks = made["id"], tokens(made)
        client.post(f"/api/games/{gid}/actions", json={"seat": toks["Allied"], "actions": ["F"]})
        with client.stream("GET", f"/api/games/{gid}/stream") as r:
            assert r.headers["content-type"].startswith("text/event-stream")
            text = "".join(r.iter_text())
    assert "retry: 1000" in text
    assert "event: update" in text
    assert '"decisions": 1' in text
    app.state.store.close()


def test_the_stream_of_an_unknown_game_is_404(client: TestClient) -> None:
    assert client.get("/api/games/nothing/stream").status_code == 404


def test_static_files_and_the_schema_are_served(client: TestClient) -> None:
    assert "A.api = async function" in client.get("/static/js/common.js").text
    schema = client.get("/openapi.json").json()
    assert "/api/games/{game_id}/actions" in schema["paths"]
    assert "/api/games/{game_id}/stream" not in schema["paths"]


def test_a_server_readies_the_solver_as_it_starts_and_a_test_app_does_not() -> None:
    """``airwar serve`` (``warm_solver=True``) loads or compiles the expert's kernel in the
    background at start, so the first solve a player waits for is only the solve."""
    from airwar.games.migs_sabres.solver import solving
    from airwar.games.migs_sabres.solver.kernel import solve_layer

    solving.WARMED.clear()
    with TestClient(create_app("sqlite://"), base_url="http://127.0.0.1"):
        assert not solving.WARMED.wait(0.5)
    with TestClient(create_app("sqlite://", warm_solver=True), base_url="http://127.0.0.1") as c:
        assert c.get("/api/catalog").status_code == 200  # the start does not wait for it
        assert solving.WARMED.wait(120)
    assert solve_layer.signatures
