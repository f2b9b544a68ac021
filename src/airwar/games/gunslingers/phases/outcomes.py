"""Outcomes the text does not resolve (GS-14): entered by the referee, or rolled from a table.

Missile hits, gun and strafing damage, air-to-ground attacks, plotted fire,
ARM hits, progressive damage, recovery from GLOC and ground combat have no
numbers in the Expanded Sequence of Play. Each becomes a *result*: the
referee seat chooses it (``result R7 destroyed``), unless a table resolves
it (one d10, success at N or less, each side of it naming a result), in
which case it is rolled like any check. The table is the weapon's own, if it
has one (a missile, ARM, air-to-ground weapon, SAM unit or AAA unit of the
library or of the scenario), else the scenario's table for that kind of
outcome (GS-61). The software never makes up a number for them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from airwar.core.checks import Check, Comparison
from airwar.core.dice import D10
from airwar.games.gunslingers.model.actions import Decision
from airwar.games.gunslingers.model.fields import OUTCOME_RESULTS
from airwar.games.gunslingers.model.tasks import Ask, CheckTask, about
from airwar.games.gunslingers.model.units import Marker
from airwar.games.gunslingers.phases.common import choice_verb
from airwar.games.gunslingers.phases.registry import on_roll

if TYPE_CHECKING:
    from airwar.games.gunslingers.model.state import GsModel

GROUND = OUTCOME_RESULTS["strafe"]
RESULTS = OUTCOME_RESULTS


def own_table(
    state: GsModel, kind: str, by: str, weapon: str = "", weapon_type: str = ""
) -> tuple[str, dict[str, Any]] | None:
    """The weapon's own outcome table (GS-61) and whose it is, if it has one.

    ``weapon`` is a weapon in flight (its type and shooter tell which table);
    ``weapon_type`` names the type of a weapon that is not in flight (a bomb
    dropped at once). An ARM's table is its shooter's ARM type's; plotted fire's
    is the AAA unit's.
    """
    flying = state.weapons.get(weapon) if weapon else None
    shooter = state.forces.planes.get(by)
    if flying is not None and flying.kind == "sam":
        site = state.forces.sams.get(flying.shooter)
        if site is not None and site.result is not None:
            return site.type or site.label, site.result
        return None
    wtype = flying.type if flying is not None else weapon_type
    if shooter is not None:
        if kind == "missile" and wtype in shooter.missiles:
            table = shooter.missiles[wtype].result
            return (wtype, table) if table is not None else None
        if kind == "ground_attack" and wtype in shooter.ground_results:
            return wtype, shooter.ground_results[wtype]
        if kind == "arm" and shooter.arm_result is not None:
            return shooter.arm_type or "ARM", shooter.arm_result
        return None
    gun = state.forces.guns.get(by)
    if kind == "plotted_fire" and gun is not None and gun.result is not None:
        return gun.type or gun.label, gun.result
    return None


def table_for(
    state: GsModel, kind: str, by: str, weapon: str = "", weapon_type: str = ""
) -> tuple[str, dict[str, Any]] | None:
    """The table that resolves an outcome (GS-61): the weapon's own, else the
    scenario's for the kind; None: the referee decides."""
    own = own_table(state, kind, by, weapon, weapon_type)
    if own is not None:
        return f"{own[0]}'s own table", own[1]
    table = state.forces.outcomes.get(kind)
    return (f"{kind} table of the scenario", table) if table is not None else None


def resolve(
    state: GsModel,
    kind: str,
    target: str,
    by: str,
    what: str,
    weapon: str = "",
    weapon_type: str = "",
) -> None:
    """Queue the resolution of one outcome next: a table roll or a referee result."""
    rid = state.new_id("R")
    found = table_for(state, kind, by, weapon, weapon_type)
    state.results[rid] = {
        "kind": kind,
        "target": target,
        "by": by,
        "what": what,
        "weapon": weapon,
    }
    if found is not None:  # the table the roll reads (a saved game keeps it with the outcome)
        state.results[rid].update(
            success=str(found[1]["success"]), failure=str(found[1]["failure"])
        )
    state.emit(
        "outcome_pending",
        id=rid,
        kind=kind,
        target=target,
        by=by,
        what=what,
        rule="GS-14",
    )
    if found is not None:
        whose, table = found
        check = Check(
            f"{what} ({whose})",
            "GS-14",
            D10,
            int(table["target"]),
            Comparison.AT_MOST,
        )
        state.push_front(
            CheckTask(check, "outcome_table", (rid,), about(outcome=rid, against=target))
        )
    else:
        state.push_front(Ask(state.referee, "result", rid))


@on_roll("outcome_table")
def _table_rolled(state: GsModel, success: bool, roll: int, args: tuple[str, ...]) -> None:
    rid = args[0]
    ctx = state.results[rid]
    apply_result(state, rid, ctx["success"] if success else ctx["failure"])


def _result_options(state: GsModel, ask: Ask) -> list[tuple[str, ...]]:
    ctx = state.results[ask.subject]
    options = RESULTS[ctx["kind"]]
    if ctx["kind"] == "missile":
        w = state.weapons.get(ctx["weapon"])
        if w is None or w.time_left <= 1:
            options = tuple(o for o in options if o != "flies")
    return [(o,) for o in options]


@choice_verb("result", "the referee's result for an outcome the text does not resolve (GS-14)",
             _result_options)  # fmt: skip
def _result(state: GsModel, ask: Ask, d: Decision) -> None:
    apply_result(state, ask.subject, d.first)


def apply_result(state: GsModel, rid: str, result: str) -> None:
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


def credit_kill(state: GsModel, by: str, victim: str) -> None:
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


def drop_weapons_of(state: GsModel, plane_id: str) -> None:
    """Missiles chasing a destroyed aircraft are removed."""
    for wid in [w.id for w in state.weapons.values() if w.target == plane_id]:
        state.weapons.pop(wid)
        state.emit("weapon_removed", weapon=wid, reason="its target is destroyed")
