"""Expert solves as jobs: one process-wide queue, one solve at a time, shared by all who ask.

A solve of a full-size matchup takes a minute or two and a few hundred MB
of memory (docs/benchmarks.md), so it is not run inside whatever asked for
it (a web request, a bot's move, a command) but submitted here:

- :func:`submit` puts a solve on the queue, or hands back the job already
  queued or running for the same matchup and options (the same cache key):
  everyone who asks for it waits on that one job;
- a single background thread runs the jobs one after another, in the order
  they were asked for;
- each job reports its progress (the fraction of movement turns solved and
  a phase text) and, at the end, its solution or its error, to every waiter;
- :func:`solution` is what the bots and the commands call: the cached
  solution at once, or a job submitted and waited for, with an optional
  callback that sees the job's progress in the waiting thread.

The queue lives in one process. Processes that share the cache folder
(several servers, a server and a terminal) do not solve the same matchup
twice at once: a job holds a lock file in the cache folder while it solves,
and a job of another process waits for it and then reads its solution.

Use::

    from airwar.games.migs_sabres.solver import jobs
    from airwar.games.migs_sabres.solver import Matchup, SolverOptions

    sol = jobs.solution(Matchup("F-86", "MiG-15"), SolverOptions(turn_limit=20),
                        on_progress=lambda st: print(f"{st.progress:.0%} {st.phase}"))
    jobs.jobs()  # [{"label": "F-86 vs MiG-15, turn limit 20", "state": "done", ...}]
"""

from __future__ import annotations

import contextlib
import itertools
import logging
import os
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from airwar.core.errors import AirwarError
from airwar.games.migs_sabres.solver import cache as solver_cache
from airwar.games.migs_sabres.solver import solving as solver_solve
from airwar.games.migs_sabres.solver.model import Matchup, SolverOptions
from airwar.games.migs_sabres.solver.solution import Solution

log = logging.getLogger(__name__)

QUEUED, RUNNING, DONE, FAILED = "queued", "running", "done", "failed"
ACTIVE_STATES = (QUEUED, RUNNING)
HISTORY = 20
"""Finished jobs kept for the job list (the most recent ones)."""

POLL_SECONDS = 0.25
"""How often a waiter with a progress callback looks at its job."""

MAX_WAITING = 2
"""Solves queued behind the running one at most (each new matchup is about a minute and
about 1 GB while it runs): past it :func:`submit` raises :class:`SolverBusy`."""
QUEUE_ENV = "AIRWAR_SOLVER_QUEUE"
"""The environment variable that sets :data:`MAX_WAITING` (0 to 100)."""
BUSY_RETRY_SECONDS = 60
"""What :class:`SolverBusy` tells a caller to wait before asking again."""


class SolverBusy(AirwarError):
    """The queue is full: no new matchup is taken until a solve ends (try in a minute)."""

    def __init__(self, waiting: int, retry_after: int = BUSY_RETRY_SECONDS) -> None:
        super().__init__(
            f"the expert is busy: {waiting} new matchup(s) are already waiting to be solved "
            f"after the one running; try again in a minute"
        )
        self.retry_after = retry_after


class GaveWay(AirwarError):
    """A background solve stopped for a player's new solve (nobody was waiting for it);
    the background solver asks for it again, after the player's."""

    def __init__(self) -> None:
        super().__init__("the background solve gave way to a player's; it is solved again after")


def max_waiting() -> int:
    """The queue's bound: ``AIRWAR_SOLVER_QUEUE`` if it is set to 0..100, else the default."""
    text = os.environ.get(QUEUE_ENV, "").strip()
    if text.isdigit() and int(text) <= 100:
        return int(text)
    return MAX_WAITING


def job_label(matchup: Matchup, options: SolverOptions) -> str:
    """``"F-86 v MiG-15, turn limit 20"`` (and the scoring when it is not kills)."""
    scoring = "" if options.scoring == "kills" else f", {options.scoring} scoring"
    return f"{matchup.label()}, turn limit {options.turn_limit}{scoring}"


