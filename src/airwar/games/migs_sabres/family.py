"""What both MiGs and Sabres games share as rules objects: their type, their seats, how
a decision is written, their log lines, their summary and their advisor.

:class:`~.engagement_game.EngagementGame` (one engagement) and
:class:`~.game.MigsGame` (the whole game) differ in their options and their states;
everything else they answer the same way, here once.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Protocol, runtime_checkable

from airwar.core.game import Action, Advisor, Game, GameState, GameType
from airwar.games.migs_sabres.actions import parse_action
from airwar.games.migs_sabres.narrate import narrate
from airwar.games.migs_sabres.summary import MIGS_TYPE, Standing
from airwar.games.migs_sabres.terms import SEAT_NAMES


@runtime_checkable
class Stands(Protocol):
    """A state that answers its standing (both MiGs and Sabres states)."""

    def standing(self) -> Standing: ...


class MigsAndSabres(Game):
    """A MiGs and Sabres game; its states answer ``standing()`` (:class:`Standing`)."""

    seat_names = SEAT_NAMES
    game_type: ClassVar[GameType] = MIGS_TYPE
    state_type: ClassVar[type[GameState]]
    """The class of the game's states (a summary is read from one of them only)."""

    def summary(self, state: GameState) -> dict[str, Any]:
        """The scores, kills, sortie and result, read from the state's own ``standing()``."""
        if not isinstance(state, self.state_type) or not isinstance(state, Stands):
            raise TypeError(f"a {self.name} summary needs its own state, not {state!r}")
        return {**super().summary(state), **state.standing().summary()}

    @classmethod
    def advisor(cls) -> Advisor:
        """The exact engagement solver (:class:`~.advisor.SolverAdvisor`), imported only
        when a game asks for it."""
        from airwar.games.migs_sabres.advisor import SolverAdvisor

        return SolverAdvisor()

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def narrate(self, event: Mapping[str, Any], state: GameState | None = None) -> str | None:
        """The event's line in the game's words (:mod:`.narrate`)."""
        return narrate(event, state)
