"""Duel: two fighters close, open the range and fire until one is shot down.

The rules, each with its id (cited by the options, checks and log lines):

- DU-1: the fighters start ``start_range`` apart (1 to 5, 3 by default).
- DU-2: Red acts first, then the seats take turns; one action of each is a round.
- DU-3: an action is ``close`` (the range drops by 1, not below 1), ``open``
  (it grows by 1, not above 5) or ``fire`` (at the other fighter).
- DU-4: fire hits on 4 or more on 1d6: +1 at range 1, -1 at range 4 or more.
- DU-5: a fighter hit ``hits`` times (1 to 3, 2 by default) is shot down and the
  other wins (returns +1 and -1).
- DU-6: after ``rounds`` rounds (1 to 20, 8 by default) with both flying, the
  duel is drawn (0 and 0).

Both seats see everything (open information); every roll is a check explained
with its exact odds before it is made.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any, ClassVar

from airwar.core import (
    CHANCE,
    D6,
    TERMINAL,
    Action,
    Check,
    Comparison,
    EventLog,
    Game,
    GameState,
    GameType,
    IllegalAction,
    InvalidNotation,
    Modifier,
    Parameter,
    register_game,
)

CLOSE, OPEN, FIRE = "close", "open", "fire"
ACTIONS = (CLOSE, OPEN, FIRE)
NEAREST, FARTHEST = 1, 5
"""The range's bounds (DU-3)."""


def to_hit(distance: int) -> Check:
    """The check of one shot at ``distance`` (DU-4)."""
    modifiers: tuple[Modifier, ...] = ()
    if distance <= 1:
        modifiers = (Modifier("point-blank range", 1, "DU-4"),)
    elif distance >= 4:
        modifiers = (Modifier("long range", -1, "DU-4"),)
    return Check("To hit", "DU-4", D6, 4, Comparison.AT_LEAST, modifiers)


class DuelState(GameState):
    """One duel: the range, each fighter's hits, the round, the shot waiting for its roll."""

    game: DuelGame

    def __init__(self, game: DuelGame) -> None:
        self.game = game
        self.log = EventLog()
        self.range: int = game.options["start_range"]
        self.hits = [0, 0]
        self.round = 1
        self.to_act = 0
        self.firing: int | None = None
        """The seat whose shot waits for its roll."""
        self.winner: int | None = None
        self.over = False
        self.log.emit("duel", rule="DU-1", range=self.range, **self._limits())

    def _limits(self) -> dict[str, int]:
        return {"hits": self.game.options["hits"], "rounds": self.game.options["rounds"]}

    def current_actor(self) -> int:
        if self.over:
            return TERMINAL
        return CHANCE if self.firing is not None else self.to_act

    def legal_actions(self) -> list[Action]:
        if self.over:
            return []
        if self.firing is not None:
            return [a for a, _ in self.chance_outcomes()]
        moves = [m for m in (CLOSE, OPEN) if self._moved(m) != self.range]
        return [*moves, FIRE]

    def _moved(self, move: str) -> int:
        step = -1 if move == CLOSE else 1
        return min(FARTHEST, max(NEAREST, self.range + step))

    def pending_check(self) -> Check | None:
        return to_hit(self.range) if self.firing is not None else None

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        if self.firing is None:
            raise IllegalAction("no shot waits for its roll")
        return D6.outcomes()

    def apply(self, action: Action) -> None:
        if self.over:
            raise IllegalAction("the duel is over")
        if self.firing is not None:
            self._shot(self.firing, int(action))
            return
        seat = self.to_act
        if action == FIRE:
            self.firing = seat
            return
        if action not in (CLOSE, OPEN):
            raise IllegalAction(f"{action!r} is not close, open or fire (DU-3)")
        self.range = self._moved(action)
        self.log.emit("move", rule="DU-3", seat=seat, move=action, range=self.range)
        self._next()

    def _shot(self, seat: int, roll: int) -> None:
        check = to_hit(self.range)
        target = 1 - seat
        event = check.resolve(roll)
        self.firing = None
        if event["success"]:
            self.hits[target] += 1
        self.log.append({**event, "seat": seat, "target": target, "hits": list(self.hits)})
        if self.hits[target] >= self.game.options["hits"]:
            self.winner, self.over = seat, True
            self.log.emit("down", rule="DU-5", seat=target, winner=seat)
            return
        self._next()

    def _next(self) -> None:
        self.to_act = 1 - self.to_act
        if self.to_act == 0:
            if self.round >= self.game.options["rounds"]:
                self.over = True
                self.log.emit("drawn", rule="DU-6", round=self.round)
                return
            self.round += 1

    def returns(self) -> list[float]:
        if self.winner is None:
            return [0.0, 0.0]
        return [1.0 if s == self.winner else -1.0 for s in (0, 1)]

    def view(self, seat: int | None = None) -> dict[str, Any]:
        check = self.pending_check()
        names = self.game.seat_names
        return {
            **super().view(seat),
            "round": self.round,
            "range": self.range,
            "hits": {names[s]: self.hits[s] for s in (0, 1)},
            "pending_check": None
            if check is None
            else {**check.to_dict(), "explain": check.explain()},
            "legal_actions": [] if self.firing is not None else list(self.legal_actions()),
            "winner": None if self.winner is None else names[self.winner],
        }


