"""Aircraft Administrative Phase and End of Turn Administrative Phase."""

from __future__ import annotations

from typing import TYPE_CHECKING

from airwar.core.errors import IllegalAction, InvalidNotation
from airwar.games.gunslingers.model.actions import Decision
from airwar.games.gunslingers.model.hexgrid import Hex
from airwar.games.gunslingers.model.tasks import Ask, CheckTask, Do, about
from airwar.games.gunslingers.model.units import Plane
from airwar.games.gunslingers.phases import outcomes
from airwar.games.gunslingers.phases.common import choice_verb, need
from airwar.games.gunslingers.phases.detection import found_by_enemy
from airwar.games.gunslingers.phases.registry import on_do, on_roll, verb
from airwar.games.gunslingers.rules import admin as admin_rules

if TYPE_CHECKING:
    from airwar.games.gunslingers.model.state import GsModel


# -- Aircraft Administrative Phase ---------------------------------------------------


def remove_missiles(state: GsModel) -> None:
    """Step 1: missiles whose time of flight has ended are removed; the others fly on.

    A turn of flight counts once the missile has moved in a Flight Phase, so one
    launched after this turn's Flight Phase starts counting next turn (GS-29)."""
    for w in list(state.weapons.values()):
        if w.launched_after_flight:
            w.launched_after_flight = False
            continue
        w.time_left -= 1
        if w.time_left <= 0:
            del state.weapons[w.id]
            state.emit("weapon_removed", weapon=w.id, reason="time of flight ended")


def progressive_damage(state: GsModel) -> None:
    """Step 2: each damaged aircraft is checked for progressive damage (GS-14)."""
    for p in state.planes():
        if "damaged" in p.status:
            outcomes.resolve(
                state, "progressive_damage", p.id, "referee", f"progressive damage to {p.label}"
            )


def gloc_recovery(state: GsModel) -> None:
    """Step 3: each GLOC'd aircraft is checked for early recovery (GS-14)."""
    for p in state.planes():
        if "gloc" in p.status:
            outcomes.resolve(state, "gloc_recovery", p.id, "referee", f"{p.label} GLOC recovery")


LOGGED_STATUSES = ("stalled", "stalled_vertical", "departed", "gloc", "disoriented", "damaged")
"""Statuses the referee records from the full game's rules (GS-40)."""


def update_logs(state: GsModel) -> None:
    """Step 4: the referee records statuses (GS-40), then each aircraft's log is written."""
    if state.planes():
        state.push(Ask(state.referee, "logs", "aircraft"), Do("write_logs"))


def _logs_options(state: GsModel, ask: Ask) -> list[tuple[str, ...]]:
    out: list[tuple[str, ...]] = [("done",)]
    for p in state.planes():
        for status in LOGGED_STATUSES:
            sign = "-" if status in p.status else "+"
            out.append((p.id, f"{sign}{status}"))
    return out


@choice_verb("logs", "a status to record (AIRCRAFT +STATUS or -STATUS: stalled, "
             "stalled_vertical, departed, gloc, disoriented, damaged), or done (GS-40)",
             _logs_options)  # fmt: skip
def _logs(state: GsModel, ask: Ask, d: Decision) -> None:
    if d.args == ("done",):
        return
    p = state.forces.planes[d.args[0]]
    sign, status = d.args[1][0], d.args[1][1:]
    if sign == "+":
        p.status.add(status)
        if status == "stalled_vertical":
            p.status.add("stalled")
    else:
        p.status.discard(status)
        if status == "stalled":
            p.status.discard("stalled_vertical")
    state.emit("status", aircraft=p.id, status=sorted(p.status), text=d.args[1], rule="GS-40")
    state.push_front(Ask(state.referee, "logs", "aircraft"))


