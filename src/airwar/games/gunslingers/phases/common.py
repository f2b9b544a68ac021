"""Small helpers shared by the steps: decisions with a fixed list of choices, ranges."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from airwar.core.errors import IllegalAction
from airwar.games.gunslingers.model.actions import Decision
from airwar.games.gunslingers.model.hexgrid import Hex
from airwar.games.gunslingers.model.sightline import LosMode, line_of_sight
from airwar.games.gunslingers.model.tasks import Ask
from airwar.games.gunslingers.model.units import SamSite, WarningRadar
from airwar.games.gunslingers.phases.registry import verb

if TYPE_CHECKING:
    from airwar.games.gunslingers.model.state import GsModel

Options = Callable[["GsModel", Ask], list[tuple[str, ...]]]
Apply = Callable[["GsModel", Ask, Decision], None]


def choice_verb(name: str, help: str, options: Options) -> Callable[[Apply], Apply]:
    """Register a decision whose legal choices are a short list of argument tuples."""

    def choices(state: GsModel, ask: Ask) -> list[Decision]:
        return [Decision(name, ask.subject, args) for args in options(state, ask)]

    def check(state: GsModel, ask: Ask, d: Decision) -> None:
        allowed = options(state, ask)
        if d.args in allowed:
            return
        shown = "; ".join(" ".join(a) or "(nothing)" for a in allowed[:12])
        more = f" and {len(allowed) - 12} more" if len(allowed) > 12 else ""
        raise IllegalAction(f"{d} is not allowed now: {help}; choose one of: {shown}{more}")

    return verb(name, help, choices, check)


def yes_no(state: GsModel, ask: Ask) -> list[tuple[str, ...]]:
    return [("yes",), ("no",)]


def parse_hex(text: str) -> Hex:
    return Hex.parse(text)


def parse_prefixed(text: str, prefix: str, what: str) -> int:
    """``h4`` -> 4 for prefix ``h``; IllegalAction naming ``what`` otherwise."""
    t = text.lower()
    if not t.startswith(prefix) or not t[len(prefix) :].lstrip("-").isdigit():
        raise IllegalAction(f"{text!r} is not {what} (write {prefix}N, e.g. {prefix}4)")
    return int(t[len(prefix) :])


def need(condition: bool, reason: str) -> None:
    """Refuse with ``reason`` unless ``condition`` holds."""
    if not condition:
        raise IllegalAction(reason)


SUPPRESSION_MARKERS = frozenset({"suppression", "suppression_removal"})
"""Both sides of the Suppression marker (End of Turn 3 and 5, GS-38)."""


def suppressed(state: GsModel, uid: str) -> bool:
    """A unit under a Suppression marker, either side up, does not act (GS-38): the marker
    is placed, flipped to Suppression removal at End of Turn 5 and taken off at End of
    Turn 3 of the next turn, so the unit sits out the whole of the next turn."""
    return any(m.kind in SUPPRESSION_MARKERS and m.unit == uid for m in state.forces.markers)


def held_by_suppression(state: GsModel, uid: str, what: str) -> bool:
    """Whether ``uid`` is suppressed (GS-38); if so, log that it does not ``what``."""
    if not suppressed(state, uid):
        return False
    state.emit("suppressed", unit=uid, what=what, rule="GS-38")
    return True


def clear_los(state: GsModel, a: Hex, alt_a: int, b: Hex, alt_b: int) -> bool:
    """Line of sight over the scenario's terrain (GS-16), cached by the two ends."""
    terrain = state.forces.terrain
    if not terrain:
        return True
    key = (a, alt_a, b, alt_b)
    hit = state.los_cache.get(key)
    if hit is None:
        mode = LosMode(state.game.options["los_mode"])
        hit = bool(line_of_sight(a, alt_a, b, alt_b, terrain, mode))
        state.los_cache[key] = hit
    return hit


def radar_line_of_sight(state: GsModel) -> bool:
    """Whether radars need a line of sight, as eyes do (option ``radar_line_of_sight``,
    GS-45)."""
    return bool(state.game.options.get("radar_line_of_sight", True))


def same_hex_in_arcs(state: GsModel) -> bool:
    """Whether a unit in the same hex lies in every arc (option, GS-18)."""
    return bool(state.game.options.get("same_hex_in_arcs", False))


RadarUnit = SamSite | WarningRadar


def radar_units(state: GsModel) -> list[RadarUnit]:
    """Every ground radar in play: radar SAM units, EWRs and CCUs."""
    out: list[RadarUnit] = [
        s for s in state.forces.sams.values() if s.alive and s.radar is not None
    ]
    out += [r for r in state.forces.radars.values() if r.alive]
    return out
