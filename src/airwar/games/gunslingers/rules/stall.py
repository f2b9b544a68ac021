"""Stalled Aircraft Phase checks (GS-8): recovery, departure, vertical reverse.

The modifiers are added to the d10 (GS-1): the recovery list's minuses help the
6- recovery and vertical reverse; the "avoiding departed flight" list's pluses
make the 5- departure less likely. A modifier of the pilot is that of the crew
member flying the aircraft.

>>> departure_check(fly_by_wire=True, pilot=Crewman.of("veteran")).probability()
Fraction(1, 5)
"""

from __future__ import annotations

from airwar.core.checks import Check, Modifier
from airwar.games.gunslingers.model.words import Crewman
from airwar.games.gunslingers.rules.base import d10_check
from airwar.games.gunslingers.tables import entry, modifier_rows

TABLE = "stall"


def _pilot_modifiers(table_key: str, fly_by_wire: bool, pilot: Crewman) -> list[Modifier]:
    """The rows of a modifier list that apply, in the text's order."""
    applies: set[str] = {pilot.quality.value} | {a.value for a in pilot.attributes}
    if fly_by_wire:
        applies.add("fly_by_wire")
    return [m for key, m in modifier_rows(TABLE, table_key).items() if key in applies]


def recovery_modifiers(fly_by_wire: bool, pilot: Crewman) -> list[Modifier]:
    """Recovery / Vert. Rev. Maneuver Modifiers a-d that apply."""
    return _pilot_modifiers("recovery_modifiers", fly_by_wire, pilot)


def avoiding_departure_modifiers(fly_by_wire: bool, pilot: Crewman) -> list[Modifier]:
    """Avoiding Departed Flight Modifiers a-g that apply (GS-8)."""
    return _pilot_modifiers("avoiding_departure_modifiers", fly_by_wire, pilot)


def departed_recovery_check(fly_by_wire: bool = False, pilot: Crewman | None = None) -> Check:
    """Recover from departed flight (Stalled Aircraft Phase 1, 6-)."""
    crew = pilot or Crewman()
    return d10_check(
        "Recover from departed flight",
        entry(TABLE, "departed_recovery"),
        recovery_modifiers(fly_by_wire, crew),
    )


def departure_check(fly_by_wire: bool = False, pilot: Crewman | None = None) -> Check:
    """Does a stalled aircraft depart? (Stalled Aircraft Phase 2, 5-; success = it departs.)

    The "avoiding" modifiers are added to the roll as signed (GS-8).
    """
    crew = pilot or Crewman()
    return d10_check(
        "Stalled aircraft departs",
        entry(TABLE, "departure"),
        avoiding_departure_modifiers(fly_by_wire, crew),
    )


def vertical_reverse_check(fly_by_wire: bool = False, pilot: Crewman | None = None) -> Check:
    """Vertical reverse after stalling in a vertical climb (Stalled Aircraft Phase 3, 6-).

    Made only by an aircraft that stalled in a vertical climb and did not
    depart (GS-8); the recovery modifier list applies.
    """
    crew = pilot or Crewman()
    return d10_check(
        "Vertical reverse manoeuvre",
        entry(TABLE, "vertical_reverse"),
        recovery_modifiers(fly_by_wire, crew),
    )
