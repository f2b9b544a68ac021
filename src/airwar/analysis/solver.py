"""The exact MiGs and Sabres engagement solver (issue: a solved MiGs and Sabres).

:func:`solve` computes, for one matchup (active type, listed type, ace or not
for each) and the rules options, the value of every engagement state under
optimal play by both planes: the expected kill difference (active side's
kills minus the listed side's; with option IV.A the difference of base-value
points) and each side's probability of a kill. It is a backward induction
over the MS-11 turn counter, so it is exact for the configured turn limit:

- a state is both planes' squares and facings, whose move, who has fired,
  whether a III.G return fire is pending and how many movement turns remain;
- a movement turn is a chance node (the MP roll, MS-7) followed by one
  decision, the whole move: any reachable end state, or a shot after at least
  one step (MS-9); with a return fire pending the choice to fire or hold comes
  first, before the MP roll, as in the rules package (III.G);
- the first mover is a chance node at the start (red d6 against blue d6, ties
  re-rolled, so one half each, MS-5).

The only rounding is floating point: layers are computed in float64 and kept
in float32 (about 7 significant digits). Ties between moves (values within
1e-12) go to the move with the larger own kill chance, so the kill chances
are those of that policy.

>>> from airwar.analysis.solver import Matchup, SolverOptions, solve
>>> sol = solve(Matchup("F-86", "Yak-9"), SolverOptions(columns=4, rows=5, turn_limit=1,
...             mp_base=(0, 0)), cache=False)
>>> sol.start_value().value
0.0
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import asdict, dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

from airwar.analysis.solver_core import (
    TIE,
    Layer,
    LayerSolver,
    PairTables,
    PlaneSpec,
)
from airwar.analysis.solver_tables import BoardTables, step_specs
from airwar.core.dice import D6
from airwar.core.errors import AirwarError
from airwar.games.migs_sabres.board import COLUMNS, ROWS
from airwar.games.migs_sabres.combat import ASPECT_BY_OFFSET, p_kill
from airwar.games.migs_sabres.data import DATA_DIR, table
from airwar.games.migs_sabres.movement import ACE_MP_BONUS
from airwar.games.migs_sabres.planes import plane_type

SOLVER_VERSION = 1
"""Bumped whenever the solver's semantics change; part of the cache key."""

MAX_TURN_LIMIT = 30
"""The longest turn limit the solver takes (MS-24): the cost of a solve grows in a
straight line with it (4 layers and about 36 MB of cache per movement turn on the
full board, docs/benchmarks.md); 30 keeps one solve to about two minutes and 1.1 GB."""

CACHE_ENV = "AIRWAR_SOLVER_CACHE_MB"
"""The environment variable that caps the solver cache, in MB (10**6 bytes)."""

DEFAULT_CACHE_MB = 4096
"""The cache cap when neither the variable nor a command's ``--cache-mb`` sets one."""

STALE_TMP_SECONDS = 3600.0
"""A half-written solution folder untouched this long is a crashed solve's: removed."""

ACTIVE, LISTED = 0, 1

Progress = Callable[[int, int], None]


class SolverError(AirwarError):
    """The solver cannot answer for these options (the message says which)."""


class TurnLimitTooLong(SolverError):
    """The turn limit is longer than the solver takes (:data:`MAX_TURN_LIMIT`, MS-24)."""


def turn_limit_refusal(turn_limit: int) -> str | None:
    """The one-line reason the solver refuses ``turn_limit``, or None when it takes it."""
    if turn_limit <= MAX_TURN_LIMIT:
        return None
    return (
        f"turn_limit {turn_limit}: the expert solver takes at most {MAX_TURN_LIMIT} movement "
        f"turns per plane (MS-24); a longer limit would take too long and too much disk to solve"
    )


def check_turn_limit(turn_limit: int) -> None:
    """Raise :class:`TurnLimitTooLong` when the solver does not take ``turn_limit``."""
    why = turn_limit_refusal(turn_limit)
    if why is not None:
        raise TurnLimitTooLong(why)


@dataclass(frozen=True)
class Matchup:
    """One engagement pairing (MS-4): the active plane, the listed plane, their aces."""

    active: str
    listed: str
    active_ace: bool = False
    listed_ace: bool = False

    def __post_init__(self) -> None:
        a, b = plane_type(self.active), plane_type(self.listed)
        object.__setattr__(self, "active", a.name)
        object.__setattr__(self, "listed", b.name)

    def label(self) -> str:
        """``"F-86 (ace) vs MiG-15"``."""
        a = " (ace)" if self.active_ace else ""
        b = " (ace)" if self.listed_ace else ""
        return f"{self.active}{a} vs {self.listed}{b}"


@dataclass(frozen=True)
class SolverOptions:
    """The rules options the solution depends on.

    ``turn_limit``: movement turns of each plane before both disengage
    (MS-11; must be at least 1: without a limit there is no finite horizon
    and the solver does not answer; at most :data:`MAX_TURN_LIMIT`, MS-24).
    ``scoring``: "kills" (MS-12) or "base-value" (IV.A: a kill scores the
    victim's base value).
    ``columns``/``rows``/``mp_base`` shrink the board and override the base
    values (active, listed) for reduced test boards; the real game uses the
    defaults.
    """

    turn_limit: int = 20
    scoring: str = "kills"
    columns: int = COLUMNS
    rows: int = ROWS
    mp_base: tuple[int | None, int | None] = (None, None)

    def __post_init__(self) -> None:
        if self.turn_limit < 1:
            raise SolverError(
                "the solver needs a turn limit of at least 1 movement turn per plane (MS-11); "
                "without one there is no finite horizon"
            )
        check_turn_limit(self.turn_limit)
        if self.scoring not in ("kills", "base-value"):
            raise SolverError(f"unknown scoring {self.scoring!r} (kills or base-value)")
        if self.columns < 2 or self.rows < 2:
            raise SolverError(f"a {self.columns}x{self.rows} board is too small to solve")

    @property
    def full_board(self) -> bool:
        return self.columns == COLUMNS and self.rows == ROWS and self.mp_base == (None, None)


