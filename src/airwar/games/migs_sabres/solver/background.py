"""Solving the matchups players meet before they meet them: ``airwar serve``'s background solver.

The expert solves a matchup the first time it meets it (some 10 to 30 s),
and a whole game meets several. So ``airwar serve`` starts a
:class:`BackgroundSolver` as it starts: one thread that puts the matchups
not yet on disk on the process-wide queue of :mod:`airwar.games.migs_sabres.solver.jobs`, one
at a time, as *background* jobs (a lower priority, ``os.nice``; a player's
new job goes ahead of them in the queue), the most played first
(:func:`solving_order`: the engagements saved in the database, then
:data:`COMMON`). A player whose game needs a matchup being solved waits for
that same job (the queue has one job per matchup), and sees its progress.

``airwar serve --no-background-solve`` or ``AIRWAR_BACKGROUND_SOLVE=off``
turns it off; the browser app's ``GET /api/solver/background`` shows where
it is (:meth:`BackgroundSolver.status`).
"""

from __future__ import annotations

import logging
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from airwar.core.errors import AirwarError
from airwar.games.migs_sabres.planes import Side, active_type, plane_type, types_of
from airwar.games.migs_sabres.solver import cache as solver_cache
from airwar.games.migs_sabres.solver import jobs
from airwar.games.migs_sabres.solver.model import (
    MAX_TURN_LIMIT,
    Matchup,
    SolverError,
    SolverOptions,
)
from airwar.games.migs_sabres.solver.solving import WARMED, on_disk

log = logging.getLogger(__name__)

BACKGROUND_VAR = "AIRWAR_BACKGROUND_SOLVE"
"""The environment variable that turns the background solver off (``off``) or on (``on``)."""

TRUE = ("1", "true", "t", "yes", "y", "on")
FALSE = ("0", "false", "f", "no", "n", "off")


def _pairings() -> tuple[tuple[str, str], ...]:
    """Each side's active plane against every plane of the other side (MS-4), read from the
    plane table: the pairing of the two active jets (both ways) first, then data order."""
    pairs = [(active_type(side).name, t.name) for side in Side for t in types_of(side.other)]
    return tuple(sorted(pairs, key=lambda p: (p[::-1] not in pairs, pairs.index(p))))


COMMON: tuple[tuple[str, str], ...] = _pairings()
"""The pairings of the rules (MS-4), the jets' own first: solved without aces, then with an
active ace, at the default options, when the database has no games to go by."""


MOST_MATCHUPS = 20
"""The background solver solves at most this many matchups (14 common ones and a few of
the players' own, within the cache's cap)."""

GAMES_READ = 200
"""How many of the most recent engagements of the database are counted."""

BUSY_PAUSE = 5.0
"""Seconds the background solver waits when the queue is full, before asking again."""


def enabled(text: str | None, default: bool = True) -> bool:
    """``AIRWAR_BACKGROUND_SOLVE``'s value as on or off (unset or empty: ``default``)."""
    word = (text or "").strip().lower()
    if not word:
        return default
    if word in TRUE:
        return True
    if word in FALSE:
        return False
    raise SolverError(f"{BACKGROUND_VAR}={word[:20]!r}: give on or off")


def common_matchups() -> list[tuple[Matchup, SolverOptions]]:
    """The 14 common matchups (:data:`COMMON`, without then with an active ace), default options."""
    return [
        (Matchup(active, listed, active_ace=ace), SolverOptions())
        for ace in (False, True)
        for active, listed in COMMON
    ]


def played(options_of_games: Iterable[Mapping[str, Any]]) -> Counter[tuple[Matchup, SolverOptions]]:
    """How many of these engagements (their options) had each matchup the solver takes."""
    count: Counter[tuple[Matchup, SolverOptions]] = Counter()
    for opts in options_of_games:
        try:
            limit = opts.get("turn_limit", 20)
            if not isinstance(limit, int) or isinstance(limit, bool):
                continue
            if not 1 <= limit <= MAX_TURN_LIMIT:
                continue
            a, b = plane_type(str(opts["active"])), plane_type(str(opts["listed"]))
            if a.side is b.side:
                continue  # not an engagement (MS-4)
            m = Matchup(
                a.name,
                b.name,
                bool(opts.get("active_ace", False)),
                bool(opts.get("listed_ace", False)),
            )
            scoring = str(opts.get("scoring", "kills"))
            count[(m, SolverOptions(turn_limit=limit, scoring=scoring))] += 1
        except (KeyError, TypeError, ValueError, AttributeError, AirwarError):
            continue  # not an engagement the solver takes (or a damaged record)
    return count


