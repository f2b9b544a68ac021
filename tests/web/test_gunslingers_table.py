"""A Gunslingers turn at a real table: Blue, Red and the referee, each in their own
browser with their own link, on a real server (``airwar serve``) and Chromium.

Each page makes its seat's decisions with the page's own controls. Blue's page (its
HTML and every game answer it received) never names a Red unit Blue has neither
sighted nor holds on radar, nor any of Red's secret plotted fire: the words come from
the server's own referee state in the store (``hidden_from``), checked to be units of
the referee's view at that moment. Every other seat reads "Waiting for Red: <phase>,
step <n>": the referee where the game is, a side the enemy at the last point it follows
(GS-73); and a take-back by the referee is seen on all three pages, each in the words it
may read (GS-65).
"""

from __future__ import annotations

import re
import time
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, Response, expect

from airwar.session import Sessions
from airwar.store import Store
from tests.web.conftest import Server, wait_until
from tests.web.helpers import gunslingers_step, tokens

pytestmark = pytest.mark.browser

expect.set_options(timeout=15_000)

READY = "document.body.dataset.ready === 'yes'"
SEATS = ("Blue", "Red", "referee")


def named(word: str, text: str) -> bool:
    """Whether ``text`` names ``word`` as a whole word (``Viper-1`` is not in ``Viper-10``)."""
    return re.search(r"(?<![\w-])" + re.escape(word) + r"(?![\w-])", text) is not None


def synced(page: Page, decisions: int) -> None:
    """Wait until the page shows the game at ``decisions`` decisions, drawn and settled."""
    wait_until(page, f"{READY} && Number(document.body.dataset.decisions) === {decisions}")


def decide(page: Page) -> None:
    """One step of the seat's decision with the page's own controls (a legal choice)."""
    gunslingers_step(page, idle_ms=50)


class Table:
    """The game, its three pages, what Blue's page received, and the server's own state."""

    def __init__(self, server: Server, browser: Browser) -> None:
        made = httpx.post(
            server.url + "/api/gunslingers/games",
            json={
                "example": "dogfight-2v2.toml",
                "seats": {"Blue": "remote", "Red": "remote", "referee": "remote"},
                "turns": 2,
            },
        )
        assert made.status_code == 201, made.text
        self.url = server.url
        self.id = made.json()["id"]
        self.tokens = tokens(made.json())
        self.oracle = Sessions(Store(server.database_url))
        self.received: list[str] = []
        self.contexts = []
        self.pages: dict[str, Page] = {}
        for seat in SEATS:
            context = browser.new_context(viewport={"width": 1280, "height": 900})
            context.set_default_timeout(15_000)
            page = context.new_page()
            if seat == "Blue":
                page.on("response", self.keep)
            page.goto(f"{server.url}/games/{self.id}?seat={self.tokens[seat]}")
            self.contexts.append(context)
            self.pages[seat] = page

    def keep(self, response: Response) -> None:
        """Every game answer Blue's page receives (not the endless live stream)."""
        if "/api/games/" in response.url and "/stream" not in response.url:
            self.received.append(response.text())

    def cookies(self, seat: str) -> dict[str, str]:
        """The cookies of the browser that opened ``seat``'s link (it alone holds the seat)."""
        context = self.contexts[SEATS.index(seat)]
        return {c["name"]: c["value"] for c in context.cookies()}

    def game(self, seat: str) -> dict[str, Any]:
        r = httpx.get(
            f"{self.url}/api/games/{self.id}",
            params={"seat": self.tokens[seat]},
            cookies=self.cookies(seat),
        )
        assert r.status_code == 200, r.text
        data: dict[str, Any] = r.json()
        return data

    def hidden_from_blue(self, referee_view: dict[str, Any]) -> set[str]:
        """What Blue may not be shown now, from the server's referee state, with the labels
        the referee's view gives those units."""
        live = self.oracle.get(self.id, fresh=True)
        hidden = set(live.state.hidden_from(live.seat_index("Blue")))
        units = {u["id"]: u for u in referee_view.get("aircraft", [])}
        red = {i for i, u in units.items() if u.get("side") == "Red"}
        assert hidden & set(units) <= red, "a hidden unit that is not Red's"
        for uid in hidden & red:
            label = units[uid].get("label")
            if label and label != uid:
                hidden.add(str(label))
        return hidden

    def close(self) -> None:
        for context in self.contexts:
            context.close()


def test_a_turn_in_three_browsers(server: Server, browser: Browser) -> None:
    table = Table(server, browser)
    try:
        play_a_turn(table)
    finally:
        table.close()


