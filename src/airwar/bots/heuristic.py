"""A MiGs and Sabres bot that weighs its kill odds against the reply they invite.

For every result of its movement turn (each square and facing where the move
must end, and each firing position, MS-7, MS-9) it scores

- firing: its exact kill chance ``p`` (MS-10), and on a miss the other
  plane's best kill chance on its next turn (including the III.G return fire
  after a head-on miss), unless the other plane has already fired, when the
  shot ends the engagement (MS-11);
- ending the move: minus the other plane's chance to get a shot and kill
  next turn, averaged over its movement-point roll (MS-7), plus a weighted
  estimate of its own chance of a shot the turn after.

The other plane's reply uses the exact minimum MP cost of reaching every
firing position around this plane on the real board (solid edges, one
wing-over, MS-6, MS-8); only the rare case of the path being blocked by this
plane itself is ignored. The bot plans a whole move, then plays it step by
step, replanning if anything differs from the plan.
"""

from __future__ import annotations

import random
from functools import lru_cache

from airwar.core.bot import BaseBot
from airwar.core.game import Action, GameState
from airwar.games.migs_sabres.actions import Fire, HoldFire, Step
from airwar.games.migs_sabres.board import ALL_SQUARES, Facing
from airwar.games.migs_sabres.combat import ASPECT_BY_OFFSET, p_kill
from airwar.games.migs_sabres.engagement import Engagement, Plane, engagement_in
from airwar.games.migs_sabres.geometry import (
    aspect_offset,
    facing_of,
    fire_offset,
    reverse,
    square_of,
)
from airwar.games.migs_sabres.geometry import (
    pack as pack_position,
)
from airwar.games.migs_sabres.movement import (
    ACE_MP_BONUS,
    NEXT,
    NPOS,
    STEP_KINDS,
    explore_paths,
    pack,
)
from airwar.games.migs_sabres.terms import Phase

_INF = 1 << 20
_K_COST = tuple(k.cost for k in STEP_KINDS)
_K_WO = tuple(k.is_wing_over for k in STEP_KINDS)
_STEPS = tuple(Step(k) for k in STEP_KINDS)

# NEIGHBOUR[square][d]: the square next to ``square`` in direction d, or -1.
NEIGHBOUR: tuple[tuple[int, ...], ...] = tuple(
    tuple(-1 if (n := sq.moved(Facing(d))) is None else n.index for d in range(8))
    for sq in ALL_SQUARES
)

# P_KILL[offset][ace]: kill chance of an attacker at ``offset`` (its bearing from
# the target relative to the target's facing, in eighths).
P_KILL: tuple[tuple[float, float], ...] = tuple(
    (float(p_kill(ASPECT_BY_OFFSET[o].name)), float(p_kill(ASPECT_BY_OFFSET[o].name, True)))
    for o in range(8)
)


@lru_cache(maxsize=4096)
def min_costs(pos: int, max_mp: int) -> tuple[int, ...]:
    """Least MP to stand at each position after at least one step this turn (MS-6, MS-8).

    Exact on the real board for a fresh turn (no wing-over used yet); the
    other plane's square is not taken into account.
    """
    best = ([_INF] * NPOS, [_INF] * NPOS)
    buckets: list[list[tuple[int, int]]] = [[] for _ in range(max_mp + 1)]
    buckets[0].append((pos, 0))
    nk = len(STEP_KINDS)
    for c in range(max_mp + 1):
        for p, wo in buckets[c]:
            if c and best[wo][p] < c:
                continue
            for k in range(nk):
                if wo and _K_WO[k]:
                    continue
                nc = c + _K_COST[k]
                if nc > max_mp:
                    continue
                np_ = NEXT[k][p]
                if np_ < 0:
                    continue
                nwo = 1 if (wo or _K_WO[k]) else 0
                if nc < best[nwo][np_]:
                    best[nwo][np_] = nc
                    buckets[nc].append((np_, nwo))
    return tuple(min(a, b) for a, b in zip(best[0], best[1], strict=True))


def mp_values(plane: Plane) -> list[int]:
    """The six equally likely MP of a plane's next movement turn (III.E, MS-7)."""
    base = plane.type.base_value + (ACE_MP_BONUS if plane.ace else 0)
    return [base + r for r in range(1, 7)]


def shot_chance(
    costs: tuple[int, ...], target_square: int, target_facing: int, ace: bool, mps: list[int]
) -> float:
    """Mean over ``mps`` of the best kill chance a plane with these ``costs`` can set up."""
    shots: list[tuple[float, int]] = []
    for d in range(8):
        n = NEIGHBOUR[target_square][d]
        if n < 0:
            continue
        c = costs[pack_position(n, reverse(d))]  # facing the target from its neighbour
        if c >= _INF:
            continue
        shots.append((P_KILL[aspect_offset(d, target_facing)][ace], c))  # MS-10
    if not shots:
        return 0.0
    shots.sort(reverse=True)
    total = 0.0
    for m in mps:
        for p, c in shots:
            if c <= m:
                total += p
                break
    return total / len(mps)


