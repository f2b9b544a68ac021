"""The expert bot: plays the exact solver's optimal moves (airwar.games.migs_sabres.solver).

At each decision it looks the engagement up in the solved matchup and takes
the move with the best value for its own side (expected kills minus kills
suffered, MS-12; ties to the larger own kill chance), planning the whole
move once per movement turn and then playing it step by step. It covers
every engagement of ``migs-engagement`` and ``migs-sabres`` with a turn
limit (MS-11): any matchup, aces (MS-14), kills or base-value scoring (IV.A).

What the solver does not cover, the bot hands to :class:`MctsBot`: an
engagement without a turn limit (``turn_limit=0``: no finite horizon), a
matchup that is not solved when ``solve_missing`` is off, a new matchup
while the solve queue is full (:class:`~airwar.games.migs_sabres.solver.jobs.SolverBusy`: it
asks again at its next decision), and any decision outside an engagement.
In the whole game it optimises each engagement's expected kill difference,
not the chance of winning the game from the current score.

A game whose turn limit is longer than the solver takes
(:data:`~airwar.games.migs_sabres.solver.MAX_TURN_LIMIT`, MS-24) is refused at the
bot's first decision, with one line naming the option and the bound
(:class:`~airwar.games.migs_sabres.solver.TurnLimitTooLong`); :func:`refusal` gives
that line for a game's options beforehand, for the forms that offer the bot.

A matchup that is not solved yet is solved by a job of
:mod:`airwar.games.migs_sabres.solver.jobs` (one solve at a time, shared with everyone else
who needs it), which the bot waits for; the progress goes to ``on_progress``
or to the callback its thread installed with :func:`airwar.games.migs_sabres.solver.jobs.watching`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from airwar.bots.migs_rewards import migs_mcts
from airwar.core.bot import BaseBot
from airwar.core.game import Action, GameState
from airwar.games.migs_sabres.solver import (
    EngagementKey,
    Solution,
    SolverError,
    TurnLimitTooLong,
    cached_solution,
    jobs,
    key_of,
    matchup_of,
    solver_options_of,
    turn_limit_refusal,
)


class ExpertBot(BaseBot):
    """Optimal engagement play from the solver, MCTS where the solver has no answer.

    ``solve_missing``: solve a matchup that is not cached yet (a minute or
    two, once; then cached), as a job of the process-wide queue that this
    bot waits for. ``on_progress``: sees that job's progress while the bot
    waits. ``fallback_iterations``: the MCTS budget used where the solver
    does not apply.
    """

    name = "expert"

    def __init__(
        self,
        seed: int | str = 0,
        *,
        solve_missing: bool = True,
        fallback_iterations: int = 200,
        on_progress: jobs.ProgressCallback | None = None,
    ) -> None:
        self.seed = seed
        self.solve_missing = solve_missing
        self.on_progress = on_progress
        self.fallback = migs_mcts(seed, iterations=fallback_iterations)
        self._plan: dict[EngagementKey, str] = {}
        self.fallbacks = 0

    def restart(self) -> None:
        self._plan.clear()
        self.fallback.restart()

    def solution_for(self, state: Any) -> Solution | None:
        """The solution of the engagement in ``state``, or None where the solver cannot help."""
        try:
            matchup = matchup_of(state)
            options = solver_options_of(state)
        except TurnLimitTooLong:
            raise
        except SolverError:
            return None
        if self.solve_missing:
            try:
                return jobs.solution(matchup, options, on_progress=self.on_progress)
            except jobs.SolverBusy:
                # the solve queue is full: this decision is MCTS's, the next asks again
                return None
        return cached_solution(matchup, options)

    def choose(self, state: GameState, seat: int) -> Action:
        why = refusal(state.game.options)
        if why is not None:
            raise TurnLimitTooLong(why)
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        sol = self.solution_for(state)
        if sol is None:
            self.fallbacks += 1
            return self.fallback.choose(state, seat)
        key = key_of(state, sol.options)
        text = self._plan.get(key)
        if text is None:
            self._plan.clear()
            for k, t in sol.best_path(key):
                self._plan[k] = t
            text = self._plan.get(key)
        if text is None:
            self.fallbacks += 1
            return self.fallback.choose(state, seat)
        action = state.game.parse_action(text)
        if action not in legal:
            raise SolverError(f"the solver chose {text!r}, which is not legal here")
        return action


def refusal(options: Mapping[str, Any]) -> str | None:
    """Why the expert cannot play a game with these options (one line), or None when it can.

    Its turn limit must be one the solver takes (MS-24); 0 (no limit) is
    played, by MCTS.
    """
    limit = options.get("turn_limit")
    if isinstance(limit, int) and not isinstance(limit, bool):
        return turn_limit_refusal(limit)
    return None
