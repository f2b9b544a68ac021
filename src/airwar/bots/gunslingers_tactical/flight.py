"""The tactical AI's moves (GS-90): every end hex within its speed scored with a few
headings and altitudes, for firing positions, the enemy's envelopes, known SAM and AAA
envelopes masked by terrain, the strikers' targets and the escorts' place."""

from __future__ import annotations

from typing import Any

from airwar.bots.gunslingers_tactical.knowledge import (
    ADVANTAGE,
    FRONT,
    GUN_THREAT,
    Mind,
    MissileCard,
    enemy_missiles,
    enemy_speed,
    value_of_ground,
)
from airwar.games.gunslingers.model.fields import house
from airwar.games.gunslingers.model.hexgrid import Hex, bearing, in_arcs
from airwar.games.gunslingers.rules.air import ground_attack_altitude

UNMOVED_SHOT = 0.3
"""How much a firing position on an enemy still to move is worth: it may fly out of it."""

# -- moves ------------------------------------------------------------------------------


def _masked(terrain: dict[Hex, int], a: Hex, b: Hex, alt: int) -> bool:
    """Whether terrain lies between a ground unit at ``a`` and an aircraft at ``b``."""
    if not terrain:
        return False
    n = a.distance(b)
    for i in range(1, n):
        q = a.q + (b.q - a.q) * i / n
        r = a.r + (b.r - a.r) * i / n
        h = Hex(round(q), round(r))
        if terrain.get(h, -1) >= alt * i / n:
            return True
    return False


def _goal(mind: Mind, p: dict[str, Any]) -> tuple[Hex | None, str, int]:
    """Where the aircraft means to go with no shot to take: hex, why, and how close."""
    here = Hex.parse(p["hex"])
    pid = p["id"]
    enemies = [(Hex.parse(e["hex"]), e) for e in mind.enemy_planes()]
    ground = [(Hex.parse(u["hex"]), u) for u in mind.seen.enemy_ground]
    striker = any(p.get("ground_weapons", {}).values())
    if striker and ground:
        # the targets worth most for the way, one for each striker of the package in turn
        def worth(t: tuple[Hex, dict[str, Any]]) -> tuple[float, str]:
            return (-(value_of_ground(mind, t[1]) - 0.05 * here.distance(t[0])), str(t[1]["id"]))

        ranked = sorted(ground, key=worth)[:3]
        ranked = [t for t in ranked if value_of_ground(mind, t[1]) > 0] or ranked
        package = sorted(a["id"] for a in mind.seen.aircraft.values()
                         if a["id"] in mind.own.strikers and a.get("alive", True))  # fmt: skip
        k = package.index(pid) if pid in package else 0
        h, u = ranked[k % len(ranked)]
        return h, f"pressing to the target {u['id']}", 1
    if pid in mind.own.strikers and not striker:
        home = mind.own.start.get(pid, here)
        return home, "egressing home", 0
    arms = int(p.get("arms", 0))
    if arms and ground:
        emitters = [t for t in ground if t[1].get("emitting") or t[1].get("kind") == "sam"]
        if emitters:
            h, u = min(emitters, key=lambda t: (here.distance(t[0]), t[1]["id"]))
            # a SAM fires its radar only at what it locks on: the Weasel leads the strikers
            # in, to be locked on first and answer with its ARM
            return h, f"trolling {u['id']} ahead of the strikers (ARM ready)", 3
    # escorts: between the strikers and the nearest threat
    strikers = [a for a in mind.seen.aircraft.values() if a["id"] in mind.own.strikers
                and a.get("alive", True) and a.get("hex") and a["id"] != pid]  # fmt: skip
    if enemies:
        h, e = min(enemies, key=lambda t: (here.distance(t[0]), t[1]["id"]))
        if strikers:
            sh = [Hex.parse(a["hex"]) for a in strikers]
            nearest = min(sh, key=lambda x: (x.distance(h), x.q, x.r))
            if nearest.distance(h) <= 14:
                return h, f"screening the strikers from {e['id']}", 3
            mid = Hex(round((nearest.q * 2 + h.q) / 3), round((nearest.r * 2 + h.r) / 3))
            return mid, f"escorting, between the strikers and {e['id']}", 0
        return h, f"closing on {e['id']}", 3
    if strikers:
        return Hex.parse(strikers[0]["hex"]), "escorting the strikers", 1
    if ground:
        h, u = min(ground, key=lambda t: (here.distance(t[0]), t[1]["id"]))
        return h, f"heading for {u['id']}", 6
    # no contact: an unseen enemy that moves after us would find us first, so a fighter
    # eases ahead and lets it come into its sight (the easy level charges on)
    ahead = here
    steps = int(p["speed"]) if not mind.level.avoid else min(1, int(p["speed"]))
    for _ in range(max(1, steps)):
        ahead = ahead.ahead(p["heading"])
    if not mind.seen.on_map(ahead):
        return Hex(0, 0), "turning back into the map", 0
    return ahead, "no contact: easing ahead", 0


