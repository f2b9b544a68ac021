"""Visual Sighting Phase: FAC marks, line of sight, ground search and ID, designated
searchers, padlocks, re-sighting and target ID (GS-9, GS-10, GS-16, GS-19, GS-22, GS-32)."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import TYPE_CHECKING

from airwar.core.errors import IllegalAction, InvalidNotation
from airwar.games.gunslingers.model.actions import Decision, listed
from airwar.games.gunslingers.model.fields import house
from airwar.games.gunslingers.model.hexgrid import (
    Hex,
    HexIndex,
    arc_of,
    sighting_range_between,
)
from airwar.games.gunslingers.model.tasks import Ask, CheckTask, Do, about
from airwar.games.gunslingers.model.units import Marker, Plane
from airwar.games.gunslingers.model.words import Crewman
from airwar.games.gunslingers.phases.common import (
    choice_verb,
    clear_los,
    held_by_suppression,
    need,
    same_hex_in_arcs,
    yes_no,
)
from airwar.games.gunslingers.phases.registry import on_do, on_roll, verb
from airwar.games.gunslingers.rules import sighting as sighting_rules

if TYPE_CHECKING:
    from airwar.games.gunslingers.model.state import GsModel


@dataclass(frozen=True)
class GroundThing:
    """Anything on the ground an aircraft may search for."""

    id: str
    side: str
    hex: Hex
    camouflaged: bool
    sighting_range: int


@dataclass(frozen=True)
class AirThing:
    """An enemy aircraft or missile in flight, as a sighting target."""

    id: str
    side: str
    hex: Hex
    altitude: int
    visibility: int


def ground_things(state: GsModel) -> list[GroundThing]:
    f = state.forces
    default = house("ground", "sighting_range")
    out = [
        GroundThing(g.id, g.side, g.hex, g.camouflaged, g.sighting_range)
        for g in f.ground.values()
        if g.alive
    ]
    for table in (f.sams, f.radars, f.guns):
        for u in table.values():
            if u.alive:
                out.append(GroundThing(u.id, u.side, u.hex, False, default))
    return out


def air_things(state: GsModel, enemy_of: str) -> list[AirThing]:
    """Enemy aircraft and missiles of the side ``enemy_of`` may sight."""
    out = [
        AirThing(p.id, p.side, p.hex, p.altitude, p.visibility) for p in state.enemies_of(enemy_of)
    ]
    vis = house("aircraft", "missile_visibility")
    out += [
        AirThing(w.id, w.side, w.hex, w.altitude, vis)
        for w in state.weapons.values()
        if w.side != enemy_of and w.kind in ("aam", "sam")
    ]
    return out


def visual_limit(p: Plane, target_visibility: int) -> int:
    return sighting_rules.visual_sighting_limit(target_visibility, p.vas)


def can_see(state: GsModel, p: Plane, t: AirThing) -> int | None:
    """The sighting range if ``p`` could see ``t`` (range, blind arcs, LOS), else None."""
    rng = sighting_range_between(p.hex, p.altitude, t.hex, t.altitude)
    if rng > visual_limit(p, t.visibility):
        return None
    if not sighting_rules.may_padlock_into(
        arc_of(p.hex, p.heading, t.hex), p.blind_arcs, same_hex_in_arcs(state)
    ):
        return None
    if not clear_los(state, p.hex, p.altitude, t.hex, t.altitude):
        return None
    return rng


# -- steps 1-6: the ground ------------------------------------------------------------


def ground_fac_marks(state: GsModel) -> None:
    """Step 1: ground FACs place laser spots and smoke marks."""
    state.los_cache.clear()
    for g in state.forces.ground.values():
        if g.alive and g.fac and not held_by_suppression(state, g.id, "mark"):
            state.push(Ask(state.seat_of(g.side), "mark", g.id))


def mark_choices(state: GsModel, ask: Ask) -> list[Decision]:
    g = state.forces.ground[ask.subject]
    out = [Decision("mark", g.id, ("none",))]
    for h in g.hex.spiral(house("ground", "fac_range")):
        if state.on_map(h):
            out += [Decision("mark", g.id, (kind, str(h))) for kind in ("smoke", "laser")]
    return out


def _mark_check(state: GsModel, ask: Ask, d: Decision) -> None:
    g = state.forces.ground[ask.subject]
    if d.args == ("none",):
        return
    need(len(d.args) == 2 and d.args[0] in ("smoke", "laser"), "write 'mark FAC smoke|laser HEX'")
    try:
        h = Hex.parse(d.args[1])
    except InvalidNotation as exc:
        raise IllegalAction(str(exc)) from None
    reach = house("ground", "fac_range")
    need(
        g.hex.distance(h) <= reach,
        f"{g.label} marks hexes within {reach}, not {g.hex.distance(h)} away (house value)",
    )


@verb("mark", "a ground FAC's laser spot or smoke mark (smoke|laser HEX), or none",
      mark_choices, _mark_check)  # fmt: skip
def _mark(state: GsModel, ask: Ask, d: Decision) -> None:
    if d.args == ("none",):
        return
    kind = "smoke_1" if d.args[0] == "smoke" else "laser_spot"
    h = Hex.parse(d.args[1])
    state.forces.markers.append(Marker(kind, h, None, None, state.turn))
    state.emit("marker", action="place", kind=kind, hex=str(h), by=ask.subject)


def check_lines_of_sight(state: GsModel) -> None:
    """Step 2: lines of sight blocked by terrain between opposing units in sighting range."""
    if not state.forces.terrain:
        state.note("no blocking terrain on this map: every line of sight is clear (GS-16)")
        return
    blocked = []
    for p in state.planes():
        for t in air_things(state, p.side):
            rng = sighting_range_between(p.hex, p.altitude, t.hex, t.altitude)
            if rng <= visual_limit(p, t.visibility) and not clear_los(
                state, p.hex, p.altitude, t.hex, t.altitude
            ):
                blocked.append(f"{p.id}-{t.id}")
        for g in ground_things(state):
            near = g.side != p.side and p.hex.distance(g.hex) <= g.sighting_range
            if near and not clear_los(state, p.hex, p.altitude, g.hex, 0):
                blocked.append(f"{p.id}-{g.id}")
    state.emit("line_of_sight", blocked=blocked, rule="GS-16")


def _ground_in_range(state: GsModel, p: Plane) -> list[GroundThing]:
    return [
        g
        for g in ground_things(state)
        if g.side != p.side
        and sighting_range_between(p.hex, p.altitude, g.hex, 0) <= g.sighting_range
    ]


def declare_ground_search(state: GsModel) -> None:
    """Step 3: aircraft with enemy ground units in sighting range declare whether they search."""
    for p in state.planes():
        if _ground_in_range(state, p):
            state.push(Ask(state.seat_of(p.side), "search", p.id))


@choice_verb("search", "whether this aircraft searches for ground units (yes or no)", yes_no)
def _search(state: GsModel, ask: Ask, d: Decision) -> None:
    p = state.forces.planes[ask.subject]
    p.searching_ground = d.first == "yes"
    if p.searching_ground:
        state.emit("declare", what="searching for ground units", aircraft=p.id)


def open_sighting(state: GsModel) -> None:
    """Step 4: open (not camouflaged) ground units in a searcher's sighting range are sighted."""
    for p in state.planes():
        if not p.searching_ground:
            continue
        side = state.forces.sides[p.side]
        for g in _ground_in_range(state, p):
            if g.camouflaged or g.id in side.ground_sighted:
                continue
            if clear_los(state, p.hex, p.altitude, g.hex, 0):
                side.ground_sighted.add(g.id)
                state.emit("sighted", side=p.side, unit=g.id, by=p.id, how="openly")


