"""``airwar migs moves``: the movement perft of one position (MS-6..MS-10).

Reads ``TYPE@SQUARE:FACING`` plane positions, asks the rules package for
every end state and fire option of ``N`` MP, and prints the JSON of docs/terminal.md or a
readable table with one shortest path to each result.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rich.console import Console
from rich.table import Table

from airwar.cli.common import shown
from airwar.core.errors import IllegalAction, InvalidNotation
from airwar.games.migs_sabres.board import Facing, Square
from airwar.games.migs_sabres.movement import (
    ACE_MP_BONUS,
    STEP_KINDS,
    MoveOptions,
    explore_paths,
    movement_options,
    pack,
)
from airwar.games.migs_sabres.planes import PLANE_TYPES, PlaneType, plane_type

MP_DIE = 6
"""The movement roll is 1d6 plus the plane's base value (III.E, MS-7)."""

BEST_BASE_VALUE = max(t.base_value for t in PLANE_TYPES.values())
MAX_MP = BEST_BASE_VALUE + MP_DIE + ACE_MP_BONUS
"""The most MP a plane ever has: a swept-wing jet's 6 + a 6 on 1d6 + 1 for an ace (13)."""


@dataclass(frozen=True)
class PlanePosition:
    """A plane on the board as typed on the command line: ``F-86@c3:N``."""

    plane: PlaneType
    square: Square
    facing: Facing

    @classmethod
    def parse(cls, text: str, what: str = "plane") -> PlanePosition:
        name, at, place = text.partition("@")
        square, colon, facing = place.partition(":")
        if not at or not colon or not name.strip():
            raise InvalidNotation(
                f"{what} {text!r} is not written TYPE@SQUARE:FACING (e.g. F-86@c3:N)"
            )
        try:
            return cls(plane_type(name), Square.parse(square), Facing.parse(facing))
        except InvalidNotation as exc:
            raise InvalidNotation(f"{what}: {exc}") from None

    def __str__(self) -> str:
        return f"{self.plane}@{self.square}:{self.facing}"


def perft(
    mover: PlanePosition,
    target: PlanePosition,
    mp: int,
    *,
    wing_over_used: bool = False,
    ace: bool = False,
) -> MoveOptions:
    """The mover's options with ``mp`` MP against ``target`` (errors name the problem)."""
    if mp < 0:
        raise IllegalAction(f"--mp must be 0 or more, not {shown(mp)}")
    if mp > MAX_MP:
        raise IllegalAction(
            f"--mp must be at most {MAX_MP}, not {shown(mp)}: no plane ever has more "
            f"(base value {BEST_BASE_VALUE} + {MP_DIE} on 1d6 + {ACE_MP_BONUS} for an ace, "
            "III.E, MS-14)"
        )
    if mover.square == target.square:
        raise IllegalAction(f"the mover and the target cannot both be in {mover.square} (MS-8)")
    return movement_options(
        mover.plane,
        mover.square,
        mover.facing,
        target.square,
        mp,
        wing_over_used,
        target_facing=target.facing,
        ace=ace,
    )


def shortest_paths(
    mover: PlanePosition, target: PlanePosition, mp: int, wing_over_used: bool
) -> tuple[dict[str, str], dict[str, str]]:
    """One shortest step path to each end state and each fire position, keyed "c4:NE"."""
    ends, fires = explore_paths(
        pack(mover.square, mover.facing), mp, wing_over_used, target.square.index
    )

    def named(table: dict[int, tuple[int, ...]]) -> dict[str, str]:
        out: dict[str, str] = {}
        for pos, path in table.items():
            sq, f = Square.from_index(pos >> 3), Facing(pos & 7)
            out[f"{sq}:{f}"] = " ".join(str(STEP_KINDS[k]) for k in path)
        return out

    return named(ends), named(fires)


def moves_json(options: MoveOptions) -> dict[str, Any]:
    """The ``airwar migs moves --json`` object (docs/terminal.md, "Analysis commands")."""
    return options.to_dict()


def print_moves_table(
    console: Console,
    mover: PlanePosition,
    target: PlanePosition,
    mp: int,
    wing_over_used: bool,
    options: MoveOptions,
) -> None:
    """The readable form: end states and fire options with a path to each."""
    end_paths, fire_paths = shortest_paths(mover, target, mp, wing_over_used)
    used = " (wing-over already used)" if wing_over_used else ""
    console.print(f"{mover} against {target} with {mp} MP{used}")
    ends = Table(title=f"End states ({len(options.end_states)}): the move must stop here (MS-7)")
    for column in ("square", "facing", "a shortest path"):
        ends.add_column(column)
    for sq, f in options.end_states:
        ends.add_row(str(sq), str(f), end_paths.get(f"{sq}:{f}", ""))
    console.print(ends)
    fires = Table(title=f"Fire options ({len(options.fire_options)}) (MS-9, MS-10)")
    for column in ("square", "facing", "aspect", "kills on", "p(kill)", "a shortest path"):
        fires.add_column(column)
    for fo in options.fire_options:
        fires.add_row(
            str(fo.square),
            str(fo.facing),
            fo.aspect,
            f"{fo.kill_on}+",
            f"{fo.p_kill.numerator}/{fo.p_kill.denominator} ({float(fo.p_kill):.1%})",
            fire_paths.get(f"{fo.square}:{fo.facing}", "") + " fire",
        )
    console.print(fires)