@dataclass(frozen=True)
class Value:
    """A value from the active side's point of view.

    ``value``: expected active-side points minus listed-side points (kills by
    default); ``p_kill_active``/``p_kill_listed``: each plane's chance of
    shooting the other down from here under the solver's policy.
    """

    value: float
    p_kill_active: float
    p_kill_listed: float

    def for_role(self, role: int) -> float:
        """The value seen by ``role`` (0 active, 1 listed): what that plane maximises."""
        return self.value if role == ACTIVE else -self.value

    def to_dict(self) -> dict[str, float]:
        return {
            "value": self.value,
            "p_kill_active": self.p_kill_active,
            "p_kill_listed": self.p_kill_listed,
        }


@dataclass(frozen=True)
class EngagementKey:
    """An engagement state in the solver's terms (see :func:`key_of`).

    ``phase``: "first" (who moves first not rolled), "mp" (the mover's MP
    roll is next), "return_fire" (III.G choice), "move" (mid-move: ``mp_left``,
    ``wing_over_used``, ``stepped``), "kill" (a kill roll is pending for
    ``attack_aspect``, fired by the mover; ``return_shot`` for III.G),
    "over". ``fired`` is (active fired, listed fired); positions are packed
    ``square * 8 + facing``; ``remaining`` counts movement turns left
    including the current one. ``first_red`` is the red die already rolled
    for the first move, if any.
    """

    phase: str
    mover: int
    positions: tuple[int, int]
    fired: tuple[bool, bool]
    remaining: int
    mp_left: int = 0
    wing_over_used: bool = False
    stepped: bool = False
    attack_offset: int = -1
    return_shot: bool = False
    shot_down: int | None = None
    first_red: int | None = None
    red_is_active: bool = True


def _data_digest() -> str:
    h = hashlib.sha256()
    for name in ("aircraft", "board", "combat", "movement"):
        h.update((DATA_DIR / f"{name}.toml").read_bytes())
    return h.hexdigest()


def cache_key(matchup: Matchup, options: SolverOptions) -> str:
    """The hash naming a solution in the cache: solver version, matchup, options, data."""
    payload = json.dumps(
        {
            "version": SOLVER_VERSION,
            "matchup": asdict(matchup),
            "options": asdict(options),
            "data": _data_digest(),
        },
        sort_keys=True,
    )
    return hashlib.sha256(payload.encode()).hexdigest()[:24]


def cache_dir() -> Path:
    """The folder of cached solutions (the user's cache folder, ``solver`` inside)."""
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("airwar")) / "solver"


def solution_bytes(turn_limit: int, columns: int = COLUMNS, rows: int = ROWS) -> int:
    """Bytes one solution takes in the cache: its four ``.npy`` arrays (meta.json aside).

    It grows in a straight line with the turn limit: per movement turn, two
    layers of values and kill chances, for both movers and the three fired-statuses.
    """
    import io

    from numpy.lib.format import write_array_header_1_0

    total = 0
    for shape in _shapes_for(turn_limit, columns, rows).values():
        header = io.BytesIO()
        write_array_header_1_0(
            header, {"descr": np.dtype(np.float32).str, "fortran_order": False, "shape": shape}
        )
        total += len(header.getvalue()) + int(np.prod(shape)) * 4
    return total


# -- the cache's size cap (least recently used solutions go first) ------------

_cache_mb: int | None = None


def set_cache_limit_mb(mb: int | None) -> None:
    """Cap the solver cache at ``mb`` MB in this process (None: back to the variable)."""
    global _cache_mb
    if mb is not None and mb < 0:
        raise SolverError(f"a solver cache cap of {mb} MB: give 0 or more")
    _cache_mb = mb


@contextlib.contextmanager
def cache_limit(mb: int | None) -> Iterator[None]:
    """Within the block, cap the solver cache at ``mb`` MB (None: leave the cap as it is)."""
    global _cache_mb
    before = _cache_mb
    if mb is not None:
        set_cache_limit_mb(mb)
    try:
        yield
    finally:
        _cache_mb = before


def cache_limit_mb() -> int:
    """The cache cap in MB: :func:`set_cache_limit_mb`, else the variable, else 4096."""
    if _cache_mb is not None:
        return _cache_mb
    text = os.environ.get(CACHE_ENV, "").strip()
    if not text:
        return DEFAULT_CACHE_MB
    if not text.isdigit() or len(text) > 9:
        raise SolverError(
            f"{CACHE_ENV}={text[:20]!r}: give the solver cache's cap in whole MB "
            f"(0 to 999999999; default {DEFAULT_CACHE_MB})"
        )
    return int(text)


@dataclass(frozen=True)
class CacheEntry:
    """One complete solution in the cache folder: its key, size and when last used."""

    key: str
    path: Path
    size: int
    used: float


def _used_marker(folder: Path) -> Path:
    return folder / "meta.json"


def mark_used(key: str) -> None:
    """Mark a cached solution as just used (its meta.json's modification time)."""
    with contextlib.suppress(OSError):  # evicted meanwhile: nothing to mark
        os.utime(_used_marker(cache_dir() / key))


def cache_entries() -> list[CacheEntry]:
    """The complete solutions in the cache folder, least recently used first."""
    out = []
    try:
        folders = list(cache_dir().iterdir())
    except OSError:
        return []
    for folder in folders:
        if ".tmp" in folder.name or not folder.is_dir():
            continue
        try:
            used = _used_marker(folder).stat().st_mtime
            size = sum(f.stat().st_size for f in folder.iterdir())
        except OSError:
            continue  # half-written, or removed meanwhile
        out.append(CacheEntry(folder.name, folder, size, used))
    out.sort(key=lambda e: (e.used, e.key))
    return out


def _remove_folder(folder: Path) -> bool:
    import shutil

    try:
        shutil.rmtree(folder)
    except FileNotFoundError:
        return True
    except OSError:
        return False  # in use where open files cannot be removed: left for next time
    return True


def _last_written(folder: Path) -> float:
    """When anything in ``folder`` was last written (a solve writes its arrays in place)."""
    times = [folder.stat().st_mtime]
    with contextlib.suppress(OSError):
        times.extend(f.stat().st_mtime for f in folder.iterdir())
    return max(times)


