"""Bots as seats: each decision made by a bot built afresh from one seed scheme.

The same AI and seed play the same in every interface, and a resumed game goes on
exactly as it would have (:func:`bot_seed`). An interface may hand the bots' turns to
a :class:`BotScheduler` (the browser app's background workers) instead of playing
them inside the call that needs them. The session never imports a bot: the
interface gives a ``make_bot(name, seed)``.
"""

from __future__ import annotations

import copy

from airwar.core.game import CHANCE, TERMINAL, Action, GameState
from airwar.session.readers import PlaySession
from airwar.session.saving import SavedGames
from airwar.session.seats import SeatError
from airwar.store import GameChanged


class BotOvertaken(GameChanged):
    """The game moved (a decision, an undo, another process) while its bot was thinking:
    the bot's choice was for a position that is gone, so it is not applied."""


def position_copy(state: GameState) -> GameState:
    """A copy of ``state`` for a bot to think on, away from the game's lock.

    Like ``state.clone()``, but the event log is copied shallowly: it is
    append-only and its events are never changed, and a deep copy of it would
    cost more with every decision of a long game (0.8 s for a 40-sortie game
    between AIs). A game whose states copy themselves their own way keeps it.
    """
    if type(state).clone is not GameState.clone:
        return state.clone()
    return copy.deepcopy(state, {id(state.log): state.log.copy()})


def bot_seed(game_seed: int | str, seat: int, decision: int) -> str:
    """The seed of the bot deciding decision number ``decision`` of a game for ``seat``.

    The one bot-seed scheme of every interface: a bot is built afresh for each
    decision, so a game interrupted and resumed, or moved from the browser to
    the terminal, goes on exactly as it would have.
    """
    return f"{game_seed}:{seat}:{decision}"


class BotPlay(SavedGames):
    """The bots' turns of the games in play."""

    def _bot_to_act(self, live: PlaySession) -> tuple[int, str] | None:
        """The seat and bot name of the bot to act after the pending rolls, or None."""
        if live.halted:
            return None
        live.driver.resolve_chance()
        actor = live.driver.state.current_actor()
        bots = live.bot_seats()
        if actor == TERMINAL or actor not in bots:
            return None
        if self.make_bot is None:
            raise SeatError("this interface cannot play bots")
        return actor, bots[actor]

    def bot_decision(self, live: PlaySession) -> tuple[int, Action] | None:
        """The next decision of the bot to act (not applied), or None when no bot is to act."""
        to_act = self._bot_to_act(live)
        if to_act is None:
            return None
        actor, name = to_act
        assert self.make_bot is not None
        bot = self.make_bot(name, bot_seed(live.driver.seed, actor, live.decisions))
        return actor, bot.choose(live.driver.state, actor)

    def bot_step(self, live: PlaySession) -> tuple[int, Action] | None:
        """Let the bot to act make one decision and save it; None when no bot is to act."""
        with live.lock:
            chosen = self.bot_decision(live)
            if chosen is None:
                return None
            actor, action = chosen
            before = live.decisions
            prior = live.driver.log_digest
            self._mark(live, by_bot=True)
            live.driver.act(action, actor)
            self._save(live, before, prior)
            return chosen

    def bot_step_outside_lock(self, live: PlaySession) -> tuple[int, Action] | None:
        """Like :meth:`bot_step`, but the bot thinks without holding the game's lock.

        The bot chooses on a copy of the position (with the same bot seed as
        :meth:`bot_step`, so it makes the same choice); the lock is held only
        to read the position, then to apply and save the choice, so every
        reader and writer of the game goes on meanwhile. If the game moved
        while the bot thought (a decision, an undo, a reload after another
        process), nothing is applied and :class:`BotOvertaken` is raised.
        None when no bot is to act.
        """
        with live.lock:
            to_act = self._bot_to_act(live)
            if to_act is None:
                return None
            actor, name = to_act
            driver = live.driver
            version, before = live.version, live.decisions
            seed = bot_seed(driver.seed, actor, before)
            position = position_copy(driver.state)
        assert self.make_bot is not None
        action = self.make_bot(name, seed).choose(position, actor)
        with live.lock:
            if live.driver is not driver or live.version != version or live.decisions != before:
                raise BotOvertaken(
                    f"game {live.id} moved while its bot was thinking: the choice is dropped"
                )
            prior = driver.log_digest
            self._mark(live, by_bot=True)
            driver.act(action, actor)
            self._save(live, before, prior)
        return actor, action

    def continue_bots(self, live: PlaySession) -> None:
        """Let the bots play on after a change: handed to :attr:`scheduler` when there is
        one (this returns at once), else played here until a person must decide."""
        if self.scheduler is not None:
            if live.bot_to_act():
                self.scheduler.submit(live)
            return
        with live.lock:
            self.run_bots(live)

    def bots_thinking(self, game_id: str) -> bool:
        """Whether the scheduler holds a task for this game (queued or running)."""
        return self.scheduler is not None and self.scheduler.busy(game_id)

    def run_bots(self, live: PlaySession, max_decisions: int | None = None) -> int:
        """Let the bots play until a person must decide or the game ends; returns how many."""
        made = 0
        with live.lock:
            while max_decisions is None or made < max_decisions:
                if self.bot_step(live) is None:
                    break
                made += 1
            if made == 0 and live.state.current_actor() == CHANCE:
                live.driver.resolve_chance()
        return made
