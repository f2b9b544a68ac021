"""Aircraft Decisions Phase: DDS programs, engaging missiles, illumination,
laser designation, FAC marking, special modes."""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

from airwar.games.gunslingers.model.actions import Decision, listed
from airwar.games.gunslingers.model.tasks import Ask
from airwar.games.gunslingers.model.units import Marker
from airwar.games.gunslingers.phases.common import choice_verb

if TYPE_CHECKING:
    from airwar.games.gunslingers.model.state import GsModel


def charge_dds(state: GsModel) -> None:
    """At the start of a turn each DDS program on takes its PPLs from the stocks (GS-25)."""
    for p in state.planes():
        p.used = {}
        if p.dds is None:
            continue
        chaff, flares, mini = p.dds_programs[p.dds]
        used = {
            "chaff": min(chaff, p.chaff),
            "flares": min(flares, p.flares),
            "mini_jammers": min(mini, p.mini_jammers),
        }
        p.chaff -= used["chaff"]
        p.flares -= used["flares"]
        p.mini_jammers -= used["mini_jammers"]
        p.used = used
        state.emit("dds", aircraft=p.id, program=p.dds, used=used, rule="GS-25")


def declare_dds(state: GsModel) -> None:
    """Step 1: aircraft with DDS programs declare one on, or off (GS-25)."""
    for p in state.planes():
        if p.dds_programs:
            state.push(Ask(state.seat_of(p.side), "dds", p.id))


def _dds_options(state: GsModel, ask: Ask) -> list[tuple[str, ...]]:
    p = state.forces.planes[ask.subject]
    return [("off",), *((name,) for name in p.dds_programs)]


@choice_verb("dds", "a DDS program to run from next turn, or off (GS-25)", _dds_options)
def _dds(state: GsModel, ask: Ask, d: Decision) -> None:
    p = state.forces.planes[ask.subject]
    p.dds = None if d.first == "off" else d.first
    state.emit("declare", what="dds", aircraft=p.id, program=d.first)


def declare_engaging(state: GsModel) -> None:
    """Step 2: an aircraft may engage a missile in flight against it that its side sees."""
    for p in state.planes():
        if _engageable(state, p.id):
            state.push(Ask(state.seat_of(p.side), "engage", p.id))


def _engageable(state: GsModel, plane_id: str) -> list[str]:
    p = state.forces.planes[plane_id]
    seen = state.forces.sides[p.side].sighted
    return [w.id for w in state.weapons.values() if w.target == p.id and w.id in seen]


def _engage_options(state: GsModel, ask: Ask) -> list[tuple[str, ...]]:
    return [("none",), *((w,) for w in _engageable(state, ask.subject))]


@choice_verb("engage", "a sighted missile in flight against this aircraft to engage, or none "
             "(GS-33)", _engage_options)  # fmt: skip
def _engage(state: GsModel, ask: Ask, d: Decision) -> None:
    p = state.forces.planes[ask.subject]
    if d.first != "none":
        p.engaging = d.first
        p.status.add("engaged")
    state.emit("declare", what="engaging", aircraft=p.id, missile=d.first)


def declare_illuminating(state: GsModel) -> None:
    """Step 3: the shooter of each RH/AH missile in flight declares illumination (GS-33)."""
    for w in state.weapons.values():
        if w.kind == "aam" and w.guidance in ("RH", "AH"):
            shooter = state.forces.planes.get(w.shooter)
            if shooter is not None and shooter.alive:
                state.push(Ask(state.seat_of(shooter.side), "illuminate", w.id))


def _yes_no(state: GsModel, ask: Ask) -> list[tuple[str, ...]]:
    return [("yes",), ("no",)]


@choice_verb("illuminate", "whether the shooter illuminates this RH/AH missile (yes or no); an "
             "RH missile not illuminated is lost (GS-33)", _yes_no)  # fmt: skip
def _illuminate(state: GsModel, ask: Ask, d: Decision) -> None:
    w = state.weapons[ask.subject]
    shooter = state.forces.planes[w.shooter]
    if d.first == "yes":
        shooter.illuminating = (*shooter.illuminating, w.id)
        state.emit("declare", what="illuminating", aircraft=shooter.id, missile=w.id)
    elif w.guidance == "RH":
        del state.weapons[w.id]
        state.emit("weapon_removed", weapon=w.id, reason="RH missile not illuminated (GS-33)")
    else:
        state.emit("declare", what="not illuminating", aircraft=shooter.id, missile=w.id)


def ground_targets_seen(state: GsModel, side: str) -> list[str]:
    """Enemy ground units the side has sighted (for designation and marking)."""
    seen = state.forces.sides[side].ground_sighted
    return [uid for uid in seen if getattr(state.unit(uid), "alive", False)]


def declare_designating(state: GsModel) -> None:
    """Step 4: aircraft with a laser designator declare a target to designate."""
    for p in state.planes():
        if p.laser_designator and ground_targets_seen(state, p.side):
            state.push(Ask(state.seat_of(p.side), "designate", p.id))


def _ground_options(state: GsModel, ask: Ask) -> list[tuple[str, ...]]:
    p = state.forces.planes[ask.subject]
    return [("none",), *((g,) for g in sorted(ground_targets_seen(state, p.side)))]


@choice_verb("designate", "a sighted ground unit to laser-designate, or none", _ground_options)
def _designate(state: GsModel, ask: Ask, d: Decision) -> None:
    p = state.forces.planes[ask.subject]
    if d.first != "none":
        p.designating = d.first
        where = state.unit(d.first).hex
        state.forces.markers.append(Marker("laser_spot", where, d.first, None, state.turn))
        state.emit("marker", action="place", kind="laser_spot", unit=d.first, hex=str(where))
    state.emit("declare", what="designating", aircraft=p.id, target=d.first)


def declare_fac(state: GsModel) -> None:
    """Step 5: FAC aircraft declare the target they mark this turn."""
    for p in state.planes():
        if p.fac_capable and ground_targets_seen(state, p.side):
            state.push(Ask(state.seat_of(p.side), "fac", p.id))


@choice_verb("fac", "a sighted ground unit this FAC aircraft marks, or none", _ground_options)
def _fac(state: GsModel, ask: Ask, d: Decision) -> None:
    p = state.forces.planes[ask.subject]
    if d.first != "none":
        p.marking = d.first
        p.status.add("fac")
    state.emit("declare", what="fac marking", aircraft=p.id, target=d.first)


def declare_modes(state: GsModel) -> None:
    """Step 6: special radar and weapons modes (IFF, DJM, AJM, radar, IR uncage, ...)."""
    for p in state.planes():
        if p.special_modes:
            state.push(Ask(state.seat_of(p.side), "modes", p.id))


def _mode_options(state: GsModel, ask: Ask) -> list[tuple[str, ...]]:
    names = list(state.forces.planes[ask.subject].special_modes)
    out: list[tuple[str, ...]] = []
    for k in range(len(names) + 1):
        out.extend((listed(list(c)),) for c in combinations(names, k))
    return out


@choice_verb("modes", "the special modes switched on (comma-separated, or none); the others are "
             "off", _mode_options)  # fmt: skip
def _modes(state: GsModel, ask: Ask, d: Decision) -> None:
    p = state.forces.planes[ask.subject]
    on = set(d.items())
    for name in p.special_modes:
        p.special_modes[name] = name in on
    if p.radar is not None and not p.mode_on("radar"):
        p.radar.contacts.clear()
        p.radar.locks.clear()
    state.emit("declare", what="modes", aircraft=p.id, on=sorted(on))
