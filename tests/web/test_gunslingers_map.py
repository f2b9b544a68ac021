"""The Gunslingers hex map in a real Chromium against a real server: zoom and pan kept while
the game goes on, coordinates on hover and in the margin, terrain and heights, unit labels,
a selected unit's data card and arcs, a move's hexes shaded by what they allow, a move
chosen by its path on the map with the player's view kept, a 390 px screen without a
sideways scroll, and no serious accessibility violation."""

from __future__ import annotations

import json
import re
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from tests.web.conftest import SCREENSHOTS, Server, free_port, wait_until
from tests.web.helpers import (
    AXE,
    BROWSER_COOKIE,
    TEST_BROWSER,
    first_declaration,
    gunslingers_step,
    same_browser,
    tokens,
)
from tests.web.helpers import settle as settle_game

pytestmark = pytest.mark.browser
expect.set_options(timeout=20_000)

EXAMPLE = "strike-sam-belt.toml"
"""Blue's strike: nine units, hills around a valley (19 hexes of terrain), the sun at heading 10."""
SETTLED = (
    "document.body.dataset.ready === 'yes' && document.body.dataset.thinking !== 'yes' && "
    "document.getElementById('hex-map') !== null && "
    "(document.getElementById('status').classList.contains('mine') || "
    "document.body.dataset.status === 'finished')"
)
"""Blue's page at rest on Blue's turn: a side is not shown the AI at work (GS-73), so the
page is waited on until it asks Blue, not until it says the AI has stopped."""
VIEWBOX = "document.getElementById('hex-map').getAttribute('viewBox')"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder: Path = tmp_path_factory.mktemp("gs-map")
    srv = Server(f"sqlite:///{folder / 'games.sqlite'}", free_port(), ["--no-rate-limits"])
    srv.start()
    try:
        yield srv
    finally:
        srv.stop()


def _post(url: str, body: dict[str, Any]) -> dict[str, Any]:
    headers = {"Content-Type": "application/json", "Cookie": f"{BROWSER_COOKIE}={TEST_BROWSER}"}
    req = urllib.request.Request(url, json.dumps(body).encode(), headers, method="POST")
    with urllib.request.urlopen(req, timeout=60) as r:
        data: dict[str, Any] = json.loads(r.read())
    return data


def _get(url: str) -> dict[str, Any]:
    req = urllib.request.Request(url, headers={"Cookie": f"{BROWSER_COOKIE}={TEST_BROWSER}"})
    with urllib.request.urlopen(req, timeout=60) as r:
        data: dict[str, Any] = json.loads(r.read())
    return data


def new_game(server: Server) -> str:
    """A game of the strike with Blue played here; Red and the referee automatic.
    Returns Blue's link."""
    made = _post(
        server.url + "/api/gunslingers/games",
        {
            "example": EXAMPLE,
            "seats": {"Blue": "human", "Red": "ai:random", "referee": "ai:random"},
            "turns": 2,
        },
    )
    return str(next(x["url"] for x in made["links"] if x["seat"] == "Blue"))


def blue_view(server: Server, link: str) -> dict[str, Any]:
    gid = link.split("/games/")[1].split("?")[0]
    token = link.split("seat=")[1]
    return _get(f"{server.url}/api/games/{gid}?seat={token}")["view"]


def settle(page: Page) -> None:
    wait_until(page, SETTLED, timeout=60)


def open_blue(page: Page, server: Server) -> str:
    link = new_game(server)
    same_browser(page.context, server.url)  # the browser that made the game holds Blue
    page.goto(server.url + link)
    settle(page)
    return link


def declare_one(page: Page) -> None:
    """Blue's first offered answer to the decision asked now (never a hex on the map)."""
    gunslingers_step(page)
    settle(page)


def phase(page: Page) -> str:
    m = re.search(r"·\s*([A-Za-z ]+Phase)", page.locator("#status").text_content() or "")
    return m.group(1) if m else ""


