"""SAM Interaction Phase: radars on and off, jamming, lock-ons, launches, passdowns,
break-lock rolls and self-defence ARMs (steps 1-13, GS-2, GS-3, GS-5, GS-7, GS-24..28)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from airwar.core.checks import Check
from airwar.games.gunslingers.model.actions import Decision
from airwar.games.gunslingers.model.fields import house
from airwar.games.gunslingers.model.hexgrid import in_sun_clutter_arc
from airwar.games.gunslingers.model.tasks import Ask, CheckTask, Do, about
from airwar.games.gunslingers.model.units import Plane, SamSite, WarningRadar, Weapon
from airwar.games.gunslingers.phases import outcomes
from airwar.games.gunslingers.phases.common import (
    choice_verb,
    clear_los,
    held_by_suppression,
    need,
    radar_line_of_sight,
    radar_units,
    same_hex_in_arcs,
    suppressed,
    yes_no,
)
from airwar.games.gunslingers.phases.jamming import noise_bjm, target_noise_bjm
from airwar.games.gunslingers.phases.registry import on_do, on_roll, verb
from airwar.games.gunslingers.rules import sam as sam_rules

if TYPE_CHECKING:
    from airwar.games.gunslingers.model.state import GsModel

# -- steps 1 and 2: radars on and off (GS-24) ----------------------------------------


def reactivate_radars(state: GsModel) -> None:
    """Step 1: shut-down radars may attempt to reactivate (Die Roll 6-)."""
    for r in radar_units(state):
        if r.radar == "shutdown":
            state.push(Ask(state.seat_of(r.side), "reactivate", r.id))


@choice_verb("reactivate", "whether this shut-down radar attempts to reactivate (6-, GS-24)",
             yes_no)  # fmt: skip
def _reactivate(state: GsModel, ask: Ask, d: Decision) -> None:
    if d.first == "yes":
        check = sam_rules.radar_reactivation_check()
        state.push_front(CheckTask(check, "reactivated", (ask.subject,), about(unit=ask.subject)))


@on_roll("reactivated")
def _reactivated(state: GsModel, success: bool, roll: int, args: tuple[str, ...]) -> None:
    if success:
        state.unit(args[0]).radar = "alerted"
        state.emit("radar", unit=args[0], state="alerted", rule="GS-24")


def shutdown_radars(state: GsModel) -> None:
    """Step 2: alerted radars may attempt to shut down (Die Roll 6-)."""
    for r in radar_units(state):
        if r.radar == "alerted":
            state.push(Ask(state.seat_of(r.side), "shutdown", r.id))


@choice_verb("shutdown", "whether this alerted radar attempts to shut down (6-, GS-24)", yes_no)
def _shutdown(state: GsModel, ask: Ask, d: Decision) -> None:
    if d.first == "yes":
        check = sam_rules.radar_shutdown_check()
        state.push_front(CheckTask(check, "shut_down", (ask.subject,), about(unit=ask.subject)))


@on_roll("shut_down")
def _shut_down(state: GsModel, success: bool, roll: int, args: tuple[str, ...]) -> None:
    if success:
        unit = state.unit(args[0])
        unit.radar = "shutdown"
        if isinstance(unit, SamSite):
            unit.lock = None
        state.emit("radar", unit=args[0], state="shutdown", rule="GS-24")


# -- steps 5 and 8: lock-ons (GS-28) --------------------------------------------------


def ccu_inoperative(state: GsModel, s: SamSite) -> bool:
    """A required CCU is inoperative: destroyed, not operative, jammed or not emitting."""
    if s.ccu is None:
        return False
    c = state.forces.radars.get(s.ccu)
    return c is None or not (c.alive and c.operative and c.emitting and not c.jammed)


def can_lock(state: GsModel, s: SamSite) -> bool:
    if not s.alive or suppressed(state, s.id):
        return False
    if s.optical:
        return True
    return s.emitting and not s.jammed


def in_envelope(s: SamSite, p: Plane) -> bool:
    return p.alive and s.hex.distance(p.hex) <= s.range and p.altitude <= s.max_altitude


def sam_sees(state: GsModel, s: SamSite, p: Plane) -> bool:
    """An optical, laser or IR SAM unit needs a line of sight from its hex (at ground
    level) to the aircraft (GS-44); a radar SAM unit too, unless the option lets radar
    through terrain (GS-45)."""
    if not (s.optical or radar_line_of_sight(state)):
        return True
    return clear_los(state, s.hex, 0, p.hex, p.altitude)


def lock_targets(state: GsModel, s: SamSite) -> list[str]:
    return [p.id for p in state.enemies_of(s.side) if in_envelope(s, p) and sam_sees(state, s, p)]


def lock_check(state: GsModel, s: SamSite, p: Plane) -> Check:
    """The lock-on check of a SAM unit against an aircraft, modifiers from their state."""
    if s.optical:
        return sam_rules.optical_sam_lock_on_check(
            s.lock_on,
            quick_reaction=s.quick_reaction,
            in_sun_clutter_arc=in_sun_clutter_arc(
                p.hex, p.heading, s.hex, state.forces.sun, same_hex_in_arcs(state)
            ),
            ccu_inoperative=ccu_inoperative(state, s),
        )
    return sam_rules.radar_sam_lock_on_check(
        s.lock_on,
        s.eccm,
        quick_reaction=s.quick_reaction,
        iff_on=p.iff_on,
        passdown_received=state.passdowns.get(s.id) == p.id,
        ajm=p.ajm_number,
        chaff_ppl=p.ppl("chaff"),
        noise_bjm=noise_bjm(state, s.side, s.hex),
        ccu_inoperative=ccu_inoperative(state, s),
    )


def _keep_locks(state: GsModel) -> None:
    for s in state.forces.sams.values():
        if s.lock is None:
            continue
        if s.alive and suppressed(state, s.id):
            state.emit("lock_lost", unit=s.id, target=s.lock, rule="GS-38")
            s.lock = None
            continue
        p = state.forces.planes.get(s.lock)
        if p is None or not in_envelope(s, p) or not s.alive or not (s.optical or s.emitting):
            state.emit("lock_lost", unit=s.id, target=s.lock, rule="GS-28")
            s.lock = None
        elif not sam_sees(state, s, p):
            state.emit("lock_lost", unit=s.id, target=s.lock, rule="GS-44", why="line of sight")
            s.lock = None


def _ask_lockons(state: GsModel, quick: bool) -> None:
    _keep_locks(state)
    for s in state.forces.sams.values():
        if s.quick_reaction != quick or s.lock is not None or not s.alive:
            continue
        if held_by_suppression(state, s.id, "lock on"):
            continue
        if can_lock(state, s) and lock_targets(state, s):
            state.push(Ask(state.seat_of(s.side), "lockon", s.id))


def quick_reaction_lockons(state: GsModel) -> None:
    """Step 5: quick-reaction SAM units (and infantry SAMs) attempt lock-ons."""
    _ask_lockons(state, True)


def regular_lockons(state: GsModel) -> None:
    """Step 8: regular SAM units attempt lock-ons (they launch next turn, GS-7)."""
    _ask_lockons(state, False)


def _lockon_options(state: GsModel, ask: Ask) -> list[tuple[str, ...]]:
    s = state.forces.sams[ask.subject]
    return [("none",), *((t,) for t in lock_targets(state, s))]


@choice_verb("lockon", "an enemy aircraft in range for this SAM unit to lock on to, or none "
             "(GS-28)", _lockon_options)  # fmt: skip
def _lockon(state: GsModel, ask: Ask, d: Decision) -> None:
    if d.first == "none":
        return
    s = state.forces.sams[ask.subject]
    p = state.forces.planes[d.first]
    check = lock_check(state, s, p)
    state.push_front(CheckTask(check, "locked", (s.id, p.id), about(unit=s.id, against=p.id)))


@on_roll("locked")
def _locked(state: GsModel, success: bool, roll: int, args: tuple[str, ...]) -> None:
    if success:
        state.forces.sams[args[0]].lock = args[1]
        state.emit("lock_on", unit=args[0], target=args[1])


# -- step 6: launches ----------------------------------------------------------------


def sam_launches(state: GsModel) -> None:
    """Step 6: units holding a lock-on with a loaded rail may attempt a launch (GS-28). A
    radar SAM unit whose radar a stand-off jammer beat at step 4 does not launch this
    turn: the jamming comes first in the sequence; the lock-on it holds is kept (GS-79)."""
    for s in state.forces.sams.values():
        ready = s.alive and s.lock is not None and s.rails > 0
        if not ready or held_by_suppression(state, s.id, "launch"):
            continue
        if not s.optical and s.jammed:
            state.note(
                f"{s.label}'s radar is jammed this turn: it does not launch at its lock-on "
                "(SAM Interaction 4 before 6, GS-79)",
                unit=s.id,
                rule="GS-79",
            )
            continue
        state.push(Ask(state.seat_of(s.side), "samlaunch", s.id))


@choice_verb("samlaunch", "whether this SAM unit attempts to launch at its lock-on (GS-28)",
             yes_no)  # fmt: skip
def _samlaunch(state: GsModel, ask: Ask, d: Decision) -> None:
    if d.first == "yes":
        s = state.forces.sams[ask.subject]
        check = sam_rules.sam_launch_check(s.launch)
        state.push_front(
            CheckTask(check, "sam_launched", (s.id,), about(unit=s.id, against=s.lock))
        )


@on_roll("sam_launched")
def _sam_launched(state: GsModel, success: bool, roll: int, args: tuple[str, ...]) -> None:
    s = state.forces.sams[args[0]]
    if not success:
        state.emit("launch_failed", unit=s.id, target=s.lock)
        return
    s.rails -= 1
    s.expended += 1
    s.guided = True
    wid = state.new_id("W")
    state.weapons[wid] = Weapon(
        wid, f"{s.guidance} SAM", "sam", s.guidance, s.id, s.side, s.lock or "", s.hex, 0,
        house("aircraft", "missile_time_of_flight"),
    )  # fmt: skip
    state.emit("launch", weapon=wid, by=s.id, target=s.lock, kind="sam")


# -- step 7: passdowns (GS-27) --------------------------------------------------------


def passdowns(state: GsModel) -> None:
    """Step 7: EWRs and CCUs attempt passdowns to their side's SAM units (Die Roll 7-)."""
    state.passdowns.clear()
    state.passdown_tries.clear()
    for r in state.forces.radars.values():
        working = r.alive and r.emitting and not r.jammed and r.operative
        working = working and not held_by_suppression(state, r.id, "pass down")
        if working and _passdown_pairs(state, r):
            state.push(Ask(state.seat_of(r.side), "passdown", r.id))


