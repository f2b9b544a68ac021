"""Actions of MiGs and Sabres and their notation.

Decisions: ``Step`` (``F``, ``L``, ``R``, ``WL``, ``WR``), ``Fire`` (``fire``)
and ``HoldFire`` (``hold``). Chance outcomes: the kernel's
:class:`~airwar.core.dice.Roll` (one die) and ``ChartDraw`` (one square of a
random Sortie Chart, MS-2).

>>> parse_path("F F L fire")
[Step(kind=<StepKind.F: 'F'>), Step(kind=<StepKind.F: 'F'>), Step(kind=<StepKind.L: 'L'>), Fire()]
>>> str(parse_action("wr"))
'WR'
"""

from __future__ import annotations

from dataclasses import dataclass

from airwar.core.errors import InvalidNotation
from airwar.games.migs_sabres.movement import StepKind


@dataclass(frozen=True)
class Step:
    """One step of a movement turn (III.D, MS-6)."""

    kind: StepKind

    def __str__(self) -> str:
        return self.kind.value


@dataclass(frozen=True)
class Fire:
    """Fire at the plane directly ahead (III.F, MS-9), or return fire (III.G)."""

    def __str__(self) -> str:
        return "fire"


@dataclass(frozen=True)
class HoldFire:
    """Decline a shot: the III.G return fire, or a shot at the end of a move (MS-15)."""

    def __str__(self) -> str:
        return "hold"


@dataclass(frozen=True)
class ChartDraw:
    """A chance outcome: what one Sortie Chart square lists ("" = empty; MS-2)."""

    entry: str

    def __str__(self) -> str:
        return f"chart {self.entry or '-'}"


Decision = Step | Fire | HoldFire

_WORDS: dict[str, Decision] = {"fire": Fire(), "hold": HoldFire()}


def parse_action(text: str) -> Decision:
    """The decision written as ``text`` (case-insensitive)."""
    t = text.strip()
    low = t.lower()
    if low in _WORDS:
        return _WORDS[low]
    try:
        return Step(StepKind.parse(t))
    except ValueError:
        raise InvalidNotation(
            f"{text!r} is not a MiGs and Sabres action (F, L, R, WL, WR, fire or hold)"
        ) from None


def parse_path(text: str) -> list[Decision]:
    """A whole move typed as a path, e.g. ``"F F L fire"`` (spaces or commas)."""
    parts = text.replace(",", " ").split()
    if not parts:
        raise InvalidNotation("an empty path: type steps like 'F F L fire'")
    return [parse_action(p) for p in parts]
