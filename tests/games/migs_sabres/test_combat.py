"""Aspects and kill rolls (III.F, MS-10) with their exact probabilities."""

from __future__ import annotations

from fractions import Fraction

import pytest

from airwar.games.migs_sabres import Facing, Square, kill_check, kill_on, p_kill

# aspect, kill_on, exact p_kill, exact p_kill for an ace (+1 to the roll, MS-14)
KILL_TABLE = [
    ("front", 6, Fraction(1, 6), Fraction(1, 3)),
    ("front-diagonal", 5, Fraction(1, 3), Fraction(1, 2)),
    ("side", 5, Fraction(1, 3), Fraction(1, 2)),
    ("rear-diagonal", 4, Fraction(1, 2), Fraction(2, 3)),
    ("rear", 3, Fraction(2, 3), Fraction(5, 6)),
]


@pytest.mark.parametrize(("aspect", "need", "p", "p_ace"), KILL_TABLE)
def test_kill_check_probabilities(aspect: str, need: int, p: Fraction, p_ace: Fraction) -> None:
    plain, ace = kill_check(aspect), kill_check(aspect, ace=True)
    assert plain.target == need and plain.rule == "MS-10"
    assert plain.probability() == p == p_kill(aspect)
    assert ace.probability() == p_ace == p_kill(aspect, True)
    assert [m.rule for m in ace.modifiers] == ["MS-14"]
    ev = plain.resolve(need)
    assert ev["success"] is True and ev["p_success"] == f"{p.numerator}/{p.denominator}"
    assert plain.resolve(need - 1)["success"] is False


# target at f7 facing N; attacker square -> aspect
POSITIONS = [
    ("f8", "front", 6),
    ("g8", "front-diagonal", 5),
    ("e8", "front-diagonal", 5),
    ("g7", "side", 5),
    ("e7", "side", 5),
    ("g6", "rear-diagonal", 4),
    ("e6", "rear-diagonal", 4),
    ("f6", "rear", 3),
]


@pytest.mark.parametrize(("attacker", "aspect", "need"), POSITIONS)
def test_kill_on_from_position(attacker: str, aspect: str, need: int) -> None:
    assert kill_on(Square.parse(attacker), None, Square.parse("f7"), Facing.N) == (aspect, need)


def test_aspect_turns_with_target_facing() -> None:
    # target facing east: an attacker to its west is directly behind it
    assert kill_on(Square.parse("e7"), Facing.E, Square.parse("f7"), Facing.E) == ("rear", 3)
    assert kill_on(Square.parse("g8"), Facing.SW, Square.parse("f7"), Facing.NE) == ("front", 6)


def test_same_square_is_an_error() -> None:
    with pytest.raises(ValueError, match="both in"):
        kill_on(Square.parse("f7"), None, Square.parse("f7"), Facing.N)
