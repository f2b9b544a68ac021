"""Order Of Flight Determination Phase: advantage (GS-11) and initiative (GS-12, GS-20).

>>> from airwar.games.gunslingers.model.hexgrid import Hex
>>> bool(advantaged_over(Hex(0, 0), 0, 10, Hex(0, -9), 16))
True
>>> order_of_flight({"a": 7, "b": 4, "c": 4},
...                 {"a": AdvantageCategory.DISADVANTAGED, "b": AdvantageCategory.ADVANTAGED,
...                  "c": AdvantageCategory.ADVANTAGED},
...                 {"b": [6], "c": [2]})
['a', 'c', 'b']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from airwar.core.checks import Modifier
from airwar.core.errors import AirwarError
from airwar.games.gunslingers.model.hexgrid import Heading, Hex, HexIndex, arcs_at_least, in_arcs
from airwar.games.gunslingers.model.words import Crewman, Training, as_enum
from airwar.games.gunslingers.rules.base import Ruling
from airwar.games.gunslingers.tables import entry, modifier_row, number

TABLE = "initiative"


class AdvantageCategory(StrEnum):
    """The three categories of GS-11, in the order they move (Flight Phase 8)."""

    DISADVANTAGED = "disadvantaged"
    NON_ADVANTAGED = "non-advantaged"
    ADVANTAGED = "advantaged"

    @property
    def move_order(self) -> int:
        """0 moves first (disadvantaged), 2 last (advantaged)."""
        return list(AdvantageCategory).index(self)


def advantaged_over(
    hex: Hex,
    heading: Heading | int,
    altitude: int,
    target_hex: Hex,
    target_altitude: int,
    same_hex_in_arcs: bool = False,
) -> Ruling:
    """Whether an aircraft is advantaged over a target (Order Of Flight
    Determination Phase 1, GS-11): the target in its 150+ arc, at most 9 hexes
    away horizontally, no more than 6 levels above nor 9 below it. A same-hex
    target lies in no arc (GS-18) unless the option ``same_hex_in_arcs``.
    """
    arc_entry = entry(TABLE, "advantage_arc")
    rule = arc_entry.rule
    if not in_arcs(hex, heading, target_hex, arcs_at_least(arc_entry.value), same_hex_in_arcs):
        return Ruling(False, f"target not in the {arc_entry.value}+ arc", rule)
    rng = hex.distance(target_hex)
    limit = number(TABLE, "advantage_range")
    if rng > limit:
        return Ruling(False, f"target {rng} hexes away, more than {limit}", rule)
    above = target_altitude - altitude
    up, down = number(TABLE, "advantage_levels_above"), number(TABLE, "advantage_levels_below")
    if above > up:
        return Ruling(False, f"target {above} levels higher, more than {up}", rule)
    if -above > down:
        return Ruling(False, f"target {-above} levels lower, more than {down}", rule)
    return Ruling(True, f"target in the {arc_entry.value}+ arc at {rng} hexes", rule)


def categorise(
    advantaged_over_an_enemy: bool, an_enemy_advantaged_over_it: bool
) -> AdvantageCategory:
    """GS-11: disadvantaged if any enemy is advantaged over it (even if it is also
    advantaged); otherwise advantaged if advantaged over any enemy; otherwise
    non-advantaged."""
    if an_enemy_advantaged_over_it:
        return AdvantageCategory.DISADVANTAGED
    if advantaged_over_an_enemy:
        return AdvantageCategory.ADVANTAGED
    return AdvantageCategory.NON_ADVANTAGED


@dataclass(frozen=True)
class Placement:
    """Where an aircraft is, for the advantage check: id, side, hex, heading, altitude."""

    id: str
    side: str
    hex: Hex
    heading: int
    altitude: int


def advantage_categories(
    aircraft: Sequence[Placement], same_hex_in_arcs: bool = False
) -> dict[str, AdvantageCategory]:
    """Every aircraft's category against all enemy aircraft (GS-11). Only the aircraft
    within the advantage range of each are looked at (a spatial index): the same result as
    looking at every pair."""
    over: dict[str, bool] = {a.id: False for a in aircraft}
    under: dict[str, bool] = {a.id: False for a in aircraft}
    reach = number(TABLE, "advantage_range")
    index = HexIndex(((a.hex, a) for a in aircraft), reach)
    for a in aircraft:
        for b in index.near(a.hex, reach):
            if a.side == b.side:
                continue
            if advantaged_over(a.hex, a.heading, a.altitude, b.hex, b.altitude, same_hex_in_arcs):
                over[a.id] = True
                under[b.id] = True
    return {a.id: categorise(over[a.id], under[a.id]) for a in aircraft}


def initiative_modifiers(
    training: Training | str,
    pilot: Crewman,
    *,
    first_kill: bool = False,
    most_kills: bool = False,
) -> list[Modifier]:
    """An aircraft's initiative modifiers (Initiative Modifiers Table, GS-12): its
    side's training standard, its pilot's quality, each of the pilot's
    attributes, +1 if its side gained the first kill, +1 if its side has most
    kills. Rows worth 0 are listed too, so the reason is shown."""
    mods = [
        modifier_row(
            TABLE, "training_standard", as_enum(Training, training, "training standard").value
        ),
        modifier_row(TABLE, "pilot_quality", pilot.quality.value),
    ]
    mods += [modifier_row(TABLE, "pilot_attribute", a.value) for a in sorted(pilot.attributes)]
    if first_kill:
        mods.append(modifier_row(TABLE, "side", "first_kill"))
    if most_kills:
        mods.append(modifier_row(TABLE, "side", "most_kills"))
    return mods


def sides_with_most_kills(kills: Mapping[str, int]) -> frozenset[str]:
    """The side with strictly the most kills; none on a tie or with no kills (GS-36)."""
    if not kills:
        return frozenset()
    best = max(kills.values())
    leaders = [side for side, k in kills.items() if k == best]
    return frozenset(leaders) if best > 0 and len(leaders) == 1 else frozenset()


def initiative_number(side_roll: int, modifiers: Sequence[Modifier]) -> int:
    """The side's d10 plus the aircraft's modifiers (Order Of Flight Determination
    Phase 2-3, GS-12); lower moves first within its category."""
    if not 1 <= side_roll <= 10:
        raise ValueError(f"an initiative roll is 1 to 10 on the d10, not {side_roll}")
    return side_roll + sum(m.value for m in modifiers)


class RollOffNeeded(AirwarError):
    """Aircraft still tied for initiative: each group must roll off (GS-20)."""

    def __init__(self, groups: list[tuple[str, ...]]) -> None:
        self.groups = groups
        text = "; ".join(", ".join(g) for g in groups)
        super().__init__(f"tied for initiative, roll off needed: {text} (GS-20)")


def _order_group(
    group: list[str], rolloffs: Mapping[str, Sequence[int]], depth: int
) -> tuple[list[str], list[tuple[str, ...]]]:
    if len(group) == 1:
        return group, []
    if any(len(rolloffs.get(i, ())) <= depth for i in group):
        tied = sorted(group)
        return tied, [tuple(tied)]
    buckets: dict[int, list[str]] = {}
    for i in group:
        roll = rolloffs[i][depth]
        if not 1 <= roll <= 10:
            raise ValueError(f"roll-off for {i} must be 1 to 10 on the d10, not {roll}")
        buckets.setdefault(roll, []).append(i)
    order: list[str] = []
    pending: list[tuple[str, ...]] = []
    for roll in sorted(buckets):
        sub_order, sub_pending = _order_group(buckets[roll], rolloffs, depth + 1)
        order += sub_order
        pending += sub_pending
    return order, pending


def rolloff_groups(
    numbers: Mapping[str, int],
    categories: Mapping[str, AdvantageCategory],
    rolloffs: Mapping[str, Sequence[int]] | None = None,
) -> list[tuple[str, ...]]:
    """Groups of aircraft still tied after the roll-offs so far; each member of a
    group rolls one more unmodified d10 (GS-12, GS-20)."""
    return _order(numbers, categories, rolloffs or {})[1]


def order_of_flight(
    numbers: Mapping[str, int],
    categories: Mapping[str, AdvantageCategory],
    rolloffs: Mapping[str, Sequence[int]] | None = None,
) -> list[str]:
    """Movement order of Flight Phase 8: disadvantaged, then non-advantaged, then
    advantaged; lower initiative number first within each; ties broken by the
    roll-offs given (``rolloffs[id]`` lists that aircraft's roll-off d10s in
    turn). Raises ``RollOffNeeded`` while any tie is unresolved (GS-12, GS-20).
    """
    order, pending = _order(numbers, categories, rolloffs or {})
    if pending:
        raise RollOffNeeded(pending)
    return order


def _order(
    numbers: Mapping[str, int],
    categories: Mapping[str, AdvantageCategory],
    rolloffs: Mapping[str, Sequence[int]],
) -> tuple[list[str], list[tuple[str, ...]]]:
    missing = set(numbers) ^ set(categories)
    if missing:
        raise ValueError(f"aircraft without both a number and a category: {sorted(missing)}")
    buckets: dict[tuple[int, int], list[str]] = {}
    for i, n in numbers.items():
        buckets.setdefault((categories[i].move_order, n), []).append(i)
    order: list[str] = []
    pending: list[tuple[str, ...]] = []
    for key in sorted(buckets):
        sub_order, sub_pending = _order_group(sorted(buckets[key]), rolloffs, 0)
        order += sub_order
        pending += sub_pending
    return order, pending
