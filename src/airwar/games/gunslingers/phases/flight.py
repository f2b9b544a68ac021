"""Flight Phase: the ten movement categories, in order, and the notes under them.

Each step moves one category (GS-30: in the order of flight within it). After
an aircraft moves: it may attack (GS-13 limits: two air-to-air gun/rocket
attacks, two strafing attacks, one air-to-ground attack per turn), the
missiles chasing it move and are resolved (GS-29), the aircraft illuminating
those missiles move, and aircraft tailing it move.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from airwar.core.errors import IllegalAction, InvalidNotation
from airwar.games.gunslingers.model.actions import Decision
from airwar.games.gunslingers.model.fields import house
from airwar.games.gunslingers.model.hexgrid import Hex
from airwar.games.gunslingers.model.tasks import Ask, Do
from airwar.games.gunslingers.model.units import Marker, Plane
from airwar.games.gunslingers.phases import outcomes
from airwar.games.gunslingers.phases.attacks import attack_options
from airwar.games.gunslingers.phases.common import (
    choice_verb,
    need,
    parse_prefixed,
    suppressed,
    yes_no,
)
from airwar.games.gunslingers.phases.detection import radar_detected, sighted_by_enemy
from airwar.games.gunslingers.phases.preempt import preempt_moment
from airwar.games.gunslingers.phases.registry import on_do, verb

if TYPE_CHECKING:
    from airwar.games.gunslingers.model.state import GsModel

# -- categories ------------------------------------------------------------------


def _in_order(state: GsModel, planes: list[Plane]) -> list[Plane]:
    rank = {pid: i for i, pid in enumerate(state.this_turn.order)}
    return sorted(planes, key=lambda p: rank.get(p.id, len(rank)))


def leaders(state: GsModel, p: Plane) -> list[str]:
    """The aircraft ``p`` moves after this turn and that have yet to move: the targets of
    the missiles it illuminates ("when their targets do") and its tailee ("immediately
    after tailees do"), GS-30."""
    out: list[str] = []
    for wid in p.illuminating:
        w = state.weapons.get(wid)
        if w is not None:
            out.append(w.target)
    if p.tailing:
        out.append(p.tailing)
    planes = state.forces.planes
    return [
        lid
        for lid in dict.fromkeys(out)
        if lid != p.id and lid in planes and planes[lid].alive and not planes[lid].moved
    ]


def _deferred(state: GsModel, p: Plane) -> bool:
    """Whether ``p`` waits for a leader that moves later this Flight Phase, whatever the
    leader's category (GS-30); a leader that itself waits for ``p`` does not count."""
    for lid in leaders(state, p):
        seen = {lid}
        stack = [lid]
        while stack:
            for nxt in leaders(state, state.forces.planes[stack.pop()]):
                if nxt not in seen:
                    seen.add(nxt)
                    stack.append(nxt)
        if p.id not in seen:
            return True
    return False


def _queue_category(state: GsModel, name: str, planes: list[Plane], last: bool = False) -> None:
    """Queue the moves of one category in the order of flight. An aircraft waiting for
    its leader is moved right after the leader moves (``after_move``), even in a later
    category; in the last category every aircraft still unmoved moves (GS-30)."""
    waiting = [p for p in planes if p.alive and not p.moved]
    for p in waiting:
        if not (last and p.category):
            p.category = name
    for p in _in_order(state, waiting):
        if not _deferred(state, p):
            state.push(Do("fly", (p.id,)))
    if last:
        for p in _in_order(state, waiting):
            state.push(Do("fly", (p.id,)))


def _unclaimed(state: GsModel) -> list[Plane]:
    return [p for p in state.planes() if not p.moved and not p.category]


def move_departed_stalled(state: GsModel) -> None:
    """Step 2: departed aircraft, then stalled aircraft."""
    _queue_category(state, "departed", [p for p in _unclaimed(state) if "departed" in p.status])
    _queue_category(state, "stalled", [p for p in _unclaimed(state) if "stalled" in p.status])


def move_gloc_disoriented(state: GsModel) -> None:
    """Step 3: GLOC'd aircraft, then disoriented aircraft."""
    _queue_category(state, "gloc", [p for p in _unclaimed(state) if "gloc" in p.status])
    _queue_category(
        state, "disoriented", [p for p in _unclaimed(state) if "disoriented" in p.status]
    )


def move_engaged(state: GsModel) -> None:
    """Step 4: aircraft engaging missiles (GS-33)."""
    _queue_category(state, "engaged", [p for p in _unclaimed(state) if "engaged" in p.status])


def move_fac(state: GsModel) -> None:
    """Step 5: FAC aircraft marking targets."""
    _queue_category(state, "fac", [p for p in _unclaimed(state) if p.marking])


def move_designating(state: GsModel) -> None:
    """Step 6: laser designating aircraft."""
    _queue_category(state, "designating", [p for p in _unclaimed(state) if p.designating])


def move_guiding(state: GsModel) -> None:
    """Step 7: aircraft guiding air-to-ground weapons: each weapon that moved at step 1
    waits for its guide, which strikes it as its move ends (GS-81)."""
    guiding = {w.shooter for w in state.weapons.values() if w.kind == "a2g"}
    _queue_category(state, "guiding", [p for p in _unclaimed(state) if p.id in guiding])


def move_by_advantage(state: GsModel) -> None:
    """Step 8: sighted aircraft, disadvantaged, then non-advantaged, then advantaged."""
    rest = [p for p in _unclaimed(state) if sighted_by_enemy(state, p)]
    for cat in ("disadvantaged", "non-advantaged", "advantaged"):
        _queue_category(state, cat, [p for p in rest if state.this_turn.advantage.get(p.id) == cat])


def move_detected(state: GsModel) -> None:
    """Step 9: unsighted but radar-detected aircraft: tracked by any enemy radar, the
    aircraft's or a ground one (GS-80)."""
    _queue_category(state, "detected", [p for p in _unclaimed(state) if radar_detected(state, p)])


def move_undetected(state: GsModel) -> None:
    """Step 10: unsighted and undetected aircraft (and any not yet moved)."""
    _queue_category(state, "undetected", [p for p in state.planes() if not p.moved], last=True)
    state.push(Do("shootouts_left"))


# -- one aircraft's move ----------------------------------------------------------


@on_do("fly")
def _fly(state: GsModel, args: tuple[str, ...]) -> None:
    p = state.forces.planes[args[0]]
    if not p.alive or p.moved:
        return
    asks = preempt_moment(state, p)
    if asks:  # pre-emption as the aircraft comes to move (GS-84)
        state.push_front(
            Do("preempt_moment", (p.id,)), *asks, Do("preempt_moment", ("",)), Do("fly", (p.id,))
        )
        return
    first = [
        (a, why)
        for a, why in state.this_turn.preemptions.pop(p.id, {}).items()
        if state.forces.planes[a].alive and not state.forces.planes[a].moved
    ]
    if first:  # they move right before it, out of their order (GS-52)
        for a, why in first:
            state.forces.planes[a].category = "pre-empting"
            state.emit("pre_empts", aircraft=a, before=p.id, reason=why, rule="GS-52")
        state.push_front(*(Do("fly", (a,)) for a, _ in first), Do("fly", (p.id,)))
        return
    p.moved = True
    if not p.category:  # moved with a leader of an earlier category (GS-30)
        p.category = "following"
    seat = state.seat_of(p.side)
    tasks: list[Ask | Do] = [Ask(seat, "move", p.id), Do("after_move", (p.id,))]
    if "damaged" in p.status:
        tasks.insert(0, Ask(seat, "dcontrol", p.id))
    state.push_front(*tasks)


@choice_verb("dcontrol", "whether this damaged aircraft declares damage control as it starts its "
             "move (Aircraft Decisions note, GS-39)", yes_no)  # fmt: skip
def _dcontrol(state: GsModel, ask: Ask, d: Decision) -> None:
    if d.first == "yes":
        p = state.forces.planes[ask.subject]
        state.emit("declare", what="damage control", aircraft=p.id, rule="GS-39")
        outcomes.resolve(state, "damage_control", p.id, p.id, f"{p.label} damage control")


def move_choices(state: GsModel, ask: Ask) -> list[Decision]:
    p = state.forces.planes[ask.subject]
    ceiling = house("aircraft", "max_altitude")
    alts = range(max(0, p.altitude - p.climb), min(ceiling, p.altitude + p.climb) + 1)
    out: list[Decision] = []
    for h in p.hex.spiral(p.speed):
        if state.on_map(h):
            for heading in range(12):
                out.extend(Decision("move", p.id, (str(h), f"h{heading}", f"a{a}")) for a in alts)
    return out


PATH_MARK = ">"
"""Joins the hexes of a move's path: ``1,-1>2,-2>3,-2`` (GS-82)."""


def parse_move(d: Decision) -> tuple[list[Hex] | None, Hex, int, int]:
    """A move's path (None: a single hex, the default route), its last hex, heading and
    altitude."""
    need(
        len(d.args) == 3,
        f"write 'move {d.subject} HEX hHEADING aALTITUDE' or 'move {d.subject} "
        f"HEX>HEX>... hHEADING aALTITUDE' (the path hex by hex), e.g. move {d.subject} 3,-2 h4 "
        "a12",
    )
    words = d.args[0].split(PATH_MARK)
    try:
        hexes = [Hex.parse(w) for w in words]
    except InvalidNotation as exc:
        raise IllegalAction(str(exc)) from None
    return (
        hexes if len(hexes) > 1 else None,
        hexes[-1],
        parse_prefixed(d.args[1], "h", "a heading"),
        parse_prefixed(d.args[2], "a", "an altitude"),
    )


def move_path(p: Plane, path: list[Hex] | None, to: Hex) -> list[Hex]:
    """The hexes a move enters, in order, the last its end: the path given, or the default
    route, straight ahead then turning (GS-82)."""
    return path if path is not None else p.hex.route_to(to, p.heading)


def _path_refusal(state: GsModel, p: Plane, path: list[Hex]) -> str | None:
    """Why a path given hex by hex is not a move of ``p``: each hex next to the one
    before (the first next to the aircraft's), on the map, and no more hexes than its
    speed (GS-82, GS-23)."""
    here = p.hex
    for i, h in enumerate(path, 1):
        if h.distance(here) != 1:
            return f"hex {i} of the path, {h}, is not next to {here}: a path goes hex by hex"
        if not state.on_map(h):
            return f"hex {i} of the path, {h}, is off the map"
        here = h
    if len(path) > p.speed:
        return f"the path is {len(path)} hexes long: its speed is {p.speed} hexes a turn"
    return None


def _move_check(state: GsModel, ask: Ask, d: Decision) -> None:
    p = state.forces.planes[ask.subject]
    path, h, heading, alt = parse_move(d)
    ceiling = house("aircraft", "max_altitude")
    need(state.on_map(h), f"{p.label} cannot move to {h}: it is off the map (GS-23)")
    dist = p.hex.distance(h)
    need(
        dist <= p.speed,
        f"{p.label} cannot move {dist} hexes: its speed is {p.speed} hexes a turn (GS-23)",
    )
    if path is not None:
        why = _path_refusal(state, p, path)
        need(why is None, f"{p.label} cannot fly that path: {why} (GS-82, GS-23)")
    need(0 <= heading <= 11, f"heading {heading} is not 0 to 11 (GS-4)")
    need(0 <= alt <= ceiling, f"altitude {alt} is not 0 to the ceiling {ceiling} (GS-23)")
    need(
        abs(alt - p.altitude) <= p.climb,
        f"{p.label} cannot change altitude by {abs(alt - p.altitude)} levels: it climbs or "
        f"dives at most {p.climb} a move (GS-23)",
    )


@verb("move", "the aircraft's new hex (or its path, hex by hex: HEX>HEX>...), heading and "
      "altitude (GS-23, GS-82)", move_choices, _move_check)  # fmt: skip
def _move(state: GsModel, ask: Ask, d: Decision) -> None:
    p = state.forces.planes[ask.subject]
    path, h, heading, alt = parse_move(d)
    route = move_path(p, path, h)
    state.emit(
        "move",
        aircraft=p.id,
        category=p.category,
        frm=str(p.hex),
        to=str(h),
        heading=heading,
        altitude=alt,
        path=[str(x) for x in route],
    )
    p.this_turn.route = (p.hex, *route)
    p.this_turn.route_altitudes = (p.altitude, alt)
    p.hex, p.heading, p.altitude = h, heading, alt


def flown_through(p: Plane) -> list[tuple[Hex, Fraction]]:
    """Each hex ``p`` was in during this turn's move, with its altitude there: the hex it
    started from to the one it ended in, its altitude changing evenly along the path
    (GS-83); only where it is, for one that has not moved."""
    route = p.this_turn.route
    if not route or route[-1] != p.hex:
        return [(p.hex, Fraction(p.altitude))]
    a0, a1 = p.this_turn.route_altitudes
    n = len(route) - 1
    if n == 0:  # it stayed in its hex, climbing or diving through every level between
        return [(p.hex, Fraction(min(a0, a1)))]
    return [(h, Fraction(a0) + Fraction((a1 - a0) * i, n)) for i, h in enumerate(route)]


FLIGHT_STATUSES = ("stalled", "stalled_vertical", "departed", "gloc", "disoriented")
"""Statuses of the full game's flight rules the referee records as a move ends (GS-40, GS-48)."""


@on_do("after_move")
def _after_move(state: GsModel, args: tuple[str, ...]) -> None:
    """As a move ends: the referee records what the full flight rules made of it (GS-48),
    then the rest of the move's business (``after_status``)."""
    p = state.forces.planes[args[0]]
    tasks: list[Ask | Do] = [Do("after_status", (p.id,))]
    if p.alive and state.game.options.get("status_on_move", True):
        tasks.insert(0, Ask(state.referee, "flightstatus", p.id))
    state.push_front(*tasks)


def _flightstatus_options(state: GsModel, ask: Ask) -> list[tuple[str, ...]]:
    p = state.forces.planes[ask.subject]
    out: list[tuple[str, ...]] = [("done",)]
    for status in FLIGHT_STATUSES:
        out.append((f"{'-' if status in p.status else '+'}{status}",))
    return out


@choice_verb("flightstatus", "a status the aircraft entered or left in this move by the full "
             "game's flight rules (+STATUS or -STATUS: stalled, stalled_vertical, departed, "
             "gloc, disoriented), or done (GS-48)", _flightstatus_options)  # fmt: skip
def _flightstatus(state: GsModel, ask: Ask, d: Decision) -> None:
    if d.first == "done":
        return
    p = state.forces.planes[ask.subject]
    sign, status = d.first[0], d.first[1:]
    if sign == "+":
        p.status.add(status)
        if status == "stalled_vertical":
            p.status.add("stalled")
    else:
        p.status.discard(status)
        if status == "stalled":
            p.status.discard("stalled_vertical")
    state.emit(
        "status", aircraft=p.id, status=sorted(p.status), text=d.first, when="move", rule="GS-48"
    )
    state.push_front(Ask(state.referee, "flightstatus", p.id))


@on_do("after_status")
def _after_status(state: GsModel, args: tuple[str, ...]) -> None:
    p = state.forces.planes[args[0]]
    if not p.alive:
        return
    tasks: list[Ask | Do] = []
    if p.id in state.shootouts:
        tasks.append(Do("shootout_meets", (p.id,)))
    tasks += [  # it guided them through its move; now they strike (GS-81)
        Do("a2g_strike", (w.id,))
        for w in state.weapons.values()
        if w.kind == "a2g" and w.shooter == p.id and w.arrived
    ]
    if barrage_guns(state, p):
        tasks.append(Do("barrage_fire", (p.id,)))
    tasks.append(Do("after_barrage", (p.id,)))
    state.push_front(*tasks)


def barrage_guns(state: GsModel, p: Plane) -> list[str]:
    """The enemy AAA units firing barrage this turn whose fire ``p`` flew through in its
    move: a hex of its path (the one it started from to the one it ended in) within their
    range, at or below their maximum altitude there (GS-51, GS-82, GS-83)."""
    through = flown_through(p)
    return [
        g.id
        for g in state.forces.guns.values()
        if g.alive
        and g.barrage
        and g.side != p.side
        and not g.out_of_ammo
        and not suppressed(state, g.id)
        and any(g.hex.distance(h) <= g.range and a <= g.max_altitude for h, a in through)
    ]


@on_do("barrage_fire")
def _barrage_fire(state: GsModel, args: tuple[str, ...]) -> None:
    """Each barrage reaching the aircraft attacks it once, resolved at once (GS-51, GS-14)."""
    p = state.forces.planes[args[0]]
    guns = barrage_guns(state, p)
    if not guns or not p.alive:
        return
    state.push_front(*(Do("barrage_shot", (g, p.id)) for g in guns))


@on_do("barrage_shot")
def _barrage_shot(state: GsModel, args: tuple[str, ...]) -> None:
    g = state.forces.guns[args[0]]
    p = state.forces.planes[args[1]]
    if p.alive and g.alive:
        met = next(
            (
                h
                for h, a in flown_through(p)
                if g.hex.distance(h) <= g.range and a <= g.max_altitude
            ),
            p.hex,
        )  # the first hex of its path in the fire (GS-82)
        state.emit("barrage_attack", unit=g.id, aircraft=p.id, hex=str(met), rule="GS-51")
        outcomes.resolve(state, "barrage", p.id, g.id, f"{g.label} barrage fire on {p.label}")


@on_do("after_barrage")
def _after_barrage(state: GsModel, args: tuple[str, ...]) -> None:
    p = state.forces.planes[args[0]]
    tasks: list[Ask | Do] = []
    if p.marking and p.alive:
        target = state.unit(p.marking)
        if target is not None:
            state.forces.markers.append(Marker("smoke_1", target.hex, p.marking, None, state.turn))
            state.emit("marker", action="place", kind="smoke_1", unit=p.marking, by=p.id)
    if attack_options(state, p):
        tasks.append(Ask(state.seat_of(p.side), "attack", p.id))
    for w in list(state.weapons.values()):
        if w.target == p.id and w.kind in ("aam", "sam"):
            tasks.append(Do("missile_arrives", (w.id,)))
    for w in list(state.weapons.values()):
        if w.target == p.id:
            shooter = state.forces.planes.get(w.shooter)
            if shooter is not None and w.id in shooter.illuminating and not shooter.moved:
                tasks.append(Do("fly", (shooter.id,)))
    for t in state.planes():
        if t.tailing == p.id and not t.moved:
            tasks.append(Do("fly", (t.id,)))
    state.push_front(*tasks)


@on_do("missile_arrives")
def _missile_arrives(state: GsModel, args: tuple[str, ...]) -> None:
    """Missiles move when their targets do (GS-29); then their outcome is resolved."""
    w = state.weapons.get(args[0])
    if w is None:
        return
    target = state.forces.planes.get(w.target)
    if target is None or not target.alive:
        return
    w.hex, w.altitude = target.hex, target.altitude
    state.emit("weapon_move", weapon=w.id, hex=str(w.hex), altitude=w.altitude)
    outcomes.resolve(
        state, "missile", target.id, w.shooter, f"{w.type} against {target.label}", w.id
    )
