"""The solver's numbers for the interfaces (terminal, browser): one dict per state."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from airwar.games.migs_sabres.geometry import fire_offset
from airwar.games.migs_sabres.solver.model import (
    ACTIVE,
    LISTED,
    EngagementKey,
    Matchup,
    SolverError,
    SolverOptions,
)
from airwar.games.migs_sabres.solver.solution import Solution, key_of
from airwar.games.migs_sabres.solver.solving import cached_solution


def matchup_of(state: Any) -> Matchup:
    """The matchup of the engagement in ``state`` (an engagement game or whole-game state)."""
    eng = getattr(state, "engagement", state)
    if eng is None or not hasattr(eng, "planes"):
        raise SolverError("this state has no engagement on the Battle Board")
    a, b = eng.planes
    return Matchup(a.type.name, b.type.name, bool(a.ace), bool(b.ace))


def solver_options_of(state: Any) -> SolverOptions:
    """The solver options that match ``state``'s game and engagement (MS-11, MS-12)."""
    eng = getattr(state, "engagement", state)
    game = getattr(state, "game", None)
    scoring = "kills"
    if game is not None:
        scoring = str(game.options.get("scoring", "kills"))
    return SolverOptions(turn_limit=int(eng.turn_limit), scoring=scoring)


def _view_key(view: Mapping[str, Any]) -> tuple[Matchup, SolverOptions, EngagementKey]:
    """Matchup, options and key of an engagement from a state's JSON view."""
    from airwar.games.migs_sabres.board import Facing, Square

    eng = view.get("engagement")
    if not eng:
        raise SolverError("the view shows no engagement on the Battle Board")
    planes = eng["planes"]
    a, b = planes["active"], planes["listed"]
    matchup = Matchup(a["type"], b["type"], bool(a.get("ace")), bool(b.get("ace")))
    limit = int(eng.get("turn_limit", 20))
    if limit < 1:
        raise SolverError("the solver needs a turn limit (MS-11); this engagement has none")
    options = SolverOptions(turn_limit=limit, scoring=str(view.get("scoring", "kills")))
    positions = tuple(
        Square.parse(p["square"]).index * 8 + int(Facing.parse(p["facing"])) for p in (a, b)
    )
    fired = (bool(a.get("fired")), bool(b.get("fired")))
    mover = ACTIVE if eng.get("to_move") == "active" else LISTED
    turns = (int(a.get("turns", 0)), int(b.get("turns", 0)))
    pos2 = (positions[0], positions[1])
    step = eng.get("step")
    if eng.get("shot_down") or step == "over":
        down = eng.get("shot_down")
        shot = None if down is None else (ACTIVE if down == "active" else LISTED)
        return matchup, options, EngagementKey("over", mover, pos2, fired, 0, shot_down=shot)
    if step in ("first_red", "first_blue"):
        red = None
        check = eng.get("pending_check")
        if step == "first_blue" and check:
            red = int(check["target"]) - 1
        red_active = a.get("side") == "communist"
        key = EngagementKey(
            "first", mover, pos2, fired, 2 * limit, first_red=red, red_is_active=red_active
        )
        return matchup, options, key
    remaining = (limit - turns[mover] + 1) + (limit - turns[1 - mover])
    if step == "kill":
        pos, other = positions[mover], positions[1 - mover]
        offset = fire_offset(pos % 8, other % 8)
        return (
            matchup,
            options,
            EngagementKey("kill", mover, pos2, fired, remaining, attack_offset=offset),
        )
    key = EngagementKey(
        str(step),
        mover,
        pos2,
        fired,
        remaining,
        mp_left=int(eng.get("mp_left", 0)),
        wing_over_used=bool(eng.get("wing_over_used")),
        stepped=bool(eng.get("stepped")),
    )
    return matchup, options, key


def engagement_values(
    view_or_state: Any, *, solve_missing: bool = False, scoring: str | None = None
) -> dict[str, Any] | None:
    """The solver's numbers for the interfaces, or None when they are not at hand.

    Accepts a state (``migs-engagement`` or ``migs-sabres``) or its JSON
    ``view``. Returns ``{"value", "p_kill_active", "p_kill_listed", "moves":
    {action text: value}, "move_details": {action text: {...}}, "best",
    "to_move", "matchup"}``, every value from the active plane's side (its
    expected kills minus the listed plane's). Returns None when there is no
    engagement, no turn limit, or the matchup's solution is not cached;
    ``solve_missing=True`` solves it then (a minute or two, as a job of
    :mod:`airwar.games.migs_sabres.solver.jobs`), which an interface should only do when the
    user asks.
    """
    try:
        if isinstance(view_or_state, Mapping):
            matchup, options, key = _view_key(view_or_state)
            if scoring is not None:
                options = SolverOptions(turn_limit=options.turn_limit, scoring=scoring)
        else:
            matchup = matchup_of(view_or_state)
            options = solver_options_of(view_or_state)
            if scoring is not None:
                options = SolverOptions(turn_limit=options.turn_limit, scoring=scoring)
            key = key_of(view_or_state, options)
    except (SolverError, KeyError, TypeError, ValueError, AttributeError):
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