def passdown_receiver(state: GsModel, s: SamSite) -> bool:
    """Whether a SAM unit can use a passdown (GS-27, GS-49): a regular radar SAM unit
    (the -3 is a Radar SAM Lock-on Modifier and passdowns come before the regular
    lock-ons, step 8) that holds no lock-on, is not jammed or suppressed, and has not
    had its attempt this turn. Optical, laser, IR, infantry and quick-reaction units
    (which locked on at step 5) take none."""
    return (
        s.alive
        and not s.optical
        and not s.infantry
        and not s.quick_reaction
        and not s.jammed
        and s.lock is None
        and s.id not in state.passdown_tries
        and not suppressed(state, s.id)
    )


def _passdown_pairs(state: GsModel, r: WarningRadar) -> list[str]:
    sams = [
        s for s in state.forces.sams.values() if s.side == r.side and passdown_receiver(state, s)
    ]
    targets = [
        p
        for p in state.enemies_of(r.side)
        if r.hex.distance(p.hex) <= r.range
        and (not radar_line_of_sight(state) or clear_los(state, r.hex, 0, p.hex, p.altitude))
    ]
    return [f"{s.id}:{p.id}" for s in sams for p in targets if in_envelope(s, p)]


def passdown_choices(state: GsModel, ask: Ask) -> list[Decision]:
    r = state.forces.radars[ask.subject]
    return [Decision("passdown", r.id, ("done",))] + [
        Decision("passdown", r.id, (pair,)) for pair in _passdown_pairs(state, r)
    ]