def play_to_a_move(page: Page) -> None:
    """Declare Blue's first choices until a move offers hexes on the map."""
    for _ in range(200):
        settle(page)
        if page.locator("#hex-map .hex.legal").count():
            return
        declare_one(page)
    raise AssertionError("no move was asked of Blue")


def box(page: Page) -> list[float]:
    return [float(x) for x in str(page.evaluate(VIEWBOX)).split()]


def test_zoom_and_pan_are_kept_as_phases_go_by(server: Server, page: Page) -> None:
    open_blue(page, server)
    fitted = box(page)
    page.click("#zoom-in")
    page.click("#zoom-in")
    zoomed = box(page)
    assert zoomed[2] == pytest.approx(fitted[2] / 1.96, rel=1e-3)
    svg = page.locator("#hex-map").bounding_box()
    assert svg is not None
    x, y = svg["x"] + svg["width"] / 2, svg["y"] + svg["height"] / 2
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x - 60, y - 40, steps=6)
    page.mouse.up()
    panned = box(page)
    assert panned[0] > zoomed[0] and panned[1] > zoomed[1]
    assert panned[2:] == zoomed[2:]
    kept = page.evaluate(VIEWBOX)
    seen = [phase(page)]
    for _ in range(120):
        if len(seen) >= 3 or page.locator("#hex-map .hex.legal").count():
            break
        declare_one(page)
        assert page.evaluate(VIEWBOX) == kept  # every draw keeps it
        if phase(page) and phase(page) != seen[-1]:
            seen.append(phase(page))
    assert len(seen) >= 3, f"Blue declared in fewer than three phases before moving: {seen}"
    page.click("#zoom-fit")
    assert box(page) != panned
    page.click("#zoom-all")
    whole = box(page)
    radius = 30  # the example's map
    assert whole[2] >= 2 * 1.5 * 18 * radius  # every column of the map is in view


def test_coordinates_on_hover_and_in_the_margin(server: Server, page: Page) -> None:
    open_blue(page, server)
    page.click("#zoom-all")
    for hex_, text in (
        ("4,0", "hex 4,0 (q 4, r 0) · terrain: height 3"),
        ("-2,1", "hex -2,1 (q -2, r 1) · terrain: open"),
    ):
        cell = page.locator(f'#hex-map polygon[data-hex="{hex_}"]').bounding_box()
        assert cell is not None
        page.mouse.move(cell["x"] + cell["width"] / 2, cell["y"] + cell["height"] / 2)
        expect(page.locator("#map-readout")).to_contain_text(text)
    page.click("#zoom-fit")
    qs = page.locator("#hex-map .coord-q")
    rs = page.locator("#hex-map .coord-r")
    assert qs.count() >= 5 and rs.count() >= 5
    # readable at the default zoom: at least 10 px tall on the screen
    for label in (qs.first, rs.first):
        b = label.bounding_box()
        assert b is not None and b["height"] >= 10
    # each margin label has its faint guide along its axis: q down its column, r down to
    # the right along its line, through the centres of that r's hexes
    for i in range(rs.count()):
        r = rs.nth(i).get_attribute("data-r")
        guide = page.locator(f'#hex-map line.grid-guide[data-r="{r}"]')
        x1, y1, x2, y2 = (float(guide.get_attribute(a) or "nan") for a in ("x1", "y1", "x2", "y2"))
        size, height = 18, 18 * 3**0.5
        assert (y2 - y1) / (x2 - x1) == pytest.approx(height / (3 * size), rel=1e-2)
        q = 2  # the centre of hex q,r lies on the line of r
        assert y1 + (1.5 * size * q - x1) * (y2 - y1) / (x2 - x1) == pytest.approx(
            height * (int(r or 0) + q / 2), abs=0.5
        )
    assert (
        page.locator(
            f'#hex-map line.grid-guide[data-q="{qs.first.get_attribute("data-q")}"]'
        ).count()
        == 1
    )
    # zoomed in, every hex in view shows its q,r
    assert page.locator("#hex-map .hex-coord").count() == 0
    for _ in range(5):
        page.click("#zoom-in")
    coords = page.locator("#hex-map .hex-coord").all_text_contents()
    assert coords and all(re.fullmatch(r"-?\d+,-?\d+", c) for c in coords)


