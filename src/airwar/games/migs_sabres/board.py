"""The Battle Board: squares a1..k14 and the eight facings (MS-5, MS-6).

>>> from airwar.games.migs_sabres.board import Facing, Square
>>> sq = Square.parse("c4")
>>> (sq.col, sq.row), str(sq)
((2, 3), 'c4')
>>> Facing.parse("ne").delta, Facing.N.turned(-2)
((1, 1), <Facing.W: 6>)
>>> str(sq.moved(Facing.NE))
'd5'
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

from airwar.core.errors import InvalidNotation
from airwar.games.migs_sabres.data import table
from airwar.games.migs_sabres.geometry import FACING_DELTAS

_BOARD = table("board")
COLUMNS: int = int(_BOARD["columns"])
ROWS: int = int(_BOARD["rows"])
FILES = "abcdefghijklmnopqrstuvwxyz"[:COLUMNS]


def board_view() -> dict[str, int]:
    """The Battle Board's size as the views give it (the browser draws the board from it)."""
    return {"columns": COLUMNS, "rows": ROWS}


class Facing(IntEnum):
    """The eight facings, clockwise from north (towards rank 14) in 45-degree steps."""

    N = 0
    NE = 1
    E = 2
    SE = 3
    S = 4
    SW = 5
    W = 6
    NW = 7

    @classmethod
    def parse(cls, text: str) -> Facing:
        try:
            return cls[text.strip().upper()]
        except KeyError:
            raise InvalidNotation(
                f"{text!r} is not a facing (use N, NE, E, SE, S, SW, W or NW)"
            ) from None

    @property
    def delta(self) -> tuple[int, int]:
        """(column step, row step) of one square along this facing."""
        return _DELTAS[self]

    def turned(self, eighths: int) -> Facing:
        """This facing turned by ``eighths`` 45-degree steps (negative = left)."""
        return Facing((self + eighths) % 8)

    @property
    def is_diagonal(self) -> bool:
        return self % 2 == 1

    def __str__(self) -> str:
        return self.name


_DELTAS: dict[Facing, tuple[int, int]] = {f: FACING_DELTAS[f] for f in Facing}


@dataclass(frozen=True, order=True)
class Square:
    """A square of the board: ``col`` 0..10 (files a..k), ``row`` 0..13 (ranks 1..14)."""

    col: int
    row: int

    def __post_init__(self) -> None:
        if not (0 <= self.col < COLUMNS and 0 <= self.row < ROWS):
            raise InvalidNotation(
                f"square ({self.col}, {self.row}) is off the {COLUMNS}x{ROWS} Battle Board (MS-5)"
            )

    @classmethod
    def parse(cls, text: str) -> Square:
        t = text.strip().lower()
        if len(t) < 2 or t[0] not in FILES or not t[1:].isdigit():
            raise InvalidNotation(
                f"{text!r} is not a square of the Battle Board (a1..{FILES[-1]}{ROWS})"
            )
        row = int(t[1:]) - 1
        if not 0 <= row < ROWS:
            raise InvalidNotation(
                f"{text!r} is not a square of the Battle Board (a1..{FILES[-1]}{ROWS})"
            )
        return cls(FILES.index(t[0]), row)

    @classmethod
    def from_index(cls, index: int) -> Square:
        return _SQUARES[index]

    @property
    def index(self) -> int:
        """``row * COLUMNS + col``: the square's number in fast tables."""
        return self.row * COLUMNS + self.col

    def offset(self, dcol: int, drow: int) -> Square | None:
        """The square ``(dcol, drow)`` away, or None off the board."""
        c, r = self.col + dcol, self.row + drow
        if 0 <= c < COLUMNS and 0 <= r < ROWS:
            return _SQUARES[r * COLUMNS + c]
        return None

    def moved(self, facing: Facing) -> Square | None:
        """The adjacent square along ``facing``, or None off the board."""
        dc, dr = facing.delta
        return self.offset(dc, dr)

    def __deepcopy__(self, memo: dict[int, object]) -> Square:
        return self  # immutable value

    def __str__(self) -> str:
        return f"{FILES[self.col]}{self.row + 1}"

    def __repr__(self) -> str:
        return f"Square.parse({str(self)!r})"


_SQUARES: list[Square] = [Square.__new__(Square) for _ in range(COLUMNS * ROWS)]
for _i, _sq in enumerate(_SQUARES):
    object.__setattr__(_sq, "col", _i % COLUMNS)
    object.__setattr__(_sq, "row", _i // COLUMNS)

ALL_SQUARES: tuple[Square, ...] = tuple(_SQUARES)


def direction(frm: Square, to: Square) -> Facing | None:
    """The facing that points from ``frm`` towards ``to`` by the signs of the offset.

    Exact for adjacent squares; None when the squares are the same.
    """
    dc = (to.col > frm.col) - (to.col < frm.col)
    dr = (to.row > frm.row) - (to.row < frm.row)
    if dc == 0 and dr == 0:
        return None
    return _BY_DELTA[(dc, dr)]


_BY_DELTA: dict[tuple[int, int], Facing] = {d: f for f, d in _DELTAS.items()}
