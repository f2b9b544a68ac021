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
from collections.abc import Collection, Hashable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar, Literal, Protocol, runtime_checkable

from airwar.core.checks import Check
from airwar.core.errors import IllegalAction, OutOfTurn
from airwar.core.events import EventLog
from airwar.core.options import Parameter, resolve_options

CHANCE = -1
TERMINAL = -2

Action = Hashable
"""Actions are small frozen, hashable values whose ``str()`` parses back
through :meth:`Game.parse_action`."""

RESIGN = "resign"
"""A seat gives the game up: the other side wins, whatever the score."""
RESIGN_SCORED = "resign-scored"
"""A seat stops the game where it stands: the score so far decides the result."""
DRAW_AGREED = "draw-agreed"
"""A seat accepts the other's offer of a draw: the game ends drawn, whatever the score."""
CONCESSIONS = (RESIGN, RESIGN_SCORED, DRAW_AGREED)
"""The decisions that end a game by its players' word rather than by its rules. They are
recorded like any decision (``[seat, text]``), may be made out of turn, and are applied by
the driver through :meth:`GameState.concede`, so a replay ends the game the same way."""


@dataclass(frozen=True)
class GameType:
    """What a game is, declared once so that no interface needs to know its name.

    Modelled on OpenSpiel's ``GameType``: ``information`` is ``"perfect"``
    (every seat may see everything) or ``"imperfect"`` (each seat sees only
    its :meth:`GameState.view` and :meth:`GameState.visible_events`);
    ``chance`` says whether dice are rolled; ``undo`` whether a human may
    take back a move against the AI (never re-rolling a die); ``setup`` what
    a new game needs; ``referee`` the seat (if any) that referees the others:
    it may take back any seat's last decision before the next roll, and by
    default it is played by the bot ``assistant`` alone (no person, no link); a
    person may referee by choice, wholly or helped by that bot, which then asks
    the person only for what :meth:`GameState.needs_person` says the rules leave
    to one.
    """

    information: Literal["perfect", "imperfect"] = "perfect"
    chance: bool = True
    undo: bool = True
    setup: Literal["options", "scenario"] = "options"
    """``"options"``: a new game needs only its options (a generic new-game form
    can offer it); ``"scenario"``: it needs a scenario, chosen on its own page."""
    referee: str | None = None
    """The name of the seat that referees the game (None: no such seat)."""
    assistant: str | None = None
    """The bot that plays a referee seat by default (every decision of it)."""
    concede: bool = False
    """Whether a seat may resign and the seats may agree a draw (:data:`CONCESSIONS`):
    the game's states then score them (:meth:`GameState.concede`)."""
    web: str | None = None
    """Where the game's own browser parts live, as ``"module:attribute"`` naming an
    ``airwar.web.parts.WebParts`` (its routes, pages, renderer scripts, upload routes):
    the browser app imports it when it starts; the rules never do. None: the generic
    pages and the generic renderer serve it."""
    terminal: str | None = None
    """Where the game's terminal renderer lives, as ``"module:attribute"`` naming an
    ``airwar.cli.playing`` renderer: the one terminal loop draws the game with it.
    None: the generic renderer (the view's fields and the game's log lines)."""

    @property
    def perfect_information(self) -> bool:
        return self.information == "perfect"


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

    def chance_outcomes(self) -> Sequence[tuple[Action, Fraction]]:
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

    def visible_events(self, seat: int | None, since: int = 0) -> list[dict[str, Any]]:
        """The events from ``since`` on as ``seat`` may read them (``None``: everything).

        A perfect-information game shows every event to everyone, and so does
        any game once it is over. A game of imperfect information overrides
        this (and :meth:`hidden_from`) to give each seat its share; without
        that, a seat reads nothing until the end rather than something secret.
        """
        if seat is None or self.game.game_type.perfect_information or self.is_terminal():
            return self.log.since(since)
        return []

    def visible_events_of(
        self, seats: Collection[int | None], since: int = 0
    ) -> list[dict[str, Any]]:
        """The events from ``since`` on that the reader of ``seats`` may read: one seat, or
        the seats played together at one table, each event once.

        Each event's ``seq`` is its number as this reader counts (and ``since`` counts the
        same way): by default the log's own, merged from each seat's share. A game that
        hides from a seat how many events it may not read numbers a seat's events its
        own way, with :meth:`log_count` to match.
        """
        seats = list(seats)
        if len(seats) == 1:
            return self.visible_events(seats[0], since)
        seen: dict[Any, dict[str, Any]] = {}
        for s in seats:
            for e in self.visible_events(s, since):
                seen[e["seq"]] = e
        return [seen[k] for k in sorted(seen)]

    def log_count(self, seats: Collection[int | None]) -> int:
        """The reader's count of events now, in the numbering of :meth:`visible_events_of`
        (the ``since`` that asks for the events still to come): the log's length unless
        the game numbers a seat's events its own way."""
        return len(self.log)

    def hidden_from(self, seat: int) -> set[str]:
        """Words that must not appear in anything ``seat`` is shown now.

        The names of the units the seat has neither sighted nor holds a
        contact on, the text of secret markers not yet revealed: the generic
        contract test searches every view and visible event for them.
        """
        return set()

    def concede(self, kind: str, seat: int) -> None:
        """End the game by ``seat``'s word (``kind`` one of :data:`CONCESSIONS`), logging
        it: the state is terminal afterwards and its returns score the concession as the
        game's rules notes rule. Only a game whose type declares ``concede`` has them."""
        raise IllegalAction(f"{self.game.title} has no resignation or agreed draw")

    def needs_person(self, seat: int) -> bool:
        """Whether the decision ``seat`` faces now must be made by a person.

        A seat played by a person with a bot's help (``assist:<bot>``) has the
        bot answer every decision for which this is False. By default every
        decision needs the person; a game overrides this to name the routine ones.
        """
        return True

    def decision_visible(self, seat: int | None, actor: int, index: int) -> bool:
        """Whether ``seat`` may read the text of decision number ``index`` made by ``actor``."""
        if seat is None or seat == actor or self.game.game_type.perfect_information:
            return True
        return self.is_terminal()