def test_terrain_and_heights_are_drawn(server: Server, page: Page) -> None:
    link = open_blue(page, server)
    terrain = blue_view(server, link)["map"]["terrain"]
    assert len(terrain) >= 3
    drawn = page.locator("#hex-map polygon.terrain")
    assert drawn.count() == len(terrain)
    for t in terrain:
        cell = page.locator(f'#hex-map polygon[data-hex="{t["hex"]}"]')
        assert cell.get_attribute("data-height") == str(t["height"])
    heights = page.locator("#hex-map .terrain-height").all_text_contents()
    assert sorted(heights) == sorted(f"▲{t['height']}" for t in terrain)
    expect(page.locator("#map-legend")).to_contain_text("blocks line of sight")


def test_unit_labels_carry_altitude_heading_speed_and_status(server: Server, page: Page) -> None:
    """In words and symbols ("↗060° alt 8 spd 7"), not code ("A8 h2 S7"); in full on hover
    and in the roster."""
    link = open_blue(page, server)
    view = blue_view(server, link)
    for a in view["aircraft"]:
        unit = page.locator(f'#hex-map g.unit[data-unit="{a["id"]}"]')
        label = unit.get_attribute("data-label") or ""
        degrees = f"{30 * a['heading']:03d}°"
        assert label.startswith(a["id"]), label
        assert f"{degrees} alt {a['altitude']} spd {a['speed']}" in label, label
        assert not re.search(r"\b[AhS]\d+\b", label), label
        for status in a["status"]:
            assert status.replace("_", " ") in label
        lines = unit.locator(".unit-label tspan").all_text_contents()
        assert " ".join(lines) == label
        title = unit.locator(":scope > title").text_content() or ""
        assert f"altitude {a['altitude']}" in title and f"speed {a['speed']}" in title
        assert f"heading {a['heading']} of 12 ({degrees}" in title
        row = page.locator(f'#roster tr[data-unit="{a["id"]}"]')
        expect(row).to_contain_text(degrees)
    # no two labels overlap on the screen
    boxes = [
        b for b in (lab.bounding_box() for lab in page.locator("#hex-map .unit-label").all()) if b
    ]
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            apart = (
                a["x"] + a["width"] <= b["x"] + 0.5
                or b["x"] + b["width"] <= a["x"] + 0.5
                or a["y"] + a["height"] <= b["y"] + 0.5
                or b["y"] + b["height"] <= a["y"] + 0.5
            )
            assert apart, (a, b)


