"""The compact form of a saved solution (issue 25): what the expert reads, and how close it is.

A full-size solution is kept with 16-bit values and kill chances
(:data:`airwar.games.migs_sabres.solver.store.COMPACT`); these tests solve reduced boards in
both forms and compare every state of every layer, the kept ones and the
recomputed ones between them. ``benchmarks/solver_compact.py`` does the same
on the full board (figures in docs/benchmarks.md).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from airwar.games.migs_sabres.solver import Matchup, SolverOptions, cached_solution, solve
from airwar.games.migs_sabres.solver import cache as solver_cache
from airwar.games.migs_sabres.solver.solution import Solution
from airwar.games.migs_sabres.solver.store import (
    COMPACT,
    EXACT,
    P_STEPS,
    S_STEPS,
    checkpoints,
    compact,
)

MATCHUPS = [Matchup("F-86", "MiG-15"), Matchup("MiG-15", "F-84", active_ace=True)]
OPTIONS = SolverOptions(columns=4, rows=5, turn_limit=7, mp_base=(0, 0))
"""Turn limit 7: layers 6 and 12 kept in each chain, 14 the chain's first, the others
recomputed from them (store.CHECKPOINT_EVERY)."""


def solved(folder: Path, form: str, matchup: Matchup, options: SolverOptions) -> Solution:
    folder.mkdir(parents=True, exist_ok=True)
    with solver_cache.use(solver_cache.SolutionCache(folder, form=form)):
        return solve(matchup, options)


@pytest.fixture(scope="module", params=MATCHUPS, ids=lambda m: m.label())
def both(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[Solution, Solution, Path]]:
    """The matchup solved and saved in both forms: (exact, compact, compact's folder)."""
    tmp = tmp_path_factory.mktemp("forms")
    exact = solved(tmp / "exact", EXACT, request.param, OPTIONS)
    small = solved(tmp / "compact", COMPACT, request.param, OPTIONS)
    folder = tmp / "compact" / solver_cache.cache_key(request.param, OPTIONS)
    yield exact, small, folder


def test_every_layer_is_within_the_rounding_of_the_compact_values(
    both: tuple[Solution, Solution, Path],
) -> None:
    """Every status and pair of every layer, kept or recomputed: the values within one
    step of the 16-bit scale (the error does not grow from layer to layer), the kill
    chances within a few steps where no near-tie between moves resolves otherwise."""
    exact, small, _ = both
    step = 0.0
    far = total = 0
    for mover in (0, 1):
        for n in range(1, 2 * OPTIONS.turn_limit + 1):
            a, b = exact.store.layer(mover, n), small.store.layer(mover, n)
            s_a, p_a = a.values()
            s_b, p_b = b.values()
            top = float(np.abs(s_a).max())
            step = max(step, top / S_STEPS)
            assert np.abs(s_a - s_b).max() <= top / S_STEPS + 1e-12, (mover, n)
            # a kill chance is carried along by the move taken: where two moves are worth
            # the same to within the rounding, the other may be taken, with its own chance
            assert np.abs(p_a - p_b).max() <= 0.05, (mover, n)
            far += int((np.abs(p_a - p_b) > 1e-3).sum())
            total += p_a.size
            if n in checkpoints(OPTIONS.turn_limit):
                # a kept layer is the exact one rounded: half a step at most
                assert np.abs(s_a - s_b).max() <= top / S_STEPS / 2 + 1e-12
                assert np.abs(p_a - p_b).max() <= 1 / P_STEPS / 2 + 1e-7
    assert 0 < step < 4e-5
    assert far <= total // 1000
    assert small.start_value().value == pytest.approx(exact.start_value().value, abs=step)


def test_the_expert_takes_the_same_moves_at_every_start_of_a_move(
    both: tuple[Solution, Solution, Path],
) -> None:
    """The whole move the expert plans, from every pair's start of a move with each roll:
    the same as with the exact values, or one worth the same to within the rounding."""
    from airwar.games.migs_sabres.solver.model import EngagementKey

    exact, small, _ = both
    pairs = exact.pairs
    same = other = 0
    for n in (2 * OPTIONS.turn_limit, OPTIONS.turn_limit, 1):
        for c in range(0, pairs.n_pairs, 7):
            rep = int(pairs.reps[c])
            positions = (rep // pairs.board.n_pos, rep % pairs.board.n_pos)
            key = EngagementKey("move", 0, positions, (False, False), n, mp_left=3)
            moves = exact.key_move_values(key)
            if len(moves) < 2:
                continue
            a, b = exact.key_best_move(key), small.key_best_move(key)
            if a == b:
                same += 1
                continue
            other += 1
            assert a is not None and b is not None
            assert moves[a].value - moves[b].value <= 1e-4
    assert same > 50 and other <= same // 20


def test_the_compact_folder_holds_one_small_archive_a_kept_layer(
    both: tuple[Solution, Solution, Path],
) -> None:
    _, small, folder = both
    meta = json.loads((folder / "meta.json").read_text())
    assert meta["form"] == COMPACT
    kept = checkpoints(OPTIONS.turn_limit)
    names = sorted(p.name for p in folder.iterdir())
    assert names == sorted(["meta.json", *(f"L{c}-{n:02d}.npz" for c in (0, 1) for n in kept)])
    with np.load(folder / f"L0-{kept[0]:02d}.npz") as z:
        assert z["S"].dtype == np.int16 and z["P"].dtype == np.uint16
    size = sum(p.stat().st_size for p in folder.iterdir() if p.suffix == ".npz")
    bound = solver_cache.solution_bytes(
        OPTIONS.turn_limit, OPTIONS.columns, OPTIONS.rows, form=COMPACT
    )
    assert size <= bound
    assert bound * 2.9 < solver_cache.solution_bytes(
        OPTIONS.turn_limit, OPTIONS.columns, OPTIONS.rows, form=EXACT
    )
    # and the solution read back from it reads 16-bit layers
    with solver_cache.use(folder.parent):
        again = cached_solution(small.matchup, OPTIONS)
    assert again is not None and again.store.layer(0, kept[-1]).scale is not None


def test_the_full_board_is_kept_compact_and_a_reduced_one_exact(tmp_path: Path) -> None:
    """What the expert reads: its solutions are full-size, so compact."""
    with solver_cache.use(tmp_path):
        assert solver_cache.storage_form(SolverOptions()) == COMPACT
        assert solver_cache.storage_form(OPTIONS) == EXACT
    tiny = solver_cache.SolutionCache(tmp_path, form="tiny")
    with solver_cache.use(tiny), pytest.raises(solver_cache.SolverError, match="form 'tiny'"):
        solver_cache.storage_form(OPTIONS)
    assert 14 * solver_cache.solution_bytes(20) < 10**9  # the 14 common matchups in 1 GB


@given(
    st.lists(st.floats(-6, 6, allow_nan=False, allow_subnormal=False), min_size=1, max_size=60),
    st.lists(st.floats(0, 1, allow_nan=False), min_size=1, max_size=60),
)
def test_a_kept_layer_round_trips_within_half_a_step(s: list[float], p: list[float]) -> None:
    """Any values (base-value scoring reaches 6 points) and kill chances: back within
    half a step of the scale, the largest value exactly."""
    k = min(len(s), len(p))
    S = np.array([s[:k]] * 3, np.float64)
    P = np.array([p[:k]] * 3, np.float32)
    stored = compact((S, P, np.zeros(0), np.zeros(0, np.float32)))
    s2, p2 = stored.values()
    top = float(np.abs(S).max())
    assert np.abs(s2 - S).max() <= top / S_STEPS / 2 * (1 + 1e-9) + 1e-300
    assert np.abs(p2 - P).max() <= 1 / P_STEPS / 2 + 1e-7
    if top > 0:
        assert float(np.abs(s2).max()) == pytest.approx(top, rel=1e-12)


def test_an_old_or_damaged_solution_is_solved_again_never_a_crash(tmp_path: Path) -> None:
    """A solution of solver version 3 is never read and goes when the cache is trimmed; a
    compact solution with a damaged or missing layer is solved again in its place."""
    m = Matchup("Yak-9", "F-51")
    options = SolverOptions(columns=3, rows=4, turn_limit=2)
    cache = solver_cache.SolutionCache(tmp_path, form=COMPACT)
    with solver_cache.use(cache):
        first = solve(m, options).start_value()
        key = solver_cache.cache_key(m, options)
        old = tmp_path / "0123456789abcdef01234567"
        old.mkdir()
        (old / "S0-01.npy").write_bytes(b"\x93NUMPY old")
        (old / "meta.json").write_text(json.dumps({"version": 3}))
        solver_cache.enforce_cache_limit()
        assert not old.exists() and (tmp_path / key).exists()
        for damage in ("truncated", "missing"):
            layer = tmp_path / key / "L1-02.npz"
            if damage == "missing":
                layer.unlink()
            else:
                layer.write_bytes(layer.read_bytes()[:100])
            cache.loaded.clear()
            assert cached_solution(m, options) is None
            assert solve(m, options).start_value() == first
            assert layer.exists()
