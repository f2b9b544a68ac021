"""The tactical AI on the ground (GS-90): SAM lock-ons and launches, radars shut down
and reactivated, passdowns, plotted AAA fire: the defence used as a whole."""

from __future__ import annotations

from typing import Any

from airwar.bots.gunslingers_tactical.knowledge import Chooser, Mind, arm_carrier, value_of_plane
from airwar.games.gunslingers.model.hexgrid import Hex
from airwar.games.gunslingers.rules.sam import radar_sam_lock_on_check, sam_launch_check


def _lockon(mind: Mind) -> tuple[tuple[str, ...], str]:
    """The intruder whose lock-on is worth most: its victory points times the exact odds
    of the lock-on (the passdown this unit received counts, GS-27), the Weasel left alone
    while there is another (a lock-on draws its ARM), the nearest to what we defend
    first among equals (it stays in the envelope for the launch)."""
    seen = mind.seen
    sid = seen.ask.subject
    s = seen.own_ground[sid]
    here = Hex.parse(s["hex"])
    targets = [t for t in seen.singles() if t != "none"]
    if not targets:
        return ("none",), "nothing in reach"
    own = [Hex.parse(u["hex"]) for u in seen.own_ground.values() if u.get("alive", True)]
    card = mind.own.sams.get(sid, {})
    passed = {t for sam, t in mind.passed if sam == sid}
    planes = {str(e["id"]): e for e in seen.enemy_aircraft}

    def odds(t: str) -> float:
        return float(
            radar_sam_lock_on_check(
                card.get("lock_on", 5),
                card.get("eccm", 0),
                quick_reaction=bool(card.get("quick")),
                passdown_received=t in passed,
            ).probability()
        )

    def key(t: str) -> tuple[float, float, str]:
        h = seen.where(t)
        near = 99.0 if h is None else min((h.distance(o) for o in own), default=99)
        near += 0 if h is None else 0.5 * here.distance(h)
        worth = value_of_plane(mind, planes[t]) if t in planes else 1.0
        return (-round(worth * odds(t), 3), near, t)

    lures = {t for t in targets if arm_carrier((planes.get(t) or {}).get("type"))}
    if len(lures) < len(targets):  # a lock-on draws the Weasel's ARM: leave it alone
        targets = [t for t in targets if t not in lures]
    best = min(targets, key=key)
    why = "; not the Weasel" if lures and best not in lures else ""
    why += "; the passdown's target" if best in passed else ""
    return (best,), f"locking on to {best}: {round(100 * odds(best))}%{why}"


def _samlaunch(mind: Mind) -> tuple[tuple[str, ...], str]:
    card = mind.own.sams.get(mind.seen.ask.subject, {})
    p = float(sam_launch_check(card.get("launch", 7)).probability()) * card.get("kill", 50) / 100
    return ("yes",), f"launching: {round(100 * p)}%"


def _emitter_gap(mind: Mind) -> tuple[dict[str, Any], int, int | None]:
    """The unit asked about, its range, and the distance of the nearest known intruder."""
    seen = mind.seen
    s = seen.own_ground.get(seen.ask.subject) or {}
    if not s.get("hex"):
        return s, 0, None
    here = Hex.parse(s["hex"])
    near = [Hex.parse(e["hex"]).distance(here) for e in mind.enemy_planes()]
    return s, int(s.get("range", 10)), (min(near) if near else None)


def _shutdown(mind: Mind) -> tuple[tuple[str, ...], str]:
    """A SAM radar goes dark while no intruder is near its envelope: an emitter is found
    and struck, a dark one is neither (the EWRs and CCUs stay up for the passdowns)."""
    s, rng, near = _emitter_gap(mind)
    if s.get("kind") == "sam" and (near is None or near > rng + 2):
        return ("yes",), "going dark: nothing near our envelope"
    return ("no",), "keeping the radar up"


def _reactivate(mind: Mind) -> tuple[tuple[str, ...], str]:
    s, rng, near = _emitter_gap(mind)
    if s.get("kind") == "sam" and (near is None or near > rng + 2):
        return ("no",), "staying dark until they come"
    return ("yes",), "back on the air: intruders near"


def _passdown(mind: Mind) -> tuple[tuple[str, ...], str]:
    seen = mind.seen
    pairs = [d.first for d in seen.choices if d.first != "done"]
    if not pairs:
        return ("done",), "no passdown to give"

    def gap(pair: str) -> tuple[int, str]:
        sam, target = pair.split(":", 1)
        a, b = seen.where(sam), seen.where(target)
        return ((a.distance(b) if a and b else 99), pair)

    best = min(pairs, key=gap)
    return (best,), f"passdown to the SAM nearest its target: {best}"


def _plot(mind: Mind) -> tuple[tuple[str, ...], str]:
    seen = mind.seen
    g = seen.own_ground[seen.ask.subject]
    here = Hex.parse(g["hex"])
    targets = sorted(((Hex.parse(a["hex"]), a) for a in seen.enemy_aircraft),
                     key=lambda t: (here.distance(t[0]), t[1]["id"]))  # fmt: skip
    for h, a in targets:
        # where it will be: towards us along its heading, if that stays in reach
        ahead = h
        for _ in range(int(a.get("speed", 0) or 0) // 2):
            nxt = ahead.ahead(int(a.get("heading", 0)))
            if here.distance(nxt) > g["range"]:
                break
            ahead = nxt
        if here.distance(ahead) <= g["range"] and a["altitude"] <= g["max_altitude"]:
            return (str(ahead), f"a{a['altitude']}"), f"plotting ahead of {a['id']}"
    return ("none",), "nothing in reach"


GROUND: dict[str, Chooser] = {
    "lockon": _lockon,
    "samlaunch": _samlaunch,
    "shutdown": _shutdown,
    "reactivate": _reactivate,
    "passdown": _passdown,
    "plot": _plot,
}
