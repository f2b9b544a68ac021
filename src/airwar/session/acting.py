"""Acting: a decision or a whole path of them, checked as a whole, then saved at once."""

from __future__ import annotations

import copy
from collections.abc import Sequence

from airwar.core.errors import IllegalAction, InvalidNotation
from airwar.core.game import CHANCE, TERMINAL, Action, Game
from airwar.session.bots import BotPlay
from airwar.session.errors import Conflict, Forbidden, StaleDecision
from airwar.session.readers import PlaySession

MAX_PATH = 64
"""The longest path of decisions one request may send."""


class Acting(BotPlay):
    """The decisions of the seats played by people (and their concessions)."""

    def _parse_path(self, game: Game, texts: Sequence[str]) -> list[Action]:
        actions: list[Action] = []
        for i, text in enumerate(texts):
            where = f"step {i + 1}: " if len(texts) > 1 else ""
            try:
                actions.append(game.parse_action(text))
            except InvalidNotation as exc:
                raise InvalidNotation(f"{where}{exc}") from None
            except (ValueError, KeyError) as exc:
                raise InvalidNotation(f"{where}cannot read {text!r}: {exc}") from None
        return actions

    def seat_required(self, live: PlaySession, token: str | None) -> int:
        """The seat this secret link plays; :class:`Forbidden` for any other link."""
        name = live.seat_for(token)
        if name is None:
            raise Forbidden("this link does not play any seat of this game")
        return live.seat_index(name)

    def check_path(self, live: PlaySession, seat: int, texts: Sequence[str]) -> list[Action]:
        """Parse and check a whole path for ``seat`` without changing the game.

        Raises :class:`InvalidNotation` (cannot be read) or :class:`Conflict`
        (the rules refuse a step now, naming the step and why).
        """
        if live.halted:
            raise Conflict(f"this game cannot continue: {live.halted}")
        if not texts:
            raise InvalidNotation("no action given")
        if len(texts) > MAX_PATH:
            raise InvalidNotation(f"a path has at most {MAX_PATH} steps, not {len(texts)}")
        actions = self._parse_path(live.game, texts)
        driver = live.driver
        driver.resolve_chance()
        name = live.game.seat_name(seat)
        actor = driver.state.current_actor()
        if actor >= 0 and actor != seat and live.partial_reader(name, driver.state):
            # out of turn in a game of hidden information: whom it waits for, never who is
            # at work (the referee between two of the enemy's secret decisions, GS-73)
            raise Conflict(f"it is not {name}'s turn: waiting for {live.to_act_for(name)}")
        if len(actions) == 1:
            try:
                driver.state.validate(actions[0], seat)
            except IllegalAction as exc:
                raise Conflict(str(exc)) from None
            return actions
        trial = copy.deepcopy(driver)
        trial.on_action = None
        trial.auto_chance = True  # the rolls between steps, as act() makes them
        for i, action in enumerate(actions):
            if trial.state.current_actor() == TERMINAL:
                raise Conflict(f"step {i + 1} ({action}): the game is over")
            if i > 0 and trial.state.current_actor() != seat:
                done = " ".join(str(a) for a in actions[:i])
                raise Conflict(f"step {i + 1} ({action}): the move is already over after {done}")
            try:
                trial.act(action, seat)
            except IllegalAction as exc:
                raise Conflict(f"step {i + 1} ({action}): {exc}") from None
        return actions

    def act(
        self,
        live: PlaySession,
        seat: int,
        texts: Sequence[str],
        *,
        run_bots: bool = True,
        at: int | None = None,
    ) -> list[Action]:
        """Apply a whole path of decisions for ``seat``, or none of it, and save it.

        ``at`` is the :attr:`PlaySession.position_version` the decision was made at: if
        the game is no longer there (the same decision sent twice, or made on a stale
        copy), :class:`StaleDecision` is raised and nothing is applied.

        The path is checked as a whole first; then it is applied and saved in
        one transaction, expecting the stored game to hold exactly the
        decisions this copy holds. If another writer got there first,
        :class:`GameChanged` is raised and this copy is rebuilt from the store
        (the refused path is in neither). Then the bots play their seats
        (:meth:`continue_bots`: handed to the scheduler when there is one).
        """
        with live.lock:
            if at is not None and at != live.position_version:
                raise StaleDecision(at, live.position_version)
            actions = self.check_path(live, seat, texts)
            if self.make_bot is not None and seat in live.bot_seats():
                raise Conflict(
                    f"{live.game.seat_name(seat)}: this decision is routine, the automatic "
                    "player makes it for you"
                )
            before = live.decisions
            driver = live.driver
            prior = driver.log_digest
            for i, action in enumerate(actions):
                if i > 0:
                    driver.resolve_chance()  # a roll between two steps of the path
                self._mark(live, by_bot=False)
                driver.act(action, seat)
            self._save(live, before, prior)
            if run_bots:
                self.continue_bots(live)
        return actions

    def roll(self, live: PlaySession) -> None:
        """Make the roll the game waits for (a game stopped at its rolls, so that an
        interface tells each before it is made) and save the status and summary it leaves
        (:meth:`save_summary`). A roll is the seed's next draw, not a decision: the record
        replays to it, and its saved digest stays the one of the last decision."""
        with live.lock:
            if live.halted:
                raise Conflict(f"this game cannot continue: {live.halted}")
            if live.state.current_actor() != CHANCE:
                raise Conflict("no roll is waiting to be made")
            live.driver.roll()
            self.save_summary(live)

    def concede(self, live: PlaySession, seat: int, kind: str) -> None:
        """Apply and save ``seat``'s resignation or agreed draw (``kind``, one of the
        kernel's ``CONCESSIONS``), a decision of the record like any other; whether the seat
        may make it now is :mod:`airwar.session.offers`'s to say."""
        with live.lock:
            before, prior = live.decisions, live.driver.log_digest
            self._mark(live, by_bot=False)
            live.driver.concede(kind, seat)
            self._save(live, before, prior)
