"""The scenario file's words that the rules take as enums, and the crew member in play.

A scenario names a side's training, a crew member's quality and attributes in
words (``"veteran"``, ``"sierra_hotel"``); the file's schema checks them
(:class:`~airwar.games.gunslingers.model.fields.CrewMember`, what a file may
say), and the game in play holds each crew member as one :class:`Crewman`
(what the rules read), built once when the units are made.

>>> Crewman.of("veteran", ["tactics_master"]).has(Attribute.TACTICS_MASTER)
True
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import Enum, StrEnum
from typing import TypeVar

from airwar.core.errors import AirwarError


class CheckInputError(AirwarError, ValueError):
    """A number given to a check that the rules cannot take (a negative PPL, say)."""


class Training(StrEnum):
    """Side training standard (Initiative Modifiers Table, GS-12)."""

    EXCELLENT = "excellent"
    GOOD = "good"
    AVERAGE = "average"
    LIMITED = "limited"
    POOR = "poor"


class Quality(StrEnum):
    """Pilot quality (Initiative Modifiers Table, stall modifiers, padlock)."""

    VETERAN = "veteran"
    REGULAR = "regular"
    NOVICE = "novice"
    GREEN = "green"


class Attribute(StrEnum):
    """Pilot characteristics and attributes (Initiative Modifiers Table)."""

    SIERRA_HOTEL = "sierra_hotel"
    TACTICS_MASTER = "tactics_master"
    COMBAT_HERO = "combat_hero"
    EXCELLENT_CONFIDENCE = "excellent_confidence"
    POOR_CONFIDENCE = "poor_confidence"


E = TypeVar("E", bound=Enum)


def as_enum(kind: type[E], value: E | str, what: str) -> E:
    """``value`` as a member of ``kind``; a word that is not one raises a
    ``CheckInputError`` naming the words allowed."""
    if isinstance(value, kind):
        return value
    try:
        return kind(value)
    except ValueError:
        allowed = ", ".join(str(m.value) for m in kind)
        raise CheckInputError(f"{what} {value!r} is not one of {allowed}") from None


@dataclass(frozen=True)
class Crewman:
    """One crew member: quality and attributes (values may be the scenario's words)."""

    quality: Quality = Quality.REGULAR
    attributes: frozenset[Attribute] = field(default_factory=frozenset)

    @classmethod
    def of(cls, quality: Quality | str, attributes: Iterable[Attribute | str] = ()) -> Crewman:
        return cls(
            as_enum(Quality, quality, "pilot quality"),
            frozenset(as_enum(Attribute, a, "pilot attribute") for a in attributes),
        )

    def has(self, attribute: Attribute) -> bool:
        return attribute in self.attributes