@dataclass(frozen=True)
class JobStatus:
    """What a job looks like at one moment (what waiters and the job list are shown)."""

    id: int
    key: str
    matchup: Matchup
    options: SolverOptions
    state: str
    progress: float
    phase: str
    error: str | None
    waiters: int
    submitted: float
    started: float | None
    finished: float | None
    background: bool = False

    @property
    def label(self) -> str:
        """``"F-86 v MiG-15, turn limit 20"`` (and the scoring when it is not kills)."""
        return job_label(self.matchup, self.options)

    def to_dict(self) -> dict[str, Any]:
        """The job as JSON: matchup, options, state, progress (0 to 1), phase, times."""
        m, o = self.matchup, self.options
        return {
            "id": self.id,
            "label": self.label,
            "matchup": {
                "active": m.active,
                "listed": m.listed,
                "active_ace": m.active_ace,
                "listed_ace": m.listed_ace,
            },
            "turn_limit": o.turn_limit,
            "scoring": o.scoring,
            "full_board": o.full_board,
            "state": self.state,
            "progress": round(self.progress, 4),
            "phase": self.phase,
            "error": self.error,
            "waiters": self.waiters,
            "submitted": self.submitted,
            "started": self.started,
            "finished": self.finished,
            "background": self.background,
        }


ProgressCallback = Callable[[JobStatus], None]
SolveFn = Callable[[Matchup, SolverOptions, Callable[[int, int], None]], Solution]


def _default_solve(
    matchup: Matchup, options: SolverOptions, progress: Callable[[int, int], None]
) -> Solution:
    return solver_solve.solve(matchup, options, progress=progress)


def _background_solve(
    matchup: Matchup, options: SolverOptions, progress: Callable[[int, int], None]
) -> Solution:
    # written to the cache, not kept open: the solutions open are the players'
    return solver_solve.solve(matchup, options, progress=progress, keep_open=False)


BACKGROUND_NICE = 10
"""How much lower the priority of a background solve is (``os.nice``): a player's request,
another program, anything else on the machine goes first."""


def _niced(fn: Callable[[], Solution]) -> Solution:
    """Run ``fn`` in a thread of its own at a lower priority (on Linux the nice value is
    the thread's, and the threads it starts inherit it), and hand back its result."""
    box: dict[str, Any] = {}

    def run() -> None:
        with contextlib.suppress(OSError, AttributeError):  # not on this system: as it is
            os.nice(BACKGROUND_NICE)
        try:
            box["solution"] = fn()
        except BaseException as exc:  # handed to the caller
            box["error"] = exc

    worker = threading.Thread(target=run, name="airwar-solver-background", daemon=True)
    worker.start()
    worker.join()
    if "error" in box:
        raise box["error"]
    return box["solution"]


class SolveJob:
    """One solve: its state and progress, then its solution or error, for every waiter."""

    def __init__(
        self,
        job_id: int,
        key: str,
        matchup: Matchup,
        options: SolverOptions,
        background: bool = False,
    ) -> None:
        self.id = job_id
        self.key = key
        self.matchup = matchup
        self.options = options
        self.background = background
        """Asked for by the background solver (run at a lower priority), not a player."""
        self.state = QUEUED
        self.progress = 0.0
        self.phase = "queued"
        self.error: str | None = None
        self.exception: BaseException | None = None
        self.solution: Solution | None = None
        self.waiters = 0
        self.submitted = time.time()
        self.started: float | None = None
        self.finished: float | None = None
        self._done = threading.Event()
        self._lock = threading.Lock()

    def status(self) -> JobStatus:
        with self._lock:
            return JobStatus(
                self.id,
                self.key,
                self.matchup,
                self.options,
                self.state,
                self.progress,
                self.phase,
                self.error,
                self.waiters,
                self.submitted,
                self.started,
                self.finished,
                self.background,
            )

    def _set(self, **changes: Any) -> None:
        with self._lock:
            for name, value in changes.items():
                setattr(self, name, value)

    @property
    def done(self) -> bool:
        return self._done.is_set()

    def wait(
        self, timeout: float | None = None, on_progress: ProgressCallback | None = None
    ) -> Solution:
        """The solution, once solved; the job's error (the same for every waiter) if it failed.

        ``on_progress(status)`` is called in this thread when the job's state,
        progress or phase changes, and once at the end. ``timeout`` (seconds)
        raises :class:`TimeoutError` if the job is not finished by then (the
        job goes on).
        """
        with self._lock:
            self.waiters += 1
        try:
            deadline = None if timeout is None else time.monotonic() + timeout
            seen: tuple[str, float, str] | None = None
            while True:
                left = None if deadline is None else max(0.0, deadline - time.monotonic())
                if on_progress is None:
                    step = left
                else:
                    step = POLL_SECONDS if left is None else min(POLL_SECONDS, left)
                finished = self._done.wait(step)
                if on_progress is not None:
                    st = self.status()
                    now = (st.state, st.progress, st.phase)
                    if now != seen:
                        seen = now
                        on_progress(st)
                if finished:
                    break
                if deadline is not None and time.monotonic() >= deadline:
                    raise TimeoutError(f"the solve of {self.status().label} is still running")
        finally:
            with self._lock:
                self.waiters -= 1
        if self.exception is not None:
            raise self.exception
        assert self.solution is not None
        return self.solution

    def outcome(self) -> Solution:
        """:meth:`wait` without counting as a waiter (the background solver's own wait:
        a background job nobody else waits for gives way to a player's new solve)."""
        self._done.wait()
        if self.exception is not None:
            raise self.exception
        assert self.solution is not None
        return self.solution

    def _finish(self, solution: Solution | None, exc: BaseException | None) -> None:
        if exc is None:
            self._set(state=DONE, progress=1.0, phase="solved", solution=solution)
        else:
            if isinstance(exc, AirwarError):
                text = str(exc)
            else:
                text = f"the solve failed ({type(exc).__name__}; the log says more)"
            self._set(state=FAILED, phase="failed", error=text, exception=exc)
        self._set(finished=time.time())
        self._done.set()


