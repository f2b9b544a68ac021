"""What one seat may see (double-blind, GS-43).

The referee sees everything, and so does every seat once the game is over. A
side sees its own units in full; of the enemy it sees the aircraft and
missiles it has sighted (type only once identified), the aircraft it tracks
by radar (position only), and the ground units it has sighted or found by
their emissions (type only once identified). Its own missiles are on the map
while it knows their targets, and only listed (``weapons_unplaced``) when it
does not, since a missile flies with its target. Markers on a hex lie on the
table and are seen by all; a marker on a unit is seen with its unit; plotted
fire is secret until it is revealed. Nothing in a side's view names a unit
of :meth:`~airwar.games.gunslingers.referee.GsModel.hidden_from` it.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from airwar.games.gunslingers.aliases import names, names_rewriter
from airwar.games.gunslingers.knowledge import HEX_MARKERS, Knowledge, knowledge
from airwar.games.gunslingers.lost_contacts import last_seen
from airwar.games.gunslingers.model.hexgrid import ARCS_CLOCKWISE, Arc, sun_clutter_arc
from airwar.games.gunslingers.model.tasks import Ask
from airwar.games.gunslingers.model.units import (
    Gun,
    Marker,
    Plane,
    SamSite,
    SurfaceUnit,
    WarningRadar,
)
from airwar.games.gunslingers.phases.registry import VERBS
from airwar.games.gunslingers.phases.sequence import PHASE_NAMES
from airwar.games.gunslingers.victory import victory_view
from airwar.games.gunslingers.visibility import point, recent_paths

if TYPE_CHECKING:
    from airwar.games.gunslingers.model.state import GsModel


def _arc_names(arcs: frozenset[Arc]) -> list[str]:
    """Arcs by name (GS-4), clockwise from the nose."""
    return list(_arc_names_of(arcs))


@lru_cache(maxsize=1024)
def _arc_names_of(arcs: frozenset[Arc]) -> tuple[str, ...]:
    return tuple(a.value for a in ARCS_CLOCKWISE if a in arcs)


@lru_cache(maxsize=256)
def _sun_clutter(heading: int, sun: int | None) -> str | None:
    clutter = sun_clutter_arc(heading, sun)
    return clutter.value if clutter is not None else None


def _arcs(p: Plane, sun: int | None) -> dict[str, Any]:
    """The arcs the map draws around an aircraft of the seat's own side (or any, for the
    referee): its blind arcs (GS-9), its radar's arcs and range (GS-13), this turn's
    declared noise-jamming arcs (GS-5) and its sun clutter arc (GS-17)."""
    return {
        "blind": _arc_names(p.blind_arcs),
        "radar": _arc_names(p.radar.arcs) if p.radar else [],
        "radar_range": p.radar.range if p.radar else None,
        "radar_on": p.radar_on,
        "jamming": _arc_names(p.noise_arcs),
        "sun_clutter": _sun_clutter(p.heading, sun),
    }


def _plane_full(p: Plane, sun: int | None) -> dict[str, Any]:
    return {
        "id": p.id,
        "label": p.label,
        "side": p.side,
        "type": p.type,
        "hex": str(p.hex),
        "heading": p.heading,
        "altitude": p.altitude,
        "speed": p.speed,
        "climb": p.climb,
        "status": sorted(p.status),
        "alive": p.alive,
        "missiles": {k: m.count for k, m in p.missiles.items()},
        "ground_weapons": dict(p.ground_weapons),
        "arms": p.arms,
        "chaff": p.chaff,
        "flares": p.flares,
        "mini_jammers": p.mini_jammers,
        "dds": p.dds,
        "dds_programs": list(p.dds_programs),
        "bjm": {"type": p.bjm_type, "number": p.bjm_number} if p.bjm_type else None,
        "fac": p.fac_capable,
        "laser_designator": p.laser_designator,
        "modes": dict(p.special_modes),
        "padlocks": list(p.padlocks),
        "contacts": sorted(p.radar.contacts) if p.radar else [],
        "locks": sorted(p.radar.locks) if p.radar else [],
        "arcs": _arcs(p, sun),
    }


def _plane_brief(p: Plane) -> dict[str, Any]:
    return {
        "id": p.id,
        "side": p.side,
        "hex": str(p.hex),
        "heading": p.heading,
        "altitude": p.altitude,
        "speed": p.speed,
        "status": sorted(p.status),
        "alive": p.alive,
    }


def _unit_brief(u: SurfaceUnit) -> dict[str, Any]:
    """A ground unit as its own side and the referee see it (its library type, if it has
    one, for its data card)."""
    return {
        "id": u.id,
        "label": u.label,
        "side": u.side,
        "type": u.type,
        "hex": str(u.hex),
        "alive": u.alive,
    }


def _kind(u: SurfaceUnit) -> str:
    if isinstance(u, SamSite):
        return "sam"
    if isinstance(u, WarningRadar):
        return "radar"
    if isinstance(u, Gun):
        return "aaa"
    return "ground"


def _own_ground(u: SurfaceUnit, shown: Callable[[str | None], bool]) -> dict[str, Any]:
    """One of the side's own ground units, with what its side needs to command it."""
    out = _unit_brief(u) | {"kind": _kind(u)}
    if isinstance(u, SamSite):
        lock = u.lock if shown(u.lock) else None
        out |= {"radar": u.radar, "lock": lock, "rails": u.rails, "range": u.range,
                "max_altitude": u.max_altitude}  # fmt: skip
    elif isinstance(u, WarningRadar):
        out |= {"radar": u.radar, "range": u.range}
    elif isinstance(u, Gun):
        out |= {
            "fire": u.fire,
            "range": u.range,
            "max_altitude": u.max_altitude,
            "out_of_ammo": u.out_of_ammo,
            "plot": None if u.plot is None else {"hex": str(u.plot[0]), "altitude": u.plot[1]},
        }
    else:
        out |= {"type": u.type, "fac": u.fac, "move": u.move}
    return out


