"""Games declare their browser parts (``GameType.web`` names a :class:`WebParts`); the
generic app mounts each once and its pages load only what the page's game declares.

In the app: the routes of a parts object shared by two games are mounted once; each play
and replay page loads the generic scripts, then its own game's renderer scripts in their
declared order, and none of another game's; a game with no parts gets the generic
renderer alone and the generic new-game form; a game from a package of its own is served
its scripts from its own folder; a ``GameType.web`` that names no parts is refused in one
line naming the game. In Chromium: a MiGs play page runs no Gunslingers script, and the
reverse, with no console error.
"""

from __future__ import annotations

import re
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any, ClassVar
from urllib.parse import urlsplit

import pytest
from fastapi.testclient import TestClient
from playwright.sync_api import Page

from airwar.core import registry
from airwar.core.game import GameType
from airwar.web.app import create_app
from airwar.web.parts import HomeCard, HomeLink, WebParts, WebPartsError, load, parts_by_game
from tests.core.toy_game import ToyGame
from tests.web.conftest import Server, free_port, wait_until
from tests.web.helpers import RELAXED

GENERIC = ["/static/js/svg.js", "/static/js/games.js"]
PLAY_TAIL = ["/static/js/seat_actions.js", "/static/js/play.js"]
REPLAY_TAIL = ["/static/js/replay.js"]
MIGS = ["/static/js/migs_words.js", "/static/js/migs.js"]
GUNSLINGERS = [
    "/static/js/gunslingers_map.js",
    "/static/js/gunslingers_result.js",
    "/static/js/gunslingers_paths.js",
    "/static/js/gunslingers_units.js",
    "/static/js/gunslingers_mapview.js",
    "/static/js/gunslingers_panels.js",
    "/static/js/gunslingers.js",
]
SCRIPT = re.compile(r'<script src="([^"]+)"')


class ToyWebGame(ToyGame):
    """The toy race with browser parts of its own package (its renderer in its folder)."""

    name = "toy-web"
    title = "Toy race with a renderer"
    game_type: ClassVar[GameType] = GameType(web="tests.web.test_parts:TOY_PARTS")


TOY_PARTS = WebParts(
    name="Toy",
    static=("tests.web", "toy_static"),
    scripts=("toy.js",),
    home=(
        HomeCard(
            "about-toy-web",
            "Toy race",
            "Two runners roll a die each turn; the first past the goal wins.",
            (HomeLink("New game below", anchor="new-game"), HomeLink("Home", "index_page")),
            place=25,
        ),
    ),
)


@pytest.fixture
def toys() -> Iterator[None]:
    """The two toy games registered for one test only (no other test sees them)."""
    added = [g for g in (ToyGame, ToyWebGame) if g.name not in registry.game_names()]
    for g in added:
        registry.register_game(g)
    try:
        yield
    finally:
        for g in added:
            registry._GAMES.pop(g.name, None)


def scripts(html: str) -> list[str]:
    """The paths of the scripts a page loads, in order."""
    return [urlsplit(src).path for src in SCRIPT.findall(html)]


def new_game(client: TestClient, game: str, seats: dict[str, str]) -> tuple[str, str]:
    made = client.post("/api/games", json={"game": game, "seats": seats})
    assert made.status_code == 201, made.text
    data = made.json()
    return data["id"], data["links"][0]["url"]


def test_a_parts_object_shared_by_two_games_is_mounted_once(client: TestClient) -> None:
    by_game = parts_by_game()
    assert by_game["migs-engagement"] is by_game["migs-sabres"]
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a route mounted twice: "Duplicate Operation ID"
        schema = client.app.openapi()  # type: ignore[attr-defined]
    for path in ("/api/solver/jobs", "/api/games/{game_id}/analysis", "/api/bia/volley"):
        assert path in schema["paths"], path
    assert client.get("/api/solver/jobs").status_code == 200


@pytest.mark.parametrize(
    ("game", "seats", "renderer"),
    [
        ("migs-engagement", {"Communist": "human", "Allied": "ai:random"}, MIGS),
        ("migs-sabres", {"Communist": "human", "Allied": "ai:random"}, MIGS),
    ],
)
def test_a_page_loads_the_generic_scripts_and_its_games_renderer_in_order(
    client: TestClient, game: str, seats: dict[str, str], renderer: list[str]
) -> None:
    game_id, link = new_game(client, game, seats)
    play = client.get(link)
    assert play.status_code == 200
    assert scripts(play.text) == ["/static/js/common.js", *GENERIC, *renderer, *PLAY_TAIL]
    replay = client.get(f"/games/{game_id}/replay").text
    assert scripts(replay)[: 1 + len(GENERIC) + len(renderer) + 1] == [
        "/static/js/common.js",
        *GENERIC,
        *renderer,
        *REPLAY_TAIL,
    ]


def test_a_gunslingers_page_loads_no_migs_script(client: TestClient) -> None:
    made = client.post(
        "/api/gunslingers/solo", json={"example": "dogfight-2v2", "side": "Red"}
    ).json()
    found = scripts(client.get(made["links"][0]["url"]).text)
    assert found == ["/static/js/common.js", *GENERIC, *GUNSLINGERS, *PLAY_TAIL]
    assert not set(found) & set(MIGS)


def test_the_navigation_comes_from_the_parts(client: TestClient) -> None:
    html = client.get("/").text
    nav = html[html.index("<nav>") : html.index("</nav>")]
    labels = re.findall(r">([^<>]+)</a>", nav)
    assert labels == ["Games", "Gunslingers", "Scenario editor", "Air-defence calculator"]
    current = client.get("/bia").text
    assert re.search(r'href="/bia" aria-current="page">Air-defence calculator<', current)