def test_selecting_a_unit_shows_its_card_and_arcs(server: Server, page: Page) -> None:
    link = open_blue(page, server)
    view = blue_view(server, link)
    falcon = next(a for a in view["aircraft"] if a["id"] == "Dodge-1")
    unit = page.locator('#hex-map g.unit[data-unit="Dodge-1"]')
    unit.focus()
    page.keyboard.press("Enter")  # the keyboard selects as a click does
    expect(page.locator("#unit-card")).to_contain_text("F-16C")
    card = page.locator("#unit-card table.card")
    expect(card).to_contain_text("Top speed")
    expect(card).to_contain_text("7 hexes a move")
    sections = card.locator("tr.card-section").all_text_contents()
    assert sections[:2] == ["Airframe", "Sensors"], sections
    assert "Weapons" in sections and "Self-protection" in sections
    assert not re.search(r"\[\d\]|loads\.|dds_programs", card.text_content() or "")
    # the rows are the server's words, the terminal's card too (card_data's sections)
    served = page.evaluate(
        "async () => (await (await fetch('/api/gunslingers/types/F-16C')).json()).sections"
    )
    labels = card.locator("tr:not(.card-section) th").all_text_contents()
    assert labels == [r["label"] for s in served for r in s["rows"]]
    expect(page.locator("#unit-card .unit-now")).to_contain_text(f"altitude {falcon['altitude']}")
    expect(page.locator('#hex-map g.unit[data-unit="Dodge-1"]')).to_have_attribute(
        "aria-pressed", "true"
    )
    arcs = page.locator('#hex-map g.arcs[data-arcs-of="Dodge-1"]')
    assert arcs.locator(".arc-line").count() == 12
    names = arcs.locator(".arc-name").all_text_contents()
    assert sorted(names) == sorted(
        ["180", "150R", "120R", "90R", "60R", "30R", "0", "30L", "60L", "90L", "120L", "150L"]
    )
    assert arcs.locator(".arc-radar").count() == len(falcon["arcs"]["radar"]) > 0
    assert arcs.locator(".arc-sun").count() == 1
    title = arcs.locator(".arc-sun title").text_content() or ""
    assert f"sun clutter arc {falcon['arcs']['sun_clutter']}" in title
    # a second press on the same unit puts it down
    page.locator('#hex-map g.unit[data-unit="Dodge-1"]').focus()
    page.keyboard.press("Enter")
    expect(page.locator("#hex-map g.arcs")).to_have_count(0)


def test_a_moves_hexes_are_shaded_and_a_hex_then_offers_heading_and_altitude(
    server: Server, page: Page
) -> None:
    open_blue(page, server)
    play_to_a_move(page)
    legal = page.locator("#hex-map .hex.legal")
    shades = {legal.nth(i).get_attribute("data-shade") for i in range(legal.count())}
    assert len(shades) > 1, shades
    assert page.locator("#map-legend li[data-shade]").count() == len(shades)
    target = legal.last
    key = target.get_attribute("data-hex")
    cell = target.bounding_box()
    assert cell is not None
    page.mouse.move(cell["x"] + cell["width"] / 2, cell["y"] + cell["height"] / 2)
    expect(page.locator("#map-readout")).to_contain_text(f"hex {key}")
    expect(page.locator("#map-readout")).to_contain_text("heading")
    expect(page.locator("#map-readout")).to_contain_text("altitude")
    target.dispatch_event("click")  # the default route there (GS-82)
    settle(page)
    expect(page.locator("#path-chosen")).to_have_attribute("data-path", re.compile(f"{key}$"))
    page.click("#path-fly")
    settle(page)
    expect(page.locator("#words")).to_contain_text(str(key))
    headings = page.locator("#controls [data-choice^='h']")
    assert headings.count() == page.locator("#hex-map .heading-choice").count() > 0
    page.locator("#hex-map .heading-choice").first.dispatch_event("click")
    settle(page)
    expect(page.locator("#controls [data-choice^='a']").first).to_be_visible()


