"""AAA Interaction Phase: plotted fire is recorded, barrage markers placed."""

from __future__ import annotations

from typing import TYPE_CHECKING

from airwar.core.errors import IllegalAction, InvalidNotation
from airwar.games.gunslingers.model.actions import Decision
from airwar.games.gunslingers.model.hexgrid import Hex
from airwar.games.gunslingers.model.tasks import Ask
from airwar.games.gunslingers.model.units import Marker
from airwar.games.gunslingers.phases.common import (
    choice_verb,
    held_by_suppression,
    need,
    parse_prefixed,
    yes_no,
)
from airwar.games.gunslingers.phases.registry import verb

if TYPE_CHECKING:
    from airwar.games.gunslingers.model.state import GsModel


def record_plotted_fire(state: GsModel) -> None:
    """Step 1: each plotted-fire AAA unit with ammunition records a target hex and altitude."""
    for g in state.forces.guns.values():
        g.plot = None
        ready = g.alive and g.fire == "plotted" and not g.out_of_ammo
        if ready and not held_by_suppression(state, g.id, "plot fire"):
            state.push(Ask(state.seat_of(g.side), "plot", g.id))


def plot_choices(state: GsModel, ask: Ask) -> list[Decision]:
    g = state.forces.guns[ask.subject]
    out = [Decision("plot", g.id, ("none",))]
    for h in g.hex.spiral(g.range):
        if state.on_map(h):
            out.extend(
                Decision("plot", g.id, (str(h), f"a{alt}")) for alt in range(g.max_altitude + 1)
            )
    return out


def _plot_check(state: GsModel, ask: Ask, d: Decision) -> None:
    g = state.forces.guns[ask.subject]
    if d.args == ("none",):
        return
    need(len(d.args) == 2, f"write 'plot {g.id} HEX aALT' (e.g. plot {g.id} 3,-2 a4) or none")
    try:
        h = Hex.parse(d.args[0])
    except InvalidNotation as exc:
        raise IllegalAction(str(exc)) from None
    alt = parse_prefixed(d.args[1], "a", "an altitude")
    need(state.on_map(h), f"hex {h} is off the map")
    need(
        g.hex.distance(h) <= g.range,
        f"{g.label} cannot plot fire into {h}: {g.hex.distance(h)} hexes away, its range is "
        f"{g.range} (unit data, GS-6)",
    )
    need(
        0 <= alt <= g.max_altitude,
        f"{g.label} reaches altitudes 0 to {g.max_altitude}, not {alt} (unit data, GS-6)",
    )


@verb("plot", "the target hex and altitude of plotted AAA fire", plot_choices, _plot_check)
def _plot(state: GsModel, ask: Ask, d: Decision) -> None:
    g = state.forces.guns[ask.subject]
    if d.args == ("none",):
        g.plot = None
        state.emit("plotted_fire", unit=g.id, side=g.side, hex=None, altitude=None, secret=True)
        return
    g.plot = (Hex.parse(d.args[0]), parse_prefixed(d.args[1], "a", "an altitude"))
    state.emit(
        "plotted_fire",
        unit=g.id,
        side=g.side,
        hex=str(g.plot[0]),
        altitude=g.plot[1],
        secret=True,
    )


def place_barrage(state: GsModel) -> None:
    """Step 2: AAA units using barrage fire get a Barrage marker."""
    for g in state.forces.guns.values():
        g.barrage = False
        ready = g.alive and not g.out_of_ammo and g.fire == "barrage"
        if ready and not held_by_suppression(state, g.id, "fire barrage"):
            state.push(Ask(state.seat_of(g.side), "barrage", g.id))


@choice_verb("barrage", "whether this AAA unit uses barrage fire this turn (yes or no)", yes_no)
def _barrage(state: GsModel, ask: Ask, d: Decision) -> None:
    g = state.forces.guns[ask.subject]
    if d.first == "yes":
        g.barrage = True
        state.forces.markers.append(Marker("barrage", g.hex, g.id, None, state.turn))
        state.emit("marker", action="place", kind="barrage", unit=g.id, hex=str(g.hex))
