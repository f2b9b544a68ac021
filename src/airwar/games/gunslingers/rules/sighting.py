"""Visual Sighting Phase checks and limits (GS-9, GS-10, GS-19, GS-22).

Every range here is the GS-10 sighting range (``hexgrid.sighting_range``:
horizontal hexes plus the altitude allowance); "within" means at that range
or less (GS-22).

>>> camouflaged_sighting_check(range_to_unit=3, sighting_range=6).probability()
Fraction(1, 2)
>>> ground_id_check(4).probability()
Fraction(3, 5)
>>> padlock_limit([Crewman.of("veteran")]).number
2
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from airwar.core.checks import Check, Modifier
from airwar.games.gunslingers.model.hexgrid import Arc
from airwar.games.gunslingers.model.words import Attribute, CheckInputError, Crewman, Quality
from airwar.games.gunslingers.rules.base import Ruling, d10_check
from airwar.games.gunslingers.tables import entry, number

TABLE = "sighting"


def _range(value: int, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise CheckInputError(f"{what} must be a whole number of hexes 0 or more, not {value!r}")
    return value


def camouflaged_sighting_range(sighting_range: int) -> int:
    """Half the sighting range for camouflaged units, rounded up (Visual Sighting
    Phase 5, GS-19)."""
    divisor = number(TABLE, "camouflaged_range_divisor")
    return -(-_range(sighting_range, "sighting range") // divisor)


def camouflaged_sighting_check(range_to_unit: int, sighting_range: int) -> Check | None:
    """Sight a camouflaged ground unit (Visual Sighting Phase 5, 5- at half range).

    ``sighting_range`` is the searcher's range for open ground units (unit
    data, GS-6). ``None`` beyond half of it: no roll.
    """
    if _range(range_to_unit, "range to unit") > camouflaged_sighting_range(sighting_range):
        return None
    return d10_check("Sight camouflaged unit", entry(TABLE, "camouflaged_target"))


def ground_id_check(range_to_unit: int) -> Check | None:
    """Identify a ground unit: d10 <= 10 - range (Visual Sighting Phase 6, GS-10).

    Shown as 10- with the range added to the roll. ``None`` when 10 - range is
    0 or less: no chance, no roll.
    """
    base = entry(TABLE, "ground_id_base")
    if base.value - _range(range_to_unit, "range to unit") <= 0:
        return None
    mods = (Modifier("range to unit", range_to_unit, base.rule),) if range_to_unit else ()
    return d10_check("Identify ground unit", base, mods)


def visual_sighting_limit(visibility: int, vas: bool = False) -> int:
    """Maximum sighting range: 4 x the target's visibility number, 10 x with VAS (GS-10)."""
    key = "vas_range_multiple" if vas else "visual_range_multiple"
    return number(TABLE, key) * _range(visibility, "visibility number")


def resighting_check(sighting_range: int, visibility: int, vas: bool = False) -> Check | None:
    """Sight anew an unsighted air target (Visual Sighting Phase 9).

    The text gives no number: house default 5- within the searcher's maximum
    sighting range (GS-10, ``tables/house_rules.toml``). ``None`` beyond it.
    """
    if _range(sighting_range, "sighting range") > visual_sighting_limit(visibility, vas):
        return None
    return d10_check("Sight unsighted target anew", entry("house_rules", "resighting"))


def target_id_automatic(
    sighting_range: int,
    visibility: int,
    *,
    vas: bool = False,
    radar_lock_on: bool = False,
    target_id_technology: bool = False,
    line_of_sight: bool = True,
) -> Ruling:
    """Whether target ID is automatic (Visual Sighting Phase 10 a-c, GS-10).

    The visual ways (a, b) need a line of sight to the target (GS-44); the radar
    way (c) needs only the lock-on.
    """
    if radar_lock_on and target_id_technology:
        rule = "Visual Sighting Phase 10c / GS-10"
        return Ruling(True, "radar lock-on with target ID technology", rule)
    step = entry(TABLE, "target_id_vas_multiple" if vas else "target_id_multiple")
    limit = step.value * _range(visibility, "visibility number")
    what = "with VAS " if vas else ""
    if not line_of_sight:
        return Ruling(
            False,
            "no line of sight to the target and no radar lock-on with target ID technology",
            f"{step.rule}, GS-44",
        )
    if _range(sighting_range, "sighting range") <= limit:
        return Ruling(
            True, f"within {step.value} x visibility {visibility} = {limit} hexes {what}", step.rule
        )
    return Ruling(
        False,
        f"range {sighting_range} is beyond {step.value} x visibility {visibility} = {limit} "
        f"hexes {what}and no radar lock-on with target ID technology",
        step.rule,
    )


@dataclass(frozen=True)
class PadlockLimit:
    """How many targets an aircraft may padlock, and why (GS-9)."""

    number: int
    reasons: tuple[str, ...]


def padlock_limit(crew: Sequence[Crewman]) -> PadlockLimit:
    """Targets the aircraft may padlock (Visual Sighting Phase 8 a-d, GS-9).

    Pilot-only 1, multi-crew 2; one more if any crew member is a Veteran or a
    Tactics Master; none if every crew member is Novice or Green and none is a
    Tactics Master.
    """
    if not crew:
        raise CheckInputError("an aircraft needs at least one crew member to padlock")
    tactics_master = any(c.has(Attribute.TACTICS_MASTER) for c in crew)
    if all(c.quality in (Quality.NOVICE, Quality.GREEN) for c in crew) and not tactics_master:
        return PadlockLimit(0, ("crew solely Novice or Green, no Tactics Master (8d)",))
    multi = len(crew) > 1
    base = entry(TABLE, "padlock_multi_crew" if multi else "padlock_pilot_only")
    reasons = [f"{'multi-crew' if multi else 'pilot only'}: {base.value} ({base.rule})"]
    total = base.value
    if any(c.quality is Quality.VETERAN for c in crew) or tactics_master:
        extra = entry(TABLE, "padlock_veteran_or_tactics_master")
        total += extra.value
        reasons.append(f"Veteran or Tactics Master: +{extra.value} ({extra.rule})")
    return PadlockLimit(total, tuple(reasons))


def may_padlock_into(
    target_arc: Arc | None, blind_arcs: Iterable[Arc], same_hex_in_arcs: bool = False
) -> Ruling:
    """Whether a target in ``target_arc`` may be padlocked: never into a blind arc
    (Visual Sighting Phase 8e, GS-9). A same-hex target (no arc) is in no blind
    arc (GS-18), unless the option ``same_hex_in_arcs`` puts it in every arc."""
    rule = "Visual Sighting Phase 8e / GS-9"
    blind = frozenset(blind_arcs)
    if target_arc is not None and target_arc in blind:
        return Ruling(False, f"target is in blind arc {target_arc.value}", rule)
    if target_arc is None and same_hex_in_arcs and blind:
        return Ruling(False, "target in the same hex lies in every arc, blind ones too", rule)
    return Ruling(True, "target is not in a blind arc", rule)
