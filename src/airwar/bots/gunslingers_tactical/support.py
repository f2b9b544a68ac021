"""The tactical AI's sensors and support (GS-93): radar search and lock-ons for its own
missiles, padlocks, illumination of its radar missiles, shoot-outs against the bombs on
its targets, laser designation and FAC marks for its strikers, and its ground units'
moves. Each decision from what its seat knows, with its reason."""

from __future__ import annotations

from typing import Any

from airwar.bots.gunslingers_tactical.knowledge import (
    Chooser,
    Mind,
    enemy_missiles,
    value_of_ground,
    value_of_plane,
)
from airwar.games.gunslingers.model.actions import listed
from airwar.games.gunslingers.model.fields import house
from airwar.games.gunslingers.model.hexgrid import Hex

RADAR_GUIDED = ("RH", "AH")
"""Missiles that need the shooter's radar lock-on (semi-active and active radar)."""


def _weapon(mind: Mind, wid: str) -> dict[str, Any]:
    """A weapon in flight as the seat's view shows it (empty if it shows none)."""
    for w in mind.seen.view.get("weapons", []):
        if w.get("id") == wid:
            return dict(w)
    return {}


def _here(mind: Mind) -> tuple[dict[str, Any], Hex]:
    p = mind.seen.aircraft[mind.seen.ask.subject]
    return p, Hex.parse(p["hex"])


def _radar_missiles(mind: Mind, pid: str) -> list[Any]:
    stock = mind.own.counts.get(pid, {})
    return [
        m
        for m in mind.own.missiles.get(pid, [])
        if m.guidance in RADAR_GUIDED and stock.get(m.type, 0) > 0
    ]


def _ranked_planes(mind: Mind, here: Hex, ids: list[str], reach: int) -> list[str]:
    """Enemy aircraft and missiles by what they mean to this aircraft: aircraft within
    ``reach`` worth most first, then the nearest; missiles at it before other missiles."""
    planes = {str(e["id"]): e for e in mind.seen.enemy_aircraft}
    weapons = {str(w["id"]): w for w in mind.seen.view.get("weapons", [])}
    me = mind.seen.ask.subject

    def key(t: str) -> tuple[int, float, int, str]:
        h = mind.seen.where(t)
        if h is None and t in planes:
            h = Hex.parse(planes[t]["hex"])
        if h is None and t in weapons and weapons[t].get("hex"):
            h = Hex.parse(weapons[t]["hex"])
        d = here.distance(h) if h is not None else 99
        if t in planes:
            worth = value_of_plane(mind, planes[t]) if d <= reach else 0.0
            return (0, -worth, d, t)
        at_me = t in weapons and weapons[t].get("target") == me
        return (1 if at_me else 2, 0.0, d, t)

    return sorted(ids, key=key)


def _radar(mind: Mind) -> tuple[tuple[str, ...], str]:
    """Detection rolls (GS-13): the enemies its radar missiles could reach first (the
    worth most, then the nearest), then the nearest others."""
    p, here = _here(mind)
    cands = mind.seen.singles()
    if not cands:
        return ("none",), "radar: nothing to search"
    radar = _radar_missiles(mind, str(p["id"]))
    reach = max((m.max_range for m in radar), default=0) + int(p.get("speed", 0))
    chosen = _ranked_planes(mind, here, cands, reach)[: mind.seen.most()]
    why = "in reach of our radar missiles first" if radar else "nearest first"
    return (listed(chosen),), f"radar search for {', '.join(chosen)}: {why}"


def _lock(mind: Mind) -> tuple[tuple[str, ...], str]:
    """Lock-ons (GS-13) only while it has a radar missile to guide: a lock-on drops the
    other contacts of a single-target radar, so without one the contacts are kept."""
    p, here = _here(mind)
    pid = str(p["id"])
    radar = _radar_missiles(mind, pid)
    cands = mind.seen.singles()
    if not radar:
        return (listed([]),), "no lock-on: no radar missile left to guide, contacts kept"
    reach = max(m.max_range for m in radar) + int(p.get("speed", 0))
    chosen = _ranked_planes(mind, here, cands, reach)[: mind.seen.most()]
    names = ", ".join(m.type for m in radar)
    return (listed(chosen),), f"locking {', '.join(chosen)} for the {names}"


def _padlock(mind: Mind) -> tuple[tuple[str, ...], str]:
    """Padlocks (GS-9): the enemies its missiles or theirs reach, worth most and nearest
    first, then the missiles in flight at it; what is not padlocked is rolled anew."""
    p, here = _here(mind)
    pid = str(p["id"])
    stock = mind.own.counts.get(pid, {})
    mine = [m.max_range for m in mind.own.missiles.get(pid, []) if stock.get(m.type, 0) > 0]
    theirs = [m.max_range for e in mind.seen.enemy_aircraft for m in enemy_missiles(e.get("type"))]
    reach = max([*mine, *theirs, 0]) + int(p.get("speed", 0))
    chosen = _ranked_planes(mind, here, mind.seen.singles(), reach)[: mind.seen.most()]
    if not chosen:
        return (listed([]),), "no padlock: nothing in sight"
    return (listed(chosen),), f"padlocking {', '.join(chosen)}: the threats and targets first"


