"""Air To Air Missile Launch Phase: prerequisites, one or two launch attempts, one retry
(GS-21, GS-37)."""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

from airwar.games.gunslingers.model.actions import Decision, listed
from airwar.games.gunslingers.model.hexgrid import in_arcs
from airwar.games.gunslingers.model.tasks import Ask, CheckTask, Do, about
from airwar.games.gunslingers.model.units import Plane, Weapon
from airwar.games.gunslingers.phases.common import choice_verb, need, same_hex_in_arcs
from airwar.games.gunslingers.phases.registry import on_do, on_roll, verb
from airwar.games.gunslingers.rules import air as air_rules
from airwar.games.gunslingers.rules.base import Ruling
from airwar.games.gunslingers.tables import number

if TYPE_CHECKING:
    from airwar.games.gunslingers.model.state import GsModel


def launch_refusal(state: GsModel, p: Plane, mtype: str, target: str) -> Ruling | None:
    """The one launch prerequisite of ``mtype`` at ``target`` that fails, or None (GS-37,
    GS-48)."""
    m = p.missiles.get(mtype)
    if m is None:
        carried = ", ".join(k for k, v in p.missiles.items() if v.count) or "none"
        return Ruling(False, f"{p.label} carries no {mtype} (it has: {carried})", "GS-37")
    e = state.forces.planes.get(target)
    if e is None or not e.alive or e.side == p.side:
        return Ruling(False, f"{target} is not an enemy aircraft in play", "GS-37")
    locks = p.radar.locks if p.radar is not None and p.radar_on else set()
    ok = air_rules.launch_prerequisite(
        carried=m.count,
        range_=p.hex.distance(e.hex),
        min_range=m.min_range,
        max_range=m.max_range,
        in_launch_arcs=in_arcs(p.hex, p.heading, e.hex, m.arcs, same_hex_in_arcs(state)),
        guidance=m.guidance,
        sighted=e.id in state.forces.sides[p.side].sighted,
        radar_lock_on=e.id in locks,
        statuses=p.status,
    )
    return None if ok else ok


def launch_options(state: GsModel, p: Plane) -> list[str]:
    """``TYPE:TARGET`` pairs whose prerequisites are met (GS-37, GS-48): not departed,
    stalled or GLOC'd, missiles left, the target within the missile's range band and
    launch arcs, sighted by the side for IR, held by the aircraft's radar lock-on for RH
    and AH."""
    if not air_rules.launch_prerequisite(
        carried=1, range_=0, min_range=0, max_range=0, in_launch_arcs=True, guidance="IR",
        sighted=True, radar_lock_on=True, statuses=p.status,
    ):  # fmt: skip
        return []
    seen = state.forces.sides[p.side].sighted
    locks = p.radar.locks if p.radar is not None and p.radar_on else set()
    same = same_hex_in_arcs(state)
    out = []
    for m in p.missiles.values():
        if m.count <= 0:
            continue
        for e in state.enemies_of(p.side):
            if not m.min_range <= p.hex.distance(e.hex) <= m.max_range:
                continue
            if not ((e.id in seen) if m.guidance == "IR" else (e.id in locks)):
                continue
            if in_arcs(p.hex, p.heading, e.hex, m.arcs, same):
                out.append(f"{m.type}:{e.id}")
    return out


def prerequisites(state: GsModel) -> None:
    """Step 1: which aircraft may launch at which targets."""
    for p in state.planes():
        opts = launch_options(state, p)
        if opts:
            state.this_turn.launch_options[p.id] = opts
            state.emit("launch_prerequisites", aircraft=p.id, options=opts, rule="GS-37")


def declare_launches(state: GsModel) -> None:
    """Step 2: each aircraft able to launch declares one or two attempts, rolled at once."""
    for pid in state.this_turn.launch_options:
        p = state.forces.planes[pid]
        state.push(Ask(state.seat_of(p.side), "launch", pid))


def _max_declared() -> int:
    return number("air", "launches_declared_max")


def launch_choices(state: GsModel, ask: Ask) -> list[Decision]:
    opts = state.this_turn.launch_options.get(ask.subject, [])
    out = [Decision("launch", ask.subject, ("none",))]
    for k in range(1, _max_declared() + 1):
        for combo in combinations(opts, k):
            d = Decision("launch", ask.subject, (listed(list(combo)),))
            if _stock_ok(state, ask.subject, list(combo)):
                out.append(d)
    return out


