"""The solver's bounds: the longest turn limit it takes, and the cache's size cap (LRU).

The cache tests solve tiny matchups on a 3x4 board (335 kB each, milliseconds)
into an empty temporary cache; a cap of 1 MB holds two of them, not three.
"""

from __future__ import annotations

import functools
import os
import time
from pathlib import Path

import pytest

from airwar.bots.expert import ExpertBot, refusal
from airwar.games.migs_sabres import EngagementGame
from airwar.games.migs_sabres.solver import (
    MAX_TURN_LIMIT,
    Matchup,
    SolverError,
    SolverOptions,
    TurnLimitTooLong,
    cached_solution,
    solve,
)
from airwar.games.migs_sabres.solver import cache as solver_mod
from airwar.games.migs_sabres.solver.cache import (
    CACHE_ENV,
    DEFAULT_CACHE_MB,
    cache_entries,
    cache_key,
    cache_limit,
    cache_limit_mb,
    enforce_cache_limit,
    solution_bytes,
)
from airwar.games.migs_sabres.solver.store import COMPACT, EXACT

TINY = SolverOptions(columns=3, rows=4, turn_limit=6)
"""Two kept layers per chain (store.CHECKPOINT_EVERY): 1 MB holds two solutions, not three."""
A, B, C, D = (
    Matchup("Yak-9", "F-51"),
    Matchup("F-86", "MiG-15"),
    Matchup("MiG-15", "F-80"),
    Matchup("Meteor", "MiG-15"),
)


def keys(*matchups: Matchup) -> list[str]:
    return [cache_key(m, TINY) for m in matchups]


def cached_keys() -> list[str]:
    """The cache's solutions, least recently used first."""
    return [e.key for e in cache_entries()]


def later() -> None:
    """Let the clock move on, so that modification times differ on any file system."""
    time.sleep(0.02)


# -- the turn limit's bound -------------------------------------------------


def test_the_solver_refuses_a_longer_turn_limit_in_one_line() -> None:
    SolverOptions(turn_limit=MAX_TURN_LIMIT)
    with pytest.raises(TurnLimitTooLong) as err:
        SolverOptions(turn_limit=MAX_TURN_LIMIT + 1)
    text = str(err.value)
    assert "\n" not in text
    assert f"turn_limit {MAX_TURN_LIMIT + 1}" in text and f"at most {MAX_TURN_LIMIT}" in text
    assert isinstance(err.value, SolverError)


def test_the_expert_bot_refuses_a_longer_turn_limit() -> None:
    options = {"active": "Yak-9", "listed": "F-51", "turn_limit": MAX_TURN_LIMIT + 10}
    state = EngagementGame(options).new_initial_state()
    with pytest.raises(TurnLimitTooLong, match=f"turn_limit {MAX_TURN_LIMIT + 10}: .* at most"):
        ExpertBot(0, solve_missing=False).choose(state, 0)
    assert refusal(options) is not None
    assert refusal({**options, "turn_limit": MAX_TURN_LIMIT}) is None
    assert refusal({**options, "turn_limit": 0}) is None  # no limit: the bot plays MCTS


def test_a_solution_of_the_default_limit_fits_200_mib() -> None:
    # a kept layer every 6 movement turns of each chain (and the first): at 20
    # turns per plane, 7 per chain, each 379,652 pairs x 3 statuses x (8 + 4) bytes
    # plus the III.G values and the .npy headers (the exact form)
    exact = functools.partial(solution_bytes, form=EXACT)
    assert exact(20) == 191_398_480  # the figure in docs/solver.md (183 MiB)
    assert exact(20) <= 200 * 2**20
    # a chain of at most 6 layers keeps them all: turn limit 3 keeps 6 per chain, 1 keeps 2
    assert exact(3) == 3 * exact(1) == 6 * exact(20) // 7
    assert exact(MAX_TURN_LIMIT) < 300 * 2**20  # 10 kept layers per chain
    assert exact(1000) > 9e9  # what the game's own bound would have cost
    # the full board's default, compact: 2 + 2 bytes a value before compression (issue 25)
    assert solution_bytes(20) == solution_bytes(20, form=COMPACT) < exact(20) / 2.9
    assert 14 * solution_bytes(20) < 10**9


# -- the cache's cap ---------------------------------------------------------