def _passdown_check(state: GsModel, ask: Ask, d: Decision) -> None:
    r = state.forces.radars[ask.subject]
    if d.args == ("done",):
        return
    need(len(d.args) == 1 and ":" in d.first, f"write 'passdown {r.id} SAM:TARGET' or done")
    sam, target = d.first.split(":", 1)
    need(sam not in state.passdown_tries, f"{sam} has had its passdown attempt this turn (GS-27)")
    need(
        d.first in _passdown_pairs(state, r),
        f"{r.label} cannot pass {target} down to {sam}: the SAM unit must be a regular radar "
        "SAM unit of its side, not jammed, with no lock-on (GS-49), and the target within "
        f"{r.label}'s range {r.range} and the SAM's envelope (GS-27)",
    )


@verb("passdown", "a target to pass down to a SAM unit (SAM:TARGET), or done (GS-27)",
      passdown_choices, _passdown_check)  # fmt: skip
def _passdown(state: GsModel, ask: Ask, d: Decision) -> None:
    if d.args == ("done",):
        return
    r = state.forces.radars[ask.subject]
    sam, target = d.first.split(":", 1)
    state.passdown_tries.add(sam)
    p = state.forces.planes[target]
    check = sam_rules.passdown_check(
        r.eccm,
        iff_on=p.iff_on,
        ajm=p.ajm_number,
        chaff_ppl=p.ppl("chaff"),
        noise_bjm=target_noise_bjm(state, p, r.side, r.hex),
    )
    state.push_front(
        CheckTask(check, "passed_down", (sam, target), about(unit=r.id, sam=sam, against=target)),
        Do("passdown_again", (r.id,)),
    )


