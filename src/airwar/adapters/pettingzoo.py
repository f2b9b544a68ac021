"""airwar games as PettingZoo AEC environments.

The two seats are the agents (``player_0``, ``player_1``). Dice are rolled
inside the environment with the kernel's seeded generator
(:class:`airwar.core.rng.SeededRng`), seeded by ``reset(seed=...)``, so an
episode replays from its seed and its actions. Each observation is a dict:
``observation`` (the spec's encoder, values in [0, 1]) and ``action_mask``
(1 for each legal action id of the agent to act, all 0 for the other).
Rewards are the kernel's returns, paid when the game ends.

>>> e = migs_engagement_env({"listed": "F-51", "active": "MiG-15"})
>>> e.reset(seed=1)
>>> e.agent_selection, e.observe(e.agent_selection)["action_mask"].tolist()
('player_0', [1, 0, 1, 0, 1, 0, 0])
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np

from airwar.adapters.spec import AdapterSpec
from airwar.core.errors import AirwarError
from airwar.core.extras import MissingExtra

try:
    from gymnasium import spaces
    from pettingzoo import AECEnv
except ImportError as exc:
    raise MissingExtra("research", "airwar.adapters.pettingzoo (PettingZoo)") from exc

from airwar.core.game import CHANCE, GameState
from airwar.core.rng import SeededRng, new_seed


class AirwarAECEnv(AECEnv):
    """A kernel game as a turn-based (AEC) PettingZoo environment."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi"],
        "name": "airwar_v0",
        "is_parallelizable": False,
    }

    def __init__(self, spec: AdapterSpec, render_mode: str | None = None) -> None:
        super().__init__()
        if spec.encoder is None:
            raise AirwarError(f"{spec.game} has no observation encoder for PettingZoo")
        self.spec = spec
        self.encoder = spec.encoder
        self.game = spec.make_game()
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(self.game.num_players)]
        size = int(np.prod(self.encoder.shape))
        obs_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, (size,), np.float32),
                "action_mask": spaces.Box(0, 1, (spec.num_actions,), np.int8),
            }
        )
        self._obs_spaces = {a: obs_space for a in self.possible_agents}
        self._act_spaces = {a: spaces.Discrete(spec.num_actions) for a in self.possible_agents}
        self.state: GameState = self.game.new_initial_state()
        self._rng = SeededRng(0)
        self._draws = 0
        self.agents: list[str] = []

    # -- spaces -------------------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Space:
        return self._obs_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self._act_spaces[agent]

    # -- episode ------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self._rng = SeededRng(new_seed() if seed is None else seed)
        self._draws = 0
        self.state = self.game.new_initial_state()
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._roll_dice()
        self._after_move()

    def _roll_dice(self) -> None:
        while self.state.current_actor() == CHANCE:
            outcome = self._rng.pick(self._draws, self.state.chance_outcomes())
            self._draws += 1
            self.state.apply(outcome)

    def _after_move(self) -> None:
        if self.state.is_terminal():
            for agent, value in zip(self.possible_agents, self.state.returns(), strict=True):
                self.rewards[agent] = float(value)
                self.terminations[agent] = True
            # The last agent to act stays selected; each then steps out with None.
        else:
            self.agent_selection = self.possible_agents[self.state.current_actor()]
        self._accumulate_rewards()

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        for a in self.agents:
            self.rewards[a] = 0.0
        self.state.apply(self.spec.decode(self.state, int(action)))
        self._roll_dice()
        self._after_move()
        if self.render_mode == "ansi":
            self.render()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self.possible_agents.index(agent)
        mask = np.zeros(self.spec.num_actions, np.int8)
        if not self.state.is_terminal() and self.state.current_actor() == seat:
            mask[self.spec.legal_ids(self.state)] = 1
        observation = np.asarray(self.encoder.encode(self.state, seat), np.float32).reshape(-1)
        return {"observation": observation, "action_mask": mask}

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        return self.spec.observation_text(self.state, 0)

    def close(self) -> None:
        return None


def env(spec: AdapterSpec, render_mode: str | None = None) -> AirwarAECEnv:
    """The AEC environment of ``spec`` (PettingZoo's usual ``env()`` constructor)."""
    return AirwarAECEnv(spec, render_mode=render_mode)


def migs_engagement_env(
    options: dict[str, Any] | None = None, render_mode: str | None = None
) -> AirwarAECEnv:
    """A MiGs and Sabres engagement (``migs-engagement`` options) as an AEC environment."""
    from airwar.adapters.migs import migs_engagement_spec

    return AirwarAECEnv(migs_engagement_spec(options), render_mode=render_mode)
