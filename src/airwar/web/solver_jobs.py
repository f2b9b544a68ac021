"""``GET /api/solver/jobs``: the expert solver's queue of this server process, read only.

The expert bot solves a matchup it meets for the first time as a job of
:mod:`airwar.solver.jobs` (one at a time, shared by every game that needs
it); the play page asks here to show "the AI is solving this matchup: 42 %"
while a job for its game's matchup runs. The list holds recently finished
jobs, the running one and the queued ones, in that order.
"""

from __future__ import annotations

from fastapi import APIRouter, Response
from pydantic import BaseModel, Field

from airwar.solver import jobs

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


class SolverJobs(BaseModel):
    jobs: list[SolverJob]


@router.get("/jobs", response_model=SolverJobs)
def solver_jobs(response: Response) -> SolverJobs:
    """The expert solver's jobs: recently finished, running, queued (this server process)."""
    response.headers["Cache-Control"] = "no-store"  # it changes by the second
    return SolverJobs.model_validate({"jobs": jobs.jobs()})
