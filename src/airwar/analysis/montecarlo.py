"""Monte Carlo of bot play: many seeded games, in parallel, reproducible.

Game ``i`` of a run with master seed ``S`` is played with the seed
``game_seed(S, i)`` and its bots with seeds derived from that, so each game's
result depends only on ``(S, i)``: the same run gives the same results in one
process, on the local cores (:class:`concurrent.futures.ProcessPoolExecutor`)
or on a Dask cluster (``scheduler="tcp://host:8786"`` or a
``dask.distributed.Client``), whatever the chunking and order of completion.

>>> task = GameTask("toy", bots=("random", "random"))  # doctest: +SKIP
>>> run(task, 100, seed=7, workers=2)  # doctest: +SKIP
"""

from __future__ import annotations

import hashlib
import importlib
import os
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import Any

from airwar.core.bot import Bot
from airwar.core.driver import Driver, play_bots
from airwar.core.extras import MissingExtra
from airwar.core.registry import load_game

Summariser = Callable[[Driver], dict[str, Any]]
Progress = Callable[[int], None]


def game_seed(master: int | str, index: int) -> int:
    """The seed of game ``index`` of a run with ``master`` seed (48 bits, stable)."""
    digest = hashlib.blake2b(f"airwar-mc:{master}:{index}".encode(), digest_size=6).digest()
    return int.from_bytes(digest, "big")


def bot_seed(game: int, seat: int) -> int:
    """The seed of the bot in ``seat`` of the game seeded ``game``."""
    digest = hashlib.blake2b(f"airwar-bot:{game}:{seat}".encode(), digest_size=6).digest()
    return int.from_bytes(digest, "big")


def make_bot(name: str, seed: int) -> Bot:
    """A bot by its registry name (``random``, ``heuristic``, ``expert``, ``mcts``, ...)."""
    from airwar.bots.registry import make_bot as registry_bot

    return registry_bot(name, seed)


def returns_summary(driver: Driver) -> dict[str, Any]:
    """The default summary of a finished game: each seat's return and the decisions made."""
    return {
        "returns": [float(r) for r in driver.state.returns()],
        "decisions": len(driver.record.actions),
    }


@dataclass(frozen=True)
class GameTask:
    """What to play: a registered game with options, one bot name per seat.

    ``summarise`` (a module-level function, so that it pickles) turns each
    finished game into a small JSON-ready dict. ``modules`` are imported in
    the worker before playing (game packages register themselves on import).
    """

    game: str
    options: tuple[tuple[str, Any], ...] = ()
    bots: tuple[str, ...] = ("random", "random")
    summarise: Summariser = returns_summary
    modules: tuple[str, ...] = ("airwar.games",)
    max_decisions: int = 1_000_000

    @classmethod
    def of(
        cls,
        game: str,
        options: Mapping[str, Any] | None = None,
        bots: Sequence[str] = ("random", "random"),
        summarise: Summariser = returns_summary,
        modules: Sequence[str] = ("airwar.games",),
    ) -> GameTask:
        return cls(
            game, tuple(sorted((options or {}).items())), tuple(bots), summarise, tuple(modules)
        )


@dataclass(frozen=True)
class GameOutcome:
    """One finished game of a run: its index, seed and summary."""

    index: int
    seed: int
    summary: dict[str, Any] = field(default_factory=dict)


def _load_modules(modules: Sequence[str]) -> None:
    for name in modules:
        module = importlib.import_module(name)
        load_all = getattr(module, "load_all", None)
        if callable(load_all):
            load_all()


def play_one(task: GameTask, master: int | str, index: int) -> GameOutcome:
    """Play game ``index`` of the run seeded ``master``."""
    _load_modules(task.modules)
    game = load_game(task.game, dict(task.options))
    seed = game_seed(master, index)
    bots = {seat: make_bot(name, bot_seed(seed, seat)) for seat, name in enumerate(task.bots)}
    driver = play_bots(game, bots, seed, task.max_decisions)
    return GameOutcome(index, seed, task.summarise(driver))


def play_chunk(task: GameTask, master: int | str, indices: Sequence[int]) -> list[GameOutcome]:
    """Play a chunk of games (the unit of work sent to a process or a Dask worker)."""
    return [play_one(task, master, i) for i in indices]


