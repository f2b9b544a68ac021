"""The accessibility engine axe-core over every page of the browser app: no serious or
critical violation (labels, contrast, landmarks, names of buttons and images).

axe-core 4.14 is kept in ``tests/web/axe/`` (``axe.min.js`` as published, with its
licence), newer than the one axe-playwright-python bundles, whose rules miss some
violations (a name that does not contain the visible text, a scrolling box the
keyboard cannot reach). axe-playwright-python puts it into the page through the
browser's debugging protocol, which the app's Content-Security-Policy leaves alone.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page

from tests.web.conftest import Server
from tests.web.helpers import AXE
from tests.web.site import Site, build_site, open_page

axe_playwright = pytest.importorskip("axe_playwright_python.sync_playwright")

pytestmark = pytest.mark.browser

PAGES = [
    "home",
    "home-whole-game",
    "gunslingers-new",
    "gunslingers-editor",
    "calculator",
    "engagement",
    "whole-game",
    "gunslingers-play",
    "finished",
    "spectator",
    "replay",
    "gunslingers-replay",
    "not-found",
]

SERIOUS = ("serious", "critical")
"""The impacts that fail a page (axe's four: minor, moderate, serious, critical)."""


@pytest.fixture(scope="module")
def site(server: Server, context: BrowserContext) -> Site:
    return build_site(server, context)


@pytest.fixture
def tab(context: BrowserContext) -> Iterator[Page]:
    pg = context.new_page()
    try:
        yield pg
    finally:
        pg.close()


def serious_violations(page: Page) -> list[str]:
    """axe's serious and critical violations of the page as it is now, one line each."""
    results: dict[str, Any] = axe_playwright.Axe.from_file(AXE).run(page).response
    out = []
    for v in results["violations"]:
        if v.get("impact") not in SERIOUS:
            continue
        where = [" ".join(map(str, n.get("target", []))) for n in v["nodes"][:4]]
        out.append(f"{v['id']} ({v['impact']}): {v['help']} at {where}")
    return out


def test_the_check_finds_what_it_is_for(tab: Page) -> None:
    """The check can fail: an unnamed button, an image and a field without text, and an
    interactive square inside an image are each named; a page without them passes."""
    tab.set_content(
        "<html lang='en'><body><main><button></button><img src='x.png'>"
        "<input type='text'><svg role='img' aria-label='board'>"
        "<g role='button' tabindex='0' aria-label='a1'><rect width='9' height='9'/></g>"
        "</svg></main></body></html>"
    )
    found = " ".join(serious_violations(tab))
    for rule in ("button-name", "image-alt", "label", "nested-interactive"):
        assert rule + " (" in found, found
    tab.set_content(
        "<html lang='en'><head><title>t</title></head><body><main><h1>t</h1>"
        "<button>Fire</button><label>Seed <input type='text'></label></main></body></html>"
    )
    assert serious_violations(tab) == []


@pytest.mark.parametrize("width", [1280, 390])
@pytest.mark.parametrize("name", PAGES)
def test_no_serious_accessibility_violation(site: Site, tab: Page, name: str, width: int) -> None:
    tab.set_viewport_size({"width": width, "height": 900})
    open_page(tab, site, name)
    found = serious_violations(tab)
    assert found == [], f"{name} at {width} px:\n" + "\n".join(found)


@pytest.mark.parametrize("width", [1280, 390])
def test_the_calculators_result_and_a_new_games_links_have_no_serious_violation(
    site: Site, tab: Page, width: int
) -> None:
    tab.set_viewport_size({"width": width, "height": 900})
    open_page(tab, site, "calculator")
    tab.click("#add-shot")
    tab.click("#calc")
    tab.locator("#volley-result").wait_for()
    assert serious_violations(tab) == []
    open_page(tab, site, "home")
    tab.select_option("select[data-seat='Communist']", "remote")
    tab.click("#start")
    tab.locator("#link-list a").first.wait_for()
    assert serious_violations(tab) == []
