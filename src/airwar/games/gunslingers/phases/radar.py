"""Air Radar Search and Lock-on Phase: detection, lock-ons and break-lock (GS-13, GS-34)."""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

from airwar.games.gunslingers.model.actions import Decision, listed
from airwar.games.gunslingers.model.hexgrid import in_arcs
from airwar.games.gunslingers.model.tasks import Ask, CheckTask, Do, about
from airwar.games.gunslingers.model.units import Plane
from airwar.games.gunslingers.phases.common import clear_los, need, radar_line_of_sight
from airwar.games.gunslingers.phases.registry import on_do, on_roll, verb
from airwar.games.gunslingers.rules import air as air_rules

if TYPE_CHECKING:
    from airwar.games.gunslingers.model.state import GsModel


def covers(state: GsModel, p: Plane, t: Plane) -> bool:
    """Whether ``t`` is within the range and arcs of ``p``'s radar, with a line of sight
    unless the option lets radar through terrain (GS-34, GS-45)."""
    assert p.radar is not None
    return (
        t.alive
        and p.hex.distance(t.hex) <= p.radar.range
        and in_arcs(p.hex, p.heading, t.hex, p.radar.arcs)
        and (
            not radar_line_of_sight(state) or clear_los(state, p.hex, p.altitude, t.hex, t.altitude)
        )
    )


def may_search(p: Plane) -> bool:
    """A regular radar holding a lock has lost its other targets and a limited TWS radar
    holding one may not search for more; TWS and MTT radars may (GS-13, GS-34)."""
    assert p.radar is not None
    return not (p.radar.locks and p.radar.kind in ("regular", "limited_tws"))


def _radars(state: GsModel) -> list[Plane]:
    return [p for p in state.planes() if p.radar_on]


def auto_detect(state: GsModel) -> None:
    """Step 1: contacts out of coverage are lost; targets close in are detected (GS-34)."""
    for p in _radars(state):
        r = p.radar
        assert r is not None
        for tid in sorted(r.contacts):
            t = state.forces.planes.get(tid)
            if t is None or not covers(state, p, t):
                r.contacts.discard(tid)
                r.locks.discard(tid)
                state.emit("contact_lost", aircraft=p.id, target=tid)
        if not may_search(p):
            continue
        for t in state.enemies_of(p.side):
            if (
                t.id not in r.contacts
                and covers(state, p, t)
                and p.hex.distance(t.hex) <= r.auto_range
            ):
                r.contacts.add(t.id)
                state.emit("contact", aircraft=p.id, target=t.id, how="automatic", rule="GS-34")


def needing_rolls(state: GsModel) -> None:
    """Step 2: targets in radar coverage but not yet contacts need detection rolls."""
    for p in _radars(state):
        r = p.radar
        assert r is not None
        if not may_search(p):
            continue
        cands = [
            t.id for t in state.enemies_of(p.side) if t.id not in r.contacts and covers(state, p, t)
        ]
        if cands:
            state.this_turn.radar_candidates[p.id] = cands
            state.emit("radar_candidates", aircraft=p.id, targets=cands)


def detection_rolls(state: GsModel) -> None:
    """Step 3: each aircraft chooses up to 4 targets to roll for (GS-13)."""
    for pid in state.this_turn.radar_candidates:
        p = state.forces.planes[pid]
        state.push(Ask(state.seat_of(p.side), "radar", pid))


def radar_choices(state: GsModel, ask: Ask) -> list[Decision]:
    cands = state.this_turn.radar_candidates.get(ask.subject, [])
    most = air_rules.detection_rolls_per_turn()
    out = []
    for k in range(min(most, len(cands)) + 1):
        out += [Decision("radar", ask.subject, (listed(list(c)),)) for c in combinations(cands, k)]
    return out


def _radar_check(state: GsModel, ask: Ask, d: Decision) -> None:
    p = state.forces.planes[ask.subject]
    items = d.items()
    most = air_rules.detection_rolls_per_turn()
    need(
        len(items) + p.detection_rolls <= most,
        f"{p.label} may make {most} radar detection rolls a turn, not {len(items)} (GS-13)",
    )
    need(len(set(items)) == len(items), "one roll per target")
    cands = state.this_turn.radar_candidates.get(p.id, [])
    for t in items:
        need(t in cands, f"{t} is not an undetected enemy within {p.label}'s radar range and arcs")


@verb("radar", "targets to roll radar detection for (comma-separated, at most 4; GS-13)",
      radar_choices, _radar_check)  # fmt: skip
def _radar(state: GsModel, ask: Ask, d: Decision) -> None:
    p = state.forces.planes[ask.subject]
    assert p.radar is not None
    tasks = []
    for t in d.items():
        p.detection_rolls += 1
        check = air_rules.radar_detection_check(p.radar.detection)
        tasks.append(CheckTask(check, "detected", (p.id, t), about(aircraft=p.id, against=t)))
    state.push_front(*tasks)


@on_roll("detected")
def _detected(state: GsModel, success: bool, roll: int, args: tuple[str, ...]) -> None:
    if success:
        radar = state.forces.planes[args[0]].radar
        assert radar is not None
        radar.contacts.add(args[1])
        state.emit("contact", aircraft=args[0], target=args[1], how="rolled")


