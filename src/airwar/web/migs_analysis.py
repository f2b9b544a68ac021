"""``/api/games/{id}/analysis``: the exact analysis of a finished game, as a background job.

A game that offers exact values (``Game.advisor()``) can be
analysed once it is over: every decision's value, the best decision's and
the loss with its mark, every roll's luck, the kill chances along the game
and a summary per seat (:mod:`airwar.analysis.review`). Nothing here knows
a game by name: the analysis layer says which games it reviews and which
solutions a record needs.

- ``POST`` starts the analysis (or joins the one running for the game) and
  answers at once; the job first has any missing solution solved by the
  solver's queue (one solve at a time, shared with the AI, its progress
  reported here), then reviews the record.
- ``GET`` answers the job's state, progress and phase, and the analysis
  when it is done.

Trust: the analysis is a hint, so a running game is refused (409) for
everyone; a finished game's record, seed included, is open to anyone who
can see the game, and so is its analysis.

Bounds: games of up to :data:`MAX_DECISIONS` decisions; one job per game;
:data:`WORKERS` jobs run at once and at most :data:`WAITING` wait (more: 429
with ``Retry-After``); the last :data:`KEPT` analyses are kept, so asking
again costs nothing.
"""

from __future__ import annotations

import logging
import threading
from collections import OrderedDict, deque
from typing import Any, Literal

from fastapi import APIRouter, HTTPException, Request, Response
from pydantic import BaseModel, Field

from airwar.analysis import review
from airwar.core.errors import AirwarError
from airwar.core.record import GameRecord
from airwar.games.migs_sabres.solver import Matchup, Solution, SolverOptions, jobs
from airwar.web.schemas import GameId, Problem
from airwar.web.service import Conflict, GameService, LiveGame

log = logging.getLogger(__name__)

WORKERS = 1
"""Analyses run at once in this server process (each may wait for a solve)."""
WAITING = 8
"""Analyses that may wait for a worker; one more is refused with 429."""
KEPT = 64
"""Finished analyses kept in memory (a finished game never changes)."""
RETRY_SECONDS = 10
MAX_DECISIONS = 10_000
"""The longest game the browser app analyses (a long campaign takes minutes per thousand
decisions); the terminal's replay command takes any (docs/review.md)."""
SOLVING = 0.5
"""The share of the progress bar given to solves, when the analysis needs any."""

router = APIRouter(prefix="/api/games", tags=["analysis"])

QUEUED, RUNNING, DONE, FAILED = "queued", "running", "done", "failed"


class SolveProgress(BaseModel):
    """The solve the analysis waits for."""

    label: str = Field(description="the matchup and options in words")
    progress: float = Field(ge=0, le=1, description="the fraction of movement turns solved")
    phase: str


class AnalysisOut(BaseModel):
    """An analysis job: its state and, once done, the analysis."""

    game_id: str
    state: Literal["none", "queued", "running", "done", "failed"] = Field(
        description="none: never asked for; queued, running, done or failed"
    )
    phase: str = Field(description="what the job is doing, in words")
    progress: float = Field(ge=0, le=1)
    solve: SolveProgress | None = Field(description="the solve it waits for, if any")
    error: str | None = Field(description="why it failed (failed jobs only)")
    decisions: int = Field(description="the decisions of the game analysed")
    analysis: dict[str, Any] | None = Field(
        description="once done: engagements (each decision and roll), seats (the "
        "summary per seat), thresholds, series (both planes' kill chances along the "
        "game) and marks (each mark's meaning)"
    )


ERRORS: dict[int | str, dict[str, Any]] = {
    404: {"model": Problem, "description": "no game has this id"},
    409: {
        "model": Problem,
        "description": "the game is still running, or its kind has no exact analysis",
    },
}
BUSY: dict[int | str, dict[str, Any]] = {
    429: {"model": Problem, "description": "too many analyses waiting; Retry-After says when"},
}


