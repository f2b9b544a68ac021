"""Flight Phase: pre-emption (GS-52) and shoot-outs (GS-53).

An aircraft may pre-empt another's move, moving right before it (defensively,
or as the referee allows); a defender's unit may meet an air-to-ground weapon
on its way to its target in a shoot-out.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from airwar.games.gunslingers.model.actions import Decision
from airwar.games.gunslingers.model.fields import house
from airwar.games.gunslingers.model.tasks import Ask, Do
from airwar.games.gunslingers.model.units import Plane, Weapon
from airwar.games.gunslingers.phases import outcomes
from airwar.games.gunslingers.phases.common import (
    choice_verb,
    need,
    suppressed,
)
from airwar.games.gunslingers.phases.detection import known_to
from airwar.games.gunslingers.phases.registry import on_do, verb

if TYPE_CHECKING:
    from airwar.games.gunslingers.model.state import GsModel

# -- pre-emption (GS-52) -------------------------------------------------------------

PREEMPT_REASONS = ("defensive", "referee")
"""Why an aircraft moves out of its order: a defensive pre-emption (Flight Phase note), or
the referee's call for another reason of the full rules (GS-52)."""


def _preempt_movers(state: GsModel, ask: Ask) -> list[Plane]:
    side = None if ask.subject == "flight" else ask.subject
    now = state.this_turn.preempt_moment
    return [p for p in state.planes(side) if not p.moved and p.id != now]


def _preempted(state: GsModel) -> list[Plane]:
    """The aircraft a pre-emption may move before: any still to move, or, as one is about
    to move, that one (GS-84)."""
    now = state.this_turn.preempt_moment
    return [p for p in state.planes() if not p.moved and (now is None or p.id == now)]


def preempt_choices(state: GsModel, ask: Ask) -> list[Decision]:
    reasons = ("defensive",) if ask.subject != "flight" else PREEMPT_REASONS
    everyone = _preempted(state)
    out = [Decision("preempt", ask.subject, ("done",))]
    for a in _preempt_movers(state, ask):
        for b in everyone:
            if b.id != a.id and a.id not in state.this_turn.preemptions.get(b.id, {}):
                out += [Decision("preempt", ask.subject, (f"{a.id}:{b.id}:{r}",)) for r in reasons]
    return out


def preempt_moment(state: GsModel, p: Plane) -> list[Ask]:
    """As ``p`` comes to move, who may pre-empt it (GS-84): with option ``preemption`` at
    ``referee`` the referee, at ``sides`` each other side that knows where ``p`` is (a side
    is never asked about an aircraft it does not know, GS-43, GS-72); only when it has an
    aircraft still to move, and once for each aircraft a turn."""
    mode = str(state.game.options.get("preemption", "referee"))
    turn = state.this_turn
    if mode == "off" or p.id in turn.preempt_asked:
        return []
    turn.preempt_asked.add(p.id)
    waiting = [q for q in state.planes() if not q.moved and q.id != p.id]
    if mode == "sides":
        return [
            Ask(state.seat_of(side), "preempt", side)
            for side in state.side_names
            if side != p.side and any(q.side == side for q in waiting) and known_to(state, side, p)
        ]
    return [Ask(state.referee, "preempt", "flight")] if waiting else []


@on_do("preempt_moment")
def _preempt_moment(state: GsModel, args: tuple[str, ...]) -> None:
    state.this_turn.preempt_moment = args[0] or None


def _preempt_check(state: GsModel, ask: Ask, d: Decision) -> None:
    if d.args == ("done",):
        return
    need(
        len(d.args) == 1 and d.first.count(":") == 2,
        f"write 'preempt {ask.subject} AIRCRAFT:BEFORE:REASON' (REASON: defensive"
        f"{' or referee' if ask.subject == 'flight' else ''}) or done (GS-52)",
    )
    a, b, reason = d.first.split(":")
    movers = {p.id for p in _preempt_movers(state, ask)}
    whose = "" if ask.subject == "flight" else f" of {ask.subject}"
    need(a in movers, f"{a} is not an aircraft{whose} still to move this turn (GS-52)")
    other = state.forces.planes.get(b)
    need(
        other is not None and other.alive and not other.moved and b != a,
        f"{b} is not another aircraft still to move this turn (GS-52)",
    )
    need(
        a not in state.this_turn.preemptions.get(b, {}),
        f"{a} already moves right before {b} this turn (GS-52)",
    )
    now = state.this_turn.preempt_moment
    need(
        now is None or b == now,
        f"{b} is not the aircraft about to move, {now}: a pre-emption now moves right before "
        "it (GS-84)",
    )
    allowed = PREEMPT_REASONS if ask.subject == "flight" else ("defensive",)
    need(reason in allowed, f"{reason!r} is not a reason here: {', '.join(allowed)} (GS-52)")