def lock_allowance(p: Plane) -> int:
    """Lock-on attempts left this turn: one for a regular, TWS or limited TWS radar that
    holds no lock-on, up to its capability for a multi-target track radar (GS-13, GS-46)."""
    assert p.radar is not None
    attempts = air_rules.lock_on_attempts_per_turn(p.radar.kind, p.radar.capacity)
    hold = air_rules.locks_held_at_most(p.radar.kind, p.radar.capacity)
    return max(0, min(attempts - p.lock_attempts, hold - len(p.radar.locks)))


def _lock_candidates(state: GsModel, p: Plane) -> list[str]:
    assert p.radar is not None
    return sorted(t for t in p.radar.contacts - p.radar.locks if state.forces.planes[t].alive)


def lockon_rolls(state: GsModel) -> None:
    """Step 4: lock-on attempts: its capability for an MTT radar, one for any other (GS-13,
    GS-46)."""
    for p in _radars(state):
        if lock_allowance(p) > 0 and _lock_candidates(state, p):
            state.push(Ask(state.seat_of(p.side), "lock", p.id))


def lock_choices(state: GsModel, ask: Ask) -> list[Decision]:
    p = state.forces.planes[ask.subject]
    cands = _lock_candidates(state, p)
    out = []
    for k in range(min(lock_allowance(p), len(cands)) + 1):
        out += [Decision("lock", p.id, (listed(list(c)),)) for c in combinations(cands, k)]
    return out


def _lock_check(state: GsModel, ask: Ask, d: Decision) -> None:
    p = state.forces.planes[ask.subject]
    assert p.radar is not None
    items = d.items()
    allowed = lock_allowance(p)
    kind = {"regular": "a regular", "mtt": "a multi-target track", "tws": "a TWS",
            "limited_tws": "a limited TWS"}[p.radar.kind]  # fmt: skip
    need(
        len(items) <= allowed,
        f"{p.label} has {kind} radar: {allowed} lock-on attempt(s) this turn, not {len(items)} "
        "(GS-13)",
    )
    need(len(set(items)) == len(items), "one attempt per target")
    for t in items:
        need(
            t in _lock_candidates(state, p),
            f"{t} is not a radar contact of {p.label} without a lock-on (detect it first)",
        )


@verb("lock", "radar contacts to attempt lock-ons on (comma-separated; GS-13)", lock_choices,
      _lock_check)  # fmt: skip
def _lock(state: GsModel, ask: Ask, d: Decision) -> None:
    p = state.forces.planes[ask.subject]
    assert p.radar is not None
    tasks = []
    for t in d.items():
        p.lock_attempts += 1
        check = air_rules.radar_lock_on_check(p.radar.lock_on)
        tasks.append(CheckTask(check, "radar_locked", (p.id, t), about(aircraft=p.id, against=t)))
    state.push_front(*tasks)


@on_roll("radar_locked")
def _radar_locked(state: GsModel, success: bool, roll: int, args: tuple[str, ...]) -> None:
    if not success:
        return
    p = state.forces.planes[args[0]]
    r = p.radar
    assert r is not None
    r.locks.add(args[1])
    state.emit("radar_lock", aircraft=p.id, target=args[1])
    if r.kind == "regular":
        lost = sorted(r.contacts - {args[1]})
        r.contacts = {args[1]}
        if lost:
            state.emit("contacts_dropped", aircraft=p.id, targets=lost, rule="GS-13")


def _break(state: GsModel, kinds: tuple[str, ...]) -> None:
    for p in _radars(state):
        r = p.radar
        assert r is not None
        for tid in sorted(r.locks):
            for kind in kinds:
                state.push(Do("radar_break_try", (p.id, tid, kind)))


@on_do("radar_break_try")
def _radar_break_try(state: GsModel, args: tuple[str, ...]) -> None:
    """One roll of the Air Radar Break-Lock Table, if the lock-on is still held (GS-3)."""
    pid, tid, kind = args
    p = state.forces.planes[pid]
    r = p.radar
    if r is None or tid not in r.locks:
        return
    t = state.forces.planes[tid]
    for row in air_rules.air_radar_break_lock_rows():
        if row.countermeasure.value != kind:
            continue
        used = (
            t.djm_number
            if kind == "djm"
            else t.ppl("mini_jammers" if kind == "mini_jammer" else "chaff")
        )
        name = f"{t.label} breaks {p.label}'s radar lock-on with {row.countermeasure.label}"
        check = row.check(used, r.eccm, name)
        if check is not None:
            state.push_front(
                CheckTask(check, "radar_lock_broken", (pid, tid), about(aircraft=pid, against=tid))
            )


@on_roll("radar_lock_broken")
def _radar_lock_broken(state: GsModel, success: bool, roll: int, args: tuple[str, ...]) -> None:
    radar = state.forces.planes[args[0]].radar
    assert radar is not None
    if success and args[1] in radar.locks:
        radar.locks.discard(args[1])
        state.emit("lock_broken", aircraft=args[0], target=args[1], rule="GS-3")


def break_with_djm(state: GsModel) -> None:
    """Step 5: the target's DJM against each air radar lock-on."""
    _break(state, ("djm",))


def break_with_chaff(state: GsModel) -> None:
    """Step 6: the target's chaff, then mini-jammers, against each lock-on still held."""
    _break(state, ("chaff", "mini_jammer"))