@register_game
class DuelGame(Game):
    """Two fighters, one range, dice to hit (DU-1 to DU-6)."""

    name = "duel"
    title = "Duel: two fighters"
    seat_names = ("Red", "Blue")
    game_type: ClassVar[GameType] = GameType(
        information="perfect", chance=True, undo=True, web="airwar_duel.web:PARTS"
    )
    """Open information, dice, take-backs against the AI; its browser parts (its renderer
    script) in :mod:`airwar_duel.web`, read by the browser app alone."""
    parameters = (
        Parameter(
            "start_range",
            3,
            "how far apart the fighters start",
            "DU-1",
            minimum=NEAREST,
            maximum=FARTHEST,
            label="Starting range",
        ),
        Parameter(
            "hits",
            2,
            "hits that shoot a fighter down",
            "DU-5",
            minimum=1,
            maximum=3,
            label="Hits to shoot down",
        ),
        Parameter(
            "rounds",
            8,
            "rounds before the duel is drawn",
            "DU-6",
            minimum=1,
            maximum=20,
            label="Rounds",
        ),
    )

    @classmethod
    def samples(cls) -> tuple[dict[str, Any], ...]:
        """The duel as set up, one at point-blank range to one hit, and a long one."""
        return ({}, {"start_range": 1, "hits": 1}, {"start_range": 5, "hits": 3, "rounds": 20})

    def new_initial_state(self) -> DuelState:
        return DuelState(self)

    def parse_action(self, text: str) -> Action:
        word = text.strip().lower()
        if word in ACTIONS:
            return word
        raise InvalidNotation(f"{text!r} is not close, open or fire (DU-3)")

    def narrate(self, event: Mapping[str, Any], state: GameState | None = None) -> str | None:
        """Each event in a line of its own (a duel's line needs nothing said before it)."""
        names = self.seat_names
        kind = event.get("type")
        if kind == "duel":
            return (
                f"Red and Blue start {event['range']} apart; {event['hits']} hits shoot a "
                f"fighter down, and after {event['rounds']} rounds the duel is drawn (DU-1)."
            )
        if kind == "move":
            verb = "closes" if event["move"] == CLOSE else "opens"
            return f"{names[event['seat']]} {verb} to range {event['range']} (DU-3)."
        if kind == "roll":
            result = "hit" if event["success"] else "miss"
            return (
                f"{names[event['seat']]} fires at {names[event['target']]}: rolled "
                f"{event['roll']} on {event['dice']}, needs {event['effective_target']}+, "
                f"p = {event['p_success']}: {result} ({event['rule']})."
            )
        if kind == "down":
            return f"{names[event['seat']]} is shot down: {names[event['winner']]} wins (DU-5)."
        if kind == "drawn":
            return f"Round {event['round']} is over with both flying: the duel is drawn (DU-6)."
        return None

    def summary(self, state: GameState) -> dict[str, Any]:
        """The round reached and each fighter's hits."""
        assert isinstance(state, DuelState)
        hits = {self.seat_names[s]: state.hits[s] for s in (0, 1)}
        return {**super().summary(state), "round": state.round, "hits": hits}