def enforce_cache_limit(limit_mb: int | None = None, keep: str | None = None) -> list[str]:
    """Remove the least recently used solutions until the cache fits its cap.

    ``limit_mb`` defaults to :func:`cache_limit_mb`; the solution ``keep``
    (the one just written) is never removed, even when it alone is larger
    than the cap. Half-written folders of solves that stopped (untouched for
    an hour) go too. Returns the keys removed.
    """
    limit = (cache_limit_mb() if limit_mb is None else limit_mb) * 10**6
    now = time.time()
    with contextlib.suppress(OSError):
        for folder in cache_dir().iterdir():
            if ".tmp" in folder.name and now - _last_written(folder) > STALE_TMP_SECONDS:
                _remove_folder(folder)
    entries = cache_entries()
    total = sum(e.size for e in entries)
    removed = []
    for e in entries:
        if total <= limit:
            break
        if e.key == keep:
            continue
        if _remove_folder(e.path):
            total -= e.size
            removed.append(e.key)
            _MEMORY.pop(e.key, None)
    return removed


@cache
def pair_tables(columns: int, rows: int) -> PairTables:
    """The index tables of one board size (built once per process)."""
    return PairTables.build(BoardTables.build(columns, rows))


def plane_spec(
    type_name: str, ace: bool, victim: str, options: SolverOptions, base: int | None
) -> PlaneSpec:
    """The solver's description of one plane from the rules data (MS-1, MS-7, MS-10, MS-14)."""
    t = plane_type(type_name)
    b = t.base_value if base is None else base
    bonus = ACE_MP_BONUS if ace else 0
    mp = [(v + b + bonus, float(p)) for v, p in D6.outcomes()]
    kills = [float(p_kill(ASPECT_BY_OFFSET[o].name, ace)) for o in range(8)]
    points = 1.0 if options.scoring == "kills" else float(plane_type(victim).base_value)
    return PlaneSpec(mp, kills, points)


def _specs(matchup: Matchup, options: SolverOptions) -> tuple[PlaneSpec, PlaneSpec]:
    a = plane_spec(matchup.active, matchup.active_ace, matchup.listed, options, options.mp_base[0])
    b = plane_spec(matchup.listed, matchup.listed_ace, matchup.active, options, options.mp_base[1])
    return a, b