def test_a_move_is_chosen_by_its_path_and_the_map_keeps_the_players_view(
    server: Server, page: Page
) -> None:
    """The move starts straight ahead at full speed, drawn on the map; hexes clicked from the
    aircraft make a path of the player's, sent hex by hex; the move's path is then drawn as a
    past move (GS-82). The view the player zoomed to is kept when the move is asked, unless
    the player turns 'Follow decisions' on."""
    link = open_blue(page, server)
    page.click("#zoom-in")
    page.click("#zoom-in")
    set_by_player = page.evaluate(VIEWBOX)
    expect(page.locator("#map-follow")).not_to_be_checked()
    play_to_a_move(page)
    assert page.evaluate(VIEWBOX) == set_by_player  # not panned nor zoomed by itself
    mover_id = (page.locator("#words").text_content() or "").split()[-1]
    view = blue_view(server, link)
    mover = next(a for a in view["aircraft"] if a["id"] == mover_id)
    q, r = (int(x) for x in mover["hex"].split(","))
    straight = page.locator("#path-chosen").get_attribute("data-path") or ""
    hexes = straight.split(">")
    assert 1 <= len(hexes) <= mover["speed"], straight
    assert page.locator("#hex-map .path-step").count() == len(hexes)
    # a path of the player's: one hex to a side of the nose, then another next to it
    legal = {
        page.locator("#hex-map .hex.legal").nth(i).get_attribute("data-hex")
        for i in range(page.locator("#hex-map .hex.legal").count())
    }
    steps = [(0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0)]
    first = next(
        f"{q + dq},{r + dr}" for dq, dr in steps if f"{q + dq},{r + dr}" not in (hexes[0],)
        and f"{q + dq},{r + dr}" in legal
    )  # fmt: skip
    page.locator(f'#hex-map polygon.legal[data-hex="{mover["hex"]}"]').dispatch_event("click")
    settle(page)
    expect(page.locator("#path-text")).to_contain_text("stay at")
    page.locator(f'#hex-map polygon.legal[data-hex="{first}"]').dispatch_event("click")
    settle(page)
    fq, fr = (int(x) for x in first.split(","))
    second = next(f"{fq + dq},{fr + dr}" for dq, dr in steps if f"{fq + dq},{fr + dr}" in legal
                  and f"{fq + dq},{fr + dr}" not in (first, mover["hex"]))  # fmt: skip
    page.locator(f'#hex-map polygon.legal[data-hex="{second}"]').dispatch_event("click")
    settle(page)
    chosen = f"{first}>{second}"
    expect(page.locator("#path-chosen")).to_have_attribute("data-path", chosen)
    page.click("#path-fly")
    settle(page)
    expect(page.locator("#words")).to_contain_text(chosen)
    page.locator("#hex-map .heading-choice").first.dispatch_event("click")
    settle(page)
    page.locator("#controls [data-choice^='a']").first.click()
    settle(page)
    moved = [p for p in blue_view(server, link)["paths"] if p["aircraft"] == mover_id]
    assert moved and moved[-1]["path"] == [first, second] and moved[-1]["from"] == mover["hex"]
    expect(
        page.locator(f'#hex-map .move-path.past[data-path-of="{mover_id}"]').last
    ).to_have_attribute("data-path", chosen)
    assert page.evaluate(VIEWBOX) == set_by_player
    page.check("#map-follow")  # following is the player's choice
    expect(page.locator("#map-follow")).to_be_checked()


@pytest.mark.parametrize("width", [390, 1280])
def test_the_play_page_fits_and_is_accessible(server: Server, browser: Browser, width: int) -> None:
    axe = pytest.importorskip("axe_playwright_python.sync_playwright")
    context = browser.new_context(viewport={"width": width, "height": 844})
    context.set_default_timeout(20_000)
    page = context.new_page()
    try:
        open_blue(page, server)
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        play_to_a_move(page)
        page.locator('#hex-map g.unit[data-unit="Dodge-1"]').focus()
        page.keyboard.press("Enter")
        expect(page.locator("#unit-card table.card")).to_be_visible()
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        svg = page.locator("#hex-map").bounding_box()
        assert svg is not None and svg["x"] + svg["width"] <= width
        results: dict[str, Any] = axe.Axe.from_file(AXE).run(page).response
        serious = [
            f"{v['id']}: {v['help']}"
            for v in results["violations"]
            if v.get("impact") in ("serious", "critical")
        ]
        assert serious == [], serious
        # pictured with the aircraft to move selected: its arcs around the hexes it may reach
        mover = (page.locator("#words").text_content() or "").split()[-1]
        chosen = page.locator(f'#hex-map g.unit[data-unit="{mover}"]')
        if chosen.get_attribute("aria-pressed") != "true":  # the mover may be Dodge-1 itself
            chosen.focus()
            page.keyboard.press("Enter")
        expect(page.locator(f'#hex-map g.arcs[data-arcs-of="{mover}"]')).to_have_count(1)
        page.mouse.move(0, 0)
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / f"gunslingers-map-{width}.png"), full_page=False)
    finally:
        context.close()


