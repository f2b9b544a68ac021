"""Stalled Aircraft Phase: recovery from departed flight, departure, vertical reverse (GS-8)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from airwar.games.gunslingers.model.actions import Decision
from airwar.games.gunslingers.model.tasks import Ask, CheckTask, about
from airwar.games.gunslingers.model.units import Plane
from airwar.games.gunslingers.model.words import Crewman
from airwar.games.gunslingers.phases.common import choice_verb, yes_no
from airwar.games.gunslingers.phases.registry import on_roll
from airwar.games.gunslingers.rules import stall as stall_rules

if TYPE_CHECKING:
    from airwar.games.gunslingers.model.state import GsModel


def pilot_of(p: Plane) -> Crewman:
    """The pilot (first crew member) as the checks take him."""
    return p.pilot


def recover_departed(state: GsModel) -> None:
    """Step 1: each departed aircraft attempts recovery (Die Roll 6-)."""
    for p in state.planes():
        if "departed" in p.status:
            check = stall_rules.departed_recovery_check(p.fly_by_wire, pilot_of(p))
            state.push(CheckTask(check, "recovered", (p.id,), about(aircraft=p.id)))


@on_roll("recovered")
def _recovered(state: GsModel, success: bool, roll: int, args: tuple[str, ...]) -> None:
    if success:
        p = state.forces.planes[args[0]]
        p.status -= {"departed", "stalled", "stalled_vertical"}
        state.emit("status", aircraft=p.id, status=sorted(p.status), text="recovers", rule="GS-8")


def stalled_depart(state: GsModel) -> None:
    """Step 2: each stalled aircraft (not departed) checks whether it departs (Die Roll 5-)."""
    for p in state.planes():
        if "stalled" in p.status and "departed" not in p.status:
            check = stall_rules.departure_check(p.fly_by_wire, pilot_of(p))
            state.push(CheckTask(check, "departs", (p.id,), about(aircraft=p.id)))


@on_roll("departs")
def _departs(state: GsModel, success: bool, roll: int, args: tuple[str, ...]) -> None:
    if success:
        p = state.forces.planes[args[0]]
        p.status -= {"stalled", "stalled_vertical"}
        p.status.add("departed")
        state.emit("status", aircraft=p.id, status=sorted(p.status), text="departs", rule="GS-8")


def vertical_reverse(state: GsModel) -> None:
    """Step 3: aircraft stalled in a vertical climb (and not departed) may try it (6-)."""
    for p in state.planes():
        if "stalled_vertical" in p.status and "departed" not in p.status:
            state.push(Ask(state.seat_of(p.side), "reverse", p.id))


@choice_verb("reverse", "whether this aircraft attempts a vertical reverse manoeuvre (6-, GS-8)",
             yes_no)  # fmt: skip
def _reverse(state: GsModel, ask: Ask, d: Decision) -> None:
    if d.first == "yes":
        p = state.forces.planes[ask.subject]
        check = stall_rules.vertical_reverse_check(p.fly_by_wire, pilot_of(p))
        state.push_front(CheckTask(check, "reversed", (p.id,), about(aircraft=p.id)))


@on_roll("reversed")
def _reversed(state: GsModel, success: bool, roll: int, args: tuple[str, ...]) -> None:
    if success:
        p = state.forces.planes[args[0]]
        p.status -= {"stalled", "stalled_vertical"}
        state.emit(
            "status", aircraft=p.id, status=sorted(p.status), text="vertical reverse", rule="GS-8"
        )