class HeuristicBot(BaseBot):
    """Scores every result of its movement turn by exact kill odds against the reply."""

    name = "heuristic"

    def __init__(self, seed: int | str = 0, offense_weight: float = 0.5) -> None:
        self.seed = seed
        self.offense_weight = offense_weight
        self._rng = random.Random(str(seed))
        self._plan: dict[tuple[int, ...], Action] = {}

    def restart(self) -> None:
        self._rng = random.Random(str(self.seed))
        self._plan = {}

    # -- evaluation ------------------------------------------------------
    def _danger(self, e: Engagement, me: int, my_pos: int) -> float:
        """The other plane's mean best kill chance next turn against ``my_pos``."""
        opp = e.planes[1 - me]
        mps = mp_values(opp)
        costs = min_costs(pack(opp.square, opp.facing), max(mps))
        return shot_chance(costs, square_of(my_pos), facing_of(my_pos), opp.ace, mps)

    def _offense(self, e: Engagement, me: int, my_pos: int) -> float:
        """This plane's mean best kill chance from ``my_pos`` if the other stayed put."""
        mine, opp = e.planes[me], e.planes[1 - me]
        mps = mp_values(mine)
        costs = min_costs(my_pos, max(mps))
        return shot_chance(costs, opp.square.index, int(opp.facing), mine.ace, mps)

    def _fire_value(self, e: Engagement, me: int, pos: int) -> float:
        mine, opp = e.planes[me], e.planes[1 - me]
        offset = fire_offset(facing_of(pos), int(opp.facing))  # MS-10
        p = P_KILL[offset][mine.ace]
        if opp.fired:
            return p  # the shot ends the engagement (MS-11)
        reply = self._danger(e, me, pos)
        if offset == 0:  # head-on: the target may return fire first (III.G)
            reply = max(reply, P_KILL[0][opp.ace])
        return p - (1.0 - p) * reply

    def _end_value(self, e: Engagement, me: int, pos: int) -> float:
        return -self._danger(e, me, pos) + self.offense_weight * self._offense(e, me, pos)

    def _best(
        self, e: Engagement, me: int, mp: int, wing_over_used: bool, stepped: bool
    ) -> tuple[float, tuple[int, ...], bool]:
        """(value, step path, fire at its end) of the best result of this turn."""
        mine, opp = e.planes[me], e.planes[1 - me]
        ends, fires = explore_paths(
            pack(mine.square, mine.facing), mp, wing_over_used, opp.square.index, stepped
        )
        options: list[tuple[float, float, tuple[int, ...], bool]] = []
        for pos, path in fires.items():
            options.append((self._fire_value(e, me, pos), self._rng.random(), path, True))
        for pos, path in ends.items():
            options.append((self._end_value(e, me, pos), self._rng.random(), path, False))
        if not options:
            return -1.0, (), False
        value, _, path, fire = max(options)
        return value, path, fire

    # -- choosing ----------------------------------------------------------
    @staticmethod
    def _key(e: Engagement) -> tuple[int, ...]:
        mine, opp = e.planes[e.mover], e.planes[1 - e.mover]
        return (
            e.mover,
            pack(mine.square, mine.facing),
            e.mp_left,
            int(e.wing_over_used),
            int(e.stepped),
            pack(opp.square, opp.facing),
        )

    def choose(self, state: GameState, seat: int) -> Action:
        e = engagement_in(state)
        legal = state.legal_actions()
        if e is None or not legal:
            raise ValueError("the heuristic bot plays MiGs and Sabres engagements only")
        me = e.mover
        if e.phase is Phase.RETURN_FIRE:
            mine = e.planes[me]
            hold = sum(self._best(e, me, m, False, False)[0] for m in mp_values(mine)) / 6
            return Fire() if P_KILL[0][mine.ace] >= hold else HoldFire()
        key = self._key(e)
        planned = self._plan.get(key)
        if planned is not None and planned in legal:
            return planned
        _, path, fire = self._best(e, me, e.mp_left, e.wing_over_used, e.stepped)
        self._plan = {}
        mine = e.planes[me]
        pos, mp, wo = pack(mine.square, mine.facing), e.mp_left, e.wing_over_used
        opp_pos = key[5]
        stepped = key[4]
        for k in path:
            self._plan[(me, pos, mp, int(wo), stepped, opp_pos)] = _STEPS[k]
            pos, mp, wo, stepped = NEXT[k][pos], mp - _K_COST[k], wo or _K_WO[k], 1
        final = (me, pos, mp, int(wo), 1, opp_pos)
        self._plan[final] = Fire() if fire else HoldFire()
        action = self._plan.get(key)
        if action is None or action not in legal:
            action = legal[0]
        return action