@dataclass
class Solution:
    """The solved engagement: value lookups for every state of one matchup.

    ``S[role, n]``/``P[role, n]`` (float32, shape ``(3, pairs)``) are the
    values before the MP roll of a movement turn of ``role`` with ``n``
    movement turns remaining, from the mover's point of view (``S``: mover's
    points minus the other's; ``P``: the mover's kill chance); ``RS``/``RP``
    the same with a III.G return fire pending (status 1), kept at the
    head-on pairs only (``pairs.head_on_pairs``), the only ones where it
    applies.
    """

    matchup: Matchup
    options: SolverOptions
    S: NDArray[np.float32]
    P: NDArray[np.float32]
    RS: NDArray[np.float32]
    RP: NDArray[np.float32]
    seconds: float = 0.0
    specs: tuple[PlaneSpec, PlaneSpec] = field(init=False)
    pairs: PairTables = field(init=False)

    def __post_init__(self) -> None:
        self.specs = _specs(self.matchup, self.options)
        self.pairs = pair_tables(self.options.columns, self.options.rows)

    # -- raw lookups ----------------------------------------------------
    def _pair(self, mover: int, positions: tuple[int, int]) -> int:
        return self.pairs.index(positions[mover], positions[1 - mover])

    def _status(self, mover: int, fired: tuple[bool, bool]) -> int:
        if fired[mover] and fired[1 - mover]:
            raise SolverError("both planes have fired: the engagement is over (MS-11)")
        if fired[1 - mover]:
            return 1
        return 2 if fired[mover] else 0

    def _as_active(self, mover: int, s: float, p: float) -> Value:
        """Convert a mover-view (S, P) into an active-view :class:`Value`."""
        w_m = self.specs[mover].points
        w_o = self.specs[1 - mover].points
        p_other = (w_m * p - s) / w_o
        if mover == ACTIVE:
            return Value(float(s), float(p), float(p_other))
        return Value(float(-s), float(p_other), float(p))

    def turn_value(
        self,
        mover: int,
        positions: tuple[int, int],
        fired: tuple[bool, bool],
        remaining: int,
        return_fire: bool = False,
    ) -> tuple[float, float]:
        """(S, P) from the mover's view at the start of its movement turn (before MP)."""
        if remaining <= 0:
            return 0.0, 0.0
        if remaining > self.S.shape[1] - 1:
            raise SolverError(
                f"{remaining} movement turns remain, more than this solution's "
                f"turn limit allows ({self.S.shape[1] - 1})"
            )
        st = self._status(mover, fired)
        c = self._pair(mover, positions)
        if return_fire and st == 1:
            j = c
            if self.RS.shape[-1] != self.pairs.n_pairs:
                # kept only at the head-on pairs, the only ones where III.G applies
                heads = self.pairs.head_on_pairs
                j = int(np.searchsorted(heads, c))
                if j >= len(heads) or heads[j] != c:
                    return float(self.S[mover, remaining, 1, c]), float(
                        self.P[mover, remaining, 1, c]
                    )
            return float(self.RS[mover, remaining, j]), float(self.RP[mover, remaining, j])
        return float(self.S[mover, remaining, st, c]), float(self.P[mover, remaining, st, c])

    def _after_move(
        self,
        mover: int,
        positions: tuple[int, int],
        fired: tuple[bool, bool],
        remaining: int,
        return_fire: bool = False,
    ) -> tuple[float, float]:
        """(S, P), mover's view, once the mover's turn ends (the other moves next)."""
        other = 1 - mover
        s, p = self.turn_value(other, positions, fired, remaining - 1, return_fire)
        w_m, w_o = self.specs[mover].points, self.specs[other].points
        return -s, (w_o * p - s) / w_m

    def _shot(
        self,
        mover: int,
        positions: tuple[int, int],
        fired: tuple[bool, bool],
        remaining: int,
        offset: int,
        return_shot: bool,
    ) -> tuple[float, float]:
        """(S, P), mover's view, of the mover's shot from aspect ``offset`` (MS-10, III.G)."""
        pk = self.specs[mover].p_kill[offset]
        w = self.specs[mover].points
        both = fired[1 - mover] or return_shot
        if both:
            return pk * w, pk
        now_fired = (True, fired[1]) if mover == ACTIVE else (fired[0], True)
        ms, mp = self._after_move(mover, positions, now_fired, remaining, offset == 0)
        return pk * w + (1 - pk) * ms, pk + (1 - pk) * mp

    def _better(self, a: tuple[float, float], b: tuple[float, float]) -> bool:
        """Whether ``a`` beats ``b`` for the mover (value, then own kill chance on a tie)."""
        d = a[0] - b[0]
        return d > TIE or (d >= -TIE and a[1] > b[1])

    def _move_value(
        self,
        mover: int,
        positions: tuple[int, int],
        fired: tuple[bool, bool],
        remaining: int,
        mp_left: int,
        wing_over_used: bool,
        stepped: bool,
        memo: dict[tuple[int, int, bool, bool], tuple[float, float]],
    ) -> tuple[float, float]:
        """(S, P), mover's view, of a mid-move state (the move DP of one state, MS-6..MS-9)."""
        pos = positions[mover]
        key = (pos, mp_left, wing_over_used, stepped)
        if key in memo:
            return memo[key]
        best: tuple[float, float] | None = None
        for nxt_pos, cost, wo in self._steps(pos, positions[1 - mover], mp_left, wing_over_used):
            np_ = (nxt_pos, positions[1]) if mover == ACTIVE else (positions[0], nxt_pos)
            v = self._move_value(mover, np_, fired, remaining, mp_left - cost, wo, True, memo)
            if best is None or self._better(v, best):
                best = v
        if best is None:
            best = self._after_move(mover, positions, fired, remaining)
        offset = self.fire_offset(mover, positions)
        if stepped and offset is not None:
            v = self._shot(mover, positions, fired, remaining, offset, False)
            if self._better(v, best):
                best = v
        memo[key] = best
        return best

    def _steps(
        self, pos: int, other_pos: int, mp_left: int, wing_over_used: bool
    ) -> Iterator[tuple[int, int, bool]]:
        """Legal affordable steps: (new position, cost, wing-over used after) (MS-6..MS-8)."""
        b = self.pairs.board
        for k, spec in enumerate(step_specs()):
            if spec.cost > mp_left or (wing_over_used and spec.wing_over):
                continue
            d = int(b.dest[k, pos])
            if d >= b.n_pos or d // 8 == other_pos // 8:
                continue
            yield d, spec.cost, wing_over_used or spec.wing_over

    def fire_offset(self, mover: int, positions: tuple[int, int]) -> int | None:
        """The attack offset if the other plane is directly ahead of the mover (MS-9, MS-10)."""
        pos, other = positions[mover], positions[1 - mover]
        if int(self.pairs.board.ahead[pos]) != other // 8:
            return None
        return (pos % 8 + 4 - other % 8) % 8

    # -- public lookups -------------------------------------------------
    def key_value(self, key: EngagementKey) -> Value:
        """The value of a state given as an :class:`EngagementKey`."""
        m = key.mover
        if key.phase == "over":
            if key.shot_down is None:
                return Value(0.0, 0.0, 0.0)
            killer = 1 - key.shot_down
            pts = self.specs[killer].points
            return Value(pts if killer == ACTIVE else -pts, float(killer == 0), float(killer == 1))
        if key.phase == "first":
            return self._first_value(key)
        if key.phase == "mp":
            s, p = self.turn_value(m, key.positions, key.fired, key.remaining)
        elif key.phase == "return_fire":
            s, p = self.turn_value(m, key.positions, key.fired, key.remaining, True)
        elif key.phase == "move":
            s, p = self._move_value(
                m,
                key.positions,
                key.fired,
                key.remaining,
                key.mp_left,
                key.wing_over_used,
                key.stepped,
                {},
            )
        elif key.phase == "kill":
            before = (False, key.fired[1]) if m == ACTIVE else (key.fired[0], False)
            s, p = self._shot(
                m, key.positions, before, key.remaining, key.attack_offset, key.return_shot
            )
        else:
            raise SolverError(f"unknown engagement phase {key.phase!r}")
        return self._as_active(m, s, p)

    def _first_value(self, key: EngagementKey) -> Value:
        """Who moves first is rolled (MS-5): red d6 against blue d6, ties re-rolled."""
        n = 2 * self.options.turn_limit
        va = self.key_value(EngagementKey("mp", ACTIVE, key.positions, key.fired, n))
        vl = self.key_value(EngagementKey("mp", LISTED, key.positions, key.fired, n))
        if key.first_red is None:
            pa = 0.5
        else:
            # blue beats red's roll: blue first; lower: red first; tie: both re-roll (1/2 each)
            r = key.first_red
            p_blue = (6 - r) / 6 + 0.5 / 6
            p_red = 1 - p_blue
            pa = p_red if key.red_is_active else p_blue
        return Value(
            pa * va.value + (1 - pa) * vl.value,
            pa * va.p_kill_active + (1 - pa) * vl.p_kill_active,
            pa * va.p_kill_listed + (1 - pa) * vl.p_kill_listed,
        )

    def start_value(self) -> Value:
        """The value of the engagement before anything is rolled (start squares, MS-5)."""
        return self.key_value(
            EngagementKey("first", ACTIVE, self.start_positions(), (False, False), 0)
        )

    def start_positions(self) -> tuple[int, int]:
        """Packed start positions: a1 facing N and the far corner facing S (MS-5)."""
        start = table("board")["start"]
        cols, rows = self.options.columns, self.options.rows
        if self.options.columns == COLUMNS and self.options.rows == ROWS:
            from airwar.games.migs_sabres.board import Facing, Square

            a = Square.parse(start["active"]["square"])
            fa = Facing.parse(start["active"]["facing"])
            b = Square.parse(start["listed"]["square"])
            fb = Facing.parse(start["listed"]["facing"])
            return a.index * 8 + int(fa), b.index * 8 + int(fb)
        return 0 * 8 + 0, (rows * cols - 1) * 8 + 4

    def value(self, state: Any) -> Value:
        """The value of an engagement state (an ``EngagementState``, ``Engagement`` or key)."""
        return self.key_value(key_of(state, self.options))

    def p_kill_each(self, state: Any) -> tuple[float, float]:
        """(active's, listed's) chance of a kill from ``state`` under optimal play."""
        v = self.value(state)
        return v.p_kill_active, v.p_kill_listed

    def move_values(self, state: Any) -> dict[str, Value]:
        """The value after each legal decision of the state's mover, by action text."""
        key = key_of(state, self.options)
        return self.key_move_values(key)

    def key_move_values(
        self,
        key: EngagementKey,
        memo: dict[tuple[int, int, bool, bool], tuple[float, float]] | None = None,
    ) -> dict[str, Value]:
        """:meth:`move_values` for an :class:`EngagementKey`.

        ``memo`` may be shared between calls within one movement turn (the
        other plane does not move meanwhile).
        """
        m = key.mover
        out: dict[str, Value] = {}
        if key.phase == "return_fire":
            offset = self.fire_offset(m, key.positions)
            if offset is None:
                raise SolverError("a return fire is pending but no target is ahead (III.G)")
            s, p = self._shot(m, key.positions, key.fired, key.remaining, offset, True)
            out["fire"] = self._as_active(m, s, p)
            s, p = self.turn_value(m, key.positions, key.fired, key.remaining)
            out["hold"] = self._as_active(m, s, p)
            return out
        if key.phase != "move":
            return out
        if memo is None:
            memo = {}
        codes = [s.code for s in step_specs()]
        pos = key.positions[m]
        b = self.pairs.board
        for k, code in enumerate(codes):
            spec = step_specs()[k]
            if spec.cost > key.mp_left or (key.wing_over_used and spec.wing_over):
                continue
            d = int(b.dest[k, pos])
            if d >= b.n_pos or d // 8 == key.positions[1 - m] // 8:
                continue
            np_ = (d, key.positions[1]) if m == ACTIVE else (key.positions[0], d)
            s, p = self._move_value(
                m,
                np_,
                key.fired,
                key.remaining,
                key.mp_left - spec.cost,
                key.wing_over_used or spec.wing_over,
                True,
                memo,
            )
            out[code] = self._as_active(m, s, p)
        offset = self.fire_offset(m, key.positions)
        if key.stepped and offset is not None:
            s, p = self._shot(m, key.positions, key.fired, key.remaining, offset, False)
            out["fire"] = self._as_active(m, s, p)
            if len(out) == 1:
                s, p = self._after_move(m, key.positions, key.fired, key.remaining)
                out["hold"] = self._as_active(m, s, p)
        return out

    def best_move(self, state: Any) -> str | None:
        """The solver's choice for the state's mover (value, then own kill chance on ties)."""
        return self.key_best_move(key_of(state, self.options))

    def key_best_move(
        self,
        key: EngagementKey,
        memo: dict[tuple[int, int, bool, bool], tuple[float, float]] | None = None,
    ) -> str | None:
        """:meth:`best_move` for an :class:`EngagementKey`."""
        values = self.key_move_values(key, memo)
        best: tuple[str, tuple[float, float]] | None = None
        for text, v in values.items():
            own = v.p_kill_active if key.mover == ACTIVE else v.p_kill_listed
            cand = (v.for_role(key.mover), own)
            if best is None or self._better(cand, best[1]):
                best = (text, cand)
        return None if best is None else best[0]

    def best_path(self, key: EngagementKey) -> list[tuple[EngagementKey, str]]:
        """The solver's whole move from a decision state: (state, action) pairs in order.

        Stops at a shot, a hold, or where the move ends (MS-7, MS-9, III.G).
        """
        memo: dict[tuple[int, int, bool, bool], tuple[float, float]] = {}
        out: list[tuple[EngagementKey, str]] = []
        specs = {s.code: s for s in step_specs()}
        while key.phase in ("move", "return_fire"):
            action = self.key_best_move(key, memo if key.phase == "move" else None)
            if action is None:
                break
            out.append((key, action))
            if action not in specs:
                break
            spec = specs[action]
            m = key.mover
            k = [s.code for s in step_specs()].index(action)
            d = int(self.pairs.board.dest[k, key.positions[m]])
            pos = (d, key.positions[1]) if m == ACTIVE else (key.positions[0], d)
            key = EngagementKey(
                "move",
                m,
                pos,
                key.fired,
                key.remaining,
                mp_left=key.mp_left - spec.cost,
                wing_over_used=key.wing_over_used or spec.wing_over,
                stepped=True,
            )
            steps = list(self._steps(d, pos[1 - m], key.mp_left, key.wing_over_used))
            if not steps and self.fire_offset(m, pos) is None:
                break  # the move ends here (MS-7)
        return out

    # -- the public lookups on live game states (airwar.solver's API) ---------
    def value_of(self, state: Any) -> Value:
        """The exact value of a live engagement state, with both planes' kill chances.

        ``state`` is the game's own state object (``migs-engagement`` or
        ``migs-sabres`` during an engagement, or its ``Engagement``).
        """
        return self.value(state)

    def decision_values(self, state: Any) -> dict[str, Value]:
        """At a decision point, the value of every legal decision, by the action's text.

        The texts are the game's own (``str(action)``: a step code such as
        ``"F"``, ``"fire"``, ``"hold"``); empty at a chance node or at the end.
        """
        return self.move_values(state)

    def best_decision(self, state: Any) -> str | None:
        """The solver's decision at ``state`` (value, then own kill chance on ties)."""
        return self.best_move(state)

    def chance_values(self, state: Any) -> dict[int, tuple[float, Value]]:
        """At a roll, each face of the die: (its probability, the value after it).

        Covers the first-move dice (MS-5), the MP roll (MS-7) and the kill
        roll (MS-10, III.G); empty at a decision point or at the end.
        """
        key = key_of(state, self.options)
        eng = getattr(state, "engagement", state)
        check = eng.pending_check() if hasattr(eng, "pending_check") else None
        out: dict[int, tuple[float, Value]] = {}
        faces = [(int(v), float(p)) for v, p in D6.outcomes()]
        m = key.mover
        if key.phase == "mp":
            for (face, p), (mp, _) in zip(faces, self.specs[m].mp, strict=True):
                k = EngagementKey("move", m, key.positions, key.fired, key.remaining, mp_left=mp)
                out[face] = (p, self.key_value(k))
        elif key.phase == "kill" and check is not None:
            before = (False, key.fired[1]) if m == ACTIVE else (key.fired[0], False)
            hit = self.key_value(
                EngagementKey("over", m, key.positions, key.fired, 0, shot_down=1 - m)
            )
            if key.fired[1 - m] or key.return_shot:
                miss = Value(0.0, 0.0, 0.0)
            else:
                now = (True, before[1]) if m == ACTIVE else (before[0], True)
                s, pk = self._after_move(
                    m, key.positions, now, key.remaining, key.attack_offset == 0
                )
                miss = self._as_active(m, s, pk)
            for face, p in faces:
                out[face] = (p, hit if check.succeeds(face) else miss)
        elif key.phase == "first" and key.first_red is None:
            for face, p in faces:
                k = EngagementKey(
                    "first",
                    m,
                    key.positions,
                    key.fired,
                    key.remaining,
                    first_red=face,
                    red_is_active=key.red_is_active,
                )
                out[face] = (p, self.key_value(k))
        elif key.phase == "first" and key.first_red is not None:
            n = 2 * self.options.turn_limit
            red = ACTIVE if key.red_is_active else LISTED
            for face, p in faces:
                if face == key.first_red:
                    k = EngagementKey(
                        "first", m, key.positions, key.fired, n, red_is_active=key.red_is_active
                    )
                else:
                    first = 1 - red if face > key.first_red else red
                    k = EngagementKey("mp", first, key.positions, key.fired, n)
                out[face] = (p, self.key_value(k))
        return out

    # -- persistence ----------------------------------------------------
    @classmethod
    def load(cls, folder: Path, matchup: Matchup, options: SolverOptions) -> Solution:
        """Open a saved solution; the arrays are memory-mapped, read only as looked up."""
        meta = json.loads((folder / "meta.json").read_text())
        a = {n: np.load(folder / f"{n}.npy", mmap_mode="r") for n in ("S", "P", "RS", "RP")}
        return cls(
            matchup, options, a["S"], a["P"], a["RS"], a["RP"], float(meta.get("seconds", 0.0))
        )


