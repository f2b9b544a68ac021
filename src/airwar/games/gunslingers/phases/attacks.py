"""Flight Phase: the attacks an aircraft makes during its move (GS-13, GS-47, GS-76).

Air-to-air gun and rocket attacks, strafing and air-to-ground attacks, each
against a target its side sights, within the limits per turn of the Flight
Phase notes (:data:`ATTACK_LIMITS`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from airwar.games.gunslingers.model.actions import Decision
from airwar.games.gunslingers.model.fields import house
from airwar.games.gunslingers.model.hexgrid import Hex, sighting_range_between
from airwar.games.gunslingers.model.tasks import Ask, Do
from airwar.games.gunslingers.model.units import Marker, Plane, Unit, Weapon
from airwar.games.gunslingers.phases import outcomes
from airwar.games.gunslingers.phases.common import (
    clear_los,
    need,
    same_hex_in_arcs,
)
from airwar.games.gunslingers.phases.registry import on_do, verb
from airwar.games.gunslingers.rules import air as air_rules

if TYPE_CHECKING:
    from airwar.games.gunslingers.model.state import GsModel

ATTACK_LIMITS = {"gun": 2, "strafe": 2, "ground": 1}
"""GS-13: per aircraft per turn (the Flight Phase notes)."""

ATTACK_WORDS = {
    "gun": "air-to-air gun/rocket attacks",
    "strafe": "strafing attacks",
    "ground": "air-to-ground attack",
}


def place_blast_zone(state: GsModel, where: Hex) -> None:
    """An air-to-ground weapon leaves a Blast Zone marker on the hex it strikes (GS-41)."""
    state.forces.markers.append(Marker("blast_zone", where, None, None, state.turn))
    state.emit("marker", action="place", kind="blast_zone", hex=str(where), rule="GS-41")


# -- attacks during the move -------------------------------------------------------


def ground_enemies(state: GsModel, side: str) -> list[tuple[str, Hex]]:
    f = state.forces
    out: list[tuple[str, Hex]] = []
    for table in (f.ground, f.sams, f.radars, f.guns):
        for u in table.values():
            if u.alive and u.side != side:
                out.append((u.id, u.hex))
    return out


def sighted_by_side(state: GsModel, side: str, unit: Unit) -> bool:
    """Whether ``side`` sights ``unit`` now (GS-76): an enemy aircraft sighted in the
    Visual Sighting Phase (padlocked or sighted anew this turn), a ground unit sighted
    openly or through its camouflage."""
    me = state.forces.sides[side]
    if isinstance(unit, Plane):
        return unit.id in me.sighted
    return unit.id in me.ground_sighted


NOT_SIGHTED = "its side does not sight it: an attack needs a target the side sights (GS-76)"
"""The one reason an attack on an enemy unit the side does not sight is refused, whatever
the unit is and wherever it is (GS-72, GS-76)."""


def attack_refusal(state: GsModel, p: Plane, kind: str, unit: Any) -> str | None:
    """Why ``p`` may not make a ``kind`` attack (gun, strafe, bomb) on ``unit`` now, or
    None: the target sighted by the aircraft's side (GS-76), in controlled flight (GS-48),
    in reach (GS-31), gun attacks in the 150+ arcs with a line of sight (GS-44, GS-47),
    strafing and bombing from low enough (GS-47)."""
    if unit is None or not getattr(unit, "alive", False):
        return "it is not in play"
    if getattr(unit, "side", None) == p.side:
        return f"it is on {p.label}'s own side"
    if not sighted_by_side(state, p.side, unit):
        return NOT_SIGHTED
    ok = air_rules.may_attack(p.status)
    if not ok:
        return f"{p.label} makes no attacks: {ok.reason} ({ok.rule})"
    key = {"gun": "gun_range", "strafe": "strafe_range", "bomb": "ground_attack_range"}[kind]
    reach = house("attacks", key)
    if kind == "gun":
        dist = sighting_range_between(p.hex, p.altitude, unit.hex, unit.altitude)
        if dist > reach:
            return (
                f"it is {dist} hexes from {p.label} (range with the altitude allowance of "
                f"GS-10): a gun attack needs it within {reach} (GS-31)"
            )
        arc = air_rules.gun_attack_geometry(
            p.hex, p.heading, unit.hex, same_hex_in_arcs=same_hex_in_arcs(state)
        )
        if not arc:
            return f"{arc.reason} ({arc.rule})"
        if not clear_los(state, p.hex, p.altitude, unit.hex, unit.altitude):
            return f"{p.label} has no line of sight to it: terrain blocks it (GS-16, GS-44)"
        return None
    dist = p.hex.distance(unit.hex)
    if dist > reach:
        return f"it is {dist} hexes from {p.label}: a {kind} attack needs it within {reach} (GS-31)"
    high = air_rules.ground_attack_altitude("strafe" if kind == "strafe" else "ground", p.altitude)
    if not high:
        return f"{high.reason} ({high.rule})"
    return None


def attack_options(state: GsModel, p: Plane) -> list[str]:
    """Every attack the aircraft may still make now (``kind:target`` texts)."""
    out: list[str] = []
    if not p.alive or not air_rules.may_attack(p.status):
        return out
    if (p.guns or p.rockets) and p.attacks.get("gun", 0) < ATTACK_LIMITS["gun"]:
        out += [
            f"gun:{e.id}"
            for e in state.enemies_of(p.side)
            if attack_refusal(state, p, "gun", e) is None
        ]
    grounds = [state.unit(uid) for uid, _ in ground_enemies(state, p.side)]
    if (p.guns or p.rockets) and p.attacks.get("strafe", 0) < ATTACK_LIMITS["strafe"]:
        out += [f"strafe:{u.id}" for u in grounds if attack_refusal(state, p, "strafe", u) is None]
    if p.attacks.get("ground", 0) < ATTACK_LIMITS["ground"]:
        reachable = [u for u in grounds if attack_refusal(state, p, "bomb", u) is None]
        for wtype, count in p.ground_weapons.items():
            if count > 0:
                out += [f"bomb:{wtype}:{u.id}" for u in reachable]
    return out


def attack_choices(state: GsModel, ask: Ask) -> list[Decision]:
    p = state.forces.planes[ask.subject]
    return [Decision("attack", p.id, ("done",))] + [
        Decision("attack", p.id, (o,)) for o in attack_options(state, p)
    ]


def _attack_check(state: GsModel, ask: Ask, d: Decision) -> None:
    p = state.forces.planes[ask.subject]
    if d.args == ("done",):
        return
    need(len(d.args) == 1, "write 'attack AIRCRAFT gun:TARGET', 'strafe:TARGET', "
         "'bomb:WEAPON:TARGET' or 'done'")  # fmt: skip
    parts = d.first.split(":")
    kind = parts[0]
    need(kind in ("gun", "strafe", "bomb"), f"{kind!r} is not an attack: gun, strafe or bomb")
    limit_key = "ground" if kind == "bomb" else kind
    made = p.attacks.get(limit_key, 0)
    limit = ATTACK_LIMITS[limit_key]
    need(
        made < limit,
        f"{p.label} has made its {limit} {ATTACK_WORDS[limit_key]} this turn; no more are "
        "allowed (Flight Phase notes, GS-13)",
    )
    if kind in ("gun", "strafe"):
        need(p.guns or p.rockets, f"{p.label} carries no guns or rockets")
    if kind == "bomb":
        need(len(parts) == 3, "write bomb:WEAPON:TARGET")
        need(
            p.ground_weapons.get(parts[1], 0) > 0,
            f"{p.label} carries no {parts[1]} (it has: "
            f"{', '.join(k for k, v in p.ground_weapons.items() if v) or 'none'})",
        )
    need(d.first in attack_options(state, p), _out_of_reach(state, p, kind, parts[-1]))


def _out_of_reach(state: GsModel, p: Plane, kind: str, target: str) -> str:
    reason = attack_refusal(state, p, kind, state.unit(target))
    return f"{p.label} cannot make a {kind} attack on {target}: {reason or 'not now'}"


@verb("attack", "an attack now, or done (two gun/rocket, two strafing, one air-to-ground a turn, "
      "GS-13)", attack_choices, _attack_check)  # fmt: skip
def _attack(state: GsModel, ask: Ask, d: Decision) -> None:
    p = state.forces.planes[ask.subject]
    if d.args == ("done",):
        return
    parts = d.first.split(":")
    kind, target = parts[0], parts[-1]
    key = "ground" if kind == "bomb" else kind
    p.attacks[key] = p.attacks.get(key, 0) + 1
    state.emit("attack", aircraft=p.id, kind=kind, target=target, count=p.attacks[key])
    if kind == "bomb":
        wtype = parts[1]
        p.ground_weapons[wtype] -= 1
        if wtype in p.guided_weapons:
            wid = state.new_id("W")
            state.weapons[wid] = Weapon(
                wid, wtype, "a2g", "guided", p.id, p.side, target, p.hex, p.altitude, 1, True
            )
            state.emit("launch", weapon=wid, missile=wtype, by=p.id, target=target, kind="a2g")
            state.push_front(Do("attack_again", (p.id,)))
            return
        state.push_front(Do("attack_again", (p.id,)))
        place_blast_zone(state, state.unit(target).hex)
        outcomes.resolve(
            state, "ground_attack", target, p.id, f"{p.label} drops {wtype}", weapon_type=wtype
        )
        return
    state.push_front(Do("attack_again", (p.id,)))
    outcome_kind = "gun" if kind == "gun" else "strafe"
    outcomes.resolve(state, outcome_kind, target, p.id, f"{p.label} {kind} attack on {target}")


@on_do("attack_again")
def _attack_again(state: GsModel, args: tuple[str, ...]) -> None:
    p = state.forces.planes[args[0]]
    if p.alive and attack_options(state, p):
        state.push_front(Ask(state.seat_of(p.side), "attack", p.id))
