"""``GET /api/solver/jobs``: the expert solver's queue of this server process, read only.

The expert bot solves a matchup it meets for the first time as a job of
:mod:`airwar.games.migs_sabres.solver.jobs` (one at a time, shared by every game that needs
it); the play page asks here to show "the AI is solving this matchup: 42 %"
while a job for its game's matchup runs. The list holds recently finished
jobs, the running one and the queued ones, in that order.

The queue is bounded (:data:`airwar.games.migs_sabres.solver.jobs.MAX_WAITING` behind the running
solve); with several server processes on one database, :class:`SolveSlots`
bounds the solves of them all together.

``airwar serve`` also solves the common matchups in the background as it starts
(:mod:`airwar.games.migs_sabres.solver.background`; :func:`background_solver` here, one process of
the database's servers at a time); ``GET /api/solver/background`` shows how far
it is.
"""

from __future__ import annotations

import hashlib
import logging
import threading
from typing import Any

from fastapi import APIRouter, Request, Response
from pydantic import BaseModel, Field

from airwar.games.migs_sabres.solver import Matchup, SolverOptions, jobs
from airwar.games.migs_sabres.solver.background import GAMES_READ, BackgroundSolver, solving_order
from airwar.store import Store, StoreError

log = logging.getLogger(__name__)

SLOT_SECONDS = 900.0
"""How long a process holds a place among the server's solves without ending it (a solve
takes one to two minutes; a process that dies frees its places after this long)."""


class SolveSlots:
    """The server's solves, however many processes serve it: places in the database.

    A new matchup needs one of ``slots`` places (leases ``solve-slot:0``...), so that all
    the processes on one database together run and queue at most that many solves; a
    matchup that another process is solving already (lease ``solve-key:<hash>``) needs
    none here: its job waits for that process's solution (the cache folder's lock) and
    reads it. Without the database the process's own bound alone holds.
    """

    def __init__(self, store: Store, holder: str, slots: int) -> None:
        self.store = store
        self.holder = holder
        self.slots = slots
        self._held: dict[str, str] = {}  # key -> the slot's lease name
        self._lock = threading.Lock()

    def _mine(self, key: str) -> str:
        return f"{self.holder[:40]}:{hashlib.sha256(key.encode()).hexdigest()[:16]}"

    @staticmethod
    def _key_lease(key: str) -> str:
        return "solve-key:" + hashlib.sha256(key.encode()).hexdigest()

    def claim(self, key: str) -> bool:
        try:
            other = self.store.lease_holder(self._key_lease(key))
            if other is not None and other != self.holder:
                return True  # solved elsewhere: this process only waits for it
            for i in range(self.slots):
                name = f"solve-slot:{i}"
                if self.store.claim_lease(name, self._mine(key), SLOT_SECONDS):
                    self.store.claim_lease(self._key_lease(key), self.holder, SLOT_SECONDS)
                    with self._lock:
                        self._held[key] = name
                    return True
            return False
        except StoreError as exc:
            log.warning("cannot count the server's solves: %s", exc)
            return True

    def release(self, key: str) -> None:
        with self._lock:
            name = self._held.pop(key, None)
        if name is None:
            return
        try:
            self.store.release_lease(name, self._mine(key))
            self.store.release_lease(self._key_lease(key), self.holder)
        except StoreError as exc:
            log.warning("cannot free a place among the server's solves: %s", exc)

    def install(self) -> None:
        """Make this the process-wide queue's gate (the app's start)."""
        jobs.QUEUE.gate = self

    def uninstall(self) -> None:
        if jobs.QUEUE.gate is self:
            jobs.QUEUE.gate = None


BACKGROUND_LEASE = "solve-background"
"""The lease of the one server process (of those on a database) that solves in the background."""


def background_solver(store: Store, holder: str) -> BackgroundSolver:
    """The background solver of a server process on ``store``: the engagements saved in the
    database give the order (the most played first), and only the process holding
    :data:`BACKGROUND_LEASE` solves."""
    from airwar.games.migs_sabres import EngagementGame

    def order() -> list[tuple[Matchup, SolverOptions]]:
        try:
            games = store.list_games(EngagementGame.name, limit=GAMES_READ)
        except StoreError as exc:
            log.warning("cannot read the games to order the background solves: %s", exc)
            games = []
        return solving_order(g.record.options for g in games if g.problem is None)

    def claim() -> bool:
        try:
            return store.claim_lease(BACKGROUND_LEASE, holder, SLOT_SECONDS)
        except StoreError as exc:
            log.warning("cannot claim the background solves: %s", exc)
            return True

    return BackgroundSolver(order, claim=claim)


router = APIRouter(prefix="/api/solver", tags=["solver"])


class JobMatchup(BaseModel):
    active: str = Field(description="the active plane's type")
    listed: str = Field(description="the listed plane's type")
    active_ace: bool
    listed_ace: bool


class SolverJob(BaseModel):
    """One solve of the expert's queue."""

    id: int
    label: str = Field(description="the matchup and options in words")
    matchup: JobMatchup
    turn_limit: int = Field(description="movement turns of each plane (MS-11)")
    scoring: str = Field(description="kills, or base-value (IV.A)")
    full_board: bool = Field(description="false only for reduced test boards")
    state: str = Field(description="queued, running, done or failed")
    progress: float = Field(ge=0, le=1, description="the fraction of movement turns solved")
    phase: str = Field(description="what the job is doing, in words")
    error: str | None = Field(description="why it failed (failed jobs only)")
    waiters: int = Field(description="how many are waiting for it now")
    submitted: float = Field(description="when it was asked for (seconds since 1970)")
    started: float | None
    finished: float | None
    background: bool = Field(False, description="asked for by the background solver, not a player")


class SolverJobs(BaseModel):
    jobs: list[SolverJob]


@router.get("/jobs", response_model=SolverJobs)
def solver_jobs(response: Response) -> SolverJobs:
    """The expert solver's jobs: recently finished, running, queued (this server process)."""
    response.headers["Cache-Control"] = "no-store"  # it changes by the second
    return SolverJobs.model_validate({"jobs": jobs.jobs()})


class BackgroundMatchup(BaseModel):
    label: str = Field(description="the matchup and options in words")
    state: str = Field(description="on disk, solving, waiting or failed")


class BackgroundSolves(BaseModel):
    """The background solver of this server process (``airwar serve`` starts it)."""

    state: str = Field(
        description="off, starting, solving, done, elsewhere (another server process "
        "solves), stopped or failed"
    )
    total: int = Field(description="matchups it solves, the most played first")
    solved: int = Field(description="of them, on disk")
    running: str | None = Field(description="the matchup being solved")
    progress: float | None = Field(description="its fraction of movement turns solved")
    error: str | None
    started: float | None
    finished: float | None
    matchups: list[BackgroundMatchup]


OFF: dict[str, Any] = {
    "state": "off", "total": 0, "solved": 0, "running": None, "progress": None,
    "error": None, "started": None, "finished": None, "matchups": [],
}  # fmt: skip


@router.get("/background", response_model=BackgroundSolves)
def background_solves(request: Request, response: Response) -> BackgroundSolves:
    """Where the background solver of this server process is (``off`` when it was turned off)."""
    response.headers["Cache-Control"] = "no-store"
    solver: BackgroundSolver | None = getattr(request.app.state, "background", None)
    return BackgroundSolves.model_validate(OFF if solver is None else solver.status())