def key_of(state: Any, options: SolverOptions | None = None) -> EngagementKey:
    """The :class:`EngagementKey` of an ``EngagementState``, an ``Engagement`` or a key."""
    if isinstance(state, EngagementKey):
        return state
    eng = getattr(state, "engagement", state)
    if eng is None or not hasattr(eng, "planes"):
        raise SolverError("this state has no engagement on the Battle Board")
    planes = eng.planes
    limit = int(eng.turn_limit)
    if limit < 1:
        raise SolverError("the solver needs a turn limit (MS-11); this engagement has none")
    if options is not None and options.turn_limit != limit:
        raise SolverError(
            f"the solution is for a turn limit of {options.turn_limit}, the engagement has {limit}"
        )
    positions = (
        planes[0].square.index * 8 + int(planes[0].facing),
        planes[1].square.index * 8 + int(planes[1].facing),
    )
    fired = (bool(planes[0].fired), bool(planes[1].fired))
    mover = int(eng.mover)
    phase = eng.phase
    turns = (int(planes[0].turns), int(planes[1].turns))
    if phase == "over":
        return EngagementKey("over", mover, positions, fired, 0, shot_down=eng.shot_down)
    if phase in ("first_red", "first_blue"):
        red_active = planes[0].side.colour == "red"
        return EngagementKey(
            "first",
            mover,
            positions,
            fired,
            2 * limit,
            first_red=eng.red_roll if phase == "first_blue" else None,
            red_is_active=red_active,
        )
    remaining = (limit - turns[mover] + 1) + (limit - turns[1 - mover])
    if phase == "kill":
        attacker, _aspect, ret = eng.attack
        pos, other = positions[attacker], positions[1 - attacker]
        offset = (pos % 8 + 4 - other % 8) % 8
        return EngagementKey(
            "kill",
            attacker,
            positions,
            fired,
            remaining,
            attack_offset=offset,
            return_shot=bool(ret),
        )
    return EngagementKey(
        phase,
        mover,
        positions,
        fired,
        remaining,
        mp_left=int(eng.mp_left),
        wing_over_used=bool(eng.wing_over_used),
        stepped=bool(eng.stepped),
    )


