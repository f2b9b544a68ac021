"""The tactical AI's declarations for its aircraft other than moves (GS-90): launches,
countermeasures, modes, ARMs, attacks and disengagement."""

from __future__ import annotations

from airwar.bots.gunslingers_tactical.knowledge import Chooser, Mind, value_of_ground
from airwar.games.gunslingers.model.actions import listed
from airwar.games.gunslingers.model.hexgrid import Hex
from airwar.games.gunslingers.rules.sam import radar_sam_lock_on_check

SHOT_EVERY = 2
"""Turns between firing chances, about: a fighter with a missile for every two turns
left will not lack a shot for the one it holds, so it fires at any odds (GS-94)."""


def _launch(mind: Mind) -> tuple[tuple[str, ...], str]:
    seen = mind.seen
    pid = seen.ask.subject
    cards = {m.type: m for m in mind.own.missiles.get(pid, [])}
    left = sum(mind.own.counts.get(pid, {}).values())
    legal = {tuple(sorted(d.items())) for d in seen.choices}
    options = []
    for o in seen.singles():
        mtype, target = o.split(":", 1)
        card = cards.get(mtype)
        odds = card.odds if card else 0.3
        options.append((odds, o, target))
    options.sort(key=lambda x: (-x[0], x[1]))
    if not options:
        return ("none",), "no shot"
    spare = SHOT_EVERY * left >= mind.turns_left or mind.turns_left <= 1
    floor = 0.0 if spare else mind.level.hold_below
    # the legal pair (or single) whose every missile adds at least the floor to the chance
    # of a kill: two at one target when that is the best use of them
    best: tuple[float, list[str]] = (0.0, [])
    by_item = {o: (odds, t) for odds, o, t in options}
    for items in legal:
        if not items or any(i not in by_item for i in items):
            continue
        miss: dict[str, float] = {}
        worth, ok = 0.0, True
        for i in sorted(items, key=lambda i: -by_item[i][0]):
            odds, t = by_item[i]
            gain = miss.get(t, 1.0) * odds
            ok = ok and gain >= floor
            miss[t] = miss.get(t, 1.0) * (1 - odds)
            worth += gain
        if ok and (worth, sorted(items)) > (best[0], best[1]):
            best = (worth, sorted(items))
    chosen = best[1]
    if not chosen:
        return ("none",), f"holding the shot: {round(100 * options[0][0])}%"
    shots = ", ".join(f"{c.split(':')[1]} {round(100 * o)}%" for o, c, _ in options if c in chosen)
    return (listed(chosen),), f"firing: {shots}"


def _retry(mind: Mind) -> tuple[tuple[str, ...], str]:
    seen = mind.seen
    pid = seen.ask.subject
    cards = {m.type: m for m in mind.own.missiles.get(pid, [])}
    best = None
    for d in seen.choices:
        if d.first in ("none", "done"):
            continue
        card = cards.get(d.first.split(":")[0])
        odds = card.odds if card else 0.3
        if best is None or odds > best[0]:
            best = (odds, d.args)
    if best is None or (best[0] < mind.level.hold_below and mind.turns_left > 1):
        return seen.choices[0].args, "no retry worth its missile"
    return best[1], f"retrying: {round(100 * best[0])}%"


def _threatened(mind: Mind, pid: str) -> str | None:
    """Why an aircraft is under threat now (a missile at it, a known enemy near), or None."""
    seen = mind.seen
    for w in seen.view.get("weapons", []):
        if w.get("target") == pid:
            return f"missile {w['id']} inbound"
    p = seen.aircraft.get(pid)
    if p is None or not p.get("hex"):
        return None
    here = Hex.parse(p["hex"])
    for e in mind.enemy_planes():
        if here.distance(Hex.parse(e["hex"])) <= 12:
            return f"{e['id']} within 12 hexes"
    for _sid, sh, rng, _c, _d, name in mind.sites():
        if here.distance(sh) <= rng + 6:
            return f"near the {name} envelope"
    return None


