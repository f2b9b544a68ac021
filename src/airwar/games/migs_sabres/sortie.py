"""The Sortie Chart (II.A.1, MS-2) and the marker's course (III.A, III.K, MS-3).

A chart is a tuple of 22 entries: an aircraft type name, or ``""`` for an
empty square. A random chart is drawn square by square as chance nodes so
that every chart comes with its exact probability.

>>> chart = parse_chart("MiG-15,-,F-86,-,Yak-9,F-84,-,MiG-15,F-80,-,Meteor,"
...                     "MiG-15,F-51,-,Yak-9,F-86,-,MiG-15,-,-,Yak-9,F-86")
>>> chart[0], chart[1], len(chart)
('MiG-15', '', 22)
"""

from __future__ import annotations

from fractions import Fraction

from airwar.core.errors import InvalidNotation
from airwar.games.migs_sabres.actions import ChartDraw
from airwar.games.migs_sabres.data import table
from airwar.games.migs_sabres.planes import Side, plane_type, types_of

_SORTIE = table("sortie")
CHART_SQUARES: int = int(_SORTIE["squares"])
CHART_COUNTS: dict[Side, int] = {
    Side.COMMUNIST: int(_SORTIE["communist"]),
    Side.ALLIED: int(_SORTIE["allied"]),
}
EMPTY_SQUARES: int = CHART_SQUARES - sum(CHART_COUNTS.values())
SORTIES_PER_SIDE: int = int(_SORTIE["sorties"])
EMPTY_MARKS = ("", "-", "empty", ".")

Chart = tuple[str, ...]


def entry_side(entry: str) -> Side | None:
    """The side of the plane listed in a chart entry (None: empty)."""
    return None if entry == "" else plane_type(entry).side


def parse_chart(text: str) -> Chart:
    """A chart written as 22 comma-separated entries (``-`` for an empty square; MS-2)."""
    parts = [p.strip() for p in text.split(",")]
    if len(parts) != CHART_SQUARES:
        raise InvalidNotation(
            f"a Sortie Chart has {CHART_SQUARES} squares, this one has {len(parts)} (MS-2)"
        )
    entries: list[str] = []
    for i, part in enumerate(parts, 1):
        if part.lower() in EMPTY_MARKS:
            entries.append("")
            continue
        try:
            entries.append(plane_type(part).name)
        except InvalidNotation as exc:
            raise InvalidNotation(f"Sortie Chart square {i}: {exc}") from None
    check_chart(tuple(entries))
    return tuple(entries)


def check_chart(chart: Chart) -> None:
    """Raise InvalidNotation unless the chart has MS-2's makeup."""
    for side, want in CHART_COUNTS.items():
        got = sum(1 for e in chart if entry_side(e) is side)
        if got != want:
            raise InvalidNotation(
                f"a Sortie Chart lists {want} {side} planes, this one lists {got} (MS-2)"
            )


def chart_text(chart: Chart) -> str:
    return ",".join(e or "-" for e in chart)


def chart_draw_outcomes(drawn: Chart) -> list[tuple[ChartDraw, Fraction]]:
    """The next square of a random chart, given the squares ``drawn`` so far (MS-2).

    The 22 squares are a uniformly shuffled mix of 7 Communist, 7 Allied and
    8 empty squares; each plane square lists one of its side's types, all
    equally likely.
    """
    left = CHART_SQUARES - len(drawn)
    if left <= 0:
        raise ValueError("the Sortie Chart is complete")
    out: list[tuple[ChartDraw, Fraction]] = []
    empty_left = EMPTY_SQUARES - sum(1 for e in drawn if e == "")
    if empty_left:
        out.append((ChartDraw(""), Fraction(empty_left, left)))
    for side, want in CHART_COUNTS.items():
        side_left = want - sum(1 for e in drawn if entry_side(e) is side)
        if side_left <= 0:
            continue
        kinds = types_of(side)
        for t in kinds:
            out.append((ChartDraw(t.name), Fraction(side_left, left * len(kinds))))
    return out