LOST_CONTACT = """
[scenario]
name = "A contact lost"
turns = 3
sun = 3

[map]
radius = 20

[[sides]]
name = "Blue"
training = "good"

[[sides]]
name = "Red"

[[aircraft]]
id = "Eagle"
side = "Blue"
type = "F-15C"
hex = [0, 0]
heading = 10
altitude = 10
speed = 3

[[aircraft]]
id = "Flanker"
side = "Red"
type = "Su-27"
hex = [19, -3]
heading = 8
altitude = 10
speed = 1

[[ewrs]]
id = "EWR"
side = "Red"
hex = [8, 0]
eccm = 1
radar = "active"
range = 9
"""
"""Red's warning radar (range 9) covers the Eagle at 0,0; its fighter is too far to see it.
The Eagle can fly out of the radar's cover in one move."""


def _side_to_decide(
    client: httpx.Client, gid: str, toks: dict[str, str]
) -> tuple[str, dict[str, Any]]:
    """The side asked to decide and its game JSON, once the automatic referee is done.

    A side is never shown that the referee works (GS-73), and a server in another
    process cannot be asked directly: wait until one side's own view says it decides.
    """
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        for seat in ("Blue", "Red"):
            mine = settle_game(client, gid, toks[seat])
            if mine["my_turn"] and first_declaration(mine["choices"]):
                return seat, mine
        time.sleep(0.05)
    raise AssertionError(f"neither side of game {gid} was asked to decide within 60 s")


def test_a_lost_contact_is_greyed_where_it_was_last_seen(server: Server, page: Page) -> None:
    made = _post(
        server.url + "/api/gunslingers/games",
        {
            "scenario_toml": LOST_CONTACT,
            "seats": {"Blue": "human", "Red": "remote", "referee": "ai:gunslingers-auto"},
        },
    )
    gid, toks = made["id"], tokens(made)
    with httpx.Client(
        base_url=server.url, timeout=60, cookies={BROWSER_COOKIE: TEST_BROWSER}
    ) as client:
        for _ in range(300):
            seat, mine = _side_to_decide(client, gid, toks)
            decision = mine["view"].get("decision") or {}
            if decision.get("verb") == "move" and decision.get("subject") == "Eagle":
                text = "move Eagle -3,0 h10 a8"  # out of the radar's cover
            else:
                text = first_declaration(mine["choices"])
            r = client.post(
                f"/api/games/{gid}/actions", json={"seat": toks[seat], "actions": [text]}
            )
            assert r.status_code == 200, r.text
            if text.startswith("move Eagle"):
                break
        else:
            raise AssertionError("the Eagle was never asked to move")
        red = settle_game(client, gid, toks["Red"])["view"]
    assert red["last_seen"] == [{"hex": "0,0", "altitude": 10, "turn": 1, "phase": "Flight Phase"}]
    same_browser(page.context, server.url)  # the one browser that played both sides
    page.goto(f"{server.url}/games/{gid}?seat={toks['Red']}")
    settle_page = "document.body.dataset.ready === 'yes' && document.getElementById('hex-map')"
    wait_until(page, settle_page, timeout=60)
    mark = page.locator("#hex-map g.last-seen")
    expect(mark).to_have_count(1)
    assert "last seen turn 1, Flight Phase (altitude 10)" in (
        mark.locator("title").text_content() or ""
    )
    circle = mark.locator("circle")  # drawn at 0,0, where it was, not at -3,0, where it is
    assert (circle.get_attribute("cx"), circle.get_attribute("cy")) == ("0", "0")
    assert "Eagle" not in page.evaluate("document.body.innerText + document.body.innerHTML")
    expect(page.locator("#map-legend")).to_contain_text("lost contact")


