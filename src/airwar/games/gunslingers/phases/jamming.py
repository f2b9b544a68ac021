"""SAM Interaction Phase, steps 3 and 4: BJM noise arcs and stand-off jamming (GS-5, GS-26).

An aircraft with a barrage jammer declares the arcs it jams; its noise then
hides it from the enemy's radars in those arcs, and it may attack radars with
stand-off jamming.
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

from airwar.core.errors import IllegalAction, InvalidNotation
from airwar.games.gunslingers.model.actions import Decision, listed
from airwar.games.gunslingers.model.hexgrid import (
    Arc,
    Hex,
    arcs_text,
    in_arcs,
    parse_arcs,
)
from airwar.games.gunslingers.model.tasks import Ask, CheckTask, about
from airwar.games.gunslingers.model.units import Plane
from airwar.games.gunslingers.phases.common import (
    need,
    radar_units,
    same_hex_in_arcs,
)
from airwar.games.gunslingers.phases.registry import on_roll, verb
from airwar.games.gunslingers.rules import sam as sam_rules

if TYPE_CHECKING:
    from airwar.games.gunslingers.model.state import GsModel

# -- steps 3 and 4: BJM noise arcs and stand-off attacks (GS-5, GS-26) ----------------


def declare_noise_arcs(state: GsModel) -> None:
    """Step 3: aircraft with a BJM declare their noise jamming arcs."""
    for p in state.planes():
        if p.bjm_type and p.bjm_number > 0:
            state.push(Ask(state.seat_of(p.side), "jam", p.id))


def jam_choices(state: GsModel, ask: Ask) -> list[Decision]:
    p = state.forces.planes[ask.subject]
    bjm = sam_rules.bjm_type(p.bjm_type or "")
    seen: set[frozenset[Arc]] = set()
    out = [Decision("jam", p.id, ("none",))]
    for choice in bjm.noise_arc_choices():
        arcs = sorted(choice, key=lambda a: a.step)
        for k in range(len(arcs), 0, -1):
            for sub in combinations(arcs, k):
                fs = frozenset(sub)
                if fs not in seen:
                    seen.add(fs)
                    out.append(Decision("jam", p.id, (arcs_text(fs),)))
    return out


def _jam_check(state: GsModel, ask: Ask, d: Decision) -> None:
    p = state.forces.planes[ask.subject]
    if d.first == "none":
        return
    try:
        arcs = parse_arcs(d.first)
    except InvalidNotation as exc:
        raise IllegalAction(str(exc)) from None
    bjm = sam_rules.bjm_type(p.bjm_type or "")
    need(
        bjm.may_cover(arcs),
        f"a type {bjm.type} BJM covers {bjm.arcs} with noise, not {arcs_text(arcs)} "
        f"(BJM Jamming Table, GS-5)",
    )


@verb("jam", "the BJM noise jamming arcs (comma-separated arcs, or none; GS-5)", jam_choices,
      _jam_check)  # fmt: skip
def _jam(state: GsModel, ask: Ask, d: Decision) -> None:
    p = state.forces.planes[ask.subject]
    p.noise_arcs = frozenset() if d.first == "none" else parse_arcs(d.first)
    state.emit("declare", what="noise arcs", aircraft=p.id, arcs=arcs_text(p.noise_arcs))


def noise_bjm(state: GsModel, radar_side: str, radar_hex: Hex) -> int:
    """The strongest enemy BJM whose declared noise arcs cover the radar (GS-5)."""
    return sam_rules.strongest_noise_bjm(
        p.bjm_number
        for p in state.enemies_of(radar_side)
        if p.noise_arcs
        and in_arcs(p.hex, p.heading, radar_hex, p.noise_arcs, same_hex_in_arcs(state))
    )


def target_noise_bjm(state: GsModel, p: Plane, radar_side: str, radar_hex: Hex) -> int:
    """The BJM that counts against an EWR's or CCU's passdown of ``p`` (Passdown Attempt
    Modifier d, "1/2 target BJM # - EWR ECCM # if in Noise arc"): the target's own BJM
    when the radar lies in a noise arc it declared, else 0 (GS-77). The option
    ``passdown_escort_jamming`` counts the strongest enemy BJM covering the radar
    instead, as the lock-on modifier e does (GS-5)."""
    if state.game.options.get("passdown_escort_jamming", False):
        return noise_bjm(state, radar_side, radar_hex)
    same = same_hex_in_arcs(state)
    if p.noise_arcs and in_arcs(p.hex, p.heading, radar_hex, p.noise_arcs, same):
        return p.bjm_number
    return 0


def _standoff_targets(state: GsModel, p: Plane) -> list[str]:
    same = same_hex_in_arcs(state)
    return [
        r.id
        for r in radar_units(state)
        if r.side != p.side and r.emitting and in_arcs(p.hex, p.heading, r.hex, p.noise_arcs, same)
    ]


def _standoff_limit(p: Plane) -> int:
    return sam_rules.bjm_type(p.bjm_type or "").stand_off_attacks(not p.pilot_only)


def standoff_attacks(state: GsModel) -> None:
    """Step 4: BJM aircraft make stand-off jamming attacks on radars in their noise arcs."""
    for p in state.planes():
        if p.noise_arcs and _standoff_targets(state, p):
            state.push(Ask(state.seat_of(p.side), "standoff", p.id))


def standoff_choices(state: GsModel, ask: Ask) -> list[Decision]:
    p = state.forces.planes[ask.subject]
    targets = _standoff_targets(state, p)
    out = []
    for k in range(min(_standoff_limit(p), len(targets)) + 1):
        out += [Decision("standoff", p.id, (listed(list(c)),)) for c in combinations(targets, k)]
    return out


def _standoff_check(state: GsModel, ask: Ask, d: Decision) -> None:
    p = state.forces.planes[ask.subject]
    chosen = d.items()
    limit = _standoff_limit(p)
    crew = "pilot-only" if p.pilot_only else "multi-crew"
    need(
        len(chosen) <= limit,
        f"{p.label} may make {limit} stand-off attack(s) a turn ({crew}, type {p.bjm_type} BJM, "
        f"GS-5), not {len(chosen)}",
    )
    need(len(set(chosen)) == len(chosen), "each radar can be attacked once a turn (GS-26)")
    allowed = _standoff_targets(state, p)
    for r in chosen:
        need(
            r in allowed,
            f"{r} is not an emitting enemy radar in {p.label}'s noise arcs "
            f"({arcs_text(p.noise_arcs)}) (GS-26)",
        )


@verb("standoff", "radars to attack with stand-off jamming (comma-separated, or none; GS-5)",
      standoff_choices, _standoff_check)  # fmt: skip
def _standoff(state: GsModel, ask: Ask, d: Decision) -> None:
    p = state.forces.planes[ask.subject]
    tasks = []
    for rid in d.items():
        r = state.unit(rid)
        check = sam_rules.bjm_stand_off_check(p.bjm_number, r.eccm)
        if check is None:
            state.note(
                f"{p.label}'s BJM {p.bjm_number} does not beat {r.label}'s ECCM {r.eccm}: "
                "no roll (GS-3, GS-5)",
                aircraft=p.id,
                unit=rid,
            )
            continue
        tasks.append(CheckTask(check, "jammed", (rid,), about(aircraft=p.id, unit=rid)))
    state.push_front(*tasks)


@on_roll("jammed")
def _jammed(state: GsModel, success: bool, roll: int, args: tuple[str, ...]) -> None:
    if success:
        state.unit(args[0]).jammed = True
        state.emit("jammed", unit=args[0], rule="GS-5")
