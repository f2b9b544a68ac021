"""The scenario editor in Chromium: a small scenario built by clicking hexes, a problem shown
beside its field and gone once fixed, the file saved (and accepted by ``validate``), a game
started from it, an example loaded onto the map, and a phone's width without a sideways scroll."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from typer.testing import CliRunner

from airwar.cli.main import app as cli
from tests.web.conftest import SCREENSHOTS, Server, wait_until

pytestmark = pytest.mark.browser

expect.set_options(timeout=15_000)

EDITOR = "/gunslingers/editor"
READY = "document.body.dataset.ready === 'yes'"
CHECKED = "document.body.dataset.checked === 'yes'"


def open_editor(page: Page, server: Server) -> None:
    page.goto(server.url + EDITOR)
    wait_until(page, READY, timeout=30)
    wait_until(page, CHECKED)


def click_hex(page: Page, q: int, r: int) -> None:
    """Click the centre of hex (q, r) on the editor's map, as a person does."""
    at = page.evaluate(f"Airwar.gsEditor.screenOf({q}, {r})")
    page.mouse.click(at["x"], at["y"])


def place(
    page: Page, tool: str, q: int, r: int, side: str | None = None, kind: str | None = None
) -> None:
    page.check(f"#ed-tool-{tool}")
    if side is not None:
        page.select_option("#ed-new-side", side)
    if kind is not None:
        page.select_option("#ed-new-type", kind)
    click_hex(page, q, r)


def settled(page: Page) -> None:
    """The check of the last change has answered."""
    page.wait_for_timeout(50)
    wait_until(page, CHECKED)


def test_build_a_scenario_by_clicking_save_it_and_play_it(
    server: Server, page: Page, tmp_path: Path
) -> None:
    open_editor(page, server)
    place(page, "aircraft", -3, 0, side="Blue", kind="F-16C")
    place(page, "aircraft", 3, 0, side="Red", kind="MiG-29")
    place(page, "sams", 4, -1, side="Red", kind="SA-2")
    place(page, "terrain", 0, 0)
    click_hex(page, 0, 1)
    settled(page)
    for unit in ("Blue-1", "Red-1", "Red-G-1"):  # named by side alone (GS-68)
        expect(page.locator(f"#ed-svg g.ed-unit[data-unit='{unit}']")).to_have_count(1)
    expect(page.locator("#ed-svg .ed-terrain")).to_have_count(2)
    at = page.evaluate("Airwar.gsEditor.screenOf(0, 1)")
    page.mouse.move(at["x"], at["y"])
    expect(page.locator("#ed-hover")).to_have_text("hex 0, 1 · terrain height 3")
    expect(page.locator("#ed-status")).to_contain_text("no problems")

    # select the Blue aircraft on the map and break its altitude: the problem shows by the field
    page.check("#ed-tool-select")
    click_hex(page, -3, 0)
    expect(page.locator("#ed-unit-title")).to_contain_text("Blue-1")
    page.fill("#ed-f-altitude", "999")
    page.press("#ed-f-altitude", "Tab")
    problem = page.locator(".field-problem[data-field='altitude']")
    expect(problem).to_contain_text("999 is more than")
    expect(page.locator("#ed-f-altitude")).to_have_attribute("aria-invalid", "true")
    # the list says it in words, the unit named once (not the terminal's aircraft[0] path)
    expect(page.locator("#ed-problems")).to_contain_text("Blue-1, altitude: 999 is more than")
    expect(page.locator("#ed-problems")).not_to_contain_text("aircraft[0]")
    expect(page.locator("#ed-svg g.ed-unit[data-unit='Blue-1'] .ed-problem-ring")).to_have_count(1)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.evaluate("document.querySelector('.ed-layout').scrollIntoView()")
    page.screenshot(path=str(SCREENSHOTS / "gunslingers-editor.png"))
    # saving refuses it
    page.click("#ed-save")
    expect(page.locator("#ed-error")).to_contain_text("Not saved: Blue-1, altitude: 999")
    expect(page.locator("#ed-error")).not_to_contain_text("scenario.aircraft")
    # fixed: the problem goes
    page.fill("#ed-f-altitude", "12")
    page.press("#ed-f-altitude", "Tab")
    expect(problem).to_have_count(0)
    expect(page.locator("#ed-status")).to_contain_text("no problems")

    # save: the downloaded file is one the command line accepts
    page.fill("#ed-name", "Editor test")
    page.press("#ed-name", "Tab")
    page.fill("#ed-operational", "3")
    page.press("#ed-operational", "Tab")
    page.fill("#ed-side-extra-1", '{"sighted": ["Blue-1"]}')
    page.press("#ed-side-extra-1", "Tab")
    settled(page)
    expect(page.locator("#ed-status")).to_contain_text("no problems")
    with page.expect_download() as download:
        page.click("#ed-save")
    saved = tmp_path / download.value.suggested_filename
    download.value.save_as(saved)
    assert saved.name == "editor-test.toml"
    text = saved.read_text(encoding="utf-8")
    assert 'type = "MiG-29"' in text and "altitude = 12" in text
    assert "operational_scale = 3" in text and 'sighted = ["Blue-1"]' in text
    result = CliRunner().invoke(cli, ["gunslingers", "validate", str(saved)])
    assert result.exit_code == 0, result.output
    assert "editor-test.toml: ok" in result.output

    # play it: the new-game page takes the scenario, each seat is chosen there (the
    # other side and the referee automatic), and the game's page shows its units
    page.click("#ed-play")
    page.wait_for_url("**/gunslingers?from=editor", timeout=30_000)
    expect(page.locator("#gs-from-editor")).to_contain_text("editor-test.toml")
    expect(page.locator("#gs-preview")).to_contain_text("Editor test")
    seats = page.locator("#gs-seats select")
    expect(seats).to_have_count(3)
    page.select_option("#gs-seats select[data-seat='Red']", "ai:gunslingers-auto")
    page.select_option("#gs-seats select[data-seat='referee']", "ai:gunslingers-auto")
    page.click("#gs-start")
    page.wait_for_url("**/games/**", timeout=30_000)
    expect(page.locator("body")).to_contain_text("Blue-1", timeout=30_000)
    expect(page.locator("body")).to_contain_text("Editor test")


