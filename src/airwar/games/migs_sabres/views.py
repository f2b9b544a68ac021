"""What a reader of an engagement sees, built once per view from the rules' answers.

:func:`engagement_view` is the Battle Board as the browser, the terminal and
the records show it: both planes, the step (:class:`~.terms.Phase`), the
movement points, the pending roll explained (:func:`check_view`), the legal
decisions with their results and odds (:func:`legal_action_views`) and the
shots open this move (:func:`~.hints.shot_squares`). The states embed it in
their own view; nothing reads a view back (the solver, the summaries and the
terminal ask the state).
"""

from __future__ import annotations

from typing import Any

from airwar.core.checks import Check, fraction_text
from airwar.games.migs_sabres.actions import Fire, Step
from airwar.games.migs_sabres.combat import aspect_of, kill_check
from airwar.games.migs_sabres.engagement import Engagement
from airwar.games.migs_sabres.hints import shot_squares
from airwar.games.migs_sabres.movement import step_result
from airwar.games.migs_sabres.terms import ROLES


def check_view(check: Check | None) -> dict[str, Any] | None:
    """A pending roll as a view shows it: the check and its explanation."""
    return None if check is None else {**check.to_dict(), "explain": check.explain()}


def legal_action_views(e: Engagement) -> list[dict[str, Any]]:
    """Each legal decision of the plane to move: a step with the square, facing and MP it
    leaves; a shot with its aspect and exact kill odds (MS-9, MS-10); a hold."""
    out: list[dict[str, Any]] = []
    if not e.phase.decides:
        return out
    p = e.planes[e.mover]
    other = e.planes[1 - e.mover]
    for a in e.legal_actions():
        if isinstance(a, Step):
            res = step_result(p.square, p.facing, a.kind)
            assert res is not None
            out.append(
                {
                    "action": str(a),
                    "kind": a.kind.label,
                    "square": str(res[0]),
                    "facing": str(res[1]),
                    "mp_left": e.mp_left - a.kind.cost,
                }
            )
        elif isinstance(a, Fire):
            aspect = aspect_of(p.square, other.square, other.facing).name
            check = kill_check(aspect, p.ace)
            out.append(
                {
                    "action": "fire",
                    "aspect": aspect,
                    "kill_on": check.target,
                    "p_kill": fraction_text(check.probability()),
                    "check": check.explain(),
                }
            )
        else:
            out.append({"action": str(a)})
    return out


def engagement_view(e: Engagement) -> dict[str, Any]:
    """The engagement as every reader sees it (MiGs and Sabres hides nothing)."""
    return {
        "planes": {ROLES[i]: p.to_dict() for i, p in enumerate(e.planes)},
        "step": e.phase.value,
        "to_move": ROLES[e.mover],
        "to_move_side": e.planes[e.mover].side.value,
        "mp_rolled": e.mp_rolled,
        "mp_left": e.mp_left,
        "wing_over_used": e.wing_over_used,
        "stepped": e.stepped,
        "return_fire_pending": {ROLES[i]: flag for i, flag in enumerate(e.return_fire)},
        "turn_limit": e.turn_limit,
        "pending_check": check_view(e.pending_check()),
        "legal_actions": legal_action_views(e),
        "shots": shot_squares(e),
        "end_reason": None if e.end_reason is None else e.end_reason.value,
        "shot_down": None if e.shot_down is None else ROLES[e.shot_down],
    }
