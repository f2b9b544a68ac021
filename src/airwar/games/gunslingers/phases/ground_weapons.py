"""Flight Phase step 1: guided air-to-ground weapons move to their targets and strike.

First pre-emptions are declared (GS-52) and the defenders declare shoot-outs
against the weapons in flight (GS-53); a weapon whose aircraft still guides it
waits on its target and strikes as that aircraft's move ends (GS-81).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from airwar.games.gunslingers.model.tasks import Ask, Do
from airwar.games.gunslingers.model.units import Plane, Weapon
from airwar.games.gunslingers.phases import outcomes
from airwar.games.gunslingers.phases.attacks import place_blast_zone
from airwar.games.gunslingers.phases.preempt import interceptors
from airwar.games.gunslingers.phases.registry import on_do

if TYPE_CHECKING:
    from airwar.games.gunslingers.model.state import GsModel


def move_ground_weapons(state: GsModel) -> None:
    """Step 1: pre-emptions are declared (GS-52), the defenders declare shoot-outs against
    the guided air-to-ground weapons in flight (GS-53), then the weapons not in a
    shoot-out move to their targets and strike."""
    tasks: list[Ask | Do] = []
    mode = str(state.game.options.get("preemption", "referee"))
    if mode != "off" and len(state.planes()) > 1:
        if mode == "sides":
            tasks += [
                Ask(state.seat_of(side), "preempt", side)
                for side in state.side_names
                if state.planes(side)
            ]
        else:
            tasks.append(Ask(state.referee, "preempt", "flight"))
    if state.game.options.get("shootouts", True):
        for w in list(state.weapons.values()):
            target = state.unit(w.target)
            if w.kind == "a2g" and target is not None and interceptors(state, w):
                tasks.append(Ask(state.seat_of(target.side), "shootout", w.id))
    tasks.append(Do("ground_weapons_strike"))
    state.push(*tasks)


@on_do("ground_weapons_strike")
def _ground_weapons_strike(state: GsModel, args: tuple[str, ...]) -> None:
    waiting = set(state.shootouts.values())
    state.push_front(
        *(
            Do("a2g_arrives", (w.id,))
            for w in list(state.weapons.values())
            if w.kind == "a2g" and w.id not in waiting
        )
    )


def guider_to_move(state: GsModel, w: Weapon) -> Plane | None:
    """The aircraft guiding ``w`` when it is still to move this turn (GS-81), else None."""
    p = state.forces.planes.get(w.shooter)
    return p if p is not None and p.alive and not p.moved else None


@on_do("a2g_arrives")
def _a2g_arrives(state: GsModel, args: tuple[str, ...]) -> None:
    """A guided air-to-ground weapon moves to its target (Flight step 1). Its aircraft
    guides it until it strikes: while that aircraft is still to move (step 7, 'Move
    aircraft guiding air to ground weapons'), the weapon waits on its target and strikes
    as the guiding aircraft's move ends; with no guide left to move it strikes now
    (GS-81)."""
    w = state.weapons.get(args[0])
    if w is None:
        return
    target = state.unit(w.target)
    if target is not None:
        w.hex = target.hex
    state.emit("weapon_move", weapon=w.id, hex=str(w.hex))
    w.arrived = True
    if guider_to_move(state, w) is None:
        state.push_front(Do("a2g_strike", (w.id,)))


@on_do("a2g_strike")
def _a2g_strike(state: GsModel, args: tuple[str, ...]) -> None:
    """A guided air-to-ground weapon strikes its target (GS-41, GS-14, GS-81)."""
    w = state.weapons.get(args[0])
    if w is None:
        return
    if not w.arrived:
        target = state.unit(w.target)
        if target is not None:
            w.hex = target.hex
        state.emit("weapon_move", weapon=w.id, hex=str(w.hex))
    place_blast_zone(state, w.hex)
    outcomes.resolve(state, "ground_attack", w.target, w.shooter, f"{w.type} strikes", w.id)