def play_a_turn(table: Table) -> None:
    blue = table.pages["Blue"]
    before: set[str] | None = None
    checked = 0
    answers = 0
    waited_for: set[str] = set()
    taken_back = False
    last_actor = None
    for _ in range(600):
        ref = table.game("referee")
        v = ref["view"]
        if ref["status"] != "running" or v["turn"] >= 2:
            break
        seat = ref["to_act"]
        n = ref["decisions"]
        for name, page in table.pages.items():
            # each page counts the decisions its seat may read: a side its own (GS-74)
            synced(page, n if name == "referee" else table.game(name)["decisions"])
        # what Blue's page holds and received: nothing hidden from Blue before and now
        hidden = table.hidden_from_blue(v)
        if n == 0:
            assert any(u["side"] == "Red" for u in v["aircraft"] if u["id"] in hidden), (
                "the scenario hides no Red unit from Blue at the start"
            )
        content = blue.content()
        for word in hidden:
            assert not named(word, content), f"Blue's page names hidden {word!r}"
        for body in table.received:
            for word in hidden & (before if before is not None else hidden):
                assert not named(word, body), f"an answer to Blue names hidden {word!r}"
            answers += 1
        checked += len(hidden)
        table.received.clear()
        before = hidden
        # every other seat is told whom it waits for, and where: the referee the seat at
        # work and the point it is at; a side the enemy, at the last point of the turn it
        # was asked at or saw something happen at (GS-73), never the referee at work
        for other, page in table.pages.items():
            if other == seat:
                continue
            g = ref if other == "referee" else table.game(other)
            gv = g["view"]
            assert other == "referee" or g["to_act"] not in (other, "referee")
            line = (
                f"Waiting for {g['to_act']}: {gv['phase']}, step {gv['step']} (turn {gv['turn']})"
            )
            expect(page.locator("#status")).to_have_text(line)
        waited_for.add(seat)
        # once, the referee takes back a decision of Red's made with no roll after it
        if not taken_back and last_actor == "Red" and ref["can_undo"]:
            take_back(table, n)
            taken_back = True
            last_actor = None
            continue
        page = table.pages[seat]
        wait_until(page, "document.querySelector('#status.mine') !== null")
        for _step in range(12):
            decide(page)
            wait_until(page, READY)  # a click that sends the decision waits for the answer
            if table.game("referee")["decisions"] != n:
                break
        else:
            raise AssertionError(f"{seat}'s page made no decision at {v['phase']}")
        expect(page.locator("#error")).to_have_text("")
        last_actor = seat
    else:
        raise AssertionError("the first turn did not end")
    assert table.game("referee")["view"]["turn"] == 2
    assert taken_back, "no decision of Red's could be taken back"
    assert {"Blue", "Red", "referee"} <= waited_for
    assert checked > 0 and answers > 0


def take_back(table: Table, n: int) -> None:
    """The referee takes back Red's decision on its page; all three pages say so."""
    record = httpx.get(
        f"{table.url}/api/games/{table.id}/record",
        params={"seat": table.tokens["referee"]},
        cookies=table.cookies("referee"),
    ).json()
    actor, text = record["actions"][-1]
    assert actor == 1
    ref_page = table.pages["referee"]
    button = ref_page.locator("#undo")
    expect(button).to_be_visible()
    expect(button).to_have_text("Take back Red's last decision")
    button.click()
    deadline = time.monotonic() + 15
    while table.game("referee")["decisions"] == n:
        assert time.monotonic() < deadline, "the take-back was not made"
        time.sleep(0.05)
    told = f"The referee took back Red's decision '{text}'"
    expect(ref_page.locator("#notices")).to_contain_text(told)
    expect(table.pages["Red"].locator("#notices")).to_contain_text(told)
    blue = table.pages["Blue"]
    expect(blue.locator("#notices li")).to_have_text(
        ["Red's last decision was taken back by the referee."]
    )
    assert text not in blue.content()
    assert table.game("Blue")["to_act"] == "Red"


@pytest.mark.parametrize("width", [1280, 390])
def test_the_new_game_form_gives_nobody_a_side_and_the_referee(
    server: Server, browser: Browser, width: int
) -> None:
    """The form's defaults: the first side here, the other on a second browser, the
    referee automatic with no link (GS-70), the form saying that a referee sees both
    sides; after Start every seat's link says whose it is and copies, with no sideways
    scroll on a phone."""
    context = browser.new_context(viewport={"width": width, "height": 900})
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server.url)
    page = context.new_page()
    try:
        page.goto(server.url + "/gunslingers")
        wait_until(page, "document.querySelector(\"select[data-seat='referee']\") !== null")
        chosen = {seat: page.locator(f"select[data-seat='{seat}']").input_value() for seat in SEATS}
        assert chosen == {"Blue": "human", "Red": "remote", "referee": "ai:gunslingers-auto"}
        referee = page.locator("select[data-seat='referee'] option:checked")
        expect(referee).to_have_text(
            "automatic: rolls every result, nobody sees both sides (no link)"
        )
        expect(page.locator("#gs-referee-hint")).to_contain_text("The referee sees both sides")
        page.click("#gs-start")
        expect(page.locator("#gs-links")).to_be_visible()
        rows = page.locator("#gs-link-list li")
        expect(rows).to_have_count(2)
        expect(rows.nth(0)).to_contain_text("Blue: yours, here: open it to play")
        expect(rows.nth(1)).to_contain_text("Red: send it to Red's player")
        link = page.locator("#gs-link-list a[data-seat='Red']").get_attribute("href")
        assert link is not None and "?seat=" in link
        page.click("button[data-copy='Red']")
        expect(page.locator("button[data-copy='Red']")).to_have_text("Copied Red's link")
        assert page.evaluate("navigator.clipboard.readText()") == server.url + link
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    finally:
        context.close()
