"""The exact solver against a plain brute-force expectimax on reduced boards.

The brute force is written directly on the rules package's public API
(``Square``, ``Facing``, ``step_result``, ``aspect_of``, ``kill_check``),
with exact Fractions, one state at a time; the only thing it adds is the
smaller board's edge. The solver must give the same values (to float
rounding) and, with its tie rule, the same kill chances.
"""

from __future__ import annotations

import random
from fractions import Fraction
from functools import cache

import pytest
from hypothesis import given
from hypothesis import strategies as st

from airwar.core.dice import D6
from airwar.games.migs_sabres import Facing, Square, StepKind, kill_check, step_result
from airwar.games.migs_sabres.combat import aspect_of
from airwar.games.migs_sabres.solver import (
    ACTIVE,
    LISTED,
    EngagementKey,
    Matchup,
    Solution,
    SolverError,
    SolverOptions,
    solve,
)
from airwar.games.migs_sabres.solver.cache import cache_key
from airwar.games.migs_sabres.solver.tables import BoardTables

COLS, ROWS, LIMIT = 4, 5, 2
OPTIONS = SolverOptions(columns=COLS, rows=ROWS, turn_limit=LIMIT, mp_base=(0, 0))
MATCHUP = Matchup("F-86", "Yak-9", active_ace=True)
ACES = (True, False)
BASES = (0, 0)

Val = tuple[float, float, float]  # (active minus listed kills, p active kills, p listed)


@pytest.fixture(scope="module")
def solution() -> Solution:
    return solve(MATCHUP, OPTIONS, cache=False)


def on_board(sq: Square) -> bool:
    return sq.col < COLS and sq.row < ROWS