def chunks(n: int, size: int) -> list[range]:
    """Split ``range(n)`` into consecutive ranges of at most ``size``."""
    size = max(1, size)
    return [range(start, min(n, start + size)) for start in range(0, n, size)]


def default_workers() -> int:
    return max(1, os.cpu_count() or 1)


def _chunk_size(n: int, workers: int) -> int:
    # About four chunks per worker: even load, few round trips.
    return max(1, -(-n // (workers * 4)))


@dataclass(frozen=True)
class Job:
    """One Monte Carlo job: ``n`` games of ``task`` with the master ``seed``."""

    task: GameTask
    n: int
    seed: int | str


def run(
    task: GameTask,
    n: int,
    seed: int | str,
    *,
    workers: int | None = None,
    scheduler: Any = None,
    progress: Progress | None = None,
    chunk_size: int | None = None,
) -> list[GameOutcome]:
    """Play ``n`` games; the outcomes come back ordered by index.

    ``workers=1`` plays in this process; more use a process pool; a
    ``scheduler`` (an address or a ``dask.distributed.Client``) sends the
    chunks to a Dask cluster. ``progress`` is called with the number of games
    finished by each completed chunk.
    """
    return run_jobs(
        [Job(task, n, seed)],
        workers=workers,
        scheduler=scheduler,
        progress=progress,
        chunk_size=chunk_size,
    )[0]


def run_jobs(
    jobs: Sequence[Job],
    *,
    workers: int | None = None,
    scheduler: Any = None,
    progress: Progress | None = None,
    chunk_size: int | None = None,
) -> list[list[GameOutcome]]:
    """Run several jobs on one pool or cluster; one ordered outcome list per job.

    Each job's results depend only on its task and seed, never on the other
    jobs, the number of workers or the chunking.
    """
    for job in jobs:
        if job.n < 0:
            raise ValueError("the number of games cannot be negative")
    total = sum(job.n for job in jobs)
    results: list[list[GameOutcome]] = [[] for _ in jobs]
    if total == 0:
        return results
    workers = default_workers() if workers is None else max(1, workers)
    size = chunk_size or _chunk_size(total, workers)
    parts = [(k, part) for k, job in enumerate(jobs) for part in chunks(job.n, size)]
    if scheduler is not None:
        done = _run_dask(jobs, parts, scheduler, progress)
    elif workers == 1:
        done = _run_here(jobs, parts, progress)
    else:
        done = _run_local(jobs, parts, workers, progress)
    for k, outcomes in done:
        results[k].extend(outcomes)
    for outcomes in results:
        outcomes.sort(key=lambda o: o.index)
    return results


Part = tuple[int, range]
Done = Iterator[tuple[int, list[GameOutcome]]]


def _run_here(jobs: Sequence[Job], parts: list[Part], progress: Progress | None) -> Done:
    for k, part in parts:
        result = play_chunk(jobs[k].task, jobs[k].seed, list(part))
        if progress is not None:
            progress(len(result))
        yield k, result


def _run_local(
    jobs: Sequence[Job], parts: list[Part], workers: int, progress: Progress | None
) -> Done:
    with ProcessPoolExecutor(max_workers=min(workers, len(parts))) as pool:
        futures = {
            pool.submit(play_chunk, jobs[k].task, jobs[k].seed, list(part)): k for k, part in parts
        }
        for fut in as_completed(futures):
            result = fut.result()
            if progress is not None:
                progress(len(result))
            yield futures[fut], result


def _run_dask(
    jobs: Sequence[Job], parts: list[Part], scheduler: Any, progress: Progress | None
) -> Done:
    try:
        from dask.distributed import Client
        from dask.distributed import as_completed as dask_completed
    except ImportError as exc:
        raise MissingExtra("lab", "Monte Carlo on a Dask cluster") from exc

    own = not isinstance(scheduler, Client)
    client = Client(scheduler) if own else scheduler
    try:
        futures = {
            client.submit(play_chunk, jobs[k].task, jobs[k].seed, list(part), pure=False): k
            for k, part in parts
        }
        for fut in dask_completed(list(futures)):
            result = fut.result()
            if progress is not None:
                progress(len(result))
            yield futures[fut], result
    finally:
        if own:
            client.close()