PINCH = """([x, y]) => {
  const svg = document.getElementById('hex-map');
  const ev = (type, id, cx) => svg.dispatchEvent(new PointerEvent(type,
    {pointerId: id, clientX: cx, clientY: y, bubbles: true, pointerType: 'touch'}));
  ev('pointerdown', 1, x - 20); ev('pointerdown', 2, x + 20);
  ev('pointermove', 2, x + 50); ev('pointermove', 2, x + 80);
  ev('pointerup', 2, x + 80); ev('pointerup', 1, x - 20);
}"""
"""Two fingers 40 px apart spread to 100 px: the map zooms in by 100 / 40."""


def test_the_wheel_and_two_fingers_zoom_about_the_pointer(server: Server, page: Page) -> None:
    open_blue(page, server)
    before = box(page)
    svg = page.locator("#hex-map").bounding_box()
    assert svg is not None
    x, y = svg["x"] + svg["width"] / 2, svg["y"] + svg["height"] / 2
    page.mouse.move(x, y)
    page.mouse.wheel(0, -100)  # one notch towards the screen: 1.15 times closer
    wait_until(page, f"{VIEWBOX} !== {json.dumps(' '.join(f'{v:.1f}' for v in before))}")
    wheeled = box(page)
    assert wheeled[2] == pytest.approx(before[2] / 1.15, rel=2e-3)
    # the point under the pointer stays where it was
    centre = (before[0] + before[2] / 2, before[1] + before[3] / 2)
    assert wheeled[0] + wheeled[2] / 2 == pytest.approx(centre[0], abs=1.0)
    page.evaluate(PINCH, [x, y])
    pinched = box(page)
    assert pinched[2] == pytest.approx(wheeled[2] * 40 / 100, rel=2e-2)


TAP = """([x, y]) => {
  const svg = document.getElementById('hex-map');
  for (const type of ['pointerdown', 'pointerup']) {
    svg.dispatchEvent(new PointerEvent(type,
      {pointerId: 7, clientX: x, clientY: y, bubbles: true, pointerType: 'touch'}));
  }
}"""


def test_a_tap_reads_the_hex_on_a_touch_screen(server: Server, page: Page) -> None:
    """A phone has no pointer hovering: a tap (a press let go without moving) reads the hex."""
    open_blue(page, server)
    page.click("#zoom-all")
    cell = page.locator('#hex-map polygon[data-hex="4,1"]').bounding_box()
    assert cell is not None
    page.evaluate(TAP, [cell["x"] + cell["width"] / 2, cell["y"] + cell["height"] / 2])
    expect(page.locator("#map-readout")).to_have_text(
        "hex 4,1 (q 4, r 1) · terrain: height 3 (blocks line of sight up to altitude 3)"
    )


STACK = """
[scenario]
name = "Two in one hex"
turns = 2
sun = 3

[map]
radius = 10
terrain = [{ hex = [2, 0], height = 2 }]

[[sides]]
name = "Blue"
training = "good"

[[sides]]
name = "Red"

[[aircraft]]
id = "Viper-1"
side = "Blue"
type = "F-16C"
hex = [0, 0]
heading = 2
altitude = 9

[[aircraft]]
id = "Viper-2"
side = "Blue"
type = "F-16C"
hex = [0, 0]
heading = 2
altitude = 5

[[aircraft]]
id = "Viper-3"
side = "Blue"
type = "F-16C"
hex = [1, 0]
heading = 0
altitude = 7

[[aircraft]]
id = "Flanker"
side = "Red"
type = "Su-27"
hex = [9, -3]
heading = 8
altitude = 10
"""
"""Two Vipers in one hex, a third beside it: a stack and crowded labels."""