def _illuminate(mind: Mind) -> tuple[tuple[str, ...], str]:
    """A radar missile in flight (GS-33): a semi-active one is lost without the shooter's
    illumination, so it is always guided; an active one too while its target is still in
    play (it reaches it sooner for the shooter's lock-on)."""
    wid = mind.seen.subject
    w = _weapon(mind, wid)
    target = w.get("target")
    gone = (mind.seen.aircraft.get(str(target)) or {}).get("alive") is False
    guidance = {m.type: m.guidance for ms in mind.own.missiles.values() for m in ms}
    if gone and guidance.get(str(w.get("type"))) == "AH":
        return ("no",), f"not illuminating {wid}: its target is gone"
    return ("yes",), f"illuminating {wid} at {target or 'its target'}: lost without guidance"


def _shootout(mind: Mind) -> tuple[tuple[str, ...], str]:
    """A guided bomb or missile on one of ours (GS-53): met when the unit it strikes is
    worth points to the enemy, by the SAM unit with the most missiles on its rails (an
    aircraft's guns spend nothing, so one goes first when it can)."""
    seen = mind.seen
    options = [d.first for d in seen.choices if d.first != "none"]
    if not options:
        return ("none",), "no unit can meet it"
    wid = seen.subject
    w = _weapon(mind, wid)
    target = str(w.get("target", ""))
    worth = mind.own.worth.mine.get(target, 0.0)
    if target in seen.own_ground and worth <= 0:
        return ("none",), f"not meeting {wid}: {target} scores nothing for the enemy"
    planes = [o for o in options if o in seen.aircraft]
    if planes:
        return (planes[0],), f"meeting {wid} with {planes[0]}'s guns: it spends no missile"

    def rails(o: str) -> tuple[int, str]:
        return (-int(seen.own_ground.get(o, {}).get("rails", 0) or 0), o)

    best = min(options, key=rails)
    return (best,), f"meeting {wid} on its way to {target or 'our unit'} with {best}"


def _ground_pick(mind: Mind, near: Hex | None) -> tuple[str | None, float]:
    """The sighted enemy ground unit worth most, the nearest to ``near`` among equals."""
    seen = mind.seen
    units = {str(u["id"]): u for u in seen.enemy_ground}
    options = [d.first for d in seen.choices if d.first != "none"]
    if not options:
        return None, 0.0

    def key(o: str) -> tuple[float, int, str]:
        u = units.get(o)
        worth = value_of_ground(mind, u) if u else 0.0
        h = seen.where(o)
        d = near.distance(h) if near is not None and h is not None else 99
        return (-worth, d, o)

    best = min(options, key=key)
    u = units.get(best)
    return best, (value_of_ground(mind, u) if u else 0.0)


def _strikers_centre(mind: Mind) -> Hex | None:
    hexes = [
        Hex.parse(a["hex"])
        for a in mind.seen.aircraft.values()
        if a["id"] in mind.own.strikers and a.get("alive", True) and a.get("hex")
    ]
    if not hexes:
        return None
    return Hex(
        round(sum(h.q for h in hexes) / len(hexes)), round(sum(h.r for h in hexes) / len(hexes))
    )


def _designate(mind: Mind) -> tuple[tuple[str, ...], str]:
    """Laser designation: the target worth most to the strikers, nearest them."""
    best, worth = _ground_pick(mind, _strikers_centre(mind))
    if best is None or worth <= 0:
        return ("none",), "no target worth a laser spot"
    return (best,), f"lasing {best} for the strikers ({worth * 4:g} points)"


def _fac(mind: Mind) -> tuple[tuple[str, ...], str]:
    """A FAC aircraft marks the target worth most, nearest the strikers."""
    best, worth = _ground_pick(mind, _strikers_centre(mind))
    if best is None or worth <= 0:
        return ("none",), "no target worth marking"
    return (best,), f"marking {best} for the strikers ({worth * 4:g} points)"


def _mark(mind: Mind) -> tuple[tuple[str, ...], str]:
    """A ground FAC's mark: a laser spot when a striker carries laser-guided bombs, else
    smoke, on the enemy unit in reach worth most."""
    seen = mind.seen
    g = seen.own_ground[seen.ask.subject]
    here = Hex.parse(g["hex"])
    reach = int(house("ground", "fac_range"))
    units = [(Hex.parse(u["hex"]), u) for u in seen.enemy_ground if u.get("hex")]
    units = [(h, u) for h, u in units if here.distance(h) <= reach]
    if not units:
        return ("none",), "no enemy in reach to mark"
    h, u = min(units, key=lambda t: (-value_of_ground(mind, t[1]), here.distance(t[0]), t[1]["id"]))
    lgb = any(
        "GBU" in str(k) or "LGB" in str(k)
        for a in seen.aircraft.values()
        if a.get("side") == seen.me
        for k, n in (a.get("ground_weapons") or {}).items()
        if n
    )
    kind = "laser" if lgb else "smoke"
    return (kind, str(h)), f"{kind} on {u['id']} for the strikers"


def _gmove(mind: Mind) -> tuple[tuple[str, ...], str]:
    """A ground unit stays where it is: a camouflaged or dug-in unit that moves shows
    itself, and none of the examples' ground units gains from moving."""
    u = mind.seen.own_ground.get(mind.seen.ask.subject, {})
    if u.get("camouflaged"):
        return ("stay",), "staying under camouflage"
    return ("stay",), "holding its position"


SUPPORT: dict[str, Chooser] = {
    "radar": _radar,
    "lock": _lock,
    "padlock": _padlock,
    "illuminate": _illuminate,
    "shootout": _shootout,
    "designate": _designate,
    "fac": _fac,
    "mark": _mark,
    "gmove": _gmove,
}
