"""The test-only game's rules, and airwar's contract checks on it (``airwar.testing``)."""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from fractions import Fraction
from types import ModuleType
from typing import Any

import pytest

from airwar.core import Driver, IllegalAction, InvalidNotation, OptionError, load_game, registry
from airwar.testing import CHECKS, check_game


@pytest.fixture(scope="module", autouse=True)
def duel() -> Iterator[ModuleType]:
    """The game's module, the game registered for this module's tests only (importing the
    package registers it; no other test of the process sees it afterwards)."""
    had = "duel" in registry.game_names()
    module = importlib.import_module("airwar_duel.game")
    if "duel" not in registry.game_names():
        registry.register_game(module.DuelGame)
    try:
        yield module
    finally:
        if not had:
            registry._GAMES.pop("duel", None)


def test_airwar_s_contract_checks_pass_on_every_sample(duel: ModuleType) -> None:
    assert check_game(duel.DuelGame, seeds=(1, 2, 3)) == [c.name for c in CHECKS]
    assert len(duel.DuelGame.samples()) == 3


@pytest.mark.parametrize(
    ("distance", "odds", "need"),
    [
        (1, Fraction(2, 3), 3),
        (2, Fraction(1, 2), 4),
        (3, Fraction(1, 2), 4),
        (5, Fraction(1, 3), 5),
    ],
)
def test_the_odds_to_hit_are_exact_by_range(
    duel: ModuleType, distance: int, odds: Fraction, need: int
) -> None:
    check = duel.to_hit(distance)
    assert check.probability() == odds
    assert check.effective_target == need
    assert check.rule == "DU-4" and all(m.rule == "DU-4" for m in check.modifiers)


def _state(**options: int) -> Any:
    state = load_game("duel", options).new_initial_state()
    assert type(state).__name__ == "DuelState"
    return state


def test_a_shot_is_explained_before_its_roll_and_two_hits_shoot_down(duel: ModuleType) -> None:
    state = _state(start_range=1)
    assert state.legal_actions() == ["open", "fire"]  # no closer than 1 (DU-3)
    state.apply("fire")
    assert state.pending_check() == duel.to_hit(1)
    assert state.view(1)["pending_check"]["explain"].startswith("To hit (DU-4): 4+ [point-blank")
    state.apply(3)  # Red hits Blue
    assert state.hits == [0, 1] and state.current_actor() == 1
    state.apply("fire")
    state.apply(1)  # Blue misses
    state.apply("fire")
    state.apply(6)
    assert state.is_terminal() and state.returns() == [1.0, -1.0]
    assert state.game.narrate(state.log[-1]) == "Blue is shot down: Red wins (DU-5)."


def test_the_rounds_run_out_in_a_draw_and_moves_keep_to_the_range() -> None:
    state = _state(start_range=5, rounds=1)
    assert state.legal_actions() == ["close", "fire"]
    state.apply("close")
    state.apply("open")
    assert state.is_terminal() and state.returns() == [0.0, 0.0] and state.range == 5
    assert [state.game.narrate(e) for e in state.log][1:] == [
        "Red closes to range 4 (DU-3).",
        "Blue opens to range 5 (DU-3).",
        "Round 1 is over with both flying: the duel is drawn (DU-6).",
    ]


def test_bad_options_and_words_are_refused_with_their_reason() -> None:
    with pytest.raises(OptionError, match="start_range: 6 is above the maximum 5"):
        load_game("duel", {"start_range": 6})
    driver = Driver(load_game("duel"), 1)
    with pytest.raises(InvalidNotation, match="not close, open or fire"):
        driver.act("loop")
    driver.act("close")
    with pytest.raises(IllegalAction, match="not Red's turn"):
        driver.act("fire", 0)
