"""Outcomes the text does not resolve (GS-14): entered by the referee, or rolled from a table.

Missile hits, gun and strafing damage, air-to-ground attacks, plotted fire,
ARM hits, progressive damage, recovery from GLOC and ground combat have no
numbers in the Expanded Sequence of Play. Each becomes a *result*: the
referee seat chooses it (``result R7 destroyed``), unless the scenario gives
an outcome table for that kind (one d10, success at N or less, each side of
it naming a result), in which case it is rolled like any check. The software
never makes up a number for them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from airwar.core.checks import Check, Comparison
from airwar.core.dice import D10
from airwar.games.gunslingers.actions import Decision
from airwar.games.gunslingers.common import choice_verb
from airwar.games.gunslingers.engine import Ask, Roll, about, on_roll
from airwar.games.gunslingers.scenario import OUTCOME_RESULTS
from airwar.games.gunslingers.units import Marker

if TYPE_CHECKING:
    from airwar.games.gunslingers.state import GsState

GROUND = OUTCOME_RESULTS["strafe"]
RESULTS = OUTCOME_RESULTS


def resolve(state: GsState, kind: str, target: str, by: str, what: str, weapon: str = "") -> None:
    """Queue the resolution of one outcome next: a table roll or a referee result."""
    rid = state.new_id("R")
    state.results[rid] = {
        "kind": kind,
        "target": target,
        "by": by,
        "what": what,
        "weapon": weapon,
    }
    state.emit(
        "outcome_pending",
        id=rid,
        kind=kind,
        target=target,
        by=by,
        what=what,
        rule="GS-14",
    )
    table = state.forces.outcomes.get(kind)
    if table is not None:
        check = Check(
            f"{what} ({kind} table of the scenario)",
            "GS-14",
            D10,
            int(table["target"]),
            Comparison.AT_MOST,
        )
        state.push_front(Roll(check, "outcome_table", (rid,), about(outcome=rid, against=target)))
    else:
        state.push_front(Ask(state.referee, "result", rid))


@on_roll("outcome_table")
def _table_rolled(state: GsState, success: bool, roll: int, args: tuple[str, ...]) -> None:
    rid = args[0]
    table = state.forces.outcomes[state.results[rid]["kind"]]
    apply_result(state, rid, str(table["success"] if success else table["failure"]))


def _result_options(state: GsState, ask: Ask) -> list[tuple[str, ...]]:
    ctx = state.results[ask.subject]
    options = RESULTS[ctx["kind"]]
    if ctx["kind"] == "missile":
        w = state.weapons.get(ctx["weapon"])
        if w is None or w.time_left <= 1:
            options = tuple(o for o in options if o != "flies")
    return [(o,) for o in options]


@choice_verb("result", "the referee's result for an outcome the text does not resolve (GS-14)",
             _result_options)  # fmt: skip
def _result(state: GsState, ask: Ask, d: Decision) -> None:
    apply_result(state, ask.subject, d.first)


def apply_result(state: GsState, rid: str, result: str) -> None:
    """Carry out a result: destroy, damage, suppress, recover, or nothing."""
    ctx = state.results.pop(rid)
    target_id = ctx["target"]
    target = state.unit(target_id)
    state.emit(
        "outcome",
        id=rid,
        kind=ctx["kind"],
        target=target_id,
        by=ctx["by"],
        result=result,
        rule="GS-14",
        text=f"{ctx['what']}: {result.replace('_', ' ')}",
    )
    weapon = ctx.get("weapon")
    if weapon and result != "flies":
        state.weapons.pop(weapon, None)
    if result == "destroyed" and target is not None and getattr(target, "alive", False):
        target.alive = False
        state.emit("destroyed", unit=target_id, by=ctx["by"])
        if target_id in state.forces.planes:
            credit_kill(state, ctx["by"], target_id)
            drop_weapons_of(state, target_id)
    elif result == "damaged" and target_id in state.forces.planes:
        state.forces.planes[target_id].status.add("damaged")
    elif result == "suppressed" and target is not None:
        if hasattr(target, "suppressed"):
            target.suppressed = True
        state.forces.markers.append(Marker("suppression", target.hex, target_id, None, state.turn))
        state.emit("marker", action="place", kind="suppression", unit=target_id)
    elif result == "recovered" and target_id in state.forces.planes:
        state.forces.planes[target_id].status.discard("gloc")
    elif result == "repaired" and target_id in state.forces.planes:
        state.forces.planes[target_id].status.discard("damaged")


def credit_kill(state: GsState, by: str, victim: str) -> None:
    """A kill for the side of ``by`` (GS-29): counts for initiative (GS-12)."""
    shooter = state.unit(by)
    side_name = getattr(shooter, "side", None)
    if side_name is None or side_name not in state.forces.sides:
        return
    side = state.forces.sides[side_name]
    side.kills += 1
    first = not any(s.first_kill for s in state.forces.sides.values())
    if first:
        side.first_kill = True
    state.emit("kill", side=side_name, victim=victim, by=by, first_kill=first)


def drop_weapons_of(state: GsState, plane_id: str) -> None:
    """Missiles chasing a destroyed aircraft are removed."""
    for wid in [w.id for w in state.weapons.values() if w.target == plane_id]:
        state.weapons.pop(wid)
        state.emit("weapon_removed", weapon=wid, reason="its target is destroyed")