class Gate(Protocol):
    """Admits new solves beyond this process (the browser app's: leases in its database,
    so that several server processes together run a bounded number of solves)."""

    def claim(self, key: str) -> bool:
        """Whether a new solve of ``key`` may be queued here now (held until released)."""

    def release(self, key: str) -> None:
        """The solve of ``key`` ended here: its place is free."""


class SolveQueue:
    """Runs solves one at a time in a background thread; one job per matchup and options.

    ``solve_fn(matchup, options, progress)`` does the solving (the solver's
    :func:`~airwar.games.migs_sabres.solver.solve` by default; tests give their own).
    The worker thread starts with the first job and ends when the queue is
    empty, so an idle queue holds no thread.
    """

    def __init__(
        self,
        solve_fn: SolveFn | None = None,
        *,
        history: int = HISTORY,
        most_waiting: int | None = None,
    ) -> None:
        self.solve_fn = solve_fn or _default_solve
        self.most_waiting = max_waiting() if most_waiting is None else most_waiting
        self._lock = threading.Lock()
        self._waiting: deque[SolveJob] = deque()
        self._active: dict[str, SolveJob] = {}
        # what finished jobs looked like at the end: never their solutions, which only
        # their waiters (and the cache's bounded memory) hold
        self._finished: deque[JobStatus] = deque(maxlen=history)
        self._running: SolveJob | None = None
        self._thread: threading.Thread | None = None
        self._ids = itertools.count(1)
        self.gate: Gate | None = None
        """Asked before a new solve is queued, told when it ends (None: this queue alone)."""

    def submit(
        self, matchup: Matchup, options: SolverOptions | None = None, *, background: bool = False
    ) -> SolveJob:
        """The job for this matchup and options: the one queued or running, else a new one.

        A ``background`` job (the background solver's) runs at a lower priority, and a
        player's new job is queued ahead of the background jobs that wait.
        """
        options = options or SolverOptions()
        key = solver_cache.cache_key(matchup, options)
        with self._lock:
            job = self._active.get(key)
            if job is not None:
                return job
            if len(self._active) > self.most_waiting:  # the running one and those waiting
                raise SolverBusy(len(self._active) - 1)
            if self.gate is not None and not self.gate.claim(key):
                raise SolverBusy(len(self._active))
            job = SolveJob(next(self._ids), key, matchup, options, background)
            place = len(self._waiting)
            if not background:
                place = next((i for i, j in enumerate(self._waiting) if j.background), place)
            ahead = place + (self._running is not None)
            job.phase = f"queued behind {ahead} other solve(s)" if ahead else "queued"
            self._active[key] = job
            self._waiting.insert(place, job)
            for i, other in enumerate(self._waiting):
                if i > place:
                    other._set(phase=f"queued behind {i + (self._running is not None)} "
                               "other solve(s)")  # fmt: skip
            if self._thread is None:
                self._thread = threading.Thread(
                    target=self._work, name="airwar-solver-jobs", daemon=True
                )
                self._thread.start()
        return job

    def jobs(self) -> list[JobStatus]:
        """Every job: finished ones (most recent last), then the running one, then the queued."""
        with self._lock:
            listed = [*self._finished]
            if self._running is not None:
                listed.append(self._running.status())
            listed.extend(j.status() for j in self._waiting)
        return listed

    def full(self) -> bool:
        """Whether a new matchup would be refused now (:class:`SolverBusy`)."""
        with self._lock:
            return len(self._active) > self.most_waiting

    def find(self, matchup: Matchup, options: SolverOptions) -> SolveJob | None:
        """The job queued or running for this matchup and options, if any."""
        with self._lock:
            return self._active.get(solver_cache.cache_key(matchup, options))

    def _work(self) -> None:
        while True:
            with self._lock:
                if not self._waiting:
                    self._thread = None
                    return
                job = self._waiting.popleft()
                self._running = job
                for i, other in enumerate(self._waiting):
                    other._set(phase=f"queued behind {i + 1} other solve(s)")
            try:
                self._run(job)
            finally:
                gate = self.gate
                if gate is not None:
                    with contextlib.suppress(Exception):  # its place expires by itself
                        gate.release(job.key)
            with self._lock:
                self._running = None
                self._active.pop(job.key, None)
                self._finished.append(job.status())

    def _player_waits(self) -> bool:
        """Whether a player's job waits behind the running one (a background job then gives
        way to it, unless someone waits for the background job itself)."""
        with self._lock:
            return any(not j.background for j in self._waiting)

    def _run(self, job: SolveJob) -> None:
        job._set(state=RUNNING, started=time.time(), phase="starting")

        def progress(done: int, total: int) -> None:
            if job.background and done < total and job.waiters == 0 and self._player_waits():
                raise GaveWay()  # the solve stops here (its half-written folder is removed)
            job._set(
                progress=done / total if total else 1.0,
                phase=f"solved {done} of {total} movement turns"
                if done < total
                else "saving the solution",
            )

        try:
            with _solve_lock(job):
                found = solver_solve.cached_solution(job.matchup, job.options)
                if found is not None:
                    job._finish(found, None)
                    return
                job._set(phase="building the tables")
                if job.background:
                    fn = _background_solve if self.solve_fn is _default_solve else self.solve_fn
                    sol = _niced(lambda: fn(job.matchup, job.options, progress))
                else:
                    sol = self.solve_fn(job.matchup, job.options, progress)
        except BaseException as exc:  # every waiter gets it, whatever it is; the queue goes on
            if not isinstance(exc, AirwarError):
                log.exception("the solve of %s failed", job.status().label)
            job._finish(None, exc)
            return
        job._finish(sol, None)