def _dds(mind: Mind) -> tuple[tuple[str, ...], str]:
    seen = mind.seen
    pid = seen.ask.subject
    p = seen.aircraft[pid]
    programs = {str(x["name"]): x for x in p.get("dds_programs", []) if isinstance(x, dict)}
    options = [d.first for d in seen.choices if d.first != "off"]
    why = _threatened(mind, pid)
    if not options or why is None:
        return ("off",), "DDS off: no threat, countermeasures kept"

    def strength(name: str) -> tuple[int, str]:
        x = programs.get(name, {})
        return (sum(int(x.get(k, 0)) for k in ("chaff", "flares", "mini_jammers")), name)

    best = max(options, key=strength)
    return (best,), f"DDS {best} on: {why}"


def _modes(mind: Mind) -> tuple[tuple[str, ...], str]:
    seen = mind.seen
    p = seen.aircraft[seen.ask.subject]
    names = list(p.get("modes", {}))
    # IFF: the exact odds of a SAM lock-on with and without it (the modifier is the enemy's)
    with_iff = radar_sam_lock_on_check(5, 0, iff_on=True).probability()
    without = radar_sam_lock_on_check(5, 0).probability()
    on = [m for m in names if not (m.upper() == "IFF" and with_iff > without)]
    reason = "jammers and radar on"
    if "IFF" in names or "iff" in names:
        reason += f"; IFF off (it raises a SAM lock-on from {without} to {with_iff})"
    return (listed(on),), reason


def _arm(mind: Mind) -> tuple[tuple[str, ...], str]:
    seen = mind.seen
    targets = [d.first for d in seen.choices if d.first != "none"]
    if not targets:
        return ("none",), "no emitter in reach"
    kinds = {u["id"]: u.get("kind") for u in seen.enemy_ground}
    best = min(targets, key=lambda t: (0 if kinds.get(t) == "sam" else 1, t))
    return (best,), f"ARM at {best}: the radar that guides the SAMs"


def _engage(mind: Mind) -> tuple[tuple[str, ...], str]:
    return ("none",), "not engaging: it would only move us earlier, the missile is met by jammers"


def _attack(mind: Mind) -> tuple[tuple[str, ...], str]:
    seen = mind.seen
    options = [d.first for d in seen.choices if d.first != "done"]
    options = [o for o in options if o.split(":")[-1] in seen.known]
    if not options:
        return ("done",), "no attack"
    kinds = {u["id"]: u for u in seen.enemy_ground}

    def value(o: str) -> float:
        target = o.split(":")[-1]
        return value_of_ground(mind, kinds[target]) if target in kinds else 1.0

    def worth(o: str) -> tuple[float, str]:
        bonus = 0.5 if o.startswith("bomb:") else 0.0
        return (-(value(o) + bonus), o)

    best = min(options, key=worth)
    if value(best) <= 0:  # no points in it: the bombs are kept for a target that scores
        return ("done",), f"holding the bombs: {best.split(':')[-1]} scores nothing"
    return (best,), f"attacking {best.split(':')[-1]}"


def _disengage(mind: Mind) -> tuple[tuple[str, ...], str]:
    seen = mind.seen
    if seen.ask.subject == "referee":
        return ("done",), "referee"
    pid = seen.ask.subject
    p = seen.aircraft.get(pid, {})
    empty = sum(mind.own.counts.get(pid, {}).values()) == 0 and not any(
        p.get("ground_weapons", {}).values()
    )
    if "damaged" in p.get("status", []):
        return ("yes",), "going home: damaged"
    if empty:
        return ("yes",), "going home: " + ("bombs gone" if pid in mind.own.strikers else
                                           "out of missiles")  # fmt: skip
    ours = sum(
        1 for a in seen.aircraft.values() if a.get("side") == seen.me and a.get("alive", True)
    )
    if ours < len(mind.enemy_planes()):
        return ("yes",), f"leaving: {ours} against {len(mind.enemy_planes())}"
    return ("no",), "staying in the fight"


AIR: dict[str, Chooser] = {
    "launch": _launch,
    "retry": _retry,
    "dds": _dds,
    "modes": _modes,
    "arm": _arm,
    "engage": _engage,
    "attack": _attack,
    "disengage": _disengage,
}
