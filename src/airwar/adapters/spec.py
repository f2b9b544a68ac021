"""How a kernel game looks to the AI libraries: a fixed action space and an observation.

An :class:`AdapterSpec` names the airwar game (and its options), lists the
text forms of every decision action in a fixed order (the integer id of an
action is its position), bounds the chance outcomes and the game length, and
gives an :class:`ObservationEncoder` that turns a state into a flat float
tensor. Chance outcomes keep the kernel's order: outcome ``i`` of
``chance_outcomes()`` is chance action ``i``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

import numpy as np

from airwar.core.errors import IllegalAction
from airwar.core.game import Action, Game, GameState
from airwar.core.registry import load_game


class ObservationEncoder(Protocol):
    """Turns a state into a flat ``float32`` tensor of a fixed ``shape``."""

    shape: tuple[int, ...]

    def encode(self, state: GameState, seat: int) -> np.ndarray:
        """The observation of ``state`` for ``seat``, ``np.prod(shape)`` floats."""
        ...


@dataclass(frozen=True)
class AdapterSpec:
    """A kernel game with a fixed integer action space, for OpenSpiel and PettingZoo."""

    game: str
    short_name: str
    long_name: str
    actions: tuple[str, ...]
    max_chance_outcomes: int
    max_game_length: int
    min_utility: float
    max_utility: float
    options: Mapping[str, Any] = field(default_factory=dict)
    encoder: ObservationEncoder | None = None
    zero_sum: bool = True
    history_keys: tuple[str, ...] = ()
    """Keys of the view drawn from the game's log (a plane's trail), not from the state
    itself: the text leaves them out, as a search copy keeps no log and two copies of one
    state must read the same."""

    @property
    def num_actions(self) -> int:
        return len(self.actions)

    def make_game(self) -> Game:
        return load_game(self.game, dict(self.options))

    def action_id(self, action: Action) -> int:
        """The integer id of a decision action (its text's position in ``actions``)."""
        text = str(action)
        try:
            return self.actions.index(text)
        except ValueError:
            raise IllegalAction(
                f"action {text!r} of {self.game} is outside the adapter's action space"
            ) from None

    def legal_ids(self, state: GameState) -> list[int]:
        """Sorted ids of the legal decision actions of ``state``."""
        return sorted({self.action_id(a) for a in state.legal_actions()})

    def decode(self, state: GameState, action_id: int) -> Action:
        """The legal action of ``state`` with id ``action_id``."""
        if not 0 <= action_id < self.num_actions:
            raise IllegalAction(f"action id {action_id} is not in 0..{self.num_actions - 1}")
        text = self.actions[action_id]
        for action in state.legal_actions():
            if str(action) == text:
                return action
        raise IllegalAction(f"{text!r} (action id {action_id}) is not legal now")

    def observation_text(self, state: GameState, seat: int) -> str:
        """The seat's view as compact JSON (MiGs and Sabres has no hidden information)."""
        view = {k: v for k, v in state.view(seat).items() if k not in self.history_keys}
        return json.dumps(view, sort_keys=True, separators=(",", ":"), default=str)