@on_do("write_logs")
def _write_logs(state: GsModel, args: tuple[str, ...]) -> None:
    for p in state.planes():
        state.emit(
            "aircraft_log",
            aircraft=p.id,
            hex=str(p.hex),
            heading=p.heading,
            altitude=p.altitude,
            status=sorted(p.status),
            chaff=p.chaff,
            flares=p.flares,
            mini_jammers=p.mini_jammers,
            missiles={k: m.count for k, m in p.missiles.items()},
            contacts=sorted(p.radar.contacts) if p.radar else [],
            locks=sorted(p.radar.locks) if p.radar else [],
        )


def _leaves(state: GsModel, p: Plane, reason: str, rule: str) -> None:
    p.alive = False
    state.emit("disengaged", aircraft=p.id, hex=str(p.hex), reason=reason, rule=rule)
    outcomes.drop_weapons_of(state, p.id)


def at_bingo(state: GsModel, p: Plane) -> bool:
    """Whether ``p`` has flown the turns of fuel the scenario gives it (GS-54)."""
    fuel = state.fuel.get(p.id)
    return fuel is not None and state.turn >= fuel


def at_map_edge(state: GsModel, p: Plane) -> bool:
    """Whether ``p`` is in a hex on the edge of the map (GS-54)."""
    return max(abs(p.hex.q), abs(p.hex.r), abs(p.hex.s)) == state.forces.radius


def disengage(state: GsModel) -> None:
    """Step 5: aircraft meeting the disengagement criteria are removed (GS-35, GS-54): off
    the map; at Bingo fuel, if the scenario gives fuel; on the map's edge, if its side
    chooses; and any the referee calls out."""
    options = state.game.options
    tasks: list[Ask] = []
    for p in state.planes():
        if not state.on_map(p.hex):
            _leaves(state, p, "off the map", "GS-35")
        elif at_bingo(state, p):
            if options.get("bingo_disengages", True):
                _leaves(state, p, "Bingo fuel", "GS-54")
            else:
                state.note(f"{p.label} is at Bingo fuel (GS-54)", aircraft=p.id, rule="GS-54")
        elif options.get("edge_disengagement", True) and at_map_edge(state, p):
            tasks.append(Ask(state.seat_of(p.side), "disengage", p.id))
    if state.planes():
        tasks.append(Ask(state.referee, "disengage", "referee"))
    state.push(*tasks)


def _disengage_options(state: GsModel, ask: Ask) -> list[tuple[str, ...]]:
    if ask.subject != "referee":
        return [("no",), ("yes",)]
    return [("done",), *((p.id,) for p in state.planes())]


@choice_verb("disengage", "whether this aircraft on the map's edge leaves the battle (yes or no); "
             "for the referee, an aircraft to remove by the referee's call, or done (GS-54)",
             _disengage_options)  # fmt: skip
def _disengage(state: GsModel, ask: Ask, d: Decision) -> None:
    if d.first in ("no", "done"):
        return
    if ask.subject == "referee":
        _leaves(state, state.forces.planes[d.first], "the referee's call", "GS-54")
        state.push_front(Ask(state.referee, "disengage", "referee"))
    else:
        _leaves(state, state.forces.planes[ask.subject], "left by the map's edge", "GS-54")


# -- step 6: operational scale movement (GS-55) -----------------------------------------


def operational_scale(state: GsModel) -> int:
    """Hexes a flight moves in one operational move: the scenario's, 0 for none (GS-55)."""
    if not state.game.options.get("operational_moves", True):
        return 0
    return int(getattr(state.scenario.scenario, "operational_scale", None) or 0)


def flights(state: GsModel) -> dict[str, list[Plane]]:
    """The flights in play: each aircraft that tails no aircraft in play leads one, with
    every aircraft tailing it, directly or down a chain (GS-55)."""
    planes = {p.id: p for p in state.planes()}

    def leader(p: Plane) -> str:
        seen = {p.id}
        while p.tailing in planes and p.tailing not in seen:
            p = planes[p.tailing]
            seen.add(p.id)
        return p.id

    out: dict[str, list[Plane]] = {}
    for p in planes.values():
        out.setdefault(leader(p), []).append(p)
    return out