def camouflaged_sighting(state: GsModel) -> None:
    """Step 5: camouflaged units within half the sighting range: Die Roll 5- (GS-19)."""
    for p in state.planes():
        if not p.searching_ground:
            continue
        for g in _ground_in_range(state, p):
            if g.camouflaged:
                state.push(Do("camo_try", (p.id, g.id)))


@on_do("camo_try")
def _camo_try(state: GsModel, args: tuple[str, ...]) -> None:
    p = state.forces.planes[args[0]]
    g = state.forces.ground[args[1]]
    if g.id in state.forces.sides[p.side].ground_sighted:
        return
    rng = sighting_range_between(p.hex, p.altitude, g.hex, 0)
    check = sighting_rules.camouflaged_sighting_check(rng, g.sighting_range)
    if check is None or not clear_los(state, p.hex, p.altitude, g.hex, 0):
        return
    state.push_front(
        CheckTask(check, "camo_sighted", (p.id, g.id), about(aircraft=p.id, unit=g.id))
    )


@on_roll("camo_sighted")
def _camo_sighted(state: GsModel, success: bool, roll: int, args: tuple[str, ...]) -> None:
    if success:
        p = state.forces.planes[args[0]]
        state.forces.sides[p.side].ground_sighted.add(args[1])
        state.emit("sighted", side=p.side, unit=args[1], by=p.id, how="camouflaged")


