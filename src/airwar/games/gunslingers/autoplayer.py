"""A simple automatic player: answers every Gunslingers declaration, so turns run unattended.

It plays any side (and the referee seat, where it enters the mildest result:
a missile flies on or misses, an attack has no effect, so that it never
invents a kill; scenarios that want results rolled give outcome tables,
GS-14). Its choices are plain and aggressive: close on the nearest enemy,
lock on, launch, padlock what it can, jam with the widest arcs. It picks
without listing every legal action (a move has thousands), and every choice it
makes passes the same check a human's does.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from airwar.core.bot import BaseBot
from airwar.core.game import Action, GameState
from airwar.games.gunslingers import steps_flight, steps_launch, steps_radar, steps_sam
from airwar.games.gunslingers import steps_sighting as sighting
from airwar.games.gunslingers.actions import Decision, listed
from airwar.games.gunslingers.checks_air import detection_rolls_per_turn
from airwar.games.gunslingers.checks_sam import bjm_type
from airwar.games.gunslingers.checks_sighting import padlock_limit
from airwar.games.gunslingers.engine import VERBS, Ask
from airwar.games.gunslingers.hexgrid import Hex, arcs_text, in_arcs
from airwar.games.gunslingers.outcomes import RESULTS
from airwar.games.gunslingers.scenario import house
from airwar.games.gunslingers.units import Plane

if TYPE_CHECKING:
    from airwar.games.gunslingers.state import GsState

Chooser = Callable[["GsState", Ask], tuple[str, ...]]


def _nearest(frm: Hex, items: list[tuple[str, Hex]]) -> list[str]:
    return [i for i, _ in sorted(items, key=lambda x: (frm.distance(x[1]), x[0]))]


def _yes(state: GsState, ask: Ask) -> tuple[str, ...]:
    return ("yes",)


def _no(state: GsState, ask: Ask) -> tuple[str, ...]:
    return ("no",)


def _plot(state: GsState, ask: Ask) -> tuple[str, ...]:
    g = state.forces.guns[ask.subject]
    for p in sorted(state.enemies_of(g.side), key=lambda p: (g.hex.distance(p.hex), p.id)):
        if g.hex.distance(p.hex) <= g.range and p.altitude <= g.max_altitude:
            return (str(p.hex), f"a{p.altitude}")
    return ("none",)


def _jam(state: GsState, ask: Ask) -> tuple[str, ...]:
    p = state.forces.planes[ask.subject]
    radars = [r.hex for r in steps_sam.radar_units(state) if r.side != p.side]
    choices = bjm_type(p.bjm_type or "").noise_arc_choices()
    best = max(
        choices, key=lambda c: (sum(in_arcs(p.hex, p.heading, h, c) for h in radars), len(c))
    )
    return (arcs_text(best),)


def _standoff(state: GsState, ask: Ask) -> tuple[str, ...]:
    p = state.forces.planes[ask.subject]
    targets = steps_sam._standoff_targets(state, p)
    targets.sort(key=lambda r: (state.unit(r).eccm, r))
    return (listed(targets[: steps_sam._standoff_limit(p)]),)


def _lockon(state: GsState, ask: Ask) -> tuple[str, ...]:
    s = state.forces.sams[ask.subject]
    targets = steps_sam.lock_targets(state, s)
    items = [(t, state.forces.planes[t].hex) for t in targets]
    return (_nearest(s.hex, items)[0],) if items else ("none",)


def _passdown(state: GsState, ask: Ask) -> tuple[str, ...]:
    pairs = steps_sam._passdown_pairs(state, state.forces.radars[ask.subject])
    return (pairs[0],) if pairs else ("done",)


def _arm(state: GsState, ask: Ask) -> tuple[str, ...]:
    targets = steps_sam._arm_targets(state, state.forces.planes[ask.subject])
    return (targets[0],) if targets else ("none",)


def _mark(state: GsState, ask: Ask) -> tuple[str, ...]:
    g = state.forces.ground[ask.subject]
    reach = house("ground", "fac_range")
    enemies = [(u.id, u.hex) for u in sighting.ground_things(state) if u.side != g.side]
    for uid in _nearest(g.hex, enemies):
        h = state.unit(uid).hex
        if g.hex.distance(h) <= reach:
            return ("smoke", str(h))
    return ("none",)


def _search(state: GsState, ask: Ask) -> tuple[str, ...]:
    p = state.forces.planes[ask.subject]
    striker = any(p.ground_weapons.values()) or p.fac_capable or p.laser_designator
    return ("yes",) if striker else ("no",)


def _padlock(state: GsState, ask: Ask) -> tuple[str, ...]:
    p = state.forces.planes[ask.subject]
    limit = padlock_limit(sighting._crew(p)).number
    cands = sighting.padlock_candidates(state, p)
    items = [(c, state.unit(c).hex) for c in cands]
    return (listed(_nearest(p.hex, items)[:limit]),)


def _first_program(state: GsState, ask: Ask) -> tuple[str, ...]:
    p = state.forces.planes[ask.subject]
    return (next(iter(p.dds_programs)),)


def _first_option(verb: str) -> Chooser:
    def choose(state: GsState, ask: Ask) -> tuple[str, ...]:
        options = VERBS[verb].choices(state, ask)
        return options[1].args if len(options) > 1 else options[0].args

    return choose


def _modes(state: GsState, ask: Ask) -> tuple[str, ...]:
    p = state.forces.planes[ask.subject]
    return (listed([m for m, on in p.special_modes.items() if on]),)


def _step_towards(state: GsState, frm: Hex, to: Hex, steps: int, keep: int) -> tuple[Hex, int]:
    """Greedy hex steps towards ``to``, stopping ``keep`` hexes short; returns hex, heading."""
    here, heading = frm, None
    for _ in range(steps):
        if here.distance(to) <= keep:
            break
        best = min(
            range(6),
            key=lambda d: (here.neighbours()[d].distance(to), d),
        )
        nxt = here.neighbours()[best]
        if not state.on_map(nxt):
            break
        here, heading = nxt, best * 2
    if heading is None:
        heading = _heading_towards(frm, to)
    return here, heading


def _heading_towards(frm: Hex, to: Hex) -> int:
    if frm == to:
        return 0
    best = min(range(6), key=lambda d: (frm.neighbours()[d].distance(to), d))
    return best * 2


def _move(state: GsState, ask: Ask) -> tuple[str, ...]:
    p = state.forces.planes[ask.subject]
    target, target_alt, keep = _goal(state, p)
    if target is None:
        return (str(p.hex), f"h{p.heading}", f"a{p.altitude}")
    here, heading = _step_towards(state, p.hex, target, p.speed, keep)
    if here == p.hex:
        heading = _heading_towards(p.hex, target)
    ceiling = house("aircraft", "max_altitude")
    alt = max(0, min(ceiling, p.altitude + max(-p.climb, min(p.climb, target_alt - p.altitude))))
    return (str(here), f"h{heading}", f"a{alt}")


def _goal(state: GsState, p: Plane) -> tuple[Hex | None, int, int]:
    if any(p.ground_weapons.values()):
        grounds = steps_flight.ground_enemies(state, p.side)
        if grounds:
            uid = _nearest(p.hex, grounds)[0]
            return state.unit(uid).hex, max(1, p.altitude - p.climb), 1
    enemies = state.enemies_of(p.side)
    if not enemies:
        return None, p.altitude, 0
    e = min(enemies, key=lambda e: (p.hex.distance(e.hex), e.id))
    return e.hex, e.altitude, 2


def _attack(state: GsState, ask: Ask) -> tuple[str, ...]:
    options = steps_flight.attack_options(state, state.forces.planes[ask.subject])
    bombs = [o for o in options if o.startswith("bomb:")]
    pick = bombs or [o for o in options if o.startswith("gun:")] or options
    return (pick[0],) if pick else ("done",)


def _launch(state: GsState, ask: Ask) -> tuple[str, ...]:
    opts = state.launch_options.get(ask.subject, [])
    chosen: list[str] = []
    targets: set[str] = set()
    for o in opts:
        t = o.split(":")[1]
        if t not in targets and steps_launch._stock_ok(state, ask.subject, [*chosen, o]):
            chosen.append(o)
            targets.add(t)
        if len(chosen) == 2:
            break
    return (listed(chosen),)


def _retry(state: GsState, ask: Ask) -> tuple[str, ...]:
    declared = state.launch_declared.get(ask.subject, [])
    return (declared[0],) if declared else ("none",)


def _radar(state: GsState, ask: Ask) -> tuple[str, ...]:
    p = state.forces.planes[ask.subject]
    cands = state.radar_candidates.get(p.id, [])
    items = [(c, state.forces.planes[c].hex) for c in cands]
    room = detection_rolls_per_turn() - p.detection_rolls
    return (listed(_nearest(p.hex, items)[:room]),)


def _lock(state: GsState, ask: Ask) -> tuple[str, ...]:
    p = state.forces.planes[ask.subject]
    cands = steps_radar._lock_candidates(state, p)
    items = [(c, state.forces.planes[c].hex) for c in cands]
    return (listed(_nearest(p.hex, items)[: steps_radar._lock_allowance(p)]),)


def _result(state: GsState, ask: Ask) -> tuple[str, ...]:
    ctx = state.results[ask.subject]
    allowed = [d.first for d in VERBS["result"].choices(state, ask)]
    for mild in ("flies", "miss", "no_effect"):
        if mild in allowed:
            return (mild,)
    return (RESULTS[ctx["kind"]][-1],)


CHOOSERS: dict[str, Chooser] = {
    "plot": _plot,
    "barrage": _yes,
    "reactivate": _yes,
    "shutdown": _no,
    "jam": _jam,
    "standoff": _standoff,
    "lockon": _lockon,
    "samlaunch": _yes,
    "passdown": _passdown,
    "arm": _arm,
    "reverse": _yes,
    "dcontrol": _yes,
    "mark": _mark,
    "search": _search,
    "searcher": _yes,
    "padlock": _padlock,
    "dds": _first_program,
    "engage": _first_option("engage"),
    "illuminate": _yes,
    "designate": _first_option("designate"),
    "fac": _first_option("fac"),
    "modes": _modes,
    "move": _move,
    "attack": _attack,
    "launch": _launch,
    "retry": _retry,
    "radar": _radar,
    "lock": _lock,
    "gmove": lambda state, ask: ("stay",),
    "combat": lambda state, ask: ("done",),
    "logs": lambda state, ask: ("done",),
    "result": _result,
}


def auto_decision(state: GsState) -> Decision:
    """The automatic player's answer to the pending declaration."""
    ask = state.pending_ask()
    if ask is None:
        raise ValueError("no declaration is pending")
    return Decision(ask.verb, ask.subject, CHOOSERS[ask.verb](state, ask))


class GunslingersAuto(BaseBot):
    """The automatic player as a kernel Bot (any seat, the referee included)."""

    name = "gunslingers-auto"

    def choose(self, state: GameState, seat: int) -> Action:
        from airwar.games.gunslingers.state import GsState

        if not isinstance(state, GsState):
            raise TypeError("the Gunslingers automatic player plays Gunslingers only")
        return auto_decision(state)
