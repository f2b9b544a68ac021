"""Drawing the Battle Board and the Sortie Chart as text (rich markup, plain when piped).

The Battle Board is drawn with rank 14 ("north") at the top and files a..k
left to right; a plane is its side's letter (C Communist, A Allied) and an
arrow for its facing (MS-5, MS-6). The Sortie Chart is its 22 squares in two
rows of eleven, with each side's marker under the square it stands on
(position 0 is "before square 1", MS-3).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from rich.markup import escape
from rich.text import Text

ARROWS: dict[str, str] = {
    "N": "↑",
    "NE": "↗",
    "E": "→",
    "SE": "↘",
    "S": "↓",
    "SW": "↙",
    "W": "←",
    "NW": "↖",
}
"""The arrow drawn for each facing."""

SIDE_LETTER = {"communist": "C", "allied": "A"}
SIDE_STYLE = {"communist": "bold red", "allied": "bold blue"}
FILES = "abcdefghijk"


@dataclass(frozen=True)
class BoardPlane:
    """A plane as drawn: where, facing which way, whose, and its label for the legend."""

    square: str
    facing: str
    side: str
    label: str


def square_xy(square: str) -> tuple[int, int]:
    """``"c4"`` -> (2, 3): column and row numbers from 0."""
    return FILES.index(square[0].lower()), int(square[1:]) - 1


def board_text(
    planes: Sequence[BoardPlane],
    *,
    columns: int = 11,
    rows: int = 14,
    marks: Mapping[str, str] | None = None,
) -> Text:
    """The board with both planes; ``marks`` puts a character on other squares
    (e.g. ``*`` where the plane to move could fire from)."""
    at: dict[tuple[int, int], BoardPlane] = {square_xy(p.square): p for p in planes}
    marked = {square_xy(sq): ch for sq, ch in (marks or {}).items()}
    lines: list[str] = ["    " + "".join(f" {FILES[c]}  " for c in range(columns)).rstrip()]
    for row in range(rows - 1, -1, -1):
        cells: list[str] = []
        for col in range(columns):
            plane = at.get((col, row))
            if plane is not None:
                glyph = SIDE_LETTER.get(plane.side, "?") + ARROWS.get(plane.facing, "?")
                style = SIDE_STYLE.get(plane.side, "bold")
                cells.append(f"[{style}]{escape(glyph)}[/]  ")
            elif (col, row) in marked:
                cells.append(f"[green] {escape(marked[(col, row)])}[/]  ")
            else:
                cells.append(" ·  ")
        lines.append(f"{row + 1:>3} " + "".join(cells).rstrip())
    lines.append("    " + "".join(f" {FILES[c]}  " for c in range(columns)).rstrip())
    for p in planes:
        style = SIDE_STYLE.get(p.side, "bold")
        glyph = SIDE_LETTER.get(p.side, "?") + ARROWS.get(p.facing, "?")
        lines.append(
            f"  [{style}]{escape(glyph)}[/] {escape(p.label)} at {p.square} facing {p.facing}"
        )
    return Text.from_markup("\n".join(lines))


def short_name(entry: str) -> str:
    """A chart entry shortened to fit a square: ``"Meteor"`` stays, ``""`` is empty."""
    return entry if entry else "-"


def chart_text(
    squares: Sequence[str],
    entry_sides: Sequence[str],
    markers: Mapping[str, int],
    *,
    per_row: int = 11,
) -> Text:
    """The Sortie Chart: numbered squares, their planes coloured by side, the markers.

    ``entry_sides[i]`` is the side of the plane in square ``i + 1`` ("" when
    empty); ``markers`` maps a side to its marker's position (0 = not yet on
    the chart, 1..22 = on that square).
    """
    width = 7
    lines: list[str] = []
    before = [side for side, pos in markers.items() if pos <= 0]
    if before:
        names = " and ".join(f"[{SIDE_STYLE.get(s, 'bold')}]{s}[/]" for s in before)
        lines.append(f"  before square 1: {names} marker")
    for start in range(0, len(squares), per_row):
        idx = range(start, min(start + per_row, len(squares)))
        lines.append("  " + "".join(f"{i + 1:^{width}}" for i in idx).rstrip())
        cells = []
        for i in idx:
            name = escape(short_name(squares[i]))
            side = entry_sides[i]
            cell = f"{name:^{width}}"
            cells.append(f"[{SIDE_STYLE[side]}]{cell}[/]" if side in SIDE_STYLE else cell)
        lines.append("  " + "".join(cells).rstrip())
        marks = []
        for i in idx:
            here = [s for s, pos in markers.items() if pos == i + 1]
            text = "".join(
                f"[{SIDE_STYLE.get(s, 'bold')}]▲{SIDE_LETTER.get(s, '?')}[/]" for s in here
            )
            pad = width - 2 * len(here)
            marks.append(" " * (pad // 2) + text + " " * (pad - pad // 2))
        lines.append("  " + "".join(marks).rstrip())
    return Text.from_markup("\n".join(lines))