ARRAY_NAMES = ("S", "P", "RS", "RP")


def _shapes(options: SolverOptions) -> dict[str, tuple[int, ...]]:
    return _shapes_for(options.turn_limit, options.columns, options.rows)


def _shapes_for(turn_limit: int, columns: int, rows: int) -> dict[str, tuple[int, ...]]:
    pt = pair_tables(columns, rows)
    n_layers = 2 * turn_limit
    heads = len(pt.head_on_pairs)
    return {
        "S": (2, n_layers + 1, 3, pt.n_pairs),
        "P": (2, n_layers + 1, 3, pt.n_pairs),
        "RS": (2, n_layers + 1, heads),
        "RP": (2, n_layers + 1, heads),
    }


def _solve_chain(
    matchup: Matchup,
    options: SolverOptions,
    first: int,
    out: dict[str, NDArray[np.float32]] | str,
    progress: Progress | None = None,
    report_file: bool = False,
) -> None:
    """Solve the chain in which ``first`` moves first (it moves when 2T - n is even).

    ``out`` is the dict of result arrays, or a folder of ``.npy`` files to
    write into through memory maps (from a worker process, which with
    ``report_file`` also notes its layers done there for the parent).
    """
    from numpy.lib.format import open_memmap

    maps: dict[str, Any] = {}
    arrays: dict[str, Any]
    if isinstance(out, str):
        maps = {n: open_memmap(Path(out) / f"{n}.npy", mode="r+") for n in ARRAY_NAMES}
        arrays = maps
    else:
        arrays = dict(out)
    pt = pair_tables(options.columns, options.rows)
    specs = _specs(matchup, options)
    n_layers = 2 * options.turn_limit
    heads = pt.head_on_pairs
    solver = LayerSolver(pt)
    nxt: Layer | None = None
    for n in range(1, n_layers + 1):
        mover = first if (n_layers - n) % 2 == 0 else 1 - first
        layer = solver.solve(specs[mover], specs[1 - mover], nxt)
        arrays["S"][mover, n] = layer.S
        arrays["P"][mover, n] = layer.P
        arrays["RS"][mover, n] = layer.RS[heads]
        arrays["RP"][mover, n] = layer.RP[heads]
        nxt = layer
        if progress is not None:
            progress(n, n_layers)
        if report_file:
            # for the parent process, which follows the workers' progress
            (Path(str(out)) / f"{PROGRESS_FILE}{first}").write_text(str(n))
    for m in maps.values():
        m.flush()