class Job:
    """One game's analysis (thread-safe snapshots through :meth:`out`)."""

    def __init__(self, game_id: str, record: GameRecord) -> None:
        self.game_id = game_id
        self.record = record
        self.state = QUEUED
        self.phase = "waiting for a free worker"
        self.progress = 0.0
        self.solve: dict[str, Any] | None = None
        self.error: str | None = None
        self.analysis: dict[str, Any] | None = None
        self.lock = threading.Lock()

    def set(self, **changes: Any) -> None:
        with self.lock:
            for name, value in changes.items():
                setattr(self, name, value)

    def out(self) -> AnalysisOut:
        with self.lock:
            return AnalysisOut(
                game_id=self.game_id,
                state=self.state,  # type: ignore[arg-type]
                phase=self.phase,
                progress=min(1.0, max(0.0, self.progress)),
                solve=None if self.solve is None else SolveProgress(**self.solve),
                error=self.error,
                decisions=len(self.record.actions),
                analysis=self.analysis,
            )

    # -- the work ------------------------------------------------------------
    def run(self) -> None:
        self.set(state=RUNNING, phase="finding the matchups of the engagements", progress=0.0)
        try:
            needed = review.needed_solutions(self.record)
            missing = [m for m in needed if review.from_cache(*m) is None]
            share = SOLVING if missing else 0.0
            for i, (matchup, options) in enumerate(missing):
                self._solution(i, len(missing), matchup, options, share)

            def reviewed(done: int, total: int) -> None:
                self.set(
                    phase=f"analysing decision {done} of {total}",
                    progress=share + (1 - share) * 0.99 * done / max(1, total),
                    solve=None,
                )

            reviewed(0, len(self.record.actions))
            result = review.review_record(self.record, source=self._cached, progress=reviewed)
            data = result.to_dict()
            data["series"] = review.kill_chance_series(result)
            data["marks"] = dict(review.describe_marks(result.thresholds))
            self.set(state=DONE, phase="done", progress=1.0, analysis=data)
        except AirwarError as exc:
            self.set(state=FAILED, phase="failed", error=str(exc), solve=None)
        except Exception as exc:  # the details go to the log, not to the page
            log.exception("the analysis of game %s failed", self.game_id)
            self.set(state=FAILED, phase="failed", error=type(exc).__name__, solve=None)

    def _solution(
        self, i: int, n: int, matchup: Matchup, options: SolverOptions, part: float
    ) -> None:
        base = part * i / n
        share = part / n

        def on_progress(status: jobs.JobStatus) -> None:
            self.set(
                phase=f"solving {status.label} ({i + 1} of {n} matchups; once, then cached)",
                progress=base + share * status.progress,
                solve={
                    "label": status.label,
                    "progress": min(1.0, max(0.0, status.progress)),
                    "phase": status.phase,
                },
            )

        jobs.solution(matchup, options, on_progress=on_progress)

    @staticmethod
    def _cached(matchup: Matchup, options: SolverOptions) -> Solution | None:
        return review.from_cache(matchup, options)