def test_the_home_page_shows_each_games_card_in_its_place(toys: None, tmp_path: Path) -> None:
    """The cards come from the games' parts (a game installed apart brings its own, placed
    among the others); a game without parts has no card, only the generic form."""
    app = create_app(f"sqlite:///{tmp_path / 'toy.sqlite'}", limits=RELAXED)
    with TestClient(app, base_url="http://127.0.0.1") as client:
        html = client.get("/").text
    cards = re.findall(r'<li id="(about-[a-z-]+)"><h2>([^<]+)</h2>', html)
    assert cards == [
        ("about-migs", "MiGs and Sabres"),
        ("about-gunslingers", "Gunslingers"),
        ("about-toy-web", "Toy race"),
        ("about-bia", "Bounce Into Action"),
    ]
    toy = html[html.index('id="about-toy-web"') :]
    toy = toy[: toy.index("</li>")]
    assert '<a href="#new-game">New game below</a> · <a href="/">Home</a>' in toy
    assert html.count('id="solo-form"') == 1  # Gunslingers' own panel, once
    assert "js/gunslingers_solo.js" in html


def test_a_game_without_parts_gets_the_generic_renderer_and_form(
    toys: None, tmp_path: Path
) -> None:
    app = create_app(f"sqlite:///{tmp_path / 'toy.sqlite'}", limits=RELAXED)
    with TestClient(app, base_url="http://127.0.0.1") as client:
        catalog = client.get("/api/catalog").json()
        toy = next(g for g in catalog["games"] if g["name"] == ToyGame.name)
        assert [p["name"] for p in toy["parameters"]] == ["goal"]  # the generic form's fields
        game_id, link = new_game(client, ToyGame.name, {"Red": "human", "Blue": "ai:random"})
        assert scripts(client.get(link).text) == ["/static/js/common.js", *GENERIC, *PLAY_TAIL]
        replay = scripts(client.get(f"/games/{game_id}/replay").text)
        assert replay == ["/static/js/common.js", *GENERIC, *REPLAY_TAIL]


def test_a_game_of_its_own_package_is_served_its_scripts_from_its_folder(
    toys: None, tmp_path: Path
) -> None:
    app = create_app(f"sqlite:///{tmp_path / 'toy.sqlite'}", limits=RELAXED)
    with TestClient(app, base_url="http://127.0.0.1") as client:
        _, link = new_game(client, ToyWebGame.name, {"Red": "human", "Blue": "ai:random"})
        mine = "/static/games/toy-web/toy.js"
        assert scripts(client.get(link).text) == [
            "/static/js/common.js",
            *GENERIC,
            mine,
            *PLAY_TAIL,
        ]
        served = client.get(mine)
        assert served.status_code == 200
        assert 'A.renderers["toy-web"]' in served.text
        assert client.get("/static/games/toy-web/nothing.js").status_code == 404


@pytest.mark.parametrize(
    ("spec", "says"),
    [
        ("tests.web.test_parts", "is not 'module:attribute'"),
        ("tests.web.no_such_module:PARTS", "cannot be imported"),
        ("tests.web.test_parts:NO_SUCH", "has no NO_SUCH"),
        ("tests.web.test_parts:GENERIC", "is a list, not a WebParts"),
    ],
)
def test_a_web_declaration_that_names_no_parts_is_refused_in_one_line(spec: str, says: str) -> None:
    with pytest.raises(WebPartsError) as caught:
        load(spec, "some-game")
    text = str(caught.value)
    assert "'some-game'" in text and says in text and "\n" not in text


# -- in Chromium ------------------------------------------------------------------------


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder: Path = tmp_path_factory.mktemp("parts")
    srv = Server(f"sqlite:///{folder / 'games.sqlite'}", free_port(), ["--no-rate-limits"])
    srv.start()
    try:
        yield srv
    finally:
        srv.stop()


def opened(page: Page, server: Server, path: str, body: dict[str, Any]) -> list[str]:
    """Make a game from the page (so that it is this browser's), open its first seat's page
    and wait until it is drawn; the scripts the page ran, and every console error."""
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.url + "/")
    made: dict[str, Any] = page.evaluate(
        """async ([path, body]) => {
            const r = await fetch(path, {method: 'POST',
              headers: {'Content-Type': 'application/json'}, body: JSON.stringify(body)});
            return await r.json();
        }""",
        [path, body],
    )
    page.goto(server.url + made["links"][0]["url"])
    wait_until(page, "document.body.dataset.ready === 'yes'", 60)
    assert page.locator("#board svg").count() >= 1  # the game's own renderer drew the board
    loaded: list[str] = page.evaluate(
        "Array.from(document.scripts).map(s => new URL(s.src).pathname)"
    )
    assert not errors, errors
    return loaded


@pytest.mark.browser
def test_in_the_browser_a_page_runs_only_its_own_games_scripts(page: Page, server: Server) -> None:
    migs = opened(
        page,
        server,
        path="/api/games",
        body={"game": "migs-engagement", "seats": {"Communist": "human", "Allied": "ai:random"}},
    )
    assert set(MIGS) <= set(migs) and not set(GUNSLINGERS) & set(migs)
    gunslingers = opened(
        page,
        server,
        path="/api/gunslingers/solo",
        body={"example": "dogfight-2v2", "side": "Red"},
    )
    assert set(GUNSLINGERS) <= set(gunslingers) and not set(MIGS) & set(gunslingers)
