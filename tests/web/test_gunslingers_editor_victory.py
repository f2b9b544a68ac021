"""The scenario editor's Victory fieldset in Chromium (GS-85): the thresholds, a ground
target and an exit edited in the form, a problem shown beside them, and the saved file
accepted by ``validate`` with its ``[victory]`` table."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from typer.testing import CliRunner

from airwar.cli.main import app as cli
from tests.web.conftest import Server
from tests.web.test_gunslingers_editor import open_editor, place, settled

pytestmark = pytest.mark.browser

expect.set_options(timeout=15_000)


def test_edit_the_victory_conditions_and_save_them(
    server: Server, page: Page, tmp_path: Path
) -> None:
    open_editor(page, server)
    place(page, "aircraft", -3, 0, side="Blue", kind="F-16C")
    place(page, "aircraft", 3, 0, side="Red", kind="MiG-29")
    place(page, "sams", 4, -1, side="Red", kind="SA-2")
    settled(page)
    expect(page.locator("#ed-vic-marginal")).to_have_count(0)  # the default scheme (GS-86)
    page.check("#ed-vic-own")
    page.fill("#ed-vic-marginal", "3")
    page.press("#ed-vic-marginal", "Tab")
    page.fill("#ed-vic-decisive", "2")
    page.press("#ed-vic-decisive", "Tab")
    settled(page)
    expect(page.locator("#ed-vic-problems")).to_contain_text("victory.decisive: 2 is less than")
    page.fill("#ed-vic-decisive", "9")
    page.press("#ed-vic-decisive", "Tab")
    page.fill("#ed-vic-kills", "MiG-29 = 5")
    page.press("#ed-vic-kills", "Tab")
    page.click("#ed-vic-add-target")
    page.fill("#ed-vic-target-0-destroyed", "7")
    page.press("#ed-vic-target-0-destroyed", "Tab")
    page.click("#ed-vic-add-exit")
    page.select_option("#ed-vic-exit-0-edge", "west")
    page.check("#ed-vic-exit-0-after")
    settled(page)
    expect(page.locator("#ed-vic-problems")).to_be_empty()
    expect(page.locator("#ed-status")).to_contain_text("no problems")
    page.fill("#ed-name", "Victory test")
    page.press("#ed-name", "Tab")
    settled(page)
    with page.expect_download() as download:
        page.click("#ed-save")
    saved = tmp_path / download.value.suggested_filename
    download.value.save_as(saved)
    victory = tomllib.loads(saved.read_text("utf-8"))["victory"]
    assert victory == {
        "marginal": 3,
        "decisive": 9,
        "kills": {"MiG-29": 5},
        "targets": [{"unit": "Red-G-1", "destroyed": 7}],
        "exits": [
            {"name": "home", "side": "Blue", "edge": "west", "points": 2, "after_attack": True}
        ],
    }
    result = CliRunner().invoke(cli, ["gunslingers", "validate", str(saved)])
    assert result.exit_code == 0, result.output
