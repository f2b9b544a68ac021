"""Play a small scenario through the game's public interface with chosen decisions and dice.

``play(data, decide=..., dice=...)`` walks a :class:`~airwar.core.Driver` to the end:
``decide(state, ask)`` returns the decision text for a pending declaration, or ``None``
to let the automatic player answer it; ``dice(state)`` returns the die face for a
pending roll, or ``None`` to roll the seeded die. Every ask is recorded with its turn.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from airwar.core import Driver
from airwar.core.dice import Roll
from airwar.games.gunslingers import GunslingersGame
from airwar.games.gunslingers.aliases import decision_to_seat
from airwar.games.gunslingers.autoplayer import auto_decision
from airwar.games.gunslingers.model.actions import Decision
from airwar.games.gunslingers.model.tasks import Ask
from airwar.games.gunslingers.referee import GsState

Decide = Callable[[GsState, Ask], str | None]
Dice = Callable[[GsState], int | None]


@dataclass
class Played:
    driver: Driver
    asks: list[tuple[int, str, str]] = field(default_factory=list)
    """(turn, verb, subject) of every declaration asked, in order."""

    @property
    def events(self) -> list[dict[str, Any]]:
        return self.driver.events

    @property
    def state(self) -> GsState:
        s = self.driver.state
        assert isinstance(s, GsState)
        return s

    def asked(self, verb: str, subject: str) -> list[int]:
        """The turns in which ``verb`` was asked of ``subject``."""
        return [t for t, v, s in self.asks if v == verb and s == subject]

    def of_type(self, type_: str, /, **fields: Any) -> list[dict[str, Any]]:
        """The events of ``type_`` whose fields have the values given."""
        return [
            e
            for e in self.events
            if e["type"] == type_ and all(e.get(k) == v for k, v in fields.items())
        ]


def play(
    data: dict[str, Any],
    decide: Decide | None = None,
    dice: Dice | None = None,
    *,
    seed: int = 1,
    turns: int = 0,
    options: dict[str, Any] | None = None,
    until: Callable[[GsState], bool] | None = None,
    limit: int = 20000,
) -> Played:
    game = GunslingersGame({"scenario_data": data, "turns": turns, **(options or {})})
    d = Driver(game, seed, auto_chance=False)
    out = Played(d)
    for _ in range(limit):
        state = out.state
        if state.is_terminal() or (until is not None and until(state)):
            return out
        if state.is_chance_node():
            face = dice(state) if dice is not None else None
            if face is None:
                d.roll()
            else:
                state.apply(Roll(face))
            continue
        ask = state.pending_ask()
        assert ask is not None
        out.asks.append((state.turn, ask.verb, ask.subject))
        text = decide(state, ask) if decide is not None else None
        if text is None:
            d.act(auto_decision(state), ask.seat)
        else:
            d.act(as_seat(state, ask, text), ask.seat)
    raise AssertionError(f"the game did not end within {limit} actions")


def as_seat(state: GsState, ask: Ask, text: str) -> str:
    """A decision a test writes with the units' ids, as the deciding seat writes it: each
    enemy unit the side knows by its alias for it (GS-71); a unit it does not know stays
    as written (and is refused, GS-72)."""
    return str(decision_to_seat(state, ask.seat, Decision.parse(text)))


def result_for(state: GsState, ask: Ask) -> dict[str, str] | None:
    """The outcome a referee ``result`` declaration is asked about (kind, target, by)."""
    if ask.verb != "result":
        return None
    return state.results.get(ask.subject)