def _preferred_altitude(mind: Mind, p: dict[str, Any], goal: Hex | None, near: int) -> int:
    here_alt = int(p["altitude"])
    striker = any(p.get("ground_weapons", {}).values())
    if striker and goal is not None:
        d = Hex.parse(p["hex"]).distance(goal)
        limit = max(a for a in range(0, 31) if ground_attack_altitude("ground", a))
        return min(here_alt, limit) if d <= 2 * int(p["speed"]) else max(here_alt, 10)
    return max(10, min(20, here_alt + 2)) if here_alt < 10 else here_alt


def move_plan(mind: Mind) -> tuple[tuple[str, ...], str]:
    seen = mind.seen
    p = seen.aircraft[seen.ask.subject]
    pid = str(p["id"])
    here = Hex.parse(p["hex"])
    speed, climb, altitude = int(p["speed"]), int(p.get("climb", 4)), int(p["altitude"])
    ceiling = int(house("aircraft", "max_altitude"))
    goal, why, keep = _goal(mind, p)
    want = _preferred_altitude(mind, p, goal, keep)
    lo, hi = max(0, altitude - climb), min(ceiling, altitude + climb)
    alts = sorted(
        {max(lo, min(hi, want))} | ({altitude, hi} if mind.level.altitudes >= 2 else set())
    )
    if mind.level.altitudes >= 3:
        alts = sorted(set(alts) | {lo, (lo + hi) // 2})
    alts = [a for a in alts if lo <= a <= hi]
    stock = mind.own.counts.get(pid, {})
    mine = [m for m in mind.own.missiles.get(pid, []) if stock.get(m.type, 0) > 0]
    locks = set(p.get("locks", []))
    radar_range = (
        int(p.get("arcs", {}).get("radar_range", 0)) if p.get("arcs", {}).get("radar_on") else 0
    )
    enemies = [(Hex.parse(e["hex"]), e) for e in mind.enemy_planes()]
    # an enemy lost from sight lately is still about: where it was last seen, still to move
    for i, g in enumerate(seen.view.get("last_seen", [])):
        if int(g.get("turn", 0)) >= mind.turn - 1 and g.get("hex"):
            ghost = {"id": f"an enemy lost from sight ({i + 1})", "hex": g["hex"], "heading": 0,
                     "altitude": g.get("altitude", altitude), "ghost": True}  # fmt: skip
            enemies.append((Hex.parse(g["hex"]), ghost))
    enemies = sorted(enemies, key=lambda t: (here.distance(t[0]), t[1]["id"]))[:8]
    sites = mind.sites() if mind.level.avoid else []
    terrain = mind.terrain()
    striker = any(p.get("ground_weapons", {}).values())
    ground_targets = [(Hex.parse(u["hex"]), u) for u in seen.enemy_ground] if striker else []
    reach = int(house("attacks", "ground_attack_range"))
    gun_reach = int(house("attacks", "gun_range"))
    pull = 0.06 if striker or p.get("arms") else 0.01
    radius = int(seen.view["map"]["radius"])
    homeward = why.startswith("egressing")
    best: tuple[float, tuple[str, ...], str] | None = None
    hexes = [h for h in here.spiral(speed) if seen.on_map(h)]
    if len(hexes) > 60:  # the outer two rings and a thinned interior keep the search short
        hexes = [h for h in hexes if here.distance(h) >= speed - 1 or (h.q + 2 * h.r) % 3 == 0]
    for h in hexes:
        headings = set()
        if enemies:
            headings.add(_heading(h, enemies[0][0]))
            if len(enemies) > 1:
                headings.add(_heading(h, enemies[1][0]))
        if goal is not None and goal != h:
            headings.add(_heading(h, goal))
        headings.add(_heading(here, h) if h != here else int(p["heading"]))
        for hd in headings:
            for alt in alts:
                score, reason = _score(mind, pid, h, hd, alt, mine, locks, radar_range,
                                       enemies, sites, terrain, ground_targets, reach,
                                       gun_reach)  # fmt: skip
                if goal is not None:
                    d = max(0, h.distance(goal) - keep)
                    score -= pull * d
                score -= 0.01 * abs(alt - want)
                gap = radius - max(abs(h.q), abs(h.r), abs(h.s))
                if gap < 4 and not homeward:  # cornered against the edge, it is caught
                    score -= 0.06 * (4 - gap)
                if reason is None:
                    reason = why
                key = (score, (h.q, h.r, hd, alt))
                if best is None or key[0] > best[0] + 1e-9:
                    best = (score, (str(h), f"h{hd}", f"a{alt}"), reason)
    assert best is not None
    return best[1], best[2]


def _heading(frm: Hex, to: Hex) -> int:
    """The heading (0..11) pointing most nearly at ``to`` (its nose arc, GS-4)."""
    if frm == to:
        return 0
    return round(bearing(frm, to) / 30.0) % 12


def _score(
    mind: Mind,
    pid: str,
    h: Hex,
    hd: int,
    alt: int,
    mine: list[MissileCard],
    locks: set[str],
    radar_range: int,
    enemies: list[tuple[Hex, dict[str, Any]]],
    sites: list[tuple[str, Hex, int, int, float, str]],
    terrain: dict[Hex, int],
    ground_targets: list[tuple[Hex, dict[str, Any]]],
    reach: int,
    gun_reach: int,
) -> tuple[float, str | None]:
    score = 0.0
    speed = int(mind.seen.aircraft[pid].get("speed", 0))
    best_off, off_reason = 0.0, None
    worst, threat_reason = 0.0, None
    shots: list[float] = []
    best_shot = guns = 0.0
    for eh, e in enemies:
        d = h.distance(eh)
        eid = str(e["id"])
        ghost = bool(e.get("ghost"))
        fixed = eid in mind.moved
        espeed = int(e.get("speed") or enemy_speed(e.get("type")))
        for m in [] if ghost else mine:
            if not m.min_range <= d <= m.max_range or not in_arcs(h, hd, eh, m.arcs):
                continue
            ready = m.guidance == "IR" or eid in locks
            if not ready and not (radar_range and d <= radar_range):
                continue
            p = m.odds * (1.0 if ready else 0.5) * (1.0 if eid in mind.moved else UNMOVED_SHOT)
            shots.append(p)
            if p > best_shot:
                best_shot, off_reason = p, f"firing position on {eid}: {round(100 * m.odds)}%"
        if not ghost and d <= gun_reach and in_arcs(h, hd, eh, FRONT) and eid in mind.moved:
            damaged = "damaged" in e.get("status", [])
            g = 0.1 if damaged else 0.2
            if g > guns:
                guns = g
                if best_shot == 0:
                    off_reason = f"guns on {eid}"
        if eid in mind.moved and d <= 9:
            # the order of flight next turn (GS-11): advantaged over it, it moves first
            ealt = int(e.get("altitude", alt))
            ehd0 = int(e.get("heading", 0))
            if in_arcs(h, hd, eh, FRONT) and -9 <= ealt - alt <= 6:
                score += ADVANTAGE
            if in_arcs(eh, ehd0, h, FRONT) and -9 <= alt - ealt <= 6:
                score -= ADVANTAGE
        if not mind.level.avoid:
            continue
        ehd = int(e.get("heading", 0))
        # running from an enemy as fast as we are only puts its shot off a turn, from
        # behind where we cannot answer (GS-93): out of its reach only if out of it next
        # turn too, or on the last turn
        chase = speed if espeed >= speed and mind.turns_left > 1 else 0
        theirs: list[float] = []
        for m in enemy_missiles(e.get("type")):
            if fixed:
                if not (m.min_range <= d <= m.max_range and in_arcs(eh, ehd, h, m.arcs)):
                    continue
                t = m.odds
            else:  # it moves after us and may point anywhere it can reach
                if d > espeed + m.max_range + chase:
                    continue
                aimed = in_arcs(eh, ehd, h, m.arcs) and not ghost
                t = m.odds * (1.0 if aimed else 0.5 + mind.level.reaim)
            theirs.append(t)
            if t >= max(theirs):
                threat_reason = threat_reason or f"out of {eid}'s {m.type} envelope"
        mine_worst = sum(sorted(theirs)[-2:])  # it too launches two a turn
        if not fixed and d <= espeed + gun_reach + chase:  # its guns catch us up too
            mine_worst += GUN_THREAT
            threat_reason = threat_reason or f"out of {eid}'s gun reach"
        worst += mine_worst
    best_off = sum(sorted(shots)[-2:]) + guns  # two launches a turn, and its gun passes
    score += best_off - worst
    danger = 0.0
    role_w = 1.0 if not ground_targets else 0.3  # a striker accepts risk to reach its target
    if mind.own.arm_range.get(pid, 0) and mind.seen.aircraft[pid].get("arms", 0):
        role_w = 0.0  # the Weasel wants to be locked on (its ARM answers)
    for _sid, sh, rng, ceiling, dang, name in sites:
        d = sh.distance(h)
        inside = d <= rng and alt <= ceiling and not _masked(terrain, sh, h, alt)
        if inside and dang * role_w > danger:
            danger, threat_reason = dang * role_w, f"staying out of the {name} envelope"
    score -= danger
    for gh, u in ground_targets:
        if h.distance(gh) <= reach and ground_attack_altitude("ground", alt):
            v = 0.5 * value_of_ground(mind, u)
            if v > best_off:
                best_off, off_reason = v, f"attack run on {u['id']}"
            score += v
            break
    if off_reason and best_off >= max(worst, danger):
        return score, off_reason
    if threat_reason and max(worst, danger) > 0:
        return score, f"{threat_reason}" if best_off == 0 else f"{off_reason}, {threat_reason}"
    return score, None