def _stock_ok(state: GsModel, pid: str, items: list[str]) -> bool:
    p = state.forces.planes[pid]
    for mtype in {i.split(":")[0] for i in items}:
        wanted = sum(1 for i in items if i.split(":")[0] == mtype)
        if mtype not in p.missiles or p.missiles[mtype].count < wanted:
            return False
    return True


def _launch_check(state: GsModel, ask: Ask, d: Decision) -> None:
    p = state.forces.planes[ask.subject]
    items = d.items()
    most = _max_declared()
    need(
        len(items) <= most,
        f"{p.label} may declare one or two launches a turn, not {len(items)} "
        "(Air To Air Missile Launch Phase 2)",
    )
    opts = state.this_turn.launch_options.get(p.id, [])
    for item in items:
        if item in opts:
            continue
        need(item.count(":") == 1, f"write TYPE:TARGET, not {item!r}")
        mtype, target = item.split(":")
        why = launch_refusal(state, p, mtype, target)
        if why is None:
            why = Ruling(False, "it was not possible at step 1", "GS-37")
        need(False, f"{item} does not meet the launch prerequisites: {why.reason} ({why.rule})")
    need(_stock_ok(state, p.id, items), f"{p.label} does not carry that many of those missiles")


@verb("launch", "one or two launch attempts TYPE:TARGET (comma-separated), or none",
      launch_choices, _launch_check)  # fmt: skip
def _launch(state: GsModel, ask: Ask, d: Decision) -> None:
    p = state.forces.planes[ask.subject]
    items = d.items()
    state.this_turn.launch_declared[p.id] = items
    state.this_turn.launch_results[p.id] = []
    tasks: list[CheckTask | Do] = []
    for item in items:
        mtype, target = item.split(":")
        check = air_rules.missile_launch_check(p.missiles[mtype].launch)
        tasks.append(
            CheckTask(
                check, "aam_launched", (p.id, mtype, target), about(aircraft=p.id, against=target)
            )
        )
    state.push_front(*tasks)


@on_roll("aam_launched")
def _aam_launched(state: GsModel, success: bool, roll: int, args: tuple[str, ...]) -> None:
    pid, mtype, target = args
    state.this_turn.launch_results.setdefault(pid, []).append(success)
    if not success:
        state.emit("launch_failed", by=pid, missile=mtype, target=target)
        return
    p = state.forces.planes[pid]
    m = p.missiles[mtype]
    m.count -= 1
    wid = state.new_id("W")
    state.weapons[wid] = Weapon(
        wid,
        mtype,
        "aam",
        m.guidance,
        p.id,
        p.side,
        target,
        p.hex,
        p.altitude,
        m.time_of_flight,
        True,
    )
    state.emit("launch", weapon=wid, missile=mtype, by=pid, target=target, kind="aam")


def retries(state: GsModel) -> None:
    """Step 3: if every declared attempt failed, one additional try (GS-21)."""
    for pid, results in state.this_turn.launch_results.items():
        ok = air_rules.may_retry_launch(results, state.this_turn.retries_used.get(pid, 0))
        if ok and state.forces.planes[pid].alive:
            p = state.forces.planes[pid]
            state.push(Ask(state.seat_of(p.side), "retry", pid))


def _retry_options(state: GsModel, ask: Ask) -> list[tuple[str, ...]]:
    declared = state.this_turn.launch_declared.get(ask.subject, [])
    return [("none",), *((i,) for i in dict.fromkeys(declared))]


@choice_verb("retry", "the one additional launch try (one declared TYPE:TARGET), or none "
             "(GS-21)", _retry_options)  # fmt: skip
def _retry(state: GsModel, ask: Ask, d: Decision) -> None:
    if d.first == "none":
        return
    p = state.forces.planes[ask.subject]
    state.this_turn.retries_used[p.id] = state.this_turn.retries_used.get(p.id, 0) + 1
    mtype, target = d.first.split(":")
    check = air_rules.missile_launch_check(p.missiles[mtype].launch, retry=True)
    state.push_front(
        CheckTask(
            check, "aam_launched", (p.id, mtype, target), about(aircraft=p.id, against=target)
        ),
        Do("retry_done", (p.id,)),
    )


@on_do("retry_done")
def _retry_done(state: GsModel, args: tuple[str, ...]) -> None:
    state.note(f"{args[0]} has used its additional launch try (GS-21)", aircraft=args[0])
