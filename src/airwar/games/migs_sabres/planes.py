"""Aircraft types and sides (MS-1), read from ``data/aircraft.toml``.

>>> from airwar.games.migs_sabres.planes import plane_type
>>> t = plane_type("f-86")
>>> t.name, t.side.value, t.wing, t.base_value
('F-86', 'allied', 'swept', 6)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from airwar.core.errors import InvalidNotation
from airwar.games.migs_sabres.data import table


class Side(str, Enum):
    """The two squadrons' sides. Red dice and markers are Communist, blue Allied (II.C-D)."""

    COMMUNIST = "communist"
    ALLIED = "allied"

    @property
    def other(self) -> Side:
        return Side.ALLIED if self is Side.COMMUNIST else Side.COMMUNIST

    @property
    def seat(self) -> int:
        """The seat that flies this side's planes: 0 Communist (red), 1 Allied (blue)."""
        return 0 if self is Side.COMMUNIST else 1

    @property
    def colour(self) -> str:
        return "red" if self is Side.COMMUNIST else "blue"

    @classmethod
    def parse(cls, text: str) -> Side:
        low = text.strip().lower()
        for side in cls:
            if low in (side.value, side.colour):
                return side
        raise InvalidNotation(f"{text!r} is not a side (communist/red or allied/blue)")

    def __str__(self) -> str:
        return self.value


SIDES: tuple[str, ...] = tuple(s.value for s in Side)
"""The sides' words by seat: ``("communist", "allied")`` (seat 0 red, seat 1 blue)."""


@dataclass(frozen=True)
class PlaneType:
    """One aircraft type: its side, wing type and base value (MS-1, III.E)."""

    name: str
    side: Side
    wing: str
    base_value: int
    active: bool
    rule: str

    def __deepcopy__(self, memo: dict[int, object]) -> PlaneType:
        return self  # immutable value

    def __str__(self) -> str:
        return self.name


def _load() -> dict[str, PlaneType]:
    data = table("aircraft")
    wings = data["wings"]
    out: dict[str, PlaneType] = {}
    for row in data["aircraft"]:
        out[row["name"]] = PlaneType(
            name=row["name"],
            side=Side(row["side"]),
            wing=row["wing"],
            base_value=int(wings[row["wing"]]["base_value"]),
            active=bool(row["active"]),
            rule=row["rule"],
        )
    return out


PLANE_TYPES: dict[str, PlaneType] = _load()
_BY_LOWER = {name.lower(): t for name, t in PLANE_TYPES.items()}


def plane_type(name: str | PlaneType) -> PlaneType:
    """The aircraft type called ``name`` (case-insensitive, "F-86" or "f86")."""
    if isinstance(name, PlaneType):
        return name
    key = name.strip().lower()
    t = _BY_LOWER.get(key) or _BY_LOWER.get(key.replace("mig", "mig-").replace("f", "f-", 1))
    if t is None:
        known = ", ".join(PLANE_TYPES)
        raise InvalidNotation(f"{name!r} is not an aircraft of MiGs and Sabres ({known})")
    return t


def active_type(side: Side) -> PlaneType:
    """The type the side's own squadron flies (MiG-15 or F-86; I.C, MS-4)."""
    for t in PLANE_TYPES.values():
        if t.side is side and t.active:
            return t
    raise InvalidNotation(f"no squadron type is listed for the {side} side")


def types_of(side: Side) -> list[PlaneType]:
    """All types of ``side``, in the data file's order."""
    return [t for t in PLANE_TYPES.values() if t.side is side]
