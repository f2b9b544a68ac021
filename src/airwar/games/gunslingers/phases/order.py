"""Order Of Flight Determination Phase: advantage, base initiative, order with roll-offs
(GS-11, GS-12, GS-20)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from airwar.core.dice import D10
from airwar.games.gunslingers.model.hexgrid import Hex
from airwar.games.gunslingers.model.tasks import Die, Do
from airwar.games.gunslingers.phases.registry import on_die, on_do
from airwar.games.gunslingers.rules import initiative as ini

if TYPE_CHECKING:
    from airwar.games.gunslingers.model.state import GsModel


def relative_positions(state: GsModel) -> None:
    """Step 1: each aircraft is disadvantaged, non-advantaged or advantaged (GS-11)."""
    placements = [
        ini.Placement(p.id, p.side, Hex(p.hex.q, p.hex.r), p.heading, p.altitude)
        for p in state.planes()
    ]
    cats = ini.advantage_categories(placements, bool(state.game.options["same_hex_in_arcs"]))
    state.this_turn.advantage = {k: v.value for k, v in cats.items()}
    state.emit("advantage", categories=state.this_turn.advantage, rule="GS-11")


def base_initiative(state: GsModel) -> None:
    """Step 2: one d10 per side with aircraft in play (GS-12)."""
    for side in state.forces.sides.values():
        if state.planes(side.name):
            state.push(
                Die(D10, "GS-12", f"base initiative of {side.name}", "side_roll", (side.name,))
            )


@on_die("side_roll")
def _side_roll(state: GsModel, roll: int, args: tuple[str, ...]) -> None:
    state.this_turn.side_rolls[args[0]] = roll


def order_aircraft(state: GsModel) -> None:
    """Step 3: base number plus each aircraft's modifiers; ties rolled off (GS-12, GS-20)."""
    kills = {s.name: s.kills for s in state.forces.sides.values()}
    most = ini.sides_with_most_kills(kills)
    for p in state.planes():
        side = state.forces.sides[p.side]
        pilot = p.pilot
        mods = ini.initiative_modifiers(
            side.training, pilot, first_kill=side.first_kill, most_kills=p.side in most
        )
        n = ini.initiative_number(state.this_turn.side_rolls[p.side], mods)
        p.initiative = n
        state.this_turn.initiative[p.id] = n
        state.emit(
            "initiative",
            aircraft=p.id,
            side_roll=state.this_turn.side_rolls[p.side],
            modifiers=[{"reason": m.reason, "value": m.value} for m in mods],
            number=n,
            category=state.this_turn.advantage.get(p.id),
            rule="GS-12",
        )
    state.push(Do("order_try"))


@on_do("order_try")
def _order_try(state: GsModel, args: tuple[str, ...]) -> None:
    cats = {
        pid: ini.AdvantageCategory(state.this_turn.advantage[pid])
        for pid in state.this_turn.initiative
    }
    try:
        state.this_turn.order = ini.order_of_flight(
            state.this_turn.initiative, cats, state.this_turn.rolloffs
        )
    except ini.RollOffNeeded as tie:
        tasks: list[Die | Do] = []
        for group in tie.groups:
            for pid in group:
                tasks.append(
                    Die(D10, "GS-20", f"roll-off for {pid} (tied: {', '.join(group)})",
                        "rolloff", (pid,))
                )  # fmt: skip
        tasks.append(Do("order_try"))
        state.push_front(*tasks)
        return
    state.emit("order_of_flight", order=list(state.this_turn.order), rule="GS-12")


@on_die("rolloff")
def _rolloff(state: GsModel, roll: int, args: tuple[str, ...]) -> None:
    state.this_turn.rolloffs.setdefault(args[0], []).append(roll)
