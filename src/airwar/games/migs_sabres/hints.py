"""What the board shows a player beyond the position: where a shot is open this move,
the paths the planes have flown, and the last move of each.

Computed from the rules alone (never from the solver): a plane may fire only at
the plane in the square directly ahead, after at least one step of its move
(MS-9), with the kill number of the target's aspect (MS-10, +1 for an ace,
MS-14). :func:`shot_squares` lists every position the mover can reach with the
MP it has left from which that shot is open, each with one path that gets there;
:func:`trails` reads the steps of the current engagement from the log.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from airwar.core.checks import fraction_text
from airwar.games.migs_sabres.combat import aspect_of, kill_check
from airwar.games.migs_sabres.engagement import Engagement
from airwar.games.migs_sabres.movement import STEP_KINDS, explore_paths, pack, unpack
from airwar.games.migs_sabres.terms import ROLES, Phase


def shot_squares(e: Engagement) -> list[dict[str, Any]]:
    """Every square and facing from which the plane to move can fire this move.

    Each entry: ``square``, ``facing``, the target's ``aspect``, ``kill_on`` (the
    natural d6 needed), ``p_kill`` (exact, as a fraction) and ``path`` (the steps
    from where the plane is now; empty when it can fire from where it is).
    Empty when the plane to move is not in the middle of its move (before its MP
    roll, during a return fire, or once the engagement is over).
    """
    if e.phase is not Phase.MOVE:
        return []
    me = e.planes[e.mover]
    other = e.planes[1 - e.mover]
    pos = pack(me.square, me.facing)
    _ends, fires = explore_paths(
        pos, e.mp_left, e.wing_over_used, other.square.index, stepped=e.stepped
    )
    out = []
    for p in sorted(fires):
        square, facing = unpack(p)
        aspect = aspect_of(square, other.square, other.facing).name
        check = kill_check(aspect, me.ace)
        out.append(
            {
                "square": str(square),
                "facing": str(facing),
                "aspect": aspect,
                "kill_on": check.target,
                "p_kill": fraction_text(check.probability()),
                "path": [STEP_KINDS[k].value for k in fires[p]],
            }
        )
    return out


def _engagement_events(log: Sequence[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """The events of the last engagement in ``log`` (empty when none has started)."""
    for i in range(len(log) - 1, -1, -1):
        if log[i].get("type") == "engagement_start":
            return list(log[i:])
    return []


def trails(log: Iterable[Mapping[str, Any]]) -> dict[str, dict[str, Any]]:
    """The squares each plane has flown through in the last engagement of ``log``.

    Per role (``active``, ``listed``): ``path``, every square from its start,
    each as ``[square, facing]``; ``last_move``, the squares of its latest
    move with at least one step (the move going on, or the one before),
    starting where that move began.
    """
    out: dict[str, dict[str, Any]] = {}
    events = _engagement_events(list(log))
    if not events:
        return out
    start = events[0]
    moves: dict[str, list[list[list[str]]]] = {}
    for role in ROLES:
        plane = start.get(role) or {}
        where = [str(plane.get("square", "")), str(plane.get("facing", ""))]
        out[role] = {"path": [where], "last_move": []}
        moves[role] = []
    fresh = dict.fromkeys(ROLES, True)
    for ev in events[1:]:
        kind = ev.get("type")
        who = str(ev.get("plane"))
        if who not in out:
            continue
        if kind == "movement_turn":
            fresh[who] = True
        elif kind == "step":
            if fresh[who]:
                moves[who].append([[str(ev["frm"]), str(ev["from_facing"])]])
                fresh[who] = False
            where = [str(ev["square"]), str(ev["facing"])]
            moves[who][-1].append(where)
            out[who]["path"].append(where)
    for role in ROLES:
        if moves[role]:
            out[role]["last_move"] = moves[role][-1]
    return out
