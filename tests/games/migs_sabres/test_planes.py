"""Aircraft data (MS-1, III.E)."""

from __future__ import annotations

import pytest

from airwar.core.errors import InvalidNotation
from airwar.games.migs_sabres import PLANE_TYPES, Side, plane_type
from airwar.games.migs_sabres.planes import active_type, types_of

MS1 = [
    ("MiG-15", "communist", "swept", 6),
    ("Yak-9", "communist", "prop", 2),
    ("F-86", "allied", "swept", 6),
    ("F-84", "allied", "straight", 4),
    ("F-80", "allied", "straight", 4),
    ("Meteor", "allied", "straight", 4),
    ("F-51", "allied", "prop", 2),
]


@pytest.mark.parametrize(("name", "side", "wing", "base"), MS1)
def test_aircraft_table(name: str, side: str, wing: str, base: int) -> None:
    t = plane_type(name)
    assert (t.side.value, t.wing, t.base_value) == (side, wing, base)
    assert "MS-1" in t.rule


def test_all_seven_models() -> None:
    assert list(PLANE_TYPES) == [row[0] for row in MS1]


@pytest.mark.parametrize(
    ("text", "name"), [("f86", "F-86"), ("mig15", "MiG-15"), ("METEOR", "Meteor")]
)
def test_loose_names(text: str, name: str) -> None:
    assert plane_type(text).name == name


def test_unknown_type() -> None:
    with pytest.raises(InvalidNotation, match="not an aircraft"):
        plane_type("Spitfire")


def test_squadron_types_and_sides() -> None:
    assert active_type(Side.COMMUNIST).name == "MiG-15"
    assert active_type(Side.ALLIED).name == "F-86"
    assert [t.name for t in types_of(Side.COMMUNIST)] == ["MiG-15", "Yak-9"]
    assert Side.parse("red") is Side.COMMUNIST and Side.parse("Allied") is Side.ALLIED
    assert Side.ALLIED.other is Side.COMMUNIST
    assert (Side.COMMUNIST.seat, Side.ALLIED.seat) == (0, 1)
    with pytest.raises(InvalidNotation):
        Side.parse("green")