@contextlib.contextmanager
def _solve_lock(job: SolveJob) -> Iterator[None]:
    """Hold the cache folder's lock for this solution (other processes wait for it).

    Where file locks are not available the job goes ahead without one.
    """
    try:
        import fcntl
    except ImportError:  # pragma: no cover - not on POSIX
        yield
        return
    folder = solver_cache.cache_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd = os.open(Path(folder) / f"{job.key}.lock", os.O_RDWR | os.O_CREAT, 0o644)
    except OSError:
        yield
        return
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            job._set(phase="waiting for another process that is solving this matchup")
            fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)


QUEUE = SolveQueue()
"""The process-wide queue."""


def submit(
    matchup: Matchup, options: SolverOptions | None = None, *, background: bool = False
) -> SolveJob:
    """Put a solve on the process-wide queue (or join the one already there)."""
    return QUEUE.submit(matchup, options, background=background)


def jobs() -> list[dict[str, Any]]:
    """The process-wide queue as JSON: finished jobs (recent), the running one, the queued."""
    return [s.to_dict() for s in QUEUE.jobs()]


def solution(
    matchup: Matchup,
    options: SolverOptions | None = None,
    *,
    on_progress: ProgressCallback | None = None,
    timeout: float | None = None,
) -> Solution:
    """The matchup's solution: from the cache at once, else solved by a job and waited for.

    ``on_progress`` sees the job's status in this thread while it runs (see
    :meth:`SolveJob.wait`); when no callback is given, the one installed by
    :func:`watching` in this thread, if any, is used.
    """
    options = options or SolverOptions()
    found = solver_solve.cached_solution(matchup, options)
    if found is not None:
        return found
    job = submit(matchup, options)
    return job.wait(timeout, on_progress or _watcher())


_local = threading.local()


def _watcher() -> ProgressCallback | None:
    return getattr(_local, "watcher", None)


@contextlib.contextmanager
def watching(on_progress: ProgressCallback) -> Iterator[None]:
    """Within the block, this thread's waits for a solve report to ``on_progress``.

    For an interface that calls code which may wait for a solve without a
    callback of its own (a bot's move): the terminal shows a progress bar
    while the expert bot waits for its matchup.
    """
    before = _watcher()
    _local.watcher = on_progress
    try:
        yield
    finally:
        _local.watcher = before