def ground_id(state: GsModel) -> None:
    """Step 6: each sighted, unidentified ground unit: Die Roll 10 - range, by the nearest
    searching aircraft of the side."""
    for side in state.forces.sides.values():
        searchers = [p for p in state.planes(side.name) if p.searching_ground]
        if not searchers:
            continue
        for uid in sorted(side.ground_sighted - side.ground_identified):
            unit = state.unit(uid)
            if unit is None or not unit.alive:
                continue
            best = min(
                searchers, key=lambda p: sighting_range_between(p.hex, p.altitude, unit.hex, 0)
            )
            rng = sighting_range_between(best.hex, best.altitude, unit.hex, 0)
            check = sighting_rules.ground_id_check(rng)
            if check is None:
                continue
            state.push(
                CheckTask(
                    check, "ground_identified", (side.name, uid), about(aircraft=best.id, unit=uid)
                )
            )


@on_roll("ground_identified")
def _ground_identified(state: GsModel, success: bool, roll: int, args: tuple[str, ...]) -> None:
    if success:
        state.forces.sides[args[0]].ground_identified.add(args[1])
        state.emit("identified", side=args[0], unit=args[1])


# -- steps 7-10: the air ---------------------------------------------------------------


def _visible_targets(state: GsModel, p: Plane) -> list[AirThing]:
    return [t for t in air_things(state, p.side) if can_see(state, p, t) is not None]


@dataclass
class _Sky:
    """The enemy aircraft and missiles each side may sight, by hex (issue 23): a step
    that asks of every aircraft whether it sees one looks only at those within the
    furthest it could see any (a sighting range is never less than the range in hexes,
    and the limit grows with the target's visibility), in the order of
    :func:`air_things`. Made for one step, while nothing moves."""

    state: GsModel
    sides: dict[str, tuple[HexIndex[AirThing], int]]

    def near(self, p: Plane) -> list[AirThing]:
        index_top = self.sides.get(p.side)
        if index_top is None:
            things = air_things(self.state, p.side)
            top = max((t.visibility for t in things), default=0)
            index_top = self.sides[p.side] = (HexIndex(((t.hex, t) for t in things), 8), top)
        index, top = index_top
        return index.near(p.hex, visual_limit(p, top))


def designate_searchers(state: GsModel) -> None:
    """Step 7: each aircraft with enemy air targets in sight range may be a designated
    search aircraft (GS-32)."""
    sky = _Sky(state, {})
    for p in state.planes():
        if any(can_see(state, p, t) is not None for t in sky.near(p)):
            state.push(Ask(state.seat_of(p.side), "searcher", p.id))


@choice_verb("searcher", "whether this aircraft is a designated search aircraft for air "
             "targets (GS-32)", yes_no)  # fmt: skip
def _searcher(state: GsModel, ask: Ask, d: Decision) -> None:
    p = state.forces.planes[ask.subject]
    p.designated_searcher = d.first == "yes"
    if p.designated_searcher:
        state.emit("declare", what="designated search aircraft", aircraft=p.id)


def padlock_candidates(state: GsModel, p: Plane) -> list[str]:
    seen = state.forces.sides[p.side].sighted
    return [t.id for t in _visible_targets(state, p) if t.id in seen]


def announce_padlocks(state: GsModel) -> None:
    """Step 8: aircraft announce their padlocked targets (GS-9)."""
    sky = _Sky(state, {})
    for p in state.planes():
        if not sighting_rules.padlock_limit(_crew(p)).number:
            continue
        seen = state.forces.sides[p.side].sighted
        if any(t.id in seen and can_see(state, p, t) is not None for t in sky.near(p)):
            state.push(Ask(state.seat_of(p.side), "padlock", p.id))


def _crew(p: Plane) -> list[Crewman]:
    return p.crew


def padlock_choices(state: GsModel, ask: Ask) -> list[Decision]:
    p = state.forces.planes[ask.subject]
    limit = sighting_rules.padlock_limit(_crew(p)).number
    cands = padlock_candidates(state, p)
    out = []
    for k in range(min(limit, len(cands)) + 1):
        out += [Decision("padlock", p.id, (listed(list(c)),)) for c in combinations(cands, k)]
    return out


