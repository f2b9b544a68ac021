"""MiGs and Sabres in the browser app: the parts both of its games declare (``GameType.web``).

Its renderer (``migs_words.js``, ``migs.js``), the exact analysis of a finished game
(:mod:`airwar.web.migs_analysis`), the expert solver's queue and background solves
(:mod:`airwar.web.migs_solver_jobs`), the solver's values of the engagement a seat
sees as hints, and the refusal of a new game with the expert while its solve queue
is full. The generic app reaches all of it through :data:`PARTS` alone.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping
from typing import Any

from fastapi import FastAPI

from airwar.core.game import Game, GameState
from airwar.games.migs_sabres import solver
from airwar.games.migs_sabres.solver import SolverError, jobs
from airwar.games.migs_sabres.solver.background import BACKGROUND_VAR, enabled
from airwar.session import PlaySession
from airwar.session.seats import AI_PREFIX
from airwar.web import migs_analysis, migs_solver_jobs
from airwar.web.limits import ServiceBusy
from airwar.web.parts import AppSettings, HomeCard, HomeLink, WebParts

EXPERT = AI_PREFIX + "expert"


def start(app: FastAPI, settings: AppSettings) -> None:
    """The server's solve places (shared by its processes through the database), the
    solver compiled in the background, and the common matchups solved in the background,
    as the settings say."""
    slots = settings.solver_slots
    app.state.solve_slots = migs_solver_jobs.SolveSlots(
        app.state.store,
        app.state.bots.holder,
        slots if slots is not None else 1 + jobs.max_waiting(),
    )
    app.state.solve_slots.install()
    app.state.background = None
    if settings.warm_solver:
        threading.Thread(target=solver.warm_up, name="solver-warm-up", daemon=True).start()
    if settings.background_solve:
        app.state.background = migs_solver_jobs.background_solver(
            app.state.store, app.state.bots.holder
        ).start()


def stop(app: FastAPI) -> None:
    """The background solves stopped and the solve places given back."""
    background = getattr(app.state, "background", None)
    if background is not None:
        background.stop()
    slots = getattr(app.state, "solve_slots", None)
    if slots is not None:
        slots.uninstall()


def environment(env: Mapping[str, str]) -> dict[str, Any]:
    """``AIRWAR_BACKGROUND_SOLVE`` (on or off; unset: on) as ``background_solve``."""
    try:
        return {"background_solve": enabled(env.get(BACKGROUND_VAR))}
    except SolverError as exc:
        raise ValueError(str(exc)) from None


def solver_busy(seats: Mapping[str, str]) -> None:
    """A new game with the expert while its solve queue is full: 503, try in a minute.

    The expert solves each new matchup it meets (about a minute, about 1 GB); the
    queue of this process takes only so many
    (:data:`~airwar.games.migs_sabres.solver.jobs.MAX_WAITING` behind the running
    one), so that games started together cannot pile solves up without end. A game under way
    that meets a new matchup then has its expert play
    that decision by its fallback (MCTS) and ask again at the next."""
    if EXPERT not in seats.values() or not jobs.QUEUE.full():
        return
    seconds = jobs.BUSY_RETRY_SECONDS
    raise ServiceBusy(
        "the expert is busy solving other players' matchups: start this game in a minute, "
        "or choose another AI",
        seconds,
    )


def solver_values(game: Game, state: GameState, whole: bool = True) -> dict[str, Any] | None:
    """The advisor's numbers for ``state`` (the solver panel), or None when they are not at
    hand; without each decision's value and the best move when not ``whole`` (a seat whose
    hints come after its move).

    Never solves: the game's advisor (:meth:`Game.advisor`, the exact solver) looks up,
    and a matchup that is not in the solver's cache gives None (a hash and a folder
    check, so pages are not slowed). Every value is from the active plane's side. It
    reads the game's own state (under the game's lock), not its JSON view.
    """
    advisor = game.advisor()
    info = None if advisor is None else advisor.values(state)
    if info is None:
        return None
    if not whole:
        info = {**info, "moves": {}, "move_details": {}, "best": None}
    return info


def replay_context(live: PlaySession) -> dict[str, Any]:
    """The replay page's analysis panel: offered once the game is over (until then the page
    says why, and asks nothing); none for a game the analysis layer does not review."""
    if not migs_analysis.offered(live):
        return {"analysis": False, "body_analysis": "none"}
    reason = migs_analysis.not_yet(live)
    context: dict[str, Any] = {"analysis": True, "analysis_later": reason}
    if reason is not None:
        context["body_analysis"] = "refused"
    return context


PARTS = WebParts(
    name="MiGs and Sabres",
    routers=(migs_solver_jobs.router, migs_analysis.router),
    scripts=("js/migs_words.js", "js/migs.js"),
    home=(
        HomeCard(
            "about-migs",
            "MiGs and Sabres",
            "The Korean War: a MiG-15 squadron against an F-86 squadron. Each side flies three "
            "sorties along the Sortie Chart, and every enemy plane met is fought out on a small "
            "board, one plane against one, in a few moves each. The whole game is three sorties "
            "a side; one engagement alone is a short game for practice. Solo against the AI, or "
            "two people, here or on two browsers.",
            (HomeLink("New game below", anchor="new-game"),),
            place=10,
        ),
    ),
    start=start,
    stop=stop,
    environment=environment,
    before_create=solver_busy,
    advice=solver_values,
    replay_context=replay_context,
)
"""The browser parts of both MiGs and Sabres games (mounted once)."""