@runtime_checkable
class Advisor(Protocol):
    """Exact values a game offers for its positions beyond its rules (the MiGs and Sabres
    solver), found through :meth:`Game.advisor`: the solver panel, the review of finished
    games and the rating of a move ask it, and name no solver."""

    def values(self, state: GameState) -> dict[str, Any] | None:
        """The numbers of ``state`` for the solver panel (its value, each legal decision's,
        the best one, the kill chances), or None when none are at hand; a lookup, never a
        long computation."""
        ...


class Game(ABC):
    """A rules object: immutable, built from options and data, makes states."""

    name: ClassVar[str]
    title: ClassVar[str]
    seat_names: ClassVar[tuple[str, ...]]
    parameters: ClassVar[tuple[Parameter, ...]] = ()
    game_type: ClassVar[GameType] = GameType()
    halted: str | None = None
    """Why a saved game of these options can be read but not played on (its options
    break a rule made since it was saved), in one line; None: it plays on."""
    part_of: ClassVar[str | None] = None
    """The name of the game this one is a part of (one engagement of a whole game), or
    None: a new-game form offers the whole games first, and the whole game by default."""
    rule_changes: ClassVar[tuple[str, ...]] = ()
    """Rulings made since games of this kind were first saved that change play, each
    ``"ID what changed"``: a record saved before one of them may no longer replay, and
    the replay's refusal names them."""

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

    @classmethod
    def samples(cls) -> Sequence[Mapping[str, Any]]:
        """Option sets that show the game's range, for the shared contract checks
        (``airwar.testing``): each must make a playable game. By default the defaults."""
        return ({},)

    @classmethod
    def advisor(cls) -> Advisor | None:
        """The game's :class:`Advisor` (exact values of its positions), or None: it has
        none, and no solver panel, review or move rating is offered for it."""
        return None

    def narrate(self, event: Mapping[str, Any], state: GameState | None = None) -> str | None:
        """The event as a line of the explained log, in the game's own words (None: no line);
        ``state`` is the state whose log holds the event, for a line that names what came
        before it (a MiGs line names the planes of its engagement)."""
        return None

    def summary(self, state: GameState) -> dict[str, Any]:
        """The one summary shape the store keeps for a game of this kind (its score so far).

        The base shape is the same for every game; a game adds its own keys.
        """
        return {
            "terminal": state.is_terminal(),
            "returns": state.returns() if state.is_terminal() else None,
        }
