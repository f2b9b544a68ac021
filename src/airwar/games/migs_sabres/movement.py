"""Steps, legal moves and the movement "perft" (MS-6..MS-10).

A movement turn is a sequence of steps relative to the plane's facing:
straight ``F`` (1 MP), diagonal ``L``/``R`` (2 MP) and wing-over ``WL``/``WR``
(3 MP, at most one per turn), never off the board nor into the other plane's
square (MS-8). The plane must keep stepping while an affordable legal step
remains (MS-7); after at least one step it may fire when the other plane is
in the square directly ahead, which ends the move (MS-9).

Positions are packed as ``square.index * 8 + facing`` in the fast tables.

>>> from airwar.games.migs_sabres.board import Facing, Square
>>> opts = movement_options("F-86", Square.parse("a1"), Facing.N, Square.parse("k14"), 3,
...                        target_facing=Facing.S)
>>> [f"{s}:{f}" for s, f in opts.end_states]
['b1:E', 'b3:NE', 'c3:NE', 'a4:N']
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction
from functools import cache
from typing import Any

from airwar.core.checks import fraction_text
from airwar.games.migs_sabres import geometry
from airwar.games.migs_sabres.board import ALL_SQUARES, COLUMNS, ROWS, Facing, Square
from airwar.games.migs_sabres.combat import ASPECT_BY_OFFSET, p_kill
from airwar.games.migs_sabres.data import table
from airwar.games.migs_sabres.geometry import fire_offset
from airwar.games.migs_sabres.planes import PlaneType, plane_type

_MOVES = table("movement")
ACE_MP_BONUS: int = int(_MOVES["ace_bonus"])


class StepKind(str, Enum):
    """The five steps of rule III.D, named by their notation."""

    F = "F"
    L = "L"
    R = "R"
    WL = "WL"
    WR = "WR"

    @property
    def cost(self) -> int:
        return _STEP_DATA[self.value]["cost"]

    @property
    def turn(self) -> int:
        """Change of facing in 45-degree steps (negative = left)."""
        return _STEP_DATA[self.value]["turn"]

    @property
    def is_wing_over(self) -> bool:
        return _STEP_DATA[self.value]["wing_over"]

    @property
    def label(self) -> str:
        return str(_STEP_DATA[self.value]["name"])

    @classmethod
    def parse(cls, text: str) -> StepKind:
        return cls(text.strip().upper())

    def __str__(self) -> str:
        return self.value


_STEP_DATA: dict[str, dict[str, Any]] = {row["code"]: row for row in _MOVES["step"]}
STEP_KINDS: tuple[StepKind, ...] = tuple(StepKind(code) for code in _STEP_DATA)
_K_COST: tuple[int, ...] = tuple(k.cost for k in STEP_KINDS)
_K_WO: tuple[bool, ...] = tuple(k.is_wing_over for k in STEP_KINDS)
_MIN_COST = min(_K_COST)

NPOS = COLUMNS * ROWS * 8


_TABLES = geometry.step_tables(COLUMNS, ROWS, [k.turn for k in STEP_KINDS])

NEXT: tuple[tuple[int, ...], ...] = tuple(
    tuple(-1 if d >= NPOS else int(d) for d in row) for row in _TABLES.dest
)
"""``NEXT[k][pos]``: the position after step kind number ``k``, or -1 off the board."""

AHEAD: tuple[int, ...] = tuple(int(a) for a in _TABLES.ahead)
"""``AHEAD[pos]``: the index of the square directly ahead, or -1 at the edge."""


def pack(square: Square, facing: Facing) -> int:
    return geometry.pack(square.index, int(facing))


def unpack(pos: int) -> tuple[Square, Facing]:
    return ALL_SQUARES[geometry.square_of(pos)], Facing(geometry.facing_of(pos))


def step_result(square: Square, facing: Facing, kind: StepKind) -> tuple[Square, Facing] | None:
    """Where ``kind`` takes a plane (None: off the board, MS-8)."""
    nxt = NEXT[STEP_KINDS.index(kind)][pack(square, facing)]
    return None if nxt < 0 else unpack(nxt)


def can_step(pos: int, mp: int, wing_over_used: bool, blocked: int) -> bool:
    """Whether any step is affordable and legal from ``pos`` (MS-7, MS-8)."""
    for k in range(len(STEP_KINDS)):
        if _K_COST[k] > mp or (wing_over_used and _K_WO[k]):
            continue
        nxt = NEXT[k][pos]
        if nxt >= 0 and nxt >> 3 != blocked:
            return True
    return False


def _build_trans() -> tuple[tuple[tuple[int, int, int], ...], ...]:
    out = []
    for state in range(NPOS * 2):
        p, wo = state >> 1, state & 1
        moves = []
        for k in range(len(STEP_KINDS)):
            if wo and _K_WO[k]:
                continue
            nxt = NEXT[k][p]
            if nxt >= 0:
                moves.append((_K_COST[k], nxt * 2 + (1 if (wo or _K_WO[k]) else 0), k))
        out.append(tuple(sorted(moves)))
    return tuple(out)


TRANS: tuple[tuple[tuple[int, int, int], ...], ...] = _build_trans()
"""``TRANS[pos * 2 + wing_over_used]``: (cost, next state, step kind number), cheapest first."""


def _build_groups() -> tuple[tuple[int, int, int], ...]:
    """(cost, source-state mask, shift) of every step that moves a state bitset at once."""
    groups: list[tuple[int, int, int]] = []
    for k in range(len(STEP_KINDS)):
        for f in range(8):
            by_shift: dict[int, int] = {}
            for wo in (0,) if _K_WO[k] else (0, 1):
                for sq in range(NPOS // 8):
                    p = sq * 8 + f
                    nxt = NEXT[k][p]
                    if nxt < 0:
                        continue
                    state = p * 2 + wo
                    shift = nxt * 2 + (1 if (wo or _K_WO[k]) else 0) - state
                    by_shift[shift] = by_shift.get(shift, 0) | (1 << state)
            groups.extend((_K_COST[k], mask, shift) for shift, mask in by_shift.items())
    groups.sort(key=lambda g: g[0])
    return tuple(groups)


_GROUPS = _build_groups()
_SQUARE_STATES = tuple(
    sum(1 << ((sq * 8 + f) * 2 + w) for f in range(8) for w in (0, 1)) for sq in range(NPOS // 8)
)
BITSET_MIN_MP = 10
"""From this many MP on, :func:`explore` moves whole state sets as bit masks."""


@cache
def _groups_avoiding(blocked: int) -> tuple[tuple[int, int, int], ...]:
    """The step groups with every step into square ``blocked`` removed (MS-8)."""
    tgt = _SQUARE_STATES[blocked]
    return tuple((c, m & ~((tgt >> sh) if sh >= 0 else (tgt << -sh)), sh) for c, m, sh in _GROUPS)


@cache
def _fire_states(blocked: int) -> int:
    return sum(1 << (p * 2 + w) for p in range(NPOS) if AHEAD[p] == blocked for w in (0, 1))


def _positions(mask: int) -> set[int]:
    out: set[int] = set()
    while mask:
        low = mask & -mask
        out.add((low.bit_length() - 1) >> 1)
        mask ^= low
    return out


def _explore_bits(
    pos: int, mp: int, wing_over_used: bool, blocked: int, stepped: bool
) -> tuple[set[int], set[int]]:
    """:func:`explore` on bit masks of (position, wing-over used) states, one per MP level."""
    groups = _groups_avoiding(blocked)
    levels = [0] * (mp + 1)
    start = 1 << (pos * 2 + (1 if wing_over_used else 0))
    if stepped:
        levels[mp] = start
    else:
        for c, m, sh in groups:
            if c > mp:
                break
            moved = start & m
            if moved:
                levels[mp - c] |= (moved << sh) if sh >= 0 else (moved >> -sh)
    fire_states = _fire_states(blocked)
    ends = fires = 0
    for level in range(mp, -1, -1):
        states = levels[level]
        if not states:
            continue
        fires |= states & fire_states
        movable = 0
        for c, m, sh in groups:
            if c > level:
                break
            moved = states & m
            if moved:
                movable |= moved
                levels[level - c] |= (moved << sh) if sh >= 0 else (moved >> -sh)
        ends |= states & ~movable
    return _positions(ends), _positions(fires)


def explore(
    pos: int, mp: int, wing_over_used: bool, blocked: int, stepped: bool = False
) -> tuple[set[int], set[int]]:
    """(end positions, fire positions) reachable in one movement turn, as packed ints.

    ``blocked`` is the other plane's square index: never entered, and the
    target of fire. End positions are where no affordable legal step
    remains after at least one step (MS-7); fire positions are reached after
    at least one step with the target directly ahead (MS-9). States are
    visited by MP left, highest first, each once; from ``BITSET_MIN_MP`` on,
    a whole MP level moves at once as a bit mask.
    """
    if mp >= BITSET_MIN_MP:
        return _explore_bits(pos, mp, wing_over_used, blocked, stepped)
    ends: set[int] = set()
    fires: set[int] = set()
    levels: list[set[int]] = [set() for _ in range(mp + 1)]
    start = pos * 2 + (1 if wing_over_used else 0)
    if stepped:
        levels[mp].add(start)
    else:
        for cost, ns, _ in TRANS[start]:
            if cost > mp:
                break
            if ns >> 4 != blocked:
                levels[mp - cost].add(ns)
    for m in range(mp, -1, -1):
        level = levels[m]
        for state in level:
            p = state >> 1
            if AHEAD[p] == blocked:
                fires.add(p)
            moved = False
            for cost, ns, _ in TRANS[state]:
                if cost > m:
                    break
                if ns >> 4 != blocked:
                    moved = True
                    levels[m - cost].add(ns)
            if not moved:
                ends.add(p)
    return ends, fires


def explore_paths(
    pos: int, mp: int, wing_over_used: bool, blocked: int, stepped: bool = False
) -> tuple[dict[int, tuple[int, ...]], dict[int, tuple[int, ...]]]:
    """Like :func:`explore`, with one step path (step kind numbers) to each result."""
    ends: dict[int, tuple[int, ...]] = {}
    fires: dict[int, tuple[int, ...]] = {}
    levels: list[dict[int, tuple[int, ...]]] = [{} for _ in range(mp + 1)]
    start = pos * 2 + (1 if wing_over_used else 0)
    if stepped:
        levels[mp][start] = ()
    else:
        for cost, ns, k in TRANS[start]:
            if cost > mp:
                break
            if ns >> 4 != blocked:
                levels[mp - cost].setdefault(ns, (k,))
    for m in range(mp, -1, -1):
        for state, path in levels[m].items():
            p = state >> 1
            if AHEAD[p] == blocked and p not in fires:
                fires[p] = path
            moved = False
            for cost, ns, k in TRANS[state]:
                if cost > m:
                    break
                if ns >> 4 != blocked:
                    moved = True
                    nxt_level = levels[m - cost]
                    if ns not in nxt_level:
                        nxt_level[ns] = (*path, k)
            if not moved and p not in ends:
                ends[p] = path
    return ends, fires


@dataclass(frozen=True)
class FireOption:
    """A square and facing from which the mover can fire, and the odds (MS-9, MS-10)."""

    square: Square
    facing: Facing
    aspect: str
    kill_on: int
    p_kill: Fraction

    def to_dict(self) -> dict[str, Any]:
        return {
            "square": str(self.square),
            "facing": str(self.facing),
            "aspect": self.aspect,
            "kill_on": self.kill_on,
            "p_kill": fraction_text(self.p_kill),
        }


@dataclass(frozen=True)
class MoveOptions:
    """Everything a plane can do in one movement turn (DESIGN's ``airwar migs moves``)."""

    end_states: list[tuple[Square, Facing]] = field(default_factory=list)
    fire_options: list[FireOption] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {
            "end_states": [{"square": str(s), "facing": str(f)} for s, f in self.end_states],
            "fire_options": [f.to_dict() for f in self.fire_options],
        }


def movement_options(
    mover_type: str | PlaneType | None,
    mover_square: Square,
    mover_facing: Facing,
    target_square: Square | tuple[Square, Facing],
    mp: int,
    wing_over_used: bool = False,
    *,
    target_facing: Facing | None = None,
    ace: bool = False,
    stepped: bool = False,
) -> MoveOptions:
    """The perft of one movement turn: end states and fire options, sorted, no duplicates.

    ``target_square`` may be a ``(square, facing)`` pair instead of giving
    ``target_facing``; the facing gives each fire option's aspect (MS-10).
    ``ace`` adds 1 to kill rolls (MS-14; the ace's +1 MP is already in ``mp``).
    ``stepped`` continues a turn in which the mover has already stepped.
    """
    if mover_type is not None:
        plane_type(mover_type)
    if isinstance(target_square, tuple):
        target_square, target_facing = target_square
    if target_facing is None:
        raise ValueError("movement_options needs the target's facing to give fire aspects")
    if mover_square == target_square:
        raise ValueError(f"mover and target are both in {mover_square}")
    tgt = target_square.index
    ends, fires = explore(pack(mover_square, mover_facing), mp, wing_over_used, tgt, stepped)
    end_states = [unpack(p) for p in sorted(ends)]
    fire_options = []
    for p in sorted(fires):
        sq, f = unpack(p)
        a = ASPECT_BY_OFFSET[fire_offset(f, target_facing)]
        fire_options.append(FireOption(sq, f, a.name, a.kill_on, p_kill(a.name, ace)))
    return MoveOptions(end_states, fire_options)
