"""The MiGs and Sabres advisor: the exact engagement solver's values of a position.

Both games offer it through ``Game.advisor()``; the solver is imported only when
a position in an engagement is looked up, so a game between engagements, and
any code that only asks whether the game has an advisor, never loads it.
"""

from __future__ import annotations

from typing import Any

from airwar.core.game import GameState
from airwar.games.migs_sabres.engagement import engagement_in


class SolverAdvisor:
    """The solver's numbers for a state of either MiGs and Sabres game (an
    :class:`airwar.core.game.Advisor`)."""

    def values(self, state: GameState) -> dict[str, Any] | None:
        """The solver's values of the engagement being flown, every value from the active
        plane's side, with the game's ``scoring``; None between engagements, or when the
        matchup is not solved (never solves: the lookup is a hash and a folder check)."""
        if engagement_in(state) is None:
            return None
        from airwar.games.migs_sabres.solver import engagement_values

        info = engagement_values(state)
        if info is None:
            return None
        info["scoring"] = str(state.game.options.get("scoring", "kills"))
        return info
