"""Aircraft Administrative Phase and End of Turn Administrative Phase."""

from __future__ import annotations

from typing import TYPE_CHECKING

from airwar.games.gunslingers import checks, outcomes
from airwar.games.gunslingers.actions import Decision
from airwar.games.gunslingers.common import choice_verb
from airwar.games.gunslingers.engine import Ask, Do, Roll, about, on_do, on_roll

if TYPE_CHECKING:
    from airwar.games.gunslingers.state import GsState


# -- Aircraft Administrative Phase ---------------------------------------------------


def remove_missiles(state: GsState) -> None:
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


def progressive_damage(state: GsState) -> None:
    """Step 2: each damaged aircraft is checked for progressive damage (GS-14)."""
    for p in state.planes():
        if "damaged" in p.status:
            outcomes.resolve(
                state, "progressive_damage", p.id, "referee", f"progressive damage to {p.label}"
            )


def gloc_recovery(state: GsState) -> None:
    """Step 3: each GLOC'd aircraft is checked for early recovery (GS-14)."""
    for p in state.planes():
        if "gloc" in p.status:
            outcomes.resolve(state, "gloc_recovery", p.id, "referee", f"{p.label} GLOC recovery")


LOGGED_STATUSES = ("stalled", "stalled_vertical", "departed", "gloc", "disoriented", "damaged")
"""Statuses the referee records from the full game's rules (GS-40)."""


def update_logs(state: GsState) -> None:
    """Step 4: the referee records statuses (GS-40), then each aircraft's log is written."""
    if state.planes():
        state.push(Ask(state.referee, "logs", "aircraft"), Do("write_logs"))


def _logs_options(state: GsState, ask: Ask) -> list[tuple[str, ...]]:
    out: list[tuple[str, ...]] = [("done",)]
    for p in state.planes():
        for status in LOGGED_STATUSES:
            sign = "-" if status in p.status else "+"
            out.append((p.id, f"{sign}{status}"))
    return out


@choice_verb("logs", "a status to record (AIRCRAFT +STATUS or -STATUS: stalled, "
             "stalled_vertical, departed, gloc, disoriented, damaged), or done (GS-40)",
             _logs_options)  # fmt: skip
def _logs(state: GsState, ask: Ask, d: Decision) -> None:
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
def _write_logs(state: GsState, args: tuple[str, ...]) -> None:
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


def disengage(state: GsState) -> None:
    """Step 5: aircraft off the map have disengaged and are removed (GS-35)."""
    for p in state.planes():
        if not state.on_map(p.hex):
            p.alive = False
            state.emit("disengaged", aircraft=p.id, hex=str(p.hex), rule="GS-35")
            outcomes.drop_weapons_of(state, p.id)


def operational_move(state: GsState) -> None:
    """Step 6: operational scale movement does not apply to a tactical scenario."""
    state.note("no operational scale movement in a tactical scenario")


# -- End of Turn Administrative Phase -----------------------------------------------


def _remove(state: GsState, kind: str, keep: set[str] | None = None) -> None:
    kept = []
    for m in state.forces.markers:
        if m.kind == kind and not (keep and m.unit in keep):
            state.emit("marker", action="remove", kind=kind, hex=str(m.hex), unit=m.unit)
        else:
            kept.append(m)
    state.forces.markers = kept


def _flip(state: GsState, kind: str, to: str) -> None:
    for m in state.forces.markers:
        if m.kind == kind:
            m.kind = to
            state.emit("marker", action="flip", kind=kind, to=to, hex=str(m.hex), unit=m.unit)


def remove_laser_spots(state: GsState) -> None:
    """Step 1: laser spots come off unless a weapon is still in flight to them."""
    targets = {w.target for w in state.weapons.values() if w.kind == "a2g"}
    _remove(state, "laser_spot", targets)


def remove_blast_zones(state: GsState) -> None:
    """Step 2."""
    _remove(state, "blast_zone")


def remove_suppression_removal(state: GsState) -> None:
    """Step 3: units whose suppression-removal marker comes off are no longer suppressed."""
    for m in state.forces.markers:
        if m.kind == "suppression_removal" and m.unit is not None:
            unit = state.unit(m.unit)
            if unit is not None and hasattr(unit, "suppressed"):
                unit.suppressed = False
    _remove(state, "suppression_removal")


def remove_smoke_2(state: GsState) -> None:
    """Step 4."""
    _remove(state, "smoke_2")


def flip_suppression(state: GsState) -> None:
    """Step 5."""
    _flip(state, "suppression", "suppression_removal")


def flip_smoke(state: GsState) -> None:
    """Step 6."""
    _flip(state, "smoke_1", "smoke_2")


def flip_barrage(state: GsState) -> None:
    """Step 7: a unit that fired barrage is out of ammunition."""
    for m in state.forces.markers:
        if m.kind == "barrage" and m.unit in state.forces.guns:
            state.forces.guns[m.unit].out_of_ammo = True
    _flip(state, "barrage", "out_of_ammo")


def aaa_resupply(state: GsState) -> None:
    """Step 8: each AAA unit out of ammunition rolls for resupply (Die Roll 2-)."""
    for g in state.forces.guns.values():
        if g.alive and g.out_of_ammo:
            state.push(Roll(checks.aaa_resupply_check(), "resupplied", (g.id,), about(unit=g.id)))


@on_roll("resupplied")
def _resupplied(state: GsState, success: bool, roll: int, args: tuple[str, ...]) -> None:
    if success:
        g = state.forces.guns[args[0]]
        g.out_of_ammo = False
        _remove(state, "out_of_ammo", {u for u in state.forces.guns if u != g.id})


def infantry_reloads(state: GsState) -> None:
    """Step 9: infantry SAMs with an expended rail and reloads left roll (Die Roll 3-)."""
    for s in state.forces.sams.values():
        if s.alive and s.infantry and s.expended > 0 and s.reloads > 0:
            state.push(
                Roll(checks.infantry_sam_reload_check(), "reloaded", (s.id,), about(unit=s.id))
            )


@on_roll("reloaded")
def _reloaded(state: GsState, success: bool, roll: int, args: tuple[str, ...]) -> None:
    if success:
        s = state.forces.sams[args[0]]
        s.expended -= 1
        s.rails += 1
        s.reloads -= 1
        state.emit("reload", unit=s.id, rails=s.rails, reloads=s.reloads)


def auto_reload(state: GsState) -> None:
    """Step 10: auto-reload SAM units that neither guided nor launched reload up to two rails."""
    guiding = {w.shooter for w in state.weapons.values()}
    for s in state.forces.sams.values():
        if s.alive and s.auto_reload and s.expended:
            n = checks.auto_reload_rails(s.expended, s.guided or s.id in guiding)
            if n == 0:
                continue
            s.expended -= n
            s.rails += n
            state.emit("reload", unit=s.id, rails=s.rails, reloaded=n, rule="End of Turn 10")
