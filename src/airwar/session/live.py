"""One game in play: what it is, who plays each seat, whose turn it is, hints, rematches.

:class:`LiveGame` is the part of :class:`~airwar.session.readers.PlaySession` that
reads no seat's secrets: its driver, its seats and their links, the bots that play
now, the hint settings and the seats of a rematch.
"""

from __future__ import annotations

import hashlib
import threading
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from airwar.core.driver import Driver
from airwar.core.game import Game, GameState
from airwar.core.record import GameRecord
from airwar.session.seats import (
    HUMAN,
    bot_name,
    helper_bot,
    human_seats,
    is_ai,
    is_assisted,
    is_away,
    seat_of_token,
)

HINTS_OFF, HINTS_AFTER, HINTS_ALWAYS = "off", "after", "always"
HINT_MODES = (HINTS_OFF, HINTS_AFTER, HINTS_ALWAYS)
"""When a seat is shown the advisor's hints (its values, kill chances, best move):
never; only once its own move is made (the value of the position it left, never
advice for a decision still to make); or always. Off in every game between people."""


def hint_refusal(seats: Mapping[str, str], hints: Mapping[str, str] | None) -> str | None:
    """Why these hint settings cannot go with these seats (None: they can).

    Only a seat played by the person at this browser or terminal may have hints,
    and only in a game against the AI: in a game between people every seat has
    them off, so that nobody is advised against another person.
    """
    if not hints:
        return None
    people = human_seats(seats)
    for name, mode in hints.items():
        if mode not in HINT_MODES:
            return f"seat {name}: hints are one of {', '.join(HINT_MODES)}, not {mode!r}"
        if name not in seats:
            return f"unknown seat {name!r} (seats: {', '.join(seats)})"
        if mode == HINTS_OFF:
            continue
        if seats[name] != HUMAN:
            return f"seat {name}: only a seat played here by a person may have hints"
        if len(people) > 1:
            return f"seat {name}: hints are off in a game between people"
    return None


@dataclass(frozen=True)
class Mark:
    """What the session knows of one decision: the draws of the seed made before it
    (the rolls after it are ``driver.draws - draws``), and whether a bot made it."""

    draws: int
    by_bot: bool