PROGRESS_FILE = ".layers-done-"
"""In a solution folder being written by two workers: each chain's layers done so far."""


def _layers_done(folder: Path) -> int:
    done = 0
    for f in (ACTIVE, LISTED):
        with contextlib.suppress(OSError, ValueError):
            done += int((folder / f"{PROGRESS_FILE}{f}").read_text() or 0)
    return done


def solve_arrays(
    matchup: Matchup,
    options: SolverOptions,
    progress: Progress | None = None,
    workers: int = 1,
    folder: Path | None = None,
) -> tuple[NDArray[np.float32], ...]:
    """Backward induction over the MS-11 turn counter; returns (S, P, RS, RP) arrays.

    The two chains (active moves first, listed moves first) are independent:
    with ``workers=2`` they are solved in two processes at once. With
    ``folder`` the arrays are ``.npy`` files there, written in place by the
    workers and returned memory-mapped (nothing large passes between
    processes or stays in memory).
    """
    from numpy.lib.format import open_memmap

    shapes = _shapes(options)
    n_layers = 2 * options.turn_limit
    if folder is None and workers >= 2:
        raise SolverError("two workers need a folder to write the solution into")
    out: dict[str, NDArray[np.float32]] | str
    if folder is not None:
        folder.mkdir(parents=True, exist_ok=True)
        for name, shape in shapes.items():
            m = open_memmap(folder / f"{name}.npy", mode="w+", dtype=np.float32, shape=shape)
            m.flush()
            del m
        out = str(folder)
    else:
        out = {name: np.zeros(shape, dtype=np.float32) for name, shape in shapes.items()}
    if workers >= 2:
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor, wait

        assert folder is not None
        # spawned, not forked: the solve may run in a thread of a busy process
        # (a job of airwar.analysis.jobs in the web app), whose locks a fork would copy
        context = multiprocessing.get_context("spawn")
        with ProcessPoolExecutor(2, mp_context=context) as pool:
            futures = [
                pool.submit(_solve_chain, matchup, options, f, out, None, True)
                for f in (ACTIVE, LISTED)
            ]
            pending = set(futures)
            told = -1
            while pending:
                _finished, pending = wait(pending, timeout=0.5)
                done = _layers_done(folder)
                if progress is not None and done != told:
                    progress(done, 2 * n_layers)
                    told = done
            for fut in futures:
                fut.result()
        for f in (ACTIVE, LISTED):
            (folder / f"{PROGRESS_FILE}{f}").unlink(missing_ok=True)
    else:
        for f in (ACTIVE, LISTED):
            done = f * n_layers

            def chain_progress(n: int, _total: int, done: int = done) -> None:
                if progress is not None:
                    progress(done + n, 2 * n_layers)

            _solve_chain(matchup, options, f, out, chain_progress)
    if isinstance(out, str):
        return tuple(np.load(Path(out) / f"{n}.npy", mmap_mode="r") for n in ARRAY_NAMES)
    return tuple(out[n] for n in ARRAY_NAMES)


_MEMORY: dict[str, Solution] = {}


def cached_solution(matchup: Matchup, options: SolverOptions | None = None) -> Solution | None:
    """The solution if it is in memory or in the cache folder, else None (never solves)."""
    options = options or SolverOptions()
    key = cache_key(matchup, options)
    if key in _MEMORY:
        mark_used(key)
        return _MEMORY[key]
    path = cache_dir() / key
    if (path / "meta.json").exists():
        try:
            sol = Solution.load(path, matchup, options)
        except (OSError, ValueError, KeyError):
            return None
        _MEMORY[key] = sol
        mark_used(key)
        return sol
    return None


def solve(
    matchup: Matchup,
    options: SolverOptions | None = None,
    *,
    cache: bool = True,
    progress: Progress | None = None,
    workers: int | None = None,
) -> Solution:
    """Solve one matchup exactly (or load it from the cache when ``cache``).

    ``workers=2`` solves the two first-mover chains in two processes; the
    default uses two for a full-size problem on a machine with two cores or
    more, one otherwise. ``progress(done, total)`` is called as movement
    turns (layers) are solved. A new solution is written to the cache, which
    is then trimmed to its cap (least recently used first,
    :func:`enforce_cache_limit`). This runs the solve here and now: an
    interface asks :mod:`airwar.analysis.jobs` instead, which runs one solve
    at a time and shares it among everyone waiting for it.
    """
    options = options or SolverOptions()
    if cache:
        cache_limit_mb()  # a bad AIRWAR_SOLVER_CACHE_MB is refused before, not after, a solve
        found = cached_solution(matchup, options)
        if found is not None:
            return found
    t0 = time.perf_counter()
    if workers is None:
        big = options.full_board and options.turn_limit >= 5
        workers = 2 if big and (os.cpu_count() or 1) >= 2 else 1
    if not cache:
        if workers >= 2:
            import tempfile

            with tempfile.TemporaryDirectory() as tmp:
                arrays = solve_arrays(matchup, options, progress, workers, Path(tmp))
                S, P, RS, RP = (np.array(a) for a in arrays)
        else:
            S, P, RS, RP = solve_arrays(matchup, options, progress, workers)
        return Solution(matchup, options, S, P, RS, RP, time.perf_counter() - t0)
    key = cache_key(matchup, options)
    final = cache_dir() / key
    tmp_folder = final.with_name(f"{key}.tmp{os.getpid()}")
    solve_arrays(matchup, options, progress, workers, tmp_folder)
    seconds = time.perf_counter() - t0
    meta = {
        "matchup": asdict(matchup),
        "options": asdict(options),
        "seconds": seconds,
        "version": SOLVER_VERSION,
    }
    (tmp_folder / "meta.json").write_text(json.dumps(meta, indent=1))
    if final.exists():
        for f in final.iterdir():
            f.unlink()
        final.rmdir()
    try:
        tmp_folder.rename(final)
    except OSError:
        # another process saved the same solution meanwhile: keep theirs
        for f in tmp_folder.iterdir():
            f.unlink()
        tmp_folder.rmdir()
    sol = Solution.load(final, matchup, options)
    _MEMORY[key] = sol
    mark_used(key)
    enforce_cache_limit(keep=key)
    return sol


