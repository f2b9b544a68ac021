"""The solver's disk cache: one folder per solution, capped in size, least recently used out.

A :class:`SolutionCache` is a folder and an optional size cap; the one in use
is :func:`current` (the user's cache folder, ``solver`` inside, capped by
:data:`CACHE_ENV` or 4096 MB), and another can be put in its place for a
block with :func:`use` (tests, a second store). Solutions loaded in this
process are kept in the cache object's ``loaded`` map, so a lookup after the
first does not touch the disk.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import threading
import time
from collections.abc import Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from airwar.games.migs_sabres.data import DATA
from airwar.games.migs_sabres.solver.model import (
    SOLVER_VERSION,
    Matchup,
    SolverError,
    SolverOptions,
)

if TYPE_CHECKING:
    from airwar.games.migs_sabres.solver.solution import Solution

CACHE_ENV = "AIRWAR_SOLVER_CACHE_MB"
"""The environment variable that caps the solver cache, in MB (10**6 bytes)."""

DEFAULT_CACHE_MB = 4096
"""The cache cap when neither the variable nor a command's ``--cache-mb`` sets one."""

STALE_TMP_SECONDS = 3600.0
"""A half-written solution folder untouched this long is a crashed solve's: removed."""


@dataclass
class SolutionCache:
    """A folder of solutions; ``loaded`` holds the ones opened in this process."""

    folder: Path
    loaded: dict[str, Solution] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)
    form: str | None = None
    """How new solutions are kept (:data:`~.store.EXACT` or ``COMPACT``);
    None: compact for the full board, exact for the reduced boards of tests."""


def storage_form(options: SolverOptions) -> str:
    """The form a new solution of ``options`` is kept in, in the cache in use."""
    from airwar.games.migs_sabres.solver.store import COMPACT, EXACT, FORMS

    chosen = current().form
    if chosen is not None:
        if chosen not in FORMS:
            raise SolverError(f"a solver cache form {chosen!r}: give one of {', '.join(FORMS)}")
        return chosen
    return COMPACT if options.full_board else EXACT


LOADED_MAX = 2
"""Solutions one process keeps open at most (each is hundreds of MB): opening another
drops the one used longest ago, which is read from the folder again when next needed."""


def keep_loaded(cache: SolutionCache, key: str, solution: Solution) -> None:
    """Keep ``solution`` among the cache's open solutions, the most recently used last,
    dropping the oldest beyond :data:`LOADED_MAX` (the caller holds ``cache.lock``)."""
    cache.loaded.pop(key, None)
    cache.loaded[key] = solution
    while len(cache.loaded) > LOADED_MAX:
        cache.loaded.pop(next(iter(cache.loaded)))


def default_folder() -> Path:
    """The folder of cached solutions (the user's cache folder, ``solver`` inside)."""
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("airwar")) / "solver"


_current: SolutionCache | None = None


def current() -> SolutionCache:
    """The cache in use: the one installed with :func:`use`, else the user's cache folder."""
    global _current
    if _current is None:
        _current = SolutionCache(default_folder())
    return _current


@contextlib.contextmanager
def use(cache: SolutionCache | Path) -> Iterator[SolutionCache]:
    """Within the block, solutions are read from and written to ``cache`` (a folder or cache)."""
    global _current
    before = _current
    _current = cache if isinstance(cache, SolutionCache) else SolutionCache(Path(cache))
    try:
        yield _current
    finally:
        _current = before


def cache_dir() -> Path:
    """The folder of the cache in use."""
    return current().folder


def _data_digest() -> str:
    h = hashlib.sha256()
    for name in ("aircraft", "board", "combat", "movement"):
        h.update(DATA.file(name).read_bytes())
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
    remove_old_versions()
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
            current().loaded.pop(e.key, None)
    return removed


def remove_old_versions() -> list[str]:
    """Remove the solutions an older solver version wrote (their keys are never looked up
    again: the version is part of the key). Returns the keys removed."""
    removed = []
    for e in cache_entries():
        try:
            version = json.loads(_used_marker(e.path).read_text()).get("version")
        except (OSError, ValueError, AttributeError):
            continue  # being written or removed meanwhile: next time
        if isinstance(version, int) and version < SOLVER_VERSION and _remove_folder(e.path):
            removed.append(e.key)
    return removed


def solution_bytes(
    turn_limit: int,
    columns: int | None = None,
    rows: int | None = None,
    form: str | None = None,
) -> int:
    """Bytes one solution's kept layers take in the cache (meta.json aside): exactly in
    the exact form, at most (before compression) in the compact one, the default for the
    full board (:func:`storage_form`).

    It grows in a straight line with the turn limit: a kept layer every
    :data:`~airwar.games.migs_sabres.solver.store.CHECKPOINT_EVERY` movement turns of each chain.
    """
    from airwar.games.migs_sabres.board import COLUMNS, ROWS
    from airwar.games.migs_sabres.solver.store import COMPACT, EXACT, checkpoint_bytes
    from airwar.games.migs_sabres.solver.tables import pair_tables

    cols = COLUMNS if columns is None else columns
    rws = ROWS if rows is None else rows
    if form is None:
        form = COMPACT if (cols, rws) == (COLUMNS, ROWS) else EXACT
    return checkpoint_bytes(turn_limit, pair_tables(cols, rws), form)
