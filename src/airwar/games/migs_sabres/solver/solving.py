"""Solving a matchup: the two chains of layers, written to the cache or kept in memory."""

from __future__ import annotations

import json
import os
import shutil
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import asdict
from pathlib import Path

from airwar.games.migs_sabres.solver import cache as cache_mod
from airwar.games.migs_sabres.solver.layers import Layer, solve_chain
from airwar.games.migs_sabres.solver.model import (
    SOLVER_VERSION,
    Matchup,
    SolverOptions,
    specs_of,
)
from airwar.games.migs_sabres.solver.solution import Solution
from airwar.games.migs_sabres.solver.store import (
    Checkpoint,
    LayerStore,
    checkpoints,
    pack,
    write_checkpoint,
)
from airwar.games.migs_sabres.solver.tables import pair_tables
from airwar.games.migs_sabres.terms import ACTIVE, LISTED

Progress = Callable[[int, int], None]


def solve_checkpoints(
    matchup: Matchup,
    options: SolverOptions,
    keep: Callable[[int, int, Checkpoint], None],
    progress: Progress | None = None,
    workers: int = 1,
) -> None:
    """Backward induction over the MS-11 turn counter, both chains (who moves first).

    ``keep(chain, n, checkpoint)`` receives each layer that is kept
    (:func:`~airwar.games.migs_sabres.solver.store.checkpoints`). With ``workers=2`` the two
    chains run in two threads at once (the compiled kernel releases the
    interpreter's lock); ``progress(done, total)`` counts layers of both.
    """
    pairs = pair_tables(options.columns, options.rows)
    specs = specs_of(matchup, options)
    kept = set(checkpoints(options.turn_limit))
    total = 2 * 2 * options.turn_limit
    done = 0
    lock = threading.Lock()

    def run(chain: int) -> None:
        def on_layer(_mover: int, n: int, layer: Layer) -> None:
            nonlocal done
            if n in kept:
                keep(chain, n, pack(layer))
            with lock:
                done += 1
                if progress is not None:
                    progress(done, total)

        solve_chain(pairs, specs, chain, options.turn_limit, on_layer)

    if workers >= 2:
        errors: list[BaseException] = []

        def guarded(chain: int) -> None:
            try:
                run(chain)
            except BaseException as exc:  # handed to the caller below
                errors.append(exc)

        threads = [threading.Thread(target=guarded, args=(c,)) for c in (ACTIVE, LISTED)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        if errors:
            raise errors[0]
    else:
        for chain in (ACTIVE, LISTED):
            run(chain)


def in_memory(
    matchup: Matchup,
    options: SolverOptions,
    progress: Progress | None = None,
    workers: int = 1,
) -> Solution:
    """Solve without the cache: the kept layers stay in this process's memory."""
    t0 = time.perf_counter()
    kept: dict[tuple[int, int], Checkpoint] = {}

    def keep(chain: int, n: int, cp: Checkpoint) -> None:
        kept[(chain, n)] = cp

    solve_checkpoints(matchup, options, keep, progress, workers)
    store = LayerStore(
        pair_tables(options.columns, options.rows),
        specs_of(matchup, options),
        options.turn_limit,
        lambda chain, n: kept[(chain, n)],
    )
    return Solution(matchup, options, store, time.perf_counter() - t0)


def cached_solution(matchup: Matchup, options: SolverOptions | None = None) -> Solution | None:
    """The solution if it is in memory or in the cache folder, else None (never solves)."""
    options = options or SolverOptions()
    cache = cache_mod.current()
    key = cache_mod.cache_key(matchup, options)
    with cache.lock:
        found = cache.loaded.get(key)
        if found is not None:
            cache_mod.keep_loaded(cache, key, found)  # the most recently used
    if found is not None:
        cache_mod.mark_used(key)
        return found
    path = cache.folder / key
    if (path / "meta.json").exists():
        try:
            sol = Solution.load(path, matchup, options)
        except (OSError, ValueError, KeyError):
            return None
        with cache.lock:
            cache_mod.keep_loaded(cache, key, sol)
        cache_mod.mark_used(key)
        return sol
    return None


def on_disk(matchup: Matchup, options: SolverOptions) -> bool:
    """Whether the solution is open in this process or saved in the cache folder by this
    solver version (without opening it)."""
    cache = cache_mod.current()
    key = cache_mod.cache_key(matchup, options)
    if key in cache.loaded:
        return True
    try:
        meta = json.loads((cache.folder / key / "meta.json").read_text())
    except (OSError, ValueError):
        return False
    return isinstance(meta, dict) and meta.get("version") == SOLVER_VERSION


def default_workers(options: SolverOptions) -> int:
    """Two threads for a full-size problem on a machine with two cores or more, else one."""
    big = options.full_board and options.turn_limit >= 5
    return 2 if big and (os.cpu_count() or 1) >= 2 else 1


WARM_UP = Matchup("F-86", "MiG-15"), SolverOptions(turn_limit=4, columns=3, rows=4)
"""A small solve with a layer between two kept ones: a reduced board, four movement
turns each (layers 6 and 8 of each chain kept, 7 recomputed)."""
WARMED = threading.Event()
"""Set once :func:`warm_up` has run in this process."""


def warm_up() -> None:
    """Have the compiled kernel ready: loaded from Numba's cache, or compiled on the
    first run after installing (some 10 s of one core), so that the first solve a
    player waits for is only the solve (docs/benchmarks.md: 5.7 s against 18.5 s)."""
    matchup, options = WARM_UP
    with tempfile.TemporaryDirectory(prefix="airwar-warm-up-") as tmp:
        folder = Path(tmp)

        def keep(chain: int, n: int, cp: Checkpoint) -> None:
            write_checkpoint(folder, chain, n, cp)

        solve_checkpoints(matchup, options, keep)
        (folder / "meta.json").write_text(json.dumps({"version": SOLVER_VERSION}))
        # a layer recomputed from a kept one read from disk, as a player's lookup does
        Solution.load(folder, matchup, options).store.layer(0, 7)
    WARMED.set()


def solve(
    matchup: Matchup,
    options: SolverOptions | None = None,
    progress: Progress | None = None,
    *,
    cache: bool = True,
    workers: int | None = None,
    keep_open: bool = True,
) -> Solution:
    """Solve one matchup exactly (or load it from the cache when ``cache``).

    ``workers=2`` solves the two first-mover chains in two threads; the
    default uses two for a full-size problem on a machine with two cores or
    more. ``progress(done, total)`` is called as layers (movement turns) are
    solved. A new solution is written to the cache in use
    (:func:`airwar.games.migs_sabres.solver.cache.current`), which is then trimmed to its cap
    (least recently used first). This runs the solve here and now: an
    interface asks :mod:`airwar.games.migs_sabres.solver.jobs` instead, which runs one solve at
    a time and shares it among everyone waiting for it. ``keep_open=False``
    (the background solver's) leaves the solutions this process has open as
    they are: the new one is on disk, read when a player needs it.
    """
    options = options or SolverOptions()
    if workers is None:
        workers = default_workers(options)
    if not cache:
        return in_memory(matchup, options, progress, workers)
    cache_mod.cache_limit_mb()  # a bad AIRWAR_SOLVER_CACHE_MB is refused before, not after
    found = cached_solution(matchup, options)
    if found is not None:
        return found
    t0 = time.perf_counter()
    key = cache_mod.cache_key(matchup, options)
    current = cache_mod.current()
    final = current.folder / key
    tmp_folder = final.with_name(f"{key}.tmp{os.getpid()}-{threading.get_ident()}")
    tmp_folder.mkdir(parents=True, exist_ok=True)
    form = cache_mod.storage_form(options)

    def keep(chain: int, n: int, cp: Checkpoint) -> None:
        write_checkpoint(tmp_folder, chain, n, cp, form)

    try:
        solve_checkpoints(matchup, options, keep, progress, workers)
    except BaseException:
        shutil.rmtree(tmp_folder, ignore_errors=True)
        raise
    meta = {
        "matchup": asdict(matchup),
        "options": asdict(options),
        "seconds": time.perf_counter() - t0,
        "version": SOLVER_VERSION,
        "form": form,
    }
    (tmp_folder / "meta.json").write_text(json.dumps(meta, indent=1))
    if final.exists():
        shutil.rmtree(final, ignore_errors=True)
    try:
        tmp_folder.rename(final)
    except OSError:
        # another process saved the same solution meanwhile: keep theirs
        shutil.rmtree(tmp_folder, ignore_errors=True)
    sol = Solution.load(Path(final), matchup, options)
    if keep_open:
        with current.lock:
            cache_mod.keep_loaded(current, key, sol)
    cache_mod.mark_used(key)
    cache_mod.enforce_cache_limit(keep=key)
    return sol