def test_the_cap_comes_from_the_variable_or_the_command(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(CACHE_ENV, raising=False)
    assert cache_limit_mb() == DEFAULT_CACHE_MB
    monkeypatch.setenv(CACHE_ENV, "250")
    assert cache_limit_mb() == 250
    with cache_limit(7):
        assert cache_limit_mb() == 7
    assert cache_limit_mb() == 250
    monkeypatch.setenv(CACHE_ENV, "lots")
    with pytest.raises(SolverError, match=f"{CACHE_ENV}='lots': give the solver cache's cap"):
        cache_limit_mb()


def test_a_bad_cap_is_refused_before_a_solve(
    empty_cache: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(CACHE_ENV, "-5")
    with pytest.raises(SolverError, match=CACHE_ENV):
        solve(A, TINY)
    assert cached_keys() == []


def test_the_least_recently_used_solutions_go_first(
    empty_cache: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    size = solution_bytes(6, 3, 4)
    assert 2 * size < 10**6 < 3 * size  # 1 MB holds two
    monkeypatch.setenv(CACHE_ENV, "1")
    solve(A, TINY)
    later()
    solve(B, TINY)
    later()
    assert cached_keys() == keys(A, B)
    # using A (from memory or from its folder) makes it the most recently used
    assert cached_solution(A, TINY) is not None
    later()
    assert cached_keys() == keys(B, A)
    solve(C, TINY)  # three do not fit: B, the least recently used, goes
    assert cached_keys() == keys(A, C)
    assert cached_solution(B, TINY) is None  # gone from memory too
    later()
    solver_mod.current().loaded.clear()
    assert cached_solution(A, TINY) is not None  # read from its folder: marked used
    later()
    solve(D, TINY)
    assert cached_keys() == keys(A, D)


def test_a_cap_of_zero_keeps_only_the_solution_just_made(
    empty_cache: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(CACHE_ENV, "0")
    solve(A, TINY)
    later()
    sol = solve(B, TINY)
    assert cached_keys() == keys(B)
    assert sol.start_value() == solve(B, TINY, cache=False).start_value()


def test_the_cap_counts_every_file_and_removes_stale_half_written_solves(
    empty_cache: None,
) -> None:
    with cache_limit(100):
        solve(A, TINY)
        solve(B, TINY)
    folder = solver_mod.cache_dir()
    assert sum(e.size for e in cache_entries()) > 2 * solution_bytes(6, 3, 4)  # meta.json too
    stale = folder / "abc.tmp12345"
    stale.mkdir()
    (stale / "S.npy").write_bytes(b"x" * 100)
    fresh = folder / "def.tmp12346"
    fresh.mkdir()
    hour_ago = time.time() - 2 * solver_mod.STALE_TMP_SECONDS
    for path in (stale / "S.npy", stale):
        os.utime(path, (hour_ago, hour_ago))
    removed = enforce_cache_limit(100)
    assert removed == []
    assert not stale.exists() and fresh.exists()  # a solve may still be writing that one
    assert enforce_cache_limit(0, keep=keys(B)[0]) == keys(A)
    assert cached_keys() == keys(B)


def test_an_evicted_solution_is_solved_again(empty_cache: None) -> None:
    first = solve(A, TINY).start_value()
    assert enforce_cache_limit(0) == keys(A)
    assert cached_solution(A, TINY) is None
    assert solve(A, TINY).start_value() == first
    assert Path(solver_mod.cache_dir() / keys(A)[0] / "meta.json").exists()


def test_two_worker_threads_report_progress_and_agree(empty_cache: None) -> None:
    """The two first-mover chains in two threads: progress as they go, the same values."""
    options = SolverOptions(columns=4, rows=5, turn_limit=2, mp_base=(0, 0))
    seen: list[tuple[int, int]] = []
    two = solve(B, options, workers=2, progress=lambda d, t: seen.append((d, t)))
    one = solve(B, options, cache=False, workers=1)
    assert two.start_value() == one.start_value()
    for mover in (0, 1):
        for n in range(1, 5):
            a, b = two.store.layer(mover, n), one.store.layer(mover, n)
            assert (a.S == b.S).all() and (a.P == b.P).all() and (a.RP == b.RP).all()
    assert len(seen) == 8 and seen[-1] == (8, 8) and [d for d, _ in seen] == list(range(1, 9))
    folder = solver_mod.cache_dir() / cache_key(B, options)
    # turn limit 2: a chain of 4 layers, short enough to keep all of them
    names = [
        f"{a}{c}-{n:02d}.npy" for a in ("S", "P", "RS", "RP") for c in (0, 1) for n in range(1, 5)
    ]
    assert sorted(f.name for f in folder.iterdir()) == sorted([*names, "meta.json"])
