"""A tiny two-seat dice game used to test the kernel without any real rule set.

Seats alternately add 1 or 2 to a shared total; after each decision a bonus
check (1d6, 4+) adds 1 more. The seat that brings the total to 10 or more wins.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from airwar.core import (
    CHANCE,
    D6,
    TERMINAL,
    Check,
    Comparison,
    EventLog,
    Game,
    GameState,
    InvalidNotation,
    Parameter,
    register_game,
)


@dataclass(frozen=True)
class Add:
    n: int

    def __str__(self) -> str:
        return f"add{self.n}"


@dataclass(frozen=True)
class Roll:
    value: int

    def __str__(self) -> str:
        return f"roll{self.value}"


class ToyState(GameState):
    def __init__(self, game: ToyGame) -> None:
        self.game = game
        self.log = EventLog()
        self.total = 0
        self.to_move = 0
        self.pending_bonus = False
        self.winner: int | None = None

    def bonus_check(self) -> Check:
        return Check("Bonus", "TOY-1", D6, 4, Comparison.AT_LEAST)

    def current_actor(self) -> int:
        if self.winner is not None:
            return TERMINAL
        if self.pending_bonus:
            return CHANCE
        return self.to_move

    def legal_actions(self) -> list[object]:
        if self.current_actor() == CHANCE:
            return [a for a, _ in self.chance_outcomes()]
        if self.current_actor() == TERMINAL:
            return []
        return [Add(1), Add(2)]

    def chance_outcomes(self) -> list[tuple[object, Fraction]]:
        return [(Roll(v), p) for v, p in D6.outcomes()]

    def pending_check(self) -> Check | None:
        return self.bonus_check() if self.pending_bonus else None

    def apply(self, action: object) -> None:
        if isinstance(action, Roll):
            ev = self.bonus_check().resolve(action.value)
            self.log.append(ev)
            if ev["success"]:
                self.total += 1
            self.pending_bonus = False
            self._after()
            return
        assert isinstance(action, Add)
        self.total += action.n
        self.log.emit("add", seat=self.to_move, n=action.n, total=self.total)
        if self.total >= self.game.options["goal"]:
            self._after()
            return
        self.pending_bonus = True

    def _after(self) -> None:
        if self.total >= self.game.options["goal"]:
            self.winner = self.to_move
            self.log.emit("end", winner=self.winner)
        else:
            self.to_move = 1 - self.to_move

    def returns(self) -> list[float]:
        if self.winner is None:
            return [0.0, 0.0]
        return [1.0 if s == self.winner else -1.0 for s in (0, 1)]


@register_game
class ToyGame(Game):
    name = "toy"
    title = "Toy race"
    seat_names = ("Red", "Blue")
    parameters = (
        Parameter("goal", 10, "total that wins", "TOY-0", minimum=2, maximum=100, label="Goal"),
    )

    def new_initial_state(self) -> ToyState:
        return ToyState(self)

    def parse_action(self, text: str) -> object:
        t = text.strip()
        if t in ("add1", "add2"):
            return Add(int(t[-1]))
        raise InvalidNotation(f"{text!r} is not add1 or add2")
