"""The Rolls panel of a Gunslingers game shows every roll: checks with their number,
modifiers, odds and result, and the plain rolls (base initiative, roll-offs) with their
dice and the odds of each result, and each aircraft's initiative number."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from airwar.bots.registry import make_bot
from airwar.games.gunslingers import GunslingersGame, options_for_file
from airwar.session import AI_PREFIX, Sessions
from airwar.store import Store
from tests.examples import GUNSLINGERS_EXAMPLES
from tests.web.conftest import Server, wait_until

pytestmark = pytest.mark.browser

AUTO = f"{AI_PREFIX}gunslingers-auto"


def finished_game(url: str) -> str:
    """One turn of the dogfight played by the automatic player on the server's store."""
    game = GunslingersGame(options_for_file(GUNSLINGERS_EXAMPLES / "dogfight-2v2.toml", 1))
    sessions = Sessions(Store(url), make_bot=make_bot)
    live = sessions.create(
        game,
        {"Blue": AUTO, "Red": AUTO, "referee": AUTO},
        seed=5,
        title="rolls",
        meta={"interface": "terminal"},
        run_bots=False,
    )
    while live.state.current_actor() in live.bot_seats():
        sessions.bot_step(live)
    assert live.state.is_terminal()
    return live.id


def test_the_rolls_panel_shows_plain_rolls_and_initiative_as_well_as_checks(
    server: Server, page: Page
) -> None:
    gid = finished_game(server.database_url)
    page.goto(f"{server.url}/games/{gid}")
    wait_until(page, "document.body.dataset.ready === 'yes'")
    rolls = page.locator("#rolls li")
    expect(rolls.first).to_be_visible()
    dies = page.locator("#rolls li[data-kind='die']")
    assert dies.count() == 2  # one base initiative roll per side (GS-12)
    first = dies.first.text_content() or ""
    assert "base initiative of Blue (GS-12)" in first
    assert "1d10" in first and "each result 1/10 (10.0%)" in first and "rolled" in first
    numbers = page.locator("#rolls li[data-kind='initiative']")
    assert numbers.count() == 4  # one per aircraft
    text = numbers.first.text_content() or ""
    assert "Initiative of" in text and "(GS-12)" in text and "initiative number" in text
    assert "modifiers:" in text or "no modifiers" in text
    checks = page.locator("#rolls li.success, #rolls li.failure")
    assert checks.count() >= 1
    check = checks.first.text_content() or ""
    assert "needs" in check and "chance" in check and "rolled" in check
