"""Ground Unit Interaction Phase: plotted fire revealed and resolved, ground moves, combat."""

from __future__ import annotations

from typing import TYPE_CHECKING

from airwar.core.errors import IllegalAction, InvalidNotation
from airwar.games.gunslingers.model.actions import Decision
from airwar.games.gunslingers.model.hexgrid import Hex
from airwar.games.gunslingers.model.tasks import Ask
from airwar.games.gunslingers.model.units import Marker
from airwar.games.gunslingers.phases import outcomes
from airwar.games.gunslingers.phases.common import choice_verb, held_by_suppression, need
from airwar.games.gunslingers.phases.registry import verb

if TYPE_CHECKING:
    from airwar.games.gunslingers.model.state import GsModel


def remove_plot_markers(state: GsModel) -> None:
    """Step 1: last turn's plotted fire markers come off."""
    kept = []
    for m in state.forces.markers:
        if m.kind == "plotted_fire" and m.turn < state.turn:
            state.emit("marker", action="remove", kind="plotted_fire", hex=str(m.hex))
        else:
            kept.append(m)
    state.forces.markers = kept


def reveal_plots(state: GsModel) -> None:
    """Step 2: each plotted-fire unit reveals the hex and altitude it recorded."""
    for g in state.forces.guns.values():
        if g.alive and g.plot is not None:
            state.emit(
                "plot_revealed", unit=g.id, side=g.side, hex=str(g.plot[0]), altitude=g.plot[1]
            )


def resolve_plots(state: GsModel) -> None:
    """Step 3: plotted fire attacks each enemy aircraft in its hex at its altitude (GS-35);
    a unit suppressed since it recorded its plot does not fire (GS-38)."""
    for g in state.forces.guns.values():
        if not g.alive or g.plot is None:
            continue
        if held_by_suppression(state, g.id, "fire its plotted fire"):
            g.plot = None
            continue
        h, alt = g.plot
        state.forces.markers.append(Marker("plotted_fire", h, g.id, alt, state.turn))
        state.emit("marker", action="place", kind="plotted_fire", hex=str(h), altitude=alt)
        for p in state.enemies_of(g.side):
            if p.hex == h and p.altitude == alt:
                outcomes.resolve(state, "plotted_fire", p.id, g.id, f"{g.label} plotted fire")
        g.plot = None


def ground_movement(state: GsModel) -> None:
    """Step 4: ground units that can move say where (or stay)."""
    for u in state.forces.ground.values():
        if u.alive and u.move > 0 and not held_by_suppression(state, u.id, "move"):
            state.push(Ask(state.seat_of(u.side), "gmove", u.id))


def gmove_choices(state: GsModel, ask: Ask) -> list[Decision]:
    u = state.forces.ground[ask.subject]
    out = [Decision("gmove", u.id, ("stay",))]
    out += [Decision("gmove", u.id, (str(h),)) for h in u.hex.spiral(u.move) if h != u.hex]
    return [d for d in out if d.first == "stay" or state.on_map(Hex.parse(d.first))]


def _gmove_check(state: GsModel, ask: Ask, d: Decision) -> None:
    u = state.forces.ground[ask.subject]
    if d.args == ("stay",):
        return
    need(len(d.args) == 1, f"write 'gmove {u.id} HEX' or 'gmove {u.id} stay'")
    try:
        h = Hex.parse(d.first)
    except InvalidNotation as exc:
        raise IllegalAction(str(exc)) from None
    need(state.on_map(h), f"hex {h} is off the map")
    need(
        u.hex.distance(h) <= u.move,
        f"{u.label} moves at most {u.move} hexes a turn, not {u.hex.distance(h)} (unit data)",
    )


@verb("gmove", "a ground unit's new hex, or stay", gmove_choices, _gmove_check)
def _gmove(state: GsModel, ask: Ask, d: Decision) -> None:
    u = state.forces.ground[ask.subject]
    if d.first == "stay":
        return
    h = Hex.parse(d.first)
    state.emit("ground_move", unit=u.id, frm=str(u.hex), to=str(h))
    u.hex = h


def ground_combat(state: GsModel) -> None:
    """Step 5: the referee enters any ground combat (GS-14), one action at a time."""
    if any(u.alive for u in state.forces.ground.values()):
        state.push(Ask(state.referee, "combat", "ground"))


def _combat_options(state: GsModel, ask: Ask) -> list[tuple[str, ...]]:
    out: list[tuple[str, ...]] = [("done",)]
    units = [u for u in state.forces.ground.values() if u.alive]
    for u in units:
        out.extend((u.id, r) for r in outcomes.GROUND if r != "no_effect")
    return out


@choice_verb("combat", "a ground combat result the referee enters (unit and destroyed or "
             "suppressed), or done (GS-14)", _combat_options)  # fmt: skip
def _combat(state: GsModel, ask: Ask, d: Decision) -> None:
    if d.args == ("done",):
        return
    rid = state.new_id("R")
    state.results[rid] = {
        "kind": "ground_combat",
        "target": d.args[0],
        "by": "referee",
        "what": f"ground combat against {d.args[0]}",
        "weapon": "",
    }
    outcomes.apply_result(state, rid, d.args[1])
    state.push_front(Ask(state.referee, "combat", "ground"))
