"""The table's seat actions in the play session (``session/offers.py``): a game that
declares no concession (Gunslingers) refuses them with a reason; offers are kept in the
store's notes, so another process's copy answers them; a resignation saved by one copy is
seen by the other as the game's end."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.examples import GUNSLINGERS_EXAMPLES

import airwar.games.migs_sabres  # noqa: F401  (registers the games)
from airwar.bots.registry import make_bot
from airwar.games.gunslingers.game import options_for_file
from airwar.session import Conflict, Sessions, offers
from airwar.store import Store

ENGAGEMENT = {"first": "active", "turn_limit": 6}
PEOPLE = {"Communist": "human", "Allied": "remote"}


@pytest.fixture
def url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'offers.sqlite'}"


def test_a_game_without_concessions_refuses_them_with_a_reason(url: str) -> None:
    svc = Sessions(Store(url), make_bot)
    options = options_for_file(GUNSLINGERS_EXAMPLES / "dogfight-2v2.toml", turns=1)
    live = svc.create(
        "gunslingers",
        {"Blue": "human", "Red": "remote", "referee": "ai:gunslingers-auto"},
        options=options,
    )
    assert not live.game.game_type.concede
    for action in (
        lambda: offers.resign(svc, live, "Blue"),
        lambda: offers.offer_draw(svc, live, "Red"),
    ):
        with pytest.raises(Conflict, match="has no resignation or agreed draw"):
            action()
    table = offers.table_for(live, "Blue")
    assert not table["concede"] and not table["can_resign"] and not table["can_offer_draw"]
    assert not live.finished


def test_an_offer_made_in_one_process_is_answered_in_another(url: str) -> None:
    one = Sessions(Store(url), make_bot)
    other = Sessions(Store(url), make_bot)
    live = one.create("migs-engagement", PEOPLE, options=ENGAGEMENT)
    offers.offer_draw(one, live, "Communist")
    copy = other.get(live.id)
    offers.answer_draw(other, copy, "Allied", accept=True)
    assert copy.finished and copy.driver.record.actions[-1] == (1, "draw-agreed")
    again = one.get(live.id)
    assert again.finished and again.state.returns() == [0.0, 0.0]
    with pytest.raises(Conflict, match="over"):
        offers.resign(one, again, "Communist")


def test_the_referee_and_a_spectator_neither_resign_nor_offer(url: str) -> None:
    svc = Sessions(Store(url), make_bot)
    live = svc.create("migs-engagement", PEOPLE, options=ENGAGEMENT)
    with pytest.raises(Conflict, match="only a player"):
        offers.resign(svc, live, None)
    with pytest.raises(Conflict, match="no draw offer stands"):
        offers.answer_draw(svc, live, "Allied", accept=True)
    spectator = offers.table_for(live, None)
    assert not any(v for k, v in spectator.items() if k.startswith("can_"))