def free_flights(state: GsModel) -> dict[str, list[Plane]]:
    """Flights that may move at operational scale: none of them sighted by the enemy,
    tracked by any enemy radar (an aircraft's, an EWR's, a CCU's, a SAM unit's) or held
    by an enemy optical SAM unit, and not moved so already this turn (GS-55, GS-80)."""
    return {
        lid: members
        for lid, members in flights(state).items()
        if not any(p.category == "operational" or found_by_enemy(state, p) for p in members)
    }


def operational_move(state: GsModel) -> None:
    """Step 6: the referee moves whole flights at the scenario's operational scale (GS-55)."""
    if operational_scale(state) == 0:
        state.note("no operational scale movement: the scenario gives no operational scale")
        return
    if free_flights(state):
        state.push(Ask(state.referee, "opmove", "flights"))


def _opmove_refusal(
    state: GsModel, lid: str, to: Hex, free: dict[str, list[Plane]] | None = None
) -> str | None:
    members = (free if free is not None else free_flights(state)).get(lid)
    if members is None:
        return (
            f"{lid} does not lead a flight free to move at operational scale: every aircraft "
            "of it unsighted and undetected by the enemy, once a turn (GS-55)"
        )
    scale = operational_scale(state)
    leader = state.forces.planes[lid]
    if leader.hex.distance(to) > scale:
        return f"{to} is {leader.hex.distance(to)} hexes off: the operational scale is {scale}"
    shift = to - leader.hex
    off = [p.id for p in members if not state.on_map(p.hex + shift)]
    if off:
        return f"the move would take {', '.join(off)} off the map"
    return None


def opmove_choices(state: GsModel, ask: Ask) -> list[Decision]:
    out = [Decision("opmove", ask.subject, ("done",))]
    scale = operational_scale(state)
    free = free_flights(state)
    for lid in free:
        here = state.forces.planes[lid].hex
        out += [
            Decision("opmove", ask.subject, (f"{lid}:{h}",))
            for h in here.spiral(scale)
            if h != here and _opmove_refusal(state, lid, h, free) is None
        ]
    return out


def _opmove_check(state: GsModel, ask: Ask, d: Decision) -> None:
    if d.args == ("done",):
        return
    need(len(d.args) == 1 and ":" in d.first, "write 'opmove flights LEADER:HEX' or done")
    lid, where = d.first.split(":", 1)
    try:
        to = Hex.parse(where)
    except InvalidNotation as exc:
        raise IllegalAction(str(exc)) from None
    why = _opmove_refusal(state, lid, to)
    need(why is None, f"{lid}'s flight cannot move to {where}: {why} (GS-55)")


@verb("opmove", "a flight (its leader) and the hex its leader moves to at operational scale "
      "(LEADER:HEX), or done (GS-55)", opmove_choices, _opmove_check)  # fmt: skip
def _opmove(state: GsModel, ask: Ask, d: Decision) -> None:
    if d.args == ("done",):
        return
    lid, where = d.first.split(":", 1)
    to = Hex.parse(where)
    members = free_flights(state)[lid]
    shift = to - state.forces.planes[lid].hex
    moves = []
    for p in members:
        moves.append({"aircraft": p.id, "frm": str(p.hex), "to": str(p.hex + shift)})
        p.hex = p.hex + shift
        p.category = "operational"
    state.emit("operational_move", flight=lid, moves=moves, rule="GS-55")
    if free_flights(state):
        state.push_front(Ask(state.referee, "opmove", "flights"))


# -- End of Turn Administrative Phase -----------------------------------------------


def _remove(state: GsModel, kind: str, keep: set[str] | None = None) -> None:
    kept = []
    for m in state.forces.markers:
        if m.kind == kind and not (keep and m.unit in keep):
            state.emit("marker", action="remove", kind=kind, hex=str(m.hex), unit=m.unit)
        else:
            kept.append(m)
    state.forces.markers = kept


