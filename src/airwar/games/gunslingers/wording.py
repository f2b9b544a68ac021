"""The words of the Gunslingers log: how values read, and the rule each event cites.

The sentences of the events (:mod:`.event_table`) and the narration of an event
of a kind the table does not know (:mod:`.narrate`) share these: no line shows
a field as ``key=value`` nor a Python list, dict, ``None``, ``True`` or
``False``.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

Event = dict[str, Any]


# -- small helpers ---------------------------------------------------------------------


def words(value: Any) -> str:
    """A value in words: lists joined with commas, mappings as "key value", no reprs."""
    if value is None:
        return "none"
    if value is True:
        return "yes"
    if value is False:
        return "no"
    if isinstance(value, Mapping):
        if not value:
            return "none"
        return ", ".join(f"{words(k)} {words(v)}" for k, v in value.items())
    if isinstance(value, list | tuple | set | frozenset):
        return ", ".join(words(v) for v in value) if value else "none"
    return str(value).replace("_", " ")


def names(items: Any) -> str:
    """Ids in a sentence: "A", "A and B", "A, B and C" (none: "none")."""
    seq = [words(i) for i in (items or [])]
    if not seq:
        return "none"
    return seq[0] if len(seq) == 1 else f"{', '.join(seq[:-1])} and {seq[-1]}"


def signed(value: int) -> str:
    return f"+{value}" if value >= 0 else str(value)


def percent(frac: str) -> str:
    """``"3/10"`` -> ``"3/10 (30.0%)"``."""
    try:
        return f"{frac} ({float(Fraction(frac)) * 100:.1f}%)"
    except (ValueError, ZeroDivisionError):
        return str(frac)


def die_faces(dice: str) -> int | None:
    """The number of faces of one die written ``1dN`` (``None`` for other dice)."""
    head, sep, faces = str(dice).partition("d")
    if sep and head == "1" and faces.isdigit() and int(faces) > 0:
        return int(faces)
    return None


def modifiers(mods: Any) -> str:
    """Each modifier with its reason (and rule, when it has one)."""
    out = []
    for m in mods or []:
        rule = f" ({m['rule']})" if m.get("rule") else ""
        out.append(f"{m['reason']} {signed(int(m['value']))}{rule}")
    return "; ".join(out)


# -- the rule an event implies -----------------------------------------------------------

IMPLIED_RULES: dict[str, str] = {
    "kill": "GS-36",
    "move": "GS-23",
    "destroyed": "GS-14",
    "contact_lost": "GS-34",
    "radar_lock": "GS-46",
    "radar_candidates": "Air Radar Search and Lock-on Phase 2",
    "lock_on": "GS-28",
    "identified": "Visual Sighting Phase 10",
    "unsighted": "Visual Sighting Phase 9",
    "plotted_fire": "AAA Interaction Phase 1",
    "plot_revealed": "Ground Unit Interaction Phase 2",
    "weapon_move": "GS-29",
    "attack": "GS-47",
    "ground_move": "Ground Unit Interaction Phase 4",
    "aircraft_log": "GS-40",
    "reload": "End of Turn Administrative Phase 9",
    "dds": "GS-25",
    "turn_summary": "GS-57",
}
"""The rule or step of the text behind each event type that carries no ``rule`` itself."""

_LAUNCH_RULES = {"aam": "GS-37", "sam": "GS-28", "arm": "GS-50", "a2g": "GS-47"}
_SIGHTED_RULES = {
    "openly": "Visual Sighting Phase 4",
    "camouflaged": "GS-19",
    "anew": "Visual Sighting Phase 9",
}
_DECLARE_RULES = {
    "dds": "GS-25",
    "engaging": "GS-33",
    "illuminating": "GS-33",
    "not illuminating": "GS-33",
    "designating": "Aircraft Decisions Phase 4",
    "fac marking": "Aircraft Decisions Phase 5",
    "modes": "Aircraft Decisions Phase 6",
    "designated search aircraft": "GS-32",
    "padlocks": "Visual Sighting Phase 8",
    "noise arcs": "GS-26",
    "searching for ground units": "Visual Sighting Phase 3",
    "damage control": "GS-39",
}
_MARKER_RULES = {
    "barrage": "GS-51",
    "out_of_ammo": "GS-51",
    "blast_zone": "GS-41",
    "suppression": "GS-38",
    "suppression_removal": "GS-38",
    "smoke_1": "Visual Sighting Phase 1",
    "smoke_2": "End of Turn Administrative Phase 6",
    "laser_spot": "Visual Sighting Phase 1",
    "plotted_fire": "GS-35",
}


def rule_of(e: Mapping[str, Any]) -> str | None:
    """The rule id an event carries, else the one it implies (``None``: the table's own
    business, such as a turn or a phase beginning)."""
    if e.get("rule"):
        return str(e["rule"])
    t = e.get("type")
    if t in ("launch", "launch_failed"):
        return _LAUNCH_RULES.get(str(e.get("kind", "aam")), "GS-37")
    if t == "sighted":
        return _SIGHTED_RULES.get(str(e.get("how")), "Visual Sighting Phase 4")
    if t == "declare":
        return _DECLARE_RULES.get(str(e.get("what")))
    if t == "contact":
        return "GS-34"
    if t == "marker":
        return _MARKER_RULES.get(str(e.get("kind")))
    if t == "weapon_removed":
        reason = str(e.get("reason", ""))
        if "GS-" in reason:
            return None  # the reason cites its rule
        return "Aircraft Administrative Phase 1" if "time of flight" in reason else "GS-29"
    if t == "identified" and "unit" in e:
        return "Visual Sighting Phase 6"
    return IMPLIED_RULES.get(str(t))


def cite(e: Mapping[str, Any]) -> str:
    rule = rule_of(e)
    return f" ({rule})" if rule else ""
