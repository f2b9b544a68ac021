"""The results of an exact review (:mod:`airwar.analysis.review`): each decision with its
values and mark, each roll with its luck, each engagement, each seat's summary and the
whole game's, as the terminal, the browser and the JSON export read them; and the
thresholds at which a loss is marked (MS-30)."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from airwar.core.errors import AirwarError
from airwar.games.migs_sabres.solver import Value

TIE = 1e-6
"""Two values closer than this are equal (the solution keeps kill chances in float32)."""


class ReviewError(AirwarError):
    """The game cannot be reviewed (no analysis for its kind, a record that does not replay)."""


INACCURACY, MISTAKE, BLUNDER = "inaccuracy", "mistake", "blunder"
MARKS = (INACCURACY, MISTAKE, BLUNDER)
SYMBOLS = {INACCURACY: "?!", MISTAKE: "?", BLUNDER: "??"}


@dataclass(frozen=True)
class Thresholds:
    """Where a loss becomes a mark (MS-30), in kills of the other plane.

    A loss is compared in kills: with kills scoring (MS-12) it is the loss
    itself, with base-value scoring (IV.A) the loss divided by the points a
    kill by the deciding plane scores. Defaults: 0.02, 0.05 and 0.15 kills.
    """

    inaccuracy: float = 0.02
    mistake: float = 0.05
    blunder: float = 0.15

    def __post_init__(self) -> None:
        values = (self.inaccuracy, self.mistake, self.blunder)
        if not all(isinstance(v, int | float) and math.isfinite(v) for v in values):
            raise ReviewError("the mark thresholds must be numbers")
        if not 0 < self.inaccuracy <= self.mistake <= self.blunder <= 1:
            raise ReviewError(
                "the mark thresholds must be 0 < inaccuracy <= mistake <= blunder <= 1 kill, "
                f"not {self.inaccuracy}, {self.mistake}, {self.blunder}"
            )

    @classmethod
    def parse(cls, text: str) -> Thresholds:
        """``"0.02,0.05,0.15"``: the inaccuracy, mistake and blunder thresholds in kills."""
        parts = [p.strip() for p in text.split(",")]
        if len(parts) != 3:
            raise ReviewError(
                f"thresholds are three numbers, inaccuracy,mistake,blunder (in kills), not {text!r}"
            )
        try:
            numbers = [float(p) for p in parts]
        except ValueError:
            raise ReviewError(f"thresholds must be numbers, not {text!r}") from None
        return cls(*numbers)

    def mark(self, loss_in_kills: float) -> str | None:
        """The mark of a loss (in kills), or None below the inaccuracy threshold."""
        if loss_in_kills >= self.blunder - TIE:
            return BLUNDER
        if loss_in_kills >= self.mistake - TIE:
            return MISTAKE
        if loss_in_kills >= self.inaccuracy - TIE:
            return INACCURACY
        return None

    def to_dict(self) -> dict[str, float]:
        return {"inaccuracy": self.inaccuracy, "mistake": self.mistake, "blunder": self.blunder}


@dataclass
class DecisionReview:
    """A decision of the game with its values (from the decider's side)."""

    index: int
    """1-based: the decision's number in the record."""
    seat: int
    plane: str
    plane_type: str
    action: str
    best: str
    value: float
    best_value: float
    loss: float
    loss_kills: float
    options: int
    mark: str | None
    p_kill_active: float
    p_kill_listed: float

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": "decision",
            "index": self.index,
            "seat": self.seat,
            "plane": self.plane,
            "plane_type": self.plane_type,
            "action": self.action,
            "best": self.best,
            "value": self.value,
            "best_value": self.best_value,
            "loss": self.loss,
            "loss_kills": self.loss_kills,
            "options": self.options,
            "mark": self.mark,
            "p_kill_active": self.p_kill_active,
            "p_kill_listed": self.p_kill_listed,
        }


@dataclass
class RollReview:
    """A roll of an engagement with its luck (from the roller's side)."""

    after_decision: int
    """How many decisions of the record were made before it."""
    seat: int
    plane: str
    plane_type: str
    name: str
    roll: int
    p_at_least: Fraction
    swing: float
    p_kill_active: float
    p_kill_listed: float

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": "roll",
            "after_decision": self.after_decision,
            "seat": self.seat,
            "plane": self.plane,
            "plane_type": self.plane_type,
            "name": self.name,
            "roll": self.roll,
            "p_at_least": f"{self.p_at_least.numerator}/{self.p_at_least.denominator}",
            "p_at_least_float": float(self.p_at_least),
            "swing": self.swing,
            "p_kill_active": self.p_kill_active,
            "p_kill_listed": self.p_kill_listed,
        }


@dataclass
class EngagementReview:
    """One engagement: its matchup, start value, steps in order and result."""

    number: int
    matchup: str
    active_type: str
    listed_type: str
    active_seat: int
    listed_seat: int
    turn_limit: int
    scoring: str
    first_decision: int
    """How many decisions of the record were made before it started."""
    unrated: str | None = None
    """Why there are no values (no turn limit, a limit above MS-24's, not solved)."""
    start: Value | None = None
    result: Value | None = None
    steps: list[DecisionReview | RollReview] = field(default_factory=list)

    @property
    def decisions(self) -> list[DecisionReview]:
        return [s for s in self.steps if isinstance(s, DecisionReview)]

    @property
    def rolls(self) -> list[RollReview]:
        return [s for s in self.steps if isinstance(s, RollReview)]

    def to_dict(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "matchup": self.matchup,
            "active_type": self.active_type,
            "listed_type": self.listed_type,
            "active_seat": self.active_seat,
            "listed_seat": self.listed_seat,
            "turn_limit": self.turn_limit,
            "scoring": self.scoring,
            "first_decision": self.first_decision,
            "unrated": self.unrated,
            "start": None if self.start is None else self.start.to_dict(),
            "result": None if self.result is None else self.result.to_dict(),
            "steps": [s.to_dict() for s in self.steps],
        }


@dataclass
class SeatSummary:
    """One seat's decisions and dice over the whole game."""

    seat: int
    name: str
    decisions: int = 0
    choices: int = 0
    """Decisions with more than one legal option (the ones the average is over)."""
    total_loss: float = 0.0
    marks: dict[str, int] = field(default_factory=lambda: dict.fromkeys(MARKS, 0))
    rolls: int = 0
    """This seat's own rated rolls."""
    luck: float = 0.0
    """The sum of the swings of every rated roll (both seats'), from this seat's side."""
    own_p_at_least: float = 0.0
    """The mean luck percentile of this seat's own rolls (1/2 is average; lower is luckier)."""

    @property
    def average_loss(self) -> float:
        return self.total_loss / self.choices if self.choices else 0.0

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "name": self.name,
            "decisions": self.decisions,
            "choices": self.choices,
            "total_loss": self.total_loss,
            "average_loss": self.average_loss,
            "marks": dict(self.marks),
            "rolls": self.rolls,
            "luck": self.luck,
            "own_p_at_least": self.own_p_at_least,
        }


@dataclass
class GameReview:
    """The review of one saved game."""

    game: str
    seat_names: tuple[str, ...]
    thresholds: Thresholds
    decisions: int
    engagements: list[EngagementReview]
    seats: list[SeatSummary]

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "seat_names": list(self.seat_names),
            "thresholds": self.thresholds.to_dict(),
            "decisions": self.decisions,
            "engagements": [e.to_dict() for e in self.engagements],
            "seats": [s.to_dict() for s in self.seats],
        }
