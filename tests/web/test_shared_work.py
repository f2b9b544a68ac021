"""Several server processes on one database share the work (issue 26): each game's
bots are played by one of them, however many look for games left with a bot to act."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from airwar.store import Store
from airwar.web.app import create_app
from airwar.web.service import GameService
from tests.web.conftest import LOCAL, database
from tests.web.helpers import RELAXED

DATABASES = ["sqlite", "postgresql"]


class Idle:
    """A scheduler that plays nothing: the games wait as a stopped server left them."""

    def submit(self, live: Any) -> bool:
        return True

    def busy(self, game_id: str) -> bool:
        return False


@pytest.mark.parametrize("kind", DATABASES)
def test_after_a_restart_each_waiting_bot_game_is_played_by_one_process(
    kind: str, tmp_path: Path
) -> None:
    with database(kind, tmp_path) as url:
        store = Store(url)
        svc = GameService(store)
        svc.scheduler = Idle()  # type: ignore[assignment]
        seats = {"Communist": "ai:random", "Allied": "ai:random"}
        ids = [svc.create_for(None, "migs-engagement", {}, seats).id for _ in range(3)]
        store.close()
        # three server processes start on the database at once: each looks for the games
        # left with a bot to act, and each game's bots are played by one of them alone
        apps = [create_app(url, limits=RELAXED) for _ in range(3)]
        made: list[dict[str, int]] = [{} for _ in apps]
        for app, mine in zip(apps, made, strict=True):
            sessions = app.state.service
            step = sessions.bot_step_outside_lock

            def counted(live: Any, _step: Any = step, _mine: dict[str, int] = mine) -> Any:
                done = _step(live)
                if done is not None:
                    _mine[live.id] = _mine.get(live.id, 0) + 1
                return done

            sessions.bot_step_outside_lock = counted
        clients = [TestClient(app, base_url=LOCAL) for app in apps]
        try:
            for c in clients:
                c.__enter__()
            deadline = time.monotonic() + 120
            for gid in ids:
                while clients[0].get(f"/api/games/{gid}").json()["status"] != "finished":
                    assert time.monotonic() < deadline, "the bots did not finish"
                    time.sleep(0.2)
        finally:
            for c in clients:
                c.__exit__(None, None, None)
            for app in apps:
                app.state.store.close()
        for gid in ids:
            players = [i for i, mine in enumerate(made) if mine.get(gid)]
            assert len(players) == 1, (gid, made)
        # the leases are given up once the bots are done
        check = Store(url)
        try:
            assert all(check.lease_holder(f"bots:{gid}") is None for gid in ids)
        finally:
            check.close()


@pytest.mark.parametrize("kind", DATABASES)
def test_a_lease_is_held_by_one_holder_until_it_expires(kind: str, tmp_path: Path) -> None:
    with database(kind, tmp_path) as url:
        a, b = Store(url), Store(url)
        try:
            assert a.claim_lease("bots:x", "a", 30)
            assert not b.claim_lease("bots:x", "b", 30)
            assert a.claim_lease("bots:x", "a", 30)  # renewed
            assert b.lease_holder("bots:x") == "a"
            a.release_lease("bots:x", "b")  # not b's: nothing happens
            assert b.lease_holder("bots:x") == "a"
            assert a.claim_lease("bots:y", "a", -1)  # already expired
            assert b.claim_lease("bots:y", "b", 30)  # taken over
            assert b.leases_held("bots:") == 2
            a.release_lease("bots:x", "a")
            assert b.claim_lease("bots:x", "b", 30)
        finally:
            a.close()
            b.close()


@pytest.mark.parametrize("kind", DATABASES)
def test_the_server_s_solves_are_bounded_across_its_processes(kind: str, tmp_path: Path) -> None:
    from airwar.web.migs_solver_jobs import SolveSlots

    with database(kind, tmp_path) as url:
        a_store, b_store = Store(url), Store(url)
        try:
            a = SolveSlots(a_store, "process-a", slots=2)
            b = SolveSlots(b_store, "process-b", slots=2)
            assert a.claim("F-86 v MiG-15")
            assert a.claim("F-51 v Yak-9")
            # the server holds two solves: a third matchup is refused in any process
            assert not b.claim("F-80 v MiG-15")
            # a matchup solved by another process only waits for its solution
            assert b.claim("F-86 v MiG-15")
            a.release("F-86 v MiG-15")
            assert b.claim("F-80 v MiG-15")
            assert not a.claim("F-84 v MiG-15")
        finally:
            a_store.close()
            b_store.close()
