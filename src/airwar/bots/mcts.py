"""A Monte Carlo tree search bot on the kernel's state API (clone, apply, chance outcomes).

Decision nodes pick actions by UCT (UCB1 on the mean reward, seen from the
seat that acts there); chance nodes are sampled with their exact
probabilities (MP rolls, kill rolls, the first-move roll) and keep one child
per outcome. Play-outs pick uniformly among the legal actions, except that an
action whose text is in ``prefer`` (by default ``fire``) is always taken when
legal, so that play-outs find the shots random flying would miss; they last
at most ``rollout_decisions`` decisions and stop when the engagement ends.

The search knows no rule set: what a simulation is worth to a seat is the
``reward`` function it is given (by default the game's own returns at the
end), where a simulation may stop early is ``horizon`` (by default only at
the end), and which parts of a state its copies may share is ``share``.
:mod:`airwar.bots.migs_rewards` gives those of MiGs and Sabres (the kill
difference of one engagement). The budget is ``iterations`` per decision, or
``seconds`` of thinking when given.
"""

from __future__ import annotations

import copy
import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from airwar.core.bot import BaseBot
from airwar.core.events import EventLog
from airwar.core.game import CHANCE, Action, GameState

Reward = Callable[[GameState, int], float]
"""What a finished simulation is worth to a seat (higher is better for it)."""

Horizon = Callable[[GameState], bool]
"""Whether a simulation stops at this state (besides the end of the game)."""

Share = Callable[[GameState], dict[int, Any]]
"""A deepcopy memo of the parts of a state that its copies may share."""


def terminal_returns(state: GameState, seat: int) -> float:
    """The game's own returns for ``seat`` at the end (0 for a simulation cut short)."""
    return float(state.returns()[seat]) if state.is_terminal() else 0.0


def never(_state: GameState) -> bool:
    return False


def share_rules(state: GameState) -> dict[int, Any]:
    """Copies of a state share its rules object (immutable by the kernel's contract)."""
    game = getattr(state, "game", None)
    return {} if game is None else {id(game): game}


@dataclass
class _Node:
    actor: int | None = None
    untried: list[Action] | None = None
    children: dict[str, tuple[Action, _Node]] = field(default_factory=dict)
    visits: int = 0
    total: float = 0.0


class MctsBot(BaseBot):
    """UCT search with sampled chance nodes and random play-outs.

    ``iterations``: simulations per decision (ignored when ``seconds`` is
    given); ``exploration``: the UCB1 constant; ``rollout_decisions``: the
    longest play-out; ``prefer``: action texts play-outs take when legal;
    ``reward``, ``horizon``, ``share``: see the module. Reproducible from its
    seed with an iteration budget.
    """

    name = "mcts"

    def __init__(
        self,
        seed: int | str = 0,
        *,
        iterations: int = 200,
        seconds: float | None = None,
        exploration: float = 1.4,
        rollout_decisions: int = 40,
        prefer: tuple[str, ...] = ("fire",),
        reward: Reward = terminal_returns,
        horizon: Horizon = never,
        share: Share = share_rules,
    ) -> None:
        self.seed = seed
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration
        self.rollout_decisions = rollout_decisions
        self.prefer = prefer
        self.reward = reward
        self.horizon = horizon
        self.share = share
        self._rng = random.Random(f"mcts:{seed}")
        self._shared: dict[int, Any] = {}

    def restart(self) -> None:
        self._rng = random.Random(f"mcts:{self.seed}")

    def choose(self, state: GameState, seat: int) -> Action:
        legal = state.legal_actions()
        if not legal:
            raise ValueError("MCTS bot asked to choose with no legal action")
        if len(legal) == 1:
            return legal[0]
        base = state.clone()
        base.log = EventLog()
        self._shared = self.share(base)
        root = _Node()
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        done = 0
        while True:
            if deadline is not None:
                if time.perf_counter() >= deadline and done > 0:
                    break
            elif done >= self.iterations:
                break
            self._simulate(base, root, seat)
            done += 1
        best = max(root.children.values(), key=lambda ac: (ac[1].visits, ac[1].total))
        return best[0]

    def _simulate(self, base: GameState, root: _Node, seat: int) -> None:
        sim = copy.deepcopy(base, dict(self._shared))
        node = root
        path = [node]
        rng = self._rng
        while not sim.is_terminal() and not (node is not root and self.horizon(sim)):
            actor = sim.current_actor()
            if actor == CHANCE:
                outcomes = sim.chance_outcomes()
                x = rng.random()
                acc = 0.0
                outcome = outcomes[-1][0]
                for o, p in outcomes:
                    acc += float(p)
                    if x < acc:
                        outcome = o
                        break
                key = str(outcome)
                if key not in node.children:
                    node.children[key] = (outcome, _Node())
                sim.apply(outcome)
                node = node.children[key][1]
                path.append(node)
                continue
            if node.untried is None:
                node.actor = actor
                node.untried = list(sim.legal_actions())
            if node.untried:
                action = node.untried.pop(rng.randrange(len(node.untried)))
                child = _Node()
                node.children[str(action)] = (action, child)
                sim.apply(action)
                path.append(child)
                break
            action, node = self._select(node, seat)
            sim.apply(action)
            path.append(node)
        reward = self._rollout(sim, seat)
        for n in path:
            n.visits += 1
            n.total += reward

    def _select(self, node: _Node, seat: int) -> tuple[Action, _Node]:
        """UCB1 among the children, from the point of view of the seat acting at ``node``."""
        log_n = math.log(max(node.visits, 1))
        sign = 1.0 if node.actor == seat else -1.0
        best: tuple[Action, _Node] | None = None
        best_score = -math.inf
        for action, child in node.children.values():
            if child.visits == 0:
                return action, child
            score = sign * child.total / child.visits + self.exploration * math.sqrt(
                log_n / child.visits
            )
            if score > best_score:
                best, best_score = (action, child), score
        assert best is not None
        return best

    def _rollout(self, sim: GameState, seat: int) -> float:
        rng = self._rng
        decisions = 0
        while not sim.is_terminal() and not self.horizon(sim):
            if sim.current_actor() == CHANCE:
                outcomes = sim.chance_outcomes()
                x = rng.random()
                acc = 0.0
                choice = outcomes[-1][0]
                for o, p in outcomes:
                    acc += float(p)
                    if x < acc:
                        choice = o
                        break
                sim.apply(choice)
                continue
            if decisions >= self.rollout_decisions:
                break
            legal = sim.legal_actions()
            preferred = [a for a in legal if str(a) in self.prefer]
            pool = preferred or legal
            sim.apply(pool[rng.randrange(len(pool))])
            decisions += 1
        return self.reward(sim, seat)