def unpack(pos: int) -> tuple[Square, Facing]:
    sq = pos // 8
    return Square(sq % COLS, sq // COLS), Facing(pos % 8)


def pack(sq: Square, f: Facing) -> int:
    return (sq.row * COLS + sq.col) * 8 + int(f)


def mp_outcomes(role: int) -> list[tuple[int, float]]:
    bonus = 1 if ACES[role] else 0
    return [(v + BASES[role] + bonus, float(p)) for v, p in D6.outcomes()]


@cache
def outcomes(pos: int, other: int, mp: int) -> tuple[frozenset[int], frozenset[int]]:
    """(end positions, fire positions) of one movement turn, by plain path enumeration."""
    ends: set[int] = set()
    fires: set[int] = set()
    osq, _ = unpack(other)
    seen: set[tuple[int, int, bool, bool]] = set()

    def walk(p: int, left: int, wo: bool, stepped: bool) -> None:
        if (p, left, wo, stepped) in seen:
            return
        seen.add((p, left, wo, stepped))
        sq, f = unpack(p)
        if stepped and sq.moved(f) == osq:
            fires.add(p)
        moved = False
        for kind in StepKind:
            if kind.cost > left or (wo and kind.is_wing_over):
                continue
            res = step_result(sq, f, kind)
            if res is None or not on_board(res[0]) or res[0] == osq:
                continue
            moved = True
            walk(pack(*res), left - kind.cost, wo or kind.is_wing_over, True)
        if not moved:
            ends.add(p)  # also the lost turn of MS-8 when nothing was possible

    walk(pos, mp, False, False)
    return frozenset(ends), frozenset(fires)


def own(v: Val, role: int) -> tuple[float, float]:
    return (v[0], v[1]) if role == ACTIVE else (-v[0], v[2])


def best_of(cands: list[Val], role: int) -> Val:
    """The mover's best: highest value, ties (1e-12) to the higher own kill chance."""
    best = cands[0]
    for v in cands[1:]:
        d = own(v, role)[0] - own(best, role)[0]
        if d > 1e-12 or (d >= -1e-12 and own(v, role)[1] > own(best, role)[1]):
            best = v
    return best


@cache
def turn(mover: int, a: int, b: int, fired: tuple[bool, bool], n: int, rf: bool) -> Val:
    """Value before the MP roll of ``mover``'s turn with ``n`` turns left (rf: III.G pending)."""
    if n == 0:
        return (0.0, 0.0, 0.0)
    positions = (a, b)
    if rf:
        hold = turn(mover, a, b, fired, n, False)
        return best_of([shot(mover, positions, fired, n, True), hold], mover)
    total = [0.0] * 3
    for m, p in mp_outcomes(mover):
        ends, fires = outcomes(positions[mover], positions[1 - mover], m)
        cands: list[Val] = []
        for e in ends:
            np_ = (e, b) if mover == ACTIVE else (a, e)
            cands.append(turn(1 - mover, *np_, fired, n - 1, False))
        for e in fires:
            np_ = (e, b) if mover == ACTIVE else (a, e)
            cands.append(shot(mover, np_, fired, n, False))
        v = best_of(cands, mover)
        total = [t + p * x for t, x in zip(total, v, strict=True)]
    return (total[0], total[1], total[2])


def shot(
    mover: int, positions: tuple[int, int], fired: tuple[bool, bool], n: int, ret: bool
) -> Val:
    msq, _ = unpack(positions[mover])
    tsq, tf = unpack(positions[1 - mover])
    aspect = aspect_of(msq, tsq, tf).name
    pk = float(kill_check(aspect, ACES[mover]).probability())
    kill: Val = (1.0, 1.0, 0.0) if mover == ACTIVE else (-1.0, 0.0, 1.0)
    if ret or fired[1 - mover]:
        after: Val = (0.0, 0.0, 0.0)
    else:
        now = (True, fired[1]) if mover == ACTIVE else (fired[0], True)
        after = turn(1 - mover, *positions, now, n - 1, aspect == "front")
    return (
        pk * kill[0] + (1 - pk) * after[0],
        pk * kill[1] + (1 - pk) * after[1],
        pk * kill[2] + (1 - pk) * after[2],
    )


def assert_close(got: tuple[float, float, float], want: Val) -> None:
    for g, w in zip(got, want, strict=True):
        assert g == pytest.approx(w, abs=2e-6)


def random_states(seed: int, count: int) -> list[tuple[int, int, tuple[bool, bool], int, int]]:
    rng = random.Random(seed)
    n_pos = COLS * ROWS * 8
    out = []
    while len(out) < count:
        a, b = rng.randrange(n_pos), rng.randrange(n_pos)
        if a // 8 == b // 8:
            continue
        fired = rng.choice([(False, False), (True, False), (False, True)])
        out.append((a, b, fired, rng.randrange(1, 2 * LIMIT + 1), rng.choice([ACTIVE, LISTED])))
    return out


def test_start_value_equals_brute_force(solution: Solution) -> None:
    a, b = solution.start_positions()
    want = [
        (x + y) / 2
        for x, y in zip(
            turn(ACTIVE, a, b, (False, False), 2 * LIMIT, False),
            turn(LISTED, a, b, (False, False), 2 * LIMIT, False),
            strict=True,
        )
    ]
    v = solution.start_value()
    assert_close((v.value, v.p_kill_active, v.p_kill_listed), (want[0], want[1], want[2]))


@pytest.mark.parametrize("state", random_states(7, 60))
def test_turn_values_equal_brute_force(
    solution: Solution, state: tuple[int, int, tuple[bool, bool], int, int]
) -> None:
    a, b, fired, n, mover = state
    v = solution.key_value(EngagementKey("mp", mover, (a, b), fired, n))
    assert_close((v.value, v.p_kill_active, v.p_kill_listed), turn(mover, a, b, fired, n, False))


def head_on_states() -> list[tuple[int, int, int, int]]:
    out = []
    for mover in (ACTIVE, LISTED):
        for a in range(COLS * ROWS * 8):
            sq, f = unpack(a)
            ahead = sq.moved(f)
            if ahead is None or not on_board(ahead):
                continue
            b = pack(ahead, f.turned(4))
            for n in (1, 2, 3):
                out.append((mover, a, b, n) if mover == ACTIVE else (mover, b, a, n))
    return out[::7]


@pytest.mark.parametrize("state", head_on_states())
def test_return_fire_values_equal_brute_force(
    solution: Solution, state: tuple[int, int, int, int]
) -> None:
    """III.G: after a missed head-on attack the target fires first or holds (before its MP)."""
    mover, a, b, n = state
    fired = (False, True) if mover == ACTIVE else (True, False)
    v = solution.key_value(EngagementKey("return_fire", mover, (a, b), fired, n))
    assert_close((v.value, v.p_kill_active, v.p_kill_listed), turn(mover, a, b, fired, n, True))


def test_move_values_match_the_best_outcome(solution: Solution) -> None:
    """After the MP roll the best first step is worth the best whole move."""
    for a, b, fired, n, mover in random_states(11, 25):
        for m, _p in mp_outcomes(mover):
            key = EngagementKey("move", mover, (a, b), fired, n, mp_left=m)
            values = solution.key_move_values(key)
            ends, fires = outcomes((a, b)[mover], (a, b)[1 - mover], m)
            cands = [
                turn(1 - mover, *((e, b) if mover == ACTIVE else (a, e)), fired, n - 1, False)
                for e in ends
            ] + [shot(mover, (e, b) if mover == ACTIVE else (a, e), fired, n, False) for e in fires]
            want = best_of(cands, mover)
            got = solution.key_value(key)
            assert_close((got.value, got.p_kill_active, got.p_kill_listed), want)
            if values:
                best = max(v.for_role(mover) for v in values.values())
                assert best == pytest.approx(own(want, mover)[0], abs=2e-6)


@given(st.integers(0, 10_000))
def test_values_are_bounded(seed: int) -> None:
    sol = _small()
    for a, b, fired, n, mover in random_states(seed, 5):
        v = sol.key_value(EngagementKey("mp", mover, (a, b), fired, n))
        assert -1 - 1e-6 <= v.value <= 1 + 1e-6
        assert -1e-6 <= v.p_kill_active <= 1 + 1e-6
        assert -1e-6 <= v.p_kill_listed <= 1 + 1e-6
        assert v.p_kill_active + v.p_kill_listed <= 1 + 1e-6
        assert v.value == pytest.approx(v.p_kill_active - v.p_kill_listed, abs=1e-6)


@cache
def _small() -> Solution:
    return solve(MATCHUP, OPTIONS, cache=False)


def test_mirror_positions_have_mirror_values(solution: Solution) -> None:
    """Left-right and front-back mirrors of the board give the same values (MS-6, MS-10)."""
    b = BoardTables.build(COLS, ROWS)
    for a, o, fired, n, mover in random_states(3, 40):
        v = solution.key_value(EngagementKey("mp", mover, (a, o), fired, n))
        for g in (b.mirror_x, b.mirror_y):
            w = solution.key_value(EngagementKey("mp", mover, (int(g[a]), int(g[o])), fired, n))
            assert (w.value, w.p_kill_active, w.p_kill_listed) == pytest.approx(
                (v.value, v.p_kill_active, v.p_kill_listed), abs=1e-6
            )
    # and the brute force agrees that mirroring changes nothing
    a, o = 0, (COLS * ROWS - 1) * 8 + 4
    assert turn(ACTIVE, a, o, (False, False), 3, False) == turn(
        ACTIVE, int(b.mirror_x[a]), int(b.mirror_x[o]), (False, False), 3, False
    )


def test_terminal_states(solution: Solution) -> None:
    a, b = solution.start_positions()
    over = solution.key_value(EngagementKey("over", ACTIVE, (a, b), (True, True), 0))
    assert (over.value, over.p_kill_active, over.p_kill_listed) == (0.0, 0.0, 0.0)
    shot_down = solution.key_value(
        EngagementKey("over", ACTIVE, (a, b), (True, False), 0, shot_down=LISTED)
    )
    assert (shot_down.value, shot_down.p_kill_active) == (1.0, 1.0)
    lost = solution.key_value(
        EngagementKey("over", ACTIVE, (a, b), (False, True), 0, shot_down=ACTIVE)
    )
    assert (lost.value, lost.p_kill_listed) == (-1.0, 1.0)
    # no movement turn left: the planes disengage (MS-11)
    assert solution.turn_value(ACTIVE, (a, b), (False, False), 0) == (0.0, 0.0)
    with pytest.raises(SolverError):
        solution.turn_value(ACTIVE, (a, b), (True, True), 1)


def test_a_kill_roll_is_worth_its_odds(solution: Solution) -> None:
    """A pending kill roll with the other plane already fired: p_kill points, nothing after."""
    sq, f = Square(1, 1), Facing.N
    target = pack(Square(1, 2), Facing.N)  # fired at from directly behind: 3+, ace 2+ (MS-10)
    key = EngagementKey("kill", ACTIVE, (pack(sq, f), target), (True, True), 2, attack_offset=4)
    v = solution.key_value(key)
    assert v.value == pytest.approx(float(kill_check("rear", True).probability()))
    assert kill_check("rear", True).probability() == Fraction(5, 6)


def test_options_are_checked_and_keyed() -> None:
    with pytest.raises(SolverError):
        SolverOptions(turn_limit=0)
    with pytest.raises(SolverError):
        SolverOptions(scoring="style")
    assert cache_key(MATCHUP, OPTIONS) != cache_key(MATCHUP, SolverOptions(turn_limit=3))
    assert cache_key(MATCHUP, OPTIONS) == cache_key(
        Matchup("f-86", "yak-9", active_ace=True), OPTIONS
    )


def test_cache_round_trip(tmp_path: object) -> None:
    """A solution is saved to the cache folder and read back (memory-mapped) unchanged."""
    from pathlib import Path

    from airwar.games.migs_sabres.solver import cache as solver_cache
    from airwar.games.migs_sabres.solver import cached_solution

    folder = Path(str(tmp_path))
    small = SolverOptions(columns=3, rows=4, turn_limit=2, mp_base=(0, 0))
    with solver_cache.use(folder):
        assert cached_solution(MATCHUP, small) is None
        fresh = solve(MATCHUP, small)
    assert (folder / cache_key(MATCHUP, small) / "meta.json").exists()
    with solver_cache.use(folder):  # a new cache object: nothing loaded in memory yet
        loaded = cached_solution(MATCHUP, small)
    assert loaded is not None
    assert loaded.start_value() == fresh.start_value()
    a, b = fresh.start_positions()
    for n in range(1, 5):
        for mover in (ACTIVE, LISTED):
            assert loaded.turn_value(mover, (a, b), (False, False), n) == fresh.turn_value(
                mover, (a, b), (False, False), n
            )


def test_float64_layers_match_brute_force_to_rounding() -> None:
    """Before the float32 storage, the layers agree with the brute force to 1e-12."""
    from airwar.games.migs_sabres.solver.layers import LayerSolver
    from airwar.games.migs_sabres.solver.model import plane_spec
    from airwar.games.migs_sabres.solver.tables import pair_tables

    pt = pair_tables(COLS, ROWS)
    specs = (
        plane_spec(MATCHUP.active, True, MATCHUP.listed, OPTIONS, 0),
        plane_spec(MATCHUP.listed, False, MATCHUP.active, OPTIONS, 0),
    )
    solver = LayerSolver(pt)
    layer = None
    n_layers = 2 * LIMIT
    for n in range(1, n_layers + 1):
        mover = ACTIVE if (n_layers - n) % 2 == 0 else LISTED
        layer = solver.solve(specs[mover], specs[1 - mover], layer)
        for a, b, fired, _n, _m in random_states(n, 15):
            c = pt.index((a, b)[mover], (a, b)[1 - mover])
            st = 1 if fired[1 - mover] else (2 if fired[mover] else 0)
            want = turn(mover, a, b, fired, n, False)
            got_s, got_p = float(layer.S[st, c]), float(layer.P[st, c])
            assert own(want, mover) == pytest.approx((got_s, got_p), abs=1e-12)


def test_base_value_scoring_weighs_each_kill_by_the_victim() -> None:
    """IV.A: a kill scores the victim's base value (Yak-9 2, F-86 6; MS-1, MS-12)."""
    opts = SolverOptions(
        columns=COLS, rows=ROWS, turn_limit=LIMIT, mp_base=(0, 0), scoring="base-value"
    )
    sol = solve(MATCHUP, opts, cache=False)
    for a, b, fired, n, mover in random_states(5, 30):
        v = sol.key_value(EngagementKey("mp", mover, (a, b), fired, n))
        assert v.value == pytest.approx(2 * v.p_kill_active - 6 * v.p_kill_listed, abs=1e-5)
    over = sol.key_value(EngagementKey("over", LISTED, (0, 9), (True, True), 0, shot_down=ACTIVE))
    assert over.value == -6.0
