"""No request does unbounded work: the bots play in the background, clients are rate-limited.

Tried through HTTP as an attacker would: an AI-against-AI game of the most
sorties the form allows, a move against an AI that thinks for ever, games
whose bots all think at once, a stream that must show each of the AI's
decisions, requests past the rate limits (with a forged X-Forwarded-For), and
a server stopped in the middle of a game between AIs. Where a test needs an
AI that thinks as long as the test likes, the server's owner wraps the
app's bots in a :class:`Gate` (as the expert bot meeting a new matchup would
think for minutes); every request is still made through HTTP.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import partial
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from airwar.core.bot import Bot
from airwar.core.game import Action, Game, GameState
from airwar.session import BotMaker
from airwar.store import Store
from airwar.web.app import create_app
from airwar.web.limits import Limits, Rate, RateLimiter, client_of
from tests.web.conftest import LOCAL, Server, free_port, wait_until
from tests.web.helpers import BROWSER_COOKIE, RELAXED, TEST_BROWSER, same_browser, settle, tokens

QUICK = 5.0
"""Seconds within which a request that must not wait for a bot answers. A request that
waited would take as long as the bot (for ever behind a :class:`Gate`, the rest of the
game in an AI game of the most sorties). An answer itself takes milliseconds, but other
work on a busy two-core machine has stretched one to 3.5 s, so the bound sits above that
and far below any wait for a bot."""


@contextmanager
def app_client(tmp_path: Path, **kw: Any) -> Iterator[TestClient]:
    """The app on a fresh SQLite file, started and shut down (its workers with it)."""
    app = create_app(f"sqlite:///{tmp_path / 'bg.sqlite'}", **kw)
    try:
        with TestClient(app, base_url=LOCAL) as c:
            yield c
    finally:
        app.state.store.close()


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with app_client(tmp_path, limits=RELAXED) as c:
        yield c


def timed(call: Callable[[], httpx.Response]) -> tuple[httpx.Response, float]:
    start = time.perf_counter()
    r = call()
    return r, time.perf_counter() - start


def most_sorties(client: TestClient | httpx.Client) -> int:
    """The largest number of sorties the new-game form accepts, from the catalog."""
    catalog = client.get("/api/catalog").json()
    game = next(g for g in catalog["games"] if g["name"] == "migs-sabres")
    top = next(p for p in game["parameters"] if p["name"] == "sorties")["maximum"]
    assert isinstance(top, int) and top >= 40
    return top


def ai_game(client: TestClient | httpx.Client, sorties: int, seed: int | None = None) -> str:
    body: dict[str, Any] = {
        "game": "migs-sabres",
        "seats": {"Communist": "ai:heuristic", "Allied": "ai:random"},
        "options": {"sorties": sorties},
    }
    if seed is not None:
        body["seed"] = seed
    r, took = timed(lambda: client.post("/api/games", json=body))
    assert r.status_code == 201, r.text
    assert took < QUICK, f"creating a game between AIs took {took:.2f} s"
    return str(r.json()["id"])


def watch(client: TestClient | httpx.Client, gid: str, seconds: float) -> list[dict[str, Any]]:
    """The game JSON every 0.2 s for ``seconds``, each GET answered at once."""
    seen = []
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        r, took = timed(lambda: client.get(f"/api/games/{gid}"))
        assert r.status_code == 200, r.text
        assert took < QUICK, f"a GET took {took:.2f} s while bots played"
        seen.append(r.json())
        time.sleep(0.2)
    return seen


# -- an AI that thinks as long as the test says ------------------------------------
class Gate:
    """Wraps the app's bots: a gated bot's decision waits until the test lets one through.

    ``gated(seed)`` says which games are held (by their seed); the others play
    freely. ``arrived`` counts the decisions waiting at the gate.
    """

    def __init__(self, make: BotMaker, gated: Callable[[str], bool]):
        self.make = make
        self.gated = gated
        self.passes = threading.Semaphore(0)
        self.arrived = threading.Semaphore(0)
        self.opened = threading.Event()

    def __call__(self, name: str, seed: int | str) -> Bot:
        bot = self.make(name, seed)
        if not self.gated(str(seed)):
            return bot
        return GatedBot(bot, self)

    def bots_for(self, game: Game) -> list[str]:
        return self.make.bots_for(game)

    def refusal(self, name: str, game: Game) -> str | None:
        return self.make.refusal(name, game)

    def wait_arrival(self, timeout: float = 30.0) -> bool:
        return self.arrived.acquire(timeout=timeout)

    def let_through(self, n: int = 1) -> None:
        for _ in range(n):
            self.passes.release()

    def open(self) -> None:
        """Let every bot through from now on (and the ones waiting)."""
        self.opened.set()
        self.let_through(100)


class GatedBot:
    def __init__(self, bot: Bot, gate: Gate) -> None:
        self.bot = bot
        self.gate = gate
        self.name = bot.name

    def choose(self, state: GameState, seat: int) -> Action:
        self.gate.arrived.release()
        deadline = time.monotonic() + 60
        while not self.gate.opened.is_set() and not self.gate.passes.acquire(timeout=0.05):
            if time.monotonic() > deadline:
                raise RuntimeError("the test never let this bot through")
        return self.bot.choose(state, seat)

    def inform(self, state: GameState, actor: int, action: Action) -> None:
        self.bot.inform(state, actor, action)

    def restart(self) -> None:
        self.bot.restart()


@pytest.fixture
def gate(client: TestClient) -> Iterator[Gate]:
    """Every bot of a game whose seed starts with ``7`` waits at the gate."""
    svc = client.app.state.service  # type: ignore[attr-defined]
    g = Gate(svc.make_bot, lambda seed: seed.startswith("7"))
    svc.make_bot = g
    try:
        yield g
    finally:
        g.open()  # nobody stays stuck for the shutdown


def engagement_against_ai(client: TestClient, seed: int) -> tuple[str, str]:
    """An engagement: Allied (a person, moving first) against the heuristic AI."""
    r = client.post(
        "/api/games",
        json={
            "game": "migs-engagement",
            "seats": {"Allied": "human", "Communist": "ai:heuristic"},
            "seed": seed,
            "options": {"first": "active"},
        },
    )
    assert r.status_code == 201, r.text
    made = r.json()
    return made["id"], tokens(made)["Allied"]


def first_word_path(data: dict[str, Any]) -> str:
    words, node = [], data["choices"]
    while any(k != "$" for k in node):
        word = next(k for k in node if k != "$")
        words.append(word)
        node = node[word]
    return " ".join(words)


def move_until_the_ai_is_to_act(client: TestClient, gid: str, tok: str) -> dict[str, Any]:
    """Post my decisions one at a time until the move passes to the AI; each answers at once."""
    data = client.get(f"/api/games/{gid}", params={"seat": tok}).json()
    assert data["my_turn"]
    while data["my_turn"]:
        move = {"seat": tok, "actions": [first_word_path(data)]}
        r, took = timed(partial(client.post, f"/api/games/{gid}/actions", json=move))
        assert r.status_code == 200, r.text
        assert took < QUICK, f"a decision against the AI took {took:.2f} s to answer"
        data = r.json()
    return data


# -- the tests -------------------------------------------------------------------------
def test_an_ai_game_of_the_most_sorties_is_created_at_once_and_plays_on(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'bg.sqlite'}"
    app = create_app(url)  # the real rate limits: one game is well within them
    with TestClient(app, base_url=LOCAL) as client:
        gid = ai_game(client, most_sorties(client))
        seen = watch(client, gid, 6.0)
        counts = [d["decisions"] for d in seen]
        assert counts == sorted(counts)
        assert len(set(counts)) >= 3, f"the game did not progress while polled: {counts}"
        assert all(d["bots_thinking"] for d in seen if d["status"] == "running")
        assert all(d["version"] >= d["decisions"] for d in seen)  # each decision moved it
    # the app's shutdown stopped its workers: the game no longer moves
    store = Store(url)
    try:
        stopped = store.head(gid)[0]
        time.sleep(1.0)
        assert store.head(gid)[0] == stopped
        assert store.load(gid).status == "running"
    finally:
        store.close()
        app.state.store.close()


def test_a_short_game_between_ais_finishes_in_the_background(client: TestClient) -> None:
    gid = ai_game(client, 1, seed=5)
    done = settle(client, gid)
    assert done["status"] == "finished" and done["bots_thinking"] is False
    assert client.get(f"/api/games/{gid}/record").json()["seed"] == 5  # revealed: finished


def test_a_move_against_an_ai_that_thinks_for_ever_answers_at_once(
    client: TestClient, gate: Gate
) -> None:
    gid, tok = engagement_against_ai(client, seed=71)
    data = move_until_the_ai_is_to_act(client, gid, tok)
    assert data["bots_thinking"] is True and data["to_act"] == "Communist"
    mine = data["decisions"]
    assert gate.wait_arrival(), "the AI never started thinking"
    # while it thinks, the game answers at once (its lock is not held) and waits for it
    for _ in range(3):
        r, took = timed(lambda: client.get(f"/api/games/{gid}", params={"seat": tok}))
        assert took < QUICK and r.json()["bots_thinking"] is True
        assert r.json()["decisions"] == mine and not r.json()["my_turn"]
    # a decision out of turn is refused, not queued behind the AI
    r, took = timed(
        lambda: client.post(f"/api/games/{gid}/actions", json={"seat": tok, "actions": ["F"]})
    )
    assert r.status_code == 409 and took < QUICK
    gate.open()
    after = settle(client, gid, tok)
    assert after["decisions"] > mine and after["bots_thinking"] is False
    assert after["my_turn"] or after["status"] == "finished"


def test_an_undo_while_the_ai_thinks_drops_its_stale_choice(client: TestClient, gate: Gate) -> None:
    gid, tok = engagement_against_ai(client, seed=72)
    data = move_until_the_ai_is_to_act(client, gid, tok)
    assert gate.wait_arrival()
    r, took = timed(lambda: client.post(f"/api/games/{gid}/undo", json={"seat": tok}))
    assert r.status_code == 200 and took < QUICK
    undone = r.json()
    assert undone["my_turn"] and undone["decisions"] < data["decisions"]
    gate.open()  # the AI's choice was made for a position that is gone: it is not applied
    after = settle(client, gid, tok)
    assert after["decisions"] == undone["decisions"] and after["my_turn"]
    assert after["log"] == undone["log"]


def test_the_bots_of_two_games_think_at_once_and_neither_blocks_a_read(
    client: TestClient, gate: Gate
) -> None:
    held = ai_game(client, 3, seed=7001)  # its AI thinks until released, like a long solve
    free = ai_game(client, 3, seed=1001)
    assert gate.wait_arrival()
    progress = watch(client, free, 2.0)
    assert progress[-1]["decisions"] > progress[0]["decisions"] or progress[-1]["status"] == (
        "finished"
    )
    r, took = timed(lambda: client.get(f"/api/games/{held}"))
    assert took < QUICK and r.json()["bots_thinking"] is True and r.json()["decisions"] == 0
    gate.open()
    assert watch(client, held, 1.0)[-1]["decisions"] > 0


def test_the_pool_is_bounded_and_every_game_gets_its_turn(client: TestClient, gate: Gate) -> None:
    games = [ai_game(client, 3, seed=7100 + i) for i in range(3)]
    assert gate.wait_arrival() and gate.wait_arrival()
    # two workers: the third game's AI waits its turn in the queue
    assert not gate.wait_arrival(timeout=0.8)
    states = [client.get(f"/api/games/{g}").json() for g in games]
    assert all(s["bots_thinking"] for s in states)
    assert sum(s["decisions"] for s in states) == 0
    gate.open()
    # time slices: each of the three games moves on, none waits for another to end
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if all(client.get(f"/api/games/{g}").json()["decisions"] >= 5 for g in games):
            break
        time.sleep(0.2)
    else:
        raise AssertionError("not every game got its turn")


def test_the_stream_reports_each_decision_of_the_ai(tmp_path: Path) -> None:
    app = create_app(f"sqlite:///{tmp_path / 'bg.sqlite'}", limits=RELAXED, stream_seconds=4.0)
    with TestClient(app, base_url=LOCAL) as client:
        svc = app.state.service
        gate = Gate(svc.make_bot, lambda seed: seed.startswith("7"))
        svc.make_bot = gate
        try:
            gid = ai_game(client, 3, seed=7200)
            assert gate.wait_arrival()

            def release_one_by_one() -> None:
                for _ in range(5):
                    time.sleep(0.6)
                    gate.let_through()

            releaser = threading.Thread(target=release_one_by_one)
            releaser.start()
            with client.stream("GET", f"/api/games/{gid}/stream") as r:
                text = "".join(r.iter_text())
            releaser.join()
        finally:
            gate.open()
    app.state.store.close()
    updates = [
        json.loads(line[len("data: ") :]) for line in text.splitlines() if line.startswith("data: ")
    ]
    counts = [u["decisions"] for u in updates]
    assert updates[0]["bots_thinking"] is True and counts[0] == 0
    # each decision of the AI is its own update, with the count and the thinking flag
    assert set(range(0, 6)) <= set(counts), counts
    assert counts == sorted(counts)
    assert all({"version", "decisions", "bots_thinking"} <= set(u) for u in updates)


def test_rate_limits_answer_429_with_retry_after_and_recover(tmp_path: Path) -> None:
    limits = Limits(create=Rate(per_second=0.5, burst=3), act=Rate(per_second=0.5, burst=4))
    duel = {
        "game": "migs-engagement",
        "seats": {"Allied": "human", "Communist": "remote"},
        "options": {"first": "active"},
    }
    with app_client(tmp_path, limits=limits) as client:
        made = [client.post("/api/games", json=duel) for _ in range(3)]
        assert [r.status_code for r in made] == [201, 201, 201]
        # a body refused for its form is refused before it is counted
        assert client.post("/api/games", json={"game": 1}).status_code == 422
        r = client.post("/api/games", json=duel)
        assert r.status_code == 429
        assert r.headers["content-type"] == "application/json"
        assert "too many new games" in r.json()["detail"]
        wait = int(r.headers["retry-after"])
        assert 1 <= wait <= 2
        # the Gunslingers form draws on the same allowance
        examples = client.get("/api/gunslingers/examples").json()
        if examples:
            body = {"example": examples[0]["name"], "seats": {}}
            r = client.post("/api/gunslingers/games", json=body)
            assert r.status_code == 429 and "retry-after" in r.headers
        # the app reads the connection's address, never a header the client writes
        r = client.post("/api/games", json=duel, headers={"X-Forwarded-For": "198.51.100.1"})
        assert r.status_code == 429
        # another address has its own allowance
        other = TestClient(client.app, base_url=LOCAL, client=("203.0.113.9", 4000))
        assert other.post("/api/games", json=duel).status_code == 201
        time.sleep(wait)
        assert client.post("/api/games", json=duel).status_code == 201

        gid, tok = made[0].json()["id"], tokens(made[0].json())["Allied"]
        moves = [
            client.post(f"/api/games/{gid}/actions", json={"seat": tok, "actions": ["F"]})
            for _ in range(4)
        ]
        assert 429 not in [m.status_code for m in moves]  # refusals by the rules count too
        r = client.post(f"/api/games/{gid}/undo", json={"seat": tok})
        assert r.status_code == 429 and "too many decisions" in r.json()["detail"]
        time.sleep(int(r.headers["retry-after"]))
        move = {"seat": tok, "actions": ["F"]}
        assert client.post(f"/api/games/{gid}/actions", json=move).status_code in (200, 409)


class FakeRequest:
    def __init__(self, host: str) -> None:
        self.client = type("Address", (), {"host": host})()


def counted_as(host: str) -> str:
    return client_of(FakeRequest(host))  # type: ignore[arg-type]


def test_the_limits_count_an_ipv6_host_by_its_network_and_stay_bounded() -> None:
    assert counted_as("2001:db8:1:2:aaaa::1") == counted_as("2001:db8:1:2:bbbb::2")
    assert counted_as("2001:db8:1:3::1") != counted_as("2001:db8:1:2::1")
    assert counted_as("::ffff:198.51.100.7") == "198.51.100.7"
    now = [0.0]
    limiter = RateLimiter(Limits(max_clients=2), clock=lambda: now[0])
    for _ in range(10):
        assert limiter.take("create", "a") == 0.0
    assert limiter.take("create", "a") == pytest.approx(6.0)  # 10 a minute
    now[0] = 6.0
    assert limiter.take("create", "a") == 0.0
    limiter.take("create", "b")
    limiter.take("create", "c")
    assert len(limiter._buckets) == 2  # the bucket used longest ago went


@pytest.fixture
def serve(tmp_path: Path) -> Iterator[Server]:
    srv = Server(f"sqlite:///{tmp_path / 'served.sqlite'}", free_port())
    srv.start()
    try:
        yield srv
    finally:
        srv.stop()


def test_a_restarted_server_resumes_a_game_between_ais_by_itself(serve: Server) -> None:
    with httpx.Client(base_url=serve.url, timeout=30) as http:
        gid = ai_game(http, most_sorties(http))
        deadline = time.monotonic() + 30
        while http.get(f"/api/games/{gid}").json()["decisions"] < 5:
            assert time.monotonic() < deadline, "the AIs did not start"
            time.sleep(0.2)
    serve.stop()
    store = Store(serve.database_url)
    try:
        before = store.load(gid).record.actions
        assert store.head(gid)[0] == len(before) and store.load(gid).status == "running"
        serve.start()
        # nobody asks for the game: the server finds it and its AIs go on where they were
        deadline = time.monotonic() + 60
        while store.head(gid)[0] <= len(before):
            assert time.monotonic() < deadline, "the game did not go on after the restart"
            time.sleep(0.2)
        assert store.load(gid).record.actions[: len(before)] == before
    finally:
        store.close()
    with httpx.Client(base_url=serve.url, timeout=30) as http:
        seen = watch(http, gid, 1.0)
        assert seen[-1]["bots_thinking"] is True and seen[-1]["decisions"] > len(before)


@pytest.mark.browser
def test_the_page_shows_the_ai_thinking_then_draws_its_reply(server: Server, page: Any) -> None:
    from playwright.sync_api import expect

    made = httpx.post(
        server.url + "/api/games",
        json={
            "game": "migs-engagement",
            "seats": {"Allied": "human", "Communist": "ai:mcts"},  # seconds per reply
            "options": {"first": "active"},
            "seed": 7,
        },
        cookies={BROWSER_COOKIE: TEST_BROWSER},
    ).json()
    same_browser(page.context, server.url)  # the browser that made the game holds its seat
    page.goto(server.url + made["links"][0]["url"])
    ready = "document.body.dataset.ready === 'yes'"
    thinking = "document.body.dataset.botsThinking === 'yes'"
    wait_until(page, ready)
    for _ in range(20):  # my steps until the move passes to the AI
        if page.evaluate(thinking):
            break
        page.locator("#battle-board .step-target").first.click()
        wait_until(page, f"{ready} || {thinking}")
    expect(page.locator("#status")).to_contain_text("AI thinking")
    # the stream tells the page when the AI has moved: it draws the reply by itself
    wait_until(page, f"{ready} && !({thinking})", timeout=120)
    expect(page.locator("#status")).to_contain_text("Your turn")
    expect(page.locator("#error")).to_have_text("")