def test_an_example_loads_onto_the_map(server: Server, page: Page) -> None:
    open_editor(page, server)
    page.select_option("#ed-example", "dogfight-2v2.toml")
    expect(page.locator("#ed-status")).to_contain_text("no problems")
    units = page.locator("#ed-svg g.ed-unit")
    expect(units).to_have_count(4)
    for unit in ("Ford-1", "Ford-2", "Ural-1", "Ural-2"):
        expect(page.locator(f"#ed-svg g.ed-unit[data-unit='{unit}']")).to_have_count(1)
    expect(page.locator("#ed-name")).to_have_value("Dogfight 2 v 2")
    # its units' own fields are in the panel, what they leave to their type is not
    page.click("button.ed-unit-button[data-unit='Ural-2']")
    expect(page.locator("#ed-f-vas")).to_have_value("no")
    expect(page.locator("#ed-f-altitude")).to_have_value("13")
    expect(page.locator("#ed-f-speed")).to_have_value("")
    # a radar of its own: the kind and values set here, the rest from the type's (GS-63)
    page.select_option("#ed-f-radar", "own")
    page.select_option("#ed-f-radar-kind", "tws")
    page.fill("#ed-f-radar-more", '{"eccm": 2}')
    page.press("#ed-f-radar-more", "Tab")
    settled(page)
    expect(page.locator("#ed-status")).to_contain_text("no problems")
    assert page.evaluate("Airwar.gsEditor.data().aircraft[3].radar") == {"kind": "tws", "eccm": 2}
    page.select_option("#ed-f-radar", "none")
    settled(page)
    assert page.evaluate("Airwar.gsEditor.data().aircraft[3].radar") is False


