"""The MiGs and Sabres matchup table: exact solver values beside Monte Carlo estimates.

A matchup is one engagement configuration (MS-4): the active squadron's
plane (MiG-15 or F-86) against a plane of the other side listed on the
Sortie Chart, who moves first (MS-5), and whether the active pilot is an ace
(MS-14). All values are from the active plane's point of view: its expected
kill difference (its kills minus its losses, one engagement) and each plane's
chance to shoot the other down.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from airwar.analysis.montecarlo import GameOutcome, GameTask, Job, Progress, run_jobs
from airwar.analysis.stats import Estimate, mean_interval, proportion_interval
from airwar.core.driver import Driver
from airwar.games.migs_sabres import solver
from airwar.games.migs_sabres.engagement import engagement_in
from airwar.games.migs_sabres.engagement_game import EngagementGame
from airwar.games.migs_sabres.planes import PLANE_TYPES, PlaneType, Side, active_type, types_of
from airwar.games.migs_sabres.solver import cache as solver_cache
from airwar.games.migs_sabres.solver import jobs
from airwar.games.migs_sabres.terms import ROLES

FIRST_CHOICES = ROLES
"""Who may move first in a configuration: the active or the listed plane (MS-5)."""
SOLVER_BOT = "expert"
"""The bot that plays the solver's moves (it needs each matchup solved)."""
DEFAULT_TURN_LIMIT: int = next(
    p.default for p in EngagementGame.parameters if p.name == "turn_limit"
)


@dataclass(frozen=True)
class Configuration:
    """One engagement configuration of the ``migs-engagement`` game: the solver's
    :class:`~airwar.games.migs_sabres.solver.Matchup` (the two planes, and whether the
    active pilot is an ace; the listed one never is here), who moves first (MS-5) and
    the turn limit (MS-11)."""

    matchup: solver.Matchup
    first: str = "active"
    turn_limit: int = DEFAULT_TURN_LIMIT

    @classmethod
    def of(
        cls,
        active: str,
        listed: str,
        first: str = "active",
        ace: bool = False,
        turn_limit: int = DEFAULT_TURN_LIMIT,
    ) -> Configuration:
        """The configuration of these planes (``ace``: the active pilot's)."""
        return cls(solver.Matchup(active, listed, active_ace=ace), first, turn_limit)

    @property
    def active(self) -> str:
        return self.matchup.active

    @property
    def listed(self) -> str:
        return self.matchup.listed

    @property
    def ace(self) -> bool:
        return self.matchup.active_ace

    @property
    def key(self) -> str:
        """A stable text key (also the Monte Carlo seed suffix of this matchup)."""
        return f"{self.active}|{self.listed}|{self.first}|{int(self.ace)}|{self.turn_limit}"

    def label(self) -> str:
        ace = ", ace" if self.ace else ""
        mover = self.active if self.first == "active" else self.listed
        return f"{self.active} v {self.listed}, {mover} first{ace}"

    def options(self) -> dict[str, Any]:
        return {
            "active": self.active,
            "listed": self.listed,
            "first": self.first,
            "active_ace": self.ace,
            "turn_limit": self.turn_limit,
        }

    @property
    def active_type(self) -> PlaneType:
        return PLANE_TYPES[self.active]

    @property
    def listed_type(self) -> PlaneType:
        return PLANE_TYPES[self.listed]


def all_matchups(
    firsts: Sequence[str] = FIRST_CHOICES,
    aces: Sequence[bool] = (False, True),
    turn_limit: int = DEFAULT_TURN_LIMIT,
) -> list[Configuration]:
    """Every active plane against every plane of the other side (MS-4), in data order."""
    out = []
    for side in Side:
        mine = active_type(side)
        for theirs in types_of(side.other):
            for first in firsts:
                for ace in aces:
                    out.append(Configuration.of(mine.name, theirs.name, first, ace, turn_limit))
    return out


@dataclass(frozen=True)
class ExactValue:
    """The solver's value of a matchup's opening position, active plane's view."""

    kill_difference: float
    p_active_kill: float
    p_listed_kill: float


@dataclass(frozen=True)
class MatchupResult:
    """Monte Carlo estimates (95% intervals) of one matchup, and the exact value if known."""

    matchup: Configuration
    bots: tuple[str, str]
    kill_difference: Estimate
    p_active_kill: Estimate
    p_listed_kill: Estimate
    exact: ExactValue | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "active": self.matchup.active,
            "listed": self.matchup.listed,
            "first": self.matchup.first,
            "ace": self.matchup.ace,
            "turn_limit": self.matchup.turn_limit,
            "bots": list(self.bots),
            "games": self.kill_difference.n,
            "kill_difference": self.kill_difference.to_dict(),
            "p_active_kill": self.p_active_kill.to_dict(),
            "p_listed_kill": self.p_listed_kill.to_dict(),
            "exact": None
            if self.exact is None
            else {
                "kill_difference": self.exact.kill_difference,
                "p_active_kill": self.exact.p_active_kill,
                "p_listed_kill": self.exact.p_listed_kill,
            },
        }


def engagement_summary(driver: Driver) -> dict[str, Any]:
    """What one finished engagement says about its matchup, read from its state (module
    level: it pickles)."""
    e = engagement_in(driver.state)
    if e is None:
        raise ValueError(f"{driver.game.name} plays no engagement")
    return {
        "shot_down": None if e.shot_down is None else ROLES[e.shot_down],
        "end_reason": None if e.end_reason is None else e.end_reason.value,
        "turns": [p.turns for p in e.planes],
    }


