"""What one seat may see (double-blind ready).

The referee sees everything. A side sees its own units in full; of the enemy
it sees the aircraft and missiles it has sighted (type only once identified),
the aircraft its radars hold as contacts (position only), and the ground
units it has sighted. Markers lie on the table and are seen by all.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from airwar.games.gunslingers.engine import VERBS, Ask
from airwar.games.gunslingers.units import Plane

if TYPE_CHECKING:
    from airwar.games.gunslingers.state import GsState


def _plane_full(p: Plane) -> dict[str, Any]:
    return {
        "id": p.id,
        "label": p.label,
        "side": p.side,
        "type": p.type,
        "hex": str(p.hex),
        "heading": p.heading,
        "altitude": p.altitude,
        "status": sorted(p.status),
        "alive": p.alive,
        "missiles": {k: m.count for k, m in p.missiles.items()},
        "chaff": p.chaff,
        "flares": p.flares,
        "mini_jammers": p.mini_jammers,
        "dds": p.dds,
        "modes": dict(p.special_modes),
        "padlocks": list(p.padlocks),
        "contacts": sorted(p.radar.contacts) if p.radar else [],
        "locks": sorted(p.radar.locks) if p.radar else [],
    }


def _unit_brief(u: Any) -> dict[str, Any]:
    return {"id": u.id, "label": u.label, "side": u.side, "hex": str(u.hex), "alive": u.alive}


def state_view(state: GsState, seat: int | None) -> dict[str, Any]:
    f = state.forces
    referee = seat is None or seat == state.referee
    side = None if referee or seat is None else state.side_names[seat]
    ask = state.pending_ask()
    view: dict[str, Any] = {
        "turn": state.turn,
        "phase": state.phase.name,
        "step": state.step_index + 1,
        "actor": state.current_actor(),
        "terminal": state.is_terminal(),
        "seat": "referee" if referee else side,
        "markers": [
            {"kind": m.kind, "hex": str(m.hex), "unit": m.unit, "altitude": m.altitude}
            for m in f.markers
        ],
        "sides": {s.name: {"kills": s.kills, "first_kill": s.first_kill} for s in f.sides.values()},
    }
    if ask is not None and (referee or ask.seat == seat):
        view["decision"] = _ask_view(state, ask)
    if referee:
        view["aircraft"] = [_plane_full(p) for p in f.planes.values()]
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
    me = f.sides[side]
    contacts: set[str] = set()
    for p in state.planes(side):
        if p.radar is not None:
            contacts |= p.radar.contacts
    aircraft = []
    for p in f.planes.values():
        if p.side == side:
            aircraft.append(_plane_full(p))
        elif p.alive and p.id in me.sighted:
            aircraft.append(
                {
                    "id": p.id,
                    "side": p.side,
                    "type": p.type if p.id in me.identified else "unidentified",
                    "hex": str(p.hex),
                    "heading": p.heading,
                    "altitude": p.altitude,
                    "sighted": True,
                }
            )
        elif p.alive and p.id in contacts:
            aircraft.append(
                {"id": p.id, "hex": str(p.hex), "altitude": p.altitude, "radar_contact": True}
            )
    view["aircraft"] = aircraft
    own: list[Any] = [*f.sams.values(), *f.radars.values(), *f.guns.values(), *f.ground.values()]
    view["own_ground"] = [_unit_brief(u) for u in own if u.side == side]
    view["enemy_ground"] = [
        _unit_brief(state.unit(uid)) | {"identified": uid in me.ground_identified}
        for uid in sorted(me.ground_sighted)
        if state.unit(uid) is not None
    ]
    view["weapons"] = [
        {"id": w.id, "type": w.type, "target": w.target, "hex": str(w.hex)}
        for w in state.weapons.values()
        if w.side == side or w.id in me.sighted
    ]
    return view


def _ask_view(state: GsState, ask: Ask) -> dict[str, Any]:
    return {
        "seat": state.game.seat_name(ask.seat),
        "verb": ask.verb,
        "subject": ask.subject,
        "help": VERBS[ask.verb].help,
    }