def _flip(state: GsModel, kind: str, to: str) -> None:
    for m in state.forces.markers:
        if m.kind == kind:
            m.kind = to
            state.emit("marker", action="flip", kind=kind, to=to, hex=str(m.hex), unit=m.unit)


def remove_laser_spots(state: GsModel) -> None:
    """Step 1: laser spots come off unless a weapon is still in flight to them."""
    targets = {w.target for w in state.weapons.values() if w.kind == "a2g"}
    _remove(state, "laser_spot", targets)


def remove_blast_zones(state: GsModel) -> None:
    """Step 2."""
    _remove(state, "blast_zone")


def remove_suppression_removal(state: GsModel) -> None:
    """Step 3: units whose suppression-removal marker comes off are no longer suppressed."""
    for m in state.forces.markers:
        if m.kind == "suppression_removal" and m.unit is not None:
            unit = state.unit(m.unit)
            if unit is not None and hasattr(unit, "suppressed"):
                unit.suppressed = False
    _remove(state, "suppression_removal")


def remove_smoke_2(state: GsModel) -> None:
    """Step 4."""
    _remove(state, "smoke_2")


def flip_suppression(state: GsModel) -> None:
    """Step 5."""
    _flip(state, "suppression", "suppression_removal")


def flip_smoke(state: GsModel) -> None:
    """Step 6."""
    _flip(state, "smoke_1", "smoke_2")


def flip_barrage(state: GsModel) -> None:
    """Step 7: a unit that fired barrage is out of ammunition."""
    for m in state.forces.markers:
        if m.kind == "barrage" and m.unit in state.forces.guns:
            state.forces.guns[m.unit].out_of_ammo = True
    _flip(state, "barrage", "out_of_ammo")


def aaa_resupply(state: GsModel) -> None:
    """Step 8: each AAA unit out of ammunition rolls for resupply (Die Roll 2-)."""
    for g in state.forces.guns.values():
        if g.alive and g.out_of_ammo:
            state.push(
                CheckTask(admin_rules.aaa_resupply_check(), "resupplied", (g.id,), about(unit=g.id))
            )


@on_roll("resupplied")
def _resupplied(state: GsModel, success: bool, roll: int, args: tuple[str, ...]) -> None:
    if success:
        g = state.forces.guns[args[0]]
        g.out_of_ammo = False
        _remove(state, "out_of_ammo", {u for u in state.forces.guns if u != g.id})


def infantry_reloads(state: GsModel) -> None:
    """Step 9: infantry SAMs with an expended rail and reloads left roll (Die Roll 3-)."""
    for s in state.forces.sams.values():
        if s.alive and s.infantry and s.expended > 0 and s.reloads > 0:
            state.push(
                CheckTask(
                    admin_rules.infantry_sam_reload_check(), "reloaded", (s.id,), about(unit=s.id)
                )
            )


@on_roll("reloaded")
def _reloaded(state: GsModel, success: bool, roll: int, args: tuple[str, ...]) -> None:
    if success:
        s = state.forces.sams[args[0]]
        s.expended -= 1
        s.rails += 1
        s.reloads -= 1
        state.emit("reload", unit=s.id, rails=s.rails, reloads=s.reloads)


def auto_reload(state: GsModel) -> None:
    """Step 10: auto-reload SAM units that neither guided nor launched reload up to two rails."""
    guiding = {w.shooter for w in state.weapons.values()}
    for s in state.forces.sams.values():
        if s.alive and s.auto_reload and s.expended:
            n = admin_rules.auto_reload_rails(s.expended, s.guided or s.id in guiding)
            if n == 0:
                continue
            s.expended -= n
            s.rails += n
            state.emit("reload", unit=s.id, rails=s.rails, reloaded=n, rule="End of Turn 10")