@pytest.mark.parametrize("example", ["", "strike-sam-belt.toml"])
def test_a_phones_width_has_no_sideways_scroll(server: Server, page: Page, example: str) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    open_editor(page, server)
    if example:
        page.select_option("#ed-example", example)
        expect(page.locator("#ed-status")).to_contain_text("no problems")
        # the markers placed on a hex are drawn too (those on a unit go with it)
        expect(page.locator("#ed-svg .ed-marker")).to_have_count(2)
        page.click("button.ed-unit-button[data-unit='Dodge-1']")
        expect(page.locator("#ed-unit-title")).to_contain_text("Dodge-1")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the editor is {width} px wide at 390 px"


@pytest.mark.parametrize("width", [1280, 390])
def test_the_editor_with_a_unit_and_its_problems_has_no_serious_accessibility_violation(
    server: Server, page: Page, width: int
) -> None:
    from tests.web.test_accessibility import serious_violations

    page.set_viewport_size({"width": width, "height": 900})
    open_editor(page, server)
    page.select_option("#ed-example", "strike-sam-belt.toml")
    expect(page.locator("#ed-status")).to_contain_text("no problems")
    page.click("button.ed-unit-button[data-unit='Dodge-1']")
    page.fill("#ed-f-heading", "12")
    page.press("#ed-f-heading", "Tab")
    expect(page.locator(".field-problem[data-field='heading']")).to_contain_text("0 to 11")
    page.click("#ed-more summary")
    assert serious_violations(page) == []


def test_the_tools_work_from_the_keyboard_too(server: Server, page: Page) -> None:
    """Every tool applies at a hex typed in the box: place, select, move, erase."""
    open_editor(page, server)

    def apply(tool: str, at: str) -> None:
        page.check(f"#ed-tool-{tool}")
        page.fill("#ed-at", at)
        page.press("#ed-at", "Tab")
        page.keyboard.press("Enter")  # the focus is on "Apply at hex"

    page.select_option("#ed-new-side", "Red")
    apply("ewrs", "2, -1")
    apply("terrain", "1, 1")
    settled(page)
    data = page.evaluate("Airwar.gsEditor.data()")
    assert data["ewrs"] == [{"id": "Red-G-1", "side": "Red", "type": "Spoon Rest", "hex": [2, -1]}]
    assert data["map"]["terrain"] == [{"hex": [1, 1], "height": 3}]
    apply("select", "2, -1")
    expect(page.locator("#ed-unit-title")).to_contain_text("Red-G-1")
    apply("move", "-2, 3")
    settled(page)
    assert page.evaluate("Airwar.gsEditor.data().ewrs[0].hex") == [-2, 3]
    expect(page.locator("#ed-f-hex")).to_have_value("-2, 3")
    apply("erase", "1, 1")
    apply("erase", "-2, 3")
    settled(page)
    data = page.evaluate("Airwar.gsEditor.data()")
    assert data["ewrs"] == [] and "terrain" not in data["map"]
    page.fill("#ed-at", "two, three")
    page.click("#ed-apply")
    expect(page.locator("#ed-error")).to_contain_text("two whole numbers")


def test_undo_takes_back_the_last_changes_one_by_one(server: Server, page: Page) -> None:
    open_editor(page, server)
    expect(page.locator("#ed-undo")).to_be_disabled()
    place(page, "aircraft", -2, 0, side="Blue", kind="F-16C")
    place(page, "terrain", 1, 0)
    page.fill("#ed-name", "Undo test")
    page.press("#ed-name", "Tab")
    settled(page)
    page.click("#ed-undo")
    expect(page.locator("#ed-name")).to_have_value("New scenario")
    page.click("#ed-undo")
    expect(page.locator("#ed-svg .ed-terrain")).to_have_count(0)
    expect(page.locator("#ed-svg g.ed-unit")).to_have_count(1)
    page.click("#ed-undo")
    expect(page.locator("#ed-svg g.ed-unit")).to_have_count(0)
    expect(page.locator("#ed-undo")).to_be_disabled()
    settled(page)
    expect(page.locator("#ed-status")).to_contain_text("no problems")