@dataclass
class LiveGame:
    """One game in play: its driver, who plays each seat, and its change counter."""

    id: str
    title: str
    seats: dict[str, str]
    meta: dict[str, Any]
    driver: Driver
    version: int = 0
    checked: float = field(default_factory=time.monotonic)
    lock: threading.RLock = field(default_factory=threading.RLock)
    marks: list[Mark] = field(default_factory=list, repr=False)
    """One :class:`Mark` per decision of :attr:`marks_of`'s record (rebuilt when stale)."""
    marks_of: Driver | None = field(default=None, repr=False)
    stop_at_rolls: bool = False
    """Whether the game stops before each roll, for an interface to tell it before it is
    made (:meth:`Sessions.roll` makes it); kept by every copy of its driver (:meth:`use`)."""
    saved_summary: dict[str, Any] | None = field(default=None, repr=False)
    """The summary last saved from this copy (a summary unchanged is not saved again)."""

    def __post_init__(self) -> None:
        self.use(self.driver)

    def use(self, driver: Driver) -> None:
        """Go on with ``driver``, a new copy of this game (after an undo, a take-back or a
        reload), stopping at its rolls when this game does."""
        driver.auto_chance = not self.stop_at_rolls
        self.driver = driver

    # -- what it is ------------------------------------------------------------
    @property
    def game(self) -> Game:
        return self.driver.game

    @property
    def state(self) -> GameState:
        return self.driver.state

    @property
    def decisions(self) -> int:
        return len(self.driver.record.actions)

    @property
    def seed(self) -> int | str:
        """The seed of the game's dice (secret while a game between people runs)."""
        return self.driver.seed

    @property
    def record(self) -> GameRecord:
        """The record of the decisions made so far (:meth:`finished_record` to keep one)."""
        return self.driver.record

    @property
    def events(self) -> list[dict[str, Any]]:
        """The whole log, every event (the referee's reading)."""
        return self.driver.events

    def finished_record(self) -> GameRecord:
        """The record as it is saved: every decision, the seed and the log's digest."""
        return self.driver.finished_record()

    @property
    def position_version(self) -> int:
        """The version of the game's position: the same in every process that holds the
        game (made from its decision count, log digest and take-backs, all stored), and
        changed by every decision, undo and take-back. A decision names the version it was
        made at (:meth:`Sessions.act`), so a decision sent twice is applied once."""
        text = f"{self.decisions}:{self.driver.log_digest}:{len(self.takebacks())}"
        return int(hashlib.sha256(text.encode()).hexdigest()[:13], 16)

    @property
    def tokens(self) -> dict[str, str]:
        tokens = self.meta.get("tokens", {})
        return dict(tokens) if isinstance(tokens, dict) else {}

    @property
    def status(self) -> str:
        return "finished" if self.state.is_terminal() else "running"

    @property
    def finished(self) -> bool:
        return self.state.is_terminal()

    @property
    def halted(self) -> str | None:
        """Why this saved game is read but not played on (its game's options break a rule
        made since it was saved, :attr:`Game.halted`), else None: nobody is to act."""
        return self.driver.halted

    def seat_names(self) -> list[str]:
        return [self.game.seat_name(i) for i in range(self.game.num_players)]

    def seat_index(self, name: str) -> int:
        return self.seat_names().index(name)

    def seat_for(self, token: str | None) -> str | None:
        """The seat this secret link plays (None for none)."""
        return seat_of_token(self.tokens, token)

    def has_remote(self) -> bool:
        """Whether a person plays a seat from another browser (its own link)."""
        return any(is_away(kind) for kind in self.seats.values())

    @property
    def referee(self) -> str | None:
        """The seat that referees this game (the game declares it), or None."""
        name = self.game.game_type.referee
        return name if name is not None and name in self.seat_names() else None

    def bot_seats(self) -> dict[int, str]:
        """Seat number → bot name, for the seats a bot plays now: the bots' seats, and a
        seat of a person helped by a bot (``assist:``) while its decision is routine."""
        names = self.seat_names()
        actor = self.state.current_actor()
        out: dict[int, str] = {}
        for name, kind in self.seats.items():
            if name not in names:
                continue
            index = names.index(name)
            if is_ai(kind):
                out[index] = bot_name(kind)
            elif is_assisted(kind) and actor == index and not self.state.needs_person(index):
                out[index] = str(helper_bot(kind))
        return out

    def made_by_bot(self, state: GameState, seat: int) -> bool:
        """Whether the decision ``seat`` faces in ``state`` is made by a bot."""
        kind = self.seats.get(self.game.seat_name(seat), HUMAN)
        return is_ai(kind) or (is_assisted(kind) and not state.needs_person(seat))

    def takebacks(self) -> list[dict[str, Any]]:
        """The decisions the referee took back, oldest first (kept in the game's notes)."""
        kept = self.meta.get("takebacks")
        return [t for t in kept if isinstance(t, dict)] if isinstance(kept, list) else []

    def hints_for(self, seat_name: str | None) -> str:
        """The hint setting of this reader now (one of :data:`HINT_MODES`).

        Off for a spectator, for every seat of a game between people and once
        the game is over; else the setting chosen for the seat when the game began.
        """
        if seat_name is None or self.finished or len(human_seats(self.seats)) > 1:
            return HINTS_OFF
        settings = self.meta.get("hints")
        mode = settings.get(seat_name) if isinstance(settings, dict) else None
        return mode if mode in HINT_MODES else HINTS_OFF

    def hints_now(self, seat_name: str | None) -> str | None:
        """Which hints this reader may be sent now: ``"all"`` (values, kill chances and
        each decision's value), ``"position"`` (the value and kill chances of the
        position, once its own move is made) or None."""
        mode = self.hints_for(seat_name)
        if mode == HINTS_ALWAYS:
            return "all"
        if mode == HINTS_AFTER and self.to_act() != seat_name:
            return "position"
        return None

    def rematch_seats(self) -> dict[str, str]:
        """The seats of a rematch: the same players, sides swapped (each seat's player
        moves to the next seat, the last to the first); a referee stays the referee."""
        names = [n for n in self.seat_names() if n != self.referee]
        kinds = [self.seats[n] for n in names]
        out = dict(zip(names, kinds[-1:] + kinds[:-1], strict=True))
        if self.referee is not None:
            out[self.referee] = self.seats[self.referee]
        return out

    def rematch_hints(self) -> dict[str, str]:
        """Each player's hint setting carried to the seat it takes in a rematch."""
        settings = self.meta.get("hints")
        if not isinstance(settings, dict):
            return {}
        names = [n for n in self.seat_names() if n != self.referee]
        moved = {names[(i + 1) % len(names)]: settings.get(n) for i, n in enumerate(names)}
        return {n: m for n, m in moved.items() if m in HINT_MODES}

    def to_act(self) -> str | None:
        if self.halted:
            return None
        actor = self.state.current_actor()
        return self.game.seat_name(actor) if actor >= 0 else None

    def bot_to_act(self) -> bool:
        return not self.halted and self.state.current_actor() in self.bot_seats()