class Analyses:
    """This process's analysis jobs: one per game, a few at once, the recent ones kept."""

    def __init__(self, workers: int = WORKERS, waiting: int = WAITING, kept: int = KEPT) -> None:
        self.workers = workers
        self.waiting = waiting
        self.kept = kept
        self.jobs: OrderedDict[str, Job] = OrderedDict()
        self.queue: deque[Job] = deque()
        self.running = 0
        self.lock = threading.Lock()

    def get(self, game_id: str, decisions: int) -> Job | None:
        with self.lock:
            job = self.jobs.get(game_id)
            if job is not None and len(job.record.actions) != decisions:
                return None
            return job

    def start(self, game_id: str, record: GameRecord) -> Job:
        """The game's job: the one already there (running or done), else a new one queued."""
        with self.lock:
            job = self.jobs.get(game_id)
            same = job is not None and len(job.record.actions) == len(record.actions)
            if job is not None and same and job.state != FAILED:
                self.jobs.move_to_end(game_id)
                return job
            if len(self.queue) >= self.waiting:
                raise HTTPException(
                    status_code=429,
                    detail=f"{len(self.queue)} analyses are waiting already: try again in "
                    f"{RETRY_SECONDS} s",
                    headers={"Retry-After": str(RETRY_SECONDS)},
                )
            job = Job(game_id, record)
            self.jobs[game_id] = job
            self.jobs.move_to_end(game_id)
            self._trim()
            self.queue.append(job)
            self._spawn()
            return job

    def _trim(self) -> None:
        while len(self.jobs) > self.kept:
            oldest = next(iter(self.jobs))
            if self.jobs[oldest].state in (QUEUED, RUNNING):
                break
            self.jobs.pop(oldest)

    def _spawn(self) -> None:
        while self.running < self.workers and self.queue:
            job = self.queue.popleft()
            self.running += 1
            threading.Thread(
                target=self._work, args=(job,), name=f"analysis-{job.game_id}", daemon=True
            ).start()

    def _work(self, job: Job) -> None:
        try:
            job.run()
        finally:
            with self.lock:
                self.running -= 1
                self._spawn()


def analyses(request: Request) -> Analyses:
    """The app's analysis jobs (made on first use)."""
    state = request.app.state
    found: Analyses | None = getattr(state, "analyses", None)
    if found is None:
        with _made:
            found = getattr(state, "analyses", None)
            if found is None:
                found = Analyses()
                state.analyses = found
    return found


_made = threading.Lock()


def offered(live: LiveGame) -> bool:
    """Whether games of this kind have an exact analysis (the game offers an advisor)."""
    return live.game.advisor() is not None and review.supports(live.game.name)


def not_yet(live: LiveGame) -> str | None:
    """Why a game of a kind with an analysis cannot be analysed now, or None: it can."""
    if not live.finished:
        return (
            "the analysis opens when the game is over: while it runs it would be a hint "
            "to its players"
        )
    if live.decisions > MAX_DECISIONS:
        return (
            f"this game has {live.decisions} decisions; the browser analyses games of up "
            f"to {MAX_DECISIONS}: analyse it at the terminal (replay --analyse)"
        )
    return None


def finished_record(svc: GameService, game_id: str) -> tuple[str, GameRecord]:
    """The game's id and full record, if its kind has an analysis and it is over (else 409)."""
    live = svc.get(game_id)
    with live.lock:
        if not offered(live):
            raise Conflict(f"games of {live.game.name} have no exact analysis")
        reason = not_yet(live)
        if reason is not None:
            raise Conflict(reason)
        return live.id, live.finished_record()


@router.post(
    "/{game_id}/analysis", response_model=AnalysisOut, status_code=202, responses=ERRORS | BUSY
)
def start_analysis(game_id: GameId, request: Request, response: Response) -> AnalysisOut:
    """Start the exact analysis of a finished game (or join the one under way); answers at
    once with the job's state. It may first solve a matchup (progress in ``solve``)."""
    svc: GameService = request.app.state.service
    gid, record = finished_record(svc, game_id)
    out = analyses(request).start(gid, record).out()
    response.headers["Cache-Control"] = "no-store"
    return out


@router.get("/{game_id}/analysis", response_model=AnalysisOut, responses=ERRORS)
def get_analysis(game_id: GameId, request: Request, response: Response) -> AnalysisOut:
    """The analysis job of a finished game: state, progress and phase; the analysis once
    done (``state`` is ``none`` until someone starts it)."""
    svc: GameService = request.app.state.service
    gid, record = finished_record(svc, game_id)
    response.headers["Cache-Control"] = "no-store"
    job = analyses(request).get(gid, len(record.actions))
    if job is None:
        return AnalysisOut(
            game_id=gid,
            state="none",
            phase="not started",
            progress=0.0,
            solve=None,
            error=None,
            decisions=len(record.actions),
            analysis=None,
        )
    return job.out()