@on_do("passdown_again")
def _passdown_again(state: GsModel, args: tuple[str, ...]) -> None:
    r = state.forces.radars[args[0]]
    if _passdown_pairs(state, r):
        state.push_front(Ask(state.seat_of(r.side), "passdown", r.id))


@on_roll("passed_down")
def _passed_down(state: GsModel, success: bool, roll: int, args: tuple[str, ...]) -> None:
    if success:
        state.passdowns[args[0]] = args[1]
        state.emit("passdown", sam=args[0], target=args[1], rule="GS-27")


# -- steps 9-12: break-lock rolls (GS-3) ----------------------------------------------


def _break(state: GsModel, countermeasure: str, used_of: str) -> None:
    option = bool(state.game.options["ir_flares_break_lock"])
    for s in state.forces.sams.values():
        if s.lock is None or not s.alive:
            continue
        p = state.forces.planes.get(s.lock)
        if p is None:
            continue
        row = sam_rules.sam_break_lock_row(s.guidance, countermeasure, option)
        if row is None:
            continue
        used = p.djm_number if used_of == "djm" else p.ppl(used_of)
        name = f"{p.label} breaks {s.label}'s lock-on with {row.countermeasure.label}"
        check = row.check(used, s.eccm, name)
        if check is None:
            continue
        state.push(CheckTask(check, "sam_lock_broken", (s.id,), about(unit=s.id, against=p.id)))


@on_roll("sam_lock_broken")
def _sam_lock_broken(state: GsModel, success: bool, roll: int, args: tuple[str, ...]) -> None:
    s = state.forces.sams[args[0]]
    if success and s.lock is not None:
        state.emit("lock_broken", unit=s.id, target=s.lock, rule="GS-3")
        s.lock = None


def break_with_djm(state: GsModel) -> None:
    """Step 9: DJMs against radar SAM lock-ons."""
    _break(state, "djm", "djm")


def break_with_chaff(state: GsModel) -> None:
    """Step 10: chaff against radar SAM lock-ons."""
    _break(state, "chaff", "chaff")


def break_with_mini(state: GsModel) -> None:
    """Step 11: mini-jammers against radar SAM lock-ons."""
    _break(state, "mini_jammer", "mini_jammers")


def break_with_flares(state: GsModel) -> None:
    """Step 12: flares against OG/LG (and, by option, IR) lock-ons."""
    _break(state, "flare", "flares")


# -- step 13: self-defence ARMs ------------------------------------------------------


def _arm_targets(state: GsModel, p: Plane) -> list[str]:
    reach = p.arm_range
    return [
        s.id
        for s in state.forces.sams.values()
        if s.alive and s.lock == p.id and s.emitting and p.hex.distance(s.hex) <= reach
    ]


def arm_launches(state: GsModel) -> None:
    """Step 13: aircraft locked on by a radar SAM may launch an ARM at it in self-defence."""
    for p in state.planes():
        if p.arms > 0 and _arm_targets(state, p):
            state.push(Ask(state.seat_of(p.side), "arm", p.id))


def _arm_options(state: GsModel, ask: Ask) -> list[tuple[str, ...]]:
    return [("none",), *((t,) for t in _arm_targets(state, state.forces.planes[ask.subject]))]


@choice_verb("arm", "an emitting SAM radar locked on to this aircraft to fire an ARM at, or none",
             _arm_options)  # fmt: skip
def _arm(state: GsModel, ask: Ask, d: Decision) -> None:
    if d.first == "none":
        return
    p = state.forces.planes[ask.subject]
    check = sam_rules.self_defence_arm_launch_check(p.arm_launch)
    state.push_front(
        CheckTask(check, "arm_launched", (p.id, d.first), about(aircraft=p.id, against=d.first))
    )


@on_roll("arm_launched")
def _arm_launched(state: GsModel, success: bool, roll: int, args: tuple[str, ...]) -> None:
    p = state.forces.planes[args[0]]
    if success:
        p.arms -= 1  # a failed launch leaves the missile on its rail (GS-50)
        target = state.unit(args[1])
        state.emit("launch", by=p.id, target=args[1], kind="arm")
        outcomes.resolve(state, "arm", args[1], p.id, f"{p.label}'s ARM against {target.label}")
    else:
        state.emit("launch_failed", by=p.id, target=args[1], kind="arm")
