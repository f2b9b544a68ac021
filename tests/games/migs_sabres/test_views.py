"""Facts apart from views: each state answers its standing from its own fields, and
its view, built once, agrees with those answers at every step of random games."""

from __future__ import annotations

import random
from typing import Any

import pytest

from airwar.core.driver import Driver
from airwar.core.game import CHANCE, CONCESSIONS
from airwar.core.registry import load_game
from airwar.games.migs_sabres import EngagementState, MigsState
from airwar.games.migs_sabres.planes import SIDES
from airwar.games.migs_sabres.terms import ROLES, GamePhase, Phase

GAMES: list[tuple[str, dict[str, Any]]] = [
    ("migs-engagement", {"turn_limit": 3}),
    ("migs-engagement", {"active": "MiG-15", "listed": "F-51", "first": "roll"}),
    ("migs-sabres", {"sorties": 2, "turn_limit": 2}),
    ("migs-sabres", {"sorties": 1, "scoring": "base-value", "pilots": True, "turn_limit": 2}),
]


def _check(state: EngagementState | MigsState) -> None:
    view = state.view(None)
    standing = state.standing()
    summary = state.game.summary(state)
    assert summary == {
        "terminal": state.is_terminal(),
        "returns": state.returns() if state.is_terminal() else None,
        **standing.summary(),
    }
    assert set(standing.scores) == set(SIDES) == set(standing.kills)
    if isinstance(state, MigsState):
        assert view["step"] == state.phase and GamePhase(view["step"]) is state.phase
        assert (view["scores"], view["kills"], view["result"]) == (
            standing.scores,
            standing.kills,
            standing.result,
        )
        assert standing.sortie == min(view["sortie"], view["sorties_per_side"])
    else:
        shot = view["engagement"]["shot_down"]
        if shot is not None:
            winner = view["engagement"]["planes"][ROLES[1 - ROLES.index(shot)]]["side"]
            assert standing.result == winner and standing.kills[winner] == 1
        assert standing.result is None or view["terminal"]
    eng = view["engagement"]
    if eng is None:
        assert view["legal_actions"] == []
        return
    # the engagement's pending roll and legal decisions, shown once at both levels
    e = state.engagement
    assert e is not None and Phase(eng["step"]) is e.phase
    if isinstance(state, MigsState):
        assert view["legal_actions"] == eng["legal_actions"]
        assert view["pending_check"] == eng["pending_check"]
    decisions = {str(a) for a in e.legal_actions()} if e.phase.decides else set()
    assert {a["action"] for a in eng["legal_actions"]} == decisions


@pytest.mark.parametrize(("name", "options"), GAMES)
@pytest.mark.parametrize("seed", range(3))
def test_the_standing_and_the_view_agree_all_through_random_games(
    name: str, options: dict[str, Any], seed: int
) -> None:
    rng = random.Random(seed)
    d = Driver(load_game(name, options), seed, auto_chance=False)
    steps = 0
    while not d.state.is_terminal() and steps < 3000:
        state = d.state
        assert isinstance(state, EngagementState | MigsState)
        _check(state)
        if state.current_actor() == CHANCE:
            d.roll()
        else:
            d.act(rng.choice(state.legal_actions()), state.current_actor())
        steps += 1
    assert d.state.is_terminal()
    assert isinstance(d.state, EngagementState | MigsState)
    _check(d.state)


@pytest.mark.parametrize(("name", "options"), GAMES[::2])
@pytest.mark.parametrize("kind", CONCESSIONS)
def test_a_conceded_game_stands_as_the_players_word_ended_it(
    name: str, options: dict[str, Any], kind: str
) -> None:
    d = Driver(load_game(name, options), 1)
    d.state.concede(kind, 1)
    state = d.state
    assert isinstance(state, EngagementState | MigsState)
    standing = state.standing()
    assert standing.ended_by and standing.result in (*SIDES, "draw")
    assert state.game.summary(state)["ended_by"] == standing.ended_by
    _check(state)
