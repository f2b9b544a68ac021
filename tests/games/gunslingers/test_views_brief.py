"""A bot's view of a decision (``tallies=False``) is the seat's view without the parts read
from the whole log: the victory points and the paths flown. Everything else is the same,
at every decision of seeded games of the examples, so the automatic player decides as it
did with the whole view (and a 200-aircraft turn no longer re-reads the log each time)."""

from __future__ import annotations

import pytest

from airwar.core import Driver
from airwar.games.gunslingers import GunslingersGame, options_for_file
from airwar.games.gunslingers.autoplayer import auto_decision
from airwar.games.gunslingers.referee import GsState
from airwar.games.gunslingers.views import state_view
from tests.examples import GUNSLINGERS_EXAMPLES

TALLIES = {"victory", "paths"}


@pytest.mark.parametrize("example", ["dogfight-2v2.toml", "strike-sam-belt.toml"])
def test_the_brief_view_is_the_whole_view_without_the_tallies(example: str) -> None:
    d = Driver(GunslingersGame(options_for_file(GUNSLINGERS_EXAMPLES / example, 1)), seed=3)
    compared = 0
    while not d.state.is_terminal() and compared < 150:
        if d.state.is_chance_node():
            d.resolve_chance()
            continue
        state = d.state
        assert isinstance(state, GsState)
        ask = state.pending_ask()
        assert ask is not None
        whole = state_view(state, ask.seat, focus=ask.subject)
        brief = state_view(state, ask.seat, focus=ask.subject, tallies=False)
        assert set(whole) >= TALLIES and not TALLIES & set(brief)
        assert {k: v for k, v in whole.items() if k not in TALLIES} == brief
        compared += 1
        d.act(auto_decision(state))
    assert compared >= 20