def solving_order(
    options_of_games: Iterable[Mapping[str, Any]] = (),
) -> list[tuple[Matchup, SolverOptions]]:
    """The matchups to solve, the most played first (ties in the order first seen), then
    the common ones; at most :data:`MOST_MATCHUPS`, and no more than the cache's cap holds."""
    counted = played(options_of_games)
    order = [mo for mo, _n in counted.most_common()]
    order += [mo for mo in common_matchups() if mo not in counted]
    room = solver_cache.cache_limit_mb() * 10**6
    out = []
    for m, o in order[:MOST_MATCHUPS]:
        size = solver_cache.solution_bytes(o.turn_limit, o.columns, o.rows)
        if size > room:
            break
        room -= size
        out.append((m, o))
    return out


class BackgroundSolver:
    """One thread: the matchups of ``order()`` not on disk, solved one at a time.

    ``order`` is called in the thread (it may read a database); ``claim()``, if
    given, is asked before each matchup and must be True for this process to go
    on (several server processes: one solves, the others do not);
    ``wait_for``, if given, is waited for first (the compiled kernel's warm-up).
    """

    def __init__(
        self,
        order: Callable[[], list[tuple[Matchup, SolverOptions]]],
        *,
        queue: jobs.SolveQueue | None = None,
        claim: Callable[[], bool] | None = None,
        wait_for: threading.Event | None = WARMED,
        wait_seconds: float = 300.0,
    ) -> None:
        self.order = order
        self.queue = queue or jobs.QUEUE
        self.claim = claim
        self.wait_for = wait_for
        self.wait_seconds = wait_seconds
        self.state = "starting"
        self.error: str | None = None
        self.matchups: list[tuple[Matchup, SolverOptions]] = []
        self.marks: dict[int, str] = {}
        self.current: jobs.SolveJob | None = None
        self.started: float | None = None
        self.finished: float | None = None
        self._stop = threading.Event()
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None

    def start(self) -> BackgroundSolver:
        self._thread = threading.Thread(
            target=self._run, name="airwar-background-solve", daemon=True
        )
        self._thread.start()
        return self

    def stop(self, timeout: float | None = None) -> None:
        """Ask the thread to stop after the solve that is running (it is not waited for
        unless ``timeout`` is given)."""
        self._stop.set()
        if self._thread is not None and timeout is not None:
            self._thread.join(timeout)

    def join(self, timeout: float | None = None) -> bool:
        """Wait for the thread to end; whether it has."""
        if self._thread is None:
            return True
        self._thread.join(timeout)
        return not self._thread.is_alive()

    def _set(self, **changes: Any) -> None:
        with self._lock:
            for name, value in changes.items():
                setattr(self, name, value)

    def status(self) -> dict[str, Any]:
        """``{"state", "total", "solved", "running", "progress", "error", "started",
        "finished", "matchups": [{"label", "state"}]}``: ``state`` is starting, solving,
        done, elsewhere (another server process solves), stopped or failed; each
        matchup's is on disk, solving, waiting or failed."""
        with self._lock:
            current = self.current
            listed = [
                {"label": jobs.job_label(m, o), "state": self.marks.get(i, "waiting")}
                for i, (m, o) in enumerate(self.matchups)
            ]  # fmt: skip
            out = {
                "state": self.state,
                "total": len(self.matchups),
                "solved": sum(1 for v in self.marks.values() if v == "on disk"),
                "running": None,
                "progress": None,
                "error": self.error,
                "started": self.started,
                "finished": self.finished,
                "matchups": listed,
            }
        if current is not None and not current.done:
            st = current.status()
            out["running"] = st.label
            out["progress"] = round(st.progress, 4)
        return out

    def _run(self) -> None:
        try:
            self._set(started=time.time())
            if self.wait_for is not None:
                self.wait_for.wait(self.wait_seconds)
            if self._stop.is_set():
                self._set(state="stopped")
                return
            self._set(matchups=self.order(), state="solving")
            for i, (m, o) in enumerate(self.matchups):
                if self._stop.is_set():
                    self._set(state="stopped")
                    return
                if self.claim is not None and not self.claim():
                    self._set(state="elsewhere")
                    return
                if on_disk(m, o):
                    self._mark(i, "on disk")
                    continue
                self._mark(i, "solving")
                self._mark(i, self._solve(m, o))
            self._set(state="stopped" if self._stop.is_set() else "done")
        except Exception as exc:  # the server goes on; the players' solves still work
            log.exception("the background solver stopped")
            self._set(state="failed", error=f"{type(exc).__name__}: {exc}"[:300])
        finally:
            self._set(current=None, finished=time.time())

    def _mark(self, i: int, state: str) -> None:
        with self._lock:
            self.marks[i] = state

    def _solve(self, m: Matchup, o: SolverOptions) -> str:
        while not self._stop.is_set():
            try:
                job = self.queue.submit(m, o, background=True)
            except jobs.SolverBusy:
                self._stop.wait(BUSY_PAUSE)  # players' solves fill the queue: after them
                continue
            self._set(current=job)
            try:
                job.outcome()
            except jobs.GaveWay:
                continue  # a player's solve went first: this one again, queued after it
            except Exception as exc:
                log.warning("background solve of %s failed: %s", m.label(), exc)
                return "failed"
            finally:
                self._set(current=None)
            return "on disk"
        return "waiting"