def bot_seats(matchup: Configuration, bots: tuple[str, str]) -> tuple[str, str]:
    """Seat order (Communist, Allied) of the (active bot, listed bot) pair."""
    active_seat = matchup.active_type.side.seat
    return (bots[0], bots[1]) if active_seat == 0 else (bots[1], bots[0])


def matchup_task(matchup: Configuration, bots: tuple[str, str]) -> GameTask:
    return GameTask.of(
        EngagementGame.name,
        matchup.options(),
        bot_seats(matchup, bots),
        summarise=engagement_summary,
        modules=("airwar.games.migs_sabres",),
    )


def estimate(
    matchup: Configuration, bots: tuple[str, str], outcomes: Sequence[GameOutcome]
) -> MatchupResult:
    """The matchup's estimates from its finished games."""
    wins = [o.summary["shot_down"] == "listed" for o in outcomes]
    losses = [o.summary["shot_down"] == "active" for o in outcomes]
    diffs = [float(w) - float(lo) for w, lo in zip(wins, losses, strict=True)]
    n = len(outcomes)
    return MatchupResult(
        matchup,
        bots,
        mean_interval(diffs),
        proportion_interval(sum(wins), n),
        proportion_interval(sum(losses), n),
    )


ExactLookup = Callable[[Configuration, bool], ExactValue | None]


SolverKey = tuple[solver.Matchup, solver.SolverOptions]
"""What the solver solves: a matchup and its options."""


def solver_key(matchup: Configuration) -> SolverKey:
    """The solver's matchup and options for this table row (who moves first aside)."""
    return matchup.matchup, solver.SolverOptions(turn_limit=matchup.turn_limit)


def ensure_solved(matchup: Configuration, on_progress: jobs.ProgressCallback | None = None) -> None:
    """Have the matchup's solution in the cache: solved by a job if it is not (waited for)."""
    jobs.solution(*solver_key(matchup), on_progress=on_progress)


def solver_lookup(matchup: Configuration, solve: bool) -> ExactValue | None:
    """The exact value from the solver (its cache; ``solve``: compute it when not cached).

    The value is the solver's value of the engagement's opening position with
    the first mover fixed by the matchup (MS-5), read through the game's
    initial state. A turn limit longer than the solver takes gives None, or
    with ``solve`` the solver's refusal (MS-24).
    """
    if not solve and solver.turn_limit_refusal(matchup.turn_limit) is not None:
        return None
    key, options = solver_key(matchup)
    solution = jobs.solution(key, options) if solve else solver.cached_solution(key, options)
    if solution is None:
        return None
    game = EngagementGame(matchup.options())
    value = solution.value(game.new_initial_state())
    return ExactValue(float(value.value), float(value.p_kill_active), float(value.p_kill_listed))


def matchup_table(
    matchups: Sequence[Configuration],
    games: int,
    seed: int | str,
    *,
    bots: tuple[str, str] = ("heuristic", "heuristic"),
    exact: ExactLookup | None = solver_lookup,
    solve: bool = False,
    workers: int | None = None,
    scheduler: Any = None,
    progress: Progress | None = None,
    solve_progress: jobs.ProgressCallback | None = None,
) -> list[MatchupResult]:
    """Monte Carlo estimates of every matchup (``games`` each), with exact values beside.

    The configuration ``m``'s games use the master seed ``f"{seed}:{m.key}"``: its
    numbers do not depend on which other matchups are in the table. With the
    expert bot, each matchup is solved (or read from the cache) before its
    games, in batches of as many solutions as the solver cache's cap holds
    (so that none is evicted before its games are played). Solves are jobs
    of :mod:`airwar.games.migs_sabres.solver.jobs`; ``solve_progress`` sees their progress.
    A turn limit the solver does not take is refused before any game is
    played when the expert plays or ``solve`` asks for exact values (MS-24).
    """
    expert = SOLVER_BOT in bots
    if expert or (solve and exact is not None):
        for m in matchups:
            solver.check_turn_limit(m.turn_limit)
    out: dict[int, MatchupResult] = {}
    for batch in _batches(matchups, expert):
        if expert:
            # The expert bot plays from the solution: solve each matchup once here,
            # rather than once in every worker process.
            for _, m in batch:
                ensure_solved(m, solve_progress)
        runs = run_jobs(
            [Job(matchup_task(m, bots), games, f"{seed}:{m.key}") for _, m in batch],
            workers=workers,
            scheduler=scheduler,
            progress=progress,
        )
        for (i, m), outcomes in zip(batch, runs, strict=True):
            result = estimate(m, bots, outcomes)
            value = None
            if exact is not None:
                if solve and exact is solver_lookup:
                    ensure_solved(m, solve_progress)
                value = exact(m, solve)
            out[i] = MatchupResult(
                m, bots, result.kill_difference, result.p_active_kill, result.p_listed_kill, value
            )
    return [out[i] for i in range(len(matchups))]


def _batches(
    matchups: Sequence[Configuration], expert: bool
) -> list[list[tuple[int, Configuration]]]:
    """The matchups (with their places in the table) in batches whose solutions fit together.

    Without the expert, one batch. With it, the matchups that share a
    solution (who moves first aside) go together, as many solutions to a
    batch as the solver cache's cap holds (at least one).
    """
    rows = list(enumerate(matchups))
    if not expert or not rows:
        return [rows] if rows else []
    cap = solver_cache.cache_limit_mb() * 10**6
    size = max(solver_cache.solution_bytes(m.turn_limit) for m in matchups)
    fit = max(1, cap // size)
    by_key: dict[SolverKey, list[tuple[int, Configuration]]] = {}
    for i, m in rows:
        by_key.setdefault(solver_key(m), []).append((i, m))
    groups = list(by_key.values())
    return [
        [row for group in groups[k : k + fit] for row in group] for k in range(0, len(groups), fit)
    ]