def test_a_stack_is_one_counter_whose_list_selects_the_lower_unit(
    server: Server, page: Page
) -> None:
    made = _post(
        server.url + "/api/gunslingers/games",
        {
            "scenario_toml": STACK,
            "seats": {"Blue": "human", "Red": "ai:random", "referee": "ai:random"},
        },
    )
    same_browser(page.context, server.url)
    link = next(x["url"] for x in made["links"] if x["seat"] == "Blue")
    page.goto(server.url + link)
    wait_until(
        page,
        "document.body.dataset.ready === 'yes' && document.getElementById('hex-map')",
        timeout=60,
    )
    counter = page.locator('#hex-map g.unit[data-hex="0,0"]')
    expect(counter).to_have_count(1)
    assert counter.get_attribute("data-stack") == "2"
    assert counter.get_attribute("data-unit") == "Viper-1"  # the higher on top
    expect(page.locator('#hex-map .stack-count[data-hex="0,0"]')).to_have_text("2")
    expect(page.locator('#hex-map g.unit[data-unit="Viper-2"]')).to_have_count(0)
    # the labels of the stack and its neighbour do not overlap
    a, b = (
        page.locator(f'#hex-map g.unit[data-unit="{u}"] .unit-label').bounding_box()
        for u in ("Viper-1", "Viper-3")
    )
    assert a and b
    assert (
        a["x"] + a["width"] <= b["x"] + 0.5
        or b["x"] + b["width"] <= a["x"] + 0.5
        or a["y"] + a["height"] <= b["y"] + 0.5
        or b["y"] + b["height"] <= a["y"] + 0.5
    ), (a, b)
    # the keyboard opens the list and Escape puts it away, back on the counter
    counter.focus()
    page.keyboard.press("Enter")
    listing = page.locator("#stack-list")
    expect(listing).to_be_visible()
    expect(listing.locator("button.stack-unit")).to_have_count(2)
    expect(listing.locator("button.stack-unit").first).to_be_focused()
    page.keyboard.press("Escape")
    expect(listing).to_have_count(0)
    expect(counter).to_be_focused()
    # on a phone's width a click opens it, inside the page; the lower unit is chosen from it
    page.set_viewport_size({"width": 390, "height": 844})
    page.locator("#zoom-fit").click()
    counter.locator(".stack-badge").click()
    expect(listing).to_be_visible()
    expect(listing).to_contain_text("2 units at q 0, r 0 (0,0)")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    shown = listing.bounding_box()
    assert shown is not None and shown["x"] >= 0 and shown["x"] + shown["width"] <= 390
    axe = pytest.importorskip("axe_playwright_python.sync_playwright")
    results: dict[str, Any] = axe.Axe.from_file(AXE).run(page).response
    serious = [
        f"{v['id']}: {v['help']}: " + "; ".join(n["html"][:200] for n in v["nodes"])
        for v in results["violations"]
        if v.get("impact") in ("serious", "critical")
    ]
    assert serious == [], serious
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "gunslingers-stack-390.png"), full_page=False)
    listing.locator('button[data-unit="Viper-2"]').click()
    expect(page.locator("#unit-card h3")).to_contain_text("Viper-2")
    expect(page.locator("#unit-card .unit-now")).to_contain_text("altitude 5")
    expect(page.locator('#hex-map g.arcs[data-arcs-of="Viper-2"]')).to_have_count(1)
    top = page.locator('#hex-map g.unit[data-hex="0,0"]')
    expect(top).to_have_attribute("data-unit", "Viper-2")  # the one selected shows on top
    expect(top).to_have_class(re.compile(r"\bselected\b"))
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    # the hovered hex's coordinates, its terrain and the units the view shows there
    for hex_, text in (
        ("2,0", "hex 2,0 (q 2, r 0) · terrain: height 2"),
        ("0,0", "hex 0,0 (q 0, r 0) · terrain: open · Viper-1, Viper-2"),
    ):
        cell = page.locator(f'#hex-map polygon.hex[data-hex="{hex_}"]').bounding_box()
        assert cell is not None
        page.mouse.move(cell["x"] + cell["width"] / 2, cell["y"] + cell["height"] / 2)
        expect(page.locator("#map-readout")).to_contain_text(text)
        expect(page.locator("#hex-map .hover-hex")).to_have_attribute("data-hover", hex_)
