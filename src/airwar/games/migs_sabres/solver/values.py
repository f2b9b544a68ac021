"""The solver's numbers for the interfaces (terminal, browser): one dict per state."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from airwar.games.migs_sabres.engagement import Engagement
from airwar.games.migs_sabres.solver.model import (
    Matchup,
    SolverError,
    SolverOptions,
)
from airwar.games.migs_sabres.solver.solution import Solution, engagement_of, key_of
from airwar.games.migs_sabres.solver.solving import cached_solution
from airwar.games.migs_sabres.terms import ACTIVE

if TYPE_CHECKING:
    from airwar.core.game import GameState

    Live = Engagement | GameState
    """A live engagement, or a state that plays one (any other gives no values)."""


def matchup_of(state: Live) -> Matchup:
    """The matchup of the engagement in ``state`` (an engagement game or whole-game state)."""
    a, b = engagement_of(state).planes
    return Matchup(a.type.name, b.type.name, bool(a.ace), bool(b.ace))


def solver_options_of(state: Live) -> SolverOptions:
    """The solver options that match ``state``'s game and engagement (MS-11, MS-12)."""
    eng = engagement_of(state)
    scoring = "kills"
    if not isinstance(state, Engagement):  # a game of kills or of base values (IV.A)
        scoring = str(state.game.options.get("scoring", scoring))
    return SolverOptions(turn_limit=int(eng.turn_limit), scoring=scoring)


def engagement_values(
    state: Live, *, solve_missing: bool = False, scoring: str | None = None
) -> dict[str, Any] | None:
    """The solver's numbers for the interfaces, or None when they are not at hand.

    Takes a state (``migs-engagement`` or ``migs-sabres``) or its engagement (any
    other state has none). Returns ``{"value", "p_kill_active", "p_kill_listed",
    "moves": {action text: value}, "move_details": {action text: {...}}, "best",
    "to_move", "matchup"}``, every value from the active plane's side (its
    expected kills minus the listed plane's). Returns None when there is no
    engagement, no turn limit, or the matchup's solution is not cached;
    ``solve_missing=True`` solves it then (a minute or two, as a job of
    :mod:`airwar.games.migs_sabres.solver.jobs`), which an interface should only do when the
    user asks.
    """
    try:
        matchup = matchup_of(state)
        options = solver_options_of(state)
        if scoring is not None:
            options = SolverOptions(turn_limit=options.turn_limit, scoring=scoring)
        key = key_of(state, options)
    except SolverError:
        return None
    if solve_missing:
        from airwar.games.migs_sabres.solver import jobs

        sol: Solution | None = jobs.solution(matchup, options)
    else:
        sol = cached_solution(matchup, options)
    if sol is None:
        return None
    value = sol.key_value(key)
    moves = sol.key_move_values(key)
    best = None
    if moves:
        best_key: tuple[float, float] | None = None
        for text, v in moves.items():
            own = v.p_kill_active if key.mover == ACTIVE else v.p_kill_listed
            cand = (v.for_role(key.mover), own)
            if best_key is None or sol._better(cand, best_key):
                best, best_key = text, cand
    return {
        "matchup": matchup.label(),
        "to_move": "active" if key.mover == ACTIVE else "listed",
        "value": value.value,
        "p_kill_active": value.p_kill_active,
        "p_kill_listed": value.p_kill_listed,
        "moves": {t: v.value for t, v in moves.items()},
        "move_details": {t: v.to_dict() for t, v in moves.items()},
        "best": best,
    }
