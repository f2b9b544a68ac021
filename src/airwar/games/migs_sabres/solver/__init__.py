"""The exact MiGs and Sabres engagement solver: its stable public API.

Everything a caller outside the solver needs is imported from here (the
modules inside are free to change)::

    from airwar.games.migs_sabres.solver import Matchup, SolverOptions, solve

    sol = solve(Matchup("F-86", "MiG-15"), SolverOptions(turn_limit=20))
    v = sol.value_of(state)            # Value(value, p_kill_active, p_kill_listed)
    sol.decision_values(state)         # {"F": Value, "L": Value, ..., "fire": Value}
    sol.best_decision(state)           # "F"
    sol.chance_values(state)           # {face: (probability, Value)} at a roll

- :func:`solve` ``(matchup, options=None, progress=None, ...) -> Solution``:
  solves one matchup exactly, or loads it from the cache; ``progress(done,
  total)`` is called as layers (movement turns) are solved.
- :func:`cached_solution` ``(matchup, options) -> Solution | None``: never
  solves.
- :meth:`Solution.value_of` ``(state) -> Value``: for a live engagement state
  (the game's own state object: ``migs-engagement``, ``migs-sabres`` during
  an engagement, or its ``Engagement``), the exact value (expected kills of
  the active plane minus the listed plane's, or base-value points with
  option IV.A) and both kill chances, all from the active plane's side.
- :meth:`Solution.decision_values` ``(state) -> dict[str, Value]``: at a
  decision point, the value after each legal decision, keyed by the
  action's text as the game writes it (``str(action)``); empty elsewhere.
- :meth:`Solution.best_decision` ``(state) -> str | None``: the optimal one
  (ties to the larger own kill chance).
- :meth:`Solution.chance_values` ``(state) -> dict[int, (float, Value)]``: at
  a roll (first move, MP, kill), each die face's probability and the value
  after it; empty at a decision point.
- :func:`matchup_of` / :func:`solver_options_of` ``(state)``: the matchup
  and options that a live state needs.
- :func:`engagement_values` ``(state)``: the dict the interfaces show.

:class:`Value` has ``value``, ``p_kill_active``, ``p_kill_listed`` and
``for_role(role)`` (role 0 active, 1 listed: the value that plane maximises).

Inside: :mod:`.model` (types and the state key), :mod:`.tables` (index
tables from the rules' geometry), :mod:`.kernel` and :mod:`.layers` (the
backward induction), :mod:`.store` (kept and recomputed layers), :mod:`.cache`
(the disk cache, injectable with :func:`airwar.games.migs_sabres.solver.cache.use`),
:mod:`.solution` (the lookups), :mod:`.solving`, :mod:`.jobs` (the process-wide
queue of solves) and :mod:`.values` (the interfaces' dict).
"""

from __future__ import annotations

from airwar.games.migs_sabres.solver.model import (
    MAX_TURN_LIMIT,
    EngagementKey,
    Matchup,
    SolverError,
    SolverOptions,
    StateKey,
    TurnLimitTooLong,
    Value,
    check_turn_limit,
    turn_limit_refusal,
)
from airwar.games.migs_sabres.solver.solution import Solution, key_of
from airwar.games.migs_sabres.solver.solving import cached_solution, solve, warm_up
from airwar.games.migs_sabres.solver.values import engagement_values, matchup_of, solver_options_of
from airwar.games.migs_sabres.terms import ACTIVE, LISTED

__all__ = [
    "ACTIVE",
    "LISTED",
    "MAX_TURN_LIMIT",
    "EngagementKey",
    "Matchup",
    "Solution",
    "SolverError",
    "SolverOptions",
    "StateKey",
    "TurnLimitTooLong",
    "Value",
    "cached_solution",
    "check_turn_limit",
    "engagement_values",
    "key_of",
    "matchup_of",
    "solve",
    "solver_options_of",
    "turn_limit_refusal",
    "warm_up",
]
