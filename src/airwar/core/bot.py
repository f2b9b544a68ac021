"""The one small interface all players share (OpenSpiel's step/inform/restart).

A bot is given the state and its seat and returns one of
``state.legal_actions()``. Bots of games with hidden information receive a
state restricted to what their seat may know.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Protocol, runtime_checkable

from airwar.core.game import Action, GameState


@runtime_checkable
class Bot(Protocol):
    name: str

    def choose(self, state: GameState, seat: int) -> Action:
        """Pick one of ``state.legal_actions()`` for ``seat``."""
        ...

    def inform(self, state: GameState, actor: int, action: Action) -> None:
        """Told after any seat (or chance) acted; ``state`` is the state after it."""
        ...

    def restart(self) -> None:
        """Forget everything about the last game."""
        ...


class BaseBot(ABC):
    """Convenience base with no-op ``inform`` and ``restart``."""

    name = "bot"

    @abstractmethod
    def choose(self, state: GameState, seat: int) -> Action:
        """Pick one of ``state.legal_actions()`` for ``seat``."""

    def inform(self, state: GameState, actor: int, action: Action) -> None:
        return None

    def restart(self) -> None:
        return None
