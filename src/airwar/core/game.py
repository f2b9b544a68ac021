"""The kernel's contract: a game (rules factory) and its states (playthroughs).

A state answers ``current_actor()`` (a seat number, :data:`CHANCE`, or
:data:`TERMINAL`), ``legal_actions()`` (the one source of truth for
validation, interfaces and bots), ``apply(action)``, ``is_terminal()``,
``returns()`` and ``clone()``. At a chance node it lists
``chance_outcomes()`` with exact probabilities and, when the chance node is a
check, ``pending_check()`` so that the roll can be explained before it is
made. Everything that happens is appended to ``state.log``.
"""

from __future__ import annotations

import copy
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any, ClassVar

from airwar.core.checks import Check
from airwar.core.errors import IllegalAction, OutOfTurn
from airwar.core.events import EventLog
from airwar.core.options import Parameter, resolve_options

CHANCE = -1
TERMINAL = -2

Action = Any
"""Actions are small frozen, hashable values whose ``str()`` parses back
through :meth:`Game.parse_action`."""


class GameState(ABC):
    """One playthrough of a game. Mutated by :meth:`apply`; copy with :meth:`clone`."""

    game: Game
    log: EventLog

    @abstractmethod
    def current_actor(self) -> int:
        """The seat to act, :data:`CHANCE` or :data:`TERMINAL`."""

    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """Legal actions of the actor to move (chance outcomes at a chance node)."""

    @abstractmethod
    def apply(self, action: Action) -> None:
        """Apply a legal action or chance outcome, appending events to ``log``."""

    @abstractmethod
    def returns(self) -> list[float]:
        """Each seat's result (meaningful once terminal)."""

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        """(outcome, exact probability) pairs at a chance node."""
        raise IllegalAction("this is not a chance node")

    def pending_check(self) -> Check | None:
        """The check the next chance outcome resolves, if it is one."""
        return None

    def is_terminal(self) -> bool:
        return self.current_actor() == TERMINAL

    def is_chance_node(self) -> bool:
        return self.current_actor() == CHANCE

    def clone(self) -> GameState:
        return copy.deepcopy(self)

    def validate(self, action: Action, seat: int | None = None) -> None:
        """Raise :class:`IllegalAction` with a reason if ``action`` is not legal now.

        The game's end and the turn are checked here; the action itself by
        :meth:`check_legal`. Games override :meth:`explain_illegal` to say *why*.
        """
        actor = self.current_actor()
        if actor == TERMINAL:
            raise IllegalAction("the game is over")
        if seat is not None and actor != seat:
            who = self.game.seat_name(actor) if actor >= 0 else "the dice"
            raise OutOfTurn(f"it is not {self.game.seat_name(seat)}'s turn: {who} is to act")
        self.check_legal(action)

    def check_legal(self, action: Action) -> None:
        """Raise :class:`IllegalAction` unless ``action`` is legal for the actor to move.

        By default, membership in :meth:`legal_actions`. A game whose legal set
        is too large to list (a Gunslingers move: hex x heading x altitude) may
        check the action directly instead.
        """
        if action in self.legal_actions():
            return
        raise IllegalAction(self.explain_illegal(action))

    def explain_illegal(self, action: Action) -> str:
        return f"{action} is not a legal action now"

    def view(self, seat: int | None = None) -> dict[str, Any]:
        """What ``seat`` may see (``None``: the referee, who sees everything)."""
        return {"actor": self.current_actor(), "terminal": self.is_terminal()}


class Game(ABC):
    """A rules object: immutable, built from options and data, makes states."""

    name: ClassVar[str]
    title: ClassVar[str]
    seat_names: ClassVar[tuple[str, ...]]
    parameters: ClassVar[tuple[Parameter, ...]] = ()

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        self.options: dict[str, Any] = resolve_options(self.parameters, options)

    @property
    def num_players(self) -> int:
        return len(self.seat_names)

    def seat_name(self, seat: int) -> str:
        if 0 <= seat < len(self.seat_names):
            return self.seat_names[seat]
        return f"seat {seat}"

    def seat_from_text(self, text: str) -> int:
        low = text.strip().lower()
        for i, n in enumerate(self.seat_names):
            if n.lower() == low or str(i) == low:
                return i
        raise IllegalAction(f"unknown seat {text!r} (seats: {', '.join(self.seat_names)})")

    @abstractmethod
    def new_initial_state(self) -> GameState:
        """A fresh playthrough."""

    @abstractmethod
    def parse_action(self, text: str) -> Action:
        """The action whose ``str()`` is ``text``; raises InvalidNotation."""

    def describe_options(self) -> Sequence[Parameter]:
        return self.parameters