def matchup_of(state: Any) -> Matchup:
    """The matchup of the engagement in ``state`` (an engagement game or whole-game state)."""
    eng = getattr(state, "engagement", state)
    if eng is None or not hasattr(eng, "planes"):
        raise SolverError("this state has no engagement on the Battle Board")
    a, b = eng.planes
    return Matchup(a.type.name, b.type.name, bool(a.ace), bool(b.ace))


def solver_options_of(state: Any) -> SolverOptions:
    """The solver options that match ``state``'s game and engagement (MS-11, MS-12)."""
    eng = getattr(state, "engagement", state)
    game = getattr(state, "game", None)
    scoring = "kills"
    if game is not None:
        scoring = str(game.options.get("scoring", "kills"))
    return SolverOptions(turn_limit=int(eng.turn_limit), scoring=scoring)


def _view_key(view: Mapping[str, Any]) -> tuple[Matchup, SolverOptions, EngagementKey]:
    """Matchup, options and key of an engagement from a state's JSON view."""
    from airwar.games.migs_sabres.board import Facing, Square

    eng = view.get("engagement")
    if not eng:
        raise SolverError("the view shows no engagement on the Battle Board")
    planes = eng["planes"]
    a, b = planes["active"], planes["listed"]
    matchup = Matchup(a["type"], b["type"], bool(a.get("ace")), bool(b.get("ace")))
    limit = int(eng.get("turn_limit", 20))
    if limit < 1:
        raise SolverError("the solver needs a turn limit (MS-11); this engagement has none")
    options = SolverOptions(turn_limit=limit, scoring=str(view.get("scoring", "kills")))
    positions = tuple(
        Square.parse(p["square"]).index * 8 + int(Facing.parse(p["facing"])) for p in (a, b)
    )
    fired = (bool(a.get("fired")), bool(b.get("fired")))
    mover = ACTIVE if eng.get("to_move") == "active" else LISTED
    turns = (int(a.get("turns", 0)), int(b.get("turns", 0)))
    pos2 = (positions[0], positions[1])
    step = eng.get("step")
    if eng.get("shot_down") or step == "over":
        down = eng.get("shot_down")
        shot = None if down is None else (ACTIVE if down == "active" else LISTED)
        return matchup, options, EngagementKey("over", mover, pos2, fired, 0, shot_down=shot)
    if step in ("first_red", "first_blue"):
        red = None
        check = eng.get("pending_check")
        if step == "first_blue" and check:
            red = int(check["target"]) - 1
        red_active = a.get("side") == "communist"
        key = EngagementKey(
            "first", mover, pos2, fired, 2 * limit, first_red=red, red_is_active=red_active
        )
        return matchup, options, key
    remaining = (limit - turns[mover] + 1) + (limit - turns[1 - mover])
    if step == "kill":
        pos, other = positions[mover], positions[1 - mover]
        offset = (pos % 8 + 4 - other % 8) % 8
        return (
            matchup,
            options,
            EngagementKey("kill", mover, pos2, fired, remaining, attack_offset=offset),
        )
    key = EngagementKey(
        str(step),
        mover,
        pos2,
        fired,
        remaining,
        mp_left=int(eng.get("mp_left", 0)),
        wing_over_used=bool(eng.get("wing_over_used")),
        stepped=bool(eng.get("stepped")),
    )
    return matchup, options, key


def engagement_values(
    view_or_state: Any, *, solve_missing: bool = False, scoring: str | None = None
) -> dict[str, Any] | None:
    """The solver's numbers for the interfaces, or None when they are not at hand.

    Accepts a state (``migs-engagement`` or ``migs-sabres``) or its JSON
    ``view``. Returns ``{"value", "p_kill_active", "p_kill_listed", "moves":
    {action text: value}, "move_details": {action text: {...}}, "best",
    "to_move", "matchup"}``, every value from the active plane's side (its
    expected kills minus the listed plane's). Returns None when there is no
    engagement, no turn limit, or the matchup's solution is not cached;
    ``solve_missing=True`` solves it then (a minute or two, as a job of
    :mod:`airwar.analysis.jobs`), which an interface should only do when the
    user asks.
    """
    try:
        if isinstance(view_or_state, Mapping):
            matchup, options, key = _view_key(view_or_state)
            if scoring is not None:
                options = SolverOptions(turn_limit=options.turn_limit, scoring=scoring)
        else:
            matchup = matchup_of(view_or_state)
            options = solver_options_of(view_or_state)
            if scoring is not None:
                options = SolverOptions(turn_limit=options.turn_limit, scoring=scoring)
            key = key_of(view_or_state, options)
    except (SolverError, KeyError, TypeError, ValueError, AttributeError):
        return None
    if solve_missing:
        from airwar.analysis import jobs

        sol: Solution | None = jobs.solution(matchup, options)
    else:
        sol = cached_solution(matchup, options)
    if sol is None:
        return None
    value = sol.key_value(key)
    moves = sol.key_move_values(key)
    best = None
    if moves:
        best_key: tuple[float, float] | None = None
        for text, v in moves.items():
            own = v.p_kill_active if key.mover == ACTIVE else v.p_kill_listed
            cand = (v.for_role(key.mover), own)
            if best_key is None or sol._better(cand, best_key):
                best, best_key = text, cand
    return {
        "matchup": matchup.label(),
        "to_move": "active" if key.mover == ACTIVE else "listed",
        "value": value.value,
        "p_kill_active": value.p_kill_active,
        "p_kill_listed": value.p_kill_listed,
        "moves": {t: v.value for t, v in moves.items()},
        "move_details": {t: v.to_dict() for t, v in moves.items()},
        "best": best,
    }