def _padlock_check(state: GsModel, ask: Ask, d: Decision) -> None:
    p = state.forces.planes[ask.subject]
    chosen = d.items()
    limit = sighting_rules.padlock_limit(_crew(p))
    need(
        len(chosen) <= limit.number,
        f"{p.label} may padlock {limit.number} target(s), not {len(chosen)}: "
        f"{'; '.join(limit.reasons)} (GS-9)",
    )
    need(len(set(chosen)) == len(chosen), "a target is padlocked once")
    seen = state.forces.sides[p.side].sighted
    things = {t.id: t for t in air_things(state, p.side)}
    for tid in chosen:
        t = things.get(tid)
        need(t is not None, f"{tid} is not an enemy aircraft or missile in flight")
        assert t is not None
        need(tid in seen, f"{tid} is not sighted by {p.side}: only sighted targets are padlocked")
        blind = sighting_rules.may_padlock_into(
            arc_of(p.hex, p.heading, t.hex), p.blind_arcs, same_hex_in_arcs(state)
        )
        need(bool(blind), f"{p.label} may not padlock {tid}: {blind.reason} ({blind.rule})")
        rng = sighting_range_between(p.hex, p.altitude, t.hex, t.altitude)
        limit_range = visual_limit(p, t.visibility)
        need(
            rng <= limit_range,
            f"{tid} is {rng} hexes from {p.label}, beyond its sighting range {limit_range} (GS-10)",
        )
        need(
            clear_los(state, p.hex, p.altitude, t.hex, t.altitude),
            f"terrain blocks {p.label}'s line of sight to {tid} (GS-16)",
        )


@verb("padlock", "the enemy targets this aircraft padlocks (comma-separated, or none; GS-9)",
      padlock_choices, _padlock_check)  # fmt: skip
def _padlock(state: GsModel, ask: Ask, d: Decision) -> None:
    p = state.forces.planes[ask.subject]
    p.padlocks = tuple(d.items())
    state.emit("declare", what="padlocks", aircraft=p.id, targets=list(p.padlocks))


def resight(state: GsModel) -> None:
    """Step 9: targets not padlocked become unsighted; each is rolled for once (GS-32)."""
    for side in state.forces.sides.values():
        padlocked = {t for p in state.planes(side.name) for t in p.padlocks}
        lost = sorted(side.sighted - padlocked)
        side.sighted = set(padlocked)
        if lost:
            state.emit("unsighted", side=side.name, targets=lost)
        searchers = [p for p in state.planes(side.name) if p.designated_searcher]
        for t in air_things(state, side.name):
            if t.id in padlocked:
                continue
            best: tuple[int, Plane] | None = None
            for p in searchers:
                rng = can_see(state, p, t)
                if rng is not None and (best is None or rng < best[0]):
                    best = (rng, p)
            if best is None:
                continue
            check = sighting_rules.resighting_check(best[0], t.visibility, best[1].vas)
            if check is not None:
                state.push(
                    CheckTask(
                        check,
                        "resighted",
                        (side.name, t.id),
                        about(aircraft=best[1].id, against=t.id),
                    )
                )


@on_roll("resighted")
def _resighted(state: GsModel, success: bool, roll: int, args: tuple[str, ...]) -> None:
    if success:
        state.forces.sides[args[0]].sighted.add(args[1])
        state.emit("sighted", side=args[0], target=args[1], how="anew")


def target_id(state: GsModel) -> None:
    """Step 10: target ID is automatic within 2 x visibility (4 x with VAS) with a line of
    sight (GS-44), or with a radar lock-on and target-ID technology (GS-10)."""
    for side in state.forces.sides.values():
        planes = state.planes(side.name)
        things = {t.id: t for t in air_things(state, side.name)}
        for tid in sorted(side.sighted - side.identified):
            t = things.get(tid)
            if t is None:
                continue
            for p in planes:
                rng = sighting_range_between(p.hex, p.altitude, t.hex, t.altitude)
                locked = p.radar is not None and tid in p.radar.locks
                ok = sighting_rules.target_id_automatic(
                    rng, t.visibility, vas=p.vas, radar_lock_on=locked,
                    target_id_technology=p.target_id,
                    line_of_sight=clear_los(state, p.hex, p.altitude, t.hex, t.altitude),
                )  # fmt: skip
                if ok:
                    side.identified.add(tid)
                    state.emit("identified", side=side.name, target=tid, by=p.id, how=ok.reason)
                    break
