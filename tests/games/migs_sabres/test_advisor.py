"""A game offers its advisor by declaration (``Game.advisor()``): MiGs and Sabres the
exact engagement solver, every other game none; generic code asks, and names no solver."""

from __future__ import annotations

from pathlib import Path

import pytest

import airwar.games
from airwar.core import Advisor, Driver, game_class, game_names, load_game
from airwar.games.migs_sabres.solver import Matchup, SolverOptions, engagement_values, solve
from airwar.games.migs_sabres.solver import cache as solver_cache

MIGS = ("migs-engagement", "migs-sabres")


def test_only_the_migs_games_offer_an_advisor() -> None:
    airwar.games.load_all()
    offered = {name for name in game_names() if game_class(name).advisor() is not None}
    assert offered == set(MIGS)
    for name in MIGS:
        assert isinstance(game_class(name).advisor(), Advisor)


def test_the_advisor_has_no_values_between_engagements_or_for_another_game() -> None:
    airwar.games.load_all()
    whole = load_game("migs-sabres", {"sorties": 1})
    advisor = whole.advisor()
    assert advisor is not None
    state = whole.new_initial_state()  # the Sortie Chart is being drawn: no engagement
    assert state.engagement is None and advisor.values(state) is None
    other = next(n for n in game_names() if n not in MIGS)
    assert advisor.values(load_game(other).new_initial_state()) is None


def test_the_advisor_gives_the_solvers_values_with_the_games_scoring(tmp_path: Path) -> None:
    options = {"active": "Yak-9", "listed": "F-51", "turn_limit": 1, "first": "active"}
    game = load_game("migs-engagement", options)
    advisor = game.advisor()
    assert advisor is not None
    d = Driver(game, 3)
    with solver_cache.use(tmp_path):
        assert advisor.values(d.state) is None  # not solved: a lookup never solves
        solve(Matchup("Yak-9", "F-51"), SolverOptions(turn_limit=1))
        got = advisor.values(d.state)
        want = engagement_values(d.state)
    assert got is not None and want is not None
    assert got == {**want, "scoring": "kills"}
    assert set(got["moves"]) == {str(a) for a in d.state.legal_actions()}
    assert got["value"] == pytest.approx(want["value"])