def _marker(m: Marker, unit: str | None) -> dict[str, Any]:
    return {"kind": m.kind, "hex": str(m.hex), "unit": unit, "altitude": m.altitude}


def state_view(
    state: GsModel, seat: int | None, focus: str | None = None, *, tallies: bool = True
) -> dict[str, Any]:
    """The view of ``seat`` (None: the referee's). With ``focus`` (a unit of the seat's
    side), the side's other aircraft are given in brief, where they are: all a player
    deciding for that one unit looks at, and much less to build in a large battle.
    ``tallies=False`` leaves out what is read from the whole log, the victory points
    and the paths flown (a bot deciding one unit's move reads neither; in a
    200-aircraft battle they were most of the time a decision took)."""
    f = state.forces
    referee = seat is None or not 0 <= seat < len(f.sides)
    side = None if referee or seat is None else state.side_names[seat]
    ask = state.pending_ask()
    view: dict[str, Any] = {
        "turn": state.turn,
        "phase": PHASE_NAMES[state.phase_index],
        "step": state.step_index + 1,
        "actor": state.current_actor(),
        "terminal": state.is_terminal(),
        "seat": "referee" if referee else side,
        "map": {
            "radius": f.radius,
            "sun": f.sun,
            "terrain": [{"hex": str(h), "height": n} for h, n in sorted(f.terrain.items())],
        },
        "sides": {s.name: {"kills": s.kills, "first_kill": s.first_kill} for s in f.sides.values()},
    }
    if tallies:
        view["victory"] = victory_view(state, side)  # GS-85; a side's own tally only (GS-88)
    if ask is not None and (referee or ask.seat == seat):
        view["decision"] = _ask_view(state, ask)
    elif side is not None and not state.is_terminal():
        # waiting while the enemy decides: the last point of the turn it follows, and the
        # enemy it waits for, not who is at work now (GS-73)
        view["turn"], view["phase"], view["step"] = point(state, side)
        enemies = [n for n, name in enumerate(state.side_names) if name != side]
        if len(enemies) == 1:
            view["actor"] = enemies[0]
    if tallies:
        view["paths"] = recent_paths(state, None if referee else seat)  # GS-82
    if referee:
        view["markers"] = [_marker(m, m.unit) for m in f.markers]
        view["aircraft"] = [_plane_full(p, f.sun) for p in f.planes.values()]
        view["sams"] = [
            _unit_brief(s) | {"lock": s.lock, "rails": s.rails} for s in f.sams.values()
        ]
        view["radars"] = [_unit_brief(r) for r in f.radars.values()]
        view["aaa"] = [_unit_brief(g) for g in f.guns.values()]
        view["ground"] = [_unit_brief(g) for g in f.ground.values()]
        view["weapons"] = [
            {"id": w.id, "type": w.type, "target": w.target, "hex": str(w.hex)}
            for w in state.weapons.values()
        ]
        return view
    assert side is not None
    return _aliased(state, side, view | _side_view(state, side, focus))


ENEMY_PARTS = ("decision", "enemy_ground", "weapons", "markers", "paths")
"""The parts of a side's view that may name enemy units, rewritten whole (GS-71)."""