@verb(
    "preempt",
    "an aircraft to move out of its order, right before another (AIRCRAFT:BEFORE:REASON), or "
    "done (defensive pre-emptions, GS-52)",
    preempt_choices,
    _preempt_check,
)
def _preempt(state: GsModel, ask: Ask, d: Decision) -> None:
    if d.args == ("done",):
        return
    a, b, reason = d.first.split(":")
    state.this_turn.preemptions.setdefault(b, {})[a] = reason
    state.emit("preemption", aircraft=a, before=b, reason=reason, rule="GS-52")
    state.push_front(Ask(ask.seat, "preempt", ask.subject))


# -- shoot-outs (GS-53) --------------------------------------------------------------


def interceptors(state: GsModel, w: Weapon) -> list[str]:
    """The defender's units that can meet a guided air-to-ground weapon before it
    strikes (GS-53): its SAM units able to fire (not suppressed, a loaded rail, a radar
    that emits and is not jammed or optical guidance) with the target within their range,
    and its aircraft still to move within their speed plus gun range of the target."""
    target = state.unit(w.target)
    if target is None:
        return []
    out = [
        s.id
        for s in state.forces.sams.values()
        if s.alive
        and s.side == target.side
        and s.rails > 0
        and (s.optical or (s.emitting and not s.jammed))
        and not suppressed(state, s.id)
        and s.hex.distance(target.hex) <= s.range
    ]
    reach = house("attacks", "gun_range")
    out += [
        p.id
        for p in state.planes(target.side)
        if not p.moved
        and (p.guns or p.rockets)
        and p.id not in state.shootouts
        and p.hex.distance(target.hex) <= p.speed + reach
    ]
    return out


def _shootout_options(state: GsModel, ask: Ask) -> list[tuple[str, ...]]:
    w = state.weapons.get(ask.subject)
    return [("none",), *((u,) for u in (interceptors(state, w) if w else []))]


@choice_verb("shootout", "a unit of the defender to meet this air-to-ground weapon in a "
             "shoot-out, or none (GS-53)", _shootout_options)  # fmt: skip
def _shootout(state: GsModel, ask: Ask, d: Decision) -> None:
    if d.first == "none":
        return
    w = state.weapons[ask.subject]
    state.emit("shootout", weapon=w.id, interceptor=d.first, target=w.target, rule="GS-53")
    if d.first in state.forces.sams:
        s = state.forces.sams[d.first]
        s.rails -= 1
        s.expended += 1
        s.guided = True
        _resolve_shootout(state, w, s.id, s.label)
    else:
        state.shootouts[d.first] = w.id  # resolved as the interceptor moves


def _resolve_shootout(state: GsModel, w: Weapon, by: str, label: str) -> None:
    """The shoot-out, resolved at once: the weapon is destroyed or flies on (GS-53, GS-14);
    one that flies on reaches its target right after, and strikes once its guiding
    aircraft has moved (GS-81)."""
    state.push_front(Do("a2g_arrives", (w.id,)))
    outcomes.resolve(state, "shootout", w.id, by, f"{label} against {w.type} (shoot-out)", w.id)


@on_do("shootout_meets")
def _shootout_meets(state: GsModel, args: tuple[str, ...]) -> None:
    p = state.forces.planes[args[0]]
    wid = state.shootouts.pop(p.id, None)
    w = state.weapons.get(wid or "")
    if w is not None:
        _resolve_shootout(state, w, p.id, p.label)


@on_do("shootouts_left")
def _shootouts_left(state: GsModel, args: tuple[str, ...]) -> None:
    """Weapons whose interceptor never moved (destroyed first) strike at the end (GS-53),
    and so do weapons whose guiding aircraft left play before its move (GS-81)."""
    left = [wid for wid in state.shootouts.values() if wid in state.weapons]
    left += [w.id for w in state.weapons.values() if w.kind == "a2g" and w.arrived]
    state.shootouts.clear()
    state.push_front(*(Do("a2g_strike", (wid,)) for wid in dict.fromkeys(left)))
