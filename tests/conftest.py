"""Shared test configuration and fixtures."""

from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings

from airwar.analysis import solver as solver_mod
from airwar.analysis.solver import Matchup, SolverOptions, solve

settings.register_profile("default", deadline=None, max_examples=100)
settings.load_profile("default")


@pytest.fixture(scope="session")
def solved_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The reduced matchup (Yak-9 v F-51, turn limit 1) solved once per test run.

    The folder is ``<cache home>/airwar/solver``, so a server started with
    that cache home (``XDG_CACHE_HOME``) finds the solution too.
    """
    folder = tmp_path_factory.mktemp("cache-home") / "airwar" / "solver"
    folder.mkdir(parents=True)
    mp = pytest.MonkeyPatch()
    mp.setattr(solver_mod, "cache_dir", lambda: folder)
    solver_mod._MEMORY.clear()
    solve(Matchup("Yak-9", "F-51"), SolverOptions(turn_limit=1))
    solver_mod._MEMORY.clear()
    mp.undo()
    return folder


@pytest.fixture
def cached(solved_folder: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(solver_mod, "cache_dir", lambda: solved_folder)
    solver_mod._MEMORY.clear()
    yield
    solver_mod._MEMORY.clear()


@pytest.fixture
def empty_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    folder = tmp_path / "empty-cache"
    folder.mkdir()
    monkeypatch.setattr(solver_mod, "cache_dir", lambda: folder)
    solver_mod._MEMORY.clear()
    yield
    solver_mod._MEMORY.clear()