OWN_FIELDS = ("padlocks", "contacts", "locks", "lock")
"""The fields of the side's own units that name enemy units."""


def _aliased(state: GsModel, side: str, view: dict[str, Any]) -> dict[str, Any]:
    """``view`` with every enemy unit under the side's alias for it (GS-71): the parts that
    may name one are rewritten, the side's own units only where they name an enemy."""
    mapping = names(state, side)
    if not mapping or state.is_terminal():
        return view
    write = names_rewriter(state, side)  # the words made ready once, kept with the names
    for key in ENEMY_PARTS:
        if key in view:
            view[key] = write(view[key])
    for key in ("aircraft", "own_ground"):
        units = []
        for u in view.get(key, []):
            if u.get("side") != side:
                units.append(write(u))
                continue
            named = [f for f in OWN_FIELDS if f in u]  # none in an aircraft in brief
            units.append(u | {f: write(u[f]) for f in named} if named else u)
        view[key] = units
    return view


def _side_view(state: GsModel, side: str, focus: str | None = None) -> dict[str, Any]:
    """A side's units in full and what it knows of the enemy's (everything once over)."""
    f = state.forces
    me = f.sides[side]
    over = state.is_terminal()
    k = knowledge(state, side)
    known = k.known

    def shown(uid: str | None) -> bool:
        if uid is None or over or uid in known:
            return True
        unit = state.unit(uid)
        return unit is not None and unit.side == side

    aircraft: list[dict[str, Any]] = []
    for p in f.planes.values():
        if p.side == side:
            full = focus is None or p.id == focus
            aircraft.append(_plane_full(p, f.sun) if full else _plane_brief(p))
        elif p.alive and (over or p.id in k.sighted):
            aircraft.append(
                {
                    "id": p.id,
                    "side": p.side,
                    "type": p.type if over or p.id in me.identified else "unidentified",
                    "hex": str(p.hex),
                    "heading": p.heading,
                    "altitude": p.altitude,
                    "sighted": True,
                }
            )
        elif p.alive and p.id in known:
            aircraft.append(
                {"id": p.id, "hex": str(p.hex), "altitude": p.altitude, "radar_contact": True}
            )
    ground: list[SurfaceUnit] = [
        *f.sams.values(),
        *f.radars.values(),
        *f.guns.values(),
        *f.ground.values(),
    ]
    weapons: list[dict[str, Any]] = []
    unplaced: list[dict[str, Any]] = []
    for w in state.weapons.values():
        if w.side == side:
            if shown(w.target):
                weapons.append({"id": w.id, "type": w.type, "target": w.target, "hex": str(w.hex)})
            else:  # a missile flies with its target: where it is would tell where that is
                unplaced.append({"id": w.id, "type": w.type})
        elif over or w.id in k.sighted:
            target = w.target if shown(w.target) else None
            weapons.append({"id": w.id, "type": w.type, "target": target, "hex": str(w.hex)})
    markers = []
    for m in f.markers:
        if shown(m.unit):
            markers.append(_marker(m, m.unit))
        elif m.kind in HEX_MARKERS:
            markers.append(_marker(m, None))
    return {
        "markers": markers,
        "aircraft": aircraft,
        "own_ground": [_own_ground(u, shown) for u in ground if u.side == side],
        "enemy_ground": [
            _enemy_ground(u, k, me.ground_identified, over)
            for u in ground
            if u.side != side and (over or u.id in known)
        ],
        "weapons": weapons,
        "weapons_unplaced": unplaced,
        "last_seen": last_seen(state, side),
    }


def _enemy_ground(u: SurfaceUnit, k: Knowledge, identified: set[str], over: bool) -> dict[str, Any]:
    """An enemy ground unit the side knows: its kind and name only once identified."""
    ident = over or u.id in identified
    emitting = u.id in k.emitters
    return {
        "id": u.id,
        "label": u.label if ident else u.id,
        "side": u.side,
        "hex": str(u.hex),
        "alive": u.alive,
        "kind": _kind(u) if ident else ("radar" if emitting else "unidentified"),
        "type": u.type if ident else None,
        "identified": ident,
        "sighted": over or u.id in k.ground,
        "emitting": emitting,
    }


def _ask_view(state: GsModel, ask: Ask) -> dict[str, Any]:
    return {
        "seat": state.game.seat_name(ask.seat),
        "verb": ask.verb,
        "subject": ask.subject,
        "help": VERBS[ask.verb].help,
    }
